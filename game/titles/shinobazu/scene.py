"""Shinobazu at the table: you (seat `me`) against two to four computer ninjas.

The scene draws only from `view(self.me)` (your seat) and from events told as the human may see them; bots think in the
app's worker process and are paced by the animation-speed setting. A showdown or duel is shown where it lies: each
stack turns face up at its seat, then the result (reversals counted, totals, who wins and who loses) until the player
clicks or it has been on show long enough; only then do the scores, the header and the table move on (the table
loop holds them behind the reveal). "Last showdown" lays the last one out again in a panel.
"""

from __future__ import annotations

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene, beat
from game.core.engine import CHANCE, TERMINAL
from game.services.i18n import counted, joined, person, said, sentences, t
from game.titles.shinobazu import rules
from game.titles.shinobazu.cards import (
    SUITS,
    TEXT_MARKS,
    card_back,
    card_face,
    draw_symbol,
    sideways,
    value_text,
)
from game.titles.shinobazu.log import card_name, cards_text, describe
from game.titles.shinobazu.rules import ACCEPT, FIGHT, NO_CHALLENGE, PASS, REFUSE, Card, FaceDown
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import draw_seat_badge, felt_table
from game.ui.text import blit, block, marked, render
from game.ui.tween import pulse
from game.ui.widgets import Button, panel

TABLE = pygame.Rect(0, 0, 980, 720)
CENTER = (490, 350)
HAND_Y = 574
HAND_W = 88
TABLE_W = 56
LOG = pygame.Rect(992, 14, 276, 380)
ACTIONS = pygame.Rect(992, 404, 276, 302)
SEAT_0 = (120, 650)
STACK_0 = (490, 480)
TURN = 0.55  # seconds for one stack to turn face up (scaled)
RESULT = 5.0  # seconds the result stays in a demo or a replay before the scores change (scaled); a player goes on
GRACE = 1.5  # seconds after a result closes by itself in which a click or Enter only meant "go on" (not scaled)
LAST = pygame.Rect(980 - 20 - 190, 62, 190, 32)  # the "last showdown" button


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return ShinobazuScene.from_setup(app, setup, autoplay, save)


