"""Fusejika's secret redeal check (spec A2b): the others see exactly the deal without it, in views and in events."""

from dataclasses import replace
from random import Random

import pytest

from game.ai.levels import make_bot
from game.core.engine import CHANCE, UNSEEN
from game.titles.fusejika.bots import redeal_choice
from game.titles.fusejika.rules import (
    CARD_BY_ID,
    DEAL,
    KEEP,
    PLAY,
    REDEAL,
    REDEAL_CHECK,
    CardDealt,
    DealStarted,
    Play,
    RedealCalled,
    TurnBegan,
    new_state,
    parse_cards,
)

# A 3-player deal from start P0: P1 gets cards 0,3,6; P2 gets 1,4,7; P0 (the dealer) gets 2,5,8.
P1_TRIPLE = "QS 9S 10S QH 9H 10H QD JC JD"  # P1: QS QH QD
P1_BROKEN = "QS 9S 10S QH 9H 10H KD JC JD"  # the same deal with P1's triple broken (KD was never dealt)
P0_TRIPLE = "9S 10S QS 9H 10H QH JC JD QD"  # P0, the dealer, completes QS QH QD with the last card
P0_BROKEN = "9S 10S QS 9H 10H QH JC JD KD"
BOTH_TRIPLE = "QS 9S KS QH 9H KH QD JC KC"  # P1: QS QH QD and P0: KS KH KC


def seen(events, seat):
    """Events as `seat` may see them (a card dealt to someone else is hidden)."""
    return [replace(e, card=None) if isinstance(e, CardDealt) and e.seat != seat else e for e in events]


def steps(cards, choices=()):
    """Deal `cards` from start P0; after each card (and each secret choice) the state and that step's events. A
    check with no choice left ends it."""
    state, choices, out = new_state(3), list(choices), []

    def step(action):
        events = state.apply(action)
        out.append((state.clone(), events))

    step(0)
    for text in cards.split():
        if state.phase == REDEAL_CHECK:
            break
        step(CARD_BY_ID[text])
        while state.phase == REDEAL_CHECK and choices:
            step(choices.pop(0))
    return state, out


def by_card(trace):
    """The trace grouped per card: the state after the card and after any choice it led to, and all events."""
    groups = []
    for state, events in trace:
        if len(state.history) and state.history[-1] in (REDEAL, KEEP):
            groups[-1][0].append(state)
            groups[-1][1].extend(events)
        else:
            groups.append(([state], list(events)))
    return groups


@pytest.mark.parametrize(("triple", "broken", "decider", "others"), [
    (P1_TRIPLE, P1_BROKEN, 1, (0, 2)),
    (P0_TRIPLE, P0_BROKEN, 0, (1, 2)),
])
def test_the_others_see_the_deal_without_the_check(triple, broken, decider, others):
    final, trace = steps(triple, [KEEP])
    plain_final, plain = steps(broken)
    assert any(state.phase == REDEAL_CHECK for state, _ in trace)
    groups, plain_groups = by_card(trace), by_card(plain)
    assert len(groups) == len(plain_groups)
    for (states, events), ([plain_state], plain_events) in zip(groups, plain_groups, strict=True):
        for seat in others:
            for state in states:  # while the check is pending and once it is resolved
                assert state.view(seat) == plain_state.view(seat)
            assert seen(events, seat) == seen(plain_events, seat)
    # after KEEP the play goes on from the start player, as without the check
    assert final.phase == PLAY and final.cur == 0 and plain_final.phase == PLAY and plain_final.cur == 0
    action = Play(final.playable(0)[0])
    if decider != 0:
        assert final.hand[0] == plain_final.hand[0]
        assert seen(final.apply(action), 2) == seen(plain_final.apply(action), 2)


def test_the_decider_sees_its_own_choice():
    _, trace = steps(P1_TRIPLE, [KEEP])
    asked = [state for state, _ in trace if state.phase == REDEAL_CHECK]
    assert len(asked) == 1 and asked[0].cur == 1
    view = asked[0].view(1)
    assert view.phase == REDEAL_CHECK and view.to_move == 1 and view.legal == (REDEAL, KEEP)
    after = [state for state, _ in trace if state.history[-1] == KEEP][0]
    assert after.phase == DEAL and after.view(1).redeal_choice == KEEP and after.view(0).redeal_choice is None


def test_the_dealer_decides_after_its_turn_has_begun_for_the_others():
    state, trace = steps(P0_TRIPLE)
    assert state.phase == REDEAL_CHECK and state.cur == 0 and state.legal_actions() == [REDEAL, KEEP]
    assert trace[-1][1][-1] == TurnBegan(0)  # the last card's events, as without a check
    assert state.view(0).phase == REDEAL_CHECK and state.view(0).legal == (REDEAL, KEEP)
    for seat in (1, 2):
        view = state.view(seat)
        assert view.phase == PLAY and view.to_move == 0 and view.legal == ()
    assert state.apply(KEEP) == []  # the turn has already begun
    assert state.phase == PLAY and state.cur == 0


def test_a_redeal_is_revealed_once_the_deal_is_complete():
    state, trace = steps(P1_TRIPLE, [REDEAL])
    choice = [events for s, events in trace if s.history[-1] == REDEAL]
    assert choice == [[]]  # nothing is told when it is chosen
    events = trace[-1][1]
    assert events[1] == RedealCalled(1, parse_cards("QS QH QD"))
    assert DealStarted(1, 0, True) in events and state.phase == DEAL and state.deck_size == 24


