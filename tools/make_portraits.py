"""Draw Hige-mekuri's leader portraits into sprites/hige_mekuri/<ID>.png with pygame.draw, no other assets.

Each of the 14 territory cards (and McKinley, the variant's America) gets a stylised bust: its own face shape,
hair, headwear, clothes and background, and facial hair on exactly the cards whose category is "bearded"
(game/titles/territories.py decides; this script checks it). Drawn 4x large, then smooth-scaled down for clean
edges. Deterministic. Usage: python tools/make_portraits.py [--sheet /tmp/sheet.png]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.titles.territories import BEARDED, MCKINLEY, leaders  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "sprites" / "hige_mekuri"
SIZE = (192, 240)  # the portrait as shipped
UNIT = 100  # drawing units across the portrait; 125 down
SS = 4  # supersampling
Point = tuple[float, float]
Colour = tuple[int, int, int]

INK: Colour = (40, 30, 30)
WHITE: Colour = (246, 242, 232)
SKIN = {"fair": (246, 214, 190), "rosy": (244, 204, 180), "warm": (232, 190, 150), "olive": (222, 182, 140),
        "tan": (214, 170, 128)}
GOLD: Colour = (236, 186, 60)
GOLD_DARK: Colour = (180, 126, 30)


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (< 1) or lighter (> 1) colour."""
    if factor <= 1:
        return tuple(int(c * factor) for c in colour)
    return tuple(int(c + (255 - c) * (factor - 1)) for c in colour)


class Painter:
    """Draws in portrait units (100 x 125) on a supersampled surface."""

    def __init__(self) -> None:
        self.scale = SIZE[0] * SS / UNIT
        self.surface = pygame.Surface((SIZE[0] * SS, SIZE[1] * SS), pygame.SRCALPHA)

    def p(self, point: Point) -> tuple[int, int]:
        return round(point[0] * self.scale), round(point[1] * self.scale)

    def poly(self, colour: Colour, points: list[Point], outline: int = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(q) for q in points], outline)

    def ellipse(self, colour: Colour, cx: float, cy: float, rx: float, ry: float, width: float = 0) -> None:
        rect = pygame.Rect(0, 0, round(2 * rx * self.scale), round(2 * ry * self.scale))
        rect.center = self.p((cx, cy))
        pygame.draw.ellipse(self.surface, colour, rect, round(width * self.scale))

    def circle(self, colour: Colour, cx: float, cy: float, r: float, width: float = 0) -> None:
        self.ellipse(colour, cx, cy, r, r, width)

    def line(self, colour: Colour, points: list[Point], width: float) -> None:
        """A thick polyline with round joints."""
        w = max(1, round(width * self.scale))
        pts = [self.p(q) for q in points]
        for a, b in zip(pts, pts[1:], strict=False):
            pygame.draw.line(self.surface, colour, a, b, w)
        for q in pts:
            pygame.draw.circle(self.surface, colour, q, w // 2)

    def rect(self, colour: Colour, x: float, y: float, w: float, h: float, radius: float = 0) -> None:
        pygame.draw.rect(self.surface, colour, pygame.Rect(*self.p((x, y)), round(w * self.scale),
                                                           round(h * self.scale)), 0, round(radius * self.scale))

    def finish(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surface, SIZE)


def bez(*points: Point, n: int = 16) -> list[Point]:
    """Points along a Bezier curve through control points (quadratic or cubic)."""
    out = []
    for i in range(n + 1):
        t = i / n
        pts = list(points)
        while len(pts) > 1:
            pts = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in zip(pts, pts[1:], strict=False)]
        out.append(pts[0])
    return out


def mirror(points: list[Point], axis: float = 50) -> list[Point]:
    return [(2 * axis - x, y) for x, y in points]


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    """Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


# --- the common parts ------------------------------------------------------------------------------------
class Face:
    """Where the head is: centre, half-width, half-height, and the jaw's squareness."""

    def __init__(self, cx: float = 50, cy: float = 56, rx: float = 19, ry: float = 24, jaw: float = 0.0) -> None:
        self.cx, self.cy, self.rx, self.ry, self.jaw = cx, cy, rx, ry, jaw

    def outline(self) -> list[Point]:
        """The face: an ellipse whose lower half is widened by `jaw` (0 oval, 1 square-ish)."""
        points = []
        for i in range(64):
            a = 2 * math.pi * i / 64
            x, y = math.cos(a), math.sin(a)
            if y > 0:
                x *= 1 + self.jaw * 0.22 * math.sin(a) * (1 - y ** 4)
            points.append((self.cx + self.rx * x, self.cy + self.ry * y))
        return points

    def at(self, fx: float, fy: float) -> Point:
        """A point in face units: (-1..1, -1..1)."""
        return self.cx + fx * self.rx, self.cy + fy * self.ry


def background(pt: Painter, top: Colour, bottom: Colour, motif: Callable[[Painter], None] | None = None) -> None:
    for i in range(25):
        t = i / 24
        colour = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pt.rect(colour, 0, i * 5, 100, 5.4)
    if motif:
        motif(pt)
    pt.ellipse(shade(bottom, 1.25), 50, 52, 40, 44)  # a soft halo behind the head
    pt.ellipse(shade(bottom, 1.12), 50, 52, 36, 40)


def bust(pt: Painter, coat: Colour, skin: Colour, neck_w: float = 8, shoulders: float = 44,
         collar: Colour | None = WHITE) -> None:
    """Neck, shoulders and coat; a white collar unless told otherwise."""
    pt.rect(shade(skin, 0.85), 50 - neck_w, 72, 2 * neck_w, 22)
    body = [(50 - shoulders, 125), (50 - shoulders, 108)] + bez((50 - shoulders, 108), (50 - shoulders + 2, 92),
                                                                 (38, 89)) + [(62, 89)] + \
        bez((62, 89), (50 + shoulders - 2, 92), (50 + shoulders, 108)) + [(50 + shoulders, 125)]
    pt.poly(coat, body)
    pt.poly(shade(coat, 0.8), [(50 - shoulders, 125), (50 - shoulders, 110), (36, 125)])
    if collar:
        pt.poly(collar, [(50 - neck_w - 2, 86), (50, 99), (50 + neck_w + 2, 86), (50 + neck_w + 1, 91), (50, 103),
                         (50 - neck_w - 1, 91)])


