"""Small overlay scenes: the pause menu and one-off notices."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import t
from game.ui import theme
from game.ui.text import blit, block, block_size, line_height
from game.ui.widgets import Button, ButtonRow, dim, panel

RESIGN_GAP = 38  # between Quit to menu and Resign: the line saying the game is kept, which is about quitting


class PauseScene(Scene):
    """Esc in a game: resume, rules, settings, quit to the menu, or (a table game still going) resign."""

    overlay = True

    def __init__(self, app, title_slug: str | None) -> None:
        super().__init__(app)
        self.title_slug = title_slug
        below = app.stack.top  # the game being paused (the pause is pushed over it)
        # a game still going is kept: quitting loses nothing, and the pause says so (a finished one has nothing left)
        self.kept = below is not None and below.kept and not below.over
        self.game = below
        labels = [("pause.resume", self.app.stack.pop), ("pause.rules", self.app.open_rules),
                  ("pause.settings", self.open_settings), ("pause.quit", self.app.to_menu)]
        resign = below is not None and below.resignable
        if resign:  # last, away from Resume, below the line that says quitting keeps the game: it is asked first
            labels.append(("pause.resign", self.ask_to_resign))
        self.rect = pygame.Rect(0, 0, 460, 480 if resign else 400)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.row = ButtonRow([
            Button(pygame.Rect(self.rect.x + 80, self.rect.y + 100 + i * 66 + RESIGN_GAP * (key == "pause.resign"),
                               300, 52), "", action, primary=i == 0)
            for i, (key, action) in enumerate(labels)
        ], on_move=lambda: app.audio.play("menu_move"))
        self.keys = [key for key, _ in labels]

    def open_settings(self) -> None:
        from game.app.settings_scene import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def ask_to_resign(self) -> None:
        """Resign only when asked again ("Keep playing" the default); the pause closes with the game."""
        def resign() -> None:
            self.app.stack.pop()  # the pause
            self.game.resign()

        self.app.audio.play("warning")
        self.app.stack.push(ConfirmScene(self.app, t("pause.resign_question"), t("pause.resign_yes"), resign,
                                         t("pause.resign_no"), t("pause.resign_detail")))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.audio.play("back")
            self.app.stack.pop()
        elif self.row.handle(event) and event.type != pygame.MOUSEMOTION:
            self.app.audio.play("menu_select")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel(surface, self.rect, theme.PANEL, theme.ACCENT)
        blit(surface, t("pause.title"), 40, (self.rect.centerx, self.rect.y + 50), theme.INK, True, "center")
        for button, key in zip(self.row.buttons, self.keys, strict=True):
            button.label = t(key)
        self.row.draw(surface)
        if self.kept:  # under Quit to menu, which it is about (and over Resign, if offered)
            quit_at = self.keys.index("pause.quit")
            top = self.row.buttons[quit_at].rect.bottom + 6
            below = self.row.buttons[quit_at + 1:]
            bottom = below[0].rect.top if below else self.rect.bottom - 8
            block(surface, t("pause.kept"), 17, pygame.Rect(self.rect.x + 20, top, self.rect.width - 40, bottom - top),
                  theme.INK_DIM, anchor="midtop")


class NoticeScene(Scene):
    """A message the player must read (e.g. damaged save data), closed with OK / Enter / Esc."""

    overlay = True

    def __init__(self, app, message: str) -> None:
        super().__init__(app)
        self.message = message
        self.rect = pygame.Rect(0, 0, 760, 320)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        ok = pygame.Rect(0, 0, 180, 52)
        ok.midbottom = (self.rect.centerx, self.rect.bottom - 24)
        self.row = ButtonRow([Button(ok, t("common.ok"), self.close, primary=True)])

    def close(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        else:
            self.row.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel(surface, self.rect, theme.PANEL, theme.WARN)
        blit(surface, t("notice.title"), 32, (self.rect.centerx, self.rect.y + 40), theme.WARN, True, "center")
        top = self.rect.y + 80
        block(surface, self.message, 22, pygame.Rect(self.rect.x + 40, top, self.rect.width - 80,
                                                     self.row.buttons[0].rect.top - 12 - top), theme.INK)
        self.row.draw(surface)

CONFIRM_MAX_H = 400  # the question dialog's tallest
CONFIRM_TEXT_W = 680  # its text's width (760 less the margins)


class ConfirmScene(Scene):
    """A question before something that cannot be undone: the safe answer is the default (Enter; Esc always keeps).
    With `act_default` (the act is the only move left, so nothing is safer) Enter acts, and keeping only steps back to
    look first."""

    overlay = True

    def __init__(self, app, question: str, act_label: str, act, keep_label: str, detail: str = "",
                 detail_color: tuple[int, int, int] = theme.INK_DIM, act_default: bool = False) -> None:
        super().__init__(app)
        self.question, self.detail, self.act, self.detail_color = question, detail, act, detail_color
        # as tall as its text needs (playtest round 10: a short question left an empty band above the buttons)
        self.rect = pygame.Rect(0, 0, 760, max(220, min(CONFIRM_MAX_H, 44 + self._text_height() + 40 + 56 + 30)))
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        keep = pygame.Rect(self.rect.x + 60, self.rect.bottom - 86, 300, 56)
        go = pygame.Rect(self.rect.right - 360, self.rect.bottom - 86, 300, 56)
        self.row = ButtonRow([Button(keep, keep_label, self.keep, size=22, primary=not act_default),
                              Button(go, act_label, self.confirm, size=22, primary=act_default)], vertical=False,
                             on_move=lambda: app.audio.play("menu_move"))
        self.row.focus = 1 if act_default else 0

    def _text_height(self) -> int:
        """The question's and the detail's height, wrapped to the dialog's width."""
        question, size, _ = block_size(self.question, 28, CONFIRM_TEXT_W, CONFIRM_MAX_H, True)
        height = len(question) * line_height(size)
        if self.detail:
            detail, size, _ = block_size(self.detail, 20, CONFIRM_TEXT_W, CONFIRM_MAX_H)
            height += 6 + len(detail) * line_height(size)
        return height

    def keep(self) -> None:
        """The safe answer: nothing happens."""
        self.app.audio.play("back")
        self.app.stack.pop()

    def confirm(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.pop()
        self.act()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.keep()
        else:
            self.row.handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel(surface, self.rect, theme.PANEL, theme.WARN)
        room = pygame.Rect(self.rect.x + 40, self.rect.y + 44, CONFIRM_TEXT_W, 0)
        room.height = self.row.buttons[0].rect.top - 12 - room.top
        used = block(surface, self.question, 28, room, theme.INK, True, anchor="midtop")
        if self.detail:
            block(surface, self.detail, 20, pygame.Rect(room.x, room.y + used + 6, room.width, room.height - used - 6),
                  self.detail_color, anchor="midtop")
        self.row.draw(surface)


def ask_to_replace(app, title_name: str, start) -> None:
    """Ask before a new game replaces the unfinished one of the same title ("Keep my game" the default); `start`
    begins the new game once the player says so (the title menu's Play and the high-score screen's)."""
    app.audio.play("warning")
    app.stack.push(ConfirmScene(app, t("menu.discard_question", title=title_name), t("menu.discard_yes"), start,
                                t("menu.discard_no"), t("menu.discard_detail")))
