"""Dice Combat (ダイス戦闘): the rules engine, exactly per shared/rules/dice_combat.md.

Every die is a chance node (ints 1-6): the small plate, the two big-plate dice, then the player's roll after
the decision ("attack" or "defend"). A pattern (triple or straight) in the collection wins; 3 damage loses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Self

from game.core.engine import CHANCE, TERMINAL, IllegalAction, State

RULES_VERSION = "dice_combat/1"
FACES = (1, 2, 3, 4, 5, 6)
ATTACK, DEFEND = "attack", "defend"
CHOICES = (ATTACK, DEFEND)
DICE = {ATTACK: 2, DEFEND: 3}  # dice rolled by each choice
BIG_DICE = 2
MAX_DAMAGE = 3
WIN, LOSS = "win", "loss"
FACE_CHANCES = tuple((face, 1 / 6) for face in FACES)
STRAIGHT_STARTS = (1, 2, 3, 4)  # no wrap-around: 5-6-1 and 6-1-2 are not straights


# --- patterns (spec 4.3) -----------------------------------------------------------------------------
def lives_left(damage: int) -> int:
    """The hits the player can still take before the oni wins: MAX_DAMAGE minus the damage taken."""
    return max(0, MAX_DAMAGE - damage)


def find_pattern(collection: Iterable[int]) -> tuple[int, int, int] | None:
    """Three dice of the collection forming a pattern (lowest triple first, then lowest straight), or None."""
    counts = Counter(collection)
    for v in FACES:
        if counts[v] >= 3:
            return (v, v, v)
    for v in STRAIGHT_STARTS:
        if counts[v] and counts[v + 1] and counts[v + 2]:
            return (v, v + 1, v + 2)
    return None


def has_pattern(collection: Iterable[int]) -> bool:
    """Whether any three dice of the collection form a triple or a straight."""
    return find_pattern(collection) is not None


def pattern_kind(pattern: tuple[int, int, int]) -> str:
    """'triple' or 'straight'."""
    return "triple" if pattern[0] == pattern[2] else "straight"


def completing_values(collection: Iterable[int]) -> set[int]:
    """The prize values that would give the collection a pattern if won now."""
    dice = list(collection)
    return {v for v in FACES if has_pattern([*dice, v])}


def pair_completions(a: int, b: int) -> set[int]:
    """The values w that make {a, b, w} a triple or a straight (a <= b)."""
    if a == b:
        return {a}
    if b - a == 1:
        return {v for v in (a - 1, b + 1) if v in FACES}
    return {a + 1} if b - a == 2 else set()


def near_pairs(collection: Iterable[int]) -> list[tuple[tuple[int, int], set[int]]]:
    """Every distinct pair of collected values one die away from a pattern, with the values completing it."""
    pairs = sorted(set(combinations(sorted(collection), 2)))
    return [(pair, done) for pair in pairs if (done := pair_completions(*pair))]


# --- events ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundStarted:
    round: int  # the number of the round beginning (1 for the first); the old plates are cleared


@dataclass(frozen=True)
class DieRolled:
    role: str  # "small", "big", "attack" or "defend"
    face: int
    remaining: int  # dice still to roll in this step (plates, or the player's roll)


@dataclass(frozen=True)
class PlatesRolled:
    small: int
    big: tuple[int, int]
    target: int


@dataclass(frozen=True)
class Chosen:
    action: str  # "attack" or "defend"
    target: int
    dice: int  # how many dice the player will roll


@dataclass(frozen=True)
class Resolved:
    action: str
    roll: tuple[int, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class PrizeWon:
    face: int
    collection: tuple[int, ...]  # after winning, in order of winning


@dataclass(frozen=True)
class PrizeLost:
    face: int  # the small-plate die goes unclaimed (failed attack, or any defence)


@dataclass(frozen=True)
class Damaged:
    damage: int  # the damage now


@dataclass(frozen=True)
class RoundEnded:
    round: int  # rounds played
    damage: int
    collected: int


@dataclass(frozen=True)
class Won:
    pattern: tuple[int, int, int]  # the three dice of the pattern, sorted
    kind: str  # "triple" or "straight"
    rounds: int


@dataclass(frozen=True)
class Lost:
    damage: int
    rounds: int


# --- state -------------------------------------------------------------------------------------------
class DiceCombatState(State):
    """One position of a Dice Combat game."""

    TITLE = "dice_combat"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("small", "big", "collection", "damage", "round", "result", "choice", "roll",
                 "attacks", "defences", "attack_successes", "defence_successes")

    def __init__(self) -> None:
        super().__init__()
        self.small: int | None = None  # the prize; kept on view until the next round's plates
        self.big: tuple[int, ...] = ()
        self.collection: list[int] = []
        self.damage = 0
        self.round = 0
        self.result: str | None = None
        self.choice: str | None = None  # this round's choice, once made
        self.roll: list[int] = []  # the player's dice so far this round
        self.attacks = self.defences = self.attack_successes = self.defence_successes = 0

    @property
    def num_players(self) -> int:
        return 1

    @property
    def target(self) -> int | None:
        """The sum of the big plate, once both dice are on it."""
        return sum(self.big) if len(self.big) == BIG_DICE else None

    def next_role(self) -> str | None:
        """The role of the next die ('small', 'big', 'attack', 'defend'); None at the decision or the end."""
        if self.result is not None:
            return None
        if self.choice is None:
            if self.small is None:
                return "small"
            return "big" if len(self.big) < BIG_DICE else None
        return self.choice if len(self.roll) < DICE[self.choice] else "small"

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return CHANCE if self.next_role() else 0

    def _legal_actions(self) -> list[str]:
        return list(CHOICES)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return list(FACE_CHANCES)

    def explain_illegal(self, action: object) -> str:
        if self.is_chance_node():
            return f"a die shows 1-6, not {action!r}"
        if self.current_player() == 0:
            return f"choose attack or defend, not {action!r}"
        return super().explain_illegal(action)

    def action_to_string(self, action: object) -> str:
        role = self.next_role()
        return f"{role} die {action}" if role else str(action)

    def _apply(self, action: int | str) -> list:
        role = self.next_role()
        if role is None:
            return self._choose(action)
        if role == "small":
            return self._start_round(action)
        if role == "big":
            return self._roll_big(action)
        return self._roll_player(action)

    def _start_round(self, face: int) -> list:
        """CLEAR (the old plates go) and the small-plate die of ROLL PLATES."""
        self.small, self.big, self.choice, self.roll = face, (), None, []
        return [RoundStarted(self.round + 1), DieRolled("small", face, BIG_DICE)]

    def _roll_big(self, face: int) -> list:
        self.big = (*self.big, face)
        events: list = [DieRolled("big", face, BIG_DICE - len(self.big))]
        if len(self.big) == BIG_DICE:
            events.append(PlatesRolled(self.small, self.big, self.target))
        return events

    def _choose(self, action: str) -> list:
        self.choice = action
        if action == ATTACK:
            self.attacks += 1
        else:
            self.defences += 1
        return [Chosen(action, self.target, DICE[action])]

    def _roll_player(self, face: int) -> list:
        self.roll.append(face)
        remaining = DICE[self.choice] - len(self.roll)
        events: list = [DieRolled(self.choice, face, remaining)]
        return events + self._resolve() if remaining == 0 else events

    def _resolve(self) -> list:
        """RESOLVE, then END CHECK."""
        total, target = sum(self.roll), self.target
        success = total >= target  # a tie succeeds (C5)
        events: list = [Resolved(self.choice, tuple(self.roll), total, target, success)]
        if success and self.choice == ATTACK:
            self.attack_successes += 1
            self.collection.append(self.small)
            events.append(PrizeWon(self.small, tuple(self.collection)))
        else:
            events.append(PrizeLost(self.small))
        if success and self.choice == DEFEND:
            self.defence_successes += 1
        if not success:
            self.damage += 1
            events.append(Damaged(self.damage))
        return events + self._end_check()

    def _end_check(self) -> list:
        self.round += 1
        events: list = [RoundEnded(self.round, self.damage, len(self.collection))]
        pattern = find_pattern(self.collection)
        if pattern is not None:
            self.result = WIN
            events.append(Won(pattern, pattern_kind(pattern), self.round))
        elif self.damage >= MAX_DAMAGE:
            self.result = LOSS
            events.append(Lost(self.damage, self.round))
        return events

    def returns(self) -> list[float]:
        return [1.0 if self.result == WIN else 0.0]

    def clone(self) -> Self:
        other = DiceCombatState.__new__(DiceCombatState)
        other.history = list(self.history)
        other.collection = list(self.collection)
        other.roll = list(self.roll)
        for name in ("small", "big", "damage", "round", "result", "choice", "attacks", "defences",
                     "attack_successes", "defence_successes"):
            setattr(other, name, getattr(self, name))
        return other

    def action_from_json(self, data: object) -> int | str:
        if type(data) not in (int, str):
            raise IllegalAction(f"a Dice Combat action is a die face 1-6 or attack/defend, not {data!r}")
        return data

    def rounds_played(self) -> int:
        return self.round

    def statistics(self) -> dict:
        """What a results screen and a high-score entry keep (spec section 5)."""
        return {
            "result": self.result,
            "rounds": self.round,
            "damage": self.damage,
            "collected": len(self.collection),
            "attacks": self.attacks,
            "defences": self.defences,
            "attack_successes": self.attack_successes,
            "defence_successes": self.defence_successes,
        }


def new_state(players: int = 1) -> DiceCombatState:
    """A new game (solo: one player)."""
    if players != 1:
        raise ValueError(f"this is a solo game, not for {players} players")
    return DiceCombatState()
