"""Settings: language, volume, mute, fullscreen and animation speed, saved as soon as they change."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import LANGUAGE_NAMES, LANGUAGES, t
from game.services.settings import ANIM_SPEEDS
from game.ui import theme
from game.ui.text import blit
from game.ui.widgets import dim, panel

ROW_H = 70
SPEEDS = list(ANIM_SPEEDS)


class SettingsScene(Scene):
    """A list of rows; ←/→ (or clicking the arrows) changes the focused row's value."""

    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows = ["language", "volume", "muted", "fullscreen", "anim_speed", "back"]
        self.focus = 0
        self.value_rects: dict[int, pygame.Rect] = {}  # where each value is drawn: click left of centre to step back
        self.area = pygame.Rect(0, 0, 760, 610)
        self.area.center = (theme.WIDTH // 2, theme.HEIGHT // 2)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.area.x + 40, self.area.y + 96 + index * ROW_H, self.area.width - 80, ROW_H - 12)

    def change(self, row: str, step: int) -> None:
        """Step the value of `row` forward or back (toggles ignore the direction)."""
        s = self.app.settings
        if row == "language":
            self.app.change_settings(language=LANGUAGES[(LANGUAGES.index(s.language) + step) % len(LANGUAGES)])
        elif row == "volume":
            self.app.change_settings(volume=round(min(1.0, max(0.0, s.volume + 0.1 * step)), 2))
        elif row in ("muted", "fullscreen"):
            self.app.change_settings(**{row: not getattr(s, row)})
        elif row == "anim_speed":
            index = max(0, min(len(SPEEDS) - 1, SPEEDS.index(s.anim_speed) + step))
            self.app.change_settings(anim_speed=SPEEDS[index])
        elif row == "back":
            self.close()
            return
        self.app.audio.play("menu_move")

    def close(self) -> None:
        self.app.audio.play("back")
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            index = self._row_at(event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            index = self._row_at(event.pos)
            if index is not None:
                self.focus = index
                value = self.value_rects.get(index)
                left = value is not None and event.pos[0] < value.centerx
                self.change(self.rows[index], -1 if event.button == 3 or left else 1)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % len(self.rows)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.change(self.rows[self.focus], -1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.change(self.rows[self.focus], 1)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(len(self.rows)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def value_text(self, row: str) -> str:
        s = self.app.settings
        if row == "language":
            return LANGUAGE_NAMES[s.language]
        if row == "volume":
            return f"{round(s.volume * 100)}%"
        if row in ("muted", "fullscreen"):
            return t("common.on") if getattr(s, row) else t("common.off")
        if row == "anim_speed":
            return t(f"settings.speed.{s.anim_speed}")
        return ""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 200)
        panel(surface, self.area, theme.PANEL, theme.ACCENT)
        blit(surface, t("settings.title"), 40, (self.area.centerx, self.area.y + 50), theme.ACCENT, True, "center")
        for index, row in enumerate(self.rows):
            self._draw_row(surface, index, row)
        help_y = self.area.bottom - 26
        if not self.app.audio.available:
            blit(surface, t("settings.no_audio"), 17, (self.area.centerx, help_y - 26), theme.WARN, anchor="center")
        blit(surface, t("settings.help"), 17, (self.area.centerx, help_y), theme.INK_DIM, anchor="center")

    def _draw_row(self, surface: pygame.Surface, index: int, row: str) -> None:
        rect = self.row_rect(index)
        focused = index == self.focus
        panel(surface, rect, theme.PANEL_HI if focused else theme.BG, theme.ACCENT if focused else None)
        if row == "back":
            blit(surface, t("common.back"), 24, rect.center, theme.INK, True, "center")
            return
        blit(surface, t(f"settings.{'mute' if row == 'muted' else row}"), 24, (rect.x + 24, rect.centery),
             theme.INK, anchor="midleft")
        value = self.value_text(row)
        self.value_rects[index] = blit(surface, f"◀  {value}  ▶", 24, (rect.right - 24, rect.centery),
                                       theme.ACCENT if focused else theme.INK_DIM, True, "midright")
        if row == "volume":
            bar = pygame.Rect(rect.x + 250, rect.centery - 5, 200, 10)
            pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=5)
            fill = bar.copy()
            fill.width = int(bar.width * self.app.settings.volume)
            pygame.draw.rect(surface, theme.INK_FAINT if self.app.settings.muted else theme.ACCENT, fill,
                             border_radius=5)
