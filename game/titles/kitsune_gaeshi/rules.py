"""Kitsune-gaeshi (狐返し): the rules engine, exactly per shared/rules/kitsune_gaeshi.md (sections 3-7).

Chance picks the first player and draws every card from the unseen deck (lazy drawing: the deck is a count of
foxes and brides, never an order). Decisions are TURN (DRAW or FLIP) and DECLARE (bride or fox, true or not); the
reveal, the soul losses, elimination and the next round run by themselves.

Settings (`new_state` keywords): `fox_count` (2-5, default 3; the rest of the 11 cards are brides, A1),
`companion` ("standard" default, or "casual", A7), `two_left` ("continue" default, or "early_finish", A11).

Decisions where the spec is silent (see docs/decisions.md, "Kitsune-gaeshi"):
- The deck is kept as counts; a draw is a chance node FOX / BRIDE weighted by what is left, which is the same as
  drawing the top card of a uniformly shuffled deck. The public log shows a draw as `Drawn(seat)`.
- Every round ends with a reveal, so `past` (the revealed rounds) holds every card ever laid: lie and flip
  statistics come from the final state alone (`lie_stats`).
- While a player decides the declaration, the other seats see that a card was drawn, not its face.
- `early_finish` ranks the two survivors by souls (equal souls share the win); it is checked after every reveal
  (a game starts with 3 or 4 players, so never before the first one).
- At the end of the game the last round's cards stay on the table (and in `past`), so the final view shows them.
- Win share (returns) is 1/k for each of k co-winners; `ranking()` numbers places competition-style (1-2-2-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, NamedTuple, Self

from game.core.engine import CHANCE, TERMINAL, IllegalAction, State, kept_view

RULES_VERSION = "kitsune_gaeshi/1"
FOX, BRIDE = "fox", "bride"
FACES = (FOX, BRIDE)
DRAW, FLIP = "draw", "flip"
DECLARE_BRIDE, DECLARE_FOX = "declare bride", "declare fox"
DECLARATIONS = (DECLARE_BRIDE, DECLARE_FOX)
DECLARED_FACE = {DECLARE_BRIDE: BRIDE, DECLARE_FOX: FOX}
STANDARD, CASUAL = "standard", "casual"
CONTINUE, EARLY_FINISH = "continue", "early_finish"
CARDS = 11
FOX_COUNT = 3
FOX_RANGE = (2, 5)
SOULS = 3
MIN_PLAYERS, MAX_PLAYERS = 3, 4
START, TURN, DRAWING, DECLARE, OVER = "start", "turn", "drawing", "declare", "over"
CHANCE_PHASES = (START, DRAWING)


# --- cards and records -----------------------------------------------------------------------------------------
class Laid(NamedTuple):
    """A card laid in front of a player this round: its true face (None where the viewer cannot see it), the
    declared face (the card's orientation: upright bride, sideways fox) and its draw index in the round."""

    face: str | None
    declared: str
    index: int

    @property
    def lie(self) -> bool:
        return self.face is not None and self.face != self.declared


class Drawn(NamedTuple):
    """A draw as the public log tells it: who drew, not what."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} draws a card"


def liable(card: Laid, companion: str) -> bool:
    """Whether a revealed card drags its owner in as a companion soul (spec 4.1)."""
    if companion == CASUAL:
        return card.face == FOX and card.declared == BRIDE
    return card.face != card.declared


def draw_face(rng: Random, foxes: int, size: int) -> str:
    """The face drawn from a deck of `size` cards, `foxes` of them foxes: exactly what the generic `sample_chance`
    draws from the outcomes (FOX, foxes / size), (BRIDE, (size - foxes) / size), with the same one `rng.random()`."""
    if foxes and size > foxes:
        fox = foxes / size
        return FOX if rng.random() * (fox + (size - foxes) / size + 0.0) < fox else BRIDE
    rng.random()
    return FOX if foxes else BRIDE


@dataclass(frozen=True)
class RoundRecord:
    """A revealed round, public from the flip on."""

    round_no: int
    flipper: int
    tables: tuple[tuple[Laid, ...], ...]  # by seat, every face shown
    foxes: int
    success: bool
    main_loser: int
    companion: int | None  # the companion who was dragged in, if any
    eliminated: tuple[int, ...]


# --- events ----------------------------------------------------------------------------------------------------
# Events carry full information; fields marked PRIVATE are for the seat named there (until a Revealed shows them).
@dataclass(slots=True)
class StartChosen:
    seat: int


@dataclass(slots=True)
class RoundStarted:
    round_no: int
    starter: int
    alive: tuple[int, ...]


@dataclass(slots=True)
class CardDrawn:
    seat: int
    face: str  # PRIVATE to `seat`
    deck_left: int


@dataclass(slots=True)
class CardLaid:
    seat: int
    face: str  # PRIVATE to `seat` until the reveal
    declared: str
    index: int


@dataclass(slots=True)
class Kaeshi:
    seat: int  # the flipper
    forced: bool  # the deck was empty


@dataclass(slots=True)
class Revealed:
    flipper: int
    tables: tuple[tuple[Laid, ...], ...]
    foxes: int
    success: bool


@dataclass(slots=True)
class SoulLost:
    seat: int
    souls: int  # left
    companion: bool  # dragged in as the companion soul (伴魂)


@dataclass(slots=True)
class Eliminated:
    seats: tuple[int, ...]


@dataclass(slots=True)
class GameOver:
    winners: tuple[int, ...]
    ranking: tuple[int, ...]  # place per seat


# --- the view --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KitsuneView:
    """Exactly what `seat` may see (spec 6). Per-seat tuples are indexed by seat."""

    seat: int
    players: int
    phase: str  # start, turn, drawing, declare, over
    to_move: int  # a seat, CHANCE or TERMINAL
    legal: tuple  # the legal actions if `seat` is to move, else ()
    souls: tuple[int, ...]
    table: tuple[tuple[Laid, ...], ...]  # faces shown only on the seat's own cards
    drawn: str | None  # the face of the card the seat holds undeclared (its own secret), else None
    cur: int | None  # whose turn (or declaration) it is
    starter: int | None
    first_player: int | None
    last_flipper: int | None
    round_no: int
    deck_size: int
    fox_count: int
    companion: str
    two_left: str
    eliminated: tuple[tuple[int, ...], ...]
    past: tuple[RoundRecord, ...]
    winners: tuple[int, ...]
    log: tuple  # the public action log: the history with every draw masked as Drawn(seat)

    @property
    def alive(self) -> tuple[bool, ...]:
        return tuple(s > 0 for s in self.souls)

    def declared_foxes(self) -> int:
        return sum(card.declared == FOX for cards in self.table for card in cards)


# --- the state -------------------------------------------------------------------------------------------------
class KitsuneState(State):
    """One position of a Kitsune-gaeshi game."""

    TITLE = "kitsune_gaeshi"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("n", "fox_count", "companion", "two_left", "souls", "table", "deck_foxes", "deck_size", "phase",
                 "cur", "starter", "first_player", "last_flipper", "drawn", "draws", "round_no", "eliminated",
                 "past", "winners", "log", "_resample_view")

    def __init__(self, players: int = 4, fox_count: int = FOX_COUNT, companion: str = STANDARD,
                 two_left: str = CONTINUE) -> None:
        super().__init__()
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Kitsune-gaeshi is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        if type(fox_count) is not int or not FOX_RANGE[0] <= fox_count <= FOX_RANGE[1]:
            raise ValueError(f"the fox count is {FOX_RANGE[0]}-{FOX_RANGE[1]}, not {fox_count!r}")
        if companion not in (STANDARD, CASUAL):
            raise ValueError(f"the companion rule is {STANDARD!r} or {CASUAL!r}, not {companion!r}")
        if two_left not in (CONTINUE, EARLY_FINISH):
            raise ValueError(f"two_left is {CONTINUE!r} or {EARLY_FINISH!r}, not {two_left!r}")
        self.n, self.fox_count, self.companion, self.two_left = players, fox_count, companion, two_left
        self.souls = [SOULS] * players
        self.table: list[tuple[Laid, ...]] = [()] * players
        self.deck_foxes, self.deck_size = fox_count, CARDS
        self.phase = START
        self.cur: int | None = None
        self.starter: int | None = None
        self.first_player: int | None = None
        self.last_flipper: int | None = None
        self.drawn: str | None = None
        self.draws = 0
        self.round_no = 0
        self.eliminated: list[tuple[int, ...]] = []
        self.past: list[RoundRecord] = []
        self.winners: tuple[int, ...] = ()
        self.log: list = []
        self._resample_view: tuple | None = None

    # --- queries -----------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def scores(self) -> list[int]:
        """Souls left per seat (what the arena reports as the score)."""
        return list(self.souls)

    def alive(self, seat: int) -> bool:
        return self.souls[seat] > 0

    def alive_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.n) if self.souls[seat] > 0)

    def next_alive(self, seat: int) -> int:
        """The first alive seat strictly after `seat`, clockwise (`seat` itself if it is the only one)."""
        n = self.n
        for k in range(1, n + 1):
            other = (seat + k) % n
            if self.souls[other] > 0:
                return other
        raise ValueError("nobody is alive")

    def prev_alive(self, seat: int) -> int:
        """The first alive seat strictly before `seat`, counter-clockwise."""
        n = self.n
        for k in range(1, n + 1):
            other = (seat - k) % n
            if self.souls[other] > 0:
                return other
        raise ValueError("nobody is alive")

    def on_table(self) -> int:
        return sum(len(cards) for cards in self.table)

    def table_foxes(self) -> int:
        return sum(card.face == FOX for cards in self.table for card in cards)

    def declared_foxes(self) -> int:
        return sum(card.declared == FOX for cards in self.table for card in cards)

    def lied(self, seat: int) -> bool:
        """Whether `seat` laid a companion-liable card this round (A4)."""
        return any(liable(card, self.companion) for card in self.table[seat])

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == OVER else self.cur  # type: ignore[return-value]

    def _legal_actions(self) -> list:
        if self.phase == DECLARE:
            return list(DECLARATIONS)
        return [DRAW, FLIP] if self.deck_size else [FLIP]

    def sample_chance(self, rng: Random) -> Any:
        if self.phase == DRAWING:  # the hottest chance of search: drawn without building the outcomes
            return draw_face(rng, self.deck_foxes, self.deck_size)
        return super().sample_chance(rng)

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        foxes, size = self.deck_foxes, self.deck_size
        outcomes = [(FOX, foxes / size)] if foxes else []
        return outcomes + [(BRIDE, (size - foxes) / size)] if size > foxes else outcomes

    def returns(self) -> list[float]:
        """Win share at the end: each of k co-winners gets 1/k."""
        if self.phase != OVER:
            return [0.0] * self.n
        share = 1 / len(self.winners)
        return [share if seat in self.winners else 0.0 for seat in range(self.n)]

    def ranking(self) -> tuple[int, ...]:
        """Place per seat (spec 5): winners, the other early-finish survivor, then the latest eliminated first."""
        groups: list[tuple[int, ...]] = [self.winners] if self.winners else []
        others = tuple(s for s in self.alive_seats() if s not in self.winners)
        if others:
            groups.append(others)
        groups += [tuple(s for s in group if s not in self.winners) for group in reversed(self.eliminated)]
        place, ranks = 1, [0] * self.n
        for group in groups:
            for seat in group:
                ranks[seat] = place
            place += len(group)
        return tuple(ranks)

    # --- apply -------------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        self.log.append(Drawn(self.cur) if phase == DRAWING else action)  # type: ignore[arg-type]
        if phase == START:
            self.first_player = action
            return [StartChosen(action), *self._start_round(action)]
        if phase == DRAWING:
            return self._draw(action)
        if phase == DECLARE:
            return self._declare(action)
        if action == DRAW:
            self.phase = DRAWING
            return []
        return self._flip()

    def _start_round(self, starter: int) -> list:
        """ROUND_SETUP (4.2): a full deck, empty tables, the starter to move."""
        self.round_no += 1
        self.table = [()] * self.n
        self.deck_foxes, self.deck_size = self.fox_count, CARDS
        self.starter = self.cur = starter
        self.draws, self.drawn, self.phase = 0, None, TURN
        return [RoundStarted(self.round_no, starter, self.alive_seats())]

    def _draw(self, face: str) -> list:
        self._take(face)
        return [CardDrawn(self.cur, face, self.deck_size)]  # type: ignore[arg-type]

    def _take(self, face: str) -> None:
        self.deck_size -= 1
        self.deck_foxes -= face == FOX
        self.drawn, self.phase = face, DECLARE

    def _declare(self, action: str) -> list:
        seat = self.cur
        card = self._lay(action)
        return [CardLaid(seat, card.face, card.declared, card.index)]  # type: ignore[arg-type]

    def _lay(self, action: str) -> Laid:
        seat = self.cur
        card = Laid(self.drawn, DECLARED_FACE[action], self.draws)  # type: ignore[arg-type]
        self.table[seat] = (*self.table[seat], card)  # type: ignore[index]
        self.draws += 1
        self.drawn, self.phase = None, TURN
        self.cur = self.next_alive(seat)  # type: ignore[arg-type]
        return card

    def _apply_quietly(self, action: Any) -> None:
        """`_apply` for search: a draw, a declaration, DRAW or FLIP without building their events."""
        phase = self.phase
        if phase == DRAWING:
            self.log.append(Drawn(self.cur))  # type: ignore[arg-type]
            self._take(action)
        elif phase == DECLARE:
            self.log.append(action)
            self._lay(action)
        elif phase == TURN:
            self.log.append(action)
            if action == DRAW:
                self.phase = DRAWING
            else:
                self._resolve_flip()
        else:
            self._apply(action)

    def _flip(self) -> list:
        """Resolving FLIP (4.5): reveal, count, main loser, one companion check, simultaneous losses."""
        p: int = self.cur  # type: ignore[assignment]
        forced = self.deck_size == 0
        record = self._resolve_flip()
        events: list = [Kaeshi(p, forced), Revealed(p, record.tables, record.foxes, record.success),
                        SoulLost(record.main_loser, self.souls[record.main_loser], False)]
        if record.companion is not None:
            events.append(SoulLost(record.companion, self.souls[record.companion], True))
        if record.eliminated:
            events.append(Eliminated(record.eliminated))
        if self.phase == OVER:
            return [*events, GameOver(self.winners, self.ranking())]
        return [*events, RoundStarted(self.round_no, self.starter, self.alive_seats())]  # type: ignore[arg-type]

    def _resolve_flip(self) -> RoundRecord:
        """The flip's changes to the state (its events aside): the souls lost, the record kept, the game over or
        the next round started; returns the round's record."""
        p: int = self.cur  # type: ignore[assignment]
        tables = tuple(self.table)
        foxes = self.table_foxes()
        success = foxes >= 2
        main = self.prev_alive(p) if success else p
        companion = self.prev_alive(main)
        dragged = companion if companion != main and self.lied(companion) else None
        for seat in (main, dragged):
            if seat is not None:
                self.souls[seat] -= 1
        out = tuple(sorted(s for s in {main, dragged} if s is not None and self.souls[s] == 0))
        if out:
            self.eliminated.append(out)
        record = RoundRecord(self.round_no, p, tables, foxes, success, main, dragged, out)
        self.past.append(record)
        self.last_flipper = p
        alive = self.alive_seats()
        if len(alive) <= 1:
            self.winners, self.phase, self.cur = alive or out, OVER, None
        elif len(alive) == 2 and self.two_left == EARLY_FINISH:
            best = max(self.souls[s] for s in alive)
            self.winners, self.phase, self.cur = tuple(s for s in alive if self.souls[s] == best), OVER, None
        else:
            self._start_round(p if self.alive(p) else self.next_alive(p))
        return record

    # --- copies, views, resampling -----------------------------------------------------------------------------
    def clone(self) -> Self:
        other = KitsuneState.__new__(KitsuneState)
        other.history, other.log = self.history[:], self.log[:]
        other.n, other.fox_count, other.companion, other.two_left = self.n, self.fox_count, self.companion, \
            self.two_left
        other.souls, other.table = self.souls[:], self.table[:]
        other.deck_foxes, other.deck_size, other.phase = self.deck_foxes, self.deck_size, self.phase
        other.cur, other.starter, other.first_player = self.cur, self.starter, self.first_player
        other.last_flipper, other.drawn, other.draws = self.last_flipper, self.drawn, self.draws
        other.round_no, other.eliminated, other.past = self.round_no, self.eliminated[:], self.past[:]
        other.winners, other._resample_view = self.winners, None
        return other

    def view(self, seat: int) -> KitsuneView:
        mover = self.current_player()
        table = tuple(cards if at == seat else tuple(Laid(None, c.declared, c.index) for c in cards)
                      for at, cards in enumerate(self.table))
        return KitsuneView(
            seat=seat, players=self.n, phase=self.phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (), souls=tuple(self.souls), table=table,
            drawn=self.drawn if self.cur == seat else None, cur=self.cur, starter=self.starter,
            first_player=self.first_player, last_flipper=self.last_flipper, round_no=self.round_no,
            deck_size=self.deck_size, fox_count=self.fox_count, companion=self.companion, two_left=self.two_left,
            eliminated=tuple(self.eliminated), past=tuple(self.past), winners=self.winners, log=tuple(self.log))

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), built from that view alone (see `from_view`), whose history
        replays to it (`true_history`).

        Search resamples the same position many times, so the view is kept until the next action changes it.
        """
        world = from_view(kept_view(self, seat)[0], rng)
        world.history = true_history(world)
        return world  # type: ignore[return-value]

    def action_key(self, action: Any, observer: int) -> Any:
        """A drawn card's face is seen by its drawer only; everything else is public."""
        if self.phase == DRAWING and self.cur != observer:
            return Drawn(self.cur)  # type: ignore[arg-type]
        return action

    def action_keys(self, actions: list, observer: int) -> list:
        """Decisions are public: their keys are themselves."""
        if self.phase == DRAWING:
            return [self.action_key(action, observer) for action in actions]
        return actions

    # --- text, codec, explanations -----------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        if type(action) is int:
            return f"seat {action} starts"
        if action in FACES:
            return f"seat {self.cur} draws a {action}" if self.phase == DRAWING else action
        return str(action)

    def action_from_json(self, data: Any) -> Any:
        if type(data) is int or (type(data) is str and data in (*FACES, DRAW, FLIP, *DECLARATIONS)):
            return data
        raise IllegalAction(f"not a Kitsune-gaeshi action: {data!r}")

    def explain_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase == START:
            return f"the first player is a seat 0-{self.n - 1}, not {action!r}"
        if phase == DRAWING:
            return (f"the card drawn is a fox or a bride from the deck ({self.deck_foxes} foxes among "
                    f"{self.deck_size} cards), not {action!r}")
        who = f"seat {self.cur}"
        if phase == DECLARE:
            return f"{who} must declare the drawn card a bride or a fox ({DECLARE_BRIDE!r} or {DECLARE_FOX!r}), " \
                   f"not {action!r}"
        if action == DRAW:
            return "the deck is empty: the only choice is to flip (kaeshi)"
        return f"{who} must draw or flip ({DRAW!r} or {FLIP!r}), not {action!r}"

    def final_scores(self) -> list[float]:
        return self.scores

    def starting_seat(self) -> int | None:
        return self.first_player

    def statistics(self) -> dict:
        """What a results screen keeps: souls, rounds, winners, ranking, and lie / flip counts per seat."""
        return {
            "players": self.n,
            "souls": list(self.souls),
            "rounds": len(self.past),
            "winners": list(self.winners),
            "ranking": list(self.ranking()) if self.phase == OVER else [],
            "over": self.phase == OVER,
            **lie_stats(self.past, self.n),
        }


