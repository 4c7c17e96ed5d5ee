"""Small overlay scenes: the pause menu and one-off notices."""

from __future__ import annotations

import pygame

from game.app.scene import Scene
from game.services.i18n import t
from game.ui import theme
from game.ui.text import blit, wrap
from game.ui.widgets import Button, ButtonRow, dim, panel


class PauseScene(Scene):
    """Esc in a game: resume, rules, settings, or quit to the menu."""

    overlay = True

    def __init__(self, app, title_slug: str | None) -> None:
        super().__init__(app)
        self.title_slug = title_slug
        labels = [("pause.resume", self.app.stack.pop), ("pause.rules", self.app.open_rules),
                  ("pause.settings", self.open_settings), ("pause.quit", self.app.to_menu)]
        self.rect = pygame.Rect(0, 0, 420, 380)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.row = ButtonRow([
            Button(pygame.Rect(self.rect.x + 60, self.rect.y + 100 + i * 66, 300, 52), "", action,
                   primary=i == 0)
            for i, (_, action) in enumerate(labels)
        ], on_move=lambda: app.audio.play("menu_move"))
        self.keys = [key for key, _ in labels]

    def open_settings(self) -> None:
        from game.app.settings_scene import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

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
        y = self.rect.y + 80
        for line in wrap(self.message, 22, self.rect.width - 80):
            blit(surface, line, 22, (self.rect.x + 40, y), theme.INK)
            y += 32
        self.row.draw(surface)
