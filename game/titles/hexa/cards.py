"""Hexa's cards and pieces, drawn (no image files). Suits never matter in Hexa, so a card shows its rank large and
its category as a colour and a word: numbers on ivory, faces (J Q K) on gold, aces on red, the joker on violet."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.services.i18n import per_language, t
from game.titles.hexa.rules import BLANK, CATEGORY, JOKER
from game.ui import theme
from game.ui.text import fit, render

RATIO = 1.42
PAPER = {"number": (248, 244, 232), "face": (250, 226, 150), "ace": (246, 196, 190), "joker": (214, 196, 246),
         "blank": (90, 96, 110)}
INK = {"number": (40, 40, 52), "face": (120, 80, 10), "ace": (170, 40, 50), "joker": (100, 50, 170),
       "blank": (220, 220, 230)}
BACK, BACK_EDGE = (120, 44, 48), (230, 170, 120)
PIECES = ((236, 150, 60), (90, 150, 236))  # P1 (▲) and P2 (▼)


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


@per_language(maxsize=256)
def card_face(rank: str, width: int, style: str = "normal") -> pygame.Surface:
    """A card: its rank large in its category's colours, the category named below (in the language in use);
    `style` "lit" (can be played now), "dim" (cannot), or "normal"."""
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    category = CATEGORY[rank]
    paper = PAPER[category] if style != "dim" else tuple(c // 2 for c in PAPER[category])
    rect = surface.get_rect()
    pygame.draw.rect(surface, paper, rect, border_radius=max(4, w // 8))
    edge = theme.ACCENT if style == "lit" else (60, 60, 70)
    pygame.draw.rect(surface, edge, rect, 3 if style == "lit" else 1, border_radius=max(4, w // 8))
    label = "JK" if rank == JOKER else "—" if rank == BLANK else rank
    size = max(12, round(w * (0.42 if len(label) > 1 else 0.55)))
    ink = INK[category] if style != "dim" else tuple(c // 2 + 40 for c in INK[category])
    text = render(label, size, ink, True)
    surface.blit(text, text.get_rect(center=(w // 2, round(h * 0.44))))
    if w >= 48:
        word, word_size = fit(t(f"hx.category.{category}"), max(10, w // 6), w - 6, True, 9)
        small = render(word, word_size, ink, True)
        surface.blit(small, small.get_rect(midbottom=(w // 2, h - 4)))
    return surface


@lru_cache(maxsize=32)
def card_back(width: int) -> pygame.Surface:
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=max(4, w // 8))
    pygame.draw.rect(surface, BACK_EDGE, rect.inflate(-6, -6), 2, border_radius=max(3, w // 10))
    mark = render("六", max(12, w // 2), BACK_EDGE, True)
    surface.blit(mark, mark.get_rect(center=rect.center))
    return surface


def draw_piece(surface: pygame.Surface, centre: tuple[float, float], size: float, up: bool, colour: tuple,
               edge: tuple = theme.INK) -> None:
    """A piece: a triangle pointing up (▲) or down (▼)."""
    x, y = centre
    r = size * 0.55
    points = [(x, y - r), (x - r * 0.95, y + r * 0.6), (x + r * 0.95, y + r * 0.6)] if up else \
        [(x, y + r), (x - r * 0.95, y - r * 0.6), (x + r * 0.95, y - r * 0.6)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, 2)
