"""Fault-injection run for the save file (issue 15): open Storage under each fault and call every public method.

    python tools/storage_faults.py [--rounds 5] [--json]

A failure is an exception escaping Storage, a healthy file moved aside, a value with control characters or of the
wrong type reaching the caller, or a result lost: a game or score written under the fault and missing once the fault
is lifted and the file opened again. A read-only folder kept read-only past close has nowhere to keep a result: that
case is counted as "told, not kept" (the player sees a notice and a line on stderr), not as a failure. Read-only
faults need chmod to bite (or, for root, `chattr +i`); where neither does, they are reported as skipped.
tests/test_storage_faults.py runs one round of it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.services import storage as storage_mod  # noqa: E402
from game.services.storage import DB_NAME, Patience, ScoreEntry, Storage  # noqa: E402

FAST = Patience(busy_timeout=0, retries=2, wait=0, every=0)
CONTROL = "\x00\x01\x07\x1b\x7f\x85\u200b\u202e\u2028\ud800"
HOSTILE_DETAILS = ['{"levels":5}', '{"scores":[]}', '{"human_share":"x"}', '{"levels":[null,{}]}', '[1]', 'nope',
                   '{"scores":["a"]}', '{"human_share":7}', '{"score":"x"}', '{"winners":"all"}']


# --- building faults ----------------------------------------------------------------------------------------------


def healthy(path: Path) -> None:
    """A save file holding one setting, one score and one finished game."""
    with Storage(path, patience=FAST) as st:
        st.set_setting("language", "ja")
        st.add_score(ScoreEntry("dice_slayer", "Old", 50, 5, "2026-01-01T00:00:00", 1, "v", {}, "{}"))
        st.record_game("shinobazu", "win", 9, {"levels": ["you", "easy"], "human_share": 1.0}, "{}")


def _sql(path: Path, *statements: str, params: tuple = ()) -> None:
    conn = sqlite3.connect(path)
    try:
        for sql in statements:
            conn.execute(sql, params if "?" in sql else ())
        conn.commit()
    finally:
        conn.close()


def _chattr(flag: str, path: Path) -> bool:
    return shutil.which("chattr") is not None and subprocess.run(
        ["chattr", flag, str(path)], capture_output=True).returncode == 0


@contextlib.contextmanager
def _read_only(target: Path) -> Iterator[bool]:
    """Make target read-only for this process; yields False when that is not possible here."""
    mode = target.stat().st_mode
    target.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    immutable = os.geteuid() == 0 and _chattr("+i", target)
    try:
        yield immutable or not os.access(target, os.W_OK)
    finally:
        if immutable:
            _chattr("-i", target)
        target.chmod(mode)


@contextlib.contextmanager
def _lock(path: Path, mode: str) -> Iterator[Callable[[], None]]:
    """Another connection holding a write lock; yields a function that releases it."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"BEGIN {mode}")
    if mode == "EXCLUSIVE":
        conn.execute("CREATE TABLE IF NOT EXISTS lock_holder (x)")

    def release() -> None:
        if conn.in_transaction:
            conn.execute("ROLLBACK")

    try:
        yield release
    finally:
        release()
        conn.close()


@dataclass
class Fault:
    """How to break a save file: prepare it, hold the fault while Storage runs, and whether it stays past close."""

    name: str
    prepare: Callable[[Path], None] = healthy
    hold: Callable[[Path], contextlib.AbstractContextManager] | None = None
    past_close: bool = False       # the fault is lifted only after Storage closed
    file_is_healthy: bool = True   # never to be moved aside
    told_not_kept: bool = False    # nowhere writable is left: a lost result is expected (and told)


def _drop(*tables: str) -> Callable[[Path], None]:
    def prepare(path: Path) -> None:
        healthy(path)
        _sql(path, *(f"DROP TABLE {t}" for t in tables))
    return prepare


