"""Dice Combat's end-of-game screen: victory or defeat, the run so far, and the two high-score tables.

A win may enter the fastest-win table and offers the next game of the run; a defeat (or ending the run)
may enter the win-streak table. Entries are stored only after their replays play back to the same result.

While something is still to settle (a name for a table, or a run that goes on after a win), the finished game stays
kept (game.app.saves: marked pending and already recorded, with the run before it, the tables already entered and
whether the run was ended), so closing the window here loses neither the entry nor the streak: resuming opens this
screen again. Once the run is over and no name is asked, the save is forgotten.
"""

from __future__ import annotations

import json

import pygame

from game.app import saves
from game.app.name_entry import NameEntry
from game.app.saves import Save
from game.app.scene import Scene
from game.app.setup import GameSetup
from game.services.i18n import t
from game.services.storage import ScoreEntry, timestamp
from game.titles import registry
from game.titles.dice_combat import monster
from game.titles.dice_combat.rules import WIN, DiceCombatState, find_pattern
from game.titles.dice_combat.scene import arena_backdrop, make_scene
from game.titles.dice_combat.scores import Run, replay_text, run_to_json, verify_game, verify_run
from game.ui import theme
from game.ui.dice import die_surface
from game.ui.text import blit, render
from game.ui.tween import ease_out_back, pulse
from game.ui.widgets import Button, ButtonRow, dim, panel

TITLE = "dice_combat"
DEMO_NEXT = 5.0
BOARDS = ("fastest", "streak")


