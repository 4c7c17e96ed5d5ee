"""Fusejika: every worked example of spec section 8 (F01-F26), illegal actions, the JSON codec, clones, views."""

import json
from random import Random

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction
from game.titles.fusejika.rules import (
    CARD_BY_ID,
    DEAL,
    DECK,
    KEEP,
    OVER,
    PLAY,
    POINTS,
    REDEAL,
    REDEAL_CHECK,
    STUCK,
    SUDDEN_DEATH,
    CardDealt,
    CardDrawn,
    CardKicked,
    CardLost,
    Copied,
    Copy,
    DealStarted,
    DrawsMissed,
    GameOver,
    Kick,
    KickTo,
    Lose,
    MarkerPassed,
    NoEffect,
    Play,
    RedealCalled,
    RoundScored,
    SkipSet,
    Stuck,
    SuddenDeath,
    TurnBegan,
    TurnSkipped,
    deal_order,
    new_state,
    parse_cards,
    position,
    score_row,
)


def c(text):
    return CARD_BY_ID[text]


def row_points(text, ender=False):
    return score_row(parse_cards(text), ender).points


def empty_hands(n):
    return [""] * n


def feed(state, *cards):
    """Feed chance outcomes (the next cards off the unseen deck), asserting each is a chance node."""
    events = []
    for card in cards:
        assert state.is_chance_node()
        events += state.apply(c(card) if isinstance(card, str) else card)
    return events


def stuck_round(rows, ender, n=None, totals=None, round_no=1, start=0):
    """A position where `ender` is stuck at TURN_START (empty hand), with the given rows."""
    n = n or len(rows)
    state = position(empty_hands(n), rows=rows, cur=ender, start=start, pool="", totals=totals, round_no=round_no)
    assert state.legal_actions() == [STUCK]
    return state


# --- F01-F04, F23, F26: scoring --------------------------------------------------------------------------------
def test_f01_source_scoring_example_de_go_ai():
    state = stuck_round(["9S 10H JD QC", "9H KH AH", "10S JS QS KS AD"], ender=2, totals=None)
    state.hand[2] = parse_cards("QH")
    assert state.legal_actions() == [STUCK]
    events = state.apply(STUCK)
    assert events[0] == Stuck(2, parse_cards("QH"))
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert [s.points for s in scored.scores] == [4, 6, 7]
    assert (scored.scores[2].base, scored.scores[2].bonus, scored.scores[2].halved) == (2, 5, True)
    assert (scored.scores[1].largest, scored.scores[1].bonus) == (3, 3)
    assert state.totals == [4, 6, 7] and state.round_scores == [(4, 6, 7)]


def test_f02_only_the_largest_suit_group_counts():
    assert row_points("9H 10H JC QC") == 5


@pytest.mark.parametrize("cards,base", [("", 0), ("9S", 0), ("9S 10H", 1), ("9S 10H JD", 1),
                                        ("9S 10H JD QC", 2), ("9S 10H JD QC KS", 2)])
def test_f04_halving_table(cards, base):
    assert score_row(parse_cards(cards), True).base == base


def test_bonus_table():
    assert [row_points(r) - len(r.split()) for r in ("9S", "9S 10S", "9S 10S JS", "9S 10S JS QS",
                                                     "9S 10S JS QS KS")] == [0, 1, 3, 5, 8]
    assert score_row((), False).points == 0


def test_f23_highest_round_score_and_ender_with_a_long_suit():
    state = stuck_round(["9H 10H JH QH KH", "9C 10C JC", ""], ender=1)
    state.hand[1] = parse_cards("9D")
    events = state.apply(STUCK)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert [s.points for s in scored.scores][:2] == [13, 4]


def test_f26_kicking_lowers_the_kicker_and_raises_the_receiver():
    state = position(["KH", "", ""], rows=["9H 10H", "JH QH", ""], pool="AS AD")
    state.apply(Play(c("KH")))
    assert state.legal_actions() == [Kick(c("9H")), Kick(c("10H"))]
    state.apply(Kick(c("10H")))
    assert state.legal_actions() == [KickTo(1), KickTo(2)]
    events = state.apply(KickTo(1))
    assert CardKicked(0, c("10H"), 1) in events
    assert state.row[0] == parse_cards("9H KH") and state.row[1] == parse_cards("JH QH 10H")
    assert row_points("9H KH") == 3 and row_points("JH QH 10H") == 6