def lapels(pt: Painter, coat: Colour, shirt: Colour = WHITE, tie: Colour | None = INK) -> None:
    pt.poly(shirt, [(42, 90), (58, 90), (54, 125), (46, 125)])
    if tie:
        pt.poly(tie, [(47.5, 97), (52.5, 97), (51.5, 100), (53, 112), (50, 116), (47, 112), (48.5, 100)])
    dark = shade(coat, 0.75)
    pt.poly(dark, [(42, 89), (36, 92), (45, 118), (47, 125), (44, 125)])
    pt.poly(dark, mirror([(42, 89), (36, 92), (45, 118), (47, 125), (44, 125)]))


def uniform(pt: Painter, coat: Colour, trim: Colour = GOLD, buttons: int = 3, epaulettes: bool = True,
            collar: Colour | None = None) -> None:
    """A military tunic: standing collar, buttons, epaulettes."""
    pt.rect(collar or shade(coat, 0.8), 40, 86, 20, 8, 2)
    pt.line(trim, [(40, 93.5), (60, 93.5)], 1.0)
    for i in range(buttons):
        pt.circle(trim, 50, 100 + i * 8, 1.5)
    if epaulettes:
        for side in (-1, 1):
            pt.ellipse(trim, 50 + side * 33, 100, 9, 4)
            for k in range(5):
                pt.line(shade(trim, 0.8), [(50 + side * (26 + k * 3.2), 103), (50 + side * (26 + k * 3.2), 109)], 1.2)


def head(pt: Painter, face: Face, skin: Colour, ears: bool = True) -> None:
    if ears:
        for side in (-1, 1):
            pt.ellipse(shade(skin, 0.92), face.cx + side * face.rx * 0.98, face.cy + 2, 4, 6)
            pt.ellipse(shade(skin, 0.8), face.cx + side * face.rx * 1.0, face.cy + 2, 2, 3.5)
    pt.poly(skin, face.outline())


def eyes(pt: Painter, face: Face, style: str = "dot", brow: Colour = INK, brow_tilt: float = 0.0,
         y: float = -0.08, gap: float = 0.4, brow_w: float = 1.4) -> None:
    """Eyes and brows; style dot / closed / wide / stern / narrow."""
    for side in (-1, 1):
        ex, ey = face.at(side * gap, y)
        if style == "closed":
            pt.line(INK, arc(ex, ey - 0.5, 2.8, 1.8, 20, 160, 8), 1.0)
        elif style == "narrow":
            pt.line(INK, [(ex - 2.6, ey), (ex + 2.6, ey)], 1.3)
        else:
            r = {"dot": 1.7, "wide": 2.2, "stern": 1.6}[style]
            if style == "wide":
                pt.ellipse(WHITE, ex, ey, 3.0, 2.4)
            pt.circle(INK, ex, ey, r)
            pt.circle(WHITE, ex + 0.6, ey - 0.6, 0.55)
        bx, by = ex, ey - 4.4
        tilt = brow_tilt * side
        pt.line(brow, [(bx - 3.2, by + tilt), (bx, by - 0.7), (bx + 3.2, by - tilt)], brow_w)


def nose(pt: Painter, face: Face, skin: Colour, size: float = 1.0, hook: float = 0.0) -> None:
    x, y = face.at(0, 0.18)
    pt.poly(shade(skin, 0.82), [(x - 0.5, y - 8 * size), (x + 2.8 * size + hook, y + 0.5 * size),
                                 (x - 1.6 * size, y + 1.4 * size)])
    pt.circle(shade(skin, 0.72), x - 0.4, y + 0.9 * size, 1.0 * size)


def cheeks(pt: Painter, face: Face, colour: Colour = (236, 140, 130)) -> None:
    blush = pygame.Surface(pt.surface.get_size(), pygame.SRCALPHA)
    sub = Painter()
    sub.surface = blush
    for side in (-1, 1):
        sub.ellipse((*colour, 90), *face.at(side * 0.58, 0.3), 3.6, 2.4)
    pt.surface.blit(blush, (0, 0))


def mouth(pt: Painter, face: Face, style: str = "smile", width: float = 4.0, y: float = 0.5) -> None:
    x, yy = face.at(0, y)
    if style == "smile":
        pt.line((150, 60, 60), arc(x, yy - 2, width, 2.6, 30, 150, 10), 1.1)
    elif style == "flat":
        pt.line((150, 70, 70), [(x - width, yy), (x + width, yy)], 1.1)
    elif style == "prim":  # we are not amused
        pt.line((160, 70, 80), arc(x, yy + 1.8, width, 1.6, 200, 340, 10), 1.2)
    elif style == "grin":  # teeth!
        pt.poly((120, 40, 40), arc(x, yy - 1.5, width, 3.6, 0, 180, 14))
        pt.poly(WHITE, [(x - width + 0.6, yy - 1.5), (x + width - 0.6, yy - 1.5), (x + width - 1.2, yy + 0.4),
                        (x - width + 1.2, yy + 0.4)])
        for k in range(1, 4):
            tx = x - width + k * width / 2
            pt.line((200, 196, 186), [(tx, yy - 1.5), (tx, yy + 0.3)], 0.35)
    elif style == "o":
        pt.ellipse((120, 40, 40), x, yy, 1.8, 2.2)


