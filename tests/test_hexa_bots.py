"""Hexa's bots: the rules of thumb of spec section 9 in positions where the answer is clear, and Easy against random
play (Normal's strength is the arena's business: docs/measurements.md)."""

from __future__ import annotations

from random import Random

from game.ai.levels import make_bot
from game.titles.hexa.bots import guess, rollout_policy
from game.titles.hexa.rules import (
    FLAG_REDRAW,
    JOKER,
    KEEP,
    RECOVER_PICK,
    REDRAW,
    Advance,
    Take,
    new_state,
    position,
)


def play(bots, seed: int) -> list[float]:
    state, rng = new_state(), Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance_node() else
                    bots[state.current_player()].choose(state, rng))
    return state.returns()


def test_easy_beats_random_play():
    share = 0.0
    for game in range(30):
        bots = [make_bot("hexa", "easy"), make_bot("hexa", "random")]
        if game % 2:
            bots.reverse()
        share += play(bots, game)[game % 2]
    assert share / 30 > 0.8


def flag_decision(card: str):
    state = position("L0 C0 R2", "L4 C5 R4", hands=("2", "5"), flag=0, mover=1)
    state.apply(Advance("L"))
    state.apply(card)
    assert state.phase == FLAG_REDRAW
    return state


def test_a_low_number_is_thrown_away_and_a_face_kept():
    assert rollout_policy(flag_decision("3"), Random(1)) == REDRAW
    assert rollout_policy(flag_decision("K"), Random(1)) == KEEP


def test_the_best_card_is_taken_back():
    state = position("L0 C0 R0", "L4 C5 R4", hands=("2 3 4", ""), discard="7 JK 9", phase="recovery")
    state.apply(state.legal_actions()[0])  # the set 2-3-4
    assert state.phase == RECOVER_PICK
    assert rollout_policy(state, Random(1)) == Take(JOKER)


def test_a_strong_card_attacks_the_piece_on_its_rear():
    state = position("L0 C4 R0", "L4 C5 R4", hands=("K Q J", "5 6 7"))
    assert rollout_policy(state, Random(1)) == Advance("C")


def test_the_guess_counts_known_and_unseen_cards():
    state = position("L0 C0 R0", "L4 C5 R4", hands=("K", "5 6"), discard="K K")
    state.known[1]["5"] = 1
    weights = guess(state, 0)
    assert weights["5"] > 1.0 and "K" in weights and abs(sum(weights.values()) - 2) < 1e-9  # two cards in hand
    state.hand[1] = dict.fromkeys(state.hand[1], 0)
    assert guess(state, 0) == {"blank": 1.0}
