"""SQLite storage for settings, high scores and finished games, schema-versioned with PRAGMA user_version.

It degrades and never dies. A busy file (another copy holds a lock) is told apart from a damaged one, and only a
damaged or too-new file is renamed aside (never deleted). Missing tables are recreated. A write that still fails
after its retries is kept (the session goes on from a copy in memory), tried again at the next write and at close,
and kept in a pending file beside the save file if even that fails. Rows read are checked by game.services.rows
before they are returned. `notice_key` (at open) and `take_notices()` (any time) say what to tell the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from game.services.paths import data_path
from game.services.rows import (
    BadRow,
    ScoreEntry,
    clamp,
    clean_text,
    clean_value,
    decode,
    finished_game,
    is_int,
    score_entry,
    seed_in,
)

__all__ = ["DB_NAME", "MIGRATIONS", "SCHEMA_VERSION", "Patience", "ScoreEntry", "Storage", "fault_kind",
           "pending_path", "timestamp"]

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

_V3 = """
CREATE TABLE advice (
    game_id INTEGER NOT NULL,   -- games.id
    position INTEGER NOT NULL,  -- the decision is the game's action at this index
    engine TEXT NOT NULL,       -- what made it, e.g. 'hard:1600' (a new engine does not reuse old advice)
    advice TEXT NOT NULL,       -- JSON object: measure and the top choices
    PRIMARY KEY (game_id, position, engine)
);
"""

# MIGRATIONS[i] upgrades a file from user_version i to i + 1: an SQL script, or a function that
# takes the connection (inside the transaction; it must not call executescript). Append to add one.
Migration = str | Callable[[sqlite3.Connection], None]
MIGRATIONS: list[Migration] = [_V1, _V2, _V3]
SCHEMA_VERSION = len(MIGRATIONS)

# English text of the notices from opening (the screens use the catalogue's, in the player's language).
MESSAGES = {
    "storage.damaged": "The save file was damaged. It was kept as {name} and a fresh one was started.",
    "storage.too_new": "The save file is from a newer Asobiba. It was kept as {name} and a fresh one was started.",
    "storage.unavailable": "The save file could not be opened; scores and settings will not be kept this time.",
    "storage.busy": "The save file is busy (is another copy of Asobiba running?). This session runs from memory;"
                    " what you save is written to the file when it is free.",
    "storage.read_only": "The save file (or its folder) is read-only. Records can be seen; new results are kept while"
                         " Asobiba runs and saved once the file can be written.",
    "storage.repaired": "Part of the save data was missing and has been rebuilt; what that part held is lost.",
}

_COLUMNS = "title, name, score, rounds, played_at, seed, rules_version, details, replay, board, tiebreak, id"
# Boards ranked by fewest rounds (then tiebreak) instead of highest score; every other board ranks by score.
ROUNDS_BOARDS = {"fastest"}

# The writes, by name: a write that cannot reach the file is kept as (name, parameters) until it can.
_WRITES = {
    "set_setting": "INSERT INTO settings (key, value) VALUES (:key, :value)"
                   " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    "add_score": "INSERT INTO scores (title, board, name, score, rounds, played_at, seed, rules_version, details,"
                 " replay, tiebreak) VALUES (:title, :board, :name, :score, :rounds, :played_at, :seed,"
                 " :rules_version, :details, :replay, :tiebreak)",
    "record_game": "INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
                   " VALUES (:title, :played_at, :outcome, :rounds, :details, :replay)",
    "keep_advice": "INSERT INTO advice (game_id, position, engine, advice) VALUES (:game_id, :position, :engine,"
                   " :advice) ON CONFLICT (game_id, position, engine) DO UPDATE SET advice = excluded.advice",
}
_TEXT = (str,)
_WRITE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {  # what a kept write's parameters must be (pending file)
    "set_setting": {"key": _TEXT, "value": _TEXT},
    "add_score": {"title": _TEXT, "board": _TEXT, "name": _TEXT, "score": (int,), "rounds": (int,),
                  "played_at": _TEXT, "seed": (int, str, type(None)), "rules_version": _TEXT, "details": _TEXT,
                  "replay": _TEXT, "tiebreak": (int,)},
    "record_game": {"title": _TEXT, "played_at": _TEXT, "outcome": _TEXT, "rounds": (int,), "details": _TEXT,
                    "replay": _TEXT},
    "keep_advice": {"game_id": (int,), "position": (int,), "engine": _TEXT, "advice": _TEXT},
}


@dataclass(frozen=True)
class Patience:
    """How storage waits for a busy file: sqlite's own wait per try, the tries after it and the pause between."""

    busy_timeout: float = 0.5   # seconds sqlite waits for a lock on each try
    retries: int = 3            # tries after the first while the file is busy
    wait: float = 0.2           # seconds between tries
    every: float = 5.0          # seconds between attempts to write kept writes during play (close always tries)
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic


