"""Hige-mekuri exact odds: spec 4.4 and 5.2 (H5-H9), by recursion, closed form and exhaustive enumeration."""

from fractions import Fraction
from itertools import combinations

import pytest

from game.titles.hige_mekuri import odds
from game.titles.hige_mekuri.odds import CONTINUE, STOP, choice_chances, closed_form, strategy_chance, value


def sequences(b: int, c: int):
    """Every category sequence of a pile of b bearded, c clean-shaven and Victoria, all equally likely."""
    n = b + c + 1
    for v in range(n):
        for cs in combinations([i for i in range(n) if i != v], c):
            yield ["V" if i == v else "C" if i in cs else "B" for i in range(n)]


def first_player_wins(sequence: list[str], keeps: tuple[bool, bool]) -> bool:
    """Play a sequence with fixed policies: keeps[p] is whether player p continues after a beard."""
    player = 0
    for card in sequence:
        if card == "V":
            return player == 0
        if card == "C" or not keeps[player]:
            player = 1 - player
    raise AssertionError("no Victoria")


def enumerate_chance(b: int, c: int, keeps: tuple[bool, bool]) -> tuple[int, int]:
    """(first-player wins, sequences) by exhaustive enumeration."""
    all_sequences = list(sequences(b, c))
    return sum(first_player_wins(s, keeps) for s in all_sequences), len(all_sequences)


def test_h5_the_default_line_up_is_fair():
    assert enumerate_chance(10, 3, (True, True)) == (2002, 4004)
    assert value(10, 3) == Fraction(1, 2) == strategy_chance(10, 3, "C", "C")


def test_h6_the_mckinley_variant():
    assert enumerate_chance(9, 4, (True, True)) == (6006, 10010)
    assert value(9, 4) == Fraction(3, 5) == strategy_chance(9, 4, "C", "C")


def test_h7_always_stopping():
    assert strategy_chance(10, 3, "S", "S") == Fraction(1, 2) == Fraction(7, 14)
    assert enumerate_chance(10, 3, (False, False)) == (2002, 4004)
    assert strategy_chance(9, 4, "S", "S") == Fraction(1, 2)


@pytest.mark.parametrize(("first", "second", "default", "mckinley"), [
    ("C", "S", Fraction(297, 364), Fraction(771, 1001)),
    ("S", "C", Fraction(967, 4004), Fraction(2841, 10010)),
])
def test_h8_mixed_fixed_strategies(first, second, default, mckinley):
    assert strategy_chance(10, 3, first, second) == default
    assert strategy_chance(9, 4, first, second) == mckinley
    keeps = (first == "C", second == "C")
    wins, total = enumerate_chance(10, 3, keeps)
    assert Fraction(wins, total) == default


def test_h9_value_does_not_depend_on_b():
    expected = [1, Fraction(1, 2), Fraction(2, 3), Fraction(1, 2), Fraction(3, 5), Fraction(1, 2)]
    for b in range(11):
        assert [value(b, c) for c in range(6)] == expected
    for b in range(14):
        for c in range(14):
            assert value(b, c) == closed_form(c)


def test_continue_is_never_worse_and_strictly_better_for_even_c():
    for b in range(11):
        for c in range(6):
            chances = choice_chances(b, c)
            assert chances[CONTINUE] + chances[STOP] == 1
            if c % 2:
                assert chances[CONTINUE] == chances[STOP]
            else:
                assert chances[CONTINUE] > chances[STOP]
            assert odds.best_choice(b, c) == CONTINUE


def test_best_play_is_the_best_fixed_policy():
    """No pair of fixed policies does better for the first player against best play than best play."""
    assert strategy_chance(10, 3, "S", "C") < strategy_chance(10, 3, "C", "C")
    assert strategy_chance(10, 3, "C", "S") > strategy_chance(10, 3, "C", "C")  # the second player's S is a gift


def test_mixed_policies_take_a_chance_of_continuing():
    """A policy may continue with a chance: 1 and 0 are C and S; the Easy bot's 2/3 lies between."""
    always, never = (lambda b, c: Fraction(1)), (lambda b, c: Fraction(0))
    assert strategy_chance(10, 3, always, never) == Fraction(297, 364)
    assert strategy_chance(10, 3, never, always) == Fraction(967, 4004)
    nervous = strategy_chance(10, 3, "C", lambda b, c: Fraction(2, 3))
    assert Fraction(1, 2) < nervous < Fraction(297, 364)


def test_negative_counts_are_refused():
    with pytest.raises(ValueError, match="negative"):
        value(-1, 0)