class ShinobazuScene(TableScene):
    """One game of Shinobazu: plays, forces, stances, showdowns, duels, to the final ranking."""

    title_slug, rules = "shinobazu", rules
    describe = staticmethod(describe)
    LOG_RECT, ACTIONS_RECT = LOG, ACTIONS

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.selected: Card | None = None  # the lit card: the first playable one until the player picks
        self.picked = False  # whether the player chose `selected` (else it is the keyboard focus from the start)
        self.offered: list = []  # the actions of the buttons on show
        self.pointer: tuple[int, int] | None = None  # where the mouse last was
        self.face_up: dict[int, tuple[Card, ...]] = {}  # stacks turned face up by the reveal on show
        self.closed_at = -GRACE  # when the last result closed by itself
        self.result = None  # the Showdown or Duel whose result is on show at the seats
        self.reveal_title = "sb.showdown_title"  # what the cards turned face up are for: a showdown, a duel...
        self.reveal_lead: str | None = None  # the lead colour of the showdown or duel on show, once it is told
        self.last = None  # the last Showdown or Duel, for the "last showdown" panel
        self.review = False  # the "last showdown" panel is open
        self.last_button = Button(LAST, t("sb.last_showdown"), self._open_review, size=16)

    def apply(self, action) -> None:
        """As at any table; but the round's last card, played or declared, lies on the table while the showdown it
        set off plays: the table held back for the reveal shows the moment after that card, not before it (a
        newcomer saw the last card never reach the table, playtest round 13)."""
        self.selected = None
        before = self.view
        laid = rules.laid_view(self.state, action, self.me) if type(action) in (rules.PlayOwn, rules.Declare) \
            else None
        super().apply(action)
        if laid is not None and self.view is before:  # held for a reveal
            self.view = laid

    def language_changed(self) -> None:
        super().language_changed()
        self.last_button.label = t("sb.last_showdown")

    # --- telling: event class -> how it is shown (the log line comes first, from log.describe) ---------------
    def _on_revealed(self, event: rules.Revealed) -> None:
        def turn() -> None:
            self.face_up[event.seat] = event.cards
            self.app.audio.play("card")
        self.timeline.queue(self.speed(TURN), turn)

    def _on_challenged(self, event: rules.Challenged) -> None:
        """The duel banner (spec 10: 不忍勝負!), held long enough to read: a duel between two bots went by in a
        second (playtest round 13)."""
        def challenge() -> None:
            text = said("sb.duel_banner", event.seat, self.names, self.me,
                        passer=person(event.target, self.names, self.me))
            self._banner(text, theme.WARN, "warning")
        self.timeline.queue(self.speed(1.4), challenge)

    def _on_duel_accepted(self, event: rules.DuelAccepted) -> None:
        self.timeline.queue(0.0, lambda: setattr(self, "reveal_title", "sb.duel_title"))

    def _on_duel_refused(self, event: rules.DuelRefused) -> None:
        def refuse() -> None:
            self.reveal_title = "sb.refused_title"
            self._banner(said("sb.refused_banner", event.seat, self.names, self.me, n=event.cost), theme.SKY, "back")
        self.timeline.queue(self.speed(1.2), refuse)

    def _on_panel(self, event: rules.Showdown | rules.Duel) -> None:
        """The result waits for the player to go on (its panel says so): closing by itself, it let an Enter meant
        for it fall on the decision that came next (playtest round 9). A demo or a replay goes on by itself."""
        self.timeline.queue(self.held(RESULT), lambda: self._show_result(event))

    def _on_score(self, event: rules.ScoreChanged) -> None:
        if event.delta:
            self.timeline.queue(0.0, lambda: self._score_popup(event))

    def _on_three(self, event: rules.ThreeTechnique) -> None:
        self.timeline.queue(self.speed(1.0), lambda: self._banner(t("sb.three"), theme.WARN, "set"))

    def _on_lone(self, event: rules.LoneFighterLeaves) -> None:
        def leave() -> None:
            self.face_up[event.seat] = ()  # the lone fighter's cards go to the discard pile
            self.reveal_lead = event.lead  # the heading names the new lead as the log does (playtest round 13)
            self._banner(said("sb.lone", event.seat, self.names, self.me), theme.SKY, "slide_out")
        self.timeline.queue(self.speed(1.2), leave)

    animations = {
        rules.CardDealt: beat(0.06, "card"), rules.CardPlayed: beat(0.35, "card"),
        rules.CardForced: beat(0.4, "slide"), rules.Declared: beat(0.3, "pick"),
        rules.Challenged: _on_challenged, rules.DuelAccepted: _on_duel_accepted,
        rules.DuelRefused: _on_duel_refused,
        rules.RoundStarted: beat(0.5), rules.Reshuffled: beat(0.6, "roll"), rules.GameOver: beat(2.0, "game_over"),
        rules.Showdown: _on_panel, rules.Duel: _on_panel, rules.ScoreChanged: _on_score,
        rules.ThreeTechnique: _on_three, rules.LoneFighterLeaves: _on_lone, rules.Revealed: _on_revealed,
    }
    reveals = (rules.Revealed, rules.LoneFighterLeaves, rules.ThreeTechnique, rules.Showdown, rules.Duel)

    def _show_result(self, event) -> None:
        if isinstance(event, rules.Duel):  # the challenger's stack was face up already: no reveal turned it over,
            for seat, cards in zip((event.challenger, event.passer), event.stacks, strict=True):  # but it is judged
                self.face_up.setdefault(seat, cards)
        self.result = self.last = event
        self.reveal_lead = event.lead
        self.review = False
        self.app.audio.play("set" if isinstance(event, rules.Duel) else "clear")

    def caught_up(self) -> None:
        if self.result is not None:  # it closed as the player may have been reaching to close it
            self.closed_at = self.now
        self.face_up, self.result, self.reveal_title, self.reveal_lead = {}, None, "sb.showdown_title", None

    @property
    def revealing(self) -> bool:
        """Whether a reveal is on show at the seats (cards face up, or the result)."""
        return bool(self.face_up) or self.result is not None

    def _asks_review(self, event: pygame.event.Event) -> bool:
        """Whether `event` opens the "last showdown" panel (L, or a click on its button)."""
        return self.last is not None and not self.revealing and self.asks_last(event, LAST)

    def handle_final(self, event: pygame.event.Event) -> bool:
        """At the finished table the last showdown still opens (L or its button); any key or click closes it."""
        if self.review and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.review = False
            return True
        if self._asks_review(event):
            self._open_review()
            return True
        return False

    def _open_review(self) -> None:
        if self.last is not None and not self.revealing:
            self.review = True
            self.app.audio.play("menu_select")

    def _score_popup(self, event) -> None:
        pos = self.badge_center(event.seat)
        color = theme.BAD if event.delta > 0 else theme.GOOD
        self.effects.popup(f"{event.delta:+d}", (pos[0], pos[1] - 40), self.now, 34, color)
        self.app.audio.play("hit" if event.delta > 0 else "pick")

    def finish(self) -> None:
        scores, winners = list(self.state.scores), list(self.state.winners())
        enders = joined(rules.enders(scores), self.names, self.me)
        self.conclude(winners, self.state.rounds, {"scores": scores}, scores,
                      ending=t("sb.end", names=enders, n=rules.END_SCORE))

    # --- human decisions --------------------------------------------------------------------------
    def human_turn(self) -> bool:
        return super().human_turn() and not self.review

    def options(self) -> list[tuple[str, object]]:
        """(label, action) of every choice open to the human now (the selected card's, in PLAY)."""
        legal = list(self.view.legal)
        phase = self.view.phase
        if phase == "play":
            if self.selected is None:
                return []
            return [(self._label(a), a) for a in legal if a.card == self.selected]
        return [(self._label(a), a) for a in legal]

    def _label(self, action) -> str:
        if isinstance(action, rules.PlayOwn):
            return t("sb.play_fight") if action.stance == FIGHT else t("sb.play_pass")
        if isinstance(action, rules.Force):
            return t("sb.force_on", name=self.names[action.target])
        if isinstance(action, rules.Declare):
            return t("sb.fight") if action.stance == FIGHT else t("sb.pass")
        if isinstance(action, rules.Challenge):
            return t("sb.challenge", name=self.names[action.target], n=rules.stack_size(self.view, action.target))
        if action == NO_CHALLENGE:
            return t("sb.no_duel")
        if action == ACCEPT:
            return t("sb.accept")
        if action == REFUSE:
            return counted("sb.refuse", rules.stack_size(self.view, self.me))
        return str(action)

    def _refresh_buttons(self) -> None:
        playable = rules.playable_cards(self.view) if self.view.phase == "play" else ()
        if playable and self.selected not in playable:  # a visible focus from the start: the first lit card
            self.selected, self.picked = playable[0], False
        options = self.options()
        actions = [action for _, action in options]  # the labels name no card: another card, other actions
        if self.offered == actions and len(self.buttons.buttons) == len(options) and all(
                b.label == label for b, (label, _) in zip(self.buttons.buttons, options, strict=True)):
            return
        self.offered = actions
        # the safe choice: no duel; asked to duel, accepting: refusing costs the stack's size for sure, accepting
        # at most a point (spec 9), and Enter refused by default before (playtest round 13); a card of your own or
        # forced on you, Pass: no showdown to lose (Enter fought with a -3 before, playtest round 20)
        safe_ones = (NO_CHALLENGE, ACCEPT, rules.Declare(PASS), rules.PlayOwn(self.selected, PASS))
        safe = next((action for action in safe_ones if action in actions), None)
        default = actions.index(safe) if safe is not None else 0
        self.buttons.buttons = [
            Button(pygame.Rect(ACTIONS.x + 14, ACTIONS.y + 66 + i * 38, ACTIONS.width - 28, 34), label,
                   lambda a=action: self.choose(a), size=17, primary=i == default)
            for i, (label, action) in enumerate(options)]
        self.buttons.focus = default
        self.place_actions()

    def select(self, card: Card) -> None:
        if card in rules.playable_cards(self.view):
            self.selected, self.picked = card, True
            self.app.audio.play("menu_move")
            self._refresh_buttons()
        else:
            self.app.audio.play("error")
            self.log.add(self.barred_reason(card), theme.BAD)

    def barred_reason(self, card: Card) -> str:
        """Why `card` may not be played now ("" if it may)."""
        lead = rules.must_follow(self.view, card)
        return t("sb.must_follow", colour=colour_name(lead)) if lead else ""

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if self.review:
            if self._go_on(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_l):
                self.review = False
            return
        if self._go_on(event) and (self.revealing or self.now - self.closed_at < GRACE):
            if self.revealing and self.timeline.beats:  # on to the next step of the reveal (the result, then the scores)
                self.timeline.beats[0].duration = 0.0
            return
        if self._asks_review(event):
            self._open_review()
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if not self.human_turn():
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event.pos):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and self.view.phase == "play":
            self._step_card(-1 if event.key == pygame.K_LEFT else 1)
            return
        self.buttons.handle(event)

    @staticmethod
    def _go_on(event: pygame.event.Event) -> bool:
        """A click, Enter or Space: the player goes on from the reveal (or closes the last showdown)."""
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

    def _click(self, pos: tuple[int, int]) -> bool:
        for card, rect in self.hand_rects():
            if rect.collidepoint(pos) and self.view.phase == "play":
                self.select(card)
                return True
        if self.view.phase == "play" and self.selected is not None:
            for seat in self.others():
                target = rules.Force(self.selected, seat)
                if self.badge_rect(seat).collidepoint(pos):
                    if target in self.view.legal:
                        self.choose(target)
                    else:
                        self.app.audio.play("error")  # it holds this round's card already (playtest round 20)
                        self.log.add(t("sb.cannot_force", name=self.names[seat]), theme.BAD)
                    return True
        return False

    def tooltip(self) -> tuple[str, int] | None:
        """Why the card under the mouse may not be played, and the card's middle (x), while it is yours to play
        (worked out as drawn: a card played, or a new lead, changes it under a still mouse; playtest round 20)."""
        if self.pointer is None or not self.human_turn() or self.view.phase != "play":
            return None
        playable = rules.playable_cards(self.view)
        for card, rect in self.hand_rects():
            if rect.collidepoint(self.pointer) and card not in playable:
                return self.barred_reason(card), rect.centerx
        return None

    def _step_card(self, step: int) -> None:
        cards = list(rules.playable_cards(self.view))
        if not cards:
            return
        index = cards.index(self.selected) + step if self.selected in cards else 0
        self.select(cards[index % len(cards)])

    # --- in the replay theatre --------------------------------------------------------------------
    round_events = (rules.RoundStarted,)
    holds_secrets = True

    def secrets(self, seat: int) -> list[str]:
        """The hand, and the cards this seat laid face down that are not turned yet."""
        state = self.state
        lines = [t("sb.secret.hand", cards=cards_text(state.hand[seat]))]
        for at in range(state.n):
            card = state.current[at]
            if card is not None and not state.revealed[at] and state.placed_by[at] == seat:
                lines.append(t("sb.secret.face_down", card=card_name(card), name=person(at, self.names, self.me)))
        return lines

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def badge_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 190, 64)
        rect.center = self.badge_center(seat)
        return rect

    def stack_center(self, seat: int) -> tuple[int, int]:
        if seat == self.me:
            return STACK_0
        x, y = self.anchors[seat]
        return (int(x + 0.4 * (CENTER[0] - x)), int(y + 0.4 * (CENTER[1] - y) + 92))

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        hand = [card for card in self.view.hand if card in self.coming.hand]  # a card you just played has left it,
        # though the table shows the moment before while a reveal plays (cards drawn next are not shown early)
        left = CENTER[0] - (len(hand) * (HAND_W + 14) - 14) // 2
        rects = []
        for i, card in enumerate(hand):
            rect = pygame.Rect(left + i * (HAND_W + 14), HAND_Y, HAND_W, int(HAND_W * 1.42))
            if card == self.selected:
                rect.y -= 22
            rects.append((card, rect))
        return rects

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        with marked(TEXT_MARKS):  # "red●" in any text of the table shows a red dot
            self._draw_table(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt_table(), (0, 0))
        for seat in range(self.setup.players):
            self._draw_seat(surface, seat)
        self._draw_centre(surface)
        self._draw_hand(surface)
        self.log.draw(surface)
        self._draw_actions(surface)
        if self.last is not None and not self.revealing and not self.review:
            self.last_button.draw(surface, False, False)
        self.effects.draw(surface, self.now, CENTER)
        if self.review and self.last is not None:
            self._draw_panel(surface, self.last)
        tip = self.tooltip()
        if tip and tip[0]:  # on a dark band, clear of the card it is about
            image = render(tip[0], 18, theme.BAD, True)
            band = image.get_rect().inflate(20, 10)
            top = min(rect.y for _, rect in self.hand_rects())  # the raised card's too
            band.midbottom = (tip[1], top - 8)
            band.clamp_ip(pygame.Rect(0, 0, ACTIONS.left - 8, theme.HEIGHT))
            panel(surface, band, theme.BG_DEEP, theme.BAD)
            surface.blit(image, image.get_rect(center=band.center))

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        active = v.to_move == seat
        thinking = self.ticket is not None and active
        draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                        str(v.scores[seat]), None if seat == self.me else v.hand_sizes[seat], active, thinking, self.now)
        if v.start == seat:
            self._draw_lead_marker(surface, seat)
        if seat != self.me:
            self._draw_known(surface, seat)
        self._draw_stack(surface, seat)

    def _draw_known(self, surface: pygame.Surface, seat: int) -> None:
        """Under a badge, the cards the seat took back into hand (face up for all to know, spec 4.8) that no reveal
        on show has just turned over; and, while the card it laid this round lies face down, that it may be one of
        them (spec 6: nobody can tell yet). Side seats' lines keep to the outer edge, clear of their stacks."""
        v = self.view
        turned = {card for cards in self.face_up.values() for card in cards}
        known = [card for card in v.known_in_hand[seat] if card not in turned]
        if not known:
            return
        rect = self.badge_rect(seat)
        x, anchor = ((rect.left, "topleft") if rect.centerx < CENTER[0] - 120 else
                     (rect.right, "topright") if rect.centerx > CENTER[0] + 120 else (rect.centerx, "midtop"))
        blit(surface, t("sb.known", cards=cards_text(known)), 14, (x, rect.bottom + 2), theme.WARN, True, anchor)
        if any(v.placed_by[at] == seat and type(v.current[at]) is FaceDown and at not in self.face_up
               for at in range(v.players)):
            blit(surface, t("sb.known_down"), 14, (x, rect.bottom + 20), theme.WARN, True, anchor)

    def _draw_lead_marker(self, surface: pygame.Surface, seat: int) -> None:
        """The game box beside the start player, showing the lead colour."""
        rect = self.badge_rect(seat)
        box = pygame.Rect(rect.right + 6, rect.y + 8, 48, 48)
        pygame.draw.rect(surface, (120, 84, 40), box, border_radius=8)
        pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=8)
        if self.view.lead:
            ink, shape = SUITS[self.view.lead]
            pygame.draw.circle(surface, (246, 240, 226), box.center, 17)
            draw_symbol(surface, shape, box.center, 12, ink)
        else:
            blit(surface, t("sb.start_short"), 14, box.center, theme.INK, True, "center")

    def _draw_stack(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        if seat in self.face_up:
            self._draw_face_up(surface, seat, self.face_up[seat])
            return
        carried = v.carried[seat]
        current, stance = v.current[seat], v.stance[seat]
        cards = len(carried) + (current is not None)
        if not cards:
            return
        cx, cy = self.stack_center(seat)
        x = cx - (cards * (TABLE_W + 6) - 6) // 2
        for card in carried:
            surface.blit(card_face(card.colour, card.value, TABLE_W), (x, cy - 40))
            x += TABLE_W + 6
        if current is not None:
            self._draw_current(surface, seat, current, (x, cy - 40), stance)

    def _draw_face_up(self, surface: pygame.Surface, seat: int, cards: tuple[Card, ...]) -> None:
        """A stack the reveal turned over where it lies; with the result on show, its reversing cards ringed and its
        total, win or loss under it."""
        if not cards:
            return
        cx, cy = self.stack_center(seat)
        x = cx - (len(cards) * (TABLE_W + 6) - 6) // 2
        event = self.result
        lead = event.lead if event is not None else None
        for card in cards:
            image = card_face(card.colour, card.value, TABLE_W)
            surface.blit(image, (x, cy - 40))
            if lead and card.value in rules.REVERSING_VALUES and card.colour != lead:
                pygame.draw.rect(surface, theme.WARN, (x - 3, cy - 43, TABLE_W + 6, image.get_height() + 6), 3,
                                 border_radius=8)
            x += TABLE_W + 6
        if event is None:
            return
        seats, totals, winner, losers = result_rows(event)
        if seat not in seats:
            return
        total = totals[seats.index(seat)]
        mark, color = (t("sb.winner"), theme.GOOD) if seat == winner else (t("sb.loser"), theme.BAD) \
            if seat in losers else ("", theme.INK)
        text = t("sb.total", n=value_text(total)) + (f"  {mark}" if mark else "")
        image = render(text, 18, color, True)
        box = image.get_rect().inflate(16, 6)
        box.midtop = (cx, cy + 44)
        panel(surface, box, theme.BG_DEEP, color)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_result(self, surface: pygame.Surface, event) -> None:
        """The comparison at the centre of the table: reversals counted, and which total is strongest."""
        duel = isinstance(event, rules.Duel)
        title = t("sb.duel_title") if duel else t("sb.showdown_title")
        order = t("sb.order_reversed") if event.reversed else t("sb.order_normal")
        info = counted("sb.reversals", event.reversals, colour=colour_name(event.lead), order=order)
        box = ACTIONS
        panel(surface, box, theme.BG_DEEP, theme.WARN)
        blit(surface, title, 24, (box.centerx, box.y + 12), theme.WARN, True, "midtop")
        block(surface, info, 18, pygame.Rect(box.x + 14, box.y + 56, box.width - 28, box.height - 92), theme.INK)
        blit(surface, t("sb.go_on"), 15, (box.centerx, box.bottom - 12), theme.INK_DIM, anchor="midbottom")

    def _draw_current(self, surface: pygame.Surface, seat: int, current, pos: tuple[int, int],
                      stance: str | None) -> None:
        v = self.view
        if isinstance(current, FaceDown):  # passing lays the card sideways, as in the source
            image = card_back(TABLE_W, current.colour, turned=stance == PASS)
        else:
            image = card_face(current.colour, current.value, TABLE_W)
            image = sideways(image) if stance == PASS else image
        surface.blit(image, pos)
        label = t("sb.fight") if stance == FIGHT else t("sb.pass") if stance == PASS else ""
        if label:
            blit(surface, label, 14, (pos[0] + image.get_width() // 2, pos[1] + image.get_height() + 2),
                 theme.WARN if stance == FIGHT else theme.SKY, True, "midtop")
        if v.placed_by[seat] == self.me and seat != self.me:
            blit(surface, t("sb.you_gave"), 13, (pos[0] + image.get_width() // 2, pos[1] - 2), theme.ACCENT,
                 anchor="midbottom")
        elif v.placed_by[seat] is not None and v.placed_by[seat] != seat:
            blit(surface, t("sb.from", name=self.names[v.placed_by[seat]]), 13,
                 (pos[0] + image.get_width() // 2, pos[1] - 2), theme.INK_DIM, anchor="midbottom")

    def _draw_centre(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        blit(surface, t("sb.round", round=v.round_in_set, deal=max(1, v.deal)), 17, (20, 50), theme.INK_DIM, True)
        lead = self.reveal_lead or v.lead
        if lead:
            key = "sb.lead" if lead == v.lead else "sb.duel_lead" if isinstance(self.result, rules.Duel) \
                else "sb.showdown_lead"  # a lone fighter's left neighbour sets it, or the duel's loser
            blit(surface, t(key, colour=colour_name(lead)), 19, (20, 72), theme.INK if key == "sb.lead" else theme.WARN,
                 True)
        blit(surface, t("sb.piles", discard=len(v.discard), unused=v.unused), 15, (980 - 20, 16), theme.INK_DIM,
             anchor="topright")
        if self.autoplay:
            blit(surface, t("ds.demo"), 16, (980 - 20, 38), theme.SKY, True, "topright")

    def _draw_hand(self, surface: pygame.Surface) -> None:
        playing = self.human_turn() and self.view.phase == "play"
        legal = set(rules.playable_cards(self.view)) if playing else set()
        for card, rect in self.hand_rects():
            style = "lit" if card in legal else "dim" if playing else "normal"
            surface.blit(card_face(card.colour, card.value, HAND_W, style), rect)
            if card == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=12)

    def _draw_actions(self, surface: pygame.Surface) -> None:
        if self.result is not None:  # the comparison, where the prompt would be
            self._draw_result(surface, self.result)
            return
        self.draw_actions(surface)
        if self.human_turn() and self.view.phase == "play" and self.selected is not None:
            for seat in self.others():
                if rules.Force(self.selected, seat) in self.view.legal:
                    rect = self.badge_rect(seat).inflate(12, 12)
                    shade = tuple(int(c * (0.5 + 0.5 * pulse(self.now, 1.0))) for c in theme.ACCENT)
                    pygame.draw.rect(surface, shade, rect, 3, border_radius=16)

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """What the human should do now, or who is doing what."""
        v = self.view
        if v.to_move == TERMINAL:
            return t("sb.game_over"), theme.WARN
        refusing = self.reveal_title == "sb.refused_title"  # its banner is up (and no one thinks: playtest round 20)
        if self.face_up or v.to_move is None or refusing:  # the reveal, or the round's last card just laid (`apply`)
            return t(self.reveal_title), theme.WARN
        if not self.human_turn():
            mover = v.to_move
            if mover == CHANCE:
                return t("sb.dealing"), theme.INK_DIM
            return self.waiting("sb.waiting", mover)
        if v.phase == "play":
            if self.selected is None or not self.picked:
                return t("sb.pick_card"), theme.ACCENT
            return t(self.where_key()), theme.ACCENT
        if v.phase == "stance":
            giver = self.names[v.placed_by[self.me]] if v.placed_by[self.me] is not None else ""
            lead = isinstance(v.current[self.me], FaceDown) and v.current[self.me].colour
            its_lead = t("sb.its_lead", colour=colour_name(lead)) if lead else ""
            text = sentences([t("sb.forced_on_you", name=giver), its_lead])
            return text, theme.ACCENT
        if v.phase == "challenge":
            return t("sb.you_lost_challenge"), theme.ACCENT
        return t("sb.challenged", name=self.names[v.challenger]), theme.ACCENT

    def panel_notes(self) -> list[Note]:
        """At a choice to fight or pass (a card forced on you, or your own card with Pass allowed), to challenge a
        passer or to answer a challenge: what each means."""
        v = self.view
        if not self.human_turn() or self.face_up:
            return []
        choosing = v.phase == "stance" or (v.phase == "play" and self.selected is not None and self.picked
                                           and rules.PlayOwn(self.selected, PASS) in v.legal)
        key = "sb.stance_help" if choosing else {"challenge": "sb.challenge_help", "response": "sb.duel_help"}.get(
            v.phase)
        return [Note(t(key), 15, theme.INK_DIM)] if key else []

    def where_key(self) -> str:
        """The prompt for the picked card, offering only what is legal for it: to yourself, forced, or either."""
        kinds = {type(a) for a in self.view.legal if getattr(a, "card", None) == self.selected}
        if rules.PlayOwn not in kinds:
            return "sb.pick_force"
        return "sb.pick_where" if rules.Force in kinds else "sb.pick_own"

    def _draw_panel(self, surface: pygame.Surface, event) -> None:
        """The showdown or duel laid out: each stack face up, its total, who won and who lost."""
        duel = isinstance(event, rules.Duel)
        seats, _, _, losers = result_rows(event)
        area = pygame.Rect(0, 0, 760, 130 + 70 * len(seats))
        area.center = (CENTER[0], CENTER[1] + 10)
        panel(surface, area, theme.BG_DEEP, theme.WARN)
        title = t("sb.duel_title") if duel else t("sb.showdown_title")
        blit(surface, title, 30, (area.centerx, area.y + 14), theme.WARN, True, "midtop")
        order = t("sb.order_reversed") if event.reversed else t("sb.order_normal")
        info = counted("sb.reversals", event.reversals, colour=colour_name(event.lead), order=order)
        blit(surface, info, 18, (area.centerx, area.y + 56), theme.INK, anchor="midtop")
        for row, (seat, stack, total) in enumerate(zip(seats, event.stacks, event.totals, strict=True)):
            self._draw_panel_row(surface, area, row, seat, stack, total, seat == event.winner, seat in losers,
                                 event.lead)
        blit(surface, t("sb.close_hint"), 14, (area.centerx, area.bottom - 10), theme.INK_DIM, anchor="midbottom")

    def _draw_panel_row(self, surface: pygame.Surface, area: pygame.Rect, row: int, seat: int, stack, total: int,
                        won: bool, lost: bool, lead: str) -> None:
        y = area.y + 96 + row * 70
        blit(surface, self.names[seat], 22, (area.x + 24, y + 20), theme.INK, True, "midleft")
        x = area.x + 200
        for card in stack:
            surface.blit(card_face(card.colour, card.value, 40), (x, y - 8))
            if card.value in rules.REVERSING_VALUES and card.colour != lead:
                pygame.draw.rect(surface, theme.WARN, (x - 3, y - 11, 46, 63), 3, border_radius=7)
            x += 46
        blit(surface, t("sb.total", n=value_text(total)), 22, (area.x + 520, y + 20), theme.INK, True, "midleft")
        mark, color = (t("sb.winner"), theme.GOOD) if won else (t("sb.loser"), theme.BAD) if lost else ("", theme.INK)
        if mark:
            blit(surface, mark, 20, (area.right - 24, y + 20), color, True, "midright")


def result_rows(event) -> tuple[tuple[int, ...], tuple[int, ...], int | None, tuple[int, ...]]:
    """A Showdown's or Duel's compared seats, their totals, the winner and the losers (a tied duel: both)."""
    if isinstance(event, rules.Duel):
        seats = (event.challenger, event.passer)
        return seats, event.totals, event.winner, seats if event.winner is None else (event.loser,)
    return event.participants, event.totals, event.winner, event.losers


def colour_name(colour: str | None) -> str:
    return t(f"sb.colour.{colour}") if colour else ""
