"""Hige-mekuri at the table: you (seat 0) against one bot, a series of games that alternate who starts.

The screen shows what the state shows, but only as fast as the animation has got to it: a flip lands, then the
row, the counts and the turn marker catch up. The bot plays in-process (its choice takes microseconds: it reads
the exact odds), paced by the animation-speed setting. Victoria's reveal gets a fanfare and a sunburst.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache

import pygame

from game.app.scene import Scene
from game.app.setup import BOT_NAMES, GameSetup, saved_setup
from game.core import replay
from game.core.engine import CHANCE
from game.services.i18n import pick, t
from game.titles.hige_mekuri import bots, rules
from game.titles.hige_mekuri.cards import (
    card_back,
    card_face,
    card_size,
    category_name,
    draw_icon,
    person_name,
    territory_name,
    thumb,
)
from game.titles.hige_mekuri.rules import AFTER_BEARD, CONTINUE, FLIP, QUIP_RUN, STOP, TURN_START
from game.titles.territories import BEARDED, CLEAN, VICTORIA
from game.ui import theme
from game.ui.anim import Effects, Timeline
from game.ui.movelog import MoveLog
from game.ui.seats import draw_seat_badge
from game.ui.text import blit, render, wrap
from game.ui.tween import ease_out_back, ease_out_cubic, lerp2, pulse
from game.ui.widgets import Button, ButtonRow, panel

TABLE_W = 980
SPOT_W = 214
PILE_W = 132
PILE_POS = (70, 150)  # top-left of the pile's top card
SPOT_CENTER = (490, 282)
ROW_Y, THUMB_W, THUMB_GAP = 476, 60, 6
BADGES = {1: (490, 60), 0: (490, 664)}
COUNTS = pygame.Rect(992, 14, 276, 158)
ACTIONS = pygame.Rect(992, 182, 276, 258)
LOG = pygame.Rect(992, 450, 276, 256)
END_PANEL = pygame.Rect(624, 112, 336, 300)
BANNER_AT = (490, 520)  # Victoria's banner, over the row
POPUP_AT = (790, 420)  # "Beard!" and "No beard" rise from here
FLIGHT = 0.55  # seconds for a card to fly from the pile and turn over
BOT_PAUSE = 0.7  # a bot's choice stays unmade this long, so it can be followed
QUIP_TIME = 3.2
FANFARE = 2.6
DEMO_NEXT = 4.0
GOLD = (236, 186, 60)


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False):
    return HigeScene(app, setup or saved_setup(app, "hige_mekuri"), autoplay)


class HigeScene(Scene):
    """A series of Hige-mekuri games against one bot; Play again swaps who starts."""

    title_slug = "hige_mekuri"

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app)
        self.setup, self.autoplay = setup, autoplay
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.rng = random.Random(self.seed)
        self.level = setup.levels[0] if setup.levels else "normal"
        self.levels = ["hard" if autoplay else "you", self.level]
        self.bots = [bots.level_bot(self.levels[0] if autoplay else "hard"), bots.level_bot(self.level)]
        self.bot_rng = random.Random(self.seed ^ 0xBEA4D)
        self.names = [pick(*BOT_NAMES[1]) if autoplay else t("level.you"), pick(*BOT_NAMES[0])]
        self.wins = [0, 0]
        self.games = 0
        self.now = 0.0
        self.timeline = Timeline()
        self.effects = Effects(random.Random(self.seed ^ 0xF00D))
        self.log = MoveLog(LOG, t("hm.log_title"))
        self.buttons = ButtonRow([], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.end_row = ButtonRow([], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.show_odds = False
        first = 0 if setup.human_starts else self.rng.randrange(2)
        self.new_game(first)

    # --- a game -------------------------------------------------------------------------------------
    def new_game(self, first: int) -> None:
        """Start a game (of the series) with `first` to flip first."""
        self.first = first
        self.state = rules.new_state(first=first, **self.setup.options)
        self.shown = 0  # turned cards the row shows so far
        self.flying: tuple[str, float, float] | None = None  # card, start, duration
        self.spot: str | None = None  # the card in the spotlight
        self.active = first  # whose turn the screen shows
        self.run_shown = 0
        self.quip_until = -1.0
        self.victory_at: float | None = None
        self.over = False
        self.recorded = False
        self.bot_due: float | None = None
        self.demo_next: float | None = None
        self.hover: str | None = None
        self.buttons.buttons = []
        self.end_row.buttons = []
        self.log.add(self.say("hm.starts", first), theme.ACCENT)
        self.timeline.queue(self.speed(0.4))

    def say(self, key: str, seat: int, **fields: object) -> str:
        """A line about `seat`: the "you" form of the key for the human, else the named one."""
        if self.human_seat(seat):
            return t(f"{key}_you", **fields)
        return t(key, name=self.names[seat], **fields)

    def speed(self, seconds: float) -> float:
        return seconds / self.app.anim_speed()

    def human_seat(self, seat: int) -> bool:
        return seat == 0 and not self.autoplay

    def update(self, dt: float) -> None:
        self.now += dt
        self.timeline.update(dt)
        self.effects.update(dt, self.now)
        if self.timeline.busy or self.over:
            if self.over and self.autoplay and self.demo_next is not None and self.now >= self.demo_next:
                self.play_again()
            return
        player = self.state.current_player()
        if self.state.is_terminal():
            self.finish()
        elif player == CHANCE:
            self.apply(self.state.sample_chance(self.rng))
        elif self.human_seat(player):
            self._refresh_buttons()
        else:
            self._bot_turn(player)

    def _bot_turn(self, seat: int) -> None:
        if self.bot_due is None:
            self.bot_due = self.now + self.speed(BOT_PAUSE)
        elif self.now >= self.bot_due:
            self.bot_due = None
            self.apply(self.bots[seat].choose(self.state, self.bot_rng))

    def apply(self, action) -> None:
        """Hand an action to the engine, then tell and animate what happened."""
        self.buttons.buttons = []
        for event in self.state.apply(action):
            self._tell(event)

    def _tell(self, event) -> None:
        kind = type(event).__name__
        if kind == "Flipped":
            self._flip(event)
        elif kind == "TurnStarted":
            self.timeline.queue(self.speed(0.3), lambda e=event: self._turn_marker(e.seat))
        elif kind == "Continued":
            self.log.add(self.say("hm.log_continue", event.seat), theme.INK_DIM)
            if not self.human_seat(event.seat):
                self.app.audio.play("pick")
        elif kind == "Stopped":
            self.log.add(self.say("hm.log_stop", event.seat), theme.INK_DIM)
            self.app.audio.play("back")
        elif kind == "TurnPassed":
            self.timeline.queue(self.speed(0.35), lambda e=event: self.log.add(self.say("hm.log_pass", e.to),
                                                                               theme.SKY))
        elif kind == "Won":
            self.timeline.queue(self.speed(FANFARE), lambda e=event: self._fanfare(e))
            self.timeline.queue(self.speed(0.6))

    def _flip(self, event) -> None:
        """The card flies from the pile and turns over; then the row, the counts and a reaction."""
        def take_off() -> None:
            self.flying = (event.card, self.now, self.speed(FLIGHT))
            self.app.audio.play("card")

        def land() -> None:
            self.flying, self.spot, self.shown, self.run_shown = None, event.card, self.shown + 1, event.run
            self._react(event)

        self.timeline.queue(self.speed(FLIGHT), take_off)
        self.timeline.queue(self.speed(0.25) if event.category != VICTORIA else 0.0, land)

    def _react(self, event) -> None:
        leader = self.state.cards[event.card]
        self.log.add(self.say("hm.log_flip", event.seat, person=person_name(leader),
                              territory=territory_name(leader), kind=category_name(event.category)),
                     theme.WARN if event.category == VICTORIA else theme.INK)
        top = POPUP_AT
        if event.category == BEARDED:
            self.effects.popup(t("hm.beard_pop"), top, self.now, 34, (236, 190, 130))
            self.app.audio.play("pick")
            if event.run >= QUIP_RUN and event.run % QUIP_RUN == 0:
                self.quip_until = self.now + self.speed(QUIP_TIME)
                self.app.audio.play("hit")
        elif event.category == CLEAN:
            self.effects.popup(t("hm.clean_pop"), top, self.now, 30, theme.SKY)
            self.app.audio.play("slide_out")
        else:
            self.victory_at = self.now
            self.effects.show_banner(t("hm.victoria_banner"), self.now, GOLD)
            self.effects.spray(SPOT_CENTER, 90, (GOLD, theme.WARN, (250, 250, 250), (200, 40, 60), (70, 110, 200)))
            self.app.audio.play("all_clear")

    def _turn_marker(self, seat: int) -> None:
        self.active, self.run_shown = seat, 0
        self.quip_until = min(self.quip_until, self.now + self.speed(1.2))

    def _fanfare(self, event) -> None:
        """Victoria's reveal goes on: a second flourish and a second burst, then the result."""
        self.app.audio.play("highscore")
        self.effects.spray((SPOT_CENTER[0] - 160, SPOT_CENTER[1]), 40)
        self.effects.spray((SPOT_CENTER[0] + 160, SPOT_CENTER[1]), 40)
        self.log.add(self.say("hm.log_won", event.seat), theme.WARN)

    def finish(self) -> None:
        """The game is over: count it in the series, record it, offer the next game."""
        if self.over:
            return
        self.over = True
        winner = self.state.winner
        self.wins[winner] += 1
        self.games += 1
        if not self.autoplay and not self.recorded:
            self.recorded = True
            options = {"first": self.first, **self.setup.options}
            text = replay.dumps(replay.record(self.state, options, self.seed, self.state.statistics()))
            details = {"levels": self.levels, "winners": [winner], "human_share": 1.0 if winner == 0 else 0.0,
                       "first": self.first, "flips": len(self.state.revealed), "series": list(self.wins),
                       "options": self.setup.options}
            self.app.storage.record_game("hige_mekuri", "win" if winner == 0 else "loss", self.state.turn, details,
                                         text)
        x, y = END_PANEL.x + 20, END_PANEL.bottom - 70
        width = (END_PANEL.width - 50) // 2
        self.end_row.buttons = [
            Button(pygame.Rect(x, y, width, 50), t("over.play_again"), self.play_again, size=20, primary=True),
            Button(pygame.Rect(x + width + 10, y, width, 50), t("over.menu"), self.app.to_menu, size=20)]
        self.end_row.focus = 0
        if self.autoplay:
            self.demo_next = self.now + DEMO_NEXT
        self.app.audio.play("all_clear" if winner == 0 and not self.autoplay else "set")

    def play_again(self) -> None:
        self.app.audio.play("menu_select")
        self.timeline = Timeline()
        self.log.add("—" * 12, theme.INK_FAINT)
        self.new_game(1 - self.first)

    # --- the human's choices ------------------------------------------------------------------------
    def human_turn(self) -> bool:
        return (not self.timeline.busy and not self.over and self.human_seat(self.state.current_player()))

    def _refresh_buttons(self) -> None:
        phase = self.state.phase
        labels = ["hm.flip"] if phase == TURN_START else ["hm.flip_again", "hm.stop"]
        if [b.label for b in self.buttons.buttons[:len(labels)]] == [t(k) for k in labels]:
            return
        actions = [FLIP] if phase == TURN_START else [CONTINUE, STOP]
        x, y = ACTIONS.x + 14, ACTIONS.y + 70
        width = (ACTIONS.width - 28 - 10) // 2 if len(actions) == 2 else ACTIONS.width - 28
        self.buttons.buttons = [
            Button(pygame.Rect(x + i * (width + 10), y, width, 48), t(key), lambda a=action: self.choose(a),
                   size=18 if len(actions) == 1 else 16, primary=i == 0)
            for i, (key, action) in enumerate(zip(labels, actions, strict=True))]
        self.buttons.buttons.append(Button(pygame.Rect(x, y + 58, ACTIONS.width - 28, 34), "", self.toggle_odds,
                                           size=16))
        self.buttons.focus = 0

    def choose(self, action: str) -> None:
        if self.human_turn() and action in self.state.legal_actions():
            self.app.audio.play("menu_select")
            self.apply(action)
        elif not self.over:
            self.app.audio.play("error")

    def toggle_odds(self) -> None:
        self.show_odds = not self.show_odds
        self.app.audio.play("menu_move")

    # --- input --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        from game.app.overlays import PauseScene

        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.audio.play("menu_select")
            self.app.stack.push(PauseScene(self.app, self.title_slug))
            return
        if self.log.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._thumb_at(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.toggle_odds()
            return
        if self.over:
            self.end_row.handle(event)
            return
        if self.autoplay:
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_f, pygame.K_SPACE, pygame.K_s):
            if self.human_turn():
                phase = self.state.phase
                if event.key == pygame.K_s:
                    self.choose(STOP) if phase == AFTER_BEARD else self.app.audio.play("error")
                else:
                    self.choose(FLIP if phase == TURN_START else CONTINUE)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pile_rect().collidepoint(event.pos):
            if self.human_turn():
                self.choose(FLIP if self.state.phase == TURN_START else CONTINUE)
            return
        if self.human_turn():
            self.buttons.handle(event)

    # --- layout -------------------------------------------------------------------------------------
    def pile_rect(self) -> pygame.Rect:
        w, h = card_size(PILE_W)
        return pygame.Rect(PILE_POS[0], PILE_POS[1], w + 12, h + 12)

    def thumb_rects(self) -> list[tuple[str, pygame.Rect]]:
        height = thumb("GBR", VICTORIA, "GBR", THUMB_W).get_height()
        left = 490 - (14 * (THUMB_W + THUMB_GAP) - THUMB_GAP) // 2
        return [(card, pygame.Rect(left + i * (THUMB_W + THUMB_GAP), ROW_Y, THUMB_W, height))
                for i, card in enumerate(self.state.revealed[:self.shown])]

    def _thumb_at(self, pos: tuple[int, int]) -> str | None:
        return next((card for card, rect in self.thumb_rects() if rect.collidepoint(pos)), None)

    def shown_left(self) -> dict[str, int]:
        """What the screen says is left: the cards the row does not show yet."""
        shown = set(self.state.revealed[:self.shown])
        counts = {VICTORIA: 0, BEARDED: 0, CLEAN: 0}
        for card, leader in self.state.cards.items():
            if card not in shown:
                counts[leader.category] += 1
        return counts

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(table_image(), (0, 0))
        blit(surface, "Hige-mekuri ヒゲめくり", 24, (20, 14), theme.ACCENT, True)
        blit(surface, t("hm.tally", you=self.wins[0], bot=self.wins[1], name=self.names[1]), 16, (20, 46),
             theme.INK_DIM)
        for seat in (0, 1):
            draw_seat_badge(surface, BADGES[seat], self.names[seat], t(f"level.{self.levels[seat]}"),
                            str(self.wins[seat]), 0, self.active == seat and not self.over,
                            self.bot_due is not None and self.state.current_player() == seat, self.now)
        self._draw_pile(surface)
        self._draw_spot(surface)
        self._draw_row(surface)
        self._draw_turn_info(surface)
        self._draw_counts(surface)
        self._draw_actions(surface)
        self.log.draw(surface)
        self.effects.draw(surface, self.now, BANNER_AT)
        if self.now < self.quip_until:
            self._draw_quip(surface)
        if self.over:
            self._draw_end(surface)
        self._draw_hover(surface)
        help_text = t("ds.demo") if self.autoplay else t("hm.help")
        lines = wrap(help_text, 14, 366)
        for i, line in enumerate(lines):
            blit(surface, line, 14, (22, 706 - (len(lines) - 1 - i) * 18), theme.INK_FAINT, anchor="bottomleft")

    def _draw_pile(self, surface: pygame.Surface) -> None:
        left = 14 - self.shown - (1 if self.flying else 0)
        back = card_back(PILE_W)
        for k in range(left):
            surface.blit(back, (PILE_POS[0] + k * 0.8, PILE_POS[1] + 12 - k * 0.9))
        if self.human_turn():
            k = max(left - 1, 0)
            rect = pygame.Rect(PILE_POS[0] + k * 0.8, PILE_POS[1] + 12 - k * 0.9, *back.get_size())
            shade = tuple(int(c * (0.5 + 0.5 * pulse(self.now, 1.2))) for c in theme.ACCENT)
            pygame.draw.rect(surface, shade, rect.inflate(10, 10), 3, border_radius=14)
        blit(surface, t("hm.pile", n=left), 18, (PILE_POS[0] + PILE_W // 2 + 6, PILE_POS[1] + 226), theme.INK,
             True, "midtop")

    def _draw_spot(self, surface: pygame.Surface) -> None:
        if self.victory_at is not None:
            self._draw_sunburst(surface)
        if self.spot is not None and not self.flying:
            image = card_face(self.state.cards[self.spot], SPOT_W)
            if self.victory_at is not None:
                grow = 1.0 + 0.12 * ease_out_back(min(1.0, (self.now - self.victory_at) * 2.5))
                image = pygame.transform.smoothscale_by(image, grow)
            surface.blit(image, image.get_rect(center=SPOT_CENTER))
        if self.flying:
            self._draw_flight(surface)

    def _draw_flight(self, surface: pygame.Surface) -> None:
        card, start, duration = self.flying
        p = min(1.0, max(0.0, (self.now - start) / max(duration, 1e-6)))
        pile_center = (PILE_POS[0] + PILE_W // 2, PILE_POS[1] + card_size(PILE_W)[1] // 2)
        center = lerp2(pile_center, SPOT_CENTER, ease_out_cubic(p))
        size = card_size(round(PILE_W + (SPOT_W - PILE_W) * ease_out_cubic(p)))
        face = p >= 0.5
        image = card_face(self.state.cards[card], SPOT_W) if face else card_back(PILE_W)
        squeeze = abs(math.cos(math.pi * p))
        w = max(2, round(size[0] * squeeze))
        image = pygame.transform.smoothscale(image, (w, size[1]))
        surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_sunburst(self, surface: pygame.Surface) -> None:
        age = self.now - self.victory_at
        burst = sunburst()
        turned = pygame.transform.rotate(burst, -age * 20)
        turned.set_alpha(int(255 * min(1.0, age * 3)))
        surface.blit(turned, turned.get_rect(center=SPOT_CENTER))

    def _draw_row(self, surface: pygame.Surface) -> None:
        left = 490 - (14 * (THUMB_W + THUMB_GAP) - THUMB_GAP) // 2
        height = thumb("GBR", VICTORIA, "GBR", THUMB_W).get_height()
        for i in range(14):  # empty places for the cards still face down
            pygame.draw.rect(surface, theme.FELT_EDGE, (left + i * (THUMB_W + THUMB_GAP), ROW_Y, THUMB_W, height),
                             1, border_radius=6)
        for card, rect in self.thumb_rects():
            leader = self.state.cards[card]
            surface.blit(thumb(leader.sprite, leader.category, card, THUMB_W), rect)
            if card == self.hover:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 2, border_radius=7)

    def _draw_turn_info(self, surface: pygame.Surface) -> None:
        x, y = 650, 150
        if self.over or self.victory_at is not None:
            return
        seat = self.active
        blit(surface, self.say("hm.turn_of", seat), 24, (x, y), theme.ACCENT if seat == 0 else theme.SKY,
             True)
        if self.run_shown:
            blit(surface, t("hm.run", n=self.run_shown), 19, (x, y + 36), theme.INK)
            for k in range(min(self.run_shown, 10)):
                draw_icon(surface, BEARDED, (x + 14 + k * 26, y + 78), 22)
        blit(surface, t("hm.flips", n=self.shown), 16, (x, y + 104), theme.INK_DIM)

    def _draw_quip(self, surface: pygame.Surface) -> None:
        """The source's joke in a speech bubble, shaking a little."""
        text = t("hm.quip")
        lines = wrap(text, 26, 300, True)
        shake = 3 * math.sin(self.now * 40) * max(0.0, 1 - (self.now - (self.quip_until - QUIP_TIME)) * 2)
        box = pygame.Rect(0, 0, 340, 30 + 34 * len(lines))
        box.topleft = (626 + shake, 290)
        pygame.draw.polygon(surface, (255, 250, 236), [(box.x + 30, box.bottom - 2), (box.x + 6, box.bottom + 30),
                                                       (box.x + 70, box.bottom - 2)])
        panel(surface, box, (255, 250, 236), theme.BAD, 18)
        for i, line in enumerate(lines):
            blit(surface, line, 26, (box.centerx, box.y + 15 + i * 34), theme.BAD, True, "midtop")

    def _draw_counts(self, surface: pygame.Surface) -> None:
        panel(surface, COUNTS, theme.PANEL)
        blit(surface, t("hm.left_title"), 17, (COUNTS.x + 14, COUNTS.y + 10), theme.INK_DIM, True)
        counts = self.shown_left()
        for i, category in enumerate((BEARDED, CLEAN, VICTORIA)):
            y = COUNTS.y + 50 + i * 36
            draw_icon(surface, category, (COUNTS.x + 28, y), 22)
            blit(surface, category_name(category), 19, (COUNTS.x + 52, y), theme.INK, anchor="midleft")
            blit(surface, f"× {counts[category]}", 24, (COUNTS.right - 16, y), theme.WARN, True, "midright")

    def _draw_actions(self, surface: pygame.Surface) -> None:
        mine = self.human_turn()
        panel(surface, ACTIONS, theme.PANEL, theme.ACCENT if mine else None)
        prompt, color = self.prompt()
        for i, line in enumerate(wrap(prompt, 17, ACTIONS.width - 28, True)[:3]):
            blit(surface, line, 17, (ACTIONS.x + 14, ACTIONS.y + 10 + i * 20), color, True)
        if mine:
            self.buttons.buttons[-1].label = t("hm.odds_hide" if self.show_odds else "hm.odds_show")
            self.buttons.draw(surface)
            if self.show_odds:
                self._draw_odds(surface)

    def _draw_odds(self, surface: pygame.Surface) -> None:
        chances = self.state.win_chances()
        y = ACTIONS.y + 172
        if CONTINUE in chances:
            keep, stop = chances[CONTINUE], chances[STOP]
            blit(surface, t("hm.odds_flip_again", frac=fraction(keep), pct=percent(keep)), 16, (ACTIONS.x + 14, y),
                 theme.GOOD, True)
            blit(surface, t("hm.odds_stop", frac=fraction(stop), pct=percent(stop)), 16, (ACTIONS.x + 14, y + 24),
                 theme.INK)
            verdict = t("hm.odds_equal") if keep == stop else t("hm.odds_better")
            blit(surface, verdict, 15, (ACTIONS.x + 14, y + 50), theme.INK_DIM)
        else:
            now = chances[FLIP]
            blit(surface, t("hm.odds_now", frac=fraction(now), pct=percent(now)), 16, (ACTIONS.x + 14, y),
                 theme.GOOD, True)

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """What the human should do now, or who is doing what."""
        if self.over:
            return self.say("hm.next_starts", 1 - self.first), theme.INK_DIM
        if self.human_turn():
            if self.state.phase == AFTER_BEARD:
                return t("hm.after_beard"), theme.ACCENT
            return t("hm.your_turn"), theme.ACCENT
        return t("hm.waiting", name=self.names[self.active]), theme.INK_DIM

    def _draw_end(self, surface: pygame.Surface) -> None:
        area = END_PANEL
        panel(surface, area, theme.BG_DEEP, GOLD)
        winner = self.state.winner
        text = t("hm.you_win") if winner == 0 and not self.autoplay else t("hm.bot_wins", name=self.names[winner])
        grow = 0.7 + 0.3 * ease_out_back(min(1.0, (self.now - (self.victory_at or self.now)) * 1.5))
        blit(surface, text, int(40 * grow), (area.centerx, area.y + 46), theme.GOOD if winner == 0 else theme.WARN,
             True, "center")
        blit(surface, t("hm.tally", you=self.wins[0], bot=self.wins[1], name=self.names[1]), 18,
             (area.centerx, area.y + 98), theme.INK, anchor="center")
        blit(surface, t("hm.flips", n=len(self.state.revealed)), 16, (area.centerx, area.y + 130), theme.INK_DIM,
             anchor="center")
        blit(surface, self.say("hm.next_starts", 1 - self.first), 16, (area.centerx, area.y + 156),
             theme.INK_DIM, anchor="center")
        self.end_row.draw(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.hover not in self.state.revealed[:self.shown]:
            return
        rect = dict(self.thumb_rects())[self.hover]
        leader = self.state.cards[self.hover]
        text = f"{person_name(leader)} · {territory_name(leader)} · {category_name(leader.category)}"
        box = render(text, 16, theme.INK, True).get_rect().inflate(20, 12)
        box.midbottom = (min(max(rect.centerx, box.width // 2 + 4), TABLE_W - box.width // 2 - 4), rect.y - 6)
        panel(surface, box, theme.BG_DEEP, theme.ACCENT, 8)
        blit(surface, text, 16, box.center, theme.INK, True, "center")


def fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}".removesuffix(".0")


@lru_cache(maxsize=1)
def table_image() -> pygame.Surface:
    """The room and a green baize table, drawn once."""
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surface.fill(theme.BG)
    pygame.draw.rect(surface, theme.FELT_EDGE, (8, 86, TABLE_W - 16, 540), border_radius=36)
    pygame.draw.rect(surface, theme.FELT, (18, 96, TABLE_W - 36, 520), border_radius=30)
    return surface


@lru_cache(maxsize=1)
def sunburst() -> pygame.Surface:
    """Golden rays for Victoria's reveal."""
    size = 620
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for k in range(24):
        a = 2 * math.pi * k / 24
        pts = [(c, c), (c + c * math.cos(a - 0.07), c + c * math.sin(a - 0.07)),
               (c + c * math.cos(a + 0.07), c + c * math.sin(a + 0.07))]
        pygame.draw.polygon(surface, (250, 210, 90, 120 if k % 2 else 70), pts)
    pygame.draw.circle(surface, (250, 220, 120, 90), (c, c), c * 0.45)
    return surface
