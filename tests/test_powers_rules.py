"""Powers' engine against shared/rules/powers.md: the map of section 2, every example of section 8 and the full round
of 8.3, random play, and the worlds a seat can imagine (the pools of spec 9)."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction, play_out
from game.titles.powers.rules import (
    CARDS,
    DECLINE,
    DEFEND,
    DISCARD,
    IDS,
    OCCUPY,
    OPEN,
    OVER,
    PASS,
    RECOVER,
    TERRITORIES,
    YIELD,
    Defend,
    Occupy,
    Play,
    Recover,
    Reshuffled,
    discard3,
    new_state,
    occupy,
    position,
)


def test_the_map_of_section_2():
    assert sum(t[0] for t in TERRITORIES.values()) == 98 and sum(t[1] for t in TERRITORIES.values()) == 53
    borders = {frozenset((a, b)) for a, t in TERRITORIES.items() for b in t[3]}
    assert len(borders) == 24
    assert all(a in TERRITORIES[b][3] for a, t in TERRITORIES.items() for b in t[3])  # symmetric (A22)
    assert [t for t in IDS if TERRITORIES[t][2] == "island"] == ["USA", "GBR", "JPN", "IDN"]
    assert [t for t in IDS if TERRITORIES[t][2] == "inland"] == ["RUS", "SUI"]
    assert len(CARDS) == 54


def table_top(state):
    return state.top


def play(state, seat: int, card: str) -> None:
    assert state.current_player() == seat, (state.current_player(), seat)
    state.apply(Play(card))


def passes(state, *seats: int) -> None:
    for seat in seats:
        assert state.current_player() == seat
        state.apply(PASS)


# --- 8.1 -----------------------------------------------------------------------------------------------------------
def test_s1_france_helps_against_germany():
    state = position(on_offer="GER", owners={"FRA": 1}, hands={0: "7D", 1: "10S"})
    play(state, 0, "7D")
    assert state.top == (7, 7)
    play(state, 1, "10S")
    assert state.top == (10, 11)


def test_s2_an_ace_after_an_unmodified_ten():
    state = position(on_offer="GER", owners={"AUT": 2}, hands={1: "10H", 2: "AC"}, parent=1)
    play(state, 1, "10H")
    assert state.card_strength(2, "AC") == 12
    play(state, 2, "AC")
    assert state.top == (11, 12)
    state = position(on_offer="GER", hands={1: "10H", 2: "AC"}, parent=1)
    play(state, 1, "10H")
    play(state, 2, "AC")
    assert state.top == (11, 11)  # S2b


def test_s3_an_ace_cannot_beat_an_adjacency_boosted_ten():
    state = position(on_offer="GER", owners={"FRA": 1}, hands={1: "10H", 2: "AC 9S QD"}, parent=1)
    play(state, 1, "10H")
    assert state.top == (10, 11)
    assert state.legal_actions() == [Play("QD"), PASS]
    with pytest.raises(IllegalAction, match="strength 11"):
        state.apply(Play("AC"))
    state = position(on_offer="GER", owners={"FRA": 1, "AUT": 2}, hands={1: "10H", 2: "AC 9S QD"}, parent=1)
    play(state, 1, "10H")
    assert Play("AC") in state.legal_actions() and state.card_strength(2, "AC") == 12  # S3b


def test_s4_king_ace_ace_is_fifteen():
    state = position(on_offer="ITA", hands={0: "KS", 1: "AH", 2: "AD", 3: "AC KH"})
    play(state, 0, "KS")
    play(state, 1, "AH")
    assert state.top == (14, 14)
    play(state, 2, "AD")
    assert state.top == (15, 15) and state.legal_actions() == [Play("AC"), PASS]
    assert state.card_strength(3, "AC") == 16


def test_s5_the_colour_override_beats_the_ace():
    state = position(on_offer="USA", hands={0: "KH", 1: "AS AD"})
    play(state, 0, "KH")
    assert state.card_strength(1, "AS") == 1 and state.legal_actions() == [Play("AD"), PASS]
    state = position(on_offer="SUI", owners={"GER": 1}, hands={0: "KC", 1: "AH AS"})
    play(state, 0, "KC")
    assert state.card_strength(1, "AH") == 1 and state.card_strength(1, "AS") == 15
    assert state.legal_actions() == [Play("AS"), PASS]


def test_s6_jokers_are_not_redrawn():
    state = position(on_offer="ITA", hands={0: "5H JK1", 1: "9C", 2: "2S", 3: "3S"})
    play(state, 0, "5H")
    play(state, 1, "9C")
    passes(state, 2, 3)
    play(state, 0, "JK1")  # the right at once, after two passes only
    assert state.winner == 0 and state.draws == [(0, "reorganisation"), (1, "reorganisation")]
    state.apply(state.pile[0])
    state.apply(state.pile[0])
    assert state.discard[-3:] == ["5H", "9C", "JK1"] and state.phase == OCCUPY and state.cur == 0


# --- 8.2 -----------------------------------------------------------------------------------------------------------
def test_e1_a_black_opener_on_an_island_feeds_a_red_ace():
    state = position(on_offer="USA", hands={0: "10S", 1: "AH", 2: "2D QS KH"})
    play(state, 0, "10S")
    assert state.top == (10, 1)
    play(state, 1, "AH")
    assert state.top == (11, 11) and state.legal_actions() == [Play("KH"), PASS]


def test_e2_inland_with_adjacency():
    state = position(on_offer="RUS", owners={"CHN": 1, "KOR": 1}, hands={0: "10C", 1: "9S 8C KH JD"})
    play(state, 0, "10C")
    assert [state.card_strength(1, c) for c in ("9S", "8C", "KH", "JD")] == [11, 10, 1, 1]
    assert state.legal_actions() == [Play("9S"), PASS]


def test_e3_islands_ignore_adjacency():
    state = position(on_offer="USA", owners={"GBR": 2, "JPN": 2, "IDN": 2}, hands={1: "JH", 2: "QH 10H"}, parent=1)
    play(state, 1, "JH")
    assert state.card_strength(2, "QH") == 12 and state.legal_actions() == [Play("QH"), PASS]


def test_e4_an_opening_ace_with_adjacency():
    state = position(on_offer="GER", owners={"FRA": 0, "AUT": 0}, hands={0: "AH", 1: "AC 3D 4S"})
    play(state, 0, "AH")
    assert state.top == (1, 3) and state.legal_actions() == [Play("4S"), PASS]


def test_e5_a_joker_opening():
    state = position(on_offer="ITA", hands={0: "JK2 3C 4D 5H 6S", 1: "2S"})
    assert PASS not in state.legal_actions() and state.phase == OPEN
    state.apply(Play("JK2"))
    assert state.phase == OCCUPY and state.cur == 0 and len(state.hand[0]) == 4 and state.discard == ["JK2"]


def test_e6_pass_come_back_win():
    state = position(on_offer="ITA", hands={0: "5H 9D", 1: "2S", 2: "7C", 3: "3S"})
    play(state, 0, "5H")
    passes(state, 1)
    play(state, 2, "7C")
    passes(state, 3)
    play(state, 0, "9D")
    passes(state, 1, 2, 3)
    assert state.winner == 0 and state.draws == [(0, "reorganisation")] * 2 + [(2, "reorganisation")]
    state = position(on_offer="ITA", hands={0: "2C", 1: "2S", 2: "7C", 3: "3S"})
    play(state, 0, "2C")
    passes(state, 1, 2, 3)
    assert state.winner == 0 and state.draws == [(0, "reorganisation")]  # E6b


def occupation(players: int, territory: str, winner: int, hands: dict[int, str] | None = None):
    """The occupation phase of `territory` with the right won by `winner` (a joker opening)."""
    hands = dict(hands or {})
    hands[winner] = (hands.get(winner, "") + " JK1").strip()
    state = position(players, on_offer=territory, hands=hands, parent=winner)
    state.apply(Play("JK1"))
    assert state.phase in (OCCUPY, OVER) or state.current_player() == CHANCE
    return state


def holders(state) -> list[tuple[int, int]]:
    seen = []
    while state.phase == OCCUPY:
        seen.append((state.holder, state.cost))
        state.apply(DECLINE)
    return seen


def test_e7_the_right_goes_round_and_the_territory_is_free():
    state = occupation(4, "USA", 2)
    assert holders(state) == [(2, 5), (3, 4), (0, 3), (1, 2), (2, 1)]
    assert state.owner["USA"] == 3 and state.acquirer == 3
    assert state.parent == 3 and state.phase == "reveal"  # nobody to defend: the round ends, P3 the next parent


def test_e8_the_free_territory_returns_to_the_winner_with_five():
    state = occupation(5, "CHN", 0)
    assert holders(state) == [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1)] and state.owner["CHN"] == 0


def test_e9_decline_is_forced_without_the_cards():
    state = occupation(4, "JPN", 1, {1: "2C 5D"})
    assert state.legal_actions() == [DECLINE]
    state.apply(DECLINE)
    assert (state.holder, state.cost) == (2, 2)


def test_e10_paying_the_cost():
    state = occupation(4, "JPN", 1, {1: "2C 5D 9H KS"})
    assert state.legal_actions() == [occupy(cards) for cards in ("KS 2C 9H", "KS 2C 5D", "KS 9H 5D", "2C 9H 5D")] \
        + [DECLINE]
    state.apply(occupy("2C 5D 9H"))
    assert state.owner["JPN"] == 1 and state.score(1) == 6 and state.hand[1] == ["KS"]
    assert set(state.discard[-3:]) == {"2C", "5D", "9H"}


def test_e11_defence_order_and_forced_yields():
    state = occupation(4, "FRA", 0, {1: "JS 4D", 2: "3C 8H"})
    for t, seat in (("GER", 1), ("ITA", 1), ("GBR", 2)):
        state.owner[t] = seat
    state.hand[0] += ["2S", "3S", "4S", "5S"]
    state.pile = [c for c in state.pile if c not in ("2S", "3S", "4S", "5S")]
    state.hidden[0][0] = state.hidden[0].get(0, 0) + 4
    pay = Occupy("2S 3S 4S 5S")
    state.apply(pay)
    assert state.phase == DEFEND and state.cur == 1 and state.legal_actions() == [Defend("JS"), YIELD]
    state.apply(Defend("JS"))
    assert state.current_player() == CHANCE and state.defending == "JS" and "JS" not in state.discard
    state.apply("6C")
    assert state.discard[-1] == "JS" and state.owner["GER"] == 1
    assert state.cur == 2 and state.legal_actions() == [YIELD]  # GBR
    state.apply(YIELD)
    assert state.cur == 1 and state.legal_actions() == [YIELD]  # ITA: P1 holds 4D and 6C
    state.apply(YIELD)
    assert state.score(0) == 8 + 7 + 5 and state.phase == "reveal"


def test_e12_a_conquest_by_occupation_skips_the_defence():
    state = occupation(4, "JPN", 0, {0: "2S 3S 4S"})
    for t in ("CHN", "RUS", "KOR"):
        state.owner[t] = 0
    state.owner["IDN"] = 1
    state.apply(next(a for a in state.legal_actions() if a != DECLINE))
    assert state.phase == OVER and state.winners == (0,) and state.victory == "conquest" and state.score(0) == 30


def test_e13_a_conquest_in_the_middle_of_a_defence():
    state = occupation(4, "OTT", 0, {0: "2S 3S 4S 5S", 2: "KS", 3: "QS"})
    for t, seat in (("IND", 0), ("IDN", 0), ("RUS", 1), ("AUT", 2), ("ITA", 3)):
        state.owner[t] = seat
    state.apply(next(a for a in state.legal_actions() if a != DECLINE))
    assert state.phase == DEFEND and state.cur == 1
    state.apply(YIELD)
    assert state.phase == OVER and state.winners == (0,) and state.score(0) == 30  # AUT and ITA never asked


def conscription(hand: str, discard: str, draw: str):
    """P1's conscription turn in round 2 (P0 the parent has drawn), P1 about to draw `draw`."""
    state = position(on_offer="ITA", hands={1: hand}, discard=discard, parent=0)
    state.phase, state.then, state.round, state.conscripted, state.cur = "reveal", "round", 1, 0, None
    state.unrevealed.append("ITA")
    state.apply("ITA")
    assert state.current_player() == CHANCE and state.draws == [(0, "conscription")]
    state.apply("2C")
    assert state.draws == [(1, "conscription")]
    state.apply(draw)
    return state


