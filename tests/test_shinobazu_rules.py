"""Shinobazu: every worked example of spec section 8, illegal actions, the JSON codec, clones and views."""

import json
from collections import Counter
from copy import deepcopy

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction
from game.titles.shinobazu.log import describe
from game.titles.shinobazu.rules import (
    ACCEPT,
    CARD_BY_ID,
    DECK,
    FIGHT,
    NO_CHALLENGE,
    PASS,
    REFUSE,
    Card,
    CardDealt,
    CardForced,
    CardPlayed,
    CardsCarried,
    CardsReturned,
    Challenge,
    Challenged,
    Dealt,
    Declare,
    Declared,
    Discarded,
    Duel,
    DuelAccepted,
    DuelRefused,
    FaceDown,
    Force,
    GameOver,
    Laid,
    LeadAnnounced,
    LoneFighterLeaves,
    PlayOwn,
    Reshuffled,
    Revealed,
    RoundEnded,
    RoundStarted,
    ScoreChanged,
    Showdown,
    StartChosen,
    ThreeTechnique,
    canonical,
    count_reversals,
    deal_order,
    new_state,
    parse_cards,
    position,
    total,
)


def c(text):
    return CARD_BY_ID[text]


def hands(*texts):
    return [parse_cards(text) for text in texts]


def dealt(start, *texts):
    """A new game whose start player and hands are injected as chance outcomes through apply."""
    held = hands(*texts)
    state = new_state(len(held))
    state.apply(start)
    for k in range(3):
        for j in range(len(held)):
            state.apply(held[(start + j) % len(held)][k])
    return state


def play(state, *actions):
    """Apply the actions in order; return every event."""
    events = []
    for action in actions:
        events += state.apply(action)
    return events


def kinds(events, kind):
    return [e for e in events if isinstance(e, kind)]


def the(events, kind):
    [event] = kinds(events, kind)
    return event


def own(text, stance=FIGHT):
    return PlayOwn(c(text), stance)


def force(text, target):
    return Force(c(text), target)


def snapshot(state):
    """A deep copy of everything a state holds, to check that a refused action changed nothing."""
    return {name: deepcopy(getattr(state, name)) for name in (*state.__slots__, "history")}


# --- 8.1 examples from the source ---------------------------------------------------------------------------
def test_src1_stack_total():
    assert total(parse_cards("K-3 R5")) == 2


@pytest.mark.parametrize("scores,after", [((0, 0, 0), [1, 0, 0]), ((0, 0, 3), [1, 0, 2])])
def test_src2_two_reversals_cancel_and_t10_floor(scores, after):
    state = position(hands("B2", "K4", "R5"), start=2, scores=scores)
    events = play(state, own("R5"), own("B2"), own("K4"))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 1, 2) and showdown.totals == (2, 4, 5) and showdown.lead == "R"
    assert (showdown.reversals, showdown.reversed, showdown.winner, showdown.losers) == (2, False, 2, (0,))
    assert state.score == after
    assert kinds(events, ScoreChanged) == [ScoreChanged(2, after[2] - scores[2], after[2]), ScoreChanged(0, 1, 1)]
    assert the(events, RoundEnded) == RoundEnded(1, (0,), 0) and state.start == 0
    assert not kinds(events, Challenged) and state.passers_left == ()


def test_src3_carried_black_two_reverses():
    state = position(hands("R5", "R4", "R1"), start=1, carried=hands("K2", "", ""), round_in_set=2)
    showdown = the(play(state, own("R4"), own("R1"), own("R5")), Showdown)
    assert showdown.stacks == (parse_cards("K2 R5"), parse_cards("R4"), parse_cards("R1"))
    assert showdown.totals == (7, 4, 1) and showdown.reversals == 1 and showdown.reversed
    assert showdown.winner == 2 and showdown.losers == (0,)


def test_src4_refusal_costs_one_point_per_card():
    state = position(hands("K1", "K4", "B5"), start=0, carried=hands("", "", "R5"), round_in_set=2)
    play(state, own("K1"), own("K4"), own("B5", PASS))
    assert state.current_player() == 0 and state.legal_actions() == [Challenge(2), NO_CHALLENGE]
    events = play(state, Challenge(2), REFUSE)
    assert the(events, DuelRefused) == DuelRefused(2, 2)
    assert Revealed(2, parse_cards("R5 B5")) in events and ScoreChanged(2, 2, 2) in events
    assert kinds(events, Discarded) == [Discarded(0, parse_cards("K1")), Discarded(2, parse_cards("R5 B5"))]
    assert state.last_gainers == (2,) and the(events, RoundEnded).next_start == 2 and state.start == 2
    assert state.score == [1, 0, 2] and state.carried == [(), (), ()]