# --- facial hair ----------------------------------------------------------------------------------------
def moustache(pt: Painter, face: Face, colour: Colour, kind: str, y: float = 0.36) -> None:
    x, yy = face.at(0, y)
    dark = shade(colour, 0.75)
    if kind == "walrus":  # thick, bushy, drooping over the lip
        half = bez((x, yy - 2.6), (x + 6, yy - 4.5), (x + 10, yy - 0.5), (x + 9.5, yy + 4.2), n=12) + \
            bez((x + 9.5, yy + 4.2), (x + 5, yy + 1.4), (x + 1, yy + 2.6), n=8)
        pt.poly(colour, half + mirror(half, x)[::-1])
        for k in range(-4, 5):
            pt.line(dark, [(x + k * 2, yy - 1.5), (x + k * 2.3, yy + 2.2)], 0.45)
    elif kind == "kaiser":  # Wilhelm II: "Es ist erreicht", points straight up
        half = bez((x, yy - 2.0), (x + 6, yy - 4.6), (x + 11, yy - 2.5), (x + 13, yy - 14), n=14) + \
            bez((x + 13, yy - 14), (x + 13.5, yy + 2.2), (x + 5, yy + 2.2), (x, yy + 1.2), n=14)
        pt.poly(colour, half + mirror(half, x)[::-1])
    elif kind == "handlebar":  # Umberto I: huge, swept out and curled
        half = bez((x, yy - 2.4), (x + 7, yy - 5.5), (x + 15, yy - 2), (x + 19, yy - 5), n=14) + \
            bez((x + 19, yy - 5), (x + 21, yy + 1), (x + 15, yy + 4.5), (x + 9, yy + 2.4), n=12) + \
            bez((x + 9, yy + 2.4), (x + 4, yy + 1.2), (x, yy + 2), n=8)
        pt.poly(colour, half + mirror(half, x)[::-1])
        for k in (-1, 1):
            pt.line(dark, [(x + k * 4, yy - 1), (x + k * 12, yy + 0.5)], 0.5)
    elif kind == "neat":
        half = bez((x, yy - 1.6), (x + 4, yy - 3), (x + 7.5, yy - 0.5), (x + 8.5, yy + 2.2), n=10) + \
            bez((x + 8.5, yy + 2.2), (x + 4, yy + 0.8), (x, yy + 1.2), n=8)
        pt.poly(colour, half + mirror(half, x)[::-1])
    elif kind == "droop":  # Gojong: thin, the ends falling
        half = bez((x, yy - 1.2), (x + 4, yy - 2), (x + 6.5, yy), (x + 7.5, yy + 5.5), n=10) + \
            bez((x + 7.5, yy + 5.5), (x + 5, yy + 1), (x, yy + 0.6), n=8)
        pt.poly(colour, half + mirror(half, x)[::-1])


def lips(pt: Painter, face: Face, skin: Colour, width: float = 4.5, y: float = 0.6) -> None:
    """The bit of face a beard leaves round the mouth."""
    pt.ellipse(shade(skin, 0.93), *face.at(0, y), width, 2.6)


def beard(pt: Painter, face: Face, colour: Colour, kind: str) -> None:
    """Beards hang from the jaw; `full` and `bushy` cover cheeks and chin, `short` is trimmed close."""
    dark = shade(colour, 0.78)
    cx, cy, rx, ry = face.cx, face.cy, face.rx, face.ry
    if kind in ("full", "bushy", "pointed"):
        length = {"full": 10, "bushy": 24, "pointed": 16}[kind]
        width = {"full": 1.02, "bushy": 1.12, "pointed": 1.0}[kind]
        top = cy + ry * 0.22
        side = [(cx + rx * width * 0.97, top)] + bez((cx + rx * width, top + 4), (cx + rx * width * 1.02, cy + ry),
                                                    (cx + rx * 0.5, cy + ry + length * 0.8), n=12)
        tip = (cx, cy + ry + length) if kind != "full" else (cx, cy + ry + length * 0.9)
        if kind == "pointed":
            side += [(cx + 3, cy + ry + length - 3)]
        right = side + [tip]
        outline = right + mirror(right, cx)[::-1]
        pt.poly(colour, outline)
        # clear the mouth area: a skin-free lip opening drawn later by mouth(); texture strands
        for k in range(-3, 4):
            x0 = cx + k * rx * 0.22
            pt.line(dark, bez((x0, cy + ry * 0.7), (x0 + k * 0.4, cy + ry + length * 0.5),
                              (x0 * 0.95 + cx * 0.05, cy + ry + length * 0.85), n=6), 0.5)
    elif kind == "short":  # trimmed: along the jaw and round the chin
        top = cy + ry * 0.1
        right = [(cx + rx * 1.0, top)] + bez((cx + rx * 1.02, top + 8), (cx + rx * 0.85, cy + ry + 5),
                                             (cx, cy + ry + 6.5), n=14)
        pt.poly(colour, right + mirror(right, cx)[::-1])
        pt.poly(colour, [(cx + rx * 1.0, top), (cx + rx * 0.8, top), (cx + rx * 0.8, top + 6), (cx + rx, top + 8)])
        for k in range(-3, 4):
            pt.line(dark, [(cx + k * 3.5, cy + ry * 0.85), (cx + k * 3.2, cy + ry + 4)], 0.45)
    elif kind == "goatee":  # Gojong: a thin pointed tuft on the chin
        pt.poly(colour, [(cx - 3.5, cy + ry * 0.78), (cx + 3.5, cy + ry * 0.78), (cx + 2.4, cy + ry + 4),
                         (cx, cy + ry + 9), (cx - 2.4, cy + ry + 4)])
        pt.line(dark, [(cx, cy + ry * 0.8), (cx, cy + ry + 7)], 0.5)
    elif kind == "muttonchops":  # Franz Joseph: whiskers down the cheeks into the moustache, chin shaved
        for s in (-1, 1):
            chop = [(cx + s * rx * 1.02, cy - ry * 0.2)] + bez((cx + s * rx * 1.35, cy + ry * 0.3),
                                                               (cx + s * rx * 1.2, cy + ry * 0.95),
                                                               (cx + s * rx * 0.45, cy + ry * 0.55), n=12) + \
                [(cx + s * rx * 0.35, cy + ry * 0.38), (cx + s * rx * 0.7, cy + ry * 0.3),
                 (cx + s * rx * 0.8, cy - ry * 0.2)]
            pt.poly(colour, chop)
            for k in range(4):
                pt.line(dark, [(cx + s * rx * (0.9 + k * 0.08), cy + ry * (0.0 + k * 0.12)),
                               (cx + s * rx * (0.75 + k * 0.1), cy + ry * (0.5 + k * 0.08))], 0.5)


# --- headwear and hair ------------------------------------------------------------------------------------
def hair_cap(pt: Painter, face: Face, colour: Colour, depth: float = 0.55, part: float | None = 0.3,
             volume: float = 1.06, sides: float = 0.15) -> None:
    """Hair over the top of the head down to `depth` above the centre; an optional side parting."""
    cx, cy, rx, ry = face.cx, face.cy, face.rx * volume, face.ry * volume
    top = arc(cx, cy, rx, ry, 180 + 8, 360 - 8, 30)
    hairline = bez((cx + rx * 0.98, cy - ry * sides), (cx + rx * 0.6, cy - ry * depth - 2),
                   (cx - rx * 0.3, cy - ry * depth * 1.2), (cx - rx * 0.98, cy - ry * sides), n=16)
    pt.poly(colour, top + hairline)
    if part is not None:
        px = cx - rx * part
        pt.line(shade(colour, 0.7), [(px, cy - ry * 0.85), (px + 1, cy - ry * depth * 0.95)], 0.7)


