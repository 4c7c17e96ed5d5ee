"""Powers' move log: every event as a sentence, told as `viewer` may see it (a card drawn stays the drawer's)."""

from __future__ import annotations

from game.services.i18n import person, pick, said, sentences, t
from game.titles.powers import rules
from game.titles.territories import TERRITORY_NAMES
from game.ui import theme

SUITS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}


def card_name(card: str) -> str:
    """A card in a sentence: "10♥", "A♠", "Joker"."""
    if card in rules.JOKERS:
        return t("pw.joker")
    return rules.rank(card) + SUITS[card[-1]]


def territory_name(territory: str) -> str:
    return pick(*TERRITORY_NAMES[territory])


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _parent(e, viewer, names):
    return said("pw.log.parent", e.seat, names, viewer), theme.SKY


def _drawn(e, viewer, names):
    if e.seat == viewer and e.reason != "deal":
        return said("pw.log.drew_known", e.seat, names, viewer, card=card_name(e.card)), theme.INK_DIM
    if e.reason in ("conscription", "defence"):  # another's draw of its own (replacements: one line, `_replacing`)
        return said("pw.log.drew", e.seat, names, viewer), theme.INK_DIM
    return None


def _replacing(e, viewer, names):
    """One line for the replacements, you among them (your cards are then told one by one); none when only yours."""
    if not any(n for seat, n in enumerate(e.played) if seat != viewer):
        return None
    counts = [f"{person(seat, names, viewer)} {n}" for seat, n in enumerate(e.played) if n]
    return t("pw.log.replacing", counts=pick(", ", "、").join(counts)), theme.INK_DIM


def _reshuffled(e, viewer, names):
    return t("pw.log.reshuffled", n=e.cards), theme.WARN


def _lost(e, viewer, names):
    return said("pw.log.draw_lost", e.seat, names, viewer), theme.INK_DIM


def _revealed(e, viewer, names):
    points, cost, kind, _ = rules.TERRITORIES[e.territory]
    return t("pw.log.revealed", round=e.round, name=territory_name(e.territory), points=points, cost=cost,
             kind=t(f"pw.kind.{kind}")), theme.SKY


def _discarded(e, viewer, names):
    cards = " ".join(card_name(c) for c in e.cards)
    key = "pw.log.discarded_bonus" if e.bonus else "pw.log.discarded"
    return said(key, e.seat, names, viewer, cards=cards), theme.INK


def _recovered(e, viewer, names):
    return said("pw.log.recovered", e.seat, names, viewer, card=card_name(e.card)), theme.ACCENT


def _played(e, viewer, names):
    if e.number is None:
        return said("pw.log.joker", e.seat, names, viewer), theme.WARN
    return said("pw.log.played", e.seat, names, viewer, card=card_name(e.card), number=e.number,
                strength=e.strength), theme.INK


def _passed(e, viewer, names):
    return said("pw.log.passed", e.seat, names, viewer), theme.INK_DIM


def _right(e, viewer, names):
    return said("pw.log.right", e.seat, names, viewer), theme.SKY


def _declined(e, viewer, names):
    return said("pw.log.declined", e.seat, names, viewer, next=person(e.next_seat, names, viewer), cost=e.cost), theme.INK_DIM


def _acquired(e, viewer, names):
    name = territory_name(e.territory)
    if not e.paid:
        return said("pw.log.free", e.seat, names, viewer, land=name), theme.GOOD
    return said("pw.log.acquired", e.seat, names, viewer, land=name,
                cards=" ".join(card_name(c) for c in e.paid)), theme.GOOD


def _defended(e, viewer, names):
    return said("pw.log.defended", e.seat, names, viewer, land=territory_name(e.territory),
                card=card_name(e.card)), theme.INK


def _yielded(e, viewer, names):
    line = said("pw.log.yielded", e.seat, names, viewer, land=territory_name(e.territory),
                to=person(e.to, names, viewer))
    if e.cascade:
        line = sentences([line, t("pw.log.blitzkrieg", land=territory_name(e.territory))])
    return line, theme.BAD if e.seat == viewer else theme.INK


def _over(e, viewer, names):
    key = "pw.log.conquest" if e.victory == rules.CONQUEST_WIN else "pw.log.points"
    return said(key, list(e.winners), names, viewer), theme.GOOD if viewer in e.winners else theme.WARN


TELLERS = {rules.ParentChosen: _parent, rules.CardDrawn: _drawn, rules.Replacing: _replacing,
           rules.Reshuffled: _reshuffled,
           rules.DrawLost: _lost, rules.Revealed: _revealed, rules.Discarded: _discarded,
           rules.Recovered: _recovered, rules.Played: _played, rules.Passed: _passed, rules.RightWon: _right,
           rules.Declined: _declined, rules.Acquired: _acquired, rules.Defended: _defended,
           rules.Yielded: _yielded, rules.GameOver: _over}
