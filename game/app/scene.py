"""Scenes and the scene stack (after Tuxemon's state.py).

Only the top scene updates and gets input; the scenes below it are paused. Overlays (pause, rules,
settings, notices) are drawn over the scene beneath them. push/pop/replace are queued and applied
between ticks, so a scene never changes the stack under its own feet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app.app import App


class Scene:
    """One screen. Subclasses override what they need."""

    overlay = False          # drawn over the scene below instead of replacing it
    title_slug: str | None = None  # the title whose rules F1 opens
    kept = False  # a game saved after every action (leaving it loses nothing)
    over = False  # the game shown here has ended (nothing left to continue)
    resignable = False  # a game here you may give up (the pause menu offers "Resign": `resign`)

    def __init__(self, app: App) -> None:
        self.app = app

    def resign(self) -> None:
        """Give up the game shown here (only asked when `resignable`)."""

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed or uncovered)."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def language_changed(self) -> None:
        """The language was switched while this scene was on the stack: words it made earlier are made anew."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of `dt` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw; `alpha` is how far we are between the last update and the next (0..1)."""


class KeptHint:
    """A solo game's hint (H), kept as the player left it from one game to the next: off in a demo (which does
    not keep it), never on in the replay theatre (whose coach says more). The scene sets `autoplay`, `watching`
    and `title_slug`, and calls `start_hint` in its constructor."""

    KEY = "hint."  # + the title's slug, in the settings table
    hint_wanted = False

    def start_hint(self, app: App, autoplay: bool) -> None:
        self.hint_wanted = not autoplay and app.storage.get_setting(self.KEY + self.title_slug) is True

    @property
    def hint_on(self) -> bool:
        return self.hint_wanted and not self.watching

    def toggle_hint(self) -> None:
        self.hint_wanted = not self.hint_on
        if not self.watching and not self.autoplay:
            self.app.storage.set_setting(self.KEY + self.title_slug, self.hint_wanted)


class SceneStack:
    """A stack of scenes whose changes are applied between ticks."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: (self._pop(resume=False), self._push(scene)))

    def clear_to(self, scene: Scene) -> None:
        """Leave every scene and start over at `scene` (quit to menu)."""
        def apply() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)
        self._pending.append(apply)

    def apply_pending(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    def _push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if resume and self.scenes:
            self.scenes[-1].enter()

    def handle(self, event: pygame.event.Event) -> None:
        if self.top:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        base = len(self.scenes) - 1
        while base > 0 and self.scenes[base].overlay:
            base -= 1
        for index in range(max(base, 0), len(self.scenes)):
            self.scenes[index].draw(surface, alpha if index == len(self.scenes) - 1 else 0.0)

    def find_title(self) -> str | None:
        """The title slug of the topmost scene that belongs to a title."""
        for scene in reversed(self.scenes):
            if scene.title_slug:
                return scene.title_slug
        return None