def bald(pt: Painter, face: Face, colour: Colour) -> None:
    """A fringe of hair round the sides only, and a shine on the dome."""
    for s in (-1, 1):
        pt.poly(colour, arc(face.cx, face.cy, face.rx * 1.05, face.ry * 1.02, 90 - s * 70, 90 - s * 120, 10)
                + [(face.cx + s * face.rx * 0.8, face.cy - face.ry * 0.1)])
    pt.ellipse((255, 255, 255), face.cx - face.rx * 0.35, face.cy - face.ry * 0.72, 3.5, 1.6)


def crown(pt: Painter, cx: float, base: float, w: float, h: float) -> None:
    """A small imperial crown with jewels and a cross."""
    pt.ellipse(GOLD_DARK, cx, base, w, 2.4)
    pt.poly((150, 30, 60), arc(cx, base - 0.5, w * 0.85, h * 0.9, 180, 360, 16))
    for s in (-1, 1):
        pt.poly(GOLD, [(cx + s * w, base), (cx + s * w * 0.9, base - h * 0.7)] +
                bez((cx + s * w * 0.9, base - h * 0.7), (cx + s * w * 0.4, base - h * 1.15), (cx, base - h), n=8)
                + [(cx, base)])
    pt.poly(shade(GOLD, 0.9), [(cx - 0.8, base), (cx - 0.8, base - h), (cx + 0.8, base - h), (cx + 0.8, base)])
    pt.rect(GOLD, cx - w - 0.5, base - 2.5, 2 * w + 1, 4, 1)
    for k in (-2, -1, 0, 1, 2):
        pt.circle((200, 40, 60) if k % 2 else (60, 120, 220), cx + k * w * 0.4, base - 0.5, 1.0)
    pt.line(GOLD, [(cx, base - h - 0.5), (cx, base - h - 5)], 1.2)
    pt.line(GOLD, [(cx - 1.8, base - h - 3.2), (cx + 1.8, base - h - 3.2)], 1.2)
    pt.circle(WHITE, cx - w * 0.5, base - h * 0.55, 0.7)


def spectacles(pt: Painter, face: Face, kind: str = "round", y: float = -0.08, gap: float = 0.4) -> None:
    frame = (70, 60, 50) if kind == "round" else GOLD_DARK
    for s in (-1, 1):
        ex, ey = face.at(s * gap, y)
        pt.circle(frame, ex, ey, 4.0, 0.7)
    left, right = face.at(-gap, y), face.at(gap, y)
    pt.line(frame, [(left[0] + 4, left[1]), (right[0] - 4, right[1])], 0.7)
    if kind == "pince-nez":
        pt.line(frame, [(right[0] + 4, right[1]), (right[0] + 9, right[1] + 12)], 0.4)


def medal(pt: Painter, x: float, y: float, colour: Colour = GOLD, ribbon: Colour = (190, 40, 50)) -> None:
    pt.poly(ribbon, [(x - 2, y - 5), (x + 2, y - 5), (x + 1.5, y), (x - 1.5, y)])
    pt.circle(colour, x, y + 1.5, 2.2)


def sash(pt: Painter, colours: list[Colour], width: float = 5) -> None:
    """A sash from the right shoulder down to the left hip, in stripes."""
    for i, colour in enumerate(colours):
        off = (i - (len(colours) - 1) / 2) * width / len(colours) * 1.3
        pt.line(colour, [(72 + off, 93 + off * 0.4), (36 + off, 126 + off * 0.4)], width / len(colours) * 1.4)


