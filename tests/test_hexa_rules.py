"""Hexa's engine against shared/rules/hexa.md: the board of section 2 and every example of section 8 (H1-H23).

The engine deals ranks (suits never matter: see the rules module), so the spec's cards are read without their
suits: "7S" is a 7, "JK1" a joker.
"""

from __future__ import annotations

from random import Random

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction
from game.titles.hexa.rules import (
    ATTACK,
    ATTACKER,
    BLANK,
    DEFEND,
    DEFENDER,
    DRAWN,
    END_RECOVERY,
    FLAG_REDRAW,
    JOKER,
    KEEP,
    MOVE,
    OVER,
    RECOVER_PICK,
    RECOVERY,
    REDRAW,
    Advance,
    BattleResolved,
    Commit,
    DeclareSet,
    GameOver,
    Reshuffled,
    Take,
    adjacent,
    battle_outcome,
    is_set,
    neighbours,
    new_state,
    position,
)

SPEC_NEIGHBOURS = {
    "L0": "L1 C0 C1", "L1": "L0 L2 C1 C2", "L2": "L1 L3 C2 C3", "L3": "L2 L4 C3 C4", "L4": "L3 C4 C5",
    "R0": "R1 C0 C1", "R1": "R0 R2 C1 C2", "R2": "R1 R3 C2 C3", "R3": "R2 R4 C3 C4", "R4": "R3 C4 C5",
    "C0": "C1 L0 R0", "C1": "C0 C2 L0 L1 R0 R1", "C2": "C1 C3 L1 L2 R1 R2", "C3": "C2 C4 L2 L3 R2 R3",
    "C4": "C3 C5 L3 L4 R3 R4", "C5": "C4 L4 R4",
}


def hexes(text: str) -> set[tuple[str, int]]:
    return {(word[0], int(word[1:])) for word in text.split()}


def test_the_board_of_section_2():
    for name, expected in SPEC_NEIGHBOURS.items():
        assert set(neighbours("standard", (name[0], int(name[1:])))) == hexes(expected), name
    assert not any(adjacent(("L", r), ("R", s)) for r in range(5) for s in range(5))  # L and R never touch


def dealt(seed: int = 0, first: int = 0, cards: tuple[str, ...] | None = None):
    """A new game: seat `first` is P1; the deal is `cards` (P1's three, then P2's) or drawn by `seed`."""
    state, rng = new_state(), Random(seed)
    state.apply(first)
    for k in range(6):
        state.apply(cards[k] if cards else state.sample_chance(rng))
    return state


def hand(state, seat: int) -> list[str]:
    return state.ranks(seat)


# --- H1, H2 -------------------------------------------------------------------------------------------------------
def test_h1_setup():
    state = dealt(first=1)
    p1, p2 = 1, 0
    assert state.positions[p1] == [0, 0, 0] and state.positions[p2] == [4, 5, 4]
    assert state.hand_size(p1) == state.hand_size(p2) == 3 and state.deck_size == 48 and state.discard == []
    assert state.flag is None and state.current_player() == p1 and state.turn == 1 and state.phase == RECOVERY


def test_h2_scripted_opening():
    state = dealt(first=0, cards=("5", "9", "K", "2", "7", "A"))
    assert hand(state, 0) == ["5", "9", "K"] and hand(state, 1) == ["A", "2", "7"]
    assert state.legal_actions() == [END_RECOVERY]  # turn 1: no draw, no set in 5-9-K
    state.apply(END_RECOVERY)
    state.apply(Advance("R"))
    assert state.positions[0] == [0, 0, 1]
    assert state.current_player() == CHANCE  # P2's turn begins with a draw
    state.apply("4")
    assert state.legal_actions() == [END_RECOVERY]
    state.apply(END_RECOVERY)
    state.apply(Advance("R"))
    assert state.positions[1] == [4, 5, 3]
    state.apply("Q")
    state.apply(END_RECOVERY)
    state.apply(Advance("R"))
    assert state.positions[0] == [0, 0, 2] and state.flag == 0 and state.deck_size == 46


