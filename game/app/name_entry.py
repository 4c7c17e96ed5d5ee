"""The name entry of a high-score table, shared by the solo titles' game-over screens: the name field with Save and
Skip buttons, so that the mouse alone can finish it.

Keys (taken from SETTLE_S after it opens: keys pressed before were meant for the game): typing and Backspace edit
the name; Enter presses the focused button (Save, unless Tab moved the focus to Skip); Tab and Shift+Tab move the
focus; Esc asks first: a first Esc says what a second one does, and a second Esc (within ARM_S seconds, with nothing
typed in between) skips. Esc never clears the name silently.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.services.i18n import t
from game.ui import theme
from game.ui.text import blit
from game.ui.tween import pulse
from game.ui.widgets import Button, ButtonRow, TextField

ARM_S = 4.0  # seconds a first Esc waits for the second
REFUSED_S = 4.0  # seconds the note on a character that cannot be shown stays
SETTLE_S = 1.0  # seconds after the entry opens in which keys are not taken: they were meant for the game's last move
SAVE, SKIP = 0, 1


class NameEntry:
    """The field and its two buttons; `on_save` and `on_skip` are the scene's (each ends the entry)."""

    def __init__(self, app, name: str, limit: int, on_save: Callable[[], None], on_skip: Callable[[], None],
                 box: pygame.Rect, buttons_y: int) -> None:
        self.app, self.box = app, box
        self.field = TextField(name, limit)
        self.on_skip = on_skip
        width, gap = 230, 24
        left = theme.WIDTH // 2 - width - gap // 2
        self.row = ButtonRow([
            Button(pygame.Rect(left, buttons_y, width, 56), "", on_save, size=24, primary=True),
            Button(pygame.Rect(left + width + gap, buttons_y, width, 56), "", on_skip, size=24),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.armed_at: float | None = None  # when a first Esc asked for a second
        self.refused_at: float | None = None  # when a typed character the font cannot draw was refused
        self.time = 0.0
        self.opened = 0.0  # when the entry opened (start)

    @property
    def armed(self) -> bool:
        return self.armed_at is not None

    @property
    def text(self) -> str:
        return self.field.text

    @property
    def buttons(self) -> list[Button]:
        return self.row.buttons

    def start(self) -> None:
        self.row.focus, self.armed_at, self.opened = SAVE, None, self.time
        self.field.start(self.box)

    def stop(self) -> None:
        self.field.stop()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.armed_at is not None and self.time - self.armed_at > ARM_S:
            self.armed_at = None
        if self.refused_at is not None and self.time - self.refused_at > REFUSED_S:
            self.refused_at = None

    def handle(self, event: pygame.event.Event) -> None:
        """Take one event (the scene gives every event to the entry while it is open). Keys in its first SETTLE_S
        are not taken: a playtest's dice picks, pressed as the game ended, were typed into the name (and Enter,
        which also picks a die, would have saved it)."""
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING) and self.time - self.opened < SETTLE_S:
            return
        if event.type == pygame.KEYDOWN and self.field.composing:
            return  # Enter, Backspace and Esc are the input method's while it composes
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            self._edited(event)
        elif event.type == pygame.MOUSEMOTION:
            self.row.hover = self.row.index_at(event.pos)  # the mouse lights a button; only Tab moves the focus
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row.index_at(event.pos)
            if index is not None:
                self.armed_at = None
                self.row.press(index)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.armed:
                self.armed_at = None
                self.on_skip()
            else:
                self.armed_at = self.time
                self.app.audio.play("warning")
        elif key == pygame.K_TAB:
            self.armed_at = None
            self.row.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.armed_at = None
            self.row.press(self.row.focus)
        else:
            self._edited(event)

    def _edited(self, event: pygame.event.Event) -> None:
        """Typing or Backspace: the name changes, so Enter means Save again and a first Esc is forgotten. A
        character the font cannot draw is refused with a sound and a note."""
        before = self.field.text
        self.field.handle(event)
        if self.field.refused:
            self.refused_at = self.time
            self.app.audio.play("error")
        if self.field.text != before:
            self.row.focus, self.armed_at = SAVE, None

    def draw(self, surface: pygame.Surface, help_y: int) -> None:
        """The label, the field, the help line (or the second-Esc warning) at `help_y`, and the buttons."""
        box = self.box
        blit(surface, t("over.enter_name"), 24, (box.x - 14, box.centery), theme.INK, anchor="midright")
        self.field.draw(surface, box, pulse(self.time, 0.9) > 0.5)
        full = len(self.field.text) >= self.field.limit  # how much room is left (playtest round 19b: a long name
        blit(surface, f"{len(self.field.text)}/{self.field.limit}", 15,  # stopped at 16 letters without a word)
             (box.right + 10, box.centery), theme.WARN if full else theme.INK_DIM, full, "midleft")
        if self.armed:
            blit(surface, t("over.skip_confirm"), 19, (theme.WIDTH // 2, help_y), theme.WARN, True, "center")
        elif self.refused_at is not None:
            blit(surface, t("over.name_refused"), 19, (theme.WIDTH // 2, help_y), theme.WARN, True, "center")
        else:
            blit(surface, t("over.name_help"), 18, (theme.WIDTH // 2, help_y), theme.INK_DIM, anchor="center")
        for button, key in zip(self.row.buttons, ("over.save", "over.skip"), strict=True):
            button.label = t(key)
        self.row.draw(surface)
