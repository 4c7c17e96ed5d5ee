"""Fusejika's move log: every event as a sentence, told as `viewer` may see it (cards drawn by others stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import t
from game.titles.fusejika import rules
from game.titles.fusejika.cards import card_text
from game.ui import theme


def cards_text(cards) -> str:
    return " ".join(card_text(card) for card in cards) or "—"


def effect_name(rank: str) -> str:
    return t(f"fj.effect.{rank}")


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _drawn(e, viewer, names):
    if e.known:
        return t("fj.log.draw_known", name=names[e.seat], card=card_text(e.card), n=e.deck), theme.WARN
    if e.seat == viewer:
        return t("fj.log.draw_mine", card=card_text(e.card), n=e.deck), theme.INK
    return t("fj.log.draw", name=names[e.seat], n=e.deck), theme.INK_DIM


def _played(e, viewer, names):
    return t("fj.log.play", name=names[e.seat], card=card_text(e.card), effect=effect_name(e.card.rank)), theme.INK


def _no_effect(e, viewer, names):
    return t(f"fj.log.no_effect.{e.reason}", name=names[e.seat], card=card_text(e.card)), theme.INK_DIM


def _scored(e, viewer, names):
    parts = ", ".join(f"{names[i]} +{s.points}" for i, s in enumerate(e.scores))
    return t("fj.log.scored", round=e.round_no, scores=parts), theme.GOOD


def _game_over(e, viewer, names):
    who = " & ".join(names[s] for s in e.winners)
    key = "fj.log.sudden_over" if e.kind == "sudden_death" else "fj.log.points_over"
    return t(key, names=who), theme.GOOD


TELLERS: dict[type, Callable] = {  # event class -> teller(event, viewer, names)
    rules.StartChosen: lambda e, v, n: (t("fj.log.first_start", name=n[e.seat]), theme.INK_DIM),
    rules.DealStarted: lambda e, v, n: (t("fj.log.redeal_deal" if e.redeal else "fj.log.round", round=e.round_no,
                                      name=n[e.start]), theme.SKY),
    rules.CardDealt: lambda e, v, n: (t("fj.log.dealt"), theme.INK_DIM) if e.remaining == 0 else None,
    rules.RedealCalled: lambda e, v, n: (t("fj.log.redeal", name=n[e.seat], cards=cards_text(e.hand)), theme.WARN),
    rules.CardPlayed: _played,
    rules.CardDrawn: _drawn,
    rules.DrawsMissed: lambda e, v, n: (t("fj.log.missed", names=", ".join(n[s] for s in e.seats)), theme.INK_DIM),
    rules.NoEffect: _no_effect,
    rules.Copied: lambda e, v, n: (t("fj.log.copy", name=n[e.seat], effect=effect_name(e.rank)), theme.SKY),
    rules.CardLost: lambda e, v, n: (t("fj.log.lost", name=n[e.seat], card=card_text(e.card)), theme.SKY),
    rules.CardKicked: lambda e, v, n: (t("fj.log.kick", name=n[e.seat], card=card_text(e.card), target=n[e.target]),
                                   theme.ACCENT if e.target == v else theme.SKY),
    rules.SkipSet: lambda e, v, n: (t("fj.log.jump", name=n[e.seat], target=n[e.skipped]), theme.SKY),
    rules.TurnSkipped: lambda e, v, n: (t("fj.log.skipped", name=n[e.seat]), theme.INK_DIM),
    rules.Stuck: lambda e, v, n: (t("fj.log.stuck", name=n[e.seat], cards=cards_text(e.hand)), theme.BAD),
    rules.RoundScored: _scored,
    rules.MarkerPassed: lambda e, v, n: (t("fj.log.marker", name=n[e.start]), theme.INK_DIM),
    rules.SuddenDeath: lambda e, v, n: (t("fj.log.sudden", name=n[e.seat]), theme.WARN),
    rules.GameOver: _game_over,
}