# --- F03, F10, F11, F15: kicks ----------------------------------------------------------------------------------
def test_f03_source_kick_example_su_on_ze():
    state = position(["KD", "", ""], rows=["9S", "9H", "JC"], pool="AS AD")
    state.apply(Play(c("KD")))
    assert state.legal_actions() == [Kick(c("9S"))]  # the K itself can never be kicked
    state.apply(Kick(c("9S")))
    assert state.legal_actions() == [KickTo(2)]  # on already has a 9
    with pytest.raises(IllegalAction, match="already has a 9"):
        state.apply(KickTo(1))
    state.apply(KickTo(2))
    assert state.row == [parse_cards("KD"), parse_cards("9H"), parse_cards("JC 9S")]
    assert state.phase == PLAY and state.cur == 1


def test_f10_a_forced_kick_hands_the_win_to_an_opponent():
    state = position(["KC", "", ""], rows=["AC", "9D 10D JD QD KD", "AH"], pool="9S")
    state.apply(Play(c("KC")))
    assert state.legal_actions() == [Kick(c("AC"))]
    state.apply(Kick(c("AC")))
    assert state.legal_actions() == [KickTo(1)]
    events = state.apply(KickTo(1))
    assert SuddenDeath(1, parse_cards("9D 10D JD QD KD AC"), True) in events
    assert state.is_terminal() and state.result == (SUDDEN_DEATH, (1,)) and state.returns() == [0, 1, 0]


def test_f11_a_kick_with_no_possible_effect():
    state = position(["KH", "", ""], rows=["9S", "9H JC", "9D"], pool="AS")
    events = state.apply(Play(c("KH")))
    assert NoEffect(0, c("KH"), "no_kick") in events
    assert state.row[0] == parse_cards("9S KH") and state.phase == PLAY and state.cur == 1


def test_f15_an_a_copying_k_may_move_an_older_k_but_not_itself():
    state = position(["AH", "", ""], rows=["KH 9H", "KS", "9S"], pool="QS")
    state.apply(Play(c("AH")))
    assert Copy("K") in state.legal_actions()
    state.apply(Copy("K"))
    assert state.legal_actions() == [Kick(c("KH")), Kick(c("9H"))]
    pairs = set()
    for kick in state.legal_actions():
        branch = state.clone()
        branch.apply(kick)
        pairs |= {(kick.card, to.target) for to in branch.legal_actions()}
    assert pairs == {(c("KH"), 2), (c("9H"), 1)}
    with pytest.raises(IllegalAction, match="cannot be kicked"):
        state.apply(Kick(c("AH")))


# --- F05, F21, F22: dealing, redeal, the marker -----------------------------------------------------------------
def test_f05_deal_order():
    state = new_state(3)
    state.apply(0)
    deck = list(DECK)
    dealt = [e for card in deck[:9] for e in state.apply(card) if isinstance(e, CardDealt)]
    assert [e.seat for e in dealt] == [1, 2, 0] * 3 == list(deal_order(0, 3))
    assert state.hand[1] == (deck[0], deck[3], deck[6]) and state.hand[2] == (deck[1], deck[4], deck[7])
    assert state.hand[0] == (deck[2], deck[5], deck[8])
    assert state.pool == tuple(deck[9:]) and state.deck_size == 15


def deal_3p(first, choices=()):
    """A 3-player deal from start P0 of the given 9 cards (top-first); each seat whose third card makes three of a
    kind is asked at once, and takes the next of `choices` if there is one (else the deal stops there)."""
    state = new_state(3)
    events = state.apply(0)
    choices = list(choices)
    for card in first.split():
        events += feed(state, card)
        if state.phase == REDEAL_CHECK and choices:
            events += state.apply(choices.pop(0))
    return state, events


# P1 gets cards 0,3,6; P2 gets 1,4,7; P0 gets 2,5,8.
TRIPLES = "QS KS 9S QH KH 10S QD KC JS"  # P1: QS QH QD, P2: KS KH KC


