"""Statistics of finished games (issue 20, item 6): a table of every title and line-up, then a page of charts per
title: for a table title your win share by the strongest opponent and by the number of players (each against its
fair share) and your last games; for a solo title how its figure (Dice Slayer's score, Dice Combat's rounds) is
spread, the figures, and your last games. The numbers come from pure functions below; game.ui.charts draws them."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable

import pygame

from game.app.scene import Scene
from game.services.i18n import counted, listed, t
from game.titles import registry
from game.ui import charts, theme
from game.ui.charts import Bar
from game.ui.text import blit
from game.ui.widgets import SHEET, draw_sheet, picked_step

ROW_H = 32
AREA = SHEET
TOP_LEFT = pygame.Rect(AREA.x + 30, AREA.y + 92, 505, 262)
TOP_RIGHT = pygame.Rect(AREA.x + 565, AREA.y + 92, 505, 262)
BOTTOM = pygame.Rect(AREA.x + 30, AREA.y + 368, 1040, 198)
LEVEL_ORDER = ("random", "easy", "normal", "hard")
LAST = 40  # games in the trend
WINDOW = 10  # games in its moving mean


def lineup(levels: list[str]) -> str:
    """'Normal, Easy ×2' for the opponents of one game."""
    counts: dict[str, int] = defaultdict(int)
    for level in levels:
        counts[level] += 1
    order = ("hard", "normal", "easy", "random")
    parts = [t(f"level.{lv}") + (f" ×{counts[lv]}" if counts[lv] > 1 else "") for lv in order if lv in counts]
    return listed(parts)


def table_rows(storage) -> tuple[list[tuple[str, str, int, float | None, float | None]], int]:
    """(title, opponents, games, wins or None, mean score or None) per title and opponent line-up, and how many
    damaged records storage skipped (its readers check every row)."""
    rows, skipped = [], 0
    for info in registry.TITLES.values():
        groups: dict[str, list[dict]] = defaultdict(list)
        for game in started_games(storage, info.slug):
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



# --- the numbers (pure) -------------------------------------------------------------------------------------------
def started_games(storage, slug: str) -> list[dict]:
    """The finished games of `slug` that began at the first deal (a game played on from a replay's position is
    left out: its start was not the player's)."""
    return [game for game in storage.finished_games(slug) if not game["details"].get("played_on")]


def share(game: dict) -> float:
    """Your share of a game's win: 1, 0, or the share of a tie."""
    return float(game["details"].get("human_share", 1.0 if game["outcome"] == "win" else 0.0))


def fair(game: dict) -> float:
    """The share a player wins at random at that table: 1 in the number of players."""
    levels = game["details"].get("levels") or []
    return 1 / max(1, game["details"].get("players", len(levels) or 2))


def strongest(game: dict) -> str | None:
    """The strongest opponent level at the table (None if the record does not say)."""
    known = [level for level in (game["details"].get("levels") or [])[1:] if level in LEVEL_ORDER]
    return max(known, key=LEVEL_ORDER.index) if known else None


def win_shares(games: list[dict], key: Callable[[dict], object]) -> list[tuple[object, int, float, float]]:
    """(group, games, your mean share, the mean fair share) for the games grouped by `key` (None left out)."""
    groups: dict[object, list[dict]] = defaultdict(list)
    for game in games:
        group = key(game)
        if group is not None:
            groups[group].append(game)
    return [(group, len(kept), statistics.fmean(map(share, kept)), statistics.fmean(map(fair, kept)))
            for group, kept in groups.items()]


def moving_mean(values: list[float], window: int = WINDOW) -> list[float]:
    """At each game, the mean of it and the games before it, `window` at most."""
    return [statistics.fmean(values[max(0, i + 1 - window):i + 1]) for i in range(len(values))]


def histogram(values: list[float], bins: int = 8) -> list[tuple[int, int, int]]:
    """(low, high, games) for whole-number bins of a round width that cover `values` (at most `bins` of them)."""
    if not values:
        return []
    low, high = int(min(values)), int(max(values))
    width = 1
    while (high - low) // width + 1 > bins:
        width = next(w for w in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if w > width)
    low -= low % width
    counts = [0] * ((high - low) // width + 1)
    for value in values:
        counts[(int(value) - low) // width] += 1
    return [(low + i * width, low + (i + 1) * width - 1, n) for i, n in enumerate(counts)]


def figure(game: dict, key: str) -> float | None:
    value = game["details"].get(key, game.get(key))
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


class StatsScene(Scene):
    """Page 0: one line per title and opponent line-up; then a page of charts per title (◀▶)."""

    overlay = True

    def __init__(self, app, title: str | None = None) -> None:
        super().__init__(app)
        self.rows, self.skipped = table_rows(app.storage)
        self.pages: list[str | None] = [None, *registry.TITLES]
        self.page = self.pages.index(title) if title in self.pages else 0
        self.games: list[dict] = []
        self.charts: list[Callable[[pygame.Surface], None]] = []  # the page's charts, worked out as it opens
        self._load()

    def _load(self) -> None:
        slug = self.pages[self.page]
        self.games = started_games(self.app.storage, slug) if slug else []
        spec = registry.get(slug) if slug else None
        self.charts = [] if not self.games else self._solo_charts(spec.chart, spec.chart_best) if spec.chart \
            else self._table_title_charts()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % len(self.pages)
        self.app.audio.play("menu_move")
        self._load()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.audio.play("back")
            self.app.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if picked_step(event.pos):
                self.turn(picked_step(event.pos))
            else:
                self.app.stack.pop()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        slug = self.pages[self.page]
        draw_sheet(surface, t("stats.title"), t("games.all") if slug is None else registry.get(slug).name())
        if slug is None:
            self._draw_table(surface)
        elif not self.games:
            blit(surface, t("stats.no_games"), 22, AREA.center, theme.INK_DIM, anchor="center")
        for paint in self.charts:
            paint(surface)
        blit(surface, t("stats.help"), 17, (AREA.centerx, AREA.bottom - 22), theme.INK_DIM, anchor="center")
        if self.skipped:
            blit(surface, counted("storage.skipped", self.skipped), 17, (AREA.x + 36, AREA.bottom - 22),
                 theme.WARN, anchor="midleft")

    def _draw_table(self, surface: pygame.Surface) -> None:
        headers = [(t("stats.title_col"), 130, "midleft"), (t("stats.opponents"), 380, "midleft"),
                   (t("stats.games"), 800, "midright"), (t("stats.wins"), 930, "midright"),
                   (t("stats.mean_score"), 1120, "midright")]
        y = AREA.y + 106
        for text, x, anchor in headers:
            blit(surface, text, 18, (x, y), theme.INK_DIM, True, anchor)
        if not self.rows:
            blit(surface, t("stats.empty"), 24, AREA.center, theme.INK_DIM, anchor="center")
        for title, key, games, wins, mean in self.rows[:14]:
            y += ROW_H
            won = "—" if wins is None else f"{wins:g} ({100 * wins / games:.0f}%)"
            cells = [(title, 130, "midleft"), (key, 380, "midleft"), (str(games), 800, "midright"),
                     (won, 930, "midright"), ("—" if mean is None else f"{mean:.1f}", 1120, "midright")]
            for text, x, anchor in cells:
                blit(surface, text, 20, (x, y), theme.INK, anchor=anchor)

    def _table_title_charts(self) -> list[Callable[[pygame.Surface], None]]:
        """The charts of a table title's page, worked out once (the page's games do not change while it is open)."""
        def bar(label: str, n: int, mean: float, fair_share: float) -> Bar:
            return Bar(label, mean, t("stats.bar", pct=round(100 * mean), n=n), fair_share)

        def percent(value: float) -> str:
            return f"{round(100 * value)}%"

        none = t("stats.none")
        levels = sorted(win_shares(self.games, strongest), key=lambda row: LEVEL_ORDER.index(row[0]))
        by_level = [bar(t(f"level.{lv}"), *rest) for lv, *rest in levels]
        tables = sorted(win_shares(self.games, lambda game: round(1 / fair(game))))
        by_table = [bar(t("stats.players", n=n), *rest) for n, *rest in tables]
        last = self.games[-LAST:]
        shares = [share(game) for game in last]
        colours = [theme.GOOD if s == 1 else theme.BAD if s == 0 else theme.WARN for s in shares]
        mean, level = moving_mean(shares), statistics.fmean(map(fair, last))
        keys = [(t("stats.won"), theme.GOOD), (t("stats.lost"), theme.BAD), (t("stats.shared"), theme.WARN),
                (t("stats.fair"), None)]
        heading = counted("stats.trend_share", len(last))
        return [
            lambda surface: charts.bars(surface, TOP_LEFT, t("stats.by_level"), by_level, 1.0, percent, none),
            lambda surface: charts.bars(surface, TOP_RIGHT, t("stats.by_players"), by_table, 1.0, percent, none),
            lambda surface: charts.trend(surface, BOTTOM, heading, shares, colours, mean, 1.0, percent, none, level),
            lambda surface: charts.legend(surface, BOTTOM, keys),
        ]

    def _solo_charts(self, chart: tuple[str, str], best: str = "highest") -> list[Callable[[pygame.Surface], None]]:
        """The charts of a solo title's page: the spread of its figure, the figures, the trend (worked out once)."""
        key, label_key = chart
        label, none = t(label_key), t("stats.none")
        values = [v for v in (figure(game, key) for game in self.games) if v is not None]
        bins = histogram(values)
        spread_top, spread_steps = charts.scale_for(max((n for *_, n in bins), default=1))
        spread = [Bar(str(lo), n, str(n) if n else "") for lo, _, n in bins]
        width = bins[0][1] - bins[0][0] + 1 if bins else 1
        last = [game for game in self.games[-LAST:] if figure(game, key) is not None]
        points = [figure(game, key) for game in last]
        colours = [theme.GOOD if game["outcome"] == "win" else theme.BAD if game["outcome"] == "loss" else
                   theme.ACCENT for game in last]
        top, steps = charts.scale_for(max(points, default=1))
        spread_heading = t("stats.distribution", label=label, width=width)
        trend_heading = counted("stats.trend_score", len(last), label=label)
        rows = self._figures(values, key, best)
        painters = [
            lambda surface: charts.bars(surface, TOP_LEFT, spread_heading, spread, spread_top, lambda v: f"{v:g}",
                                        none, spread_steps),
            lambda surface: self._draw_figures(surface, rows),
            lambda surface: charts.trend(surface, BOTTOM, trend_heading, points, colours, moving_mean(points), top,
                                         lambda v: f"{v:g}", none, steps=steps),
        ]
        if any(game["outcome"] in ("win", "loss") for game in last):
            keys = [(t("stats.won"), theme.GOOD), (t("stats.lost"), theme.BAD)]
            painters.append(lambda surface: charts.legend(surface, BOTTOM, keys))
        return painters

    def _figures(self, values: list[float], key: str, best: str = "highest") -> list[tuple[str, str]]:
        """Games, wins, and the figure's mean, median, best and recent mean. The best is the highest, or (Dice
        Combat's rounds) the fewest of a won game: playtest round 12 read a lost game's 11 rounds as "Best 11"."""
        rows = [(t("stats.f_games"), str(len(self.games)))]
        if any(game["outcome"] in ("win", "loss") for game in self.games):
            wins = sum(game["outcome"] == "win" for game in self.games)
            rows.append((t("stats.f_wins"), f"{wins} ({round(100 * wins / len(self.games))}%)"))
        if values:
            rows += [(t("stats.f_mean"), f"{statistics.fmean(values):.1f}"),
                     (t("stats.f_median"), f"{statistics.median(values):g}")]
            if best == "fewest_in_a_win":
                won = [v for game in self.games if game["outcome"] == "win" and (v := figure(game, key)) is not None]
                rows.append((t("stats.f_fastest_win"), f"{min(won):g}" if won else "—"))
            else:
                rows.append((t("stats.f_best"), f"{max(values):g}"))
            rows.append((t("stats.f_last"), f"{statistics.fmean(values[-WINDOW:]):.1f}"))
        return rows

    def _draw_figures(self, surface: pygame.Surface, rows: list[tuple[str, str]]) -> None:
        charts.frame(surface, TOP_RIGHT, t("stats.figures"))
        for i, (name, value) in enumerate(rows):
            y = TOP_RIGHT.y + 56 + i * 32
            blit(surface, name, 19, (TOP_RIGHT.x + 24, y), theme.INK_DIM, anchor="midleft")
            blit(surface, value, 21, (TOP_RIGHT.right - 24, y), theme.INK, True, "midright")
