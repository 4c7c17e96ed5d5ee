"""Test set-up: no window, no sound device, and never the player's own data directory."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["ASOBIBA_HOME"] = tempfile.mkdtemp(prefix="asobiba-tests-")
atexit.register(shutil.rmtree, os.environ["ASOBIBA_HOME"], ignore_errors=True)  # each test process leaves none

import pytest  # noqa: E402

import game.titles  # noqa: E402

# The toy title of tests/fixtures/titles joins the titles folder for the whole run: the registry finds it like any
# other, so the menu, the arena and the generic tests take it with no other edit (tests/test_title_rooms.py).
FIXTURE_TITLES = os.path.join(os.path.dirname(__file__), "fixtures", "titles")
if FIXTURE_TITLES not in game.titles.__path__:
    game.titles.__path__.append(FIXTURE_TITLES)


@pytest.fixture
def app(tmp_path):
    """A headless App with its own fresh storage."""
    from game.app.app import App
    from game.services.storage import Storage

    application = App(headless=True, storage=Storage(tmp_path / "test.sqlite3"))
    yield application
    application.close()


@pytest.fixture
def watched(monkeypatch):
    """(overflows, shown): what left its box, and every string rendered, while the test runs (game.ui.text's seams;
    clear `shown` before a draw to see what that draw showed)."""
    from game.ui import text

    overflows, shown = [], set()
    monkeypatch.setattr(text, "OVERFLOWS", overflows)
    monkeypatch.setattr(text, "SHOWN", shown)
    text.forget()
    return overflows, shown


@pytest.fixture
def brisk(app):
    """The tables animate at 8×, faster than any setting: fewer frames, the same beats in the same order (the
    shortest beat that shows something, 0.25 s, still spans two frames; the shorter ones only play a sound)."""
    app.anim_speed = lambda: 8.0


@pytest.fixture
def quick_bots(app):
    """The app's bots search with a few iterations, whatever their level (tools/monkey.py's `tiny_budget`): for
    tests of what the screens show, where a bot's strength is not what is tested."""
    from test_tools import load_tool

    load_tool("monkey").tiny_budget(app)


@pytest.fixture
def play_to_summary(app, brisk):
    """Push a table scene and play it through the app, the human choosing at random, until the game's end shows
    (or 60,000 frames pass): the shared summary, or a title's own end panel on the table (the scene is `over`);
    returns the scene on top at the end."""
    import random

    import pygame

    from game.app.app import STEP

    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)

    def play(scene, seed: int):
        app.stack.push(scene)
        app.stack.apply_pending()
        rng = random.Random(seed)
        for _ in range(60_000):
            if scene.over:  # finish() has run; a summary it asked for is on top by the end of that tick
                break
            if scene.human_turn():
                scene.choose(rng.choice(list(scene.view.legal)))
            elif scene.awaits_player:  # a result waits for the player to go on
                app.handle(enter)
            app.tick(STEP)
        return app.stack.top

    return play


@pytest.fixture
def table_at(app):
    """A title's table scene shown at `state` (a test position), you at seat 0 against bots of `level`."""
    from game.app.setup import GameSetup

    def seat(scene_class, state, level: str = "normal"):
        scene = scene_class(app, GameSetup(scene_class.title_slug, [level] * (state.n - 1), seed=3))
        scene.state = state
        scene.view = scene.coming = state.view(0)
        app.stack.push(scene)
        app.stack.apply_pending()
        return scene

    return seat
