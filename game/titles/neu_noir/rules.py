"""Neu/Noir (のいのわーる): the rules engine, exactly per shared/rules/neu_noir.md (sections 2-7).

Chance deals the hands card by card (lazy dealing: the deck is a count per kind, never an order; a deal is a chance
node weighted by what is left, the same as the top card of a uniformly shuffled deck), then picks the start player.
The cards never dealt are the leftover; they are drawn from the same counts, one chance node each, when the first
declarer takes them (nobody sees them before, so drawing them late is the same game).

A play is a sequence of small decisions of one player (DESIGN.md, spec 4.10): `Card(kind)` once per card in the
stated order, then `EndPlay(shot)` with the Shot target (or None). A card is offered only when the play can still be
finished legally after it (`can_finish`), so nobody is stuck halfway. `Bet(target)`, `Declare()` are whole turns;
`TakePile(owner)` and `ChooseStarter(seat)` are the other two decisions. `check_play` judges a whole play (any
order) for a play builder; `whole_plays` lists one play per outcome class (spec 4.10) for tests and bots.

Decisions where the spec is silent:
- The cards of a play in progress are public (they go down face up, one by one, in the stated order).
- The deal is seat by seat (seat 0's hand first); the order of dealing changes nothing.
- Returns: 1 for the winner, 0 for everyone else (there is always exactly one winner).
- A world sampled while another seat is in mid-play gives it a hand that can finish the play (`_can_go_on`): each
  card it played was offered only because it could.

The public log (`log`) is the game as the table saw it: a card dealt or drawn as whom it went to (`Dealt`, `Drew`),
each decision with its mover, a pile taken with its cards (`Took`); each seat also remembers the cards it was dealt
and drew (`own_draws`). A world's history is that log with the others' cards filled in (`_history`): each was dealt
or drew its hand in the world plus the cards it played, less those it took in, the played ones before it played
them (`game.core.cards.plan_draws`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from random import Random
from typing import Any, NamedTuple, Self

from game.core.cards import DrawPlan, fill_draws, plan_draws
from game.core.engine import CHANCE, TERMINAL, IllegalAction, State, kept_view

RULES_VERSION = "neu_noir/1"
MIN_PLAYERS, MAX_PLAYERS = 4, 7

# --- the deck (spec 2.1) --------------------------------------------------------------------------------------------
SHOT, TURN, DOUBLE, PASS = "SHOT", "TURN", "DOUBLE", "PASS"
R101 = "R101"
POSITIVE = {f"N{n}": n for n in (*range(1, 11), 50)}  # kind -> value added
NEGATIVE = {"M1": 1, "M10": 10}  # kind -> value taken away (floor 0)
INSTRUCTIONS = (SHOT, TURN, DOUBLE, PASS)
DECK: dict[str, int] = {**{f"N{n}": 3 for n in range(1, 10)}, "N10": 6, "N50": 2, "M1": 2, "M10": 4, R101: 5,
                        SHOT: 2, TURN: 4, DOUBLE: 2, PASS: 4}
KINDS = tuple(DECK)  # the canonical order: numbers, negatives, 101, instructions
KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}
DECK_SIZE = sum(DECK.values())  # 58
BLACK_SUPPLY = 17
# players -> (cards per hand, white chips each, black chips to win) (spec 2.3); the leftover is what is not dealt
TABLE = {4: (14, 5, 5), 5: (11, 4, 4), 6: (9, 3, 3), 7: (8, 3, 3)}
CW, CCW = 1, -1

# phases
DEAL, START, LEFTOVER = "deal", "start", "leftover"  # chance
TURN_PHASE, BUILD, TAKE_PILE, OVERTIME_START = "turn", "build", "take_pile", "overtime_start"  # decisions
OVER = "over"
CHANCE_PHASES = (DEAL, START, LEFTOVER)


# --- decisions -------------------------------------------------------------------------------------------------------
class Card(NamedTuple):
    """The next card of the play in progress."""

    kind: str


CARDS = {kind: Card(kind) for kind in KINDS}  # made once: search lists them all the time


class EndPlay(NamedTuple):
    """The play is complete; the Shot target if it holds a SHOT (else None)."""

    shot: int | None


class Bet(NamedTuple):
    target: int


class Declare(NamedTuple):
    pass


class TakePile(NamedTuple):
    owner: int


class ChooseStarter(NamedTuple):
    seat: int


DECLARE = Declare()


# --- what a seat cannot see (action keys) --------------------------------------------------------------------------
class Dealt(NamedTuple):
    """A card dealt to `seat`, as the others see it."""

    seat: int


class Drew(NamedTuple):
    """A leftover card going into `seat`'s hand, as the others see it."""

    seat: int


class Took(NamedTuple):
    """The public log's TakePile: whose pile, and its cards (face up)."""

    owner: int
    cards: tuple[str, ...]


DEALT = tuple(Dealt(seat) for seat in range(MAX_PLAYERS))
DREW = tuple(Drew(seat) for seat in range(MAX_PLAYERS))
SET_UP = "set up"  # the log of a position set up for a test (`position`): no history leads to it


# --- events ----------------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class CardDealt:
    seat: int
    kind: str | None  # None where the viewer may not see it (events are told unmasked; the log masks)


@dataclass(slots=True)
class StartPlayer:
    seat: int


@dataclass(slots=True)
class CardAdded:
    seat: int
    kind: str
    value: int  # the running value after it
    clamped: bool  # a negative card stopped at the floor