def test_f21_redeal_reveals_only_the_redealer_and_keeps_the_marker():
    state, _ = deal_3p(TRIPLES[:-6])  # up to QD, P1's third card
    assert state.hand[1] == parse_cards("QS QH QD")
    assert state.phase == REDEAL_CHECK and state.cur == 1 and state.legal_actions() == [REDEAL, KEEP]
    assert state.view(0).phase == DEAL and state.view(0).to_move == CHANCE  # nobody sees who is asked
    assert state.view(2).to_move == CHANCE
    assert state.apply(KEEP) == []
    assert state.phase == DEAL and state.view(1).redeal_choice == KEEP
    feed(state, "KC")
    assert state.hand[2] == parse_cards("KS KH KC") and state.phase == REDEAL_CHECK and state.cur == 2
    assert state.view(1).to_move == CHANCE and state.view(1).redeal_choice == KEEP
    assert state.apply(REDEAL) == []  # secret until the deal is complete
    events = feed(state, "JS")
    assert events[1] == RedealCalled(2, parse_cards("KS KH KC"))
    assert DealStarted(1, 0, True) in events and not any(isinstance(e, RedealCalled) and e.seat == 1
                                                          for e in events)
    assert state.phase == DEAL and state.round_no == 1 and state.start == 0 and state.deck_size == 24
    assert state.hand == [(), (), ()] and state.choices == [None, None, None]


def test_f21_variant_both_keep_and_play_starts_with_p0():
    state, events = deal_3p(TRIPLES, [KEEP, KEEP])
    assert not any(isinstance(e, RedealCalled) for e in events)
    assert events[-1] == TurnBegan(0)
    assert state.phase == PLAY and state.cur == 0 and state.view(1).redeal_choice is None


def test_the_first_redeal_chooser_in_turn_order_reveals():
    state, events = deal_3p(TRIPLES, [REDEAL, REDEAL])
    assert [e.seat for e in events if isinstance(e, RedealCalled)] == [1]


def test_f22_marker_rotation_over_four_rounds():
    full = 0
    for seed in range(40):  # whole matches from start player P2: rounds start with P2, P3, P0, P1
        state, rng = new_state(4), Random(seed)
        seen = [e.start for e in state.apply(2) if isinstance(e, DealStarted)]
        passed = []
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            events = state.apply(action)
            seen += [e.start for e in events if isinstance(e, DealStarted) and not e.redeal]
            passed += [e.start for e in events if isinstance(e, MarkerPassed)]
        assert seen == [2, 3, 0, 1][:len(seen)] and passed == seen[1:]
        if state.result[0] == POINTS:
            full += 1
            assert len(seen) == 4 and len(state.round_scores) == 4
    assert full > 10


# --- F06, F19: J ------------------------------------------------------------------------------------------------
def test_f06_a_j_skip_does_not_end_the_round_for_a_stuck_player():
    state = position(["JS 9D", "", "9C"], rows=["QH", "10C", ""], pool="AS AH")
    events = state.apply(Play(c("JS")))
    assert SkipSet(0, 1) in events and TurnSkipped(1) in events
    assert state.phase == PLAY and state.cur == 2
    feed_after = state.apply(Play(c("9C")))
    assert not any(isinstance(e, Stuck) for e in feed_after)
    feed(state, "AH")  # P2 draws
    assert state.cur == 0 and state.hand[2] == parse_cards("AH")
    state.apply(Play(c("9D")))
    feed(state, "AS")
    assert state.cur == 1 and state.legal_actions() == [STUCK]
    events = state.apply(STUCK)
    assert next(e for e in events if isinstance(e, RoundScored)).ender == 1


def test_f19_j_in_five_players():
    state = position(["", "", "", "JC", ""], rows=["", "", "", "", "9S"], cur=3, pool="AS")
    events = state.apply(Play(c("JC")))
    assert TurnSkipped(4) in events and state.cur == 0


# --- F07, F18, F20: Q and 9 with a short deck ---------------------------------------------------------------------
def test_f07_q_rescues_an_empty_hand():
    state = position(["QD", "", "", ""], rows=["9S", "JH", "", ""], pool="KC AS")
    state.apply(Play(c("QD")))
    assert state.is_chance_node() and state.to_draw == (1, 2, 3, 0)
    events = feed(state, "KC", "AS")
    assert [(e.seat, str(e.card)) for e in events if isinstance(e, CardDrawn)] == [(1, "KC"), (2, "AS")]
    assert DrawsMissed((3, 0)) in events and state.deck_size == 0
    assert state.cur == 1 and state.legal_actions() == [Play(c("KC"))]


