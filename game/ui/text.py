"""Cached text rendering: a string is rasterised once per (text, size, colour, weight).

Text that must stay inside a box is drawn with `block` (wrapped to the box, smaller type when it needs it). Two
seams for the tests: while `OVERFLOWS` is a list, every text that still leaves its box is added to it; while `SHOWN`
is a set, every string rendered is added to it (the glyph test reads what the screens really showed).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from game.ui.fonts import font
from game.ui.theme import INK

NO_BREAK_BEFORE = set("、。，．・：；？！）」』】〕ー～…—ぁぃぅぇぉっゃゅょァィゥェォッャュョ")  # kinsoku: never start a line
NO_BREAK_AFTER = set("「『（【〔")  # kinsoku: never end a line
BREAK_AFTER = "。："  # a line may end after a sentence or a heading's colon, inside a phrase BudouX found too


@lru_cache(maxsize=1)
def _phrases_parser():
    """BudouX's Japanese model: where a Japanese sentence may break (between phrases, not inside a word)."""
    import budoux

    return budoux.load_default_japanese_parser()


OVERFLOWS: list[tuple[str, tuple[int, int, int, int]]] | None = None  # (text, box) that did not fit, for the tests
SHOWN: set[str] | None = None  # every string rendered, for the tests
MARKS: tuple[tuple[str, tuple], ...] = ()  # (symbol, colour): drawn in its own colour, inside `marked` only


@contextmanager
def marked(marks: dict[str, tuple]) -> Iterator[None]:
    """Inside this block every text draws these symbols in their own colour, whatever the text's (a title's
    colour symbols while its table is drawn: "red●" shows a red dot; the same symbol elsewhere is left alone)."""
    global MARKS
    before, MARKS = MARKS, tuple(marks.items())
    try:
        yield
    finally:
        MARKS = before


def render(text: str, size: int, color: tuple = INK, bold: bool = False) -> pygame.Surface:
    """The text as an anti-aliased surface (cached; do not draw on it)."""
    if SHOWN is not None:
        SHOWN.add(text)
    marks = tuple(mark for mark in MARKS if mark[0] in text) if MARKS else ()
    return _render(text, size, color, bold, marks)


@lru_cache(maxsize=4096)
def _render(text: str, size: int, color: tuple, bold: bool, marks: tuple = ()) -> pygame.Surface:
    face = font(size, bold)
    if not marks:
        return face.render(text, True, color)
    colours = dict(marks)
    runs, start = [], 0  # the text in runs: plain in `color`, each mark in its own
    for at, char in enumerate(text):
        if char in colours:
            if at > start:
                runs.append(face.render(text[start:at], True, color))
            runs.append(face.render(char, True, colours[char]))
            start = at + 1
    if start < len(text):
        runs.append(face.render(text[start:], True, color))
    image = pygame.Surface((sum(run.get_width() for run in runs), max(run.get_height() for run in runs)),
                           pygame.SRCALPHA)
    x = 0
    for run in runs:
        image.blit(run, (x, 0), special_flags=pygame.BLEND_RGBA_MAX)  # a copy: the runs do not overlap
        x += run.get_width()
    return image


def overflowed(text: str, box: pygame.Rect) -> None:
    """Note for the tests that `text` did not fit `box` (a no-op in the game)."""
    if OVERFLOWS is not None:
        OVERFLOWS.append((text, tuple(box)))


def line_height(size: int) -> int:
    """The distance between wrapped lines of type `size`."""
    return round(size * 1.3)


def block_size(text: str, size: int, width: int, height: int, bold: bool = False,
               smallest: int = 13) -> tuple[tuple[str, ...], int, bool]:
    """The lines and type size at which `text` wrapped to `width` fits `height` (type smaller down to `smallest`),
    and whether it fits at all."""
    while True:
        lines = wrap(text, size, width, bold)
        if len(lines) * line_height(size) <= height or size <= smallest:
            return lines, size, len(lines) * line_height(size) <= height
        size -= 1


def block(surface: pygame.Surface, text: str, size: int, box: pygame.Rect, color: tuple = INK, bold: bool = False,
          smallest: int = 13, anchor: str = "topleft") -> int:
    """Draw `text` wrapped inside `box` from its top (each line placed by `anchor`'s x: left, centre or right);
    smaller type when it needs it. Returns the height used; text that leaves the box is noted for the tests."""
    lines, size, fits = block_size(text, size, box.width, box.height, bold, smallest)
    if not fits:
        overflowed(text, box)
    x = {"topleft": box.left, "midtop": box.centerx, "topright": box.right}[anchor]
    step = line_height(size)
    for i, line in enumerate(lines):
        blit(surface, line, size, (x, box.top + i * step), color, bold, anchor)
    return len(lines) * step


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
    size = _fitting_size(text, size, width, bold, smallest)
    face = font(size, bold)
    if not text or face.size(text)[0] <= width:  # nothing to show is not shortened to "…"
        return text, size
    return _shortened(text, face, width), size