# --- H3-H9: battles -----------------------------------------------------------------------------------------------
def battle(p1: str, p2: str, column: str, a: str, d: str, attacker: int = 0, **kw):
    """A battle in spec notation (P1 is seat 0): the attacker advances `column`, commits `a`, the defender `d`."""
    state = position(p1, p2, hands=(a, d) if attacker == 0 else (d, a), mover=attacker, **kw)
    events = state.apply(Advance(column))
    assert state.phase == ATTACK and state.current_player() == attacker
    events += state.apply(Commit(a))
    assert state.phase == DEFEND and state.current_player() == 1 - attacker
    events += state.apply(Commit(d))
    resolved = next(e for e in events if type(e) is BattleResolved)
    return state, resolved, events


H3 = ("L2 C2 R0", "L4 C3 R3")


def test_h3_numbers_with_support():
    state, resolved, _ = battle(*H3, "C", "7", "9")
    assert state.battle is None and resolved.strengths == (10, 9) and resolved.outcome == ATTACKER
    assert state.positions[0][1] == 3 and state.positions[1][1] == 5  # P2's C piece thrown back to C5
    assert state.discard == ["7", "9"]
    assert state.current_player() == CHANCE and state.draws == [(1, "loss")]  # P2 draws one
    state.apply("3")
    assert hand(state, 1) == ["3"] and state.current_player() == CHANCE  # P2's own turn: its draw


def test_h4_face_beats_number_regardless_of_support():
    state, resolved, _ = battle(*H3, "C", "10", "J")
    assert resolved.outcome == DEFENDER and resolved.strengths == (None, None)
    assert state.positions[0][1] == 0 and state.draws == [(0, "loss")]


def test_h5_ace_beats_face():
    state, resolved, _ = battle(*H3, "C", "A", "K")
    assert resolved.outcome == ATTACKER and state.positions[0][1] == 3 and state.positions[1][1] == 5


@pytest.mark.parametrize(("d", "outcome"), [("3", ATTACKER), ("4", DRAWN), ("5", DEFENDER)])
def test_h6_ace_against_numbers(d, outcome):
    state, resolved, _ = battle(*H3, "C", "A", d)
    assert resolved.outcome == outcome and resolved.strengths[0] == 4
    if outcome == DRAWN:
        assert state.positions == [[2, 2, 0], [4, 3, 3]]
        assert state.draws == [(1, "turn")] and state.cur == 1  # nobody draws for the battle; P2's turn draws
    if outcome == DEFENDER:
        assert state.positions[0][1] == 0 and state.draws == [(0, "loss")]


def test_h7_face_against_face_with_support():
    _, resolved, _ = battle(*H3, "C", "J", "K")
    assert resolved.strengths == (14, 13) and resolved.outcome == ATTACKER


@pytest.mark.parametrize(("a", "d"), [("K", JOKER), (JOKER, JOKER), ("A", JOKER)])
def test_h8_jokers_force_a_draw(a, d):
    state, resolved, _ = battle(*H3, "C", a, d)
    assert resolved.outcome == DRAWN and state.positions == [[2, 2, 0], [4, 3, 3]]
    assert sorted(state.discard) == sorted([a, d]) and state.draws == [(1, "turn")] and state.cur == 1


def test_h9_equal_totals_draw():
    _, resolved, _ = battle(*H3, "C", "5", "8")  # sA = 1: 8 against 8
    assert resolved.outcome == DRAWN and resolved.strengths == (8, 8)
    assert battle_outcome("10", "7", 0, 1) == DRAWN  # sA = 0, sD = 1: 10 against 10