def test_e14_the_colour_bonus():
    state = conscription("2H 5D 9H KS QC 3S 7D", "AS JK2 7C", "10H")
    assert state.phase == DISCARD and len(state.legal_actions()) == 56  # E27 too
    state.apply(discard3("2H 5D 9H"))
    assert sorted(state.discard[3:]) == sorted(["2H", "5D", "9H"]) and state.discard[:3] == ["AS", "JK2", "7C"]
    assert state.phase == RECOVER and {a.card for a in state.legal_actions()} == {"7C", "2H", "5D", "9H"}
    state.apply(Recover("7C"))
    assert sorted(state.hand[1]) == sorted(["KS", "QC", "3S", "7D", "10H", "7C"]) and state.known[1] == ["7C"]
    assert state.view(0).known[1] == ("7C",) and state.draws == [(2, "conscription")]  # only now the next draws


def test_e15_no_bonus_with_a_joker_or_mixed_colours():
    state = conscription("2H 5D JK1 KS QC 3S 7D", "", "10H")
    state.apply(discard3("2H 5D JK1"))
    assert state.phase != RECOVER and len(state.hand[1]) == 5
    state = conscription("2H 5D 9S KS QC 3C 7D", "", "10H")
    state.apply(discard3("9S 2H 5D"))
    assert state.phase != RECOVER and len(state.hand[1]) == 5