# --- the leaders ----------------------------------------------------------------------------------------------
def usa(pt: Painter) -> None:  # Theodore Roosevelt: spectacles, walrus moustache, the famous grin
    def stars(p: Painter) -> None:
        for k in range(9):
            p.circle((214, 224, 246), 8 + (k % 3) * 10 + (k // 3 % 2) * 5, 10 + (k // 3) * 9, 1.3)
    background(pt, (60, 86, 150), (126, 150, 200), stars)
    skin, face = SKIN["rosy"], Face(rx=20, ry=22.5, jaw=0.9, cy=57)
    bust(pt, (60, 52, 48), skin, neck_w=9, shoulders=46)
    lapels(pt, (60, 52, 48), tie=(150, 40, 40))
    head(pt, face, skin)
    hair_cap(pt, face, (120, 84, 52), depth=0.62, part=-0.35, sides=0.25)
    eyes(pt, face, "narrow", brow=(100, 70, 44), brow_tilt=-0.4)
    cheeks(pt, face)
    nose(pt, face, skin, 1.05)
    mouth(pt, face, "grin", 5.5, y=0.6)
    moustache(pt, face, (112, 78, 50), "walrus", y=0.38)
    spectacles(pt, face, "pince-nez")


def chn(pt: Painter) -> None:  # Guangxu Emperor: young, clean-shaven, Qing summer court hat, imperial yellow
    def clouds(p: Painter) -> None:
        for x, y in ((14, 22), (86, 30), (18, 96), (84, 100)):
            for k in range(3):
                p.circle((214, 90, 60), x + k * 4 - 4, y - (k % 2) * 2, 3.2, 0.8)
    background(pt, (176, 46, 40), (222, 96, 64), clouds)
    skin, face = SKIN["warm"], Face(rx=17, ry=24, jaw=0.1, cy=58)
    robe = (236, 196, 60)
    bust(pt, robe, skin, neck_w=7, shoulders=42, collar=None)
    pt.poly((60, 90, 160), [(34, 90), (66, 90), (70, 98), (50, 104), (30, 98)])  # the blue-edged collar
    pt.poly(robe, [(40, 92), (60, 92), (50, 100)])
    for x in (34, 50, 66):  # a dragon's hint: swirls on the robe
        pt.circle((200, 140, 30), x, 112, 4, 0.8)
        pt.circle((200, 140, 30), x, 112, 1.5)
    pt.line((120, 70, 40), [(26, 118), (74, 118)], 0.6)
    head(pt, face, skin)
    hair_cap(pt, face, (34, 30, 32), depth=0.55, part=None, volume=1.03)
    eyes(pt, face, "narrow", brow=(40, 30, 30), brow_tilt=0.3)
    nose(pt, face, skin, 0.8)
    mouth(pt, face, "flat", 2.6, y=0.55)
    cheeks(pt, face, (230, 150, 120))
    # the hat: a conical brim, a red fringe, a jewel on top
    hat_y = face.cy - face.ry * 0.62
    pt.poly((240, 226, 200), [(22, hat_y + 3), (78, hat_y + 3), (62, hat_y - 13), (38, hat_y - 13)])
    pt.poly((200, 40, 40), [(28, hat_y + 1.5), (72, hat_y + 1.5), (58, hat_y - 12), (42, hat_y - 12)])
    for k in range(9):
        pt.line((160, 20, 30), [(50, hat_y - 12), (30 + k * 5, hat_y + 1)], 0.5)
    pt.ellipse((220, 210, 190), 50, hat_y + 3, 28, 2.2)
    pt.circle((210, 40, 60), 50, hat_y - 15, 3.2)
    pt.circle(GOLD, 50, hat_y - 12.5, 2)
    pt.circle(WHITE, 49, hat_y - 16, 0.8)


def rus(pt: Painter) -> None:  # Nicholas II: neat full beard, uniform with gold epaulettes
    def stripes(p: Painter) -> None:
        p.rect((236, 236, 240), 0, 0, 100, 30)
        p.rect((60, 90, 170), 0, 30, 100, 20)
    background(pt, (200, 60, 60), (190, 70, 70), stripes)
    skin, face = SKIN["fair"], Face(rx=17.5, ry=24, jaw=0.3, cy=55)
    coat = (62, 84, 64)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, collar=(160, 40, 50))
    sash(pt, [(70, 110, 190)], 4)
    head(pt, face, skin)
    hair_cap(pt, face, (130, 90, 56), depth=0.6, part=-0.45, sides=0.2)
    beard(pt, face, (150, 100, 60), "full")
    lips(pt, face, skin)
    eyes(pt, face, "dot", brow=(120, 80, 50), brow_tilt=0.2)
    nose(pt, face, skin, 0.95)
    mouth(pt, face, "flat", 2.5, y=0.58)
    moustache(pt, face, (136, 92, 56), "neat", y=0.4)


def ind(pt: Painter) -> None:  # Lord Curzon: clean-shaven, haughty round face, wing collar, star of India
    def band(p: Painter) -> None:
        p.rect((236, 150, 70), 0, 0, 100, 18)
        p.rect((40, 130, 80), 0, 108, 100, 17)
    background(pt, (230, 206, 160), (220, 190, 140), band)
    skin, face = SKIN["rosy"], Face(rx=20, ry=23, jaw=0.6, cy=57)
    coat = (40, 44, 70)
    bust(pt, coat, skin, neck_w=9, shoulders=45)
    lapels(pt, coat, tie=(40, 44, 70))
    pt.poly(WHITE, [(40, 88), (46, 94), (42, 97)])  # wing collar tips
    pt.poly(WHITE, mirror([(40, 88), (46, 94), (42, 97)]))
    for k in range(8):  # the Star of India
        a = math.radians(k * 45)
        pt.line((230, 230, 240), [(28, 110), (28 + 5 * math.cos(a), 110 + 5 * math.sin(a))], 1.2)
    pt.circle((60, 120, 200), 28, 110, 2)
    head(pt, face, skin)
    hair_cap(pt, face, (110, 86, 60), depth=0.75, part=0.1, sides=0.3, volume=1.02)
    pt.ellipse((255, 255, 255), 44, 38, 4, 1.6)  # a receding, shiny forehead
    eyes(pt, face, "narrow", brow=(100, 80, 60), brow_tilt=-0.9)  # eyebrows raised in disdain
    nose(pt, face, skin, 1.0)
    mouth(pt, face, "prim", 3.2, y=0.55)
    cheeks(pt, face)
    pt.ellipse(shade(skin, 0.9), 50, face.cy + face.ry * 0.88, 8, 2)  # a double chin


def ott(pt: Painter) -> None:  # Abdul Hamid II: red fez, full dark beard, a great hooked nose
    def crescent(p: Painter) -> None:
        p.circle((240, 236, 230), 16, 18, 7)
        p.circle((186, 40, 44), 18.5, 17, 6)
        p.circle((240, 236, 230), 27, 18, 1.6)
    background(pt, (170, 36, 40), (200, 70, 64), crescent)
    skin, face = SKIN["olive"], Face(rx=17, ry=24, jaw=0.2, cy=58)
    coat = (36, 40, 58)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, buttons=3, epaulettes=False, collar=(36, 40, 58))
    medal(pt, 36, 104)
    head(pt, face, skin)
    beard(pt, face, (40, 34, 34), "pointed")
    lips(pt, face, skin)
    eyes(pt, face, "stern", brow=(30, 26, 26), brow_tilt=0.7, brow_w=1.8)
    nose(pt, face, skin, 1.35, hook=1.5)
    mouth(pt, face, "flat", 2.2, y=0.6)
    moustache(pt, face, (34, 30, 30), "neat", y=0.42)
    # the fez
    top = face.cy - face.ry * 0.55
    pt.poly((190, 30, 40), [(31, top + 4), (69, top + 4), (64, top - 18), (36, top - 18)])
    pt.poly((150, 20, 30), [(31, top + 4), (69, top + 4), (68.5, top + 1), (31.5, top + 1)])
    pt.ellipse((170, 26, 36), 50, top - 18, 14, 2)
    pt.line((20, 20, 24), [(50, top - 18), (58, top - 16), (62, top - 6)], 1.1)
    pt.circle((20, 20, 24), 62, top - 5, 1.6)


def fra(pt: Painter) -> None:  # Émile Loubet: grey short beard and moustache, balding, the tricolour sash
    def tricolore(p: Painter) -> None:
        p.rect((60, 80, 170), 0, 0, 33, 125)
        p.rect((236, 236, 236), 33, 0, 34, 125)
        p.rect((210, 60, 60), 67, 0, 33, 125)
    background(pt, (220, 220, 224), (210, 210, 216), tricolore)
    skin, face = SKIN["rosy"], Face(rx=18.5, ry=23, jaw=0.5, cy=57)
    coat = (30, 30, 36)
    bust(pt, coat, skin)
    lapels(pt, coat, tie=(30, 30, 36))
    sash(pt, [(50, 70, 170), (240, 240, 240), (210, 50, 60)], 7)
    head(pt, face, skin)
    bald(pt, face, (190, 190, 190))
    beard(pt, face, (196, 196, 200), "short")
    eyes(pt, face, "dot", brow=(150, 150, 150), brow_tilt=-0.2)
    nose(pt, face, skin, 1.0)
    mouth(pt, face, "smile", 2.4, y=0.6)
    moustache(pt, face, (176, 176, 180), "neat", y=0.4)
    cheeks(pt, face)


