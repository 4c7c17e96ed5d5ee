"""Dice Slayer's play scene: the plate grouped by value, the 3-slot stock, score, danger meter.

The scene draws the dice from its game's seed (game.core.chance: the engine owns no generator), turns the engine's
events into a queue of timed animation beats, and blocks picks until the queue has played out. The game is kept
(game.app.saves) after every roll and pick, unless it is the title menu's demo; a scene made from a save shows the
position at once, laid out from the state as the animations would have left it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

import pygame

from game.app import saves
from game.app.saves import Save
from game.app.scene import KeptHint, Scene
from game.app.setup import GameSetup
from game.core import chance
from game.services.i18n import counted, t
from game.titles import registry
from game.titles.dice_slayer import bots
from game.titles.dice_slayer.rules import (
    GAME_OVER_PLATE,
    Cleared,
    DiceSlayerState,
    DieRolled,
    GameOver,
    Picked,
    RoundEnded,
    SetFormed,
    StockSlid,
    new_state,
)
from game.ui import theme
from game.ui.anim import Effects, Sprite, Timeline
from game.ui.dice import die_surface, glow
from game.ui.text import blit, block, fit
from game.ui.tween import ease_in_out, ease_out_back, pulse

PLATE = pygame.Rect(40, 96, 800, 470)
PLATE_INNER = PLATE.inflate(-28, 0)
COLUMN_W = PLATE_INNER.width // 6
DIE = 56
STOCK_CARD = pygame.Rect(870, 186, 370, 190)
PREVIEW_CARD = pygame.Rect(870, 392, 370, 174)
COACH_CARD = pygame.Rect(870, 392, 370, 300)  # the replay theatre's coach: the preview card and the room below
STOCK_DIE = 76
STOCK_Y = STOCK_CARD.y + 60
STOCK_X = STOCK_CARD.x + 38
SLOT_GAP = 104


TITLE = "dice_slayer"


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save: Save | None = None) -> Scene:
    """A new game for `setup` (None: a fresh one), or the game `save` left: its position, or, when it ended with a
    high-score name still to give, its game-over screen asking for the name."""
    if save is None:
        return DiceSlayerScene(app, autoplay=autoplay, setup=setup)
    setup = setup or save.setup
    state = save.state()  # a save that does not play back fails here (saves.load has already checked it)
    if state.is_terminal() and save.extra.get("pending") is True:
        from game.titles.dice_slayer.game_over import GameOverScene

        # the name belongs to the player, so the entry is asked even under --resume --autoplay
        return GameOverScene(app, state, setup.seed, False, setup=setup, recorded=save.extra.get("recorded") is True)
    scene = DiceSlayerScene(app, autoplay=autoplay, setup=setup)
    scene.restore_state(state)
    return scene


class DiceSlayerScene(KeptHint, Scene):
    """Play one game; the bot can play instead (demo) or whisper a hint (H)."""

    title_slug = TITLE

    def __init__(self, app, seed: int | None = None, autoplay: bool = False, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        setup = setup if setup is not None else GameSetup(TITLE, [], seed=seed)
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.setup = replace(setup, seed=self.seed)  # the seed in use goes into the save
        self.bot_rng = random.Random(self.seed ^ 0x5EED)
        self.autoplay = autoplay
        self.state: DiceSlayerState = new_state()
        # the position as the screen has shown it: the round number and the plate meter move on only when the
        # dice have landed or left (the state moves on at the click)
        self.shown: DiceSlayerState = self.state
        self.bot = bots.BOTS[bots.HINT_BOT]()
        self.now = 0.0
        self.plate: list[Sprite] = []
        self.stock: list[Sprite] = []
        self.leaving: list[Sprite] = []
        self.picked: Sprite | None = None  # the die just picked, until it leaves the plate for the stock
        self.timeline = Timeline()
        self.effects = Effects(random.Random(self.seed ^ 0xF00D))  # looks only; never the dice
        self.flash_until = 0.0
        self.doomed: set[int] = set()    # side values lit during a set flash
        self.shake_until = 0.0
        self.shown_score = 0.0
        self.score_target = 0  # the score as the animation has told it so far
        self.cursor: int | None = None   # value under keyboard focus or the mouse
        self.hover_sprite: Sprite | None = None
        self.start_hint(app, autoplay)
        self._previews: dict[int, dict] = {}
        self._hint: tuple[int, float] | None = None
        self.message: tuple[str, float] | None = None
        self.think_until = 0.0
        self.last_result: tuple[str, tuple[int, int, int]] | None = None
        self.best = self._best_score()
        self.watching = False  # a stored game in the replay theatre: it applies the actions it is given (`apply`)
        self.rolled = 0  # dice rolled in so far this round (where the next one lands)

    def _best_score(self) -> int:
        top = self.app.storage.top_scores(TITLE, limit=1)
        return top[0].score if top else 0

    def hud_best(self) -> str:
        """The HUD's Best: the player's stored best ("—" before any), passed live only by the player's own score;
        a bot's score (the demo, autoplay) never counts."""
        best = self.best if self.autoplay else max(self.best, int(self.shown_score))  # with the score as it counts
        return str(best) if best else "—"

    # --- keeping the game -------------------------------------------------------------------------
    @property
    def kept(self) -> bool:
        """Whether this game is saved after every action (every game but the title menu's demo and a replay)."""
        return not self.setup.demo and not self.watching

    def save(self) -> Save:
        return Save(self.setup, [self.state.action_to_json(a) for a in self.state.history])

    def keep(self) -> None:
        """Write the save, so a close, a crash or a kill loses nothing."""
        if self.kept:
            saves.keep(self.app.storage, self.save())

    def restore(self, save: Save) -> None:
        """Lay out the game `save` left, at once (the replay theatre's jump)."""
        self.restore_state(save.state())

    def restore_state(self, state: DiceSlayerState) -> None:
        """Take a saved game's state and lay its dice out as the animations would have left them: the plate grouped
        by value, the stock in its slots, the score told in full, the last pick's result on the preview card."""
        self.state = self.shown = state
        self.plate, self.stock, self.leaving, self.picked = [], [], [], None
        counts: dict[int, int] = {}
        for face in state.plate:
            index = counts.get(face, 0)
            counts[face] = index + 1
            self.plate.append(placed(face, self.layout_target(face, index)))
        self.stock = [placed(face, self.slot_pos(index)) for index, face in enumerate(state.stock)]
        self.shown_score = self.score_target = state.score
        self.last_result = None
        told, last_pick, self.rolled = new_state(), [], 0
        for action in state.history:
            picking = not told.is_chance_node()
            events = told.apply(action)
            if picking:
                last_pick = events
            self.rolled = 0 if picking else self.rolled + 1
        if last_pick:
            self.last_result = self._summary(last_pick)

    # --- timing -----------------------------------------------------------------------------------
    def speed(self, seconds: float) -> float:
        return seconds / self.app.anim_speed()

    def queue(self, duration: float, start=lambda: None) -> None:
        self.timeline.queue(self.speed(duration), start)

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    @property
    def picking(self) -> bool:
        return not self.busy and self.state.current_player() == 0

    def update(self, dt: float) -> None:
        self.now += dt
        self.timeline.update(dt)
        for sprite in self.plate + self.stock + self.leaving:
            sprite.update(self.now)
        self.leaving = [s for s in self.leaving if s.alpha > 0]
        self._update_effects(dt)
        if not self.busy:
            self._advance()

    def _advance(self) -> None:
        """Roll at a chance node; let the bot pick in a demo (in the theatre, the theatre moves the game on)."""
        if self.watching:
            return
        if self.state.is_chance_node():
            self.roll()
        elif self.state.is_terminal():
            self.finish()
        elif self.autoplay:
            if self.think_until == 0.0:
                self.think_until = self.now + self.speed(0.45)
                self.cursor = self.hint()[0]
            elif self.now >= self.think_until:
                self.think_until = 0.0
                self.pick(self.bot.choose(self.state, self.bot_rng))

    # --- actions ----------------------------------------------------------------------------------
    def roll(self) -> None:
        """ADD: sample every die of this round from our generator and animate them in."""
        self._roll_sound()
        while self.state.is_chance_node():
            self._roll_in(chance.outcome(self.state, self.seed))
        self.keep()
        self.relayout(self.speed(0.5), skip=self.plate[-self.rolled:])
        self.queue(0.55 + 0.12 * self.rolled)
        self._show_when_played()

    def _roll_sound(self) -> None:
        if len(self.state.plate) == GAME_OVER_PLATE - 1:
            self.app.audio.play("warning")
        self.app.audio.play("roll")

    def _roll_in(self, outcome: int) -> list[Sprite]:
        """One chance outcome applied: its dice dropped onto the plate (returned)."""
        dropped = []
        for event in self.state.apply(outcome):
            if isinstance(event, DieRolled):
                dropped.append(self._drop_die(event.face, self.rolled))
                self.rolled += 1
        self._previews, self._hint = {}, None
        return dropped

    def apply(self, action: int) -> None:
        """One stored action shown as in play (the replay theatre): a die rolled in, or a pick."""
        if not self.state.is_chance_node():
            self.pick(action)
            return
        if self.rolled == 0:
            self._roll_sound()
        self.relayout(self.speed(0.5), skip=self._roll_in(action))
        self.queue(0.3)
        self._show_when_played()

    def _drop_die(self, face: int, index: int) -> Sprite:
        x = PLATE.x + 80 + (index * 211 + self.state.round * 97) % (PLATE.width - 160)
        sprite = Sprite(face, (x, PLATE.y - 140 - index * 40))
        self.plate.append(sprite)
        sprite.spin = 540 + 180 * index
        return sprite

    def pick(self, value: int, sprite: Sprite | None = None) -> None:
        """PICK: hand the value to the engine, then queue the animation of what happened."""
        if not self.picking:
            return
        if value not in self.state.legal_actions():
            self.say(t("ds.no_such_die", v=value), theme.BAD)
            self.app.audio.play("error")
            self.shake_until = self.now + 0.2
            return
        events = self.state.apply(value)
        self.rolled = 0
        self.keep()
        if sprite is None or sprite.value != value or sprite not in self.plate:
            sprite = next(s for s in self.plate if s.value == value)
        self.cursor = None
        self.picked = sprite  # off the plate's count from the click (it slides to the stock as its beat comes)
        self._animate(events, sprite)

    def _animate(self, events: list, sprite: Sprite) -> None:
        """The pick's beats: the die slides to the stock, the set flashes, the dice burst; the result line is told
        with the burst (with no dice to burst, once the die has moved), the round and the plate meter after it,
        then the game's end."""
        result = self._summary(events)
        self.last_result = None
        cleared = any(isinstance(event, Cleared) for event in events)

        def tell() -> None:
            self.last_result = result
        for event in events:
            if isinstance(event, Picked):
                self.queue(0.32, lambda: self._slide_to_stock(sprite))
            elif isinstance(event, StockSlid):
                self.queue(0.3, self._slide_out)
            elif isinstance(event, SetFormed):
                self.queue(0.55, lambda e=event: self._flash_set(e))
            elif isinstance(event, Cleared):
                self.queue(0.0, tell)
                self._queue_clear(event)
        if not cleared:
            self.queue(0.0, tell)
        self._show_when_played()
        if any(isinstance(event, GameOver) for event in events):
            self.queue(1.4, self._game_over_beat)

    def _show_when_played(self) -> None:
        """Once the beats queued so far have played, the round number and the plate meter show where the game is."""
        position = self.state.clone()
        self.timeline.queue(0.0, lambda: setattr(self, "shown", position))

    def _summary(self, events: list) -> tuple[str, tuple[int, int, int]]:
        """One line for the preview card while the round plays out."""
        kind = next((t(f"ds.set.{e.kind}") for e in events if isinstance(e, SetFormed)), None)
        cleared = next((e for e in events if isinstance(e, Cleared)), None)
        if cleared and cleared.removed:
            return counted("ds.result_clear", len(cleared.removed), kind=kind, points=cleared.points), theme.GOOD
        if kind:
            return t("ds.result_empty", kind=kind), theme.INK_DIM
        return t("ds.result_none"), theme.INK_DIM

    def _slide_to_stock(self, sprite: Sprite) -> None:
        self.app.audio.play("pick")
        self.plate.remove(sprite)
        self.picked = None
        self.stock.append(sprite)
        sprite.move(self.slot_pos(len(self.stock) - 1), self.now, self.speed(0.3), ease_in_out)
        self.relayout(self.speed(0.3))

    def _slide_out(self) -> None:
        self.app.audio.play("slide_out")
        oldest = self.stock.pop(0)
        oldest.fade = True
        oldest.move((oldest.pos[0] - 120, oldest.pos[1]), self.now, self.speed(0.28))
        self.leaving.append(oldest)
        for index, sprite in enumerate(self.stock):
            sprite.move(self.slot_pos(index), self.now, self.speed(0.28))

    def _flash_set(self, event: SetFormed) -> None:
        self.app.audio.play("set")
        self.flash_until = self.now + self.speed(0.55)
        self.doomed = set(event.sides)
        kind = t(f"ds.set.{event.kind}")
        self.effects.show_banner(f"{kind}!", self.now, theme.WARN)

    def _queue_clear(self, event: Cleared) -> None:
        k = len(event.removed)
        if k == 0:
            self.queue(0.2, lambda: setattr(self, "doomed", set()))
            return
        self.queue(0.7, lambda: self._burst(event))
        if event.all_clear:
            self.queue(1.3, self._all_clear_beat)

    def _burst(self, event: Cleared) -> None:
        k = len(event.removed)
        self.app.audio.play("clear_big" if k >= 4 else "clear")
        gone = [s for s in self.plate if s.value in self.doomed]
        for sprite in gone:
            self.effects.spray((sprite.pos[0] + DIE / 2, sprite.pos[1] + DIE / 2), 10 + 2 * k)
            self.plate.remove(sprite)
        cx = sum(s.pos[0] for s in gone) / len(gone) + DIE / 2
        cy = max(PLATE.y + 130, sum(s.pos[1] for s in gone) / len(gone))
        self.effects.popup(f"{k}² = +{k * k}", (cx, cy), self.now, min(34 + 6 * k, 80), theme.WARN)
        self.score_target += event.points
        self.doomed = set()
        self.relayout(self.speed(0.4))

    def _all_clear_beat(self) -> None:
        self.app.audio.play("all_clear")
        self.effects.show_banner(t("ds.all_clear"), self.now, theme.GOOD)
        for i in range(6):
            self.effects.spray((PLATE.x + 80 + i * 130, PLATE.centery), 12)

    def _game_over_beat(self) -> None:
        self.app.audio.play("game_over")
        self.shake_until = self.now + 0.45
        self.effects.show_banner(t("ds.over.title"), self.now, theme.BAD)

    def finish(self) -> None:
        from game.titles.dice_slayer.game_over import GameOverScene

        self.timeline.queue(10.0)  # hold until the scene is replaced
        self.app.stack.replace(GameOverScene(self.app, self.state, self.seed, self.autoplay, setup=self.setup))

    def say(self, text: str, color: tuple[int, int, int] = theme.INK) -> None:
        self.message = (text, self.now)
        self._message_color = color

    # --- layout -----------------------------------------------------------------------------------
    def slot_pos(self, index: int) -> tuple[float, float]:
        return (STOCK_X + index * SLOT_GAP, STOCK_Y)

    def column_rect(self, value: int) -> pygame.Rect:
        return pygame.Rect(PLATE_INNER.x + (value - 1) * COLUMN_W, PLATE.y + 40, COLUMN_W, PLATE.height - 80)

    def layout_target(self, value: int, index: int) -> tuple[float, float]:
        """Where the index-th die of `value` sits: grouped by value in six columns, two dice wide."""
        column = self.column_rect(value)
        x = column.x + (COLUMN_W - 2 * DIE - 6) // 2 + (index % 2) * (DIE + 6)
        y = column.y + 8 + (index // 2) * (DIE + 10)
        return (x, y)

    def relayout(self, duration: float, skip: list[Sprite] | None = None) -> None:
        """Move every plate die to its grouped place; new dice (`skip`) tumble in from above."""
        counts: dict[int, int] = {}
        for sprite in self.plate:
            index = counts.get(sprite.value, 0)
            counts[sprite.value] = index + 1
            target = self.layout_target(sprite.value, index)
            if skip and sprite in skip:
                delay = skip.index(sprite) * self.speed(0.12)
                sprite.move(target, self.now + delay, duration, ease_out_back)
            elif sprite.target != target or sprite.pos != target:
                sprite.move(target, self.now, duration)

    # --- in the replay theatre --------------------------------------------------------------------
    first_round_at_start = True  # the first round begins with the game, the next when one ends (`begins_round`)
    holds_secrets = False  # nothing is hidden: dice are rolled in the open

    def begins_round(self, event) -> bool:
        return isinstance(event, RoundEnded)  # a round is a roll and a pick: the next begins when one ends

    def coach_rect(self) -> pygame.Rect:
        """Where the theatre's coach speaks at your pick: the preview card and the room under it."""
        return COACH_CARD

    def choice_text(self, raw: int) -> str:
        """A pick in words: the value, and what it does (the preview card's line)."""
        return t("ds.coach_pick", v=raw, what=self._preview_text(self.preview(raw)))

    # --- previews and hint ------------------------------------------------------------------------
    def preview(self, value: int) -> dict:
        """What picking `value` would do, from a clone of the state (cached for this round)."""
        if value not in self._previews:
            trial = self.state.clone()
            info: dict = {"stock": [], "removed": (), "points": 0, "all_clear": False, "kind": None,
                          "sides": (), "game_over": False}
            for event in trial.apply(value):
                if isinstance(event, SetFormed):
                    info.update(kind=event.kind, sides=event.sides)
                elif isinstance(event, Cleared):
                    info.update(removed=event.removed, points=event.points, all_clear=event.all_clear)
                elif isinstance(event, GameOver):
                    info["game_over"] = True
            info["stock"] = list(trial.stock)
            self._previews[value] = info
        return self._previews[value]

    def hint(self) -> tuple[int, float]:
        """The bot's pick and the points it expects from here on."""
        if self._hint is None:
            values = self.bot.evaluate(self.state)
            best = bots.best_pick(values)
            self._hint = (best, values[best])
        return self._hint

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.watching and event.type != pygame.MOUSEMOTION:  # the theatre's keys move the game on
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover_sprite = self.sprite_at(event.pos)
            self.cursor = self.hover_sprite.value if self.hover_sprite else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.autoplay and not self.watching:
            sprite = self.sprite_at(event.pos)
            if sprite:
                self.pick(sprite.value, sprite)

    def _key(self, event: pygame.event.Event) -> None:
        from game.app.overlays import PauseScene

        key = event.key
        if key == pygame.K_ESCAPE:
            self.app.audio.play("menu_select")
            self.app.stack.push(PauseScene(self.app, self.title_slug))
        elif key == pygame.K_h:
            self.toggle_hint()
            self.app.audio.play("menu_move")
        elif self.autoplay:
            return
        elif pygame.K_1 <= key <= pygame.K_6 or pygame.K_KP1 <= key <= pygame.K_KP6:
            self.pick(key - (pygame.K_1 if key <= pygame.K_6 else pygame.K_KP1) + 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.picking:
            self._move_cursor(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.cursor is not None:
                self.pick(self.cursor)
            elif self.hint_on and self.picking:  # the hint's die is the one lit
                self.pick(self.hint()[0])
            elif self.picking:  # nothing under focus: the first die takes it (playtest round 19b: Enter did nothing
                self._move_cursor(1)  # at all until ←→ had moved); a second Enter picks it

    def _move_cursor(self, step: int) -> None:
        values = self.state.legal_actions()
        if self.cursor not in values:
            self.cursor = values[0] if step > 0 else values[-1]
        else:
            self.cursor = values[(values.index(self.cursor) + step) % len(values)]
        self.app.audio.play("menu_move")

    def sprite_at(self, pos: tuple[int, int]) -> Sprite | None:
        for sprite in self.plate:
            if pygame.Rect(sprite.pos, (DIE, DIE)).collidepoint(pos):
                return sprite
        return None

    # --- effects ----------------------------------------------------------------------------------
    def _update_effects(self, dt: float) -> None:
        self.effects.update(dt, self.now)
        target = self.score_target
        if self.shown_score < target:
            self.shown_score = min(target, self.shown_score + max(1.0, (target - self.shown_score) * 6 * dt))

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(table_backdrop(), (0, 0))
        self._draw_header(surface)
        self._draw_plate(surface)
        self._draw_danger(surface)
        self._draw_stock(surface)
        self._draw_preview(surface)
        self._draw_effects(surface)
        if not self.watching:  # the theatre says its own keys
            help_key = "ds.demo_help" if self.autoplay else "ds.help"
            blit(surface, t(help_key), 17, (theme.WIDTH // 2, theme.HEIGHT - 20), theme.INK_DIM, anchor="center")
        if self.now < self.shake_until:
            offset = int(6 * pulse(self.now * 9, 1.0)) - 3
            surface.scroll(offset, -offset // 2)

    def _draw_header(self, surface: pygame.Surface) -> None:
        info = registry.get(TITLE)
        name = blit(surface, info.name(), 34, (PLATE.x, 22), theme.ACCENT, True)
        blit(surface, info.other_name(), 20, (name.right + 14, 34), theme.INK_DIM)
        if self.autoplay:
            blit(surface, t("common.demo"), 20, (PLATE.right, 34), theme.SKY, True, "topright")
        card = pygame.Rect(870, 20, 370, 150)
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=theme.RADIUS)
        blit(surface, t("ds.score"), 20, (card.x + 22, card.y + 14), theme.INK_DIM)
        blit(surface, str(int(self.shown_score)), 64, (card.x + 20, card.y + 38), theme.INK, True)
        blit(surface, f"{t('ds.round')} {self.shown.round + (0 if self.shown.is_terminal() else 1)}", 22,
             (card.right - 22, card.y + 16), theme.INK_DIM, anchor="topright")
        if not self.watching:  # a replay shows the game, not today's records (its Best counted the game replayed)
            blit(surface, f"{t('ds.best')} {self.hud_best()}", 22, (card.right - 22, card.y + 50), theme.WARN,
                 anchor="topright")

    def _draw_plate(self, surface: pygame.Surface) -> None:
        surface.blit(plate_surface(), PLATE.topleft)
        blit(surface, t("ds.plate"), 20, (PLATE.x + 20, PLATE.y + 10), theme.INK_DIM, True)
        preview = self.preview(self.cursor) if self.picking and self.cursor in self.state.plate else None
        doomed = self.doomed | (set(preview["sides"]) if preview and preview["removed"] else set())
        hint_value = self.hint()[0] if self.hint_on and self.picking else None
        for value in range(1, 7):
            self._draw_column_label(surface, value, value == self.cursor and self.picking, value == hint_value)
        if not self.state.plate and not self.plate:
            blit(surface, t("ds.next_roll", n=3), 30, PLATE.center, theme.INK_FAINT, True, "center")
        for sprite in self.plate:
            self._draw_plate_die(surface, sprite, doomed, hint_value)

    def _draw_column_label(self, surface: pygame.Surface, value: int, focused: bool, hinted: bool) -> None:
        column = self.column_rect(value)
        if hinted:
            lit = column.inflate(-8, 0)
            shade = tuple(int(c * (0.25 + 0.2 * pulse(self.now, 1.2))) for c in theme.GOOD)
            pygame.draw.rect(surface, shade, lit, border_radius=10)
        color = theme.ACCENT if focused else theme.GOOD if hinted else theme.INK_FAINT
        key = pygame.Rect(0, 0, 34, 30)
        key.midbottom = (column.centerx, PLATE.bottom - 8)
        pygame.draw.rect(surface, color, key, width=2, border_radius=6)
        blit(surface, str(value), 20, key.center, color, True, "center")

    def _draw_plate_die(self, surface: pygame.Surface, sprite: Sprite, doomed: set[int],
                        hint_value: int | None) -> None:
        style = "normal"
        if sprite.value in doomed:
            style = "doomed"
        elif self.picking and sprite.value == self.cursor:
            style = "lit"
        if style != "normal" or (hint_value == sprite.value):
            color = theme.BAD if style == "doomed" else theme.GOOD if hint_value == sprite.value else theme.ACCENT
            surface.blit(glow(DIE, color), (sprite.pos[0] - DIE / 2, sprite.pos[1] - DIE / 2))
        sprite.blit(surface, die_surface(sprite.value, DIE, style), self.now)

    def plate_meter(self) -> tuple[int, bool]:
        """(dice, after the pick): the count the plate meter shows, the dice on the plate as they are drawn (the
        die picked leaves it with the click, burst dice with the burst, rolled dice come as they drop in), and at
        a pick the plate after it. Playtest round 12: it counted the picked die during a set's flash ("9 / 8"),
        kept "8 / 8" half a second over a cleared plate and "3 / 8" while five dice lay there."""
        at_pick = self.picking
        return len([s for s in self.plate if s is not self.picked]) - (1 if at_pick else 0), at_pick

    def _draw_danger(self, surface: pygame.Surface) -> None:
        count, after = self.plate_meter()
        red = count >= GAME_OVER_PLATE - 1
        y = PLATE.bottom + 22
        label = t("ds.danger_after", n=count) if after else t("ds.danger", n=count)
        blit(surface, label, 22, (PLATE.x, y), theme.BAD if red else theme.INK_DIM, True)
        for i in range(GAME_OVER_PLATE):
            pip = pygame.Rect(PLATE.x + 250 + i * 44, y + 2, 36, 24)
            filled = i < count
            color = (theme.BAD if red else theme.GOOD if count <= 4 else theme.WARN) if filled else theme.PANEL
            if filled and red and count >= GAME_OVER_PLATE:
                color = tuple(int(c * (0.6 + 0.4 * pulse(self.now, 0.7))) for c in theme.BAD)
            pygame.draw.rect(surface, color, pip, border_radius=6)
        if self.picking and count >= GAME_OVER_PLATE:
            blit(surface, t("ds.must_clear"), 20, (PLATE.x + 250, y + 50), theme.BAD, True, "midleft")  # under the
            # pips, clear of the replay coach's panel on the right (playtest round 12)

    def _draw_stock(self, surface: pygame.Surface) -> None:
        card = STOCK_CARD
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=theme.RADIUS)
        blit(surface, t("ds.stock"), 20, (card.x + 22, card.y + 14), theme.INK_DIM, True)
        for index in range(3):
            x, y = self.slot_pos(index)
            slot = pygame.Rect(x - 6, y - 6, STOCK_DIE + 12, STOCK_DIE + 12)
            pygame.draw.rect(surface, theme.BG_DEEP, slot, border_radius=14)
        full = len(self.state.stock) == 3 and not self.busy and not self.state.is_terminal()  # none after the end
        if full:
            x, y = self.slot_pos(0)
            blit(surface, "▲ " + t("ds.leaves_next"), 17, (x + STOCK_DIE // 2, y + STOCK_DIE + 12), theme.WARN,
                 anchor="midtop")
        flashing = self.now < self.flash_until
        for sprite in self.stock + self.leaving:
            style = "lit" if flashing and pulse(self.now, 0.18) > 0.4 else "normal"
            image = die_surface(sprite.value, STOCK_DIE, style)
            if flashing:
                surface.blit(glow(STOCK_DIE, theme.WARN), (sprite.pos[0] - STOCK_DIE / 2, sprite.pos[1] - STOCK_DIE / 2))
            sprite.blit(surface, image, self.now)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        card = PREVIEW_CARD
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=theme.RADIUS)
        x, y = card.x + 22, card.y + 14
        if self.message and self.now - self.message[1] < 2.0:  # a refused key, said where the prompt is
            block(surface, self.message[0], 21, pygame.Rect(x, y, card.width - 44, card.height - 28),
                  self._message_color, True)
            return
        if not self.picking:
            if self.last_result:
                blit(surface, self.last_result[0], 21, (x, y), self.last_result[1], True)
            return
        value = self.cursor if self.cursor in self.state.plate else None
        if value is None:
            blit(surface, t("ds.pick_prompt"), 21, (x, y), theme.INK)
            # the goal, not only in F1's rules (playtest round 19b: a newcomer could not tell it from the screen)
            block(surface, t("ds.goal"), 15, pygame.Rect(x, y + 36, card.width - 44, 78), theme.INK_DIM)
            if self.hint_on:
                best, ev = self.hint()
                line, size = fit(t("ds.hint", v=best, ev=f"{ev:.1f}"), 20, card.width - 44, True, 13)
                blit(surface, line, size, (x, y + 120), theme.GOOD, True)
            else:
                blit(surface, "H: " + t("ds.hint_off"), 18, (x, y + 120), theme.INK_FAINT)
            return
        info = self.preview(value)
        blit(surface, t("ds.preview_title", v=value), 21, (x, y), theme.INK, True)
        for index, face in enumerate(info["stock"]):
            surface.blit(die_surface(face, 40, "lit" if info["kind"] else "normal"), (x + index * 48, y + 36))
        line, size = fit(self._preview_text(info), 19, card.width - 44, True, 13)
        blit(surface, line, size, (x, y + 90),
             theme.GOOD if info["points"] else theme.BAD if info["game_over"] else theme.INK_DIM, True)
        if self.hint_on:
            best, ev = self.hint()
            line, size = fit(t("ds.hint", v=best, ev=f"{ev:.1f}"), 18, card.width - 44, False, 13)
            blit(surface, line, size, (x, y + 124), theme.GOOD)

    def _preview_text(self, info: dict) -> str:
        if info["game_over"]:
            return t("ds.preview_game_over")
        if not info["kind"]:
            return t("ds.preview_none")
        kind = t(f"ds.set.{info['kind']}")
        if not info["removed"]:
            sides = "/".join(str(v) for v in info["sides"])
            return t("ds.preview_set_empty", kind=kind, sides=sides)
        text = counted("ds.preview_set", len(info["removed"]), kind=kind, points=info["points"])
        return text

    def _draw_effects(self, surface: pygame.Surface) -> None:
        self.effects.draw(surface, self.now, PLATE.center)


def placed(face: int, pos: tuple[float, float]) -> Sprite:
    """A die at rest at `pos` (where a finished move leaves it)."""
    return Sprite(face, pos, start=pos, target=pos)


@lru_cache(maxsize=1)
def table_backdrop() -> pygame.Surface:
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surface.fill(theme.BG)
    return surface


@lru_cache(maxsize=1)
def plate_surface() -> pygame.Surface:
    """The felt plate with a soft rim, drawn once."""
    surface = pygame.Surface(PLATE.size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, theme.FELT_EDGE, rect, border_radius=28)
    pygame.draw.rect(surface, theme.FELT, rect.inflate(-14, -14), border_radius=24)
    for value in range(1, 6):
        x = PLATE_INNER.x - PLATE.x + value * COLUMN_W
        pygame.draw.line(surface, theme.FELT_EDGE, (x, 46), (x, rect.height - 50), 2)
    return surface