def test_e16_a_reshuffle_in_reorganisation_leaves_the_table_out():
    state = position(on_offer="ITA", hands={0: "6H 9C", 2: "8D"})
    rest = [c for c in state.pile if c != "4S"]
    state.discard, state.pile = rest, ["4S"]
    play(state, 0, "6H")
    passes(state, 1)
    play(state, 2, "8D")
    passes(state, 3)
    play(state, 0, "9C")
    passes(state, 1, 2, 3)
    assert state.draws == [(0, "reorganisation")] * 2 + [(2, "reorganisation")]
    state.apply("4S")
    assert state.pool == 1 and not state.discard and not {"6H", "9C", "8D"} & set(state.pile)
    state.apply(state.pile[0])
    state.apply(state.pile[0])
    assert sorted(state.discard) == sorted(["6H", "9C", "8D"])


def test_e17_equal_strength_does_not_beat():
    state = position(on_offer="GER", owners={"FRA": 2}, hands={1: "9D", 2: "8S 9C"}, parent=1)
    play(state, 1, "9D")
    assert state.legal_actions() == [Play("9C"), PASS]


def test_e18_an_ace_chain_on_an_island():
    state = position(on_offer="USA", hands={0: "KH", 1: "AD", 2: "AS AH"})
    play(state, 0, "KH")
    play(state, 1, "AD")
    assert state.card_strength(2, "AS") == 1 and state.legal_actions() == [Play("AH"), PASS]


