"""What a multiplayer game is set up with: seats, each opponent's level, who starts, an optional seed, and the
title's rule variants (its registry `options`).

The last setup of each title is remembered in the settings table, so Rematch and the next visit start
from the same choices.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from game.titles import registry

LEVELS = ("easy", "normal", "hard")
HUMAN_SEAT = 0


@dataclass
class GameSetup:
    """One table: the human sits at seat 0; `levels[i]` is the level of seat i + 1."""

    slug: str
    levels: list[str] = field(default_factory=lambda: ["normal", "normal", "normal"])
    human_starts: bool = False
    seed: int | None = None
    options: dict[str, object] = field(default_factory=dict)  # rule variant -> value, for the engine

    @property
    def players(self) -> int:
        return len(self.levels) + 1

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, slug: str, data: object, min_players: int, max_players: int,
                  options: tuple = ()) -> GameSetup:
        """A setup from saved settings; anything odd falls back to a sensible default (the spec's rules)."""
        setup = cls(slug, ["normal"] * (min(max(4, min_players), max_players) - 1),
                    options={option.key: option.default for option in options})
        if not isinstance(data, dict):
            return setup
        saved = data.get("options")
        saved = saved if isinstance(saved, dict) else {}
        for option in options:
            value = saved.get(option.key)
            if value in option.values and type(value) is type(option.default):
                setup.options[option.key] = value
        levels = data.get("levels")
        if isinstance(levels, list) and min_players - 1 <= len(levels) <= max_players - 1 \
                and all(level in LEVELS for level in levels):
            setup.levels = list(levels)
        setup.human_starts = data.get("human_starts") is True
        seed = data.get("seed")
        setup.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 else None
        return setup


def setting_key(slug: str) -> str:
    return f"setup.{slug}"


def saved_setup(app, slug: str) -> GameSetup:
    """The setup last used for `slug` (or the defaults)."""
    info = registry.get(slug)
    return GameSetup.from_json(slug, app.storage.get_setting(setting_key(slug)), info.min_players,
                               info.max_players, info.options)


BOT_NAMES = [("Hayate", "疾風"), ("Kaede", "楓"), ("Jin", "迅"), ("Sakura", "桜")]
