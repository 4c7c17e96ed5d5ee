"""The title menu: every registered title with its names, players and pitch; settings; quit."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.app import saves
from game.app.overlays import ConfirmScene, ask_to_replace
from game.app.saves import Save
from game.app.scene import Scene
from game.services.i18n import t
from game.titles import registry
from game.titles.spec import TitleSpec as TitleInfo
from game.ui import theme
from game.ui.dice import die_surface
from game.ui.text import blit, block, first_line, overflowed
from game.ui.tween import pulse
from game.ui.widgets import OFF_SCREEN, Button, ButtonRow, panel

CARD_H, CARD_GAP = 74, 8
LIST_X, LIST_Y, LIST_W = 60, 170, 560
LIST_BOTTOM = 576  # the title list scrolls when its cards do not fit above the Settings row
VISIBLE = (LIST_BOTTOM - LIST_Y + CARD_GAP) // (CARD_H + CARD_GAP)
DOUBLE_CLICK = 0.45  # seconds: a second click on the same title within this starts it
DETAILS = pygame.Rect(660, 170, 560, 450)  # the focused title's (or bottom button's) details panel


@lru_cache(maxsize=1)
def backdrop() -> pygame.Surface:
    """A dark table scattered with faint dice, drawn once."""
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surface.fill(theme.BG)
    rng = random.Random(17)
    for _ in range(28):
        die = die_surface(rng.randint(1, 6), rng.choice((28, 36, 44)), "dim").copy()
        die.set_alpha(38)
        die = pygame.transform.rotate(die, rng.uniform(-40, 40))
        surface.blit(die, (rng.randint(0, theme.WIDTH), rng.randint(0, theme.HEIGHT)))
    return surface


class TitleMenuScene(Scene):
    """Pick a title; the focused title's details and actions sit on the right.

    A click on a title selects it and shows it; Play (or Enter, or a double click on the title) starts it. The
    pointer only lights what it is over: the selection moves with a click or the keys, so it cannot slip to another
    title on the way to Play. ↑ on the first title and ↓ on Quit stop there (only Tab goes round)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.titles: list[TitleInfo] = list(registry.TITLES.values())
        cards = [Button(pygame.Rect(OFF_SCREEN), "", lambda info=info: self.play(info)) for info in self.titles]
        bottom = theme.HEIGHT - 120
        for i, action in enumerate((self.open_settings, self.open_games, self.open_statistics, self.ask_quit)):
            cards.append(Button(pygame.Rect(LIST_X + i * 142, bottom, 134, 52), "", action, size=22))
        self.row = ButtonRow(cards, on_move=lambda: app.audio.play("menu_move"), wrap=False)
        self.last_click: tuple[int, float] | None = None  # (title index, time) of the last click on a title
        self.actions = ButtonRow(self._action_buttons(), vertical=False)
        self.time = 0.0
        self.best: dict = {}
        self.saves: dict[str, Save] = {}  # the unfinished game of each title that has one
        self.shown_for: str | None = None  # the title the action buttons were last set up for
        self.scroll = app.menu_scroll  # index of the first title card shown: as it was when the menu was left
        slugs = [info.slug for info in self.titles]
        if app.last_title in slugs:  # back from a game: at its title
            self.row.focus = slugs.index(app.last_title)
        self.opening = app.last_title not in slugs  # the app's start: `enter` goes to a game left unfinished
        self._layout()

    def _layout(self, follow_focus: bool = True) -> None:
        """Scroll so the focused title is shown, and place the shown cards (the others cannot be hovered). The
        scroll is kept for the menu's next showing (playtest round 11: back from a game, the list had scrolled so
        that game's title was the last row, and a click meant for another title found a third)."""
        focus = self.row.focus
        if follow_focus and focus < len(self.titles):
            self.scroll = min(max(self.scroll, focus - VISIBLE + 1), focus)
        self.scroll = self.app.menu_scroll = max(0, min(self.scroll, len(self.titles) - VISIBLE))
        for index, button in enumerate(self.row.buttons[:len(self.titles)]):
            slot = index - self.scroll
            button.rect = (pygame.Rect(LIST_X, LIST_Y + slot * (CARD_H + CARD_GAP), LIST_W, CARD_H)
                           if 0 <= slot < VISIBLE else pygame.Rect(OFF_SCREEN))

    @property
    def focused(self) -> TitleInfo | None:
        return self.titles[self.row.focus] if self.row.focus < len(self.titles) else None

    @property
    def title_slug(self) -> str | None:  # type: ignore[override]
        info = self.focused or (self.titles[0] if self.titles else None)
        return info.slug if info else None

    def _action_buttons(self) -> list[Button]:
        """Continue (an unfinished game, above the row), then Play, Demo, High scores, Rules."""
        x, y = 680, 560
        specs = [(self.play_focused, True), (self.demo, False), (self.scores, False), (self.app.open_rules, False)]
        row = [Button(pygame.Rect(x + i * 134, y, 124, 52), "", action, size=20, primary=primary)
               for i, (action, primary) in enumerate(specs)]
        return [Button(pygame.Rect(OFF_SCREEN), "", self.resume_focused, size=21, primary=True), *row]

    def _sync_actions(self) -> None:
        """On a title with an unfinished game, Continue is offered and has the focus; else Play."""
        info = self.focused
        if info is None or info.slug == self.shown_for:
            return
        self.shown_for = info.slug
        saved = info.slug in self.saves
        self.actions.buttons[0].enabled = saved
        self.actions.buttons[0].rect = pygame.Rect(680, 498, 526, 52) if saved else pygame.Rect(OFF_SCREEN)
        self.actions.buttons[1].primary = not saved
        self.actions.focus = 0 if saved else 1

    # --- actions ----------------------------------------------------------------------------------
    def play(self, info: TitleInfo, autoplay: bool = False) -> None:
        """Solo titles start at once; a table game asks for its setup first (a demo uses the last one). A new game
        of a title with an unfinished one asks first: starting it replaces the unfinished game."""
        if not autoplay and info.slug in self.saves:
            ask_to_replace(self.app, info.name(), lambda: self.start(info))
            return
        self.start(info, autoplay)

    def start(self, info: TitleInfo, autoplay: bool = False) -> None:
        from game.app.setup import saved_setup, start_scene
        from game.app.setup_scene import GameSetupScene

        self.app.audio.play("menu_select")
        if info.solo or autoplay:
            setup = saved_setup(self.app, info.slug)
            setup.demo = autoplay  # the menu's demo keeps nothing
            self.app.stack.push(start_scene(self.app, setup, autoplay))
        else:
            self.app.stack.push(GameSetupScene(self.app, info.slug))

    def resume_focused(self) -> None:
        """Continue the focused title's unfinished game where it was left."""
        from game.app.setup import start_scene

        save = self.saves.get(self.focused.slug) if self.focused else None
        if save is not None:
            self.app.audio.play("menu_select")
            self.app.stack.push(start_scene(self.app, save.setup, save=save))

    def ask_quit(self) -> None:
        """Quit, once the player says so (the default answer stays)."""
        detail = t("menu.quit_kept") if self.saves else ""
        self.app.audio.play("warning")
        self.app.stack.push(ConfirmScene(self.app, t("menu.quit_question"), t("menu.quit"), self.app.quit,
                                         t("menu.quit_no"), detail))

    def play_focused(self) -> None:
        if self.focused:
            self.play(self.focused)

    def demo(self) -> None:
        if self.focused:
            self.play(self.focused, autoplay=True)

    def scores(self) -> None:
        from game.app.highscores import HighScoresScene

        if self.focused and self.focused.solo:
            self.app.audio.play("menu_select")
            self.app.last_title = self.focused.slug  # back from its scores, the menu is at it (playtest round 10)
            self.app.stack.push(HighScoresScene(self.app, self.focused.slug, played=False))

    def open_games(self) -> None:
        from game.app.games_scene import GamesScene

        self.app.audio.play("menu_select")
        self.app.stack.push(GamesScene(self.app))

    def open_statistics(self) -> None:
        from game.app.stats_scene import StatsScene

        self.app.audio.play("menu_select")
        self.app.stack.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.app.settings_scene import SettingsScene

        self.app.audio.play("menu_select")
        self.app.stack.push(SettingsScene(self.app))

    # --- scene ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.saves = {save.slug: save for save in saves.unfinished(self.app.storage)}  # the latest first
        slugs = [info.slug for info in self.titles]
        left = [slug for slug in self.saves if slug in slugs]
        if self.opening and left:  # the game left unfinished last (a close, a crash): Continue is lit
            self.row.focus = slugs.index(left[0])
            self._layout()
        self.opening = False
        self.shown_for = None
        self._sync_actions()
        self.best = {}
        for info in self.titles:
            if info.solo:
                board = next(iter(info.score_boards))
                self.best[info.slug] = (board, self.app.storage.top_scores(info.slug, board, limit=1))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            hotkeys = {pygame.K_d: self.demo, pygame.K_s: self.scores, pygame.K_g: self.open_games,
                       pygame.K_ESCAPE: self.ask_quit}
            if event.key in hotkeys:
                hotkeys[event.key]()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focused:
                self.actions.handle(event)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focused:
                self.actions.press(self.actions.focus)
            else:
                self.row.handle(event)
            self._layout()
            self._sync_actions()
            return
        if event.type == pygame.MOUSEWHEEL and len(self.titles) > VISIBLE:
            self.scroll -= event.y
            self._layout(follow_focus=False)
            return
        if self.focused and self.actions.handle(event):
            self._sync_actions()
            return
        if event.type == pygame.MOUSEMOTION:
            self.row.hover = self.row.index_at(event.pos)  # lit under the pointer; the selection stays
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row.index_at(event.pos)
            if index is not None and index < len(self.titles):
                self.click_title(index)
            elif index is not None:  # Settings, Games, Statistics, Quit: the title stays selected behind them
                title = self.row.focus
                self.row.press(index)
                self.row.focus = title
        self._sync_actions()

    def click_title(self, index: int) -> None:
        """One click selects the title and shows it; a second click on it soon after (a double click) plays it."""
        double = self.last_click is not None and self.last_click[0] == index \
            and self.time - self.last_click[1] <= DOUBLE_CLICK
        if double:
            self.last_click = None
            self.row.focus = index
            self._sync_actions()
            self.play(self.titles[index])
            return
        self.last_click = (index, self.time)
        if self.row.focus != index:
            self.row.focus = index
            self.app.audio.play("menu_move")
        self._layout()
        self._sync_actions()

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(backdrop(), (0, 0))
        name = blit(surface, t("app.name"), 56, (LIST_X, 40), theme.ACCENT, True)
        blit(surface, "遊び場" if t("app.name") != "遊び場" else "Asobiba", 30, (name.right + 28, 62), theme.INK_DIM)
        blit(surface, t("app.tagline"), 22, (LIST_X, 112), theme.INK_DIM)
        for index, info in enumerate(self.titles):
            if self.row.buttons[index].rect.y >= 0:
                self._draw_card(surface, info, self.row.buttons[index], index == self.row.focus,
                                index == self.row.hover)
        if self.scroll > 0:
            blit(surface, t("menu.more_above", count=self.scroll), 16, (LIST_X + LIST_W, LIST_Y - 8),
                 theme.INK_DIM, anchor="bottomright")
        below = len(self.titles) - self.scroll - VISIBLE
        if below > 0:
            last = LIST_Y + VISIBLE * (CARD_H + CARD_GAP) - CARD_GAP
            blit(surface, t("menu.more_below", count=below), 16, (LIST_X + LIST_W, last + 2),
                 theme.INK_DIM, anchor="topright")
        for button, key in zip(self.row.buttons[-4:], ("menu.settings", "menu.games", "menu.statistics",
                                                       "menu.quit"), strict=True):
            button.label = t(key)
            index = self.row.buttons.index(button)
            button.draw(surface, index == self.row.focus, index == self.row.hover)
        if self.focused:
            self._draw_details(surface, self.focused)
        else:
            self._draw_about(surface, self.row.focus - len(self.titles))
        saved = self.focused is not None and self.focused.slug in self.saves  # Enter continues it (playtest 15)
        blit(surface, t("menu.help_continue" if saved else "menu.help"), 18, (theme.WIDTH // 2, theme.HEIGHT - 30),
             theme.INK_DIM, anchor="center")

    def _draw_card(self, surface: pygame.Surface, info: TitleInfo, button: Button, focused: bool,
                   hovered: bool = False) -> None:
        edge = theme.ACCENT if focused else theme.INK_FAINT if hovered else theme.PANEL_HI
        panel(surface, button.rect, theme.PANEL_HI if focused or hovered else theme.PANEL, edge)
        x, y = button.rect.x + 22, button.rect.y + 6
        name = blit(surface, info.name(), 28, (x, y), theme.INK, True)  # the language's name first, as in the panel
        blit(surface, info.other_name(), 20, (name.right + 14, y + 8),
             theme.ACCENT if focused else theme.INK_DIM)
        tag = blit(surface, self._players(info), 17, (x, y + 40), theme.SKY)
        room = button.rect.right - 22 - (tag.right + 12)
        pitch = blit(surface, first_line(info.pitch(), 17, room), 17, (tag.right + 12, y + 40), theme.INK_DIM)
        if pitch.right > button.rect.right - 10:
            overflowed(info.pitch(), button.rect)
        if info.slug in self.saves:  # seen from the list: a game of this title waits to be continued
            blit(surface, t("menu.unfinished"), 16, (button.rect.right - 14, y + 4), theme.WARN, True, "topright")

    def _players(self, info: TitleInfo) -> str:
        if info.solo:
            return t("menu.solo")
        if info.min_players == info.max_players:
            return t("menu.players_exact", count=info.min_players)
        return t("menu.players", low=info.min_players, high=info.max_players)

    def _draw_details(self, surface: pygame.Surface, info: TitleInfo) -> None:
        area = DETAILS
        panel(surface, area, theme.PANEL, theme.PANEL_HI)
        blit(surface, info.name(), 44, (area.x + 28, area.y + 24), theme.ACCENT, True)
        blit(surface, info.other_name(), 24, (area.x + 30, area.y + 84), theme.INK_DIM)
        blit(surface, self._players(info), 20, (area.x + 30, area.y + 124), theme.SKY)
        # the buttons' top: Continue's when a game waits (it sits above the row), else the row's
        buttons_top = min(b.rect.top for b in self.actions.buttons if b.rect.top >= 0)
        bottom = buttons_top - 90 if info.solo else buttons_top - 12
        block(surface, info.pitch(), 22, pygame.Rect(area.x + 30, area.y + 166, area.width - 60, bottom - area.y - 166),
              theme.INK)
        if info.solo:  # the best score and the dice above the buttons
            board, best = self.best.get(info.slug, ("score", []))
            text = t(info.best_label(board), score=best[0].score) if best else t("menu.no_best")
            blit(surface, text, 24, (area.x + 30, buttons_top - 70), theme.WARN, True)
            self._draw_dice_row(surface, area.right - 190, buttons_top - 90)
        labels = ("menu.play", "menu.demo", "menu.highscores", "menu.rules")
        for button, key in zip(self.actions.buttons[1:], labels, strict=True):
            button.label = t(key)
            button.enabled = key != "menu.highscores" or info.solo
        save = self.saves.get(info.slug)
        self.actions.buttons[0].label = t("menu.continue", when=left_at(save.saved_at)) if save else ""
        self.actions.draw(surface)

    def _draw_about(self, surface: pygame.Surface, which: int) -> None:
        """The details panel while Settings, Games, Statistics or Quit has the focus: what it opens or does
        (playtest round 10: the panel was empty there)."""
        name, about = (("menu.settings", "menu.about_settings"), ("menu.games", "menu.about_games"),
                       ("menu.statistics", "menu.about_statistics"), ("menu.quit", "menu.about_quit"))[which]
        area = DETAILS
        panel(surface, area, theme.PANEL, theme.PANEL_HI)
        blit(surface, t(name), 44, (area.x + 28, area.y + 24), theme.ACCENT, True)
        box = pygame.Rect(area.x + 30, area.y + 110, area.width - 60, area.height - 140)
        used = block(surface, t(about), 22, box, theme.INK)
        if name == "menu.quit" and self.saves:  # what the Quit dialog says too
            block(surface, t("menu.quit_kept"), 22, pygame.Rect(box.x, box.y + used + 14, box.w, box.h - used - 14),
                  theme.WARN)

    def _draw_dice_row(self, surface: pygame.Surface, x: int, y: int) -> None:
        for i, value in enumerate((2, 3, 4)):
            bob = 4 * pulse(self.time + i * 0.3, 2.0)
            surface.blit(die_surface(value, 44), (x + i * 54, y - bob))


def left_at(saved_at: str) -> str:
    """When a game was left, as the player reads it: "today at 03:10", else the date and time (a bare "03:10" read
    as a duration to two playtesters)."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(saved_at)
    except ValueError:
        return "?"
    time = when.strftime("%H:%M")
    if when.date() == datetime.now().date():
        return t("menu.when_today", time=time)
    return t("menu.when_day", date=when.strftime("%Y-%m-%d"), time=time)
