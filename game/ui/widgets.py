"""Buttons and keyboard focus: everything clickable can also be reached with arrows/Tab and Enter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import drawable, font
from game.ui.text import blit, fit, overflowed, render


@dataclass
class Button:
    """A clickable, focusable label; `action` runs on click or Enter."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    size: int = 26
    primary: bool = False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        lit = self.enabled and (focused or hovered)
        fill = theme.ACCENT if lit and self.primary else theme.PANEL_HI if lit else theme.PANEL
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.RADIUS)
        edge = theme.ACCENT if focused and self.enabled else theme.INK_FAINT
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=theme.RADIUS)
        ink = theme.BG_DEEP if lit and self.primary else theme.INK if self.enabled else theme.INK_FAINT
        label, size = fit(self.label, self.size, self.rect.width - 16, True, min(self.size, 13))
        if label != self.label and self.label:
            overflowed(self.label, self.rect)
        blit(surface, label, size, self.rect.center, ink, bold=True, anchor="center")


class ButtonRow:
    """A group of buttons with one keyboard focus; arrows or Tab move it, Enter presses."""

    def __init__(self, buttons: list[Button], vertical: bool = True, on_move: Callable[[], None] | None = None,
                 wrap: bool = True):
        self.buttons = buttons
        self.vertical = vertical
        self.focus = 0
        self.hover: int | None = None
        self.on_move = on_move
        self.wrap = wrap  # whether the arrows wrap around the ends (Tab always does)

    @property
    def buttons(self) -> list[Button]:
        return self._buttons

    @buttons.setter
    def buttons(self, buttons: list[Button]) -> None:
        """New buttons: the mouse's index meant one of the old ones (it points again when the mouse moves)."""
        self._buttons = buttons
        self.hover = None

    def move(self, step: int, wrap: bool = True) -> None:
        """Move the focus to the next enabled button `step` away; without `wrap` it stops at the ends."""
        if not self.buttons:
            return
        self.hover = None  # the keys lead now: one button lit, the one Enter presses (the mouse takes over when it moves)
        start = self.focus
        index = self.focus
        for _ in self.buttons:
            index += step
            if not wrap and not 0 <= index < len(self.buttons):
                break
            index %= len(self.buttons)
            if self.buttons[index].enabled:
                self.focus = index
                break
        if self.focus != start and self.on_move:
            self.on_move()

    def handle(self, event: pygame.event.Event) -> bool:
        """React to keys and mouse; True if the event was used."""
        back, forward = (pygame.K_UP, pygame.K_DOWN) if self.vertical else (pygame.K_LEFT, pygame.K_RIGHT)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (back, forward):
                self.move(-1 if event.key == back else 1, self.wrap)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.press(self.focus)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            if self.hover is not None and self.hover != self.focus and self.buttons[self.hover].enabled:
                self.focus = self.hover
                if self.on_move:
                    self.on_move()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                return self.press(index)
        return False

    def press(self, index: int) -> bool:
        if 0 <= index < len(self.buttons) and self.buttons[index].enabled:
            self.focus = index
            self.buttons[index].action()
            return True
        return False

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return index
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for index, button in enumerate(self.buttons):
            button.draw(surface, index == self.focus, index == self.hover)


ARROW_W = 40  # the width of a stepper's ◀ and ▶ click targets
OFF_SCREEN = pygame.Rect(-2000, -2000, 1, 1)  # where a button not offered now is kept (never hovered)


@dataclass
class Stepper:
    """A value between ◀ and ▶ at fixed places, ending at `right`: ◀ steps back (fewer, the previous value) and ▶
    forward (more, the next), each its own click target. `values` are all the texts it may show, so it is as wide
    as the widest and its arrows stay put while the value changes."""

    right: int
    centery: int
    height: int
    values: tuple[str, ...]
    size: int = 23

    @property
    def rect(self) -> pygame.Rect:
        face = font(self.size, True)
        inner = max((face.size(text)[0] for text in self.values), default=0) + 16
        width = inner + 2 * ARROW_W
        return pygame.Rect(self.right - width, self.centery - self.height // 2, width, self.height)

    @property
    def back_rect(self) -> pygame.Rect:
        rect = self.rect
        return pygame.Rect(rect.x, rect.y, ARROW_W, rect.height)

    @property
    def forward_rect(self) -> pygame.Rect:
        rect = self.rect
        return pygame.Rect(rect.right - ARROW_W, rect.y, ARROW_W, rect.height)

    def step_at(self, pos: tuple[int, int]) -> int | None:
        """-1 on ◀, +1 on ▶, None elsewhere."""
        if self.back_rect.collidepoint(pos):
            return -1
        if self.forward_rect.collidepoint(pos):
            return 1
        return None

    def draw(self, surface: pygame.Surface, value: str, color: tuple, can_back: bool = True,
             can_forward: bool = True, hover: tuple[int, int] | None = None) -> None:
        """The value centred between its arrows; an arrow that can go no further is faint, a hovered one lit."""
        for rect, glyph, able in ((self.back_rect, "◀", can_back), (self.forward_rect, "▶", can_forward)):
            lit = able and hover is not None and rect.collidepoint(hover)
            if lit:
                pygame.draw.rect(surface, theme.BG_DEEP, rect.inflate(-4, -6), border_radius=theme.RADIUS)
            ink = theme.ACCENT if lit else color if able else theme.INK_FAINT
            blit(surface, glyph, self.size, rect.center, ink, True, "center")
        blit(surface, value, self.size, self.rect.center, color, True, "center")


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple = theme.PANEL, edge: tuple | None = None,
          radius: int = theme.RADIUS) -> None:
    """A rounded panel with an optional outline."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


def card_sheet(heading: str, faces: list[pygame.Surface], per_row: int, widest: int = 560) -> pygame.Surface:
    """A panel of card faces (all one size) in rows of `per_row` under a heading, as wide as the heading or the
    widest row (at most `widest`): a pile or a discard pile to look through while the mouse is on it."""
    w, h = faces[0].get_size() if faces else (0, 0)
    rows = max(1, (len(faces) + per_row - 1) // per_row)
    width = min(widest, max(24 + min(len(faces), per_row) * (w + 4), render(heading, 15, theme.SKY, True).get_width()
                            + 20))
    sheet = pygame.Surface((width, 42 + rows * (h + 6)), pygame.SRCALPHA)
    panel(sheet, sheet.get_rect(), theme.BG_DEEP, theme.SKY)
    title, size = fit(heading, 15, width - 16, True)
    blit(sheet, title, size, (10, 8), theme.SKY, True)
    for i, face in enumerate(faces):
        row, column = divmod(i, per_row)
        sheet.blit(face, (12 + column * (w + 4), 34 + row * (h + 6)))
    return sheet


def dim(surface: pygame.Surface, alpha: int = 160, rect: pygame.Rect | None = None, radius: int = 0) -> None:
    """Darken what is drawn so far: all of it (under an overlay), or `rect` (with corners rounded by `radius`, as a
    seat's plate that is out of the game)."""
    rect = surface.get_rect() if rect is None else rect
    surface.blit(_shade(rect.size, alpha, radius), rect)


@lru_cache(maxsize=32)
def _shade(size: tuple[int, int], alpha: int, radius: int = 0) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (8, 10, 16, alpha), shade.get_rect(), border_radius=radius)
    return shade


