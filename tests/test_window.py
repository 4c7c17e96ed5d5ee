"""The window (issue 22, item 6): the 1280×720 canvas letterboxed into a window of any size down to 960×540, mouse
positions mapped back to the canvas, resizes, fullscreen, the window's size remembered, screenshots of both."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.app.app import STEP, App
from game.app.scene import Scene
from game.services.storage import Storage
from game.ui import theme, window
from game.ui.movelog import MoveLog
from game.ui.widgets import Button, ButtonRow
from game.ui.window import MIN_SIZE, Letterbox, initial_size

FILL = (200, 60, 40)
BUTTON = pygame.Rect(1080, 600, 160, 60)  # near the bottom-right corner of the canvas


class Probe(Scene):
    """A scene with one button in the corner; it records every mouse event it is given."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[pygame.event.Event] = []
        self.pressed = 0
        self.row = ButtonRow([Button(BUTTON, "OK", self.press)])

    def press(self) -> None:
        self.pressed += 1

    def handle(self, event: pygame.event.Event) -> None:
        self.events.append(event)
        self.row.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(FILL)
        self.row.draw(surface)


def open_app(tmp_path: Path, size: tuple[int, int] | None = None, **kw) -> tuple[App, Probe]:
    app = App(headless=kw.pop("headless", True), storage=Storage(tmp_path / "w.sqlite3"), size=size, **kw)
    probe = Probe(app)
    app.stack.push(probe)
    app.stack.apply_pending()
    return app, probe


def mouse(kind: int, pos: tuple[int, int], **fields) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        fields = {"rel": (0, 0), "buttons": (0, 0, 0), "touch": False, **fields}
    else:
        fields = {"button": 1, "touch": False, **fields}
    return pygame.event.Event(kind, pos=pos, **fields)


def close_to(color: pygame.Color, expected: tuple[int, int, int], within: int = 4) -> bool:
    """Equal but for the rounding of smoothscale (which darkens by up to 3 levels when it shrinks)."""
    return all(abs(a - b) <= within for a, b in zip(color[:3], expected[:3], strict=True))


def pump(app: App) -> list[int]:
    """Hand the window's queued events to the app, as the loop does; their types."""
    events = pygame.event.get()
    for event in events:
        app.handle(event)
    return [event.type for event in events]


# --- the mapping ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "rect"), [
    ((960, 540), (0, 0, 960, 540)),        # the smallest window: 3/4, no bars
    ((1366, 728), (36, 0, 1294, 728)),     # a 1366×768 laptop less its taskbar: bars left and right
    ((1920, 1080), (0, 0, 1920, 1080)),    # maximized on a 1080p screen: 1.5×, no bars
    ((1920, 1200), (0, 60, 1920, 1080)),   # a 16:10 screen: bars above and below
])
def test_the_canvas_fits_the_window_centred_with_its_aspect(size, rect):
    box = Letterbox.fit(size)
    assert box.rect == rect
    assert box.scale == pytest.approx(rect[2] / 1280)
    assert rect[3] == round(720 * box.scale)
    covered = sum(bar.w * bar.h for bar in box.bars()) + rect[2] * rect[3]
    assert covered == size[0] * size[1]  # the bars and the canvas tile the window


@pytest.mark.parametrize("size", [(960, 540), (1366, 728), (1920, 1080)])
def test_corners_and_centre_map_to_the_canvas_corners_and_centre(size):
    box = Letterbox.fit(size)
    x, y, w, h = box.rect
    assert box.to_canvas((x, y)) == (0, 0)
    assert box.to_canvas((x + w - 1, y)) == (1279, 0)
    assert box.to_canvas((x, y + h - 1)) == (0, 719)
    assert box.to_canvas((x + w - 1, y + h - 1)) == (1279, 719)
    cx, cy = box.to_canvas((size[0] / 2, size[1] / 2))
    assert abs(cx - 640) <= 1 and abs(cy - 360) <= 1
    assert box.to_window((640, 360)) == pytest.approx((size[0] / 2, size[1] / 2), abs=1)
    for canvas_pos in [(0, 0), (1279, 719), (640, 360), (17, 703), BUTTON.center]:
        window_pos = box.to_window(canvas_pos)
        assert box.on_canvas(window_pos)
        mapped = box.to_canvas(window_pos)
        assert abs(mapped[0] - canvas_pos[0]) <= 1 and abs(mapped[1] - canvas_pos[1]) <= 1
        if box.scale >= 1:
            assert mapped == canvas_pos  # every canvas pixel has window pixels of its own