@dataclass(slots=True)
class Played:
    seat: int
    cards: tuple[str, ...]
    values: tuple[int, ...]  # the running value after each card
    value: int
    direction: int
    doubles: int  # pending for the next player
    next: int
    shot: int | None
    turned: bool  # an odd number of TURN cards


@dataclass(slots=True)
class BetPlaced:
    seat: int
    target: int
    cancelled: int = 0  # the Doubles that were pending on the bettor: a bet cancels them (spec 4.3.2)


@dataclass(slots=True)
class Declared:
    seat: int


@dataclass(slots=True)
class RoundWon:
    winner: int
    declarer: int
    by_bet: bool
    white_left: int  # the declarer's
    black: int  # the winner's, after


@dataclass(slots=True)
class PileTaken:
    seat: int
    owner: int
    cards: tuple[str, ...]
    leftover: int  # leftover cards that follow (round 1)


@dataclass(slots=True)
class LeftoverDrawn:
    seat: int
    kind: str


@dataclass(slots=True)
class RoundStarted:
    round_no: int
    starter: int
    overtime: bool


@dataclass(slots=True)
class Disqualified:
    seat: int


@dataclass(slots=True)
class OvertimeCalled:
    tied: tuple[int, ...]
    decider: int


@dataclass(slots=True)
class GameOver:
    winner: int
    reason: str  # end_reason(): "target", "most_black", "last_round", "white", "overtime"


# --- the state -------------------------------------------------------------------------------------------------------
class NeuNoirView(NamedTuple):
    """What `seat` may see: its own hand, the counts of the others', everything on the table."""

    seat: int
    players: int
    phase: str
    to_move: int
    legal: tuple  # the seat's legal actions when it is to move
    hand: tuple[tuple[str, int], ...]  # own hand, (kind, count) in KINDS order
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[tuple[str, int], ...], ...]  # per seat: cards certainly in that hand (taken from piles)
    piles: tuple[tuple[str, ...], ...]
    leftover: int
    line: tuple[str, ...]  # the play in progress
    line_value: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    black_supply: int
    bet_of: tuple[int | None, ...]
    value: int
    direction: int
    doubles: int
    current: int
    last_actor: int | None
    round_no: int
    participants: tuple[int, ...]
    overtime: bool
    last_round_winner: int | None
    disqualified: int | None
    decider: int | None
    tied: tuple[int, ...]
    winner: int | None
    dealt: int
    options: tuple[bool, bool, bool]  # skip, no_wallflower, extra_life
    log: tuple = ()  # the public log (see the module docstring)
    own_draws: tuple = ()  # the cards this seat was dealt and drew, in order


