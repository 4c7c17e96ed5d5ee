"""Dice Slayer bots: legal picks, the spec's preferences, the solved table, the clairvoyant bound, the arena."""

import json
from random import Random

import pytest

from game.ai import arena
from game.core.engine import play_chance
from game.titles.dice_slayer.bots import (
    BOTS,
    HINT_BOT,
    PLATES,
    TAILS,
    VALUES_PATH,
    ExpectimaxBot,
    GreedyBot,
    OptimalBot,
    after_add,
    hint,
    load_values,
    pick_outcome,
    rolls,
    state_index,
)
from game.titles.dice_slayer.clairvoyant import ClairvoyantPlayer
from game.titles.dice_slayer.rules import DiceSlayerState, dice_to_add, new_state


def at_pick(plate, stock):
    state = DiceSlayerState()
    state.plate, state.stock, state.to_roll = list(plate), list(stock), 0
    return state


def random_positions(count, seed=0):
    """Positions at PICK reached by random play."""
    rng, positions = Random(seed), []
    while len(positions) < count:
        state = new_state()
        while not state.is_terminal() and len(positions) < count:
            play_chance(state, rng)
            if not state.is_terminal():
                positions.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_picks_a_legal_value_and_evaluates_every_pick(name):
    bot = BOTS[name]()
    for state in random_positions(150):
        before = (list(state.plate), list(state.stock))
        assert bot.choose(state, Random(1)) in state.legal_actions()
        assert sorted(bot.evaluate(state)) == state.legal_actions()
        assert (state.plate, state.stock) == before


def test_hint_bot_is_a_bot():
    assert HINT_BOT in BOTS


def test_greedy_takes_the_biggest_immediate_clear():
    state = at_pick([6, 6, 2, 2, 1, 2, 4], [5, 3])  # SRC-5: picking 4 removes five dice for 25
    assert GreedyBot().choose(state, Random(0)) == 4
    assert GreedyBot().evaluate(state)[4] == 25


def test_greedy_breaks_ties_by_the_lowest_value():
    state = at_pick([1, 2, 4, 4, 5], [3, 3])  # no pick completes a set
    assert set(GreedyBot().evaluate(state).values()) == {0.0}
    assert GreedyBot().choose(state, Random(0)) == 1


@pytest.mark.parametrize("bot", [ExpectimaxBot(), OptimalBot()], ids=["expectimax", "optimal"])
def test_no_game_over_when_a_clear_saves_it(bot):
    # 7 dice at the start of the round, 2 rolled: only 6 (completing 6 6 6, removing the 5) goes on.
    state = at_pick([1, 1, 1, 2, 3, 3, 4, 5, 6], [6, 6])
    assert [p for p in state.legal_actions() if not pick_outcome(tuple(sorted(state.plate)), (6, 6), p).over] == [6]
    assert bot.choose(state, Random(0)) == 6
    values = bot.evaluate(state)
    assert values[6] == max(values.values()) and all(values[p] < values[6] for p in values if p != 6)


def test_pick_outcome_is_what_the_rules_do():
    for state in random_positions(300, seed=5):
        plate, tail = tuple(sorted(state.plate)), tuple(state.stock[-2:])
        for pick in state.legal_actions():
            after = state.clone()
            after.apply(pick)
            outcome = pick_outcome(plate, tail, pick)
            assert outcome.points == after.score - state.score
            assert outcome.plate == tuple(sorted(after.plate)) and outcome.tail == tuple(after.stock[-2:])
            assert outcome.over == after.game_over


def test_optimal_value_of_a_lost_pick_is_its_points():
    state = at_pick([1, 1, 1, 2, 3, 3, 4, 5, 6], [6, 6])
    assert OptimalBot().evaluate(state)[1] == 0.0


def bellman(values, plate, tail):
    """V(plate, tail) recomputed from the table: E over rolls of the best points + V(next)."""
    total = 0.0
    for roll, p in rolls(dice_to_add(len(plate))):
        full = after_add(plate, roll)
        outcomes = [pick_outcome(full, tail, pick) for pick in set(full)]
        total += p * max(o.points + (0.0 if o.over else values[state_index(o.plate, o.tail)]) for o in outcomes)
    return total


def test_table_solves_the_bellman_equation():
    values, rng = load_values(), Random(3)
    assert len(values) == len(PLATES) * len(TAILS)
    for _ in range(200):
        plate, tail = rng.choice(PLATES), rng.choice(TAILS)
        expected = values[state_index(plate, tail)]
        assert bellman(values, plate, tail) == pytest.approx(expected, rel=1e-5, abs=1e-4), (plate, tail)


