"""Cached text rendering: a string is rasterised once per (text, size, colour, weight)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.fonts import font
from game.ui.theme import INK

NO_BREAK_BEFORE = set("、。，．・：；？！）」』】〕ー～…ぁぃぅぇぉっゃゅょァィゥェォッャュョ")  # kinsoku: never start a line


@lru_cache(maxsize=4096)
def render(text: str, size: int, color: tuple = INK, bold: bool = False) -> pygame.Surface:
    """The text as an anti-aliased surface (cached; do not draw on it)."""
    return font(size, bold).render(text, True, color)


def blit(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int], color: tuple = INK,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw text with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    image = render(text, size, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=512)
def fit(text: str, size: int, width: int, bold: bool = False, smallest: int = 16) -> tuple[str, int]:
    """`text` and a size at which it fits `width`: smaller down to `smallest`, then shortened with "…"."""
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 1
    face = font(size, bold)
    if face.size(text)[0] <= width:
        return text, size
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…", size


@lru_cache(maxsize=512)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Break text into lines that fit `width` (spaces for English, any character for Japanese); cached."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _tokens(paragraph):
            candidate = line + token
            if line and face.size(candidate.rstrip())[0] > width and token not in NO_BREAK_BEFORE:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = candidate
        lines.append(line.rstrip())
    return tuple(lines)


def _tokens(paragraph: str) -> list[str]:
    """Words with their trailing space; every CJK character is a token of its own."""
    tokens: list[str] = []
    word = ""
    for ch in paragraph:
        if ord(ch) > 0x2E80:
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        else:
            word += ch
            if ch == " ":
                tokens.append(word)
                word = ""
    if word:
        tokens.append(word)
    return tokens
