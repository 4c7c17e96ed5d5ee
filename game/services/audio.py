"""Sound effects: one `Audio` service over pygame.mixer, or a silent `NullAudio` when there is no device.

Every sounds/*.wav loads once at start; a missing required sound is a FileNotFoundError then, never mid-game.
"""

from __future__ import annotations

from pathlib import Path

import pygame

SOUND_DIR = Path(__file__).resolve().parents[2] / "sounds"
SOUND_NAMES = (
    "roll",
    "pick",
    "slide",
    "slide_out",
    "set",
    "clear",
    "clear_big",
    "all_clear",
    "warning",
    "game_over",
    "menu_move",
    "menu_select",
    "back",
    "highscore",
    "hit",
    "card",
    "error",
)
PLAYED_LIMIT = 50


def sound_files(sound_dir: Path = SOUND_DIR) -> dict[str, Path]:
    """Every .wav in sound_dir by name; FileNotFoundError naming any required sound that is missing."""
    files = {p.stem: p for p in sorted(sound_dir.glob("*.wav"))}
    missing = [name for name in SOUND_NAMES if name not in files]
    if missing:
        paths = ", ".join(str(sound_dir / f"{name}.wav") for name in missing)
        raise FileNotFoundError(f"sound file missing: {paths} (regenerate with: python tools/make_sounds.py)")
    return files


def _clamp(v: float) -> float:
    """Volume limited to 0..1."""
    return min(1.0, max(0.0, float(v)))


class _AudioBase:
    """Volume, mute and the `played` record shared by Audio and NullAudio."""

    available = False

    def __init__(
        self, volume: float = 0.8, muted: bool = False, reason: str = "", names: tuple[str, ...] = SOUND_NAMES
    ) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._names = tuple(sorted(set(names)))
        self.reason = reason
        self.played: list[str] = []

    @property
    def volume(self) -> float:
        """Master volume, 0..1."""
        return self._volume

    @property
    def muted(self) -> bool:
        """Whether all sound is silenced."""
        return self._muted

    def set_volume(self, v: float) -> None:
        """Set the master volume (clamped to 0..1)."""
        self._volume = _clamp(v)

    def set_muted(self, m: bool) -> None:
        """Mute or unmute."""
        self._muted = bool(m)

    def close(self) -> None:
        """Before pygame quits: nothing to do for silence."""

    def _record(self, name: str) -> None:
        """Check the name and remember it, keeping the last PLAYED_LIMIT."""
        if name not in self._names:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(self._names)}")
        self.played.append(name)
        del self.played[:-PLAYED_LIMIT]


class NullAudio(_AudioBase):
    """Silent stand-in with the same interface; remembers what would have played."""

    def play(self, name: str, volume: float = 1.0) -> None:
        """Record `name` (ValueError if it is not a known sound)."""
        self._record(name)


class Audio(_AudioBase):
    """Sound effects through pygame.mixer (which must already be initialised)."""

    available = True

    def __init__(self, volume: float = 0.8, muted: bool = False, sound_dir: Path = SOUND_DIR) -> None:
        files = sound_files(sound_dir)
        super().__init__(volume, muted, names=tuple(files))
        self._sounds = {name: pygame.mixer.Sound(str(path)) for name, path in files.items()}

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play a sound at `volume` times the master volume; mixer errors are ignored."""
        self._record(name)
        level = self._volume * _clamp(volume)
        if self._muted or level <= 0.0:
            return
        try:
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.set_volume(level)
                channel.play(self._sounds[name])
        except pygame.error:
            pass  # a glitch on the device must never stop the game

    def close(self) -> None:
        """Stop every sound before pygame quits. pygame-ce's mixer quit unhooks the end-of-sound callback while
        holding the GIL, and a sound ending at that moment waits for the GIL in the audio thread while holding the
        audio lock: both wait for ever (seen once in the tests). `mixer.stop()` halts the channels without the GIL,
        so no sound is left to end during the quit."""
        try:
            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except pygame.error:
            pass


def make_audio(volume: float = 0.8, muted: bool = False) -> Audio | NullAudio:
    """The real Audio service, or NullAudio (with `reason`) if the mixer cannot start."""
    names = tuple(sound_files())  # missing files are an error even on machines without sound
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
        return Audio(volume, muted)
    except FileNotFoundError:
        raise
    except (pygame.error, OSError) as exc:
        return NullAudio(volume, muted, reason=str(exc) or type(exc).__name__, names=names)