def test_a_point_in_the_bars_is_off_the_canvas():
    box = Letterbox.fit((1366, 728))
    for pos in [(0, 0), (35, 400), (1330, 10), (1365, 727)]:
        assert not box.on_canvas(pos)
        x, y = box.to_canvas(pos)
        assert not (0 <= x < 1280 and 0 <= y < 720)
    assert box.on_canvas((36, 0)) and box.on_canvas((1329, 727))
    tall = Letterbox.fit((1920, 1200))
    assert not tall.on_canvas((960, 59)) and tall.on_canvas((960, 60)) and not tall.on_canvas((960, 1140))
    assert tall.to_canvas((960, 30))[1] < 0 and tall.to_canvas((960, 1150))[1] >= 720


def test_initial_size_fits_the_desktop():
    assert initial_size((1920, 1080)) == (1280, 720)      # 1280×720 where it fits in 90% of the desktop
    assert initial_size((1366, 768)) == (1228, 691)       # else the largest 16:9 window that does
    assert initial_size((1024, 600)) == MIN_SIZE          # never below the smallest window
    assert initial_size(None) == (1280, 720)              # headless
    assert initial_size((2560, 1440), (1700, 1000)) == (1700, 1000)  # last run's size where it fits
    assert initial_size((1920, 1080), (2500, 1400)) == (1728, 972)   # shrunk to a smaller desktop
    assert initial_size(None, (1000, 600)) == (1000, 600)


# --- the app: events in canvas coordinates --------------------------------------------------------------------
@pytest.mark.parametrize("size", [(960, 540), (1366, 728), (1920, 1080)])
def test_a_click_at_the_buttons_scaled_position_presses_it(tmp_path, size):
    app, probe = open_app(tmp_path, size)
    try:
        assert app.window.size == size and app.screen.get_size() == (1280, 720)
        at = app.window.letterbox.to_window(BUTTON.center)
        app.handle(mouse(pygame.MOUSEMOTION, at, rel=(30, -15)))
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, at))
        app.handle(mouse(pygame.MOUSEBUTTONUP, at))
        assert probe.pressed == 1
        assert probe.row.hover == 0
        motion, down, up = probe.events
        for event in (motion, down, up):
            assert BUTTON.collidepoint(event.pos) and abs(event.pos[0] - BUTTON.centerx) <= 1
        scale = app.window.letterbox.scale
        assert motion.rel == (round(30 / scale), round(-15 / scale))
        # where the button was drawn on the window is where it is clicked: its pixels show there
        app.tick(STEP)
        app.window.compose()
        assert app.window.window.get_surface().get_at(at)[:3] != FILL
    finally:
        app.close()


def test_a_click_in_the_bars_hits_nothing(tmp_path):
    app, probe = open_app(tmp_path, (1366, 728))
    try:
        left_bar = (10, app.window.letterbox.to_window(BUTTON.center)[1])  # level with the button, in the bar
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, left_bar))
        app.handle(mouse(pygame.MOUSEBUTTONUP, left_bar))
        assert probe.events == [] and probe.pressed == 0  # a press in a bar (and its release) never reaches it
        app.handle(mouse(pygame.MOUSEMOTION, left_bar))
        (moved,) = probe.events
        assert moved.pos[0] < 0 and probe.row.hover is None  # motion does, off the canvas, so hovers end there
        # a drag begun on the canvas ends in the bar: the release arrives, off the canvas, and hits nothing
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, app.window.letterbox.to_window((640, 360))))
        app.handle(mouse(pygame.MOUSEBUTTONUP, (1360, 700)))
        assert [e.type for e in probe.events[1:]] == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
        assert probe.events[-1].pos[0] >= 1280 and probe.pressed == 0
    finally:
        app.close()


