"""Dice Slayer's game-over screen: final score and statistics, name entry for a high score.

A score is stored only after its replay (the action history) has been played back through the
engine and gave the same statistics. While a qualifying score waits for its name, the finished game stays kept
(game.app.saves, marked pending and already recorded), so closing the window at the prompt loses nothing: resuming
opens this screen's name entry again. Giving the name or skipping forgets it; a score that does not qualify is
forgotten at once.
"""

from __future__ import annotations

import pygame

from game.app import saves
from game.app.name_entry import NameEntry
from game.app.saves import Save
from game.app.scene import Scene
from game.app.setup import GameSetup
from game.core import replay
from game.services.i18n import t
from game.titles.dice_slayer.rules import DiceSlayerState
from game.titles.dice_slayer.scores import verified_entry
from game.ui import theme
from game.ui.text import blit
from game.ui.tween import ease_out_back, pulse
from game.ui.widgets import Button, ButtonRow, dim, panel

TITLE = "dice_slayer"
NAME_MAX = 16
DEMO_RESTART = 6.0  # seconds before a game the computer played starts the next


class GameOverScene(Scene):
    """Score, statistics, then either a name prompt (a qualifying score) or the next choices.

    `autoplay`: the computer played (the menu's demo or --autoplay): nothing is recorded, no name is asked, and the
    next game starts by itself. `setup`: the game's (seed included; None: a fresh solo setup with `seed`); a demo's
    game-over screen never touches the saves. `recorded`: the game is already in the lifetime statistics (a pending
    name entry resumed after a restart)."""

    title_slug = TITLE

    def __init__(self, app, state: DiceSlayerState, seed: int, autoplay: bool = False,
                 setup: GameSetup | None = None, recorded: bool = False) -> None:
        super().__init__(app)
        self.state, self.seed, self.autoplay = state, seed, autoplay
        self.setup = setup if setup is not None else GameSetup(TITLE, [], seed=seed)
        self.stats = state.statistics()
        storage = app.storage
        self.asking = not autoplay and storage.qualifies(TITLE, self.stats["score"], self.stats["rounds"])
        self.rank = storage.rank_of(TITLE, self.stats["score"], self.stats["rounds"])
        card = pygame.Rect(280, 40, 720, 530)
        box = pygame.Rect(0, 0, 440, 54)
        box.center = (card.centerx + 50, card.y + 442)
        self.entry = NameEntry(app, str(storage.get_setting("player_name", "")), NAME_MAX, self.save, self.skip,
                               box, 600)  # the last name used
        self.note: tuple[str, tuple] | None = (t("over.demo_score"), theme.INK_DIM) if autoplay else None
        self.time = 0.0
        if not autoplay and not recorded:  # every finished game counts in the lifetime statistics, not only the best
            text = replay.dumps(replay.record(state, seed=seed, result=self.stats))
            storage.record_game(TITLE, "end", self.stats["rounds"], self.stats, text)
        self._keep()
        y = 600
        self.row = ButtonRow([
            Button(pygame.Rect(330, y, 190, 54), "", self.play_again, primary=True),
            Button(pygame.Rect(545, y, 190, 54), "", self.show_scores),
            Button(pygame.Rect(760, y, 190, 54), "", self.app.to_menu),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))

    @property
    def field(self):
        """The name field (its text is the name Save stores)."""
        return self.entry.field

    def enter(self) -> None:
        if self.asking:
            self.app.audio.play("highscore")
            self.entry.start()

    def leave(self) -> None:
        self.entry.stop()

    # --- keeping the pending entry ----------------------------------------------------------------
    def _keep(self) -> None:
        """While the name is asked, keep the finished game (pending, already recorded); else forget it."""
        if self.setup.demo:
            return
        if self.asking:
            actions = [self.state.action_to_json(a) for a in self.state.history]
            saves.keep(self.app.storage, Save(self.setup, actions, extra={"pending": True, "recorded": True}))
        else:
            saves.drop(self.app.storage, TITLE)

    # --- actions ----------------------------------------------------------------------------------
    def save(self) -> None:
        name = self.field.text.strip() or t("over.default_name")
        entry = verified_entry(self.state, self.seed, name)
        self.asking = False
        self.entry.stop()
        self._keep()
        if entry is None:
            self.note = (t("ds.over.not_saved"), theme.BAD)
            self.app.audio.play("error")
            return
        self.app.storage.set_setting("player_name", name)
        entry_id = self.app.storage.add_score(entry)
        self.app.audio.play("menu_select")
        self.show_scores(entry_id)

    def skip(self) -> None:
        """No name: the score stays off the table, and the choices of a finished game follow."""
        self.asking = False
        self.entry.stop()
        self._keep()
        self.note = (t("over.skipped"), theme.INK_DIM)
        self.app.audio.play("back")
        self.row.focus = 0

    def play_again(self) -> None:
        from game.titles.dice_slayer.scene import make_scene

        self.app.audio.play("menu_select")
        fresh = GameSetup(TITLE, [], demo=self.setup.demo)  # a new seed; a demo goes on as a demo
        self.app.stack.replace(make_scene(self.app, fresh, self.autoplay))

    def show_scores(self, highlight: int | None = None) -> None:
        from game.app.highscores import HighScoresScene

        self.app.stack.replace(HighScoresScene(self.app, TITLE, highlight))

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.asking:
            self.entry.handle(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
        else:
            self.row.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.entry.update(dt)
        if self.autoplay and self.time > DEMO_RESTART:
            self.play_again()
            self.time = float("-inf")

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.titles.dice_slayer.scene import table_backdrop

        surface.blit(table_backdrop(), (0, 0))
        dim(surface, 80)
        card = pygame.Rect(280, 40, 720, 530)
        panel(surface, card, theme.PANEL, theme.BAD)
        grow = 0.7 + 0.3 * ease_out_back(min(1.0, self.time * 3))
        blit(surface, t("ds.over.title"), int(64 * grow), (card.centerx, card.y + 60), theme.BAD, True, "center")
        blit(surface, t("ds.over.reason"), 20, (card.centerx, card.y + 108), theme.INK_DIM, anchor="center")
        blit(surface, t("ds.over.final"), 22, (card.centerx, card.y + 150), theme.INK_DIM, anchor="center")
        blit(surface, str(self.stats["score"]), 76, (card.centerx, card.y + 210), theme.WARN, True, "center")
        self._draw_stats(surface, card)
        if self.asking:
            self._draw_name_entry(surface, card)
        else:
            if self.note:
                blit(surface, self.note[0], 22, (card.centerx, card.y + 410), self.note[1], anchor="center")
            if self.autoplay:
                left = max(1, int(DEMO_RESTART - self.time + 1))
                blit(surface, t("ds.over.next_demo", n=left), 20, (card.centerx, card.y + 446), theme.SKY,
                     anchor="center")
            for button, key in zip(self.row.buttons, ("over.play_again", "menu.highscores", "over.menu"),
                                   strict=True):
                button.label = t(key)
            self.row.draw(surface)

    def _draw_stats(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        rows = [("over.rounds", "rounds"), ("ds.over.largest", "largest_clear"),
                ("ds.over.all_clears", "all_clears"), ("ds.over.removed", "dice_removed_total")]
        for i, (key, field) in enumerate(rows):
            x = card.x + 40 + (i % 2) * 340
            y = card.y + 270 + (i // 2) * 44
            blit(surface, t(key), 22, (x, y), theme.INK_DIM)
            blit(surface, str(self.stats[field]), 24, (x + 300, y), theme.INK, True, "topright")

    def _draw_name_entry(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        y = card.y + 380
        glow = tuple(int(c * (0.75 + 0.25 * pulse(self.time, 1.0))) for c in theme.GOOD)
        blit(surface, t("ds.over.new_high", rank=self.rank), 30, (card.centerx, y), glow, True, "center")
        self.entry.draw(surface, card.bottom - 30)
