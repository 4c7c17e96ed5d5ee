"""Bundled UI font (Asobiba Sans, a Noto Sans CJK JP subset) for English and Japanese text.

Fonts load once per (size, bold) and are cached; `missing_glyphs` checks text against the font's cmap.
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
    """Code points mapped by the Regular font's cmap (Bold has the same set)."""
    from fontTools.ttLib import TTFont  # dev/test dependency only; the game itself never needs it

    with TTFont(font_path(False), lazy=True) as ttf:
        return frozenset(ttf.getBestCmap())


def missing_glyphs(text: str) -> set[str]:
    """Characters of `text` (whitespace ignored) that the bundled font cannot draw."""
    return {c for c in text if not c.isspace() and ord(c) not in _codepoints()}
