"""Fusejika's person cards drawn with pygame: four suit colours AND suit symbols (♠ ♥ ♦ ♣), the rank large,
the effect's name small, so a card reads at a glance and without colour vision.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.services.i18n import per_language, t
from game.ui import theme
from game.ui.text import condensed, render

SUIT_INK = {"S": (34, 34, 44), "H": (204, 40, 52), "D": (36, 98, 204), "C": (28, 132, 72)}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PAPER = (248, 244, 232)
BACK = (60, 42, 92)
BACK_EDGE = (170, 140, 220)
RATIO = 1.42


def card_text(card) -> str:
    """A card as text with its suit symbol: 10♥."""
    return f"{card.rank}{SUIT_SYMBOL[card.suit]}"


@per_language(maxsize=1024)
def card_face(rank: str, suit: str, width: int, style: str = "normal") -> pygame.Surface:
    """A face-up card; style 'lit' (choosable), 'dim' (not choosable), 'dead' (rank already in the row),
    'glow' (sudden death) or 'normal'."""
    height = int(width * RATIO)
    ink = SUIT_INK[suit]
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    paper = (190, 184, 176) if style in ("dim", "dead") else (255, 240, 170) if style == "glow" else PAPER
    pygame.draw.rect(surface, paper, rect, border_radius=max(4, width // 8))
    edge = theme.ACCENT if style == "lit" else theme.WARN if style == "glow" else ink
    pygame.draw.rect(surface, edge, rect, width=max(2, width // 18 + (2 if style in ("lit", "glow") else 0)),
                     border_radius=max(4, width // 8))
    corner = render(f"{rank}{SUIT_SYMBOL[suit]}", max(11, width // 4), ink, True)
    surface.blit(corner, (width * 0.09, height * 0.03))
    big = render(rank, max(14, int(width * (0.36 if len(rank) > 1 else 0.46))), ink, True)
    surface.blit(big, big.get_rect(center=(width * 0.5, height * 0.47)))
    if width >= 44:  # the effect's one name at every size, squeezed where it is long (playtest round 21b: the A
        # read オールマイティ in the hand and 万能, a short form, in your row)
        word = condensed(t(f"fj.effect.{rank}"), max(10, width // 6), width - 6, ink)
        surface.blit(word, word.get_rect(midbottom=(width * 0.5, height * 0.95)))
    if style == "dead":
        pygame.draw.line(surface, theme.BAD, (width * 0.12, height * 0.12), (width * 0.88, height * 0.88), 4)
        pygame.draw.line(surface, theme.BAD, (width * 0.88, height * 0.12), (width * 0.12, height * 0.88), 4)
    if style in ("dim", "dead"):
        surface.set_alpha(170)
    return surface


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    height = int(width * RATIO)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=max(4, width // 8))
    pygame.draw.rect(surface, BACK_EDGE, rect.inflate(-width // 7, -width // 7), width=2,
                     border_radius=max(3, width // 10))
    glyph = render("時", max(11, width // 2), BACK_EDGE, True)
    surface.blit(glyph, glyph.get_rect(center=rect.center))
    return surface


@lru_cache(maxsize=64)
def empty_slot(rank: str, width: int) -> pygame.Surface:
    """The outline of a rank still missing from a row."""
    height = int(width * RATIO)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, (255, 255, 255, 40), surface.get_rect(), 2, border_radius=max(4, width // 8))
    label = render(rank, max(12, width // 3), theme.INK_FAINT, True)
    surface.blit(label, label.get_rect(center=(width / 2, height / 2)))
    return surface