class NeuNoirState(State):
    TITLE = "neu_noir"
    RULES_VERSION = RULES_VERSION

    __slots__ = ("n", "skip", "no_wallflower", "extra_life", "hand", "known", "pile", "deck", "white", "black",
                 "black_supply", "bet_of", "value", "direction", "doubles", "current", "last_actor", "round_no",
                 "participants", "overtime", "last_round_winner", "disqualified", "winner", "phase", "decider",
                 "tied", "line", "line_value", "dealt", "to_draw", "log", "own_draws", "_resample_view")

    def __init__(self, players: int = 4, skip: bool = False, no_wallflower: bool = False,
                 extra_life: bool = False) -> None:
        super().__init__()
        if type(players) is not int or players not in TABLE:
            raise ValueError(f"Neu/Noir is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        n = self.n = players
        self.skip, self.no_wallflower, self.extra_life = bool(skip), bool(no_wallflower), bool(extra_life)
        _, whites, _ = TABLE[n]
        self.hand: list[Counter] = [Counter() for _ in range(n)]
        self.known: list[Counter] = [Counter() for _ in range(n)]
        self.pile: list[list[str]] = [[] for _ in range(n)]
        self.deck: Counter = Counter(DECK)  # undealt: the leftover once the hands are dealt
        self.white = [whites + (1 if self.extra_life else 0)] * n
        self.black = [0] * n
        self.black_supply = BLACK_SUPPLY
        self.bet_of: list[int | None] = [None] * n
        self.value, self.direction, self.doubles = 0, CW, 0
        self.current, self.last_actor = 0, None
        self.round_no = 1
        self.participants: tuple[int, ...] = tuple(range(n))
        self.overtime = False
        self.last_round_winner: int | None = None
        self.disqualified: int | None = None
        self.winner: int | None = None
        self.phase = DEAL
        self.decider: int | None = None  # who decides TAKE_PILE / OVERTIME_START
        self.tied: tuple[int, ...] = ()
        self.line: list[str] = []
        self.line_value = 0
        self.dealt = 0  # cards dealt so far
        self.to_draw = 0  # leftover cards still to go into the declarer's hand
        self.log: list = []  # the public log (see the module docstring)
        self.own_draws: list[list[str]] = [[] for _ in range(n)]  # the cards each seat was dealt and drew
        self._resample_view: tuple | None = None  # (key, view, template): see `resample`

    # --- queries ---------------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def hand_cards(self) -> int:
        return TABLE[self.n][0]

    @property
    def target(self) -> int:
        return TABLE[self.n][2]

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat].values())

    def under(self, seat: int) -> int | None:
        """Whose bet chip lies under `seat`'s marker."""
        return bettor_under(self.bet_of, seat)

    def neighbour(self, seat: int, direction: int) -> int:
        """The next participant from `seat` in `direction` (never `seat`: there are always two or more)."""
        step = (seat + direction) % self.n
        while step not in self.participants:
            step = (step + direction) % self.n
        return step

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.decider if phase in (TAKE_PILE, OVERTIME_START) else self.current  # type: ignore[return-value]

    def bet_targets(self) -> list[int]:
        """Whom the current player may bet on (spec 4.3.2, V2)."""
        me = self.current
        if self.bet_of[me] is not None:
            return []
        covered = {on for on in self.bet_of if on is not None}
        targets = [t for t in self.participants if t != me and t not in covered]
        if self.no_wallflower:
            holders = [p for p in self.participants if self.bet_of[p] is None]
            if len(holders) == 2:
                other = holders[0] if holders[1] == me else holders[1]
                if other in targets:
                    return [other]
        return targets

    def _legal_actions(self) -> list:
        phase = self.phase
        if phase == TAKE_PILE:
            return [TakePile(o) for o in range(self.n)]
        if phase == OVERTIME_START:
            return [ChooseStarter(s) for s in self.tied]
        cards = self.playable_cards()
        if phase == BUILD:
            return cards + self.end_actions()
        actions = cards + [Bet(t) for t in self.bet_targets()]
        if self.last_actor is not None:
            actions.append(DECLARE)
        return actions

    def _minimum(self, has_pass: bool) -> int:
        return 1 + self.doubles if self.doubles and not has_pass else 1

    def _can_end(self) -> bool:
        return len(self.line) >= self._minimum(PASS in self.line)

    def end_actions(self) -> list[EndPlay]:
        """The ways the current player may end the play in progress now (one per Shot target); [] if it may not
        end yet or there is none. Part of `legal_actions`, for bots that want only these."""
        if self.phase != BUILD or not self._can_end():
            return []
        if SHOT in self.line:
            me = self.current
            return [EndPlay(t) for t in self.participants if t != me]
        return [EndPlay(None)]

    def playable_cards(self) -> list[Card]:
        """The cards that may be the next card of the current player's play: held, the value stays within 101,
        and the play can still be finished with the cards left. Part of `legal_actions` in a turn or a play."""
        line, hand = self.line, self.hand[self.current]
        at = self.line_value if line else self.value
        played, has_pass = len(line) + 1, PASS in line
        minimum_of_others, minimum_of_pass = self._minimum(has_pass), self._minimum(True)
        if minimum_of_others <= played and minimum_of_pass <= played:  # no card needs others after it
            return [card for kind, card in FITTING_CARDS[at] if hand.get(kind)]
        after = STEPS[at]
        cards = []
        for kind in KINDS:
            if not hand.get(kind):
                continue
            value = after[kind]
            if value is None:
                continue
            minimum = minimum_of_pass if kind == PASS else minimum_of_others
            if minimum > played:  # more cards must follow this one: can they?
                hand[kind] -= 1
                try:
                    if not can_finish(value, played, minimum, hand):
                        continue
                finally:
                    hand[kind] += 1
            cards.append(CARDS[kind])
        return cards

    def picks_start(self) -> bool:
        return self.phase == START  # after the deal

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        size = sum(self.deck.values())
        return [(kind, self.deck[kind] / size) for kind in KINDS if self.deck[kind]]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.n)]

    def final_scores(self) -> list[float]:
        """Black chips (what the arena reports)."""
        return [float(b) for b in self.black]

    def ranking(self) -> tuple[int, ...]:
        """The display ranking (spec 5.4): the winner, the others by black then white chips, the disqualified last."""
        others = sorted((s for s in range(self.n) if s not in (self.winner, self.disqualified)),
                        key=lambda s: (-self.black[s], -self.white[s], s))
        first = [self.winner] if self.winner is not None else []
        last = [self.disqualified] if self.disqualified is not None else []
        return tuple(first + others + last)

    def places(self) -> list[int]:
        """Each seat's place in the display ranking (`ranking`), equal black and white chips sharing one (1-2-2-4)."""
        def key(seat: int) -> tuple:
            return (seat != self.winner, seat == self.disqualified, -self.black[seat], -self.white[seat])

        return [1 + sum(key(other) < key(seat) for other in range(self.n)) for seat in range(self.n)]

    def end_reason(self) -> str | None:
        """How the game was decided (5.1), None before the end: "target" (a player reached the target), else a
        player ran out of white chips and "most_black" (one player had the most black chips), "last_round" (a tie
        on black chips, broken by the last round's winner), "white" (broken by the most white chips) or
        "overtime" (the overtime round decided it)."""
        if self.winner is None:
            return None
        if self.overtime:
            return "overtime"
        if self.disqualified is None:
            return "target"
        others = [s for s in range(self.n) if s != self.disqualified]
        most = max(self.black[s] for s in others)
        tied = [s for s in others if self.black[s] == most]
        if len(tied) == 1:
            return "most_black"
        return "last_round" if self.last_round_winner in tied else "white"

    def deals_played(self) -> int:
        return self.round_no

    # --- applying --------------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        if phase == DEAL:
            seat = self.dealt // self.hand_cards
            self.log.append(DEALT[seat])
            self.own_draws[seat].append(action)
            return self._deal(action)
        if phase == START:
            self.log.append(action)
            self.current, self.phase = action, TURN_PHASE
            return [StartPlayer(action), RoundStarted(1, action, False)]
        if phase == LEFTOVER:
            self.log.append(DREW[self.decider])  # type: ignore[index]
            self.own_draws[self.decider].append(action)  # type: ignore[index]
            return self._draw_leftover(action)
        kind = type(action)
        if kind is TakePile:
            self.log.append((self.decider, Took(action.owner, tuple(self.pile[action.owner]))))
            return self._take_pile(action.owner)
        if kind is ChooseStarter:
            self.log.append((self.decider, action))
            return self._start_overtime(action.seat)
        self.log.append((self.current, action))
        if kind is Card:
            return self._add_card(action.kind)
        if kind is EndPlay:
            return self._end_play(action.shot)
        if kind is Bet:
            return self._bet(action.target)
        return self._declare()

    def _deal(self, kind: str) -> list:
        seat = self.dealt // self.hand_cards
        self.deck[kind] -= 1
        self.hand[seat][kind] += 1
        self.dealt += 1
        if self.dealt == self.n * self.hand_cards:
            self.phase = START
        return [CardDealt(seat, kind)]

    def _add_card(self, kind: str) -> list:
        seat = self.current
        before = self.line_value if self.line else self.value
        value = step(before, kind)
        self.hand[seat][kind] -= 1
        if self.known[seat][kind]:
            self.known[seat][kind] -= 1
        self.line.append(kind)
        self.line_value = value  # type: ignore[assignment]
        self.phase = BUILD
        clamped = kind in NEGATIVE and before - NEGATIVE[kind] < 0
        return [CardAdded(seat, kind, self.line_value, clamped)]

    def outcome(self, cards: tuple[str, ...], shot: int | None) -> PlayOutcome:
        """What a legal play of `cards` (the whole play, in order) with `shot` leads to, from the value before it
        (spec 4.3.1, resolution steps 2-5): the running values, the direction, the Doubles handed on, who is next."""
        values, running = [], self.value
        for kind in cards:
            running = STEPS[running][kind]  # step(), looked up
            values.append(running)
        direction = -self.direction if cards.count(TURN) % 2 else self.direction
        doubles = cards.count(DOUBLE) + (self.doubles if self.doubles and PASS in cards else 0)
        me = self.current
        if SHOT in cards:
            following = shot
        elif self.skip:  # V1: the (1 + skips mod m)-th of the other participants in the direction of play
            others, seat = [], me
            for _ in range(len(self.participants) - 1):
                seat = self.neighbour(seat, direction)
                others.append(seat)
            following = others[sum(1 for kind in cards if kind in NEGATIVE) % len(others)]
        else:
            following = self.neighbour(me, direction)
        return PlayOutcome(tuple(values), direction, doubles, following)  # type: ignore[arg-type]

    def _end_play(self, shot: int | None) -> list:
        me, line = self.current, tuple(self.line)
        result = self.outcome(line, shot)
        self.pile[me].extend(line)
        self.value = self.line_value
        turned = result.direction != self.direction
        self.direction = result.direction
        self.last_actor, self.doubles, self.current = me, result.doubles, result.next
        self.line, self.line_value, self.phase = [], 0, TURN_PHASE
        return [Played(me, line, result.values, self.value, self.direction, result.doubles, result.next,
                       shot if SHOT in line else None, turned)]

    def _bet(self, target: int) -> list:
        me, cancelled = self.current, self.doubles
        self.bet_of[me] = target
        self.doubles, self.last_actor, self.current = 0, me, target
        return [BetPlaced(me, target, cancelled)]

    def _declare(self) -> list:
        declarer = self.current
        events: list = [Declared(declarer)]
        self.white[declarer] -= 1
        bettor = self.under(declarer)
        winner = bettor if bettor is not None else self.last_actor
        self.black[winner] += 1
        self.black_supply -= 1
        self.last_round_winner = winner
        events.append(RoundWon(winner, declarer, bettor is not None, self.white[declarer], self.black[winner]))
        if self.overtime:
            return events + self._game_over(winner)
        if self.black[winner] >= self.target:
            return events + self._game_over(winner)
        if self.white[declarer] == 0:
            self.disqualified = declarer
            events.append(Disqualified(declarer))
            others = [s for s in range(self.n) if s != declarer]
            most = max(self.black[s] for s in others)
            tied = [s for s in others if self.black[s] == most]
            if winner in tied:
                return events + self._game_over(winner)
            whitest = max(self.white[s] for s in tied)
            tied = [s for s in tied if self.white[s] == whitest]
            if len(tied) == 1:
                return events + self._game_over(tied[0])
            self.tied, self.decider, self.phase = tuple(tied), declarer, OVERTIME_START
            return events + [OvertimeCalled(self.tied, declarer)]
        self.bet_of = [None] * self.n
        self.value, self.doubles = 0, 0
        self.decider, self.phase = declarer, TAKE_PILE
        return events

    def _take_pile(self, owner: int) -> list:
        me = self.decider
        cards = tuple(self.pile[owner])
        self.hand[me].update(cards)
        self.known[me].update(cards)
        self.pile[owner] = []
        leftover = sum(self.deck.values()) if self.round_no == 1 else 0
        events: list = [PileTaken(me, owner, cards, leftover)]
        if leftover:
            self.to_draw, self.phase = leftover, LEFTOVER
            return events
        return events + self._new_round()

    def _draw_leftover(self, kind: str) -> list:
        me = self.decider
        self.deck[kind] -= 1
        self.hand[me][kind] += 1
        self.to_draw -= 1
        events: list = [LeftoverDrawn(me, kind)]
        return events + (self._new_round() if self.to_draw == 0 else [])

    def _new_round(self) -> list:
        starter = self.decider
        self.round_no += 1
        self.current, self.last_actor, self.decider, self.phase = starter, None, None, TURN_PHASE
        return [RoundStarted(self.round_no, starter, False)]

    def _start_overtime(self, seat: int) -> list:
        self.participants, self.overtime = tuple(sorted(self.tied)), True
        self.bet_of = [None] * self.n
        self.value, self.doubles, self.last_actor = 0, 0, None
        self.round_no += 1
        self.current, self.decider, self.phase = seat, None, TURN_PHASE
        return [RoundStarted(self.round_no, seat, True)]

    def _game_over(self, winner: int) -> list:
        self.winner, self.phase = winner, OVER
        return [GameOver(winner, self.end_reason())]

    # --- copies, views, worlds -------------------------------------------------------------------------------------
    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.history = list(self.history)
        other.n, other.skip, other.no_wallflower, other.extra_life = self.n, self.skip, self.no_wallflower, \
            self.extra_life
        other.black_supply, other.value, other.direction, other.doubles = self.black_supply, self.value, \
            self.direction, self.doubles
        other.current, other.last_actor, other.round_no = self.current, self.last_actor, self.round_no
        other.participants, other.overtime, other.last_round_winner = self.participants, self.overtime, \
            self.last_round_winner
        other.disqualified, other.winner, other.phase, other.decider = self.disqualified, self.winner, self.phase, \
            self.decider
        other.tied, other.line_value, other.dealt, other.to_draw = self.tied, self.line_value, self.dealt, \
            self.to_draw
        other.hand = [Counter(h) for h in self.hand]
        other.known = [Counter(k) for k in self.known]
        other.pile = [list(p) for p in self.pile]
        other.deck = Counter(self.deck)
        other.white, other.black, other.bet_of = list(self.white), list(self.black), list(self.bet_of)
        other.line = list(self.line)
        other.log, other.own_draws = self.log[:], [draws[:] for draws in self.own_draws]
        other._resample_view = None
        return other

    def view(self, seat: int) -> NeuNoirView:
        mover = self.current_player()
        return NeuNoirView(
            seat=seat, players=self.n, phase=self.phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (),
            hand=counts(self.hand[seat]), hand_sizes=tuple(self.hand_size(s) for s in range(self.n)),
            known=tuple(counts(k) for k in self.known), piles=tuple(tuple(p) for p in self.pile),
            leftover=sum(self.deck.values()) if self.round_no == 1 else 0, line=tuple(self.line),
            line_value=self.line_value, white=tuple(self.white), black=tuple(self.black),
            black_supply=self.black_supply, bet_of=tuple(self.bet_of), value=self.value, direction=self.direction,
            doubles=self.doubles, current=self.current, last_actor=self.last_actor, round_no=self.round_no,
            participants=self.participants, overtime=self.overtime, last_round_winner=self.last_round_winner,
            disqualified=self.disqualified, decider=self.decider, tied=self.tied, winner=self.winner,
            dealt=self.dealt, options=(self.skip, self.no_wallflower, self.extra_life), log=tuple(self.log),
            own_draws=tuple(self.own_draws[seat]))

    def action_key(self, action: Any, observer: int) -> Any:
        """A card dealt or drawn from the leftover is seen by its holder only; every decision is public."""
        if self.phase == DEAL:
            seat = self.dealt // self.hand_cards
            return action if seat == observer else Dealt(seat)
        if self.phase == LEFTOVER:
            return action if self.decider == observer else Drew(self.decider)
        return action

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat): the known cards of each hand kept, the rest of the unseen
        cards dealt at random into the other hands; what is left is the deck (the leftover). Search resamples the
        same position many times, so the view and what its worlds' histories share are kept until the next action."""
        view, shared_ = kept_view(self, seat, history_template)
        return from_view(view, rng, shared_)  # type: ignore[return-value]

    # --- text and codec ----------------------------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        return str(action)

    def action_to_json(self, action: Any) -> Any:
        kind = type(action)
        if kind is Card:
            return ["card", action.kind]
        if kind is EndPlay:
            return ["end", action.shot]
        if kind is Bet:
            return ["bet", action.target]
        if kind is Declare:
            return ["declare"]
        if kind is TakePile:
            return ["take", action.owner]
        if kind is ChooseStarter:
            return ["starter", action.seat]
        return action  # a chance outcome: a kind, or the start seat

    def action_from_json(self, data: Any) -> Any:
        if isinstance(data, str) and data in DECK:
            return data
        if type(data) is int:
            return data
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise IllegalAction(f"not a Neu/Noir action: {data!r}")
        tag, args = data[0], data[1:]
        if tag == "card" and len(args) == 1 and args[0] in DECK:
            return Card(args[0])
        if tag == "end" and len(args) == 1 and (args[0] is None or type(args[0]) is int):
            return EndPlay(args[0])
        if tag == "declare" and not args:
            return DECLARE
        if tag in ("bet", "take", "starter") and len(args) == 1 and type(args[0]) is int:
            return {"bet": Bet, "take": TakePile, "starter": ChooseStarter}[tag](args[0])
        raise IllegalAction(f"not a Neu/Noir action: {data!r}")

    def explain_illegal(self, action: Any) -> str:
        if type(action) is Card and self.phase in (TURN_PHASE, BUILD):
            if not self.hand[self.current][action.kind]:
                return f"there is no {action.kind} in the hand"
            if step(self.line_value if self.line else self.value, action.kind) is None:
                return f"{action.kind} would take the value over 101"
            return f"after {action.kind} the play could not be finished (too few cards left for the Doubles)"
        if type(action) is Declare and self.last_actor is None:
            return "nobody has taken a turn this round yet: declaring is not allowed on a round's first turn"
        return f"{action!r} is not a legal action here"

    def play_problem(self, cards: list[str], shot: int | None) -> tuple[str, dict] | None:
        """Why the whole play `cards` (in order) with `shot` is not legal now (spec 4.3.1 L1-L4), as a code and its
        details ("phase", "empty", "not_held", "few" {need}, "over" {kind, at}, "shot", "no_shot"), or None."""
        if self.phase != TURN_PHASE:
            return "phase", {}
        if not cards:
            return "empty", {}
        if Counter(cards) - self.hand[self.current]:
            return "not_held", {}
        if len(cards) < self._minimum(PASS in cards):
            return "few", {"need": 1 + self.doubles}
        value = self.value
        for at, kind in enumerate(cards):
            value = step(value, kind)
            if value is None:
                return "over", {"kind": kind, "at": at}
        if SHOT in cards:
            if shot is None or shot == self.current or shot not in self.participants:
                return "shot", {}
        elif shot is not None:
            return "no_shot", {}
        return None

    def check_play(self, cards: list[str], shot: int | None) -> str | None:
        """`play_problem` in words (for messages and tests), or None when the play is legal."""
        problem = self.play_problem(cards, shot)
        if problem is None:
            return None
        code, details = problem
        return {"phase": "it is not the moment to play", "empty": "a play needs at least one card",
                "not_held": "the play holds cards that are not in the hand",
                "few": f"with Doubles pending the play needs {details.get('need')} cards or a Pass",
                "over": f"{details.get('kind')} would take the value over 101",
                "shot": "a Shot names another player at the table",
                "no_shot": "only a play with a Shot names the next player"}[code]

    def statistics(self) -> dict:
        return {"rounds": self.round_no, "black": list(self.black), "white": list(self.white),
                "winner": self.winner, "disqualified": self.disqualified, "overtime": self.overtime}