def lie_stats(past: Iterable[RoundRecord], n: int) -> dict[str, list[int]]:
    """Per seat: declarations, lies among them (hidden foxes, fake foxes), flips and successful flips."""
    stats = {key: [0] * n for key in ("declared", "lies", "hidden_foxes", "fake_foxes", "flips", "flip_wins")}
    for record in past:
        stats["flips"][record.flipper] += 1
        stats["flip_wins"][record.flipper] += record.success
        for seat, cards in enumerate(record.tables):
            for card in cards:
                stats["declared"][seat] += 1
                stats["lies"][seat] += card.lie
                stats["hidden_foxes"][seat] += card.face == FOX and card.declared == BRIDE
                stats["fake_foxes"][seat] += card.face == BRIDE and card.declared == FOX
    return stats


# --- resampling --------------------------------------------------------------------------------------------------
def unknown_slots(view: KitsuneView) -> tuple[list[tuple[int, int]], bool, int]:
    """What `view.seat` cannot see this round: others' table cards as (seat, position), whether another seat
    holds a drawn undeclared card, and the number of foxes among all unknown cards (table, held card, deck)."""
    seat = view.seat
    slots = [(at, k) for at, cards in enumerate(view.table) if at != seat for k in range(len(cards))]
    hidden_drawn = view.phase == DECLARE and view.cur != seat
    own = sum(card.face == FOX for card in view.table[seat]) + (view.drawn == FOX)
    return slots, hidden_drawn, view.fox_count - own


