"""Fusejika's move log: every event as a sentence, told as `viewer` may see it (cards drawn by others stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import listed, person, said, t
from game.titles.fusejika import rules
from game.titles.fusejika.cards import card_text
from game.ui import theme


def cards_text(cards) -> str:
    return " ".join(card_text(card) for card in cards) or "—"


def stuck_line(event, names: list[str], you: int | None) -> str:
    """The stuck player's line: the hand revealed, or that it was empty (nothing to reveal)."""
    if event.hand:
        return said("fj.log.stuck", event.seat, names, you, cards=cards_text(event.hand))
    return said("fj.log.stuck_empty", event.seat, names, you)


def effect_name(rank: str) -> str:
    return t(f"fj.effect.{rank}")


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _drawn(e, viewer, names):
    if e.known:
        return said("fj.log.draw_known", e.seat, names, viewer, card=card_text(e.card), n=e.deck), theme.WARN
    if e.seat == viewer:
        return t("fj.log.draw_mine", card=card_text(e.card), n=e.deck), theme.INK
    return t("fj.log.draw", name=names[e.seat], n=e.deck), theme.INK_DIM


def _played(e, viewer, names):
    return said("fj.log.play", e.seat, names, viewer, card=card_text(e.card), effect=effect_name(e.card.rank)), \
        theme.INK


def _no_effect(e, viewer, names):
    return t(f"fj.log.no_effect.{e.reason}", name=names[e.seat], card=card_text(e.card)), theme.INK_DIM


def _scored(e, viewer, names):
    parts = listed(f"{names[i]} +{s.points}" for i, s in enumerate(e.scores))
    return t("fj.log.scored", round=e.round_no, scores=parts), theme.GOOD


def _game_over(e, viewer, names):
    key = "fj.log.sudden_over" if e.kind == "sudden_death" else "fj.log.points_over"
    return said(key, e.winners, names, viewer), theme.GOOD


def _jump(e, viewer, names):
    if e.skipped == viewer:
        return t("fj.log.jump_on_you", name=names[e.seat]), theme.ACCENT
    return said("fj.log.jump", e.seat, names, viewer, target=names[e.skipped]), theme.SKY


TELLERS: dict[type, Callable] = {  # event class -> teller(event, viewer, names)
    rules.StartChosen: lambda e, v, n: (t("fj.log.first_start", name=n[e.seat]), theme.INK_DIM),
    rules.DealStarted: lambda e, v, n: (said("fj.log.redeal_deal", e.start, n, v, round=e.round_no) if e.redeal
                                      else t("fj.log.round", round=e.round_no, name=n[e.start]), theme.SKY),
    rules.CardDealt: lambda e, v, n: (t("fj.log.dealt"), theme.INK_DIM) if e.remaining == 0 else None,
    rules.RedealCalled: lambda e, v, n: (said("fj.log.redeal", e.seat, n, v, cards=cards_text(e.hand)), theme.WARN),
    rules.CardPlayed: _played,
    rules.CardDrawn: _drawn,
    rules.DrawsMissed: lambda e, v, n: (said("fj.log.missed", e.seats, n, v), theme.INK_DIM),
    rules.NoEffect: _no_effect,
    rules.Copied: lambda e, v, n: (said("fj.log.copy", e.seat, n, v, effect=effect_name(e.rank)), theme.SKY),
    rules.CardLost: lambda e, v, n: (said("fj.log.lost", e.seat, n, v, card=card_text(e.card)), theme.SKY),
    rules.CardKicked: lambda e, v, n: (said("fj.log.kick", e.seat, n, v, card=card_text(e.card), target=person(e.target, n, v)),
                                   theme.ACCENT if e.target == v else theme.SKY),
    rules.SkipSet: _jump,
    rules.TurnSkipped: lambda e, v, n: (said("fj.log.skipped", e.seat, n, v), theme.INK_DIM),
    rules.Stuck: lambda e, v, n: (stuck_line(e, n, v), theme.BAD),
    rules.RoundScored: _scored,
    rules.MarkerPassed: lambda e, v, n: (t("fj.log.marker", name=person(e.start, n, v)), theme.INK_DIM),
    rules.SuddenDeath: lambda e, v, n: (said("fj.log.sudden", e.seat, n, v), theme.WARN),
    rules.GameOver: _game_over,
}
