"""SQLite storage for settings and high scores, schema-versioned with PRAGMA user_version.

A damaged or too-new database file is renamed aside (never deleted), a fresh one is created,
and `notice` tells the player where the old file was kept.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from game.services.paths import data_dir

DB_NAME = "asobiba.sqlite3"
COMPANIONS = ("-wal", "-shm", "-journal")

_V1 = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE scores (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    board TEXT NOT NULL DEFAULT 'score',
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    played_at TEXT NOT NULL,
    seed INTEGER,
    rules_version TEXT NOT NULL,
    details TEXT NOT NULL,  -- JSON object of title-specific statistics
    replay TEXT NOT NULL    -- JSON replay
);
CREATE INDEX scores_title_board ON scores (title, board);
"""

_V2 = """
ALTER TABLE scores ADD COLUMN tiebreak INTEGER NOT NULL DEFAULT 0;  -- lower is better, after rounds
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    played_at TEXT NOT NULL,
    outcome TEXT NOT NULL,  -- 'win', 'loss', or 'end' for a game without a winner
    rounds INTEGER NOT NULL,
    details TEXT NOT NULL,  -- JSON object: statistics, opponents and their levels
    replay TEXT NOT NULL
);
CREATE INDEX games_title ON games (title);
"""

# MIGRATIONS[i] upgrades a file from user_version i to i + 1: an SQL script, or a function that
# takes the connection (inside the transaction; it must not call executescript). Append to add one.
Migration = str | Callable[[sqlite3.Connection], None]
MIGRATIONS: list[Migration] = [_V1, _V2]
SCHEMA_VERSION = len(MIGRATIONS)

MESSAGES = {
    "storage.damaged": "The save file was damaged. It was kept as {name} and a fresh one was started.",
    "storage.too_new": "The save file is from a newer Asobiba. It was kept as {name} and a fresh one was started.",
    "storage.unavailable": "The save file could not be opened; scores and settings will not be kept this time.",
}

_COLUMNS = "title, name, score, rounds, played_at, seed, rules_version, details, replay, board, tiebreak, id"
# Boards ranked by fewest rounds (then tiebreak) instead of highest score; every other board ranks by score.
ROUNDS_BOARDS = {"fastest"}
_ORDER = {
    "score": "score DESC, rounds ASC, tiebreak ASC, played_at ASC, id ASC",
    "rounds": "rounds ASC, tiebreak ASC, played_at ASC, id ASC",
}
_AHEAD = {  # an existing entry ranks ahead of (or equal to) a new one with these values
    "score": "(score > :score OR (score = :score AND (rounds < :rounds OR (rounds = :rounds AND tiebreak <= :tb))))",
    "rounds": "(rounds < :rounds OR (rounds = :rounds AND tiebreak <= :tb))",
}


def _kind(board: str) -> str:
    return "rounds" if board in ROUNDS_BOARDS else "score"


class _TooNew(Exception):
    """The file's user_version is newer than this code knows."""


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


def timestamp() -> str:
    """The current local time as a sortable ISO 8601 string, for ScoreEntry.played_at."""
    return datetime.now().isoformat(timespec="seconds")


def _decode(text: str, default: Any = None) -> Any:
    """JSON-decode text, or return default if it is not valid JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return default


def _migrate(conn: sqlite3.Connection, number: int) -> None:
    """Apply MIGRATIONS[number] and set user_version to number + 1 in one transaction."""
    step = MIGRATIONS[number]
    try:
        if callable(step):
            conn.execute("BEGIN IMMEDIATE")
            step(conn)
        else:
            conn.executescript(f"BEGIN IMMEDIATE;\n{step}")
        conn.execute(f"PRAGMA user_version = {number + 1}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _connect(path: Path | str) -> sqlite3.Connection:
    """Open, check and migrate the database; raises sqlite3.DatabaseError or _TooNew."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            raise sqlite3.DatabaseError(f"integrity_check: {check[:3]}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _TooNew(version)
        if version < 0:
            raise sqlite3.DatabaseError(f"negative user_version {version}")
        for number in range(version, SCHEMA_VERSION):
            _migrate(conn, number)
    except BaseException:
        conn.close()
        raise
    return conn