def build(view: KitsuneView, fox_slots: Iterable[tuple[int, int]], drawn_fox: bool, deck_foxes: int
          ) -> KitsuneState:
    """The full state of `view` with the given unknown table cards as foxes (the others brides)."""
    state = KitsuneState.__new__(KitsuneState)
    foxes = set(fox_slots)
    state.n, state.fox_count, state.companion, state.two_left = view.players, view.fox_count, view.companion, \
        view.two_left
    state.souls = list(view.souls)
    state.table = [cards if at == view.seat else
                   tuple(Laid(FOX if (at, k) in foxes else BRIDE, c.declared, c.index) for k, c in enumerate(cards))
                   for at, cards in enumerate(view.table)]
    state.deck_foxes, state.deck_size, state.phase = deck_foxes, view.deck_size, view.phase
    state.cur, state.starter, state.first_player = view.cur, view.starter, view.first_player
    state.last_flipper, state.round_no = view.last_flipper, view.round_no
    state.drawn = view.drawn if view.drawn is not None else (
        (FOX if drawn_fox else BRIDE) if view.phase == DECLARE else None)
    state.draws = sum(len(cards) for cards in view.table)
    state.eliminated, state.past, state.winners = list(view.eliminated), list(view.past), view.winners
    state.history, state.log = list(view.log), list(view.log)
    state._resample_view = None
    return state


