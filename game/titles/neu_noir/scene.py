"""Neu/Noir at the table: you (seat `me`) against three to six computer players (spec section 10).

The scene draws only from `view(self.me)` (your seat) and from events told as you may see them; bots think in the app's worker, one
small decision at a time, so a bot's play goes down card by card with the value ticking. Each seat shows its colour
marker (with the bet chip under it, in the bettor's colour), its white chips (lives) under it, its black chips (the
points) as the plate's score, its own bet chip while it still holds it, its hand size and its pile (the top card
and the count; hover it for the whole pile in order). The centre holds the value, the direction of play and the
pending Doubles.

Your play is built freely: click your cards (one kind at a time; the count shows what is left) into a numbered line
with the running value under each card (the first card that would go over 101 marked red); Play is offered only
when the whole play is legal (spec 4.3.1, `check_play`), then asks for a Shot target if the line holds a Shot;
"Reorder" puts the line in an order that is legal, if there is one. Bet asks for its target, Declare says what it
costs before you confirm. The play goes to the engine card by card (its small decisions).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property, lru_cache

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene
from game.core.engine import CHANCE, TERMINAL, among
from game.services.i18n import counted, listed, person, said, sentences, t
from game.titles.neu_noir import rules
from game.titles.neu_noir.cards import SEAT_COLOURS, black_chip, card_back, card_face, card_name, chip
from game.titles.neu_noir.log import describe, pile_of
from game.titles.neu_noir.rules import (
    BUILD,
    CCW,
    DECLARE,
    KINDS,
    OVERTIME_START,
    SHOT,
    TAKE_PILE,
    TURN_PHASE,
    Bet,
    Card,
    ChooseStarter,
    EndPlay,
    TakePile,
    step,
)
from game.ui import theme
from game.ui.actions import Note
from game.ui.fonts import font
from game.ui.seats import draw_seat_badge, felt_table
from game.ui.text import blit, fit, render, wrap
from game.ui.widgets import Button, card_sheet, dim, panel

LOG = pygame.Rect(992, 14, 276, 330)
ACTIONS = pygame.Rect(992, 354, 276, 352)
CENTER = (490, 318)
SEAT_0 = (120, 650)
HAND = pygame.Rect(236, 600, 740, 112)  # your cards, one per kind with its count
LINE = pygame.Rect(330, 458, 620, 130)  # the play being built
PILE_W = 34


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return NeuNoirScene.from_setup(app, setup, autoplay, save)


@lru_cache(maxsize=64)
def has_order(value: int, line: tuple[str, ...]) -> bool:
    """Whether some order of `line` stays within 101 from `value` (asked every frame while a play is built: the
    rules' search runs once per line)."""
    return rules.legal_order(value, list(line)) is not None


class NeuNoirScene(TableScene):
    """One game of Neu/Noir: plays toward 101, bets, declarations, piles, to the black-chip target."""

    title_slug, rules = "neu_noir", rules
    describe = staticmethod(describe)
    LOG_RECT, EFFECTS_SALT, ACTIONS_RECT = LOG, 0x0101, ACTIONS
    BOT_PAUSE = 0.7  # a card of a bot's play stays on show this long (scaled)

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.line: list[str] = []  # the play you are building
        self.mode = "play"  # "play", "bet" (choose a target), "shot" (choose the Shot's target)
        self.hover: tuple[int, int] | None = None  # the mouse, for the pile under it
        self.cursor: int | None = None  # the card of your hand the keys point at (←→, A adds it); None: the mouse

    # --- telling ----------------------------------------------------------------------------------
    def _on_card(self, event: rules.CardAdded) -> None:
        self.timeline.queue(self.speed(0.12), lambda: self.app.audio.play("card"))
        if event.value == 101 and (event.kind == rules.R101 or event.kind in rules.POSITIVE):  # it reached 101
            self.timeline.queue(0.0, lambda: self.effects.popup("101!", (CENTER[0], CENTER[1] - 66), self.now, 40,
                                                                theme.BAD))  # it rises short of the top plate

    def _on_played(self, event: rules.Played) -> None:
        if event.turned:
            def turned() -> None:  # by the direction arrow, which turns: a small event
                text = t("nn.turned")
                self.effects.popup(text, self.turned_spot(font(24, True).size(text)[0]), self.now, 24, theme.SKY,
                                   rise=12)
                self.app.audio.play("menu_move")
            self.timeline.queue(self.speed(0.3), turned)
        if event.shot is not None:
            def shot() -> None:  # over the seat that must play next, not a banner across the table
                x, y = self.badge_center(event.shot)
                pile = self.pile_rect(event.shot)
                if pile.bottom <= y:  # a pile above the plate (yours): over the pile, not on it (playtest round 18)
                    y = min(y, pile.top + 28)
                x = min(max(x, 150), 830)  # the line stays on the table
                self.effects.popup(said("nn.shot_at", event.shot, self.names, self.me), (x, y - 46), self.now, 24,
                                   theme.WARN)
                self.app.audio.play("hit")
            self.timeline.queue(self.speed(0.3), shot)
        if event.doubles:
            self.timeline.queue(self.speed(0.3), lambda: self.app.audio.play("warning"))

    def _on_bet(self, event: rules.BetPlaced) -> None:
        self.timeline.queue(self.speed(0.5), lambda: self.app.audio.play("pick"))
        if event.cancelled:  # the pending-Doubles badge goes with the bet (spec 10)
            def cancelled() -> None:  # where the pill stood (by the bettor's seat it floated by another's pile)
                self.effects.popup(t("nn.doubles_cancelled"), (CENTER[0], CENTER[1] + 52), self.now, 22, theme.SKY,
                                   rise=16)  # it stays by the pill's place, clear of the value above
                self.app.audio.play("slide_out")
            self.timeline.queue(self.speed(0.4), cancelled)

    def _on_declared(self, event: rules.Declared) -> None:
        self.timeline.queue(self.speed(1.0), lambda: self._banner(said("nn.gives_up", event.seat, self.names, self.me),
                                                                  theme.WARN, "warning"))

    def _on_round_won(self, event: rules.RoundWon) -> None:
        def show() -> None:
            x, y = self.badge_center(event.winner)
            self.effects.popup("+1 ●", (x, y - 40), self.now, 30, theme.GOOD)
            self.app.audio.play("clear")
        self.timeline.queue(self.speed(0.9), show)

    def _on_pile(self, event: rules.PileTaken) -> None:
        self.timeline.queue(self.speed(0.6), lambda: self.app.audio.play("slide_out"))

    def _on_round(self, event: rules.RoundStarted) -> None:
        """A new round has a moment of its own (rounds at seven seats pass quickly): who starts it, or overtime."""
        if event.overtime:
            self.timeline.queue(self.speed(1.2), lambda: self._banner(t("nn.overtime_banner"), theme.WARN, "set"))
            self.timeline.queue(self.speed(0.4), lambda: self.app.audio.play("roll"))
        else:
            text = said("nn.round_banner", event.starter, self.names, self.me, n=event.round_no)
            self.timeline.queue(self.speed(1.0), lambda: self._banner(text, theme.SKY, "roll"))

    def _on_over(self, event: rules.GameOver) -> None:
        """The end stays on the table a while, named in a banner: a game that ends in the bots' turns was gone
        before it could be followed (a playtest)."""
        text = said("nn.log.game_over", event.winner, self.names, self.me)
        self.timeline.queue(0.0, lambda: self._banner(text, theme.GOOD if event.winner == self.me else theme.WARN,
                                                      "game_over"))
        self.timeline.queue(self.speed(3.0))

    animations = {rules.CardAdded: _on_card, rules.Played: _on_played, rules.BetPlaced: _on_bet,
                  rules.Declared: _on_declared, rules.RoundWon: _on_round_won, rules.PileTaken: _on_pile,
                  rules.RoundStarted: _on_round, rules.GameOver: _on_over}
    reveals = (rules.Declared,)  # its banner first; then the round's result: chips, piles and their log lines

    def finish(self) -> None:
        state = self.state
        places = state.places()
        results = [t("nn.result.out") if seat == state.disqualified else
                   t("nn.result", black=state.black[seat], white=state.white[seat]) for seat in range(self.n)]
        reason = state.end_reason()
        ending = t("nn.end.target", n=state.target) if reason == "target" else t(f"nn.end.{reason}")
        self.conclude([state.winner], state.round_no, {"black": list(state.black), "white": list(state.white),
                                                       "places": places, "disqualified": state.disqualified},
                      places, results=results, ending=ending)

    # --- in the replay theatre --------------------------------------------------------------------
    round_events = (rules.RoundStarted,)
    holds_secrets = True

    def choice_text(self, raw) -> str:
        """A small decision in words (a card added to a play has no log line of its own)."""
        action = self.state.action_from_json(raw)
        kind = type(action)
        if kind is Card:
            return t("nn.add", card=card_name(action.kind))
        if kind is EndPlay:
            return t("nn.end_play") if action.shot is None else t("nn.shoot", name=self.names[action.shot])
        if kind is Bet:
            return t("nn.bet_on", name=self.names[action.target])
        if kind is TakePile:
            return self._pile_label(action.owner)
        if kind is ChooseStarter:
            return said("nn.starts_overtime", action.seat, self.names, self.me)
        return t("nn.declare_yes")

    def secrets(self, seat: int) -> list[str]:
        """The hand."""
        hand = self.state.hand[seat]
        cards = listed(card_name(kind) + (f" ×{hand[kind]}" if hand[kind] > 1 else "") for kind in KINDS
                       if hand[kind])
        return [t("nn.secret.hand", cards=cards or "—")]

    # --- your decisions -----------------------------------------------------------------------------
    def hand_left(self) -> Counter:
        """Your hand less the cards in the line you are building."""
        left = Counter(dict(self.view.hand))
        left.subtract(self.line)
        return left

    def line_problem(self) -> str | None:
        """Why the line cannot be played as it stands, in words (None: it can)."""
        problem = self.state.play_problem(self.line, self._any_target() if SHOT in self.line else None)
        if problem is None:
            return None
        code, details = problem
        if code == "over":  # "try another order" only where one exists (Reorder for me finds it)
            return t("nn.why.over" if has_order(self.view.value, tuple(self.line)) else "nn.why.over_any",
                     card=card_name(details["kind"]),
                     at=details["at"] + 1)
        return t(f"nn.why.{code}", **details)

    def _any_target(self) -> int:
        return next(s for s in self.view.participants if s != self.me)

    def running(self) -> list[int | None]:
        """The value after each card of the line (None from the first that would go over 101)."""
        values, value = [], self.view.value
        for kind in self.line:
            value = step(value, kind) if value is not None else None
            values.append(value)
        return values

    def add_card(self, kind: str) -> None:
        if not self.human_turn() or self.view.phase != TURN_PHASE or self.mode != "play":
            return
        if self.hand_left()[kind] <= 0:
            self.app.audio.play("error")
            return
        self.line.append(kind)
        self.app.audio.play("card")
        self._refresh_buttons(force=True)

    def remove_card(self, index: int) -> None:
        if 0 <= index < len(self.line):
            self.line.pop(index)
            self.mode = "play"  # the play changed: choose its Shot's target again, if it still has one
            self.app.audio.play("menu_move")
            self._refresh_buttons(force=True)

    def clear_line(self) -> None:
        self.line = []
        self.mode = "play"
        self.app.audio.play("back")
        self._refresh_buttons(force=True)

    def reorder(self) -> None:
        """Put the line in a legal order if one exists (spec 10 "reorder for me"), keeping it otherwise."""
        order = rules.legal_order(self.view.value, self.line)
        if order is None:
            self.app.audio.play("error")
            return
        kept = None not in self.running()  # your order already stays within 101: it is kept, and you are told
        if not kept:
            self.line = order
        self.effects.popup(t("nn.order_kept" if kept else "nn.reordered"), (LINE.centerx, LINE.y - 12), self.now,
                           20, theme.SKY)
        self.app.audio.play("menu_move" if kept else "menu_select")
        self._refresh_buttons(force=True)

    def confirm_play(self) -> None:
        if self.line_problem() is not None:
            self.app.audio.play("error")
            return
        if SHOT in self.line:
            self.mode = "shot"
            self._refresh_buttons(force=True)
            return
        self._submit(None)

    def _submit(self, shot: int | None) -> None:
        """Hand the play to the engine card by card, then its end; a play the rules refuse (the line changed
        under a Shot's choice) is refused with a sound and kept to change."""
        if self.state.play_problem(self.line, shot) is not None:
            self.mode = "play"
            self.app.audio.play("error")
            self._refresh_buttons(force=True)
            return
        cards, self.line, self.mode = list(self.line), [], "play"
        self.app.audio.play("menu_select")
        for kind in cards:
            self.apply(Card(kind))
        self.apply(EndPlay(shot))

    def start_bet(self) -> None:
        self.mode = "bet"
        self.app.audio.play("menu_move")
        self._refresh_buttons(force=True)

    def cancel_mode(self) -> None:
        self.mode = "play"
        self.app.audio.play("back")
        self._refresh_buttons(force=True)

    def bet(self, target: int) -> None:
        self.mode, self.line = "play", []
        self.choose(Bet(target))

    def ask_declare(self) -> None:
        from game.app.overlays import ConfirmScene

        v = self.view
        if not among(DECLARE, v.legal):
            self.app.audio.play("error")
            return
        bettor = rules.bettor_under(v.bet_of, self.me)
        winner = bettor if bettor is not None else v.last_actor
        after = self.state.clone()  # what the declaration leads to (chips only: public)
        after.apply(DECLARE)
        ends = after.is_terminal() or after.phase == rules.OVERTIME_START
        if after.disqualified == self.me:
            detail = t("nn.declare_out_overtime") if not after.is_terminal() else \
                t("nn.declare_out_wins", winner=self.names[after.winner])
        elif after.is_terminal():
            detail = t("nn.declare_target", winner=self.names[winner], target=after.target)
        else:
            detail = t("nn.declare_detail", white=v.white[self.me] - 1, winner=self.names[winner])
        forced = len(v.legal) == 1  # Declare alone: no card to play, no bet to place, nothing to keep playing
        if forced:
            detail = sentences([t("nn.declare_forced"), detail])
        keep = t("nn.declare_look" if forced else "nn.declare_no")
        self.app.stack.push(ConfirmScene(self.app, t("nn.declare_question"), t("nn.declare_yes"),
                                         lambda: self.choose(DECLARE), keep, detail,
                                         theme.WARN if ends else theme.INK_DIM, act_default=forced))

    def options(self) -> list[tuple[str, object, bool]]:
        """(label, what the button does, enabled) for the buttons of the moment."""
        v = self.view
        legal = v.legal
        if v.phase == TAKE_PILE:  # the biggest pile first; an empty one greyed while another has cards
            any_cards = any(v.piles)
            return [(self._pile_label(o), lambda o=o: self.choose(TakePile(o)), bool(v.piles[o]) or not any_cards)
                    for o in self.pile_owners()]
        if v.phase == OVERTIME_START:
            return [(said("nn.starts_overtime", s, self.names, self.me), lambda s=s: self.choose(ChooseStarter(s)), True)
                    for s in v.tied]
        if v.phase == BUILD:  # a play left half made (a game resumed): finish it card by card
            out = [(t("nn.add", card=card_name(a.kind)), lambda a=a: self.choose(a), True) for a in legal
                   if type(a) is Card]
            return out + [(t("nn.end_play") if a.shot is None else t("nn.shoot", name=self.names[a.shot]),
                           lambda a=a: self.choose(a), True) for a in legal if type(a) is EndPlay]
        if self.mode == "bet":
            return [(t("nn.bet_on", name=self.names[a.target]), lambda a=a: self.bet(a.target), True)
                    for a in legal if type(a) is Bet] + [(t("nn.cancel"), self.cancel_mode, True)]
        if self.mode == "shot":
            return [(t("nn.shoot", name=self.names[s]), lambda s=s: self._submit(s), True)
                    for s in v.participants if s != self.me] + [(t("nn.cancel"), self.cancel_mode, True)]
        can_play = self.can_play()
        bets = any(type(a) is Bet for a in legal)
        out = [(counted("nn.play_line", len(self.line)) if self.line else t("nn.play"), self.confirm_play,
                self.line_problem() is None)]
        if self.line or can_play:  # offered (greyed) from the turn's start, so the buttons do not move under the
            # pointer when the first card is clicked (playtest round 11)
            out += [(t("nn.reorder"), self.reorder, len(self.line) > 1 and has_order(v.value, tuple(self.line))),
                    (t("nn.clear"), self.clear_line, bool(self.line))]
        out += [(t("nn.bet"), self.start_bet, bets), (t("nn.declare"), self.ask_declare, DECLARE in legal)]
        if not can_play and not self.line:
            out[0] = (t("nn.play"), self.confirm_play, False)
        return out

    def can_play(self) -> bool:
        """Whether a card may be played now (your legal actions hold one)."""
        return any(type(a) is Card for a in self.view.legal)

    def pile_owners(self) -> list[int]:
        """The piles in the order the buttons offer them: the biggest first."""
        return sorted(range(self.n), key=lambda o: -len(self.view.piles[o]))

    def _pile_label(self, owner: int) -> str:
        pile = self.view.piles[owner]
        return counted("nn.take_pile", len(pile), pile=pile_of(owner, self.me, self.names, self.me).capitalize()
                       if owner != self.me else t("nn.your_pile"))

    def _refresh_buttons(self, force: bool = False) -> None:
        options = self.options()
        labels = [(label, enabled) for label, _, enabled in options]
        if not force and [(b.label, b.enabled) for b in self.buttons.buttons] == labels:
            return
        self.buttons.buttons = []
        for i, (label, act, enabled) in enumerate(options):
            button = Button(pygame.Rect(ACTIONS.x + 14, ACTIONS.y + 70 + i * 40, ACTIONS.width - 28, 34), label,
                            act, size=16, primary=i == 0 and enabled and self.mode != "bet")
            button.enabled = enabled
            self.buttons.buttons.append(button)
        v = self.view
        if self.mode == "play" and v.phase == TURN_PHASE and self.can_play():
            self.buttons.focus = 0  # Play, lit once a card is in the line: never Declare while you can play
        elif self.mode == "bet":  # Cancel: a bet is placed by a deliberate choice of seat, not a stray Enter
            self.buttons.focus = len(self.buttons.buttons) - 1  # (playtest round 14)
        else:
            self.buttons.focus = next((i for i, b in enumerate(self.buttons.buttons) if b.enabled), 0)
        self.place_actions()

    def apply(self, action) -> None:
        """Any action ends the play you were building: yours is sent whole (the line already emptied), and a bet,
        a declaration or a pile taken leaves it unplayed (a playtest found it staged again in the next round)."""
        super().apply(action)
        self.line, self.mode = [], "play"

    # --- the decision panel -----------------------------------------------------------------------
    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.to_move == TERMINAL:
            return t("nn.game_over"), theme.WARN
        if not self.human_turn():
            if v.to_move == CHANCE:
                return "…", theme.INK_DIM
            return self.waiting("nn.waiting", v.to_move)
        if v.phase == TAKE_PILE:
            extra = counted("nn.take_leftover", v.leftover) if v.leftover else ""
            return t("nn.prompt.take") + extra, theme.ACCENT
        if v.phase == OVERTIME_START:
            return t("nn.prompt.overtime"), theme.ACCENT
        if self.mode == "bet":
            return t("nn.prompt.bet"), theme.ACCENT
        if self.mode == "shot":
            return t("nn.prompt.shot"), theme.ACCENT
        if v.phase == BUILD:
            return t("nn.prompt.build"), theme.ACCENT
        if not self.can_play():
            can_bet, hand = any(type(a) is Bet for a in v.legal), dict(v.hand)
            if not sum(hand.values()):
                return t("nn.prompt.no_cards" if can_bet else "nn.prompt.no_cards_no_bet"), theme.WARN
            if v.doubles and any(hand.get(kind) for kind, _ in rules.FITTING_CARDS[v.value]):
                # the Double is why (a newcomer asked why the 101 in hand could not go); not when nothing fits
                key = "nn.prompt.stuck_doubles" if can_bet else "nn.prompt.stuck_doubles_no_bet"
                return t(key, n=v.doubles, need=v.doubles + 1), theme.WARN
            return t("nn.prompt.stuck" if can_bet else "nn.prompt.stuck_no_bet"), theme.WARN
        if v.doubles:
            return counted("nn.prompt.doubles", v.doubles, need=v.doubles + 1), theme.WARN
        return t("nn.prompt.turn"), theme.ACCENT

    def panel_notes(self) -> list[Note]:
        if self.human_turn() and self.view.phase == TAKE_PILE:  # the pile under the pointer, card by card
            hovered = self.buttons.hover if self.buttons.hover is not None else self.buttons.focus
            owners = self.pile_owners()
            if hovered is not None and 0 <= hovered < len(owners) and self.view.piles[owners[hovered]]:
                return [Note(listed(card_name(kind) for kind in self.view.piles[owners[hovered]]), color=theme.INK)]
            return []
        if self.human_turn() and self.mode == "bet":
            return [Note(t("nn.bet_note"), color=theme.INK)]
        if not self.human_turn() or self.view.phase != TURN_PHASE or self.mode != "play":
            return []
        if not self.line:
            return self.why_not_notes()
        problem = self.line_problem()
        return [Note(problem, color=theme.BAD)] if problem else [Note(t("nn.line_ok"), color=theme.GOOD)]

    def why_not_notes(self) -> list[Note]:
        """Why Bet or Declare is greyed now (spec 10): your chip is out, everyone is covered, nobody has played."""
        v, notes = self.view, []
        if not any(type(a) is Bet for a in v.legal):
            notes.append(Note(t("nn.why_no_bet.out" if v.bet_of[self.me] is not None else "nn.why_no_bet.covered"),
                              color=theme.INK_DIM))
        if not among(DECLARE, v.legal):
            notes.append(Note(t("nn.why_no_declare"), color=theme.INK_DIM))
        return notes

    def panel_reserve(self) -> list[Note] | None:
        """Room for the longest pile's list while choosing a pile, and for the longest verdict on a play while one
        is built (legal, or why not): the buttons stay put under the pointer as the verdict changes (a playtest
        clicked where Play had been)."""
        if not self.human_turn():
            return None
        if self.view.phase == TAKE_PILE:  # the roomiest list, not the most cards: names differ in length
            return self.actions.roomiest([Note(listed(card_name(kind) for kind in pile), color=theme.INK)
                                          for pile in self.view.piles if pile]) or []
        if self.view.phase == TURN_PHASE and self.mode == "play" and (
                self.line or self.can_play()):
            # from the turn's start, so the first card clicked does not move them either (playtest round 11)
            name = max((card_name(kind) for kind in KINDS), key=len)
            verdicts = [t(key, card=name, at=max(1, len(self.line))) for key in ("nn.why.over", "nn.why.over_any")]
            verdicts += [t("nn.why.few", need=self.view.doubles + 1), t("nn.line_ok")]
            return self.actions.roomiest_group([self.why_not_notes(), *([Note(text, color=theme.BAD)]
                                                                        for text in verdicts)])
        return None

    def panel_footer(self) -> str:
        if not (self.human_turn() and self.view.phase == TURN_PHASE):
            return ""
        if self.mode != "play":
            return t("nn.footer_target")
        return t("nn.footer") if self.line or self.can_play() else ""  # nothing to add: no words about adding

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.mode != "play":
            self.cancel_mode()  # Esc leaves choosing a bet's or a Shot's target (then it pauses)
            return
        if self.handle_table(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover, self.cursor = event.pos, None  # the mouse points now: no card stays raised for the keys
        if self.human_turn():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click_table(event.pos):
                return
            if event.type == pygame.KEYDOWN and self._hand_key(event.key):
                return
            self.buttons.handle(event)

    def _hand_key(self, key: int) -> bool:
        """←→ point at a card of your hand that is left to play (greyed ones are passed over), A adds it to the
        play (the pointer then moves on if that was the last of its kind), Backspace takes the last one back. Enter
        stays the buttons' key, as everywhere: the pointed card is raised in its own colour, not ringed as a focus."""
        if self.view.phase != TURN_PHASE or self.mode != "play":
            return False
        kinds = self.hand_kinds()
        left = self.hand_left()
        playable = [i for i, kind in enumerate(kinds) if left[kind] > 0]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and playable:
            step = 1 if key == pygame.K_RIGHT else -1
            self.cursor = self._next_playable(self.cursor, step) if self.cursor is not None else \
                playable[0 if step > 0 else -1]
            self.app.audio.play("menu_move")
            return True
        if key == pygame.K_a and kinds:
            pointed = self.pointed_card()  # the card under the mouse, or the keys' (none yet: the first left)
            if pointed is None:
                pointed = self.cursor = playable[0] if playable else 0
            kind = kinds[min(pointed, len(kinds) - 1)]
            self.add_card(kind)
            if self.cursor is not None and self.hand_left()[kind] <= 0:  # the last of it: on to the next card left
                self.cursor = self._next_playable(self.cursor, 1)
            return True
        if key == pygame.K_BACKSPACE and self.line:
            self.remove_card(len(self.line) - 1)
            return True
        return False

    def _next_playable(self, index: int, step: int) -> int | None:
        """The next card of the hand `step` away from `index` (round the hand) with copies left; None if none."""
        kinds, left = self.hand_kinds(), self.hand_left()
        for offset in range(1, len(kinds) + 1):
            candidate = (index + step * offset) % len(kinds)
            if left[kinds[candidate]] > 0:
                return candidate
        return None

    def _click_table(self, pos: tuple[int, int]) -> bool:
        """A click on one of your cards (into the line), on a card of the line (out of it), or on a seat while
        choosing a bet's target."""
        if self.view.phase != TURN_PHASE:
            return False
        for kind, rect in self.hand_rects():
            if rect.collidepoint(pos):
                self.add_card(kind)
                return True
        for index, rect in enumerate(self.line_rects()):
            if rect.collidepoint(pos):
                self.remove_card(index)
                return True
        for seat in self.others():
            if self.layout.plate_rect(seat).collidepoint(pos) and self.targetable(seat):
                if self.mode == "bet":
                    self.bet(seat)
                else:
                    self._submit(seat)
                return True
        return False

    def targetable(self, seat: int) -> bool:
        """Whether a click on `seat` chooses it now: a bet's target, or the Shot's (any other participant)."""
        if self.mode == "bet":
            return among(Bet(seat), self.view.legal)
        return self.mode == "shot" and seat != self.me and seat in self.view.participants

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def pile_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's pile lies, beside its plate on the table's side (yours above your plate)."""
        plate = self.layout.plate_rect(seat)
        if seat == self.me:
            return (plate.right - 30, plate.top - 42)
        if plate.centery < CENTER[1] - 120:  # a seat at the top: under its plate in the middle, else outside it
            if abs(plate.centerx - CENTER[0]) < 60:
                return (plate.centerx, plate.bottom + 58)
            return (plate.right + 30, plate.centery) if plate.centerx > CENTER[0] else (plate.left - 30, plate.centery)
        if plate.centerx < CENTER[0]:
            return (plate.right + 30, plate.centery)
        return (plate.left - 62, plate.centery)

    def pile_rect(self, seat: int) -> pygame.Rect:
        image = card_back(PILE_W)
        return image.get_rect(center=self.pile_pos(seat))

    def hand_kinds(self) -> list[str]:
        return [kind for kind, _ in self.view.hand]

    def card_width(self, count: int, area: pygame.Rect) -> int:
        return max(30, min(62, (area.width - 8 * max(0, count - 1)) // max(1, count)))

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        kinds = self.hand_kinds()
        width = self.card_width(len(kinds), HAND)
        height = round(width * 1.42)
        total = len(kinds) * (width + 8) - 8
        x = HAND.x + max(0, (HAND.width - total) // 2)
        return [(kind, pygame.Rect(x + i * (width + 8), HAND.bottom - height, width, height))
                for i, kind in enumerate(kinds)]

    @cached_property
    def line_right(self) -> int:
        """Where the play's cards must stop: LINE's right edge, or short of a seat (its plate, chips and pile) that
        reaches into LINE's band, with the order numbers above the cards (at seven seats the lower right seat does:
        a play of eight cards covered it, playtest round 14). The seats stay put all game: worked out once."""
        band = pygame.Rect(LINE.x, LINE.y - 14, LINE.width, LINE.height + 14)
        right = LINE.right
        for seat in range(self.n):
            for rect in (self.layout.plate_rect(seat).inflate(16, 0).union(self.layout.plate_rect(seat).move(0, 24)),
                         self.pile_rect(seat).inflate(120, 0)):  # the pile with its count beside it
                if rect.colliderect(band) and rect.left > LINE.centerx:
                    right = min(right, rect.left - 8)
        return right

    def line_rects(self, count: int | None = None) -> list[pygame.Rect]:
        """The play's cards (yours, or `count` of a play going down) left to right inside LINE: smaller as it
        grows, then overlapping (a long play stays on the table)."""
        count = len(self.line) if count is None else count
        room = self.line_right - LINE.x - 30
        width = max(30, min(62, (room - 10 * (max(count, 6) - 1)) // max(count, 6)))
        step = width + 10 if count * (width + 10) - 10 <= room else (room - width) // max(1, count - 1)
        height = round(width * 1.42)
        return [pygame.Rect(LINE.x + 30 + i * step, LINE.y + 4, width, height) for i in range(count)]

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt_table(), (0, 0))
        self._draw_header(surface)
        self._draw_centre(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        self._draw_line(surface)
        self._draw_hand(surface)
        self.log.draw(surface)
        self.draw_actions(surface)
        self.effects.draw(surface, self.now, CENTER)
        self._draw_pile_tip(surface)
        self._draw_seat_tip(surface)

    def _draw_header(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        line = t("nn.round", n=max(1, v.round_no)) + " · " + t("nn.target", n=self.state.target)
        blit(surface, line, 17, (20, 50), theme.INK_DIM, True)
        blit(surface, t("nn.supply", n=v.black_supply), 15, (960, 16), theme.INK_DIM, anchor="topright")
        if self.autoplay:
            blit(surface, t("nn.demo"), 16, (960, 38), theme.SKY, True, "topright")

    def _draw_centre(self, surface: pygame.Surface) -> None:
        v = self.view
        if v.overtime:
            names = " vs ".join(self.names[s] for s in v.participants)
            text, size = fit(t("nn.overtime_line", names=names), 18, 420, True)
            blit(surface, text, size, (CENTER[0], CENTER[1] - 104), theme.WARN, True, "center")
        value = v.line_value if v.line else v.value
        colour = theme.BAD if value >= 95 else theme.WARN if value >= 80 else theme.INK
        blit(surface, str(value), 76, self.value_rect().center, colour, True, "center")
        blit(surface, t("nn.value"), 15, (CENTER[0], CENTER[1] + 24), theme.INK_DIM, anchor="center")
        arrow = self.arrow_rect()
        draw_direction(surface, (arrow.centerx, arrow.y + 18), v.direction)
        blit(surface, self.direction_word(), 13, (arrow.centerx, arrow.y + 50), theme.SKY, anchor="center")
        if v.doubles and v.phase in (TURN_PHASE, BUILD):  # the pill as wide as its words (a long name cut it to
            # "Double ···", playtest round 17); none on a finished table
            text = counted("nn.doubles_badge", v.doubles, name=self.names[v.current])
            shown, size = fit(text, 15, 260, True, 12)
            badge = render(shown, size, theme.INK, True).get_rect().inflate(24, 0)
            badge.size = (max(150, badge.width), 30)
            badge.center = (CENTER[0], CENTER[1] + 52)
            pygame.draw.rect(surface, (150, 70, 170), badge, border_radius=14)
            blit(surface, shown, size, badge.center, theme.INK, True, "center")
        if v.leftover:
            x, y = CENTER[0] - 120, CENTER[1] - 40
            for k in range(min(3, v.leftover)):
                surface.blit(card_back(34), (x - 2 * k, y - 2 * k))
            blit(surface, counted("nn.leftover", v.leftover), 13, (x + 17, y + 54), theme.INK_DIM, anchor="midtop")

    def value_rect(self) -> pygame.Rect:
        """Where the big current value stands (the line's value while you build a play)."""
        v = self.view
        width, height = font(76, True).size(str(v.line_value if v.line else v.value))
        return pygame.Rect(0, 0, width, height).move(CENTER[0] - width // 2, CENTER[1] - 24 - height // 2)

    def direction_word(self) -> str:
        return t("nn.ccw") if self.view.direction == CCW else t("nn.cw")

    def arrow_rect(self) -> pygame.Rect:
        """Where the direction arrow and its word under it stand (`direction_spot`)."""
        half = max(18, font(13).size(self.direction_word())[0] // 2)
        x, y = self.direction_spot(self.value_rect(), 2 * half)
        return pygame.Rect(x - half, y - 18, 2 * half, 58)

    def turned_spot(self, width: int) -> tuple[int, int]:
        """Where "Turn! Reversed" (`width` wide) rises: by the arrow, where its words fit clear of the piles, the
        plates with their chips, and the arrow itself; else under the value. Worked out as it shows (playtest rounds
        18b and 19b: it rose over a pile's count at seven seats, in the replay from where the arrow had stood before
        the step, over the arrow, and over the top seats' chips)."""
        plates = [self.layout.plate_rect(seat) for seat in range(self.n)]
        avoid = [self.arrow_rect()] + [plate.inflate(0, 8).union(plate.move(0, 28)) for plate in plates]  # with the
        # chips and the card count under each
        if self.view.doubles and self.view.phase in (TURN_PHASE, BUILD):
            avoid.append(pygame.Rect(CENTER[0] - 130, CENTER[1] + 37, 260, 30))  # the Doubles pill
        return self.direction_spot(self.value_rect(), width, above=32, below=18, avoid=avoid,
                                   last=(CENTER[0], CENTER[1] + 100))

    def direction_spot(self, value: pygame.Rect, label_width: int, above: int = 18, below: int = 40,
                       avoid: list[pygame.Rect] | None = None, last: tuple[int, int] | None = None
                       ) -> tuple[int, int]:
        """Where the direction arrow stands (its word under it): right of the value; else left of it, else above it,
        where a pile and its count are in the way (at seven seats a value of 101 pushed them onto the right-hand
        seat's "pile of 3", playtest round 17); else right of the value whatever it touches. What stands there is
        `label_width` wide and reaches `above` over the spot and `below` under it (the arrow and its word, or the
        popup that says it turned, which also keeps clear of what is `avoid`ed and has a `last` spot)."""
        half = max(18, label_width // 2)
        taken = [self.pile_rect(seat).union(label[1]) if (label := self.pile_label(seat)) else self.pile_rect(seat)
                 for seat in range(self.n)] + list(avoid or ())
        if self.view.leftover:
            taken.append(pygame.Rect(CENTER[0] - 130, CENTER[1] - 50, 54, 110))  # the leftover and its count
        y = CENTER[1] - 50
        spots = [(max(CENTER[0] + 100, value.right + 14 + half), y), (value.left - 14 - half, y),
                 (CENTER[0], value.top - 40)] + ([last] if last else [])
        return next((spot for spot in spots
                     if pygame.Rect(spot[0] - half, spot[1] - above, 2 * half, above + below).collidelist(taken) < 0),
                    spots[-1] if last else spots[0])

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        out = seat == v.disqualified or seat not in v.participants
        thinking = self.ticket is not None and v.to_move == seat
        rect = draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                               str(v.black[seat]), None, v.to_move == seat and v.to_move >= 0, thinking, self.now,
                               self.layout.plate, black_chip())  # the black chips are the points: the score
        pygame.draw.rect(surface, SEAT_COLOURS[seat], (rect.x + 3, rect.y + 6, 5, rect.height - 12), border_radius=2)
        bettor = rules.bettor_under(v.bet_of, seat)
        if bettor is not None:  # a bet chip under this marker, in the bettor's colour
            chip(surface, (rect.x - 3, rect.centery), SEAT_COLOURS[bettor], 9, theme.INK)  # clear of the white chips
        if self.human_turn() and self.targetable(seat):
            pygame.draw.rect(surface, theme.GOOD, rect.inflate(8, 8), 3, border_radius=theme.RADIUS + 3)
        y = rect.bottom + 10
        for k in range(v.white[seat]):
            chip(surface, (rect.x + 10 + k * 15, y), (240, 240, 236), 6)
        if v.bet_of[seat] is None:  # its own bet chip, still in hand
            chip(surface, (rect.right - 12, y), SEAT_COLOURS[seat], 7, theme.INK)
        cards = counted("nn.cards", v.hand_sizes[seat])
        blit(surface, cards, 13, (rect.right - 24, y), theme.INK_DIM, anchor="midright")
        if seat == v.last_actor and not out:
            blit(surface, t("nn.last"), 12, (rect.centerx, rect.y - 2), theme.SKY, True, "midbottom")
        if out:
            dim(surface, 140, rect, theme.RADIUS)  # the plate's own rounded shape
        self._draw_pile(surface, seat)

    def pile_label(self, seat: int) -> tuple[str, pygame.Rect] | None:
        """A pile's count in words ("pile of 3": a hand card's "×2" means copies of it) and where it stands: beside
        the pile, on the side away from the plate. None for an empty pile."""
        pile = self.view.piles[seat]
        if not pile:
            return None
        rect, text = self.pile_rect(seat), counted("nn.pile_size", len(pile))
        label = render(text, 13, theme.INK, True).get_rect()
        if rect.centerx < self.layout.plate_rect(seat).centerx:
            label.bottomright = (rect.left - 4, rect.bottom)
        else:
            label.bottomleft = (rect.right + 4, rect.bottom)
        return text, label

    def _draw_pile(self, surface: pygame.Surface, seat: int) -> None:
        pile = self.view.piles[seat]
        rect = self.pile_rect(seat)
        if not pile:
            pygame.draw.rect(surface, theme.FELT_EDGE, rect, 2, border_radius=5)
            return
        surface.blit(card_face(pile[-1], PILE_W), rect)
        text, label = self.pile_label(seat)
        blit(surface, text, 13, label.topleft, theme.INK, True)

    def _draw_pile_tip(self, surface: pygame.Surface) -> None:
        """The whole pile under the mouse, in the order played (bottom first)."""
        if self.hover is None:
            return
        seat = next((s for s in range(self.n) if self.pile_rect(s).inflate(12, 12).collidepoint(self.hover)), None)
        if seat is None or not self.view.piles[seat]:
            return
        pile = self.view.piles[seat]
        sheet = card_sheet(said("nn.pile_title", seat, self.names, self.me, n=len(pile)),
                           [card_face(kind, 30) for kind in pile], per_row=10)
        box = sheet.get_rect()
        box.midbottom = (min(max(self.hover[0], box.width // 2 + 4), 976 - box.width // 2), self.hover[1] - 12)
        box.top = max(4, box.top)
        surface.blit(sheet, box)

    def seat_tip(self, seat: int) -> list[str]:
        """What a seat's chips mean, for the mouse on its marker or chips (playtest round 7: unlabelled dots)."""
        v = self.view
        lines = [said("nn.tip.black", seat, self.names, self.me, n=v.black[seat], target=self.state.target),
                 counted("nn.tip.white", v.white[seat])]
        on = v.bet_of[seat]
        lines.append(t("nn.tip.bet_held") if on is None else
                     t("nn.tip.bet_on", name=person(on, self.names, self.me)))
        bettor = rules.bettor_under(v.bet_of, seat)
        if bettor is not None:
            lines.append(said("nn.tip.under", bettor, self.names, self.me))  # "your bet chip", not "you's"
        return lines

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose marker or chip row (just under it) is at `pos`."""
        for seat in range(self.n):
            plate = self.layout.plate_rect(seat)
            if plate.inflate(16, 0).union(plate.move(0, 18)).collidepoint(pos):
                return seat
        return None

    def _draw_seat_tip(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.view.phase == TAKE_PILE:
            return
        seat = self.seat_at(self.hover)
        if seat is None:
            return
        tip = self.seat_tip(seat)
        width = min(360, max(render(line, 14, theme.INK).get_width() for line in tip) + 24)
        # wrapped, not shortened: the Japanese bet chip's line is longer than the box (playtest round 14)
        lines = [part for line in tip for part in wrap(line, 14, width - 20)]
        box = pygame.Rect(0, 0, width, 14 + 20 * len(lines))
        plate = self.layout.plate_rect(seat)  # under the seat's chips, or over its marker: never over the seat
        box.midtop = (min(max(plate.centerx, width // 2 + 4), 976 - width // 2), plate.bottom + 22)
        if box.bottom > 716:
            box.bottom = plate.top - 16
        panel(surface, box, theme.BG_DEEP, theme.SKY)
        for k, line in enumerate(lines):
            blit(surface, line, 14, (box.x + 10, box.y + 8 + 20 * k), theme.INK)

    def _draw_line(self, surface: pygame.Surface) -> None:
        """The play being built (yours), or a bot's play going down card by card."""
        v = self.view
        cards = self.line if self.line else list(v.line)
        if not cards:
            return
        mine = bool(self.line)
        values = self.running() if mine else [None] * len(cards)
        if not mine:  # a play in progress at the table: its running values
            value, values = v.value, []
            for kind in cards:
                value = step(value, kind)
                values.append(value)
        who = t("nn.your_line") if mine else said("nn.their_line", v.current, self.names, self.me)
        blit(surface, who, 15, (LINE.x, LINE.y - 36), theme.INK_DIM, True)
        over = next((i for i, value in enumerate(values) if value is None), None)
        for i, (kind, rect) in enumerate(zip(cards, self.line_rects(len(cards)), strict=True)):
            surface.blit(card_face(kind, rect.width, "bad" if i == over else "lit" if mine else "normal"), rect)
            blit(surface, str(i + 1), 13, (rect.centerx, rect.y - 2), theme.INK_DIM, anchor="midbottom")
            shown = "—" if values[i] is None else str(values[i])
            blit(surface, shown, 16, (rect.centerx, rect.bottom + 3), theme.BAD if i == over else theme.INK, True,
                 "midtop")

    def pointed_card(self) -> int | None:
        """The hand card raised while you build a play: the keys' cursor, else the card under the mouse."""
        if not (self.human_turn() and self.view.phase == TURN_PHASE and self.mode == "play"):
            return None
        if self.cursor is not None:
            return self.cursor
        return next((index for index, (_, rect) in enumerate(self.hand_rects())
                     if self.hover is not None and rect.collidepoint(self.hover)), None)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        left = self.hand_left()
        pointed = self.pointed_card()
        for index, (kind, rect) in enumerate(self.hand_rects()):
            style = "normal" if left[kind] > 0 else "dim"
            if index == pointed and left[kind] > 0:
                rect = rect.move(0, -8)
                style = "lit"
            surface.blit(card_face(kind, rect.width, style), rect)
            if left[kind] > 1 or (left[kind] == 1 and dict(self.view.hand)[kind] > 1):
                tag = pygame.Rect(0, 0, 26, 18)
                tag.midtop = (rect.right - 8, rect.y - 8)
                pygame.draw.rect(surface, theme.ACCENT, tag, border_radius=8)
                blit(surface, f"×{left[kind]}", 12, tag.center, theme.BG_DEEP, True, "center")


def draw_direction(surface: pygame.Surface, centre: tuple[int, int], direction: int) -> None:
    """The direction of play: a circular arrow, turning clockwise or counter-clockwise."""
    import math

    radius = 18
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    pygame.draw.arc(surface, theme.SKY, rect, math.radians(40), math.radians(320), 4)
    angle = math.radians(40 if direction != CCW else 320)  # the arrowhead at the arc's clockwise or other end
    tip = (centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle))
    sign = -1 if direction != CCW else 1
    tangent = (-math.sin(angle) * sign, -math.cos(angle) * sign)
    normal = (math.cos(angle), -math.sin(angle))
    head = [(tip[0] + tangent[0] * 9, tip[1] + tangent[1] * 9),
            (tip[0] - tangent[0] * 3 + normal[0] * 7, tip[1] - tangent[1] * 3 + normal[1] * 7),
            (tip[0] - tangent[0] * 3 - normal[0] * 7, tip[1] - tangent[1] * 3 - normal[1] * 7)]
    pygame.draw.polygon(surface, theme.SKY, head)
