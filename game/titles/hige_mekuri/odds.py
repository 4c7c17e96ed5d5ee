"""Hige-mekuri exact odds (spec 4.4 and 5.2), as Fractions over the counts left in the pile.

b and c count the bearded and clean-shaven cards still face down; Victoria is always among them until the end.
`value(b, c)` is the best-play win chance of the player about to flip, by the recursion of spec 4.4 (not the
closed form, which the tests check against it); `strategy_chance` plays fixed policies, e.g. C/S.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

CONTINUE, STOP = "continue", "stop"
Policy = Callable[[int, int], bool | Fraction]  # (b, c) left after the bearded card -> continue (or its chance)
ALWAYS = {"C": lambda b, c: True, "S": lambda b, c: False}


@cache
def value(b: int, c: int) -> Fraction:
    """V(b, c): the chance that the player about to flip wins, both playing best (spec 4.4)."""
    if b < 0 or c < 0:
        raise ValueError(f"counts cannot be negative: b={b}, c={c}")
    total = Fraction(1)  # Victoria comes up: the flipper wins
    if b:
        after = value(b - 1, c)
        total += b * max(after, 1 - after)  # a beard: continue (V) or hand the same pile over (1 - V)
    if c:
        total += c * (1 - value(b, c - 1))  # clean-shaven: the opponent flips next
    return total / (b + c + 1)


def closed_form(c: int) -> Fraction:
    """ceil((c+1)/2) / (c+1): Victoria's chance of an odd place among the c clean-shaven cards and herself."""
    return Fraction((c + 2) // 2, c + 1)


def choice_chances(b: int, c: int) -> dict[str, Fraction]:
    """After a bearded card, with b and c left: the win chance of continuing and of stopping."""
    keep = value(b, c)
    return {CONTINUE: keep, STOP: 1 - keep}


def best_choice(b: int, c: int) -> str:
    """Continue unless stopping is strictly better (it never is: spec 4.4)."""
    chances = choice_chances(b, c)
    return CONTINUE if chances[CONTINUE] >= chances[STOP] else STOP


def strategy_chance(b: int, c: int, first: Policy | str, second: Policy | str) -> Fraction:
    """The first player's win chance from a full pile (b, c, Victoria) when both follow fixed policies.

    A policy is "C" (always continue), "S" (always stop) or a function (b, c) -> continue? (a bool, or the
    chance of continuing as a Fraction), asked with the counts left after the bearded card just turned.
    """
    policies = [ALWAYS.get(p, p) if isinstance(p, str) else p for p in (first, second)]

    @cache
    def first_wins(b: int, c: int, flipper: int) -> Fraction:
        total = Fraction(int(flipper == 0))
        if b:
            stays = Fraction(policies[flipper](b - 1, c))
            keep = first_wins(b - 1, c, flipper) if stays else 0
            hand = first_wins(b - 1, c, 1 - flipper) if stays != 1 else 0
            total += b * (stays * keep + (1 - stays) * hand)
        if c:
            total += c * first_wins(b, c - 1, 1 - flipper)
        return total / (b + c + 1)

    return first_wins(b, c, 0)
