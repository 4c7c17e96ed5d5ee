"""Statistics of finished games: per title, how many were played and won, by opponent level."""

from __future__ import annotations

from collections import defaultdict

import pygame

from game.app.scene import Scene
from game.services.i18n import counted, t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit
from game.ui.widgets import panel

ROW_H = 32


def lineup(levels: list[str]) -> str:
    """'Normal, Easy ×2' for the opponents of one game."""
    counts: dict[str, int] = defaultdict(int)
    for level in levels:
        counts[level] += 1
    order = ("hard", "normal", "easy", "random")
    parts = [t(f"level.{lv}") + (f" ×{counts[lv]}" if counts[lv] > 1 else "") for lv in order if lv in counts]
    return ", ".join(parts)


def table_rows(storage) -> tuple[list[tuple[str, str, int, float | None, float | None]], int]:
    """(title, opponents, games, wins or None, mean score or None) per title and opponent line-up, and how many
    damaged records storage skipped (its readers check every row)."""
    rows, skipped = [], 0
    for info in registry.TITLES.values():
        groups: dict[str, list[dict]] = defaultdict(list)
        for game in storage.finished_games(info.slug):
            levels = game["details"].get("levels", [])
            groups[lineup(levels[1:]) if levels else t("menu.solo")].append(game)
        skipped += storage.last_skipped
        for key, games in sorted(groups.items()):
            rows.append((info.name(), key, len(games), _wins(games), _mean_score(games)))
    return rows, skipped


def _wins(games: list[dict]) -> float | None:
    """Wins of the human (a shared win counts as its share); None for games without winners."""
    if all(g["outcome"] == "end" for g in games):
        return None
    return sum(g["details"].get("human_share", 1.0 if g["outcome"] == "win" else 0.0) for g in games)


def _mean_score(games: list[dict]) -> float | None:
    scores = [g["details"]["scores"][0] if "scores" in g["details"] else g["details"].get("score") for g in games]
    scores = [s for s in scores if isinstance(s, int | float)]
    return sum(scores) / len(scores) if scores else None


class StatsScene(Scene):
    """One line per title and opponent line-up: games, wins (shared wins count as shares), mean score."""

    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows, self.skipped = table_rows(app.storage)
        self.area = pygame.Rect(90, 50, theme.WIDTH - 180, theme.HEIGHT - 100)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.audio.play("back")
            self.app.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.ui.widgets import dim

        dim(surface, 200)
        panel(surface, self.area, theme.PANEL, theme.ACCENT)
        blit(surface, t("stats.title"), 36, (self.area.x + 36, self.area.y + 24), theme.ACCENT, True)
        headers = [(t("stats.title_col"), 130, "midleft"), (t("stats.opponents"), 380, "midleft"),
                   (t("stats.games"), 800, "midright"), (t("stats.wins"), 930, "midright"),
                   (t("stats.mean_score"), 1120, "midright")]
        y = self.area.y + 96
        for text, x, anchor in headers:
            blit(surface, text, 18, (x, y), theme.INK_DIM, True, anchor)
        if not self.rows:
            blit(surface, t("stats.empty"), 24, self.area.center, theme.INK_DIM, anchor="center")
        for title, key, games, wins, mean in self.rows[:14]:
            y += ROW_H
            won = "—" if wins is None else f"{wins:g} ({100 * wins / games:.0f}%)"
            cells = [(title, 130, "midleft"), (key, 380, "midleft"), (str(games), 800, "midright"),
                     (won, 930, "midright"), ("—" if mean is None else f"{mean:.1f}", 1120, "midright")]
            for text, x, anchor in cells:
                blit(surface, text, 20, (x, y), theme.INK, anchor=anchor)
        blit(surface, t("stats.help"), 17, (self.area.centerx, self.area.bottom - 24), theme.INK_DIM,
             anchor="center")
        if self.skipped:
            blit(surface, counted("storage.skipped", self.skipped), 17, (self.area.x + 36, self.area.bottom - 24),
                 theme.WARN, anchor="midleft")