# --- the arithmetic of a play (pure) ---------------------------------------------------------------------------------
class PlayOutcome(NamedTuple):
    values: tuple[int, ...]  # the running value after each card
    direction: int
    doubles: int  # pending for the next player
    next: int


def bettor_under(bet_of: list[int | None] | tuple[int | None, ...], seat: int) -> int | None:
    """Whose bet chip lies under `seat`'s marker (`bet_of[owner]` is where owner's chip lies)."""
    return next((owner for owner, on in enumerate(bet_of) if on == seat), None)


def legal_order(value: int, cards: list[str]) -> list[str] | None:
    """An order of `cards` that never takes the value over 101 from `value` (the play builder's "reorder for me"),
    or None: a search over the kinds left and the value reached, each failed pair remembered."""
    failed: set[tuple] = set()

    def search(left: Counter, value: int) -> list[str] | None:
        if not +left:
            return []
        key = (tuple(sorted((+left).items())), value)
        if key in failed:
            return None
        for kind in [k for k in KINDS if left[k]]:
            after = step(value, kind)
            if after is None:
                continue
            left[kind] -= 1
            rest = search(left, after)
            left[kind] += 1
            if rest is not None:
                return [kind, *rest]
        failed.add(key)
        return None

    return search(Counter(cards), value)