def test_src5_refill_counts_returned_cards():
    state = position(hands("K5", "B1", "K1", "K2"), start=0, round_in_set=3,
                     discard=parse_cards("R1 R2 R4 R5 B2 B4 B5 K-3"))
    play(state, own("K5"), own("B1", PASS), own("K1"), own("K2"))
    assert state.phase == "challenge" and state.cur == 2
    events = play(state, NO_CHALLENGE)
    assert the(events, CardsReturned) == CardsReturned(1, parse_cards("B1"))
    assert state.hand[1] == parse_cards("B1") and state.known_in_hand[1] == parse_cards("B1")
    assert state.current_player() == CHANCE and state.start == 2
    assert Counter(state.to_deal) == {0: 3, 1: 2, 2: 3, 3: 3}
    assert state.to_deal[:4] == (2, 3, 0, 1) and len(state.pool) == 14
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hand] == [3, 3, 3, 3] and c("B1") in state.hand[1]
    assert len(state.unused) == 3 and state.round_in_set == 1 and state.deal == 2


# --- 8.2 constructed cases ------------------------------------------------------------------------------------
def test_t1_start_player_options():
    state = position(hands("R5 K1 B2", "K2 K4 K5", "R1 R2 R4", "B1 B4 B5"), start=0)
    legal = state.legal_actions()
    expected = [a for card in parse_cards("K1 R5 B2") for a in (PlayOwn(card), *(Force(card, q) for q in (1, 2, 3)))]
    assert legal == expected and len(legal) == 12
    assert all(a.stance == FIGHT for a in legal if isinstance(a, PlayOwn))


def test_t2_follow_rule_and_already_holding_a_forced_card():
    state = position(hands("R5 K1 K2", "K4 K5 B1", "B5 B4 R1", "R2 R4 B2"), start=0)
    events = play(state, force("R5", 2), Declare(PASS))
    assert the(events, LeadAnnounced) == LeadAnnounced(0, "R") and state.cur == 2
    assert state.legal_actions() == [force("R1", 0), force("R1", 1), force("R1", 3)]


@pytest.mark.parametrize("action,message", [
    (own("R1", PASS), "seat 2 already has a battle card: force R1 on another player"),
    (force("B5", 0), "must follow red: play R1"),
    (force("R1", 2), "seat 2 cannot force a card on themselves"),
    (force("R5", 0), "R5 is not in seat 2's hand"),
    (force("R1", 7), "there is no seat 7"),
    (Declare(FIGHT), "seat 2 must play a card"),
    (ACCEPT, "seat 2 must play a card"),
])
def test_t2_illegal_actions_explain_and_change_nothing(action, message):
    state = position(hands("R5 K1 K2", "K4 K5 B1", "B5 B4 R1", "R2 R4 B2"), start=0)
    play(state, force("R5", 2), Declare(PASS))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert snapshot(state) == before


def test_t3_turn_after_forcing_a_finished_player():
    state = dealt(0, "K5 R1 B1", "K1 R4 B5", "B4 R5 R-3", "K2 R2 B2")
    assert state.phase == "play" and state.unused == parse_cards("K-3 K4 B-3")
    play(state, own("K5"))
    assert state.cur == 1 and state.legal_actions() == [own("K1"), own("K1", PASS), force("K1", 2), force("K1", 3)]
    play(state, force("K1", 3), Declare(PASS))
    assert state.cur == 3 and state.legal_actions() == [force("K2", 1), force("K2", 2)]
    play(state, force("K2", 1), Declare(FIGHT))
    assert state.cur == 2
    assert state.legal_actions() == [own(t, s) for t in ("R-3", "R5", "B4") for s in (FIGHT, PASS)]


def test_forcing_on_a_seat_that_already_has_a_battle_card_is_refused():
    state = dealt(0, "K5 R1 B1", "K1 R4 B5", "B4 R5 R-3", "K2 R2 B2")
    play(state, own("K5"), force("K1", 3), Declare(PASS))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="seat 0 already has a battle card"):
        state.apply(force("K2", 0))
    with pytest.raises(IllegalAction, match="must follow black: play K2"):
        state.apply(force("B2", 1))
    assert snapshot(state) == before


def test_t4_all_pass_and_the_start_player_passes_a_forced_card():
    state = dealt(0, "R2 K4 B1", "B5 K1 R-3", "K5 B-3 B2")
    play(state, force("R2", 1), Declare(PASS))
    assert state.cur == 1 and state.legal_actions() == [force("R-3", 0), force("R-3", 2)]
    play(state, force("R-3", 0))
    assert state.cur == 0 and state.legal_actions() == [Declare(FIGHT), Declare(PASS)]
    play(state, Declare(PASS))
    assert state.cur == 2
    assert state.legal_actions() == [own(t, s) for t in ("K5", "B-3", "B2") for s in (FIGHT, PASS)]
    events = play(state, own("K5", PASS))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 1, 2) and showdown.totals == (-3, 2, 5) and showdown.lead == "R"
    assert (showdown.reversals, showdown.winner, showdown.losers) == (0, 2, (0,))
    assert state.score == [1, 0, 0] and state.start == 0 and not kinds(events, Challenged)
    assert not kinds(events, ThreeTechnique) and state.round_in_set == 2 and state.carried == [(), (), ()]
    assert state.voids == ["", "", "R"]  # seat 2 showed K5 under a red lead: it holds no red card