def ger(pt: Painter) -> None:  # Wilhelm II: the upturned moustache and the spiked helmet
    def bands(p: Painter) -> None:
        p.rect((30, 30, 34), 0, 0, 100, 42)
        p.rect((240, 240, 240), 0, 42, 100, 41)
        p.rect((200, 44, 50), 0, 83, 100, 42)
    background(pt, (200, 200, 200), (190, 190, 190), bands)
    skin, face = SKIN["fair"], Face(rx=18, ry=23.5, jaw=0.4, cy=59)
    coat = (70, 80, 96)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, collar=(150, 30, 40))
    medal(pt, 62, 104, (236, 236, 236), (30, 30, 30))
    head(pt, face, skin)
    eyes(pt, face, "stern", brow=(120, 90, 50), brow_tilt=0.8, brow_w=1.6)
    nose(pt, face, skin, 1.0)
    mouth(pt, face, "flat", 2.4, y=0.6)
    moustache(pt, face, (132, 94, 54), "kaiser", y=0.4)
    # the Pickelhaube
    top = face.cy - face.ry * 0.45
    pt.poly((34, 34, 38), arc(50, top + 2, 21, 17, 180, 360, 24))
    pt.rect((34, 34, 38), 28, top - 1, 44, 5)
    pt.poly((24, 24, 28), [(26, top + 3), (74, top + 3), (77, top + 7), (23, top + 7)])  # the visor
    pt.poly(GOLD, [(46, top - 14), (54, top - 14), (52, top - 18), (50, top - 32), (48, top - 18)])
    pt.ellipse(GOLD, 50, top - 14, 5.5, 2)
    pt.poly(GOLD, [(44, top - 4), (50, top - 11), (56, top - 4), (50, top + 1)])  # the eagle plate
    pt.line((255, 250, 220), [(36, top - 8), (42, top - 12)], 0.8)


def gbr(pt: Painter) -> None:  # Queen Victoria: crowned, a white veil, black silk, the Garter's blue sash
    def rays(p: Painter) -> None:
        for k in range(16):
            a = math.radians(k * 22.5)
            p.poly((230, 190, 90), [(50, 52), (50 + 90 * math.cos(a - 0.09), 52 + 90 * math.sin(a - 0.09)),
                                    (50 + 90 * math.cos(a + 0.09), 52 + 90 * math.sin(a + 0.09))])
    background(pt, (120, 60, 120), (200, 150, 70), rays)
    skin, face = SKIN["fair"], Face(rx=19.5, ry=21, jaw=0.7, cy=60)
    pt.poly((250, 250, 250), arc(50, 64, 26, 30, 180, 360, 24) + [(78, 100), (22, 100)])  # the veil behind
    pt.poly((230, 230, 236), arc(50, 64, 23, 27, 180, 360, 24) + [(74, 98), (26, 98)])
    bust(pt, (30, 28, 36), skin, neck_w=8, shoulders=46, collar=None)
    sash(pt, [(70, 110, 200)], 5)
    for k in range(7):  # pearls
        pt.circle((250, 248, 240), 40 + k * 3.3, 92 + math.sin(k / 6 * math.pi) * 4, 1.4)
    pt.circle((200, 180, 230), 62, 106, 3.5)  # the Garter star
    head(pt, face, skin, ears=False)
    hair_cap(pt, face, (110, 96, 88), depth=0.5, part=0.0, sides=0.35, volume=1.04)
    eyes(pt, face, "dot", brow=(110, 96, 88), brow_tilt=0.5)
    nose(pt, face, skin, 0.9)
    mouth(pt, face, "prim", 3.0, y=0.58)
    cheeks(pt, face, (236, 150, 150))
    pt.ellipse(shade(skin, 0.92), 50, face.cy + face.ry * 0.9, 9, 2.2)
    for s in (-1, 1):  # the lace cap's side frills
        pt.ellipse(WHITE, 50 + s * 19, face.cy - 6, 4, 9)
    crown(pt, 50, face.cy - face.ry * 0.86, 9, 12)


def jpn(pt: Painter) -> None:  # Emperor Meiji: black beard and moustache, dress uniform, the plumed cap
    def sun(p: Painter) -> None:
        p.circle((220, 60, 60), 80, 22, 12)
    background(pt, (244, 240, 232), (226, 222, 214), sun)
    skin, face = SKIN["warm"], Face(rx=17.5, ry=24, jaw=0.35, cy=58)
    coat = (30, 34, 60)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, collar=(30, 34, 60))
    for k in range(4):  # gold frogging across the chest
        pt.line(GOLD, [(38, 98 + k * 6), (62, 98 + k * 6)], 0.9)
    sash(pt, [(200, 50, 60)], 3.5)
    head(pt, face, skin)
    hair_cap(pt, face, (28, 26, 30), depth=0.6, part=None, sides=0.2)
    beard(pt, face, (30, 28, 32), "short")
    lips(pt, face, skin, 4.0)
    eyes(pt, face, "narrow", brow=(26, 24, 28), brow_tilt=0.4, brow_w=1.6)
    nose(pt, face, skin, 0.9)
    mouth(pt, face, "flat", 2.4, y=0.6)
    moustache(pt, face, (30, 28, 32), "neat", y=0.42)
    # the kepi with its plume
    top = face.cy - face.ry * 0.58
    pt.poly((26, 28, 48), [(33, top + 3), (67, top + 3), (65, top - 13), (35, top - 13)])
    pt.rect(GOLD, 33, top - 1, 34, 3)
    pt.poly((20, 20, 30), [(33, top + 3), (67, top + 3), (62, top + 7), (38, top + 7)])
    for k in range(7):
        pt.line((250, 250, 250), bez((50, top - 12), (48 + k * 1.5 - 4, top - 22), (42 + k * 3.4 - 4, top - 27),
                                     n=6), 1.4)
    pt.circle((200, 50, 60), 50, top - 11, 1.8)


