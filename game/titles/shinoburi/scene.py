"""Shinoburi at the table: you (seat `me`) against one to four computer players.

One panel per territory with a stack per house (colour, glyph, count in large digits, a shield on an army touched
this turn); your hand under your territory; the three-step command tracker, the deck and the discard pile in the
middle. Your decisions are clicks on the board: a card in your hand, a lit army, a lit territory (←→ and Enter do
the same; ↑↓ set how many ninjas). An army you cannot attack tells why when the mouse is on it. H hides your house.
The end is a reveal: the house cards turn over one by one, the houses' totals count up, the neutral ones fade, and
only then the result (and the tie-break line when it was used).
"""

from __future__ import annotations

from collections import Counter

import pygame

from game.app.setup import GameSetup
from game.app.table_scene import TableScene
from game.core.engine import CHANCE, TERMINAL, among
from game.services.i18n import counted, listed, said, t
from game.titles.shinoburi import rules
from game.titles.shinoburi.log import describe, house, territory_of
from game.titles.shinoburi.rules import (
    ATTACK_ON,
    CMD1,
    CMD2,
    CMD3,
    COMMAND,
    COUNTRIES,
    DEPLOY_TO,
    KINDS,
    MOVE_TO,
    NINJA,
    Attack,
    AttackOn,
    Deploy,
    MoveFrom,
    MoveTo,
    NinjaOn,
    Reinforce,
    Target,
)
from game.ui import theme
from game.ui.actions import Note
from game.ui.seats import felt_table
from game.ui.text import blit, fit
from game.ui.widgets import panel

LOG = pygame.Rect(992, 14, 276, 380)
ACTIONS = pygame.Rect(992, 404, 276, 302)
CENTRE = pygame.Rect(332, 246, 316, 184)
PANEL_SIZE = (300, 148)
HAND_Y = 614  # the held card, raised and ringed, stays clear of your territory's panel (playtest round 10)
PICK_RISE = 10  # how much higher than the lit cards the card clicked stands
CARD = (62, 96)
STACK = (52, 82)
SPOTS = {  # top-left of each seat's territory panel, by player count; yours at the bottom, the rest clockwise
    2: [(340, 440), (340, 84)],
    3: [(340, 440), (150, 84), (530, 84)],
    4: [(340, 440), (16, 250), (340, 84), (664, 250)],
    5: [(340, 440), (16, 262), (170, 84), (510, 84), (664, 262)],
}
COLOURS = {"HOJO": (150, 96, 200), "MORI": (84, 170, 96), "ODA": (222, 180, 60), "TAKEDA": (210, 70, 64),
           "UESUGI": (76, 130, 220), NINJA: (60, 60, 72)}
GLYPHS = {"HOJO": "北", "MORI": "毛", "ODA": "織", "TAKEDA": "武", "UESUGI": "上", NINJA: "忍"}
FLIP = 0.7  # seconds per house card turned at the end
COUNT_RATE = 8  # points a second a house's total counts up at the end
REVEAL = 30.0  # seconds the end stays before the summary in a demo or a replay (scaled); a player goes on


def hand_slots(slots: list[str | None], hand: list[str], picked: int | None = None) -> list[str | None] | None:
    """`slots` (cards, None for a gap) made to hold `hand`: a card gone leaves a gap (the `picked` slot's card
    first, the one clicked, then the rightmost copy); a card come back (a held card taken back) fills a gap, the
    picked one first. None if `hand` has more new cards than there are gaps (the hand was filled)."""
    out = list(slots)
    gone = Counter(kind for kind in out if kind is not None) - Counter(hand)
    if picked is not None and 0 <= picked < len(out) and gone[out[picked]] > 0:
        gone[out[picked]] -= 1
        out[picked] = None
    for i in reversed(range(len(out))):
        if out[i] is not None and gone[out[i]] > 0:
            gone[out[i]] -= 1
            out[i] = None
    extra = list((Counter(hand) - Counter(kind for kind in out if kind is not None)).elements())
    gaps = [i for i, kind in enumerate(out) if kind is None]
    if picked in gaps:
        gaps.remove(picked)
        gaps.insert(0, picked)
    if len(extra) > len(gaps):
        return None
    for i, kind in zip(gaps, sorted(extra, key=hand.index), strict=False):
        out[i] = kind
    return out


