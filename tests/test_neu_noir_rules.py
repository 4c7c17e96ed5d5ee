"""Neu/Noir's rules: every worked example of the spec's section 8 (S1-S14, E1-E30, the 8.3 mini-round), the whole-play
check against the card-by-card protocol, and random games to the end at 4 to 7 players."""

import random
from collections import Counter

import pytest

from game.core import chance
from game.core.engine import CHANCE, IllegalAction
from game.titles.neu_noir import rules as r
from game.titles.neu_noir.rules import (
    CCW,
    CW,
    DECLARE,
    OVER,
    OVERTIME_START,
    TAKE_PILE,
    TURN_PHASE,
    Bet,
    BetPlaced,
    Card,
    ChooseStarter,
    EndPlay,
    TakePile,
    cards,
    play,
    position,
)

A, B, C, D, E = range(5)


def legal_play(state, text: str, shot=None) -> bool:
    """Whether the whole play is legal: by the whole-play check, and card by card (the two must agree)."""
    whole = state.check_play(cards(text), shot) is None
    trial = state.clone()
    try:
        play(trial, text, shot)
        stepwise = True
    except IllegalAction:
        stepwise = False
    assert whole == stepwise, f"{text}: whole-play check {whole}, card by card {stepwise}"
    return whole


def plays_possible(state) -> bool:
    return any(type(a) is Card for a in state.legal_actions())


# --- 8.1 the source's own rule statements ---


def test_s1_a_number_card_adds_its_value():
    s = position(hands={A: "7"}, value=12)
    play(s, "7")
    assert (s.value, s.current, s.doubles, s.last_actor, s.pile[A][-1]) == (19, B, 0, A, "N7")


def test_s2_never_below_zero():
    s = position(hands={A: "-10"}, value=6)
    play(s, "-10")
    assert s.value == 0


def test_s3_not_over_101_but_exactly_101():
    s = position(hands={A: "10 6"}, value=95)
    assert not legal_play(s, "10") and legal_play(s, "6")
    play(s, "6")
    assert s.value == 101


def test_s4_the_101_card():
    s = position(hands={A: "101"}, value=3)
    play(s, "101")
    assert s.value == 101


def test_s5_shot_does_not_stack():
    s = position(hands={A: "SHOT SHOT"})
    s.apply(Card("SHOT"))
    s.apply(Card("SHOT"))
    assert {a for a in s.legal_actions() if type(a) is EndPlay} == {EndPlay(B), EndPlay(C), EndPlay(D)}
    (played,) = s.apply(EndPlay(C))  # one target, whatever the number of Shots
    assert s.current == C and played.shot == C and s.pile[A] == ["SHOT", "SHOT"]


def test_s6_turn_cancels_in_pairs():
    s = position(hands={B: "TURN TURN"}, current=B)
    play(s, "TURN TURN")
    assert (s.direction, s.current) == (CW, C)
    s = position(hands={B: "TURN TURN TURN"}, current=B)
    play(s, "TURN TURN TURN")
    assert (s.direction, s.current) == (CCW, A)


def test_s7_doubles_stack():
    s = position(hands={A: "DOUBLE DOUBLE", B: "1 2 3 4 PASS"})
    play(s, "DOUBLE DOUBLE")
    assert (s.current, s.doubles) == (B, 2)
    assert not legal_play(s, "1 2") and legal_play(s, "1 2 3") and legal_play(s, "PASS")


def test_s8_one_pass_hands_on_every_double():
    s = position(hands={B: "PASS"}, current=B, doubles=2, value=70)
    play(s, "PASS")
    assert (s.value, s.current, s.doubles) == (70, C, 2)


def test_s9_pass_without_a_double_is_plus_zero():
    s = position(hands={A: "PASS"}, value=40)
    play(s, "PASS")
    assert (s.value, s.current, s.doubles) == (40, B, 0)


def test_s10_a_bet_cancels_the_double_and_the_target_acts_next():
    s = position(hands={B: "5"}, current=B, doubles=1, value=30, direction=CW)
    events = s.apply(Bet(D))
    assert (s.under(D), s.doubles, s.current, s.last_actor, s.value, s.direction) == (B, 0, D, B, 30, CW)
    assert [(e.seat, e.target, e.cancelled) for e in events if isinstance(e, BetPlaced)] == [(B, D, 1)]


