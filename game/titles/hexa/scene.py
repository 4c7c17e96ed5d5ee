"""Hexa at the table: you (seat `me`) against one computer player (spec section 10).

The scene draws only from `view(self.me)` and from events told as you may see them; the bot thinks in the app's
worker. The board is turned so that your rear edge is at the bottom (as P2 the flag column is on your left); your
pieces are the triangles pointing up the screen. Around it: the deck and the discard pile (click it to look
through it, oldest first), the cards of the other's hand you have seen, the battle area (each side's support,
the two cards face down, then turned over together with the strengths), your hand at the foot.

Your turn: Keep or Redraw when you own the flag; the recovery tray (each set in your hand is a button; the cards of
the one under the pointer rise; then the discard pile opens to pick a card back); the move (a forward arrow over
each piece, an attack marked with its preview "You +3 · Enemy +0"); a battle card (click a card of your hand).
Every choice is also a button of the decision panel, so the keyboard plays the whole game.
"""

from __future__ import annotations

import math

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene
from game.core.engine import CHANCE, TERMINAL, among
from game.services.i18n import said, t
from game.titles.hexa import rules
from game.titles.hexa.bots import WORTH, card_odds, guess
from game.titles.hexa.cards import PIECES, card_back, card_face, card_size, draw_piece
from game.titles.hexa.log import card_name, describe, side
from game.titles.hexa.rules import (
    ATTACK,
    COLUMNS,
    DEFEND,
    END_RECOVERY,
    FLAG_REDRAW,
    KEEP,
    MOVE,
    RECOVER_PICK,
    RECOVERY,
    REDRAW,
    Advance,
    Commit,
    DeclareSet,
    Take,
    coords,
)
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import draw_seat_badge, felt_table
from game.ui.text import blit, fit, font
from game.ui.widgets import Button, panel

LOG = pygame.Rect(992, 14, 276, 360)
ACTIONS = pygame.Rect(992, 384, 276, 322)
BOARD = pygame.Rect(360, 96, 260, 440)  # the hex board (the seats' plates go around it)
HEXES = BOARD.inflate(16, 16)  # the layer the hexes are drawn on, with room for their edges
SEAT_0 = (120, 650)
HAND = pygame.Rect(236, 566, 736, 146)
PILES = pygame.Rect(24, 120, 300, 190)  # the deck and the discard pile
KNOWN = pygame.Rect(24, 330, 300, 150)  # the other's cards you have seen
FAINT_BAD = (140, 70, 70)  # an attack preview's line and frame while another move is lit
ARENA = pygame.Rect(672, 196, 296, 320)  # the battle (clear of the attack previews beside the board)
PILE_W, KNOWN_W, ARENA_W = 60, 40, 84
NAME_SIZE = 11  # a hex name's type
NAME_INK = (112, 162, 138)  # faint on the hex, still read in a small window (playtest round 11)
SLIDE = 0.35  # seconds a piece takes to step
FLIP = 0.9  # seconds before the battle cards are turned over, then the result shows


def battle_reason(attacker: str, defender: str) -> str:
    """Why a battle of these cards ended as it did (spec 4.4), a string key: a Joker, a missing card, a face card
    against a number, an ace against a face card, else the totals compared."""
    if rules.JOKER in (attacker, defender):
        return "hx.why.joker"
    if rules.BLANK in (attacker, defender):
        return "hx.why.blank"
    pair = {rules.CATEGORY[attacker], rules.CATEGORY[defender]}
    if pair == {rules.FACE, rules.NUMBER}:
        return "hx.why.face"
    if pair == {rules.ACE, rules.FACE}:
        return "hx.why.ace"
    return "hx.why.totals"


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return HexaScene.from_setup(app, setup, autoplay, save)