def make_scene(app, setup: GameSetup | None = None, autoplay: bool = False, save=None):
    return ShinoburiScene.from_setup(app, setup, autoplay, save)


class ShinoburiScene(TableScene):
    """One game of Shinoburi: three commands a turn, to the reveal of the houses."""

    title_slug, rules = "shinoburi", rules
    describe = staticmethod(describe)
    LOG_RECT, EFFECTS_SALT, ACTIONS_RECT = LOG, 0x5A1, ACTIONS

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app, setup, autoplay)
        self.focus = 0  # the keyboard's choice among the clickable choices
        self.ninjas = 1  # how many ninjas a NinjaOn click sends
        self.hide_house = False
        self.hover: tuple[int, int] = (-1, -1)
        self.reveal: dict | None = None  # the end on show: the GameOver event and when it opened
        # a command's first half (a card, an army), held until its target is chosen: Esc undoes it
        self.first_half = None
        self.ninja_picked = False  # the ninja card was clicked: it stands raised until an army is chosen (or Esc)
        self.slots: list[str | None] = []  # the hand at the turn's start: each card's place (None: played since)
        self.picked: int | None = None  # the place of the card chosen last (the one that leaves, or is held)
        self.slots_turn = -1  # the turn `slots` was laid out in

    # --- telling ----------------------------------------------------------------------------------
    # each change of an army is marked where it happens, long enough to follow a bot's turn (a playtest saw the
    # counts change and the next player start with no sign of what had been struck)
    def _mark(self, seat: int, country: str, text: str, colour, sound: str) -> None:
        rect = self.stack_rect(seat, country)
        self.effects.popup(text, (rect.centerx, rect.y + 20), self.now, 30, colour, rise=24)  # over the clan's
        # glyph, rising a little: the count under it stays in sight, and the panel's name row clear
        self.app.audio.play(sound)

    def _on_attacked(self, event: rules.Attacked) -> None:
        self.timeline.queue(self.speed(0.8), lambda: self._mark(event.target, event.target_country, "−1", theme.BAD,
                                                                "hit"))

    def _on_ninja(self, event: rules.NinjaUsed) -> None:
        self.timeline.queue(self.speed(0.8), lambda: self._mark(event.target, event.country, f"−{event.count}",
                                                                theme.BAD, "slide_out"))

    def _on_card(self, event) -> None:
        seat = event.seat if type(event) is rules.Reinforced else event.target
        self.timeline.queue(self.speed(0.45), lambda: self._mark(seat, event.country, "+1", theme.GOOD, "card"))

    def _on_final(self, event: rules.FinalRound) -> None:
        self.timeline.queue(self.speed(1.0), lambda: self._banner(t("sr.final_banner"), theme.WARN, "warning"))

    def _on_game_over(self, event: rules.GameOver) -> None:
        def open_reveal() -> None:
            self.reveal = {"event": event, "opened": self.now}
            self.app.audio.play("clear")
        self.timeline.queue(self.speed(1.0))  # the last command's mark is seen before the reveal covers the board
        self.timeline.queue(self.held(REVEAL), open_reveal)  # it says "Click or Enter to go on": it waits for you

    animations = {rules.Attacked: _on_attacked, rules.NinjaUsed: _on_ninja, rules.Deployed: _on_card,
                  rules.Reinforced: _on_card, rules.Moved: _on_card, rules.FinalRound: _on_final,
                  rules.GameOver: _on_game_over}
    reveals = (rules.GameOver,)

    def finish(self) -> None:
        state = self.state
        totals = state.totals()
        counts = [totals[c] for c in state.nationality]
        # the places are spec 4.7's (count, then own house at home): where a count is shared, the home cards that
        # split or share the place are said beside it
        results = [counted("sr.result", n, house=house(c)) for n, c in zip(counts, state.nationality, strict=True)]
        for seat, c in enumerate(state.nationality):
            if counts.count(counts[seat]) > 1:
                results[seat] = t("sr.result.home", result=results[seat], n=state.territory[seat][c])
        ending = t("sr.end.tie_break" if state.tie_break == 1 else "sr.end.points")
        self.conclude(list(state.winners), state.turn, {"houses": list(state.nationality), "totals": totals,
                                                        "tie_break": state.tie_break},
                      list(state.ranking()), results=results, ending=ending)

    # --- the choices on the board -----------------------------------------------------------------
    def panel_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(*SPOTS[self.n][(seat - self.me) % self.n], *PANEL_SIZE)

    def stack_rect(self, seat: int, country: str) -> pygame.Rect:
        box = self.panel_rect(seat)
        i = COUNTRIES.index(country)
        return pygame.Rect(box.x + 10 + i * 57, box.y + 52, *STACK)

    def slot_rects(self) -> list[tuple[str | None, pygame.Rect]]:
        """Your hand's places, each with its card (None: a gap): a card stays where it was at the turn's start, and
        one played leaves a gap, so the cards left do not slide under the mouse (a playtest); the hand closes up
        for your next turn, or when more cards come than there are gaps."""
        slots = hand_slots(self.slots, list(self.view.hand), self.picked) if self.slots_turn == self.view.turn \
            else None
        if slots is None:  # a new turn, the hand filled, a new game: laid out afresh, centred
            slots, self.picked = list(self.view.hand), None
        self.slots, self.slots_turn = slots, self.view.turn
        x = 490 - (len(slots) * (CARD[0] + 8) - 8) // 2
        return [(kind, pygame.Rect(x + k * (CARD[0] + 8), HAND_Y, *CARD)) for k, kind in enumerate(slots)]

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        return [(kind, rect) for kind, rect in self.slot_rects() if kind is not None]

    def choices(self) -> list[tuple[object, pygame.Rect]]:
        """The legal decisions now, each with the place on the board that takes it (one per place)."""
        if not self.human_turn():
            return []
        out: list[tuple[object, pygame.Rect]] = []
        hand = self.hand_rects()
        ninja_armies: dict[tuple[int, str], list[int]] = {}
        for action in self.view.legal:
            kind = type(action)
            if kind in (Deploy, Reinforce):
                rect = next(r for card, r in hand if card == action.country)
                out.append((action, rect))
            elif kind in (Target, MoveTo):
                out.append((action, self.panel_rect(action.seat)))
            elif kind is NinjaOn:
                ninja_armies.setdefault((action.seat, action.country), []).append(action.count)
            elif kind in (MoveFrom, AttackOn):
                out.append((action, self.stack_rect(action.seat, action.country)))
            elif kind is Attack:
                out.append((action, self.stack_rect(self.me, action.country)))
        for (seat, country), counts in ninja_armies.items():
            k = min(self.ninjas, max(counts))
            out.append((NinjaOn(seat, country, k), self.stack_rect(seat, country)))
        own = self.view.nationality  # Enter's first target is never an army of your own house (a playtest)
        return sorted(out, key=lambda item: type(item[0]) in (AttackOn, NinjaOn) and item[0].country == own)

    def _refresh_buttons(self) -> None:
        """The board is the buttons: keep the keyboard focus on a choice that exists."""
        count = len(self.choices())
        if count and self.focus >= count:
            self.focus = 0

    def human_turn(self) -> bool:
        return super().human_turn() and self.reveal is None

    # --- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if ((event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)) and self.let_go():
            return
        if self.handle_table(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.hide_house = not self.hide_house
            return
        if self.reveal is not None:
            if self._go_on(event):
                self._advance_reveal()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        choices = self.choices()
        if not choices:
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_LEFT):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.focus = (self.focus + step) % len(choices)
                self.app.audio.play("menu_move")
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.step_ninjas(1 if event.key == pygame.K_UP else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._take(choices[min(self.focus, len(choices) - 1)][0])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for action, rect in choices:
                if rect.collidepoint(event.pos):
                    self._take(action)
                    return
            for index, (kind, rect) in enumerate(self.slot_rects()):  # any card of a house you may play
                if not rect.collidepoint(event.pos):
                    continue
                if type(self.first_half) is Deploy and index != self.picked:  # another card: the pick moves to it
                    card = next((a for a in self.state.view(self.me).legal
                                 if type(a) is Deploy and a.country == kind), None)
                    if card is not None:
                        self.let_go()
                        self.picked = index
                        self._take(card)
                        return
                card = next((a for a, _ in choices if type(a) in (Deploy, Reinforce) and a.country == kind), None)
                if card is not None:
                    self.picked = index  # this card leaves (or is held), not the first of its house
                    self._take(card)
                    return
                if kind == NINJA and any(type(a) is NinjaOn for a, _ in choices):  # ninjas go by their target
                    self.focus = next(i for i, (a, _) in enumerate(choices) if type(a) is NinjaOn)
                    self.ninja_picked = True  # raised and ringed, the panel saying what next (playtest round 10)
                    self.app.audio.play("menu_move")
                    return
            if self.view.phase == DEPLOY_TO and self.panel_rect(self.me).collidepoint(event.pos):
                self.log.add(t("sr.why.own_territory"), theme.BAD)
                self.app.audio.play("error")
        elif event.type == pygame.MOUSEWHEEL and any(type(a) is NinjaOn for a, _ in choices):
            self.step_ninjas(event.y)

    def step_ninjas(self, delta: int) -> None:
        """↑↓ or the wheel: how many ninjas a send uses, from 1 to those in your hand."""
        self.ninjas = max(1, min(self.ninjas_held(), self.ninjas + delta))

    def ninjas_held(self) -> int:
        """How many ninjas a send may use: the ninja cards in your hand (at least 1, at most 3)."""
        return max(1, min(3, sum(1 for kind in self.view.hand if kind == NINJA)))

    def _take(self, action) -> None:
        """A click or Enter on a choice. A command's first half is held by the table, and the view shows the state
        after it, until its target is chosen; then both go to the engine, which has no undo."""
        self.focus, self.ninja_picked = 0, False
        if type(action) in (Deploy, Reinforce) and (self.picked is None or self.slots[self.picked] != action.country):
            self.picked = self.slots.index(action.country)  # by the keys: the first of its house, as the focus
        if self.first_half is not None:
            if not among(action, self.view.legal):
                self.app.audio.play("error")
                return
            first, self.first_half = self.first_half, None
            self.view = self.coming = self.state.view(self.me)
            self.app.audio.play("menu_select")
            self.apply(first)
            self.apply(action)
            return
        if type(action) in (Deploy, MoveFrom, Attack) and among(action, self.view.legal):
            trial = self.state.clone()
            trial.apply(action)
            self.first_half = action
            self.view = self.coming = trial.view(self.me)
            self.app.audio.play("menu_select")
            return
        self.choose(action)

    def let_go(self) -> bool:
        """Esc or a right click: the held first half goes back (the card to your hand, the army stays), or the ninja
        card clicked goes down again."""
        if self.ninja_picked:
            self.ninja_picked = False
            self.app.audio.play("back")
            return True
        if self.first_half is None:
            return False
        held, self.first_half = self.first_half, None
        self.view = self.coming = self.state.view(self.me)
        self.focus = next((i for i, (action, _) in enumerate(self.choices()) if action == held), 0)  # where it was
        self.app.audio.play("back")
        return True

    def _advance_reveal(self) -> None:
        """The player goes on: every card turns at once, then on to the summary."""
        info = self.reveal
        if not self.counted(info):
            info["opened"] = self.now - self.settle_time(info)
        elif self.timeline.beats:
            self.timeline.beats[0].duration = 0.0

    @staticmethod
    def _go_on(event: pygame.event.Event) -> bool:
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))

    def turned(self, info: dict) -> int:
        """How many house cards are face up by now (one every FLIP seconds, in seat order)."""
        return min(self.n, int((self.now - info["opened"]) / max(0.01, self.speed(FLIP))))

    def shown_total(self, info: dict, seat: int) -> int:
        """The seat's house total as far as it has counted up (from its card's turn, COUNT_RATE points a second)."""
        event = info["event"]
        elapsed = self.now - info["opened"] - seat * self.speed(FLIP)
        return max(0, min(event.totals[event.nationalities[seat]], int(elapsed * COUNT_RATE)))

    def settle_time(self, info: dict) -> float:
        """Seconds from the reveal's opening until every card is turned and every total counted."""
        event = info["event"]
        return max(self.speed(FLIP) * (self.n + 1),
                   *(seat * self.speed(FLIP) + event.totals[event.nationalities[seat]] / COUNT_RATE + 0.01
                     for seat in range(self.n)))

    def counted(self, info: dict) -> bool:
        """Every card turned and every total counted up: only then the winner is named."""
        return self.now - info["opened"] >= self.settle_time(info)

    # --- in the replay theatre --------------------------------------------------------------------
    holds_secrets = True

    def choice_label(self, action) -> str:
        """A command's first half (its target comes next) in words: the coach names it so (it has no log line)."""
        kind = type(action)
        if kind is Deploy:
            return t("sr.choice.deploy", house=house(action.country))
        if kind is MoveFrom:
            return t("sr.choice.move_from", house=house(action.country),
                     source=territory_of(action.seat, self.names, self.me))
        if kind is Attack:
            return t("sr.choice.attack", house=house(action.country))
        return str(action)

    def secrets(self, seat: int) -> list[str]:
        """The secret house and the hand."""
        state = self.state
        cards = [f"{t('sr.ninja') if kind == rules.NINJA else house(kind)}\u00a0×{state.hand[seat][kind]}"  # unbroken
                 for kind in rules.KINDS if state.hand[seat][kind]]
        lines = [t("sr.secret.hand", cards=listed(cards) or "—")]
        if state.nationality[seat] is not None:
            lines.insert(0, t("sr.secret.house", house=house(state.nationality[seat])))
        return lines

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(felt_table(), (0, 0))
        blit(surface, self.heading(), 26, (20, 14), theme.ACCENT, True)
        v = self.view
        blit(surface, t("sr.turn", n=max(1, v.turn)), 17, (20, 50), theme.INK_DIM, True)
        if self.autoplay:
            blit(surface, t("sr.demo"), 16, (960, 16), theme.SKY, True, "topright")
        choices = self.choices()
        focused = choices[min(self.focus, len(choices) - 1)][1] if choices else None
        for seat in range(self.n):
            self._draw_territory(surface, seat, choices, focused)
        self._draw_centre(surface)
        self._draw_hand(surface, choices, focused)
        self.log.draw(surface)
        self.draw_actions(surface)
        self.effects.draw(surface, self.now, CENTRE.center)
        if self.reveal is not None and not self.over:  # the finished table, seen again from the ranking: the board
            self._draw_reveal(surface, self.reveal)

    def _draw_territory(self, surface, seat: int, choices, focused) -> None:
        v = self.view
        box = self.panel_rect(seat)
        active = v.to_move == seat
        targets = {rect.topleft for action, rect in choices if type(action) in (Target, MoveTo)}
        # while a territory is chosen only the targets are outlined (yours looked like one, a playtest)
        edge = theme.ACCENT if box.topleft in targets else theme.WARN if active and not targets else theme.PANEL_HI
        panel(surface, box, theme.PANEL, edge)
        if focused is not None and focused == box:  # bold, to stand out among the lit targets (playtest round 15)
            pygame.draw.rect(surface, theme.INK, box.inflate(10, 10), 5, border_radius=theme.RADIUS + 3)
        thinking = self.ticket is not None and active
        label = self.names[seat] if seat == self.me else f"{self.names[seat]} · {t(f'level.{self.levels[seat]}')}"
        title, size = fit(label + (" …" if thinking else ""), 17, box.width - 110, True, 13)
        blit(surface, title, size, (box.x + 10, box.y + 8), theme.WARN if active else theme.INK, True)
        blit(surface, counted("sr.hand", v.hand_sizes[seat]), 15, (box.right - 10, box.y + 10), theme.INK_DIM,
             anchor="topright")
        known = v.nationalities[seat]
        if known is not None and seat != self.me:
            blit(surface, house(known), 14, (box.right - 10, box.y + 30), COLOURS[known], True, "topright")
        lit = {(a.seat, a.country) if type(a) in (NinjaOn, MoveFrom, AttackOn) else (self.me, a.country)
               for a, _ in choices if type(a) in (NinjaOn, MoveFrom, AttackOn, Attack)}
        for country in COUNTRIES:
            self._draw_stack(surface, seat, country, (seat, country) in lit, focused)

    def _draw_stack(self, surface, seat: int, country: str, lit: bool, focused) -> None:
        # during the end reveal the board is the final one (the last attack came before the houses turn over);
        # the houses themselves stay hidden in the held view until the reveal shows them
        v = self.coming if self.reveal is not None else self.view
        rect = self.stack_rect(seat, country)
        count = v.territory[seat][COUNTRIES.index(country)]
        colour = COLOURS[country]
        if count:
            pygame.draw.rect(surface, colour, rect, border_radius=8)
            pygame.draw.rect(surface, tuple(max(0, c - 60) for c in colour), rect, 2, border_radius=8)
            blit(surface, GLYPHS[country], 18, (rect.centerx, rect.y + 4), theme.BG_DEEP, True, "midtop")
            blit(surface, str(count), 30, (rect.centerx, rect.bottom - 4), theme.BG_DEEP, True, "midbottom")
        else:
            pygame.draw.rect(surface, theme.PANEL_HI, rect, 1, border_radius=8)
            blit(surface, GLYPHS[country], 16, rect.center, theme.INK_FAINT, False, "center")
        if count and (seat, country) in v.protected:  # an army moved away entirely leaves no shield behind
            self._draw_shield(surface, (rect.right - 9, rect.y + 9))
        if lit:  # light ink, not the accent: a yellow Oda stack would hide an orange ring
            pygame.draw.rect(surface, theme.INK, rect.inflate(6, 6), 3, border_radius=10)
        held = self.first_half
        if (type(held) is MoveFrom and (held.seat, held.country) == (seat, country)) or (
                type(held) is Attack and seat == self.me and held.country == country):  # the army on the move
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 3, border_radius=12)
        if focused is not None and focused == rect:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(14, 14), 3, border_radius=12)

    @staticmethod
    def _draw_shield(surface, center: tuple[int, int]) -> None:
        x, y = center
        points = [(x - 8, y - 8), (x + 8, y - 8), (x + 8, y), (x, y + 9), (x - 8, y)]
        pygame.draw.polygon(surface, theme.SKY, points)
        pygame.draw.polygon(surface, theme.BG_DEEP, points, 2)

    def _draw_hand(self, surface, choices, focused) -> None:
        playable = {action.country for action, _ in choices if type(action) in (Deploy, Reinforce)}
        if any(type(action) is NinjaOn for action, _ in choices):
            playable.add(NINJA)  # the ninjas may be sent: the card stands up too (a click says how)
        # the card on its way: raised, ringed
        held = self.first_half.country if type(self.first_half) is Deploy else None
        ninja = self.ninja_picked and NINJA in playable  # the ninja card clicked: the first of them raised, ringed
        for index, (kind, rect) in enumerate(self.slot_rects()):
            picked = False
            if held is not None and index == self.picked and kind in (None, held):  # the card clicked, raised
                kind, rect, picked = held, rect.move(0, -PICK_RISE), True
            elif ninja and kind == NINJA:
                ninja, rect, picked = False, rect.move(0, -PICK_RISE), True
            if kind is None:  # the place of a card played this turn, outlined: a gap kept on purpose (round 17)
                pygame.draw.rect(surface, theme.INK_FAINT, rect, 1, border_radius=8)
                continue
            colour = COLOURS[kind]
            lit = kind in playable
            rect = rect.move(0, -8) if lit else rect  # a card you may play now stands up a little
            if picked:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            pygame.draw.rect(surface, colour, rect, border_radius=8)
            pygame.draw.rect(surface, theme.INK if lit else theme.BG_DEEP, rect, 3 if lit else 2, border_radius=8)
            ink = theme.INK if kind == NINJA else theme.BG_DEEP
            blit(surface, GLYPHS[kind], 30, (rect.centerx, rect.y + 10), ink, True, "midtop")
            name = t("sr.ninja") if kind == NINJA else house(kind)
            label, size = fit(name, 14, rect.width - 6, True, 10)
            blit(surface, label, size, (rect.centerx, rect.bottom - 8), ink, True, "midbottom")
            if focused is not None and focused.topleft == (rect.x, rect.y + (8 if lit else 0)):
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(12, 12), 3, border_radius=10)

    def _draw_centre(self, surface) -> None:
        v = self.view
        panel(surface, CENTRE, theme.BG_DEEP, None)
        step = COMMAND.get(v.phase, 0) if v.cur is not None else 0
        for i in (1, 2, 3):
            color = theme.ACCENT if i == step else theme.INK_DIM if i > step else theme.INK_FAINT
            blit(surface, t(f"sr.step.{i}"), 16, (CENTRE.x + 14, CENTRE.y + 10 + (i - 1) * 22), color, i == step)
        if v.final_left is not None and v.phase != rules.OVER:
            blit(surface, t("sr.final_round"), 16, (CENTRE.right - 14, CENTRE.y + 10), theme.WARN, True, "topright")
            blit(surface, counted("sr.turns_left", v.final_left), 15, (CENTRE.right - 14, CENTRE.y + 32), theme.WARN,
                 False, "topright")
        else:
            blit(surface, t("sr.deck", n=v.deck_size), 16, (CENTRE.right - 14, CENTRE.y + 10), theme.INK, True,
                 "topright")
        blit(surface, t("sr.discard"), 14, (CENTRE.x + 14, CENTRE.y + 84), theme.INK_DIM)
        x = CENTRE.x + 14
        for kind, count in zip(KINDS, v.discard, strict=True):
            rect = pygame.Rect(x, CENTRE.y + 104, 40, 26)
            pygame.draw.rect(surface, COLOURS[kind], rect, border_radius=5)
            ink = theme.INK if kind == NINJA else theme.BG_DEEP
            blit(surface, f"{GLYPHS[kind]}{count}", 15, rect.center, ink, True, "center")
            x += 48
        own = v.nationality
        if own is not None:
            text = t("sr.house_hidden") if self.hide_house else t("sr.your_house", house=house(own))
            line, size = fit(text, 16, CENTRE.width - 28, True, 12)
            blit(surface, line, size, (CENTRE.x + 14, CENTRE.bottom - 30),
                 theme.INK_DIM if self.hide_house else COLOURS[own], True)
            if not self.hide_house:
                blit(surface, t("sr.hide_hint"), 12, (CENTRE.right - 10, CENTRE.bottom - 8), theme.INK_FAINT,
                     anchor="bottomright")

    def panel_notes(self) -> list[Note]:
        """How many ninjas a send would use, and why the army under the mouse may not be attacked now."""
        if not self.human_turn() or not self.choices():
            return []
        notes = []
        if any(type(a) is NinjaOn for a, _ in self.choices()):
            notes.append(Note(t("sr.ninjas", n=min(self.ninjas, self.ninjas_held())), 17, theme.INK, True))
            if self.ninjas_held() > 1:  # nothing to change with one ninja
                notes.append(Note(t("sr.ninjas_hint"), 14, theme.INK_DIM))
        if self.first_half is not None:
            notes.append(Note(t("sr.held_hint"), 14, theme.INK_DIM))
        if self.ninja_picked:
            notes.append(Note(t("sr.ninja_how"), 15, theme.SKY))
        why = self.why_not_here()
        return notes + [Note(why)] if why else notes

    def panel_footer(self) -> str:
        if not (self.human_turn() and self.choices()):
            return ""
        return t("sr.keys_hint_held") if self.first_half is not None else t("sr.keys_hint")

    def why_not_here(self) -> str:
        """Under the mouse, an army you may not attack now, and why (spec 10: greyed with the reason)."""
        v = self.view
        if v.phase == DEPLOY_TO and self.panel_rect(self.me).collidepoint(self.hover):
            return t("sr.why.own_territory")
        if v.phase != ATTACK_ON or v.pending is None:
            return ""
        attacker = v.pending.country
        size = v.territory[self.me][COUNTRIES.index(attacker)]
        for seat in self.others():
            for country in COUNTRIES:
                if not self.stack_rect(seat, country).collidepoint(self.hover):
                    continue
                count = v.territory[seat][COUNTRIES.index(country)]
                if not count:
                    return ""
                if country == attacker:
                    return t("sr.why.same")
                if count >= size:
                    return t("sr.why.bigger")
                if (seat, country) in v.protected:
                    return t("sr.protected")
        return ""

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.to_move == TERMINAL or self.reveal is not None:
            return t("sr.game_over"), theme.WARN
        if not self.human_turn():
            if v.to_move == CHANCE or v.to_move is None:  # a deal or a refill (it said only "…": playtest round 10)
                return t("sr.drawing"), theme.INK_DIM
            return self.waiting("sr.waiting", v.to_move)
        phase = v.phase
        if phase == CMD1:  # the ninjas only when they can be sent (held, and an army to send them at)
            ninjas = any(type(a) is NinjaOn for a in v.legal)
            return t("sr.prompt.cmd1" if ninjas else "sr.prompt.cmd1_no_ninja"), theme.ACCENT
        if phase == DEPLOY_TO:
            return t("sr.prompt.deploy_to", house=house(v.pending.country)), theme.ACCENT
        if phase == CMD2:
            return t("sr.prompt.cmd2"), theme.ACCENT
        if phase == MOVE_TO:
            return t("sr.prompt.move_to", house=house(v.pending.country)), theme.ACCENT
        if phase == CMD3:
            return t("sr.prompt.cmd3"), theme.WARN
        size = v.territory[self.me][COUNTRIES.index(v.pending.country)]
        return t("sr.prompt.attack_on", house=house(v.pending.country), n=size), theme.WARN

    def _draw_reveal(self, surface, info: dict) -> None:
        """The end: house cards turn over one by one, the totals count up, neutral houses fade, then the result."""
        event = info["event"]
        turned, counted = self.turned(info), self.counted(info)
        area = pygame.Rect(0, 0, 640, 170 + 40 * self.n + (26 if event.tie_break else 0))  # room for its line
        area.center = (490, 360)
        panel(surface, area, theme.BG_DEEP, theme.WARN)
        blit(surface, t("sr.reveal.title"), 26, (area.centerx, area.y + 12), theme.WARN, True, "midtop")
        for seat in range(self.n):
            y = area.y + 62 + seat * 40
            blit(surface, self.names[seat], 19, (area.x + 24, y), theme.INK, True)
            card = pygame.Rect(area.x + 230, y - 4, 150, 32)
            if seat < turned:
                country = event.nationalities[seat]
                pygame.draw.rect(surface, COLOURS[country], card, border_radius=6)
                blit(surface, f"{GLYPHS[country]} {house(country)}", 17, card.center, theme.BG_DEEP, True, "center")
                blit(surface, str(self.shown_total(info, seat)), 24, (area.x + 420, y - 4), theme.INK, True)
                if seat in event.winners and counted:
                    blit(surface, "★", 24, (area.x + 470, y - 4), theme.WARN, True)
            else:
                pygame.draw.rect(surface, (150, 40, 40), card, border_radius=6)
                pygame.draw.rect(surface, theme.BG_DEEP, card, 2, border_radius=6)
        y = area.y + 70 + self.n * 40
        if counted:  # the verdict after the counts (a playtest saw the winner named at 6 against 6)
            if event.neutral:
                names = listed(f"{house(c)} {event.totals[c]}" for c in event.neutral)
                blit(surface, t("sr.reveal.neutral", houses=names), 16, (area.centerx, y), theme.INK_FAINT,
                     False, "midtop")
            y += 28
            winner = event.nationalities[event.winners[0]]
            line = said("sr.reveal.wins", list(event.winners), self.names, self.me, house=house(winner))
            blit(surface, line, 22, (area.centerx, y), theme.GOOD if self.me in event.winners else theme.WARN, True,
                 "midtop")
            if event.tie_break:  # 1: broken by the home cards; 2: equal on those too, the win shared (A13)
                key = "sr.reveal.tie_break" if event.tie_break == 1 else "sr.reveal.tie_shared"
                blit(surface, t(key), 15, (area.centerx, y + 30), theme.INK_DIM, False, "midtop")
        blit(surface, t("sr.reveal.go_on"), 14, (area.centerx, area.bottom - 8), theme.INK_DIM, anchor="midbottom")