def step(value: int, kind: str) -> int | None:
    """The value after `kind`, or None if it would go over 101 (spec L3)."""
    if kind in POSITIVE:
        after = value + POSITIVE[kind]
        return after if after <= 101 else None
    if kind in NEGATIVE:
        return max(0, value - NEGATIVE[kind])
    return 101 if kind == R101 else value


STEPS = tuple({kind: step(value, kind) for kind in KINDS} for value in range(102))  # step() by value, then kind
FITTING_CARDS = tuple(tuple((kind, CARDS[kind]) for kind in KINDS if steps[kind] is not None) for steps in STEPS)
# the kinds that may be played at each value 0-101 (spec L3) and their cards, in canonical order


def can_finish(value: int, played: int, minimum: int, hand: Counter) -> bool:
    """Whether a play at `value` with `played` cards so far can reach `minimum` cards with cards of `hand`, never
    going over 101. A Pass still in hand ends the need at once (a play with a Pass needs one card); otherwise
    instructions, negatives and 101s always fit, and the most positives fit after every negative (the value at its
    lowest), smallest first."""
    needed = minimum - played
    if needed <= 0 or hand[PASS]:
        return True
    safe = sum(hand[k] for k in (*INSTRUCTIONS, *NEGATIVE, R101))
    if safe >= needed:
        return True
    low = max(0, value - sum(NEGATIVE[k] * hand[k] for k in NEGATIVE))
    fitted = 0
    for kind in sorted(POSITIVE, key=POSITIVE.get):
        for _ in range(hand[kind]):
            if low + POSITIVE[kind] > 101:
                break
            low += POSITIVE[kind]
            fitted += 1
    return safe + fitted >= needed