class DiceCombatOverScene(Scene):
    """Victory or defeat; name entry when a table is reached; then the next game or a new run.

    `run`: the run before this game (this game is added to it here). `autoplay`: the computer played (the menu's
    demo or --autoplay): nothing is recorded, no name is asked, and the next game starts by itself. `setup`: the
    game's (seed included; None: a fresh solo setup with `seed`); a demo's end screen never touches the saves.
    `resumed`: the extras of a save this screen left (the game is already recorded; the tables entered and whether
    the run was ended are taken from it, checked)."""

    title_slug = TITLE

    def __init__(self, app, state: DiceCombatState, seed: int, run: Run, autoplay: bool = False,
                 setup: GameSetup | None = None, resumed: dict | None = None) -> None:
        super().__init__(app)
        self.state, self.seed, self.run, self.autoplay = state, seed, run, autoplay
        self.setup = setup if setup is not None else GameSetup(TITLE, [], seed=seed)
        self.won = state.result == WIN
        self.time = 0.0
        card = pygame.Rect(240, 30, 800, 560)
        box = pygame.Rect(0, 0, 440, 54)
        box.center = (card.centerx + 50, card.y + 457)
        self.entry = NameEntry(app, str(app.storage.get_setting("player_name", "")), 16, self.save, self.skip,
                               box, 612)
        self.asking: str | None = None  # the board whose name entry is open
        self.saved: list[str] = []  # the boards this game or run has had its name entry for (given or skipped)
        self.last_id: int | None = None  # the newest table entry, highlighted on the table
        self.note: tuple[str, tuple] | None = None  # what became of the last name entry
        self.run_before = Run(run.wins, run.rounds, run.damage, list(run.replays))  # what a kept save restores
        text = replay_text(state, seed)
        run.rounds, run.damage, run.wins = run.rounds + state.round, run.damage + state.damage, run.wins + self.won
        run.replays.append(text)
        self.run_over = not self.won
        if resumed is not None:
            saved = resumed.get("saved")
            self.saved = [board for board in BOARDS if isinstance(saved, list) and board in saved]
            self.run_over = self.run_over or resumed.get("run_over") is True
        if not autoplay and not (resumed is not None and resumed.get("recorded") is True):
            app.storage.record_game(TITLE, state.result, state.round, state.statistics(), text)
        self.counts = app.storage.game_counts(TITLE)
        self.row = ButtonRow([], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self._offer_tables()

    # --- tables -----------------------------------------------------------------------------------
    def _offer_tables(self) -> None:
        """Open a name entry for the first table this game or run reaches; else show the buttons."""
        storage = self.app.storage
        if not self.autoplay and self.won and "fastest" not in self.saved and storage.qualifies(
                TITLE, 1, self.state.round, board="fastest", tiebreak=self.state.damage):
            self._ask("fastest")
        elif not self.autoplay and self.run_over and self.run.wins and "streak" not in self.saved and \
                storage.qualifies(TITLE, self.run.wins, self.run.rounds, board="streak", tiebreak=self.run.damage):
            self._ask("streak")
        else:
            self.asking = None
            self._make_buttons()
            if not self.won and not self.run.wins and not self.autoplay and self.note is None:
                self.note = (t("dc.how_to_score"), theme.SKY)  # a defeat with no table to enter says how to reach one
        self._keep()

    def _ask(self, board: str) -> None:
        self.asking = board
        self.app.audio.play("highscore")
        self.entry.start()

    @property
    def field(self):
        """The name field (its text is the name Save stores)."""
        return self.entry.field

    # --- keeping what is still to settle ----------------------------------------------------------
    def _keep(self) -> None:
        """Keep the finished game while a name is asked or the run goes on; else forget it (never for a demo)."""
        if self.setup.demo:
            return
        if self.asking or not self.run_over:
            actions = [self.state.action_to_json(a) for a in self.state.history]
            extra = {"run": run_to_json(self.run_before), "pending": True, "recorded": True,
                     "saved": list(self.saved), "run_over": self.run_over, "autoplay": self.autoplay}
            saves.keep(self.app.storage, Save(self.setup, actions, extra=extra))
        else:
            saves.drop(self.app.storage, TITLE)

    def save(self) -> None:
        board, self.asking = self.asking, None
        self.entry.stop()
        name = self.field.text.strip() or t("over.default_name")
        entry = self._entry(board, name)
        self.saved.append(board)
        if entry is None:
            self.note = (t("dc.not_saved"), theme.BAD)
            self.app.audio.play("error")
        else:
            rank = self._rank(board)
            self.app.storage.set_setting("player_name", name)
            self.last_id = self.app.storage.add_score(entry)
            # which table: a won run is asked for two, one after the other (playtest round 12)
            self.note = (t("over.saved_on", table=t(registry.get(TITLE).board_label(board)), rank=rank), theme.GOOD)
            self.app.audio.play("menu_select")
        self._offer_tables()

    def skip(self) -> None:
        """No name for this table: it stays off it; the next table (or the choices) follow."""
        board, self.asking = self.asking, None
        self.entry.stop()
        self.saved.append(board)
        self.note = (t("over.skipped"), theme.INK_DIM)
        self.app.audio.play("back")
        self._offer_tables()

    def _rank(self, board: str) -> int:
        """The place an entry of this game (fastest) or run (streak) takes on its board."""
        if board == "fastest":
            return self.app.storage.rank_of(TITLE, 1, self.state.round, board, self.state.damage)
        return self.app.storage.rank_of(TITLE, self.run.wins, self.run.rounds, board, self.run.damage)

    def _entry(self, board: str, name: str) -> ScoreEntry | None:
        """A verified table entry, or None if the replays do not give the same result."""
        if board == "fastest":
            state = verify_game(self.run.replays[-1])
            if state is None or state.result != WIN:
                return None
            return ScoreEntry(TITLE, name, 1, state.round, timestamp(), self.seed, state.RULES_VERSION,
                              state.statistics(), self.run.replays[-1], "fastest", state.damage)
        again = verify_run(self.run.replays)
        if again is None or (again.wins, again.rounds, again.damage) != (self.run.wins, self.run.rounds,
                                                                         self.run.damage):
            return None
        return ScoreEntry(TITLE, name, again.wins, again.rounds, timestamp(), self.seed, self.state.RULES_VERSION,
                          {"games": len(again.replays)}, json.dumps({"games": again.replays}), "streak", again.damage)

    # --- actions ----------------------------------------------------------------------------------
    def _make_buttons(self) -> None:
        if self.won and not self.run_over:
            specs = [("dc.next_game", self.next_game), ("dc.end_run", self.end_run)]
        else:
            specs = [("dc.new_run", self.new_run), ("menu.highscores", self.show_scores), ("over.menu", self.app.to_menu)]
        width = 250
        left = theme.WIDTH // 2 - (len(specs) * (width + 16) - 16) // 2
        self.row.buttons = [Button(pygame.Rect(left + i * (width + 16), 612, width, 56), t(key), action,
                                   primary=i == 0) for i, (key, action) in enumerate(specs)]
        self.row.focus = 0
        self.labels = [key for key, _ in specs]

    def next_game(self) -> None:
        """The run goes on: a new game with a new seed (its first roll replaces this game's save)."""
        self.app.audio.play("menu_select")
        fresh = GameSetup(TITLE, [], demo=self.setup.demo)
        self.app.stack.replace(make_scene(self.app, fresh, self.autoplay, run=self.run))

    def end_run(self) -> None:
        self.run_over = True
        self.app.audio.play("menu_select")
        self._offer_tables()

    def new_run(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.replace(make_scene(self.app, GameSetup(TITLE, [], demo=self.setup.demo), self.autoplay))

    def show_scores(self) -> None:
        from game.app.highscores import HighScoresScene

        board = self.saved[-1] if self.saved else "streak"
        self.app.stack.replace(HighScoresScene(self.app, TITLE, self.last_id, board))

    def enter(self) -> None:
        if self.asking:
            self.entry.start()

    def leave(self) -> None:
        self.entry.stop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking:
            self.entry.handle(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.run_over:
                self.app.to_menu()
            else:
                self.end_run()
        else:
            self.row.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.entry.update(dt)
        if self.autoplay and self.time > DEMO_NEXT:
            self.time = float("-inf")
            if self.won:
                self.next_game()
            else:
                self.new_run()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(arena_backdrop(), (0, 0))
        dim(surface, 90)
        card = pygame.Rect(240, 30, 800, 560)
        color = theme.GOOD if self.won else theme.BAD
        panel(surface, card, theme.PANEL, color)
        grow = 0.7 + 0.3 * ease_out_back(min(1.0, self.time * 3))
        title = t("dc.victory") if self.won else t("dc.defeat")
        blit(surface, title, int(66 * grow), (card.centerx, card.y + 62), color, True, "center")
        blit(surface, self._subtitle(), 22, (card.centerx, card.y + 116), theme.INK_DIM, anchor="center")
        self._draw_pattern(surface, card)
        self._draw_stats(surface, card)
        if self.asking:
            self._draw_name_entry(surface, card)
        else:
            if not self.won:  # the oni, pleased with itself
                monster.draw(surface, (card.centerx, card.bottom - 122), self.time, lunge=0.15 * pulse(self.time, 0.8))
            if self.note:  # on a dark band, so that it reads over the oni's horns too
                size = render(self.note[0], 22, self.note[1], True).get_size()
                band = pygame.Rect(0, 0, size[0] + 40, size[1] + 14)
                band.center = (card.centerx, card.y + 392)
                panel(surface, band, theme.BG_DEEP, self.note[1])
                blit(surface, self.note[0], 22, band.center, self.note[1], True, "center")
            for button, key in zip(self.row.buttons, self.labels, strict=True):
                button.label = t(key)
            self.row.draw(surface)
        if self.autoplay:
            blit(surface, t("over.demo_score"), 18, (card.centerx, card.bottom - 24), theme.SKY, anchor="center")

    def _subtitle(self) -> str:
        if self.won:
            return t("dc.won_in", n=self.state.round)
        return t("dc.lost_in", n=self.state.round)

    def _draw_pattern(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        pattern = find_pattern(self.state.collection) if self.won else None
        dice = list(pattern) if pattern else sorted(self.state.collection)
        style = "lit" if pattern else "dim"
        left = card.centerx - len(dice) * 34
        for i, value in enumerate(dice):
            bob = 6 * pulse(self.time + i * 0.2, 1.2) if pattern else 0
            surface.blit(die_surface(value, 56, style), (left + i * 68, card.y + 150 - bob))

    def _draw_stats(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        s = self.state.statistics()
        rows = [
            (t("over.rounds"), str(s["rounds"])), (t("dc.damage_taken"), f"{s['damage']} / 3"),
            (t("dc.attacks"), f"{s['attack_successes']} / {s['attacks']}"),
            (t("dc.defences"), f"{s['defence_successes']} / {s['defences']}"),
            (t("dc.streak_now"), str(self.run.wins)),
            (t("dc.record"), t("dc.record_value", wins=self.counts.get("win", 0), losses=self.counts.get("loss", 0))),
        ]
        for i, (label, value) in enumerate(rows):
            x = card.x + 60 + (i % 2) * 370
            y = card.y + 226 + (i // 2) * 40
            blit(surface, label, 21, (x, y), theme.INK_DIM)
            blit(surface, value, 23, (x + 320, y), theme.INK, True, "topright")

    def _draw_name_entry(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        y = card.y + 395
        key = "dc.new_fastest" if self.asking == "fastest" else "dc.new_streak"
        glow = tuple(int(c * (0.75 + 0.25 * pulse(self.time, 1.0))) for c in theme.GOOD)
        blit(surface, t(key), 28, (card.centerx, y), glow, True, "center")
        self.entry.draw(surface, self.entry.box.bottom + 22)