def test_t5_lone_fighter_changes_the_lead_colour():
    state = position(hands("K5", "R4", "B1", "K-3"), start=0)
    events = play(state, own("K5"), own("R4", PASS), own("B1", PASS), own("K-3", PASS))
    assert the(events, LoneFighterLeaves) == LoneFighterLeaves(0, parse_cards("K5"), "R")
    showdown = the(events, Showdown)
    assert showdown.participants == (1, 2, 3) and showdown.totals == (4, 1, -3) and showdown.lead == "R"
    assert (showdown.reversals, showdown.winner, showdown.losers) == (0, 1, (3,))
    assert state.score == [0, 0, 0, 1] and not kinds(events, Challenged) and state.discard[0] == c("K5")
    assert all(event.seat != 0 for event in kinds(events, ScoreChanged))


def test_t5_new_lead_is_the_card_in_front_of_the_left_neighbour():
    """Seat 1 plays B1 on seat 2 and gets R4 from seat 2: the lead is R (A9 a), not B (A9 b)."""
    state = position(hands("K5", "B1", "R4", "K-3"), start=0)
    play(state, own("K5"), force("B1", 2), Declare(PASS))
    assert state.cur == 2 and state.legal_actions() == [force("R4", 1), force("R4", 3)]
    events = play(state, force("R4", 1), Declare(PASS))
    assert state.cur == 3
    events += play(state, own("K-3", PASS))
    assert the(events, LoneFighterLeaves).lead == "R"
    showdown = the(events, Showdown)
    assert showdown.totals == (4, 1, -3) and showdown.winner == 1 and showdown.losers == (3,)


def test_t6_lone_fighter_with_total_three_leaves_first():
    state = position(hands("R5", "B2", "B4", "K-3"), start=1, carried=hands("K1", "", "", ""), round_in_set=2)
    play(state, force("B2", 0), Declare(FIGHT))
    assert state.cur == 0 and state.legal_actions() == [force("R5", 1), force("R5", 2), force("R5", 3)]
    events = play(state, force("R5", 1), Declare(PASS), own("B4", PASS), own("K-3", PASS))
    assert the(events, LoneFighterLeaves) == LoneFighterLeaves(0, parse_cards("K1 B2"), "R")
    assert not kinds(events, ThreeTechnique) and state.score[0] == 0
    showdown = the(events, Showdown)
    assert showdown.participants == (1, 2, 3) and showdown.totals == (5, 4, -3)
    assert (showdown.reversals, showdown.reversed, showdown.winner, showdown.losers) == (1, True, 3, (1,))
    assert state.score == [0, 1, 0, 0]


def test_t7_three_technique_drags_the_passers_in():
    state = position(hands("B5", "R2", "B4"), start=0, carried=hands("", "K1", ""), round_in_set=2)
    events = play(state, own("B5"), own("R2"), own("B4", PASS))
    assert the(events, ThreeTechnique) == ThreeTechnique((1,))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 1, 2) and showdown.totals == (5, 3, 4)
    assert (showdown.reversals, showdown.reversed, showdown.winner, showdown.losers) == (1, True, 1, (0,))
    assert state.score == [1, 0, 0] and c("B4") in state.discard and state.passers_left == ()
    assert not kinds(events, Challenged) and the(events, RoundEnded).next_start == 0


def test_t8a_tie_for_strongest_means_no_winner():
    state = position(hands("R5", "K5", "B1"), start=0)
    showdown = the(play(state, own("R5"), own("K5"), own("B1")), Showdown)
    assert showdown.winner is None and showdown.losers == (2,) and state.score == [0, 0, 1]


def test_t8b_tie_for_weakest_makes_two_losers_and_no_duel():
    state = position(hands("R5", "K1", "B1", "K2"), start=0)
    events = play(state, own("R5"), own("K1"), own("B1"), own("K2", PASS))
    showdown = the(events, Showdown)
    assert showdown.winner == 0 and showdown.losers == (1, 2) and showdown.passers_left == (3,)
    assert state.score == [0, 1, 1, 0] and not kinds(events, Challenged)
    assert the(events, RoundEnded) == RoundEnded(1, (1, 2), 1) and state.carried[3] == parse_cards("K2")


def test_t9_mutual_kill_with_a_passer():
    state = position(hands("R5 K1", "K5 B2", "B1 K2"), start=0)
    events = play(state, own("R5"), own("K5"), own("B1", PASS))
    showdown = the(events, Showdown)
    assert showdown.winner is None and showdown.losers == (0, 1) and state.score == [1, 1, 0]
    assert not kinds(events, Challenged) and the(events, CardsCarried) == CardsCarried(2, c("B1"), (c("B1"),))
    assert state.carried == [(), (), (c("B1"),)] and state.round_in_set == 2 and state.start == 0