def test_the_dealer_keeps_its_secret_from_an_earlier_redeal_chooser():
    # P1 chose REDEAL: the dealer is not asked (the redeal is certain), so P1 sees the reveal at the deal's end
    # whether or not the dealer holds three of a kind.
    state, trace = steps(BOTH_TRIPLE, [REDEAL])
    events = trace[-1][1]
    assert [e.seat for e in events if isinstance(e, RedealCalled)] == [1] and state.phase == DEAL
    # P1 chose KEEP and the dealer decides: P1's view is the round begun, with no trace of its own choice
    state, _ = steps(BOTH_TRIPLE, [KEEP])
    assert state.phase == REDEAL_CHECK and state.cur == 0
    _, plain = steps("QS 9S KS QH 9H KH QD JC AC", [KEEP])  # the dealer without three of a kind
    assert state.view(1) == plain[-1][0].view(1)


def test_a_view_says_you_are_to_move_exactly_when_you_are():
    """Along random games (redeal checks included): a seat's view shows it to move iff the engine waits for it,
    and a seat that is not deciding never sees a check."""
    checks = 0
    for seed in range(30):
        state, rng = new_state(3 + seed % 3), Random(seed)
        while not state.is_terminal():
            mover = state.current_player()
            checks += state.phase == REDEAL_CHECK
            for seat in range(state.n):
                view = state.view(seat)
                assert (view.to_move == seat) == (mover == seat)
                if mover != seat:
                    assert view.phase != REDEAL_CHECK and view.legal == ()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert checks > 3


def test_resamples_during_a_check():
    _, trace = steps(P1_TRIPLE)
    state = next(s for s, _ in trace if s.phase == REDEAL_CHECK)
    for k in range(20):
        mine = state.resample(1, Random(k))
        assert mine.view(1) == state.view(1) and mine.legal_actions() == [REDEAL, KEEP]
        for seat in (0, 2):  # the others' worlds have no check pending: the deal goes on
            world = state.resample(seat, Random(k))
            assert world.view(seat) == state.view(seat) and world.current_player() == CHANCE
    final, _ = steps(P0_TRIPLE)
    for seat in (1, 2):
        world = final.resample(seat, Random(3))
        assert world.view(seat) == final.view(seat) and world.phase == PLAY and world.cur == 0


@pytest.mark.parametrize("cards", [P1_TRIPLE, P0_TRIPLE])
def test_every_bot_level_decides_a_check(cards):
    state, _ = steps(cards)
    assert state.phase == REDEAL_CHECK
    for level in ("random", "easy", "normal", "hard"):
        bot = make_bot("fusejika", level, iterations=20)
        choice = bot.choose(state.clone(), Random(0))
        assert choice in (REDEAL, KEEP)
        if level in ("normal", "hard"):  # no search: the policy's rule, at once
            assert choice == redeal_choice(state, state.cur)


def test_the_others_search_never_sees_a_check():
    """A2b for the search, which files moves by `action_key`: another seat's pending check is UNSEEN (no node in
    the observer's tree) whichever it chooses, mid-deal and at the deal's end; only the dealer's REDEAL at the
    deal's end shows at once, as the reveal does. It used to be ("check", seat) mid-deal and the raw choice at
    the end, so a seat's tree branched on another's three of a kind."""
    mid, _ = steps(P1_TRIPLE)
    assert mid.phase == REDEAL_CHECK and mid.cur == 1 and mid.to_deal
    for observer in (0, 2):
        assert mid.action_keys([REDEAL, KEEP], observer) == [UNSEEN, UNSEEN]
    assert mid.action_key(KEEP, 1) == KEEP and mid.action_key(REDEAL, 1) == REDEAL
    end, _ = steps(P0_TRIPLE)
    assert end.phase == REDEAL_CHECK and end.cur == 0 and not end.to_deal
    for observer in (1, 2):
        assert end.action_key(KEEP, observer) is UNSEEN and end.action_key(REDEAL, observer) == REDEAL
        after = end.clone()
        after.apply(KEEP)
        assert after.view(observer) == end.view(observer)  # an UNSEEN move leaves the view as it was



def replays(world, seat) -> bool:
    """Whether the world's history, applied to a new match, leads to the same views for every seat."""
    again = new_state(world.n)
    for action in world.history:
        again.apply(action)
    return [again.view(j) for j in range(world.n)] == [world.view(j) for j in range(world.n)]


@pytest.mark.parametrize(("cards", "choices"), [
    (P1_TRIPLE, []),  # P1 deciding, mid-deal
    (P1_TRIPLE, [KEEP]),  # kept: the deal goes on to its end
    (P1_TRIPLE, [REDEAL]),  # revealed at the deal's end, then dealt again
    (P0_TRIPLE, []),  # the dealer deciding at the deal's end
    (BOTH_TRIPLE, [REDEAL]),  # the dealer is not asked after P1's REDEAL
    (BOTH_TRIPLE, [KEEP]),  # P1 kept, the dealer deciding
])
def test_worlds_around_a_check_replay(cards, choices):
    """Issue 21, item 3: a world's history replays to it, the secret checks put back as the rules ask them (the
    viewer's own as its view says, another seat's KEEP, a revealed REDEAL its revealer's)."""
    state, _ = steps(cards, choices)
    rng = Random(5)
    for _ in range(12):
        for seat in range(3):
            for k in range(6):
                world = state.resample(seat, Random(k))
                assert world.view(seat) == state.view(seat) and replays(world, seat), (seat, k)
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