def test_f18_q_order_with_a_short_deck_five_players():
    state = position(["", "", "QD", "", ""], cur=2, pool="9H 10C JS")
    state.apply(Play(c("QD")))
    events = feed(state, "9H", "10C", "JS")
    assert [(e.seat, str(e.card)) for e in events if isinstance(e, CardDrawn)] == [(3, "9H"), (4, "10C"),
                                                                                    (0, "JS")]
    assert DrawsMissed((1, 2)) in events


def test_f20_nine_with_an_empty_deck():
    state = position(["", "9D 9S", ""], rows=["", "QH", ""], cur=1, pool="")
    events = state.apply(Play(c("9D")))
    assert NoEffect(1, c("9D"), "empty_deck") in events
    assert state.row[1] == parse_cards("QH 9D") and state.hand[1] == parse_cards("9S")
    assert c("9S") not in state.playable(1)


# --- F08, F14: lost and the known bottom -------------------------------------------------------------------------
def test_f08_a_lost_10_returns_itself_into_an_empty_deck_and_a_9_draws_it_back():
    state = position(["10H AC", "9D", ""], rows=["9S", "QC", ""], pool="")
    state.apply(Play(c("10H")))
    assert state.legal_actions() == [Lose(c("9S")), Lose(c("10H"))]
    events = state.apply(Lose(c("10H")))
    assert CardLost(0, c("10H"), 1) in events
    assert state.row[0] == parse_cards("9S") and state.bottom == parse_cards("10H") and state.deck_size == 1
    assert state.view(2).bottom == parse_cards("10H")  # public
    events = state.apply(Play(c("9D")))  # no chance node: the deck holds only a known card
    assert CardDrawn(1, c("10H"), True, 0) in events
    assert c("10H") in state.hand[1] and state.deck_size == 0 and state.known[1] == parse_cards("10H")
    assert state.view(0).known_in_hand[1] == parse_cards("10H")


def test_f14_an_a_copies_a_10_and_sends_itself_away():
    state = position(["AC", "", ""], rows=["JC", "10D", ""], pool="QS")
    state.apply(Play(c("AC")))
    assert state.legal_actions() == [Copy("10"), Copy("J")]
    assert Copied(0, "10") in state.apply(Copy("10"))
    assert state.legal_actions() == [Lose(c("JC")), Lose(c("AC"))]
    state.apply(Lose(c("AC")))
    assert state.row[0] == parse_cards("JC") and state.pool == parse_cards("QS") and state.bottom == parse_cards("AC")


def test_known_bottom_cards_come_after_the_unseen_part():
    state = position(["9D", "", ""], rows=["", "", ""], pool="QS", bottom="AC")
    state.apply(Play(c("9D")))
    assert state.chance_outcomes() == [(c("QS"), 1.0)]
    events = feed(state, "QS")
    assert CardDrawn(0, c("QS"), False, 1) in events and state.known[0] == ()


# --- F09, F25: sudden death ----------------------------------------------------------------------------------------
def test_f09_a_10_that_is_the_sixth_rank_wins_before_its_effect():
    state = position(["10S", "", ""], rows=["9S JS QS KS AS", "", ""], pool="9H", totals=[3, 20, 9])
    events = state.apply(Play(c("10S")))
    assert state.is_terminal() and state.current_player() == TERMINAL and state.phase == OVER
    assert GameOver(SUDDEN_DEATH, (0,), (3, 20, 9)) in events
    assert not any(isinstance(e, CardLost) for e in events) and state.legal_actions() == []
    assert state.returns() == [1.0, 0.0, 0.0]


def test_f25_sudden_death_ignores_the_totals():
    state = position(["", "AD", "", ""], rows=["", "9S 10D JC QH KS", "", ""], cur=1, totals=[25, 12, 0, 0],
                     round_no=3)
    events = state.apply(Play(c("AD")))
    assert isinstance(events[1], SuddenDeath) and state.result == (SUDDEN_DEATH, (1,))
    assert state.returns() == [0, 1, 0, 0] and state.round_scores == []
    assert not any(isinstance(e, Copied) for e in events)