def test_keys_and_other_events_pass_unchanged(tmp_path):
    app, probe = open_app(tmp_path, (1920, 1080))
    try:
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4)
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                   touch=False)
        app.handle(key)
        app.handle(wheel)
        assert probe.events == [key, wheel]
    finally:
        app.close()


def test_mouse_pos_is_in_canvas_coordinates_and_the_move_log_scrolls_by_it(tmp_path, monkeypatch):
    app, _ = open_app(tmp_path, (1366, 728))
    try:
        box = app.window.letterbox
        log = MoveLog(pygame.Rect(1000, 80, 260, 400), "Moves")
        for i in range(100):
            log.add(f"line {i}")
        over_log = box.to_window((1130, 280))
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: over_log)
        assert window.mouse_pos() == pytest.approx((1130, 280), abs=1)
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
        assert log.handle(wheel) and log.scroll == 3
        # the same window position read as canvas coordinates would miss the log: 1130 × 1.011 + 36 > 1166
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (1340, 280))  # the right bar
        assert window.mouse_pos()[0] >= 1280 and not log.handle(wheel)
    finally:
        app.close()


def test_nothing_reads_the_raw_mouse_position():
    """Scenes and widgets use game.ui.window.mouse_pos(), which is in canvas coordinates."""
    root = Path(__file__).resolve().parent.parent / "game"
    raw = re.compile(r"pygame\.mouse\.get_pos\(")
    users = [str(path.relative_to(root)) for path in root.rglob("*.py")
             if raw.search(path.read_text(encoding="utf-8")) and path.name != "window.py"]
    assert users == []


# --- resizing, fullscreen, remembering the size ---------------------------------------------------------------
def test_resize_events_change_the_scale(tmp_path):
    app, probe = open_app(tmp_path, (1920, 1080))
    try:
        assert app.window.letterbox.scale == 1.5
        app.window.resize((960, 540))  # as the window manager does: SDL resizes, then tells
        assert pygame.WINDOWSIZECHANGED in pump(app)
        assert app.window.letterbox.scale == 0.75
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, (480, 270)))
        assert probe.events[-1].pos == (640, 360)
        app.window.resize((1366, 728))
        pump(app)
        assert app.window.letterbox.rect == (36, 0, 1294, 728)
        app.window.resize((700, 400))  # smaller than the smallest window: held at 960×540
        pump(app)
        assert app.window.size == MIN_SIZE
        app.tick(STEP)
        shown = app.window.compose()
        assert shown.get_size() == MIN_SIZE and close_to(shown.get_at((480, 270)), FILL)
    finally:
        app.close()


def test_the_window_shot_shows_the_letterbox_and_the_screenshot_the_canvas(tmp_path):
    app, _ = open_app(tmp_path, (1366, 728))
    try:
        app.tick(STEP)
        app.screenshot_window(tmp_path / "window.png")
        app.screenshot(tmp_path / "canvas.png")
        shown = pygame.image.load(str(tmp_path / "window.png"))
        canvas = pygame.image.load(str(tmp_path / "canvas.png"))
        assert canvas.get_size() == (1280, 720) and canvas.get_at((5, 5))[:3] == FILL
        assert shown.get_size() == (1366, 728)
        for bar in [(0, 0), (35, 364), (1330, 364), (1365, 727)]:
            assert shown.get_at(bar)[:3] == theme.BG_DEEP
        for inside in [(36, 0), (683, 364), (1329, 727), (40, 700)]:
            assert shown.get_at(inside)[:3] == FILL
        inside_button = (BUTTON.x + 20, BUTTON.y + 15)  # the button's face, clear of its label and its edge
        face = canvas.get_at(inside_button)
        assert close_to(shown.get_at(app.window.letterbox.to_window(inside_button)), face) and face[:3] != FILL
    finally:
        app.close()