class TextField:
    """A one-line text entry (a player's name): typing, Backspace, Enter to finish (Esc is left to the scene).
    A character the font cannot draw (an emoji, a rare kanji) is not taken, and `refused` says which it was: a name
    shown as empty boxes on the high-score table would be lost to its player. An input method's composition (kana
    being turned into kanji) is drawn in the field, underlined, until it is committed; while there is one, Enter,
    Backspace and Esc are the input method's (`composing`), so the Enter that picks a kanji does not also save."""

    def __init__(self, text: str = "", limit: int = 16) -> None:
        self.text = text[:limit]
        self.limit = limit
        self.refused = ""  # the characters of the last event's typing that were not taken
        self.composing = ""  # the input method's text not yet committed

    def start(self, box: pygame.Rect | None = None) -> None:
        """Take typed text; `box` (the field, canvas coordinates) tells an input method where to put its
        candidate list."""
        self.composing = ""
        if box is not None:
            pygame.key.set_text_input_rect(box)
        pygame.key.start_text_input()

    def stop(self) -> None:
        self.composing = ""
        pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> bool:
        """Take one event; True when Enter finishes the entry."""
        self.refused = ""
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
        elif event.type == pygame.TEXTINPUT:
            self.composing = ""
            printable = [ch for ch in event.text if ch.isprintable()]
            self.refused = "".join(ch for ch in printable if not drawable(ch))
            self.text = (self.text + "".join(ch for ch in printable if drawable(ch)))[:self.limit]
        elif event.type == pygame.KEYDOWN and not self.composing:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return True
        return False

    def draw(self, surface: pygame.Surface, box: pygame.Rect, caret_on: bool) -> None:
        panel(surface, box, theme.BG_DEEP, theme.ACCENT)
        _, size = fit(self.text + self.composing + "|", 28, box.width - 32, True)  # sixteen kanji fit too
        at = blit(surface, self.text, size, (box.x + 16, box.centery), theme.INK, True, "midleft").right
        if self.composing:
            shown = blit(surface, self.composing, size, (at, box.centery), theme.ACCENT, True, "midleft")
            pygame.draw.line(surface, theme.ACCENT, (shown.x, shown.bottom - 2), (shown.right, shown.bottom - 2), 2)
            at = shown.right
        blit(surface, "|" if caret_on else " ", size, (at, box.centery), theme.INK, True, "midleft")


# --- the title picker of the Games and Statistics screens ------------------------------------------------------------
SHEET = pygame.Rect(90, 40, theme.WIDTH - 180, theme.HEIGHT - 80)  # a full-screen overlay panel
PICK_BACK = pygame.Rect(SHEET.right - 380, SHEET.y + 30, 36, 36)  # ◀ of the picker at its top right
PICK_ON = pygame.Rect(SHEET.right - 72, SHEET.y + 30, 36, 36)  # ▶


def picked_step(pos: tuple[int, int]) -> int:
    """-1 or 1 for a click on the picker's ◀ or ▶, 0 elsewhere."""
    return -1 if PICK_BACK.collidepoint(pos) else 1 if PICK_ON.collidepoint(pos) else 0


def draw_sheet(surface: pygame.Surface, heading: str, choice: str) -> None:
    """The dimmed screen, the sheet with its heading, and the picker showing `choice` between ◀ and ▶."""
    dim(surface, 200)
    panel(surface, SHEET, theme.PANEL, theme.ACCENT)
    blit(surface, heading, 36, (SHEET.x + 36, SHEET.y + 24), theme.ACCENT, True)
    for rect, arrow in ((PICK_BACK, "◀"), (PICK_ON, "▶")):
        blit(surface, arrow, 22, rect.center, theme.ACCENT, True, "center")
    shown, size = fit(choice, 22, PICK_ON.left - PICK_BACK.right - 16, True)
    blit(surface, shown, size, ((PICK_BACK.right + PICK_ON.left) // 2, PICK_BACK.centery), theme.INK, True, "center")