PATIENCE = Patience()

# --- faults -------------------------------------------------------------------------------------------------------

BUSY, DAMAGED, TOO_NEW, UNWRITABLE = "busy", "damaged", "too_new", "unwritable"
_BUSY_CODES = {5, 6}                              # SQLITE_BUSY, SQLITE_LOCKED
_UNWRITABLE_CODES = {3, 7, 8, 10, 13, 14, 23}     # PERM, NOMEM, READONLY, IOERR, FULL, CANTOPEN, AUTH
_UNWRITABLE_WORDS = ("readonly", "read-only", "unable to open", "disk i/o", "disk is full", "out of memory")


class _TooNew(Exception):
    """The file's user_version is newer than this code knows."""


class _Damaged(sqlite3.DatabaseError):
    """The file opens but does not hold what this version needs (and cannot be repaired in place)."""


_FAULTS = (sqlite3.Error, OSError, _TooNew)


def fault_kind(exc: BaseException) -> str:
    """What a storage error means: 'busy', 'damaged', 'too_new' or 'unwritable' (read-only, cannot open, I/O)."""
    if isinstance(exc, _TooNew):
        return TOO_NEW
    if isinstance(exc, OSError):
        return UNWRITABLE
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc).lower()
    if primary in _BUSY_CODES or "locked" in text or "busy" in text:
        return BUSY
    if primary in _UNWRITABLE_CODES or any(word in text for word in _UNWRITABLE_WORDS):
        return UNWRITABLE
    return DAMAGED


# --- opening, migrating, repairing --------------------------------------------------------------------------------


def timestamp() -> str:
    """The current local time as a sortable ISO 8601 string, for ScoreEntry.played_at."""
    return datetime.now().isoformat(timespec="seconds")


def _text(raw: bytes) -> str:
    """Stored text as str, even when it is not valid UTF-8 (a bad byte must not fail the whole query)."""
    return raw.decode("utf-8", "replace")


def _open_db(path: Path | str, timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=timeout)
    conn.text_factory = _text
    return conn


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


