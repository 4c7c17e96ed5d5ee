"""Hige-mekuri's cards on screen: the portraits from sprites/hige_mekuri, framed and labelled, and the back.

Portraits are drawn by tools/make_portraits.py; names and territories are set here in the current language.
Every surface is cached by what it shows (and the language).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pygame

from game.services.i18n import language, per_language, pick, t
from game.titles.territories import BEARDED, CLEAN, VICTORIA, Leader
from game.ui.text import render

SPRITE_DIR = Path(__file__).resolve().parents[3] / "sprites" / "hige_mekuri"
CREAM = (246, 238, 220)
CREAM_EDGE = (196, 178, 140)
BACK = (112, 34, 44)
BADGE = {BEARDED: (132, 88, 52), CLEAN: (70, 130, 170), VICTORIA: (206, 150, 30)}
GOLD = (236, 186, 60)
PORTRAIT = (192, 240)


@lru_cache(maxsize=32)
def portrait(stem: str) -> pygame.Surface:
    """The portrait sprite; a clear error naming the file (and the script that makes it) if it is missing."""
    path = SPRITE_DIR / f"{stem}.png"
    if not path.is_file():
        raise FileNotFoundError(f"portrait missing: {path} (regenerate with: python tools/make_portraits.py)")
    image = pygame.image.load(str(path))
    try:
        return image.convert_alpha()  # blits fast in the display's format
    except pygame.error:  # no video mode yet (a test drawing off screen): the loaded image still draws
        return image


def person_name(leader: Leader) -> str:
    return pick(leader.person, leader.person_ja)


def territory_name(leader: Leader) -> str:
    return pick(leader.territory_en, leader.territory_ja)


def territory_label(leader: Leader) -> str:
    """The territory on a small card: its id in English, one kanji in Japanese (独 for GER)."""
    return pick(leader.territory, leader.territory_short_ja)


def category_name(category: str) -> str:
    return t(f"hm.{category}")


def draw_icon(surface: pygame.Surface, category: str, center: tuple[int, int], size: int) -> None:
    """A small sign of the category: a moustache, a smooth chin, a crown."""
    x, y = center
    s = size / 20
    if category == BEARDED:
        colour = (226, 176, 118)
        for side in (-1, 1):
            pts = [(x, y - 2 * s), (x + side * 5 * s, y - 4 * s), (x + side * 9 * s, y - 1 * s),
                   (x + side * 10 * s, y - 5 * s), (x + side * 10.5 * s, y + 1 * s), (x + side * 6 * s, y + 3 * s),
                   (x, y + 1 * s)]
            pygame.draw.polygon(surface, colour, pts)
    elif category == CLEAN:
        pygame.draw.circle(surface, (244, 214, 186), center, round(8 * s))
        pygame.draw.arc(surface, (150, 70, 70), pygame.Rect(x - 4 * s, y - 2 * s, 8 * s, 6 * s), math.pi * 1.1,
                        math.pi * 1.9, max(1, round(1.4 * s)))
        pygame.draw.circle(surface, (60, 40, 40), (x - 3 * s, y - 2 * s), max(1, round(1.1 * s)))
        pygame.draw.circle(surface, (60, 40, 40), (x + 3 * s, y - 2 * s), max(1, round(1.1 * s)))
    else:
        pts = [(x - 9 * s, y + 5 * s), (x - 10 * s, y - 6 * s), (x - 5 * s, y - 1 * s), (x, y - 9 * s),
               (x + 5 * s, y - 1 * s), (x + 10 * s, y - 6 * s), (x + 9 * s, y + 5 * s)]
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, (150, 100, 20), pts, max(1, round(s)))
        pygame.draw.circle(surface, (200, 40, 60), (x, y + 1 * s), max(1, round(2 * s)))


def card_size(width: int) -> tuple[int, int]:
    """The framed card: portrait area plus a name plate."""
    inner = width - 16
    return width, 8 + round(inner * PORTRAIT[1] / PORTRAIT[0]) + 64


@per_language(maxsize=64)
def card_face(leader: Leader, width: int) -> pygame.Surface:
    """The big framed card: portrait, name, territory and a category badge (cached)."""
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    edge = GOLD if leader.category == VICTORIA else CREAM_EDGE
    pygame.draw.rect(surface, CREAM, rect, border_radius=12)
    pygame.draw.rect(surface, edge, rect, 3, border_radius=12)
    inner = w - 16
    image = pygame.transform.smoothscale(portrait(leader.sprite), (inner, round(inner * PORTRAIT[1] / PORTRAIT[0])))
    surface.blit(image, (8, 8))
    pygame.draw.rect(surface, edge, (8, 8, image.get_width(), image.get_height()), 1)
    y = 8 + image.get_height() + 6
    name = render(person_name(leader), 19 if language() == "en" else 18, (40, 32, 30), True)
    if name.get_width() > w - 12:
        name = pygame.transform.smoothscale_by(name, (w - 12) / name.get_width())
    surface.blit(name, name.get_rect(midtop=(w // 2, y)))
    place = render(territory_name(leader), 15, (110, 96, 84))
    surface.blit(place, place.get_rect(midtop=(w // 2, y + 26)))
    _badge(surface, leader.category, (w - 10, 14))
    return surface


def _badge(surface: pygame.Surface, category: str, top_right: tuple[int, int]) -> None:
    label = render(category_name(category), 14, (255, 250, 240), True)
    pill = pygame.Rect(0, 0, label.get_width() + 34, 24)
    pill.topright = top_right
    pygame.draw.rect(surface, BADGE[category], pill, border_radius=12)
    pygame.draw.rect(surface, (255, 250, 240), pill, 1, border_radius=12)
    icon_surface = pygame.Surface((22, 22), pygame.SRCALPHA)
    draw_icon(icon_surface, category, (11, 11), 14)
    surface.blit(icon_surface, (pill.x + 5, pill.y + 1))
    surface.blit(label, label.get_rect(midleft=(pill.x + 27, pill.centery)))


@lru_cache(maxsize=64)
def thumb(stem: str, category: str, label: str, width: int) -> pygame.Surface:
    """A small card for the row of turned cards: the portrait, the territory's label and the category's colour."""
    ph = round((width - 6) * PORTRAIT[1] / PORTRAIT[0])
    surface = pygame.Surface((width, ph + 26), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, CREAM, rect, border_radius=6)
    surface.blit(pygame.transform.smoothscale(portrait(stem), (width - 6, ph)), (3, 3))
    pygame.draw.rect(surface, BADGE[category], (3, ph + 4, width - 6, 19), border_radius=4)
    text = render(label, 13, (255, 250, 240), True)
    surface.blit(text, text.get_rect(midleft=(6, ph + 13)))
    draw_icon(surface, category, (width - 13, ph + 14), 11)
    edge = GOLD if category == VICTORIA else CREAM_EDGE
    pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    return surface


@lru_cache(maxsize=8)
def card_back(width: int) -> pygame.Surface:
    """The back of a territory card: deep red with a golden moustache emblem."""
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=12)
    pygame.draw.rect(surface, (70, 18, 26), rect.inflate(-14, -14), 2, border_radius=8)
    for k in range(-h, w, 14):  # a fine diagonal lattice
        pygame.draw.line(surface, (126, 44, 54), (k, 0), (k + h, h), 1)
        pygame.draw.line(surface, (126, 44, 54), (k + h, 0), (k, h), 1)
    pygame.draw.rect(surface, BACK, pygame.Rect(0, 0, w * 0.62, w * 0.62).move(w * 0.19, h / 2 - w * 0.31),
                     border_radius=round(w * 0.31))
    pygame.draw.circle(surface, GOLD, (w // 2, h // 2), round(w * 0.3), max(1, w // 60))
    _emblem(surface, w / 2, h / 2 + w * 0.02, w * 0.42)
    pygame.draw.rect(surface, GOLD, rect, 2, border_radius=12)
    return surface


def _emblem(surface: pygame.Surface, cx: float, cy: float, size: float) -> None:
    """A golden handlebar moustache, its tips curled up, for the card back."""
    s = size / 30
    for side in (-1, 1):
        half = [(cx, cy - 2 * s), (cx + 4 * s, cy - 4.5 * s), (cx + 9 * s, cy - 3.5 * s), (cx + 12 * s, cy - 1.5 * s),
                (cx + 14.5 * s, cy - 4 * s), (cx + 14 * s, cy + 0.5 * s), (cx + 9 * s, cy + 3 * s),
                (cx + 4 * s, cy + 3 * s), (cx, cy + 1 * s)]
        pygame.draw.polygon(surface, GOLD, [(cx + side * (x - cx), y) for x, y in half])
        pygame.draw.circle(surface, GOLD, (cx + side * 14.8 * s, cy - 6.2 * s), 2.4 * s, max(1, round(1.1 * s)))
