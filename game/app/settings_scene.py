"""Settings: language, volume, mute, fullscreen and animation speed, saved as soon as they change."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import LANGUAGE_NAMES, LANGUAGES, t
from game.services.settings import ANIM_SPEEDS
from game.ui import theme
from game.ui.text import blit
from game.ui.widgets import Stepper, dim, panel

ROW_H = 70
SPEEDS = list(ANIM_SPEEDS)
BAR_X, BAR_W = 250, 200  # the volume bar: from the row's left edge, and its width
VOLUME_STEP = 0.05  # a click on the bar sets the volume to the nearest step


class SettingsScene(Scene):
    """A list of rows; ←/→ changes the focused row's value, a click on ◀ steps it back and ▶ forward, a click on
    the volume bar sets the volume there (or drag along it)."""

    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows = ["language", "volume", "muted", "fullscreen", "anim_speed", "back"]
        self.focus = 0
        self.mouse: tuple[int, int] | None = None  # where the pointer is, to light the arrow under it
        self.sliding = False  # the volume bar is being dragged
        # as tall as the rows and the help line need, with the no-audio line when it shows (playtest round 11: a
        # band was kept empty for it)
        notice = 0 if app.audio.available else 26
        self.area = pygame.Rect(0, 0, 760, 96 + len(self.rows) * ROW_H + 40 + notice)
        self.area.center = (theme.WIDTH // 2, theme.HEIGHT // 2)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.area.x + 40, self.area.y + 96 + index * ROW_H, self.area.width - 80, ROW_H - 12)

    def choices(self, row: str) -> tuple[str, ...]:
        """Every text the row's value may show (its stepper is as wide as the widest)."""
        if row == "language":
            return tuple(LANGUAGE_NAMES[language] for language in LANGUAGES)
        if row == "volume":
            return ("100%",)
        if row in ("muted", "fullscreen"):
            return (t("common.on"), t("common.off"))
        if row == "anim_speed":
            return tuple(t(f"settings.speed.{speed}") for speed in SPEEDS)
        return ()

    def stepper(self, index: int) -> Stepper | None:
        """The ◀ value ▶ control of a row (None for Back)."""
        row = self.rows[index]
        if row == "back":
            return None
        rect = self.row_rect(index)
        return Stepper(rect.right - 12, rect.centery, rect.height, self.choices(row), size=24)

    def can_step(self, row: str, step: int) -> bool:
        """Whether `step` changes the row: volume and speed stop at their ends; the others go round."""
        s = self.app.settings
        if row == "volume":
            return s.volume > 0.0 if step < 0 else s.volume < 1.0
        if row == "anim_speed":
            return 0 <= SPEEDS.index(s.anim_speed) + step < len(SPEEDS)
        return True

    def volume_bar(self) -> pygame.Rect:
        """The volume bar as drawn (a thin line in the volume row)."""
        rect = self.row_rect(self.rows.index("volume"))
        return pygame.Rect(rect.x + BAR_X, rect.centery - 5, BAR_W, 10)

    def volume_target(self) -> pygame.Rect:
        """Where a click sets the volume: the bar, with the row's height and a little room at either end."""
        bar, rect = self.volume_bar(), self.row_rect(self.rows.index("volume"))
        return pygame.Rect(bar.x - 8, rect.y, bar.width + 16, rect.height)

    def set_volume_at(self, x: int) -> None:
        """The volume where the bar was clicked: its left end is 0, its right end 1 (to the nearest step)."""
        bar = self.volume_bar()
        share = min(1.0, max(0.0, (x - bar.x) / bar.width))
        volume = round(round(share / VOLUME_STEP) * VOLUME_STEP, 2)
        if volume != self.app.settings.volume:
            self.app.change_settings(volume=volume)

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
            self.mouse = event.pos
            if self.sliding and not event.dict.get("buttons", (1,))[0]:
                self.sliding = False  # the button came up outside the window
            if self.sliding:
                self.set_volume_at(event.pos[0])
                return
            index = self._row_at(event.pos)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.sliding:
                self.sliding = False
                self.app.audio.play("menu_move")  # a sample of the volume just set
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        """◀ steps back, ▶ forward, the volume bar sets the volume where it is clicked; a toggle's value toggles;
        a click elsewhere on a row only gives it the focus (on Back, it goes back)."""
        index = self._row_at(pos)
        if index is None:
            return
        self.focus = index
        row = self.rows[index]
        if row == "back":
            self.change(row, 1)
            return
        if row == "volume" and self.volume_target().collidepoint(pos):
            self.set_volume_at(pos[0])
            self.sliding = True
            return
        stepper = self.stepper(index)
        step = stepper.step_at(pos) if stepper else None
        if step is None and row in ("muted", "fullscreen") and stepper and stepper.rect.collidepoint(pos):
            step = 1  # an on/off toggle flips wherever its value is clicked
        if step is not None and self.can_step(row, step):
            self.change(row, step)

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
        stepper = self.stepper(index)
        stepper.draw(surface, self.value_text(row), theme.ACCENT if focused else theme.INK_DIM,
                     self.can_step(row, -1), self.can_step(row, 1), self.mouse)
        if row == "volume":
            bar = self.volume_bar()
            pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=5)
            fill = bar.copy()
            fill.width = int(bar.width * self.app.settings.volume)
            pygame.draw.rect(surface, theme.INK_FAINT if self.app.settings.muted else theme.ACCENT, fill,
                             border_radius=5)
            knob = (fill.right, bar.centery)
            pygame.draw.circle(surface, theme.INK if focused else theme.INK_DIM, knob, 9)
