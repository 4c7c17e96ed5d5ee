"""Kitsune-gaeshi's move log: every event as a sentence, told as `viewer` may see it (faces stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from game.services.i18n import counted, joined, said, t
from game.titles.kitsune_gaeshi.rules import (
    FOX,
    CardDrawn,
    CardLaid,
    Eliminated,
    GameOver,
    Kaeshi,
    Revealed,
    RoundStarted,
    SoulLost,
)
from game.ui import theme


def face_name(face: str) -> str:
    return t("kg.fox") if face == FOX else t("kg.bride")


def describe(event, viewer: int, names: list[str]) -> tuple[str, tuple[int, int, int]] | None:
    """(sentence, colour) for the log, or None for events not worth a line."""
    teller = TELLERS.get(type(event))
    return teller(event, viewer, names) if teller else None


def _drawn(e, viewer, names):
    if e.seat == viewer:
        return t("kg.log.drawn_known", face=face_name(e.face)), theme.INK
    return None


def _laid(e, viewer, names):
    declared = face_name(e.declared)
    if e.seat == viewer and e.face != e.declared:
        return said("kg.log.laid_lie", e.seat, names, viewer, declared=declared, face=face_name(e.face)), theme.WARN
    return said("kg.log.laid", e.seat, names, viewer, declared=declared), theme.INK


def _revealed(e, viewer, names):
    key = "kg.log.success" if e.success else "kg.log.fail"
    return counted(key, e.foxes), theme.GOOD if e.success else theme.BAD


def _lost(e, viewer, names):
    key = "kg.log.companion" if e.companion else "kg.log.soul"
    return said(key, e.seat, names, viewer, left=t("kg.log.left", n=e.souls)), theme.BAD


TELLERS: dict[type, Callable] = {  # event class -> teller(event, viewer, names)
    RoundStarted: lambda e, v, n: (t("kg.log.round", round=e.round_no, name=n[e.starter]), theme.SKY),
    CardDrawn: _drawn,
    CardLaid: _laid,
    Kaeshi: lambda e, v, n: (said("kg.log.forced" if e.forced else "kg.log.kaeshi", e.seat, n, v), theme.WARN),
    Revealed: _revealed,
    SoulLost: _lost,
    Eliminated: lambda e, v, n: (t("kg.log.out", names=joined(e.seats, n, v)), theme.BAD),
    GameOver: lambda e, v, n: (said("kg.log.game_over", e.winners, n, v), theme.GOOD),
}