def _reference() -> tuple[dict[str, tuple[str, frozenset[str]]], dict[str, list[str]]]:
    """What the migrations make: each table's CREATE statement and columns, and each table's indexes."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for number in range(SCHEMA_VERSION):
            _migrate(conn, number)
        rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"
                            " WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'").fetchall()
        tables = {name: (sql, frozenset(r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')))
                  for kind, name, _, sql in rows if kind == "table"}
        indexes: dict[str, list[str]] = {name: [] for name in tables}
        for kind, _, table, sql in rows:
            if kind == "index":
                indexes[table].append(sql)
    finally:
        conn.close()
    return tables, indexes


def _repair(conn: sqlite3.Connection) -> list[str]:
    """Recreate the tables this version needs that are missing; return their names. Raises _Damaged when a
    table lacks columns or a name is taken by something else: that file is set aside instead."""
    tables, indexes = _reference()
    present = dict(conn.execute("SELECT name, type FROM sqlite_master").fetchall())
    missing = []
    for name, (_, columns) in tables.items():
        if name not in present:
            missing.append(name)
        elif present[name] != "table":
            raise _Damaged(f"{name} is a {present[name]}, not a table")
        else:
            have = {row[1] for row in conn.execute(f'PRAGMA table_info("{name}")')}
            if not columns <= have:
                raise _Damaged(f"table {name} lacks {sorted(columns - have)}")
    if missing:
        script = ";\n".join([tables[name][0] for name in missing] + [sql for name in missing
                                                                      for sql in indexes[name]])
        try:
            conn.executescript(f"BEGIN IMMEDIATE;\n{script};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return missing


def _connect(path: Path | str, timeout: float = 0.5) -> tuple[sqlite3.Connection, list[str]]:
    """Open, check, migrate and repair the database; the connection and the tables recreated. Raises a fault."""
    conn = _open_db(path, timeout)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            raise _Damaged(f"integrity_check: {check[:3]}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _TooNew(version)
        if version < 0:
            raise _Damaged(f"negative user_version {version}")
        for number in range(version, SCHEMA_VERSION):
            _migrate(conn, number)
        repaired = _repair(conn)
        if _writable(Path(path)):
            _write_ahead(conn)
    except BaseException:
        conn.close()
        raise
    return conn, repaired


def _write_ahead(conn: sqlite3.Connection) -> None:
    """While the game runs, log writes ahead and sync only at checkpoints.

    A move is saved on the frame it is made: a commit then costs ~0.01 ms instead of 0.5-5 ms (an fsync), and still
    survives the game crashing or being killed; only the machine losing power can undo the last moves, never damage
    the file. `close` turns the log back into the file, so a folder that later becomes read-only can still read it.
    If the mode cannot change (another copy of the game has the file open), writes go on in the default way."""
    with contextlib.suppress(sqlite3.OperationalError):
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")


def _memory() -> sqlite3.Connection:
    """An in-memory database, migrated as far as the migrations allow."""
    conn = _open_db(":memory:", 0)
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


def _writable(path: Path) -> bool:
    """True if this process may write the file and create files beside it (sqlite's journal)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def pending_path(path: Path) -> Path:
    """Where writes that could not reach the save file wait for the next start."""
    return path.with_name(f"{path.name}.pending.json")


def _checked_write(item: Any) -> tuple[str, dict[str, Any]] | None:
    """A kept write read back from the pending file, or None if it is not one this version makes."""
    if not (isinstance(item, list) and len(item) == 2 and item[0] in _WRITE_FIELDS and isinstance(item[1], dict)):
        return None
    op, args = item
    fields = _WRITE_FIELDS[op]
    if set(args) != set(fields) or not all(isinstance(args[k], types) and not isinstance(args[k], bool)
                                           for k, types in fields.items()):
        return None
    return op, args


def _pending_items(source: Path) -> list[Any] | None:
    """The writes listed in a pending file: [] if there is none, None if it cannot be read or is garbage."""
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, ValueError):
        return None
    data = decode(text)
    items = data.get("writes") if isinstance(data, dict) else None
    return items if isinstance(items, list) else None


def _execute(conn: sqlite3.Connection, op: str, args: dict[str, Any]) -> int:
    """Run one named write; its row id."""
    return int(conn.execute(_WRITES[op], args).lastrowid or 0)


# --- the service --------------------------------------------------------------------------------------------------


