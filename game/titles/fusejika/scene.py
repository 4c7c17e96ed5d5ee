"""Fusejika at the table: you (seat `me`) against two to four computer time-leapers.

Every row is drawn as six rank slots (9 10 J Q K A), so a missing rank shows as an empty slot and a hand card
whose rank is already laid is crossed out. The scene draws only from `view(self.me)` (your seat) and from events told as the human
may see them; bots think in the app's worker process. Kicks, copies and lost cards are chosen on the table itself.
"""

from __future__ import annotations

from random import Random

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene, beat
from game.core.engine import CHANCE, TERMINAL, among
from game.services.i18n import counted, joined, listed, said, t
from game.titles.fusejika import bots, rules
from game.titles.fusejika.cards import SUIT_SYMBOL, card_back, card_face, card_text, empty_slot
from game.titles.fusejika.log import describe, stuck_line
from game.titles.fusejika.rules import (
    RANKS,
    REDEAL,
    STUCK,
    Copy,
    Kick,
    KickTo,
    Lose,
    Play,
)
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import draw_seat_badge, felt_table
from game.ui.text import blit, block, fit, render, wrap
from game.ui.tween import ease_out_cubic, lerp2, pulse
from game.ui.widgets import Button, dim, panel

CENTER = (490, 320)
TABLE = pygame.Rect(0, 0, 980, 720)  # left of the log and the panel
BANNER_AT = (490, 300)  # the banner's centre
LOG = pygame.Rect(992, 14, 276, 380)
ACTIONS = pygame.Rect(992, 404, 276, 302)
SEAT_0 = (120, 668)
ROW_W = 58  # card width in your row: larger than the others'
BOT_ROW_W = 40
HAND_W, HAND_Y, HAND_X = 80, 566, 580
PANEL_TIME = 7.0  # seconds the round-end breakdown stays in a demo or a replay (at a played table, until a click)
SUDDEN_TIME = 4.5
TAKE_BACK = "take back"  # the scene's own choice, beside the rules': the card picked to kick goes back


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return FusejikaScene.from_setup(app, setup, autoplay, save)


class Flyer:
    """A card image moving across the table (play, draw, kick, lost)."""

    def __init__(self, image: pygame.Surface, start, end, now: float, duration: float) -> None:
        self.image, self.start, self.end, self.t0, self.duration = image, start, end, now, duration

    def pos(self, now: float) -> tuple[float, float]:
        return lerp2(self.start, self.end, ease_out_cubic(min(1.0, (now - self.t0) / self.duration)))


