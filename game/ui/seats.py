"""Seats around a card table for 2 to 7 players: the human at the bottom left, the others clockwise (play passes to
the left), around the centre or around a title's own board.

`table_layout(n, board)` gives each seat's name-plate anchor and the plate size (compact from six seats on);
`draw_seat_badge` shows a name, level, score, hand size and whose turn it is, with a "thinking" cue for a bot that is
choosing. Every layout keeps its plates inside the table area, clear of one another, of the title header, of the
human's hand strip and of the board (tests/test_seats.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.text import blit, fit, render
from game.ui.tween import pulse
from game.ui.widgets import panel

TABLE = pygame.Rect(0, 0, 980, theme.HEIGHT)  # the table area; the side panel (log, actions) takes the rest
CENTRE = (490, 340)  # the table's centre (without a board)
HEADER = pygame.Rect(0, 0, 980, 84)  # the title's name, round and rule lines
HAND = pygame.Rect(0, 540, 980, 180)  # the human's strip: their plate (left), hand and own row
SEAT_0 = (120, 650)  # the human's plate, at the left of their strip
BADGE = (190, 64)
COMPACT = (164, 56)  # the plate from six seats on
MARGIN = 10  # between a plate and the board, and a plate and the table's edge

# Seat anchors (centre of each name plate) without a board, by player count; seat 0 is the human.
LAYOUTS = {
    2: [SEAT_0, (490, 150)],
    3: [SEAT_0, (210, 230), (770, 230)],
    4: [SEAT_0, (150, 340), (490, 150), (830, 340)],
    5: [SEAT_0, (150, 390), (300, 170), (680, 170), (830, 390)],
    6: [SEAT_0, (112, 420), (180, 218), (490, 140), (800, 218), (868, 420)],
    7: [SEAT_0, (100, 440), (126, 256), (328, 140), (652, 140), (854, 256), (880, 440)],
}


@dataclass(frozen=True)
class TableLayout:
    """Where the seats sit: plate centres by seat, the plate size, and the board (if any) they sit around."""

    seats: tuple[tuple[int, int], ...]
    plate: tuple[int, int]
    board: pygame.Rect | None = None

    def plate_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.plate)
        rect.center = self.seats[seat]
        return rect


def plate_size(players: int) -> tuple[int, int]:
    return BADGE if players <= 5 else COMPACT


def seat_layout(players: int) -> list[tuple[int, int]]:
    """The plate anchors without a board (seat 0 first)."""
    return LAYOUTS[players]


def table_layout(players: int, board: pygame.Rect | None = None, you: int = 0) -> TableLayout:
    """The seats for 2 to 7 players, around the table's centre, or around `board` (a title's own board widget),
    seat `you` at the bottom and the others clockwise from it."""
    if not 2 <= players <= 7:
        raise ValueError(f"a table seats 2 to 7 players, not {players}")
    if board is None:
        return TableLayout(_from(you, LAYOUTS[players]), plate_size(players))
    for size in dict.fromkeys((plate_size(players), COMPACT)):
        seats = _around(board, players - 1, size)
        if seats is not None:
            return TableLayout(_from(you, [SEAT_0, *seats]), size, pygame.Rect(board))
    raise ValueError(f"a board of {board.size} leaves no room for {players} seats around it")


def _from(you: int, places: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The places by seat when seat `you` takes the first (the bottom) and the next seats the next places."""
    n = len(places)
    return tuple(places[(seat - you) % n] for seat in range(n))


def _around(board: pygame.Rect, count: int, size: tuple[int, int]) -> list[tuple[int, int]] | None:
    """`count` plate centres clockwise around `board` (up the left, across the top, down the right), spread
    evenly over the places on that path where a plate fits; None if they do not fit."""
    path = _path(board, size)
    free = [point for point in path if _fits(point, size, board)]
    if len(free) < count:
        return None
    if count == 1:  # a lone opponent faces the human: the middle of the path, or the nearest free place (right first)
        middle = len(path) / 2
        return [min(reversed(free), key=lambda point: abs(path.index(point) - middle))]
    seats = [free[int((k + 0.5) * len(free) / count)] for k in range(count)]
    plates = [_plate(seat, size) for seat in seats]
    if any(a.colliderect(b) for i, a in enumerate(plates) for b in plates[i + 1:]):
        return None
    return seats