def test_t11_accepted_duel_with_a_double_reversal():
    state = position(hands("K1", "K5", "B2"), start=0, carried=hands("", "", "R4"), round_in_set=2)
    play(state, own("K1"), own("K5"), own("B2", PASS))
    assert state.score == [1, 0, 0] and state.phase == "challenge"
    events = play(state, Challenge(2))
    assert events == [Challenged(0, 2)] and state.cur == 2 and state.legal_actions() == [ACCEPT, REFUSE]
    events = play(state, ACCEPT)
    assert events[0] == DuelAccepted(2)
    duel = the(events, Duel)
    assert (duel.lead, duel.totals, duel.reversals, duel.reversed) == ("K", (1, 6), 2, False)
    assert (duel.winner, duel.loser) == (2, 0) and state.score == [2, 0, 0] and state.last_gainers == (0,)
    assert kinds(events, Discarded) == [Discarded(0, parse_cards("K1")), Discarded(2, parse_cards("R4 B2"))]


def test_t12_duel_lead_comes_from_the_current_card():
    state = position(hands("K1", "K-3", "R2"), start=1, carried=hands("B4", "", ""), round_in_set=2)
    showdown = the(play(state, own("K-3"), own("R2", PASS), own("K1")), Showdown)
    assert showdown.winner == 1 and showdown.losers == (0,) and showdown.reversed
    duel = the(play(state, Challenge(2), ACCEPT), Duel)
    assert (duel.lead, duel.totals, duel.reversals, duel.winner, duel.loser) == ("K", (5, 2), 2, 0, 2)
    assert state.score == [0, 0, 1] and state.last_gainers == (2,)


def test_t13_duel_tie_is_a_mutual_kill():
    state = position(hands("R1", "R4", "B4"), start=1, carried=hands("", "", "K-3"), round_in_set=2)
    play(state, own("R4"), own("B4", PASS), own("R1"))
    events = play(state, Challenge(2), ACCEPT)
    duel = the(events, Duel)
    assert (duel.lead, duel.totals, duel.reversals, duel.winner, duel.loser) == ("R", (1, 1), 1, None, None)
    assert state.score == [2, 0, 1] and state.last_gainers == (0, 2)
    assert the(events, RoundEnded).next_start == 2  # scanning 1, 2


@pytest.mark.parametrize("texts,losers,next_start", [
    (("B1", "K4", "K5", "R1"), (0, 3), 3),
    (("B1", "K4", "K1", "K5"), (0, 2), 2),
])
def test_t14_next_start_tie_break(texts, losers, next_start):
    state = position(hands(*texts), start=2)
    events = play(state, *(own(texts[s]) for s in (2, 3, 0, 1)))
    assert the(events, Showdown).losers == losers
    assert the(events, RoundEnded).next_start == next_start == state.start


def test_t15_end_check_comes_after_the_duel():
    state = position(hands("K1", "K5", "B-3"), start=1, scores=(4, 0, 0))
    events = play(state, own("K5"), own("B-3", PASS), own("K1"))
    assert state.score == [5, 0, 0] and state.phase == "challenge"
    events = play(state, Challenge(2), ACCEPT)
    assert the(events, Duel).winner == 0 and state.score == [4, 0, 1]
    assert not kinds(events, GameOver) and state.phase == "play" and not state.is_terminal()


def test_t16_refusing_with_three_cards_ends_the_game():
    state = position(hands("R1", "R4", "B-3"), start=0, carried=hands("", "", "K2 R5"), scores=(1, 2, 3),
                     round_in_set=3)
    play(state, own("R1"), own("R4"), own("B-3", PASS))
    assert state.score == [2, 1, 3]
    events = play(state, Challenge(2), REFUSE)
    assert the(events, DuelRefused) == DuelRefused(2, 3) and state.score == [2, 1, 6]
    assert the(events, RoundEnded).next_start is None  # the game ends: no next start (playtest round 9)
    assert events[-1] == GameOver((2, 1, 6), (1,))
    assert [describe(e, 0, ["You", "A", "B"]) for e in events if isinstance(e, RoundEnded)] == [None]
    assert state.current_player() == TERMINAL and state.legal_actions() == [] and state.returns() == [0, 1, 0]
    assert state.statistics()["winners"] == [1]
    with pytest.raises(IllegalAction, match="over"):
        state.apply(NO_CHALLENGE)


def test_t17_round_three_return_and_refill():
    state = position(hands("K1", "B-3", "K4"), start=0, carried=hands("", "K2 R5", ""), round_in_set=3,
                     discard=parse_cards("R1 R2 B1 B2"))
    play(state, own("K1"), own("B-3", PASS), own("K4"))
    events = play(state, NO_CHALLENGE)
    assert the(events, CardsReturned) == CardsReturned(1, parse_cards("K2 R5 B-3"))
    assert the(events, Reshuffled) == Reshuffled(12) and state.discard == ()
    assert state.hand == [(), parse_cards("K2 R5 B-3"), ()] and state.carried == [(), (), ()]
    assert state.to_deal == (0, 2, 0, 2, 0, 2) and len(state.chance_outcomes()) == 12
    assert state.voids == ["", "", ""]
    deal = [card for card, _ in state.chance_outcomes()][:6]
    events = play(state, *deal)
    assert [e.seat for e in kinds(events, CardDealt)] == [0, 2, 0, 2, 0, 2]
    assert events[-1] == RoundStarted(0, 1, 2)
    assert [len(h) for h in state.hand] == [3, 3, 3] and len(state.unused) == 6 and state.round_in_set == 1


