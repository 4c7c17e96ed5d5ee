"""The App: window, services, the scene stack and the fixed-timestep loop.

The loop updates at a fixed 1/60 s step from an accumulator (a long frame is clamped to 0.25 s)
and draws once per frame with `alpha = lag / STEP` (Fiedler, "Fix Your Timestep!").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ai.worker import BotWorker, InlineWorker
from game.app.scene import Scene, SceneStack
from game.services import i18n
from game.services.audio import make_audio
from game.services.settings import Settings, load_settings, save_settings
from game.services.storage import Storage
from game.ui.dice import die_surface
from game.ui.theme import HEIGHT, WIDTH

STEP = 1 / 60
MAX_FRAME = 0.25
FPS_CAP = 60


def start_bots(process: bool) -> BotWorker | InlineWorker:
    """Bots think in a worker process started now (frames never wait); in-process for headless tests."""
    from game.titles.registry import TITLES

    if not process:
        return InlineWorker()
    worker = BotWorker(preload=tuple(slug for slug, spec in TITLES.items() if not spec.solo))
    worker.start()
    return worker


class App:
    """Owns the window, the clock, the services and the scene stack."""

    def __init__(self, headless: bool = False, storage: Storage | None = None, bot_process: bool | None = None) -> None:
        self.headless = headless
        pygame.display.init()
        pygame.font.init()
        self.storage = storage or Storage()
        self.settings: Settings = load_settings(self.storage)
        i18n.set_language(self.settings.language)
        flags = 0 if headless else pygame.SCALED | pygame.RESIZABLE  # the dummy driver cannot scale
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
        pygame.display.set_icon(die_surface(5, 32))  # before the window exists, as some systems require
        self.screen = pygame.display.set_mode((WIDTH, HEIGHT), flags)
        pygame.display.set_caption("Asobiba 遊び場")
        self.audio = make_audio(self.settings.volume, self.settings.muted)
        self.bots = start_bots(not headless if bot_process is None else bot_process)
        self.stack = SceneStack()
        self.clock_time = 0.0   # seconds of simulated time, advanced by the fixed step
        self.running = True
        self.frame_ms: list[float] = []  # update+draw time per frame, for the frame benchmark

    # --- settings ---------------------------------------------------------------------------------
    def change_settings(self, **changes: object) -> None:
        """Apply and persist setting changes at once."""
        for key, value in changes.items():
            setattr(self.settings, key, value)
        i18n.set_language(self.settings.language)
        self.audio.set_volume(self.settings.volume)
        self.audio.set_muted(self.settings.muted)
        is_full = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if "fullscreen" in changes and not self.headless and is_full != self.settings.fullscreen:
            pygame.display.toggle_fullscreen()
        save_settings(self.storage, self.settings)

    def anim_speed(self) -> float:
        return self.settings.speed_factor()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_settings(fullscreen=not self.settings.fullscreen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
        else:
            self.stack.handle(event)

    def open_rules(self) -> None:
        """Show the rules of the title being played or browsed (F1)."""
        from game.app.rules_scene import RulesScene

        slug = self.stack.find_title()
        if slug and not isinstance(self.stack.top, RulesScene):
            self.stack.push(RulesScene(self, slug))

    def show_storage_notice(self) -> None:
        """Tell the player what storage has not told them yet (set aside, busy, read-only, a result kept)."""
        from game.app.overlays import NoticeScene

        for key in self.storage.take_notices():
            path = self.storage.moved_to.name if self.storage.moved_to else ""
            self.stack.push(NoticeScene(self, i18n.t(key, path=path)))

    def to_menu(self) -> None:
        """Leave whatever is being played and go back to the title menu."""
        from game.app.menu import TitleMenuScene

        self.audio.play("back")
        self.stack.clear_to(TitleMenuScene(self))

    def quit(self) -> None:
        self.running = False

    # --- loop -------------------------------------------------------------------------------------
    def run(self, first: Scene, frames: int | None = None, fixed_clock: bool = False,
            after_frame: Callable[[int], None] | None = None) -> None:
        """Run until quit (or for `frames` frames). `fixed_clock` advances exactly one step per frame."""
        self.stack.push(first)
        self.show_storage_notice()
        self.stack.apply_pending()
        clock = pygame.time.Clock()
        previous = time.perf_counter()
        lag = 0.0
        frame = 0
        while self.running and (frames is None or frame < frames):
            now = time.perf_counter()
            lag += STEP if fixed_clock else min(now - previous, MAX_FRAME)
            previous = now
            for event in pygame.event.get():
                self.handle(event)
            lag = self.tick(lag)
            self.show_storage_notice()  # a write that failed during this frame is told at once
            pygame.display.flip()
            self.frame_ms.append((time.perf_counter() - now) * 1000)
            frame += 1
            if after_frame:
                after_frame(frame)
            if not fixed_clock:
                clock.tick(FPS_CAP)

    def tick(self, lag: float) -> float:
        """Run the fixed updates that `lag` holds, then draw once; return the lag left over."""
        self.stack.apply_pending()
        while lag >= STEP - 1e-9:
            self.stack.update(STEP)
            self.clock_time += STEP
            lag -= STEP
            self.stack.apply_pending()
        if not self.stack.top:
            self.running = False
            return lag
        self.stack.draw(self.screen, max(lag, 0.0) / STEP)  # every base scene paints the whole screen
        return lag

    def screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        from game.ui import fonts, text

        self.bots.stop()
        self.storage.close()
        text.render.cache_clear()  # fonts die with pygame.quit(); a later App must load them anew
        text.wrap.cache_clear()
        fonts.font.cache_clear()
        pygame.quit()
