"""Shinobazu's move log: every event as a sentence, told as `viewer` may see it (hidden cards stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import counted, joined, listed, person, said, t
from game.titles.shinobazu import rules
from game.titles.shinobazu.cards import value_text
from game.ui import theme


def card_name(card: rules.Card) -> str:
    return t(f"sb.colour.{card.colour}") + value_text(card.value)


def cards_text(cards) -> str:
    return listed(card_name(card) for card in cards) or "—"


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _played(e, viewer, names):
    stance = t(f"sb.{e.stance}")
    if e.seat == viewer:
        return said("sb.log.play_own_known", e.seat, names, viewer, card=card_name(e.card), stance=stance), theme.INK
    return said("sb.log.play_own", e.seat, names, viewer, stance=stance), theme.INK


def _forced(e, viewer, names):
    if e.seat == viewer:
        return said("sb.log.force_known", e.seat, names, viewer, card=card_name(e.card),
                    target=person(e.target, names, viewer)), theme.INK
    color = theme.ACCENT if e.target == viewer else theme.INK
    return said("sb.log.force", e.seat, names, viewer, target=person(e.target, names, viewer)), color


def _showdown(e, viewer, names):
    order = t("sb.order_reversed") if e.reversed else t("sb.order_normal")
    winner = person(e.winner, names, viewer) if e.winner is not None else t("sb.log.nobody")  # mid-sentence
    if len(e.losers) > 1:  # mid-sentence: "losers: you & Hayate" (playtest round 13 read "You & Hayate")
        losers = t("sb.log.losers_many", names=joined(e.losers, names, viewer))
    else:
        losers = said("sb.log.losers", e.losers, names, viewer) if e.losers else t("sb.log.no_loser")
    return t("sb.log.showdown", reversals=counted("sb.log.reversals", e.reversals), order=order, winner=winner,
             losers=losers), theme.WARN


def _duel(e, viewer, names):
    if e.winner is None:
        return t("sb.log.duel_tie", a=person(e.challenger, names, viewer), b=person(e.passer, names, viewer)), \
            theme.WARN
    totals = f"{value_text(e.totals[0])} : {value_text(e.totals[1])}"  # a true minus, as on the table
    if e.loser == viewer:
        return t("sb.log.duel_lost", name=names[e.winner], totals=totals), theme.WARN
    return said("sb.log.duel", e.winner, names, viewer, loser=names[e.loser], totals=totals), theme.WARN


def _score(e, viewer, names):
    if not e.delta:
        return None
    return t("sb.log.score", name=names[e.seat], delta="+" + str(e.delta) if e.delta > 0 else value_text(e.delta), total=counted("sb.points", e.score)), \
        theme.BAD if e.delta > 0 else theme.GOOD


TELLERS: dict[type, Callable] = {  # event class -> teller(event, viewer, names)
    rules.StartChosen: lambda e, v, n: (t("sb.log.first_start", name=n[e.seat]), theme.INK_DIM),
    rules.CardDealt: lambda e, v, n: (t("sb.log.dealt"), theme.INK_DIM) if e.remaining == 0 else None,
    rules.RoundStarted: lambda e, v, n: (t("sb.log.round", round=e.round_in_set, deal=e.deal, name=n[e.start]),
                                     theme.SKY),
    rules.LeadAnnounced: lambda e, v, n: (t("sb.log.lead", colour=t(f"sb.colour.{e.colour}")), theme.INK),
    rules.CardPlayed: _played,
    rules.CardForced: _forced,
    rules.Declared: lambda e, v, n: (said("sb.log.declare", e.seat, n, v, stance=t(f"sb.{e.stance}")), theme.INK),
    rules.Revealed: lambda e, v, n: (said("sb.log.reveal", e.seat, n, v, cards=cards_text(e.cards)), theme.INK_DIM),
    rules.LoneFighterLeaves: lambda e, v, n: (said("sb.log.lone", e.seat, n, v, cards=cards_text(e.cards),
                                            colour=t(f"sb.colour.{e.lead}")), theme.SKY),
    rules.ThreeTechnique: lambda e, v, n: (said("sb.log.three", e.seats, n, v), theme.WARN),
    rules.Showdown: _showdown,
    rules.ScoreChanged: _score,
    rules.Challenged: lambda e, v, n: (said("sb.log.challenge", e.seat, n, v, target=person(e.target, n, v)), theme.WARN),
    rules.NoChallenge: lambda e, v, n: (t("sb.log.no_challenge", name=n[e.seat]), theme.INK_DIM),
    rules.DuelAccepted: lambda e, v, n: (said("sb.log.accept", e.seat, n, v), theme.INK),
    rules.DuelRefused: lambda e, v, n: (said("sb.log.refuse", e.seat, n, v, points=counted("sb.points", e.cost)),
                                                theme.BAD),
    rules.Duel: _duel,
    rules.RoundEnded: lambda e, v, n: None if e.next_start is None else (t("sb.log.next_start", name=n[e.next_start]),
                                                                         theme.INK_DIM),
    rules.CardsCarried: lambda e, v, n: (t("sb.log.carried", name=n[e.seat], card=card_name(e.card)), theme.INK_DIM),
    rules.CardsReturned: lambda e, v, n: (said("sb.log.returned", e.seat, n, v, cards=cards_text(e.cards)),
                                      theme.INK_DIM),
    rules.Reshuffled: lambda e, v, n: (t("sb.log.reshuffled"), theme.INK_DIM),
    rules.GameOver: lambda e, v, n: (said("sb.log.game_over", e.winners, n, v), theme.GOOD),
}
