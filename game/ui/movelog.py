"""The move log: every event told as a sentence, newest at the bottom, scrollable with the wheel."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.text import blit, wrap
from game.ui.widgets import panel
from game.ui.window import mouse_pos

LINE_H = 21
MAX_LINES = 400  # how far back the log scrolls
SIZE = 16


class MoveLog:
    """A panel of wrapped lines; the wheel scrolls back, new lines snap to the bottom."""

    def __init__(self, rect: pygame.Rect, title: str = "") -> None:
        self.rect = rect
        self.title = title
        self.entries: list[tuple[str, tuple[int, int, int]]] = []
        self.scroll = 0  # lines scrolled back from the newest
        self._lines: list[tuple[str, tuple[int, int, int]]] = []  # wrapped once, when an entry is added

    def add(self, text: str, color: tuple[int, int, int] = theme.INK) -> None:
        self.entries.append((text, color))
        self._lines += [(line, color) for line in wrap(text, SIZE, self.rect.width - 24)]
        del self._lines[:-MAX_LINES]
        self.scroll = 0

    def clear(self) -> None:
        self.entries, self._lines, self.scroll = [], [], 0

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        return self._lines

    def visible_count(self) -> int:
        return (self.rect.height - 40) // LINE_H

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll on the mouse wheel over the log; True if used."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse_pos()):
            top = max(0, len(self.lines()) - self.visible_count())
            self.scroll = max(0, min(top, self.scroll + event.y * 3))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, theme.PANEL)
        if self.title:
            blit(surface, self.title, 16, (self.rect.x + 12, self.rect.y + 8), theme.INK_DIM, True)
        lines = self.lines()
        count = self.visible_count()
        end = len(lines) - self.scroll
        shown = lines[max(0, end - count):end]
        y = self.rect.bottom - 12 - LINE_H * len(shown)
        for index, (line, color) in enumerate(shown):
            faded = color if index >= len(shown) - 3 or self.scroll else tuple(int(c * 0.75) for c in color)
            blit(surface, line, SIZE, (self.rect.x + 12, y), faded)
            y += LINE_H
        if self.scroll:
            blit(surface, "▼", 14, (self.rect.right - 14, self.rect.bottom - 16), theme.ACCENT, anchor="center")