# --- H10-H12: the rear, the goal, the flag ------------------------------------------------------------------------
def test_h10_destruction_and_victory():
    state, resolved, events = battle("L3 C1 R1", "L4 C4 R3", "L", "Q", "9")
    assert resolved.outcome == ATTACKER and resolved.destroyed and state.positions[1][0] is None
    assert state.positions[0][0] == 4 and state.phase == OVER and state.returns() == [1.0, 0.0]
    assert type(events[-1]) is GameOver and events[-1].winner == 0 and not state.draws  # no loser's draw
    _, resolved, _ = battle("L3 C1 R1", "L4 C4 R3", "L", "Q", JOKER)
    assert resolved.outcome == DRAWN
    state, resolved, _ = battle("L3 C1 R1", "L4 C4 R3", "L", "Q", "A")
    assert resolved.outcome == DEFENDER and state.positions[0][0] == 0 and state.draws == [(0, "loss")]


def test_h10_supports():
    state = position("L3 C1 R1", "L4 C4 R3", hands=("Q", "9"))
    state.apply(Advance("L"))
    assert state.battle.support == (0, 1)


def test_h11_a_losing_attacker_on_its_rear_stays():
    state, resolved, _ = battle("L0 C2 R3", "L4 C5 R4", "R", "4", "6", attacker=1)
    assert state.battle is None and resolved.outcome == DEFENDER
    assert resolved.thrown_back is None and state.positions == [[0, 2, 3], [4, 5, 4]]  # it stood there already
    assert state.draws == [(1, "loss")]
    from game.titles.hexa.log import describe

    line = describe(resolved, 0, ["You", "Hayate"])[0]  # a playtest read "goes back to R4" of a piece on R4
    assert "back" not in line and line.endswith("you win.")


def test_h12_the_flag_changes_hands_by_battle():
    state, resolved, _ = battle("L0 C1 R2", "L4 C3 R3", "R", "5", "7", attacker=1, flag=0)
    assert resolved.strengths == (8, 7) and resolved.outcome == ATTACKER
    assert state.positions[1][2] == 2 and state.flag == 1 and state.positions[0][2] == 0
    assert state.draws == [(0, "loss")]
    state, resolved, _ = battle("L0 C1 R2", "L4 C3 R3", "R", "5", "9", attacker=1, flag=0)
    assert resolved.outcome == DEFENDER and state.positions[1][2] == 4 and state.flag == 0
    assert state.draws == [(1, "loss")]


# --- H13: the flag's redraw ---------------------------------------------------------------------------------------
def flag_turn():
    """P2 has just ended its turn; P1 (seat 0) owns the flag, and its turn's draw comes next."""
    state = position("L0 C0 R2", "L4 C5 R4", hands=("2", "5"), flag=0, mover=1)
    state.apply(Advance("L"))  # P2 L4 -> L3; P1's turn begins with its draw
    assert state.cur == 0 and state.current_player() == CHANCE
    return state


def test_h13_the_flag_redraw():
    state = flag_turn()
    state.apply("3")
    assert state.phase == FLAG_REDRAW and state.legal_actions() == [KEEP, REDRAW]
    assert state.view(0).drawn == "3" and state.view(1).drawn is None  # only the drawer sees the card
    state.apply(REDRAW)
    assert state.discard == ["3"] and state.current_player() == CHANCE
    state.apply("K")
    assert hand(state, 0) == ["2", "K"] and state.phase == RECOVERY  # the second card is kept
    state = flag_turn()
    state.apply("3")
    state.apply(KEEP)
    assert hand(state, 0) == ["2", "3"] and state.phase == RECOVERY and state.deck["K"] == 4


def test_the_redraw_reshuffles_an_empty_deck_with_the_card_thrown_away():
    state = flag_turn()
    state.apply("3")
    state.deck = dict.fromkeys(state.deck, 0)
    state.deck_size = 0
    events = state.apply(REDRAW)
    assert Reshuffled(1) in events and state.legal_actions() == ["3"]  # the thrown-away card came back


