"""The Games screen (issue 20): every finished game kept, newest first, filtered by title; a table game opens in the
replay theatre (game/app/theatre.py)."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.app.stats_scene import lineup
from game.core.replay import ReplayError
from game.services.i18n import counted, t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit, block, fit
from game.ui.widgets import SHEET, draw_sheet, picked_step

AREA = SHEET
ROW_H = 34
FIRST_ROW = AREA.y + 136
VISIBLE = 12
COLUMNS = (("games.when", 130), ("stats.title_col", 330), ("games.players", 600), ("games.result", 900))


def result_text(game: dict) -> str:
    """How a game ended for the player: won, a shared win, lost (your place, at a table of three or more), resigned,
    a score, or played."""
    details = game["details"]
    if registry.get(game["title"]).solo and "score" in details:
        return t("games.score", score=details["score"])
    if game["outcome"] == "end":
        return t("games.end")
    if details.get("resigned"):
        return t("games.resigned")
    share = details.get("human_share", 1.0 if game["outcome"] == "win" else 0.0)
    if share == 0 and details.get("place") and details.get("players", 2) > 2:  # where you came, not just "Lost"
        return t("games.place_shared" if details.get("place_shared") else "games.place",
                 ordinal=t(f"games.ordinal.{details['place']}"), n=details["players"])
    return t("games.win") if share == 1 else t("games.shared") if share > 0 else t("games.loss")


class GamesScene(Scene):
    """The list of finished games; see the module docstring."""

    overlay = True

    def __init__(self, app, title: str | None = None) -> None:
        super().__init__(app)
        self.filters: list[str | None] = [None, *registry.TITLES]
        self.filter = self.filters.index(title) if title in self.filters else 0
        self.selected = 0
        self.top = 0  # the first row shown
        self.message = ""
        self.last_click: tuple[int, float] | None = None
        self.time = 0.0
        self._load()

    def _load(self) -> None:
        self.games = self.app.storage.stored_games(self.filters[self.filter])
        self.skipped = self.app.storage.last_skipped
        self.selected = self.top = 0

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.audio.play("back")
                self.app.stack.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE, pygame.K_PAGEDOWN: VISIBLE}
                self.select(self.selected + step[event.key])
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.change_filter(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.watch()
            elif event.key == pygame.K_e:
                self.export()
        elif event.type == pygame.MOUSEWHEEL:
            self.select(self.selected - event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if picked_step(event.pos):
                self.change_filter(picked_step(event.pos))
                return
            row = self.row_at(event.pos)
            if row is None:
                return
            double = self.last_click is not None and self.last_click[0] == row and self.time - self.last_click[1] < 0.4
            self.last_click = (row, self.time)
            self.select(row)
            if double:
                self.watch()

    def update(self, dt: float) -> None:
        self.time += dt

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not (AREA.x + 20 <= pos[0] <= AREA.right - 20) or pos[1] < FIRST_ROW - ROW_H // 2:
            return None
        index = self.top + (pos[1] - (FIRST_ROW - ROW_H // 2)) // ROW_H
        return index if index < min(len(self.games), self.top + VISIBLE) else None

    def select(self, index: int) -> None:
        if not self.games:
            return
        index = max(0, min(len(self.games) - 1, index))
        if index != self.selected:
            self.app.audio.play("menu_move")
        self.selected, self.message = index, ""
        self.top = min(max(self.top, index - VISIBLE + 1), index)

    def change_filter(self, step: int) -> None:
        self.filter = (self.filter + step) % len(self.filters)
        self.message = ""
        self.app.audio.play("menu_move")
        self._load()

    def export(self) -> None:
        """Save the selected game as a file (game.app.exports) and say where."""
        from game.app.exports import export_game

        if not self.games:
            return
        try:
            path = export_game(self.app.storage, self.games[self.selected])
        except (OSError, ReplayError) as exc:
            self.message = t("games.export_failed", why=exc)
            self.app.audio.play("error")
            return
        self.message = t("games.exported", path=path)
        self.app.audio.play("menu_select")

    def watch(self) -> None:
        """Open the selected game in the theatre (a table title's), or say why not."""
        from game.app.theatre import open_theatre, watchable

        if not self.games:
            return
        game = self.games[self.selected]
        if not watchable(game["title"]):
            self.message = t("games.not_watchable", title=registry.get(game["title"]).name())
            self.app.audio.play("error")
            return
        text = self.app.storage.stored_replay(game["id"])
        try:
            if text is None:
                raise ReplayError("it is no longer stored")
            scene = open_theatre(self.app, game["title"], text, game["details"].get("levels"), game["id"])
        except (ReplayError, KeyError, TypeError, ValueError) as exc:
            self.message = t("games.broken", why=exc)
            self.app.audio.play("error")
            return
        self.app.audio.play("menu_select")
        self.app.stack.push(scene)

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.app.menu import left_at

        slug = self.filters[self.filter]
        draw_sheet(surface, t("games.title"), t("games.all") if slug is None else registry.get(slug).name())
        for key, x in COLUMNS:
            blit(surface, t(key), 18, (x, FIRST_ROW - 40), theme.INK_DIM, True, "midleft")
        if not self.games:
            blit(surface, t("games.empty"), 22, AREA.center, theme.INK_DIM, anchor="center")
        for row in range(self.top, min(len(self.games), self.top + VISIBLE)):
            game, y = self.games[row], FIRST_ROW + (row - self.top) * ROW_H
            if row == self.selected:
                pygame.draw.rect(surface, theme.PANEL_HI, (AREA.x + 20, y - ROW_H // 2, AREA.width - 40, ROW_H),
                                 border_radius=8)
                pygame.draw.rect(surface, theme.ACCENT, (AREA.x + 20, y - ROW_H // 2, AREA.width - 40, ROW_H), 2,
                                 border_radius=8)
            info = registry.get(game["title"])
            levels = game["details"].get("levels", [])
            opponents = lineup(levels[1:]) if len(levels) > 1 else t("menu.solo")
            if game["details"].get("played_on"):
                opponents = f"{opponents} · {t('games.played_on')}"
            cells = (left_at(game["played_at"]), info.name(), opponents, result_text(game))
            edges = [x for _, x in COLUMNS[1:]] + [AREA.right - 30]
            for (_, x), right, text in zip(COLUMNS, edges, cells, strict=True):
                shown, size = fit(text, 19, right - x - 16)
                blit(surface, shown, size, (x, y), theme.INK if info.theatre else theme.INK_DIM, anchor="midleft")
        if len(self.games) > VISIBLE:
            blit(surface, f"{self.selected + 1} / {len(self.games)}", 16, (AREA.right - 36, AREA.y + 96),
                 theme.INK_DIM, anchor="topright")
        if self.message:
            box = pygame.Rect(AREA.x + 36, AREA.bottom - 92, AREA.width - 72, 52)
            block(surface, self.message, 18, box, theme.WARN, True, anchor="midtop")
        elif self.skipped:
            blit(surface, counted("storage.skipped", self.skipped), 17, (AREA.centerx, AREA.bottom - 56),
                 theme.WARN, anchor="center")
        blit(surface, t("games.help"), 17, (AREA.centerx, AREA.bottom - 24), theme.INK_DIM, anchor="center")