def aut(pt: Painter) -> None:  # Franz Joseph I: white side-whiskers into the moustache, white tunic, bald dome
    def bands(p: Painter) -> None:
        p.rect((200, 40, 48), 0, 0, 100, 40)
        p.rect((240, 240, 240), 0, 40, 100, 45)
        p.rect((200, 40, 48), 0, 85, 100, 40)
    background(pt, (220, 220, 220), (210, 210, 210), bands)
    skin, face = SKIN["rosy"], Face(rx=18, ry=24, jaw=0.45, cy=57)
    coat = (240, 238, 230)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, collar=(190, 30, 44))
    pt.line((190, 30, 44), [(20, 110), (20, 125)], 0.1)
    medal(pt, 38, 104, GOLD, (190, 30, 44))
    medal(pt, 62, 104, (230, 230, 240), (40, 120, 80))
    head(pt, face, skin)
    bald(pt, face, (236, 236, 236))
    beard(pt, face, (244, 244, 246), "muttonchops")
    eyes(pt, face, "dot", brow=(220, 220, 224), brow_tilt=0.1, brow_w=1.8)
    nose(pt, face, skin, 1.0)
    mouth(pt, face, "flat", 2.2, y=0.62)
    moustache(pt, face, (238, 238, 240), "walrus", y=0.38)


def ita(pt: Painter) -> None:  # Umberto I: the enormous moustache and a bristling crew cut
    def tricolore(p: Painter) -> None:
        p.rect((40, 150, 80), 0, 0, 33, 125)
        p.rect((240, 240, 240), 33, 0, 34, 125)
        p.rect((210, 50, 50), 67, 0, 33, 125)
    background(pt, (220, 220, 220), (210, 210, 210), tricolore)
    skin, face = SKIN["olive"], Face(rx=19, ry=23, jaw=0.8, cy=58)
    coat = (34, 40, 80)
    bust(pt, coat, skin, collar=None)
    uniform(pt, coat, collar=(34, 40, 80))
    sash(pt, [(90, 150, 220)], 4)
    head(pt, face, skin)
    hair = (170, 166, 160)  # a grey crew cut standing straight up
    pt.poly(hair, [(face.cx - face.rx, face.cy - face.ry * 0.3), (face.cx - face.rx, face.cy - face.ry * 1.1),
                   (face.cx + face.rx, face.cy - face.ry * 1.1), (face.cx + face.rx, face.cy - face.ry * 0.3),
                   (face.cx + face.rx * 0.7, face.cy - face.ry * 0.62),
                   (face.cx - face.rx * 0.7, face.cy - face.ry * 0.62)])
    for k in range(14):
        x = face.cx - face.rx + k * face.rx * 2 / 13
        pt.line(shade(hair, 0.8), [(x, face.cy - face.ry * 0.75), (x, face.cy - face.ry * 1.12)], 0.6)
    eyes(pt, face, "wide", brow=(150, 146, 140), brow_tilt=0.3, brow_w=2.0)
    nose(pt, face, skin, 1.1)
    mouth(pt, face, "o", 2.0, y=0.68)
    moustache(pt, face, (196, 192, 186), "handlebar", y=0.4)


def kor(pt: Painter) -> None:  # Gojong: moustache and goatee, the wide black gat, a red dragon robe
    def taeguk(p: Painter) -> None:
        p.circle((200, 50, 60), 16, 104, 8)
        p.poly((40, 70, 160), arc(16, 104, 8, 8, 0, 180, 16))
        p.circle((200, 50, 60), 12, 104, 4)
        p.circle((40, 70, 160), 20, 104, 4)
    background(pt, (236, 232, 222), (214, 206, 190), taeguk)
    skin, face = SKIN["warm"], Face(rx=17, ry=24.5, jaw=0.15, cy=58)
    robe = (190, 40, 50)
    bust(pt, robe, skin, collar=None)
    pt.poly(WHITE, [(42, 88), (50, 102), (58, 88), (56, 88), (50, 98), (44, 88)])
    pt.circle(GOLD, 32, 108, 6, 1.0)  # the dragon roundels
    pt.circle(GOLD, 68, 108, 6, 1.0)
    pt.line(GOLD, bez((29, 108), (32, 104), (35, 110), n=6), 0.8)
    pt.line(GOLD, bez((65, 108), (68, 104), (71, 110), n=6), 0.8)
    head(pt, face, skin)
    hair_cap(pt, face, (26, 24, 28), depth=0.6, part=None, sides=0.3, volume=1.03)
    beard(pt, face, (34, 30, 32), "goatee")
    eyes(pt, face, "narrow", brow=(30, 26, 28), brow_tilt=0.2)
    nose(pt, face, skin, 0.9)
    mouth(pt, face, "flat", 2.0, y=0.56)
    moustache(pt, face, (34, 30, 32), "droop", y=0.38)
    # the gat: a translucent black brim and a tall crown, tied under the chin
    brim_y = face.cy - face.ry * 0.62
    brim = pygame.Surface(pt.surface.get_size(), pygame.SRCALPHA)
    sub = Painter()
    sub.surface = brim
    sub.ellipse((20, 20, 24, 175), 50, brim_y, 34, 5.5)
    pt.surface.blit(brim, (0, 0))
    pt.ellipse((20, 20, 24), 50, brim_y, 34, 5.5, 0.6)
    pt.poly((24, 24, 28), [(40, brim_y), (60, brim_y), (59, brim_y - 16), (41, brim_y - 16)])
    pt.ellipse((40, 40, 46), 50, brim_y - 16, 9, 1.6)
    for s in (-1, 1):
        pt.line((40, 30, 30), [(50 + s * 15, brim_y + 2), (50 + s * 14, face.cy + face.ry * 0.6)], 0.5)