def _hostile(path: Path) -> None:
    healthy(path)
    insert = ("INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
              " VALUES ('shinobazu', '2026', 'win', 3, ?, '{}')")
    for details in HOSTILE_DETAILS:
        _sql(path, insert, params=(details,))
    _sql(path, "INSERT INTO scores (title, name, score, rounds, played_at, seed, rules_version, details, replay)"
               " VALUES ('dice_slayer', 'B', 'lots', 1, x'00', 'seven', 'v', '[1]', '{}')",
         "UPDATE settings SET value = '{\"a\": [1, {\"b\": null}]}' WHERE key = 'language'",
         "INSERT INTO settings VALUES ('volume', x'ff00')")


def _nul_names(path: Path) -> None:
    healthy(path)
    _sql(path, "UPDATE scores SET name = 'E' || char(0) || 'v' || char(7, 27) || 'il', played_at = char(0)",
         "INSERT INTO settings VALUES ('player_name', '\"P\\u0000\\ud800Q\"')",
         "UPDATE games SET played_at = 'x' || char(0)")


def _huge_seeds(path: Path) -> None:
    healthy(path)
    _sql(path, "UPDATE scores SET seed = 'int:0x' || 'f' || hex(randomblob(40))")  # not valid hex: skipped


def _missing_columns(path: Path) -> None:
    healthy(path)
    _sql(path, "DROP TABLE games", "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")


def _garbage(path: Path) -> None:
    path.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(8192)))


def _truncated(path: Path) -> None:
    healthy(path)
    with Storage(path, patience=FAST) as st:
        for i in range(200):
            st.set_setting(f"k{i}", "x" * 200)
    path.write_bytes(path.read_bytes()[:3000])


def _too_new(path: Path) -> None:
    healthy(path)
    _sql(path, f"PRAGMA user_version = {storage_mod.SCHEMA_VERSION + 3}")


def _directory(path: Path) -> None:
    path.mkdir()


@contextlib.contextmanager
def _directory_hold(path: Path) -> Iterator[None]:
    yield
    shutil.rmtree(path)  # lifted: the player removed the folder in the way


def _pending_garbage(path: Path) -> None:
    healthy(path)
    storage_mod.pending_path(path).write_text('{"writes": [["add_score", {"name": 5}], ["drop", {}], 7]}')


def _pending_not_json(path: Path) -> None:
    healthy(path)
    storage_mod.pending_path(path).write_bytes(b"\xff\xfe not json")


def _read_only_hold(which: str) -> Callable[[Path], contextlib.AbstractContextManager]:
    @contextlib.contextmanager
    def hold(path: Path) -> Iterator[None]:
        with _read_only(path if which == "file" else path.parent) as works:
            if not works:
                raise _Skip(f"cannot make a {which} read-only here")
            yield
    return hold


def _lock_hold(mode: str) -> Callable[[Path], contextlib.AbstractContextManager]:
    @contextlib.contextmanager
    def hold(path: Path) -> Iterator[None]:
        with _lock(path, mode):
            yield
    return hold


class _Skip(Exception):
    """This fault cannot be made on this machine."""


FAULTS = [
    Fault("healthy"),
    Fault("lock_immediate", hold=_lock_hold("IMMEDIATE")),
    Fault("lock_immediate_past_close", hold=_lock_hold("IMMEDIATE"), past_close=True),
    Fault("lock_exclusive", hold=_lock_hold("EXCLUSIVE")),
    Fault("lock_exclusive_past_close", hold=_lock_hold("EXCLUSIVE"), past_close=True),
    Fault("read_only_file", hold=_read_only_hold("file")),
    Fault("read_only_file_past_close", hold=_read_only_hold("file"), past_close=True),
    Fault("read_only_folder", hold=_read_only_hold("folder")),
    Fault("read_only_folder_past_close", hold=_read_only_hold("folder"), past_close=True, told_not_kept=True),
    Fault("dropped_settings", _drop("settings")),
    Fault("dropped_games", _drop("games")),
    Fault("dropped_scores", _drop("scores")),
    Fault("dropped_all", _drop("settings", "games", "scores")),
    Fault("missing_columns", _missing_columns, file_is_healthy=False),
    Fault("hostile_rows", _hostile),
    Fault("nul_names", _nul_names),
    Fault("huge_seeds", _huge_seeds),
    Fault("file_is_directory", _directory, hold=_directory_hold, file_is_healthy=False),
    Fault("garbage_bytes", _garbage, file_is_healthy=False),
    Fault("truncated", _truncated, file_is_healthy=False),
    Fault("too_new", _too_new, file_is_healthy=False),
    Fault("pending_file_garbage", _pending_garbage),
    Fault("pending_file_not_json", _pending_not_json),
]


