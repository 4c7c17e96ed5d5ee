"""`schedule_draws` (game.core.cards): the order of another seat's draws in a world's history, so that it held every
card it played when it played it (Hexa, Powers and Neu/Noir fill their worlds' histories with it)."""

from __future__ import annotations

import pytest

from game.core.cards import schedule_draws

RANKS = ("2", "3", "5", "8", "Q", "K")
RANK = {rank: i for i, rank in enumerate(RANKS)}.get


def counts(cards: str) -> dict[str, int]:
    return {card: cards.split().count(card) for card in cards.split()}


def test_the_cards_played_are_drawn_first_earliest_need_first():
    """Draws at 1, 4, 6, 9 (seen: a 3, thrown away at 10) and 12; it held a 5 and played a Q at 7, the 5 at 8, the
    3 at 10 and an 8 at 11: the Q and the 8 go to its first free draws, the rest in the given order."""
    changes = ((7, "Q", -1), (8, "5", -1), (10, "3", -1), (11, "8", -1))
    order = schedule_draws((1, 4, 6, 9, 12), counts("2 3 8 Q K"), counts("5"), changes, {9: "3"}, RANK)
    assert order == ["Q", "8", "2", "3", "K"]


def test_a_card_taken_face_up_needs_no_draw():
    changes = ((2, "K", 1), (3, "K", -1), (5, "2", -1))
    assert schedule_draws((1, 4), counts("2 Q"), {}, changes, None, RANK) == ["2", "Q"]


def test_cards_told_apart_are_scheduled_the_same_way():
    cards = ("7H", "AS", "JK1")
    assert schedule_draws((0, 1, 2), dict.fromkeys(cards, 1), {}, ((5, "JK1", -1),), None, cards.index) == [
        "JK1", "7H", "AS"]


def test_no_order_is_refused():
    changes = ((7, "Q", -1), (11, "8", -1))
    with pytest.raises(ValueError, match="never drawn before"):  # the 8 is played at 11, the second draw is at 12
        schedule_draws((1, 12), counts("8 Q"), {}, changes, None, RANK)
    with pytest.raises(ValueError, match="do not add up"):
        schedule_draws((1, 2, 3), counts("8 Q"), {}, changes, None, RANK)
    with pytest.raises(ValueError, match="free draws"):
        schedule_draws((1,), counts("8 Q"), {}, changes, None, RANK)
