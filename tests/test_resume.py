"""Nothing is lost: every game is kept after every action and continues from the same position after a restart,
a kill -9 or a crash; the menu offers Continue and asks before a new game replaces an unfinished one."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app import saves
from game.app.app import STEP, App
from game.app.setup import GameSetup, start_scene
from game.services.storage import Storage
from game.titles import registry

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "titles"
TABLE = [spec for spec in registry.TITLES.values() if not spec.solo]
GUARD_S = 90.0  # only a guard against a hang: no assertion depends on timing


def setup_of(spec, seed: int = 5) -> GameSetup:
    players = min(spec.max_players, 4) if not spec.solo else 1
    return GameSetup(spec.slug, ["easy"] * (players - 1), seed=seed, options=spec.default_options())


def play(app: App, scene, actions: int, frames: int = 20_000) -> None:
    """Tick the app until the scene's game has `actions` actions (the computer plays every seat)."""
    app.change_settings(anim_speed="fast")
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    for _ in range(frames):
        if len(scene.state.history) >= actions or scene.state.is_terminal():
            return
        app.tick(STEP)


def same_position(one, two) -> bool:
    """The same history and, where the title hides anything, the same view for every seat (a title with nothing
    hidden shows its state: the history then fixes the position)."""
    if one.history != two.history:
        return False
    return one.view(0) is one or all(one.view(s) == two.view(s) for s in range(one.num_players))


@pytest.mark.parametrize("spec", TABLE, ids=lambda spec: spec.slug)
def test_a_table_game_continues_after_a_restart(tmp_path, spec):
    path = tmp_path / "a.sqlite3"
    first = App(headless=True, storage=Storage(path))
    scene = start_scene(first, setup_of(spec), autoplay=True)
    play(first, scene, 5)
    assert not scene.state.is_terminal()
    left = scene.state.clone()
    first.close()  # the window closed (a kill is the subprocess test below)
    second = App(headless=True, storage=Storage(path))
    try:
        save = saves.load(second.storage, spec.slug)
        assert save is not None and save.setup.seed == scene.seed
        resumed = start_scene(second, save.setup, autoplay=True, save=save)
        assert same_position(resumed.state, left) and resumed.view == left.view(0)
        play(second, resumed, len(left.history) + 2)
        assert len(resumed.state.history) > len(left.history)  # and it plays on
        second.stack.draw(second.screen, 0.0)
    finally:
        second.close()


def test_a_finished_game_is_no_longer_kept(app, play_to_summary):
    spec = registry.get("high_card")
    scene = start_scene(app, setup_of(spec))
    play_to_summary(scene, 3)
    assert scene.state.is_terminal() and saves.load(app.storage, "high_card") is None


def test_the_menu_demo_keeps_nothing(app):
    setup = setup_of(registry.get("shinobazu"))
    setup.demo = True
    scene = start_scene(app, setup, autoplay=True)
    play(app, scene, 12)
    assert saves.load(app.storage, "shinobazu") is None


def test_a_damaged_save_is_dropped_not_a_crash(app):
    app.storage.set_setting("unfinished.shinobazu", {"format": "asobiba-save/1", "setup": {"slug": "shinobazu"},
                                                      "actions": [1, 2, "x"], "extra": {}})
    app.storage.set_setting("unfinished.kitsune_gaeshi", "garbage")
    assert saves.unfinished(app.storage) == []
    assert app.storage.get_setting("unfinished.shinobazu") is None


def test_the_menu_offers_continue_and_asks_before_a_new_game(app):
    from game.app.menu import TitleMenuScene
    from game.app.overlays import ConfirmScene
    from game.app.setup_scene import GameSetupScene

    spec = registry.get("kitsune_gaeshi")
    scene = start_scene(app, setup_of(spec), autoplay=True)
    play(app, scene, 10)
    kept = list(scene.state.history)
    menu = TitleMenuScene(app)
    app.stack.clear_to(menu)
    app.stack.apply_pending()
    menu.row.focus = menu.titles.index(spec)
    menu._sync_actions()
    assert menu.actions.buttons[0].enabled and menu.actions.focus == 0  # Continue has the focus
    menu.play(spec)  # "Play" on a title with an unfinished game asks first; the default answer keeps it
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmScene)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.stack.apply_pending()
    assert app.stack.top is menu and saves.load(app.storage, spec.slug) is not None
    menu.actions.press(0)  # Continue
    app.stack.apply_pending()
    resumed = app.stack.top
    assert resumed.state.history == kept and len(resumed.log.entries) > 2  # the log is told again
    app.stack.clear_to(menu)
    app.stack.apply_pending()
    menu.play(spec)
    app.stack.apply_pending()
    app.stack.top.confirm()  # "New game": on to the setup screen
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GameSetupScene)