# --- calling everything -------------------------------------------------------------------------------------------


def calls(rng: random.Random, marker: str) -> list[tuple[str, Callable[[Storage], Any]]]:
    """Every public method of Storage, with ordinary and hostile arguments; the marker writes come first."""
    nasty = "".join(rng.choice(CONTROL + "ab三") for _ in range(12))
    huge = rng.choice([2**63, 2**64 + 5, -(2**63) - 1, 10**40, -(10**40)])

    def score(name: str, seed: int | None, points: int = 40) -> ScoreEntry:
        return ScoreEntry("dice_slayer", name, points, 4, "2026-02-02T00:00:00", seed, "v", {"n": nasty}, "{}")

    return [
        ("record_game marker", lambda st: st.record_game("shinobazu", "win", 7, {"marker": marker}, "{}")),
        ("add_score marker", lambda st: st.add_score(score(marker, huge))),
        ("get_setting", lambda st: st.get_setting("language", "en")),
        ("get_setting missing", lambda st: st.get_setting("nothing", 3)),
        ("set_setting", lambda st: st.set_setting("volume", 0.5)),
        ("set_setting nasty", lambda st: st.set_setting("player_name", nasty)),
        ("set_setting nested", lambda st: st.set_setting(f"k{nasty}", {"a": [nasty, huge]})),
        ("all_settings", lambda st: st.all_settings()),
        ("add_score nasty name", lambda st: st.add_score(score(nasty, 7))),
        ("add_score huge numbers", lambda st: st.add_score(score("Big", -huge, points=huge))),
        ("top_scores", lambda st: st.top_scores("dice_slayer")),
        ("top_scores fastest", lambda st: st.top_scores("dice_combat", board="fastest", limit=3)),
        ("rank_of", lambda st: st.rank_of("dice_slayer", 45, 3)),
        ("rank_of huge", lambda st: st.rank_of("dice_slayer", huge, -huge, tiebreak=huge)),
        ("qualifies", lambda st: st.qualifies("dice_slayer", 45, 3)),
        ("qualifies huge", lambda st: st.qualifies("dice_combat", 0, huge, board="fastest", tiebreak=-huge)),
        ("record_game nasty", lambda st: st.record_game(nasty, nasty, huge, {"levels": [nasty]}, "{}")),
        ("finished_games", lambda st: st.finished_games("shinobazu")),
        ("game_counts", lambda st: st.game_counts("shinobazu")),
        ("take_notices", lambda st: st.take_notices()),
        ("pending_writes", lambda st: st.pending_writes),
        ("flush", lambda st: st.flush()),
    ]


