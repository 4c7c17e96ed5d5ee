"""Plain charts in the game's own style (the statistics pages): bars with a mark each, and a trend of the last games.

A chart is drawn inside its rectangle: a heading, a faint grid with its scale on the left, and the data. Values are
never hidden: every bar says its value and how many games it holds, and an empty chart says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.text import blit, fit

HEADING = 34  # the room a chart's heading takes at its top
SCALE_W = 52  # the scale's labels at the left
FOOT = 30  # the bars' labels under the baseline


@dataclass(frozen=True)
class Bar:
    label: str  # under the bar
    value: float  # its height on the chart's scale
    note: str  # over the bar (the value in words, and how many games)
    mark: float | None = None  # a level drawn across the bar (the fair share)
    colour: tuple[int, int, int] = theme.ACCENT


def frame(surface: pygame.Surface, rect: pygame.Rect, heading: str) -> pygame.Rect:
    """The chart's panel and heading; the plot area inside."""
    pygame.draw.rect(surface, theme.BG_DEEP, rect, border_radius=theme.RADIUS)
    line, size = fit(heading, 19, rect.width - 28, True)
    blit(surface, line, size, (rect.x + 14, rect.y + 10), theme.INK_DIM, True)
    return pygame.Rect(rect.x + SCALE_W, rect.y + HEADING + 24, rect.width - SCALE_W - 16,
                       rect.height - HEADING - 24 - FOOT)


def scale_for(highest: float, lines: int = 4) -> tuple[float, int]:
    """A round top for values up to `highest`, and its grid steps (at most `lines`): each step 1, 2 or 5 times a
    power of ten, so counts and scores read as whole numbers."""
    step = 1.0
    while highest > step * lines:
        mantissa = round(step / 10 ** math.floor(math.log10(step)))
        step *= 2.5 if mantissa == 2 else 2  # 1, 2, 5, 10, 20, 50...
    steps = max(1, math.ceil(highest / step))
    return step * steps, steps


def grid(surface: pygame.Surface, plot: pygame.Rect, top: float, label: Callable[[float], str], steps: int = 4) -> None:
    """Faint lines at `steps` even parts of the scale `0..top`, labelled at the left."""
    for i in range(steps + 1):
        y = plot.bottom - round(plot.height * i / steps)
        pygame.draw.line(surface, theme.PANEL if i else theme.INK_FAINT, (plot.x, y), (plot.right, y))
        blit(surface, label(top * i / steps), 13, (plot.x - 8, y), theme.INK_FAINT, anchor="midright")


def bars(surface: pygame.Surface, rect: pygame.Rect, heading: str, data: Sequence[Bar], top: float,
         scale: Callable[[float], str], empty: str, steps: int = 4) -> None:
    """Bars side by side on the scale 0..top, each with its note above and its label below; `mark` dashed across."""
    plot = frame(surface, rect, heading)
    grid(surface, plot, top, scale, steps)
    if not data:
        blit(surface, empty, 17, plot.center, theme.INK_FAINT, anchor="center")
        return
    slot = plot.width / len(data)
    width = max(8, min(90, round(slot * 0.6)))
    for i, bar in enumerate(data):
        centre = round(plot.x + slot * (i + 0.5))
        height = round(plot.height * min(1.0, max(0.0, bar.value / top))) if top > 0 else 0
        body = pygame.Rect(centre - width // 2, plot.bottom - height, width, height)
        if height:
            pygame.draw.rect(surface, bar.colour, body, border_top_left_radius=6, border_top_right_radius=6)
        above = body.y  # the note goes over the bar and over its mark
        if bar.mark is not None and top > 0:
            y = plot.bottom - round(plot.height * min(1.0, bar.mark / top))
            dashed(surface, (body.x - 6, y), (body.right + 6, y), theme.INK)
            above = min(above, y - 2)
        note, size = fit(bar.note, 14, round(slot) - 4)
        blit(surface, note, size, (centre, above - 4), theme.INK, anchor="midbottom")
        label, size = fit(bar.label, 15, round(slot) - 4)
        blit(surface, label, size, (centre, plot.bottom + 6), theme.INK_DIM, anchor="midtop")


def trend(surface: pygame.Surface, rect: pygame.Rect, heading: str, points: Sequence[float],
          colours: Sequence[tuple[int, int, int]], line: Sequence[float], top: float,
          scale: Callable[[float], str], empty: str, level: float | None = None, steps: int = 4) -> None:
    """The last games left to right: a dot per game (its value, its colour), `line` (a moving mean) through them,
    and `level` dashed across (the fair share)."""
    plot = frame(surface, rect, heading)
    grid(surface, plot, top, scale, steps)
    if not points:
        blit(surface, empty, 17, plot.center, theme.INK_FAINT, anchor="center")
        return
    step = plot.width / max(1, len(points))

    def at(i: int, value: float) -> tuple[int, int]:
        return (round(plot.x + step * (i + 0.5)), plot.bottom - round(plot.height * min(1.0, max(0.0, value / top))))

    if level is not None:
        y = at(0, level)[1]
        dashed(surface, (plot.x, y), (plot.right, y), theme.INK_DIM)
    if len(line) > 1:
        pygame.draw.lines(surface, theme.SKY, False, [at(i, v) for i, v in enumerate(line)], 3)
    for i, (value, colour) in enumerate(zip(points, colours, strict=True)):
        pygame.draw.circle(surface, colour, at(i, value), 5)


def legend(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, tuple[int, int, int] | None]]
           ) -> None:
    """Keys at the top right of a chart: a dot of each colour (None: a dashed line) and its words."""
    x = rect.right - 14
    for text, colour in reversed(items):
        width = blit(surface, text, 14, (x, rect.y + 22), theme.INK_DIM, anchor="midright").width
        x -= width + 8
        if colour is None:
            dashed(surface, (x - 18, rect.y + 22), (x, rect.y + 22), theme.INK_DIM)
            x -= 18
        else:
            pygame.draw.circle(surface, colour, (x - 5, rect.y + 22), 5)
            x -= 10
        x -= 14


def dashed(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: tuple[int, int, int],
           dash: int = 6) -> None:
    """A horizontal dashed line."""
    (x0, y), (x1, _) = start, end
    for x in range(x0, x1, dash * 2):
        pygame.draw.line(surface, colour, (x, y), (min(x + dash, x1), y), 2)
