"""Storage that degrades, never dies (issue 15): each fault reproduced, then its fix held.

Locks come from a second sqlite3 connection; read-only files and folders from chmod (and, for root, which chmod
does not stop, `chattr +i`). Retry waits are injected (`Patience`), so no test sleeps.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.services import storage as storage_mod
from game.services.storage import DB_NAME, SCHEMA_VERSION, Patience, ScoreEntry, Storage

FAST = Patience(busy_timeout=0, retries=2, wait=0, every=0)


def fast(path: Path, **changes) -> Storage:
    """A Storage that never waits: busy faults show at once."""
    return Storage(path, patience=Patience(**{**vars(FAST), **changes}))


def entry(score: int = 10, rounds: int = 3, *, name: str = "P", seed: int | None = 7) -> ScoreEntry:
    return ScoreEntry("dice_slayer", name, score, rounds, "2026-01-01T10:00:00", seed, "dice_slayer/1",
                      {"clears": 2}, "{}")


def healthy(path: Path) -> bytes:
    """A healthy save file with one setting, one score and one finished game; its bytes."""
    with Storage(path) as st:
        st.set_setting("language", "ja")
        st.add_score(entry(50, 5, name="Old"))
        st.record_game("hexa", "win", 9, {"levels": ["you", "easy"], "human_share": 1.0}, "{}")
    return path.read_bytes()


def aside(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if ".damaged-" in p.name)


@contextlib.contextmanager
def locked(path: Path, mode: str = "IMMEDIATE"):
    """Another connection holding a write lock (IMMEDIATE: others may read; EXCLUSIVE: nobody may)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"BEGIN {mode}")
    if mode == "EXCLUSIVE":
        conn.execute("CREATE TABLE IF NOT EXISTS lock_holder (x)")  # takes the exclusive lock for real
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()


def _chattr(flag: str, path: Path) -> bool:
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0


@contextlib.contextmanager
def read_only(path: Path):
    """Make a file or folder read-only for this process (chmod, and chattr +i for root); skip if impossible."""
    mode = path.stat().st_mode
    path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    immutable = os.geteuid() == 0 and _chattr("+i", path)
    try:
        if not immutable and os.access(path, os.W_OK):
            pytest.skip("cannot make a path read-only here")
        yield path
    finally:
        if immutable:
            _chattr("-i", path)
        path.chmod(mode)