def test_t18_carried_cards_do_not_block_forcing():
    state = position(hands("K1 B1", "K2 B2", "K4 B4", "K5 B5"), start=0, carried=hands("", "", "", "R5"),
                     round_in_set=2)
    play(state, own("K1"))
    assert force("K2", 3) in state.legal_actions()
    other = state.clone()
    play(state, force("K2", 3), Declare(PASS))
    assert state.stack(3) == parse_cards("R5 K2")
    play(other, own("K2"), own("K4"))
    assert other.cur == 3 and {own("K5"), own("K5", PASS)} <= set(other.legal_actions())


def test_t19_refused_stack_does_not_carry_over():
    state = position(hands("K1 R1", "K4 R2", "B5 B1"), start=0)
    play(state, own("K1"), own("K4"), own("B5", PASS))
    events = play(state, Challenge(2), REFUSE)
    assert ScoreChanged(2, 1, 1) in events and state.discard[-1] == c("B5")
    assert state.round_in_set == 2 and state.carried == [(), (), ()] and state.voids[2] == "K"


def test_t20_full_deal_four_players():
    state = new_state(4)
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    assert state.apply(0) == [StartChosen(0)]
    state = dealt(0, "R5 K1 B2", "K5 B4 R-3", "B5 K4 R1", "R4 B1 K-3")
    assert state.unused == parse_cards("K2 R2 B-3") and state.score == [0, 0, 0, 0]
    # round 1
    assert len(state.legal_actions()) == 12
    play(state, force("R5", 2), Declare(PASS))
    assert state.cur == 2 and state.legal_actions() == [force("R1", 0), force("R1", 1), force("R1", 3)]
    play(state, force("R1", 0), Declare(FIGHT))
    assert state.cur == 1 and state.legal_actions() == [own("R-3"), own("R-3", PASS), force("R-3", 3)]
    play(state, own("R-3", PASS))
    assert state.cur == 3 and state.legal_actions() == [own("R4"), own("R4", PASS)]
    events = play(state, own("R4"))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 3) and showdown.totals == (1, 4) and showdown.reversals == 0
    assert showdown.winner == 3 and showdown.losers == (0,) and showdown.passers_left == (1, 2)
    assert state.score == [1, 0, 0, 0] and state.cur == 0
    assert state.legal_actions() == [Challenge(1), Challenge(2), NO_CHALLENGE]
    events = play(state, Challenge(1), REFUSE)
    assert state.score == [1, 1, 0, 0] and state.discard == parse_cards("R4 R1 R-3")
    assert the(events, RoundEnded).next_start == 1 and the(events, CardsCarried) == CardsCarried(2, c("R5"), (c("R5"),))
    # round 2
    assert state.hand == hands("K1 B2", "K5 B4", "K4 B5", "K-3 B1") and state.start == 1
    assert state.carried == [(), (), (c("R5"),), ()]
    play(state, own("B4"))
    assert state.legal_actions() == [own("B5"), own("B5", PASS), force("B5", 0), force("B5", 3)]
    play(state, own("B5", PASS))
    assert state.stack(2) == parse_cards("R5 B5") and state.legal_actions() == [own("B1"), own("B1", PASS),
                                                                                force("B1", 0)]
    play(state, force("B1", 0), Declare(FIGHT))
    assert state.cur == 0 and state.legal_actions() == [force("B2", 3)]
    events = play(state, force("B2", 3), Declare(FIGHT))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 1, 3) and showdown.totals == (1, 4, 2) and showdown.reversals == 0
    assert showdown.winner == 1 and showdown.losers == (0,) and state.score == [2, 0, 0, 0]
    events = play(state, NO_CHALLENGE)
    assert state.start == 0 and state.carried == [(), (), parse_cards("R5 B5"), ()]
    # round 3
    assert state.hand == hands("K1", "K5", "K4", "K-3")
    play(state, own("K1"), own("K5"), own("K4", PASS))
    assert state.stack(2) == parse_cards("R5 B5 K4")
    events = play(state, own("K-3"))
    showdown = the(events, Showdown)
    assert showdown.participants == (0, 1, 3) and showdown.totals == (1, 5, -3) and showdown.reversals == 0
    assert showdown.winner == 1 and showdown.losers == (3,) and state.score == [2, 0, 0, 1]
    events = play(state, Challenge(2), ACCEPT)
    duel = the(events, Duel)
    assert (duel.lead, duel.totals, duel.reversals, duel.winner, duel.loser) == ("K", (-3, 14), 0, 2, 3)
    assert state.score == [2, 0, 0, 2] and the(events, RoundEnded).next_start == 3
    assert the(events, Reshuffled) == Reshuffled(15) and state.pool == DECK
    assert state.to_deal == (3, 0, 1, 2) * 3 and state.hand == [(), (), (), ()]
    assert state.round_in_set == 1 and state.deal == 2 and state.rounds == 3


