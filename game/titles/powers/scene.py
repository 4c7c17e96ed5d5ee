"""Powers at the table: you (seat `me`) against three or four computer powers (spec section 10).

The scene draws only from `view(self.me)` and from events told as you may see them. A schematic map of the 14
territories and their 24 borders fills the table: each territory shows its points, its occupation cost, an island or
inland badge and its owner's colour; the territory on offer is lit and its neighbours outlined. Under the map the
invasion row shows every card played with its strength, and the breakdown of the top one
("A → 11, +1 adjacency = 12", "black on an island = 1"). Your hand at the foot marks each card you may play now with
the strength it would have.

Your decisions: in the invasion click a lit card (a joker asks first; so does an opening card its colour reduces to
1); at the conscription's discard click three cards (the hint says when they earn the colour bonus), then pick the
card to take back; to occupy click exactly as many cards as the cost (the Occupy button counts them) or decline; to
defend choose a face card or yield. Every choice is also a button of the decision panel.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene
from game.core.engine import CHANCE, TERMINAL, among
from game.services.i18n import counted, person, pick, said, sentences, t
from game.titles.powers import rules
from game.titles.powers.bots import RECOVERABLE, worth
from game.titles.powers.log import card_name, describe, territory_name
from game.titles.powers.rules import (
    DECLINE,
    DEFEND,
    DISCARD,
    IDS,
    INVADE,
    ISLAND,
    JOKERS,
    OCCUPY,
    OPEN,
    OVER,
    PASS,
    RECOVER,
    TERRITORIES,
    YIELD,
    Defend,
    Play,
    Recover,
    colour,
    discard3,
    number,
    occupy,
    rank,
)
from game.titles.territories import TERRITORY_NAMES
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import draw_seat_badge
from game.ui.text import blit, fit, render
from game.ui.widgets import Button, card_sheet, panel

LOG = pygame.Rect(992, 14, 276, 330)
ACTIONS = pygame.Rect(992, 354, 276, 352)
MAP = pygame.Rect(24, 168, 932, 262)  # the map (the seats' plates go around it)
SEAT_0 = (120, 650)
HAND = pygame.Rect(236, 590, 740, 122)
ROW = pygame.Rect(24, 440, 932, 96)  # the invasion row
NODE = (112, 54)
SEAT_COLOURS = ((232, 90, 80), (80, 140, 235), (80, 185, 105), (236, 196, 60), (170, 110, 215))
PLACES = {  # territory centres on the map, as fractions of MAP (west to east; America east of Japan)
    "GBR": (0.07, 0.18), "FRA": (0.14, 0.62), "GER": (0.28, 0.22), "SUI": (0.27, 0.62), "ITA": (0.33, 0.9),
    "AUT": (0.41, 0.55), "OTT": (0.5, 0.86), "RUS": (0.52, 0.16), "KOR": (0.71, 0.14), "CHN": (0.67, 0.52),
    "IND": (0.66, 0.9), "JPN": (0.83, 0.3), "IDN": (0.83, 0.86), "USA": (0.94, 0.56),
}
CARD_W = 58
REVEALED_W = 22  # a hand shown face up at the end


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return PowersScene.from_setup(app, setup, autoplay, save)


def place(territory: str) -> tuple[int, int]:
    fx, fy = PLACES[territory]
    return MAP.x + round(fx * MAP.width), MAP.y + round(fy * MAP.height)


def node_rect(territory: str) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *NODE)
    rect.center = place(territory)
    return rect


def node_tag(surface: pygame.Surface, rect: pygame.Rect, text: str, colour: tuple, below: bool = False) -> None:
    """A small label over a territory's top right corner ("island"), or under its middle ("defend?", clear of the
    corner's badge: a playtest saw the two touch)."""
    label = render(text, 12, theme.BG_DEEP, True)
    tag = label.get_rect().inflate(10, 4)
    if below:
        tag.midtop = (rect.centerx, rect.bottom - 6)
    else:
        tag.midbottom = (rect.right - tag.width // 2 - 4, rect.top + 6)
    pygame.draw.rect(surface, colour, tag, border_radius=7)
    surface.blit(label, label.get_rect(center=tag.center))


@lru_cache(maxsize=64)
def beside(territory: str, size: tuple[int, int]) -> pygame.Rect:
    """Where something of `size` goes next to a territory (a defence card): right of it, left, below or above,
    whichever covers least of the other territories and stays on the map (a playtest saw Korea's defence card lie
    on Japan). The map is fixed, so each answer is worked out once."""
    node = node_rect(territory)
    others = [node_rect(x) for x in IDS if x != territory]
    spots = []
    for anchor, point in (("midleft", (node.right + 6, node.centery)), ("midright", (node.left - 6, node.centery)),
                          ("midtop", (node.centerx, node.bottom + 6)), ("midbottom", (node.centerx, node.top - 6))):
        rect = pygame.Rect((0, 0), size)
        setattr(rect, anchor, point)
        inside = rect.clip(MAP.inflate(40, 40))
        covered = sum(rect.clip(other).width * rect.clip(other).height for other in others)
        spots.append((covered + rect.width * rect.height - inside.width * inside.height, len(spots), rect))
    return min(spots)[2]


def row_card(surface: pygame.Surface, i: int, card: str, seat: int) -> pygame.Rect:
    """The i-th card of the invasion row, with its seat's colour under it; returns where it lies."""
    rect = pygame.Rect(ROW.x + i * 52, ROW.y + 24, 44, 62)
    surface.blit(card_face(card, 44), rect)
    pygame.draw.rect(surface, SEAT_COLOURS[seat], (rect.x, rect.bottom + 2, rect.width, 4))
    return rect


BORDERS = sorted({tuple(sorted((a, b))) for a in IDS for b in TERRITORIES[a][3]})


@lru_cache(maxsize=256)
def card_face(card: str, width: int, style: str = "normal") -> pygame.Surface:
    """A playing card: rank and suit in its colour (jokers gold); "lit" (playable now), "dim" (not), "picked"."""
    height = round(width * 1.42)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    paper = (248, 244, 232) if style != "dim" else (150, 148, 140)
    if card in JOKERS:
        paper = (246, 222, 140) if card == "JK1" else (214, 218, 228)
    pygame.draw.rect(surface, paper, rect, border_radius=max(4, width // 8))
    edge = {"lit": theme.ACCENT, "picked": theme.GOOD}.get(style, (60, 60, 70))
    pygame.draw.rect(surface, edge, rect, 3 if style in ("lit", "picked") else 1, border_radius=max(4, width // 8))
    if card in JOKERS:
        text = render("JK", max(12, width // 3), (110, 80, 20), True)
        surface.blit(text, text.get_rect(center=rect.center))
        return surface
    ink = (190, 40, 50) if colour(card) == "red" else (30, 30, 40)
    if style == "dim":
        ink = tuple(c // 2 + 50 for c in ink)
    suit = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}[card[-1]]
    big = render(rank(card), max(12, round(width * (0.36 if len(rank(card)) > 1 else 0.46))), ink, True)
    surface.blit(big, big.get_rect(center=(width // 2, round(height * 0.38))))
    small = render(suit, max(10, round(width * 0.34)), ink, True)
    surface.blit(small, small.get_rect(center=(width // 2, round(height * 0.74))))
    return surface


class PowersScene(TableScene):
    """One game of Powers: conscription, invasion, occupation and defence, round after round."""

    title_slug, rules = "powers", rules
    describe = staticmethod(describe)
    LOG_RECT, EFFECTS_SALT, ACTIONS_RECT = LOG, 0x1900, ACTIONS
    BOARD = MAP
    BOT_PAUSE = 0.6
    round_events = (rules.Revealed,)
    reveals = (rules.Acquired,)  # the payment shows before the map and the scores change
    holds_secrets = True

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.picked: list[str] = []  # cards clicked for a discard of three or an occupation
        self.hover: tuple[int, int] = (0, 0)
        self.header_rect = pygame.Rect(20, 50, 0, 0)  # the header's line: the mouse on it shows the discard pile
        self.defence: tuple[str, str, float] | None = None  # (card, territory, until): a defence card on the map
        # (seat, cards, territory): the cards an occupation paid, in the invasion row until the view catches up
        self.payment: tuple[int, tuple[str, ...], str] | None = None

    # --- telling ----------------------------------------------------------------------------------
    def _on_revealed(self, event: rules.Revealed) -> None:
        name = territory_name(event.territory)
        self.timeline.queue(self.speed(1.0), lambda: self._banner(t("pw.on_offer_banner", land=name), theme.ACCENT,
                                                                   "roll"))

    def _on_played(self, event: rules.Played) -> None:
        self.timeline.queue(self.speed(0.3), lambda: self.app.audio.play("card"))

    def _on_right(self, event: rules.RightWon) -> None:
        text = said("pw.right_banner", event.seat, self.names, self.me)
        self.timeline.queue(self.speed(0.9), lambda: self._banner(text, theme.SKY, "set" if event.by_joker else
                                                                   "menu_select"))

    def _on_acquired(self, event: rules.Acquired) -> None:
        """A reveal: the cards paid lie face up in the invasion row while the banner names the new owner, before
        the map and the scores change (a playtest saw the score jump and the payment only in the log)."""
        text = said("pw.acquired_banner", event.seat, self.names, self.me, land=territory_name(event.territory))
        def show() -> None:
            if event.paid:
                self.payment = (event.seat, event.paid, event.territory)
            self._banner(text, theme.GOOD if event.seat == self.me else theme.WARN, "clear")
        self.timeline.queue(self.speed(1.6 if event.paid else 1.0), show)

    def _on_yielded(self, event: rules.Yielded) -> None:
        """A territory changing hands is read before the next reveal covers the map."""
        text = said("pw.yield_banner", event.seat, self.names, self.me, land=territory_name(event.territory),
                    to=person(event.to, self.names, self.me))
        colour = theme.BAD if event.seat == self.me else theme.GOOD if event.to == self.me else theme.WARN
        self.timeline.queue(self.speed(0.4), lambda: self._banner(text, colour, "hit"))
        self.timeline.queue(self.speed(1.2))

    def _on_defended(self, event: rules.Defended) -> None:
        """The face card that keeps a territory, named before the defence goes on."""
        text = said("pw.defend_banner", event.seat, self.names, self.me, land=territory_name(event.territory),
                    card=card_name(event.card))
        def show() -> None:  # the card itself, laid on the territory it keeps, while the banner names it
            self.defence = (event.card, event.territory, self.now + self.speed(1.6))
            self._banner(text, theme.SKY, "pick")
        self.timeline.queue(self.speed(0.4), show)
        self.timeline.queue(self.speed(1.2))

    def _on_reshuffled(self, event: rules.Reshuffled) -> None:
        self.timeline.queue(self.speed(0.8), lambda: self._banner(t("pw.reshuffle_banner"), theme.SKY, "roll"))

    def _on_over(self, event: rules.GameOver) -> None:
        self.timeline.queue(self.speed(1.2), lambda: self.app.audio.play("game_over"))

    animations = {rules.Revealed: _on_revealed, rules.Played: _on_played, rules.RightWon: _on_right,
                  rules.Acquired: _on_acquired, rules.Yielded: _on_yielded, rules.Defended: _on_defended,
                  rules.Reshuffled: _on_reshuffled, rules.GameOver: _on_over}

    def finish(self) -> None:
        state = self.state
        scores = state.seat_scores()
        results = [counted("pw.result", state.territories(seat), points=scores[seat]) for seat in range(self.n)]
        if state.victory == rules.CONQUEST_WIN:
            ending = t("pw.end.conquest", round=state.round)
        else:
            tie_break = t(f"pw.tie_break.{state.tie_break}") if state.tie_break else ""
            ending = sentences([t("pw.end.points"), tie_break])
        self.conclude(list(state.winners), state.round, {"scores": scores, "victory": state.victory,
                                                         "tie_break": state.tie_break},
                      scores, lower_wins=False, results=results, ending=ending)

    # --- the theatre ------------------------------------------------------------------------------
    def secrets(self, seat: int) -> list[str]:
        return [t("pw.secret.hand", cards=" ".join(card_name(c) for c in self.state.hand[seat]) or "—")]

    def choice_text(self, raw) -> str:
        return self.label(self.state.action_from_json(raw))

    # --- your decisions -----------------------------------------------------------------------------
    def next_right(self) -> tuple[str, int]:
        """Who gets the right if you decline, and at what cost: the next seat, one card less."""
        return self.names[(self.state.current_player() + 1) % self.n], self.view.cost - 1

    def decline_label(self) -> str:
        """Decline, saying who gets the right next and at what cost."""
        nxt, cost = self.next_right()
        return t("pw.decline", name=nxt, cost=cost) if cost > 0 else t("pw.decline_free", name=nxt)

    def label(self, action) -> str:
        v = self.view
        if action == PASS:
            return t("pw.pass")
        if action == DECLINE:
            return self.decline_label()
        if action == YIELD:
            return t("pw.yield", name=territory_name(v.to_defend[0]) if v.to_defend else "")
        kind = type(action)
        if kind is Play:
            if action.card in JOKERS:
                return t("pw.play_joker")
            return t("pw.play", card=card_name(action.card), strength=self.strength_of(action.card))
        if kind is Recover:
            return t("pw.recover", card=card_name(action.card))
        if kind is Defend:
            return t("pw.defend", card=card_name(action.card))
        if kind is rules.Discard3:
            return t("pw.discard", cards=" ".join(card_name(c) for c in action))
        if kind is rules.Occupy:
            return t("pw.occupy_with", cards=" ".join(card_name(c) for c in action.cards.split()))
        return str(action)

    def short_label(self, action) -> str:
        """A choice in a two-column list: a card to play with its strength, a card to take or defend with."""
        if type(action) is Play and action.card not in JOKERS:
            return t("pw.play_short", card=card_name(action.card), strength=self.strength_of(action.card))
        if type(action) in (Recover, Defend):
            return card_name(action.card)
        return self.label(action)

    def strength_of(self, card: str) -> int:
        """The strength `card` would have if you played it now."""
        v = self.view
        top = v.top[0] if v.top else None
        mine = sum(1 for x in TERRITORIES[v.on_offer][3] if v.owner[IDS.index(x)] == self.me)
        return rules.strength(card, top, v.on_offer, mine)

    def breakdown(self, card: str, seat: int, top_number: int | None) -> str:
        """How a card's strength came about: "A → 11, +1 adjacency = 12", "black on an island = 1"."""
        v = self.view
        kind = TERRITORIES[v.on_offer][2]
        if card in JOKERS:
            return t("pw.joker_wins")
        if kind == ISLAND and colour(card) == "black":
            return t("pw.black_island")
        if kind == rules.INLAND and colour(card) == "red":
            return t("pw.red_inland")
        n = number(card, top_number)
        text = f"{rank(card)} → {n}" if rank(card) == "A" else str(n)
        adjacency = 0 if kind == ISLAND else sum(1 for x in TERRITORIES[v.on_offer][3]
                                                  if v.owner[IDS.index(x)] == seat)
        if adjacency:
            text += t("pw.plus_adjacency", n=adjacency, total=n + adjacency)
        return text

    def _refresh_buttons(self) -> None:
        v = self.view
        legal = list(v.legal)
        if v.phase == DISCARD:  # three cards picked on the table, then one button
            enabled = len(self.picked) == 3
            options = [(t("pw.discard_button", n=len(self.picked)), self.confirm_discard, enabled)]
        elif v.phase == OCCUPY:
            can = any(a != DECLINE for a in legal)
            options = [(self.decline_label(), self.ask_decline if can else lambda: self.choose(DECLINE), True)]
            if can:
                options.insert(0, (t("pw.occupy_button", n=len(self.picked), cost=v.cost), self.confirm_occupy,
                                   len(self.picked) == v.cost))
        else:  # a long list in two columns, its cards named short ("7♠ · 7"); two jokers do the same: one button
            short = len(legal) > 6
            labelled: dict[str, object] = {}
            for action in self.ordered(legal):
                labelled.setdefault(self.short_label(action) if short else self.label(action), action)
            options = [(label, lambda a=a: self.pick_action(a), True) for label, a in labelled.items()]
        labels = [(label, enabled) for label, _, enabled in options]
        if [(b.label, b.enabled) for b in self.buttons.buttons] == labels:
            return
        self.buttons.buttons = []
        # a long list in more columns (up to 39 cards to take back), so that every choice stays on the screen
        columns = 1 if len(options) <= 6 else 2 if len(options) <= 14 else 3 if len(options) <= 24 else 4
        pitch = 40 if len(options) <= 14 else 36
        width = (ACTIONS.width - 28 - 8 * (columns - 1)) // columns
        for i, (label, act, enabled) in enumerate(options):
            rect = pygame.Rect(ACTIONS.x + 14 + (i % columns) * (width + 8), ACTIONS.y + 70 + (i // columns) * pitch,
                               width, pitch - 6)
            button = Button(rect, label, act, size=16, primary=i == 0 and enabled)
            button.enabled = enabled
            self.buttons.buttons.append(button)
        self.buttons.focus = next((i for i, b in enumerate(self.buttons.buttons) if b.enabled), 0)
        self.place_actions()

    def ordered(self, legal: list) -> list:
        """The choices as the buttons offer them: in an invasion Pass first (a bid is a choice to make on purpose),
        then by strength (the same order every turn; a playtest saw hand order after the opening's),
        the best card first to take back, the cheapest first to open with, otherwise as the rules list them."""
        if self.view.phase == INVADE:  # then the weakest card that beats the table first, jokers last
            plays = sorted((a for a in legal if a != PASS),
                           key=lambda a: (a.card in JOKERS, 0 if a.card in JOKERS else self.strength_of(a.card)))
            return [PASS, *plays]
        if self.view.phase == RECOVER:
            return sorted(legal, key=lambda a: -worth(a.card))
        if self.view.phase == OPEN:  # a forced opening: the card least worth keeping first
            return sorted(legal, key=lambda a: worth(a.card))
        if self.view.phase == DEFEND:  # any face card defends alike: the one least worth keeping first, then Yield
            return sorted(legal, key=lambda a: (a == YIELD, 0 if a == YIELD else worth(a.card)))
        return legal

    def ask_decline(self) -> None:
        """Declining a territory you could pay for cannot be undone, and hands the right to the next seat: it asks
        first, keeping by default (a playtest's Enter, the Occupy button not yet lit, fell on Decline)."""
        from game.app.overlays import ConfirmScene

        nxt, cost = self.next_right()
        detail = counted("pw.decline_detail", cost, name=nxt) if cost > 0 else t("pw.decline_detail_free", name=nxt)
        self.app.stack.push(ConfirmScene(self.app, t("pw.decline_question", land=territory_name(self.view.on_offer)),
                                         t("pw.decline_yes"), lambda: self.choose(DECLINE), t("pw.decline_no"),
                                         detail))

    def pick_action(self, action) -> None:
        """A choice from a button or a card: a joker, or an opening its colour wastes, asks first."""
        from game.app.overlays import ConfirmScene

        v = self.view
        if type(action) is Play and action.card in JOKERS:
            self.app.stack.push(ConfirmScene(self.app, t("pw.joker_question"), t("pw.joker_yes"),
                                             lambda: self.choose(action), t("pw.joker_no"), t("pw.joker_detail")))
            return
        if type(action) is Play and v.phase == OPEN and self.strength_of(action.card) == 1 \
                and rank(action.card) in ("J", "Q", "K"):  # a face its colour wastes (an ace opens at 1 anyway)
            self.app.stack.push(ConfirmScene(self.app, t("pw.waste_question", card=card_name(action.card)),
                                             t("pw.waste_yes"), lambda: self.choose(action), t("pw.waste_no"),
                                             t("pw.waste_detail")))
            return
        self.choose(action)

    def confirm_discard(self) -> None:
        if len(self.picked) == 3:
            action = discard3(" ".join(self.picked))
            self.picked = []
            self.choose(action)

    def confirm_occupy(self) -> None:
        if len(self.picked) == self.view.cost:
            action = occupy(" ".join(self.picked))
            self.picked = []
            self.choose(action)

    def toggle(self, card: str) -> None:
        """A card clicked while picking cards for a discard or a payment."""
        limit = 3 if self.view.phase == DISCARD else self.view.cost
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < limit:
            self.picked.append(card)
        else:  # all chosen: say so (a silent click read as a missed one, playtest round 20)
            self.app.audio.play("error")
            self.log.add(counted("pw.why.all_chosen", limit), theme.BAD)
            return
        self.app.audio.play("menu_move")
        self._refresh_buttons()

    def apply(self, action) -> None:
        super().apply(action)
        self.picked = []

    def caught_up(self) -> None:
        self.payment = None  # the map and the scores now show what it paid for

    def by_itself(self, action) -> bool:
        """A pass with no card that beats the table is made for you after a pause (a playtest clicked it three or
        four times a round, with nothing to choose)."""
        return action == PASS

    # --- the decision panel -----------------------------------------------------------------------
    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.to_move == TERMINAL:
            return t("pw.game_over"), theme.WARN
        if not self.human_turn():
            if v.to_move == CHANCE:
                return t("pw.dealing"), theme.INK_DIM
            return self.waiting("pw.waiting", v.to_move)
        phase = v.phase
        if phase == OPEN:
            return t("pw.prompt.open", name=territory_name(v.on_offer)), theme.ACCENT
        if phase == INVADE:
            if not v.hand:
                return t("pw.prompt.invade_empty"), theme.WARN
            if list(v.legal) == [PASS]:
                return t("pw.prompt.invade_none", strength=v.top[1]), theme.WARN
            return t("pw.prompt.invade", strength=v.top[1]), theme.ACCENT
        if phase == DISCARD:
            return t("pw.prompt.discard"), theme.WARN
        if phase == RECOVER:
            return t("pw.prompt.recover"), theme.ACCENT
        if phase == OCCUPY:
            if not any(a != DECLINE for a in v.legal):
                return counted("pw.prompt.cannot_pay", len(v.hand), cost=v.cost), theme.WARN
            return t("pw.prompt.occupy", name=territory_name(v.on_offer), cost=v.cost), theme.ACCENT
        if list(v.legal) == [YIELD]:  # no face card: the yield is forced, and the prompt says why
            return t("pw.prompt.defend_none", name=territory_name(v.to_defend[0])), theme.WARN
        return t("pw.prompt.defend", name=territory_name(v.to_defend[0])), theme.WARN

    def panel_notes(self) -> list[Note]:
        if not self.human_turn():
            return []
        v = self.view
        if v.phase == DISCARD:
            notes = [self.pile_note()]
            if len(self.picked) == 3:
                colours = {colour(c) for c in self.picked}
                bonus = len(colours) == 1 and None not in colours
                notes.insert(0, Note(t("pw.note.bonus"), color=theme.GOOD) if bonus else Note(t("pw.note.no_bonus")))
            return notes
        if v.phase in (OPEN, INVADE):
            kind = TERRITORIES[v.on_offer][2]
            notes = [Note(t(f"pw.note.{kind}"))] if kind != rules.NORMAL else []
            if any(type(a) is Play and rank(a.card) == "A" for a in v.legal):  # the rule its button cannot show
                notes.append(Note(t("pw.note.ace_open") if not v.top else t("pw.note.ace", n=v.top[0] + 1)))
            return notes
        if v.phase == OCCUPY and any(a != DECLINE for a in v.legal):
            return [Note(t("pw.note.cost", cost=v.cost))]
        if v.phase == DEFEND:  # your other territories the same occupation threatens: a face card may be wanted
            later = [x for x in v.to_defend[1:] if v.owner[IDS.index(x)] == self.me]
            if later:
                return [Note(t("pw.note.defend_later", names=pick(", ", "、").join(map(territory_name, later))),
                             color=theme.WARN)]
        return []

    def pile_note(self) -> Note:
        """What a one-colour discard could bring back: the discard pile's best cards (aces and jokers never)."""
        back = sorted((c for c in self.view.discard if c in RECOVERABLE), key=lambda c: -worth(c))
        if not back:
            return Note(t("pw.note.pile_empty"))
        return Note(t("pw.note.pile", n=len(back), cards=" ".join(card_name(c) for c in back[:5])))

    def panel_footer(self) -> str:
        return t("pw.footer") if self.human_turn() else ""

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_table(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if self.human_turn():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click_hand(event.pos):
                return
            self.buttons.handle(event)

    def _click_hand(self, pos: tuple[int, int]) -> bool:
        v = self.view
        for card, rect in self.hand_rects():
            if not rect.collidepoint(pos):
                continue
            if v.phase in (DISCARD, OCCUPY) and (v.phase == DISCARD or any(a != DECLINE for a in v.legal)):
                self.toggle(card)
                return True
            if among(Play(card), v.legal):
                self.pick_action(Play(card))
                return True
            if among(Defend(card), v.legal):
                self.choose(Defend(card))
                return True
            if self.human_turn() and v.phase in (INVADE, DEFEND):  # a dimmed card: say why it cannot go
                self.app.audio.play("error")
                if v.phase == INVADE:
                    why = t("pw.why.too_weak", card=card_name(card), n=self.strength_of(card), strength=v.top[1])
                else:
                    why = t("pw.why.defend_faces", card=card_name(card))
                self.log.add(why, theme.BAD)
                return True
        return False

    # --- layout -----------------------------------------------------------------------------------
    def badge_center(self, seat: int) -> tuple[int, int]:
        return SEAT_0 if seat == self.me else self.anchors[seat]

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        hand = list(self.view.hand)
        if self.payment is not None and self.payment[0] == self.me:  # your payment is in the row, not twice
            hand = [card for card in hand if card not in self.payment[1]]
        if not hand:
            return []
        step = min(CARD_W + 8, (HAND.width - CARD_W) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        height = round(CARD_W * 1.42)
        return [(card, pygame.Rect(HAND.x + i * step, HAND.bottom - height, CARD_W, height))
                for i, card in enumerate(hand)]

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        self._draw_header(surface)
        self._draw_map(surface)
        self._draw_row(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        self._draw_hand(surface)
        self.log.draw(surface)
        self.draw_actions(surface)
        self._draw_discard_tip(surface)
        self.effects.draw(surface, self.now, (490, 300))
        # a defence card beside its territory, over the banner that names it (a second look saw the banner hide
        # one in the map's middle band)
        if self.defence is not None and self.now < self.defence[2]:
            card, territory, _ = self.defence
            image = card_face(card, 44)
            surface.blit(image, beside(territory, image.get_size()))

    def _draw_header(self, surface: pygame.Surface) -> None:
        v = self.view
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        piles = t("pw.piles", pile=v.pile_size, discard=len(v.discard), left=len(v.unrevealed))
        line = t("pw.round", n=max(1, v.round)) + pick(" · ", "・") + piles
        self.header_rect = blit(surface, line, 16, (20, 50), theme.INK_DIM, True)
        if self.autoplay:
            blit(surface, t("pw.demo"), 16, (960, 16), theme.SKY, True, "topright")

    def _draw_discard_tip(self, surface: pygame.Surface) -> None:
        """The discard pile, card by card in the order discarded, while the mouse is on the header's line (spec 10:
        the discard pile can be browsed; a one-colour discard takes a card back from it)."""
        if self.header_rect.inflate(8, 12).collidepoint(self.hover):
            pile = self.view.discard
            sheet = card_sheet(t("pw.discard_title", n=len(pile)), [card_face(card, 32) for card in pile], 16, 600)
            surface.blit(sheet, (16, self.header_rect.bottom + 6))

    def _draw_map(self, surface: pygame.Surface) -> None:
        v = self.view
        offer = v.on_offer if v.phase != OVER else None  # the last one, occupied or declined, is no longer on offer
        lit = set(TERRITORIES[offer][3]) if offer else set()
        for a, b in BORDERS:
            colour_ = theme.ACCENT if offer in (a, b) else (70, 78, 96)
            if {a, b} == {"GBR", "USA"}:  # across the Atlantic: over the top of the map
                (x1, y1), (x2, y2) = place(a), place(b)
                top = MAP.y - 6
                pygame.draw.lines(surface, colour_, False, [(x1, y1), (x1, top), (x2, top), (x2, y2)], 2)
            else:
                pygame.draw.line(surface, colour_, place(a), place(b), 2)
        asked = v.to_defend[0] if v.phase == DEFEND and v.to_defend else None
        if asked is not None:  # the territory whose owner answers now: ringed in white (no seat's colour), tagged
            pygame.draw.rect(surface, theme.INK, node_rect(asked).inflate(14, 14), 4, border_radius=12)
        for territory in IDS:
            self._draw_node(surface, territory, territory == offer, territory in lit)
        if asked is not None:
            node_tag(surface, node_rect(asked), t("pw.tag.asked"), theme.INK, below=True)

    def _draw_node(self, surface: pygame.Surface, territory: str, offered: bool, neighbour: bool) -> None:
        v = self.view
        rect = node_rect(territory)
        owner = v.owner[IDS.index(territory)]
        fill = tuple(c // 3 for c in SEAT_COLOURS[owner]) if owner is not None else theme.PANEL
        edge = theme.ACCENT if offered else (SEAT_COLOURS[owner] if owner is not None else
                                             (theme.INK if neighbour else theme.PANEL_HI))  # white: no seat's
        if offered:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), border_radius=12)
        panel(surface, rect, fill, edge)
        points, cost, kind, _ = TERRITORIES[territory]
        name, size = fit(pick(*TERRITORY_NAMES[territory]), 15, rect.width - 12, True, 11)
        blit(surface, name, size, (rect.centerx, rect.y + 5), theme.INK, True, "midtop")
        blit(surface, f"{points}", 18, (rect.x + 8, rect.bottom - 4), theme.WARN, True, "bottomleft")
        blit(surface, t("pw.cost_short", n=cost), 13, (rect.right - 8, rect.bottom - 6), theme.INK_DIM, True,
             "bottomright")
        if kind != rules.NORMAL:  # grey: no seat's colour
            node_tag(surface, rect, t(f"pw.badge.{kind}"), theme.INK_DIM)

    def _draw_row(self, surface: pygame.Surface) -> None:
        """The invasion: each card played with its strength; the top one's breakdown (its number, the bonuses).
        While an occupation is told, the cards it paid, face up (under the map, where no banner covers them)."""
        v = self.view
        if self.payment is not None:
            seat, cards, territory = self.payment
            title = said("pw.paid_row", seat, self.names, self.me, land=territory_name(territory))
            shown, size = fit(title, 16, ROW.width, True)
            blit(surface, shown, size, (ROW.x, ROW.y), theme.ACCENT, True)
            for i, card in enumerate(cards):
                row_card(surface, i, card, seat)
            return
        if v.on_offer is None or v.phase == OVER:
            return
        points, cost, kind, _ = TERRITORIES[v.on_offer]
        title = t("pw.on_offer", name=territory_name(v.on_offer), points=points, cost=cost)
        if v.phase == OCCUPY and v.holder is not None:  # (during the defences it is occupied already)
            title += "  ·  " + said("pw.holder", v.holder, self.names, self.me, cost=v.cost)
        shown, size = fit(title, 16, ROW.width, True)
        blit(surface, shown, size, (ROW.x, ROW.y), theme.ACCENT, True)
        top_number = None
        for i, (seat, card, n, s) in enumerate(v.table):
            rect = row_card(surface, i, card, seat)
            # its strength, as the hand's cards show theirs (the top one's sum is spelled out beside it)
            label = "JK" if n is None else str(s)
            blit(surface, label, 14, (rect.centerx, rect.bottom + 8), theme.INK, True, "midtop")
            explain = self.breakdown(card, seat, top_number) if i == len(v.table) - 1 else ""
            if explain and explain != label:  # not a plain card's number again (it is under the card)
                shown, size = fit(explain, 14, ROW.right - rect.right - 16, True)
                blit(surface, shown, size, (rect.right + 12, rect.centery), theme.SKY, True, "midleft")
            top_number = n

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        v = self.view
        thinking = self.ticket is not None and v.to_move == seat
        score = sum(TERRITORIES[t_][0] for i, t_ in enumerate(IDS) if v.owner[i] == seat)
        rect = draw_seat_badge(surface, self.badge_center(seat), self.names[seat], t(f"level.{self.levels[seat]}"),
                               str(score), v.hand_sizes[seat], v.to_move == seat, thinking, self.now,
                               self.layout.plate)
        pygame.draw.rect(surface, SEAT_COLOURS[seat], (rect.x + 3, rect.y + 6, 5, rect.height - 12), border_radius=2)
        tags = []
        if seat == v.parent:
            tags.append(t("pw.parent_tag"))
        if v.phase == OCCUPY and seat == v.holder:
            tags.append(t("pw.holder_tag"))
        if tags:
            blit(surface, " · ".join(tags), 12, (rect.centerx, rect.y - 2), theme.WARN, True, "midbottom")
        if self.over and seat != self.me:  # spec 10: every hand is revealed at the game's end (a tie-break counts it)
            self._draw_revealed_hand(surface, rect, self.state.hand[seat])

    def revealed_places(self, plate: pygame.Rect, count: int) -> tuple[list[pygame.Rect], pygame.Rect | None]:
        """Where a hand of `count` small cards is shown face up at the end, and the tab under them if any: beside
        its seat's plate (right, else left; in one row, else two) where that is clear of the other plates and the
        panels; else hanging under the plate on a tab, over the map's top edge (the tags matter little now)."""
        width, gap = REVEALED_W, 3
        height = card_face("2S", width).get_height()
        plates = [pygame.Rect((0, 0), self.layout.plate) for _ in range(self.n)]
        for seat, other in enumerate(plates):
            other.center = self.badge_center(seat)
        others = [other for other in plates if other != plate]
        room = pygame.Rect(4, 4, LOG.x - 12, theme.HEIGHT - 8)
        for rows in (1, 2):
            across = -(-count // rows)
            block = pygame.Rect(0, 0, across * (width + gap) - gap, rows * (height + gap) - gap)
            for anchor, point in (("midleft", (plate.right + 8, plate.centery)),
                                  ("midright", (plate.left - 8, plate.centery))):
                setattr(block, anchor, point)
                if room.contains(block) and block.collidelist(others) < 0:
                    return [pygame.Rect(block.x + i % across * (width + gap), block.y + i // across * (height + gap),
                                        width, height) for i in range(count)], None
        row = pygame.Rect(0, 0, count * (width + gap) - gap, height)
        row.midtop = (plate.centerx, plate.bottom + 4)
        row.bottom = min(row.bottom, theme.HEIGHT - 4)
        return [pygame.Rect(row.x + i * (width + gap), row.y, width, height) for i in range(count)], row.inflate(10, 8)

    def _draw_revealed_hand(self, surface: pygame.Surface, plate: pygame.Rect, hand) -> None:
        """A hand face up by its seat's plate, small (`revealed_places`)."""
        cards = list(hand)
        if not cards:
            return
        places, tab = self.revealed_places(plate, len(cards))
        if tab is not None:
            pygame.draw.rect(surface, theme.PANEL, tab, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_HI, tab, 1, border_radius=6)
        for card, rect in zip(cards, places, strict=True):
            surface.blit(card_face(card, REVEALED_W), rect)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        v = self.view
        mine = self.human_turn()
        picking = mine and v.phase in (DISCARD, OCCUPY)
        for card, rect in self.hand_rects():
            playable = mine and (among(Play(card), v.legal) or among(Defend(card), v.legal))
            style = "picked" if card in self.picked else "lit" if playable else \
                "dim" if mine and v.phase in (OPEN, INVADE) else "normal"
            lift = -10 if card in self.picked or (playable and rect.collidepoint(self.hover)) else 0
            surface.blit(card_face(card, CARD_W, style), rect.move(0, lift))
            if mine and v.phase in (OPEN, INVADE) and card not in JOKERS:
                blit(surface, str(self.strength_of(card)), 15, (rect.centerx, rect.y + lift - 3),
                     theme.ACCENT if playable else theme.INK_FAINT, True, "midbottom")
        if picking:
            need = 3 if v.phase == DISCARD else v.cost
            blit(surface, t("pw.picked", n=len(self.picked), need=need), 14, (HAND.x, HAND.y - 18), theme.SKY, True)