def test_a_redraw_forgets_no_recovered_card_of_the_same_rank():
    """The redraw throws away the card just drawn (spec 4.3), so a 3 taken back earlier, shown to the other, is still
    known to be in hand (spec 6): the other's worlds all give it."""
    state = position("L0 C0 R1", "L4 C5 R4", hands=("3 4 5 9", "2"), phase=RECOVERY)
    state.apply(DeclareSet("3", "4", "5"))
    state.apply(Take("3"))  # taken back, shown to P2
    state.apply(END_RECOVERY)
    state.apply(Advance("R"))  # P1 takes the flag
    state.apply("7")
    state.apply(END_RECOVERY)
    state.apply(Advance("L"))
    state.apply("3")  # P1 draws another 3, and throws it away
    state.apply(REDRAW)
    state.apply("K")
    assert hand(state, 0) == ["3", "9", "K"] and state.view(1).known[0] == ("3",)
    assert all(state.resample(1, Random(k)).hand[0]["3"] >= 1 for k in range(50))


def test_the_other_seats_hidden_draw_is_never_a_card_it_was_seen_to_take_back():
    """P1 holds a recovered joker (the other one is on the discard pile) and draws at its flag turn: in P2's worlds
    the card P1 drew, and may throw away, is one P2 has not seen, never that joker."""
    state = position("L0 C0 R2", "L4 C5 R4", hands=(JOKER, "2"), discard=JOKER, flag=0, mover=1)
    state.known[0][JOKER] = 1  # as a recovery leaves it (the test above takes one back step by step)
    state.apply(Advance("L"))
    state.apply("5")
    assert state.phase == FLAG_REDRAW and state.view(1).drawn is None
    worlds = [state.resample(1, Random(k)) for k in range(50)]
    assert all(world.drawn != JOKER and world.hand[0][JOKER] >= 1 for world in worlds)


# --- H14, H15, H20: recovery --------------------------------------------------------------------------------------
def test_h14_recovery_chain():
    state = position("L0 C0 R0", "L4 C5 R4", hands=("7 8 9 Q Q", ""), discard="JK Q 2", phase=RECOVERY)
    state.apply(DeclareSet("7", "8", "9"))
    assert state.discard == [JOKER, "Q", "2", "7", "8", "9"] and state.phase == RECOVER_PICK
    state.apply(Take("Q"))
    assert hand(state, 0) == ["Q", "Q", "Q"] and state.known[0]["Q"] == 1
    state.apply(DeclareSet("Q", "Q", "Q"))
    state.apply(Take(JOKER))
    state.apply(END_RECOVERY)
    assert hand(state, 0) == [JOKER] and state.phase == MOVE
    assert sorted(state.discard) == sorted(["2", "7", "8", "9", "Q", "Q", "Q"]) and len(state.discard) == 7
    assert state.view(1).known[0] == (JOKER,)  # the Q that was known has left the hand


@pytest.mark.parametrize("trio", ["A 2 3", "Q K A", "K A 2", "J Q K", "10 J Q", "9 10 J", "5 5 5", "A A A"])
def test_h15_valid_sets(trio):
    assert is_set(trio.split())


@pytest.mark.parametrize("trio", ["2 3 5", "J Q A", "K A 3", "5 5 JK", "JK JK 5"])
def test_h15_invalid_sets(trio):
    assert not is_set(trio.split())


def test_no_wrap_variant():
    assert not is_set(["K", "A", "2"], wrap=False) and is_set(["Q", "K", "A"], wrap=False)


def test_h20_recovery_on_the_first_turn():
    state = dealt(first=0, cards=("4", "4", "4", "2", "7", "A"))
    assert state.legal_actions() == [DeclareSet("4", "4", "4"), END_RECOVERY]
    state.apply(DeclareSet("4", "4", "4"))
    assert state.legal_actions() == [Take("4")]
    state.apply(Take("4"))
    assert hand(state, 0) == ["4"] and state.discard == ["4", "4"]


def test_a_set_the_hand_lacks_is_refused_and_changes_nothing():
    state = position("L0 C0 R0", "L4 C5 R4", hands=("7 8 Q", ""), phase=RECOVERY)
    before = state.clone()
    with pytest.raises(IllegalAction, match="not a set"):
        state.apply(DeclareSet("7", "8", "9"))
    assert state.view(0) == before.view(0) and state.history == []