# --- events, views and hidden information ---------------------------------------------------------------------
def test_events_of_plays_forces_and_stances():
    state = position(hands("R5 K1 B2", "K5 B4 R-3", "B5 K4 R1", "R4 B1 K-3"), start=0)
    assert state.apply(force("R5", 2)) == [CardForced(0, c("R5"), 2), LeadAnnounced(0, "R")]
    assert state.apply(Declare(PASS)) == [Declared(2, PASS)]
    assert state.apply(force("R1", 1)) == [CardForced(2, c("R1"), 1)]
    assert state.apply(Declare(FIGHT)) == [Declared(1, FIGHT)]
    assert state.apply(force("R-3", 0)) == [CardForced(1, c("R-3"), 0)]
    assert state.apply(Declare(FIGHT)) == [Declared(0, FIGHT)]
    minus3, one = parse_cards("R-3"), parse_cards("R1")
    assert state.apply(own("R4", PASS)) == [
        CardPlayed(3, c("R4"), PASS), Revealed(0, minus3), Revealed(1, one),
        Showdown((0, 1), (minus3, one), (-3, 1), "R", 0, False, 1, (0,), (2, 3)),
        ScoreChanged(1, 0, 0), ScoreChanged(0, 1, 1), Discarded(1, one)]
    assert state.phase == "challenge" and state.view(3).current == (minus3[0], None, FaceDown("R"), c("R4"))


def test_views_hide_face_down_cards_but_show_the_lead_colour():
    state = position(hands("R5 K1 B2", "K5 B4 R-3", "B5 K4 R1", "R4 B1 K-3"), start=0)
    play(state, force("R5", 2), Declare(PASS), force("R1", 0), Declare(FIGHT))
    assert state.view(0).current == (FaceDown(None), None, c("R5"), None)
    assert state.view(2).current == (c("R1"), None, FaceDown("R"), None)
    assert state.view(1).current == (FaceDown(None), None, FaceDown("R"), None)
    view = state.view(1)
    assert view.hand == parse_cards("K5 R-3 B4") and view.hand_sizes == (2, 3, 2, 3) and view.to_move == 1
    assert view.legal == tuple(state.legal_actions()) and state.view(0).legal == ()
    assert view.placed_by == (2, None, 0, None) and view.stance == (FIGHT, None, PASS, None)
    assert view.log == (Laid(0, None, None, 2), Declare(PASS), Laid(2, None, None, 0), Declare(FIGHT))


def test_the_log_tells_a_card_once_it_is_turned_over_and_the_deal_once_it_is_over():
    """Spec 6: a card laid face down is its layer's until turned over, then everyone's; by a deal's end every card
    dealt has been played and turned over, so the log then tells the deal (each seat's cards in canonical order,
    not the order dealt, which nobody saw). The worlds' histories are filled in from this log."""
    state = dealt(0, "R5 K1 B2", "K5 B4 R-3", "B5 K4 R1")
    play(state, own("R5"), own("R-3", PASS), own("R1"))  # R5 and R1 fight, R-3 stays face down (case C, no 3)
    log = state.view(1).log
    assert log[-3:] == (Laid(0, c("R5"), FIGHT), Laid(1, None, PASS), Laid(2, c("R1"), FIGHT))
    assert all(entry == Dealt(entry.seat) for entry in log[1:10])  # the deal is not over
    play(state, NO_CHALLENGE)  # R-3 is carried over, face up
    assert state.view(2).log[-3] == Laid(1, c("R-3"), PASS)
    wanted = {*(PlayOwn(card, FIGHT) for card in DECK), Declare(FIGHT), NO_CHALLENGE, ACCEPT}
    while state.deal == 1:  # fight with every card to the deal's end
        legal = state.legal_actions()
        state.apply(next((action for action in legal if action in wanted), legal[0]))
    assert state.phase == "deal" and max(state.score) < 5
    held = {seat: list(canonical(parse_cards(text))) for seat, text in enumerate(("R5 K1 B2", "K5 B4 R-3", "B5 K4 R1"))}
    assert state.view(0).log[1:10] == tuple(Dealt(seat, held[seat].pop(0)) for seat in (0, 1, 2) * 3)


def test_view_of_a_dealt_game_shows_only_the_own_hand():
    state = dealt(0, "R5 K1 B2", "K5 B4 R-3", "B5 K4 R1", "R4 B1 K-3")
    view = state.view(3)
    assert view.hand == parse_cards("K-3 R4 B1") and view.unused == 3 and view.to_deal == ()
    assert all(card not in str(view.log) for card in ("R5", "K5", "B5"))
    assert view.voids == ("", "", "", "") and view.round_in_set == 1 and view.deal == 1
    assert view.log[:3] == (0, Dealt(0), Dealt(1)) and len(view.log) == 13