def test_a_title_from_the_command_line_asks_before_replacing_its_unfinished_game(tmp_path):
    """`--title` with a game of that title left unfinished (a playtest started Hexa that way and lost its game
    without a word): the unfinished game comes back with the menu's question over it; keeping it (the default)
    plays on with it, "New game" replaces it."""
    from game.app import main as entry
    from game.app.overlays import ConfirmScene

    spec = registry.get("kitsune_gaeshi")
    path = tmp_path / "a.sqlite3"
    first = App(headless=True, storage=Storage(path))
    scene = start_scene(first, setup_of(spec), autoplay=True)
    play(first, scene, 8)
    kept, actions = list(scene.state.history), saves.load(first.storage, spec.slug).actions
    first.close()
    args = entry.parse_args(["--headless", "--title", spec.slug, "--seed", "3"])
    for answer in ("keep", "new"):
        app = App(headless=True, storage=Storage(path))
        try:
            assert entry.first_scene(app, args) is None  # pushed: the game, and the question over it
            app.stack.apply_pending()
            assert isinstance(app.stack.top, ConfirmScene)
            if answer == "keep":
                app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
                app.stack.apply_pending()
                assert app.stack.top.state.history == kept and saves.load(app.storage, spec.slug).actions == actions
            else:
                app.stack.top.confirm()
                app.stack.apply_pending()
                assert app.stack.top.seed == 3 and len(app.stack.top.state.history) < len(kept)
        finally:
            app.close()


def test_the_app_opens_at_the_game_left_unfinished(tmp_path, monkeypatch):
    """After a close or a crash the menu opens at the unfinished game, Continue lit, and its card says so (a
    playtest restarted, saw Dice Slayer selected and nothing about the game in progress)."""
    import game.app.menu as menu_module
    from game.services.i18n import t

    path = tmp_path / "a.sqlite3"
    first = App(headless=True, storage=Storage(path))
    spec = registry.get("kitsune_gaeshi")
    play(first, start_scene(first, setup_of(spec), autoplay=True), 6)
    first.close()
    second = App(headless=True, storage=Storage(path))
    try:
        menu = menu_module.TitleMenuScene(second)
        second.stack.clear_to(menu)
        second.stack.apply_pending()
        assert menu.focused is spec and menu.actions.focus == 0 and menu.actions.buttons[0].enabled
        drawn: list[str] = []
        real = menu_module.blit
        monkeypatch.setattr(menu_module, "blit", lambda surface, text, *a, **k: drawn.append(text)
                            or real(surface, text, *a, **k))
        menu.draw(second.screen, 0.0)
        assert drawn.count(t("menu.unfinished")) == 1  # on the one title's card
    finally:
        second.close()


def test_a_click_on_settings_keeps_the_title_selected(app):
    from game.app.menu import TitleMenuScene

    menu = TitleMenuScene(app)
    app.stack.clear_to(menu)
    app.stack.apply_pending()
    menu.row.focus = 2
    settings = menu.row.buttons[len(menu.titles)]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=settings.rect.center, button=1))
    app.stack.apply_pending()
    assert app.stack.top is not menu and menu.row.focus == 2 and menu.focused is menu.titles[2]


def test_quitting_asks_and_the_default_stays(app):
    from game.app.menu import TitleMenuScene
    from game.app.overlays import ConfirmScene

    app.stack.clear_to(TitleMenuScene(app))
    app.stack.apply_pending()
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmScene) and app.running
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.stack.apply_pending()
    assert app.running and isinstance(app.stack.top, TitleMenuScene)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.stack.apply_pending()
    app.stack.top.confirm()
    assert not app.running


def test_resume_with_nothing_to_resume_is_a_message_and_status_2(tmp_path, monkeypatch, capsys):
    from game.app.main import main

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    assert main(["--headless", "--resume", "--frames", "1"]) == 2
    assert "no unfinished game" in capsys.readouterr().err