def test_the_canvas_is_scaled_smoothly(tmp_path):
    """A one-pixel checkerboard at 1.5× gives in-between shades, not only black and white."""
    app, _ = open_app(tmp_path, (1920, 1080))
    try:
        for x in range(64):
            app.screen.set_at((x, 0), (255, 255, 255) if x % 2 else (0, 0, 0))
        shown = app.window.compose()
        shades = {shown.get_at((x, 0))[0] for x in range(90)}
        assert len(shades) > 2
    finally:
        app.close()


def test_a_windowed_app_fits_the_desktop_goes_fullscreen_with_f11_and_remembers_its_size(tmp_path):
    """Not headless (the dummy driver's desktop is 1024×768): the window's first size fits it, F11 fills it and
    back, and the size the player gave the window comes back next time (shrunk to fit the desktop)."""
    app, _ = open_app(tmp_path, headless=False, bot_process=False)
    try:
        assert app.window.size == MIN_SIZE  # 90% of 1024×768 is under 960×540: the smallest window
        f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=68)
        app.handle(f11)
        pump(app)
        assert app.settings.fullscreen and app.window.fullscreen and app.window.size == (1024, 768)
        assert app.window.letterbox.rect == (0, 96, 1024, 576)
        assert app.window_state["size"] == list(MIN_SIZE)  # filling the screen is not a size to remember
        app.handle(f11)
        pump(app)
        assert not app.window.fullscreen and app.window.size == MIN_SIZE
        app.window.resize((1000, 700))
        pump(app)
    finally:
        app.close()
    again, _ = open_app(tmp_path, headless=False, bot_process=False)
    try:
        assert again.window.size == (960, 691)  # shrunk to 90% of the 1024×768 desktop, no smaller than 960 wide
    finally:
        again.close()


def test_the_remembered_size_and_maximized_state(tmp_path):
    app, _ = open_app(tmp_path, (1280, 720), remember_window=True)
    try:
        app.window.resize((1500, 900))
        pump(app)
        app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1050))  # the maximized size: not kept
        assert app.window_state == {"size": [1500, 900], "maximized": True}
    finally:
        app.close()
    store = Storage(tmp_path / "w.sqlite3")
    try:
        assert store.get_setting("window") == {"size": [1500, 900], "maximized": True}
        store.set_setting("window", {"size": ["big", 3], "maximized": "yes"})  # nonsense is ignored
    finally:
        store.close()
    again, _ = open_app(tmp_path, remember_window=True)
    try:
        assert again.saved_window() == {"size": None, "maximized": False}
        assert again.window.size == (1280, 720)
    finally:
        again.close()


def test_a_headless_app_neither_reads_nor_keeps_the_window(tmp_path):
    store = Storage(tmp_path / "w.sqlite3")
    store.set_setting("window", {"size": [1500, 900], "maximized": False})
    store.close()
    app, _ = open_app(tmp_path)
    try:
        assert app.window.size == (1280, 720)
        app.window.resize((1100, 640))
        pump(app)
    finally:
        app.close()
    store = Storage(tmp_path / "w.sqlite3")
    try:
        assert store.get_setting("window") == {"size": [1500, 900], "maximized": False}
    finally:
        store.close()


# --- the frame bench ------------------------------------------------------------------------------------------
def test_the_frame_bench_runs_the_window_at_a_given_size():
    from game.bench import bench_frames, window_size

    assert window_size("1920x1080") == (1920, 1080)
    for bad in ("1920", "0x5", "axb"):
        with pytest.raises(Exception, match="not a size"):
            window_size(bad)
    result = bench_frames("high_card", frames=5, seed=1, size=(960, 540))
    assert result["window"] == "960x540" and result["frames"] == 5
    assert {"cpu_median_ms", "cpu_p99_ms", "present_median_ms", "present_p99_ms"} <= set(result)
