"""What a title's screenshot script (its `shots.py`, `take(shooter)`) drives the real scenes with, headless.

`python tools/screenshots.py out/ [ja]` renders the app's screens and every title's moments to PNG files.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame

from game.app.app import STEP, App
from game.services.storage import Storage


class Shooter:
    """A headless app with its own throw-away storage, and the moves a screenshot script needs."""

    def __init__(self, out: Path, language: str = "en") -> None:
        self.out, self.language = out, language
        out.mkdir(parents=True, exist_ok=True)
        self.app = App(headless=True, storage=Storage(Path(tempfile.mkdtemp()) / "shots.sqlite3"))
        self.app.change_settings(language=language)

    def settle(self, frames: int) -> None:
        for _ in range(frames):
            self.app.tick(STEP)

    def key(self, k: int) -> None:
        self.app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    def text(self, text: str) -> None:
        for ch in text:
            self.app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))

    def shot(self, name: str) -> Path:
        """Save the next frame as `<name>.png` (or `<name>_ja.png` in Japanese) and print its path."""
        self.app.tick(STEP)
        path = self.out / (f"{name}.png" if self.language == "en" else f"{name}_{self.language}.png")
        self.app.screenshot(path)
        print(path)
        return path

    def show(self, scene, frames: int = 2) -> None:
        """Put `scene` alone on the stack and let it start."""
        self.app.stack.clear_to(scene)
        self.settle(frames)

    def follow(self, scene, moment, wanted) -> None:
        """Play a table `scene` a step at a time while it is on show, not over, and pictures are still `wanted`;
        after each step `moment(shooter, scene, wanted)` takes what it can and plays the human's turn; Enter goes on
        from what waits for the player."""
        while wanted and self.app.stack.top is scene and not scene.over:
            self.settle(1)
            moment(self, scene, wanted)
            if scene.awaits_player:  # a result that waits for the player: go on, as the player would
                self.key(pygame.K_RETURN)

    def close(self) -> None:
        self.app.close()
