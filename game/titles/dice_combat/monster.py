"""The oni the player duels, drawn with pygame primitives: it blinks, bobs, flinches and lunges."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

SKIN = (206, 64, 58)
SKIN_DARK = (150, 38, 40)
PALE = (250, 196, 188)  # the flash of a flinch
HORN = (242, 226, 190)
HAIR = (40, 36, 52)
EYE = (255, 244, 214)
PUPIL = (30, 24, 30)
FANG = (252, 250, 240)
SIZE = (260, 210)


@lru_cache(maxsize=4)
def body(tint: tuple[int, int, int] = SKIN) -> pygame.Surface:
    """Head, horns, hair and brows: everything that does not move."""
    w, h = SIZE
    surface = pygame.Surface(SIZE, pygame.SRCALPHA)
    for side in (-1, 1):  # horns
        base_x = w // 2 + side * 58
        pygame.draw.polygon(surface, HORN, [(base_x - 18, 70), (base_x + 18, 70), (base_x + side * 30, 4)])
        pygame.draw.polygon(surface, (200, 184, 150), [(base_x - 18, 70), (base_x + 18, 70), (base_x + side * 30, 4)], 3)
    head = pygame.Rect(30, 48, w - 60, h - 52)
    pygame.draw.ellipse(surface, SKIN_DARK, head.inflate(8, 8))
    pygame.draw.ellipse(surface, tint, head)
    pygame.draw.ellipse(surface, HAIR, (48, 36, w - 96, 52))  # hair tuft over the brow
    for side in (-1, 1):  # angry brows
        x = w // 2 + side * 48
        pygame.draw.line(surface, HAIR, (x - side * 30, 112), (x + side * 22, 94), 9)  # inner end low: a scowl
    return surface


def draw(surface: pygame.Surface, center: tuple[float, float], time: float, flinch: float = 0.0,
         lunge: float = 0.0) -> None:
    """Draw the oni; `flinch` (0..1) flashes it pale and pushes it back, `lunge` (0..1) swells it forward."""
    bob = 4 * math.sin(time * 2.1)
    scale = 1 + 0.18 * lunge - 0.08 * flinch
    image = body(PALE if flinch > 0.3 else SKIN).copy()
    _face(image, time)
    if scale != 1:
        image = pygame.transform.smoothscale(image, (int(SIZE[0] * scale), int(SIZE[1] * scale)))
    rect = image.get_rect(center=(center[0], center[1] + bob - 14 * flinch))
    surface.blit(image, rect)


def _face(image: pygame.Surface, time: float) -> None:
    w, _ = SIZE
    blink = (time % 3.7) < 0.12
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, 40, 6 if blink else 30)
        eye.center = (w // 2 + side * 44, 128)
        pygame.draw.ellipse(image, EYE, eye)
        if not blink:
            look = 5 * math.sin(time * 0.9)
            pygame.draw.circle(image, PUPIL, (eye.centerx + look, eye.centery + 3), 8)
    mouth = pygame.Rect(w // 2 - 50, 160, 100, 30)
    pygame.draw.ellipse(image, (70, 18, 26), mouth)
    for side in (-1, 1):
        x = w // 2 + side * 28
        pygame.draw.polygon(image, FANG, [(x - 9, 162), (x + 9, 162), (x, 184)])
