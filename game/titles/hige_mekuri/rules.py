"""Hige-mekuri (ヒゲめくり): the rules engine, exactly per shared/rules/hige_mekuri.md.

Every flip is a chance node over the territory cards still unseen (lazy dealing: the pile has no order until a
card is turned, which is the same as a shuffle and hides nothing). Decisions: "flip" to start a turn (forced,
HA4), then "continue" or "stop" after a bearded card (HA3). Victoria wins at once; a clean-shaven card passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Self

from game.core.engine import CHANCE, TERMINAL, IllegalAction, State
from game.titles.hige_mekuri import odds
from game.titles.territories import BEARDED, CLEAN, DEFAULT, VARIANTS, VICTORIA, Leader, leaders

RULES_VERSION = "hige_mekuri/1"
PLAYERS = 2
FLIP, CONTINUE, STOP = "flip", "continue", "stop"
CHOOSE_FIRST, TURN_START, FLIPPING, AFTER_BEARD, GAME_OVER = (
    "choose_first", "turn_start", "flipping", "after_beard", "game_over")
QUIP_RUN = 4  # spec section 10: the quip appears from this many bearded cards in one turn


# --- events ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FirstPlayer:
    seat: int  # who starts the game


@dataclass(frozen=True)
class TurnStarted:
    seat: int
    turn: int  # 1 for the first turn of the game


@dataclass(frozen=True)
class Flipped:
    seat: int  # who turned the card
    card: str  # territory id
    category: str  # victoria / bearded / clean
    run: int  # bearded cards turned so far in this turn, this one included
    left: int  # cards still face down after this flip


@dataclass(frozen=True)
class Continued:
    seat: int  # flips again after a bearded card


@dataclass(frozen=True)
class Stopped:
    seat: int  # stops after a bearded card and hands the turn over


@dataclass(frozen=True)
class TurnPassed:
    seat: int  # the player whose turn ended
    to: int  # the player whose turn it is now
    reason: str  # "clean" (a clean-shaven card) or "stop"


@dataclass(frozen=True)
class Won:
    seat: int  # who turned Victoria
    flips: int  # cards turned in the whole game


# --- the view ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HigeView:
    """What a player sees: everything but the pile's order, which nobody knows (the pile has none yet)."""

    revealed: tuple[str, ...]
    current: int
    phase: str
    winner: int | None
    first: int | None
    bearded_left: int
    clean_left: int
    victoria_left: int
    run: int
    legal: tuple[str, ...]
    variant: str  # the line-up (public: which leaders are in the game)

    @property
    def pile(self) -> int:
        return self.bearded_left + self.clean_left + self.victoria_left


# --- rule helpers a scene needs (pure: from public facts only) ------------------------------------------------
@cache
def line_up(variant: str = DEFAULT) -> Mapping[str, Leader]:
    """Territory id -> Leader of a line-up, in the table's order (public, read-only, made once)."""
    return MappingProxyType(leaders(variant))


def left_in_pile(variant: str, turned: Iterable[str]) -> dict[str, int]:
    """How many of each category are still face down once the cards `turned` are face up."""
    seen = set(turned)
    counts = {VICTORIA: 0, BEARDED: 0, CLEAN: 0}
    for card, leader in line_up(variant).items():
        if card not in seen:
            counts[leader.category] += 1
    return counts


def win_chances(view: HigeView) -> dict[str, Fraction]:
    """The mover's exact win chance for each legal action, best play afterwards by both ({} at a chance node or
    the end)."""
    b, c = view.bearded_left, view.clean_left
    if view.phase == AFTER_BEARD:
        return odds.choice_chances(b, c)
    if view.phase == TURN_START:
        return {FLIP: odds.value(b, c)}
    return {}


