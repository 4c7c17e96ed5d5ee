"""Dice Combat odds: exact success chances of attack and defence (spec 5.1) and exact win chances.

`Solver` evaluates a policy, or plays perfectly, on the Markov decision problem of spec section 9: a sorted
collection without a pattern × damage 0-2, each position solved exactly (its defence self-loop included).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache
from itertools import product
from typing import NamedTuple

from game.titles.dice_combat.rules import ATTACK, DEFEND, DICE, FACES, MAX_DAMAGE, has_pattern

TARGETS = tuple(range(2, 13))
Collection = tuple[int, ...]  # sorted collected values, no pattern
Policy = Callable[[Collection, int, int, int], float]  # (collection, damage, small, target) -> P(attack)


@cache
def sum_counts(dice: int) -> Counter:
    """How many of the 6**dice rolls give each sum."""
    return Counter(sum(roll) for roll in product(FACES, repeat=dice))


@cache
def at_least(dice: int, target: int) -> Fraction:
    """P(the sum of `dice` dice >= target)."""
    counts = sum_counts(dice)
    return Fraction(sum(n for total, n in counts.items() if total >= target), 6**dice)


def target_chance(target: int) -> Fraction:
    """P(the big plate sums to `target`)."""
    return Fraction(sum_counts(2)[target], 36)


def attack_chance(target: int) -> Fraction:
    """P(an attack succeeds) = P(2d6 >= target)."""
    return at_least(DICE[ATTACK], target)


def defend_chance(target: int) -> Fraction:
    """P(a defence succeeds) = P(3d6 >= target)."""
    return at_least(DICE[DEFEND], target)


ATTACK_UNSEEN = sum((target_chance(t) * attack_chance(t) for t in TARGETS), Fraction(0))
DEFEND_UNSEEN = sum((target_chance(t) * defend_chance(t) for t in TARGETS), Fraction(0))

# every (small, target) with its probability and the two success chances, as floats for the solver
PLATES = [(s, t, float(target_chance(t)) / 6, float(attack_chance(t)), float(defend_chance(t)))
          for s in FACES for t in TARGETS]


class Value(NamedTuple):
    """Win chance and expected rounds still to play from a position (before the plates are rolled)."""

    win: float
    rounds: float


WON, LOST = Value(1.0, 0.0), Value(0.0, 0.0)


def mix(p: float, a: Value, b: Value) -> Value:
    """p·a + (1-p)·b."""
    return Value(p * a.win + (1 - p) * b.win, p * a.rounds + (1 - p) * b.rounds)


class Solver:
    """Exact values of `policy`, or of perfect play when policy is None, solved on demand and cached."""

    def __init__(self, policy: Policy | None = None) -> None:
        self.policy = policy
        self.values: dict[tuple[Collection, int], Value] = {}  # every position met, the ended ones too

    def value(self, collection: Iterable[int], damage: int) -> Value:
        """The position's value before its plates are rolled."""
        key = tuple(sorted(collection))
        if (key, damage) not in self.values:
            self.values[key, damage] = (WON if has_pattern(key) else LOST if damage >= MAX_DAMAGE
                                        else self._solve(key, damage))
        return self.values[key, damage]

    def win_chance(self, collection: Iterable[int] = (), damage: int = 0) -> float:
        """The chance of winning from a position, before its plates are rolled."""
        return self.value(collection, damage).win

    def mean_rounds(self, collection: Iterable[int] = (), damage: int = 0) -> float:
        """The expected number of rounds still to play from a position."""
        return self.value(collection, damage).rounds

    def choice_values(self, collection: Iterable[int], damage: int, small: int, target: int) -> dict[str, Value]:
        """The value of attacking and of defending now, counting this round, then following the policy."""
        key = tuple(sorted(collection))
        hurt = self.value(key, damage + 1)
        attack = mix(float(attack_chance(target)), self.value((*key, small), damage), hurt)
        defend = mix(float(defend_chance(target)), self.value(key, damage), hurt)
        return {ATTACK: Value(attack.win, attack.rounds + 1), DEFEND: Value(defend.win, defend.rounds + 1)}

    def choice_win_chances(self, collection: Iterable[int], damage: int, small: int,
                           target: int) -> dict[str, float]:
        """The win chance of attacking and of defending now, then following the policy."""
        return {a: v.win for a, v in self.choice_values(collection, damage, small, target).items()}

    def _solve(self, key: Collection, damage: int) -> Value:
        """Solve V = E[p·attack + (1-p)·(pd·V + (1-pd)·hurt)] for this position's V."""
        hurt = self.value(key, damage + 1)
        won = {s: self.value((*key, s), damage) for s in FACES}
        attacks = [plate_sums(chance, pa, won[s], hurt, 0.0) for s, _, chance, pa, _ in PLATES]
        defends = [plate_sums(chance, 1 - pd, hurt, LOST, pd) for _, _, chance, _, pd in PLATES]
        if self.policy is None:
            return best_value(attacks, defends)
        total = [0.0, 1.0, 0.0]
        for (s, t, *_), attack, defend in zip(PLATES, attacks, defends, strict=True):
            p = self.policy(key, damage, s, t)
            total = [x + p * a + (1 - p) * d for x, a, d in zip(total, attack, defend, strict=True)]
        return solved(*total)


def plate_sums(chance: float, p: float, a: Value, b: Value, stay: float) -> tuple[float, float, float]:
    """One plate's share of a position's equation: chance × (p·a + (1-p)·b, and the chance of staying put)."""
    return (chance * (p * a.win + (1 - p) * b.win), chance * (p * a.rounds + (1 - p) * b.rounds),
            chance * stay)


def solved(win: float, rounds: float, stay: float) -> Value:
    """V from V = win + stay·V (and likewise the rounds, this one counted in `rounds`)."""
    return Value(win / (1 - stay), rounds / (1 - stay))


def best_value(attacks: list[tuple[float, ...]], defends: list[tuple[float, ...]]) -> Value:
    """Perfect play: defending a plate pays iff V is at least its break-even value, so add those in order."""
    breakeven = [(a[0] - d[0]) / d[2] if d[2] else float("inf") for a, d in zip(attacks, defends, strict=True)]
    win, rounds = sum(a[0] for a in attacks), 1.0 + sum(a[1] for a in attacks)
    stay = 0.0
    for i in sorted(range(len(attacks)), key=breakeven.__getitem__):
        if win / (1 - stay) < breakeven[i]:
            break  # no more plates to defend: this policy is optimal at its own value
        (a_win, a_rounds, _), (d_win, d_rounds, d_stay) = attacks[i], defends[i]
        win, rounds, stay = win - a_win + d_win, rounds - a_rounds + d_rounds, stay + d_stay
    return solved(win, rounds, stay)


OPTIMAL = Solver()


def win_chance(collection: Iterable[int] = (), damage: int = 0) -> float:
    """The win chance of perfect play from a position, before its plates are rolled."""
    return OPTIMAL.win_chance(collection, damage)


def choice_win_chances(collection: Iterable[int], damage: int, small: int, target: int) -> dict[str, float]:
    """The win chance of attacking and of defending now, then playing perfectly."""
    return OPTIMAL.choice_win_chances(collection, damage, small, target)


def optimal_choice(collection: Iterable[int], damage: int, small: int, target: int) -> str:
    """The perfect choice; attack when both are equally good."""
    chances = choice_win_chances(collection, damage, small, target)
    return ATTACK if chances[ATTACK] >= chances[DEFEND] else DEFEND
