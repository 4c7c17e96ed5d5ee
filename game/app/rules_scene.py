"""The in-game rules of a title, in the current language: short sections, scrollable."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import language, t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit, wrap
from game.ui.widgets import dim, panel

LINE_H = 30


class RulesScene(Scene):
    """An overlay with the title's rules; ↑↓/wheel scroll, Esc or F1 closes."""

    overlay = True

    def __init__(self, app, slug: str) -> None:
        super().__init__(app)
        self.info = registry.get(slug)
        self.area = pygame.Rect(90, 40, theme.WIDTH - 180, theme.HEIGHT - 80)
        self.scroll = 0
        self._layout: tuple[str, list[tuple[str, str]]] | None = None

    def lines(self) -> list[tuple[str, str]]:
        """(kind, text) lines for the current language, wrapped once per language."""
        lang = language()
        if self._layout is None or self._layout[0] != lang:
            sections = self.info.module("rules_text").RULES[lang]
            out: list[tuple[str, str]] = []
            for heading, bullets in sections:
                out.append(("heading", heading))
                for bullet in bullets:
                    for i, line in enumerate(wrap(bullet, 21, self.area.width - 110)):
                        out.append(("bullet" if i == 0 else "cont", line))
                out.append(("gap", ""))
            self._layout = (lang, out)
        return self._layout[1]

    def visible_rows(self) -> int:
        return (self.area.height - 130) // LINE_H

    def scroll_by(self, rows: int) -> None:
        top = max(0, len(self.lines()) - self.visible_rows())
        self.scroll = max(0, min(top, self.scroll + rows))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10,
                     pygame.K_HOME: -999, pygame.K_END: 999}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.audio.play("back")
                self.app.stack.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.area.collidepoint(event.pos):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 190)
        panel(surface, self.area, theme.PANEL, theme.ACCENT)
        blit(surface, t("rules.title", title=self.info.name()), 34, (self.area.x + 40, self.area.y + 24),
             theme.ACCENT, True)
        y = self.area.y + 84
        rows = self.lines()[self.scroll:self.scroll + self.visible_rows()]
        for kind, text in rows:
            self._draw_line(surface, kind, text, y)
            y += LINE_H
        if len(self.lines()) > self.visible_rows():
            self._draw_scrollbar(surface)
        blit(surface, t("rules.help"), 17, (self.area.centerx, self.area.bottom - 24), theme.INK_DIM,
             anchor="center")

    def _draw_line(self, surface: pygame.Surface, kind: str, text: str, y: int) -> None:
        x = self.area.x + 44
        if kind == "heading":
            blit(surface, text, 24, (x, y), theme.WARN, True)
        elif kind == "bullet":
            blit(surface, "•", 21, (x + 8, y), theme.ACCENT)
            blit(surface, text, 21, (x + 30, y), theme.INK)
        elif kind == "cont":
            blit(surface, text, 21, (x + 30, y), theme.INK)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.area.right - 22, self.area.y + 84, 6, self.visible_rows() * LINE_H)
        pygame.draw.rect(surface, theme.BG_DEEP, track, border_radius=3)
        total = len(self.lines())
        thumb = track.copy()
        thumb.height = max(24, track.height * self.visible_rows() // total)
        thumb.y = track.y + (track.height - thumb.height) * self.scroll // max(1, total - self.visible_rows())
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=3)