def test_the_log_says_when_a_bet_cancels_doubles():
    from game.titles.neu_noir.log import describe
    names = ["You", "Kaede", "Ren", "Sora"]
    assert describe(BetPlaced(B, D, 2), A, names)[0] == "Kaede bets on Sora. The 2 Doubles are cancelled."
    assert describe(BetPlaced(B, D, 1), A, names)[0] == "Kaede bets on Sora. The Double is cancelled."
    assert describe(BetPlaced(B, D, 0), A, names)[0] == "Kaede bets on Sora."


def test_s11_a_covered_player_cannot_be_bet_on():
    s = position(hands={C: "5"}, current=C, bets={A: B})
    assert Bet(B) not in s.legal_actions()
    assert {Bet(A), Bet(D)} <= set(s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(Bet(B))


def test_s12_a_bet_under_the_declarer_takes_the_chip():
    s = position(current=D, last=C, bets={B: D})
    s.apply(DECLARE)
    assert s.white[D] == 4 and s.black[B] == 1 and s.black[C] == 0


def test_s13_otherwise_the_previous_player_takes_it():
    s = position(current=D, last=C)
    s.apply(DECLARE)
    assert s.white[D] == 4 and s.black[C] == 1


def test_s14_the_round_one_declarer_takes_a_pile_and_the_leftover():
    s = position(hands={B: "1"}, current=B, last=A, round_no=1, piles={C: "4 10 TURN"})
    s.apply(DECLARE)
    assert s.phase == TAKE_PILE and s.current_player() == B
    leftover = sum(s.deck.values())
    s.apply(TakePile(C))
    while s.is_chance_node():  # the leftover cards go into B's hand
        s.apply(s.legal_actions()[0])
    assert s.hand_size(B) == 1 + 3 + leftover and s.pile[C] == [] and sum(s.deck.values()) == 0
    assert (s.round_no, s.current, s.value, s.last_actor, s.phase) == (2, B, 0, None, TURN_PHASE)


# --- 8.2 constructed edge cases ---


def test_e1_order_matters_at_the_floor():
    for text, value in (("-10 10", 10), ("10 -10", 5)):
        s = position(hands={A: "-10 10"}, value=5)
        assert legal_play(s, text)
        play(s, text)
        assert s.value == value


def test_e2_over_101_midway_is_illegal():
    s = position(hands={A: "10 -10"}, value=95)
    assert not legal_play(s, "10 -10") and legal_play(s, "-10 10")
    play(s, "-10 10")
    assert s.value == 95


def test_e3_at_101():
    s = position(hands={A: "-1 1 2 7 -10 TURN"}, value=101)
    assert not legal_play(s, "7") and not legal_play(s, "-1 2")
    assert legal_play(s, "-1 1") and legal_play(s, "-10 7") and legal_play(s, "TURN")


def test_e4_after_the_101_card():
    s = position(hands={A: "101 1 -10 -1"}, value=20)
    assert not legal_play(s, "101 1") and legal_play(s, "101 -10 -1") and legal_play(s, "-1 101")


def test_e5_two_fifties():
    assert legal_play(position(hands={A: "50 50"}, value=1), "50 50")
    assert not legal_play(position(hands={A: "50 50"}, value=2), "50 50")
    assert legal_play(position(hands={A: "50 50 -1"}, value=2), "50 -1 50")


def test_e6_stuck_under_a_double():
    s = position(hands={B: "7"}, current=B, doubles=1, value=30)
    assert set(s.legal_actions()) == {Bet(A), Bet(C), Bet(D), DECLARE}
    assert not legal_play(s, "7")


def test_e7_a_lone_pass_answers_a_double():
    s = position(hands={B: "PASS 9"}, current=B, doubles=1, value=96)
    assert legal_play(s, "PASS") and not legal_play(s, "9") and not legal_play(s, "9 PASS")
    play(s, "PASS")
    assert (s.current, s.doubles, s.value) == (C, 1, 96)
    s = position(hands={B: "PASS 9"}, current=B, doubles=1, value=30)
    play(s, "9 PASS")
    assert (s.value, s.current, s.doubles) == (39, C, 1)


def test_e8_doubles_used_up_without_a_pass():
    s = position(hands={B: "DOUBLE 3"}, current=B, doubles=1, value=50)
    play(s, "DOUBLE 3")
    assert (s.value, s.current, s.doubles) == (53, C, 1)


def test_e9_pass_plus_a_new_double():
    s = position(hands={B: "PASS DOUBLE"}, current=B, doubles=1)
    play(s, "PASS DOUBLE")
    assert (s.current, s.doubles) == (C, 2)


def test_e10_turn_and_shot_together():
    s = position(hands={B: "TURN SHOT", D: "4"}, current=B)
    play(s, "TURN SHOT", shot=D)
    assert (s.direction, s.current) == (CCW, D)
    play(s, "4")
    assert s.current == C


def test_e11_turn_and_pass_under_a_double():
    s = position(hands={B: "TURN PASS"}, current=B, doubles=1)
    play(s, "TURN PASS")
    assert (s.direction, s.current, s.doubles) == (CCW, A, 1)


def test_e12_shot_cannot_name_yourself():
    s = position(hands={B: "SHOT"}, current=B)
    assert not legal_play(s, "SHOT", shot=B)
    s.apply(Card("SHOT"))
    assert {a.shot for a in s.legal_actions() if type(a) is EndPlay} == {A, C, D}


def test_e13_chained_bets():
    s = position()
    s.apply(Bet(B))
    assert (s.current, s.under(B)) == (B, A)
    s.apply(Bet(C))
    assert s.current == C
    assert Bet(A) in s.legal_actions() and Bet(B) not in s.legal_actions() and Bet(D) in s.legal_actions()
    s.apply(Bet(A))
    assert s.current == A and not any(type(a) is Bet for a in s.legal_actions())


def test_e14_wallflower_and_the_no_wallflower_variant():
    s = position(current=D, bets={A: B, B: C, C: A})
    assert not any(type(a) is Bet for a in s.legal_actions())
    v2 = position(current=C, bets={A: B, B: C}, no_wallflower=True)  # E13 step 4 under V2: C may bet only on D
    assert [a for a in v2.legal_actions() if type(a) is Bet] == [Bet(D)]
    plain = position(current=C, bets={A: B, B: C})
    assert {a for a in plain.legal_actions() if type(a) is Bet} == {Bet(A), Bet(D)}


def test_e15_direction_after_a_bet():
    s = position(hands={D: "5"}, current=B)
    s.apply(Bet(D))
    play(s, "5")
    assert s.current == A


def test_e16_the_previous_player_after_a_shot():
    s = position(hands={A: "SHOT"})
    play(s, "SHOT", shot=C)
    s.apply(DECLARE)
    assert s.black[A] == 1 and s.black[B] == 0


def test_e17_no_declaring_on_a_rounds_first_turn():
    s = position(hands={B: "5"}, current=B, last=None, round_no=3)
    actions = s.legal_actions()
    assert DECLARE not in actions and {Bet(A), Bet(C), Bet(D), Card("N5")} <= set(actions)
    with pytest.raises(IllegalAction, match="first turn"):
        s.apply(DECLARE)


def test_e18_empty_hand_and_bet_chip_used():
    s = position(current=C, bets={C: D}, last=B)
    assert s.legal_actions() == [DECLARE]


def test_e19_an_empty_hand_at_a_rounds_start():
    s = position(current=D, last=None, round_no=4)
    assert set(s.legal_actions()) == {Bet(A), Bet(B), Bet(C)}


def test_e20_a_round_change_keeps_the_direction():
    s = position(current=C, direction=CCW, round_no=2, bets={A: C}, last=D, piles={D: "1 2 3 4 5 6"})
    s.apply(DECLARE)
    assert s.white[C] == 4 and s.black[A] == 1 and s.black[D] == 0
    assert s.phase == TAKE_PILE and s.bet_of == [None] * 4 and s.value == 0 and s.doubles == 0
    s.apply(TakePile(D))
    assert s.hand_size(C) == 6 and (s.round_no, s.current, s.direction, s.last_actor) == (3, C, CCW, None)


def test_e21_the_black_target_wins():
    s = position(current=B, last=A, black=[4, 1, 2, 1], white=[5, 2, 3, 2])
    events = s.apply(DECLARE)
    assert s.white[B] == 1 and s.black[A] == 5 and s.phase == OVER and s.winner == A
    assert isinstance(events[-1], r.GameOver) and events[-1].reason == "target" == s.end_reason()


def five(last: int, black: list[int], white: list[int]):
    return position(players=5, current=C, last=last, black=black, white=white)


def test_e22_out_of_white_chips_the_unique_leader_wins():
    s = five(D, [3, 2, 2, 1, 0], [2, 3, 1, 2, 4])
    s.apply(DECLARE)
    assert s.white[C] == 0 and s.black[D] == 2 and s.disqualified == C and s.winner == A
    assert s.end_reason() == "most_black"


def test_e23_tie_broken_by_the_last_round_winner():
    s = five(B, [3, 2, 2, 1, 0], [2, 3, 1, 2, 4])
    s.apply(DECLARE)
    assert s.black[B] == 3 and s.winner == B and s.end_reason() == "last_round"


def test_e24_tie_broken_by_white_chips():
    s = five(E, [3, 3, 1, 1, 0], [2, 3, 1, 2, 4])
    s.apply(DECLARE)
    assert s.black[E] == 1 and s.winner == B and s.end_reason() == "white"
    assert s.ranking() == (B, A, E, D, C) and s.places() == [2, 1, 5, 4, 3]


def test_equal_chips_share_a_place_in_the_display_ranking():
    s = five(E, [3, 1, 1, 1, 0], [2, 2, 1, 2, 4])
    s.apply(DECLARE)
    assert s.winner == A and s.disqualified == C and s.end_reason() == "most_black"
    assert s.ranking() == (A, E, B, D, C) and s.places() == [1, 3, 5, 3, 2]  # B and D: 1 black, 2 white each


def test_e25_overtime():
    s = five(E, [3, 3, 1, 1, 0], [3, 3, 1, 1, 4])
    s.hand[B] = Counter(cards("9"))
    s.apply(DECLARE)
    assert s.phase == OVERTIME_START and s.tied == (A, B) and s.current_player() == C
    assert s.legal_actions() == [ChooseStarter(A), ChooseStarter(B)]
    s.apply(ChooseStarter(B))
    assert (s.participants, s.current, s.value, s.doubles, s.overtime) == ((A, B), B, 0, 0, True)
    play(s, "9")
    assert s.current == A  # C, D and E are skipped
    assert s.end_reason() is None
    events = s.apply(DECLARE)
    assert s.phase == OVER and s.winner == B and s.end_reason() == "overtime" == events[-1].reason


def test_e26_both_end_conditions_together():
    s = position(current=D, last=C, bets={A: D}, black=[4, 1, 1, 2], white=[5, 3, 3, 1])
    s.apply(DECLARE)
    assert s.white[D] == 0 and s.black[A] == 5 and s.winner == A


def test_e27_taking_an_empty_pile():
    s = position(hands={B: "3"}, current=B, last=A, round_no=3)
    s.apply(DECLARE)
    s.apply(TakePile(A))
    assert s.hand[B] == Counter(cards("3")) and s.pile[A] == [] and (s.round_no, s.current) == (4, B)


def test_e28_pass_with_enough_cards_still_passes_the_double_on():
    s = position(hands={B: "PASS 5"}, current=B, doubles=1, value=20)
    play(s, "PASS 5")
    assert (s.value, s.current, s.doubles) == (25, C, 1)


def test_e29_two_player_overtime_with_turn():
    s = position(hands={A: "TURN", C: "2"})
    s.participants, s.overtime = (A, C), True
    play(s, "TURN")
    assert (s.direction, s.current) == (CCW, C)
    play(s, "2")
    assert s.current == A


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_e30_the_black_supply_lasts_and_rounds_are_bounded(players):
    bound = {4: 17, 5: 16, 6: 13, 7: 15}[players]
    for seed in range(6):
        options = {"skip": seed % 2 == 1, "no_wallflower": seed % 3 == 1, "extra_life": False}
        s = random_game(players, seed, **options)
        assert s.phase == OVER and s.black_supply >= 0 and s.round_no <= bound
        assert s.returns().count(1.0) == 1


# --- 8.3 a full mini-round ---


def test_the_mini_round_of_section_8_3():
    s = position(hands={A: "50 10 DOUBLE 3", B: "50 -10 2", C: "9 PASS", D: "101 7 TURN"}, last=None,
                 round_no=3)
    play(s, "50 10")
    assert (s.value, s.current) == (60, B)
    assert not legal_play(s, "50 -10")
    play(s, "-10 50")
    assert (s.value, s.current) == (100, C)
    play(s, "PASS")
    assert (s.value, s.current) == (100, D)
    play(s, "TURN")
    assert (s.direction, s.current) == (CCW, C)
    assert not legal_play(s, "9")
    s.apply(Bet(A))
    assert (s.under(A), s.current, s.doubles, s.last_actor) == (C, A, 0, C)
    assert not legal_play(s, "3")
    play(s, "DOUBLE")
    assert (s.current, s.doubles) == (D, 1)
    assert not plays_possible(s) and not legal_play(s, "101 7") and not legal_play(s, "7 101")
    assert {a for a in s.legal_actions() if type(a) is Bet} == {Bet(B), Bet(C)}
    s.apply(Bet(B))
    assert (s.under(B), s.doubles, s.current) == (D, 0, B)
    assert not legal_play(s, "2")
    assert set(s.legal_actions()) == {Bet(C), Bet(D), DECLARE}
    s.apply(DECLARE)
    assert s.white[B] == 4 and s.black[D] == 1 and s.phase == TAKE_PILE and s.current_player() == B
    s.apply(TakePile(A))
    assert (s.round_no, s.current, s.direction) == (4, B, CCW)


# --- the protocol itself ---


def test_a_card_is_offered_only_when_the_play_can_still_be_finished():
    s = position(hands={B: "7 50"}, current=B, doubles=1, value=60)  # the spec's second stuck example
    assert not plays_possible(s)
    s = position(hands={B: "7 50 -10"}, current=B, doubles=1, value=60)
    assert Card("N7") in s.legal_actions()  # 7, then -10 makes two cards
    s.apply(Card("N7"))
    assert s.legal_actions() == [Card("M10")]  # 50 would go over; ending needs a second card
    s.apply(Card("M10"))
    assert s.legal_actions() == [EndPlay(None)]  # 57 + 50 is over 101
    s = position(hands={B: "TURN 9 9 PASS"}, current=B, doubles=2, value=101)
    assert Card("TURN") in s.legal_actions()  # the Pass left in hand will finish it
    s.apply(Card("TURN"))
    assert s.legal_actions() == [Card("PASS")]


def test_an_illegal_action_leaves_the_state_unchanged():
    s = position(hands={A: "10 6"}, value=95)
    before = s.view(A)
    with pytest.raises(IllegalAction, match="over 101"):
        s.apply(Card("N10"))
    assert s.view(A) == before


@pytest.mark.parametrize("seed", range(12))
def test_whole_plays_and_the_card_by_card_protocol_agree(seed):
    """Every outcome class of the full enumeration (spec 4.10) is reachable card by card, and lands on its value."""
    rng = random.Random(seed)
    hand = " ".join(rng.sample([t for t, k in r.TOKENS.items() for _ in range(r.DECK[k])], 6))
    s = position(hands={A: hand}, value=rng.choice([0, 37, 88, 96, 101]), doubles=rng.choice([0, 0, 1, 2]))
    classes = set()
    for order, shot in r.whole_plays(s):
        assert s.check_play(list(order), shot) is None
        value = s.value
        for kind in order:
            value = r.step(value, kind)
        trial = s.clone()
        for kind in order:
            trial.apply(Card(kind))
        trial.apply(EndPlay(shot))
        assert trial.value == value and trial.current != A
        classes.add((tuple(sorted(order)), value, shot))
    assert len(classes) == len(r.whole_plays(s))  # one play per class
    # and every first card the protocol offers starts some play of the enumeration
    firsts = {a.kind for a in s.legal_actions() if type(a) is Card}
    assert firsts <= {kind for order, _ in r.whole_plays(s) for kind in order}


# --- random games ---


def random_game(players: int, seed: int, **options) -> r.NeuNoirState:
    """A game of random choices, chance from the seed, checked at every step: conservation of the 58 cards, the
    value and Doubles in range, never stuck, the round winner never the declarer."""
    s = r.new_state(players, **options)
    rng = random.Random(seed)
    for _ in range(20_000):
        if s.phase == OVER:
            return s
        if s.current_player() == CHANCE:
            s.apply(chance.outcome(s, seed))
            continue
        actions = s.legal_actions()
        assert actions, f"stuck in {s.phase}"
        held = sum(s.hand_size(p) for p in range(players)) + sum(map(len, s.pile)) + len(s.line)
        assert held + sum(s.deck.values()) == 58
        assert 0 <= s.value <= 101 and 0 <= s.doubles <= 2
        events = s.apply(rng.choice(actions))
        for event in events:
            if isinstance(event, r.RoundWon):
                assert event.winner != event.declarer
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_games_end_with_one_winner(players):
    for seed in range(4):
        s = random_game(players, 100 + seed, extra_life=seed == 3)
        assert s.winner is not None and s.ranking()[0] == s.winner
        assert s.disqualified is None or s.ranking()[-1] == s.disqualified


def test_views_hide_the_other_hands_and_resample_keeps_what_is_known():
    s = random_game_until(4, seed=9, rounds=3)
    view = s.view(A)
    assert dict(view.hand) == {k: n for k, n in s.hand[A].items() if n}
    world = s.resample(A, random.Random(1))
    assert world.view(A) == view
    for seat in (B, C, D):
        assert world.hand_size(seat) == s.hand_size(seat)
        assert not (world.known[seat] - world.hand[seat])  # the known cards are in the sampled hand
    assert sum(world.hand_size(p) for p in range(4)) + sum(map(len, world.pile)) + sum(world.deck.values()) == 58


def test_a_world_lets_a_player_in_mid_play_finish_it():
    """B has played SHOT with a Double to pay, so it must add a card, and at 100 only a card that keeps it within
    101 will do: every world A samples gives B a hand that can (most hands of one unseen card could not)."""
    s = position(hands={A: "3 4", B: "SHOT PASS"}, current=B, value=100, doubles=1)
    s.apply(Card("SHOT"))
    assert s.phase == r.BUILD and s.legal_actions() == [Card("PASS")]
    for k in range(40):
        world = s.resample(A, random.Random(k))
        assert world.view(A) == s.view(A) and world.legal_actions(), k


def random_game_until(players: int, seed: int, rounds: int) -> r.NeuNoirState:
    s = r.new_state(players)
    rng = random.Random(seed)
    while s.round_no < rounds or s.phase != TURN_PHASE:
        if s.current_player() == CHANCE:
            s.apply(chance.outcome(s, seed))
        else:
            s.apply(rng.choice(s.legal_actions()))
    return s


def test_actions_survive_their_json_form():
    s = random_game_until(5, seed=3, rounds=2)
    for action in s.legal_actions():
        assert s.action_from_json(s.action_to_json(action)) == action
    with pytest.raises(IllegalAction):
        s.action_from_json(["card", "N11"])


def test_reorder_finds_a_legal_order_when_one_exists():
    assert r.legal_order(0, cards("50 50 10 -10")) is not None  # not by the "negatives first" order: 110
    order = r.legal_order(0, cards("50 50 10 -10"))
    s = position(hands={A: "50 50 10 -10"})
    assert s.check_play(order, None) is None
    assert r.legal_order(95, cards("10 10")) is None
    assert r.legal_order(95, cards("10 -10")) == ["M10", "N10"]
