"""Test set-up: no window, no sound device, and never the player's own data directory."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["ASOBIBA_HOME"] = tempfile.mkdtemp(prefix="asobiba-tests-")

import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path):
    """A headless App with its own fresh storage."""
    from game.app.app import App
    from game.services.storage import Storage

    application = App(headless=True, storage=Storage(tmp_path / "test.sqlite3"))
    yield application
    application.close()