# --- H16-H19, H21-H23 ---------------------------------------------------------------------------------------------
def test_h16_reshuffle_on_the_losers_draw():
    state = position(*H3, hands=("7", "9"), discard="A 2 3 4 5 6 8 10 J Q")
    state.deck = dict.fromkeys(state.deck, 0)
    state.deck_size = 0
    state.apply(Advance("C"))
    state.apply(Commit("7"))
    events = state.apply(Commit("9"))  # 10 against 9: P2 loses and draws
    assert Reshuffled(12) in events and state.deck_size == 12 and state.discard == []
    state.apply("8")
    assert state.deck_size == 11 and hand(state, 1) == ["8"]


def test_the_reshuffle_lets_each_player_know_the_others_hand():
    state = position(*H3, hands=("7 K", "9 5"), discard="A 2 3 4 6 8 10 J Q")
    state.deck = dict.fromkeys(state.deck, 0)
    state.deck_size = 0
    state.apply(Advance("C"))
    state.apply(Commit("7"))
    state.apply(Commit("9"))
    assert state.view(0).known[1] == ("5",) and state.view(1).known[0] == ("K",)


def test_h17_emergency_draw():
    state = position(*H3, hands=("7", ""))
    state.apply(Advance("C"))
    assert state.current_player() == CHANCE and state.draws == [(1, "emergency")]
    state.apply("6")
    assert state.phase == ATTACK and state.view(0).hand_sizes == (1, 1) and state.view(0).hand == ("7",)
    state.apply(Commit("7"))
    assert state.legal_actions() == [Commit("6")]


def test_h18_side_column_support():
    state = position("L0 C2 R1", "L4 C3 R2", hands=("5", "5"))
    state.apply(Advance("R"))
    assert state.battle.support == (1, 0)
    state = position("L0 C0 R1", "L4 C1 R2", hands=("5", "5"))
    state.apply(Advance("R"))
    assert state.battle.support == (0, 1)


def test_h19_double_support_in_the_centre():
    state, resolved, _ = battle("L3 C2 R2", "L4 C3 R3", "C", "3", "8")
    assert resolved.strengths == (9, 8) and resolved.outcome == ATTACKER
    assert state.positions[0][1] == 3 and state.positions[1][1] == 5 and state.draws == [(1, "loss")]


def test_h21_a_plain_advance_onto_the_flag():
    state = position("L0 C0 R1", "L4 C5 R4", hands=("5", "5"), flag=1)
    state.apply(Advance("R"))
    assert state.positions[0][2] == 2 and state.flag == 0
    state = position("L0 C0 R2", "L4 C5 R3", hands=("2", "9"), flag=0)  # P1 owns the flag from R2,
    state.apply(Advance("R"))  # attacks R3 and loses: back to R0, the flag still P1's
    state.apply(Commit("2"))
    state.apply(Commit("9"))
    assert state.positions[0][2] == 0 and state.flag == 0


def test_h22_blank():
    state = position(*H3, hands=("2", ""))
    state.deck = dict.fromkeys(state.deck, 0)
    state.deck_size = 0
    state.apply(Advance("C"))
    assert state.phase == ATTACK  # nothing to draw: P2 will fight with a blank
    state.apply(Commit("2"))
    assert state.legal_actions() == [Commit(BLANK)]
    state.apply(Commit(BLANK))
    assert state.positions[0][1] == 3  # the blank loses
    assert battle_outcome(JOKER, BLANK, 0, 0) == DRAWN and battle_outcome(BLANK, BLANK, 0, 0) == DRAWN
    state = position(*H3, hands=(JOKER, ""))
    state.deck = dict.fromkeys(state.deck, 0)
    state.deck_size = 0
    state.apply(Advance("C"))
    state.apply(Commit(JOKER))
    events = state.apply(Commit(BLANK))
    assert next(e for e in events if isinstance(e, BattleResolved)).outcome == DRAWN  # a joker against a blank
    assert state.positions[0][1] == 2  # nothing moves


