"""Player settings (language, sound, display, animation speed), kept in the storage settings table.

Loading never fails: each field with a missing or invalid stored value falls back to its default.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.services.storage import Storage

ANIM_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8}
LANGUAGES = ("en", "ja")


@dataclass
class Settings:
    """What the player chose on the settings screen."""

    language: str = "en"
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    anim_speed: str = "normal"
    coach: bool = True  # the replay theatre's coach reads your decisions (C there turns it off and on)

    def speed_factor(self) -> float:
        """How much faster than normal animations run."""
        return ANIM_SPEEDS[self.anim_speed]


def _is_volume(value: Any) -> bool:
    """True for a real number (not a bool, not NaN) in [0, 1]."""
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1


_VALID = {
    "language": lambda v: isinstance(v, str) and v in LANGUAGES,
    "volume": _is_volume,
    "muted": lambda v: isinstance(v, bool),
    "fullscreen": lambda v: isinstance(v, bool),
    "anim_speed": lambda v: isinstance(v, str) and v in ANIM_SPEEDS,
    "coach": lambda v: isinstance(v, bool),
}


def load_settings(storage: Storage) -> Settings:
    """Settings from storage; any missing or invalid field takes its default."""
    values = {}
    for f in fields(Settings):
        value = storage.get_setting(f.name)
        if _VALID[f.name](value):
            values[f.name] = float(value) if f.name == "volume" else value
    return Settings(**values)


def save_settings(storage: Storage, settings: Settings) -> None:
    """Write every field of settings to storage."""
    for key, value in asdict(settings).items():
        storage.set_setting(key, value)
