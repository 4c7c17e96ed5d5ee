"""Kitsune-gaeshi random play: invariants after every action over thousands of seeds, and resampling (replays and
the generic checks of every title are in test_titles_generic.py)."""

from collections import Counter
from random import Random

import pytest

from game.titles.kitsune_gaeshi.bots import Posterior
from game.titles.kitsune_gaeshi.rules import (
    CARDS,
    CASUAL,
    DECLARE,
    EARLY_FINISH,
    FOX,
    SOULS,
    TURN,
    GameOver,
    RoundStarted,
    from_view,
    lie_stats,
    new_state,
    unknown_slots,
)

MAX_ACTIONS = 2_000  # a game has at most 12 rounds of at most 34 actions
SETTINGS = [{"players": 3}, {"players": 4}, {"players": 4, "companion": CASUAL},
            {"players": 3, "two_left": EARLY_FINISH}, {"players": 4, "fox_count": 2}, {"players": 3, "fox_count": 5}]


def check(state, souls_before):
    """11 cards accounted for, fox counts, souls never negative and never rising, turn order over alive seats."""
    on_table = state.on_table() + (state.drawn is not None)
    assert on_table + state.deck_size == CARDS
    foxes = state.table_foxes() + (state.drawn == FOX)
    assert foxes + state.deck_foxes == state.fox_count and 0 <= state.deck_foxes <= state.deck_size
    assert all(0 <= s <= before <= SOULS for s, before in zip(state.souls, souls_before, strict=True))
    if not state.is_terminal() and not state.is_chance_node():
        assert state.alive(state.cur)
        assert state.legal_actions() and len(set(state.legal_actions())) == len(state.legal_actions())
    for seat in range(state.n):
        if not state.alive(seat):
            assert state.table[seat] == () or state.is_terminal()


def random_game(seed, **settings):
    state, rng = new_state(**settings), Random(seed)
    souls = list(state.souls)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        events = state.apply(action)
        check(state, souls)
        souls = list(state.souls)
        for event in events:
            if type(event) is RoundStarted:
                assert state.on_table() == 0 and state.deck_size == CARDS and state.phase == TURN
    pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("settings", SETTINGS)
def test_random_play_keeps_invariants_and_ends(settings):
    games = 400
    rounds = 0
    for seed in range(games):
        state = random_game(seed, **settings)
        rounds += len(state.past)
        assert state.winners and sum(state.returns()) == pytest.approx(1)
        assert len(state.past) <= SOULS * state.n
        stats = lie_stats(state.past, state.n)
        assert sum(stats["declared"]) == sum(len(c) for r in state.past for c in r.tables)
        assert sum(stats["flips"]) == len(state.past)
        if settings.get("two_left") != EARLY_FINISH:
            assert len(state.alive_seats()) <= 1
    assert 3 < rounds / games <= 12


def test_random_play_reaches_every_kind_of_event():
    seen = Counter()
    for seed in range(200):
        state, rng = new_state(3 + seed % 2), Random(seed)
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            events = state.apply(action)
            seen.update(type(event).__name__ for event in events)
            seen.update("Companion" for e in events if type(e).__name__ == "SoulLost" and e.companion)
            seen.update("Forced" for e in events if type(e).__name__ == "Kaeshi" and e.forced)
        seen.update(["SharedWin"] if len(state.winners) > 1 else [])
        assert type(events[-1]) is GameOver
    for kind in ("StartChosen", "RoundStarted", "CardDrawn", "CardLaid", "Kaeshi", "Revealed", "SoulLost",
                 "Eliminated", "GameOver", "Companion", "Forced", "SharedWin"):
        assert seen[kind], (kind, seen)


# --- resampling ----------------------------------------------------------------------------------------------------
def positions(count, seed, players=4):
    rng, found = Random(seed), []
    while len(found) < count:
        state = new_state(players)
        while not state.is_terminal() and len(found) < count:
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
            if rng.random() < 0.2:
                found.append(state.clone())
    return found


@pytest.mark.parametrize("model", [False, True])
def test_resamples_keep_every_seats_view(model):
    rng = Random(4)
    for state in positions(150, seed=1):
        for seat in range(state.n):
            view = state.view(seat)
            world = Posterior(view).sample(rng) if model else from_view(view, rng)
            assert world.view(seat) == view
            if not state.is_chance_node():
                assert world.legal_actions() == state.legal_actions()
            assert world.table_foxes() + (world.drawn == FOX) + world.deck_foxes == world.fox_count
            for at, cards in enumerate(world.table):
                assert all(card.face is not None for card in cards), at


def test_uniform_resample_spreads_the_unknown_foxes_evenly():
    """Seat 0 holds one bride; B's card and the deck share 3 foxes among 10 cards: B's card is a fox 30%."""
    from game.titles.kitsune_gaeshi.rules import lay, position
    state = lay(position(3, 0), "B>b F>f")
    rng, foxes = Random(2), 0
    for _ in range(4000):
        foxes += from_view(state.view(0), rng).table[1][0].face == FOX
    assert foxes / 4000 == pytest.approx(0.3, abs=0.03)


def test_held_card_of_another_seat_is_resampled():
    state = positions(1, seed=9)[0]
    rng = Random(0)
    while state.phase != DECLARE:
        state.apply(state.sample_chance(rng) if state.is_chance_node() else "draw")
    other = (state.cur + 1) % state.n
    faces = {from_view(state.view(other), Random(k)).drawn for k in range(60)}
    assert faces <= {FOX, "bride"}
    _, _, unknown_foxes = unknown_slots(state.view(other))
    if unknown_foxes:  # the held card can be a fox in some resamples (and a bride in others: 8 brides)
        assert faces == {FOX, "bride"}
