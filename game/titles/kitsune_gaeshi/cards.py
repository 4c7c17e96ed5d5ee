"""Kitsune-gaeshi's cards drawn with pygame: one back for all 11 cards, a fox face (狐, orange) and a bride face
(嫁, white veil). A declared fox lies sideways; a badge (狐 / 嫁) repeats the declaration for colour-blind play."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.services.i18n import per_language, t
from game.titles.kitsune_gaeshi.rules import FOX
from game.ui import theme
from game.ui.text import fit, render

PAPER = (246, 240, 226)
BACK = (120, 36, 44)
BACK_EDGE = (214, 160, 90)
FOX_INK = (214, 110, 30)
BRIDE_INK = (70, 70, 110)


@per_language(maxsize=64)
def card_face(face: str, width: int, style: str = "normal") -> pygame.Surface:
    """A face-up card; style 'lie' adds a red stamp (the declaration was false)."""
    height = int(width * 1.42)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    fox = face == FOX
    paper = (252, 222, 180) if fox else PAPER
    ink = FOX_INK if fox else BRIDE_INK
    pygame.draw.rect(surface, paper, rect, border_radius=width // 8)
    pygame.draw.rect(surface, ink, rect, width=max(2, width // 20), border_radius=width // 8)
    mark = "狐" if fox else "嫁"
    glyph = render(mark, max(12, int(width * 0.55)), ink, True)
    surface.blit(glyph, glyph.get_rect(center=(width // 2, int(height * 0.45))))
    name = t("kg.card.fox" if fox else "kg.card.bride")
    text, size = fit(name, max(9, width // 6), width - 6, True, 8)
    if width >= 36 and text == name and name != mark:  # no label on a corner peek, cut short, or the glyph again
        # (狐 in Japanese): it said nothing more (playtest round 13: "BR…")
        label = render(text, size, ink, True)
        surface.blit(label, label.get_rect(midbottom=(width // 2, height - width // 12)))
    if style == "lie":  # top left: the declaration's badge covers the top right corner (playtest round 13)
        stamp = render("偽", max(12, width // 3), theme.BAD, True)
        pygame.draw.circle(surface, theme.BAD, (int(width * 0.22), int(height * 0.14)), width // 5, 2)
        surface.blit(stamp, stamp.get_rect(center=(int(width * 0.22), int(height * 0.14))))
    return surface


@lru_cache(maxsize=16)
def card_back(width: int) -> pygame.Surface:
    height = int(width * 1.42)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=width // 8)
    pygame.draw.rect(surface, BACK_EDGE, rect.inflate(-width // 8, -width // 8), width=2, border_radius=width // 10)
    glyph = render("返", max(12, width // 2), BACK_EDGE, True)
    surface.blit(glyph, glyph.get_rect(center=rect.center))
    return surface


@lru_cache(maxsize=64)
def sideways(image: pygame.Surface) -> pygame.Surface:
    """A card turned a quarter: how a card declared a fox lies on the table."""
    return pygame.transform.rotate(image, 90)


def badge(declared: str, size: int = 22) -> pygame.Surface:
    """The declaration chip: 狐 on orange (fox) or 嫁 on white (bride)."""
    return _badge(declared == FOX, size)


@lru_cache(maxsize=8)
def _badge(fox: bool, size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, FOX_INK if fox else PAPER, (size // 2, size // 2), size // 2)
    glyph = render("狐" if fox else "嫁", int(size * 0.7), PAPER if fox else BRIDE_INK, True)
    surface.blit(glyph, glyph.get_rect(center=(size // 2, size // 2)))
    return surface


@lru_cache(maxsize=8)
def soul_token(lit: bool, size: int = 18) -> pygame.Surface:
    """A soul (魂): a blue-white wisp, or a grey ring once lost."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    if lit:
        pygame.draw.circle(surface, (120, 190, 255), (c, c), c)
        pygame.draw.circle(surface, (220, 240, 255), (c - size // 8, c - size // 8), size // 4)
    else:
        pygame.draw.circle(surface, theme.INK_FAINT, (c, c), c, 2)
    return surface
