"""The window and its canvas: every scene draws on a fixed 1280×720 canvas, and the window may be any size.

The canvas is scaled to fit the window with its aspect kept, centred, the bars around it in the theme's darkest
colour (a letterbox), by `pygame.transform.smoothscale` into the window's own surface (a plain blit at 1×). Mouse
positions come back the other way: every mouse event a scene sees is in canvas coordinates, a press in the bars is
swallowed (with its release), and `mouse_pos()` is `pygame.mouse.get_pos()` in canvas coordinates.

Why smoothscale and not the GPU renderer of `pygame._sdl2.video`: measured on the development machine (no GPU),
scaling 1280×720 to 1920×1080 costs 2.0 ms with smoothscale (SSE2) against 7.3 ms through SDL's renderer with
linear filtering (its software renderer), and under Xvfb the renderer's OpenGL (llvmpipe) used more CPU than the
smoothscale path (21.6 against 15.8 ms of CPU a frame, both dominated by Xvfb's copying). The surface path also
works unchanged under SDL's dummy driver, so the tests and benches run the very code a player's window runs. On a
machine with a real GPU the renderer would cost less (a 1280×720 texture upload, ~0.5 ms); only `compose` and
`present` would change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import theme

CANVAS = (theme.WIDTH, theme.HEIGHT)
MIN_SIZE = (960, 540)     # the smallest window: the canvas at 3/4, its smallest text still legible
DESKTOP_SHARE = 0.9       # a new window takes at most this share of the desktop, each way
BAR = theme.BG_DEEP       # the letterbox bars
MOUSE_POS_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


@dataclass(frozen=True)
class Letterbox:
    """Where the canvas lies in a window of `size`: scaled by `scale` to `rect` (x, y, w, h), centred."""

    size: tuple[int, int]
    rect: tuple[int, int, int, int]

    @classmethod
    def fit(cls, size: tuple[int, int], canvas: tuple[int, int] = CANVAS) -> Letterbox:
        width, height = max(1, int(size[0])), max(1, int(size[1]))
        scale = min(width / canvas[0], height / canvas[1])
        w, h = max(1, min(width, round(canvas[0] * scale))), max(1, min(height, round(canvas[1] * scale)))
        return cls((width, height), ((width - w) // 2, (height - h) // 2, w, h))

    @property
    def scale(self) -> float:
        return self.rect[2] / CANVAS[0]

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The canvas pixel under window pixel `pos` (outside 0..1279 × 0..719 when `pos` is in a bar)."""
        x, y, w, h = self.rect
        return (math.floor((pos[0] - x + 0.5) * CANVAS[0] / w), math.floor((pos[1] - y + 0.5) * CANVAS[1] / h))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """The window pixel that shows the centre of canvas pixel `pos`."""
        x, y, w, h = self.rect
        return (math.floor(x + (pos[0] + 0.5) * w / CANVAS[0]), math.floor(y + (pos[1] + 0.5) * h / CANVAS[1]))

    def on_canvas(self, window_pos: tuple[float, float]) -> bool:
        """True when window pixel `window_pos` shows the canvas (not a bar, not outside the window)."""
        return pygame.Rect(self.rect).collidepoint(window_pos)

    def bars(self) -> list[pygame.Rect]:
        """The parts of the window the canvas does not cover (none, two or four rectangles)."""
        x, y, w, h = self.rect
        width, height = self.size
        parts = [pygame.Rect(0, 0, width, y), pygame.Rect(0, y + h, width, height - y - h),
                 pygame.Rect(0, y, x, h), pygame.Rect(x + w, y, width - x - w, h)]
        return [part for part in parts if part.w > 0 and part.h > 0]


def initial_size(desktop: tuple[int, int] | None, saved: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window's size at start: the size it had last time (`saved`), else 1280×720, shrunk to fit within
    DESKTOP_SHARE of the desktop (the canvas's aspect kept when nothing was saved), never below MIN_SIZE."""
    width, height = saved or CANVAS
    if desktop:
        room = (int(desktop[0] * DESKTOP_SHARE), int(desktop[1] * DESKTOP_SHARE))
        if saved:
            width, height = min(width, room[0]), min(height, room[1])
        else:
            scale = min(1.0, room[0] / width, room[1] / height)
            width, height = int(width * scale), int(height * scale)
    return max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])


_active: GameWindow | None = None


