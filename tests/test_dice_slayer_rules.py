"""Dice Slayer: every worked example of spec section 8, and the rules' building blocks."""

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction
from game.titles.dice_slayer.rules import (
    Cleared,
    DiceSlayerState,
    GameOver,
    SetFormed,
    StockSlid,
    side_values,
)


def at_pick(plate, stock, score=0):
    """A state in phase PICK with the given plate (after ADD) and stock."""
    state = DiceSlayerState()
    state.plate, state.stock, state.to_roll, state.score = list(plate), list(stock), 0, score
    return state


def sorted_plate(state):
    return sorted(state.plate)


# (plate after ADD, stock before, pick, stock after, removed, points, plate after)
SOURCE_EXAMPLES = {
    "SRC-1 222 removes 1s and 3s": ([1, 3, 3, 5, 2, 6], [2, 2], 2, [2, 2, 2], [1, 3, 3], 9, [5, 6]),
    "SRC-2 234 removes 1s and 5s": ([1, 1, 5, 6, 3, 4], [2, 3], 4, [2, 3, 4], [1, 1, 5], 9, [6, 3]),
    "SRC-3 456 removes only 3s": ([3, 3, 5, 1, 2, 6], [4, 5], 6, [4, 5, 6], [3, 3], 4, [5, 1, 2]),
    "SRC-4 2-4-3 is a straight": ([1, 5, 5, 6, 3], [2, 4], 3, [2, 4, 3], [1, 5, 5], 9, [6]),
    "SRC-5 5-3-4 removes 66222": ([6, 6, 2, 2, 1, 2, 4], [5, 3], 4, [5, 3, 4], [6, 6, 2, 2, 2], 25, [1]),
    "C2 FIFO": ([1, 5, 6, 4, 4], [1, 2, 3], 4, [2, 3, 4], [1, 5], 4, [6, 4]),
    "C3 triple fires again": ([1, 3, 2, 4], [2, 2, 2], 2, [2, 2, 2], [1, 3], 4, [4]),
    "C5 set with nothing to remove": ([5, 5, 6, 2], [2, 2], 2, [2, 2, 2], [], 0, [5, 5, 6]),
    "C8 666": ([5, 5, 4, 6, 6], [6, 6], 6, [6, 6, 6], [5, 5], 4, [4, 6]),
    "C9 111": ([2, 2, 3, 1], [1, 1], 1, [1, 1, 1], [2, 2], 4, [3]),
    "C10 123": ([4, 4, 5, 6, 3], [1, 2], 3, [1, 2, 3], [4, 4], 4, [5, 6]),
    "C11 pair plus one": ([2, 5, 4], [3, 3], 4, [3, 3, 4], [], 0, [2, 5]),
    "C12 gaps": ([1, 3, 5, 2], [1, 3], 5, [1, 3, 5], [], 0, [1, 3, 2]),
    "C13 first round": ([2, 2, 5], [], 2, [2], [], 0, [2, 5]),
    "C15 wrap is not a straight": ([1, 2, 4], [5, 6], 1, [5, 6, 1], [], 0, [2, 4]),
}


@pytest.mark.parametrize("name", list(SOURCE_EXAMPLES))
def test_worked_example(name):
    plate, stock, pick, stock_after, removed, points, plate_after = SOURCE_EXAMPLES[name]
    state = at_pick(plate, stock)
    events = state.apply(pick)
    assert state.stock == stock_after
    assert sorted_plate(state) == sorted(plate_after)
    assert state.score == points
    cleared = [e for e in events if isinstance(e, Cleared)]
    assert sorted(cleared[0].removed if cleared else []) == sorted(removed)
    assert not state.game_over
    assert state.current_player() == CHANCE
    assert state.to_roll == (3 if not plate_after else 2)


def test_c1_all_clear_then_three_dice():
    state = at_pick([3, 1, 2], [2, 2])
    events = state.apply(2)
    assert state.stock == [2, 2, 2] and state.plate == []
    assert state.score == 24 and state.all_clears == 1
    assert Cleared((3, 1), 24, True) in events
    assert state.to_roll == 3


def test_c2_fifo_emits_slide_before_check():
    state = at_pick([1, 5, 6, 4, 4], [1, 2, 3])
    events = state.apply(4)
    kinds = [type(e) for e in events]
    assert kinds.index(StockSlid) < kinds.index(SetFormed)
    assert StockSlid(1) in events