def _clean(value: Any) -> bool:
    """True if no string inside value holds a control, format or surrogate character."""
    if isinstance(value, str):
        return value.isprintable() or all(ch.isprintable() or ch in " \u3000" for ch in value)
    if isinstance(value, ScoreEntry):
        return (_clean(value.name) and _clean(value.played_at) and _clean(value.details)
                and (value.seed is None or type(value.seed) is int) and type(value.score) is int)
    if isinstance(value, dict):
        return all(_clean(k) and _clean(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(_clean(v) for v in value)
    return True


@dataclass
class Outcome:
    """What one fault did: calls made, failures by kind (with what failed), and notices shown."""

    fault: str
    calls: int = 0
    failures: dict[str, list[str]] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    told_not_kept: int = 0
    skipped: str | None = None

    def fail(self, kind: str, what: str) -> None:
        self.failures.setdefault(kind, []).append(what)


def run_fault(fault: Fault, folder: Path, rng: random.Random) -> Outcome:
    """Prepare, hold, call everything, close, lift, reopen and check one fault in its own folder."""
    outcome = Outcome(fault.name)
    folder.mkdir(parents=True)
    path = folder / DB_NAME
    marker = f"M{rng.randrange(10**9)}"  # short: names are cut to rows.NAME_MAX on the way out
    fault.prepare(path)
    try:
        with fault.hold(path) if fault.hold else contextlib.nullcontext():
            st = _exercise(path, rng, marker, outcome)
            if fault.past_close:
                _close(st, outcome)
        if not fault.past_close:
            _close(st, outcome)  # the fault was lifted while the game still ran
    except _Skip as why:
        outcome.skipped = str(why)
        return outcome
    if fault.file_is_healthy and (not path.is_file() or any(p.name.startswith(f"{DB_NAME}.damaged-") for p in folder.iterdir())):
        outcome.fail("healthy file moved aside", fault.name)
    _check_kept(path, marker, fault, outcome)
    return outcome


def _exercise(path: Path, rng: random.Random, marker: str, outcome: Outcome) -> Storage | None:
    try:
        st = Storage(path, patience=FAST)
    except Exception as exc:
        outcome.fail("exception escaping", f"Storage(): {exc!r}")
        return None
    for name, call in calls(rng, marker):
        outcome.calls += 1
        try:
            value = call(st)
        except Exception as exc:
            outcome.fail("exception escaping", f"{name}: {exc!r}")
            continue
        if not _clean(value):
            outcome.fail("bad value returned", f"{name}: {value!r}"[:200])
        if name == "take_notices":
            outcome.notices = list(value)
    return st


def _close(st: Storage | None, outcome: Outcome) -> None:
    outcome.calls += 1
    if st is None:
        return
    try:
        with contextlib.redirect_stderr(open(os.devnull, "w")):  # noqa: SIM115 - closed with the redirect's file
            st.close()
    except Exception as exc:
        outcome.fail("exception escaping", f"close: {exc!r}")


def _check_kept(path: Path, marker: str, fault: Fault, outcome: Outcome) -> None:
    """Open the file again, the fault lifted: the marker game and score must be there."""
    with Storage(path, patience=FAST) as again:
        games = again.finished_games("shinobazu")
        kept = (any(g["details"].get("marker") == marker for g in games)
                and any(e.name == marker for e in again.top_scores("dice_slayer", limit=100)))
    if kept:
        return
    if fault.told_not_kept:
        outcome.told_not_kept += 1
    else:
        outcome.fail("result lost", fault.name)


def run(rounds: int = 1, seed: int = 15, base: Path | None = None) -> list[Outcome]:
    """Every fault, `rounds` times with different hostile values; one Outcome per fault and round."""
    rng = random.Random(seed)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="asobiba-faults-", dir=base) as tmp:
        for number in range(rounds):
            for fault in FAULTS:
                outcomes.append(run_fault(fault, Path(tmp) / f"{number}-{fault.name}", rng))
    return outcomes


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """Cases tried and failures, in total and by kind."""
    tried = [o for o in outcomes if o.skipped is None]
    kinds: dict[str, int] = {}
    for o in tried:
        for kind, items in o.failures.items():
            kinds[kind] = kinds.get(kind, 0) + len(items)
    return {"faults": len(tried), "skipped": sorted({o.fault for o in outcomes if o.skipped}),
            "calls": sum(o.calls for o in tried), "failures": sum(kinds.values()), "by_kind": kinds,
            "told_not_kept": sum(o.told_not_kept for o in tried),
            "details": {o.fault: o.failures for o in tried if o.failures}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each fault is tried (hostile values vary)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--base", type=Path, help="make the save files under this folder (e.g. /dev/shm: fast)")
    args = parser.parse_args(argv)
    outcomes = run(args.rounds, args.seed, args.base)
    result = summary(outcomes)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        for o in outcomes[:len(FAULTS)]:
            state = f"skipped ({o.skipped})" if o.skipped else ", ".join(filter(None, o.notices)) or "no notice"
            print(f"{o.fault:28} {state}")
        print(f"\n{result['faults']} fault runs, {result['calls']} calls: {result['failures']} failures"
              f" {result['by_kind'] or ''}; told, not kept: {result['told_not_kept']}")
        for fault, failures in result["details"].items():
            print(f"  {fault}: {failures}")
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
