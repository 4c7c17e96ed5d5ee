"""Dice Combat: every worked example of spec section 8, the win patterns, illegal actions, clones and replays."""

from itertools import product

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction
from game.core.replay import dumps, loads, play_back, record
from game.titles.dice_combat.rules import (
    ATTACK,
    DEFEND,
    FACES,
    LOSS,
    WIN,
    Chosen,
    Damaged,
    DiceCombatState,
    DieRolled,
    Lost,
    PlatesRolled,
    PrizeLost,
    PrizeWon,
    Resolved,
    RoundEnded,
    RoundStarted,
    Won,
    completing_values,
    find_pattern,
    has_pattern,
    near_pairs,
    new_state,
)


def position(collection=(), damage=0):
    """A state at the start of a round with the given collection and damage."""
    state = DiceCombatState()
    state.collection, state.damage = list(collection), damage
    return state


def play_round(state, small, big, choice, roll):
    """Inject one round's dice and choice through apply; return every event."""
    events = []
    for face in (small, *big):
        assert state.current_player() == CHANCE
        events += state.apply(face)
    assert state.current_player() == 0 and state.target == sum(big)
    events += state.apply(choice)
    for face in roll:
        assert state.current_player() == CHANCE
        events += state.apply(face)
    return events


def kinds(events, kind):
    return [e for e in events if isinstance(e, kind)]


# (collection, damage, small, big, choice, roll, collection after, damage after, result)
EXAMPLES = {
    "D1 tie succeeds": ([], 0, 4, (3, 4), ATTACK, (2, 5), [4], 0, None),
    "D2 6 < 7 fails": ([], 0, 4, (3, 4), ATTACK, (1, 5), [], 1, None),
    "D3 defence fails": ([], 0, 2, (3, 4), DEFEND, (1, 2, 3), [], 1, None),
    "D4 defence wins no die": ([5], 1, 2, (3, 4), DEFEND, (2, 2, 3), [5], 1, None),
    "D5 straight 2-3-4": ([2, 4], 0, 3, (1, 1), ATTACK, (1, 1), [2, 4, 3], 0, WIN),
    "D6 triple 6 on a tie": ([6, 6], 2, 6, (2, 3), ATTACK, (4, 1), [6, 6, 6], 2, WIN),
    "D7 no wrap": ([5, 6, 1], 0, 2, (2, 2), ATTACK, (3, 3), [5, 6, 1, 2], 0, None),
    "D8 any three": ([1, 5, 5, 3], 1, 4, (4, 4), ATTACK, (6, 2), [1, 5, 5, 3, 4], 1, WIN),
    "D9 ninth die": ([1, 1, 2, 2, 4, 4, 5, 5], 0, 6, (1, 2), ATTACK, (2, 1), [1, 1, 2, 2, 4, 4, 5, 5, 6], 0, WIN),
    "D10 third damage": ([3], 2, 3, (6, 5), ATTACK, (5, 5), [3], 3, LOSS),
    "D11 defence fails too": ([3, 3], 2, 1, (6, 6), DEFEND, (4, 4, 3), [3, 3], 3, LOSS),
    "D12 defence tie": ([], 0, 5, (6, 6), DEFEND, (4, 4, 4), [], 0, None),
    "D14 triple 2": ([2, 2], 0, 2, (1, 1), ATTACK, (1, 1), [2, 2, 2], 0, WIN),
}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_worked_example(name):
    collection, damage, small, big, choice, roll, collection_after, damage_after, result = EXAMPLES[name]
    state = position(collection, damage)
    events = play_round(state, small, big, choice, roll)
    assert state.collection == collection_after
    assert state.damage == damage_after
    assert state.result == result
    assert state.round == 1
    assert state.current_player() == (CHANCE if result is None else TERMINAL)
    success = kinds(events, Resolved)[0].success
    assert success == (sum(roll) >= sum(big))
    assert bool(kinds(events, Damaged)) == (not success)
    assert bool(kinds(events, PrizeWon)) == (success and choice == ATTACK)


PATTERN_EVENTS = {"D5 straight 2-3-4": (2, 3, 4), "D6 triple 6 on a tie": (6, 6, 6),
                  "D8 any three": (3, 4, 5), "D9 ninth die": (4, 5, 6), "D14 triple 2": (2, 2, 2)}


