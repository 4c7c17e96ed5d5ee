"""Shinoburi's move log: every event as a sentence, told as `viewer` may see it (hands and houses stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import counted, said, sentences, t
from game.titles.shinoburi import rules
from game.ui import theme


def house(country: str) -> str:
    return t(f"sr.house.{country}")


def territory_of(seat: int, names: list[str], viewer: int) -> str:
    """A territory as the object of a sentence: "your territory", or "Kaede's territory"."""
    return t("sr.log.territory_you") if seat == viewer else t("sr.log.territory", name=names[seat])


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _dealt(e, viewer, names):
    return (t("sr.log.dealt"), theme.ACCENT) if e.seat == viewer else None  # the house only in the middle (H hides it)


def _first(e, viewer, names):
    return said("sr.log.first", e.seat, names, viewer), theme.INK_DIM


def _turn(e, viewer, names):
    return said("sr.log.turn", e.seat, names, viewer), theme.SKY  # a separator: the log reads turn by turn


def _deployed(e, viewer, names):
    return said("sr.log.deployed", e.seat, names, viewer, house=house(e.country),
                target=territory_of(e.target, names, viewer)), theme.INK


def _ninja(e, viewer, names):
    color = theme.BAD if e.target == viewer else theme.INK
    return said("sr.log.ninja", e.seat, names, viewer, count=counted("sr.log.ninjas", e.count),
                house=house(e.country), target=territory_of(e.target, names, viewer)), color


def _reinforced(e, viewer, names):
    return said("sr.log.reinforced", e.seat, names, viewer, house=house(e.country)), theme.INK


def _moved(e, viewer, names):
    return said("sr.log.moved", e.seat, names, viewer, house=house(e.country),
                source=territory_of(e.source, names, viewer), target=territory_of(e.target, names, viewer)), theme.INK


def _attacked(e, viewer, names):
    color = theme.BAD if e.target == viewer else theme.WARN
    return said("sr.log.attacked", e.seat, names, viewer, house=house(e.country), n=e.size,
                target_house=house(e.target_country), target=territory_of(e.target, names, viewer)), color


def _skipped(e, viewer, names):
    return said("sr.log.skipped", e.seat, names, viewer, step=t(f"sr.log.step.{e.command}")), theme.INK_DIM


def _final(e, viewer, names):
    return t("sr.log.final"), theme.WARN


def _over(e, viewer, names):
    lines = [said("sr.log.house", seat, names, viewer, house=house(country))
             for seat, country in enumerate(e.nationalities)]
    return sentences(lines), theme.WARN


TELLERS: dict[type, Callable] = {
    rules.NationalityDealt: _dealt, rules.FirstPlayer: _first, rules.TurnStarted: _turn, rules.Deployed: _deployed,
    rules.NinjaUsed: _ninja,
    rules.Reinforced: _reinforced, rules.Moved: _moved, rules.Attacked: _attacked, rules.Skipped: _skipped,
    rules.FinalRound: _final, rules.GameOver: _over,
}