def test_e19_an_opening_colour_reduced_ace():
    state = position(on_offer="USA", hands={0: "AS", 1: "AH", 2: "2S 2D 3D"})
    play(state, 0, "AS")
    assert state.top == (1, 1)
    play(state, 1, "AH")
    assert state.top == (2, 2) and state.legal_actions() == [Play("3D"), PASS]


def final(owners: dict[int, str], hands: dict[int, int]):
    state = new_state(4)
    for seat, text in owners.items():
        for t in text.split():
            state.owner[t] = seat
    for seat, count in hands.items():
        state.hand[seat] = list(CARDS[seat * 10:seat * 10 + count])
    state.occupier = 0
    state._game_over("points")
    return state


def test_e20_points_victory_by_territories():
    state = final({0: "USA CHN OTT", 1: "RUS GER JPN AUT", 2: "IND FRA ITA", 3: "GBR KOR IDN SUI"}, {})
    assert [state.score(s) for s in range(4)] == [28, 28, 22, 20] and state.winners == (1,) and state.tie_break == 1


def test_e21_points_victory_by_cards_then_shared():
    owners = {0: "USA CHN IDN SUI", 1: "RUS IND KOR ITA", 2: "FRA GER JPN", 3: "OTT GBR AUT"}
    state = final(owners, {0: 3, 1: 5})
    assert state.winners == (1,) and state.tie_break == 2
    state = final(owners, {0: 5, 1: 5})
    assert state.winners == (0, 1) and state.tie_break == 3 and state.returns() == [0.5, 0.5, 0.0, 0.0]


def test_e22_free_acquisition_with_cost_3():
    state = occupation(4, "JPN", 1, {1: "2C 3C 4C", 2: "2D 3D", 3: "5D"})
    offered = []
    while state.phase == OCCUPY:
        offered.append((state.holder, state.cost))
        state.apply(DECLINE)
    assert offered == [(1, 3), (2, 2), (3, 1)]  # P1/3 -> P2/2 -> P3/1, then P0 at cost 0
    assert state.owner["JPN"] == 0 and state.acquirer == 0 and state.parent == 0  # free, and the next parent


def test_e23_an_empty_hand_passes():
    state = position(on_offer="ITA", hands={0: "5H", 1: "7C"})
    play(state, 0, "5H")
    play(state, 1, "7C")
    assert state.cur == 2 and state.legal_actions() == [PASS]