def condensed(text: str, size: int, width: int, color: tuple = INK, bold: bool = False,
              smallest: int = 10) -> pygame.Surface:
    """`text` drawn to fit `width`: smaller down to `smallest`, then squeezed sideways rather than cut short (長体,
    as Japanese print condenses a long katakana name)."""
    image = render(text, _fitting_size(text, size, width, bold, smallest), color, bold)
    if image.get_width() <= width:
        return image
    return pygame.transform.smoothscale(image, (width, image.get_height()))


def _fitting_size(text: str, size: int, width: int, bold: bool, smallest: int) -> int:
    """The largest size from `size` down to `smallest` at which `text` fits `width` (else `smallest`)."""
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def _shortened(text: str, face: pygame.font.Font, width: int) -> str:
    """`text` cut so that it and a "…" fit `width`."""
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=256)
def first_line(text: str, size: int, width: int, bold: bool = False) -> str:
    """The first line of `text` wrapped to `width`, ending in "…" when more follows (the whole fits `width`)."""
    lines = wrap(text, size, width, bold)
    if len(lines) <= 1:
        return lines[0] if lines else ""
    return _shortened(lines[0], font(size, bold), width)


@lru_cache(maxsize=512)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Break text into lines that fit `width` (at spaces in English, between phrases in Japanese); cached."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in _tokens(paragraph, face, width):
            candidate = line + token
            if line and face.size(candidate.rstrip())[0] > width:  # (kinsoku: `_glued` keeps such pairs whole)
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = candidate
        lines.append(line.rstrip())
    return tuple(lines)


def _tokens(paragraph: str, face: pygame.font.Font, width: int) -> list[str]:
    """The pieces a line may break between: words with their trailing space, and in Japanese the phrases BudouX
    finds (あなたの｜カードが｜配られた), and after 。 or ： inside one (命｜令3：攻撃しなければならない。 was one,
    wider than a panel: playtest round 17); a path may break after a separator; a piece wider than a line breaks
    anywhere."""
    tokens: list[str] = []
    japanese = _japanese(paragraph)
    chunks = _phrases_parser().parse(paragraph) if japanese else [paragraph]
    breaks = " /\\" + (BREAK_AFTER if japanese else "")
    for chunk in chunks:
        word = ""
        for ch in chunk:
            word += ch
            if ch in breaks:
                tokens.append(word)
                word = ""
        if word:
            tokens.append(word)
    tokens = [piece for token in tokens  # (an English word keeps its letters together: the type shrinks instead)
              for piece in (tuple(token) if _japanese(token) and face.size(token.rstrip())[0] > width else (token,))]
    return _glued(tokens, face, width)


def _japanese(text: str) -> bool:
    return any(ord(ch) > 0x2E80 for ch in text)


def _kanji(ch: str) -> bool:
    return 0x3400 <= ord(ch) <= 0x9FFF  # CJK ideographs (and extension A)


SHORT_ASIDE = 12  # characters of a bracketed aside, brackets included, kept on one line (playtest round 15)


def _open_aside(token: str) -> bool:
    return token.count("（") > token.count("）")


def _glued(tokens: list[str], face: pygame.font.Font, width: int) -> list[str]:
    """Kinsoku by gluing: a token that may not start a line (、 ー —, after a space too: "親 —") joins the one
    before it, and a token that may not end one (「) joins the one after. A lone kanji joins the kanji after it:
    BudouX splits a word that opens a text before digits or a colon (命｜令3：, 内｜陸国：; a playtest). A short
    aside in brackets stays whole (SHORT_ASIDE) where the line is wide enough for it."""
    out: list[str] = []
    for token in tokens:
        first = token.lstrip()[:1]
        if out and first and first in NO_BREAK_BEFORE:
            if len(out) > 1 and not out[-1].strip():  # a space between: both join the token before it
                token = out.pop() + token
            out[-1] += token
        elif out and (out[-1][-1] in NO_BREAK_AFTER or (first and len(out[-1]) == 1 and _kanji(out[-1]) and _kanji(first))):
            out[-1] += token
        elif out and _open_aside(out[-1]) and len(out[-1]) - out[-1].rfind("（") + len(token) <= SHORT_ASIDE \
                and face.size((out[-1] + token).strip())[0] <= width:
            out[-1] += token  # a short aside in brackets stays on one line: （10、戦力10）, not （10、｜戦力10）
        else:
            out.append(token)
    return out


def forget() -> None:
    """Drop every cached rendering and layout (the fonts die with pygame.quit())."""
    for cached in (_render, fit, wrap, first_line):
        cached.cache_clear()