def _path(board: pygame.Rect, size: tuple[int, int]) -> list[tuple[int, int]]:
    """Points every 2 px along the U around the board: up the left, across the top, down the right."""
    w, h = size
    left = max(TABLE.left + MARGIN + w // 2, board.left // 2)
    right = min(TABLE.right - MARGIN - w // 2, (board.right + TABLE.right) // 2)
    top = max(HEADER.bottom + MARGIN // 2 + h // 2, (HEADER.bottom + board.top) // 2)
    bottom = HAND.top - h // 2
    return ([(left, y) for y in range(bottom, top, -2)] + [(x, top) for x in range(left, right, 2)]
            + [(right, y) for y in range(top, bottom + 1, 2)])


def _plate(center: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = center
    return rect


def _fits(center: tuple[int, int], size: tuple[int, int], board: pygame.Rect) -> bool:
    rect = _plate(center, size)
    return TABLE.contains(rect) and rect.collidelist((HEADER, HAND, board.inflate(2 * MARGIN, 2 * MARGIN))) < 0


BACK_STEP = 10  # the least step between two card backs (8 px wide): 2 px apart


def draw_seat_badge(surface: pygame.Surface, center: tuple[int, int], name: str, level: str, score: str,
                    hand: int | None, active: bool, thinking: bool, time: float, size: tuple[int, int] = BADGE,
                    score_mark: pygame.Surface | None = None) -> pygame.Rect:
    """The seat's name plate; `active` lights it, `thinking` adds animated dots after the level; `score_mark` (a
    small picture: a chip) stands left of the score, saying what it counts. `hand`: the seat's card count, shown as
    that many small backs and the number (an empty hand as "0"); None where the plate shows no hand."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = center
    small = size[1] < BADGE[1]
    edge = theme.ACCENT if active else theme.PANEL_HI
    if active:
        halo = rect.inflate(10, 10)
        shade = tuple(int(c * (0.25 + 0.25 * pulse(time, 1.2))) for c in theme.ACCENT)
        pygame.draw.rect(surface, shade, halo, border_radius=theme.RADIUS + 4)
    panel(surface, rect, theme.PANEL, edge)
    score_w = render(score, 22 if small else 26, theme.WARN, True).get_width() + 8 if score else 0
    if score_mark is not None:
        score_w += score_mark.get_width() + 4
    name, name_size = fit(name, 18 if small else 20, rect.width - 24 - score_w, True, 13)
    blit(surface, name, name_size, (rect.x + 12, rect.y + (5 if small else 7)), theme.INK, True)
    line = blit(surface, level if level != name else "", 13 if small else 14,  # not "You" twice on your plate
                (rect.x + 12, rect.bottom - (22 if small else 28)), theme.INK_DIM)
    if score:
        shown = blit(surface, score, 22 if small else 26, (rect.right - 12, rect.y + (5 if small else 6)), theme.WARN,
                     True, "topright")
        if score_mark is not None:
            surface.blit(score_mark, score_mark.get_rect(midright=(shown.left - 4, shown.centery)))
    # every hand shows its number beside its backs (playtest round 9: a number on big hands only read as some
    # seats' counts missing)
    room = rect.right - 18 - (line.right + 34 + (20 if hand is not None else 0))  # to the level, its dots, the count
    # a big hand closes up rather than run into the level, but no closer than 2 px between backs (they ran into
    # one bar on a small plate): then fewer backs, and the number says how many
    backs = min(hand or 0, 1 + max(0, int(room // BACK_STEP)))
    step = min(10.0, room / max(1, backs - 1))
    for i in range(backs):  # the hand as small card backs
        pygame.draw.rect(surface, theme.SKY, (round(rect.right - 18 - i * step), rect.bottom - 26, 8, 14),
                         border_radius=2)
    if hand == 0:  # an empty hand: an empty outline and 0 (playtest round 25: a plate with no backs read as unknown)
        pygame.draw.rect(surface, theme.INK_DIM, (rect.right - 18, rect.bottom - 26, 8, 14), 1, border_radius=2)
    if hand is not None:
        blit(surface, str(hand), 14, (round(rect.right - 18 - max(0, backs - 1) * step) - 4, rect.bottom - 19),
             theme.SKY if hand else theme.INK_DIM, True, "midright")
    if thinking:
        for i in range(1 + int(time * 3) % 3):  # up to three dots, one more each third of a second
            pygame.draw.circle(surface, theme.SKY, (line.right + 8 + i * 8, line.centery + 2), 3)
    return rect


@lru_cache(maxsize=4)
def felt_table(oval: tuple[int, int, int, int] = (40, 90, 900, 500)) -> pygame.Surface:
    """The room and a round felt table (its edge, then the cloth 12 px inside), drawn once per shape."""
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surface.fill(theme.BG)
    x, y, w, h = oval
    pygame.draw.ellipse(surface, theme.FELT_EDGE, oval)
    pygame.draw.ellipse(surface, theme.FELT, (x + 12, y + 10, w - 24, h - 20))
    return surface