def test_deal_order():
    assert deal_order(2, [0, 0, 0]) == (2, 0, 1) * 3
    assert deal_order(0, [0, 3, 1]) == (0, 2, 0, 2, 0)


def test_count_reversals():
    assert count_reversals([parse_cards("B2 K4"), parse_cards("R2 R4")], "R") == 2
    assert count_reversals([parse_cards("K2 R5")], "K") == 0


# --- cards, actions, codec, construction, clones ----------------------------------------------------------
def test_deck_is_the_canonical_order():
    assert " ".join(map(str, DECK)) == "K-3 K1 K2 K4 K5 R-3 R1 R2 R4 R5 B-3 B1 B2 B4 B5"
    assert sum(card.value for card in DECK) == 27 and Card("K", -3) == c("K-3")


def test_actions_read_well():
    assert [str(a) for a in (own("R5"), force("K-3", 2), Declare(PASS), Challenge(1), PlayOwn(None, PASS))] == [
        "play R5 (fight)", "force K-3 on seat 2", "declare pass", "challenge seat 1", "play a card (pass)"]
    assert new_state(3).action_to_string(1) == "seat 1 starts"


@pytest.mark.parametrize("action", [
    0, 4, c("K-3"), c("B5"), own("R5"), own("K-3", PASS), force("B2", 4), Declare(FIGHT), Declare(PASS),
    Challenge(3), NO_CHALLENGE, ACCEPT, REFUSE,
])
def test_json_round_trip(action):
    state = new_state(5)
    back = state.action_from_json(json.loads(json.dumps(state.action_to_json(action))))
    assert back == action and type(back) is type(action)


@pytest.mark.parametrize("data", [
    None, 2.5, True, "K6", "Accept", [], {}, {"play": "R5"}, ["play", "R5"], ["play", "R5", "FIGHT"],
    ["play", "X9", "fight"], ["force", "R5", "2"], ["force", "R5", True], ["force", "R5", 2, 3], ["declare"],
    ["declare", "maybe"], ["challenge", 1.0], ["challenge"], ["shout", 1], [3, "R5"],
])
def test_json_refuses_malformed_actions(data):
    with pytest.raises(IllegalAction, match="not a Shinobazu action"):
        new_state().action_from_json(data)


@pytest.mark.parametrize("players", [2, 6, 0, "4", 4.0, True])
def test_player_count_is_checked(players):
    with pytest.raises(ValueError, match="3-5 players"):
        new_state(players)


def test_position_refuses_duplicate_cards():
    with pytest.raises(ValueError, match="distinct"):
        position(hands("R5", "R5", "K1"))


def test_chance_nodes_explain_their_outcomes():
    state = new_state(3)
    with pytest.raises(IllegalAction, match="seat 0-2"):
        state.apply(3)
    state.apply(1)
    with pytest.raises(IllegalAction, match="unseen card"):
        state.apply(Declare(FIGHT))
    assert state.apply(c("K2")) == [CardDealt(1, c("K2"), 8)]
    with pytest.raises(IllegalAction, match="unseen card"):
        state.apply(c("K2"))


def test_decision_phases_explain_illegal_actions():
    state = position(hands("K1", "K4", "B5", "B1"), start=0)
    play(state, own("K1"), force("K4", 2))
    with pytest.raises(IllegalAction, match="seat 2 must declare fight or pass"):
        state.apply(own("B5"))
    play(state, Declare(PASS))
    assert state.phase == "play" and state.cur == 2 and state.legal_actions() == [force("B5", 1), force("B5", 3)]
    state = position(hands("K1", "K4", "B5", "B1"), start=0)
    play(state, own("K1"), own("K4", PASS), own("B5"), own("B1", PASS))
    assert state.phase == "challenge" and state.cur == 0
    with pytest.raises(IllegalAction, match="seat 2 is not a passer left"):
        state.apply(Challenge(2))
    with pytest.raises(IllegalAction, match="must challenge a passer"):
        state.apply(ACCEPT)
    play(state, Challenge(3))
    with pytest.raises(IllegalAction, match="must accept or refuse"):
        state.apply(NO_CHALLENGE)


def test_start_player_may_not_pass_when_playing_to_self():
    state = position(hands("K1", "K4", "B5"), start=0)
    with pytest.raises(IllegalAction, match="start player may not pass"):
        state.apply(own("K1", PASS))


def test_clone_is_independent():
    state = dealt(0, "R5 K1 B2", "K5 B4 R-3", "B5 K4 R1", "R4 B1 K-3")
    copy = state.clone()
    before = snapshot(state)
    play(copy, force("R5", 2), Declare(PASS), force("R1", 0), Declare(FIGHT), own("R-3", PASS), own("R4"))
    assert snapshot(state) == before and copy.phase == "challenge"
    assert snapshot(state.clone()) == snapshot(state)


