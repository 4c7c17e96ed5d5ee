"""Hige-mekuri at the table: you (seat `me`) against one bot, a series of games that alternate who starts.

The shared table loop (game.app.table_scene) runs each game: the first chance node picks who flips first, the bot's
choices come from the app's worker (the demo's for your seat too), the record is the shared one. The screen shows
what seat 0's view shows, but only as fast as the animation has got to it: a flip lands, then the row, the counts
and the turn marker catch up. Victoria's reveal gets a fanfare and a sunburst; the end stays on the table, with
Play again (the other player flips first, the series goes on).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import pygame

from game.app.setup import BOT_NAMES, GameSetup
from game.app.table_scene import TableScene
from game.core.engine import among
from game.services.i18n import counted, per_language, pick, said, t
from game.titles.hige_mekuri import rules
from game.titles.hige_mekuri.cards import (
    card_back,
    card_face,
    card_size,
    category_name,
    draw_icon,
    person_name,
    territory_label,
    territory_name,
    thumb,
)
from game.titles.hige_mekuri.rules import AFTER_BEARD, CONTINUE, FLIP, QUIP_RUN, STOP, TURN_START
from game.titles.territories import BEARDED, CLEAN, VICTORIA, Leader
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import draw_seat_badge
from game.ui.text import blit, render, wrap
from game.ui.tween import ease_out_back, ease_out_cubic, lerp2, pulse
from game.ui.widgets import Button, ButtonRow, panel

TABLE_W = 980
FELT = pygame.Rect(18, 96, TABLE_W - 36, 520)  # the baize
SPOT_W = 214
PILE_W = 132
PILE_POS = (70, 150)  # top-left of the pile's top card
SPOT_CENTER = (490, 282)
ROW_Y, THUMB_W, THUMB_GAP = 476, 60, 6
CARDS = 14  # the line-up's size (both line-ups)
YOUR_BADGE, THEIR_BADGE = (490, 664), (490, 60)  # your plate at the foot, the bot's at the head
COUNTS = pygame.Rect(992, 14, 276, 158)
ACTIONS = pygame.Rect(992, 182, 276, 258)
LOG = pygame.Rect(992, 450, 276, 256)
END_PANEL = pygame.Rect(624, 112, 336, 300)
BANNER_AT = (490, 520)  # Victoria's banner, over the row
POPUP_AT = (790, 420)  # "Beard!" and "No beard" rise from here
FLIGHT = 0.55  # seconds for a card to fly from the pile and turn over
QUIP_TIME = 3.2
FANFARE = 2.6
DEMO_NEXT = 4.0
GOLD = (236, 186, 60)


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return HigeScene.from_setup(app, setup, autoplay, save)


def describe(event, seat: int, names: list[str]) -> None:
    """No log line as the engine tells an event: the scene writes each line when the animation reaches it."""
    return None


class HigeScene(TableScene):
    """A series of Hige-mekuri games against one bot; Play again swaps who starts."""

    title_slug, rules = "hige_mekuri", rules
    describe = staticmethod(describe)
    LOG_RECT, ACTIONS_RECT = LOG, ACTIONS
    BOT_PAUSE = 0.7  # a bot's choice stays unmade this long, so it can be followed

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        if autoplay:  # the demo: a second computer player takes your seat
            self.names[self.me], self.levels[self.me] = pick(*BOT_NAMES[1]), "normal"
        self.buttons.vertical = False
        self.end_row = ButtonRow([], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.show_odds = False
        self.wins = [0, 0]
        self.games = 0
        self._clear_table()

    # --- a game of the series -----------------------------------------------------------------------
    def new_game(self, first_seat: int | None = None) -> None:
        super().new_game(first_seat)
        self._clear_table()

    def _clear_table(self) -> None:
        """What the screen shows of a game that has not begun."""
        self.shown = 0  # turned cards the row shows so far
        self.flying: tuple[str, float, float] | None = None  # card, start, duration
        self.spot: str | None = None  # the card in the spotlight
        self.active = self.first_seat or 0  # whose turn the screen shows
        self.run_shown = 0
        self.quip_until = -1.0
        self.victory_at: float | None = None
        self.demo_next: float | None = None
        self.hover: str | None = None
        self.end_row.buttons = []

    def save_extra(self) -> dict:
        """The series so far, kept with the game."""
        return {"wins": list(self.wins), "games": self.games}

    def restored(self, extra: dict) -> None:
        """A resumed game: the row, the spotlight and the turn marker as the view has them; the series score."""
        wins, games = extra.get("wins"), extra.get("games")
        if isinstance(wins, list) and len(wins) == 2 and all(type(w) is int and w >= 0 for w in wins):
            self.wins = wins
        if type(games) is int and games >= sum(self.wins):
            self.games = games
        view = self.view
        self.shown, self.run_shown = len(view.revealed), view.run
        self.spot = view.revealed[-1] if view.revealed else None
        self.active = view.current

    def say(self, key: str, seat: int, **fields: object) -> str:
        """A line about `seat`: the "you" form of the key for the human, else the named one."""
        return said(key, seat, self.names, None if self.autoplay else self.me, **fields)

    def human_seat(self, seat: int) -> bool:
        return seat == self.me and not self.autoplay

    def leader(self, card: str) -> Leader:
        return rules.line_up(self.view.variant)[card]

    def tick(self) -> None:
        """The demo plays on: the next game starts a while after the end."""
        if self.over and self.demo_next is not None and self.now >= self.demo_next:
            self.play_again()

    # --- telling: event class -> how it is shown ----------------------------------------------------
    def _on_first(self, event: rules.FirstPlayer) -> None:
        self.active = event.seat
        self.log_line(event)
        self.timeline.queue(self.speed(0.4))

    def _on_turn(self, event: rules.TurnStarted) -> None:
        if event.turn > 1:  # the first turn's marker came with the first player
            self.timeline.queue(self.speed(0.3), lambda: self._turn_marker(event.seat))

    def _on_continued(self, event: rules.Continued) -> None:
        self.log_line(event)
        if not self.human_seat(event.seat):
            self.app.audio.play("pick")

    def _on_stopped(self, event: rules.Stopped) -> None:
        self.log_line(event)
        self.app.audio.play("back")

    def _on_passed(self, event: rules.TurnPassed) -> None:
        self.timeline.queue(self.speed(0.35), lambda: self.log_line(event))

    def _on_won(self, event: rules.Won) -> None:
        self.timeline.queue(self.speed(FANFARE), lambda: self._fanfare(event))
        self.timeline.queue(self.speed(0.6))

    def _flip(self, event: rules.Flipped) -> None:
        """The card flies from the pile and turns over; then the row, the counts and a reaction."""
        def take_off() -> None:
            self.flying = (event.card, self.now, self.speed(FLIGHT))
            self.app.audio.play("card")

        def land() -> None:
            self.flying, self.spot, self.shown, self.run_shown = None, event.card, self.shown + 1, event.run
            self._react(event)

        self.timeline.queue(self.speed(FLIGHT), take_off)
        self.timeline.queue(self.speed(0.25) if event.category != VICTORIA else 0.0, land)

    animations = {rules.FirstPlayer: _on_first, rules.TurnStarted: _on_turn, rules.Flipped: _flip,
                  rules.Continued: _on_continued, rules.Stopped: _on_stopped, rules.TurnPassed: _on_passed,
                  rules.Won: _on_won}

    def _react(self, event: rules.Flipped) -> None:
        self.log_line(event)
        if event.category == BEARDED:
            self.effects.popup(t("hm.beard_pop"), POPUP_AT, self.now, 34, (236, 190, 130))
            self.app.audio.play("pick")
            if event.run >= QUIP_RUN and event.run % QUIP_RUN == 0:
                self.quip_until = self.now + self.speed(QUIP_TIME)
                self.app.audio.play("hit")
        elif event.category == CLEAN:
            self.effects.popup(t("hm.clean_pop"), POPUP_AT, self.now, 30, theme.SKY)
            self.app.audio.play("slide_out")
        else:
            self.victory_at = self.now
            self.effects.show_banner(t("hm.victoria_banner"), self.now, GOLD)
            self.effects.spray(SPOT_CENTER, 90, (GOLD, theme.WARN, (250, 250, 250), (200, 40, 60), (70, 110, 200)))
            self.app.audio.play("all_clear")

    def log_line(self, event) -> None:
        """The event's line in the move log: written by the animation as it reaches the event, and by a restore or a
        language switch for every event of the games at this table (the lines the table would have shown)."""
        kind = type(event)
        if kind is rules.Flipped:
            if event.category == VICTORIA:
                return  # the win's line says it (a playtest read the same card twice)
            leader = self.leader(event.card)
            self.log.add(self.say("hm.log_flip", event.seat, person=person_name(leader),
                                  territory=territory_name(leader), kind=category_name(event.category)),
                         theme.INK)
        elif kind is rules.FirstPlayer:
            self.log.add(self.say("hm.starts", event.seat), theme.ACCENT)
        elif kind is rules.Continued:
            self.log.add(self.say("hm.log_continue", event.seat), theme.INK_DIM)
        elif kind is rules.Stopped:
            self.log.add(self.say("hm.log_stop", event.seat), theme.INK_DIM)
        elif kind is rules.TurnPassed:
            self.log.add(self.say("hm.log_pass", event.to), theme.SKY)
        elif kind is rules.Won:
            self.log.add(self.say("hm.log_won", event.seat), theme.WARN)

    def _turn_marker(self, seat: int) -> None:
        self.active, self.run_shown = seat, 0
        self.quip_until = min(self.quip_until, self.now + self.speed(1.2))

    def _fanfare(self, event: rules.Won) -> None:
        """Victoria's reveal goes on: a second flourish and a second burst, then the result."""
        self.app.audio.play("highscore")
        self.effects.spray((SPOT_CENTER[0] - 160, SPOT_CENTER[1]), 40)
        self.effects.spray((SPOT_CENTER[0] + 160, SPOT_CENTER[1]), 40)
        self.log_line(event)

    # --- the end: our own panel on the table, not the shared summary --------------------------------
    def finish(self) -> None:
        """Count the game in the series, record it (the shared record, with the series), offer the next game."""
        winner = self.view.winner
        self.wins[winner] += 1
        self.games += 1
        self.record([winner], self.state.turn, {"first": self.view.first, "flips": len(self.view.revealed),
                                                "series": list(self.wins)})
        self._end_buttons()
        self.end_row.focus = 0
        if self.autoplay:
            self.demo_next = self.now + DEMO_NEXT
        self.app.audio.play("all_clear" if winner == self.me and not self.autoplay else "set")

    def _end_buttons(self) -> None:
        x, y = END_PANEL.x + 20, END_PANEL.bottom - 70
        width = (END_PANEL.width - 50) // 2
        self.end_row.buttons = [
            Button(pygame.Rect(x, y, width, 50), t("over.play_again"), self.play_again, size=20, primary=True),
            Button(pygame.Rect(x + width + 10, y, width, 50), t("over.menu"), self.app.to_menu, size=20)]

    def language_changed(self) -> None:
        super().language_changed()
        if self.end_row.buttons:  # the end panel is up: its buttons in the new language
            self._end_buttons()

    def play_again(self) -> None:
        """The next game of the series: the other player flips first."""
        self.app.audio.play("menu_select")
        self.new_game(1 - self.view.first)

    # --- the human's choices ------------------------------------------------------------------------
    def human_turn(self) -> bool:
        """Whether you decide now, read from your view (it offers you actions on your turn only)."""
        return not self.timeline.busy and not self.autoplay and not self.watching and bool(self.view.legal)

    def _refresh_buttons(self) -> None:
        after = self.view.phase == AFTER_BEARD
        labels = ["hm.flip_again", "hm.stop"] if after else ["hm.flip"]
        if [b.label for b in self.buttons.buttons[:len(labels)]] == [t(k) for k in labels]:
            return
        actions = [CONTINUE, STOP] if after else [FLIP]
        x, y = ACTIONS.x + 14, ACTIONS.y + 70
        width = (ACTIONS.width - 28 - 10) // 2 if after else ACTIONS.width - 28
        self.buttons.buttons = [
            Button(pygame.Rect(x + i * (width + 10), y, width, 48), t(key), lambda a=action: self.choose(a),
                   size=16 if after else 18, primary=i == 0)
            for i, (key, action) in enumerate(zip(labels, actions, strict=True))]
        self.buttons.buttons.append(Button(pygame.Rect(x, y + 58, ACTIONS.width - 28, 34), self.odds_label(),
                                           self.toggle_odds, size=16))
        self.buttons.focus = 0
        self.place_actions()

    def choice_label(self, action) -> str:
        """A flip (its card is seen only after it), flip again or stop, as the buttons say them."""
        keys = {FLIP: "hm.choice.flip", CONTINUE: "hm.choice.flip_again", STOP: "hm.choice.stop"}
        return t(keys[action]) if action in keys else str(action)

    def choose(self, action: str) -> None:
        """Your flip, flip again or stop; anything else is refused with a sound."""
        if self.human_turn() and among(action, self.view.legal):
            super().choose(action)
        elif not self.over:
            self.app.audio.play("error")
            if action == STOP and self.human_turn():  # words, not only a beep (playtest round 22)
                self.log.add(t("hm.stop_refused"), theme.BAD)

    def odds_label(self) -> str:
        return t("hm.odds_hide" if self.show_odds else "hm.odds_show")

    def toggle_odds(self) -> None:
        self.show_odds = not self.show_odds
        if self.buttons.buttons:  # the odds button is the last one
            self.buttons.buttons[-1].label = self.odds_label()
        self.app.audio.play("menu_move")

    # --- input --------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._thumb_at(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.toggle_odds()
        elif self.over:
            self.end_row.handle(event)
        elif not self.human_turn():
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.choose(STOP)
        elif self._flip_asked(event):
            self.choose(FLIP if self.view.phase == TURN_START else CONTINUE)
        else:
            self.buttons.handle(event)

    def _flip_asked(self, event: pygame.event.Event) -> bool:
        """F, Space or a click on the pile: flip (again)."""
        if event.type == pygame.KEYDOWN:
            return event.key in (pygame.K_f, pygame.K_SPACE)
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pile_rect().collidepoint(event.pos)

    # --- layout -------------------------------------------------------------------------------------
    def pile_rect(self) -> pygame.Rect:
        w, h = card_size(PILE_W)
        return pygame.Rect(PILE_POS[0], PILE_POS[1], w + 12, h + 12)

    def thumb_rects(self) -> list[tuple[str, pygame.Rect]]:
        height = thumb("GBR", VICTORIA, "GBR", THUMB_W).get_height()
        left = 490 - (CARDS * (THUMB_W + THUMB_GAP) - THUMB_GAP) // 2
        return [(card, pygame.Rect(left + i * (THUMB_W + THUMB_GAP), ROW_Y, THUMB_W, height))
                for i, card in enumerate(self.view.revealed[:self.shown])]

    def _thumb_at(self, pos: tuple[int, int]) -> str | None:
        return next((card for card, rect in self.thumb_rects() if rect.collidepoint(pos)), None)

    def shown_left(self) -> dict[str, int]:
        """What the screen says is left: the cards the row does not show yet."""
        return rules.left_in_pile(self.view.variant, self.view.revealed[:self.shown])

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(table_image(), (0, 0))
        if self.victory_at is not None:  # Victoria's rays on the baize, under the cards and the players' plates
            clip = surface.get_clip()
            surface.set_clip(FELT)
            self._draw_sunburst(surface)
            surface.set_clip(clip)
        blit(surface, self.heading(), 24, (20, 14), theme.ACCENT, True)
        blit(surface, self.tally(), 16, (20, 46), theme.INK_DIM)
        for seat in (0, 1):
            draw_seat_badge(surface, YOUR_BADGE if seat == self.me else THEIR_BADGE, self.names[seat], t(f"level.{self.levels[seat]}"),
                            str(self.wins[seat]), None, self.active == seat and not self.over,
                            self.ticket is not None and self.view.current == seat, self.now)
        self._draw_pile(surface)
        self._draw_spot(surface)
        self._draw_row(surface)
        self._draw_turn_info(surface)
        self._draw_counts(surface)
        self.draw_actions(surface)
        self.log.draw(surface)
        self.effects.draw(surface, self.now, BANNER_AT)
        if self.now < self.quip_until:
            self._draw_quip(surface)
        if self.over:
            self._draw_end(surface)
        self._draw_hover(surface)
        help_text = t("common.demo") if self.autoplay else t("hm.help")
        lines = wrap(help_text, 14, 366)
        for i, line in enumerate(lines):
            blit(surface, line, 14, (22, 706 - (len(lines) - 1 - i) * 18), theme.INK_FAINT, anchor="bottomleft")

    def _draw_pile(self, surface: pygame.Surface) -> None:
        left = CARDS - self.shown - (1 if self.flying else 0)
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
        if self.spot is not None and not self.flying:
            image = card_face(self.leader(self.spot), SPOT_W)
            if self.victory_at is not None:
                grow = 1.0 + 0.12 * ease_out_back(min(1.0, (self.now - self.victory_at) * 2.5))
                image = grown(self.leader(self.spot), round(grow, 2))
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
        image = card_face(self.leader(card), SPOT_W) if face else card_back(PILE_W)
        squeeze = abs(math.cos(math.pi * p))
        w = max(2, round(size[0] * squeeze))
        image = pygame.transform.smoothscale(image, (w, size[1]))
        surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_sunburst(self, surface: pygame.Surface) -> None:
        age = self.now - self.victory_at
        draw_sunburst(surface, SPOT_CENTER, math.radians(age * 20), min(1.0, age * 3))

    def _draw_row(self, surface: pygame.Surface) -> None:
        left = 490 - (CARDS * (THUMB_W + THUMB_GAP) - THUMB_GAP) // 2
        height = thumb("GBR", VICTORIA, "GBR", THUMB_W).get_height()
        for i in range(CARDS):  # empty places for the cards still face down
            pygame.draw.rect(surface, theme.FELT_EDGE, (left + i * (THUMB_W + THUMB_GAP), ROW_Y, THUMB_W, height),
                             1, border_radius=6)
        for card, rect in self.thumb_rects():
            leader = self.leader(card)
            surface.blit(thumb(leader.sprite, leader.category, territory_label(leader), THUMB_W), rect)
            if card == self.hover:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 2, border_radius=7)

    def _draw_turn_info(self, surface: pygame.Surface) -> None:
        x, y = 650, 150
        if self.over or self.victory_at is not None:
            return
        seat = self.active
        blit(surface, self.say("hm.turn_of", seat), 24, (x, y), theme.ACCENT if seat == self.me else theme.SKY,
             True)
        if self.run_shown:
            blit(surface, t("hm.run", n=self.run_shown), 19, (x, y + 36), theme.INK)
            for k in range(min(self.run_shown, 10)):
                draw_icon(surface, BEARDED, (x + 14 + k * 26, y + 78), 22)
        blit(surface, counted("hm.flips", self.shown), 16, (x, y + 104), theme.INK_DIM)

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

    def panel_notes(self) -> list[Note]:
        """The odds under the buttons, when shown: each choice's chance to win from here; else the goal (playtest
        round 19: only F1 said it, and "Beards this turn" read like a score)."""
        if not self.human_turn():
            return []
        if not self.show_odds:
            return [Note(t("hm.goal"), 15, theme.INK_DIM)]
        chances = rules.win_chances(self.view)
        if CONTINUE not in chances:
            return [Note(odds("hm.odds_now", chances[FLIP]), 16, theme.GOOD, True)]
        keep, stop = chances[CONTINUE], chances[STOP]
        verdict = "hm.odds_equal" if keep == stop else "hm.odds_sure" if keep == 1 else "hm.odds_better"
        return [Note(odds("hm.odds_flip_again", keep), 16, theme.GOOD, True),
                Note(odds("hm.odds_stop", stop), 16, theme.INK), Note(t(verdict), 15, theme.INK_DIM)]

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """What the human should do now, or who is doing what."""
        if self.over:
            return self.say("hm.next_starts", 1 - self.view.first), theme.INK_DIM
        if self.victory_at is not None:  # the queen on show before the result (it said "Jin is turning cards…")
            return self.say("hm.found", self.active), GOLD
        if self.human_turn():
            if self.view.phase == AFTER_BEARD:
                return t("hm.after_beard"), theme.ACCENT
            return t("hm.your_turn"), theme.ACCENT
        if self.human_seat(self.active) and not self.run_shown and self.flying is None:  # your turn, told before
            return t("hm.your_turn"), theme.INK_DIM  # its buttons come (not "You are turning cards…")
        return self.say("hm.waiting", self.active), theme.INK_DIM

    def tally(self) -> str:
        """The series so far: your wins against the bot's."""
        bot = 1 - self.me
        return t("hm.tally", you_name=self.names[self.me], you=self.wins[self.me], bot=self.wins[bot],
                 name=self.names[bot])

    def _draw_end(self, surface: pygame.Surface) -> None:
        area = END_PANEL
        panel(surface, area, theme.BG_DEEP, GOLD)
        winner = self.view.winner
        text = t("hm.you_win") if winner == self.me and not self.autoplay else t("hm.bot_wins", name=self.names[winner])
        grow = 0.7 + 0.3 * ease_out_back(min(1.0, (self.now - (self.victory_at or self.now)) * 1.5))
        blit(surface, text, int(40 * grow), (area.centerx, area.y + 46), theme.GOOD if winner == self.me else theme.WARN,
             True, "center")
        blit(surface, self.tally(), 18, (area.centerx, area.y + 98), theme.INK, anchor="center")
        blit(surface, counted("hm.flips", len(self.view.revealed)), 16, (area.centerx, area.y + 130), theme.INK_DIM,
             anchor="center")
        blit(surface, self.say("hm.next_starts", 1 - self.view.first), 16, (area.centerx, area.y + 156),
             theme.INK_DIM, anchor="center")
        self.end_row.draw(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.hover not in self.view.revealed[:self.shown]:
            return
        rect = dict(self.thumb_rects())[self.hover]
        leader = self.leader(self.hover)
        text = f"{person_name(leader)} · {territory_name(leader)} · {category_name(leader.category)}"
        box = render(text, 16, theme.INK, True).get_rect().inflate(20, 12)
        box.midbottom = (min(max(rect.centerx, box.width // 2 + 4), TABLE_W - box.width // 2 - 4), rect.y - 6)
        panel(surface, box, theme.BG_DEEP, theme.ACCENT, 8)
        blit(surface, text, 16, box.center, theme.INK, True, "center")


def odds(key: str, value: Fraction) -> str:
    """A choice's chance to win as a fraction and a percentage, or in words when it is certain either way."""
    if value in (0, 1):
        return t(f"{key}_sure" if value else f"{key}_none")
    return t(key, frac=fraction(value), pct=percent(value))


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
    pygame.draw.rect(surface, theme.FELT, FELT, border_radius=30)
    return surface


@per_language(maxsize=32)
def grown(leader: Leader, scale: float) -> pygame.Surface:
    """Victoria's card in the spotlight, grown by `scale` (a few values while it grows, then one)."""
    return pygame.transform.smoothscale_by(card_face(leader, SPOT_W), scale)


BURST = 620  # the sunburst's diameter


@lru_cache(maxsize=1)
def burst_canvas() -> pygame.Surface:
    """Where the sunburst is drawn each frame (cleared first: it keeps nothing from one frame to the next)."""
    return pygame.Surface((BURST, BURST), pygame.SRCALPHA)


def draw_sunburst(surface: pygame.Surface, center: tuple[int, int], turn: float, fade: float) -> None:
    """Golden rays for Victoria's reveal, turned clockwise by `turn` radians, at `fade` (0..1) of full strength.
    Drawn afresh rather than rotating a picture: a rotation of this size took 2-3 ms a frame, this takes 0.5."""
    canvas = burst_canvas()
    canvas.fill((0, 0, 0, 0))
    c = BURST / 2
    for k in range(24):
        a = 2 * math.pi * k / 24 + turn
        pts = [(c, c), (c + c * math.cos(a - 0.07), c + c * math.sin(a - 0.07)),
               (c + c * math.cos(a + 0.07), c + c * math.sin(a + 0.07))]
        pygame.draw.polygon(canvas, (250, 210, 90, round((120 if k % 2 else 70) * fade)), pts)
    pygame.draw.circle(canvas, (250, 220, 120, round(90 * fade)), (c, c), c * 0.45)
    surface.blit(canvas, canvas.get_rect(center=center))
