"""Dice Combat's duel scene: the oni and its big plate, the prize on the small plate, hearts, the tray.

The scene draws the dice from its game's seed (game.core.chance), shows the exact odds of each choice (and, on H,
the perfect-play win chance), and plays the engine's events as timed beats. Games chain into a run:
a win offers the next game, and the run's streak goes on the high-score table when it ends. The game is kept
(game.app.saves) after every roll and choice, with the run so far in the save's extras, unless it is the title
menu's demo; a scene made from a save shows the position at once, laid out from the state.
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
from game.services.i18n import pick, t
from game.titles import registry
from game.titles.dice_combat import bots, monster, odds
from game.titles.dice_combat.rules import (
    ATTACK,
    DEFEND,
    DICE,
    MAX_DAMAGE,
    WIN,
    Chosen,
    Damaged,
    DiceCombatState,
    DieRolled,
    Lost,
    PlatesRolled,
    PrizeLost,
    PrizeWon,
    Resolved,
    RoundStarted,
    Won,
    completing_values,
    find_pattern,
    lives_left,
    near_pairs,
    new_state,
)
from game.titles.dice_combat.scores import Run, run_from_json, run_to_json
from game.ui import theme
from game.ui.anim import Effects, Sprite, Timeline
from game.ui.dice import die_surface, glow
from game.ui.text import blit, block, fit
from game.ui.tween import ease_out_back, ease_out_bounce, pulse
from game.ui.widgets import Button, ButtonRow, panel

DIE = 72
SMALL_DIE = 60
MONSTER_AT = (640, 178)
SMALL_PLATE = pygame.Rect(70, 250, 250, 170)
BIG_PLATE = pygame.Rect(470, 300, 340, 120)
CLASH = pygame.Rect(430, 440, 420, 110)
CLASH_LINE_W = 560  # the verdict line under the dice, between the prize's plate and the buttons
TRAY = pygame.Rect(60, 598, 790, 100)
SIDE = pygame.Rect(900, 80, 340, 250)
COACH_CARD = pygame.Rect(900, 344, 340, 300)  # the replay theatre's coach: over the buttons


TITLE = "dice_combat"


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save: Save | None = None,
               run: Run | None = None) -> Scene:
    """A new game of the run `run` (None: a new run) for `setup` (None: a fresh one), or the game `save` left with
    its run: its position, or, when it ended with something still to settle (a name for a table, or the run going
    on), its end screen again."""
    if save is None:
        return DiceCombatScene(app, autoplay=autoplay, run=run, setup=setup)
    setup = setup or save.setup
    state = save.state()  # a save that does not play back fails here (saves.load has already checked it)
    run = run_from_json(save.extra.get("run")) or Run()  # a damaged run in the extras: a fresh one, never a crash
    if state.is_terminal() and save.extra.get("pending") is True:
        from game.titles.dice_combat.game_over import DiceCombatOverScene

        # as it was left: a name still to give is the player's even under --resume --autoplay
        return DiceCombatOverScene(app, state, setup.seed, run, save.extra.get("autoplay") is True, setup=setup,
                                   resumed=save.extra)
    scene = DiceCombatScene(app, autoplay=autoplay, run=run, setup=setup)
    scene.restore_state(state)
    return scene


class DiceCombatScene(KeptHint, Scene):
    """One duel: Attack (A) or Defend (D) each round until a pattern or the third hit."""

    title_slug = TITLE

    def __init__(self, app, seed: int | None = None, autoplay: bool = False, run: Run | None = None,
                 setup: GameSetup | None = None) -> None:
        super().__init__(app)
        setup = setup if setup is not None else GameSetup(TITLE, [], seed=seed)
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.setup = replace(setup, seed=self.seed)  # each game of a run has its own seed; the save keeps it
        self.bot_rng = random.Random(self.seed ^ 0x5EED)
        self.autoplay = autoplay
        self.run = run or Run()
        self.state: DiceCombatState = new_state()
        # the position as the screen has shown it so far: the tray's winning values and the round number move on
        # only when the animations of what happened have played (the dice land, then the counts change)
        self.shown: DiceCombatState = self.state
        self.bot = bots.BOTS[bots.HINT_BOT]()
        self.now = 0.0
        self.timeline = Timeline()
        self.effects = Effects(random.Random(self.seed ^ 0xF00D))
        self.small: Sprite | None = None
        self.big: list[Sprite] = []
        self.rolled: list[Sprite] = []
        self.tray: list[Sprite] = []
        self.shown_damage = 0
        self.flinch_until = self.lunge_until = self.shake_until = self.shield_until = 0.0
        self.clash: tuple[str, tuple[int, int, int]] | None = None
        self.pattern: tuple[int, ...] = ()
        self.start_hint(app, autoplay)
        self.think_until = 0.0
        self.chosen_chance: float | None = None  # the chosen action's win chance, on show until the round settles
        self.watching = False  # a stored game in the replay theatre: it applies the actions it is given (`apply`)
        self.focused_round = -1  # the round whose decision has set the keyboard focus
        self.buttons = ButtonRow([
            # Both alike: the lit one is the keyboard focus (Enter presses it). At each decision it starts on the
            # safe choice, Defend (its three dice fail least), or on Attack where Attack cannot fail either; never
            # on the hint's.
            Button(pygame.Rect(900, 400, 340, 96), "", lambda: self.choose(ATTACK), primary=True),
            Button(pygame.Rect(900, 508, 340, 96), "", lambda: self.choose(DEFEND), primary=True),
        ], on_move=lambda: app.audio.play("menu_move"))

    # --- keeping the game -------------------------------------------------------------------------
    @property
    def kept(self) -> bool:
        """Whether this game is saved after every action (every game but the title menu's demo and a replay)."""
        return not self.setup.demo and not self.watching

    def save(self) -> Save:
        """This game (setup, seed, actions) and the run's earlier games."""
        actions = [self.state.action_to_json(a) for a in self.state.history]
        return Save(self.setup, actions, extra={"run": run_to_json(self.run)})

    def keep(self) -> None:
        """Write the save, so a close, a crash or a kill loses nothing."""
        if self.kept:
            saves.keep(self.app.storage, self.save())

    def restore(self, save: Save) -> None:
        """Lay out the game `save` left, at once (the replay theatre's jump)."""
        self.restore_state(save.state())

    def restore_state(self, state: DiceCombatState) -> None:
        """Take a saved game's state and show it as the animations would have left it: the plates (or, after a roll,
        the player's dice and the clash), the collected dice sorted in the tray, the hearts."""
        self.state = self.shown = state
        resolved = state.choice is not None and len(state.roll) == DICE[state.choice]
        self.small = placed(state.small, small_rest()) if state.small is not None and not resolved else None
        self.big = [placed(face, big_rest(index)) for index, face in enumerate(state.big)]
        self.rolled = [placed(face, rolled_rest(index, state.choice)) for index, face in enumerate(state.roll)]
        self.tray = [placed(face, tray_rest(index)) for index, face in enumerate(sorted(state.collection))]
        self.shown_damage = state.damage
        self.clash = None
        if resolved:
            total = sum(state.roll)
            self.clash = self._clash_line(total, state.target, total >= state.target, state.choice)
        pattern = find_pattern(state.collection) if state.result == WIN else None
        self.pattern = pattern or ()

    # --- timing -----------------------------------------------------------------------------------
    def speed(self, seconds: float) -> float:
        return seconds / self.app.anim_speed()

    def queue(self, duration: float, start=lambda: None) -> None:
        self.timeline.queue(self.speed(duration), start)

    @property
    def deciding(self) -> bool:
        return not self.timeline.busy and self.state.current_player() == 0

    def update(self, dt: float) -> None:
        self.now += dt
        self.timeline.update(dt)
        for sprite in self._sprites():
            sprite.update(self.now)
        self.effects.update(dt, self.now)
        if not self.timeline.busy:
            self._advance()
        target = self.state.target
        if self.deciding and target is not None and self.focused_round != self.state.round:  # a new decision
            self.focused_round = self.state.round
            self.buttons.focus = 0 if odds.attack_chance(target) >= odds.defend_chance(target) else 1
            self.buttons.hover = None  # one button lit, Enter's: a pointer left over the other lights it when it moves
            # (playtest round 12: both shone alike)

    def _sprites(self) -> list[Sprite]:
        return ([self.small] if self.small else []) + self.big + self.rolled + self.tray

    def _advance(self) -> None:
        if self.watching:  # the theatre moves the game on
            return
        if self.state.is_terminal():
            self.finish()
        elif self.state.is_chance_node():
            self.roll()
        elif self.autoplay:
            if self.think_until == 0.0:
                self.think_until = self.now + self.speed(0.7)
            elif self.now >= self.think_until:
                self.think_until = 0.0
                self.choose(self.bot.choose(self.state, self.bot_rng))

    # --- actions ----------------------------------------------------------------------------------
    def roll(self) -> None:
        """Sample every die of this step (the plates, or the player's roll) and animate what happened."""
        step = roll_step(self.state.next_role())
        events: list = []
        while self.state.is_chance_node() and roll_step(self.state.next_role()) == step:
            events += self.state.apply(chance.outcome(self.state, self.seed))
        self.keep()
        self._animate(events)
        if any(isinstance(event, Resolved) for event in events):
            self.timeline.queue(0.0, self._settled)  # the new position's chance once the round has played out
        self._show_when_played()

    def apply(self, action: str | int) -> None:
        """One stored action shown as in play (the replay theatre): a die rolled, or your choice."""
        if not self.state.is_chance_node():
            self.choose(action)
            return
        events = self.state.apply(action)
        self._animate(events)
        if any(isinstance(event, Resolved) for event in events):
            self.timeline.queue(0.0, self._settled)
        self._show_when_played()

    # --- in the replay theatre --------------------------------------------------------------------
    first_round_at_start = False  # RoundStarted tells the first round too
    holds_secrets = False  # nothing is hidden: dice are rolled in the open

    def begins_round(self, event) -> bool:
        return isinstance(event, RoundStarted)

    def coach_rect(self) -> pygame.Rect:
        """Where the theatre's coach speaks at your choice: over the two buttons."""
        return COACH_CARD

    def choice_text(self, raw: str) -> str:
        """A choice in words, with the chance its dice succeed."""
        target = self.state.target
        chance = odds.attack_chance(target) if raw == ATTACK else odds.defend_chance(target)
        return f"{t(f'dc.action.{raw}')} · {t('dc.success_chance', p=f'{100 * float(chance):.0f}')}"

    def choose(self, action: str) -> None:
        if not self.deciding:
            return
        self.app.audio.play("menu_select")
        target, small = self.state.target, self.state.small
        if target is not None and small is not None:
            self.chosen_chance = odds.choice_win_chances(self.state.collection, self.state.damage, small,
                                                         target)[action]
        events = self.state.apply(action)
        self.keep()
        self._animate(events)
        self._show_when_played()

    def _show_when_played(self) -> None:
        """Once the beats just queued have played, the screen shows the position they led to."""
        position = self.state.clone()
        self.timeline.queue(0.0, lambda: setattr(self, "shown", position))

    def _animate(self, events: list) -> None:
        for event in events:
            handler = self._handlers().get(type(event))
            if handler:
                handler(event)

    def _handlers(self) -> dict:
        return {RoundStarted: self._on_round, DieRolled: self._on_die, PlatesRolled: self._on_plates,
                Chosen: self._on_chosen, Resolved: self._on_resolved, PrizeWon: self._on_prize_won,
                PrizeLost: self._on_prize_lost, Damaged: self._on_damaged, Won: self._on_won, Lost: self._on_lost}

    def _on_round(self, event: RoundStarted) -> None:
        def clear() -> None:
            self.big, self.rolled, self.small, self.clash = [], [], None, None
        self.queue(0.05, clear)

    def _on_die(self, event: DieRolled) -> None:
        if event.role == "small":
            self.queue(0.35, lambda: self._drop_small(event.face))
        elif event.role == "big":
            self.queue(0.3, lambda: self._drop_big(event.face))
        else:
            self.queue(0.12, lambda: self._drop_rolled(event.face))

    def _drop_small(self, face: int) -> None:
        self.app.audio.play("pick")
        sprite = Sprite(face, (SMALL_PLATE.centerx - DIE / 2, SMALL_PLATE.y - 160), spin=360)
        sprite.move(small_rest(), self.now, self.speed(0.35), ease_out_bounce)
        self.small = sprite

    def _drop_big(self, face: int) -> None:
        self.app.audio.play("hit")
        rest = big_rest(len(self.big))
        sprite = Sprite(face, (rest[0], BIG_PLATE.y - 200), spin=-300)
        sprite.move(rest, self.now, self.speed(0.3), ease_out_bounce)
        self.big.append(sprite)
        self.shake_until = self.now + 0.12

    def headline_chance(self) -> float | None:
        """The side panel's win chance of perfect play from the position on show: before the plates, from the
        collection and hits; at the decision, of the better choice; once chosen, of that choice until its dice have
        landed and the round is settled on screen; then from the new position (None once the game is over)."""
        if self.chosen_chance is not None:
            return self.chosen_chance
        if self.state.is_terminal():
            return None
        target, small = self.state.target, self.state.small
        if self.deciding and target is not None and small is not None:
            return max(odds.choice_win_chances(self.state.collection, self.state.damage, small, target).values())
        return odds.win_chance(self.state.collection, self.state.damage)

    def _settled(self) -> None:
        self.chosen_chance = None

    def _drop_rolled(self, face: int) -> None:
        if not self.rolled:
            self.app.audio.play("roll")
        index = len(self.rolled)
        rest = rolled_rest(index, self.state.choice)
        sprite = Sprite(face, (rest[0] + 120, CLASH.bottom + 80), spin=540 + 90 * index)
        sprite.move(rest, self.now, self.speed(ROLL_FLIGHT), ease_out_back)
        self.rolled.append(sprite)

    def _on_plates(self, event: PlatesRolled) -> None:
        self.queue(0.25)

    def _on_chosen(self, event: Chosen) -> None:
        self.queue(0.15)

    def _on_resolved(self, event: Resolved) -> None:
        def show() -> None:
            self.clash = self._clash_line(event.total, event.target, event.success, event.action)
            if event.success and event.action == DEFEND:
                self.shield_until = self.now + self.speed(0.8)
                self.app.audio.play("set")
        self.queue(ROLL_FLIGHT + 0.1)  # let the last die land first (it started its flight as its beat began)
        self.queue(0.75, show)

    def _clash_line(self, total: int, target: int, success: bool, action: str) -> tuple[str, tuple[int, int, int]]:
        """"9 vs 7 — blocked, prize lost": the totals and what the round did."""
        verdict = t(f"dc.verdict.{action}") if success else t("dc.verdict.failure")
        return t("dc.clash", total=total, target=target, verdict=verdict), theme.GOOD if success else theme.BAD

    def _on_prize_won(self, event: PrizeWon) -> None:
        def fly() -> None:
            self.app.audio.play("clear")
            self.flinch_until = self.now + self.speed(0.4)
            sprite, self.small = self.small, None
            if sprite is None:
                sprite = Sprite(event.face, (SMALL_PLATE.centerx, SMALL_PLATE.centery))
            self.tray.append(sprite)
            self._layout_tray(self.speed(0.5))
        self.queue(0.6, fly)

    def _on_prize_lost(self, event: PrizeLost) -> None:
        def fade() -> None:
            if self.small:
                self.small.fade = True
                self.small.move(self.small.pos, self.now, self.speed(0.4))
        self.queue(0.2, fade)

    def _on_damaged(self, event: Damaged) -> None:
        def hit() -> None:
            self.app.audio.play("hit")
            self.lunge_until = self.now + self.speed(0.35)
            self.shake_until = self.now + 0.4
            self.shown_damage = event.damage
            self.effects.spray((1010 + (event.damage - 1) * 80, SIDE.y + 100), 18,
                               (theme.BAD, (255, 140, 120), theme.WARN))
        self.queue(0.6, hit)

    def _on_won(self, event: Won) -> None:
        def cheer() -> None:
            self.app.audio.play("all_clear")
            self.chosen_chance = None  # the game is decided: no chance to show
            self.pattern = event.pattern
            self.effects.show_banner(t("dc.victory"), self.now, theme.GOOD)
            for sprite in self.tray:
                if sprite.value in event.pattern:
                    self.effects.spray((sprite.pos[0] + SMALL_DIE / 2, sprite.pos[1]), 14)
        self.queue(1.8, cheer)

    def _on_lost(self, event: Lost) -> None:
        def fall() -> None:
            self.app.audio.play("game_over")
            self.chosen_chance = None
            self.effects.show_banner(t("dc.defeat"), self.now, theme.BAD)
        self.queue(1.6, fall)

    def finish(self) -> None:
        from game.titles.dice_combat.game_over import DiceCombatOverScene

        self.timeline.queue(10.0)  # hold until the scene is replaced
        self.app.stack.replace(DiceCombatOverScene(self.app, self.state, self.seed, self.run, self.autoplay,
                                                   setup=self.setup))

    def _layout_tray(self, duration: float) -> None:
        """Collected dice sorted by value, so pairs and runs are easy to see."""
        self.tray.sort(key=lambda s: s.value)
        for index, sprite in enumerate(self.tray):
            target = tray_rest(index)
            if sprite.target != target:
                sprite.move(target, self.now, duration)

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        from game.app.overlays import PauseScene

        if self.watching and event.type != pygame.MOUSEMOTION:  # the theatre's keys move the game on
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.audio.play("menu_select")
            self.app.stack.push(PauseScene(self.app, self.title_slug))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.toggle_hint()
            self.app.audio.play("menu_move")
        elif self.autoplay or self.watching:
            return
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_a, pygame.K_d):
            self.choose(ATTACK if event.key == pygame.K_a else DEFEND)
        else:
            self.buttons.handle(event)

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(arena_backdrop(), (0, 0))
        self._draw_header(surface)
        self._draw_monster(surface)
        self._draw_plates(surface)
        self._draw_clash(surface)
        self._draw_side(surface)
        self._draw_tray(surface)
        self._draw_buttons(surface)
        self.effects.draw(surface, self.now, (640, 330))
        if not self.watching:  # the theatre says its own keys
            help_key = "dc.demo_help" if self.autoplay else "dc.help"
            block(surface, t(help_key), 17, pygame.Rect(905, 632, 330, 82), theme.INK_DIM, anchor="midtop")
        if self.now < self.shake_until:
            offset = int(8 * pulse(self.now * 11, 1.0)) - 4
            surface.scroll(offset, offset // 2)

    def _draw_header(self, surface: pygame.Surface) -> None:
        info = registry.get(TITLE)
        name = blit(surface, info.name(), 34, (60, 22), theme.ACCENT, True)
        blit(surface, info.other_name(), 20, (name.right + 14, 34), theme.INK_DIM)
        if self.autoplay:
            blit(surface, t("common.demo"), 20, (60, 70), theme.SKY, True)

    def _draw_monster(self, surface: pygame.Surface) -> None:
        flinch = max(0.0, (self.flinch_until - self.now) / 0.4)
        lunge = max(0.0, (self.lunge_until - self.now) / 0.35)
        monster.draw(surface, MONSTER_AT, self.now, flinch, lunge)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        surface.blit(plate_image(SMALL_PLATE.size), SMALL_PLATE.topleft)
        blit(surface, t("dc.prize"), 20, (SMALL_PLATE.centerx, SMALL_PLATE.y - 22), theme.INK_DIM, True, "center")
        surface.blit(plate_image(BIG_PLATE.size), BIG_PLATE.topleft)
        if self.small:
            wins = self.deciding and self.small.value in completing_values(self.state.collection)
            if wins:
                surface.blit(glow(DIE, theme.GOOD), (self.small.pos[0] - DIE / 2, self.small.pos[1] - DIE / 2))
                blit(surface, t("dc.prize_wins"), 19, (SMALL_PLATE.centerx, SMALL_PLATE.bottom + 16), theme.GOOD,
                     True, "center")
            self.small.blit(surface, die_surface(self.small.value, DIE), self.now)
        for sprite in self.big:
            sprite.blit(surface, die_surface(sprite.value, DIE, "doomed"), self.now)
        if self.state.target and len(self.big) == 2 and not any(s.angle(self.now) for s in self.big):
            blit(surface, t("dc.target", n=self.state.target), 26, (BIG_PLATE.centerx, BIG_PLATE.bottom + 4),
                 theme.WARN, True, "midtop")

    def _draw_clash(self, surface: pygame.Surface) -> None:
        if self.now < self.shield_until:
            strength = (self.shield_until - self.now) / 0.8
            arc = pygame.Rect(0, 0, 460, 200)
            arc.center = (CLASH.centerx, CLASH.centery + 20)
            pygame.draw.arc(surface, theme.SKY, arc, 0.3, 2.84, max(2, int(10 * strength)))
        for sprite in self.rolled:
            style = "lit" if self.state.choice == ATTACK else "normal"
            sprite.blit(surface, die_surface(sprite.value, DIE, style), self.now)
        if self.clash:
            line, size = fit(self.clash[0], 30, CLASH_LINE_W, True, 20)
            blit(surface, line, size, (CLASH.centerx, CLASH.bottom + 8), self.clash[1], True, "midtop")

    def lives_text(self) -> str:
        """The side panel's label: the lives left, as many as the whole hearts under it."""
        return t("dc.lives", n=lives_left(self.shown_damage), max=MAX_DAMAGE)

    def _draw_side(self, surface: pygame.Surface) -> None:
        panel(surface, SIDE, theme.PANEL)
        blit(surface, self.lives_text(), 20, (SIDE.x + 22, SIDE.y + 16), theme.INK_DIM, True)
        for i in range(MAX_DAMAGE):  # a whole heart per life left, a broken one per hit taken
            draw_heart(surface, (SIDE.x + 70 + i * 90, SIDE.y + 92), 30, broken=i >= lives_left(self.shown_damage))
        round_no = self.shown.round + (0 if self.shown.is_terminal() else 1)
        blit(surface, t("dc.round") + f" {round_no}", 22, (SIDE.x + 22, SIDE.y + 150), theme.INK)
        won = self.shown.is_terminal() and self.shown.result == WIN  # counted as VICTORY shows (playtest round 12)
        blit(surface, t("dc.run", n=self.run.wins + won), 22, (SIDE.x + 22, SIDE.y + 186), theme.WARN, True)
        chance = self.headline_chance()
        if self.hint_on and chance is not None:
            blit(surface, t("dc.win_now", p=f"{100 * chance:.1f}"), 18, (SIDE.right - 22, SIDE.y + 152),
                 theme.GOOD, anchor="topright")

    def _draw_tray(self, surface: pygame.Surface) -> None:
        panel(surface, TRAY, theme.PANEL)
        blit(surface, t("dc.collection"), 19, (TRAY.x + 22, TRAY.y + 6), theme.INK_DIM, True)
        needed = sorted(completing_values(self.shown.collection)) if not self.pattern else []
        if needed:
            values = pick(" or ", "・").join(map(str, needed))
            text = t("dc.needs_any") if len(needed) == 6 else t("dc.needs", values=values)
            blit(surface, text, 19, (TRAY.right - 22, TRAY.y + 6), theme.GOOD, True, "topright")
        near = {v for pair, _ in near_pairs(self.shown.collection) for v in pair}
        for sprite in self.tray:
            lit = sprite.value in self.pattern or (not self.pattern and sprite.value in near)
            if lit:
                color = theme.GOOD if self.pattern else theme.ACCENT
                surface.blit(glow(SMALL_DIE, color), (sprite.pos[0] - SMALL_DIE / 2, sprite.pos[1] - SMALL_DIE / 2))
            sprite.blit(surface, die_surface(sprite.value, SMALL_DIE, "lit" if lit else "normal"), self.now)
        if not self.tray:
            blit(surface, t("dc.tray_empty"), 20, (TRAY.centerx, TRAY.centery + 12), theme.INK_FAINT, anchor="center")

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        target = self.state.target if self.deciding else None
        for index, (button, action) in enumerate(zip(self.buttons.buttons, (ATTACK, DEFEND), strict=True)):
            button.enabled = target is not None and not self.autoplay and not self.watching  # (a replay lit
            # Enter's default as if it had been played: playtest round 12)
            button.label = ""
            lit = button.enabled and index in (self.buttons.focus, self.buttons.hover)
            button.draw(surface, self.buttons.focus == index and button.enabled, self.buttons.hover == index)
            ink = theme.BG_DEEP if lit else theme.INK
            ink = ink if button.enabled else theme.INK_FAINT
            blit(surface, t(f"dc.action.{action}"), 28, (button.rect.x + 20, button.rect.y + 14), ink, True)
            if target is None:
                continue
            chance = odds.attack_chance(target) if action == ATTACK else odds.defend_chance(target)
            blit(surface, t("dc.success_chance", p=f"{100 * float(chance):.0f}"), 20,
                 (button.rect.x + 20, button.rect.y + 56), ink)
            if self.hint_on:
                wins = odds.choice_win_chances(self.state.collection, self.state.damage, self.state.small, target)
                blit(surface, t("dc.win_chance", p=f"{100 * wins[action]:.1f}"), 20,
                     (button.rect.right - 16, button.rect.y + 56), theme.GOOD if ink == theme.INK else ink, True,
                     "topright")


ROLL_FLIGHT = 0.45  # seconds a rolled die flies before it lands (scaled)


def placed(face: int, pos: tuple[float, float]) -> Sprite:
    """A die at rest at `pos` (where a finished move leaves it)."""
    return Sprite(face, pos, start=pos, target=pos)


def small_rest() -> tuple[float, float]:
    """Where the prize die rests on the small plate."""
    return (SMALL_PLATE.centerx - DIE / 2, SMALL_PLATE.centery - DIE / 2 + 8)


def big_rest(index: int) -> tuple[float, float]:
    """Where the index-th die of the big plate rests."""
    return (BIG_PLATE.centerx - DIE - 10 + index * (DIE + 20), BIG_PLATE.centery - DIE / 2 + 6)


def rolled_rest(index: int, choice: str | None) -> tuple[float, float]:
    """Where the index-th die of the player's roll (two to attack, three to defend) lands in the clash."""
    count = 3 if choice == DEFEND else 2
    return (CLASH.centerx - count * (DIE + 16) / 2 + index * (DIE + 16), CLASH.centery - DIE / 2 + 10)


def tray_rest(index: int) -> tuple[float, float]:
    """Where the index-th collected die (sorted by value) sits in the tray."""
    return (TRAY.x + 24 + index * (SMALL_DIE + 14), TRAY.y + 36)


def roll_step(role: str | None) -> str:
    """Dice are rolled a step at a time: the plates, then the player's roll, each animated on its own."""
    return "plates" if role in ("small", "big") else "player"


def draw_heart(surface: pygame.Surface, center: tuple[int, int], size: int, broken: bool) -> None:
    """A heart; a broken one (a hit taken) is dark and cracked."""
    x, y = center
    color = (90, 40, 48) if broken else theme.BAD
    r = size // 2
    pygame.draw.circle(surface, color, (x - r + 2, y - r // 2), r)
    pygame.draw.circle(surface, color, (x + r - 2, y - r // 2), r)
    pygame.draw.polygon(surface, color, [(x - size + 1, y - r // 3), (x + size - 1, y - r // 3), (x, y + size)])
    if broken:
        pygame.draw.lines(surface, theme.BG_DEEP, False, [(x, y - r), (x - 6, y), (x + 5, y + 8), (x, y + size)], 4)


@lru_cache(maxsize=1)
def arena_backdrop() -> pygame.Surface:
    """A dusky shrine courtyard: a dark gradient with a lantern glow behind the oni."""
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    for y in range(theme.HEIGHT):
        shade = 1 - y / theme.HEIGHT
        surface.fill((int(22 + 24 * shade), int(22 + 10 * shade), int(38 + 12 * shade)), (0, y, theme.WIDTH, 1))
    halo = pygame.Surface((560, 360), pygame.SRCALPHA)
    for i in range(12):
        pygame.draw.ellipse(halo, (244, 170, 66, 6 + i), halo.get_rect().inflate(-i * 40, -i * 26))
    surface.blit(halo, halo.get_rect(center=(MONSTER_AT[0], MONSTER_AT[1] + 20)))
    return surface


@lru_cache(maxsize=4)
def plate_image(size: tuple[int, int]) -> pygame.Surface:
    """A round lacquered plate seen from above at an angle."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.ellipse(surface, (0, 0, 0, 90), rect.move(0, 6))
    pygame.draw.ellipse(surface, (120, 30, 34), rect)
    pygame.draw.ellipse(surface, (168, 48, 48), rect.inflate(-16, -14))
    pygame.draw.ellipse(surface, (196, 160, 96), rect.inflate(-16, -14), 3)
    return surface