def test_c4_straight_fires_again_with_all_clear():
    state = at_pick([1, 2, 5, 5], [2, 3, 4])
    events = state.apply(2)
    assert state.stock == [3, 4, 2]
    assert SetFormed("straight", (3, 4, 2), (1, 5)) in events
    assert state.score == 29 and state.plate == [] and state.all_clears == 1


def test_c6_game_over_keeps_score():
    state = at_pick([1, 2, 3, 4, 1, 2, 3, 6, 6], [1, 5], score=17)
    events = state.apply(6)
    assert state.stock == [1, 5, 6]
    assert len(state.plate) == 8 and state.game_over
    assert state.score == 17
    assert state.current_player() == TERMINAL
    assert GameOver(17, 1) in events
    assert state.legal_actions() == []


def test_c7_saved_at_the_edge():
    state = at_pick([1, 2, 4, 4, 5, 2, 1, 3, 6], [2, 3])
    state.apply(4)
    assert state.stock == [2, 3, 4]
    assert sorted_plate(state) == [2, 2, 3, 4, 6]
    assert state.score == 9 and not state.game_over


def test_c14_legal_actions_are_distinct_values():
    assert at_pick([2, 2, 5], [1, 4, 6]).legal_actions() == [2, 5]


@pytest.mark.parametrize("stock,sides", [
    ((1, 1, 1), (2,)), ((2, 2, 2), (1, 3)), ((3, 3, 3), (2, 4)), ((4, 4, 4), (3, 5)),
    ((5, 5, 5), (4, 6)), ((6, 6, 6), (5,)), ((1, 2, 3), (4,)), ((2, 3, 4), (1, 5)),
    ((3, 4, 5), (2, 6)), ((4, 5, 6), (3,)), ((5, 6, 1), ()), ((2, 2, 3), ()), ((1, 3, 5), ()),
    ((3, 1, 2), (4,)), ((2, 2), ()),
])
def test_side_value_table(stock, sides):
    assert side_values(stock) == sides


SCRIPTED_GAME = [
    # rolled, pick, stock after, plate after, score
    ([2, 2, 5], 2, [2], [2, 5], 0),
    ([1, 3], 2, [2, 2], [5, 1, 3], 0),
    ([2, 3], 2, [2, 2, 2], [5], 9),
    ([4, 6], 4, [2, 2, 4], [5, 6], 9),
    ([3, 6], 3, [2, 4, 3], [6, 6], 10),
    ([5, 5], 5, [4, 3, 5], [5], 14),
    ([5, 4], 5, [3, 5, 5], [5, 4], 14),
    ([6, 4], 5, [5, 5, 5], [], 43),
    ([1, 2, 3], 1, [5, 5, 1], [2, 3], 43),
]


def test_scripted_nine_round_game():
    state = DiceSlayerState()
    for rolled, pick, stock, plate, score in SCRIPTED_GAME:
        assert state.to_roll == len(rolled)
        for face in rolled:
            assert state.current_player() == CHANCE
            state.apply(face)
        assert state.current_player() == 0
        state.apply(pick)
        assert state.stock == stock
        assert sorted_plate(state) == sorted(plate)
        assert state.score == score
    stats = state.statistics()
    assert stats == {"score": 43, "rounds": 9, "largest_clear": 3, "all_clears": 1,
                     "dice_removed_total": 9}
    assert not state.game_over


@pytest.mark.parametrize("bad", [0, 7, "3", 2.0, None, (1,)])
def test_illegal_roll_leaves_state_unchanged(bad):
    state = DiceSlayerState()
    with pytest.raises(IllegalAction, match="1-6"):
        state.apply(bad)
    assert state.plate == [] and state.history == [] and state.to_roll == 3


def test_illegal_pick_names_the_plate_and_changes_nothing():
    state = at_pick([2, 2, 5], [1])
    with pytest.raises(IllegalAction, match=r"no 3 on the plate"):
        state.apply(3)
    assert state.plate == [2, 2, 5] and state.stock == [1] and state.history == []


def test_terminal_refuses_actions():
    state = at_pick([1, 2, 3, 4, 1, 2, 3, 6, 6], [1, 5])
    state.apply(6)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1)