class Storage:
    """The player's settings, high scores and finished games in one SQLite file; storage faults never escape."""

    def __init__(self, path: Path | None = None, patience: Patience | None = None) -> None:
        self.path = Path(path) if path is not None else data_path() / DB_NAME
        self.patience = patience or PATIENCE
        self.notice: str | None = None       # English text of the notice from opening
        self.notice_key: str | None = None   # catalogue key of the notice from opening
        self.moved_to: Path | None = None    # where a damaged or too-new file was kept
        self.busy = False                    # the file was busy at the last failed attempt
        self.read_only = False               # the file or its folder cannot be written
        self.last_skipped = 0                # damaged rows the last reader skipped
        self._pending: list[tuple[str, dict[str, Any]]] = []
        self._notices: list[str] = []
        self._told: set[str] = set()
        self._next_try = 0.0
        self._closed = False
        self._file: sqlite3.Connection | None = None
        self._conn = self._open()
        self._load_pending_file()

    # --- opening ----------------------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        """The file's connection, or one in memory when the file cannot be used (with the notice why)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file, repaired = self._attempt(lambda: _connect(self.path, self.patience.busy_timeout))
        except _FAULTS as exc:
            return self._open_failed(fault_kind(exc))
        if repaired:
            self._set_notice("storage.repaired")
        if not _writable(self.path):
            self.read_only = True
            self._set_notice("storage.read_only")
        return self._file

    def _open_failed(self, kind: str) -> sqlite3.Connection:
        if kind in (DAMAGED, TOO_NEW):
            return self._replace("storage.too_new" if kind == TOO_NEW else "storage.damaged")
        self.busy = kind == BUSY
        self._set_notice("storage.busy" if self.busy else "storage.unavailable")
        return _memory()

    def _replace(self, key: str) -> sqlite3.Connection:
        """Move the bad file aside and start a fresh one (in memory if even that fails)."""
        try:
            self.moved_to = _move_aside(self.path)
            self._file, _ = _connect(self.path, self.patience.busy_timeout)
        except _FAULTS:
            self._file = None
            self._set_notice("storage.unavailable")
            return _memory()
        self._set_notice(key)
        return self._file

    def _set_notice(self, key: str) -> None:
        """The notice from opening (the last one set wins); the player is told each once."""
        self.notice_key = key
        self.notice = MESSAGES[key].format(name=self.moved_to.name if self.moved_to else "")
        self._tell(key)

    def _tell(self, key: str) -> None:
        if key not in self._told:
            self._told.add(key)
            self._notices.append(key)

    def take_notices(self) -> list[str]:
        """Catalogue keys of storage notices not yet shown (each at most once a session); clears them."""
        notices, self._notices = self._notices, []
        return notices

    def _attempt(self, action: Callable[[], Any]) -> Any:
        """Run action, trying again after a short wait while the file is busy; the last fault is raised."""
        for tries_left in range(max(self.patience.retries, 0), -1, -1):
            try:
                return action()
            except _FAULTS as exc:
                if tries_left == 0 or fault_kind(exc) != BUSY:
                    raise
                self.patience.sleep(self.patience.wait)
        raise AssertionError("unreachable")

    # --- degrading, keeping and writing back ------------------------------------------------------------------
    @property
    def pending_writes(self) -> int:
        """How many writes are kept in memory, waiting for the file."""
        return len(self._pending)

    def _degrade(self, exc: BaseException, notice: str) -> None:
        """Go on from a copy in memory of what the file holds (as far as it can be read)."""
        self.busy = fault_kind(exc) == BUSY
        memory = _open_db(":memory:", 0)
        try:
            if self._file is None:
                raise sqlite3.OperationalError("no file")
            self._file.backup(memory)
        except _FAULTS:
            memory.close()
            memory = _memory()
        self._conn = memory
        self._tell(notice)

    def _write(self, op: str, args: dict[str, Any]) -> int:
        """Write to the file (retried while busy), or keep the write in memory for later; the row id."""
        if self._conn is self._file and not self._closed:
            try:
                return self._attempt(lambda: _execute(self._conn, op, args))
            except _FAULTS as exc:
                self._degrade(exc, "storage.write_failed")
        if op == "set_setting":  # only a setting's last value matters (an unfinished game is saved every move)
            self._pending = [w for w in self._pending if not (w[0] == op and w[1]["key"] == args["key"])]
        self._pending.append((op, args))
        self._tell("storage.write_failed")
        try:
            rowid = _execute(self._conn, op, args)
        except _FAULTS:
            rowid = 0
        self._flush(patient=False)
        return rowid

    def flush(self) -> bool:
        """Write the kept writes to the file now (retried while busy); True when none are left."""
        return self._flush(patient=True)

    def _flush(self, patient: bool) -> bool:
        if not self._pending:
            return True
        if not patient and self.patience.clock() < self._next_try:
            return False
        try:
            if self._file is None:
                self._file, _ = _connect(self.path, self.patience.busy_timeout)
            if patient:
                self._attempt(lambda: self._apply(self._file, self._pending))
            else:  # during play: one try that does not wait for a lock (the frame must not stall)
                self._file.execute("PRAGMA busy_timeout = 0")
                try:
                    self._apply(self._file, self._pending)
                finally:
                    self._file.execute(f"PRAGMA busy_timeout = {int(self.patience.busy_timeout * 1000)}")
        except _FAULTS as exc:
            self.busy = fault_kind(exc) == BUSY
            self._next_try = self.patience.clock() + self.patience.every
            return False
        self._pending.clear()
        self.busy = False
        return True

    @staticmethod
    def _apply(conn: sqlite3.Connection, writes: list[tuple[str, dict[str, Any]]]) -> None:
        """Run the writes in one transaction: all of them reach the file, or none."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            for op, args in writes:
                _execute(conn, op, args)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise

    def _save_pending_file(self) -> bool:
        """Keep the writes that never reached the file beside it, for the next start; True if kept."""
        target = pending_path(self.path)
        temporary = target.with_name(f"{target.name}.tmp")
        earlier = _pending_items(target)  # another copy's (or one this session could not take)
        try:
            if earlier is None:  # unreadable: set it aside rather than write over it
                earlier = []
                _move_aside(target)
            temporary.write_text(json.dumps({"version": 1, "writes": earlier + [list(w) for w in self._pending]},
                                            ensure_ascii=False), encoding="utf-8")
            temporary.replace(target)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                temporary.unlink()
            return False
        return True

    def _load_pending_file(self) -> None:
        """Take the writes an earlier session kept in the pending file, and write them to the file now."""
        source = pending_path(self.path)
        items = _pending_items(source)
        if items is None:  # unreadable or garbage: set aside, never applied
            with contextlib.suppress(OSError):
                _move_aside(source)
            return
        if not items:
            return
        try:
            source.unlink()  # only writes that can never be applied twice are taken
        except OSError:
            return
        writes = [w for w in map(_checked_write, items) if w is not None]
        self._pending = writes + self._pending
        if self._conn is self._file and self.flush():
            return
        if self._conn is self._file:
            self._degrade(sqlite3.OperationalError("pending writes not written"), "storage.write_failed")
        for op, args in writes:
            with contextlib.suppress(*_FAULTS):
                _execute(self._conn, op, args)

    def close(self) -> None:
        """Write what is kept (or keep it in the pending file), then close the database."""
        if self._closed:
            return
        self._closed = True
        if not self.flush() and not self._save_pending_file():
            print(f"asobiba: {len(self._pending)} unsaved change(s) could not be kept: {self.path} and its folder"
                  " cannot be written.", file=sys.stderr)
        if self._file is not None:  # back to a plain file (see _write_ahead); another open copy keeps the log
            with contextlib.suppress(sqlite3.Error):
                self._file.execute("PRAGMA journal_mode = DELETE")
        for conn in {id(c): c for c in (self._conn, self._file) if c is not None}.values():
            with contextlib.suppress(sqlite3.Error):
                conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- reading ----------------------------------------------------------------------------------------------
    def _read(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        """Rows from the file (retried while busy) or, once it has failed, from the copy in memory."""
        if self._conn is self._file and not self._closed:
            try:
                return self._attempt(lambda: self._conn.execute(sql, params).fetchall())
            except _FAULTS as exc:
                self._degrade(exc, "storage.busy" if fault_kind(exc) == BUSY else "storage.unavailable")
        try:
            return self._conn.execute(sql, params).fetchall()
        except _FAULTS:
            return []

    # --- settings ---------------------------------------------------------------------------------------------
    def get_setting(self, key: str, default: Any = None) -> Any:
        """The JSON-decoded value of a setting (its text cleaned), or default if missing or undecodable."""
        missing = object()
        rows = self._read("SELECT value FROM settings WHERE key = ?", (clean_text(key),))
        value = decode(rows[0][0], missing) if rows else missing
        return default if value is missing else clean_value(value)

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-encodable value under key (its text cleaned of control characters)."""
        self._write("set_setting", {"key": clean_text(key),
                                    "value": json.dumps(clean_value(value), ensure_ascii=False)})

    def all_settings(self) -> dict[str, Any]:
        """Every setting whose value decodes, as a dict."""
        missing = object()
        decoded = {clean_text(str(key)): decode(value, missing)
                   for key, value in self._read("SELECT key, value FROM settings")}
        return {key: clean_value(value) for key, value in decoded.items() if value is not missing}

    # --- scores -----------------------------------------------------------------------------------------------
    def add_score(self, entry: ScoreEntry) -> int:
        """Record a finished game on a board; returns its id."""
        args = asdict(entry)
        del args["id"]
        args.update({key: clean_text(str(args[key])) for key in ("title", "board", "name", "played_at",
                                                                 "rules_version")})
        args.update({key: clamp(args[key]) for key in ("score", "rounds", "tiebreak")})
        args.update(seed=seed_in(entry.seed), details=json.dumps(clean_value(entry.details), ensure_ascii=False))
        return self._write("add_score", args)

    def _board(self, title: str, board: str) -> list[ScoreEntry]:
        """Every checked entry of one board, best first (bad rows skipped and counted in last_skipped)."""
        entries, skipped = [], 0
        for row in self._read(f"SELECT {_COLUMNS} FROM scores WHERE title = ? AND board = ?", (title, board)):
            try:
                entries.append(score_entry(row))
            except BadRow:
                skipped += 1
        self.last_skipped = skipped
        entries.sort(key=lambda e: (*_rank_key(e.score, e.rounds, e.tiebreak, board), e.played_at, e.id))
        return entries

    def top_scores(self, title: str, board: str = "score", limit: int = 10) -> list[ScoreEntry]:
        """The best entries: higher score (fewer rounds on a ROUNDS_BOARDS board), then tiebreaks, then date."""
        return self._board(title, board)[:max(limit, 0)]

    def rank_of(self, title: str, score: int, rounds: int, board: str = "score", tiebreak: int = 0) -> int:
        """The 1-based rank a new entry would get, placed after existing equal entries."""
        new = _rank_key(score, rounds, tiebreak, board)
        return 1 + sum(_rank_key(e.score, e.rounds, e.tiebreak, board) <= new for e in self._board(title, board))

    def qualifies(self, title: str, score: int, rounds: int, board: str = "score", limit: int = 10,
                  tiebreak: int = 0) -> bool:
        """True if a new entry would make the top `limit` (a score of 0 never does on a score board)."""
        if score <= 0 and board not in ROUNDS_BOARDS:
            return False
        return self.rank_of(title, score, rounds, board, tiebreak) <= limit

    # --- finished games ---------------------------------------------------------------------------------------
    def record_game(self, title: str, outcome: str, rounds: int, details: dict[str, Any], replay: str) -> int:
        """Keep a finished game (every game, not only the best); returns its id."""
        return self._write("record_game", {
            "title": clean_text(title), "played_at": timestamp(), "outcome": clean_text(outcome),
            "rounds": clamp(rounds), "details": json.dumps(clean_value(details), ensure_ascii=False),
            "replay": replay})

    def finished_games(self, title: str) -> list[dict[str, Any]]:
        """Every finished game of `title`, oldest first: outcome, rounds, played_at and checked details (bad rows
        skipped and counted in last_skipped)."""
        games, skipped = [], 0
        for row in self._read("SELECT outcome, rounds, played_at, details FROM games WHERE title = ? ORDER BY id",
                              (title,)):
            try:
                games.append(finished_game(row))
            except BadRow:
                skipped += 1
        self.last_skipped = skipped
        return games

    def stored_games(self, title: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
        """The newest `limit` finished games (of `title`, or of every title), newest first: id, title and the
        checked fields of `finished_games` (bad rows skipped and counted in last_skipped)."""
        where, params = ("WHERE title = ?", (title, int(limit))) if title else ("", (int(limit),))
        games, skipped = [], 0
        for row in self._read(f"SELECT id, title, outcome, rounds, played_at, details FROM games {where} "
                              "ORDER BY id DESC LIMIT ?", params):
            try:
                if not (is_int(row[0]) and isinstance(row[1], str)):
                    raise BadRow("id or title")
                games.append({"id": row[0], "title": row[1], **finished_game(row[2:])})
            except BadRow:
                skipped += 1
        self.last_skipped = skipped
        return games

    def stored_replay(self, game_id: int) -> str | None:
        """The replay text of a finished game, None if there is no such game."""
        rows = self._read("SELECT replay FROM games WHERE id = ?", (int(game_id),))
        return rows[0][0] if rows and isinstance(rows[0][0], str) else None

    # --- the coach's advice on a stored game (a cache: losing it costs only the time to work it out again) ------
    def keep_advice(self, game_id: int, position: int, engine: str, advice: dict[str, Any]) -> None:
        self._write("keep_advice", {"game_id": int(game_id), "position": int(position), "engine": clean_text(engine),
                                    "advice": json.dumps(advice, ensure_ascii=False)})

    def advice_for(self, game_id: int, engine: str) -> dict[int, dict[str, Any]]:
        """The advice kept for a game by `engine`, by position (rows that do not parse are left out)."""
        kept = {}
        for position, text in self._read("SELECT position, advice FROM advice WHERE game_id = ? AND engine = ?",
                                         (int(game_id), engine)):
            try:
                advice = json.loads(text)
            except (TypeError, ValueError):
                continue
            if isinstance(advice, dict) and isinstance(position, int):
                kept[position] = advice
        return kept

    def game_counts(self, title: str) -> dict[str, int]:
        """How many finished games of `title` ended in each outcome (the same checked games finished_games gives)."""
        return dict(Counter(game["outcome"] for game in self.finished_games(title)))


def _rank_key(score: int, rounds: int, tiebreak: int, board: str) -> tuple[int, ...]:
    """Smaller is better: fewest rounds then tiebreak on a ROUNDS_BOARDS board, else highest score first."""
    if board in ROUNDS_BOARDS:
        return (rounds, tiebreak)
    return (-score, rounds, tiebreak)