def test_table_start_value_is_the_optimal_expected_score():
    assert load_values()[state_index((), ())] == pytest.approx(176.754, abs=0.01)
    assert min(load_values()) >= 0


@pytest.mark.parametrize("damage", [lambda b: b[:-4], lambda b: b"XXXX" + b[4:], lambda b: b[:5]])
def test_damaged_table_is_a_clear_error(tmp_path, damage):
    path = tmp_path / "values.bin"
    path.write_bytes(damage(VALUES_PATH.read_bytes()))
    with pytest.raises(ValueError, match="values.bin"):
        load_values(path)


def test_hint_is_the_optimal_pick_and_its_expected_value():
    state = at_pick([1, 1, 1, 2, 3, 3, 4, 5, 6], [6, 6])
    pick, value = hint(state)
    assert pick == 6 and value == OptimalBot().evaluate(state)[6] > 1


def brute_force(faces, round_cap):
    """The best score over every pick sequence, by exhaustive search through the rules."""
    def best(state, used):
        while state.is_chance_node():
            state.apply(faces[used])
            used += 1
        if state.is_terminal() or state.round >= round_cap:
            return state.score
        scores = []
        for pick in state.legal_actions():
            child = state.clone()
            child.apply(pick)
            scores.append(best(child, used))
        return max(scores)
    return best(new_state(), 0)


def play_picks(faces, picks):
    state, faces = new_state(), iter(faces)
    for pick in picks:
        while state.is_chance_node():
            state.apply(next(faces))
        state.apply(pick)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_clairvoyant_equals_brute_force(seed):
    rng = Random(seed)
    faces = [rng.randint(1, 6) for _ in range(30)]
    player = ClairvoyantPlayer(round_cap=7)
    score, picks = player.plan(faces)
    assert score == brute_force(faces, 7)
    assert play_picks(faces, picks).score == score


def test_clairvoyant_follows_all_clears_and_game_overs():
    # spec 8.3's rolls: an all-clear in round 8 makes round 9 roll three dice
    faces = [2, 2, 5, 1, 3, 2, 3, 4, 6, 3, 6, 5, 5, 5, 4, 6, 4, 1, 2, 3] + [6] * 10
    score, picks = ClairvoyantPlayer(round_cap=9).plan(faces)
    assert score >= 43 and score == brute_force(faces, 9)
    assert play_picks(faces, picks).score == score
    # nothing but sixes: no clear is ever possible, so the game ends in round 7 with 0
    score, picks = ClairvoyantPlayer(round_cap=10).plan([6] * 30)
    assert score == 0 and len(picks) == 7 and play_picks([6] * 30, picks).game_over


def run_arena(capsys, *extra):
    arena.main(["dice_slayer", "--games", "3", "--seed", "11", "--jobs", "1", "--json", "--scores", *extra])
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_arena_json_is_complete_and_deterministic(capsys):
    names = "random,greedy,expectimax,optimal,clairvoyant"
    first = run_arena(capsys, "--bots", names, "--round-cap", "20")
    second = run_arena(capsys, "--bots", names, "--round-cap", "20")
    assert list(first["bots"]) == names.split(",") and first["bound"] == "clairvoyant"
    for name, summary in first["bots"].items():
        for key in ("mean", "median", "p90", "mean_rounds", "think_ms_mean", "think_ms_p95",
                    "fraction_of_bound", "mean_ratio_to_bound", "scores"):
            assert key in summary
        assert summary["scores"] == second["bots"][name]["scores"]
        assert summary["mean_rounds"] <= 20
        bound = first["bots"]["clairvoyant"]["scores"]
        assert all(s <= b for s, b in zip(summary["scores"], bound, strict=True))


def test_arena_deals_every_bot_the_same_dice():
    title = arena.load_title("dice_slayer")
    state, chance = new_state(), Random(42)
    rolled = []
    for _ in range(10):
        events = play_chance(state, chance)
        rolled += [e.face for e in events]
        state.apply(state.legal_actions()[-1])
    assert arena.chance_outcomes(title, 42, len(rolled)) == rolled


@pytest.mark.parametrize("args,message", [
    (["no_such_title", "--bots", "random"], "unknown title"),
    (["dice_slayer", "--bots", "random,nobody"], "unknown bot"),
    (["dice_slayer", "--bots", "clairvoyant"], "round-cap"),
])
def test_arena_refuses_clearly(args, message):
    with pytest.raises(SystemExit, match=message):
        arena.main([*args, "--games", "1"])
