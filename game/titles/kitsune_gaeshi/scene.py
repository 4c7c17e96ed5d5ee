"""Kitsune-gaeshi at the table: you (seat `me`) against two or three computer players.

The scene draws only from `view(self.me)` (your seat) and from events told as the human may see them; bots think in the app's worker
process and are paced by the animation-speed setting. A flip is the reveal: every card turns over where it lies, one
by one in the order drawn, the foxes are counted at the centre, and the soul losses (with the companion soul) are
called out; only then do the souls, the round and the table move on (the table loop holds them behind the reveal),
and the log names every card shown. "Last flip" lays the last one out again in a panel.
"""

from __future__ import annotations

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene
from game.core.engine import CHANCE, TERMINAL
from game.services.i18n import counted, joined, listed, said, t
from game.titles.kitsune_gaeshi import rules
from game.titles.kitsune_gaeshi.cards import badge, card_back, card_face, sideways, soul_token
from game.titles.kitsune_gaeshi.log import describe, face_name
from game.titles.kitsune_gaeshi.rules import (
    CARDS,
    DECLARE_FOX,
    DECLARED_FACE,
    DRAW,
    EARLY_FINISH,
    FLIP,
    FOX,
    SOULS,
    lie_stats,
)
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import BADGE, draw_seat_badge, felt_table
from game.ui.text import blit, block, fit, render
from game.ui.widgets import Button, dim, panel

CENTER = (490, 350)
TABLE_W = 46
LOG = pygame.Rect(992, 14, 276, 380)
ACTIONS = pygame.Rect(992, 404, 276, 302)
REVEAL = 4.6  # seconds the reveal stays in a demo or a replay before the souls change (scaled); a player goes on
LAST = pygame.Rect(960 - 190, 84, 190, 32)  # the "last flip" button
SEAT_0 = (120, 650)
STACK_0 = (490, 520)
DECK_AREA = pygame.Rect(CENTER[0] - 164, CENTER[1] - 58, 160, 200)  # the deck, its count and the declared foxes


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return KitsuneScene.from_setup(app, setup, autoplay, save)


