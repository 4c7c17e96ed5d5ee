"""Dice Slayer (ダイススレイヤー): the rules engine, exactly per shared/rules/dice_slayer.md.

Each round ADD rolls dice onto the plate one chance node per die (3 if the plate is empty, else 2);
then the player picks one value into the 3-slot stock; SLIDE, CHECK, CLEAR/SCORE and END CHECK follow
automatically. Actions are ints: a face 1-6 at a chance node, a picked value 1-6 at a decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from game.core.engine import CHANCE, TERMINAL, IllegalAction, State

RULES_VERSION = "dice_slayer/1"
FACES = (1, 2, 3, 4, 5, 6)
STOCK_SIZE = 3
GAME_OVER_PLATE = 8
ALL_CLEAR_BONUS = 20
TOTAL_DICE = 12


def set_kind(stock: list[int] | tuple[int, ...]) -> str | None:
    """'triple', 'straight' or None for a full stock (order inside the stock is irrelevant)."""
    if len(stock) < STOCK_SIZE:
        return None
    a, b, c = sorted(stock)
    if a == b == c:
        return "triple"
    if b == a + 1 and c == b + 1:
        return "straight"
    return None


def side_values(stock: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The values one below the set's lowest and one above its highest die; () if no set."""
    if set_kind(stock) is None:
        return ()
    low, high = min(stock), max(stock)
    return tuple(v for v in (low - 1, high + 1) if 1 <= v <= 6)


def dice_to_add(plate_size: int) -> int:
    """ADD rolls 3 dice onto an empty plate, otherwise 2."""
    return 3 if plate_size == 0 else 2


def clear_points(k: int, all_clear: bool) -> int:
    """k² for k dice removed at once, plus the all-clear bonus."""
    return k * k + (ALL_CLEAR_BONUS if all_clear else 0)


# --- events ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DieRolled:
    face: int
    remaining: int  # dice still to roll in this ADD


@dataclass(frozen=True)
class Picked:
    value: int


@dataclass(frozen=True)
class StockSlid:
    value: int  # the oldest die, leaving the stock


@dataclass(frozen=True)
class SetFormed:
    kind: str
    stock: tuple[int, ...]
    sides: tuple[int, ...]


@dataclass(frozen=True)
class Cleared:
    removed: tuple[int, ...]
    points: int
    all_clear: bool


@dataclass(frozen=True)
class RoundEnded:
    round: int
    score: int
    plate_size: int


@dataclass(frozen=True)
class GameOver:
    score: int
    rounds: int


# --- state ----------------------------------------------------------------------------------------
class DiceSlayerState(State):
    """One position of a Dice Slayer game."""

    TITLE = "dice_slayer"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("plate", "stock", "score", "round", "to_roll", "game_over",
                 "largest_clear", "all_clears", "dice_removed_total")

    def __init__(self) -> None:
        super().__init__()
        self.plate: list[int] = []
        self.stock: list[int] = []
        self.score = 0
        self.round = 0
        self.to_roll = dice_to_add(0)
        self.game_over = False
        self.largest_clear = 0
        self.all_clears = 0
        self.dice_removed_total = 0

    @property
    def num_players(self) -> int:
        return 1

    def current_player(self) -> int:
        if self.game_over:
            return TERMINAL
        return CHANCE if self.to_roll else 0

    def _legal_actions(self) -> list[int]:
        return sorted(set(self.plate))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in FACES]

    def explain_illegal(self, action: object) -> str:
        if self.is_chance_node():
            return f"a die shows 1-6, not {action!r}"
        if self.to_roll == 0 and not self.game_over:
            return f"there is no {action!r} on the plate to pick (plate: {sorted(self.plate)})"
        return super().explain_illegal(action)

    def action_to_string(self, action: object) -> str:
        return f"roll {action}" if self.is_chance_node() else f"pick {action}"

    def _apply(self, action: int) -> list:
        if self.to_roll:
            self.plate.append(action)
            self.to_roll -= 1
            return [DieRolled(action, self.to_roll)]
        return self._pick(action)

    def _pick(self, value: int) -> list:
        """PICK, then SLIDE, CHECK, CLEAR/SCORE and END CHECK."""
        self.plate.remove(value)
        self.stock.append(value)
        events: list = [Picked(value)]
        if len(self.stock) > STOCK_SIZE:
            events.append(StockSlid(self.stock.pop(0)))
        sides = side_values(self.stock)
        k = 0
        if sides:
            events.append(SetFormed(set_kind(self.stock), tuple(self.stock), sides))
            removed = tuple(d for d in self.plate if d in sides)
            k = len(removed)
            self.plate = [d for d in self.plate if d not in sides]
            all_clear = k > 0 and not self.plate
            points = clear_points(k, all_clear)
            self.score += points
            self.all_clears += all_clear
            events.append(Cleared(removed, points, all_clear))
        self.largest_clear = max(self.largest_clear, k)
        self.dice_removed_total += k
        self.round += 1
        events.append(RoundEnded(self.round, self.score, len(self.plate)))
        if len(self.plate) >= GAME_OVER_PLATE:
            self.game_over = True
            events.append(GameOver(self.score, self.round))
        else:
            self.to_roll = dice_to_add(len(self.plate))
        return events

    def returns(self) -> list[float]:
        return [float(self.score)]

    def clone(self) -> Self:
        other = DiceSlayerState.__new__(DiceSlayerState)
        other.history = list(self.history)
        other.plate = list(self.plate)
        other.stock = list(self.stock)
        for name in ("score", "round", "to_roll", "game_over", "largest_clear", "all_clears",
                     "dice_removed_total"):
            setattr(other, name, getattr(self, name))
        return other

    def action_from_json(self, data: object) -> int:
        if type(data) is not int:
            raise IllegalAction(f"a Dice Slayer action is a number 1-6, not {data!r}")
        return data

    def rounds_played(self) -> int:
        return self.round

    def statistics(self) -> dict:
        """What a high-score entry keeps (spec section 5)."""
        return {
            "score": self.score,
            "rounds": self.round,
            "largest_clear": self.largest_clear,
            "all_clears": self.all_clears,
            "dice_removed_total": self.dice_removed_total,
        }


def new_state(players: int = 1) -> DiceSlayerState:
    """A new game (solo: one player)."""
    if players != 1:
        raise ValueError(f"this is a solo game, not for {players} players")
    return DiceSlayerState()