# --- state -------------------------------------------------------------------------------------------
class HigeState(State):
    """One position of a Hige-mekuri game."""

    TITLE = "hige_mekuri"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("variant", "cards", "revealed", "current", "phase", "winner", "first", "run", "turn")

    def __init__(self, first: int | None = 0, variant: str = DEFAULT) -> None:
        super().__init__()
        if variant not in VARIANTS:
            raise ValueError(f"unknown line-up {variant!r}; choose from {', '.join(VARIANTS)}")
        if first not in (None, 0, 1) or isinstance(first, bool):
            raise ValueError(f"first must be 0, 1 or None (chosen at random), not {first!r}")
        self.variant = variant
        self.cards: dict[str, Leader] = leaders(variant)  # shared between clones: never changed
        self.revealed: list[str] = []
        self.first = first
        self.current = first if first is not None else 0
        self.phase = CHOOSE_FIRST if first is None else TURN_START
        self.winner: int | None = None
        self.run = 0  # bearded cards turned in the current turn
        self.turn = 0 if first is None else 1

    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def first_player(self) -> int | None:
        """The seat that started (the arena reports its win rate)."""
        return self.first

    # --- what is where ------------------------------------------------------------------------------
    def category(self, card: str) -> str:
        return self.cards[card].category

    def unseen(self) -> list[str]:
        """The cards still in the pile, in the table's order (the pile itself has no order yet)."""
        seen = set(self.revealed)
        return [card for card in self.cards if card not in seen]

    def left(self) -> dict[str, int]:
        """How many of each category are still in the pile (public: anyone can count the turned cards)."""
        return left_in_pile(self.variant, self.revealed)

    @property
    def pile_size(self) -> int:
        return len(self.cards) - len(self.revealed)

    # --- protocol -----------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == GAME_OVER:
            return TERMINAL
        if self.phase in (CHOOSE_FIRST, FLIPPING):
            return CHANCE
        return self.current

    def _legal_actions(self) -> list[str]:
        return [FLIP] if self.phase == TURN_START else [CONTINUE, STOP]

    def _chance_outcomes(self) -> list[tuple[object, float]]:
        if self.phase == CHOOSE_FIRST:
            return [(0, 0.5), (1, 0.5)]
        unseen = self.unseen()
        return [(card, 1 / len(unseen)) for card in unseen]

    def explain_illegal(self, action: object) -> str:
        if self.phase == CHOOSE_FIRST:
            return f"the first player is seat 0 or 1, not {action!r}"
        if self.phase == FLIPPING:
            return f"the next card is one still in the pile ({', '.join(self.unseen())}), not {action!r}"
        if self.phase == TURN_START:
            return f"a turn begins with a flip; the only action is 'flip', not {action!r}"
        if self.phase == AFTER_BEARD:
            return f"after a bearded card choose 'continue' or 'stop', not {action!r}"
        return super().explain_illegal(action)

    def action_to_string(self, action: object) -> str:
        if self.phase == FLIPPING and action in self.cards:
            return f"{action} ({self.cards[action].person})"
        if self.phase == CHOOSE_FIRST:
            return f"seat {action} starts"
        return str(action)

    def _apply(self, action: object) -> list:
        if self.phase == CHOOSE_FIRST:
            self.first = self.current = action
            self.phase, self.turn = TURN_START, 1
            return [FirstPlayer(action), TurnStarted(action, 1)]
        if self.phase == FLIPPING:
            return self._resolve(action)
        if action == STOP:
            return [Stopped(self.current), *self._pass_turn(STOP)]
        self.phase = FLIPPING
        return [Continued(self.current)] if action == CONTINUE else []

    def _resolve(self, card: str) -> list:
        """RESOLVE (spec 4.2): Victoria wins, clean-shaven passes, bearded offers the choice."""
        self.revealed.append(card)
        category = self.category(card)
        if category == BEARDED:
            self.run += 1
        events: list = [Flipped(self.current, card, category, self.run, self.pile_size)]
        if category == VICTORIA:
            self.phase, self.winner = GAME_OVER, self.current
            return events + [Won(self.current, len(self.revealed))]
        if category == CLEAN:
            return events + self._pass_turn(CLEAN)
        self.phase = AFTER_BEARD
        return events

    def _pass_turn(self, reason: str) -> list:
        before = self.current
        self.current, self.phase, self.run = 1 - before, TURN_START, 0
        self.turn += 1
        return [TurnPassed(before, self.current, reason), TurnStarted(self.current, self.turn)]

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else 0.0 for seat in range(PLAYERS)]

    def clone(self) -> Self:
        other = HigeState.__new__(HigeState)
        other.history = list(self.history)
        other.revealed = list(self.revealed)
        for name in ("variant", "cards", "current", "phase", "winner", "first", "run", "turn"):
            setattr(other, name, getattr(self, name))
        return other

    def view(self, seat: int) -> HigeView:
        counts = self.left()
        legal = tuple(self._legal_actions()) if self.current_player() == seat else ()
        return HigeView(tuple(self.revealed), self.current, self.phase, self.winner, self.first,
                        counts[BEARDED], counts[CLEAN], counts[VICTORIA], self.run, legal, self.variant)

    def resample(self, seat: int, rng: object) -> Self:
        """Nothing is hidden but an order that does not exist yet: the state itself."""
        return self.clone()

    def action_from_json(self, data: object) -> object:
        if type(data) not in (int, str):
            raise IllegalAction(f"a Hige-mekuri action is a seat, a territory id or flip/continue/stop, not {data!r}")
        return data

    # --- exact odds -----------------------------------------------------------------------------------
    def win_chances(self) -> dict[str, Fraction]:
        """The player to move's exact win chance for each legal action, best play afterwards by both."""
        return win_chances(self.view(self.current))

    def win_chance(self, seat: int) -> Fraction:
        """`seat`'s exact chance of winning from here with best play by both (1/2 before the first is chosen)."""
        if self.phase == GAME_OVER:
            return Fraction(int(self.winner == seat))
        if self.phase == CHOOSE_FIRST:
            return Fraction(1, 2)
        counts = self.left()
        mover = odds.value(counts[BEARDED], counts[CLEAN])  # the one about to flip (after a beard: continue)
        return mover if seat == self.current else 1 - mover

    def starting_seat(self) -> int | None:
        return self.first

    def statistics(self) -> dict:
        """What the results and the game record keep."""
        return {"winner": self.winner, "first": self.first, "flips": len(self.revealed), "turns": self.turn,
                "variant": self.variant, "revealed": list(self.revealed)}


def new_state(players: int = PLAYERS, first: int | None = None, variant: str = DEFAULT) -> HigeState:
    """A new game; `first` None (the default) lets a chance node pick the first player (spec 3.2)."""
    if players != PLAYERS:
        raise ValueError(f"Hige-mekuri is for exactly {PLAYERS} players, not {players}")
    return HigeState(first, variant)
