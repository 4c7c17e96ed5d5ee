"""The top-10 tables of a solo title, one per board, the newest entry highlighted. The boards are tabs side by side:
Tab (or ↑/↓, or a click on a tab) switches them; ←/→ move between the buttons below, as on every screen.

A title lists its boards in its spec's `score_boards`: board -> [(header key, field), ...], where a field is
"score", "rounds", "tiebreak" or "details.<name>"; a board's tab reads the title's `board_label(board)` key.
"""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.app.setup import saved_setup, start_scene
from game.services.i18n import counted, t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit, fit, render
from game.ui.tween import pulse
from game.ui.widgets import Button, ButtonRow, panel

ROW_H = 40
NUMBERS_FROM, NUMBERS_TO = 470, 1030  # right edges of the numeric columns
NAME_ROOM = 250  # the widest a name is drawn (from x 160, clear of the first numbers)
NEW_TAG_ROOM = 84  # what the "new" mark beside the newest entry takes of it


def field_value(entry, field: str) -> str:
    if field.startswith("details."):
        return str(entry.details.get(field.removeprefix("details."), ""))
    return str(getattr(entry, field))


class HighScoresScene(Scene):
    """Rank, name, the board's columns and the date."""

    def __init__(self, app, slug: str, highlight_id: int | None = None, board: str | None = None,
                 played: bool = True) -> None:
        """`played`: opened after a game (its first button says "Play again"), not from the menu ("Play")."""
        super().__init__(app)
        self.played = played
        self.info = registry.get(slug)
        self.title_slug = slug
        self.highlight_id = highlight_id
        self.boards: dict[str, list[tuple[str, str]]] = self.info.score_boards
        self.board = board if board in self.boards else next(iter(self.boards))
        self.hidden = 0  # stored entries of this board whose replay did not verify
        self.entries = self.verified(self.board)
        self.time = 0.0
        y = theme.HEIGHT - 96
        self.row = ButtonRow([
            Button(pygame.Rect(theme.WIDTH // 2 - 290, y, 280, 54), "", self.play_again, primary=True),
            Button(pygame.Rect(theme.WIDTH // 2 + 10, y, 280, 54), "", self.app.to_menu),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.tabs: list[tuple[pygame.Rect, str]] = []

    def switch(self, step: int) -> None:
        names = list(self.boards)
        self.board = names[(names.index(self.board) + step) % len(names)]
        self.entries = self.verified(self.board)
        self.app.audio.play("menu_move")

    def verified(self, board: str) -> list:
        """The best ten entries whose replays play back, chance from their seeds, to their numbers; the others
        are left out of the table (kept in the file) and counted."""
        entries = self.app.storage.top_scores(self.title_slug, board, limit=40)
        honest = [entry for entry in entries if self.info.verify_score(entry)]
        self.hidden = len(entries) - len(honest)
        return honest[:10]

    def play_again(self) -> None:
        """A new game; with a game of this title left unfinished, only once the player says so, as the menu asks
        (playtest round 12: this button replaced a paused game without a word)."""
        from game.app import saves
        from game.app.overlays import ask_to_replace

        if saves.load(self.app.storage, self.info.slug) is not None:
            ask_to_replace(self.app, self.info.name(), self._start_new)
            return
        self._start_new()

    def _start_new(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.replace(start_scene(self.app, saved_setup(self.app, self.info.slug)))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) \
                and len(self.boards) > 1:
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.switch(-1 if back else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._tab_at(event.pos):
            if self._tab_at(event.pos) != self.board:
                self.switch(1)
        else:
            self.row.handle(event)

    def _tab_at(self, pos: tuple[int, int]) -> str | None:
        return next((board for rect, board in self.tabs if rect.collidepoint(pos)), None)

    def update(self, dt: float) -> None:
        self.time += dt

    def columns(self) -> list[tuple[str, str, int, str]]:
        """(header, field, x, anchor) of every column of this board."""
        fields = self.boards[self.board]
        step = (NUMBERS_TO - NUMBERS_FROM) // max(1, len(fields) - 1)
        cols = [(t("scores.rank"), "rank", 130, "midright"), (t("scores.name"), "name", 160, "midleft")]
        cols += [(t(key), field, NUMBERS_FROM + i * step, "midright") for i, (key, field) in enumerate(fields)]
        return cols + [(t("scores.date"), "played_at", 1170, "midright")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        tabs = len(self.boards) > 1  # the title stands higher, clear of the tabs
        blit(surface, t("scores.title", title=self.info.name()), 42, (theme.WIDTH // 2, 36 if tabs else 50),
             theme.ACCENT, True, "center")
        table = pygame.Rect(80, 110, theme.WIDTH - 160, ROW_H * 11 + 24)
        if tabs:
            self._draw_tabs(surface, table)
        panel(surface, table, theme.PANEL)
        columns = self.columns()
        for header, _, x, anchor in columns:
            blit(surface, header, 19, (x, table.y + 28), theme.INK_DIM, True, anchor)
        if not self.entries:
            blit(surface, t("scores.empty"), 26, table.center, theme.INK_DIM, anchor="center")
        if self.hidden:
            blit(surface, counted("scores.unverified", self.hidden), 17, (table.right - 12, table.bottom + 14),
                 theme.BAD, anchor="topright")
        for rank, entry in enumerate(self.entries, start=1):
            self._draw_entry(surface, table, columns, rank, entry)
        play = "over.play_again" if self.played else "menu.play"
        for button, key in zip(self.row.buttons, (play, "over.menu"), strict=True):
            button.label = t(key)
        self.row.draw(surface)
        help_key = "scores.help_boards" if len(self.boards) > 1 else "scores.help"
        help_text = t(help_key, play=t("scores.play_again" if self.played else "scores.play"))
        blit(surface, help_text, 17, (theme.WIDTH // 2, theme.HEIGHT - 22), theme.INK_DIM, anchor="center")

    def _draw_tabs(self, surface: pygame.Surface, table: pygame.Rect) -> None:
        self.tabs = []
        x = table.x
        for board in self.boards:
            label = t(self.info.board_label(board))
            rect = pygame.Rect(x, table.y - 34, 24 + 11 * len(label) + 60, 34)
            active = board == self.board
            pygame.draw.rect(surface, theme.PANEL if active else theme.BG_DEEP, rect, border_top_left_radius=10,
                             border_top_right_radius=10)
            blit(surface, label, 19, rect.center, theme.ACCENT if active else theme.INK_DIM, True, "center")
            self.tabs.append((rect, board))
            x = rect.right + 6

    def _draw_entry(self, surface: pygame.Surface, table: pygame.Rect, columns, rank: int, entry) -> None:
        y = table.y + 28 + rank * ROW_H
        highlighted = entry.id == self.highlight_id
        if highlighted:
            glow = pygame.Rect(table.x + 8, y - ROW_H // 2 + 2, table.width - 16, ROW_H - 4)
            shade = tuple(int(c * (0.35 + 0.25 * pulse(self.time, 1.4))) for c in theme.ACCENT)
            pygame.draw.rect(surface, shade, glow, border_radius=8)
        color = theme.INK if highlighted else theme.WARN if rank == 1 else theme.INK
        for _, field, x, anchor in columns:
            text = str(rank) if field == "rank" else entry.played_at[:10] if field == "played_at" else \
                field_value(entry, field)
            if field == "name":  # a long name is narrowed (then shortened) to keep clear of the numbers
                room = NAME_ROOM - (NEW_TAG_ROOM if highlighted else 0)
                text, size = fit(text, 22, room, rank == 1)
                drawn = blit(surface, text, size, (x, y), color, rank == 1, anchor)
                if highlighted:
                    self._draw_new_tag(surface, drawn.right + 12, y)
            else:
                blit(surface, text, 22, (x, y), color, rank == 1, anchor)

    def _draw_new_tag(self, surface: pygame.Surface, x: int, y: int) -> None:
        """The mark beside the entry just made ("NEW"), so it reads as the new one without relying on colour."""
        label = t("scores.new")
        width, height = render(label, 16, theme.BG_DEEP, True).get_size()
        pill = pygame.Rect(x, y - height // 2 - 3, width + 16, height + 6)
        pygame.draw.rect(surface, theme.GOOD, pill, border_radius=pill.height // 2)
        blit(surface, label, 16, pill.center, theme.BG_DEEP, True, "center")
