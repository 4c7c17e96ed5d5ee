"""The first ISMCTS (the baseline normal_v1) and the bot levels on a small hidden-information toy game: best moves, availability, anytime, fairness."""

from __future__ import annotations

import importlib.util
from random import Random

import pytest
from game.titles.high_card.bots import rollout_policy
from game.titles.high_card.rules import DOUBLE, KEEP, SWAP, HighCard

from game.ai.bot import RandomBot
from game.ai.fairness import assert_fair
from game.ai.ismcts import ISMCTS
from game.ai.levels import GENERIC, BotKit, NoisyBot, SearchBot, SearchBotV1, UnknownBot, level_bot, make_bot


class Cheater:
    """Looks at everybody's cards: keeps only when it already holds the best one."""

    name = "cheater"

    def choose(self, state: HighCard, rng: Random) -> str:
        mine = state.cards[state.turn]
        return KEEP if mine >= max(state.cards) else SWAP


def dealt(*cards: int, actions: tuple = ()) -> HighCard:
    state = HighCard(len(cards))
    for action in (*cards, *actions):
        state.apply(action)
    return state


def decisions(seed: int, games: int = 20):
    """Every decision state of random toy games."""
    rng = Random(seed)
    for _ in range(games):
        state = HighCard(rng.choice((2, 3, 4)))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


# --- the toy game itself ------------------------------------------------------------------------------------
def test_toy_resample_keeps_the_view_and_replays():
    for state in decisions(1):
        seat = state.current_player()
        for k in range(3):
            world = state.resample(seat, Random(k))
            assert world.view(seat) == state.view(seat) and world.legal_actions() == state.legal_actions()
            replayed = HighCard(state.n)
            for action in world.history:
                replayed.apply(action)
            assert replayed.view(0) == world.view(0) and replayed.cards == world.cards


# --- the search ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards,actions,seat,good", [
    ((1, 4, 5), (), 0, {SWAP}),
    ((6, 2, 3), (), 0, {KEEP, DOUBLE}),
    ((4, 3, 1), (KEEP, KEEP), 2, {SWAP}),
    ((2, 8, 3, 1), (KEEP,), 1, {KEEP, DOUBLE}),
])
def test_search_finds_the_obvious_move(cards, actions, seat, good):
    search = ISMCTS(dealt(*cards, actions=actions), seat, Random(3), rollout_policy)
    search.run(iterations=300)
    assert search.best_action() in good, search.stats()
    assert sum(search.stats().values()) == 300 == search.root.visits


def test_availability_counts_follow_the_determinizations():
    search = ISMCTS(dealt(1, 4, 5), 0, Random(5))
    search.run(iterations=2000)
    root = search.root
    for child in root.children.values():  # the seat's own actions are legal in every determinization
        assert child.visits <= child.avail <= root.visits
    seat1 = root.children[KEEP].children  # seat 1 may double only in the worlds where it holds 5 or 6
    assert seat1[KEEP].avail > seat1[DOUBLE].avail > 0
    assert 0.25 < seat1[DOUBLE].avail / seat1[KEEP].avail < 0.55  # it holds 5 or 6 in 2 of the 5 unseen cards
    for child in seat1.values():
        assert child.visits <= child.avail


def test_run_is_anytime_and_resumable():
    state = dealt(3, 4, 5)
    once = ISMCTS(state, 0, Random(8), rollout_policy)
    once.run(iterations=400)
    twice = ISMCTS(state, 0, Random(8), rollout_policy)
    assert twice.run(iterations=150) == 150
    first = sum(twice.stats().values())
    twice.run(iterations=250)
    assert sum(twice.stats().values()) == first + 250 == twice.iterations
    assert twice.stats() == once.stats() and twice.values() == once.values()


def test_search_is_deterministic_and_keeps_deadlines():
    state = dealt(3, 4, 5, 1, actions=(KEEP,))
    runs = []
    for _ in range(2):
        search = ISMCTS(state, 1, Random(13))
        search.run(iterations=200)
        runs.append((search.stats(), search.values(), search.best_action()))
    assert runs[0] == runs[1]
    late = ISMCTS(state, 1, Random(13))
    assert late.run(deadline=0.0) == 1 and late.best_action() in state.legal_actions()  # a past deadline: one


def test_truncated_rollouts_use_evaluate():
    calls = []

    def evaluate(state: HighCard) -> list[float]:
        calls.append(state.turn)
        return [c / state.top for c in state.cards]

    search = ISMCTS(dealt(1, 4, 5), 0, Random(2), evaluate=evaluate, max_rollout_depth=1)
    search.run(iterations=50)
    assert 0 < len(calls) < 50 and search.best_action() == SWAP  # some iterations end in the tree