def counts(hand: Counter) -> tuple[tuple[str, int], ...]:
    """(kind, count) of each kind `hand` holds, in the canonical order (a view's form of a hand)."""
    return tuple(sorted([item for item in hand.items() if item[1]], key=_kind_order)) if hand else ()


def _kind_order(item: tuple[str, int]) -> int:
    return KIND_ORDER[item[0]]


def whole_plays(state: NeuNoirState) -> list[tuple[tuple[str, ...], int | None]]:
    """One legal play per outcome class (spec 4.10: the multiset of kinds, the final value, the Shot target): the
    instructions first, then an order of the numbers that reaches that value. Full enumeration, for tests."""
    hand = state.hand[state.current]
    instructions = [k for k in INSTRUCTIONS if hand[k]]
    numbers = [k for k in KINDS if k not in INSTRUCTIONS and hand[k]]
    found: dict[tuple, tuple[str, ...]] = {}

    def orders(left: Counter, value: int, order: tuple[str, ...], out: dict) -> None:
        if not +left:
            out.setdefault(value, order)
            return
        for kind in numbers:
            if left[kind]:
                after = step(value, kind)
                if after is not None:
                    left[kind] -= 1
                    orders(left, after, (*order, kind), out)
                    left[kind] += 1

    def subsets(i: int, chosen: Counter) -> None:
        if i == len(numbers):
            for spec in _instruction_picks(hand, instructions):
                cards = Counter(chosen) + Counter(spec)
                size = sum(cards.values())
                if size == 0 or size < state._minimum(PASS in spec):
                    continue
                reached: dict[int, tuple[str, ...]] = {}
                orders(Counter(chosen), state.value, tuple(spec), reached)
                for value, order in reached.items():
                    found.setdefault((tuple(sorted(cards.items())), value), order)
            return
        kind = numbers[i]
        for count in range(hand[kind] + 1):
            chosen[kind] = count
            subsets(i + 1, chosen)
        del chosen[kind]

    subsets(0, Counter())
    plays = []
    others = [t for t in state.participants if t != state.current]
    for order in found.values():
        plays += [(order, t) for t in others] if SHOT in order else [(order, None)]
    return plays