def scores_in_file(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT name, score, seed FROM scores ORDER BY id").fetchall()
    finally:
        conn.close()


def games_in_file(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT title, outcome FROM games ORDER BY id").fetchall()
    finally:
        conn.close()


# --- fault 1: a lock is not damage ----------------------------------------------------------------------------


def test_exclusive_lock_at_open_is_busy_not_damaged(tmp_path):
    path = tmp_path / DB_NAME
    original = healthy(path)
    waits = []
    with locked(path, "EXCLUSIVE"):
        st = fast(path, sleep=waits.append, wait=0.01)
        assert st.notice_key == "storage.busy" and st.busy
        assert st.moved_to is None and aside(tmp_path) == []
        assert waits == [0.01, 0.01]  # retried, with the injected wait
        st.set_setting("volume", 0.5)  # works from memory
        assert st.get_setting("volume") == 0.5
        assert st.pending_writes == 1
    assert path.read_bytes() == original  # the healthy file is untouched while locked
    st.close()  # the lock is gone: what was kept is written now
    with Storage(path) as again:
        assert again.notice_key is None
        assert again.get_setting("volume") == 0.5 and again.get_setting("language") == "ja"


def test_lock_during_migration_is_busy_not_damaged(tmp_path):
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    storage_mod._migrate(conn, 0)  # a version-1 file: opening it must write (migrate)
    conn.close()
    with locked(path, "IMMEDIATE"):
        with fast(path) as st:
            assert st.notice_key == "storage.busy" and st.moved_to is None
        assert aside(tmp_path) == []
    with Storage(path) as st:
        assert st.notice_key is None
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_lock_released_between_retries_opens_the_file(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("CREATE TABLE lock_holder (x)")
    with fast(path, sleep=lambda _: holder.execute("ROLLBACK")) as st:
        assert st.notice_key is None and not st.busy
        assert st.get_setting("language") == "ja"
    holder.close()


def test_busy_error_is_told_apart_from_damage():
    busy = sqlite3.OperationalError("database is locked")
    assert storage_mod.fault_kind(busy) == "busy"
    assert storage_mod.fault_kind(sqlite3.DatabaseError("file is not a database")) == "damaged"
    assert storage_mod.fault_kind(sqlite3.DatabaseError("database disk image is malformed")) == "damaged"
    assert storage_mod.fault_kind(sqlite3.OperationalError("attempt to write a readonly database")) == "unwritable"
    assert storage_mod.fault_kind(sqlite3.OperationalError("unable to open database file")) == "unwritable"
    assert storage_mod.fault_kind(PermissionError("denied")) == "unwritable"


def test_file_that_is_a_directory_is_never_moved(tmp_path):
    path = tmp_path / DB_NAME
    path.mkdir()
    with fast(path) as st:
        assert st.notice_key == "storage.unavailable" and st.moved_to is None
        assert st.record_game("hexa", "win", 3, {}, "{}") >= 1
    assert path.is_dir() and aside(tmp_path) == []


# --- fault 2: writes under a lock, a read-only file or folder -------------------------------------------------


@pytest.mark.parametrize("write", ["record_game", "add_score", "set_setting"])
def test_write_under_lock_is_kept_and_written_later(tmp_path, write):
    path = tmp_path / DB_NAME
    healthy(path)
    st = fast(path)
    with locked(path, "IMMEDIATE"):
        calls = {"record_game": lambda: st.record_game("hexa", "loss", 4, {"human_share": 0.0}, "{}"),
                 "add_score": lambda: st.add_score(entry(99, 2, name="New")),
                 "set_setting": lambda: st.set_setting("player_name", "New")}
        calls[write]()  # no exception: kept in memory
        assert st.pending_writes == 1
        assert "storage.write_failed" in st.take_notices()
        assert st.take_notices() == []  # told once
        # this session still sees what it wrote
        assert len(st.finished_games("hexa")) == 1 + (write == "record_game")
        assert [e.name for e in st.top_scores("dice_slayer")][0] == ("New" if write == "add_score" else "Old")
    st.set_setting("muted", True)  # the next write retries the queue first
    assert st.pending_writes == 0
    st.close()
    assert len(games_in_file(path)) == 1 + (write == "record_game")
    assert len(scores_in_file(path)) == 1 + (write == "add_score")
    with Storage(path) as again:
        assert again.get_setting("muted") is True
        assert again.get_setting("player_name") == ("New" if write == "set_setting" else None)


def test_lock_held_past_close_keeps_the_result_in_a_pending_file(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    with locked(path, "IMMEDIATE"):
        with fast(path) as st:
            st.record_game("hexa", "win", 5, {"human_share": 1.0}, "{}")
            st.add_score(entry(77, 4, name="Kept"))
            assert st.flush() is False
        assert storage_mod.pending_path(path).is_file()
    with fast(path) as st:
        assert st.pending_writes == 0
        assert [e.name for e in st.top_scores("dice_slayer")] == ["Kept", "Old"]
        assert st.game_counts("hexa") == {"win": 2}
    assert not storage_mod.pending_path(path).exists()
    assert [g for g in games_in_file(path)] == [("hexa", "win"), ("hexa", "win")]


def test_read_only_file_at_game_over(tmp_path):
    path = tmp_path / DB_NAME
    original = healthy(path)
    with read_only(path):
        with fast(path) as st:
            assert st.notice_key == "storage.read_only"
            assert st.get_setting("language") == "ja"  # still readable
            st.record_game("hexa", "win", 5, {}, "{}")
            st.add_score(entry(60, 2, name="RO"))
            st.set_setting("player_name", "RO")
            assert st.pending_writes == 3
            assert [e.name for e in st.top_scores("dice_slayer")] == ["RO", "Old"]
        assert path.read_bytes() == original and aside(tmp_path) == []
    assert storage_mod.pending_path(path).is_file()  # the folder was writable: kept for next time
    with fast(path) as st:
        assert [e.name for e in st.top_scores("dice_slayer")] == ["RO", "Old"]


def test_read_only_folder_at_game_over(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    path = folder / DB_NAME
    original = healthy(path)
    with read_only(folder):
        st = fast(path)
        assert st.notice_key == "storage.read_only"
        st.record_game("hexa", "win", 5, {}, "{}")
        st.add_score(entry(60, 2, name="RO"))
        assert st.pending_writes == 2
        assert "storage.write_failed" in st.take_notices()
        assert path.read_bytes() == original and aside(folder) == []
    st.close()  # the folder is writable again before the app closes: nothing is lost
    assert scores_in_file(path)[-1][0] == "RO"
    assert games_in_file(path)[-1] == ("hexa", "win")


def test_damaged_file_in_read_only_folder_runs_from_memory(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    path = folder / DB_NAME
    path.write_bytes(b"garbage" * 200)
    with read_only(folder), fast(path) as st:
        assert st.notice_key == "storage.unavailable" and st.moved_to is None
        st.add_score(entry())
        assert len(st.top_scores("dice_slayer")) == 1



def test_kept_settings_keep_only_their_last_value(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    with locked(path, "IMMEDIATE"):
        st = fast(path)
        for move in range(50):  # an unfinished game is saved after every move
            st.set_setting("unfinished.hexa", {"actions": list(range(move))})
        st.record_game("hexa", "win", 5, {}, "{}")
        assert st.pending_writes == 2
    st.close()
    with Storage(path) as again:
        assert again.get_setting("unfinished.hexa") == {"actions": list(range(49))}


def test_the_app_tells_the_player_when_a_result_is_kept(app):
    from game.app.menu import TitleMenuScene
    from game.app.overlays import NoticeScene
    from game.services import i18n

    app.storage.patience = FAST
    app.run(TitleMenuScene(app), frames=1, fixed_clock=True)
    with locked(app.storage.path, "IMMEDIATE"):
        app.storage.record_game("shinobazu", "win", 3, {}, "{}")
        app.run(TitleMenuScene(app), frames=1, fixed_clock=True)
        notices = [s for s in app.stack.scenes if isinstance(s, NoticeScene)]
        assert [n.message for n in notices] == [i18n.t("storage.write_failed")]
        assert app.storage.pending_writes == 1
    app.storage.close()
    assert games_in_file(app.storage.path) == [("shinobazu", "win")]


def test_a_pending_file_is_checked_before_it_is_applied(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    pending = storage_mod.pending_path(path)
    good = ["set_setting", {"key": "muted", "value": "true"}]
    pending.write_text(json.dumps({"writes": [good, ["set_setting", {"key": 5, "value": "1"}], ["drop", {}], 7,
                                              ["add_score", {"name": "x"}]]}))
    with fast(path) as st:
        assert st.get_setting("muted") is True and st.pending_writes == 0
    assert not pending.exists()
    pending.write_text("not json {")
    with fast(path) as st:
        assert st.notice_key is None
    assert not pending.exists() and len(list(tmp_path.glob("*.pending.json.damaged-*"))) == 1

# --- fault 3: dropped tables ----------------------------------------------------------------------------------


@pytest.mark.parametrize("table", ["settings", "games", "scores"])
def test_dropped_table_is_recreated(tmp_path, table):
    path = tmp_path / DB_NAME
    healthy(path)
    conn = sqlite3.connect(path)
    conn.execute(f"DROP TABLE {table}")
    conn.commit()
    conn.close()
    with fast(path) as st:
        assert st.notice_key == "storage.repaired" and st.moved_to is None
        st.set_setting("x", 1)
        st.add_score(entry(5, 1))
        st.record_game("hexa", "win", 3, {}, "{}")
        assert st.get_setting("language") == (None if table == "settings" else "ja")
        assert len(st.top_scores("dice_slayer")) == (1 if table == "scores" else 2)
        assert st.game_counts("hexa") == {"win": 1 if table == "games" else 2}
    assert aside(tmp_path) == []
    with Storage(path) as st:
        assert st.notice_key is None


def test_table_without_its_columns_is_set_aside(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE scores")
    conn.execute("CREATE TABLE scores (id INTEGER PRIMARY KEY, title TEXT)")
    conn.commit()
    conn.close()
    with fast(path) as st:
        assert st.notice_key == "storage.damaged" and st.moved_to is not None
        st.add_score(entry())
        assert len(st.top_scores("dice_slayer")) == 1


# --- fault 4: seeds outside SQLite's integers -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**63, 2**63 - 1, -(2**63), -(2**63) - 1, 10**30, -(10**30), 0, None])
def test_any_seed_is_saved_and_read_back(tmp_path, seed):
    path = tmp_path / DB_NAME
    with fast(path) as st:
        st.add_score(entry(seed=seed))
    with fast(path) as st:
        (top,) = st.top_scores("dice_slayer")
        assert top.seed == seed and (seed is None or type(top.seed) is int)


def test_huge_numbers_never_overflow(tmp_path):
    with fast(tmp_path / DB_NAME) as st:
        st.add_score(entry(score=2**70, rounds=2**64))
        assert st.rank_of("dice_slayer", 2**80, -(2**80)) == 1
        assert st.qualifies("dice_slayer", 2**80, 1)
        st.record_game("hexa", "win", 2**65, {"score": 2**70}, "{}")
        assert st.finished_games("hexa")[0]["rounds"] == 2**63 - 1


# --- fault 5: control characters and hostile rows -------------------------------------------------------------


def test_names_are_cleaned_on_the_way_in(tmp_path):
    with fast(tmp_path / DB_NAME) as st:
        st.add_score(entry(name="A\x00B\x1b[31m\u202eC\n"))
        st.set_setting("player_name", "Na\x00me\x07")
        assert st.top_scores("dice_slayer")[0].name == "AB[31mC"
        assert st.get_setting("player_name") == "Name"
        raw = st._conn.execute("SELECT name FROM scores").fetchone()[0]
        assert raw == "AB[31mC"


def test_names_are_cleaned_on_the_way_out(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE scores SET name = 'Ev' || char(0) || 'il' || char(0, 7) || 'x',"
                 " played_at = '2026' || char(0) || '-01'")
    conn.execute("UPDATE settings SET value = '\"j\\u0000a\"' WHERE key = 'language'")
    conn.execute("INSERT INTO settings VALUES ('player_name', '\"P\\u0000\\ud800\\u0007Q\"')")
    conn.commit()
    conn.close()
    with fast(path) as st:
        top = st.top_scores("dice_slayer")[0]
        assert top.name == "Evilx" and "\x00" not in top.played_at
        assert st.get_setting("player_name") == "PQ"
        assert st.get_setting("language") == "ja"
        assert all("\x00" not in str(v) for v in st.all_settings().values())


HOSTILE_DETAILS = ['{"levels":5}', '{"scores":[]}', '{"human_share":"x"}', '{"levels":[null,{}]}',
                   '{"scores":["a"]}', '{"score":"many"}', '{"human_share":7}', '[1,2]', 'not json', '{"levels":"ab"}']


def test_hostile_game_rows_are_skipped_and_counted(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    conn = sqlite3.connect(path)
    for details in HOSTILE_DETAILS:
        conn.execute("INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
                     " VALUES ('hexa', '2026-01-01', 'win', 3, ?, '{}')", (details,))
    conn.execute("INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
                 " VALUES ('hexa', '2026-01-01', 'win', 'three', '{}', '{}')")
    conn.execute("INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
                 " VALUES ('hexa', '2026-01-01', 'maybe', 3, '{}', '{}')")
    conn.commit()
    conn.close()
    with fast(path) as st:
        games = st.finished_games("hexa")
        assert len(games) == 1 and st.last_skipped == len(HOSTILE_DETAILS) + 2
        assert games[0]["details"]["levels"] == ["you", "easy"]
        assert st.game_counts("hexa") == {"win": 1}  # the same checked games
        assert st.last_skipped == len(HOSTILE_DETAILS) + 2


def test_hostile_score_rows_are_skipped_and_counted(tmp_path):
    path = tmp_path / DB_NAME
    healthy(path)
    conn = sqlite3.connect(path)
    bad = [("score", "'lots'"), ("rounds", "'x'"), ("seed", "'seven'"), ("seed", "1.5"), ("played_at", "x'00'"),
           ("score", "2.5"), ("tiebreak", "x'00'"), ("name", "x'4142'")]
    for column, value in bad:
        conn.execute("INSERT INTO scores (title, name, score, rounds, played_at, seed, rules_version, details,"
                     " replay) VALUES ('dice_slayer', 'B', 1, 1, '2026', 1, 'v', '{}', '{}')")
        conn.execute(f"UPDATE scores SET {column} = {value} WHERE id = last_insert_rowid()")
    conn.execute("INSERT INTO scores (title, name, score, rounds, played_at, seed, rules_version, details,"
                 " replay) VALUES ('dice_slayer', 'D', 1, 1, '2026', 1, 'v', '[5]', '{}')")
    conn.commit()
    conn.close()
    with fast(path) as st:
        entries = st.top_scores("dice_slayer", limit=50)
        assert [e.name for e in entries] == ["Old", "D"] and st.last_skipped == len(bad)
        assert entries[1].details == {}  # details that are not an object read as none



def test_stats_screen_skips_hostile_rows_and_says_how_many(tmp_path, app):
    from game.app.stats_scene import StatsScene, table_rows

    path = tmp_path / DB_NAME
    with Storage(path) as st:
        st.record_game("shinobazu", "win", 9, {"levels": ["you", "easy", "hard"], "human_share": 0.5,
                                               "scores": [3, 5, 8]}, "{}")
    conn = sqlite3.connect(path)
    for details in HOSTILE_DETAILS:
        conn.execute("INSERT INTO games (title, played_at, outcome, rounds, details, replay)"
                     " VALUES ('shinobazu', '2026-01-01', 'win', 3, ?, '{}')", (details,))
    conn.commit()
    conn.close()
    with fast(path) as st:
        rows, skipped = table_rows(st)
        assert [row[2:] for row in rows] == [(1, 0.5, 3.0)] and skipped == len(HOSTILE_DETAILS)
        app.storage.close()
        app.storage = st
        scene = StatsScene(app)
        assert scene.skipped == len(HOSTILE_DETAILS)
        scene.draw(app.screen, 0.0)


def test_screens_survive_nul_names_and_save_a_huge_seed(app, tmp_path):
    """The menu, the high-score tables and Dice Slayer's game over, drawn over NUL names; then a score saved with a
    seed past SQLite's integers."""
    import random

    import pygame

    from game.app.app import STEP
    from game.app.highscores import HighScoresScene
    from game.app.menu import TitleMenuScene
    from game.app.name_entry import SETTLE_S
    from game.core import chance
    from game.titles import registry
    from game.titles.dice_slayer.game_over import GameOverScene
    from game.titles.dice_slayer.rules import new_state

    conn = sqlite3.connect(app.storage.path)
    for title, board in [("dice_slayer", "score"), ("dice_combat", "fastest"), ("dice_combat", "streak")]:
        conn.execute("INSERT INTO scores (title, board, name, score, rounds, played_at, seed, rules_version, details,"
                     " replay) VALUES (?, ?, 'N' || char(0) || 'UL', 5, 3, '2026' || char(0), 1, 'v',"
                     " '{\"games\": \"a\\u0000b\"}', '{}')", (title, board))
    conn.execute("INSERT INTO settings VALUES ('player_name', '\"Ao\\u0000i\"')")
    conn.commit()
    conn.close()
    for scene in [TitleMenuScene(app)] + [HighScoresScene(app, slug, board=board)
                                          for slug in ("dice_slayer", "dice_combat")
                                          for board in registry.get(slug).score_boards]:
        scene.draw(app.screen, 0.0)
    def seeded_game(seed: int):
        """A finished game whose chance comes from `seed` (as the app plays it), decisions at random."""
        state, rng = new_state(), random.Random(0)
        while not state.is_terminal():
            state.apply(chance.outcome(state, seed) if state.is_chance_node() else rng.choice(state.legal_actions()))
        return state

    seed = next(n for n in range(2**64, 2**64 + 100) if seeded_game(n).score > 5)
    app.stack.push(GameOverScene(app, seeded_game(seed), seed))
    app.tick(STEP)
    assert app.stack.top.field.text == "Aoi"
    for _ in range(int(SETTLE_S / STEP) + 1):  # keys in the entry's first SETTLE_S were meant for the game
        app.tick(STEP)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.tick(STEP)
    best = app.storage.top_scores("dice_slayer")[0]
    assert (best.name, best.seed) == ("Aoi", seed)

# --- fault 6: folders and the window, from the command line ---------------------------------------------------


@pytest.mark.parametrize("home", ["file", "under_a_file"])
def test_unusable_asobiba_home_is_a_message_and_status_2(tmp_path, monkeypatch, capsys, home):
    from game.app.main import main

    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    monkeypatch.setenv("ASOBIBA_HOME", str(blocker if home == "file" else blocker / "sub"))
    assert main(["--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "ASOBIBA_HOME=" in err and "Traceback" not in err
    assert ("is a file" if home == "file" else "cannot be created") in err


def test_unusable_default_folder_runs_from_memory(tmp_path, monkeypatch):
    import platformdirs

    from game.app.main import check_folders, parse_args

    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    monkeypatch.delenv("ASOBIBA_HOME")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(blocker / "asobiba"))
    assert check_folders(parse_args([])) is None  # not the player's choice: no reason to stop
    with Storage(patience=FAST) as st:
        assert st.notice_key == "storage.unavailable"
        st.set_setting("language", "ja")
        assert st.get_setting("language") == "ja"


def test_screenshot_into_a_missing_folder_is_a_message_and_status_2(tmp_path, capsys):
    from game.app.main import main

    assert main(["--headless", "--frames", "1", "--screenshot", str(tmp_path / "nope" / "shot.png")]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err


def test_unavailable_video_driver_is_a_message_and_status_2(monkeypatch, capsys):
    from game.app.main import main

    monkeypatch.setenv("SDL_VIDEODRIVER", "nonexistent")
    assert main(["--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot open a window" in err and "SDL_VIDEODRIVER" in err and "Traceback" not in err


# --- fault 8: one top-level handler writes a crash report -----------------------------------------------------


def _crash_after(monkeypatch, frames: int, error: BaseException) -> None:
    from game.app.app import App

    real_tick = App.tick
    seen = []

    def tick(self, lag):
        seen.append(1)
        if len(seen) > frames:
            raise error
        return real_tick(self, lag)

    monkeypatch.setattr(App, "tick", tick)


def test_a_crash_writes_a_report_and_says_where(tmp_path, monkeypatch, capsys):
    from game.app.main import main

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    _crash_after(monkeypatch, 3, RuntimeError("boom in the loop"))
    assert main(["--headless", "--title", "dice_slayer", "--seed", "3", "--frames", "50"]) == 1
    (report,) = tmp_path.glob("crash-*.txt")
    text = report.read_text(encoding="utf-8")
    assert "RuntimeError: boom in the loop" in text and "Traceback" in text
    assert "python: " in text and "pygame: " in text and "sqlite: " in text and "sdl: " in text
    assert "scene stack (bottom first): " in text and "Scene" in text.split("scene stack (bottom first): ")[1]
    err = capsys.readouterr().err
    assert str(report) in err and "boom in the loop" in err


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)])
def test_the_handler_does_not_hide_interrupts(tmp_path, monkeypatch, error):
    from game.app.main import main

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    _crash_after(monkeypatch, 1, error)
    with pytest.raises(type(error)):
        main(["--headless", "--frames", "5"])
    assert list(tmp_path.glob("crash-*.txt")) == []


def test_crash_report_falls_back_to_the_temporary_folder(tmp_path, monkeypatch):
    from game.app import crash

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path / "file"))
    (tmp_path / "file").write_text("x")
    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(tmp_path))
    try:
        raise ValueError("x")
    except ValueError as exc:
        path = crash.write_report(crash.report_text(exc))
    assert path is not None and path.parent == tmp_path and "ValueError: x" in path.read_text(encoding="utf-8")


# --- the fault-injection run (tools/storage_faults.py), one round -----------------------------------------------


def test_fault_injection_run_has_no_failures():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "storage_faults", Path(__file__).resolve().parents[1] / "tools" / "storage_faults.py")
    tool = importlib.util.module_from_spec(spec)
    sys.modules["storage_faults"] = tool  # dataclasses look their module up while the class is made
    spec.loader.exec_module(tool)
    shm = Path("/dev/shm")  # a RAM folder where there is one: the run's many commits cost no disk syncs
    outcomes = tool.run(rounds=1, base=shm if shm.is_dir() and os.access(shm, os.W_OK) else None)
    result = tool.summary(outcomes)
    assert result["faults"] + len(result["skipped"]) == len(tool.FAULTS) >= 20
    assert result["calls"] >= 20 * result["faults"]
    assert result["failures"] == 0, result["details"]
