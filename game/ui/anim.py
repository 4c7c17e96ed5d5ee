"""Animation pieces shared by the dice scenes: moving dice, a queue of timed beats, bursts and pop-ups.

A scene turns the engine's events into beats; while beats are queued the scene waits for them before
taking the next decision, so every event is seen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

import pygame

from game.ui import theme
from game.ui.fonts import font
from game.ui.text import blit, fit, overflowed
from game.ui.tween import ease_out_back, ease_out_cubic, lerp2

BURST_COLOURS = (theme.DIE_FACE, theme.ACCENT, theme.WARN, theme.DIE_PIP_RED)


@dataclass
class Sprite:
    """A die or card on screen: where it is, where it is going, and how it looks."""

    value: int
    pos: tuple[float, float]
    start: tuple[float, float] = (0.0, 0.0)
    target: tuple[float, float] = (0.0, 0.0)
    t0: float = 0.0
    duration: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    spin: float = 0.0        # degrees of tumble left to turn, easing to 0 on arrival
    alpha: int = 255
    fade: bool = False       # fading out while it moves

    def move(self, target: tuple[float, float], now: float, duration: float,
             ease: Callable[[float], float] = ease_out_cubic) -> None:
        self.start, self.target, self.t0, self.duration, self.ease = self.pos, target, now, duration, ease

    def update(self, now: float) -> None:
        if self.duration <= 0:
            self.pos = self.target
            return
        progress = min(1.0, (now - self.t0) / self.duration)
        self.pos = lerp2(self.start, self.target, self.ease(max(progress, 0.0)))
        if self.fade:
            self.alpha = int(255 * (1 - progress))

    def angle(self, now: float) -> float:
        if not self.spin or self.duration <= 0:
            return 0.0
        return self.spin * (1 - ease_out_cubic((now - self.t0) / self.duration))

    def blit(self, surface: pygame.Surface, image: pygame.Surface, now: float) -> None:
        """Draw `image` (this die's face) where the sprite is, turned by its tumble."""
        angle = self.angle(now)
        if angle:
            turned = pygame.transform.rotate(image, angle)
            size = image.get_width()
            surface.blit(turned, turned.get_rect(center=(self.pos[0] + size / 2, self.pos[1] + size / 2)))
        elif self.alpha < 255:
            faded = image.copy()
            faded.set_alpha(self.alpha)
            surface.blit(faded, self.pos)
        else:
            surface.blit(image, self.pos)


@dataclass
class Beat:
    """One step of the animation queue: `start` runs when it begins, then it lasts `duration`."""

    duration: float
    start: Callable[[], None] = lambda: None
    begun: bool = field(default=False)


class Timeline:
    """Beats played one after another."""

    def __init__(self) -> None:
        self.beats: list[Beat] = []

    @property
    def busy(self) -> bool:
        return bool(self.beats)

    def queue(self, duration: float, start: Callable[[], None] = lambda: None) -> None:
        self.beats.append(Beat(duration, start))

    def update(self, dt: float) -> None:
        while self.beats:
            beat = self.beats[0]
            if not beat.begun:
                beat.begun = True
                beat.start()
            beat.duration -= dt
            if beat.duration > 0:
                return
            self.beats.pop(0)
            dt = 0.0


@dataclass
class Particle:
    pos: list[float]
    vel: list[float]
    life: float
    color: tuple[int, int, int]
    size: float


@dataclass
class Popup:
    text: str
    pos: tuple[float, float]
    born: float
    size: int
    color: tuple[int, int, int]
    life: float = 1.2
    rise: float = 60  # pixels risen over its life


class Effects:
    """Bursts of particles, rising pop-ups and one big banner at a time."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.particles: list[Particle] = []
        self.popups: list[Popup] = []
        self.banner: tuple[str, float, tuple[int, int, int]] | None = None

    def spray(self, center: tuple[float, float], count: int, colours=BURST_COLOURS) -> None:
        for _ in range(count):
            self.particles.append(Particle([center[0], center[1]],
                                           [self.rng.uniform(-260, 260), self.rng.uniform(-420, -60)],
                                           self.rng.uniform(0.5, 0.9), self.rng.choice(colours),
                                           self.rng.uniform(3, 7)))

    def popup(self, text: str, pos: tuple[float, float], now: float, size: int, color: tuple, rise: float = 60
              ) -> None:
        self.popups.append(Popup(text, pos, now, size, color, rise=rise))

    def show_banner(self, text: str, now: float, color: tuple) -> None:
        self.banner = (text, now, color)

    def update(self, dt: float, now: float) -> None:
        for p in self.particles:
            p.pos[0] += p.vel[0] * dt
            p.pos[1] += p.vel[1] * dt
            p.vel[1] += 900 * dt
            p.life -= dt
        self.particles = [p for p in self.particles if p.life > 0]
        self.popups = [p for p in self.popups if now - p.born < p.life]

    def draw(self, surface: pygame.Surface, now: float, banner_at: tuple[int, int], room: int | None = None) -> None:
        """Particles, pop-ups and the banner centred on `banner_at`, its type shrunk to stay within `room` pixels
        of width (by default: as far as the nearer edge of the canvas allows, less a margin)."""
        for p in self.particles:
            pygame.draw.rect(surface, p.color, (p.pos[0], p.pos[1], p.size, p.size))
        for popup in self.popups:
            age = (now - popup.born) / popup.life
            size = max(12, int(popup.size * (0.6 + 0.4 * ease_out_back(min(1.0, age * 3)))))
            x, y = popup.pos[0], popup.pos[1] - popup.rise * age
            blit(surface, popup.text, size, (x + 2, y + 2), theme.BG_DEEP, True, "center")  # a shadow: it stays
            blit(surface, popup.text, size, (x, y), popup.color, True, "center")  # readable over a card or a plate
        if self.banner and now - self.banner[1] < 1.2:
            text, born, color = self.banner
            size = int(72 * (0.7 + 0.3 * ease_out_back(min(1.0, (now - born) * 4))))
            room = room or 2 * min(banner_at[0], surface.get_width() - banner_at[0]) - 40
            shown, size = fit(text, size, room, True, 24)
            if shown != text:
                overflowed(text, pygame.Rect(banner_at[0] - room // 2, banner_at[1] - size, room, 2 * size))
            text = shown
            # on a dark band: over a busy table (cards, names, labels) bare text was hard to read (playtest round 10)
            band = pygame.Rect((0, 0), font(size, True).size(text)).inflate(40, 12)
            band.center = banner_at
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (*theme.BG_DEEP, 190), shade.get_rect(), border_radius=16)
            surface.blit(shade, band)
            blit(surface, text, size, (banner_at[0] + 3, banner_at[1] + 3), theme.BG_DEEP, True, "center")
            blit(surface, text, size, banner_at, color, True, "center")
