"""What a title declares about itself (`TITLE = TitleSpec(...)` in its package's `__init__.py`).

The app, arena, bench, worker, statistics, screenshots tool and generic tests know a title only through this:
its names, seats, rule options, levels, bounds, and its parts by fixed name:

- rules.py (pure): `new_state(players, **options)`, the State, actions, events, the rule helpers a scene needs;
- bots.py (pure): `KIT`, a game.ai.levels.BotKit (how each level is made);
- strings.py: `STRINGS`, its UI strings, every key under "<prefix>."; rules_text.py: `RULES`, the in-game rules;
- scene.py: `make_scene(app, setup, autoplay=False, save=None)`, its scene (a TableScene for a table title);
- shots.py: `take(shooter)`, its screenshots (tools/screenshots.py); scores.py (solo): `verify(entry)`.

No pygame here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game.services.i18n import pick


class SetupError(ValueError):
    """A setup the title cannot take (player count, unknown option or value); the message lists what it can."""


@dataclass(frozen=True)
class Option:
    """A rule variant: its engine keyword, the values in the order shown, and the default (the spec's)."""

    key: str
    values: tuple
    default: object

    def parse(self, text: str) -> object:
        """The value whose text is `text` (command lines); SetupError listing the valid ones otherwise."""
        for value in self.values:
            if str(value) == text:
                return value
        raise SetupError(f"option {self.key!r} takes {', '.join(map(str, self.values))}, not {text!r}")


@dataclass(frozen=True)
class TitleSpec:
    """One title, as everything outside its folder knows it."""

    slug: str
    name_en: str
    name_ja: str
    pitch_en: str
    pitch_ja: str
    min_players: int
    max_players: int
    prefix: str  # its UI string keys start with "<prefix>."
    order: int  # its place in the title menu
    max_actions: int  # bound: no game takes more actions than this (chance included)
    options: tuple[Option, ...] = ()  # passed to rules.new_state by keyword
    levels: tuple[str, ...] = ("easy", "normal", "hard")  # what the setup screen offers, weakest first
    start_chance: bool = True  # the first chance node of a table game picks the starting seat (outcome = seat)
    hidden_information: bool = True  # held to the fairness tests
    score_boards: dict = field(default_factory=dict)  # solo titles: board -> [(label key, column)]
    theatre: bool = True  # its scene can be watched in the replay theatre (game.app.theatre.Watchable)
    chart: tuple[str, str] | None = None  # solo titles: (details key, label key) of the figure the statistics chart
    chart_best: str = "highest"  # the statistics' "best" of that figure: "highest", or "fewest_in_a_win" (rounds)

    @property
    def solo(self) -> bool:
        return self.max_players == 1

    @property
    def free_start(self) -> bool:
        """Whether a game's start seat may be the setup's rather than its seed's ("You start"): a replay is checked
        against its seed but for that (`replay.play_back(..., free_start=...)`)."""
        return not self.solo and self.start_chance

    def name(self) -> str:
        return pick(self.name_en, self.name_ja)

    def other_name(self) -> str:
        """The name in the other language (shown small beside `name`)."""
        return pick(self.name_ja, self.name_en)

    def heading(self) -> str:
        """Both names, the language's first: a table's title line ("Powers パワーズ", "パワーズ Powers")."""
        return f"{self.name()} {self.other_name()}"

    def pitch(self) -> str:
        return pick(self.pitch_en, self.pitch_ja)

    def module(self, part: str) -> ModuleType:
        """Import `game.titles.<slug>.<part>` on first use."""
        return importlib.import_module(f"game.titles.{self.slug}.{part}")

    # --- parts ------------------------------------------------------------------------------------
    def kit(self) -> Any:
        """The title's bot kit (`bots.KIT`, a game.ai.levels.BotKit)."""
        return self.module("bots").KIT

    def verify_score(self, entry: Any) -> bool:
        """Whether a stored high-score entry plays back, chance from its seed, to its numbers (solo titles:
        `scores.verify`)."""
        return bool(self.module("scores").verify(entry))

    def strings(self) -> dict[str, dict[str, str]]:
        return self.module("strings").STRINGS

    def option_label(self, key: str, value: object | None = None) -> str:
        """The string key of an option's row label, or of one of its values."""
        return f"{self.prefix}.option.{key}" if value is None else f"{self.prefix}.option.{key}.{value}"

    def board_label(self, board: str) -> str:
        """The string key of a score board's name (its tab on the high-score screen)."""
        return f"{self.prefix}.scores.board.{board}"

    def best_label(self, board: str) -> str:
        """The string key of the title menu's line for a board's best entry (a `{score}` field)."""
        return f"{self.prefix}.menu.best.{board}"

    # --- setups -----------------------------------------------------------------------------------
    def default_options(self) -> dict[str, object]:
        return {option.key: option.default for option in self.options}

    def check(self, players: int, options: dict[str, object]) -> dict[str, object]:
        """The options with defaults filled in; SetupError for a bad count, key or value (`START`, a game played
        on from another's position, passes through: `new_state` reads it)."""
        if not self.min_players <= players <= self.max_players:
            seats = (str(self.min_players) if self.min_players == self.max_players
                     else f"{self.min_players} to {self.max_players}")
            raise SetupError(f"{self.name_en} is for {seats} players, not {players}")
        known = {option.key: option for option in self.options}
        for key, value in options.items():
            if key == START:
                continue
            if key not in known:
                raise SetupError(f"{self.name_en} has no option {key!r}; its options are "
                                 f"{', '.join(known) or 'none'}")
            if value not in known[key].values or type(value) is not type(known[key].default):
                raise SetupError(f"option {key!r} takes {', '.join(map(str, known[key].values))}, not {value!r}")
        return {**self.default_options(), **options}

    def parse_options(self, pairs: list[str]) -> dict[str, object]:
        """`key=value` texts (command lines) as option values; SetupError for anything unknown."""
        known = {option.key: option for option in self.options}
        options = {}
        for pair in pairs:
            key, sep, text = pair.partition("=")
            if not sep:
                raise SetupError(f"--option takes key=value, not {pair!r}")
            if key not in known:
                raise SetupError(f"{self.name_en} has no option {key!r}; its options are "
                                 f"{', '.join(known) or 'none'}")
            options[key] = known[key].parse(text)
        return options

    def new_state(self, players: int | None = None, options: dict | None = None) -> Any:
        """A fresh state for `players` seats (the fewest by default) with `options` (checked); with `START`, the
        position another game is played on from (`played_on`)."""
        players = self.min_players if players is None else players
        options = dict(options or {})
        start = options.pop(START, None)
        state = self.module("rules").new_state(players=players, **self.check(players, options))
        return state if start is None else played_on(state, start)


START = "start"  # the option of a game played on from a position of another (the replay theatre's "play on")


def start_option(seed: int, actions: list, seat: int, redeal: int) -> dict:
    """The `START` option: the other game's seed and first actions, the seat whose view is kept, and the seed of
    the redeal of everything hidden from it."""
    return {"seed": seed, "actions": list(actions), "seat": seat, "redeal": redeal}


def played_on(state: Any, start: object) -> Any:
    """The position a game played on from another begins at: the other game's first actions applied (each chance
    outcome checked against that game's seed), then everything hidden from `seat` dealt anew (`resample` with the
    `redeal` seed), so the player learns nothing that seat did not know; the new game's history starts empty (its
    own actions, its own seed). ValueError for a start that is not one."""
    from random import Random

    from game.core import chance
    from game.core.engine import IllegalAction

    fields = {"seed": int, "actions": list, "seat": int, "redeal": int}
    if not isinstance(start, dict) or any(type(start.get(key)) is not kind for key, kind in fields.items()):
        raise ValueError(f"a played-on start needs {', '.join(fields)}, not {start!r}")
    if not 0 <= start["seat"] < state.num_players:
        raise ValueError(f"no seat {start['seat']} at this table")
    for index, raw in enumerate(start["actions"]):
        try:
            action = state.action_from_json(raw)
            wrong = chance.mismatch(state, start["seed"], action) if state.is_chance_node() else None
            if wrong is None:
                state.apply(action)
        except (IllegalAction, TypeError, ValueError) as exc:
            raise ValueError(f"the start's action {index + 1} ({raw!r}) is refused: {exc}") from None
        if wrong:
            raise ValueError(f"the start is not the game of its seed: {wrong}")
    if state.is_terminal():
        raise ValueError("a game cannot be played on from its end")
    world = state.resample(start["seat"], Random(start["redeal"]))
    world.history = []
    return world
