"""Powers' bots: the heuristics of spec section 9 where the answer is clear, and Easy against random play (Normal's
strength is the arena's business: docs/measurements.md)."""

from __future__ import annotations

from random import Random

from game.ai.levels import make_bot
from game.titles.powers.bots import rollout_policy
from game.titles.powers.rules import PASS, YIELD, Defend, Play, new_state, occupy, position


def test_easy_beats_random_play():
    share = 0.0
    games = 40
    for game in range(games):
        lineup = [make_bot("powers", "easy")] + [make_bot("powers", "random") for _ in range(3)]
        k = game % 4
        lineup = lineup[-k:] + lineup[:-k] if k else lineup
        state, rng = new_state(4), Random(game)
        while not state.is_terminal():
            state.apply(state.sample_chance(rng) if state.is_chance_node() else
                        lineup[state.current_player()].choose(state, rng))
        share += state.returns()[k]
    assert share / games > 0.3  # the fair share is 0.25


def test_the_opening_is_the_least_useful_card():
    state = position(on_offer="ITA", hands={0: "KS 2H 9C JK1"})
    assert rollout_policy(state, Random(1)) == Play("2H")


def test_a_low_card_bids_for_a_territory_worth_having_and_a_king_is_kept():
    state = position(on_offer="CHN", owners={"KOR": 1, "RUS": 1}, hands={0: "2H", 1: "3S KS 4D QC JC 9H"})
    state.apply(Play("2H"))
    assert rollout_policy(state, Random(1)) == Play("3S")


def test_the_cheapest_cards_pay():
    state = position(on_offer="JPN", hands={0: "JK1 2C 5D 9H KS 3H"})
    state.apply(Play("JK1"))
    assert rollout_policy(state, Random(1)) == occupy("2C 5D 3H")


def test_a_face_card_defends_when_yielding_would_bring_the_occupier_near_the_conquest():
    state = position(on_offer="ITA", hands={0: "JK1 2S 3S 4S", 1: "QD 5C"})
    for territory in ("CHN", "USA"):
        state.owner[territory] = 0
    state.owner["AUT"] = 1
    state.apply(Play("JK1"))
    state.apply(occupy("2S 3S 4S"))
    assert state.legal_actions() == [Defend("QD"), YIELD]
    assert rollout_policy(state, Random(1)) == Defend("QD")  # 25 + 6 would be the conquest


def test_passing_when_nothing_beats():
    state = position(on_offer="ITA", hands={0: "KH", 1: "2S 3C"})
    state.apply(Play("KH"))
    assert rollout_policy(state, Random(1)) == PASS


def test_no_joker_for_a_territory_the_hand_could_not_pay_for():
    """A joker is not replaced: with four cards a joker leaves three, and France costs four, so the right it wins
    is a forced decline (a playtest saw a Normal bot do this twice in a game); with five cards it pays."""
    owners = {"GER": 1, "ITA": 1, "SUI": 1}  # France worth a joker to seat 1: 8 points and three neighbours
    for hand, choice in (("JK1 3S 4D 5C", PASS), ("JK1 3S 4D 5C 6H", Play("JK1"))):
        state = position(on_offer="FRA", owners=owners, hands={0: "KH", 1: hand}, parent=0)
        state.apply(Play("KH"))  # only the joker beats a king
        assert rollout_policy(state, Random(1)) == choice, hand


def test_no_bid_for_a_right_with_fewer_cards_than_the_cost():
    state = position(on_offer="CHN", owners={"KOR": 1, "RUS": 1}, hands={0: "2H", 1: "3S 4D 5C"})
    state.apply(Play("2H"))
    assert rollout_policy(state, Random(1)) == PASS  # China costs 5; three cards cannot pay it