def from_view(view: KitsuneView, rng: Random) -> KitsuneState:
    """A full state consistent with `view`: the unknown foxes spread uniformly over every card the seat cannot
    see (others' table cards, a card another seat holds undeclared, the deck). It reads only `view` and `rng`.
    The result's history is the public log (draws masked); `true_history` unmasks it."""
    slots, hidden_drawn, foxes = unknown_slots(view)
    if view.phase == OVER:  # the last round's cards were all turned up at the flip: only the deck is unknown
        shown = [(at, k) for at, cards in enumerate(view.past[-1].tables) if at != view.seat
                 for k, card in enumerate(cards) if card.face == FOX]
        return build(view, shown, False, foxes - len(shown))
    unknown = len(slots) + hidden_drawn + view.deck_size
    picked = rng.sample(range(unknown), foxes) if foxes else []
    table_foxes = [slots[i] for i in picked if i < len(slots)]
    drawn_fox = hidden_drawn and len(slots) in picked
    return build(view, table_foxes, drawn_fox, foxes - len(table_foxes) - drawn_fox)


def true_history(state: KitsuneState) -> list:
    """The history `state.log` stands for: each masked draw given the face of the card it drew (revealed rounds
    from `past`, this round from the table and the held card), so a resample's history replays to it."""
    rounds = [record.tables for record in state.past] + [tuple(state.table)]
    faces = [{card.index: card.face for cards in tables for card in cards} for tables in rounds]
    faces[-1][state.draws] = state.drawn
    history, round_at, draw = [], 0, 0
    for entry in state.log:
        if type(entry) is Drawn:
            history.append(faces[round_at][draw])
            draw += 1
        else:
            history.append(entry)
            if entry == FLIP:
                round_at, draw = round_at + 1, 0
    return history