def _instruction_picks(hand: Counter, instructions: list[str]) -> list[tuple[str, ...]]:
    picks: list[tuple[str, ...]] = [()]
    for kind in instructions:
        picks = [(*pick, *([kind] * count)) for pick in picks for count in range(hand[kind] + 1)]
    return picks


def unseen(view: NeuNoirView) -> Counter:
    """The cards `view.seat` has not seen: the deck less its own hand, every pile and the play in progress."""
    left = Counter(DECK)
    left.subtract(dict(view.hand))
    for pile in view.piles:
        left.subtract(pile)
    left.subtract(view.line)
    return +left


FINISH_TRIES = 10_000  # the true hand always qualifies; this only bounds a freak run of rejections


def _can_go_on(view: NeuNoirView, hand: Counter) -> bool:
    """Whether a player with `hand` can finish its play in progress (each card it played was offered only if it
    could, spec 4.10: with Doubles to pay, a hand may not be able to)."""
    minimum = 1 + view.doubles if view.doubles and PASS not in view.line else 1
    return can_finish(view.line_value, len(view.line), minimum, hand)


def from_view(view: NeuNoirView, rng: Random, template: Template | None = None) -> NeuNoirState:
    """A full state consistent with `view`: each other hand holds its known cards and random unseen cards up to its
    size; the unseen cards left over are the deck (the leftover, while it lasts; the rest of the deal, mid-deal).
    Its history leads to it (`_history`); `template` is `history_template(view)`, if already worked out."""
    skip, no_wallflower, extra_life = view.options
    state = NeuNoirState(view.players, skip, no_wallflower, extra_life)
    pool = unseen(view)
    hands = [Counter() for _ in range(view.players)]
    hands[view.seat] = Counter(dict(view.hand))
    for s in range(view.players):
        if s != view.seat:
            hands[s] = Counter(dict(view.known[s]))
            pool.subtract(hands[s])
    pool = +pool
    known = hands
    for _ in range(FINISH_TRIES):  # rejection keeps the deal uniform over the hands that can finish the play
        cards = [kind for kind in KINDS for _ in range(pool[kind])]
        rng.shuffle(cards)
        hands = [Counter(hand) for hand in known]
        for s in range(view.players):
            if s != view.seat:
                for _ in range(view.hand_sizes[s] - sum(hands[s].values())):
                    hands[s][cards.pop()] += 1
        if view.phase != BUILD or view.current == view.seat or _can_go_on(view, hands[view.current]):
            break
    else:
        raise ValueError("no deal lets the player finish its play in progress")
    state.hand = hands
    state.deck = Counter(cards)
    state.known = [Counter(dict(k)) for k in view.known]
    state.pile = [list(p) for p in view.piles]
    state.white, state.black, state.bet_of = list(view.white), list(view.black), list(view.bet_of)
    state.black_supply, state.value, state.direction, state.doubles = (view.black_supply, view.value,
                                                                       view.direction, view.doubles)
    state.current, state.last_actor, state.round_no = view.current, view.last_actor, view.round_no
    state.participants, state.overtime = view.participants, view.overtime
    state.last_round_winner, state.disqualified, state.winner = (view.last_round_winner, view.disqualified,
                                                                 view.winner)
    state.phase, state.decider, state.tied = view.phase, view.decider, view.tied
    state.line, state.line_value, state.dealt = list(view.line), view.line_value, view.dealt
    state.to_draw = sum(state.deck.values()) if view.phase == LEFTOVER else 0
    state.log = list(view.log)
    state.own_draws[view.seat] = list(view.own_draws)
    _history(view, state, template or history_template(view))
    return state


