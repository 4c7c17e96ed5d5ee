"""Storage, settings and data directory: schema versions, damaged files, rankings, settings fallbacks."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from game.services import storage as storage_mod
from game.services.paths import data_dir
from game.services.settings import ANIM_SPEEDS, Settings, load_settings, save_settings
from game.services.storage import DB_NAME, SCHEMA_VERSION, ScoreEntry, Storage


def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def entry(
    score: int,
    rounds: int,
    played_at: str = "2026-01-01T10:00:00",
    *,
    title: str = "dice_slayer",
    name: str = "P",
    board: str = "score",
) -> ScoreEntry:
    return ScoreEntry(title, name, score, rounds, played_at, 7, "dice_slayer/1", {"clears": 2}, "{}", board)


def damaged_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if ".damaged-" in p.name)


# --- data directory and creation ---


def test_data_dir_honours_env(tmp_path, monkeypatch):
    home = tmp_path / "nested" / "home"
    monkeypatch.setenv("ASOBIBA_HOME", str(home))
    assert data_dir() == home
    assert home.is_dir()


def test_data_dir_empty_env_uses_platform_default(tmp_path, monkeypatch):
    monkeypatch.setenv("ASOBIBA_HOME", "")
    import platformdirs

    fake = tmp_path / "platform"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(fake))
    assert data_dir() == fake
    assert fake.is_dir()


def test_data_dir_that_cannot_be_used_says_why(tmp_path, monkeypatch):
    from game.services.paths import DataDirError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("ASOBIBA_HOME", str(blocker))
    with pytest.raises(DataDirError, match="is a file"):
        data_dir()
    monkeypatch.setenv("ASOBIBA_HOME", str(blocker / "sub"))
    with pytest.raises(DataDirError, match="cannot be created"):
        data_dir()


def test_default_storage_lives_in_asobiba_home(tmp_path, monkeypatch):
    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    with Storage() as st:
        st.set_setting("x", 1)
        assert st.path == tmp_path / DB_NAME
    assert (tmp_path / DB_NAME).is_file()
    assert user_version(tmp_path / DB_NAME) == SCHEMA_VERSION


def test_fresh_database(tmp_path):
    path = tmp_path / "sub" / "a.sqlite3"
    with Storage(path) as st:
        assert st.notice is None and st.notice_key is None and st.moved_to is None
        assert st.top_scores("dice_slayer") == []
        assert st.all_settings() == {}
    assert SCHEMA_VERSION == 3
    assert user_version(path) == SCHEMA_VERSION
    assert {"settings", "scores", "games"} <= tables(path)


def test_reopen_keeps_settings_and_scores(tmp_path):
    path = tmp_path / "a.sqlite3"
    with Storage(path) as st:
        st.set_setting("language", "ja")
        st.set_setting("nested", {"a": [1, 2, "三"]})
        new_id = st.add_score(entry(120, 9))
    with Storage(path) as st:
        assert st.notice is None
        assert st.get_setting("language") == "ja"
        assert st.get_setting("nested") == {"a": [1, 2, "三"]}
        assert st.all_settings() == {"language": "ja", "nested": {"a": [1, 2, "三"]}}
        (top,) = st.top_scores("dice_slayer")
        assert top == ScoreEntry(
            "dice_slayer",
            "P",
            120,
            9,
            "2026-01-01T10:00:00",
            7,
            "dice_slayer/1",
            {"clears": 2},
            "{}",
            "score",
            0,
            new_id,
        )


# --- migrations ---


def test_migrates_empty_file(tmp_path):
    path = tmp_path / "a.sqlite3"
    path.write_bytes(b"")
    with Storage(path) as st:
        assert st.notice is None
        st.add_score(entry(5, 1))
        assert len(st.top_scores("dice_slayer")) == 1
    assert user_version(path) == SCHEMA_VERSION


def test_migrates_version0_with_unrelated_table(tmp_path):
    path = tmp_path / "a.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()
    with Storage(path) as st:
        assert st.notice is None
        st.set_setting("k", True)
    assert user_version(path) == SCHEMA_VERSION
    assert {"notes", "settings", "scores"} <= tables(path)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT body FROM notes").fetchall() == [("keep me",)]
    conn.close()


def test_added_migration_runs_on_reopen(tmp_path, monkeypatch):
    path = tmp_path / "a.sqlite3"
    with Storage(path) as st:
        st.add_score(entry(10, 2))
    extra = "ALTER TABLE scores ADD COLUMN flag INTEGER NOT NULL DEFAULT 3;"
    monkeypatch.setattr(storage_mod, "MIGRATIONS", [*storage_mod.MIGRATIONS, extra])
    monkeypatch.setattr(storage_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Storage(path) as st:
        assert st.notice is None
        assert [e.score for e in st.top_scores("dice_slayer")] == [10]
    assert user_version(path) == SCHEMA_VERSION + 1
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT flag FROM scores").fetchall() == [(3,)]
    conn.close()


def test_failed_migration_rolls_back_and_keeps_file(tmp_path, monkeypatch):
    path = tmp_path / "a.sqlite3"
    with Storage(path) as st:
        st.add_score(entry(10, 2))

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("boom")

    monkeypatch.setattr(storage_mod, "MIGRATIONS", [*storage_mod.MIGRATIONS, broken])
    monkeypatch.setattr(storage_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Storage(path) as st:
        assert st.notice_key == "storage.unavailable"  # even a fresh file cannot be migrated
        st.set_setting("still", "works")  # in-memory fallback
        assert st.get_setting("still") == "works"
        kept = st.moved_to
    assert kept is not None and kept.exists()
    assert user_version(kept) == SCHEMA_VERSION
    assert "half_done" not in tables(kept)


def test_migrate_is_one_transaction(monkeypatch):
    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("boom")

    conn = sqlite3.connect(":memory:", isolation_level=None)
    real = list(storage_mod.MIGRATIONS)
    for number in range(len(real)):
        storage_mod._migrate(conn, number)
    monkeypatch.setattr(storage_mod, "MIGRATIONS", [*real, broken])
    with pytest.raises(sqlite3.OperationalError):
        storage_mod._migrate(conn, len(real))
    assert not conn.in_transaction
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(real)
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchall() == []
    monkeypatch.setattr(storage_mod, "MIGRATIONS", [*real, "CREATE TABLE t (x);", "oops;"])
    storage_mod._migrate(conn, len(real))
    with pytest.raises(sqlite3.OperationalError):
        storage_mod._migrate(conn, len(real) + 1)
    assert not conn.in_transaction
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(real) + 1
    conn.close()


# --- damaged and too-new files ---


@pytest.mark.parametrize("make_bad", ["garbage", "truncated"])
def test_damaged_file_is_moved_aside(tmp_path, make_bad):
    path = tmp_path / DB_NAME
    if make_bad == "garbage":
        bad = bytes(range(256)) * 40
    else:
        with Storage(path) as st:
            for i in range(300):
                st.add_score(entry(i + 1, i, name="x" * 200))
        bad = path.read_bytes()[:5000]
        assert len(path.read_bytes()) > 5000
    path.write_bytes(bad)
    wal = Path(f"{path}-wal")
    wal.write_bytes(b"old wal")
    with Storage(path) as st:
        assert st.notice_key == "storage.damaged"
        assert st.moved_to is not None and st.moved_to.parent == tmp_path
        assert st.moved_to.name.startswith(f"{DB_NAME}.damaged-")
        assert st.moved_to.name in st.notice
        assert st.moved_to.read_bytes() == bad
        assert not wal.exists()  # sqlite drops an invalid -wal on close; it must not sit by the fresh file
        st.add_score(entry(3, 1))
        assert [e.score for e in st.top_scores("dice_slayer")] == [3]
    assert user_version(path) == SCHEMA_VERSION
    with Storage(path) as st:
        assert st.notice is None
        assert [e.score for e in st.top_scores("dice_slayer")] == [3]


def test_move_aside_takes_companions(tmp_path):
    path = tmp_path / DB_NAME
    path.write_bytes(b"main")
    Path(f"{path}-wal").write_bytes(b"wal")
    Path(f"{path}-journal").write_bytes(b"journal")
    moved = storage_mod._move_aside(path)
    assert moved.name.startswith(f"{DB_NAME}.damaged-") and len(moved.name) == len(DB_NAME) + 24
    assert moved.read_bytes() == b"main"
    assert Path(f"{moved}-wal").read_bytes() == b"wal"
    assert Path(f"{moved}-journal").read_bytes() == b"journal"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [moved.name, f"{moved.name}-wal", f"{moved.name}-journal"]
    )


def test_integrity_check_failure_is_damaged(tmp_path, monkeypatch):
    path = tmp_path / DB_NAME
    with Storage(path) as st:
        st.set_setting("a", 1)
    original = path.read_bytes()
    real_connect = sqlite3.connect

    class Lying:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if sql.startswith("PRAGMA integrity_check"):
                return self.conn.execute("SELECT '*** in database main *** Page 3: btree bad'")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    calls = []

    def connect(*args, **kwargs):
        calls.append(args[0])
        conn = real_connect(*args, **kwargs)
        return Lying(conn) if len(calls) == 1 else conn

    monkeypatch.setattr(storage_mod.sqlite3, "connect", connect)
    with Storage(path) as st:
        assert st.notice_key == "storage.damaged"
        assert st.moved_to.read_bytes() == original
        assert st.get_setting("a") is None


def test_too_new_file_is_moved_aside(tmp_path):
    path = tmp_path / DB_NAME
    with Storage(path) as st:
        st.set_setting("a", 1)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    with Storage(path) as st:
        assert st.notice_key == "storage.too_new"
        assert "newer" in st.notice and st.moved_to.name in st.notice
        assert st.moved_to.read_bytes() == original
        assert user_version(st.moved_to) == SCHEMA_VERSION + 5
        assert st.get_setting("a") is None
    assert user_version(path) == SCHEMA_VERSION


def test_two_damaged_files_in_same_second_both_kept(tmp_path):
    path = tmp_path / DB_NAME
    path.write_bytes(b"first garbage" * 100)
    Storage(path).close()
    path.write_bytes(b"second garbage" * 100)
    with Storage(path) as st:
        assert st.notice_key == "storage.damaged"
    kept = {p.read_bytes() for p in damaged_files(tmp_path)}
    assert kept == {b"first garbage" * 100, b"second garbage" * 100}


def test_unopenable_path_falls_back_to_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with Storage(blocker / "a.sqlite3") as st:
        assert st.notice_key == "storage.unavailable"
        st.add_score(entry(4, 1))
        assert st.rank_of("dice_slayer", 4, 1) == 2


# --- settings values ---


def test_setting_values_and_bad_json(tmp_path):
    path = tmp_path / "a.sqlite3"
    with Storage(path) as st:
        assert st.get_setting("missing", "dflt") == "dflt"
        st.set_setting("v", 1)
        st.set_setting("v", [1, 2])
        assert st.get_setting("v") == [1, 2]
        st.set_setting("none", None)
        assert st.get_setting("none", "dflt") is None
        st._conn.execute("INSERT INTO settings VALUES ('broken', '{not json')")
        assert st.get_setting("broken", 42) == 42
        assert st.all_settings() == {"v": [1, 2], "none": None}


# --- rankings ---


def test_top_scores_order(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        st.add_score(entry(50, 10, "2026-01-03T00:00:00", name="late"))
        st.add_score(entry(50, 10, "2026-01-01T00:00:00", name="early"))
        st.add_score(entry(50, 8, "2026-01-05T00:00:00", name="fewer"))
        st.add_score(entry(70, 20, "2026-01-09T00:00:00", name="best"))
        st.add_score(entry(10, 1, "2026-01-01T00:00:00", name="low"))
        st.add_score(entry(999, 1, name="other board", board="clears"))
        st.add_score(entry(999, 1, name="other title", title="dice_combat"))
        names = [e.name for e in st.top_scores("dice_slayer")]
        assert names == ["best", "fewer", "early", "late", "low"]
        assert [e.name for e in st.top_scores("dice_slayer", limit=2)] == ["best", "fewer"]
        assert [e.name for e in st.top_scores("dice_slayer", board="clears")] == ["other board"]
        assert [e.board for e in st.top_scores("dice_slayer", board="clears")] == ["clears"]


def test_rank_of_and_qualifies(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        assert st.rank_of("dice_slayer", 5, 3) == 1
        assert st.qualifies("dice_slayer", 5, 3)
        assert not st.qualifies("dice_slayer", 0, 3)  # 0 never qualifies, even on an empty board
        for i in range(10):
            st.add_score(entry(100 - i * 10, 5, f"2026-01-{i + 1:02d}T00:00:00"))  # 100, 90, ..., 10
        assert st.rank_of("dice_slayer", 200, 99) == 1
        assert st.rank_of("dice_slayer", 90, 5) == 3  # ties go after existing equal entries
        assert st.rank_of("dice_slayer", 90, 4) == 2  # fewer rounds beats an equal score
        assert st.rank_of("dice_slayer", 90, 6) == 3
        assert st.rank_of("dice_slayer", 10, 5) == 11
        assert st.rank_of("dice_slayer", 10, 4) == 10
        assert st.rank_of("dice_slayer", 5, 1) == 11
        assert st.qualifies("dice_slayer", 11, 50)
        assert st.qualifies("dice_slayer", 10, 4)
        assert not st.qualifies("dice_slayer", 10, 5)
        assert not st.qualifies("dice_slayer", 9, 1)
        assert st.qualifies("dice_slayer", 9, 1, limit=11)
        assert st.qualifies("dice_slayer", 1, 1, board="clears")
        assert st.rank_of("dice_combat", 1, 1) == 1


# --- Settings ---


def test_settings_defaults_and_round_trip(tmp_path):
    path = tmp_path / "a.sqlite3"
    with Storage(path) as st:
        assert load_settings(st) == Settings()
        chosen = Settings(language="ja", volume=0.25, muted=True, fullscreen=True, anim_speed="fast")
        save_settings(st, chosen)
    with Storage(path) as st:
        loaded = load_settings(st)
        assert loaded == chosen
        assert loaded.speed_factor() == 1.8
        assert st.get_setting("volume") == 0.25


def test_speed_factor_for_each_speed():
    assert ANIM_SPEEDS == {"slow": 0.6, "normal": 1.0, "fast": 1.8}
    assert [Settings(anim_speed=s).speed_factor() for s in ("slow", "normal", "fast")] == [0.6, 1.0, 1.8]


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("language", "fr"),
        ("language", 1),
        ("language", ["en"]),
        ("language", None),
        ("volume", 1.5),
        ("volume", -0.1),
        ("volume", "0.5"),
        ("volume", True),
        ("volume", None),
        ("muted", "yes"),
        ("muted", 1),
        ("fullscreen", 0),
        ("fullscreen", "true"),
        ("anim_speed", "instant"),
        ("anim_speed", ["fast"]),
        ("anim_speed", {"a": 1}),
    ],
)
def test_bad_setting_falls_back_per_field(tmp_path, key, bad):
    with Storage(tmp_path / "a.sqlite3") as st:
        good = Settings(language="ja", volume=0.3, muted=True, fullscreen=True, anim_speed="slow")
        save_settings(st, good)
        st.set_setting(key, bad)
        loaded = load_settings(st)
        expected = {**vars(good), key: getattr(Settings(), key)}
        assert vars(loaded) == expected


def test_settings_undecodable_and_odd_numbers(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        st._conn.execute("INSERT INTO settings VALUES ('language', '\"ja')")
        st._conn.execute("INSERT INTO settings VALUES ('volume', 'NaN')")
        st.set_setting("muted", True)
        loaded = load_settings(st)
        assert loaded == Settings(muted=True)
        st.set_setting("volume", 1)
        assert load_settings(st).volume == 1.0 and isinstance(load_settings(st).volume, float)
        st._conn.execute("UPDATE settings SET value = 'Infinity' WHERE key = 'volume'")
        assert load_settings(st).volume == 0.8


def test_storage_module_has_no_pygame_import():
    root = Path(storage_mod.__file__).parent
    for name in ("paths.py", "storage.py", "settings.py"):
        assert "pygame" not in (root / name).read_text(encoding="utf-8"), name
    assert os.sep not in DB_NAME


# --- schema v2: tiebreaks, rounds-ranked boards, finished games ---


def test_v1_file_is_migrated_to_the_current_version_keeping_its_scores(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    storage_mod._migrate(conn, 0)
    conn.execute(
        "INSERT INTO scores (title, name, score, rounds, played_at, seed, rules_version, details, replay)"
        " VALUES ('dice_slayer', 'Old', 33, 12, '2026-01-01T00:00:00', 1, 'dice_slayer/1', '{}', '{}')"
    )
    conn.close()
    assert user_version(path) == 1
    with Storage(path) as st:
        assert st.notice is None
        (old,) = st.top_scores("dice_slayer")
        assert (old.name, old.score, old.rounds, old.tiebreak) == ("Old", 33, 12, 0)
        st.record_game("dice_slayer", "end", 12, {"score": 33}, "{}")
    assert user_version(path) == SCHEMA_VERSION


def test_rounds_board_ranks_fewest_rounds_then_tiebreak(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        for name, rounds, damage in [("slow", 9, 0), ("fast", 4, 2), ("faster", 4, 1), ("quick", 5, 0)]:
            st.add_score(ScoreEntry("dice_combat", name, 0, rounds, "2026-01-01T00:00:00", 1, "dice_combat/1",
                                    {}, "{}", board="fastest", tiebreak=damage))
        assert [e.name for e in st.top_scores("dice_combat", board="fastest")] == ["faster", "fast", "quick", "slow"]
        assert st.rank_of("dice_combat", 0, 4, board="fastest", tiebreak=0) == 1
        assert st.rank_of("dice_combat", 0, 4, board="fastest", tiebreak=2) == 3
        assert st.qualifies("dice_combat", 0, 30, board="fastest")  # a win always counts on a short board
        assert not st.qualifies("dice_combat", 0, 30, board="fastest", limit=4)


def test_score_board_breaks_ties_by_tiebreak(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        for name, tb in [("b", 5), ("a", 2)]:
            st.add_score(ScoreEntry("dice_combat", name, 3, 20, "2026-01-01T00:00:00", 1, "dice_combat/1", {},
                                    "{}", board="streak", tiebreak=tb))
        assert [e.name for e in st.top_scores("dice_combat", board="streak")] == ["a", "b"]
        assert st.rank_of("dice_combat", 3, 20, board="streak", tiebreak=3) == 2


def test_finished_games_are_counted_by_outcome(tmp_path):
    with Storage(tmp_path / "a.sqlite3") as st:
        for outcome in ("win", "loss", "win"):
            st.record_game("dice_combat", outcome, 7, {"damage": 1}, "{}")
        st.record_game("dice_slayer", "end", 30, {}, "{}")
        assert st.game_counts("dice_combat") == {"win": 2, "loss": 1}
        assert st.game_counts("hexa") == {}


def test_the_coachs_advice_is_kept_per_game_position_and_engine(tmp_path):
    with Storage(tmp_path / DB_NAME) as storage:
        storage.keep_advice(7, 12, "hard:1600", {"measure": "win", "choices": [{"action": "keep", "value": 0.4}]})
        storage.keep_advice(7, 12, "hard:1600", {"measure": "win", "choices": [{"action": "swap", "value": 0.5}]})
        storage.keep_advice(7, 30, "hard:1600", {"measure": "win", "choices": []})
        storage.keep_advice(7, 12, "hard:400", {"measure": "win", "choices": []})
        storage.flush()
    with Storage(tmp_path / DB_NAME) as storage:
        kept = storage.advice_for(7, "hard:1600")
        assert sorted(kept) == [12, 30] and kept[12]["choices"][0]["action"] == "swap"
        assert storage.advice_for(8, "hard:1600") == {} and list(storage.advice_for(7, "hard:400")) == [12]


# --- the write-ahead log while the game runs ---


def journal_mode(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


def test_writes_go_ahead_in_a_log_and_the_file_is_plain_again_after_close(tmp_path):
    path = tmp_path / DB_NAME
    with Storage(path) as st:
        st.set_setting("save", {"moves": list(range(50))})
        assert st._file.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert st._file.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: no sync on every commit
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    assert journal_mode(path) == "delete"
    with Storage(path) as st:
        assert st.get_setting("save") == {"moves": list(range(50))}


def test_a_write_survives_the_game_being_killed(tmp_path):
    """The log is not synced on each commit, but a commit is in it: a killed game (no close) loses nothing."""
    import subprocess
    import sys

    path = tmp_path / DB_NAME
    script = ("import os, sys; from game.services.storage import Storage; st = Storage(sys.argv[1]); "
              "st.set_setting('save', [1, 2, 3]); os.kill(os.getpid(), 9)")
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=Path(__file__).parent.parent)
    assert done.returncode == -9
    assert Path(f"{path}-wal").exists()  # killed while the log held the write
    with Storage(path) as st:
        assert st.notice_key is None
        assert st.get_setting("save") == [1, 2, 3]
