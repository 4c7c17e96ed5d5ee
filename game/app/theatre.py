"""The replay theatre (issue 20): a stored game played again in its title's own scene.

The title's table scene is made from the replay's setup and seed and put in `watching` mode (it applies the actions it
is given, nobody decides, nothing is saved or recorded). Playing hands it the stored actions one by one, each told
and animated as in the game; stepping back or jumping rebuilds the scene at that point without animation (the log
told again), which takes milliseconds. The table is drawn at 90% above a control bar: play/pause, one move
back or on, a progress bar to click anywhere in the game, the speed. It shows the game as the human saw it; "seen
from" (V) sits you in another seat (the table is laid out from that seat and shows only what it saw, its lines worded
for "you"), and "all revealed" lays every seat's secrets open beside your own view.

At each of your decisions the coach (game.ai.coach, in the bot worker: it never blocks the theatre) values every
choice from your seat's information; its top three of those it looked at enough (best first) and the one you played
are shown where the title asked you, and the advice is kept in the database for the next visit (C turns the coach off
and on; it stays as you left it, a setting).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

import pygame

from game.ai.coach import COACH_ITERATIONS, looked_at
from game.ai.worker import COACH
from game.app.saves import Save
from game.app.scene import Scene
from game.app.setup import GameSetup, start_scene
from game.app.table_scene import seat_names
from game.core.engine import State
from game.core.replay import RESIGNED, Replay
from game.services.i18n import listed, said, t
from game.services.rows import is_int
from game.titles import registry
from game.titles.spec import START
from game.ui import theme
from game.ui.anim import Timeline
from game.ui.text import blit, block, fit, line_height, overflowed, wrap
from game.ui.widgets import OFF_SCREEN, Button, ButtonRow, panel

SPEEDS = (("×½", 1.4), ("×1", 0.7), ("×2", 0.3), ("×4", 0.08))  # label, seconds between moves
VIEW = pygame.Rect(64, 0, 1152, 648)  # where the table is drawn (the canvas at 90%)
BAR = pygame.Rect(0, 672, theme.WIDTH, 48)
PROGRESS = pygame.Rect(784, 686, 220, 20)
FORWARDED = (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
COACH_MS = 4000  # the coach's think time for one decision, in the worker
ENGINE = f"coach:{COACH_ITERATIONS}:by-value"  # what the kept advice was made by (a new engine does not reuse it)
SHOWN_CHOICES = 3
NOTABLE_WIN, NOTABLE_POINTS = 0.005, 0.05  # a choice costs something from here (it shows as 1%, or 0.1 points)
EVERYONE = -1  # "seen from" every seat: everything hidden laid open


class Watchable(Protocol):
    """What the theatre asks of a title's scene (`TableScene` has it all; a solo title's scene adds it and its
    spec says `theatre=True`): in `watching` mode it applies only what it is given and keeps nothing."""

    watching: bool
    state: State
    timeline: Timeline

    def restore(self, save: Save) -> None:
        """Lay the table out as the save left it, at once."""

    def apply(self, action: Any) -> None:
        """One stored action, told and animated as in play."""

    def coach_rect(self) -> pygame.Rect:
        """Where the coach speaks at your decision (the scene's own canvas)."""

    def choice_text(self, raw: Any) -> str:
        """A choice here (an action's JSON) in words."""

    def secrets(self, seat: int) -> list[str]:
        """What `seat` holds that others may not see, now, in words (a title with hidden information)."""

    def begins_round(self, event: object) -> bool:
        """Whether an event begins a round (the theatre's jump to a round, and its count)."""

    first_round_at_start: bool  # the first round begins with the game, not with an event (`begins_round`)
    holds_secrets: bool  # a seat holds what the others cannot see: `secrets` says what


def replay_setup(replay: Replay, levels: list[str] | None) -> GameSetup:
    """The table of a stored game: its title, seed, options, your seat (where the record's levels say "you") and the
    bots' levels (Normal where not recorded)."""
    options = {key: value for key, value in replay.options.items() if key != "players"}
    players = replay.options.get("players") or (len(levels) if levels else registry.get(replay.title).min_players)
    if not levels or len(levels) != players or levels.count("you") != 1:
        return GameSetup(replay.title, ["normal"] * (players - 1), seed=replay.seed, options=options)
    seat = levels.index("you")
    bots = [level for index, level in enumerate(levels) if index != seat]
    return GameSetup(replay.title, bots, seed=replay.seed, options=options, seat=seat)


class TheatreScene(Scene):
    """A stored game of a table title, played again: see the module docstring."""

    def __init__(self, app, replay: Replay, levels: list[str] | None = None, game_id: int | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.coach_on = app.settings.coach  # as you left it (playtest round 18b: it came back on at every visit)
        self.advice: dict[int, dict] = app.storage.advice_for(game_id, ENGINE) if game_id is not None else {}
        self.ticket: int | None = None
        self.asked_at = 0  # the position the coach is reading
        self.labels: dict[tuple[int, str], str] = {}  # (position, action JSON) -> the action in words
        self.worst = 0  # which of the costliest decisions N jumps to next
        self.title_slug = replay.title
        self.setup = replay_setup(replay, levels)
        self.moves = list(replay.actions)
        resigned = replay.result.get(RESIGNED)  # a seat that gave the game up where its actions end
        self.resigned = resigned if is_int(resigned) and 0 <= resigned < self.setup.players else None
        self.seen: int | None = None  # whose view is shown: a seat, EVERYONE, or None (yours; all at the end)
        self.at = 0  # actions applied
        self.start = recorded_start(registry.get(replay.title), self.setup, self.moves)
        self.scene = self._scene_at(0)
        self.decisions, self.chance, self.turns, self.rounds = read_positions(
            registry.get(replay.title), self.setup, self.moves, self.scene.begins_round)
        if self.scene.first_round_at_start:  # round 1 is on from the first move, as the table's header says
            self.rounds.insert(0, 0)
        self.hidden = self.scene.holds_secrets
        self.costs = self._costs()
        self.playing = False
        self.speed = 1
        self.wait = 0.0  # seconds before the next move while playing
        self.until = 0  # a step's chance outcomes are applied up to here, each when the table is free
        self.frame = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        self.controls = ButtonRow([
            Button(pygame.Rect(20, 680, 56, 34), "◀◀", lambda: self.jump(0), size=16),
            Button(pygame.Rect(84, 680, 56, 34), "◀", self.back, size=16),
            Button(pygame.Rect(148, 680, 100, 34), "", self.toggle, size=17, primary=True),
            Button(pygame.Rect(256, 680, 56, 34), "▶", self.step, size=16),
            Button(pygame.Rect(320, 680, 56, 34), "▶▶", lambda: self.jump(len(self.moves)), size=16),
            Button(pygame.Rect(384, 680, 110, 34), "", self.faster, size=16),
            Button(pygame.Rect(502, 680, 150, 34), "", self.see_next, size=16),
            Button(pygame.Rect(660, 680, 110, 34), t("theatre.play_on"), self.play_on, size=16),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.controls.buttons[6].enabled = self.hidden
        self.solo = registry.get(self.title_slug).solo
        if self.solo:  # one seat and no table to sit at: no "seen from", no "play on" (playtest round 12: shown
            for button in self.controls.buttons[6:]:  # greyed, with their keys in the help line, and P said nothing)
                button.rect, button.enabled = pygame.Rect(OFF_SCREEN), False
        self.controls.focus = 2

    def _scene_at(self, k: int) -> Watchable:
        """The title's scene with the first `k` actions applied, without animation, seated where it is seen from."""
        seat = self.table_seat()
        if seat == self.setup.seat:
            scene = start_scene(self.app, self.setup)
        else:  # another seat's chair: the names and levels stay the record's, yours called "Player"
            others = [level for index, level in enumerate(self.setup.seat_levels()) if index != seat]
            scene = start_scene(self.app, replace(self.setup, seat=seat, levels=others))
            scene.names = seat_names(self.setup.players, self.setup.seat)
            scene.names[self.setup.seat] = t("theatre.player")
            scene.levels = self.setup.seat_levels()
        scene.watching = True
        scene.first_seat = self.start  # known from the start: a table laid out by who starts does not turn over
        if k:
            scene.restore(Save(self.setup, self.moves[:k]))
        return scene

    # --- moving through the game ----------------------------------------------------------------
    def jump(self, k: int) -> None:
        """Show the game after its first `k` actions (clamped), at once."""
        k = max(0, min(len(self.moves), k))
        self.scene = self._scene_at(k)
        self.at = self.until = k
        self.playing = self.playing and k < len(self.moves)
        self.app.audio.play("menu_move")

    def step(self) -> None:
        """The next move, told and animated, with the chance outcomes (cards dealt, dice) that follow it (at once, if
        the last one is still being shown)."""
        if self.at >= len(self.moves):
            self.app.audio.play("error")
            return
        target = self.at + 1
        while target < len(self.moves) and self.chance[target]:
            target += 1
        if self.scene.timeline.busy:
            self.jump(target)
            return
        self._apply_next()
        self.until = target  # the chance outcomes after it follow as the table shows each (update)

    def back(self) -> None:
        """One move back: to just before the last move that was not chance."""
        target = max(0, self.at - 1)
        while target > 0 and self.chance[target]:
            target -= 1
        self.jump(target)

    def to_round(self, step: int) -> None:
        """To the start of the next (step 1) or this / the previous (step -1) round."""
        self._to_mark(self.rounds, step)

    def to_turn(self, step: int) -> None:
        """To the next player's turn (step 1), or back to the start of this or the previous turn (step -1)."""
        self._to_mark(self.turns, step)

    def _to_mark(self, marks: list[int], step: int) -> None:
        ahead = [k for k in marks if k > self.at] if step > 0 else [k for k in marks if k < self.at]
        if not ahead:
            self.app.audio.play("error")
            return
        self.playing = False
        self.jump(ahead[0] if step > 0 else ahead[-1])

    def round_now(self) -> int:
        """Which round the position on show is in (0 before the first)."""
        return sum(1 for k in self.rounds if k <= self.at)

    # --- seen from ----------------------------------------------------------------------------------
    def seen_from(self) -> int:
        """Whose view is shown: the chosen seat, or by default yours, and everyone's once the game is over."""
        if self.seen is not None:
            return self.seen
        return EVERYONE if self.at >= len(self.moves) else self.setup.seat

    def table_seat(self) -> int:
        """The seat the table is drawn from: the one seen from (yours when everything is laid open)."""
        seen = self.seen_from()
        return self.setup.seat if seen == EVERYONE else seen

    def see_next(self) -> None:
        """Seen from the next seat, then from everyone, then from you again: the table is sat at that seat."""
        if not self.hidden:
            self.app.audio.play("error")
            return
        order = [*range(self.setup.players), EVERYONE]
        self.app.audio.play("menu_move")
        self.see(order[(order.index(self.seen_from()) + 1) % len(order)])

    def see(self, seen: int | None) -> None:
        """Show the game as `seen` saw it (a seat, EVERYONE, or None: yours, all at the end): the table is sat anew
        at the same position."""
        self.seen = seen
        self.scene = self._scene_at(self.at)

    def seen_label(self) -> str:
        seat = self.seen_from()
        if not self.hidden or seat == EVERYONE:
            return t("theatre.seen_all")
        return t("theatre.seen_from", name=seat_names(self.setup.players, self.setup.seat)[seat])

    # --- play on ----------------------------------------------------------------------------------
    def can_play_on(self) -> bool:
        """A table game with its seed, not itself played on from another, not at its end (game.app.play_on)."""
        return (not registry.get(self.title_slug).solo and self.setup.seed is not None
                and START not in self.setup.options and not self.scene.state.is_terminal())

    def play_on(self) -> None:
        """Choose your seat (the one seen from, at first) and the opponents, then play on from the position on show."""
        from game.app.play_on import PlayOnScene

        if not self.can_play_on():
            self.app.audio.play("error")
            return
        self.playing = False
        self.app.audio.play("menu_select")
        self.app.stack.push(PlayOnScene(self.app, self.setup, self.setup.seed, self.moves, self.at, self.table_seat()))

    def _apply_next(self) -> None:
        chance = self.scene.state.is_chance_node()
        self.scene.apply(self.scene.state.action_from_json(self.moves[self.at]))
        self.at += 1
        self.wait = 0.0 if chance else SPEEDS[self.speed][1]

    def toggle(self) -> None:
        if self.at >= len(self.moves):
            self.jump(0)
            self.playing = True
        else:
            self.playing = not self.playing
        self.app.audio.play("menu_select")

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.app.audio.play("menu_move")

    # --- the loop ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.scene.update(dt)
        self._coach()
        if self.at < self.until and not self.scene.timeline.busy:
            self._apply_next()
            return
        if not self.playing or self.scene.timeline.busy:
            return
        self.wait -= dt
        if self.wait <= 0:
            if self.at < len(self.moves):
                self._apply_next()
            else:
                self.playing = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: self.step,
                    pygame.K_LEFT: self.back, pygame.K_HOME: lambda: self.jump(0),
                    pygame.K_END: lambda: self.jump(len(self.moves)),
                    pygame.K_PAGEUP: lambda: self.jump(self.at - 10),
                    pygame.K_PAGEDOWN: lambda: self.jump(self.at + 10),
                    pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                    pygame.K_MINUS: self.slower, pygame.K_KP_MINUS: self.slower, pygame.K_c: self.toggle_coach,
                    pygame.K_n: self.to_worst, pygame.K_v: self.see_next, pygame.K_p: self.play_on,
                    pygame.K_LEFTBRACKET: lambda: self.to_round(-1), pygame.K_RIGHTBRACKET: lambda: self.to_round(1),
                    pygame.K_COMMA: lambda: self.to_turn(-1), pygame.K_PERIOD: lambda: self.to_turn(1)}
            if event.key == pygame.K_ESCAPE:
                self.app.audio.play("back")
                self.app.stack.pop()
            elif event.key in keys:
                keys[event.key]()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_l):  # a reveal goes on, L: the last one
                self.scene.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PROGRESS.inflate(0, 16).collidepoint(
                event.pos):
            self.jump(round(len(self.moves) * (event.pos[0] - PROGRESS.x) / PROGRESS.width))
            return
        if "pos" in event.dict and BAR.collidepoint(event.pos):
            self.controls.handle(event)
        elif event.type in FORWARDED:  # hovers, the log's wheel, a click that moves a reveal on
            self.scene.handle(self._to_table(event))

    # --- the coach ----------------------------------------------------------------------------------
    def your_decision(self) -> bool:
        """Whether the next stored action is a choice of yours (more than one legal action)."""
        return self.at in self.decisions

    def _coach(self) -> None:
        """Collect the coach's answer, or ask about this decision if it has not been read yet."""
        if self.ticket is not None:
            result = self.app.bots.poll(self.ticket)
            if result is None:
                return
            self.ticket = None
            self.advice[self.asked_at] = result.advice if result.ok and result.advice else {"error": result.error}
            if self.game_id is not None and result.ok and result.advice:
                self.app.storage.keep_advice(self.game_id, self.asked_at, ENGINE, result.advice)
            self.costs = self._costs()
        if not self.coach_on:
            return
        here = self.at if self.your_decision() and self.at not in self.advice else None
        unread = next((k for k in self.decisions if k not in self.advice), None)  # then the rest, in order
        position = here if here is not None else unread
        if position is not None:
            self.asked_at = position
            self.ticket = self.app.bots.submit(self.title_slug, self.setup.rules_options(), self.moves[:position],
                                               self.setup.seat, COACH, position, think_ms=COACH_MS)

    def costliest(self) -> list[tuple[int, float]]:
        """Your decisions read so far where the coach's first choice was better than yours: (position, cost),
        the costliest first (the game's summary; worked out when advice arrives, not each frame)."""
        return self.costs

    def _costs(self) -> list[tuple[int, float]]:
        costs = []
        for position in self.decisions:
            advice = self.advice.get(position)
            if not advice or "error" in advice or not advice["choices"]:
                continue
            choices, played = advice["choices"], self.moves[position]
            mine = next((c["value"] for c in choices if c["action"] == played), min(c["value"] for c in choices))
            cost = choices[0]["value"] - mine
            if cost >= (NOTABLE_WIN if advice["measure"] == "win" else NOTABLE_POINTS):
                costs.append((position, cost))
        return sorted(costs, key=lambda item: -item[1])

    def to_worst(self) -> None:
        """Jump to the next of the three costliest decisions read so far."""
        worst = self.costliest()[:3]
        if not worst:
            self.app.audio.play("error")
            return
        self.worst %= len(worst)
        self.playing = False
        self.jump(worst[self.worst][0])
        self.worst += 1

    def toggle_coach(self) -> None:
        self.coach_on = not self.coach_on
        self.app.change_settings(coach=self.coach_on)
        self.app.audio.play("menu_move")

    def label(self, raw) -> str:
        """A choice at this position in words: the log's line for what it does, as you would read it."""
        key = (self.at, str(raw))
        if key not in self.labels:
            self.labels[key] = self.scene.choice_text(raw)
        return self.labels[key]

    def value_text(self, measure: str, value: float) -> str:
        if measure == "win":
            return t("theatre.coach_win", pct=round(100 * value))
        return t("theatre.coach_score", score=f"{value:.1f}")

    def _draw_coach(self, surface: pygame.Surface) -> None:
        """The coach's panel where the title asks you (its decision panel, as drawn in the theatre)."""
        box = self._on_table(self.scene.coach_rect())
        panel(surface, box, theme.BG_DEEP, theme.SKY)
        inner = box.inflate(-20, -16)
        y = inner.y + block(surface, t("theatre.coach"), 17, pygame.Rect(inner.x, inner.y, inner.width, 24),
                            theme.SKY, True) + 6
        advice = self.advice.get(self.at)
        if advice is None or "error" in advice:
            key = "theatre.coach_thinking" if advice is None else "theatre.coach_error"
            block(surface, t(key), 15, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), theme.INK_DIM)
            return
        for lines, size, colour, bold, indent in self._coach_lines(advice, inner.width, inner.bottom - y):
            for line in lines:
                if y + line_height(size) > inner.bottom:  # (one choice too long for the panel: cut, never past it)
                    overflowed(line, inner)
                    return
                blit(surface, line, size, (inner.x + indent, y), colour, bold)
                y += line_height(size)

    def _coach_lines(self, advice: dict, width: int, height: int
                     ) -> list[tuple[tuple[str, ...], int, tuple, bool, int]]:
        """The coach's top choices, each with its value under it, and the one you played if it is not among them,
        as (lines, size, colour, bold, indent): fewer choices are shown, the type a size smaller before the last, until
        they fit `height` (playtest round 18b: three Shinoburi choices of two lines each ran out of the panel; round
        19: type of 12 and 13 was hard to read, smaller than the move log's 16 drawn at 90%)."""
        played = self.moves[self.at]
        most = max(c.get("visits", 0) for c in advice["choices"]) if advice["choices"] else 0
        measure = advice["measure"]  # the choices the coach looked at enough to suggest (game.ai.coach.by_value)
        choices = [c for c in advice["choices"] if looked_at(c.get("visits", 0), most)]
        laid = []
        for shown in range(min(SHOWN_CHOICES, len(choices)), 0, -1):
            for size in ((16, 15) if shown > 1 else (16, 15, 14)):
                laid = []
                for rank, choice in enumerate(choices[:shown], 1):
                    laid += coach_entry(f"{rank}. {self.label(choice['action'])}",
                                        self.value_text(measure, choice["value"]), theme.GOOD if rank == 1 else theme.INK,
                                        choice["action"] == played, size, width)
                if played not in (choice["action"] for choice in choices[:shown]):
                    # laid out as the choices above (playtest round 21b: "✓ played: You play K♦" set the move's
                    # capital mid-line)
                    value = next((c["value"] for c in advice["choices"] if c["action"] == played), None)
                    worth = t("theatre.coach_unread") if value is None else self.value_text(measure, value)
                    laid += coach_entry(f"— {self.label(played)}", worth, theme.WARN, True, size, width)
                if sum(len(lines) * line_height(size) for lines, size, *_ in laid) <= height:
                    return laid
        return laid

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self.app.audio.play("menu_move")

    @staticmethod
    def _to_table(event: pygame.event.Event) -> pygame.event.Event:
        """The event with its position on the table's own canvas (it is drawn smaller)."""
        if "pos" not in event.dict:
            return event
        x, y = event.pos
        scale = VIEW.width / theme.WIDTH
        return pygame.event.Event(event.type, {**event.dict, "pos": (round((x - VIEW.x) / scale),
                                                                      round((y - VIEW.y) / scale))})

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.scene.draw(self.frame, alpha)
        surface.fill(theme.BG_DEEP)
        pygame.transform.smoothscale(self.frame, VIEW.size, surface.subsurface(VIEW))
        self.controls.buttons[2].label = t("theatre.pause") if self.playing else t("theatre.play")
        self.controls.buttons[5].label = t("theatre.speed", speed=SPEEDS[self.speed][0])
        self.controls.buttons[6].label = self.seen_label()
        self.controls.buttons[7].enabled = self.can_play_on()
        coaching = self.coach_on and self.your_decision() and self.table_seat() == self.setup.seat
        if coaching:
            self._draw_coach(surface)
        if self.hidden and self.seen_from() == EVERYONE:  # where the table asks; over the move log while the coach
            # speaks there (top left, it hid the header and the top seat: playtest round 18)
            if coaching:
                log, coach = self._on_table(self.scene.log.rect), self._on_table(self.scene.coach_rect())
                self._draw_secrets(surface, log, min(log.bottom, coach.top - 8) if coach.top > log.top else log.bottom)
            else:
                self._draw_secrets(surface, self._on_table(self.scene.coach_rect()), VIEW.bottom - 12)
        self.controls.draw(surface)
        pygame.draw.rect(surface, theme.PANEL, PROGRESS, border_radius=8)
        if self.moves:
            done = PROGRESS.copy()
            done.width = round(PROGRESS.width * self.at / len(self.moves))
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT, PROGRESS, 1, border_radius=8)
        for k in self.rounds if self.moves else ():  # where each round begins
            x = PROGRESS.x + round(PROGRESS.width * k / len(self.moves))
            pygame.draw.line(surface, theme.INK, (x, PROGRESS.y - 4), (x, PROGRESS.y + 3), 2)
        status = t("theatre.move", at=self.at, total=len(self.moves))
        if self.at >= len(self.moves):
            status = t("theatre.end") if self.resigned is None else said("theatre.resigned", self.resigned,
                                                                          self.scene.names, self.scene.me)
        if self.rounds and self.round_now():
            status = f"{t('theatre.round', n=self.round_now())} · {status}"
        line, size = fit(status, 16, BAR.right - PROGRESS.right - 24, True, 13)
        blit(surface, line, size, (PROGRESS.right + 12, PROGRESS.centery), theme.INK, True, "midleft")
        summary = self.coach_on and self.decisions
        keys = "theatre.help_solo" if self.solo else "theatre.help"
        help_key = f"{keys}_coach" if summary else keys
        help_line = blit(surface, t(help_key), 14 if self.solo or summary else 13, (BAR.right - 12, BAR.y - 2),
                         theme.INK_DIM, anchor="bottomright")
        if summary:  # the keys of Play, Seen from and Play on give way to it: their buttons are just below
            self._draw_summary(surface, help_line.left - 24)

    @staticmethod
    def _on_table(rect: pygame.Rect) -> pygame.Rect:
        """A rectangle of the table's canvas where it is shown (smaller, in VIEW)."""
        scale = VIEW.width / theme.WIDTH
        return pygame.Rect(VIEW.x + round(rect.x * scale), VIEW.y + round(rect.y * scale), round(rect.width * scale),
                           round(rect.height * scale))

    def _draw_secrets(self, surface: pygame.Surface, place: pygame.Rect, bottom: int) -> None:
        """What every seat holds hidden, from the top of `place` down to `bottom` at most (its height follows the
        text): each seat's name once, its lines beside it; smaller type where seven seats or long hands need it, and
        the panel rises where even that is not enough, so nothing runs under the controls (playtest round 17: four
        Shinoburi seats did)."""
        seats = [(self.scene.names[seat], self.scene.secrets(seat) or [t("theatre.nothing_hidden")])
                 for seat in range(self.setup.players)]
        inner = place.width - 28
        name_w = min(110, inner // 3)
        room = bottom - VIEW.y - 12  # the most the panel may take: the table's height above `bottom`

        def height_at(size: int) -> int:
            lines = sum(len(wrap(line, size, inner - name_w)) for _, rows in seats for line in rows)
            return 48 + lines * line_height(size) + 4 * len(seats)

        size = next((size for size in range(15, 11, -1) if height_at(size) <= bottom - place.y), 12)
        height = min(room, height_at(size))
        box = pygame.Rect(place.x, min(place.y, bottom - height), place.width, height)
        panel(surface, box, theme.BG_DEEP, theme.WARN)
        y = box.y + 10
        label, heading = fit(t("theatre.secrets_all"), 17, box.width - 28, True, 12)  # a narrow panel: it shrinks
        blit(surface, label, heading, (box.x + 14, y), theme.WARN, True)
        y += 30
        for name, rows in seats:
            shown, name_size = fit(name, size, name_w - 8, True, 12)
            blit(surface, shown, name_size, (box.x + 14, y), theme.SKY, True)
            for line in rows:
                y += block(surface, line, size, pygame.Rect(box.x + 14 + name_w, y, inner - name_w,
                                                            max(0, box.bottom - 6 - y)), theme.INK, smallest=size)
            y += 4

    def _draw_summary(self, surface: pygame.Surface, right: int) -> None:
        """How far the coach has read the game, and where your choices cost most (left of `right`: the help line)."""
        read = sum(1 for k in self.decisions if k in self.advice)
        worst = self.costliest()[:3]
        measure = next((a["measure"] for a in self.advice.values() if "measure" in a), "win")
        parts = [t("theatre.coach_read", read=read, total=len(self.decisions))]
        if worst:
            costs = listed(t("theatre.coach_cost", at=k, cost=self.cost_text(measure, cost)) for k, cost in worst)
            parts.append(t(f"theatre.coach_worst.{measure}", moves=costs))  # the unit once, in the heading
        elif read == len(self.decisions):  # said, so N's beep is understood (playtest round 12)
            parts.append(t("theatre.coach_none"))
        line, size = fit(" · ".join(parts), 14, right - 12, smallest=12)
        blit(surface, line, size, (12, BAR.y - 2), theme.SKY, anchor="bottomleft")

    @staticmethod
    def cost_text(measure: str, cost: float) -> str:
        return f"−{round(100 * cost)}%" if measure == "win" else f"−{cost:.1f}"


def coach_entry(head: str, tail: str, colour: tuple, mine: bool, size: int, width: int) -> list:
    """A coach's choice as laid lines: its move in bold, then its value (and "✓ played" if you played it) indented."""
    if mine:
        tail += "   " + t("theatre.coach_played")
    line, tail_size = fit(tail, size - 1, width - 14, smallest=14)
    return [(wrap(head, size, width, True), size, colour, True, 0),
            ((line,), tail_size, theme.WARN if mine else theme.INK_DIM, mine, 14)]


def recorded_start(spec, setup: GameSetup, moves: list) -> int | None:
    """The seat the stored game's start went to (the outcome of the chance node that picks it), if it has one (a game
    played on from another's position began after its start)."""
    if not spec.start_chance or START in setup.options:
        return None
    state = spec.new_state(setup.players, setup.options)
    for raw in moves:
        action = state.action_from_json(raw)
        if state.is_chance_node() and state.picks_start():
            return action
        state.apply(action)
    return None


def read_positions(spec, setup: GameSetup, moves: list, begins_round: Callable[[object], bool] = lambda event: False
                   ) -> tuple[list[int], list[bool], list[int], list[int]]:
    """One pass over the stored game: the positions where you had a real choice (more than one legal action); for
    every position whether its action is chance's; where each turn begins (a player to move other than the last
    one's); where each round begins (just after an action that told an event that `begins_round`)."""
    state = spec.new_state(setup.players, setup.options)
    decisions, chance, turns, rounds = [], [], [], []
    last_player = None
    for position, raw in enumerate(moves):
        chance.append(state.is_chance_node())
        if not chance[-1]:
            player = state.current_player()
            if player == setup.seat and len(state.legal_actions()) > 1:
                decisions.append(position)
            if player != last_player:
                turns.append(position)
            last_player = player
        events = state.apply(state.action_from_json(raw))
        if any(begins_round(event) for event in events) and not state.is_terminal():
            rounds.append(position + 1)  # (no round begins at the game's end: playtest round 12 read "Round 20")
    return decisions, chance, turns, rounds


def watchable(slug: str) -> bool:
    """Whether the theatre can show games of this title (its scene can be watched: see `Watchable`)."""
    return registry.get(slug).theatre


def open_theatre(app, slug: str, replay_text: str, levels: list[str] | None, game_id: int | None = None
                 ) -> TheatreScene:
    """The theatre for a stored game's replay text (checked as it is read: ReplayError if it does not play back,
    or if the theatre cannot show the title)."""
    from game.core import replay as replays

    if not watchable(slug):
        raise replays.ReplayError(t("games.not_watchable", title=registry.get(slug).name()))
    replay = replays.loads(replay_text)
    if replay.title != slug:
        raise replays.ReplayError(f"the record says {replay.title}, not {slug}")
    spec = registry.get(slug)
    replays.play_back(replay, lambda players=1, **options: spec.new_state(players, options))
    return TheatreScene(app, replay, levels, game_id)
