"""Neu/Noir's cards and chips, drawn (no image files): a card shows its number or its instruction's name large, in
its kind's colour, with a small band saying what it does; the seats' colours mark their chips."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.services.i18n import per_language, t
from game.titles.neu_noir.rules import INSTRUCTIONS, NEGATIVE, POSITIVE, R101
from game.ui import theme
from game.ui.text import fit, render

RATIO = 1.42
PAPER = (248, 244, 232)
BACK = (44, 58, 96)
BACK_EDGE = (150, 176, 230)
INK = {"number": (40, 40, 52), "negative": (40, 110, 200), R101: (200, 50, 60), "SHOT": (196, 70, 40),
       "TURN": (60, 140, 90), "DOUBLE": (150, 70, 170), "PASS": (110, 110, 120)}
SEAT_COLOURS = ((226, 76, 70), (70, 130, 230), (70, 180, 100), (236, 196, 60), (160, 100, 210), (240, 140, 50),
                (200, 200, 210))  # the colour of each seat's marker and bet chip (spec 2.2)


def label(kind: str) -> str:
    """The card's big text: its number (with a minus for the negatives), 101, or the instruction's short name."""
    if kind in POSITIVE:
        return str(POSITIVE[kind])
    if kind in NEGATIVE:
        return f"−{NEGATIVE[kind]}"
    if kind == R101:
        return "101"
    return t(f"nn.card.{kind}")


def card_name(kind: str) -> str:
    """The card in a sentence."""
    return label(kind)


def ink(kind: str) -> tuple[int, int, int]:
    if kind in POSITIVE:
        return INK["number"]
    if kind in NEGATIVE:
        return INK["negative"]
    return INK[kind]


@per_language(maxsize=512)
def card_face(kind: str, width: int, style: str = "normal") -> pygame.Surface:
    """A face-up card; style 'lit' (chosen or pointed at: sky blue, not the keys' focus colour), 'dim' (cannot be
    played now), 'bad' (would go over 101)."""
    height = round(width * RATIO)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    edge = {"lit": theme.SKY, "bad": theme.BAD}.get(style, (180, 170, 150))
    pygame.draw.rect(surface, PAPER, rect, border_radius=max(4, width // 8))
    pygame.draw.rect(surface, edge, rect, 3 if style in ("lit", "bad") else 1, border_radius=max(4, width // 8))
    colour = ink(kind)
    if kind in INSTRUCTIONS:
        band = pygame.Rect(3, height - height // 4 - 3, width - 6, height // 4)
        pygame.draw.rect(surface, colour, band, border_radius=max(3, width // 10))
        text, size = fit(label(kind), max(10, width // 4), width - 8, True, 9)
        if text != label(kind):  # cut short on a small card: its short name instead
            text, size = fit(t(f"nn.card_short.{kind}"), max(10, width // 4), width - 8, True, 9)
        image = render(text, size, colour, True)
        surface.blit(image, image.get_rect(center=(width // 2, height * 2 // 5)))
    else:
        text, size = fit(label(kind), max(12, int(width * (0.42 if len(label(kind)) > 2 else 0.55))), width - 8,
                         True, 10)
        image = render(text, size, colour, True)
        surface.blit(image, image.get_rect(center=(width // 2, height // 2)))
    if style == "dim":
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((20, 24, 36, 120))
        surface.blit(shade, (0, 0))
    return surface


@lru_cache(maxsize=32)
def card_back(width: int) -> pygame.Surface:
    height = round(width * RATIO)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, BACK, rect, border_radius=max(4, width // 8))
    pygame.draw.rect(surface, BACK_EDGE, rect.inflate(-6, -6), 2, border_radius=max(3, width // 10))
    mark = render("N", max(10, width // 3), BACK_EDGE, True)
    surface.blit(mark, mark.get_rect(center=rect.center))
    return surface


@lru_cache(maxsize=1)
def black_chip() -> pygame.Surface:
    """A black chip, gold-rimmed: the mark beside a plate's score (the black chips are the points)."""
    surface = pygame.Surface((16, 16), pygame.SRCALPHA)
    chip(surface, (8, 8), (12, 12, 16), 7, theme.WARN)
    return surface


def chip(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int], radius: int = 8,
         ring: tuple[int, int, int] | None = None) -> None:
    """A round chip (a white or black chip, or a seat's bet chip)."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, ring or (90, 90, 100), centre, radius, 2)
