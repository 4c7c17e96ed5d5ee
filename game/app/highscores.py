"""The top-10 table of a solo title, with the newest entry highlighted."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit
from game.ui.tween import pulse
from game.ui.widgets import Button, ButtonRow, panel

ROW_H = 40


class HighScoresScene(Scene):
    """Rank, name, score, rounds, the title's own statistics and the date."""

    def __init__(self, app, slug: str, highlight_id: int | None = None) -> None:
        super().__init__(app)
        self.info = registry.get(slug)
        self.title_slug = slug
        self.highlight_id = highlight_id
        self.details = self.info.module("scene").SCORE_DETAILS
        self.entries = app.storage.top_scores(slug, limit=10)
        self.time = 0.0
        y = theme.HEIGHT - 96
        self.row = ButtonRow([
            Button(pygame.Rect(theme.WIDTH // 2 - 290, y, 280, 54), "", self.play_again, primary=True),
            Button(pygame.Rect(theme.WIDTH // 2 + 10, y, 280, 54), "", self.to_menu),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))

    def play_again(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.replace(self.info.module("scene").make_scene(self.app))

    def to_menu(self) -> None:
        from game.app.menu import TitleMenuScene

        self.app.audio.play("back")
        self.app.stack.clear_to(TitleMenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
        else:
            self.row.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def columns(self) -> list[tuple[str, int, str]]:
        """(header, x, anchor) of every column."""
        cols = [(t("scores.rank"), 130, "midright"), (t("scores.name"), 160, "midleft"),
                (t("scores.score"), 490, "midright"), (t("scores.rounds"), 610, "midright")]
        for i, (key, _) in enumerate(self.details):
            cols.append((t(key), 760 + i * 135, "midright"))
        cols.append((t("scores.date"), 1170, "midright"))
        return cols

    def cells(self, rank: int, entry) -> list[str]:
        values = [str(rank), entry.name, str(entry.score), str(entry.rounds)]
        values += [str(entry.details.get(field, "")) for _, field in self.details]
        return values + [entry.played_at[:10]]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        blit(surface, t("scores.title", title=self.info.name()), 42, (theme.WIDTH // 2, 56), theme.ACCENT,
             True, "center")
        table = pygame.Rect(80, 110, theme.WIDTH - 160, ROW_H * 11 + 24)
        panel(surface, table, theme.PANEL)
        columns = self.columns()
        for header, x, anchor in columns:
            blit(surface, header, 19, (x, table.y + 28), theme.INK_DIM, True, anchor)
        if not self.entries:
            blit(surface, t("scores.empty"), 26, table.center, theme.INK_DIM, anchor="center")
        for rank, entry in enumerate(self.entries, start=1):
            y = table.y + 28 + rank * ROW_H
            if entry.id == self.highlight_id:
                glow = pygame.Rect(table.x + 8, y - ROW_H // 2 + 2, table.width - 16, ROW_H - 4)
                shade = tuple(int(c * (0.35 + 0.25 * pulse(self.time, 1.4))) for c in theme.ACCENT)
                pygame.draw.rect(surface, shade, glow, border_radius=8)
            color = theme.INK if entry.id == self.highlight_id else theme.WARN if rank == 1 else theme.INK
            for (_, x, anchor), text in zip(columns, self.cells(rank, entry), strict=True):
                blit(surface, text, 22, (x, y), color, rank == 1, anchor)
        for button, key in zip(self.row.buttons, ("over.play_again", "over.menu"), strict=True):
            button.label = t(key)
        self.row.draw(surface)
        blit(surface, t("scores.help"), 17, (theme.WIDTH // 2, theme.HEIGHT - 22), theme.INK_DIM, anchor="center")