# --- construction --------------------------------------------------------------------------------------------------
def new_state(players: int = 4, fox_count: int = FOX_COUNT, companion: str = STANDARD,
              two_left: str = CONTINUE) -> KitsuneState:
    """A new game for 3-4 players; the first chance node picks the first player."""
    return KitsuneState(players, fox_count, companion, two_left)


def position(players: int, starter: int, souls: Sequence[int] | None = None, **settings: Any) -> KitsuneState:
    """A state at the start of a round with `starter` to move, for tests: seats with 0 souls are out (eliminated
    together, earlier). Its history is empty, so it does not replay; use `new_state` for that."""
    state = KitsuneState(players, **settings)
    if souls is not None:
        if len(souls) != players or any(type(s) is not int or not 0 <= s <= SOULS for s in souls):
            raise ValueError(f"souls are {players} counts of 0-{SOULS}, not {souls!r}")
        state.souls = list(souls)
        out = tuple(seat for seat in range(players) if souls[seat] == 0)
        state.eliminated = [out] if out else []
    if not state.alive(starter):
        raise ValueError(f"the starter (seat {starter}) is out")
    state.first_player = starter
    state._start_round(starter)
    return state


def lay(state: KitsuneState, cards: str) -> KitsuneState:
    """Play draws in turn order from spec notation, e.g. "F>b B>f": a fox declared bride, a bride declared fox."""
    for word in cards.split():
        face, declared = word.split(">")
        state.apply(DRAW)
        state.apply(FOX if face.upper() == "F" else BRIDE)
        state.apply(DECLARE_FOX if declared.lower() == "f" else DECLARE_BRIDE)
    return state


