"""Shinobazu's ninja cards drawn with pygame: colour AND symbol tell the suit (black ◆, red ●, blue ▲),
so the game is playable without colour vision. Every 2 and 4 shows the reversal mark 逆.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.text import render

SUITS = {  # colour letter: (ink, symbol)
    "K": ((40, 40, 48), "diamond"),
    "R": ((200, 44, 52), "circle"),
    "B": ((40, 104, 200), "triangle"),
}
TEXT_MARKS = {"●": (236, 92, 98), "▲": (104, 158, 240)}  # red's and blue's symbols in text (black's ◆ stays light)
PAPER = (246, 240, 226)
BACK = (44, 38, 74)
BACK_EDGE = (120, 104, 180)


def value_text(value: int) -> str:
    """A card value with a true minus sign: −3."""
    return f"−{-value}" if value < 0 else str(value)


def draw_symbol(surface: pygame.Surface, shape: str, center: tuple[float, float], r: float, color) -> None:
    x, y = center
    if shape == "circle":
        pygame.draw.circle(surface, color, (x, y), r)
    elif shape == "diamond":
        pygame.draw.polygon(surface, color, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    else:
        pygame.draw.polygon(surface, color, [(x, y - r), (x + r * 0.95, y + r * 0.8), (x - r * 0.95, y + r * 0.8)])


@lru_cache(maxsize=512)  # 15 cards × 3 sizes × 3 styles must all fit, or the table redraws them every frame
def card_face(colour: str, value: int, width: int, style: str = "normal") -> pygame.Surface:
    """A face-up card; style 'lit' (choosable), 'dim' (barred) or 'normal'."""
    height = int(width * 1.42)
    ink, shape = SUITS[colour]
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    paper = (196, 190, 180) if style == "dim" else PAPER
    pygame.draw.rect(surface, paper, rect, border_radius=width // 8)
    edge = theme.ACCENT if style == "lit" else ink
    pygame.draw.rect(surface, edge, rect, width=max(2, width // 22), border_radius=width // 8)
    label = render(value_text(value), max(12, width // 3), ink, True)
    surface.blit(label, (width * 0.1, height * 0.04))
    draw_symbol(surface, shape, (width * 0.5, height * 0.56), width * 0.26, ink)
    big = render(value_text(value), max(12, int(width * 0.3)), PAPER, True)
    surface.blit(big, big.get_rect(center=(width * 0.5, height * 0.6)))
    if value in (2, 4):
        mark = render("逆", max(10, width // 5), theme.ACCENT_DEEP, True)
        surface.blit(mark, mark.get_rect(bottomright=(width * 0.92, height * 0.96)))
    if style == "dim":
        surface.set_alpha(150)
    return surface


@lru_cache(maxsize=32)
def card_back(width: int, lead: str | None = None, turned: bool = False) -> pygame.Surface:
    """A face-down card; a lead-colour card shows its colour mark (everyone knows it). `turned`: lying sideways (a
    pass), its 忍 and its mark still upright (turned with the card, ▲ read as ◀; playtest round 20)."""
    height = int(width * 1.42)
    surface = pygame.Surface((height, width) if turned else (width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=width // 8)
    pygame.draw.rect(surface, BACK_EDGE, rect.inflate(-width // 8, -width // 8), width=2, border_radius=width // 10)
    glyph = render("忍", max(12, width // 2), BACK_EDGE, True)
    surface.blit(glyph, glyph.get_rect(center=rect.center))
    if lead:
        ink, shape = SUITS[lead]
        mark = (rect.width - width * 0.22, width * 0.2)
        pygame.draw.circle(surface, PAPER, mark, width * 0.15)
        draw_symbol(surface, shape, mark, width * 0.1, ink)
    return surface


@lru_cache(maxsize=64)
def sideways(image: pygame.Surface) -> pygame.Surface:
    """A card turned a quarter: how a passed card lies on the table."""
    return pygame.transform.rotate(image, 90)
