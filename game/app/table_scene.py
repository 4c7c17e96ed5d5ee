"""What every table game's scene shares: the seats from the setup, the turn loop, bots in the worker, the record.

A title's scene subclasses `TableScene`, names its `title_slug`, `rules` module, `describe` (its log lines), log
rectangle and string keys, its `animations` (event class -> handler) and, for a board title, its `BOARD` rect (the
seats go around it), and adds its own drawing, buttons, end (`finish`) and human decisions. The loop: while the
timeline animates nothing happens; then the game ends, chance is drawn from the scene's own generator, the human
decides (a title may make your only move for you after a pause, `by_itself`), or a bot's move is asked of the
app's worker and shown for at least `BOT_PAUSE` (scaled by the animation speed; a title may set its own). `finish`
runs once, when the game has ended (`over`); a title that keeps its own end panel on the table starts the next game
of a series with `new_game`.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType

import pygame

from game.ai.levels import APP_THINK_MS
from game.app import saves
from game.app.saves import Save
from game.app.scene import Scene
from game.app.setup import BOT_NAMES, GameSetup, saved_setup
from game.core import chance, replay
from game.core.engine import CHANCE, among
from game.services import i18n
from game.services.i18n import pick, said, t
from game.titles import registry
from game.titles.spec import START
from game.ui import theme
from game.ui.actions import ActionPanel, Layout, Note
from game.ui.anim import Effects, Timeline
from game.ui.movelog import MoveLog
from game.ui.seats import table_layout
from game.ui.widgets import ButtonRow

BOT_PAUSE = 0.55  # seconds a bot's move stays on show before the next (scaled by the animation speed)
FORCED_PAUSE = 1.6  # seconds your only move, when the title makes it for you (`by_itself`), is on show first


def beat(seconds: float, sound: str | None = None) -> Callable:
    """An animation handler that holds the table for `seconds` (scaled by the animation speed), playing `sound`."""
    def show(scene: TableScene, event) -> None:
        scene.timeline.queue(scene.speed(seconds), lambda: sound and scene.app.audio.play(sound))
    return show


def seat_names(players: int, you: int = 0) -> list[str]:
    """"You" at your seat and the bots' names at the others: seat k has the k-th name; when you sit elsewhere (a
    game played on from another seat) every other name stays put and the player in seat 0 takes the next name
    unused at the table, so nobody seems to have moved."""
    names = [t("level.you")] + [pick(en, ja) for en, ja in BOT_NAMES[:players - 1]]
    if you:
        names[0], names[you] = pick(*BOT_NAMES[players - 1]), names[0]
    return names


SERIES_BREAK = "—" * 12  # the log's line between two games of a series at one table


def translated_name(name: str) -> str:
    """A seat's name in today's language ("You" → "あなた", "Kaede" → "楓"); any other name as it is."""
    catalogue = i18n.catalogue()
    pairs = [(catalogue[key]["en"], catalogue[key]["ja"]) for key in ("level.you", "theatre.player")]
    for pair in pairs + BOT_NAMES:
        if name in pair:
            return pick(*pair)
    return name


class TableScene(Scene, ABC):
    """One game at the table: you at `me` (seat 0 unless played on from another seat) against bots; see the
    module docstring for the loop."""

    title_slug: str
    rules: ModuleType  # the title's rules module (new_state, START)
    describe: Callable  # the title's log line of an event: describe(event, seat, names) -> (text, colour) | None
    LOG_RECT: pygame.Rect
    LOG_TITLE = "table.log_title"  # the move log's heading (a string key; a title may name its own)
    ACTIONS_RECT: pygame.Rect  # the decision panel's home (it grows toward the log when its text needs room)
    BOT_ERROR = "table.bot_error"
    EFFECTS_SALT = 0xF00D
    BOT_PAUSE = BOT_PAUSE  # seconds a bot's move stays on show (a title may show its bots' moves longer)
    BOARD: pygame.Rect | None = None  # a title's own board widget: the seats are laid out around it
    animations: dict[type, Callable] = {}  # event class -> handler(scene, event): how the title shows it
    reveals: tuple[type, ...] = ()  # event classes that turn hidden cards over: what follows waits for them (`tell`)
    round_events: tuple[type, ...] = ()  # event classes that begin a round (the replay theatre's: `begins_round`)
    first_round_at_start = False  # the first round begins with the game (no event tells it)
    holds_secrets = False  # a seat holds what the others cannot see (a hand...): `secrets` says what

    def __init__(self, app, setup: GameSetup, autoplay: bool = False) -> None:
        super().__init__(app)
        self.setup, self.autoplay = setup, autoplay
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.n = setup.players
        self.me = setup.seat  # your seat: the table is drawn from its view, with it at the bottom
        self.state = registry.get(setup.slug).new_state(self.n, setup.options)
        self.names = seat_names(self.n, self.me)
        self.levels = setup.seat_levels()
        self.view = self.state.view(self.me)  # what the table shows: the engine's view, held back behind a reveal
        self.coming = self.view  # the engine's view after the last action (where the display is going)
        self.holding: str | None = None  # while telling an action: "reveal" / "after" once a reveal was told
        self.now = 0.0
        self.timeline = Timeline()
        self.effects = Effects(random.Random(self.seed ^ self.EFFECTS_SALT))
        self.log = MoveLog(self.LOG_RECT, t(self.LOG_TITLE))
        self.told_in = i18n.language()  # the language of the log and the names (a switch mid-game tells them anew)
        self.series: list[Save] = []  # the games played before this one at this table (new_game), for the log
        self.actions = ActionPanel(self.ACTIONS_RECT, self.log)
        self.ticket: int | None = None
        self.think_since = 0.0
        self.forced_since: float | None = None  # when your only move, made for you (`by_itself`), came up
        self.answer = None  # a bot's answer, held until its pause is over
        self.buttons = ButtonRow([], on_move=lambda: app.audio.play("menu_move"))
        self.layout = table_layout(self.n, self.BOARD, self.me)
        self.anchors = list(self.layout.seats)
        self.recorded = False
        self.written = False  # the save has been written (from the first frame: `update`)
        self.over = False  # the game has ended and finish() has run
        self.first_seat: int | None = self.me if setup.human_starts else None  # the start player, when fixed
        self.watching = False  # a stored game shown in the replay theatre: it applies the actions, nobody decides
        if START in setup.options:  # a game played on from a replay's position (game.app.play_on)
            self.log.add(t("table.played_on", at=len(setup.options[START]["actions"])), theme.SKY)

    # --- keeping the game -------------------------------------------------------------------------
    @property
    def kept(self) -> bool:
        """Whether this game is saved after every action (every game but the title menu's demo and a replay)."""
        return not self.setup.demo and not self.watching

    def save(self) -> Save:
        """The game as it stands: its setup (with the seed in use), its actions, and the title's extras."""
        options = registry.get(self.setup.slug).check(self.n, self.setup.options)  # defaults filled in
        setup = replace(self.setup, seed=self.seed, options=options)
        return Save(setup, [self.state.action_to_json(a) for a in self.state.history], extra=self.save_extra())

    def save_extra(self) -> dict:
        """What the title keeps beyond the rules (a series' score...); restored by `restored`."""
        return {}

    def keep(self) -> None:
        """Write the save, so a close, a crash or a kill loses nothing."""
        if self.kept:
            saves.keep(self.app.storage, self.save())
            self.written = True

    def restore(self, save: Save) -> None:
        """Replay a saved game without animation, telling the log again; then the title syncs its display."""
        self.state = save.state(tell=self._log_line)  # one pass: the state, and the log told again
        self.view = self.coming = self.state.view(self.me)
        self.written = True  # (the save it came from)
        # the save holds the seed in use; a rematch takes the seed as the player set it (none: a new deal)
        self.setup = replace(self.setup, seed=saved_setup(self.app, self.setup.slug).seed)
        if not self.watching:
            self.log.add(t("table.resumed"), theme.SKY)
        self.restored(save.extra)

    # --- in the replay theatre --------------------------------------------------------------------
    def begins_round(self, event) -> bool:
        """Whether an event begins a round (the replay theatre's jump to a round, and its count): one of
        `round_events`, unless a title says more."""
        return isinstance(event, self.round_events)

    def coach_rect(self) -> pygame.Rect:
        """Where the theatre's coach speaks at your decision: where the table asked you."""
        return self.actions.home

    def choice_text(self, raw) -> str:
        """A choice here (an action's JSON) in words: the log's line for what it does, as you would read it, or
        where it has none (a draw before the card is seen, a command's first half) its button's words."""
        action = self.state.action_from_json(raw)
        events = self.state.clone().apply(action)
        lines = (self.describe(event, self.me, self.names) for event in events)
        return next((line[0] for line in lines if line), None) or self.choice_label(action)

    def choice_label(self, action) -> str:
        """A choice with no log line of its own, in words (as its button says it): a title whose choices may
        have none says it (a generic test asks every legal choice of a game)."""
        return str(action)

    def secrets(self, seat: int) -> list[str]:
        """What `seat` holds hidden from the others now, in words (the theatre's "seen from"); a title whose seats
        hold secrets (`holds_secrets`) says it."""
        return []

    def retold(self, event) -> None:
        """During a restore, each event as it is told again (no animation): a title keeps what its display needs
        beyond the view (Hexa: the last battle)."""

    def _log_line(self, event) -> None:
        """The event's line in the move log, without animation (a restore)."""
        self.retold(event)
        self.log_line(event)

    def log_line(self, event) -> None:
        """Write the event's line in the move log now (`describe`'s line; a title that writes its own lines as its
        animations reach them says them here, so a restore and a language switch tell them too)."""
        text = self.describe(event, self.me, self.names)
        if text:
            self.log.add(*text)

    def restored(self, extra: dict) -> None:
        """After a restore: set the title's display from the view (and its extras)."""

    @classmethod
    def from_setup(cls, app, setup: GameSetup | None = None, autoplay: bool = False,
                   save: Save | None = None) -> TableScene:
        """The scene for `setup` (or the setup last used for this title), resuming `save` if given."""
        scene = cls(app, setup or saved_setup(app, cls.title_slug), autoplay)
        if save is not None:
            scene.restore(save)
        return scene

    def new_game(self, first_seat: int | None = None) -> None:
        """Another game at this table (a series, from a title's own end panel): a fresh state from the same setup
        and a seed drawn from the last one, `first_seat` to start (None: chance picks); titles reset their own."""
        if self.ticket is not None:
            self.app.bots.cancel(self.ticket)
        self.series.append(self.save())
        self.log.add(SERIES_BREAK, theme.INK_FAINT)
        self.seed = chance.generator(self.seed, 0, "next game").randrange(2**31)
        self.state = registry.get(self.setup.slug).new_state(self.n, self.setup.options)
        self.view = self.coming = self.state.view(self.me)
        self.timeline = Timeline()
        self.ticket = self.answer = None
        self.recorded = self.over = False
        self.buttons.buttons = []
        self.first_seat = first_seat

    # --- the loop ---------------------------------------------------------------------------------
    def speed(self, seconds: float) -> float:
        return seconds / self.app.anim_speed()

    def language_changed(self) -> None:
        """Switched in the settings (behind the pause menu): the names at once, the move log told anew once what is
        on show has played out (`update`)."""
        self.names = [translated_name(name) for name in self.names]
        self._catch_up_language()
        if self.human_turn() and self.buttons.buttons:  # your buttons, seen behind the pause menu (playtest round 11)
            self._refresh_buttons()
            self.place_actions()

    def _catch_up_language(self) -> None:
        """Tell the log again if the language changed since it was told, once nothing is on show."""
        if self.told_in != i18n.language() and not self.timeline.busy and not self.watching:
            self._retell()

    def _retell(self) -> None:
        """The move log told again from the start in today's language (lines beyond the rules' events, such as
        "resumed", are not kept)."""
        self.told_in = i18n.language()
        self.log.title = t(self.LOG_TITLE)
        self.log.clear()
        if START in self.setup.options:
            self.log.add(t("table.played_on", at=len(self.setup.options[START]["actions"])), theme.SKY)
        for earlier in self.series:
            earlier.state(tell=self.log_line)
            self.log.add(SERIES_BREAK, theme.INK_FAINT)
        self.save().state(tell=self.log_line)

    def update(self, dt: float) -> None:
        if not self.written and self.kept and not self.recorded:
            self.keep()  # from the first frame: a game played on from a replay may wait for your move before any action
        self.now += dt
        self._catch_up_language()
        self.timeline.update(dt)
        self.effects.update(dt, self.now)
        self.tick()
        if not self.timeline.busy and not self.watching:  # a watched game is driven by the theatre
            self._turn()
        self.place_actions()

    def _turn(self) -> None:
        """Whoever is to move: the end shown once, chance, your buttons, or a bot's request."""
        player = self.state.current_player()
        if self.state.is_terminal():
            if not self.over:  # the end is shown once: the shared summary, or a title's own end panel
                self.over = True
                self.finish()
        elif player == CHANCE:
            self.apply(self._chance())
        elif player == self.me and not self.autoplay:
            self._refresh_buttons()
            self._forced_move()
        else:
            self._bot_turn(player)

    def by_itself(self, action) -> bool:
        """Whether your only legal move `action` is made for you after FORCED_PAUSE (its button and the prompt
        saying why on show meanwhile; a click or Enter makes it at once): a title says which, such as a pass when
        no card can beat the table. None by default."""
        return False

    def _forced_move(self) -> None:
        legal = self.view.legal
        if len(legal) != 1 or not self.by_itself(legal[0]):
            self.forced_since = None
        elif self.forced_since is None:
            self.forced_since = self.now
        elif self.now - self.forced_since >= self.speed(FORCED_PAUSE):
            self.forced_since = None
            self.choose(legal[0])

    def tick(self) -> None:
        """Each step, before the turn loop: let what is on show expire (a title's panels, flyers...)."""

    def _chance(self):
        """The starting seat when it is fixed (at the chance node that picks it: `picks_start`), else the outcome the
        game's seed has here (game.core.chance: a resumed game draws what the uninterrupted one would)."""
        if self.first_seat is not None and registry.get(self.title_slug).start_chance and self.state.picks_start():
            return self.first_seat
        return chance.outcome(self.state, self.seed)

    def _bot_turn(self, seat: int) -> None:
        if self.ticket is None:
            level = "normal" if seat == self.me else self.levels[seat]  # the demo plays your seat at Normal
            history = [self.state.action_to_json(a) for a in self.state.history]
            bot_seed = chance.generator(self.seed, len(history), "bot").randrange(2**31)
            self.ticket = self.app.bots.submit(self.title_slug, self.setup.rules_options(), history, seat, level,
                                               bot_seed, think_ms=APP_THINK_MS.get(level))
            self.think_since = self.now
            return
        self.answer = self.answer or self.app.bots.poll(self.ticket)
        for _ in self.app.bots.take_notices():  # the watchdog restarted a worker that did not answer in time
            self.log.add(t("table.bot_restarted", name=self.names[seat]), theme.WARN)
        if self.answer is None or self.now - self.think_since < self.speed(self.BOT_PAUSE):
            return
        result, self.answer, self.ticket = self.answer, None, None
        if result.ok:
            action = self.state.action_from_json(result.action)
        else:  # a bot that failed must not stall the table: log it and play on
            self.log.add(t(self.BOT_ERROR, name=self.names[seat]), theme.BAD)
            action = chance.generator(self.seed, len(self.state.history), "fallback").choice(
                self.state.legal_actions())
        self.apply(action)

    def apply(self, action) -> None:
        """Hand an action to the engine, then tell and animate what happened."""
        before = self.view
        events = self.state.apply(action)
        self.coming = self.state.view(self.me)
        self.buttons.buttons = []
        self.keep()
        self.holding = None
        for event in events:
            self.tell(event, before)
        if self.holding == "reveal":  # nothing followed the reveal: the display catches up when it is over
            self._catch_up_later()
        elif self.holding is None:
            self.view = self.coming
        self.holding = None

    def tell(self, event, before) -> None:
        """Log one event, then show it with the title's handler for its class (`before`: your view before the
        action, for a title that overrides this).

        A reveal (an event of a class in `reveals`) holds the display back: its handler turns the cards over where
        they lie and shows the result, and only then does its log line appear; the view (scores, header, table)
        changes when the first event after the reveal is reached on the timeline, and the log lines of the events
        after it appear as the timeline reaches them, in order."""
        text = self.describe(event, self.me, self.names)
        handler = self.animations.get(type(event))
        if isinstance(event, self.reveals) and self.holding != "after":
            self.holding = "reveal"
            if handler is not None:
                handler(self, event)
            if text:
                self.timeline.queue(0.0, lambda: self.log.add(*text))
            return
        if self.holding == "reveal":
            self._catch_up_later()
            self.holding = "after"
        if text and self.holding:
            self.timeline.queue(0.0, lambda: self.log.add(*text))
        elif text:
            self.log.add(*text)
        if handler is not None:
            handler(self, event)

    def _catch_up_later(self) -> None:
        """Queue the display's change to the engine's view after what is queued (the reveal)."""
        coming = self.coming

        def show() -> None:
            self.view = coming
            self.caught_up()
        self.timeline.queue(0.0, show)

    def caught_up(self) -> None:
        """The display has reached the engine's view after a reveal: a title clears what it drew for the reveal."""

    @abstractmethod
    def _refresh_buttons(self) -> None:
        """Offer the human's choices as buttons (then `place_actions`)."""

    # --- the decision panel -----------------------------------------------------------------------
    def waiting(self, key: str, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The prompt while `seat` is to move: `key` ("{name} is thinking…", "Your move next…"), dim. But while the
        table still shows what that seat just did (the display held at the moment before its move, for a reveal),
        it has decided: "Jin has played" (it said "Jin is thinking…" under Jin's Kaeshi banner, playtest round 21)."""
        if self.view is not self.coming:
            return said("table.acted", seat, self.names, self.me), theme.INK_DIM
        return said(key, seat, self.names, self.me), theme.INK_DIM

    @abstractmethod
    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """What the human should do now, or who is doing what, and its colour."""

    def panel_notes(self) -> list[Note]:
        """Paragraphs under the buttons (a warning, the odds...)."""
        return []

    def panel_reserve(self) -> list[Note] | None:
        """The notes to make room for when those shown change with the mouse (None: the notes shown)."""
        return None

    def panel_footer(self) -> str:
        """A line at the panel's foot (a key hint)."""
        return ""

    def shown_prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The prompt, or in the theatre whose move comes next (nobody is thinking there)."""
        if not self.watching:
            return self.prompt()
        player = self.state.current_player()  # public: whose turn it is
        return said("theatre.to_move", player, self.names, self.me) if 0 <= player < self.n else self.prompt()[0], \
            theme.INK_DIM

    def action_layout(self, prompt: str | None = None) -> Layout:
        """Where the prompt (the shown one by default), the buttons and the notes go now (pure: `draw` reads it)."""
        buttons = self.buttons.buttons if self.human_turn() else []
        return self.actions.layout(self.shown_prompt()[0] if prompt is None else prompt, buttons, self.panel_notes(),
                                   self.panel_footer(), self.panel_reserve())

    def place_actions(self) -> None:
        """Put the buttons under the prompt as it wraps now, and let the log give way (never from `draw`)."""
        self.actions.place(self.buttons.buttons if self.human_turn() else [], self.action_layout())

    def draw_actions(self, surface: pygame.Surface) -> None:
        """The decision panel: the prompt, the buttons on the human's turn, the notes and the footer."""
        mine = self.human_turn()
        text, color = self.shown_prompt()
        self.actions.draw(surface, self.action_layout(text), color, mine, self.buttons if mine else None,
                          self.panel_footer())

    @abstractmethod
    def finish(self) -> None:
        """The game is over: record it and show the result."""

    def human_turn(self) -> bool:
        """Whether the human decides now (titles add their own panels that must be closed first)."""
        return not self.timeline.busy and not self.autoplay and not self.watching and self.state.current_player() == self.me

    def held(self, seconds: float) -> float:
        """How long a result on show stays (a beat's duration): until the player goes on (a click or Enter cuts the
        beat) at a played table; `seconds` (scaled) in a demo or a replay, which go on by themselves."""
        return self.speed(seconds) if self.autoplay or self.watching else math.inf

    @property
    def awaits_player(self) -> bool:
        """Whether something on show waits for the player to go on (a beat `held`) before the table does; what
        drives a table without a player (a test, a screenshot script) presses Enter then."""
        beats = self.timeline.beats
        return bool(beats) and beats[0].duration == math.inf

    # --- shared pieces ----------------------------------------------------------------------------
    def heading(self) -> str:
        """The title line at the table's top left: both names, the language's first."""
        return registry.get(self.title_slug).heading()

    def others(self) -> list[int]:
        """The seats other than yours, in seat order."""
        return [seat for seat in range(self.n) if seat != self.me]

    def choose(self, action) -> None:
        """The human's choice of a legal action (from a button or a click on the table)."""
        if not self.human_turn():
            return
        if among(action, self.view.legal):
            self.app.audio.play("menu_select")
            self.apply(action)
        else:  # not legal now (a click on something that only looks like a choice): refused, nothing lost
            self.app.audio.play("error")

    @staticmethod
    def asks_last(event: pygame.event.Event, button: pygame.Rect) -> bool:
        """Whether `event` asks to see the last result again: L, or a click on the title's `button` for it."""
        return (event.type == pygame.KEYDOWN and event.key == pygame.K_l) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.collidepoint(event.pos))

    def handle_final(self, event: pygame.event.Event) -> bool:
        """An event at the finished table shown again from the ranking (FinalTableScene): True when the title takes
        it (a panel it opens there, such as its last result's); every other key or click goes back to the ranking."""
        return False

    def handle_table(self, event: pygame.event.Event) -> bool:
        """Esc pauses, the wheel scrolls the move log; True when the event was taken."""
        from game.app.overlays import PauseScene

        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.audio.play("menu_select")
            self.app.stack.push(PauseScene(self.app, self.title_slug))
            return True
        return self.log.handle(event)

    def _banner(self, text: str, color, sound: str) -> None:
        self.effects.show_banner(text, self.now, color)
        self.app.audio.play(sound)

    def record(self, winners: list[int], rounds: int, details: dict, result: dict | None = None) -> None:
        """Store the finished game once (never a demo): result, replay, and `details` with the line-up added;
        `result` goes into the replay beside the state's statistics."""
        if self.kept:
            saves.drop(self.app.storage, self.setup.slug)
        if self.recorded or self.autoplay or self.watching:
            return
        self.recorded = True
        text = replay.dumps(replay.record(self.state, self.setup.rules_options(), self.seed,
                                          {**self.state.statistics(), **(result or {})}))
        options = {key: value for key, value in self.setup.options.items() if key != START}
        if START in self.setup.options:  # played on from another game's position (game.app.play_on)
            details = {**details, "played_on": True}
        details = {"players": self.n, "levels": self.levels, "options": options, **details,
                   "winners": winners,
                   "human_share": (1 / len(winners)) if self.me in winners else 0.0}
        self.app.storage.record_game(self.title_slug, "win" if self.me in winners else "loss", rounds, details, text)

    @property
    def resignable(self) -> bool:
        """Whether you may resign here (the pause menu offers it): a game of yours still going, not the menu's demo,
        a replay, or a game that has ended."""
        return self.kept and not self.autoplay and not self.over and not self.state.is_terminal()

    def resign(self) -> None:
        """You give the game up: it is kept among your games as lost (its details and its replay say "resigned",
        and the replay runs to here, so the theatre shows it and can play on from any move), the save is dropped,
        and the title menu comes back. The rules know nothing of it: a resignation is not a move."""
        if not self.resignable:
            return
        if self.ticket is not None:
            self.app.bots.cancel(self.ticket)
            self.ticket = None
        # "rounds" is the title's own count at its end (no figure of a table title reads it): none is finished here
        self.record([], 0, {"resigned": True, "actions": len(self.state.history)}, {replay.RESIGNED: self.me})
        self.over = True
        self.app.to_menu()

    def conclude(self, winners: list[int], rounds: int, details: dict, scores: list, lower_wins: bool = True,
                 results: list[str] | None = None, ending: str = "") -> None:
        """The game is over: store it (`record`, with your place in the ranking, which the Games list shows: a
        shared second place read "Lost", playtest round 20) and leave the table for the end-of-game summary
        (`show_summary`, whose arguments these are)."""
        from game.app.summary import ranks

        places = ranks(scores, winners, lower_wins)
        place = {"place": places[self.me], "place_shared": places.count(places[self.me]) > 1}
        self.record(winners, rounds, {**details, **place})
        self.show_summary(scores, winners, lower_wins, results, ending)

    def show_summary(self, scores: list, winners: list[int], lower_wins: bool = True, results: list[str] | None = None,
                     ending: str = "") -> None:
        """Leave the table for the end-of-game summary: `scores` order the seats; `results` (text per seat, points
        by default) and `ending` (why the game ended) are what it says."""
        from game.app.summary import SummaryScene

        self.timeline.queue(10.0)
        self.app.stack.replace(SummaryScene(self.app, self.setup, self.names, self.levels, scores, winners,
                                            lower_wins=lower_wins, results=results, ending=ending, table=self))
