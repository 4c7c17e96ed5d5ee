"""Audio service: real mixer or silent fallback, and the generated sound files."""

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import wave  # noqa: E402
from array import array  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.services import audio  # noqa: E402
from game.services.audio import SOUND_DIR, SOUND_NAMES, Audio, NullAudio, make_audio  # noqa: E402


@pytest.fixture
def service():
    """Whatever make_audio gives on this machine (Audio under the dummy driver, else NullAudio)."""
    svc = make_audio(volume=0.5)
    yield svc
    if isinstance(svc, Audio):
        pygame.mixer.stop()


def test_make_audio_works_or_falls_back(service):
    assert isinstance(service, Audio | NullAudio)
    assert service.available is isinstance(service, Audio)
    assert service.volume == 0.5 and not service.muted


def test_play_every_sound(service):
    for name in SOUND_NAMES:
        service.play(name)
        service.play(name, volume=0.3)
    assert service.played[-1] == SOUND_NAMES[-1]
    assert len(service.played) <= audio.PLAYED_LIMIT


def test_unknown_sound_raises(service):
    with pytest.raises(ValueError, match="menu_move"):
        service.play("no_such_sound")
    with pytest.raises(ValueError):
        NullAudio().play("no_such_sound")


def test_volume_and_mute(service):
    service.set_volume(2.0)
    assert service.volume == 1.0
    service.set_volume(-1)
    assert service.volume == 0.0
    service.set_muted(True)
    service.play("pick")
    assert service.muted and service.played[-1] == "pick"


def test_null_audio_records_bounded():
    null = NullAudio()
    for _ in range(audio.PLAYED_LIMIT + 10):
        null.play("card")
    assert null.available is False and len(null.played) == audio.PLAYED_LIMIT


def test_mixer_failure_gives_null_audio(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    svc = make_audio()
    assert isinstance(svc, NullAudio) and not svc.available
    assert "no audio device" in svc.reason
    svc.play("roll")
    assert svc.played == ["roll"]


def test_missing_sound_file_is_clear_error(tmp_path):
    (tmp_path / "roll.wav").write_bytes((SOUND_DIR / "roll.wav").read_bytes())
    with pytest.raises(FileNotFoundError, match="pick.wav"):
        audio.sound_files(tmp_path)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_format(name):
    path = SOUND_DIR / f"{name}.wav"
    assert path.is_file()
    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getsampwidth(), w.getnchannels()) == (44_100, 2, 1)
        assert 0 < w.getnframes() <= 1.5 * 44_100
        samples = array("h", w.readframes(w.getnframes()))
    assert max(abs(s) for s in samples) > 3000


def test_closing_stops_every_sound_before_pygame_quits(service):
    """No sound is left to end while pygame-ce's mixer quits (a sound ending then deadlocked a test run)."""
    service.play("all_clear")
    if isinstance(service, Audio):
        assert pygame.mixer.get_busy()
    service.close()
    assert not (pygame.mixer.get_init() and pygame.mixer.get_busy())
    service.close()  # twice is harmless