class KitsuneScene(TableScene):
    """One game of Kitsune-gaeshi: draws, declarations, flips, souls, to the last soul standing."""

    title_slug, rules = "kitsune_gaeshi", rules
    describe = staticmethod(describe)
    LOG_RECT, EFFECTS_SALT, ACTIONS_RECT = LOG, 0xF0C5, ACTIONS

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.reveal: dict | None = None  # the flip on show: the Revealed event, the losses, the eliminated
        self.last: dict | None = None  # the last flip, for the "last flip" panel
        self.review = False  # the "last flip" panel is open
        self.last_button = Button(LAST, t("kg.last_flip"), self._open_review, size=16)

    def language_changed(self) -> None:
        super().language_changed()
        self.last_button.label = t("kg.last_flip")

    # --- telling: event class -> how it is shown (the log line comes first, from log.describe) ---------------
    def _on_kaeshi(self, event: rules.Kaeshi) -> None:
        self.timeline.queue(self.speed(0.9), lambda: self._banner(t("kg.kaeshi"), theme.WARN, "warning"))

    def _on_revealed(self, event: rules.Revealed) -> None:
        checked = rules.checked_companion(self.coming.past[-1], self.coming.souls)
        info = {"event": event, "lost": [], "out": (), "checked": checked, "opened": None}
        self.reveal = info
        # the flip waits for the player to go on (its panel says so), as Shinobazu's showdown does: closing by
        # itself, it could let an Enter meant for it fall on the next decision; a demo or a replay goes on by itself
        self.timeline.queue(self.held(REVEAL), lambda: self._open_reveal(info))
        self.timeline.queue(0.0, lambda: self._log_cards(event))  # before the fox count's own line

    def log_line(self, event) -> None:
        """A log told again (a restore, a language switch) tells a flip as the table did: the cards shown, then the
        count."""
        if isinstance(event, rules.Revealed):
            self._log_cards(event)
        super().log_line(event)

    def _log_cards(self, event: rules.Revealed) -> None:
        """A log line per seat naming every card shown (and what was declared where it was a lie)."""
        for seat, cards in enumerate(event.tables):
            if cards:
                named = listed(face_name(c.face) if c.face == c.declared else
                               t("kg.log.shown_lie", face=face_name(c.face), declared=face_name(c.declared))
                               for c in cards)
                self.log.add(t("kg.log.shown", name=self.names[seat], cards=named), theme.INK_DIM)

    def _on_soul_lost(self, event: rules.SoulLost) -> None:
        if self.reveal is not None:
            self.reveal["lost"].append(event)
            self.timeline.queue(0.0, lambda: self._soul_popup(event))

    def _on_eliminated(self, event: rules.Eliminated) -> None:
        if self.reveal is not None:
            self.reveal["out"] = event.seats
        names = joined(event.seats, self.names, self.me)
        self.timeline.queue(self.speed(1.4), lambda: self._banner(t("kg.eliminated", names=names), theme.BAD,
                                                                  "slide_out"))

    def _on_round_started(self, event: rules.RoundStarted) -> None:
        past = self.coming.past  # heads-up after a round that eliminated someone
        if len(event.alive) == 2 and event.round_no > 1 and past and past[-1].eliminated:
            self.timeline.queue(self.speed(1.2), lambda: self._banner(t("kg.two_remain"), theme.SKY, "set"))
        self.timeline.queue(self.speed(0.4), lambda: self.app.audio.play("roll"))

    def _on_card_laid(self, event: rules.CardLaid) -> None:
        self.timeline.queue(self.speed(0.3), lambda: self.app.audio.play("card"))

    def _on_card_drawn(self, event: rules.CardDrawn) -> None:
        self.timeline.queue(self.speed(0.15), lambda: self.app.audio.play("card"))

    def _on_game_over(self, event: rules.GameOver) -> None:
        self.timeline.queue(self.speed(1.0), lambda: self.app.audio.play("game_over"))

    animations = {rules.Kaeshi: _on_kaeshi, rules.Revealed: _on_revealed, rules.SoulLost: _on_soul_lost,
                  rules.Eliminated: _on_eliminated, rules.RoundStarted: _on_round_started,
                  rules.CardLaid: _on_card_laid, rules.CardDrawn: _on_card_drawn, rules.GameOver: _on_game_over}
    reveals = (rules.Revealed,)

    def _open_reveal(self, info: dict) -> None:
        info["opened"] = self.now
        self.last, self.review = info, False
        self.app.audio.play("clear")

    def caught_up(self) -> None:
        if not self.state.is_terminal():  # the game's last flip stays turned over until the ranking
            self.reveal = None

    @property
    def revealing(self) -> bool:
        """Whether the flip is on show on the table."""
        return self.reveal is not None and self.reveal["opened"] is not None

    def turned(self, info: dict) -> int:
        """How many cards of the flip are face up by now (all of them, once the turning is over)."""
        total = sum(len(cards) for cards in info["event"].tables)
        if info["opened"] is None:
            return 0
        elapsed = self.now - info["opened"]
        return min(total, int(total * elapsed / max(0.01, self.speed(REVEAL) * 0.5)) + 1)

    def _asks_review(self, event: pygame.event.Event) -> bool:
        """Whether `event` opens the "last flip" panel (L, or a click on its button)."""
        return self.last is not None and not self.revealing and self.asks_last(event, LAST)

    def _open_review(self) -> None:
        if self.last is not None and not self.revealing:
            self.review = True
            self.app.audio.play("menu_select")

    def _soul_popup(self, event) -> None:
        x, y = self.badge_center(event.seat)  # beside the badge: above it, "starts" stood in its way (playtest 13)
        self.effects.popup("−1", (x + BADGE[0] // 2 + 26, y), self.now, 34, theme.BAD)
        self.app.audio.play("hit")

    def finish(self) -> None:
        places, winners = list(self.state.ranking()), list(self.state.winners)
        souls, out = self.state.souls, rules.out_rounds(self.state.past)
        results = [t("kg.result.out", round=out[seat]) if seat in out else t("kg.result.gone") if not souls[seat]
                   else counted("kg.result.souls", souls[seat])
                   for seat in range(self.n)]
        names = joined(winners, self.names, self.me)
        ending = t(f"kg.end.{rules.ending(souls, self.state.two_left)}", names=names)
        self.conclude(winners, len(self.state.past), {"souls": list(self.state.souls), "places": places}, places,
                      results=results, ending=ending)

    # --- human decisions --------------------------------------------------------------------------
    def lie_of(self, action) -> bool:
        """Whether declaring `action` for the card in hand would be a lie worth a reminder (spec 10)."""
        return rules.liable_declaration(self.view, action)

    def choice_label(self, action) -> str:
        """The draw (its card is seen only after it) as its button says it."""
        return next((label for label, option in self.options() if option == action), str(action))

    def options(self) -> list[tuple[str, object]]:
        out = []
        for action in self.view.legal:
            if action == DRAW:
                label = t("kg.draw")
            elif action == FLIP:
                label = t("kg.kaeshi_sure" if rules.flip_must_fail(self.view) else "kg.kaeshi")
            else:
                label = t("kg.declare_fox" if action == DECLARE_FOX else "kg.declare_bride")
                if self.lie_of(action):
                    label += t("kg.lie_tag")
            out.append((label, action))
        return out

    def _verdict(self, success: bool, loser: int) -> str:
        """The flip's outcome and who loses the soul ("Failed! You lose a soul.")."""
        if success:
            return said("kg.success", loser, self.names, self.me)
        return said("kg.fail", loser, self.names, self.me)

    def pick_action(self, action) -> None:
        """A button's choice; a flip that cannot succeed (fewer than two cards on the table) asks first (spec 10)."""
        from game.app.overlays import ConfirmScene

        if action == FLIP and self.human_turn() and rules.flip_must_fail(self.view):
            self.app.stack.push(ConfirmScene(self.app, t("kg.sure_question"), t("kg.sure_yes"),
                                             lambda: self.choose(action), t("kg.sure_no"), t("kg.sure_detail"),
                                             theme.BAD))
            return
        self.choose(action)

    def default_choice(self, actions: list) -> int:
        """The button Enter presses at first: the honest declaration of the card drawn, else the first."""
        drawn = self.view.drawn
        honest = [i for i, action in enumerate(actions) if drawn is not None and DECLARED_FACE.get(action) == drawn]
        return honest[0] if honest else 0

    def _refresh_buttons(self) -> None:
        options = self.options()
        if len(self.buttons.buttons) == len(options) and all(
                b.label == label for b, (label, _) in zip(self.buttons.buttons, options, strict=True)):
            return
        default = self.default_choice([action for _, action in options])
        self.buttons.buttons = [
            Button(pygame.Rect(ACTIONS.x + 14, ACTIONS.y + 78 + i * 42, ACTIONS.width - 28, 36), label,
                   lambda a=action: self.pick_action(a), size=16, primary=i == default)
            for i, (label, action) in enumerate(options)]
        self.buttons.focus = default
        self.place_actions()

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if self.review:
            if self._go_on(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_l):
                self.review = False
            return
        if self.revealing and self._go_on(event):
            self._advance_reveal()
            return
        if self._asks_review(event):
            self._open_review()
            return
        if self.human_turn():
            self.buttons.handle(event)

    def human_turn(self) -> bool:
        return super().human_turn() and not self.review

    def _advance_reveal(self) -> None:
        """The player goes on: every card turns at once (the result shows), then on to the souls."""
        info = self.reveal
        total = sum(len(cards) for cards in info["event"].tables)
        if self.turned(info) < total:
            info["opened"] = self.now - self.speed(REVEAL)
            if self.timeline.beats and not self.awaits_player:
                self.timeline.beats[0].duration = min(self.timeline.beats[0].duration, self.speed(REVEAL) * 0.5)
        elif self.timeline.beats:
            self.timeline.beats[0].duration = 0.0

    @staticmethod
    def _go_on(event: pygame.event.Event) -> bool:
        """A click, Enter or Space: the player goes on from the reveal (or closes the last flip)."""
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

    # --- in the replay theatre --------------------------------------------------------------------
    round_events = (rules.RoundStarted,)
    holds_secrets = True

    def secrets(self, seat: int) -> list[str]:
        """The true faces of the cards this seat laid this round (the others see what was declared), and the card
        it has drawn and not yet laid."""
        state, lines = self.state, []
        laid = [card for card in state.table[seat] if card.face is not None]
        if laid:
            lines.append(t("kg.secret.laid", faces=listed(
                face_name(card.face) + (t("kg.lie_tag") if card.lie else "") for card in laid)))
        if state.drawn is not None and state.cur == seat:
            lines.append(t("kg.secret.drawn", face=face_name(state.drawn)))
        return lines

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def row_center(self, seat: int) -> tuple[int, int]:
        if seat == self.me:
            return STACK_0
        x, y = self.anchors[seat]
        return (int(x + 0.35 * (CENTER[0] - x)), int(y + 0.35 * (CENTER[1] - y) + 96))

    def row_start(self, seat: int, images: list[pygame.Surface]) -> tuple[int, int]:
        """Where a row of `images` starts (x) and its middle (y): centred on the seat's row, moved clear of the deck
        and its labels when it would lie over them (a seat at the top of a large table)."""
        width = sum(image.get_width() for image in images) + 8 * (len(images) - 1)
        height = max(image.get_height() for image in images)
        cx, cy = self.row_center(seat)
        row = pygame.Rect(cx - width // 2, cy - height // 2 - 6, width + 6, height + 6)  # with the badges
        if row.colliderect(DECK_AREA):
            row.left = DECK_AREA.right + 8 if cx >= DECK_AREA.centerx else DECK_AREA.left - 8 - row.width
        return row.x, cy

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt_table(), (0, 0))
        self._draw_centre(surface)
        for seat in range(self.setup.players):
            self._draw_seat(surface, seat)
        self._draw_drawn(surface)
        self.log.draw(surface)
        self._draw_actions(surface)
        if not self.revealing and self.last is not None and not self.review:
            self.last_button.draw(surface, False, False)
        self.effects.draw(surface, self.now, CENTER)
        if self.review and self.last is not None:
            self._draw_reveal(surface, self.last)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        out = v.souls[seat] == 0
        thinking = self.ticket is not None and v.to_move == seat
        rect = draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                               str(v.souls[seat]), None, v.to_move == seat, thinking, self.now)
        for k in range(SOULS):
            surface.blit(soul_token(k < v.souls[seat]), (rect.x + 8 + k * 22, rect.bottom + 4))
        stats = lie_stats(v.past, v.players)
        if seat != self.me and stats["declared"][seat]:  # not "0 lies in 0 shown" before a flip showed any
            text = counted("kg.lies", stats["lies"][seat], cards=stats["declared"][seat])
            room = rect.right - 6 - (rect.x + 8 + SOULS * 22 + 6)  # right of the soul tokens (playtest round 13)
            text, size = fit(text, 14, room, True, smallest=11)
            blit(surface, text, size, (rect.right - 6, rect.bottom + 4), theme.WARN if stats["lies"][seat] else
                 theme.INK_DIM, True, "topright")
        if v.starter == seat and not out:
            blit(surface, t("kg.starter"), 13, (rect.centerx, rect.y - 2), theme.SKY, True, "midbottom")
        if out:
            dim(surface, 150, rect, theme.RADIUS)  # the plate's own rounded shape
            tag = render(t("kg.out"), 15, theme.BG_DEEP, True).get_rect(midbottom=(rect.centerx, rect.y - 3))
            pygame.draw.rect(surface, theme.BAD, tag.inflate(14, 4), border_radius=8)  # a tag above: the name stays
            blit(surface, t("kg.out"), 15, tag.center, theme.BG_DEEP, True, "center")
            return
        self._draw_row(surface, seat)

    def _draw_row(self, surface: pygame.Surface, seat: int) -> None:
        cards = self.view.table[seat]
        if self.revealing:
            self._draw_row_turned(surface, seat, self.reveal)
            return
        if not cards:
            return
        images = [sideways(card_back(TABLE_W)) if c.declared == FOX else card_back(TABLE_W) for c in cards]
        x, cy = self.row_start(seat, images)
        for card, image in zip(cards, images, strict=True):
            y = cy - image.get_height() // 2
            surface.blit(image, (x, y))
            surface.blit(badge(card.declared, 20), (x + image.get_width() - 14, y - 6))
            if seat == self.me and card.face is not None:  # the corner peek: only you see your own faces
                peek = card_face(card.face, 26, "lie" if card.lie else "normal")
                surface.blit(peek, (x - 10, y + image.get_height() - 30))
            x += image.get_width() + 8

    def _draw_row_turned(self, surface: pygame.Surface, seat: int, info: dict) -> None:
        """The seat's row as the flip turns it over where it lies: face up in the order drawn, a lie ringed."""
        event = info["event"]
        cards = event.tables[seat]
        if not cards:
            return
        visible = self.visible(info)
        images = []
        for k, card in enumerate(cards):
            image = card_face(card.face, TABLE_W, "lie" if card.face != card.declared else "normal") \
                if (seat, k) in visible else card_back(TABLE_W)
            images.append(sideways(image) if card.declared == FOX else image)
        x, cy = self.row_start(seat, images)
        for k, (card, image) in enumerate(zip(cards, images, strict=True)):
            y = cy - image.get_height() // 2
            surface.blit(image, (x, y))
            surface.blit(badge(card.declared, 20), (x + image.get_width() - 14, y - 6))
            if (seat, k) in visible and card.face == FOX:
                pygame.draw.rect(surface, theme.WARN, (x - 3, y - 3, image.get_width() + 6, image.get_height() + 6),
                                 3, border_radius=7)
            x += image.get_width() + 8

    def visible(self, info: dict) -> set[tuple[int, int]]:
        """(seat, index) of the flip's cards face up by now, in the order they were drawn."""
        event = info["event"]
        order = sorted((card.index, seat, k) for seat, cards in enumerate(event.tables) for k, card in enumerate(cards))
        return {(seat, k) for _, seat, k in order[:self.turned(info)]}

    def _draw_flip(self, surface: pygame.Surface, info: dict) -> None:
        """The count at the centre of the table while the rows turn over, then who loses a soul."""
        event = info["event"]
        visible = self.visible(info)
        foxes = sum(event.tables[s][k].face == FOX for s, k in visible)
        done = len(visible) == sum(len(cards) for cards in event.tables)
        box = ACTIONS
        panel(surface, box, theme.BG_DEEP, theme.WARN)
        title, size = fit(said("kg.kaeshi_title", event.flipper, self.names, self.me), 22, box.width - 28, True)
        blit(surface, title, size, (box.centerx, box.y + 12), theme.WARN, True, "midtop")
        blit(surface, t("kg.fox_count", n=foxes), 34, (box.centerx, box.y + 50),
             theme.WARN if foxes >= 2 else theme.INK, True, "midtop")
        y = box.y + 104
        for text, color in self.result_lines(info) if done else []:
            y += block(surface, text, 18, pygame.Rect(box.x + 14, y, box.width - 28, box.bottom - 36 - y), color,
                       True) + 6
        blit(surface, t("kg.go_on"), 15, (box.centerx, box.bottom - 12), theme.INK_DIM, anchor="midbottom")

    def result_lines(self, info: dict) -> list[tuple[str, tuple[int, int, int]]]:
        """The flip's outcome: success or failure and who loses a soul, the companion soul, who is out."""
        event = info["event"]
        lines = []
        main = next((e for e in info["lost"] if not e.companion), None)
        dragged = next((e for e in info["lost"] if e.companion), None)
        if main is not None:
            lines.append((self._verdict(event.success, main.seat), theme.GOOD if event.success else theme.BAD))
            if dragged is not None:
                lines.append((said("kg.companion", dragged.seat, self.names, self.me), theme.BAD))
            elif info["checked"] is not None and info["checked"] != main.seat:
                lines.append((said("kg.no_companion", info["checked"], self.names, self.me), theme.INK_DIM))
        if info["out"]:
            lines.append((t("kg.eliminated", names=joined(info["out"], self.names, self.me)), theme.BAD))
        return lines

    def _draw_centre(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        blit(surface, t("kg.round", round=max(1, v.round_no)), 17, (20, 50), theme.INK_DIM, True)
        rule = t(f"kg.rule.{v.companion}")
        blit(surface, t("kg.rules_line", foxes=v.fox_count, brides=CARDS - v.fox_count, rule=rule), 15,
             (960, 16), theme.INK_DIM, anchor="topright")
        if v.two_left == EARLY_FINISH:
            blit(surface, t("kg.early_finish_line"), 15, (960, 38), theme.INK_DIM, anchor="topright")
        if self.autoplay:
            blit(surface, t("kg.demo"), 16, (960, 58), theme.SKY, True, "topright")
        deck = card_back(64)
        pos = (CENTER[0] - 120, CENTER[1] - 50)
        for k in range(min(3, v.deck_size)):
            surface.blit(deck, (pos[0] - 2 * k, pos[1] - 2 * k))
        blit(surface, t("kg.deck", n=v.deck_size), 17, (pos[0] + 32, pos[1] + 98), theme.INK, True, "midtop")
        blit(surface, t("kg.declared_foxes", n=v.declared_foxes()), 18, (pos[0] + 32, pos[1] + 124),
             theme.WARN if v.declared_foxes() >= 2 else theme.INK, True, "midtop")

    def _draw_drawn(self, surface: pygame.Surface) -> None:
        """The card you just drew, large and for your eyes only, while you choose its declaration."""
        if self.view.drawn is None:
            return
        image = card_face(self.view.drawn, 104)
        rect = image.get_rect(center=(CENTER[0] + 90, CENTER[1] + 60))
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 3, border_radius=14)
        surface.blit(image, rect)

    def _draw_actions(self, surface: pygame.Surface) -> None:
        if self.revealing:  # the count and the outcome, where the prompt would be
            self._draw_flip(surface, self.reveal)
            return
        self.draw_actions(surface)

    def panel_notes(self) -> list[Note]:
        """A warning under the buttons: a declaration would be a lie, or a flip must fail; else, at the choice to draw
        or flip, what a flip does (playtest round 19b: nothing on the screen said it, nor who pays)."""
        if not self.human_turn():
            return []
        if any(self.lie_of(a) for a in self.view.legal):
            return [Note(t("kg.lie_warning"))]
        if FLIP in self.view.legal and rules.flip_must_fail(self.view):
            return [Note(t("kg.few_cards"))]
        if FLIP in self.view.legal:
            return [Note(t("kg.flip_help"), 15, theme.INK_DIM)]
        return []

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.to_move == TERMINAL:
            return t("kg.game_over"), theme.WARN
        if not self.human_turn():
            mover = v.to_move
            if mover == CHANCE:
                return "…", theme.INK_DIM
            return self.waiting("kg.waiting", mover)
        if v.drawn is not None:
            return t("kg.you_drew", face=face_name(v.drawn)), theme.ACCENT
        return t("kg.your_turn"), theme.ACCENT

    def _draw_reveal(self, surface: pygame.Surface, info: dict) -> None:
        """The last flip laid out again: every seat's cards face up, the fox count, the losses."""
        event = info["event"]
        seats = [s for s in range(self.setup.players) if event.tables[s] or s == event.flipper]
        area = pygame.Rect(0, 0, 800, 240 + 62 * len(seats))  # room for the out line above the close hint
        area.center = (CENTER[0], CENTER[1] - 10)
        panel(surface, area, theme.BG_DEEP, theme.WARN)
        blit(surface, said("kg.kaeshi_title", event.flipper, self.names, self.me), 28, (area.centerx, area.y + 12),
             theme.WARN, True, "midtop")
        visible = {(seat, k) for seat in seats for k in range(len(event.tables[seat]))}
        foxes = sum(event.tables[s][k].face == FOX for s, k in visible)
        for row, seat in enumerate(seats):
            y = area.y + 60 + row * 62
            blit(surface, self.names[seat], 20, (area.x + 24, y + 24), theme.INK, True, "midleft")
            x = area.x + 190
            for k, card in enumerate(event.tables[seat]):
                if (seat, k) in visible:
                    image = card_face(card.face, 38, "lie" if card.face != card.declared else "normal")
                else:
                    image = card_back(38)
                if card.declared == FOX:
                    image = sideways(image)
                surface.blit(image, (x, y + 27 - image.get_height() // 2))
                x += image.get_width() + 6
        y = area.y + 70 + 62 * len(seats)
        blit(surface, t("kg.fox_count", n=foxes), 26, (area.centerx, y), theme.WARN if foxes >= 2 else theme.INK,
             True, "midtop")
        blit(surface, t("kg.close_hint"), 14, (area.centerx, area.bottom - 8), theme.INK_DIM, anchor="midbottom")
        if info["out"]:
            names = joined(info["out"], self.names, self.me)
            blit(surface, t("kg.eliminated", names=names), 22, (area.centerx, y + 94), theme.BAD, True, "midtop")
        main = next((e for e in info["lost"] if not e.companion), None)
        dragged = next((e for e in info["lost"] if e.companion), None)
        if main is not None:
            blit(surface, self._verdict(event.success, main.seat), 22, (area.centerx, y + 36),
                 theme.GOOD if event.success else theme.BAD, True, "midtop")
            if dragged is not None:
                blit(surface, said("kg.companion", dragged.seat, self.names, self.me), 20, (area.centerx, y + 66),
                     theme.BAD, True, "midtop")
            else:
                companion = info["checked"]
                if companion is not None and companion != main.seat:
                    blit(surface, said("kg.no_companion", companion, self.names, self.me), 18, (area.centerx, y + 66),
                         theme.INK_DIM, False, "midtop")