def mouse_pos() -> tuple[int, int]:
    """`pygame.mouse.get_pos()` in canvas coordinates: use this, never pygame.mouse.get_pos(), in scenes."""
    raw = pygame.mouse.get_pos()
    return _active.letterbox.to_canvas(raw) if _active else raw


class GameWindow:
    """The OS window (pygame.Window), the canvas the scenes draw on, and the letterbox between them."""

    def __init__(self, size: tuple[int, int], title: str, icon: pygame.Surface | None = None,
                 resizable: bool = True) -> None:
        global _active
        self.window = pygame.Window(title, size, position=pygame.WINDOWPOS_CENTERED, resizable=resizable,
                                    hidden=True)
        self.window.minimum_size = MIN_SIZE
        if icon is not None:
            self.window.set_icon(icon)  # before the window shows, as some systems require
        self.window.show()
        surface = self.window.get_surface()
        # the window's pixel format, so that scaling writes straight into it (smoothscale needs 24 or 32 bits)
        self.canvas = pygame.Surface(CANVAS, 0, surface if surface.get_bytesize() >= 3 else 32)
        self.fullscreen = False
        self.pressed: set[int] = set()  # mouse buttons pressed on the canvas, whose release the scenes see
        self._target: pygame.Surface | None = None  # where the scaled canvas goes: a part of the window's surface
        self._target_key: tuple | None = None
        self._bars: list[pygame.Rect] = []
        self._direct = True  # the window's pixel format is the canvas's: scale straight into it
        self._box = Letterbox.fit(self.window.size)
        _active = self

    # --- geometry ---------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def letterbox(self) -> Letterbox:
        size = self.window.size
        if self._box.size != size:
            self._box = Letterbox.fit(size)
        return self._box

    def resize(self, size: tuple[int, int]) -> None:
        """Set the window's size (as a player dragging its edge would; the minimum size holds)."""
        self.window.size = size

    def set_fullscreen(self, on: bool) -> None:
        """Fill the desktop (no video mode change) or go back to the window as it was."""
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
        self.fullscreen = on

    # --- input ------------------------------------------------------------------------------------
    def map_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """`event` with its mouse position in canvas coordinates; None for a press in the bars (and its release).

        Motion is always passed on, off the canvas when the pointer is in a bar, so that hovers end there.
        """
        if event.type not in MOUSE_POS_EVENTS or "pos" not in event.dict:
            return event
        box = self.letterbox
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not box.on_canvas(event.pos):
                return None
            self.pressed.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button not in self.pressed:
                return None
            self.pressed.discard(event.button)
        changes = {"pos": box.to_canvas(event.pos)}
        if "rel" in event.dict:
            changes["rel"] = (round(event.rel[0] / box.scale), round(event.rel[1] / box.scale))
        return pygame.event.Event(event.type, {**event.dict, **changes})

    # --- output -----------------------------------------------------------------------------------
    def compose(self) -> pygame.Surface:
        """Paint the canvas, scaled, and the bars onto the window's surface; return that surface."""
        surface = self.window.get_surface()
        size = surface.get_size()
        key = (surface._pixels_address, size)  # pygame keeps the surface object; SDL makes new pixels on a resize
        if key != self._target_key:
            box = self.letterbox if self.letterbox.size == size else Letterbox.fit(size)
            self._target_key, self._target, self._bars = key, surface.subsurface(box.rect), box.bars()
            self._direct = (surface.get_bytesize(), surface.get_masks()) == (self.canvas.get_bytesize(),
                                                                           self.canvas.get_masks())
        for bar in self._bars:
            surface.fill(BAR, bar)
        if self._target.get_size() == CANVAS:
            self._target.blit(self.canvas, (0, 0))
        elif self._direct:
            pygame.transform.smoothscale(self.canvas, self._target.get_size(), self._target)
        else:  # a window of another pixel format: scale, then convert as it is blitted
            self._target.blit(pygame.transform.smoothscale(self.canvas, self._target.get_size()), (0, 0))
        return surface

    def present(self) -> None:
        """Show the canvas in the window."""
        self.compose()
        self.window.flip()

    def save_shown(self, path: str) -> None:
        """Save the window as the player sees it (the scaled canvas and the bars)."""
        pygame.image.save(self.compose(), path)

    def close(self) -> None:
        global _active
        if _active is self:
            _active = None
        self._target = self._target_key = None
        self.window.destroy()
