"""Play on from here (issue 20, item 4): a new game from a position of a replay, in the seat you choose.

You keep what that seat knew at that moment; everything hidden from it (the others' hands, face-down cards, secret
houses, the deck) is dealt anew, consistent with what the seat saw (the title's `resample`), so playing on teaches
nothing the seat did not know. The table is laid out around the seat you take (the scene's `me`); the player who sat
there takes your old seat, with their name and level, and every other opponent keeps theirs or takes another level. The new game is an ordinary game: its setup
carries the start (`game.titles.spec.START`: the other game's seed and first actions, and the redeal's seed), so it is
saved after every action, resumed, recorded and watched like any other; its result is kept apart from the
statistics (`played_on` in its details), since it did not start from the first deal.
"""

from __future__ import annotations

import random

import pygame

from game.app.scene import Scene
from game.app.setup import GameSetup, start_scene
from game.app.table_scene import seat_names
from game.services.i18n import t
from game.titles import registry
from game.titles.spec import START, start_option
from game.ui import theme
from game.ui.text import blit, block
from game.ui.widgets import Button, ButtonRow, dim, panel

AREA = pygame.Rect(300, 90, 680, 540)
LEVELS_AT = 150  # the first row of levels, below the panel's top
BUTTONS_H = 100  # the room of the buttons at the panel's foot


def played_on_setup(setup: GameSetup, seed: int, moves: list, levels: list[str], rng: random.Random,
                    seat: int = 0) -> GameSetup:
    """The setup of a game played on from the position after `moves` of the game (`setup`, `seed`) in `seat`, with
    `levels` for the other seats (in seat order), a new seed and a new redeal."""
    options = {key: value for key, value in setup.options.items() if key != START}
    start = start_option(seed, moves, seat, rng.randrange(2**31))
    return GameSetup(setup.slug, list(levels), seed=rng.randrange(2**31), options={**options, START: start},
                     seat=seat)


def seat_levels(recorded: list[str], seat: int) -> list[str]:
    """Every seat's level when you take `seat` of a game you played at seat 0 (`recorded`: its seats' levels, "you"
    first): the player who sat there moves to your old seat with their level."""
    levels = list(recorded)
    levels[0], levels[seat] = levels[seat], "you"
    return levels


class PlayOnScene(Scene):
    """Your seat and the opponents' levels, then Play on (or Back to the replay, the default)."""

    overlay = True

    def __init__(self, app, setup: GameSetup, seed: int, moves: list, at: int, seat: int = 0) -> None:
        super().__init__(app)
        self.setup, self.seed, self.moves, self.at = setup, seed, list(moves[:at]), at
        self.recorded = setup.seat_levels()  # the replay's seats, you at 0
        self.seat = seat
        self.levels = seat_levels(self.recorded, seat)  # by seat, "you" at the seat taken
        self.offered = registry.get(setup.slug).levels
        self.focus = 0  # a row (up/down): your seat, then each opponent's level; left/right changes it
        self.row = ButtonRow([
            Button(pygame.Rect(AREA.x + 60, AREA.bottom - 84, 260, 56), t("playon.back"), self.close, size=22,
                   primary=True),
            Button(pygame.Rect(AREA.right - 320, AREA.bottom - 84, 260, 56), t("playon.go"), self.go, size=22),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))

    def rows(self) -> list[int | None]:
        """The rows: None for your seat, then the other seats in order."""
        return [None, *(seat for seat in range(len(self.levels)) if seat != self.seat)]

    def level_rect(self, index: int) -> pygame.Rect:
        row = min(48, (AREA.height - LEVELS_AT - BUTTONS_H) // len(self.levels))
        return pygame.Rect(AREA.x + 60, AREA.y + LEVELS_AT + index * row, AREA.width - 120, row - 8)

    def change(self, index: int, step: int) -> None:
        seat = self.rows()[index]
        if seat is None:  # another seat: its player (and level) moves back, the new one's to your old seat
            self.seat = (self.seat + step) % len(self.levels)
            self.levels = seat_levels(self.recorded, self.seat)
        else:
            levels, current = self.offered, self.levels[seat]
            self.levels[seat] = levels[(levels.index(current) + step) % len(levels)] if current in levels \
                else levels[0]
        self.app.audio.play("menu_move")
    def close(self) -> None:
        self.app.audio.play("back")
        self.app.stack.pop()

    def go(self) -> None:
        """Leave the replay and start the game played on from its position."""
        others = [level for seat, level in enumerate(self.levels) if seat != self.seat]
        setup = played_on_setup(self.setup, self.seed, self.moves, others, random.Random(), self.seat)
        self.app.audio.play("menu_select")
        self.app.stack.pop()  # this panel
        self.app.stack.replace(start_scene(self.app, setup))  # the theatre gives way to the game

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows())
                self.app.audio.play("menu_move")
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not self.row.hover:
                self.change(self.focus, 1 if event.key == pygame.K_RIGHT else -1)
            else:
                self.row.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index in range(len(self.rows())):
                rect = self.level_rect(index)
                if rect.collidepoint(event.pos):
                    self.focus = index
                    self.change(index, -1 if event.pos[0] < rect.centerx else 1)
                    return
        self.row.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface, 190)
        panel(surface, AREA, theme.PANEL, theme.ACCENT)
        blit(surface, t("playon.title", at=self.at), 30, (AREA.centerx, AREA.y + 36), theme.ACCENT, True, "center")
        block(surface, t("playon.explain"), 17, pygame.Rect(AREA.x + 40, AREA.y + 66, AREA.width - 80, 76),
              theme.INK_DIM, anchor="midtop")
        recorded = seat_names(len(self.levels))  # the replay's names: whose seat you take
        names = seat_names(len(self.levels), self.seat)
        for index, seat in enumerate(self.rows()):
            rect = self.level_rect(index)
            focused = index == self.focus
            pygame.draw.rect(surface, theme.PANEL_HI if focused else theme.BG_DEEP, rect, border_radius=10)
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=10)
            label = t("playon.your_seat") if seat is None else names[seat]
            value = (t("playon.seat_yours") if self.seat == 0 else t("playon.seat_of", name=recorded[self.seat])) \
                if seat is None else t(f"level.{self.levels[seat]}")
            blit(surface, label, 20, (rect.x + 18, rect.centery), theme.INK, True, "midleft")
            blit(surface, f"◀  {value}  ▶", 20, (rect.right - 18, rect.centery),
                 theme.ACCENT if focused else theme.INK, True, "midright")
        self.row.draw(surface)