def e24_to_austrias_yield(blitzkrieg: bool = False):
    """E24 up to P1's answer for AUT: P0 acquires ITA, P3 defends SUI with QS; P1 (no face card) must yield AUT."""
    state = occupation(4, "ITA", 0, {0: "2S 3S 4S", 3: "QS", 2: "KS"})
    state.blitzkrieg = blitzkrieg
    for t, seat in (("SUI", 3), ("AUT", 1), ("GER", 2)):
        state.owner[t] = seat
    state.apply(next(a for a in state.legal_actions() if a != DECLINE))
    assert state.cur == 3
    state.apply(Defend("QS"))
    state.apply(state.pile[0])
    assert state.cur == 1 and state.legal_actions() == [YIELD]
    return state


def test_e24_no_cascade():
    state = e24_to_austrias_yield()
    state.apply(YIELD)
    assert state.owner["AUT"] == 0 and state.owner["GER"] == 2 and state.phase == "reveal"  # GER never asked


def test_e25_a_reshuffle_during_a_defence_leaves_the_face_card_out():
    state = occupation(4, "ITA", 0, {0: "2S 3S 4S", 1: "KH"})
    state.owner["AUT"] = 1
    state.apply(next(a for a in state.legal_actions() if a != DECLINE))
    state.discard += state.pile
    state.pile = []
    events = state.apply(Defend("KH"))
    assert Reshuffled(len(state.pile)) in events and state.pool == 1
    assert "KH" not in state.pile and state.current_player() == CHANCE
    state.apply(state.pile[0])
    assert state.discard == ["KH"]


def test_e26_the_first_round_skips_conscription():
    state, rng = new_state(4), Random(2)
    while state.phase in ("start", "deal", "reveal"):
        state.apply(state.sample_chance(rng))
    assert state.phase == OPEN and state.round == 1 and all(len(h) == 5 for h in state.hand)
    assert state.cur == state.parent and PASS not in state.legal_actions()


def test_e28_one_face_card_for_two_threatened_territories():
    state = occupation(4, "KOR", 3, {3: "2S 3S 4S", 1: "KD"})
    state.owner["CHN"], state.owner["RUS"] = 1, 1
    state.apply(next(a for a in state.legal_actions() if a != DECLINE))
    assert state.cur == 1 and state.to_defend[0] == "CHN" and state.legal_actions() == [Defend("KD"), YIELD]
    state.apply(YIELD)
    assert state.to_defend[0] == "RUS" and state.legal_actions() == [Defend("KD"), YIELD]


# --- 8.3, a full round ----------------------------------------------------------------------------------------------
def test_a_full_round():
    state = position(on_offer="CHN", owners={"KOR": 1},
                     hands={0: "3H 7S 9D QC KH", 1: "2C JH", 2: "4S 6D 8C 10H AS", 3: "5H 6C 9S JD KS"},
                     discard="6S 9H 4C 7D 8S", parent=1)
    state.phase, state.then, state.round = "reveal", "round", 1
    state.unrevealed.append("CHN")
    state.apply("CHN")
    for card in ("8H", "3C", "QD", "2S"):  # R1: P1, P2, P3, P0 draw; nobody reaches 8
        state.apply(card)
    assert state.phase == OPEN and state.cur == 1
    play(state, 1, "2C")
    assert state.top == (2, 3)
    play(state, 2, "4S")
    play(state, 3, "5H")
    passes(state, 0)
    play(state, 1, "8H")
    assert state.top == (8, 9) and Play("AS") not in state.legal_actions()
    play(state, 2, "10H")
    play(state, 3, "JD")
    play(state, 0, "QC")
    assert state.legal_actions() == [PASS]
    passes(state, 1)
    assert state.legal_actions() == [Play("AS"), PASS] and state.card_strength(2, "AS") == 13
    passes(state, 2)
    assert state.legal_actions() == [Play("KS"), PASS]
    passes(state, 3)
    assert state.winner == 0
    for card in ("7H", "10C", "5C", "KD", "3D", "9C", "AH"):  # R3, from P0
        state.apply(card)
    assert sorted(state.hand[0]) == sorted(["3H", "7S", "9D", "KH", "2S", "7H"])
    assert sorted(state.hand[2]) == sorted(["6D", "8C", "AS", "3C", "KD", "3D"])
    assert state.phase == OCCUPY and (state.holder, state.cost) == (0, 5)
    state.apply(DECLINE)
    assert state.legal_actions() == [DECLINE]
    state.apply(DECLINE)
    state.apply(occupy("6D 3C 3D"))
    assert state.owner["CHN"] == 2 and state.phase == DEFEND and state.cur == 1
    state.apply(Defend("JH"))
    state.apply("2D")
    assert state.owner["KOR"] == 1 and state.phase == "reveal" and state.parent == 2
    assert (state.score(1), state.score(2)) == (5, 10) and len(state.discard) == 16


