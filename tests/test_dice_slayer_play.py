"""Dice Slayer random play: invariants after every action, scores from events, and tampered replays (replays of
random games, clones and the bound are in the generic test_titles_generic.py)."""

import json
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.replay import Replay, ReplayError, dumps, loads, play_back, record
from game.titles.dice_slayer.rules import (
    ALL_CLEAR_BONUS,
    STOCK_SIZE,
    TOTAL_DICE,
    Cleared,
    DiceSlayerState,
    new_state,
)

MAX_ACTIONS = 10_000  # random play ends long before this


def check_invariants(state, events, points):
    """The component limits hold, and the score is the sum of k² (+20 per all-clear) seen in events."""
    assert len(state.plate) + len(state.stock) <= TOTAL_DICE
    assert len(state.stock) <= STOCK_SIZE
    assert len(state.plate) <= 9
    for event in events:
        if isinstance(event, Cleared):
            k = len(event.removed)
            assert event.points == k * k + (ALL_CLEAR_BONUS if event.all_clear else 0)
            assert event.all_clear == (k > 0 and not state.plate)
            points += event.points
    assert state.score == points
    return points


def random_game(seed):
    """A game of uniformly random rolls and picks, checked after every action."""
    state, rng, points = new_state(), Random(seed), 0
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        points = check_invariants(state, state.apply(action), points)
    pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("block", range(3))
def test_random_play_keeps_invariants(block):
    for seed in range(block * 100, block * 100 + 100):
        state = random_game(seed)
        assert state.game_over and len(state.plate) >= 8


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 5), max_size=400))
def test_any_legal_choices_keep_invariants(choices):
    state, points = DiceSlayerState(), 0
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        points = check_invariants(state, state.apply(legal[choice % len(legal)]), points)
    assert state.round <= len(choices)


def finished_replay_text(seed=7):
    state = random_game(seed)
    return dumps(record(state, seed=seed, result=state.statistics())), state


def test_edited_action_is_refused():
    text, _ = finished_replay_text()
    data = json.loads(text)
    data["actions"][0] = 7 if data["actions"][0] != 7 else 1
    with pytest.raises(ReplayError, match="digest"):
        loads(json.dumps(data))


def test_edited_action_with_a_fresh_digest_does_not_play_back():
    _, state = finished_replay_text()
    actions = list(record(state).actions)
    first_pick = 3  # three rolls, then the first pick
    actions[first_pick] = next(v for v in range(1, 7) if v not in state.history[:3])
    forged = Replay(state.TITLE, state.RULES_VERSION, tuple(actions))
    with pytest.raises(ReplayError, match="refused"):
        play_back(loads(dumps(forged)), new_state)


def test_edited_digest_is_refused():
    text, _ = finished_replay_text()
    data = json.loads(text)
    data["digest"] = "0" * 64
    with pytest.raises(ReplayError, match="digest"):
        loads(json.dumps(data))


@pytest.mark.parametrize("garbage", ["", "{", "not json", "[1, 2, 3]", '{"format": "asobiba-replay/1"}'])
def test_garbage_is_refused(garbage):
    with pytest.raises(ReplayError):
        loads(garbage)


def test_wrong_title_is_refused():
    _, state = finished_replay_text()
    other = Replay("dice_combat", state.RULES_VERSION, record(state).actions)
    with pytest.raises(ReplayError, match="dice_combat"):
        play_back(loads(dumps(other)), new_state)
