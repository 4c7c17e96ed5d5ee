"""Checks on values going into and coming out of the save file, so nothing hostile reaches a screen.

Text loses its control characters (pygame refuses NUL), integers are kept within SQLite's 64-bit range (a seed
outside it is stored as text), and each row read is checked field by field: a bad row raises BadRow, and the
reader skips and counts it.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
NAME_MAX = 32          # characters of a player's name kept on the way out (screens have room for fewer)
TEXT_MAX = 200         # characters of any other stored string shown on a screen
SEED_TEXT = "int:"     # prefix of a seed stored as text (in hex) because it does not fit SQLite's integers
_SEED = re.compile(r"-?0x[0-9a-f]{1,10000}")
OUTCOMES = ("win", "loss", "end")
# control, format (bidi overrides), surrogates, private use, unassigned, line and paragraph separators
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


class BadRow(ValueError):
    """A row read from the save file that does not hold what this version writes."""


@dataclass(frozen=True)
class ScoreEntry:
    """One finished game on a high-score board."""

    title: str
    name: str
    score: int
    rounds: int
    played_at: str
    seed: int | None
    rules_version: str
    details: dict[str, Any]
    replay: str
    board: str = "score"
    tiebreak: int = 0
    id: int | None = None


def clean_text(text: str, limit: int | None = None) -> str:
    """`text` without control or format characters (and cut to `limit` characters)."""
    if text.isprintable() and (limit is None or len(text) <= limit):
        return text  # the common case, fast: isprintable() is False for every dropped category but spaces
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _DROP)
    return kept if limit is None else kept[:limit]


def clean_value(value: Any, limit: int | None = None) -> Any:
    """A JSON value with every string in it (dict keys too) cleaned."""
    if isinstance(value, str):
        return clean_text(value, limit)
    if isinstance(value, list):
        return [clean_value(v, limit) for v in value]
    if isinstance(value, dict):
        return {clean_text(str(k), limit): clean_value(v, limit) for k, v in value.items()}
    return value


def clamp(number: int) -> int:
    """An int pulled into SQLite's 64-bit integer range."""
    return min(max(int(number), INT64_MIN), INT64_MAX)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """A finite int or float that is not a bool."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def seed_in(seed: int | None) -> int | str | None:
    """A seed as stored: an int when SQLite can hold it, else text that never reads as a number."""
    if seed is None or INT64_MIN <= seed <= INT64_MAX:
        return seed
    return f"{SEED_TEXT}{int(seed):#x}"  # hex: no limit on the digits a long int may be written with


def seed_out(value: Any) -> int | None:
    """A stored seed read back as an int (or None); BadRow for anything else."""
    if value is None or is_int(value):
        return value
    if isinstance(value, str) and value.startswith(SEED_TEXT) and _SEED.fullmatch(value, len(SEED_TEXT)):
        return int(value.removeprefix(SEED_TEXT), 16)
    raise BadRow(f"seed {value!r}")


def decode(text: Any, default: Any = None) -> Any:
    """JSON-decode stored text, or return default if it is not text holding valid JSON."""
    if isinstance(text, bytes | bytearray):
        return default
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return default


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise BadRow(what)


def score_entry(row: tuple[Any, ...]) -> ScoreEntry:
    """A checked ScoreEntry from a row of (title, name, score, rounds, played_at, seed, rules_version, details,
    replay, board, tiebreak, id); BadRow if a field has the wrong type."""
    title, name, score, rounds, played_at, seed, rules_version, details, replay, board, tiebreak, id_ = row
    for label, text in (("title", title), ("name", name), ("played_at", played_at),
                        ("rules_version", rules_version), ("replay", replay), ("board", board)):
        _need(isinstance(text, str), label)
    for label, number in (("score", score), ("rounds", rounds), ("tiebreak", tiebreak), ("id", id_)):
        _need(is_int(number), label)
    details = decode(details, {})
    return ScoreEntry(title, clean_text(name, NAME_MAX), score, rounds, clean_text(played_at, TEXT_MAX),
                      seed_out(seed), clean_text(rules_version, TEXT_MAX),
                      clean_value(details, TEXT_MAX) if isinstance(details, dict) else {}, replay, board, tiebreak,
                      id_)


def _levels_ok(levels: Any) -> bool:
    return isinstance(levels, list) and all(isinstance(level, str) for level in levels)


def _scores_ok(scores: Any) -> bool:
    return isinstance(scores, list) and bool(scores) and all(is_number(s) for s in scores)


# What screens read from a finished game's details, and what each must be when present.
DETAIL_CHECKS = {
    "levels": _levels_ok,
    "scores": _scores_ok,
    "human_share": lambda v: is_number(v) and 0 <= v <= 1,
    "score": is_number,
    "winners": lambda v: isinstance(v, list) and all(is_int(w) for w in v),
    "players": is_int,
}


def finished_game(row: tuple[Any, ...]) -> dict[str, Any]:
    """A checked finished game from (outcome, rounds, played_at, details): outcome, rounds, played_at, details;
    BadRow if a field, or a detail a screen reads, has the wrong type."""
    outcome, rounds, played_at, details = row
    _need(outcome in OUTCOMES, "outcome")
    _need(is_int(rounds) and rounds >= 0, "rounds")
    _need(isinstance(played_at, str), "played_at")
    details = decode(details)
    _need(isinstance(details, dict), "details")
    for key, check in DETAIL_CHECKS.items():
        _need(key not in details or check(details[key]), f"details.{key}")
    return {"outcome": outcome, "rounds": rounds, "played_at": clean_text(played_at, TEXT_MAX),
            "details": clean_value(details, TEXT_MAX)}
