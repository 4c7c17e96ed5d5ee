"""Dice Combat random play: invariants after every action, tampered replays, the bots, and the arena's win rates
(replays of random games, clones and the bound are in the generic test_titles_generic.py)."""

import json
from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import arena
from game.core.engine import CHANCE, play_chance
from game.core.replay import Replay, ReplayError, dumps, loads, play_back, record
from game.titles.dice_combat import odds
from game.titles.dice_combat.bots import BOTS, HINT_BOT, hint
from game.titles.dice_combat.rules import (
    ATTACK,
    DEFEND,
    LOSS,
    WIN,
    DiceCombatState,
    PrizeWon,
    Resolved,
    has_pattern,
    new_state,
)

MAX_ACTIONS = 5_000  # random play ends long before this


def check_step(before, state, events):
    """What one action may change: damage only by a failure, the collection only by a won small die."""
    legal = state.legal_actions()
    assert len(legal) == len(set(legal)) and bool(legal) != state.is_terminal()
    resolved = [e for e in events if isinstance(e, Resolved)]
    assert 0 <= state.damage <= 3 and state.damage - before.damage in (0, 1)
    if state.damage > before.damage:
        assert resolved and not resolved[0].success
    if state.collection != before.collection:
        assert resolved and resolved[0].success and resolved[0].action == ATTACK
        assert state.collection == [*before.collection, before.small]
        assert PrizeWon(before.small, tuple(state.collection)) in events
    for r in resolved:
        assert r.total == sum(r.roll) and r.target == sum(before.big) and r.success == (r.total >= r.target)
        assert len(r.roll) == (2 if r.action == ATTACK else 3) and state.round == before.round + 1
    assert state.attack_successes == len(state.collection) <= 9
    assert (state.result == WIN) == has_pattern(state.collection)
    assert (state.result == LOSS) == (state.damage == 3)
    assert state.result in (None, WIN, LOSS) and (state.result is None) != state.is_terminal()


def random_game(seed):
    """A game of uniformly random dice and choices, checked after every action."""
    state, rng = new_state(), Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        before = state.clone()
        check_step(before, state, state.apply(action))
    pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("block", range(4))
def test_random_play_keeps_invariants(block):
    results = Counter()
    for seed in range(block * 500, block * 500 + 500):
        state = random_game(seed)
        results[state.result] += 1
        stats = state.statistics()
        assert stats["attacks"] + stats["defences"] == stats["rounds"] == state.round
    assert results[WIN] > 50 and results[LOSS] > 250  # random play wins about 22.5%


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 5), max_size=300))
def test_any_dice_and_choices_keep_invariants(choices):
    state = DiceCombatState()
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        before = state.clone()
        copy = state.clone()
        check_step(before, state, state.apply(legal[choice % len(legal)]))
        assert copy.history == before.history and copy.collection == before.collection


def finished_state(seed=3):
    return random_game(seed)


def test_edited_choice_does_not_play_back():
    state = finished_state()
    actions = list(record(state).actions)
    actions[3] = 7  # the first choice becomes a die
    forged = Replay(state.TITLE, state.RULES_VERSION, tuple(actions))
    with pytest.raises(ReplayError, match="refused"):
        play_back(loads(dumps(forged)), new_state)


@pytest.mark.parametrize("bad", [2.5, True, None, "Attack"])
def test_badly_typed_replay_action_is_refused(bad):
    state = finished_state()
    actions = list(record(state).actions)
    actions[0] = bad
    with pytest.raises(ReplayError, match="refused"):
        play_back(loads(dumps(Replay(state.TITLE, state.RULES_VERSION, tuple(actions)))), new_state)


def decisions(count, seed=0):
    """Positions at the decision, reached by random play."""
    rng, positions = Random(seed), []
    while len(positions) < count:
        state = new_state()
        while len(positions) < count:
            play_chance(state, rng)
            if state.is_terminal():
                break
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_chooses_legally_and_evaluates_both_choices(name):
    bot = BOTS[name]()
    for state in decisions(60):
        before = (list(state.history), list(state.collection))
        assert bot.choose(state, Random(1)) in (ATTACK, DEFEND)
        chances = bot.evaluate(state)
        assert set(chances) == {ATTACK, DEFEND} and all(0 <= p <= 1 for p in chances.values())
        assert (state.history, state.collection) == before


def test_optimal_bot_follows_its_evaluation_and_the_hint():
    bot = BOTS[HINT_BOT]()
    for state in decisions(100, seed=5):
        chances = bot.evaluate(state)
        choice = bot.choose(state, Random(0))
        assert chances[choice] == max(chances.values())
        assert hint(state) == (choice, chances)
        assert chances == odds.choice_win_chances(state.collection, state.damage, state.small, state.target)


def run_arena(capsys, *args):
    arena.main(["dice_combat", "--seed", "5", "--jobs", "1", "--json", *args])
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_arena_reports_win_rates_deterministically(capsys):
    first = run_arena(capsys, "--games", "40", "--bots", "random,attack,t7,heuristic,optimal", "--scores")
    second = run_arena(capsys, "--games", "40", "--bots", "random,attack,t7,heuristic,optimal", "--scores")
    assert first["metric"] == "win_rate" and list(first["bots"]) == ["random", "attack", "t7", "heuristic", "optimal"]
    for name, summary in first["bots"].items():
        assert summary["scores"] == second["bots"][name]["scores"]
        assert summary["wins"] == sum(summary["scores"]) and summary["games"] == 40
        assert summary["ci95"][0] <= summary["win_rate"] <= summary["ci95"][1]
        for key in ("mean_rounds", "think_ms_mean", "think_ms_p95", "games_per_s"):
            assert summary[key] >= 0


def test_arena_optimal_rate_agrees_with_the_solved_value(capsys):
    report = run_arena(capsys, "--games", "400", "--bots", "optimal,defend")
    optimal = report["bots"]["optimal"]
    assert optimal["win_rate"] == pytest.approx(odds.win_chance(), abs=0.08)  # 3 standard errors and more
    assert optimal["mean_rounds"] == pytest.approx(odds.OPTIMAL.mean_rounds(), abs=0.8)
    assert report["bots"]["defend"]["wins"] == 0


def test_wilson_interval():
    assert arena.wilson_interval(0, 10)[0] == 0.0 and arena.wilson_interval(10, 10)[1] == pytest.approx(1.0)
    low, high = arena.wilson_interval(5385, 10000)
    assert low == pytest.approx(0.52871, abs=1e-4) and high == pytest.approx(0.54826, abs=1e-4)


def test_arena_deals_every_bot_the_same_first_plates():
    title = arena.load_title("dice_combat")
    state = new_state()
    play_chance(state, Random(9))
    assert state.current_player() == 0
    assert arena.chance_outcomes(title, 9, 3) == [state.small, *state.big]
    assert new_state().current_player() == CHANCE