def test_resample_follows_the_follow_rule_on_face_down_cards():
    """Spec 9, constraint 4 (added after implementation; the reproduction of issue 21): seat 1 played a card face
    down after red led, so if that card is not red seat 1 held no red; no sampled world gives seat 1 a red card
    beside a non-red face-down one (before the fix: 8.9% of worlds)."""
    from random import Random

    from game.titles.shinobazu.rules import FIGHT, PASS, Card, PlayOwn, parse_cards, position

    state = position([parse_cards(h) for h in ("R5 K1 B2", "K4 B4 K5", "R1 R2 R4")], start=0)
    state.apply(PlayOwn(Card("R", 5), FIGHT))
    state.apply(PlayOwn(Card("K", 4), PASS))
    for k in range(300):
        world = state.resample(2, Random(k))
        assert world.view(2) == state.view(2)
        if world.current[1].colour != "R":
            assert not any(card.colour == "R" for card in world.hand[1])


# --- what the others learn of a face-down card (spec 4.5 case C, spec 6, spec 9 constraint 3) -----------------
@pytest.mark.parametrize("carried,last,hidden", [("", "B5", True), ("", "B1", True), ("K1", "B5", False)])
def test_the_rounds_last_pass_is_shown_only_if_the_showdown_turns_it_over(carried, last, hidden):
    """Two others fight (K2, K5) and none totals 3: the last player's pass stays face down through the challenge
    (case C), so the search may not file it under its card. With K1 carried under K2 the Three technique turns
    every stack over, so the card is shown at once. A fight is always turned over."""
    state = position(hands("K2", "K5", last), start=0, carried=hands(carried, "", ""), round_in_set=2)
    play(state, own("K2"), own("K5"))
    passing, fighting = own(last, PASS), own(last, FIGHT)
    key = state.action_key(passing, 0)
    assert key == ((PlayOwn(None, PASS), None) if hidden else passing)
    assert state.action_keys([fighting, passing], 0) == [fighting, key]
    assert state.action_key(fighting, 0) == fighting
    play(state, passing)
    assert (state.view(0).current[2] == FaceDown(None)) is hidden


def returned_b_minus_3():
    """Seat 1 passed with B-3 in round 3 and took it back (known to all); it now holds B-3 K2 B5. Seat 0 led red."""
    state = position(hands("K1", "B-3", "K4"), start=0, round_in_set=3, discard=parse_cards("R1 R2 B1 B2"))
    play(state, own("K1"), own("B-3", PASS), own("K4"), NO_CHALLENGE)
    deals = {0: list(parse_cards("R5 R4 K5")), 1: list(parse_cards("K2 B5")), 2: list(parse_cards("R-3 K-3 B4"))}
    while state.is_chance_node():
        state.apply(deals[state.to_deal[0]].pop(0))
    play(state, own("R5"))
    return state


@pytest.mark.parametrize("card", ["B-3", "K2"])
def test_a_returned_card_played_face_down_stays_unknown(card):
    """Spec 6: the others knew B-3 was in seat 1's hand, not which card seat 1 plays face down; what they see (the
    search's key, the view) is the same whichever it plays, and B-3 drops out of the known cards only when the
    face-down card is turned over."""
    state = returned_b_minus_3()
    assert state.view(2).known_in_hand[1] == parse_cards("B-3")
    action = own(card, PASS)
    assert state.action_key(action, 2) == (PlayOwn(None, PASS), None) == state.action_keys([action], 2)[0]
    state.apply(action)
    view = state.view(2)
    assert view.known_in_hand[1] == parse_cards("B-3") and view.current[1] == FaceDown(None)
    assert view.hand_sizes[1] == 2
    play(state, own("R-3"))  # fighters R5 and R-3: seat 1's pass stays face down (case C, no 3)
    assert state.view(2).known_in_hand[1] == parse_cards("B-3") and state.phase == "challenge"
    play(state, Challenge(1), ACCEPT)  # the duel turns it over: now everyone knows where B-3 is
    assert state.view(2).known_in_hand[1] == (() if card == "B-3" else parse_cards("B-3"))


def test_resample_keeps_a_returned_card_in_its_hand_or_face_down():
    """Spec 9, constraint 3: after seat 1 played face down, B-3 is in its hand or is that card, never elsewhere,
    and the worlds are uniform: each world (seat 1's hand and face-down card, seat 0's) counted by enumeration
    from seat 2's view gives B-3 face down in 2,352 of 10,080 worlds (0.233). Before: 223 of 300 worlds put B-3
    anywhere."""
    from random import Random

    state = returned_b_minus_3()
    state.apply(own("B-3", PASS))
    worlds = [state.resample(2, Random(k)) for k in range(3000)]
    for world in worlds:
        assert world.view(2) == state.view(2)
        assert c("B-3") in world.hand[1] or world.current[1] == c("B-3")
        if world.current[1].colour != "R":  # constraint 4 still holds
            assert not any(card.colour == "R" for card in world.hand[1])
    share = sum(world.current[1] == c("B-3") for world in worlds) / len(worlds)
    assert abs(share - 2352 / 10080) < 0.03, share
