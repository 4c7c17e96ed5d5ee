"""Shinobazu random play (T21): invariants after every action, and resampling from every seat's view (replays,
clones, playing on from a resample and resampling from equal views are in the generic test_titles_generic.py)."""

from collections import Counter
from random import Random

import pytest

import game.core.cards as cards_module
from game.core.cards import constrained_deal, draw_outcomes
from game.titles.shinobazu.rules import (
    DECK,
    END_SCORE,
    Card,
    Force,
    GameOver,
    PlayOwn,
    RoundEnded,
    RoundStarted,
    card_key,
    new_state,
)

MAX_ACTIONS = 5_000  # random play ends long before this
GAMES = {3: 800, 4: 700, 5: 600}


def all_cards(state):
    """Every card on the table, in hands and piles (the pool is what is still to deal plus the unused pile)."""
    cards = [card for hand in state.hand for card in hand] + [card for stack in state.carried for card in stack]
    return cards + [card for card in state.current if card is not None] + [*state.discard, *state.pool]


def check_cards(state):
    """Conservation: hands + carried + current + discard + unused (pool) are the 15 cards, each once."""
    assert sorted(all_cards(state), key=card_key) == list(DECK)


def check_knowledge(state):
    """The public deductions hold in the real deal: voids, the lead card's colour, returned cards in hand."""
    for seat in range(state.n):
        assert not [card for card in state.hand[seat] if card.colour in state.voids[seat]]
        assert set(state.known_in_hand[seat]) <= set(state.hand[seat])
    for at, card in enumerate(state.current):
        if card is None:
            continue
        if state.placed_by[at] == state.start:
            assert card.colour == state.lead
        if not state.revealed[at]:
            assert card.colour not in state.voids[state.placed_by[at]]


def check_decision(state):
    legal = state.legal_actions()
    assert len(legal) == len(set(legal)) and bool(legal) != state.is_terminal()
    if not state.is_chance_node() and not state.is_terminal():
        assert len(legal) <= 18


def check_round_start(state, event):
    assert event.start == state.start == state.cur and state.carried[state.start] == ()
    assert [len(hand) for hand in state.hand] == [4 - event.round_in_set] * state.n
    if event.round_in_set == 1:
        assert state.carried == [()] * state.n and len(state.unused) == 15 - 3 * state.n


def random_game(players, seed):
    """A game of random chance and random decisions, checked after every action."""
    state, rng = new_state(players), Random(seed)
    played = Counter()
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        mover = state.current_player()
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        events = state.apply(action)
        if type(action) in (PlayOwn, Force):
            played[mover] += 1
        for event in events:
            if isinstance(event, RoundStarted):
                check_round_start(state, event)
                played.clear()
            elif isinstance(event, RoundEnded):
                assert played == Counter(range(players))  # every player played exactly one card
        check_cards(state)
        check_knowledge(state)
        check_decision(state)
        assert min(state.score) >= 0
    pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_play_keeps_invariants(players):
    rounds = 0
    for seed in range(GAMES[players]):
        state = random_game(players, seed)
        assert max(state.score) >= END_SCORE and state.returns()[state.winners()[0]] == 1 / len(state.winners())
        assert sum(state.returns()) == pytest.approx(1)
        rounds += state.rounds
    assert 6 < rounds / GAMES[players] < 20  # the spec's reference averaged about 11 rounds


def test_random_play_reaches_every_kind_of_event():
    seen = Counter()
    for seed in range(150):
        state, rng = new_state(3 + seed % 3), Random(seed)
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            seen.update(type(event).__name__ for event in state.apply(action))
    kinds = ("LoneFighterLeaves", "ThreeTechnique", "Duel", "DuelRefused", "NoChallenge", "CardsCarried",
             "CardsReturned", "Reshuffled", "GameOver")
    assert all(seen[kind] for kind in kinds), seen
    assert seen["GameOver"] == 150


def test_game_over_names_the_winners():
    state, rng = new_state(4), Random(7)
    while not state.is_terminal():
        events = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    low = min(state.score)
    winners = tuple(seat for seat in range(4) if state.score[seat] == low)
    assert events[-1] == GameOver(tuple(state.score), winners)
    assert state.statistics() == {"players": 4, "scores": state.score, "rounds": state.rounds, "deals": state.deal,
                                  "winners": list(winners), "over": True}


# --- resampling -----------------------------------------------------------------------------------------------
def positions(players, count, seed):
    """Random positions along random games: decisions and chance nodes alike."""
    rng, found = Random(seed), []
    while len(found) < count:
        state = new_state(players)
        while not state.is_terminal() and len(found) < count:
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply(action)
            if rng.random() < 0.2:
                found.append(state.clone())
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_resample_keeps_the_view_and_the_constraints(players):
    for index, state in enumerate(positions(players, 120, seed=players)):
        for seat in range(players):
            world = state.resample(seat, Random(index * 7 + seat))
            assert world.view(seat) == state.view(seat)
            assert world.hand[seat] == state.hand[seat]
            again = new_state(players)
            for action in world.history:  # a possible world: its history replays to it
                again.apply(action)
            assert [again.view(j) for j in range(players)] == [world.view(j) for j in range(players)]
            check_cards(world)
            check_knowledge(world)
            check_decision(world)


def test_resample_deals_the_hidden_cards_afresh():
    state = new_state(4)
    rng = Random(5)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    seat = state.current_player()
    worlds = {tuple(state.resample(seat, Random(k)).hand) for k in range(30)}
    assert len(worlds) > 20 and all(hands[seat] == state.hand[seat] for hands in worlds)


# --- the card helpers the resample uses --------------------------------------------------------------------
def test_draw_outcomes_are_uniform_and_canonical():
    outcomes = draw_outcomes(reversed(DECK[:5]), card_key)
    assert [card for card, _ in outcomes] == list(DECK[:5]) and {p for _, p in outcomes} == {0.2}


@pytest.mark.parametrize("tries", [0, cards_module.TRIES])
def test_constrained_deal_is_uniform_over_the_fitting_deals(monkeypatch, tries):
    """Two red-free hands of 2, one black card, and 3 free: each fitting deal about equally often."""
    monkeypatch.setattr(cards_module, "TRIES", tries)
    pool = [Card(colour, value) for colour in "KRB" for value in (1, 2)] + [Card("K", 4), Card("B", 4)]
    slots = [(2, ("K", "B")), (2, ("K", "B")), (1, ("K",)), (3, None)]
    counts = Counter()
    for seed in range(4000):
        deal = constrained_deal(Random(seed), pool, slots, lambda card: card.colour)
        assert not [card for hand in deal[:2] for card in hand if card.colour == "R"] and deal[2][0].colour == "K"
        counts[tuple(frozenset(hand) for hand in deal)] += 1
    expected = 4000 / len(counts)
    assert len(counts) == 90 and all(0.4 * expected < n < 1.8 * expected for n in counts.values())


def test_constrained_deal_refuses_impossible_constraints():
    pool = [Card("R", 1), Card("R", 2), Card("K", 1)]
    with pytest.raises(ValueError, match="no deal"):
        constrained_deal(Random(0), pool, [(2, ("K",)), (1, None)], lambda card: card.colour)
    with pytest.raises(ValueError, match="add up"):
        constrained_deal(Random(0), pool, [(2, None)], lambda card: card.colour)
