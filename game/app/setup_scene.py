"""Game setup for a multiplayer title: how many opponents, each one's level, who starts, a seed."""

from __future__ import annotations

import copy

import pygame

from game.app.scene import Scene
from game.app.setup import saved_setup, setting_key, start_scene
from game.services.i18n import t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit
from game.ui.widgets import Stepper, panel

ROW_H = 60  # a row's pitch, when the rows fit; more rows (six opponents and a title's options) come closer
ROW_GAP = 10
TEXT = 23  # a row's text size, smaller in close rows (`text_size`)
SEED_DIGITS = 9


class GameSetupScene(Scene):
    """Rows changed with ←/→, or a click on their ◀ (fewer, previous) or ▶ (more, next); Enter on Start begins the
    game."""

    def __init__(self, app, slug: str) -> None:
        super().__init__(app)
        self.info = registry.get(slug)
        self.title_slug = slug
        self.setup = saved_setup(app, slug)
        self.options = {option.key: option for option in self.info.options}
        self.seed_text = "" if self.setup.seed is None else str(self.setup.seed)
        self.focus = len(self.rows()) - 2  # Start
        self.area = pygame.Rect(240, 104, 800, 574)  # between the heading and the help line
        self.mouse: tuple[int, int] | None = None  # where the pointer is, to light the arrow under it

    def rows(self) -> list[str]:
        return ["opponents", *[f"level{i}" for i in range(len(self.setup.levels))], "starts", *self.options,
                "seed", "start", "back"]

    def row_pitch(self) -> int:
        """The rows' pitch, the same whatever the opponent count: as many rows as the largest table has must fit
        (playtest round 10: the pitch grew when a row went, and Start slid down into Back's place)."""
        most = len(self.rows()) - len(self.setup.levels) + self.info.max_players - 1
        return min(ROW_H, (self.area.height - 36) // most)

    def row_gap(self) -> int:
        return ROW_GAP if self.row_pitch() >= 48 else 6

    def frame(self) -> pygame.Rect:
        """The panel behind the rows: as tall as they need, from the top of `area` (so the opponents row stays
        put while its arrows add or remove level rows below it)."""
        height = len(self.rows()) * self.row_pitch() - self.row_gap() + 36
        return pygame.Rect(self.area.x, self.area.y, self.area.width, height)

    def row_rect(self, index: int) -> pygame.Rect:
        pitch, frame = self.row_pitch(), self.frame()
        return pygame.Rect(frame.x + 40, frame.y + 18 + index * pitch, frame.width - 80, pitch - self.row_gap())

    def text_size(self) -> int:
        """The rows' text size: 23, or 20 when the rows come close (playtest round 9: six opponents' rows in
        Japanese had their text touching the rows' edges)."""
        return TEXT if self.row_pitch() >= 48 else 20

    def fixed(self, row: str) -> bool:
        """Whether the row shows a value that cannot be stepped (the seed is typed; one opponent count only)."""
        return row in ("seed", "start", "back") or (
            row == "opponents" and self.info.min_players == self.info.max_players)

    def choices(self, row: str) -> tuple[str, ...]:
        """Every text the row's value may show (the stepper is as wide as the widest)."""
        if row == "opponents":
            return tuple(str(n) for n in range(self.info.min_players - 1, self.info.max_players))
        if row.startswith("level"):
            return tuple(t(f"level.{level}") for level in self.info.levels)
        if row == "starts":
            return (t("setup.you_start"), t("setup.random_start"))
        if row in self.options:
            return tuple(t(self.info.option_label(row, value)) for value in self.options[row].values)
        return (self.value_text(row),)

    def stepper(self, index: int, row: str) -> Stepper | None:
        """The ◀ value ▶ control of a row that can be stepped (None for the others)."""
        if self.fixed(row):
            return None
        rect = self.row_rect(index)
        return Stepper(rect.right - 12, rect.centery, rect.height, self.choices(row), self.text_size())

    def can_step(self, row: str, step: int) -> bool:
        """Whether `step` changes the row (the opponent count stops at its ends; the rest go round)."""
        if row != "opponents":
            return True
        count = len(self.setup.levels) + step
        return self.info.min_players - 1 <= count <= self.info.max_players - 1

    # --- changes ----------------------------------------------------------------------------------
    def change(self, row: str, step: int) -> None:
        setup = self.setup
        if row == "opponents":
            count = max(self.info.min_players - 1, min(self.info.max_players - 1, len(setup.levels) + step))
            setup.levels = (setup.levels + [setup.levels[-1]] * self.info.max_players)[:count]
        elif row.startswith("level"):
            i = int(row.removeprefix("level"))
            levels = self.info.levels
            setup.levels[i] = levels[(levels.index(setup.levels[i]) + step) % len(levels)]
        elif row == "starts":
            setup.human_starts = not setup.human_starts
        elif row in self.options:
            values = self.options[row].values
            setup.options[row] = values[(values.index(setup.options[row]) + step) % len(values)]
        elif row == "start":
            self.start()
            return
        elif row == "back":
            self.back()
            return
        self.app.audio.play("menu_move")

    def start(self) -> None:
        self.remember()
        self.app.audio.play("menu_select")
        # the game gets its own copy: a click that lands before the screen is replaced cannot change its table
        self.app.stack.replace(start_scene(self.app, copy.deepcopy(self.setup)))

    def remember(self) -> None:
        """Keep this setup for the next visit (the seed as typed, none if the box is empty)."""
        self.setup.seed = int(self.seed_text) if self.seed_text else None
        self.app.storage.set_setting(setting_key(self.setup.slug), self.setup.to_json())

    def back(self) -> None:
        """Back to the menu; the choices made here are kept (playtest round 10: the opponent count was lost)."""
        self.remember()
        self.app.audio.play("back")
        self.app.stack.pop()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        rows = self.rows()
        if event.type == pygame.KEYDOWN:
            self._key(event, rows)
        elif event.type == pygame.TEXTINPUT and rows[self.focus] == "seed":
            digits = "".join(ch for ch in event.text if ch.isdigit())
            self.seed_text = (self.seed_text + digits)[:SEED_DIGITS]
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            index = self._row_at(event.pos, rows)
            if index is not None:
                self.focus = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos, rows)

    def _click(self, pos: tuple[int, int], rows: list[str]) -> None:
        """◀ steps back and ▶ forward; a click elsewhere on a row only gives it the focus (a toggle's value
        toggles, Start and Back act)."""
        index = self._row_at(pos, rows)
        if index is None:
            return
        self.focus = index
        row = rows[index]
        if row in ("start", "back"):
            self.change(row, 1)
            return
        stepper = self.stepper(index, row)
        if stepper is None:
            return
        step = stepper.step_at(pos)
        if step is None and row == "starts" and stepper.rect.collidepoint(pos):
            step = 1  # a two-way toggle: its value flips wherever it is clicked
        if step is not None and self.can_step(row, step):
            self.change(row, step)

    def _key(self, event: pygame.event.Event, rows: list[str]) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % len(rows)
            self.app.audio.play("menu_move")
        elif rows[self.focus] == "seed" and key == pygame.K_BACKSPACE:
            self.seed_text = self.seed_text[:-1]
        elif rows[self.focus] == "seed" and pygame.K_0 <= key <= pygame.K_9 and not event.dict.get("unicode"):
            self.seed_text = (self.seed_text + str(key - pygame.K_0))[:SEED_DIGITS]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and rows[self.focus] not in ("start", "back", "seed"):
            self.change(rows[self.focus], -1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # the footer's promise: Enter starts from any row
            self.back() if rows[self.focus] == "back" else self.start()  # (playtest round 15: it changed a level)
        elif key == pygame.K_SPACE:
            self.change(rows[self.focus], 1) if rows[self.focus] != "seed" else self.start()

    def _row_at(self, pos: tuple[int, int], rows: list[str]) -> int | None:
        return next((i for i in range(len(rows)) if self.row_rect(i).collidepoint(pos)), None)

    # --- drawing ----------------------------------------------------------------------------------
    def value_text(self, row: str) -> str:
        if row == "opponents":
            return str(len(self.setup.levels))
        if row.startswith("level"):
            return t(f"level.{self.setup.levels[int(row.removeprefix('level'))]}")
        if row == "starts":
            return t("setup.you_start") if self.setup.human_starts else t("setup.random_start")
        if row == "seed":
            return self.seed_text or t("setup.seed_random")
        if row in self.options:
            return t(self.info.option_label(row, self.setup.options[row]))
        return ""

    def label_text(self, row: str) -> str:
        from game.app.setup import BOT_NAMES
        from game.services.i18n import pick

        if row.startswith("level"):
            en, ja = BOT_NAMES[int(row.removeprefix("level"))]
            return t("setup.level_of", name=pick(en, ja))
        if row in self.options:
            return t(self.info.option_label(row))
        return t(f"setup.{row}")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.app.menu import backdrop

        surface.blit(backdrop(), (0, 0))
        blit(surface, t("setup.title", title=self.info.name()), 40, (theme.WIDTH // 2, 56), theme.ACCENT, True,
             "center")
        panel(surface, self.frame(), theme.PANEL, theme.PANEL_HI)
        for index, row in enumerate(self.rows()):
            self._draw_row(surface, index, row)
        blit(surface, t("setup.help"), 17, (theme.WIDTH // 2, theme.HEIGHT - 24), theme.INK_DIM, anchor="center")

    def _draw_row(self, surface: pygame.Surface, index: int, row: str) -> None:
        rect = self.row_rect(index)
        focused = index == self.focus
        if row in ("start", "back"):
            # Start is the primary button with the focus elsewhere too: its label in the accent colour (playtest
            # round 15: once a setting had the focus, no button looked like the one to press)
            start = row == "start"
            fill = theme.ACCENT if focused and start else theme.PANEL_HI if focused else theme.BG
            panel(surface, rect, fill, theme.ACCENT if focused else None)
            ink = theme.BG_DEEP if focused and start else theme.ACCENT if start else theme.INK
            blit(surface, t("setup.start" if row == "start" else "common.back"), self.text_size() + 3, rect.center, ink,
                 True, "center")
            return
        panel(surface, rect, theme.PANEL_HI if focused else theme.BG, theme.ACCENT if focused else None)
        size = self.text_size()
        blit(surface, self.label_text(row), size, (rect.x + 24, rect.centery), theme.INK, anchor="midleft")
        value = self.value_text(row)
        color = theme.ACCENT if focused else theme.INK_DIM
        stepper = self.stepper(index, row)
        if stepper is None:
            blit(surface, value, size, (rect.right - 24, rect.centery), color, True, "midright")
        else:
            stepper.draw(surface, value, color, self.can_step(row, -1), self.can_step(row, 1), self.mouse)