# --- F12, F13, F16: A ---------------------------------------------------------------------------------------------
def test_f12_an_a_with_only_as_on_the_table():
    state = position(["AS 9C", "", ""], rows=["", "AH", ""])
    events = state.apply(Play(c("AS")))
    assert NoEffect(0, c("AS"), "nothing_to_copy") in events
    assert state.row[0] == parse_cards("AS") and state.cur == 1


def test_f13_an_a_copies_a_card_from_its_own_row():
    state = position(["AD", "", ""], rows=["9S", "AH", ""], pool="JD QD")
    state.apply(Play(c("AD")))
    assert state.legal_actions() == [Copy("9")]
    state.apply(Copy("9"))
    feed(state, "JD")
    assert c("JD") in state.hand[0] and state.row[0] == parse_cards("9S AD") and state.cur == 1


def test_f16_an_a_whose_only_candidate_effects_are_unusable():
    state = position(["AD", "", ""], rows=["", "9S AH", "QC AS"], pool="")
    events = state.apply(Play(c("AD")))
    assert NoEffect(0, c("AD"), "nothing_to_copy") in events and state.cur == 1


def test_an_a_copying_q_draws_from_the_left_and_j_skips():
    state = position(["AD", "", ""], rows=["QC", "JH", ""], pool="9S 9H 9D")
    state.apply(Play(c("AD")))
    assert state.legal_actions() == [Copy("J"), Copy("Q")]
    branch = state.clone()
    events = branch.apply(Copy("J"))
    assert TurnSkipped(1) in events and branch.cur == 2
    state.apply(Copy("Q"))
    assert state.to_draw == (1, 2, 0)


# --- F17, F24 ------------------------------------------------------------------------------------------------------
def test_f17_the_stuck_check_counts_duplicates_and_received_cards():
    state = position(["", "", "9C JD"], rows=["", "", "JH 9S"], cur=2)
    assert state.playable(2) == () and state.legal_actions() == [STUCK]
    with pytest.raises(IllegalAction, match="cannot play"):
        state.apply(Play(c("9C")))
    events = state.apply(STUCK)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.ender == 2 and scored.scores[2].points == 1


def test_f24_final_tie_shares_the_victory():
    state = stuck_round(["", "", ""], ender=2, totals=[21, 21, 17], round_no=3)
    events = state.apply(STUCK)
    assert GameOver(POINTS, (0, 1), (21, 21, 17)) in events
    assert state.returns() == [0.5, 0.5, 0.0] and state.winners() == (0, 1)


def test_round_end_passes_the_marker_and_deals_again():
    state = stuck_round(["9S", "", ""], ender=1, start=1)
    events = state.apply(STUCK)
    assert MarkerPassed(2) in events and DealStarted(2, 2, False) in events
    assert state.phase == DEAL and state.to_deal[0] == 0 and state.totals == [1, 0, 0]


# --- illegal actions, codec, clones -------------------------------------------------------------------------------
def test_illegal_actions_explain_and_change_nothing():
    state = position(["9S 9H 10D", "", ""], rows=["9D", "", ""])
    before = state.view(0)
    for action, words in [(Play(c("9S")), "already has a 9"), (Play(c("KS")), "not in seat 0's hand"),
                          (STUCK, "playing is mandatory"), (Lose(c("9D")), "must play a card"), (3, "must play")]:
        with pytest.raises(IllegalAction, match=words):
            state.apply(action)
        assert state.view(0) == before and state.history == []
    state.apply(Play(c("10D")))
    with pytest.raises(IllegalAction, match="return one card"):
        state.apply(Lose(c("9S")))


def test_a_new_match_starts_with_chance():
    state = new_state(5)
    assert state.current_player() == CHANCE and [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError):
        new_state(2)
    with pytest.raises(IllegalAction):
        state.apply(5)


def test_json_codec_round_trips_every_kind_of_action():
    state = new_state(3)
    actions = [0, c("10H"), Play(c("QS")), Lose(c("AC")), Kick(c("9D")), KickTo(2), Copy("K"), REDEAL, KEEP, STUCK]
    for action in actions:
        data = json.loads(json.dumps(state.action_to_json(action)))
        assert state.action_from_json(data) == action
    for bad in (["play", "ZZ"], ["copy", "A"], {"x": 1}, "nonsense", ["to", "2"]):
        with pytest.raises(IllegalAction):
            state.action_from_json(bad)

