"""Seats around a card table: the human at the bottom, the others clockwise (play passes to the left).

`seat_layout(n)` gives each seat's anchor; `draw_seat_badge` shows a name, level, score, hand size and
whose turn it is, with a "thinking" cue for a bot that is choosing.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.text import blit
from game.ui.tween import pulse
from game.ui.widgets import panel

# Seat anchors (centre of each name plate) on a table 980 wide (a side panel takes the rest), by player count;
# seat 0, the human, sits at the bottom, where the scene puts the hand instead.
LAYOUTS = {
    2: [(490, 640), (490, 150)],
    3: [(490, 640), (210, 230), (770, 230)],
    4: [(490, 640), (150, 340), (490, 150), (830, 340)],
    5: [(490, 640), (150, 390), (300, 170), (680, 170), (830, 390)],
}
BADGE = (190, 64)


def seat_layout(players: int) -> list[tuple[int, int]]:
    return LAYOUTS[players]


def draw_seat_badge(surface: pygame.Surface, center: tuple[int, int], name: str, level: str, score: str,
                    hand: int, active: bool, thinking: bool, time: float) -> pygame.Rect:
    """The seat's name plate; `active` lights it, `thinking` adds animated dots."""
    rect = pygame.Rect(0, 0, *BADGE)
    rect.center = center
    edge = theme.ACCENT if active else theme.PANEL_HI
    if active:
        halo = rect.inflate(10, 10)
        shade = tuple(int(c * (0.25 + 0.25 * pulse(time, 1.2))) for c in theme.ACCENT)
        pygame.draw.rect(surface, shade, halo, border_radius=theme.RADIUS + 4)
    panel(surface, rect, theme.PANEL, edge)
    blit(surface, name, 20, (rect.x + 12, rect.y + 7), theme.INK, True)
    blit(surface, level, 14, (rect.x + 12, rect.y + 36), theme.INK_DIM)
    blit(surface, score, 26, (rect.right - 12, rect.y + 6), theme.WARN, True, "topright")
    for i in range(hand):  # the hand as small card backs
        pygame.draw.rect(surface, theme.SKY, (rect.right - 18 - i * 10, rect.y + 38, 8, 14), border_radius=2)
    if thinking:
        dots = "." * (1 + int(time * 3) % 3)
        blit(surface, dots, 26, (rect.centerx, rect.bottom + 2), theme.SKY, True, "midtop")
    return rect