# --- kill -9 and crashes ----------------------------------------------------------------------------------------
def saved_actions(db: Path, slug: str) -> int:
    """How many actions the running game has kept so far (read as another program would)."""
    try:
        with sqlite3.connect(db, timeout=1) as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (f"unfinished.{slug}",)).fetchone()
    except sqlite3.Error:
        return 0
    data = json.loads(row[0]) if row else None
    return len(data["actions"]) if isinstance(data, dict) else 0


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_a_killed_game_continues_from_the_same_position(tmp_path, slug):
    """SIGKILL the real program mid-game, start it again with --resume: the same position, the same view."""
    env = {**os.environ, "ASOBIBA_HOME": str(tmp_path), "ASOBIBA_TITLES_PATH": str(FIXTURES),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    db = tmp_path / "asobiba.sqlite3"
    with Storage(db) as storage:
        storage.set_setting("anim_speed", "slow")
    spec = registry.get(slug)
    command = [sys.executable, str(ROOT / "main.py"), "--headless", "--title", slug, "--seed", "3", "--autoplay"]
    if not spec.solo:
        command += ["--players", str(min(spec.max_players, 4))]
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    give_up = time.monotonic() + GUARD_S
    try:
        while saved_actions(db, slug) < 3 and process.poll() is None and time.monotonic() < give_up:
            time.sleep(0.01)
        assert process.poll() is None, f"the game ended or failed first: {process.stderr.read().decode()}"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
        process.stderr.close()
    app = App(headless=True, storage=Storage(db))
    try:
        save = saves.load(app.storage, slug)
        assert save is not None and len(save.actions) >= 3
        left = save.state()
        scene = start_scene(app, save.setup, autoplay=True, save=save)
        assert same_position(scene.state, left)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        for _ in range(5):
            app.tick(STEP)
    finally:
        app.close()
    again = subprocess.run([sys.executable, str(ROOT / "main.py"), "--headless", "--resume", "--frames", "20"],
                           env=env, cwd=ROOT, capture_output=True, timeout=GUARD_S)
    assert again.returncode == 0, again.stderr.decode()


def test_after_a_crash_the_game_is_still_resumable(tmp_path, monkeypatch, capsys):
    from game.app import main as entry
    from game.app.table_scene import TableScene

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    calls = {"n": 0}
    original = TableScene.apply

    def apply_then_crash(self, action):
        original(self, action)
        calls["n"] += 1
        if calls["n"] == 8:
            raise RuntimeError("a bug in the middle of a game")

    monkeypatch.setattr(TableScene, "apply", apply_then_crash)
    assert entry.main(["--headless", "--title", "shinobazu", "--seed", "9", "--autoplay", "--frames", "20000"]) == 1
    assert "crash" in capsys.readouterr().err
    assert list(tmp_path.glob("crash-*.txt"))
    monkeypatch.setattr(TableScene, "apply", original)
    with Storage(tmp_path / "asobiba.sqlite3") as storage:
        save = saves.load(storage, "shinobazu")
    assert save is not None and len(save.actions) >= 8
    assert entry.main(["--headless", "--resume", "--frames", "30"]) == 0


def test_a_setup_without_options_is_kept_with_the_options_in_play(app):
    """A setup that names no options plays the defaults, and its save says so (and loads)."""
    scene = start_scene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=3), autoplay=True)
    play(app, scene, 6)
    save = saves.load(app.storage, "kitsune_gaeshi")
    assert save is not None and save.setup.options == registry.get("kitsune_gaeshi").default_options()


@pytest.mark.parametrize("chosen", [None, 42])
def test_a_rematch_after_continue_deals_anew_unless_the_player_set_a_seed(app, chosen):
    """A save holds the seed in use (to play the game back); a rematch of a continued game takes the seed as the
    player set it on the setup screen: none deals a new game (found in a playtest: the same deal again)."""
    from game.app.setup import setting_key

    spec = registry.get("hexa")
    app.storage.set_setting(setting_key("hexa"), {**setup_of(spec).to_json(), "seed": chosen})
    scene = start_scene(app, setup_of(spec, seed=777), autoplay=True)
    play(app, scene, 5)
    save = saves.load(app.storage, "hexa")
    resumed = start_scene(app, save.setup, autoplay=True, save=save)
    assert resumed.seed == 777 and resumed.save().setup.seed == 777  # the game itself plays back as it was
    assert resumed.setup.seed == chosen  # what Rematch starts from


def test_the_pause_over_a_finished_game_does_not_say_it_is_kept(app, play_to_summary):
    """Hige-mekuri ends on its own panel at the table: Esc there must not promise a game to continue."""
    from game.app.overlays import PauseScene

    scene = start_scene(app, setup_of(registry.get("hige_mekuri")))
    play_to_summary(scene, 3)  # to its end panel, on the table
    assert scene.over and app.stack.top is scene and not PauseScene(app, "hige_mekuri").kept
    scene.play_again()  # the series goes on: a game going on is kept, and the pause says so
    assert PauseScene(app, "hige_mekuri").kept
