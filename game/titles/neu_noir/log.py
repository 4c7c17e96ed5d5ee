"""Neu/Noir's move log: every event as a sentence, told as `viewer` may see it (hands and the leftover stay hidden).

Every play is told with its cards in order and the value after each (spec 10: the bots remember everything, so the
human needs this log), every bet, declaration, round winner and pile taken.
"""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import counted, joined, listed, person, said, sentences, t
from game.titles.neu_noir import rules
from game.titles.neu_noir.cards import card_name
from game.ui import theme


def pile_of(owner: int, taker: int, names: list[str], viewer: int | None) -> str:
    """A pile as the object of a sentence: "their own pile", "your pile", "Kaede's pile"."""
    if owner == taker:
        return t("nn.pile_own_you") if taker == viewer else t("nn.pile_own")
    if owner == viewer:
        return t("nn.pile_yours")
    return t("nn.pile_of", name=names[owner])


def describe(event, viewer: int | None, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _round(e, viewer, names):
    key = "nn.log.overtime_round" if e.overtime else "nn.log.round"
    return said(key, e.starter, names, viewer, n=e.round_no), theme.SKY


def _played(e, viewer, names):
    cards = listed(f"{card_name(kind)} ({value})" for kind, value in zip(e.cards, e.values, strict=True))
    parts = [said("nn.log.play", e.seat, names, viewer, cards=cards)]
    if e.turned:
        parts.append(t("nn.log.turned"))
    if e.shot is not None:
        parts.append(t("nn.log.shot", target=person(e.shot, names, viewer)))
    if e.doubles:
        parts.append(counted("nn.log.doubles", e.doubles, target=person(e.next, names, viewer)))
    return sentences(parts), theme.ACCENT if e.next == viewer and e.doubles else theme.INK


def _bet(e, viewer, names):
    line = said("nn.log.bet", e.seat, names, viewer, target=person(e.target, names, viewer))
    if e.cancelled:  # the pending Doubles end with the bet (spec 4.3.2, S10)
        line = sentences([line, t("nn.log.doubles_cancelled", n=e.cancelled) if e.cancelled > 1 else
                             t("nn.log.double_cancelled")])
    return line, theme.INK


def _declared(e, viewer, names):
    return said("nn.log.declare", e.seat, names, viewer), theme.WARN


def _round_won(e, viewer, names):
    key = "nn.log.won_by_bet" if e.by_bet else "nn.log.won"
    line = said(key, e.winner, names, viewer, n=e.black)
    lost = said("nn.log.white_lost", e.declarer, names, viewer, n=e.white_left)
    return sentences([line, lost]), theme.GOOD if e.winner == viewer else theme.INK


def _pile(e, viewer, names):
    line = said("nn.log.take", e.seat, names, viewer, pile=pile_of(e.owner, e.seat, names, viewer),
                cards=counted("nn.cards", len(e.cards)))
    if e.leftover:
        line = sentences([line, counted("nn.log.leftover", e.leftover)])
    return line, theme.INK  # public and telling: who took which pile (playtest round 14: dim read as minor)


def _leftover(e, viewer, names):
    return (t("nn.log.leftover_card", card=card_name(e.kind)), theme.INK_DIM) if e.seat == viewer else None


def _disqualified(e, viewer, names):
    return said("nn.log.disqualified", e.seat, names, viewer), theme.BAD


def _overtime(e, viewer, names):
    return t("nn.log.overtime", names=joined(e.tied, names, viewer)), theme.WARN


def _over(e, viewer, names):
    return said("nn.log.game_over", e.winner, names, viewer), theme.GOOD if e.winner == viewer else theme.WARN


TELLERS: dict[type, Callable] = {
    rules.RoundStarted: _round, rules.Played: _played, rules.BetPlaced: _bet, rules.Declared: _declared,
    rules.RoundWon: _round_won, rules.PileTaken: _pile, rules.LeftoverDrawn: _leftover,
    rules.Disqualified: _disqualified, rules.OvertimeCalled: _overtime, rules.GameOver: _over,
}