# --- random play and worlds -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5])
def test_random_games_end_and_every_world_keeps_the_view(players):
    for seed in range(6):
        state, rng = new_state(players), Random(seed)
        checked = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.1:
                for seat in range(players):
                    world = state.resample(seat, Random(checked))
                    assert world.view(seat) == state.view(seat)
                    placed = [c for h in world.hand for c in h] + world.pile + world.discard + \
                        [c for _, c, _, _ in world.table] + ([world.defending] if world.defending else [])
                    assert sorted(placed) == sorted(CARDS)  # every card somewhere, once
                    for other in range(players):  # each hidden card of a hand from a pool it could come from
                        pools = Counter(world.pools[c] for c in world.hand[other] if c not in world.known[other])
                        assert pools == Counter(world.hidden[other])
                    assert all(world.pools[c] == world.pool for c in world.pile)
                    play_out(world.clone(), Random(checked), 10_000)
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
        assert state.current_player() == TERMINAL and abs(sum(state.returns()) - 1) < 1e-9


def test_an_illegal_play_is_refused_and_changes_nothing():
    state = position(on_offer="GER", hands={0: "7D 9C", 1: "5S"})
    before = state.view(0)
    with pytest.raises(IllegalAction, match="forced"):
        state.apply(PASS)
    with pytest.raises(IllegalAction):
        state.apply(Play("KS"))  # not in the hand
    assert state.view(0) == before and not state.history


def test_blitzkrieg_a_yielded_territorys_neighbours_are_asked_next_each_once():
    """A17's variant: E24 again with Blitzkrieg. AUT's yield asks its neighbours (GER, ITA, SUI, OTT) before the
    rest of ITA's list: GER (P2) is asked; SUI, asked already, is not asked again; OTT stays unowned."""
    from game.titles.powers.log import describe

    state = e24_to_austrias_yield(blitzkrieg=True)
    yielded = state.apply(YIELD)
    assert state.owner["AUT"] == 0 and state.phase == DEFEND and state.cur == 2  # GER, a neighbour of AUT
    assert state.to_defend[0] == "GER" and state.asked == ["SUI", "AUT"]
    names = ["You", "Hayate", "Kaede", "Jin"]
    assert describe(yielded[0], 0, names)[0] == "Hayate yields Austria to you. Blitzkrieg: Austria's neighbours must " \
        "answer too."
    yielded = state.apply(YIELD)  # GER to P0: its neighbours FRA (unowned), AUT (P0's), SUI (asked), RUS (unowned)
    assert not yielded[0].cascade
    assert state.owner["GER"] == 0 and state.phase == "reveal"
    assert state.score(0) == sum(TERRITORIES[t][0] for t in ("ITA", "AUT", "GER"))


def test_blitzkrieg_is_an_option_and_survives_the_view():
    from game.titles.powers.rules import from_view, new_state

    assert new_state(4).blitzkrieg is False and new_state(4, defence="blitzkrieg").blitzkrieg is True
    state = occupation(4, "ITA", 0, {0: "2S 3S 4S"})
    state.blitzkrieg = True
    world = from_view(state.view(1), Random(3))
    assert world.blitzkrieg and world.asked == state.asked and world.clone().blitzkrieg


def test_the_log_tells_the_others_draws_and_the_replacements_in_one_line():
    """Found in a playtest: hand sizes changed with nothing in the log (only your own draws were told)."""
    from game.titles.powers.log import describe
    from game.titles.powers.rules import CardDrawn, Replacing

    names = ["You", "Hayate", "Kaede", "Jin"]
    assert describe(CardDrawn(1, "5H", "conscription", 20), 0, names)[0] == "Hayate draws a card."
    assert describe(CardDrawn(1, "5H", "reorganisation", 20), 0, names) is None
    assert describe(Replacing((1, 3, 0, 2)), 0, names)[0] == "Cards played are replaced: you 1, Hayate 3, Jin 2."
    assert describe(Replacing((0, 3, 0, 2)), 0, names)[0] == "Cards played are replaced: Hayate 3, Jin 2."
    assert describe(Replacing((1, 0, 0, 0)), 0, names) is None  # yours alone: each of your draws is told