class HexaScene(TableScene):
    """One game of Hexa: moves, recoveries and battles up to a goal hex."""

    title_slug, rules = "hexa", rules
    describe = staticmethod(describe)
    LOG_RECT, EFFECTS_SALT, ACTIONS_RECT = LOG, 0x6E6A, ACTIONS
    BOARD = BOARD
    BOT_PAUSE = 0.6
    reveals = (rules.BattleResolved,)

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.hover: tuple[int, int] = (0, 0)
        self.browsing = False  # the discard pile laid out
        self.layers: tuple | None = None  # (what they show, the hexes, their names): see board_layers
        self.slide: tuple | None = None  # (seat, column, from row, to row, start): a piece stepping
        self.last_battle: rules.BattleResolved | None = None  # shown in the battle area until the next one
        self.flip_at: float | None = None  # when the battle cards turn over
        self.ended_at: float | None = None  # when the end was announced on the board
        self._board: tuple = (None, None)  # (view, the board it shows), for the rules' geometry
        self.redrawn: str | None = None  # the card your flag redraw brought, marked until you move

    # --- telling ----------------------------------------------------------------------------------
    def _on_moved(self, event: rules.Moved) -> None:
        if event.seat == self.me:
            self.redrawn = None
        def start() -> None:
            self.slide = (event.seat, event.column, event.source, event.target, self.now)
            self.app.audio.play("slide_out")
        self.timeline.queue(self.speed(SLIDE), start)

    def _on_flag(self, event: rules.FlagTaken) -> None:
        self.timeline.queue(self.speed(0.8), lambda: self._banner(said("hx.flag_banner", event.seat, self.names,
                                                                        self.me), theme.WARN, "set"))

    def _on_battle(self, event: rules.BattleStarted) -> None:
        if event.attacker == self.me:
            self.redrawn = None
        def start() -> None:
            self.last_battle, self.flip_at = None, None
            self.app.audio.play("warning")
        self.timeline.queue(self.speed(0.6), start)

    def _on_committed(self, event: rules.CardCommitted) -> None:
        self.timeline.queue(self.speed(0.3), lambda: self.app.audio.play("card"))

    def _on_resolved(self, event: rules.BattleResolved) -> None:
        def turn() -> None:
            self.last_battle, self.flip_at = event, self.now
            self.app.audio.play("hit")
        self.timeline.queue(0.0, turn)
        self.timeline.queue(self.speed(FLIP + 0.9))  # the cards turn, then the result is read

    def _on_reshuffled(self, event: rules.Reshuffled) -> None:
        self.timeline.queue(self.speed(0.9), lambda: self._banner(t("hx.reshuffle_banner"), theme.SKY, "roll"))

    def _on_drawn(self, event: rules.CardDrawn) -> None:
        if event.reason != rules.DEAL:
            self.timeline.queue(self.speed(0.2), lambda: self.app.audio.play("card"))
        if event.seat == self.me and event.reason == rules.REDRAWN:  # which card came (a playtest could not tell)
            self.redrawn = event.rank

    def _on_over(self, event: rules.GameOver) -> None:
        def show() -> None:
            self.ended_at = self.now
            if event.winner is None:
                self._banner(t("hx.safeguard_banner"), theme.WARN, "game_over")
                return
            text = t("hx.you_win") if event.winner == self.me else said("hx.wins_banner", event.winner, self.names,
                                                                          self.me)
            self._banner(text, theme.GOOD if event.winner == self.me else theme.BAD,
                         "all_clear" if event.winner == self.me else "game_over")
            self.effects.spray(self.hex_centre(event.column, self.state.goal(event.winner, event.column)), 40)
        self.timeline.queue(self.speed(0.6), show)
        self.timeline.queue(self.speed(2.4))  # the board stays on show a while before the ranking

    def retold(self, event) -> None:
        """A restore tells the game again: the battle area keeps the last battle, as it was when you left."""
        if type(event) is rules.BattleStarted:
            self.last_battle = None
        elif type(event) is rules.BattleResolved:
            self.last_battle, self.flip_at = event, None

    animations = {rules.Moved: _on_moved, rules.FlagTaken: _on_flag, rules.BattleStarted: _on_battle,
                  rules.CardCommitted: _on_committed, rules.BattleResolved: _on_resolved,
                  rules.Reshuffled: _on_reshuffled, rules.CardDrawn: _on_drawn, rules.GameOver: _on_over}

    def finish(self) -> None:
        state = self.state
        winners = [state.winner] if state.winner is not None else [0, 1]
        results = [t("hx.result.win") if seat == state.winner else t("hx.result.draw") if state.winner is None
                   else t("hx.result.loss") for seat in range(2)]
        scores = [1 if seat == state.winner else 0 for seat in range(2)]
        ending = t("hx.end.safeguard") if state.winner is None else t("hx.end.goal", turns=state.turn)
        self.conclude(winners, state.turn, {"turns": state.turn, "first": state.first, "winner": state.winner},
                      scores, lower_wins=False, results=results, ending=ending)

    # --- in the replay theatre --------------------------------------------------------------------
    holds_secrets = True

    def secrets(self, seat: int) -> list[str]:
        cards = " ".join(card_name(r) for r in self.state.ranks(seat))
        lines = [t("hx.secret.hand", cards=cards or "—")]
        committed = self.state.committed[seat]
        if committed is not None:
            lines.append(t("hx.secret.committed", card=card_name(committed)))
        return lines

    def choice_text(self, raw) -> str:
        action = self.state.action_from_json(raw)
        return self.label(action)

    # --- your decisions -----------------------------------------------------------------------------
    def label(self, action, compact: bool = False) -> str:
        """A choice in words, as its button says it (`compact`: shorter, for two columns of buttons)."""
        v = self.view
        if action == KEEP:
            return t("hx.keep", card=card_name(v.drawn or ""))
        if action == REDRAW:
            return t("hx.redraw")
        if action == END_RECOVERY:
            return t("hx.done_short" if compact else "hx.done")
        kind = type(action)
        if kind is DeclareSet:
            return t("hx.set_short" if compact else "hx.set", cards="-".join(map(card_name, rules.run_order(action))))
        if kind is Take:
            return t("hx.take", card=card_name(action.rank))
        if kind is Advance:
            return self.advance_text(action.column)
        if kind is Commit:
            return self.commit_text(action.rank, compact)
        return str(action)

    def advance_text(self, column: str) -> str:
        v = self.view
        source = v.positions[self.me][COLUMNS.index(column)]
        target = source + self.forward()
        if v.positions[1 - self.me][COLUMNS.index(column)] == target:
            mine, theirs = self.supports(column, source, target)
            return t("hx.attack_button", column=column, mine=3 * mine, theirs=3 * theirs)
        extra = t("hx.flag_word") if (column, target) == self.state.flag_hex and v.flag != self.me else ""
        return t("hx.advance", source=rules.hex_name(column, source), target=rules.hex_name(column, target)) + extra

    def commit_text(self, rank: str, compact: bool = False) -> str:
        """A battle card's button: "Fight with 7 (+3 = 10)" (compact: "7 (+3 = 10)", for a long list)."""
        battle = self.view.battle
        mine = battle.support[0] if battle.attacker == self.me else battle.support[1]
        if rank in rules.INDEX and mine:  # "Fight with 4 (+3 = 7)": a playtest read "4 +3 = 7で戦う" as fighting with 7
            total = rules.strength(rank, mine)
            key = "hx.card_with_support" if compact else "hx.fight_with_support"
            return t(key, card=card_name(rank), support=total - rules.INDEX[rank], total=total)
        return card_name(rank) if compact else t("hx.fight_with", card=card_name(rank))

    def supports(self, column: str, source: int, target: int) -> tuple[int, int]:
        """Your support and theirs if you attack from `source` into `target`."""
        state = self.view_state()
        return state.support(self.me, column, (column, target)), state.support(1 - self.me, column, (column, source))

    def view_state(self) -> rules.HexaState:
        """The board as shown, for the rules' geometry (positions only: the view is public there); made once per
        view."""
        if self._board[0] is not self.view:
            board = rules.HexaState(self.view.field, self.view.wrap)
            board.first, board.positions = self.view.first, [list(row) for row in self.view.positions]
            self._board = (self.view, board)
        return self._board[1]

    def starter(self) -> int:
        """Who moves first, as the board is laid out: the rules' seat once chance has picked it, before that the
        start when it is fixed (the setup's "You start", a replay's record), else you."""
        first = self.view.first if self.view.first is not None else self.first_seat
        return self.me if first is None else first

    def shown_positions(self) -> tuple:
        """Where the pieces stand as shown: the rules' places; before chance picks the start (where the rules' pieces
        stand as if seat 0 started), where they will stand."""
        v = self.view
        return v.positions if v.first is not None or self.starter() == 0 else v.positions[::-1]

    def forward(self) -> int:
        return 1 if self.starter() == self.me else -1

    def ordered(self, legal: tuple) -> list:
        """The choices as the buttons offer them: the safe one first."""
        phase = self.view.phase
        if phase == RECOVERY:  # Done first: a set is a choice to make on purpose
            return [END_RECOVERY, *(a for a in legal if a != END_RECOVERY)]
        if phase == RECOVER_PICK:  # the best card first
            return sorted(legal, key=lambda a: -WORTH[a.rank])
        if phase in (ATTACK, DEFEND):
            if self.rear_stake() == "hx.note.rear_yours":  # losing loses the game: the surest card first
                battle = self.view.battle
                others = guess(self.state, self.me)  # reads only what you may know: your hand, their known cards
                total = sum(others.values())
                lose = {a: card_odds(a.rank, others, total, False, battle.support)[1] for a in legal}
                return sorted(legal, key=lambda a: (lose[a], WORTH.get(a.rank, 0.0)))
            # else the card least worth keeping first: Enter never spends an ace by accident
            return sorted(legal, key=lambda a: WORTH.get(a.rank, 0.0))
        if phase == MOVE:  # plain advances first: Enter never starts a battle by accident; then attacks by support
            return sorted(legal, key=self.move_order)
        return list(legal)

    def move_order(self, action) -> tuple[bool, int]:
        """A move's place among the buttons: plain advances first, then attacks by their support."""
        attack = self.attacks(action)
        return attack, -self.support_edge(action) if attack else 0

    def support_edge(self, action) -> int:
        """An attack's support, yours less theirs (public before it starts)."""
        v = self.view
        source = v.positions[self.me][COLUMNS.index(action.column)]
        mine, theirs = self.supports(action.column, source, source + self.forward())
        return mine - theirs

    def attacks(self, action) -> bool:
        """Whether a move would start a battle (an enemy piece on the hex ahead)."""
        v = self.view
        column = COLUMNS.index(action.column)
        return v.positions[1 - self.me][column] == v.positions[self.me][column] + self.forward()

    def _refresh_buttons(self) -> None:
        if self.view.phase == RECOVERY and self.view.legal == (END_RECOVERY,):  # no set in hand: nothing to ask
            self.choose(END_RECOVERY)
            return
        legal = self.ordered(self.view.legal)
        columns = 2 if len(legal) > 5 else 1  # a long list (a big discard pile, a big hand) in two columns
        labels = [self.label(a, compact=columns == 2) for a in legal]
        if [b.label for b in self.buttons.buttons] == labels:
            return
        self.buttons.buttons = []
        width = (ACTIONS.width - 28 - 8 * (columns - 1)) // columns
        for i, (action, label) in enumerate(zip(legal, labels, strict=True)):
            rect = pygame.Rect(ACTIONS.x + 14 + (i % columns) * (width + 8), ACTIONS.y + 70 + (i // columns) * 40,
                               width, 34)
            self.buttons.buttons.append(Button(rect, label, lambda a=action: self.choose(a), size=16, primary=i == 0))
        self.buttons.focus = 0
        self.browsing = self.view.phase == RECOVER_PICK
        self.place_actions()

    def focused_action(self):
        """The choice under the pointer or the keyboard's focus (its cards rise, its arrow lights)."""
        if not self.human_turn() or not self.buttons.buttons:
            return None
        index = self.buttons.hover if self.buttons.hover is not None else self.buttons.focus
        legal = self.ordered(self.view.legal)
        return legal[index] if 0 <= index < len(legal) else None

    # --- the decision panel -----------------------------------------------------------------------
    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.to_move == TERMINAL:
            return t("hx.game_over"), theme.WARN
        if not self.human_turn():
            if v.to_move == CHANCE:
                if v.draws and v.draws[0][1] != rules.DEAL:
                    return said("hx.drawing", v.draws[0][0], self.names, self.me), theme.INK_DIM
                return t("hx.dealing"), theme.INK_DIM
            if v.phase == DEFEND and self.last_battle is not None:  # both cards are down: they turn over
                return t("hx.turning"), theme.WARN
            if v.phase == DEFEND:
                return said("hx.waiting_defence", v.to_move, self.names, self.me), theme.INK_DIM
            return self.waiting("hx.waiting", v.to_move)
        phase = v.phase
        if phase == FLAG_REDRAW:
            return t("hx.prompt.flag", card=card_name(v.drawn or "")), theme.ACCENT
        if phase == RECOVERY:
            return t("hx.prompt.recovery"), theme.ACCENT
        if phase == RECOVER_PICK:
            return t("hx.prompt.pick"), theme.ACCENT
        if phase == MOVE:
            return t("hx.prompt.move"), theme.ACCENT
        if phase == ATTACK:
            return t("hx.prompt.attack"), theme.WARN
        return t("hx.prompt.defend"), theme.WARN

    def panel_notes(self) -> list[Note]:
        if not self.human_turn():
            return []
        v = self.view
        if v.phase in (ATTACK, DEFEND):
            battle = v.battle
            mine, theirs = (battle.support if battle.attacker == self.me else battle.support[::-1])
            stake = self.rear_stake()
            notes = [Note(t("hx.note.supports", mine=3 * mine, theirs=3 * theirs)), Note(t("hx.note.rules"))]
            if stake:
                notes.insert(0, Note(t(stake), color=theme.BAD))
            return notes
        if v.phase == MOVE:
            board = self.view_state()
            enemy = 1 - self.me
            winning = [a.column for a in v.legal if type(a) is Advance
                       and board.piece(enemy, a.column) == board.rear(enemy, a.column)
                       and board.piece(self.me, a.column) + self.forward() == board.rear(enemy, a.column)]
            return [*(Note(t("hx.note.rear_attack", column=column), color=theme.WARN) for column in winning),
                    Note(t("hx.note.move"))]
        if v.phase == RECOVERY and len(v.legal) > 1:
            notes = [Note(t("hx.note.recovery" if self.view.wrap else "hx.note.recovery_no_wrap"))]
            if not v.discard:
                notes.insert(0, Note(t("hx.note.recovery_empty"), color=theme.WARN))
            return notes
        return []

    def rear_stake(self) -> str | None:
        """The line that says a rear piece is at stake in this battle (the game hangs on it)."""
        battle = self.view.battle
        defender = 1 - battle.attacker
        board = self.view_state()
        if board.piece(defender, battle.column) != board.rear(defender, battle.column):
            return None
        return "hx.note.rear_yours" if defender == self.me else "hx.note.rear_theirs"

    def panel_footer(self) -> str:
        """The keys and clicks of the moment: arrows or board clicks in a move, hand clicks in a battle."""
        if not self.human_turn():
            return ""
        phase = self.view.phase
        return t("hx.footer.move" if phase == MOVE else "hx.footer.battle" if phase in (ATTACK, DEFEND) else
                 "hx.footer")

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            pointed = self.pointed_move() or self.pointed_card()
            if pointed is not None:  # the keys' focus follows the move or card under the mouse: Enter does what
                self.buttons.focus = self.ordered(self.view.legal).index(pointed)  # is lit (a playtest's Enter
                # played the focused button's card, not the card raised under the mouse)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.pile_rect().collidepoint(event.pos):  # the discard pile: look through it
                self._toggle_pile()
                return
            if self.human_turn() and self._click_table(event.pos):
                return
            if self.browsing and self.view.phase != RECOVER_PICK:
                self.browsing = False
        if self.human_turn():
            self.buttons.handle(event)

    def handle_final(self, event: pygame.event.Event) -> bool:
        """At the finished table the discard pile still opens and closes on a click, as its label says; any other
        click or key goes back to the ranking (a playtest's click on the pile did)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and (
                self.pile_rect().collidepoint(event.pos) or self.browsing):
            self._toggle_pile()
            return True
        return False

    def _toggle_pile(self) -> None:
        self.browsing = not self.browsing
        self.app.audio.play("menu_move")

    def _click_table(self, pos: tuple[int, int]) -> bool:
        legal = self.view.legal
        for rank, rect in self.hand_rects():
            if rect.collidepoint(pos) and among(Commit(rank), legal):
                self.choose(Commit(rank))
                return True
        for column in COLUMNS:
            if among(Advance(column), legal) and any(r.collidepoint(pos) for r in self.advance_rects(column)):
                self.choose(Advance(column))
                return True
        if self.browsing:
            for rank, rect in self.discard_rects():
                if rect.collidepoint(pos) and among(Take(rank), legal):
                    self.choose(Take(rank))
                    return True
        return False

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def side_size(self) -> float:
        """The hex's side (its centre to a corner): the centre column fills the board's height."""
        return BOARD.height / (self.state.lengths["C"] * math.sqrt(3))

    def hex_centre(self, column: str, row: int) -> tuple[float, float]:
        """A hex's centre on screen, your rear edge at the bottom: the board seen from the second player's side is
        turned upside down by a mirror, not a half turn, so that L stays on the left (a playtest clicked the piece
        on the right for an "Advance L" with the board turned)."""
        s = self.side_size()
        x, y = coords(column, row)
        up = self.forward() == 1
        dx = (x - 1) * 1.5 * s
        half = math.sqrt(3) / 2 * s
        cy = BOARD.bottom - (y + 1) * half if up else BOARD.top + (y + 1) * half
        return BOARD.centerx + dx, cy

    def hex_points(self, column: str, row: int, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.hex_centre(column, row)
        s = self.side_size() - shrink
        return [(cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a))) for a in range(0, 360, 60)]

    def hex_fill(self, column: str, row: int) -> tuple[int, int, int]:
        return (70, 74, 46) if (column, row) == self.state.flag_hex else (34, 72, 58)

    def name_rect(self, column: str, row: int) -> pygame.Rect:
        """Where a hex's name is written: inside its left corner, clear of the piece in the middle."""
        x, y = self.hex_centre(column, row)
        rect = pygame.Rect((0, 0), font(NAME_SIZE).size(f"{column}{row}"))
        rect.center = (round(x - self.side_size() * 0.70), round(y) - 2)
        return rect

    def hex_rect(self, column: str, row: int) -> pygame.Rect:
        s = self.side_size()
        rect = pygame.Rect(0, 0, round(1.6 * s), round(1.6 * s))
        rect.center = tuple(map(round, self.hex_centre(column, row)))
        return rect

    def pointed_move(self) -> Advance | None:
        """Your move whose piece, arrow or hex ahead is under the mouse, if any."""
        if not self.human_turn():
            return None
        return next((Advance(column) for column in COLUMNS if among(Advance(column), self.view.legal)
                     and any(r.collidepoint(self.hover) for r in self.advance_rects(column))), None)

    def pointed_card(self) -> Commit | None:
        """Your battle card under the mouse, if it may be played now."""
        if not self.human_turn():
            return None
        return next((Commit(rank) for rank, rect in self.hand_rects()
                     if rect.collidepoint(self.hover) and among(Commit(rank), self.view.legal)), None)

    def advance_rects(self, column: str) -> list[pygame.Rect]:
        """Where a click advances the piece of `column`: the piece, the hex ahead, and the arrow on the edge
        between them (which the hexes' squares leave out)."""
        row = self.view.positions[self.me][COLUMNS.index(column)]
        if row is None:
            return []
        (x0, y0), (_, y1) = self.hex_centre(column, row), self.hex_centre(column, row + self.forward())
        arrow = pygame.Rect(0, 0, round(self.side_size()), 30)
        arrow.center = (round(x0), round((y0 + y1) / 2))
        return [self.hex_rect(column, row), self.hex_rect(column, row + self.forward()), arrow]

    def shown_hand(self) -> list[str]:
        """Your hand as the table shows it: a battle card you put down lies in the battle, not in your hand."""
        hand = list(self.view.hand)
        if self.view.committed in hand:
            hand.remove(self.view.committed)
        last = self.last_battle  # your defence turning over: the table still shows the view before it
        if last is not None and self.view.phase == DEFEND and last.attacker != self.me and last.cards[1] in hand:
            hand.remove(last.cards[1])
        return hand

    def shown_hand_size(self, seat: int) -> int:
        """A seat's card count as the table shows it: a battle card put down, face down or turning over, lies in
        the battle, not in the hand (for both seats alike)."""
        if seat == self.me:
            return len(self.shown_hand())
        v, count = self.view, self.view.hand_sizes[seat]
        if v.phase == DEFEND and v.battle is not None and v.battle.attacker == seat and v.attacker_committed:
            count -= 1  # their attack card, face down
        last = self.last_battle
        if last is not None and v.phase == DEFEND and last.attacker == self.me:
            count -= 1  # their defence, turning over
        return count

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        hand = self.shown_hand()
        if not hand:
            return []
        width = max(34, min(64, (HAND.width - 8 * (len(hand) - 1)) // len(hand)))
        _, height = card_size(width)
        step = min(width + 8, (HAND.width - width) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        return [(rank, pygame.Rect(HAND.x + i * step, HAND.bottom - height - 6, width, height))
                for i, rank in enumerate(hand)]

    def hand_tags(self) -> list[str | None]:
        """Per card of `hand_rects`: "drawn" on the card just drawn while you choose to keep it (a playtest could
        not tell which of two 9s it was) and on the card a redraw brought until you move, "known" on a
        card the other knows you hold (taken back from the discard pile), else None."""
        v, tags = self.view, []
        drawn = v.drawn if v.phase == FLAG_REDRAW and self.human_turn() else self.redrawn
        known = list(v.known[self.me])
        for rank in self.shown_hand():
            if rank == drawn:
                tags.append("drawn")
                drawn = None
            elif rank in known:
                known.remove(rank)
                tags.append("known")
            else:
                tags.append(None)
        return tags

    def pile_rect(self) -> pygame.Rect:
        w, h = card_size(PILE_W)
        return pygame.Rect(PILES.x + 150, PILES.y + 36, w, h)

    def discard_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The discard pile laid out (oldest first), over the left of the table."""
        box, width = self.browse_box(), self.browse_width()
        _, height = card_size(width)
        per_row = (box.width - 24) // (width + 6)
        return [(rank, pygame.Rect(box.x + 12 + (i % per_row) * (width + 6), box.y + 40 + (i // per_row) * (height + 8),
                                   width, height)) for i, rank in enumerate(self.view.discard)]

    def browse_width(self) -> int:
        """The browsed discard pile's card width: smaller for a big pile, so that the box stays short."""
        return 38 if len(self.view.discard) <= 14 else 30

    def browse_box(self) -> pygame.Rect:
        """The discard pile laid out over the piles: all of them, labels included (a playtest saw the deck's
        label peek out under a short box); its heading names the deck's count instead."""
        count, width = max(1, len(self.view.discard)), self.browse_width()
        per_row = (336 - 24) // (width + 6)
        rows = (count + per_row - 1) // per_row
        _, height = card_size(width)
        return pygame.Rect(16, 96, 336, max(52 + rows * (height + 8), PILES.bottom - 16 - 96))

    def known_top(self) -> int:
        """Where the panel of the other's known cards starts: below the browsed discard pile, so that you see both
        while you pick a card back (a playtest found the pile covering it)."""
        return max(KNOWN.y, self.browse_box().bottom + 12) if self.browsing else KNOWN.y

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt_table(), (0, 0))
        self._draw_header(surface)
        self._draw_board(surface)
        self._draw_piles(surface)
        self._draw_known(surface)
        self._draw_arena(surface)
        for seat in range(2):
            self._draw_seat(surface, seat)
        self._draw_hand(surface)
        if self.browsing:
            self._draw_discard(surface)
        self.log.draw(surface)
        self.draw_actions(surface)
        self.effects.draw(surface, self.now, (490, 300))

    def _draw_header(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        if v.first is not None:
            role = t("hx.you_first") if v.first == self.me else t("hx.you_second")
            blit(surface, f"{t('hx.turn', n=max(1, v.turn))} · {role}", 17, (20, 50), theme.INK_DIM, True)
        flag = t("hx.flag_none") if v.flag is None else said("hx.flag_of", v.flag, self.names, self.me)
        blit(surface, flag, 16, (960, 16), theme.WARN if v.flag is not None else theme.INK_DIM, True, "topright")
        if self.autoplay:
            blit(surface, t("hx.demo"), 16, (960, 40), theme.SKY, True, "topright")

    def _draw_board(self, surface: pygame.Surface) -> None:
        v = self.view
        focused = self.focused_action()
        hexes, names = self.board_layers()
        surface.blit(hexes, HEXES.topleft)
        legal = v.legal if self.human_turn() else ()
        previews = []
        for column in COLUMNS:  # one move lit: the keys' choice, which follows the mouse (or the button under it)
            if among(Advance(column), legal):
                preview = self._draw_arrow(surface, column, focused == Advance(column))
                if preview is not None:
                    previews.append(preview)
        placed = self._place_previews(previews)
        self._draw_preview_lines(surface, placed)
        self._draw_names(surface, names)  # over the preview lines, under the pieces
        starter, positions = self.starter(), self.shown_positions()
        for seat in range(2):
            for i, column in enumerate(COLUMNS):
                row = positions[seat][i]
                if row is None:
                    continue
                first = seat == starter
                draw_piece(surface, self.piece_centre(seat, column, row), self.side_size(), seat == self.me,
                           PIECES[0 if first else 1])
        battle = v.battle
        if battle is not None:
            pygame.draw.polygon(surface, theme.BAD, self.hex_points(battle.column, battle.target, 3), 3)
        self._draw_flag(surface)
        self._draw_previews(surface, placed)

    def board_layers(self) -> tuple[pygame.Surface, pygame.Surface]:
        """The board's hexes and their names, drawn again only when what they show changes (the field, the flag's
        hex, which way the board turns): a frame blits them (they took half of the board's time)."""
        shown = (tuple(self.state.lengths.items()), self.state.flag_hex, self.forward())
        if self.layers is None or self.layers[0] != shown:
            hexes, names = pygame.Surface(HEXES.size, pygame.SRCALPHA), pygame.Surface(HEXES.size, pygame.SRCALPHA)
            for column in COLUMNS:
                for row in range(self.state.lengths[column]):
                    fill = self.hex_fill(column, row)
                    points = [(x - HEXES.x, y - HEXES.y) for x, y in self.hex_points(column, row, 1.5)]
                    pygame.draw.polygon(hexes, fill, points)
                    pygame.draw.polygon(hexes, (20, 44, 36), points, 2)
                    # each name by its hex's left corner, on a patch of the hex's colour (over a preview's line)
                    rect = self.name_rect(column, row).move(-HEXES.x, -HEXES.y)
                    pygame.draw.rect(names, fill, rect.inflate(4, 0))
                    blit(names, f"{column}{row}", NAME_SIZE, rect.center, NAME_INK, anchor="center")
            self.layers = (shown, hexes, names)
        return self.layers[1], self.layers[2]

    def _draw_names(self, surface: pygame.Surface, names: pygame.Surface) -> None:
        """Each hex's name as the buttons and the log say it ("C5"), faint by its left corner, where no piece
        covers it (playtest round 10: in the lower part, the pieces hid it), and the column letters under the
        board: the board turns with your seat, the names stay."""
        surface.blit(names, HEXES.topleft)
        for column in COLUMNS:
            x = self.hex_centre(column, 0)[0]
            blit(surface, column, 15, (x, BOARD.bottom + 4), theme.INK_DIM, True, "midtop")

    def _place_previews(self, previews: list) -> list[tuple[tuple[str, str], pygame.Rect, tuple[float, float]]]:
        """Where the attack previews go: in the gap beside the board next to the hex each attacks, a side
        column's on its side, the centre column's on a side no other preview uses (else stacked below)."""
        s = self.side_size()
        left, right = BOARD.centerx - 2.5 * s - 2, BOARD.centerx + 2.5 * s + 2  # the board's outer edges
        placed: list[tuple[tuple[str, str], pygame.Rect, tuple[float, float]]] = []
        for lines, (x, y) in sorted(previews, key=lambda item: abs(item[1][0] - BOARD.centerx), reverse=True):
            if x < BOARD.centerx - 10:
                place = "left"
            elif x > BOARD.centerx + 10:
                place = "right"
            else:
                used = {"left" if rect.centerx < BOARD.centerx else "right" for _, rect, _ in placed}
                place = "left" if "left" not in used else "right"
            label = pygame.Rect(0, 0, 64, 36)
            if place == "left":
                label.midright = (round(left), round(y))
            else:
                label.midleft = (round(right), round(y))
            while any(label.colliderect(rect) for _, rect, _ in placed):
                label.y += 38
            placed.append((lines, label, (x, y)))
        return placed

    @property
    def lit_preview(self) -> tuple[float, float] | None:
        """The hex the lit move attacks (its preview is drawn boldly, the others faint: a playtest could not tell
        which column a preview beside the board belonged to); None if the lit move is no attack."""
        focused = self.focused_action()
        if type(focused) is not Advance or not self.attacks(focused):
            return None
        return self.hex_centre(focused.column, self.view.positions[self.me][COLUMNS.index(focused.column)]
                               + self.forward())

    def _draw_preview_lines(self, surface: pygame.Surface, placed: list) -> None:
        """Each preview joined to the hex it attacks (under the pieces), the lit move's boldly."""
        lit_at = self.lit_preview
        for _, label, (x, y) in placed:
            edge = (label.right, label.centery) if label.centerx < x else (label.left, label.centery)
            lit = (x, y) == lit_at
            pygame.draw.line(surface, theme.BAD if lit else FAINT_BAD, edge, (round(x), round(y)), 4 if lit else 1)

    def _draw_previews(self, surface: pygame.Surface, placed: list) -> None:
        """The previews themselves, over the pieces: your supports and the enemy's."""
        lit_at = self.lit_preview
        for lines, label, at in placed:
            pygame.draw.rect(surface, theme.BG_DEEP, label, border_radius=6)
            lit = at == lit_at
            pygame.draw.rect(surface, theme.BAD if lit else FAINT_BAD, label, 3 if lit else 1, border_radius=6)
            for k, line in enumerate(lines):
                shown, size = fit(line, 13, label.width - 10, True, 9)
                blit(surface, shown, size, (label.centerx, label.y + 10 + 16 * k), theme.BAD, True, "center")

    def _draw_flag(self, surface: pygame.Surface) -> None:
        """The flag in its hex's upper part, left of the middle (clear of the hex names by the left corners), in its
        owner's colour (grey while nobody's)."""
        v = self.view
        x, y = self.hex_centre(*self.state.flag_hex)
        s = self.side_size()
        x, y = x - s * 0.25, y - s * 0.55 + 4  # the pole's top inside the hex's top edge
        colour = PIECES[0 if v.flag == v.first else 1] if v.flag is not None else (170, 170, 180)
        pygame.draw.line(surface, theme.INK, (x, y - 14), (x, y + 12), 3)
        pygame.draw.polygon(surface, colour, [(x + 1, y - 14), (x + 20, y - 7), (x + 1, y)])
        pygame.draw.polygon(surface, theme.BG_DEEP, [(x + 1, y - 14), (x + 20, y - 7), (x + 1, y)], 1)

    def piece_centre(self, seat: int, column: str, row: int) -> tuple[float, float]:
        """Where a piece stands: its hex, or on its way there while it steps."""
        slide = self.slide
        if slide is not None and slide[0] == seat and slide[1] == column and row == slide[3]:
            progress = (self.now - slide[4]) / max(0.01, self.speed(SLIDE))
            if progress < 1:
                (x0, y0), (x1, y1) = self.hex_centre(column, slide[2]), self.hex_centre(column, slide[3])
                ease = 1 - (1 - progress) ** 2
                return x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease
        return self.hex_centre(column, row)

    def _draw_arrow(self, surface: pygame.Surface, column: str, lit: bool
                    ) -> tuple[str, tuple[float, float]] | None:
        """The forward arrow over one of your pieces, red when it starts a battle: then its preview (the
        supports) and the hex it attacks, drawn over the pieces by `_draw_previews`."""
        v = self.view
        row = v.positions[self.me][COLUMNS.index(column)]
        target = row + self.forward()
        attack = v.positions[1 - self.me][COLUMNS.index(column)] == target
        (x0, y0), (x1, y1) = self.hex_centre(column, row), self.hex_centre(column, target)
        colour = theme.BAD if attack else theme.GOOD
        if lit:
            pygame.draw.polygon(surface, colour, self.hex_points(column, target, 3), 4)
        mid_y = (y0 + y1) / 2
        pygame.draw.polygon(surface, colour, [(x0, mid_y - 9), (x0 - 9, mid_y + 6), (x0 + 9, mid_y + 6)])
        if not attack:
            return None
        mine, theirs = self.supports(column, row, target)
        return (t("hx.preview_you", n=3 * mine), t("hx.preview_enemy", n=3 * theirs)), (x1, y1)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        v = self.view
        x, y = PILES.x + 20, PILES.y + 36
        for k in range(min(4, max(1, v.deck_size // 8))):
            if v.deck_size:
                surface.blit(card_back(PILE_W), (x - 2 * k, y - 2 * k))
        if not v.deck_size:
            pygame.draw.rect(surface, theme.FELT_EDGE, (x, y, *card_size(PILE_W)), 2, border_radius=6)
        blit(surface, t("hx.deck", n=v.deck_size), 15, (x + PILE_W // 2, y + card_size(PILE_W)[1] + 6), theme.INK,
             True, "midtop")
        rect = self.pile_rect()
        if v.discard:
            surface.blit(card_face(v.discard[-1], PILE_W), rect)
        else:
            pygame.draw.rect(surface, theme.FELT_EDGE, rect, 2, border_radius=6)
        hovered = rect.collidepoint(self.hover)
        blit(surface, t("hx.discard", n=len(v.discard)), 15, (rect.centerx, rect.bottom + 6),
             theme.ACCENT if hovered else theme.INK, True, "midtop")
        blit(surface, t("hx.browse"), 12, (rect.centerx, rect.bottom + 26), theme.INK_DIM, anchor="midtop")

    def _draw_known(self, surface: pygame.Surface) -> None:
        v = self.view
        other = 1 - self.me
        top = self.known_top()
        blit(surface, said("hx.known_title", other, self.names, self.me), 15, (KNOWN.x, top), theme.INK_DIM, True)
        known = v.known[other]
        if not known:
            blit(surface, t("hx.known_none"), 14, (KNOWN.x, top + 26), theme.INK_FAINT)
            return
        for i, rank in enumerate(known[:12]):
            surface.blit(card_face(rank, KNOWN_W), (KNOWN.x + (i % 6) * (KNOWN_W + 6),
                                                    top + 26 + (i // 6) * (card_size(KNOWN_W)[1] + 6)))

    def _draw_arena(self, surface: pygame.Surface) -> None:
        """The battle: each side's card (face down, then both turned over) with its support, then the result."""
        v = self.view
        last = self.last_battle  # the battle being turned over, or the last one
        battle = v.battle if last is None else None
        if battle is None and last is None:
            blit(surface, t("hx.no_battle"), 15, (ARENA.centerx, ARENA.y + 20), theme.INK_FAINT, anchor="midtop")
            return
        panel(surface, ARENA, (24, 30, 40), theme.BAD if battle is not None else theme.PANEL_HI)
        title = t("hx.battle_title") if battle is not None or v.battle is not None else t("hx.last_battle")
        blit(surface, title, 17, (ARENA.centerx, ARENA.y + 10), theme.WARN, True, "midtop")
        w, h = card_size(ARENA_W)
        attacker = battle.attacker if battle is not None else last.attacker
        for index, seat in enumerate((attacker, 1 - attacker)):
            x = ARENA.x + 36 + index * (ARENA.width - 72 - w)
            name, size = fit(self.names[seat], 15, w + 40, True)
            blit(surface, name, size, (x + w // 2, ARENA.y + 44), theme.INK, True, "midtop")
            role = t("hx.attacker") if index == 0 else t("hx.defender")
            blit(surface, role, 12, (x + w // 2, ARENA.y + 64), theme.INK_DIM, anchor="midtop")
            rect = pygame.Rect(x, ARENA.y + 86, w, h)
            if battle is not None:  # yours face up to you (dimmed: it is down), theirs as a back once it is down
                if seat == self.me and v.committed is not None:
                    surface.blit(card_face(v.committed, ARENA_W, "dim"), rect)
                elif seat == attacker and v.attacker_committed:
                    surface.blit(card_back(ARENA_W), rect)
                else:
                    pygame.draw.rect(surface, theme.FELT_EDGE, rect, 2, border_radius=8)
                blit(surface, f"+{3 * battle.support[index]}", 18, (rect.centerx, rect.bottom + 8), theme.SKY, True,
                     "midtop")
            else:
                self._draw_turned(surface, rect, last, index)
        if last is not None and self.turned_over():
            self._draw_result(surface, last)

    def turned_over(self) -> bool:
        return self.flip_at is None or self.now - self.flip_at >= self.speed(FLIP)

    def _draw_turned(self, surface: pygame.Surface, rect: pygame.Rect, last: rules.BattleResolved, index: int
                     ) -> None:
        """A battle card turning over: a back narrowing, then the face widening."""
        card = last.cards[index]
        if self.flip_at is not None:
            progress = (self.now - self.flip_at) / max(0.01, self.speed(FLIP))
            if progress < 1:
                face = progress >= 0.5
                image = card_face(card, ARENA_W) if face else card_back(ARENA_W)
                squeeze = abs(1 - 2 * progress)
                w = max(2, round(rect.width * squeeze))
                surface.blit(pygame.transform.scale(image, (w, rect.height)), (rect.centerx - w // 2, rect.y))
                return
        surface.blit(card_face(card, ARENA_W), rect)
        value = last.strengths[index]
        total = side(card, value)
        if total != card_name(card):  # "7 +3 = 10", "K = 13": a total on each side (not "7" under a 7)
            shown, size = fit(total, 16, rect.width + 50, True)
            blit(surface, shown, size, (rect.centerx, rect.bottom + 8), theme.SKY, True, "midtop")

    def _draw_result(self, surface: pygame.Surface, last: rules.BattleResolved) -> None:
        if last.outcome == rules.DRAWN:
            text, colour = t("hx.result_drawn"), theme.INK
        else:
            winner = last.attacker if last.outcome == rules.ATTACKER else 1 - last.attacker
            text = said("hx.result_wins", winner, self.names, self.me)
            colour = theme.GOOD if winner == self.me else theme.BAD
        shown, size = fit(text, 20, ARENA.width - 20, True)
        blit(surface, shown, size, (ARENA.centerx, ARENA.bottom - 52), colour, True, "midtop")
        why, size = fit(t(battle_reason(*last.cards)), 14, ARENA.width - 20)
        blit(surface, why, size, (ARENA.centerx, ARENA.bottom - 26), theme.INK_DIM, anchor="midtop")

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        thinking = self.ticket is not None and v.to_move == seat
        rect = draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                               "", self.shown_hand_size(seat), v.to_move == seat, thinking, self.now,
                               self.layout.plate)
        if v.first is not None:
            first = seat == v.first
            draw_piece(surface, (rect.right - 22, rect.y + 22), 26, seat == self.me, PIECES[0 if first else 1])

    def _draw_hand(self, surface: pygame.Surface) -> None:
        v = self.view
        legal = v.legal if self.human_turn() else ()
        focused = self.focused_action()
        cards = self.hand_rects()
        rising: list[str] = []
        if type(focused) is DeclareSet:
            rising = list(focused)
        elif type(focused) is Commit and not any(rect.collidepoint(self.hover) for _, rect in cards):
            rising = [focused.rank]  # the card Enter plays stands raised, as under the mouse
        blit(surface, t("hx.your_hand", n=len(self.shown_hand())), 14, (HAND.x, HAND.y - 4), theme.INK_DIM, True)
        taken: list[str] = []
        tags = self.hand_tags()
        for (rank, rect), tag in zip(cards, tags, strict=True):
            playable = among(Commit(rank), legal)
            lift = False
            if rank in rising and rising.count(rank) > taken.count(rank):
                taken.append(rank)
                lift = True
            if playable and rect.collidepoint(self.hover):
                lift = True
            style = "lit" if playable or lift else "normal"
            rect = rect.move(0, -12 if lift else 0)
            surface.blit(card_face(rank, rect.width, style), rect)
            if tag:
                label, size = fit(t(f"hx.tag.{tag}"), 12, rect.width + 6, True, 9)
                blit(surface, label, size, (rect.centerx, rect.y - 2), theme.SKY if tag == "drawn" else theme.WARN,
                     True, "midbottom")
        if v.committed is not None:
            blit(surface, t("hx.your_card_down", card=card_name(v.committed)), 14, (HAND.right, HAND.y - 4),
                 theme.SKY, True, "topright")

    def _draw_discard(self, surface: pygame.Surface) -> None:
        v = self.view
        box = self.browse_box()
        panel(surface, box, theme.BG_DEEP, theme.SKY)
        picking = self.human_turn() and v.phase == RECOVER_PICK
        title = t("hx.pick_title") if picking else t("hx.discard_title", n=len(v.discard))
        deck = blit(surface, t("hx.deck", n=v.deck_size), 14, (box.right - 12, box.y + 12), theme.INK_DIM,
                    anchor="topright")
        shown, size = fit(title, 16, box.width - 36 - deck.width, True, 12)
        blit(surface, shown, size, (box.x + 12, box.y + 10), theme.SKY, True)
        if not v.discard:  # an empty pile says so (it was a blank box)
            blit(surface, t("hx.discard_empty"), 15, box.center, theme.INK_DIM, anchor="center")
        seen_best = max((WORTH[r] for r in v.discard), default=0)
        for rank, rect in self.discard_rects():
            lit = picking and (rect.collidepoint(self.hover) or WORTH[rank] == seen_best)
            surface.blit(card_face(rank, rect.width, "lit" if lit else "normal"), rect)

