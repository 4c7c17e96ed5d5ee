"""Hexa's move log: every event as a sentence, told as `viewer` may see it (a card drawn or put face down stays
hidden from the other player until it is turned over)."""

from __future__ import annotations

from game.services.i18n import said, sentences, t
from game.titles.hexa import rules
from game.ui import theme


def card_name(rank: str) -> str:
    """A card in a sentence: its rank (Joker, or "no card" for a blank)."""
    if rank == rules.JOKER:
        return t("hx.joker")
    if rank == rules.BLANK:
        return t("hx.blank")
    return rank


def hex_label(column: str, row: int) -> str:
    return rules.hex_name(column, row)


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _first(e, viewer, names):
    return said("hx.log.first", e.seat, names, viewer), theme.SKY


def _drawn(e, viewer, names):
    why = t(f"hx.why.{e.reason}")
    if e.seat == viewer:
        return said("hx.log.drew_known", e.seat, names, viewer, card=card_name(e.rank), why=why), theme.INK_DIM
    if e.reason == rules.DEAL:
        return None
    return said("hx.log.drew", e.seat, names, viewer, why=why), theme.INK_DIM


def _reshuffled(e, viewer, names):
    return t("hx.log.reshuffled", n=e.cards), theme.WARN


def _skipped(e, viewer, names):
    return said("hx.log.no_card", e.seat, names, viewer), theme.INK_DIM


def _turn(e, viewer, names):
    return said("hx.log.turn", e.seat, names, viewer, n=e.turn), theme.SKY


def _kept(e, viewer, names):
    return said("hx.log.kept", e.seat, names, viewer), theme.INK_DIM


def _redrew(e, viewer, names):
    return said("hx.log.redrew", e.seat, names, viewer, card=card_name(e.rank)), theme.INK


def _set(e, viewer, names):
    return said("hx.log.set", e.seat, names, viewer, cards="-".join(map(card_name, rules.run_order(e.ranks)))), theme.INK


def _taken(e, viewer, names):
    return said("hx.log.took", e.seat, names, viewer, card=card_name(e.rank)), theme.ACCENT


def _moved(e, viewer, names):
    return said("hx.log.moved", e.seat, names, viewer, source=hex_label(e.column, e.source),
                target=hex_label(e.column, e.target)), theme.INK


def _flag(e, viewer, names):
    return said("hx.log.flag", e.seat, names, viewer), theme.WARN


def _battle(e, viewer, names):
    return said("hx.log.attack", e.attacker, names, viewer, source=hex_label(e.column, e.source),
                target=hex_label(e.column, e.target), mine=3 * e.support[0], theirs=3 * e.support[1]), theme.WARN


def _committed(e, viewer, names):
    if e.seat == viewer:
        return said("hx.log.committed_known", e.seat, names, viewer, card=card_name(e.rank)), theme.INK_DIM
    return None


def side(rank: str, value: int | None) -> str:
    """One side of a battle: "7 +3 = 10", a face card's number without support ("K = 13", so both sides show a
    total), a number card alone ("7"), or the card alone where categories decided."""
    if value is None:
        return card_name(rank)
    if rules.INDEX.get(rank) == value:
        return card_name(rank) if card_name(rank) == str(value) else f"{card_name(rank)} = {value}"
    return f"{card_name(rank)} +{value - rules.INDEX[rank]} = {value}"


def _resolved(e, viewer, names):
    attacker, defender = e.attacker, 1 - e.attacker
    line = t("hx.log.battle", a=side(e.cards[0], e.strengths[0]), d=side(e.cards[1], e.strengths[1]))
    if e.outcome == rules.DRAWN:
        return f"{line} — {t('hx.log.drawn')}", theme.INK_DIM
    winner = attacker if e.outcome == rules.ATTACKER else defender
    loser = 1 - winner
    then = ""
    if e.destroyed:
        then = said("hx.log.destroyed", loser, names, viewer)
    elif e.thrown_back is not None:
        then = said("hx.log.thrown_back", loser, names, viewer, target=hex_label(e.column, e.thrown_back))
    tail = sentences([said("hx.log.wins", winner, names, viewer), then])
    return f"{line} — {tail}", theme.GOOD if winner == viewer else theme.BAD


def _over(e, viewer, names):
    if e.winner is None:
        return t("hx.log.safeguard"), theme.WARN
    return said("hx.log.goal", e.winner, names, viewer, column=e.column), theme.GOOD if e.winner == viewer \
        else theme.BAD


TELLERS = {rules.FirstPlayer: _first, rules.CardDrawn: _drawn, rules.Reshuffled: _reshuffled,
           rules.DrawSkipped: _skipped, rules.TurnStarted: _turn, rules.Kept: _kept, rules.Redrew: _redrew,
           rules.SetDeclared: _set, rules.CardTaken: _taken, rules.Moved: _moved, rules.FlagTaken: _flag,
           rules.BattleStarted: _battle, rules.CardCommitted: _committed, rules.BattleResolved: _resolved,
           rules.GameOver: _over}