class FusejikaScene(TableScene):
    """One match of Fusejika: deals, plays and effects, round-end breakdowns, to the final ranking."""

    title_slug, rules = "fusejika", rules
    describe = staticmethod(describe)
    LOG_RECT, ACTIONS_RECT = LOG, ACTIONS

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.tooltip: tuple[str, tuple[int, int], tuple] | None = None
        self.breakdown = None  # the RoundScored on show
        self.scored = None  # the last RoundScored shown (its totals are on the badges from then)
        self.panel_until = 0.0
        self.sudden = None  # the SuddenDeath event, celebrated until the end
        self.stuck = None  # the Stuck event whose hand lies face up beside its seat until the next deal
        self.flyers: list[Flyer] = []
        self.stamps: list[tuple[str, tuple[int, int], float, tuple]] = []  # text, where, until, colour
        self.dragging = False
        self.mouse = (0, 0)
        self.hints: list[str] = []  # what each button will do
        self.offered: list = []  # the action of each button
        self.armed: KickTo | None = None  # a kick that gives a rival the sixth rank, waiting for a second click
        self.kick_from = None  # the view before the card to kick was picked: the pick can be taken back till then

    def gives_sixth(self, seat: int) -> bool:
        """Whether kicking the chosen card to `seat` completes their six ranks (they win at once)."""
        return rules.completes(self.view.rows[seat], self.view.kick_card)

    def choose(self, action) -> None:
        """As at any table, but the card to kick is only picked (its targets shown, taken back by TAKE_BACK or a
        click on another card) until its target is chosen, and a kick that hands a rival the sixth rank asks for a
        second click. The rules make the card and the target two decisions; the card is sent with the target."""
        v = self.view
        if action == TAKE_BACK:
            self._take_back()
            return
        if type(action) is Kick and self.human_turn() and among(action, v.legal):
            picked = self.state.clone()  # your own move: the view after it shows nothing you may not see
            picked.apply(action)
            self.kick_from, self.view = v, picked.view(self.me)
            self.buttons.buttons, self.armed = [], None
            self.app.audio.play("menu_select")
            return
        if type(action) is KickTo and self.gives_sixth(action.target) and self.armed != action \
                and among(action, v.legal):
            self.armed = action
            self.buttons.buttons = []
            self.app.audio.play("warning")
            return
        self.armed = None
        if type(action) is KickTo and self.kick_from is not None and among(action, v.legal):
            card, self.view, self.kick_from = v.kick_card, self.kick_from, None
            super().choose(Kick(card))
        super().choose(action)
        self.tooltip = None  # the card it described has left the hand

    def _take_back(self) -> None:
        """The card picked to kick goes back: the choice of card is open again."""
        if self.kick_from is None:
            return
        self.view, self.kick_from, self.armed, self.dragging = self.kick_from, None, None, False
        self.buttons.buttons = []
        self.app.audio.play("back")

    def tick(self) -> None:
        if self.kick_from is not None and (self.view.phase != rules.KICK_TO or not self.human_turn()):
            self.kick_from = None  # the table moved on (a restore, a new game): the pick is gone with it
        self.flyers = [f for f in self.flyers if self.now - f.t0 < f.duration]
        self.stamps = [s for s in self.stamps if s[2] > self.now]
        if self.breakdown is not None and self.now >= self.panel_until:
            self.breakdown = None

    def _bot_turn(self, seat: int) -> None:
        """As at any table, but a bot's secret REDEAL / KEEP (spec A2b) is taken with no pause, and the table goes on
        in the same frame: the deal is paced the same whether or not a check is pending, so the choice is hidden
        inside the deal animation (only the human's own check is ever shown)."""
        if self.state.phase != rules.REDEAL_CHECK:
            super()._bot_turn(seat)
            return
        if self.ticket is None:
            super()._bot_turn(seat)  # asks the worker
        self.think_since = float("-inf")  # nothing is on show: no BOT_PAUSE
        before = len(self.state.history)
        super()._bot_turn(seat)  # takes the answer once it is in
        if len(self.state.history) > before and not self.timeline.busy:
            self.update(0.0)  # what comes next (a card, the start player's turn) starts in this frame

    # --- telling: event class -> how it is shown (the log line comes first, from log.describe) -----------
    def _fly(self, image, start, end, duration: float, sound: str | None) -> None:
        def go():
            self.flyers.append(Flyer(image, start, end, self.now, self.speed(duration)))
            if sound:
                self.app.audio.play(sound)
        self.timeline.queue(self.speed(duration), go)

    def _on_card_played(self, e: rules.CardPlayed) -> None:
        start = (HAND_X, HAND_Y) if e.seat == self.me else self.badge_center(e.seat)
        rect = self.slot_rect(e.seat, e.card.rank)
        self._fly(card_face(e.card.rank, e.card.suit, rect.width), start, rect.topleft, 0.4, "card")

    def _on_card_drawn(self, e: rules.CardDrawn) -> None:
        end = (HAND_X, HAND_Y) if e.seat == self.me else self.badge_center(e.seat)
        image = card_face(e.card.rank, e.card.suit, 40) if e.known or e.seat == self.me else card_back(40)
        self._fly(image, (CENTER[0] - 20, CENTER[1] - 28), end, 0.32, "slide")

    def _on_card_kicked(self, e: rules.CardKicked) -> None:
        a, b = self.slot_rect(e.seat, e.card.rank), self.slot_rect(e.target, e.card.rank)
        self._fly(card_face(e.card.rank, e.card.suit, b.width), a.topleft, b.topleft, 0.6, "slide")
        self.timeline.queue(0.0, lambda: self._stamp(t("fj.effect.K"), self.badge_center(e.target), theme.ACCENT))

    def _on_card_lost(self, e: rules.CardLost) -> None:
        a = self.slot_rect(e.seat, e.card.rank)
        self._fly(card_face(e.card.rank, e.card.suit, a.width), a.topleft, (CENTER[0] - 28, CENTER[1] - 40), 0.5,
                  "slide")

    def _on_turn_skipped(self, e: rules.TurnSkipped) -> None:
        def go():
            self._stamp(t("fj.skip"), self.badge_center(e.seat), theme.BAD)
            self.app.audio.play("warning")
        self.timeline.queue(self.speed(0.9), go)

    def _on_copied(self, e: rules.Copied) -> None:
        self.timeline.queue(self.speed(0.6), lambda: self._stamp(
            f"A → {e.rank} {t(f'fj.effect.{e.rank}')}", self.badge_center(e.seat), theme.SKY))

    def _on_no_effect(self, e: rules.NoEffect) -> None:
        self.timeline.queue(self.speed(0.4), lambda: self._stamp(t("fj.help.none"), self.badge_center(e.seat),
                                                                  theme.INK_DIM))

    def _on_redeal_called(self, e: rules.RedealCalled) -> None:
        self.timeline.queue(self.speed(1.4), lambda: self._banner(
            said("fj.log.redeal", e.seat, self.names, self.me, cards=" ".join(map(card_text, e.hand))), theme.WARN, "roll"))

    def _on_stuck(self, e: rules.Stuck) -> None:
        """The stuck hand turns face up beside its seat with the banner, before the scores (playtest round 14: it
        was told only in words)."""
        def go() -> None:
            self.stuck = e
            self._banner(stuck_line(e, self.names, self.me), theme.BAD, "back")
        self.timeline.queue(self.speed(1.2), go)

    def caught_up(self) -> None:
        self.stuck = None

    def _on_round_scored(self, e: rules.RoundScored) -> None:
        def go():  # it says "click or Enter to continue", so it waits for that (playtest round 10)
            self.breakdown, self.panel_until, self.scored = e, self.now + self.held(PANEL_TIME), e
            self.app.audio.play("clear")
        self.timeline.queue(self.held(PANEL_TIME), go)

    def _on_sudden_death(self, e: rules.SuddenDeath) -> None:
        def go():
            self.sudden = e
            self.app.audio.play("all_clear")
            for rank in RANKS:
                self.effects.spray(self.slot_rect(e.seat, rank).center, 24)
        self.timeline.queue(self.speed(SUDDEN_TIME), go)

    animations = {
        rules.CardPlayed: _on_card_played, rules.CardDrawn: _on_card_drawn, rules.CardKicked: _on_card_kicked,
        rules.CardLost: _on_card_lost, rules.TurnSkipped: _on_turn_skipped, rules.Copied: _on_copied,
        rules.NoEffect: _on_no_effect, rules.RedealCalled: _on_redeal_called, rules.Stuck: _on_stuck,
        rules.RoundScored: _on_round_scored, rules.SuddenDeath: _on_sudden_death,
        rules.CardDealt: beat(0.04, "card"), rules.TurnBegan: beat(0.05), rules.DealStarted: beat(0.4),
        rules.MarkerPassed: beat(0.3),
    }
    # the round's end holds the table as it was: the stuck hand's banner, then the scores, then the next deal
    reveals = (rules.Stuck, rules.RoundScored)

    def _stamp(self, text: str, where, color) -> None:
        self.stamps.append((text, where, self.now + self.speed(1.0), color))

    @staticmethod
    def _draw_stamp(surface: pygame.Surface, text: str, centre: tuple[int, int], color) -> None:
        """An effect's word stamped on a seat's badge, on a pill of its own: drawn over the badge's name and tags
        bare, it read as neither (playtest round 14)."""
        shown, size = fit(text, 24, 250, True)
        image = render(shown, size, color, True)
        pill = image.get_rect(center=centre).inflate(22, 10)
        panel(surface, pill, theme.BG_DEEP, color)
        surface.blit(image, image.get_rect(center=pill.center))

    def finish(self) -> None:
        totals, winners = list(self.state.totals), list(self.state.winners())
        kind = self.state.result[0]
        names = joined(winners, self.names, self.me)
        if kind == rules.SUDDEN_DEATH:  # spec 5: the points are ignored; the others are listed by totals, no win
            results = [t("fj.result.six") if seat in winners else counted("fj.result.no_win", totals[seat])
                       for seat in range(self.n)]
            ending = t("fj.end.sudden_death", names=names, round=self.state.round_no)
        else:
            results, ending = None, t("fj.end.points", rounds=self.n)
        self.conclude(winners, self.state.statistics()["rounds"], {"scores": totals, "result": self.state.result[0]},
                      totals, lower_wins=False, results=results, ending=ending)

    # --- what the human may do --------------------------------------------------------------------
    def human_turn(self) -> bool:
        return super().human_turn() and self.breakdown is None

    def effect_text(self, rank: str, rows: tuple, source=None) -> str:
        """What effect `rank` (from `source`) would do for the human with these rows, from the view alone."""
        if rules.no_effect(rank, rows, self.me, source, self.view.deck_size):
            return t("fj.help.none")
        if rank in ("J", "Q"):
            return t(f"fj.help.{rank}", name=self.names[(self.me + 1) % self.n])
        if rank == "A":  # which: "you copy an effect on the table" left the player to look for them
            copies = rules.copyable_ranks(rows, self.me, source, self.view.deck_size)
            return t("fj.help.A", effects=listed(t(f"fj.effect.{copied}") for copied in copies))
        return t(f"fj.help.{rank}")

    def play_text(self, card) -> str:
        if rules.completes(self.view.rows[self.me], card):
            return t("fj.help.win")
        return self.effect_text(card.rank, rules.laid(self.view.rows, self.me, card), card)

    def choice_label(self, action) -> str:
        """A kick's first half (the card; its target comes next) as its button says it."""
        return next((label for label, option, _ in self.options() if option == action), str(action))

    def options(self) -> list[tuple[str, object, str]]:
        """(label, action, what it will do) of every choice open to the human now."""
        v = self.view
        labels = []
        for action in v.legal:
            kind, what = type(action), ""
            if kind is Play:
                text = t("fj.play_button", card=card_text(action.card), effect=t(f"fj.effect.{action.card.rank}"))
                what = self.play_text(action.card)
            elif action == STUCK:
                text = t("fj.stuck_button") if v.hand else t("fj.stuck_button_empty")
            elif kind is Lose:
                text = t("fj.lose_button", card=card_text(action.card))
            elif kind is Kick:
                text = t("fj.kick_button", card=card_text(action.card))
            elif kind is KickTo:
                text = t("fj.kick_to_button", name=self.names[action.target])
                if self.gives_sixth(action.target):
                    what = t("fj.sixth", name=self.names[action.target])
                if action == self.armed:
                    text = t("fj.sixth_confirm_button", name=self.names[action.target])
            elif kind is Copy:
                text = t("fj.copy_button", rank=action.rank, effect=t(f"fj.effect.{action.rank}"))
                what = self.effect_text(action.rank, v.rows, v.source)
            else:
                text = t("fj.redeal_button") if action == REDEAL else t("fj.keep_button")
            labels.append((text, action, what))
        if v.phase in (rules.LOST, rules.KICK):  # a row's cards by rank, as the row shows them (playtest round 24)
            labels.sort(key=lambda option: RANKS.index(option[1].card.rank))
        if self.kick_from is not None and len(self.kick_from.legal) > 1:
            labels.append((t("fj.kick_back_button"), TAKE_BACK, ""))
        return labels

    def default_choice(self, actions: list) -> int:
        """The button Enter presses at first: the rules bot's choice (Easy without its noise), so a hasty Enter
        never plays the first card whatever it does. (After a 10 it rested on losing the 10 itself, which a
        playtest saw leave the hand with nothing to play next turn where the bot keeps a playable rank.)"""
        v = self.view
        if v.phase in (rules.PLAY, rules.LOST, rules.KICK, rules.KICK_TO, rules.COPY) and len(actions) > 1:
            # the rules bot reads only what the seat may know, so any world drawn from the view gives its choice
            advice = bots.decide(rules.from_view(v, Random(0)))
            if advice in actions:
                return actions.index(advice)
        return 0

    def focused_action(self):
        """The action of the button with the keyboard focus (lit on the table too), or None."""
        if not self.human_turn() or not self.buttons.buttons:
            return None
        index = self.buttons.focus
        return self.offered[index] if 0 <= index < len(self.offered) else None

    def _refresh_buttons(self) -> None:
        options = self.options()[:5]
        if len(self.buttons.buttons) == len(options) and all(
                b.label == label for b, (label, _, _) in zip(self.buttons.buttons, options, strict=True)):
            return
        top = ACTIONS.y + 84
        self.hints = [what for _, _, what in options]
        self.offered = [action for _, action, _ in options]
        default = self.default_choice(self.offered)
        self.buttons.buttons = [
            Button(pygame.Rect(ACTIONS.x + 10, top + i * 34, ACTIONS.width - 20, 30), label,
                   lambda a=action: self.choose(a), size=15, primary=i == default)
            for i, (label, action, _) in enumerate(options)]
        self.buttons.focus = default
        self.place_actions()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if self.breakdown is not None and self._dismiss(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
            return
        if not self.human_turn():
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return
        self.buttons.handle(event)

    def _dismiss(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.panel_until = self.now
            self.breakdown = None
            if self.timeline.beats:
                self.timeline.beats[0].duration = 0.0
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        v = self.view
        if self.kick_from is not None:  # a card of your row picked to kick: that card again, or another, instead
            for action in self.kick_from.legal:
                if self.slot_rect(self.me, action.card.rank).collidepoint(pos):
                    self._take_back()
                    if action.card != v.kick_card:
                        self.dragging = True
                        self.choose(action)
                    return True
        action = self.table_action(pos)
        if action is None:
            return self._refuse(pos)
        self.dragging = type(action) is Kick
        self.choose(action)
        return True

    def _offered_index(self, action) -> int | None:
        """The button of `action` among those shown, or None."""
        shown = self.offered[:len(self.buttons.buttons)]
        return shown.index(action) if action is not None and action in shown else None

    def table_action(self, pos: tuple[int, int]):
        """The choice open now that the card or player at `pos` on the table makes, or None."""
        v = self.view
        for action in v.legal:
            kind = type(action)
            if kind is Play and self.hand_rect(action.card).collidepoint(pos):
                return action
            if kind in (Lose, Kick) and self.slot_rect(self.me, action.card.rank).collidepoint(pos):
                return action
            if kind is KickTo and self.target_rect(action.target).collidepoint(pos):
                return action
            if kind is Copy and any(self.slot_rect(s, action.rank).collidepoint(pos)
                                    for s in range(self.n) if any(c.rank == action.rank for c in v.rows[s])):
                return action
        return None

    def _refuse(self, pos: tuple[int, int]) -> bool:
        """A click on a card of a row that is not a choice now: say why, rather than nothing (True: taken)."""
        v = self.view
        if v.phase not in (rules.KICK, rules.COPY, rules.LOST):
            return False
        hit = next((card for seat in range(self.n) for card in v.rows[seat]
                    if self.slot_rect(seat, card.rank).collidepoint(pos)), None)
        if hit is None:
            return False
        self.app.audio.play("error")
        mine = hit in v.rows[self.me]
        if v.phase == rules.KICK and mine and hit != v.source:
            self.log.add(t("fj.no_taker", rank=hit.rank), theme.BAD)
        else:
            self.log.add(t("fj.not_lit"), theme.BAD)
        return True

    def _release(self, pos: tuple[int, int]) -> None:
        """The end of a drag: a kicked card dropped on a lit player."""
        if not self.dragging:
            return
        self.dragging = False
        if self.human_turn() and self.view.phase == rules.KICK_TO:
            for action in self.view.legal:
                if self.target_rect(action.target).collidepoint(pos):
                    self.choose(action)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.tooltip = None
        v = self.view
        if v.to_move != self.me or self.autoplay:
            return
        # the choice under the mouse takes the focus, as a button's does: Enter and the panel's "What happens"
        # follow it, not the rules bot's play lit at first (playtest round 21b), a copyable card's too
        index = self._offered_index(self.table_action(pos)) if self.human_turn() else None
        if index is not None and index != self.buttons.focus:
            self.buttons.focus = index
            self.buttons.on_move()
        for card in v.hand:
            rect = self.hand_rect(card)
            if rect.collidepoint(pos):
                if rules.dead(v.rows[self.me], card):
                    self.tooltip = (t("fj.dead"), (rect.centerx, rect.y - 8), theme.BAD)
                else:
                    text = t("fj.hover", card=card_text(card), effect=t(f"fj.effect.{card.rank}"),
                             what=self.play_text(card))
                    self.tooltip = (text, (rect.centerx, rect.y - 8), theme.WARN)
                return

    # --- in the replay theatre --------------------------------------------------------------------
    round_events = (rules.DealStarted,)
    holds_secrets = True

    def begins_round(self, event) -> bool:
        """A deal begins a round; a redeal deals the same round again (playtest round 18b: "Round 4" of three)."""
        return isinstance(event, rules.DealStarted) and not event.redeal

    def secrets(self, seat: int) -> list[str]:
        """The hand (the cards under the deck lie open to all)."""
        return [t("fj.secret.hand", cards=" ".join(card_text(card) for card in self.state.hand[seat]) or "—")]

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def badge_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 190, 64)
        rect.center = self.badge_center(seat)
        return rect

    def row_width(self, seat: int) -> int:
        return ROW_W if seat == self.me else BOT_ROW_W

    def slot_rect(self, seat: int, rank: str) -> pygame.Rect:
        """Where a card of `rank` lies in the seat's row: six fixed slots, 9 to A."""
        width = self.row_width(seat)
        gap = 6 if seat == self.me else 4
        total = 6 * width + 5 * gap
        if seat == self.me:
            left, top = 490 - total // 2, 432
        else:
            x, y = self.anchors[seat]
            left, top = x - total // 2, y + 38
        return pygame.Rect(left + RANKS.index(rank) * (width + gap), top, width, int(width * 1.42))

    def target_rect(self, seat: int) -> pygame.Rect:
        """A kick target: the seat's badge and its row together."""
        return self.badge_rect(seat).union(self.slot_rect(seat, "9")).union(self.slot_rect(seat, "A"))

    def hand_step(self) -> int:
        """The distance between the cards of your hand: closer as it grows."""
        return min(HAND_W + 10, 640 // max(1, len(self.view.hand)))

    def hand_rect(self, card) -> pygame.Rect:
        hand = self.view.hand
        step = self.hand_step()
        left = HAND_X - (step * (len(hand) - 1) + HAND_W) // 2
        index = hand.index(card) if card in hand else 0
        return pygame.Rect(left + index * step, HAND_Y, HAND_W, int(HAND_W * 1.42))

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt_table((20, 80, 940, 520)), (0, 0))
        self._draw_header(surface)
        self._draw_scores(surface)
        self._draw_deck(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        self._draw_stuck_hand(surface)
        self._draw_hand(surface)
        self._draw_kick_line(surface)
        for flyer in self.flyers:
            surface.blit(flyer.image, flyer.pos(self.now))
        for text, (x, y), _, color in self.stamps:
            self._draw_stamp(surface, text, (x, y), color)
        self.log.draw(surface)
        self.draw_actions(surface)
        self.effects.draw(surface, self.now, BANNER_AT)
        if self.breakdown is not None and self.now < self.panel_until:
            self._draw_breakdown(surface, self.breakdown)
        if self.sudden is not None and not self.over:  # the final table shows the winner's row, not the banner over it
            self._draw_sudden(surface, self.sudden)
        if self.tooltip and self.human_turn():  # only while the hovered hand is the human's to play
            text, pos, color = self.tooltip
            lines = wrap(text, 17, 460, True)
            width = max(render(line, 17, color, True).get_width() for line in lines)  # as wide as its words
            box = pygame.Rect(0, 0, width + 20, 24 * len(lines) + 10)
            box.midbottom = (min(max(pos[0], 250), 730), pos[1])
            panel(surface, box, theme.BG_DEEP, color)
            for i, line in enumerate(lines):
                blit(surface, line, 17, (box.x + 10, box.y + 6 + i * 24), color, True)

    def _draw_header(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 22, (16, 12), theme.ACCENT, True)
        shown = self.breakdown.round_no if self.breakdown is not None else v.round_no  # the round on the panel
        blit(surface, t("fj.round", round=shown, rounds=self.n), 18, (16, 42), theme.INK, True)
        if self.autoplay:
            blit(surface, t("ds.demo"), 16, (16, 66), theme.SKY, True)

    def round_points(self) -> list[list[int]]:
        """Each scored round's points by seat, a round's as soon as its scores show (the badges' totals with them)."""
        v = self.view
        rounds = [list(scores) for scores in v.round_scores]
        scored = self.scored
        if scored is not None and scored.round_no == v.round_no and len(rounds) < scored.round_no:
            rounds.append([score.points for score in scored.scores])  # on show before the view has it
        return rounds

    def _draw_scores(self, surface: pygame.Surface) -> None:
        """The score table of spec 10 in the table's top right corner: each round's points and the total per player
        (playtest round 21b: once the round's panel closed, only the totals stayed, on the badges)."""
        rounds = self.round_points()
        now = self.breakdown.round_no if self.breakdown is not None else self.view.round_no
        step, name_w, total_w = 36, 96, 52
        area = pygame.Rect(0, 0, 16 + name_w + step * self.n + total_w, 25 + 17 * self.n)
        area.topright = (TABLE.right - 6, 8)
        panel(surface, area, theme.BG_DEEP, theme.FELT_EDGE)
        x0 = area.x + 8 + name_w + step // 2
        for r in range(self.n):
            color = theme.ACCENT if r + 1 == now else theme.INK_DIM
            blit(surface, t("fj.col.r", round=r + 1), 14, (x0 + step * r, area.y + 4), color, True, "midtop")
        blit(surface, t("fj.col.total"), 14, (area.right - 8, area.y + 4), theme.INK_DIM, True, "topright")
        for seat in range(self.n):
            y = area.y + 21 + 17 * seat
            name, size = fit(self.names[seat], 14, name_w - 4, True, 11)
            blit(surface, name, size, (area.x + 8, y), theme.ACCENT if seat == self.me else theme.INK, True)
            for r, points in enumerate(rounds):
                blit(surface, f"+{points[seat]}", 14, (x0 + step * r, y), theme.INK, False, "midtop")
            blit(surface, str(self.shown_total(seat)), 14, (area.right - 8, y), theme.WARN, True, "topright")

    def _draw_deck(self, surface: pygame.Surface) -> None:
        v = self.view
        deck = pygame.Rect(0, 0, 56, 79)
        deck.center = CENTER
        if v.deck_size:
            for k in range(min(3, v.deck_size)):
                surface.blit(card_back(56), (deck.x - 2 * k, deck.y - 2 * k))
        else:
            pygame.draw.rect(surface, theme.FELT_EDGE, deck, 2, border_radius=7)
        blit(surface, t("fj.deck", n=v.deck_size), 18, (deck.centerx, deck.bottom + 4), theme.INK, True, "midtop")
        if v.bottom:  # the known cards under the deck, fanned closer as they grow, clear of the rows beside it
            x = deck.right + 16
            band = pygame.Rect(x, deck.y - 4, theme.WIDTH, 70)
            beside = [self.slot_rect(seat, rank) for seat in range(self.n) for rank in RANKS] + self._stuck_rects()
            room = min([rect.left for rect in beside if rect.colliderect(band)] + [LOG.left]) - 8 - x
            used = block(surface, t("fj.under"), 14, pygame.Rect(x, deck.y - 4, room, 36), theme.WARN, smallest=11)
            step = min(36.0, (room - 32) / max(1, len(v.bottom) - 1))
            for i, card in enumerate(v.bottom):
                surface.blit(card_face(card.rank, card.suit, 32), (x + round(i * step), deck.y + used))

    def _stuck_rects(self) -> list[pygame.Rect]:
        """Where a stuck player's revealed hand lies, face up beside its badge on the table's side (none while it is
        not on show, or yours, which is in view)."""
        if self.stuck is None or self.stuck.seat == self.me or not self.stuck.hand:
            return []
        seat = self.stuck.seat
        badge = self.badge_rect(seat)
        beside = badge.unionall([self.slot_rect(seat, rank) for rank in RANKS])  # clear of the badge and the row
        width = 44 * len(self.stuck.hand) - 4
        size = card_face(self.stuck.hand[0].rank, self.stuck.hand[0].suit, 40).get_size()
        left = beside.right + 8 if badge.centerx <= CENTER[0] else beside.left - 8 - width
        top = badge.centery - 28
        if abs(top + 28 - BANNER_AT[1]) < 60:  # in the banner's band: under the seat's row if nothing is there,
            # clear of the known cards under the deck (playtest round 24)
            under = pygame.Rect(beside.left if badge.centerx <= CENTER[0] else beside.right - width,
                                beside.bottom + 8, width, size[1])
            others = [rect for q in range(self.n) if q != seat
                      for rect in (self.badge_rect(q), *(self.slot_rect(q, rank) for rank in RANKS))]
            if under.collidelist(others) < 0:
                left, top = under.topleft
            else:
                top = BANNER_AT[1] + 34
        return [pygame.Rect((left + 44 * i, top), size) for i in range(len(self.stuck.hand))]

    def _draw_stuck_hand(self, surface: pygame.Surface) -> None:
        """The stuck player's revealed hand where `_stuck_rects` puts it (the known cards under the deck keep clear
        of it, playtest round 24)."""
        for card, rect in zip(self.stuck.hand if self.stuck else (), self._stuck_rects(), strict=False):
            surface.blit(card_face(card.rank, card.suit, 40), rect)
            pygame.draw.rect(surface, theme.BAD, rect.inflate(4, 4), 2, border_radius=5)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        active = v.to_move == seat
        thinking = self.ticket is not None and active
        hand = None if seat == self.me else v.hand_sizes[seat]
        rect = draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                               str(self.shown_total(seat)), hand, active, thinking, self.now)
        self._draw_row(surface, seat)
        if v.phase == rules.KICK_TO and v.to_move == self.me and seat != self.me:
            self._draw_target(surface, seat)  # under the tag and the label above the badge, which stay readable
        if v.start == seat:
            tag = pygame.Rect(rect.right - 58, rect.y - 14, 52, 20)
            pygame.draw.rect(surface, theme.WARN, tag, border_radius=8)
            blit(surface, t("fj.start_short"), 14, tag.center, theme.BG_DEEP, True, "center")
        known = v.known_in_hand[seat]
        if known and seat != self.me:
            room = rect.width - (66 if v.start == seat else 8)  # left of the start tag, if any
            label, size = fit(t("fj.known", cards=" ".join(map(card_text, known))), 14, room, True, 11)
            image = render(label, size, theme.WARN, True)
            box = image.get_rect(bottomleft=(rect.x + 4, rect.y - 3)).inflate(8, 2)
            pygame.draw.rect(surface, theme.BG_DEEP, box, border_radius=5)  # readable over a target's frame
            surface.blit(image, image.get_rect(center=box.center))

    def shown_total(self, seat: int) -> int:
        """The seat's total on its badge: with the round's scores on show, the total they make (playtest round 10:
        the badges kept the old totals until the next deal) until the view has them, else the view's."""
        scored = self.scored
        return scored.totals[seat] if scored is not None and scored.round_no == self.view.round_no \
            else self.view.totals[seat]

    def _row_style(self, seat: int, card) -> str:
        v = self.view
        if self.sudden is not None and self.sudden.seat == seat:
            return "glow"
        if not self.human_turn():
            return "normal"
        if self.kick_from is not None and card == v.kick_card:
            return "normal"  # the card picked to kick: framed (the others stay lit, to pick instead)
        legal = v.legal if self.kick_from is None else self.kick_from.legal
        if seat == self.me and (among(Lose(card), legal) or among(Kick(card), legal)):
            return "lit"
        if among(Copy(card.rank), legal):
            return "lit"
        if v.phase in (rules.LOST, rules.KICK, rules.COPY):
            return "dim"
        return "normal"

    def _draw_row(self, surface: pygame.Surface, seat: int) -> None:
        row = {card.rank: card for card in self.view.rows[seat]}
        for rank in RANKS:
            rect = self.slot_rect(seat, rank)
            card = row.get(rank)
            if card is None:
                surface.blit(empty_slot(rank, rect.width), rect)
                continue
            style = self._row_style(seat, card)
            surface.blit(card_face(card.rank, card.suit, rect.width, style), rect)
            if style == "lit":
                shade = tuple(int(c * (0.55 + 0.45 * pulse(self.now, 1.0))) for c in theme.ACCENT)
                pygame.draw.rect(surface, shade, rect.inflate(6, 6), 3, border_radius=8)
            focused = self.focused_action()
            if seat == self.me and type(focused) in (Lose, Kick) and focused.card == card:  # the keyboard focus
                pygame.draw.rect(surface, theme.INK, rect.inflate(12, 12), 3, border_radius=10)
            if self.view.kick_card == card and self.view.phase == rules.KICK_TO:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 4, border_radius=9)

    def _draw_target(self, surface: pygame.Surface, seat: int) -> None:
        """A kick target lit, or greyed with the reason; a warning where the kick gives the sixth rank."""
        v = self.view
        rect = self.target_rect(seat).inflate(12, 10)
        card = v.kick_card
        if among(KickTo(seat), v.legal):
            shade = tuple(int(c * (0.5 + 0.5 * pulse(self.now, 0.9))) for c in theme.ACCENT)
            pygame.draw.rect(surface, shade, rect, 4, border_radius=14)
            if self.focused_action() == KickTo(seat):  # the keyboard focus
                pygame.draw.rect(surface, theme.INK, rect.inflate(10, 10), 3, border_radius=16)
            if self.gives_sixth(seat):
                warning = "fj.sixth_confirm" if self.armed == KickTo(seat) else "fj.sixth"
                blit(surface, t(warning, name=self.names[seat]), 15, (rect.centerx, rect.bottom + 2), theme.BAD,
                     True, "midtop")
        else:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((10, 12, 20, 150))
            surface.blit(shade, rect)
            blit(surface, t("fj.has_rank", rank=card.rank), 15, (rect.centerx, rect.bottom + 2), theme.INK_DIM,
                 True, "midtop")

    def _draw_kick_line(self, surface: pygame.Surface) -> None:
        v = self.view
        if v.phase == rules.KICK_TO and v.to_move == self.me and self.dragging and v.kick_card is not None:
            start = self.slot_rect(self.me, v.kick_card.rank).center
            pygame.draw.line(surface, theme.ACCENT, start, self.mouse, 4)
            face = card_face(v.kick_card.rank, v.kick_card.suit, 40)
            surface.blit(face, (self.mouse[0] - 20, self.mouse[1] - 28))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        v = self.view
        playing = self.human_turn() and v.phase == rules.PLAY
        focused = self.focused_action()
        for card in v.hand:
            rect = self.hand_rect(card)
            dead = rules.dead(v.rows[self.me], card)
            style = "dead" if dead else "lit" if playing else "normal"
            keyed = type(focused) is Play and focused.card == card  # the keyboard focus: raised and outlined
            if playing and not dead and (keyed or rect.collidepoint(self.mouse)):
                rect = rect.move(0, -14)
            if keyed:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            surface.blit(card_face(card.rank, card.suit, HAND_W, style), rect)
            if dead:
                width = self.hand_step() - 4  # within the card's step: neighbours' labels stay apart
                block(surface, t("fj.dead"), 13, pygame.Rect(rect.centerx - width // 2, rect.bottom + 1, width, 36),
                      theme.BAD, True, 10, "midtop")

    def panel_notes(self) -> list[Note]:
        """What the button under the mouse (or with the focus) would do next, in words."""
        if not self.human_turn() or not self.buttons.buttons:
            return []
        index = self.buttons.hover if self.buttons.hover is not None else self.buttons.focus
        hint = self.hints[index] if 0 <= index < len(self.hints) else ""
        return [Note(t("fj.then", what=hint), bold=True)] if hint else []

    def panel_reserve(self) -> list[Note] | None:
        """Room for the longest of the buttons' hints, so the panel stays put as the mouse moves."""
        if not self.human_turn():
            return None
        return self.actions.roomiest([Note(t("fj.then", what=hint), bold=True) for hint in self.hints if hint])

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """What the human should do now, or who is doing what."""
        v = self.view
        if self.breakdown is not None:  # the round-score panel waits for a click (or its time)
            return t("fj.breakdown_wait", round=self.breakdown.round_no), theme.WARN
        if v.to_move == TERMINAL:
            return t("fj.game_over"), theme.WARN
        if not self.human_turn():
            if self.coming.round_no != v.round_no or self.coming.to_move == TERMINAL:  # the end on show (round 10)
                return t("fj.round_over"), theme.INK_DIM
            if v.to_move == CHANCE or v.to_move < 0:  # a 9's or a Q's draw is no deal (playtest round 9)
                return t("fj.drawing" if v.phase == rules.DRAW else "fj.dealing"), theme.INK_DIM
            return self.waiting("fj.waiting", v.to_move)
        phase = v.phase
        if phase == rules.PLAY:
            if STUCK not in v.legal:
                return t("fj.your_turn"), theme.ACCENT
            return (t("fj.stuck_prompt") if v.hand else t("fj.stuck_prompt_empty")), theme.BAD
        if phase == rules.LOST:
            return t("fj.lost_prompt"), theme.ACCENT
        if phase == rules.KICK:
            return t("fj.kick_prompt"), theme.ACCENT
        if phase == rules.KICK_TO:
            if len(v.legal) == self.n - 1:  # every rival can take it: nobody is greyed
                return t("fj.kick_to_any_prompt", card=card_text(v.kick_card)), theme.ACCENT
            return t("fj.kick_to_prompt", card=card_text(v.kick_card), rank=v.kick_card.rank), theme.ACCENT
        if phase == rules.COPY:
            return t("fj.copy_prompt"), theme.ACCENT
        return t("fj.redeal_prompt", rank=v.hand[0].rank if v.hand else ""), theme.ACCENT

    def _draw_breakdown(self, surface: pygame.Surface, event) -> None:
        """Each player's tally: row, cards (½ for the ender), largest suit and bonus, round points, total."""
        # the table beneath steps back: a seat's badge showing past the panel's edge read as a fault (round 14)
        dim(surface, 150, TABLE)
        area = pygame.Rect(0, 0, 940, 136 + 60 * self.n)
        area.center = (490, 340)
        panel(surface, area, theme.BG_DEEP, theme.WARN)
        blit(surface, t("fj.breakdown_title", round=event.round_no, rounds=self.n), 28,
             (area.centerx, area.y + 12), theme.WARN, True, "midtop")
        cols = (area.x + 20, area.x + 190, area.x + 470, area.x + 620, area.x + 770, area.x + 860)
        for x, key in zip(cols[1:], ("fj.col.row", "fj.col.cards", "fj.col.suit", "fj.col.round", "fj.col.total"),
                          strict=True):
            blit(surface, t(key), 16, (x, area.y + 56), theme.INK_DIM, True)
        previous = [total - score.points for total, score in zip(event.totals, event.scores, strict=True)]
        for seat, score in enumerate(event.scores):
            y = area.y + 84 + seat * 60
            ender = seat == event.ender
            if ender:
                pygame.draw.rect(surface, (70, 30, 36), (area.x + 10, y - 4, area.width - 20, 56), border_radius=8)
            revealed = self.stuck is not None and self.stuck.seat == seat and ender and self.stuck.hand
            blit(surface, self.names[seat], 20, (cols[0], y + (12 if revealed else 22)), theme.INK, True, "midleft")
            if revealed:  # the stuck hand, shown on the table a moment ago, stays in view (playtest round 14)
                hand = t("fj.breakdown_hand", cards=" ".join(map(card_text, self.stuck.hand)))
                shown, size = fit(hand, 14, cols[1] - cols[0] - 8)
                blit(surface, shown, size, (cols[0], y + 36), theme.BAD, False, "midleft")
            for i, card in enumerate(event.rows[seat]):
                surface.blit(card_face(card.rank, card.suit, 34), (cols[1] + i * 38, y))
            cards = f"{score.cards} → {score.base}" if ender else str(score.cards)
            blit(surface, cards, 20, (cols[2], y + 10), theme.INK, True)
            if ender:
                blit(surface, t("fj.halved"), 14, (cols[2], y + 34), theme.BAD, True)
            if score.largest:
                suit = f"{score.largest}×{SUIT_SYMBOL[score.suit]}  +{score.bonus}"
                blit(surface, suit, 20, (cols[3], y + 10), theme.INK, True)
            blit(surface, f"+{score.points}", 24, (cols[4], y + 8), theme.GOOD, True)
            blit(surface, f"{previous[seat]} → {event.totals[seat]}", 18, (cols[5], y + 12), theme.WARN, True)
        blit(surface, t("fj.continue"), 15, (area.centerx, area.bottom - 8), theme.INK_DIM, anchor="midbottom")

    def _draw_sudden(self, surface: pygame.Surface, event) -> None:
        """The sudden-death celebration: a big banner with the six ranks glowing."""
        area = pygame.Rect(0, 0, 760, 214)
        area.center = (490, 330)
        shade = tuple(int(c * (0.7 + 0.3 * pulse(self.now, 0.8))) for c in theme.WARN)
        panel(surface, area, theme.BG_DEEP, shade)
        pygame.draw.rect(surface, shade, area.inflate(10, 10), 3, border_radius=16)
        name = said("fj.sudden_banner", event.seat, self.names, self.me)
        blit(surface, name, 44, (area.centerx, area.y + 14), shade, True, "midtop")
        blit(surface, t("fj.sudden_sub"), 20, (area.centerx, area.y + 74), theme.INK, True, "midtop")
        cards = sorted(event.row, key=lambda c: RANKS.index(c.rank))
        for i, card in enumerate(cards):
            lift = int(8 * pulse(self.now + i * 0.12, 0.9))
            surface.blit(card_face(card.rank, card.suit, 60, "glow"), (area.centerx - 200 + i * 68, area.y + 112 - lift))