@pytest.mark.parametrize("name", list(PATTERN_EVENTS))
def test_win_event_names_the_pattern(name):
    collection, damage, small, big, choice, roll, *_ = EXAMPLES[name]
    state = position(collection, damage)
    won = kinds(play_round(state, small, big, choice, roll), Won)
    pattern = PATTERN_EVENTS[name]
    assert won == [Won(pattern, "triple" if len(set(pattern)) == 1 else "straight", 1)]
    assert state.statistics()["result"] == "win"


def test_d1_events_in_order():
    events = play_round(position(), 4, (3, 4), ATTACK, (2, 5))
    assert events == [
        RoundStarted(1), DieRolled("small", 4, 2), DieRolled("big", 3, 1), DieRolled("big", 4, 0),
        PlatesRolled(4, (3, 4), 7), Chosen(ATTACK, 7, 2), DieRolled("attack", 2, 1), DieRolled("attack", 5, 0),
        Resolved(ATTACK, (2, 5), 7, 7, True), PrizeWon(4, (4,)), RoundEnded(1, 0, 1),
    ]


def test_d3_defence_loses_the_prize_and_takes_damage():
    events = play_round(position(), 2, (3, 4), DEFEND, (1, 2, 3))
    assert events[-4:] == [Resolved(DEFEND, (1, 2, 3), 6, 7, False), PrizeLost(2), Damaged(1), RoundEnded(1, 1, 0)]


def test_d4_defence_success_wins_no_die():
    events = play_round(position([5], 1), 2, (3, 4), DEFEND, (2, 2, 3))
    assert PrizeLost(2) in events and not kinds(events, PrizeWon) and not kinds(events, Damaged)


def test_d5_every_attack_roll_beats_two():
    for roll in product(FACES, repeat=2):
        state = position([2, 4])
        play_round(state, 3, (1, 1), ATTACK, roll)
        assert state.result == WIN and state.collection == [2, 4, 3]


def test_d7_no_win_and_the_next_round_waits():
    state = position([5, 6, 1])
    play_round(state, 2, (2, 2), ATTACK, (3, 3))
    assert not has_pattern(state.collection) and state.next_role() == "small"


def test_d9_every_value_completes_the_collection():
    assert completing_values([1, 1, 2, 2, 4, 4, 5, 5]) == set(FACES)


def test_d10_and_d11_loss_events():
    state = position([3], 2)
    events = play_round(state, 3, (6, 5), ATTACK, (5, 5))
    assert events[-2:] == [RoundEnded(1, 3, 1), Lost(3, 1)]
    assert state.legal_actions() == [] and state.returns() == [0.0]


def test_d13_defence_against_three_always_succeeds():
    for roll in product(FACES, repeat=3):
        state = position()
        events = play_round(state, 6, (1, 2), DEFEND, roll)
        assert kinds(events, Resolved)[0].success and state.damage == 0


def test_d14_game_ends_at_the_first_pattern():
    state = position([2, 2])
    play_round(state, 2, (1, 1), ATTACK, (6, 6))
    assert state.is_terminal() and state.returns() == [1.0]
    with pytest.raises(IllegalAction, match="over"):
        state.apply(2)


def test_d15_new_round_replaces_the_plates():
    state = position()
    play_round(state, 2, (3, 4), DEFEND, (1, 2, 3))
    assert state.small == 2 and state.big == (3, 4)  # still on view until the next round
    events = state.apply(5)
    assert events == [RoundStarted(2), DieRolled("small", 5, 2)]
    assert state.small == 5 and state.big == () and state.choice is None and state.roll == []
    assert state.target is None and state.collection == [] and state.damage == 1


@pytest.mark.parametrize("collection,pattern", [
    ([1, 1, 1], (1, 1, 1)), ([6, 6, 6], (6, 6, 6)), ([1, 2, 3], (1, 2, 3)), ([4, 6, 5], (4, 5, 6)),
    ([3, 1, 2, 6, 6], (1, 2, 3)), ([5, 2, 6, 2, 4], (4, 5, 6)), ([3, 3, 1, 3, 2], (3, 3, 3)),
    ([5, 6, 1], None), ([6, 1, 2], None), ([1, 3, 5], None), ([2, 2, 3, 3], None), ([], None),
    ([1, 1, 2, 2, 4, 4, 5, 5], None), ([1, 1, 2, 2, 4, 4, 6, 6], None), ([2, 2, 3], None),
])
def test_find_pattern(collection, pattern):
    assert find_pattern(collection) == pattern
    assert has_pattern(collection) == (pattern is not None)


