"""The decision panel of a table (issue 22, item 4): the prompt wrapped whole, the buttons under it, notes under them
and a footer line at the foot.

The panel keeps its width and the edge away from its neighbour, the move log. When its content needs more room than
its home size it grows toward the log, which gives way (shows fewer lines), up to `tallest`; past that the type
steps down, and text that still cannot fit is noted for the tests (`game.ui.text.OVERFLOWS`).

`layout` is pure (the scene calls it from `draw`); `place` moves the buttons and the log to it (the scene calls it
whenever the buttons or the prompt change, never from `draw`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.movelog import MoveLog
from game.ui.text import blit, fit, line_height, overflowed, wrap
from game.ui.widgets import Button, ButtonRow, panel

PAD = 12  # above the prompt and below the last line
SIDE = 14  # left and right
GAP = 10  # between the prompt, the buttons and the notes
PROMPT_SIZE = 17
SMALLEST = 13
LOG_KEEPS = 150  # the move log's height when the panel has grown its most


@dataclass(frozen=True)
class Note:
    """A paragraph under the buttons."""

    text: str
    size: int = 15
    color: tuple[int, int, int] = theme.WARN
    bold: bool = False


@dataclass(frozen=True)
class Layout:
    rect: pygame.Rect
    prompt: tuple[str, ...]
    prompt_size: int
    buttons_top: int  # where the first button's top goes
    notes: tuple[tuple[Note, tuple[str, ...], int, int], ...]  # each note, its lines, type size and top
    fits: bool


class ActionPanel:
    """Where a table asks the human: see the module docstring."""

    def __init__(self, home: pygame.Rect, log: MoveLog | None = None, tallest: int | None = None) -> None:
        self.home = pygame.Rect(home)
        self.log = log
        self.log_home = pygame.Rect(log.rect) if log is not None else None
        self.grows_up = log is None or self.log_home.centery < self.home.centery  # toward the log
        if log is None:
            room = self.home.height
        elif self.grows_up:  # from the log's top (less what the log keeps) down to the panel's bottom
            room = self.home.bottom - (self.log_home.top + LOG_KEEPS + GAP)
        else:
            room = self.log_home.bottom - LOG_KEEPS - GAP - self.home.top
        self.tallest = tallest or max(self.home.height, room)

    def layout(self, prompt: str, buttons: list[Button], notes: list[Note] = (), footer: str = "",
               reserve: list[Note] | None = None) -> Layout:
        """Where everything goes. `reserve`: the notes to make room for, when the notes shown change with the mouse
        (the panel must not jump under it); the notes shown by default."""
        width = self.home.width - 2 * SIDE
        span = (max(b.rect.bottom for b in buttons) - min(b.rect.top for b in buttons)) if buttons else 0
        foot = line_height(14) + 4 if footer else 0
        size, note_scale = PROMPT_SIZE, 0
        while True:
            lines = wrap(prompt, size, width, True) if prompt else ()
            needed = self._height(lines, size, span, reserve if reserve is not None else notes, note_scale, width) + foot
            if needed <= self.tallest or size <= SMALLEST:
                break
            size, note_scale = size - 1, note_scale + 1
        height = max(self.home.height, min(needed, self.tallest))
        rect = (pygame.Rect(self.home.x, self.home.bottom - height, self.home.width, height) if self.grows_up
                else pygame.Rect(self.home.x, self.home.y, self.home.width, height))
        y = rect.y + PAD + len(lines) * line_height(size)
        buttons_top = y + GAP
        y = buttons_top + span if buttons else y
        placed = []
        for note in notes:
            note_size = max(SMALLEST, note.size - note_scale)
            note_lines = wrap(note.text, note_size, width, note.bold)
            placed.append((note, note_lines, note_size, y + GAP // 2))
            y += GAP // 2 + len(note_lines) * line_height(note_size)
        return Layout(rect, lines, size, buttons_top, tuple(placed), needed <= self.tallest and y <= rect.bottom - foot)

    @staticmethod
    def _height(lines: tuple[str, ...], size: int, span: int, notes, note_scale: int, width: int) -> int:
        height = PAD + len(lines) * line_height(size) + PAD
        if span:
            height += GAP + span
        for note in notes:
            note_size = max(SMALLEST, note.size - note_scale)
            height += GAP // 2 + len(wrap(note.text, note_size, width, note.bold)) * line_height(note_size)
        return height

    def roomiest(self, notes: list[Note]) -> list[Note] | None:
        """Of notes shown one at a time (as the mouse moves), the one needing the most room: the `reserve`."""
        return self.roomiest_group([[note] for note in notes]) if notes else None

    def roomiest_group(self, groups: list[list[Note]]) -> list[Note]:
        """Of sets of notes shown one set at a time, the set needing the most room (a `reserve`)."""
        width = self.home.width - 2 * SIDE
        return max(groups, key=lambda notes: self._height((), 0, 0, notes, 0, width))

    def place(self, buttons: list[Button], layout: Layout) -> None:
        """Move the buttons under the prompt (keeping their arrangement) and let the log give way."""
        if buttons:
            shift = layout.buttons_top - min(b.rect.top for b in buttons)
            for button in buttons:
                button.rect.y += shift
        if self.log is not None:
            rect = pygame.Rect(self.log_home)
            if self.grows_up:
                rect.height = min(rect.height, layout.rect.top - GAP - rect.top)
            else:
                rect.top = max(rect.top, layout.rect.bottom + GAP)
                rect.height = self.log_home.bottom - rect.top
            self.log.rect = rect

    def draw(self, surface: pygame.Surface, layout: Layout, color: tuple[int, int, int], lit: bool,
             buttons: ButtonRow | None = None, footer: str = "") -> None:
        """The panel (edged when `lit`: the human decides), the prompt in `color`, `buttons`, the notes, the footer."""
        panel(surface, layout.rect, theme.PANEL, theme.ACCENT if lit else None)
        step = line_height(layout.prompt_size)
        for i, line in enumerate(layout.prompt):
            blit(surface, line, layout.prompt_size, (layout.rect.x + SIDE, layout.rect.y + PAD + i * step), color,
                 True)
        if buttons is not None:
            buttons.draw(surface)
        for note, lines, size, top in layout.notes:
            for i, line in enumerate(lines):
                blit(surface, line, size, (layout.rect.x + SIDE, top + i * line_height(size)), note.color, note.bold)
        if footer:  # one line: smaller type, then shortened, rather than past the panel's edges
            shown, size = fit(footer, 14, layout.rect.width - 28, smallest=11)  # the buttons' margins
            blit(surface, shown, size, (layout.rect.centerx, layout.rect.bottom - 8), theme.INK_DIM,
                 anchor="midbottom")
        if not layout.fits:
            overflowed("\n".join([*layout.prompt, *(n.text for n, *_ in layout.notes)]), layout.rect)