def test_h23_safeguard():
    state = position("L0 C0 R0", "L4 C5 R4", hands=("5", "5"), turn=300)
    state.apply(Advance("L"))
    assert state.current_player() == TERMINAL and state.winner is None and state.returns() == [0.5, 0.5]


# --- hidden information ---------------------------------------------------------------------------------------------
def test_the_defender_does_not_see_the_attackers_card():
    state = position(*H3, hands=("7 K", "9 5"))
    state.apply(Advance("C"))
    before = state.view(1)
    state.apply(Commit("K"))
    seen = state.view(1)
    assert seen.attacker_committed and seen.committed is None and seen.hand_sizes == before.hand_sizes
    assert state.action_key(Commit("9"), 0) == Commit("9")
    for world in (state.resample(1, Random(k)) for k in range(20)):
        assert world.view(1) == seen and world.committed[0] in world.ranks(0)


def test_a_draw_is_seen_by_its_drawer_only():
    state = dealt(first=0)
    state.apply(END_RECOVERY)
    state.apply(Advance("L"))
    assert state.action_key("7", 1) == "7" and state.action_key("7", 0) != "7"


def test_the_log_keeps_the_attackers_card_down_until_the_reveal():
    from game.titles.hexa.rules import COMMITTED

    state = new_state()
    for action in (0, *"7K2958", END_RECOVERY, Advance("C"), "3", END_RECOVERY, Advance("C"), "A", END_RECOVERY,
                   Advance("C"), "4", END_RECOVERY, Advance("C"), "6", END_RECOVERY, Advance("C")):
        state.apply(action)  # P1 (seat 0) has no draw on its first turn; the pieces meet in C
    assert state.phase == ATTACK and state.cur == 0
    state.apply(Commit("K"))
    assert state.log[-1] == (0, COMMITTED[0]) and state.view(1).log == state.view(0).log
    for world in (state.resample(1, Random(k)) for k in range(10)):  # the world's card, one of the world's hand
        assert world.history[-1] == Commit(world.committed[0]) and world.committed[0] in world.ranks(0)
    at = len(state.log) - 1
    state.apply(Commit("9"))  # both turned over: the log tells the attacker's card (the loser's draw follows)
    assert state.log[at:at + 2] == [(0, Commit("K")), (1, Commit("9"))]


def test_the_long_field():
    state = new_state(field="long")
    state.apply(0)
    assert state.positions == [[0, 0, 0], [6, 7, 6]] and state.flag_hex == ("R", 3)
    assert set(neighbours("long", ("C", 7))) == hexes("C6 L6 R6")


def test_random_games_end_with_a_winner_or_at_the_safeguard():
    from game.core.engine import play_out

    for seed in range(40):
        state = play_out(new_state(), Random(seed), 20_000)
        assert state.phase == OVER and sum(state.returns()) == 1.0
        if state.winner is not None:
            assert sum(row is None for row in state.positions[1 - state.winner]) == 1  # the beaten rear piece


def test_the_sets_offered_are_every_set_the_hand_holds():
    from itertools import combinations

    from game.titles.hexa.rules import INDEX, KINDS, HexaState

    rng = Random(3)
    for _ in range(400):
        wrap = rng.random() < 0.5
        state = HexaState(wrap=wrap)
        for rank in (rng.choice(KINDS) for _ in range(rng.randrange(10))):
            state.hand[0][rank] += 1
        expected = {tuple(sorted(trio, key=INDEX.get)) for trio in combinations(state.ranks(0), 3)
                    if is_set(trio, wrap)}
        offered = [tuple(s) for s in state.sets(0)]
        assert set(offered) == expected and len(offered) == len(expected)
        assert offered == sorted(offered, key=lambda s: [INDEX[r] for r in s])
