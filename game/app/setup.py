"""What a game is set up with: seats, each opponent's level, who starts, an optional seed, and the title's rule
variants (its declared `options`).

The last setup of each title is remembered in the settings table, so Rematch and the next visit start
from the same choices.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from game.titles import registry
from game.titles.spec import TitleSpec

LEVELS = ("easy", "normal", "hard")
HUMAN_SEAT = 0


@dataclass
class GameSetup:
    """One table: the human sits at `seat` (0, or the seat a replay is played on from); `levels` are the other
    seats' levels in seat order."""

    slug: str
    levels: list[str] = field(default_factory=lambda: ["normal", "normal", "normal"])
    human_starts: bool = False
    seed: int | None = None
    options: dict[str, object] = field(default_factory=dict)  # rule variant -> value, for the engine
    demo: bool = False  # the title menu's demo: the computer plays your seat and nothing is kept
    seat: int = HUMAN_SEAT  # your seat at the table

    @property
    def players(self) -> int:
        return len(self.levels) + 1

    def seat_levels(self) -> list[str]:
        """Every seat's level, "you" at your seat."""
        return [*self.levels[:self.seat], "you", *self.levels[self.seat:]]

    def rules_options(self) -> dict[str, object]:
        """The one source of the game's rules: "players" and the title's options. The state is made from it,
        the bot worker rebuilds the state from it, and the replay records it."""
        return {"players": self.players, **self.options}

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, spec: TitleSpec, data: object) -> GameSetup:
        """A setup from saved settings; anything odd falls back to a sensible default (the spec's rules)."""
        levels = [] if spec.solo else ["normal"] * (min(max(4, spec.min_players), spec.max_players) - 1)
        setup = cls(spec.slug, levels, options=spec.default_options())
        if not isinstance(data, dict):
            return setup
        saved = data.get("options")
        saved = saved if isinstance(saved, dict) else {}
        for option in spec.options:
            value = saved.get(option.key)
            if value in option.values and type(value) is type(option.default):
                setup.options[option.key] = value
        levels = data.get("levels")
        if isinstance(levels, list) and spec.min_players - 1 <= len(levels) <= spec.max_players - 1 \
                and all(level in spec.levels for level in levels):
            setup.levels = list(levels)
        setup.human_starts = data.get("human_starts") is True
        seat = data.get("seat")
        setup.seat = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < setup.players else 0
        seed = data.get("seed")
        setup.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**63 else None
        return setup


def start_scene(app, setup: GameSetup, autoplay: bool = False, save=None):
    """The title's scene for `setup` (its scene module's `make_scene(app, setup, autoplay, save)`), resuming
    `save` (a game.app.saves.Save) if given."""
    app.last_title = setup.slug
    return registry.get(setup.slug).module("scene").make_scene(app, setup, autoplay, save)


def setting_key(slug: str) -> str:
    return f"setup.{slug}"


def saved_setup(app, slug: str) -> GameSetup:
    """The setup last used for `slug` (or the defaults)."""
    return GameSetup.from_json(registry.get(slug), app.storage.get_setting(setting_key(slug)))


BOT_NAMES = [("Hayate", "疾風"), ("Kaede", "楓"), ("Jin", "迅"), ("Sakura", "桜"), ("Ren", "蓮"), ("Tsubaki", "椿"),
             ("Sora", "空")]
"""The computer players' names by seat (seat 1 first), for tables of up to seven; the seventh is for the player
who takes your seat when you play on from another (game.app.table_scene.seat_names)."""