# --- what a table asks (pure, from a view or public records) ---------------------------------------------------
def checked_companion(record: RoundRecord, souls: Sequence[int]) -> int | None:
    """The seat checked for the companion soul at `record`'s flip: the first seat before the main loser that was
    alive at the flip (4.5); `souls` are the souls after that flip. None if nobody else was alive."""
    n = len(souls)
    alive = {seat for seat in range(n) if souls[seat] > 0} | set(record.eliminated)
    return next((seat for k in range(1, n) if (seat := (record.main_loser - k) % n) in alive), None)


def liable_declaration(view: KitsuneView, action: Any) -> bool:
    """Whether declaring the card `view.seat` holds as `action` would be a companion-liable lie (4.1, spec 10)."""
    if view.drawn is None or action not in DECLARED_FACE:
        return False
    return liable(Laid(view.drawn, DECLARED_FACE[action], 0), view.companion)


def flip_must_fail(view: KitsuneView) -> bool:
    """Whether a flip now cannot succeed: fewer cards on the table than the two foxes a success needs (4.5)."""
    return sum(len(cards) for cards in view.table) < 2


LAST_ONE, OUT_TOGETHER, TWO_LEFT = "last_one", "out_together", "two_left"


def ending(souls: Sequence[int], two_left: str) -> str:
    """Why a finished game ended (spec 5), from the souls left: LAST_ONE (one player still holds souls),
    OUT_TOGETHER (the last two lost their last souls on the same reveal) or TWO_LEFT (the early-finish variant
    stopped it with two players left)."""
    alive = sum(1 for n in souls if n > 0)
    if alive == 0:
        return OUT_TOGETHER
    return TWO_LEFT if alive == 2 and two_left == EARLY_FINISH else LAST_ONE


def out_rounds(past: Sequence[RoundRecord]) -> dict[int, int]:
    """The round in which each eliminated seat lost its last soul."""
    return {seat: record.round_no for record in past for seat in record.eliminated}
