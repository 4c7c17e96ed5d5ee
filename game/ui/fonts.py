"""Bundled UI font (Asobiba Sans, a Noto Sans CJK JP subset) for English and Japanese text.

Fonts load once per (size, bold) and are cached; `missing_glyphs` checks text against the characters the font
maps (codepoints.txt beside it, written with the font by tools/make_font.py).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[1] / "assets" / "fonts"
FONT_FILES = {False: "AsobibaSans-Regular.otf", True: "AsobibaSans-Bold.otf"}


def font_path(bold: bool = False) -> Path:
    """Path of the bundled font file; FileNotFoundError naming it if it is missing."""
    path = FONT_DIR / FONT_FILES[bold]
    if not path.is_file():
        raise FileNotFoundError(f"bundled font missing: {path} (regenerate with: python tools/make_font.py)")
    return path


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at `size` pixels, cached by (size, bold)."""
    path = font_path(bold)
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(path), size)


@lru_cache(maxsize=1)
def _codepoints() -> frozenset[int]:
    """Code points the fonts map (both styles map the same), from codepoints.txt."""
    points: set[int] = set()
    for line in (FONT_DIR / "codepoints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            first, last = (int(part, 16) for part in line.split("-"))
            points.update(range(first, last + 1))
    return frozenset(points)


def missing_glyphs(text: str) -> set[str]:
    """Characters of `text` (whitespace ignored) that the bundled font cannot draw."""
    return {c for c in text if not c.isspace() and not drawable(c)}


def drawable(char: str) -> bool:
    """Whether the bundled font can draw `char`."""
    return ord(char) in _codepoints()
