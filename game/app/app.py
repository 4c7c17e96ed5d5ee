"""The App: window, services, the scene stack and the fixed-timestep loop.

The loop updates at a fixed 1/60 s step from an accumulator (a long frame is clamped to 0.25 s)
and draws once per frame with `alpha = lag / STEP` (Fiedler, "Fix Your Timestep!").

Scenes draw on a 1280×720 canvas (`App.screen`); the window may be any size down to 960×540 and shows the canvas
letterboxed (game.ui.window). Mouse events reach the scenes in canvas coordinates. The window's size and whether it
was maximized are remembered from one run to the next (storage setting "window"), shrunk to fit the desktop.
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
from game.ui.window import GameWindow, initial_size

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

    def __init__(self, headless: bool = False, storage: Storage | None = None, bot_process: bool | None = None,
                 size: tuple[int, int] | None = None, remember_window: bool | None = None) -> None:
        """`size`: the window's size (default: last run's, or 1280×720; headless: 1280×720). `remember_window`
        (default: not headless) reads and keeps the window's size and maximized state in storage."""
        self.headless = headless
        pygame.display.init()
        pygame.font.init()
        self.storage = storage or Storage()
        self.settings: Settings = load_settings(self.storage)
        i18n.set_language(self.settings.language)
        self.remember_window = not headless if remember_window is None else remember_window
        saved = self.saved_window() if self.remember_window else {}
        if size is None:
            desktop = None if headless else (pygame.display.get_desktop_sizes() or [None])[0]
            size = initial_size(desktop, saved.get("size"))
        self.window = GameWindow(size, "Asobiba 遊び場", die_surface(5, 32))
        self.window_state = {"size": list(self.window.size), "maximized": bool(saved.get("maximized"))}
        if self.window_state["maximized"] and not self.settings.fullscreen:
            self.window.window.maximize()
        if self.settings.fullscreen and not headless:
            self.window.set_fullscreen(True)
        self.screen = self.window.canvas  # what every scene draws on: 1280×720 whatever the window's size
        self.audio = make_audio(self.settings.volume, self.settings.muted)
        self.bots = start_bots(not headless if bot_process is None else bot_process)
        self.stack = SceneStack()
        self.last_title: str | None = None  # the title last started (or its scores opened): the menu comes back to it
        self.menu_scroll = 0  # the title list's scroll when the menu was left: it comes back as it was
        self.running = True
        self.frame_ms: list[float] = []      # input+update+draw+present time per frame, for the frame benchmark
        self.frame_cpu_ms: list[float] = []  # the main thread's CPU time in the same span
        self.present_ms: list[float] = []    # of which showing the canvas in the window (scaling it)

    # --- settings ---------------------------------------------------------------------------------
    def change_settings(self, **changes: object) -> None:
        """Apply and persist setting changes at once."""
        switched = changes.get("language", self.settings.language) != i18n.language()
        for key, value in changes.items():
            setattr(self.settings, key, value)
        i18n.set_language(self.settings.language)
        if switched:  # the scenes under the settings (a game behind its pause menu) say their words anew
            for scene in self.stack.scenes:
                scene.language_changed()
        self.audio.set_volume(self.settings.volume)
        self.audio.set_muted(self.settings.muted)
        if "fullscreen" in changes and not self.headless and self.window.fullscreen != self.settings.fullscreen:
            self.window.set_fullscreen(self.settings.fullscreen)
            if not self.settings.fullscreen and self.window_state["maximized"]:
                self.window.window.maximize()  # back to the window as it was: SDL restores only its size
        save_settings(self.storage, self.settings)

    def anim_speed(self) -> float:
        return self.settings.speed_factor()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """One event from the window: mouse positions are mapped to the canvas (a press in the bars is dropped)."""
        event = self.window.map_event(event)
        if event is None:
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.note_window(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_settings(fullscreen=not self.settings.fullscreen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
        elif event.type == pygame.DROPFILE:
            self.open_file(event.file)
        else:
            self.stack.handle(event)

    def open_rules(self) -> None:
        """Show the rules of the title being played or browsed (F1); F1 on the rules closes them."""
        from game.app.rules_scene import RulesScene

        if isinstance(self.stack.top, RulesScene):  # F1 again closes them, as their footer says
            self.audio.play("back")
            self.stack.pop()
            return
        slug = self.stack.find_title()
        if slug:
            self.stack.push(RulesScene(self, slug))

    def open_file(self, path: str | Path) -> None:
        """Open an exported game (dropped on the window, or named on the command line) in the replay theatre, or
        tell the player why it cannot be opened."""
        from game.app.exports import read_file
        from game.app.overlays import NoticeScene
        from game.app.theatre import open_theatre
        from game.core.replay import ReplayError

        try:
            slug, text, levels = read_file(path)
            scene = open_theatre(self, slug, text, levels)
        except ReplayError as exc:
            self.audio.play("error")
            self.stack.push(NoticeScene(self, i18n.t("games.file_broken", name=Path(path).name, why=exc)))
            return
        self.audio.play("menu_select")
        self.stack.push(scene)

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

    # --- window -----------------------------------------------------------------------------------
    def saved_window(self) -> dict:
        """The window's size and maximized state from the last run, checked ({} when none or invalid)."""
        saved = self.storage.get_setting("window")
        if not isinstance(saved, dict):
            return {}
        size, maximized = saved.get("size"), saved.get("maximized")
        valid_size = (isinstance(size, list) and len(size) == 2
                      and all(isinstance(n, int) and not isinstance(n, bool) and 0 < n < 100_000 for n in size))
        return {"size": tuple(size) if valid_size else None, "maximized": maximized is True}

    def note_window(self, event: pygame.event.Event) -> None:
        """Follow the window's size and maximized state (not while it fills the screen), to remember them."""
        if self.window.fullscreen:
            return
        if event.type == pygame.WINDOWMAXIMIZED:
            self.window_state["maximized"] = True
        elif event.type == pygame.WINDOWRESTORED:
            self.window_state["maximized"] = False
        elif not self.window_state["maximized"]:
            self.window_state["size"] = [event.x, event.y]

    # --- loop -------------------------------------------------------------------------------------
    def run(self, first: Scene | None, frames: int | None = None, fixed_clock: bool = False,
            after_frame: Callable[[int], None] | None = None) -> None:
        """Run until quit (or for `frames` frames), from `first` (None: the scenes already pushed). `fixed_clock`
        advances exactly one step per frame."""
        if first is not None:
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
            cpu = time.thread_time()
            for event in pygame.event.get():
                self.handle(event)
            lag = self.tick(lag)
            self.show_storage_notice()  # a write that failed during this frame is told at once
            shown = time.perf_counter()
            self.window.present()
            done = time.perf_counter()
            self.frame_ms.append((done - now) * 1000)
            self.frame_cpu_ms.append((time.thread_time() - cpu) * 1000)
            self.present_ms.append((done - shown) * 1000)
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
            lag -= STEP
            self.stack.apply_pending()
        if not self.stack.top:
            self.running = False
            return lag
        self.stack.draw(self.screen, max(lag, 0.0) / STEP)  # every base scene paints the whole screen
        return lag

    def screenshot(self, path: str | Path) -> None:
        """Save the canvas (1280×720, whatever the window's size)."""
        pygame.image.save(self.screen, str(path))

    def screenshot_window(self, path: str | Path) -> None:
        """Save the window as the player sees it now: the canvas scaled into it and the letterbox bars."""
        self.window.save_shown(str(path))

    def close(self) -> None:
        from game.ui import fonts, text

        if self.remember_window and self.saved_window() != {"size": tuple(self.window_state["size"]),
                                                            "maximized": self.window_state["maximized"]}:
            self.storage.set_setting("window", self.window_state)
        self.window.close()
        self.bots.stop()
        self.audio.close()
        self.storage.close()
        text.forget()  # fonts die with pygame.quit(); a later App must load them anew
        fonts.font.cache_clear()
        pygame.quit()