@pytest.mark.parametrize("collection,values", [
    ([], set()), ([2, 3], {1, 4}), ([1, 2], {3}), ([5, 6], {4}), ([2, 4], {3}), ([6, 6], {6}),
    ([1, 6], set()), ([1, 5, 5, 3], {2, 4, 5}), ([5, 6, 1, 2], {3, 4}),
])
def test_completing_values(collection, values):
    assert completing_values(collection) == values


def test_near_pairs():
    assert near_pairs([]) == [] and near_pairs([3]) == [] and near_pairs([1, 6]) == []
    assert near_pairs([2, 3]) == [((2, 3), {1, 4})]
    assert near_pairs([4, 2, 4, 1]) == [((1, 2), {3}), ((2, 4), {3}), ((4, 4), {4})]
    assert near_pairs([6, 5, 6]) == [((5, 6), {4}), ((6, 6), {6})]
    for collection in ([1, 5, 5, 3], [2, 2, 4, 6], [1, 1, 2, 2, 4, 4, 5, 5]):
        assert set().union(*(done for _, done in near_pairs(collection))) == completing_values(collection)


def snapshot(state):
    return (state.small, state.big, list(state.collection), state.damage, state.round, state.result,
            state.choice, list(state.roll), list(state.history), state.statistics())


@pytest.mark.parametrize("action", [0, 7, -1, ATTACK, "roll", 2.0, True, None, (3,)])
def test_illegal_die_is_refused_clearly(action):
    state = position([3], 1)
    state.apply(4)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="a die shows 1-6"):
        state.apply(action)
    assert snapshot(state) == before


@pytest.mark.parametrize("action", [1, 6, "Attack", "skip", "", 1.0, None])
def test_illegal_choice_is_refused_clearly(action):
    state = position()
    for face in (4, 3, 4):
        state.apply(face)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="choose attack or defend"):
        state.apply(action)
    assert snapshot(state) == before


def test_actions_read_well():
    state = position()
    assert state.action_to_string(4) == "small die 4"
    state.apply(4)
    assert state.action_to_string(3) == "big die 3"
    state.apply(3)
    state.apply(4)
    assert state.legal_actions() == [ATTACK, DEFEND] and state.action_to_string(DEFEND) == "defend"
    state.apply(DEFEND)
    assert state.action_to_string(6) == "defend die 6"


@pytest.mark.parametrize("data", [None, 2.5, True, [1], {"a": 1}])
def test_action_from_json_refuses_other_types(data):
    with pytest.raises(IllegalAction):
        new_state().action_from_json(data)


def test_action_from_json_keeps_ints_and_strings():
    assert new_state().action_from_json(3) == 3 and new_state().action_from_json(ATTACK) == ATTACK


SCRIPT = [  # small, big, choice, roll: a full game that ends in a win by 3-4-5
    (4, (3, 4), ATTACK, (2, 5)),  # [4]
    (2, (6, 6), DEFEND, (1, 2, 3)),  # damage 1
    (6, (5, 5), DEFEND, (6, 6, 6)),
    (5, (2, 3), ATTACK, (1, 3)),  # damage 2
    (3, (1, 2), ATTACK, (3, 3)),  # [4, 3]
    (5, (4, 4), ATTACK, (6, 2)),  # [4, 3, 5] win
]


def test_scripted_game_statistics_and_replay():
    state = new_state()
    for small, big, choice, roll in SCRIPT:
        play_round(state, small, big, choice, roll)
    assert state.collection == [4, 3, 5] and state.result == WIN
    assert state.statistics() == {"result": "win", "rounds": 6, "damage": 2, "collected": 3, "attacks": 4,
                                  "defences": 2, "attack_successes": 3, "defence_successes": 1}
    replay = loads(dumps(record(state, seed=None, result=state.statistics())))
    assert ATTACK in replay.actions and DEFEND in replay.actions
    again = play_back(replay, new_state)
    assert snapshot(again) == snapshot(state)