def test_policy_opponents_move_by_the_rollout_policy_in_the_tree():
    seen = []

    def policy(state: HighCard, rng: Random) -> str:
        seen.append(state.turn)
        return rollout_policy(state, rng)

    search = ISMCTS(dealt(1, 4, 5), 0, Random(4), policy, opponents="policy")
    search.run(iterations=300)
    assert search.best_action() == SWAP
    for child in search.root.children.values():  # seat 1 plays its policy, which never doubles (UCB would try it)
        assert child.children and DOUBLE not in child.children
    searched = ISMCTS(dealt(1, 4, 5), 0, Random(4), policy)
    searched.run(iterations=300)
    assert any(DOUBLE in child.children for child in searched.root.children.values())
    assert sum(search.stats().values()) == 300 and 1 in seen
    with pytest.raises(ValueError, match="search' or 'policy"):
        ISMCTS(dealt(1, 4, 5), 0, Random(0), opponents="bluff")


def test_search_refuses_misuse():
    state = dealt(1, 4, 5)
    with pytest.raises(ValueError, match="not to move"):
        ISMCTS(state, 1, Random(0))
    with pytest.raises(ValueError, match="evaluate"):
        ISMCTS(state, 0, Random(0), max_rollout_depth=3)
    search = ISMCTS(state, 0, Random(0))
    with pytest.raises(ValueError, match="run the search"):
        search.best_action()
    with pytest.raises(ValueError, match="budget"):
        search.run()


# --- levels and fairness ------------------------------------------------------------------------------------
def test_search_bots_are_fair():
    states = [s for i, s in enumerate(decisions(4, games=6)) if i % 3 == 0]
    for state in states:
        assert_fair(state, state.current_player(), lambda: SearchBotV1("normal", 60, rollout_policy=rollout_policy),
                    seeds=range(2), resamples=3)


def test_simple_bots_are_fair():
    toy = BotKit(rollout_policy=rollout_policy)
    for state in list(decisions(6, games=5))[::2]:
        for level in ("random", "easy", "normal:30"):
            assert_fair(state, state.current_player(), lambda lv=level: level_bot(toy, lv), resamples=3)


def test_a_cheating_bot_is_caught():
    state = dealt(4, 3, 6, 1)  # seat 0 holds the 4: the cheater keeps or swaps by the others' cards
    with pytest.raises(AssertionError, match="cheater .* unfair at seat 0"):
        assert_fair(state, 0, Cheater, resamples=10)


@pytest.mark.skipif(importlib.util.find_spec("game.titles.shinobazu.rules") is None,
                    reason="the Shinobazu engine is not there yet")
def test_generic_levels_are_fair_on_shinobazu():
    from game.titles.shinobazu.rules import new_state as shinobazu

    rng, phases = Random(3), {}
    state = shinobazu(4)
    while not state.is_terminal() and len(phases) < 4:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            phases.setdefault(state.phase, state.clone())
        state.apply(rng.choice(state.legal_actions()))
    for position in phases.values():
        for level in ("random", "easy", "normal:25"):
            assert_fair(position, position.current_player(), lambda lv=level: make_bot("shinobazu", lv),
                        seeds=range(2), resamples=3)


def test_levels():
    toy = BotKit(rollout_policy=rollout_policy)
    assert isinstance(level_bot(toy, "random"), RandomBot)
    easy = level_bot(toy, "easy")
    assert isinstance(easy, NoisyBot) and easy.inner.policy is rollout_policy
    hard = level_bot(toy, "hard:77")
    assert isinstance(hard, SearchBot) and hard.iterations == 77 and hard.policy is rollout_policy
    old = level_bot(toy, "normal_v1")
    assert isinstance(old, SearchBotV1) and old.iterations == 200 and old.rollout_policy is rollout_policy
    assert level_bot(toy, "hard_v1:12").iterations == 12
    assert level_bot(GENERIC, "normal", iterations=9).iterations == 9
    state = dealt(1, 4, 5)
    bot = level_bot(toy, "normal:50")
    assert bot.choose(state, Random(1)) == SWAP and sum(bot.last.stats().values()) == 50
    for bad in ("expert", "easy:3", "normal:x", "easy_v1", "normal_v2"):
        with pytest.raises(UnknownBot, match="unknown bot level"):
            level_bot(toy, bad)
    with pytest.raises(UnknownBot, match="unknown title"):
        make_bot("no_such_title", "normal")
    assert make_bot("dice_combat", "random").name == "random"