def _memory() -> sqlite3.Connection:
    """An in-memory database, migrated as far as the migrations allow."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    with contextlib.suppress(sqlite3.DatabaseError):
        for number in range(SCHEMA_VERSION):
            _migrate(conn, number)
    return conn


def _move_aside(path: Path) -> Path:
    """Rename path (and its -wal/-shm/-journal files) to path.damaged-YYYYMMDD-HHMMSS; return the new path."""
    stem = f"{path.name}.damaged-{datetime.now():%Y%m%d-%H%M%S}"
    target, n = path.with_name(stem), 1
    while target.exists():
        target, n = path.with_name(f"{stem}-{n}"), n + 1
    path.rename(target)
    for suffix in COMPANIONS:
        extra = Path(f"{path}{suffix}")
        if extra.exists():
            extra.rename(Path(f"{target}{suffix}"))
    return target


class Storage:
    """The player's settings and high scores in one SQLite file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        self.notice: str | None = None
        self.notice_key: str | None = None
        self.moved_to: Path | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = _connect(self.path)
        except (sqlite3.DatabaseError, _TooNew, OSError) as exc:
            self._conn = self._replace("storage.too_new" if isinstance(exc, _TooNew) else "storage.damaged")

    def _replace(self, key: str) -> sqlite3.Connection:
        """Move the bad file aside and start a fresh one (in memory if even that fails)."""
        try:
            self.moved_to = _move_aside(self.path)
            conn = _connect(self.path)
        except (sqlite3.DatabaseError, _TooNew, OSError):
            key, conn = "storage.unavailable", _memory()
        self.notice_key = key
        self.notice = MESSAGES[key].format(name=self.moved_to.name if self.moved_to else "")
        return conn

    def close(self) -> None:
        """Close the database connection."""
        self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # settings

    def get_setting(self, key: str, default: Any = None) -> Any:
        """The JSON-decoded value of a setting, or default if missing or undecodable."""
        row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else _decode(row[0], default)

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-encodable value under key."""
        self._conn.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value, ensure_ascii=False)),
        )

    def all_settings(self) -> dict[str, Any]:
        """Every setting whose value decodes, as a dict."""
        missing = object()
        rows = self._conn.execute("SELECT key, value FROM settings").fetchall()
        decoded = {key: _decode(value, missing) for key, value in rows}
        return {key: value for key, value in decoded.items() if value is not missing}

    # scores

    def add_score(self, entry: ScoreEntry) -> int:
        """Record a finished game; returns its id."""
        cur = self._conn.execute(
            "INSERT INTO scores (title, board, name, score, rounds, played_at, seed, rules_version, details,"
            " replay, tiebreak) VALUES (:title, :board, :name, :score, :rounds, :played_at, :seed,"
            " :rules_version, :details, :replay, :tiebreak)",
            {**asdict(entry), "details": json.dumps(entry.details, ensure_ascii=False)},
        )
        return int(cur.lastrowid)

    def top_scores(self, title: str, board: str = "score", limit: int = 10) -> list[ScoreEntry]:
        """The best entries: higher score (fewer rounds on a ROUNDS_BOARDS board), then tiebreaks, then date."""
        rows = self._conn.execute(
            f"SELECT {_COLUMNS} FROM scores WHERE title = ? AND board = ? ORDER BY {_ORDER[_kind(board)]} LIMIT ?",
            (title, board, limit),
        ).fetchall()
        return [_entry(row) for row in rows]

    def rank_of(self, title: str, score: int, rounds: int, board: str = "score", tiebreak: int = 0) -> int:
        """The 1-based rank a new entry would get, placed after existing equal entries."""
        (better,) = self._conn.execute(
            f"SELECT COUNT(*) FROM scores WHERE title = :title AND board = :board AND {_AHEAD[_kind(board)]}",
            {"title": title, "board": board, "score": score, "rounds": rounds, "tb": tiebreak},
        ).fetchone()
        return better + 1

    def qualifies(self, title: str, score: int, rounds: int, board: str = "score", limit: int = 10,
                  tiebreak: int = 0) -> bool:
        """True if a new entry would make the top `limit` (a score of 0 never does on a score board)."""
        if score <= 0 and _kind(board) == "score":
            return False
        return self.rank_of(title, score, rounds, board, tiebreak) <= limit

    # finished games

    def record_game(self, title: str, outcome: str, rounds: int, details: dict[str, Any], replay: str) -> int:
        """Keep a finished game (every game, not only the best); returns its id."""
        cur = self._conn.execute(
            "INSERT INTO games (title, played_at, outcome, rounds, details, replay) VALUES (?, ?, ?, ?, ?, ?)",
            (title, timestamp(), outcome, rounds, json.dumps(details, ensure_ascii=False), replay),
        )
        return int(cur.lastrowid)

    def finished_games(self, title: str) -> list[dict[str, Any]]:
        """Every finished game of `title`, oldest first: outcome, rounds, played_at and decoded details."""
        rows = self._conn.execute(
            "SELECT outcome, rounds, played_at, details FROM games WHERE title = ? ORDER BY id", (title,)
        ).fetchall()
        return [{"outcome": outcome, "rounds": rounds, "played_at": played_at, "details": _decode(details, {}) or {}}
                for outcome, rounds, played_at, details in rows]

    def game_counts(self, title: str) -> dict[str, int]:
        """How many finished games of `title` ended in each outcome."""
        rows = self._conn.execute(
            "SELECT outcome, COUNT(*) FROM games WHERE title = ? GROUP BY outcome", (title,)
        ).fetchall()
        return dict(rows)


def _entry(row: tuple[Any, ...]) -> ScoreEntry:
    """A ScoreEntry from a row selected with _COLUMNS."""
    *head, details, replay, board, tiebreak, id_ = row
    details = _decode(details, {})
    return ScoreEntry(*head, details if isinstance(details, dict) else {}, replay, board, tiebreak, id_)