def idn(pt: Painter) -> None:  # Queen Wilhelmina: young, clean-shaven, a diadem, the orange of her house
    def tiles(p: Painter) -> None:
        for k in range(6):
            p.circle((250, 170, 90), 10 + k * 16, 112, 5, 0.8)
    background(pt, (236, 130, 40), (250, 176, 90), tiles)
    skin, face = SKIN["fair"], Face(rx=16.5, ry=22, jaw=0.0, cy=58)
    hair = (170, 120, 70)
    pt.ellipse(hair, 50, 48, 22, 16)  # hair up, behind the head
    pt.ellipse(hair, 50, 32, 9, 6)  # the bun
    bust(pt, (240, 140, 50), skin, neck_w=6.5, shoulders=40, collar=None)
    pt.poly((250, 236, 210), [(36, 90), (64, 90), (56, 98), (44, 98)])  # lace
    for k in range(9):
        pt.circle((250, 248, 240), 41 + k * 2.3, 93 + math.sin(k / 8 * math.pi) * 3, 1.0)
    pt.poly((60, 80, 170), [(34, 100), (40, 100), (37, 108)])  # a blue bow
    head(pt, face, skin, ears=False)
    hair_cap(pt, face, hair, depth=0.5, part=0.0, sides=0.35, volume=1.05)
    eyes(pt, face, "wide", brow=(150, 104, 60), brow_tilt=-0.2, brow_w=1.0)
    nose(pt, face, skin, 0.75)
    mouth(pt, face, "smile", 2.6, y=0.56)
    cheeks(pt, face, (240, 150, 150))
    top = face.cy - face.ry * 0.95  # the diadem
    pt.poly(GOLD, [(39, top + 4), (61, top + 4), (58, top - 1), (54, top + 1), (50, top - 5), (46, top + 1),
                   (42, top - 1)])
    pt.circle((220, 240, 255), 50, top - 1, 1.4)
    for s in (-1, 1):
        pt.circle((220, 240, 255), 50 + s * 6, top + 2, 0.9)
        pt.circle((250, 248, 240), 50 + s * face.rx * 1.0, face.cy + 5, 1.4)  # pearl earrings


def sui(pt: Painter) -> None:  # Walter Hauser: a great grey beard, a bald head, small round spectacles
    def cross(p: Painter) -> None:
        p.rect((240, 240, 240), 74, 12, 6, 20)
        p.rect((240, 240, 240), 67, 19, 20, 6)
    background(pt, (200, 40, 48), (214, 80, 80), cross)
    skin, face = SKIN["rosy"], Face(rx=18, ry=22.5, jaw=0.4, cy=54)
    coat = (44, 42, 46)
    bust(pt, coat, skin)
    lapels(pt, coat, tie=None)
    pt.line(GOLD, bez((58, 110), (63, 114), (68, 110), n=8), 0.6)  # a watch chain
    head(pt, face, skin)
    bald(pt, face, (150, 146, 140))
    beard(pt, face, (160, 156, 150), "bushy")
    lips(pt, face, skin, 3.5, 0.62)
    eyes(pt, face, "dot", brow=(130, 126, 120), brow_tilt=-0.1, brow_w=1.8)
    nose(pt, face, skin, 1.05)
    mouth(pt, face, "flat", 1.8, y=0.62)
    moustache(pt, face, (140, 136, 130), "walrus", y=0.42)
    spectacles(pt, face, "gold")
    cheeks(pt, face)


def mckinley(pt: Painter) -> None:  # William McKinley: the variant's America, clean-shaven, a red carnation
    background(pt, (60, 86, 150), (126, 150, 200))
    skin, face = SKIN["rosy"], Face(rx=19.5, ry=23.5, jaw=1.0, cy=57)
    coat = (34, 34, 40)
    bust(pt, coat, skin)
    lapels(pt, coat, tie=(34, 34, 40))
    for k in range(6):  # the carnation
        a = math.radians(k * 60)
        pt.circle((210, 40, 50), 64 + 2 * math.cos(a), 100 + 2 * math.sin(a), 2.2)
    pt.line((60, 120, 60), [(64, 103), (63, 110)], 0.8)
    head(pt, face, skin)
    hair_cap(pt, face, (60, 50, 44), depth=0.62, part=-0.4, sides=0.2)
    eyes(pt, face, "stern", brow=(50, 40, 36), brow_tilt=0.6, brow_w=2.2)
    nose(pt, face, skin, 1.1)
    mouth(pt, face, "flat", 3.2, y=0.58)
    pt.line(shade(skin, 0.85), arc(50, face.cy + face.ry * 0.82, 3, 1.5, 200, 340, 6), 0.6)  # the cleft chin


PAINTERS: dict[str, Callable[[Painter], None]] = {
    "USA": usa, "CHN": chn, "RUS": rus, "IND": ind, "OTT": ott, "FRA": fra, "GER": ger, "GBR": gbr,
    "JPN": jpn, "AUT": aut, "ITA": ita, "KOR": kor, "IDN": idn, "SUI": sui, "USA_mckinley": mckinley,
}
HAIRY = {usa, rus, ott, fra, ger, jpn, aut, ita, kor, sui}  # the painters that draw facial hair


def portrait(stem: str) -> pygame.Surface:
    pt = Painter()
    PAINTERS[stem](pt)
    return pt.finish()


def check_line_up() -> None:
    """Facial hair on exactly the bearded cards of both line-ups, as the rules decide."""
    for variant in ("default", MCKINLEY):
        for leader in leaders(variant).values():
            hairy = PAINTERS[leader.sprite] in HAIRY
            if hairy != (leader.category == BEARDED):
                raise SystemExit(f"{leader.sprite}: the portrait and the category {leader.category!r} disagree")


def contact_sheet(images: dict[str, pygame.Surface], path: Path) -> None:
    """Every portrait side by side with its id and category (for looking at, not shipped)."""
    from game.ui.fonts import font

    pygame.font.init()
    cols, w, h = 8, SIZE[0] + 12, SIZE[1] + 40
    rows = math.ceil(len(images) / cols)
    sheet = pygame.Surface((cols * w + 12, rows * h + 12))
    sheet.fill((22, 26, 38))
    cards = {leader.sprite: leader for v in ("default", MCKINLEY) for leader in leaders(v).values()}
    for i, (stem, image) in enumerate(images.items()):
        x, y = 12 + (i % cols) * w, 12 + (i // cols) * h
        sheet.blit(image, (x, y))
        leader = cards[stem]
        label = font(15).render(f"{leader.territory} {leader.person} · {leader.category}", True, (238, 234, 222))
        sheet.blit(pygame.transform.smoothscale_by(label, min(1.0, SIZE[0] / label.get_width())),
                   (x, y + SIZE[1] + 6))
    pygame.image.save(sheet, str(path))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet of all portraits")
    args = parser.parse_args()
    pygame.display.init()
    check_line_up()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    images = {}
    for stem in PAINTERS:
        images[stem] = portrait(stem)
        path = OUT_DIR / f"{stem}.png"
        pygame.image.save(images[stem], str(path))
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    if args.sheet:
        contact_sheet(images, args.sheet)
        print(args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
