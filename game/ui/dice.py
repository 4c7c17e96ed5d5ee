"""Dice faces drawn with pygame primitives, cached per (value, size, style)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

STYLES = {
    # style: (face, edge, pip)
    "normal": (theme.DIE_FACE, theme.DIE_EDGE, theme.DIE_PIP),
    "lit": ((255, 236, 196), theme.ACCENT, theme.DIE_PIP),
    "doomed": ((255, 214, 206), theme.BAD, theme.DIE_PIP),
    "dim": ((150, 148, 142), (110, 108, 104), (70, 70, 78)),
    "ghost": ((250, 246, 236, 90), (196, 186, 168, 120), (34, 34, 44, 120)),
}


@lru_cache(maxsize=256)
def die_surface(value: int, size: int, style: str = "normal") -> pygame.Surface:
    """A die showing `value` (1-6) with a soft shadow, `size` pixels square (plus shadow)."""
    face, edge, pip = STYLES[style]
    pad = max(2, size // 16)
    surface = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
    radius = size // 5
    if style != "ghost":
        pygame.draw.rect(surface, (0, 0, 0, 90), (pad, pad, size, size), border_radius=radius)
    body = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surface, face, body, border_radius=radius)
    pygame.draw.rect(surface, edge, body, width=max(2, size // 24), border_radius=radius)
    for fx, fy in PIPS[value]:
        red = value == 1 and style not in ("dim", "ghost")
        r = size * (0.15 if value == 1 else 0.085)
        pygame.draw.circle(surface, theme.DIE_PIP_RED if red else pip, (fx * size, fy * size), r)
    return surface


@lru_cache(maxsize=64)
def glow(size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A soft square halo to put behind a die."""
    out = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    steps = 10
    for i in range(steps):
        alpha = int(14 + 10 * i)
        inset = int(size * 0.5 * i / steps)
        rect = pygame.Rect(inset, inset, size * 2 - 2 * inset, size * 2 - 2 * inset)
        pygame.draw.rect(out, (*color, alpha), rect, border_radius=size // 2)
    return out
