"""Fusejika random play: invariants after every action over thousands of seeds, and resampling (replays, clones,
playing on from a resample and resampling from equal views are in the generic test_titles_generic.py)."""

from collections import Counter
from random import Random

import pytest

from game.titles.fusejika.rules import (
    ALL_RANKS,
    BIT,
    DECK,
    PLAY,
    POINTS,
    REDEAL_CHECK,
    STUCK,
    SUDDEN_DEATH,
    CardPlayed,
    DealStarted,
    GameOver,
    RoundScored,
    Stuck,
    SuddenDeath,
    card_key,
    new_state,
    rank_mask,
    score_row,
)

MAX_ACTIONS = 5_000
ALL_CARDS = set(DECK)
GAMES = {3: 500, 4: 420, 5: 380}  # 1,300 matches: about 4,500 rounds


def all_cards(state):
    cards = [card for group in (*state.hand, *state.row) for card in group]
    return cards + list(state.pool) + list(state.bottom)


def check_state(state):
    """24 cards each once; no rank twice in a row; public knowledge true; rows never complete unless over."""
    cards = all_cards(state)
    assert len(cards) == 24 and set(cards) == ALL_CARDS
    for seat in range(state.n):
        row = state.row[seat]
        assert len({card.rank for card in row}) == len(row)
        assert set(state.known[seat]) <= set(state.hand[seat])
        if rank_mask(row) == ALL_RANKS:
            assert state.result == (SUDDEN_DEATH, (seat,))
    assert not set(state.pool) & set(state.bottom)
    legal = state.legal_actions()
    assert len(legal) == len(set(legal)) and bool(legal) != state.is_terminal()


def check_round_end(state, mover, before, event):
    """A round ends only by the mover's forced STUCK, and scores as the spec computes."""
    assert event.ender == mover and before.playable(mover) == ()
    expected = [score_row(before.row[i], i == mover).points for i in range(state.n)]
    assert [s.points for s in event.scores] == expected
    assert list(event.totals) == [t + p for t, p in zip(before.totals, expected, strict=True)]


def random_match(players, seed, checks=True):
    state, rng = new_state(players), Random(seed)
    round_turns = 0
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        mover = state.current_player()
        chance = state.is_chance_node()
        action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        before = state.clone() if action == STUCK else None
        if not chance and state.phase == PLAY and action != STUCK:
            assert not BIT[action.card] & rank_mask(state.row[mover])
        events = state.apply(action)
        for event in events:
            kind = type(event)
            if kind is RoundScored:
                check_round_end(state, mover, before, event)
                round_turns = 0
            elif kind is CardPlayed:
                round_turns += 1
                assert round_turns <= 200
            elif kind is SuddenDeath:
                assert rank_mask(event.row) == ALL_RANKS
        assert (action == STUCK) == any(type(e) is Stuck for e in events)
        if checks:
            check_state(state)
    pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_play_keeps_invariants(players):
    results = Counter()
    for seed in range(GAMES[players]):
        state = random_match(players, seed, checks=seed % 2 == 0)
        kind, winners = state.result
        results[kind] += 1
        assert sum(state.returns()) == pytest.approx(1)
        if kind == POINTS:
            assert len(state.round_scores) == players
            assert list(state.totals) == [sum(r[i] for r in state.round_scores) for i in range(players)]
            assert winners == tuple(i for i in range(players) if state.totals[i] == max(state.totals))
            assert all(0 <= p <= 13 for r in state.round_scores for p in r)
        else:
            assert len(winners) == 1 and len(state.round_scores) < players
    assert results[POINTS] and results[SUDDEN_DEATH]


def test_random_play_reaches_every_kind_of_event():
    seen = Counter()
    for seed in range(200):
        state, rng = new_state(3 + seed % 3), Random(seed)
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            seen.update(type(event).__name__ for event in state.apply(action))
    kinds = ("RedealCalled", "CardDrawn", "DrawsMissed", "NoEffect", "Copied", "CardLost", "CardKicked", "SkipSet",
             "TurnSkipped", "Stuck", "RoundScored", "MarkerPassed", "SuddenDeath", "GameOver")
    assert all(seen[kind] for kind in kinds), seen
    assert seen["GameOver"] == 200


def test_game_over_names_the_winners():
    state, rng = new_state(4), Random(11)
    while not state.is_terminal():
        events = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert events[-1] == GameOver(state.result[0], state.result[1], tuple(state.totals))


# --- resampling -----------------------------------------------------------------------------------------------
def positions(players, count, seed, redeal_checks=False):
    """Random positions along random games (decisions and chance nodes alike, or only redeal checks)."""
    rng, found = Random(seed), []
    while len(found) < count:
        state = new_state(players)
        while not state.is_terminal() and len(found) < count:
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply(action)
            if (state.phase == REDEAL_CHECK) if redeal_checks else rng.random() < 0.1:
                found.append(state.clone())
    return found


def check_world(world, state, seat):
    assert world.view(seat) == state.view(seat)
    assert world.hand[seat] == state.hand[seat]
    assert sorted(all_cards(world), key=card_key) == list(DECK)
    for j in range(state.n):
        assert set(state.known[j]) <= set(world.hand[j])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_resample_keeps_the_view_and_the_public_knowledge(players):
    for index, state in enumerate(positions(players, 150, seed=players)):
        for seat in range(players):
            check_world(state.resample(seat, Random(index * 7 + seat)), state, seat)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_resample_during_a_secret_redeal_check(players):
    for index, state in enumerate(positions(players, 12, seed=40 + players, redeal_checks=True)):
        for seat in range(players):
            world = state.resample(seat, Random(index))
            check_world(world, state, seat)
            assert world.legal_actions() == state.legal_actions() or seat != state.cur


def test_resample_honours_the_known_bottom_and_who_drew_it():
    seen = 0
    for index, state in enumerate(positions(4, 400, seed=99)):
        if not state.bottom and not any(state.known):
            continue
        seen += 1
        for seat in range(4):
            world = state.resample(seat, Random(index))
            assert world.bottom == state.bottom and world.known == state.known
    assert seen > 20


def test_resample_deals_the_hidden_cards_afresh():
    state, rng = new_state(4), Random(5)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    seat = state.current_player()
    worlds = {tuple(state.resample(seat, Random(k)).hand) for k in range(30)}
    assert len(worlds) > 20


def test_deal_events_say_which_round():
    state, rng = new_state(3), Random(2)
    rounds = []
    while not state.is_terminal():
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        rounds += [e.round_no for e in state.apply(action) if isinstance(e, DealStarted)]
    assert rounds == sorted(rounds) and rounds[0] == 1
