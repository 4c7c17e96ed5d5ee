"""Shinobazu's move log: every event as a sentence, told as `viewer` may see it (hidden cards stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import t
from game.titles.shinobazu import rules
from game.titles.shinobazu.cards import value_text
from game.ui import theme


def card_name(card: rules.Card) -> str:
    return t(f"sb.colour.{card.colour}") + value_text(card.value)


def cards_text(cards) -> str:
    return ", ".join(card_name(card) for card in cards) or "—"


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _played(e, viewer, names):
    stance = t(f"sb.{e.stance}")
    if e.seat == viewer:
        return t("sb.log.play_own_known", name=names[e.seat], card=card_name(e.card), stance=stance), theme.INK
    return t("sb.log.play_own", name=names[e.seat], stance=stance), theme.INK


def _forced(e, viewer, names):
    if e.seat == viewer:
        return t("sb.log.force_known", name=names[e.seat], card=card_name(e.card), target=names[e.target]), theme.INK
    color = theme.ACCENT if e.target == viewer else theme.INK
    return t("sb.log.force", name=names[e.seat], target=names[e.target]), color


def _showdown(e, viewer, names):
    order = t("sb.order_reversed") if e.reversed else t("sb.order_normal")
    winner = names[e.winner] if e.winner is not None else t("sb.log.nobody")
    losers = " & ".join(names[s] for s in e.losers)
    return t("sb.log.showdown", n=e.reversals, order=order, winner=winner, losers=losers), theme.WARN


def _duel(e, viewer, names):
    if e.winner is None:
        return t("sb.log.duel_tie", a=names[e.challenger], b=names[e.passer]), theme.WARN
    totals = f"{e.totals[0]} : {e.totals[1]}"
    return t("sb.log.duel", winner=names[e.winner], loser=names[e.loser], totals=totals), theme.WARN


def _score(e, viewer, names):
    if not e.delta:
        return None
    return t("sb.log.score", name=names[e.seat], delta=f"{e.delta:+d}", score=e.score), \
        theme.BAD if e.delta > 0 else theme.GOOD


TELLERS: dict[type, Callable] = {  # event class -> teller(event, viewer, names)
    rules.StartChosen: lambda e, v, n: (t("sb.log.first_start", name=n[e.seat]), theme.INK_DIM),
    rules.CardDealt: lambda e, v, n: (t("sb.log.dealt"), theme.INK_DIM) if e.remaining == 0 else None,
    rules.RoundStarted: lambda e, v, n: (t("sb.log.round", round=e.round_in_set, deal=e.deal, name=n[e.start]),
                                     theme.SKY),
    rules.LeadAnnounced: lambda e, v, n: (t("sb.log.lead", colour=t(f"sb.colour.{e.colour}")), theme.INK),
    rules.CardPlayed: _played,
    rules.CardForced: _forced,
    rules.Declared: lambda e, v, n: (t("sb.log.declare", name=n[e.seat], stance=t(f"sb.{e.stance}")), theme.INK),
    rules.Revealed: lambda e, v, n: (t("sb.log.reveal", name=n[e.seat], cards=cards_text(e.cards)), theme.INK_DIM),
    rules.LoneFighterLeaves: lambda e, v, n: (t("sb.log.lone", name=n[e.seat], cards=cards_text(e.cards),
                                            colour=t(f"sb.colour.{e.lead}")), theme.SKY),
    rules.ThreeTechnique: lambda e, v, n: (t("sb.log.three", name=" & ".join(n[s] for s in e.seats)), theme.WARN),
    rules.Showdown: _showdown,
    rules.ScoreChanged: _score,
    rules.Challenged: lambda e, v, n: (t("sb.log.challenge", name=n[e.seat], target=n[e.target]), theme.WARN),
    rules.NoChallenge: lambda e, v, n: (t("sb.log.no_challenge", name=n[e.seat]), theme.INK_DIM),
    rules.DuelAccepted: lambda e, v, n: (t("sb.log.accept", name=n[e.seat]), theme.INK),
    rules.DuelRefused: lambda e, v, n: (t("sb.log.refuse", name=n[e.seat], n=e.cost), theme.BAD),
    rules.Duel: _duel,
    rules.RoundEnded: lambda e, v, n: (t("sb.log.next_start", name=n[e.next_start]), theme.INK_DIM),
    rules.CardsCarried: lambda e, v, n: (t("sb.log.carried", name=n[e.seat], card=card_name(e.card)), theme.INK_DIM),
    rules.CardsReturned: lambda e, v, n: (t("sb.log.returned", name=n[e.seat], cards=cards_text(e.cards)),
                                      theme.INK_DIM),
    rules.Reshuffled: lambda e, v, n: (t("sb.log.reshuffled"), theme.INK_DIM),
    rules.GameOver: lambda e, v, n: (t("sb.log.game_over", names=" & ".join(n[s] for s in e.winners)), theme.GOOD),
}