class Template(NamedTuple):
    """What the histories of all the worlds of a view share (`history_template`); `_history` fills in the rest."""

    history: list  # the log as actions, None where another seat's card goes
    plans: dict[int, DrawPlan]  # per other seat, where in `history` its cards go, those it played drawn first
    changes: dict[int, Counter]  # per other seat, the cards it played less those it took in


def history_template(view: NeuNoirView) -> Template:
    """Where each other seat's cards were dealt or drawn, and what it was seen to take in and play."""
    seat = view.seat
    if view.log[:1] == (SET_UP,):
        return Template([], {}, {})
    history: list = []
    mine = iter(view.own_draws)
    slots: dict[int, list[int]] = {}
    changes: dict[int, list[tuple[int, str, int]]] = {}
    for entry in view.log:
        kind = type(entry)
        if kind is Dealt or kind is Drew:
            if entry.seat == seat:
                history.append(next(mine))
            else:
                slots.setdefault(entry.seat, []).append(len(history))
                history.append(None)
        elif kind is tuple:
            mover, action = entry
            what = type(action)
            if what is Took:
                history.append(TakePile(action.owner))
                if mover != seat:
                    changes.setdefault(mover, []).extend((len(history) - 1, card, 1) for card in action.cards)
                continue
            history.append(action)
            if what is Card and mover != seat:
                changes.setdefault(mover, []).append((len(history) - 1, action.kind, -1))
        else:  # the start player
            history.append(entry)
    plans = {s: plan_draws(at, {}, changes.get(s, ())) for s, at in slots.items()}
    net = {s: Counter() for s in slots}
    for s, change in changes.items():
        for _, kind, sign in change:
            net[s][kind] -= sign
    return Template(history, plans, net)


def _history(view: NeuNoirView, world: NeuNoirState, template: Template) -> None:
    """Give `world` its history and the others' cards dealt and drawn: each other seat was dealt or drew its hand in
    the world with the cards it played and without those it took in, the played ones before it played them."""
    if view.log[:1] == (SET_UP,):
        return
    history = template.history[:]
    for other, plan in template.plans.items():
        cards = world.hand[other] + template.changes[other]  # its hand, with what it played, less what it took
        order = fill_draws(plan, cards, KIND_ORDER.get)
        for at, kind in zip(plan.slots, order, strict=True):
            history[at] = kind
        world.own_draws[other] = order
    world.history = history


def new_state(players: int = 4, skip: bool | str = "off", no_wallflower: bool | str = "off",
              extra_life: bool | str = "off") -> NeuNoirState:
    """A new game for 4-7 players; chance deals the hands and picks the start player. The variants (spec 7, all off
    by default) are "on" / "off" (the setup screen's options) or booleans."""
    def on(value: bool | str) -> bool:
        if value in (True, False, "on", "off"):
            return value in (True, "on")
        raise ValueError(f"a Neu/Noir variant is on or off, not {value!r}")
    return NeuNoirState(players, on(skip), on(no_wallflower), on(extra_life))


# --- positions for tests (spec section 8) ----------------------------------------------------------------------------
TOKENS = {**{str(n): f"N{n}" for n in (*range(1, 11), 50)}, "-1": "M1", "-10": "M10", "101": R101,
          **{k: k for k in INSTRUCTIONS}}


def cards(text: str) -> list[str]:
    """'50 10 DOUBLE 3' -> kinds in order."""
    return [TOKENS[token] for token in text.split()]


def position(players: int = 4, hands: dict[int, str] | None = None, current: int = 0, value: int = 0,
             direction: int = CW, doubles: int = 0, last: int | None = 3, bets: dict[int, int] | None = None,
             piles: dict[int, str] | None = None, round_no: int = 2, white: list[int] | None = None,
             black: list[int] | None = None, **options: bool) -> NeuNoirState:
    """A position in phase TURN built directly (spec 8's notation): seat -> hand text, and the rest as given; the
    cards not in any hand or pile are the deck (the leftover in round 1)."""
    state = NeuNoirState(players, **options)
    state.log.append(SET_UP)
    state.hand = [Counter(cards((hands or {}).get(s, ""))) for s in range(players)]
    state.pile = [cards((piles or {}).get(s, "")) for s in range(players)]
    deck = Counter(DECK)
    for held in (*state.hand, *map(Counter, state.pile)):
        deck.subtract(held)
    if min(deck.values(), default=0) < 0:
        raise ValueError("more cards than the deck holds")
    state.deck = +deck if round_no == 1 else Counter()
    state.dealt = players * state.hand_cards
    state.current, state.value, state.direction, state.doubles = current, value, direction, doubles
    state.last_actor, state.round_no = last, round_no
    for owner, target in (bets or {}).items():
        state.bet_of[owner] = target
    if white is not None:
        state.white = list(white)
    if black is not None:
        state.black = list(black)
        state.black_supply = BLACK_SUPPLY - sum(black)
    state.phase = TURN_PHASE
    return state


def play(state: NeuNoirState, text: str, shot: int | None = None) -> list:
    """Apply a whole play given as text ('-10 50'), card by card, then its end; the events."""
    events = []
    for kind in cards(text):
        events += state.apply(Card(kind))
    return events + state.apply(EndPlay(shot))
