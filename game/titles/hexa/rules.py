"""Hexa (ヘキサ): the rules engine, exactly per shared/rules/hexa.md (sections 2-7).

Two players, three pieces each on a board of three columns (side columns of 5 hexes, a centre of 6; "Long Field":
7 and 8). Seats are 0 and 1; the first chance node picks which seat is P1 (▲, moves first, starts at the bottom
rows). Rows are counted from P1's rear edge in every column, so P1 steps +1 and P2 steps -1.

Decisions where the spec leaves a choice to the implementation:
- **Cards are ranks.** Suits never matter for any rule (spec 1), so the engine deals ranks: four of each of A, 2-10,
  J, Q, K and two jokers ("JK"). The deck is a count per rank, never an order (lazy drawing: a draw is a chance
  node weighted by what is left, the same as the top card of a uniformly shuffled deck), and a reshuffle simply
  turns the discard pile into the deck. Actions name ranks too (`Commit("7")`, `DeclareSet("A", "2", "3")`,
  `Take("JK")`), which is the spec's "deduplicate by rank". The spec's test vectors are read with their suits
  dropped; the table shows each card's rank and category instead of a suit.
- A draw is a chance node of the seat drawing; the queue of draws is public (who draws, and why), the card only
  to the drawer. The attacker's committed card is the attacker's decision, hidden from the defender
  (`action_key`) until both are turned over; it stays counted in the attacker's hand until then.
- **What the opponent knows of a hand** (`known`): every card taken back by recovery, and the whole hand at each
  reshuffle (spec 6). When a card of a rank leaves the hand, one known card of that rank is forgotten (the one
  played may have been the known one), so `known` is always a lower bound that both players can work out; a flag
  redraw throws away the card just drawn, never a known one, so it forgets none.
- **The public log** (`log`): the game as the table saw it, each decision with its mover, a card drawn as who drew
  it (`Drew`), the attacker's battle card as `Committed` until the reveal tells it, a flag redraw with the card
  thrown away (`Redrew`), and at each reshuffle the new deck and both hands (`Shuffle`, spec 6). Each seat also
  remembers its own draws (`own_draws`). A world's history is that log with the other's draws filled in
  (`_history`): between two reshuffles the other drew exactly the cards that left the deck and not to this seat
  (in the last stretch, less the world's deck), and they are put in its draws so that it held every card it
  played when it played it (the cards it needed, earliest need first, in its earliest draws).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Any, NamedTuple, Self

from game.core.cards import schedule_draws
from game.core.engine import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    State,
    kept_view,
    tagged_from_json,
    tagged_to_json,
)

RULES_VERSION = "hexa/1"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"
BLANK = "blank"  # the card of a player who has none and can draw none (A12)
KINDS = (*RANKS, JOKER)
KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}
COPIES = {**dict.fromkeys(RANKS, 4), JOKER: 2}
DECK_SIZE = sum(COPIES.values())  # 54
INDEX = {rank: i + 1 for i, rank in enumerate(RANKS)}  # A 1 ... K 13: the battle value and the set index
ACE, NUMBER, FACE = "ace", "number", "face"
CATEGORY = {"A": ACE, **{r: NUMBER for r in RANKS[1:10]}, "J": FACE, "Q": FACE, "K": FACE, JOKER: "joker",
            BLANK: "blank"}
SUPPORT = 3  # each supporting piece adds 3
HAND = 3  # cards dealt to each player
TURN_LIMIT = 300  # the engine safeguard (A16): a draw after this many player-turns
COLUMNS = ("L", "C", "R")
COLUMN_INDEX = {column: i for i, column in enumerate(COLUMNS)}
FIELDS = {"standard": {"L": 5, "C": 6, "R": 5}, "long": {"L": 7, "C": 8, "R": 7}}
FLAG_ROW = {"standard": 2, "long": 3}  # the flag stands on the centre hex of the right column (A2)

# phases
START, DRAW, FLAG_REDRAW, RECOVERY, RECOVER_PICK, MOVE, ATTACK, DEFEND, OVER = (
    "start", "draw", "flag_redraw", "recovery", "recover_pick", "move", "attack", "defend", "over")
KEEP, REDRAW, END_RECOVERY = "keep", "redraw", "end_recovery"
# why a card is drawn
DEAL, TURN, REDRAWN, EMERGENCY, LOSS = "deal", "turn", "redraw", "emergency", "loss"
ATTACKER, DEFENDER, DRAWN = "attacker", "defender", "draw"  # battle outcomes


# --- decisions ---------------------------------------------------------------------------------------------------
class DeclareSet(NamedTuple):
    """Discard three cards forming a set (ranks in canonical order), then take one card back."""

    a: str
    b: str
    c: str


class Take(NamedTuple):
    rank: str


class Advance(NamedTuple):
    column: str


class Commit(NamedTuple):
    """A battle card, face down (BLANK when the hand is empty and nothing could be drawn)."""

    rank: str


DECISIONS = (DeclareSet, Take, Advance, Commit)
TAKES = {kind: Take(kind) for kind in KINDS}  # the actions made once (search lists them all the time)
ADVANCES = {column: Advance(column) for column in COLUMNS}
COMMITS = {kind: Commit(kind) for kind in (*KINDS, BLANK)}
BY_NAME = {cls.__name__: cls for cls in DECISIONS}


class Drew(NamedTuple):
    """What another seat sees of a card drawn by `seat`."""

    seat: int


class Committed(NamedTuple):
    """What the defender sees of the attacker's battle card before the reveal."""

    seat: int


DREW = (Drew(0), Drew(1))
COMMITTED = (Committed(0), Committed(1))


class Shuffle(NamedTuple):
    """The public log at a reshuffle: the new deck (the discard pile, in rank order) and both hands, which each
    player now knows (spec 6)."""

    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]


SET_UP = "set up"  # the log of a position set up for a test (`position`): no history leads to it


# --- events ------------------------------------------------------------------------------------------------------
class FirstPlayer(NamedTuple):
    seat: int


class CardDrawn(NamedTuple):
    seat: int
    rank: str | None  # PRIVATE to `seat`
    reason: str
    deck_left: int


class Reshuffled(NamedTuple):
    cards: int  # the discard pile, now the deck


class DrawSkipped(NamedTuple):
    seat: int  # deck and discard pile both empty (A15)


class TurnStarted(NamedTuple):
    seat: int
    turn: int


class Kept(NamedTuple):
    seat: int


class Redrew(NamedTuple):
    seat: int
    rank: str  # the card thrown away, face up


class SetDeclared(NamedTuple):
    seat: int
    ranks: tuple[str, str, str]


class CardTaken(NamedTuple):
    seat: int
    rank: str  # shown to the opponent


class Moved(NamedTuple):
    seat: int
    column: str
    source: int
    target: int


class FlagTaken(NamedTuple):
    seat: int


class BattleStarted(NamedTuple):
    attacker: int
    column: str
    source: int
    target: int
    support: tuple[int, int]  # the attacker's and the defender's supporting pieces


class CardCommitted(NamedTuple):
    seat: int
    rank: str | None  # PRIVATE to `seat` until the reveal


class BattleResolved(NamedTuple):
    attacker: int
    column: str
    cards: tuple[str, str]  # the attacker's, the defender's
    strengths: tuple[int | None, int | None]  # value + 3 x support where compared (None: decided by category)
    outcome: str  # ATTACKER, DEFENDER or DRAWN
    destroyed: bool  # the defender's piece was beaten on its own rear hex
    thrown_back: int | None  # the row the loser's piece was thrown back to (None: destroyed, a draw, or it stood
    # there already: an attack from its own rear hex)


class GameOver(NamedTuple):
    winner: int | None  # None: a draw by the safeguard
    column: str | None  # where the goal was reached


# --- the board ---------------------------------------------------------------------------------------------------
def coords(column: str, row: int) -> tuple[int, int]:
    """(x, y) in half-hex units (spec 2.2): side hex r at y = 2r + 1, centre hex k at y = 2k."""
    return (0, 2 * row + 1) if column == "L" else (2, 2 * row + 1) if column == "R" else (1, 2 * row)


@lru_cache(maxsize=4096)  # the board is small; search asks the same pairs all the time
def adjacent(a: tuple[str, int], b: tuple[str, int]) -> bool:
    (xa, ya), (xb, yb) = coords(*a), coords(*b)
    return (xa == xb and abs(ya - yb) == 2) or (abs(xa - xb) == 1 and abs(ya - yb) == 1)


def neighbours(field: str, hex_: tuple[str, int]) -> list[tuple[str, int]]:
    lengths = FIELDS[field]
    return [(c, r) for c in COLUMNS for r in range(lengths[c]) if adjacent(hex_, (c, r))]


def hex_name(column: str, row: int) -> str:
    return f"{column}{row}"


# --- cards -------------------------------------------------------------------------------------------------------
def is_set(ranks: tuple[str, ...] | list[str], wrap: bool = True) -> bool:
    """Three cards of one rank, or a run of three on the cycle A-2-...-K-A (without `wrap`: K-A-2 is not a run);
    no jokers (spec 4.5)."""
    if len(ranks) != 3 or any(r not in INDEX for r in ranks):
        return False
    values = sorted(INDEX[r] for r in ranks)
    if values[0] == values[2]:
        return True
    if values in ([1, 12, 13], [1, 2, 13]):  # Q-K-A, K-A-2: across the ace
        return wrap or values == [1, 12, 13]
    return values[1] == values[0] + 1 and values[2] == values[1] + 1


def run_order(ranks: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A set's cards as a player reads the run: K-A-2 and Q-K-A across the ace, otherwise as given (rank order)."""
    values = sorted(INDEX[r] for r in ranks if r in INDEX)
    if values == [1, 2, 13]:
        return ("K", "A", "2")
    if values == [1, 12, 13]:
        return ("Q", "K", "A")
    return tuple(ranks)


def _all_sets(wrap: bool) -> tuple[DeclareSet, ...]:
    """Every set there is (three of a kind, the runs), in canonical order (by rank index)."""
    kinds = [DeclareSet(r, r, r) for r in RANKS]
    runs = [DeclareSet(*trio) for trio in combinations(RANKS, 3) if trio[0] != trio[1] and is_set(trio, wrap)]
    return tuple(sorted(kinds + runs, key=lambda s: tuple(INDEX[r] for r in s)))


WRAPPED_SETS, PLAIN_SETS = _all_sets(True), _all_sets(False)


def battle_outcome(a: str, d: str, support_a: int, support_d: int) -> str:
    """Spec 4.4: ATTACKER, DEFENDER or DRAWN for the cards `a` (attacker's) and `d`, each side's supporting pieces."""
    if a == JOKER or d == JOKER:
        return DRAWN
    if a == BLANK or d == BLANK:
        return DRAWN if a == d else DEFENDER if a == BLANK else ATTACKER
    ca, cd = CATEGORY[a], CATEGORY[d]
    if ca == FACE and cd == NUMBER:
        return ATTACKER
    if cd == FACE and ca == NUMBER:
        return DEFENDER
    if ca == ACE and cd == FACE:
        return ATTACKER
    if cd == ACE and ca == FACE:
        return DEFENDER
    va, vd = strength(a, support_a), strength(d, support_d)
    return ATTACKER if va > vd else DEFENDER if vd > va else DRAWN


def strength(rank: str, support: int) -> int:
    return INDEX[rank] + SUPPORT * support


def compared(a: str, d: str) -> bool:
    """Whether a battle of these cards is decided by comparing strengths (rule 5), not by category."""
    if JOKER in (a, d) or BLANK in (a, d):
        return False
    pair = {CATEGORY[a], CATEGORY[d]}
    return pair not in ({FACE, NUMBER}, {ACE, FACE})


class Battle(NamedTuple):
    """A battle in progress (public): who attacks where, and the supports counted at its start."""

    attacker: int
    column: str
    source: int
    target: int
    support: tuple[int, int]


# --- the view ----------------------------------------------------------------------------------------------------
class HexaView(NamedTuple):
    """Exactly what `seat` may see."""

    seat: int
    field: str
    wrap: bool
    phase: str
    to_move: int
    legal: tuple
    first: int | None  # the seat that is P1 (▲)
    cur: int | None
    turn: int
    positions: tuple  # per seat, per column (L, C, R) the row of its piece (None: destroyed)
    hand: tuple  # its own hand, in rank order
    hand_sizes: tuple[int, int]
    known: tuple  # per seat, the cards of its hand the other knows (rank order)
    deck_size: int
    discard: tuple  # the discard pile, oldest first
    flag: int | None
    drawn: str | None  # the card just drawn at the turn's start, to its drawer while they may redraw
    draws: tuple  # the draws still to come: (seat, reason)
    then: str  # the phase after the draws
    battle: Battle | None
    committed: str | None  # its own battle card, face down
    attacker_committed: bool  # whether the attacker's card is down
    redrawn: bool  # the turn's redraw is used
    winner: int | None
    over: bool
    log: tuple = ()  # the public log (see the module docstring)
    own_draws: tuple = ()  # the ranks this seat drew, in order


# --- the state ---------------------------------------------------------------------------------------------------
class HexaState(State):
    """One position of a Hexa game."""

    TITLE = "hexa"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("field", "wrap", "lengths", "flag_hex", "first", "cur", "turn", "phase", "positions", "hand",
                 "deck", "deck_size", "discard", "flag", "known", "draws", "then", "drawn", "redrawn", "battle",
                 "committed", "winner", "turn_limit", "log", "own_draws", "_resample_view")

    def __init__(self, field: str = "standard", wrap: bool = True) -> None:
        super().__init__()
        if field not in FIELDS:
            raise ValueError(f"Hexa's field is standard or long, not {field!r}")
        self.field, self.wrap = field, wrap
        self.lengths = FIELDS[field]
        self.flag_hex = ("R", FLAG_ROW[field])
        self.first: int | None = None
        self.cur: int | None = None
        self.turn = 0
        self.phase = START
        self.positions: list[list[int | None]] = [[0, 0, 0], [self.lengths[c] - 1 for c in COLUMNS]]
        self.hand = [dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)]
        self.deck = dict(COPIES)
        self.deck_size = DECK_SIZE
        self.discard: list[str] = []
        self.flag: int | None = None
        self.known = [dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)]
        self.draws: list[tuple[int, str]] = []  # the draws to make, in order: (seat, reason)
        self.then = RECOVERY  # the phase after them
        self.drawn: str | None = None  # the turn-start card, while its drawer may still redraw it
        self.redrawn = False
        self.battle: Battle | None = None
        self.committed: list[str | None] = [None, None]
        self.winner: int | None = None
        self.turn_limit = TURN_LIMIT
        self.log: list = []  # the public log (see the module docstring)
        self.own_draws: list[list[str]] = [[], []]  # each seat's draws, in order (known to that seat)
        self._resample_view: tuple | None = None  # (key, view, template): see `resample`

    # --- queries -----------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat].values())

    def ranks(self, seat: int) -> list[str]:
        """The seat's hand in rank order."""
        hand = self.hand[seat]
        return [kind for kind in KINDS for _ in range(hand[kind])]

    def forward(self, seat: int) -> int:
        return 1 if seat == self.first else -1

    def rear(self, seat: int, column: str) -> int:
        return 0 if seat == self.first else self.lengths[column] - 1

    def goal(self, seat: int, column: str) -> int:
        return self.rear(1 - seat, column)

    def piece(self, seat: int, column: str) -> int | None:
        return self.positions[seat][COLUMN_INDEX[column]]

    def support(self, seat: int, column: str, hex_: tuple[str, int]) -> int:
        """The seat's pieces other than its one in `column` next to `hex_` (spec 4.4)."""
        count = 0
        for c, row in zip(COLUMNS, self.positions[seat], strict=True):
            if c != column and row is not None and adjacent((c, row), hex_):
                count += 1
        return count

    def defender(self) -> int:
        return 1 - self.battle.attacker  # type: ignore[union-attr]

    def current_player(self) -> int:
        phase = self.phase
        if phase in (START, DRAW):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == DEFEND:
            return self.defender()
        return self.cur  # type: ignore[return-value]

    def _legal_actions(self) -> list:
        phase, p = self.phase, self.current_player()
        if phase == FLAG_REDRAW:
            return [KEEP, REDRAW]
        if phase == RECOVERY:
            return [*self.sets(p), END_RECOVERY]
        if phase == RECOVER_PICK:
            return [TAKES[kind] for kind in KINDS if kind in self.discard]
        if phase == MOVE:
            return [ADVANCES[c] for c, row in zip(COLUMNS, self.positions[p], strict=True) if row is not None]
        if phase in (ATTACK, DEFEND):
            hand = self.hand[p]
            return [COMMITS[kind] for kind in KINDS if hand[kind]] or [COMMITS[BLANK]]
        return []

    def sets(self, seat: int) -> list[DeclareSet]:
        """Every distinct set in the seat's hand (by ranks), in canonical order."""
        hand = self.hand[seat]
        return [s for s in (WRAPPED_SETS if self.wrap else PLAIN_SETS)
                if (hand[s.a] >= 3 if s.a == s.b else hand[s.a] and hand[s.b] and hand[s.c])]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == START:
            return [(0, 0.5), (1, 0.5)]
        size, deck = self.deck_size, self.deck
        return [(kind, deck[kind] / size) for kind in KINDS if deck[kind]]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if seat == self.winner else 0.0 for seat in (0, 1)]

    def starting_seat(self) -> int | None:
        return self.first

    # --- apply -------------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        if phase == START:
            self.log.append(action)
            self.first = self.cur = action
            self.positions = [[0, 0, 0], [self.lengths[c] - 1 for c in COLUMNS]]
            if action == 1:
                self.positions.reverse()
            self.draws = [(action, DEAL)] * HAND + [(1 - action, DEAL)] * HAND
            self.then = "first_turn"
            return [FirstPlayer(action), *self._next_draw()]
        if phase == DRAW:
            seat = self.draws[0][0]
            self.log.append(DREW[seat])
            self.own_draws[seat].append(action)
            return self._draw(action)
        p = self.current_player()
        if phase == ATTACK:
            self.log.append((p, COMMITTED[p]))
        elif phase == DEFEND:  # the attacker's card is told: both are turned over now
            self.log[-1] = (1 - p, COMMITS[self.committed[1 - p]])  # type: ignore[index]
            self.log.append((p, action))
        elif phase != FLAG_REDRAW:
            self.log.append((p, action))
        if phase == FLAG_REDRAW:
            drawn, self.drawn = self.drawn, None
            if action == KEEP:
                self.log.append((p, KEEP))
                self.phase = RECOVERY
                return [Kept(p)]
            self.log.append((p, Redrew(p, drawn)))  # type: ignore[arg-type]
            self.redrawn = True
            # the card just drawn goes, never a known one, so nothing the other knows is forgotten (unlike _leave)
            self.hand[p][drawn] -= 1  # type: ignore[index]
            self.discard.append(drawn)  # type: ignore[arg-type]
            self.draws, self.then = [(p, REDRAWN)], RECOVERY
            return [Redrew(p, drawn), *self._next_draw()]  # type: ignore[arg-type]
        if phase == RECOVERY:
            if action == END_RECOVERY:
                self.phase = MOVE
                return []
            for rank in action:
                self._leave(p, rank)
            self.discard.extend(action)
            self.phase = RECOVER_PICK
            return [SetDeclared(p, tuple(action))]
        if phase == RECOVER_PICK:
            rank = action.rank
            at = len(self.discard) - 1 - self.discard[::-1].index(rank)  # the most recent of that rank
            del self.discard[at]
            self.hand[p][rank] += 1
            self.known[p][rank] += 1
            self.phase = RECOVERY
            return [CardTaken(p, rank)]
        if phase == MOVE:
            return self._advance(p, action.column)
        if phase == ATTACK:
            self.committed[p] = action.rank
            self.phase = DEFEND
            return [CardCommitted(p, action.rank)]
        self.committed[p] = action.rank  # DEFEND
        return self._resolve()

    def _leave(self, seat: int, rank: str) -> None:
        """A card leaves the hand face up: one known card of its rank is forgotten (it may have been that one)."""
        self.hand[seat][rank] -= 1
        if self.known[seat][rank]:
            self.known[seat][rank] -= 1

    def _next_draw(self) -> list:
        """Go to the next draw of the queue (turning the discard pile into the deck when the deck is out, skipping a
        draw when both are empty), or, with none left, to the phase after them."""
        events: list = []
        while self.draws:
            if self.deck_size:
                self.phase = DRAW
                return events
            if self.discard:
                events.append(self._reshuffle())
                continue
            events.append(DrawSkipped(self.draws.pop(0)[0]))
        return events + self._after_draws()

    def _reshuffle(self) -> Reshuffled:
        """Spec 4.2: the discard pile becomes the deck. Everything else is in the hands, so each player now knows
        the other's whole hand (spec 6)."""
        self.log.append(Shuffle(tuple(sorted(self.discard, key=KINDS.index)), (tuple(self.ranks(0)),
                                                                                 tuple(self.ranks(1)))))
        for rank in self.discard:
            self.deck[rank] += 1
        self.deck_size, count = len(self.discard), len(self.discard)
        self.discard = []
        self.known = [dict(self.hand[0]), dict(self.hand[1])]
        return Reshuffled(count)

    def _draw(self, rank: str) -> list:
        seat, reason = self.draws.pop(0)
        self.deck[rank] -= 1
        self.deck_size -= 1
        self.hand[seat][rank] += 1
        if reason == TURN:
            self.drawn = rank
        return [CardDrawn(seat, rank, reason, self.deck_size), *self._next_draw()]

    def _after_draws(self) -> list:
        then = self.then
        if then == "first_turn":
            return self._start_turn()
        if then == "turn_drawn":  # the turn's draw: the flag's owner may throw it away (once)
            if self.drawn is not None and self.flag == self.cur and not self.redrawn:
                self.phase = FLAG_REDRAW
            else:
                self.drawn, self.phase = None, RECOVERY
            return []
        if then == "end_turn":
            return self._end_turn()
        self.phase = then
        return []

    def _start_turn(self) -> list:
        self.turn += 1
        self.redrawn, self.drawn, self.battle, self.committed = False, None, None, [None, None]
        events: list = [TurnStarted(self.cur, self.turn)]  # type: ignore[arg-type]
        if self.turn == 1:  # P1's very first turn has no draw
            self.phase = RECOVERY
            return events
        self.draws, self.then = [(self.cur, TURN)], "turn_drawn"  # type: ignore[list-item]
        return events + self._next_draw()

    def _end_turn(self) -> list:
        if self.turn >= self.turn_limit:
            return self._game_over(None, None)
        self.cur = 1 - self.cur  # type: ignore[operator]
        return self._start_turn()

    def _advance(self, p: int, column: str) -> list:
        source = self.piece(p, column)
        target = source + self.forward(p)  # type: ignore[operator]
        if self.piece(1 - p, column) == target:  # into the enemy piece: a battle
            support = (self.support(p, column, (column, target)), self.support(1 - p, column, (column, source)))
            self.battle = Battle(p, column, source, target, support)  # type: ignore[arg-type]
            self.draws = [(s, EMERGENCY) for s in (p, 1 - p) if not self.hand_size(s)]
            self.then = ATTACK
            return [BattleStarted(p, column, source, target, support), *self._next_draw()]  # type: ignore[arg-type]
        return self._enter(p, column, source, target, [])  # type: ignore[arg-type]

    def _enter(self, p: int, column: str, source: int, target: int, events: list) -> list:
        """A piece steps onto `target` (a plain advance or a won attack): the flag, the goal, or the turn's end."""
        self.positions[p][COLUMN_INDEX[column]] = target
        events.append(Moved(p, column, source, target))
        if (column, target) == self.flag_hex and self.flag != p:
            self.flag = p
            events.append(FlagTaken(p))
        if target == self.goal(p, column):
            return events + self._game_over(p, column)
        return events + self._end_turn()

    def _resolve(self) -> list:
        """BATTLE_RESOLVE (spec 4.3): turn both cards over, discard them, apply the outcome, the loser draws."""
        battle = self.battle
        a, d = battle.attacker, 1 - battle.attacker  # type: ignore[union-attr]
        ca, cd = self.committed[a], self.committed[d]
        outcome = battle_outcome(ca, cd, *battle.support)  # type: ignore[union-attr,arg-type]
        strengths = (strength(ca, battle.support[0]), strength(cd, battle.support[1])) if compared(ca, cd) \
            else (None, None)  # type: ignore[union-attr,arg-type]
        for seat, card in ((a, ca), (d, cd)):
            if card != BLANK:
                self._leave(seat, card)  # type: ignore[arg-type]
                self.discard.append(card)  # type: ignore[arg-type]
        self.committed = [None, None]
        column, i = battle.column, COLUMN_INDEX[battle.column]  # type: ignore[union-attr]
        destroyed, back = False, None
        events: list = []
        if outcome == ATTACKER:
            if self.positions[d][i] == self.rear(d, column):
                self.positions[d][i], destroyed = None, True
            else:
                self.positions[d][i] = back = self.rear(d, column)
            events.append(BattleResolved(a, column, (ca, cd), strengths, outcome, destroyed, back))
            self.battle = None
            self.draws, self.then = [(d, LOSS)], "end_turn"
            moved = self._enter_after_win(a, column, battle.source, battle.target, events)  # type: ignore[union-attr]
            return moved
        if outcome == DEFENDER:
            rear = self.rear(a, column)
            back = rear if self.positions[a][i] != rear else None  # (an attack from the rear hex stays there)
            self.positions[a][i] = rear
            events.append(BattleResolved(a, column, (ca, cd), strengths, outcome, False, back))
            self.battle = None
            self.draws, self.then = [(a, LOSS)], "end_turn"
            return events + self._next_draw()
        events.append(BattleResolved(a, column, (ca, cd), strengths, outcome, False, None))
        self.battle = None
        return events + self._end_turn()

    def _enter_after_win(self, p: int, column: str, source: int, target: int, events: list) -> list:
        """The winning attacker steps in: the flag and the goal first (a win ends the game, no draw follows), then
        the beaten defender draws."""
        self.positions[p][COLUMN_INDEX[column]] = target
        events.append(Moved(p, column, source, target))
        if (column, target) == self.flag_hex and self.flag != p:
            self.flag = p
            events.append(FlagTaken(p))
        if target == self.goal(p, column):
            self.draws = []
            return events + self._game_over(p, column)
        return events + self._next_draw()

    def _game_over(self, winner: int | None, column: str | None) -> list:
        self.phase, self.winner, self.draws = OVER, winner, []
        self.battle = None
        return [GameOver(winner, column)]

    # --- copies, views, worlds ---------------------------------------------------------------------------------
    def clone(self) -> Self:
        other = HexaState.__new__(HexaState)
        other.history = self.history[:]
        other.field, other.wrap, other.lengths, other.flag_hex = self.field, self.wrap, self.lengths, self.flag_hex
        other.first, other.cur, other.turn, other.phase = self.first, self.cur, self.turn, self.phase
        other.positions = [row[:] for row in self.positions]
        other.hand = [dict(self.hand[0]), dict(self.hand[1])]
        other.deck, other.deck_size, other.discard = dict(self.deck), self.deck_size, self.discard[:]
        other.flag = self.flag
        other.known = [dict(self.known[0]), dict(self.known[1])]
        other.draws, other.then, other.drawn, other.redrawn = self.draws[:], self.then, self.drawn, self.redrawn
        other.battle, other.committed, other.winner = self.battle, self.committed[:], self.winner
        other.turn_limit = self.turn_limit
        other.log, other.own_draws = self.log[:], [self.own_draws[0][:], self.own_draws[1][:]]
        other._resample_view = None
        return other

    def view(self, seat: int) -> HexaView:
        mover = self.current_player()
        attacker = self.battle.attacker if self.battle is not None else None
        return HexaView(
            seat=seat, field=self.field, wrap=self.wrap, phase=self.phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (), first=self.first, cur=self.cur,
            turn=self.turn, positions=tuple(tuple(row) for row in self.positions), hand=tuple(self.ranks(seat)),
            hand_sizes=(self.hand_size(0), self.hand_size(1)),
            known=tuple(tuple(k for k in KINDS for _ in range(self.known[s][k])) for s in (0, 1)),
            deck_size=self.deck_size, discard=tuple(self.discard), flag=self.flag,
            drawn=self.drawn if self.cur == seat else None, draws=tuple(self.draws), then=self.then,
            battle=self.battle, committed=self.committed[seat],
            attacker_committed=attacker is not None and self.committed[attacker] is not None,
            redrawn=self.redrawn, winner=self.winner, over=self.phase == OVER, log=tuple(self.log),
            own_draws=tuple(self.own_draws[seat]))

    def action_key(self, action: Any, observer: int) -> Any:
        """A card drawn is seen by its drawer only; the attacker's battle card by the attacker only (until the
        reveal); every other move is public."""
        phase = self.phase
        if phase == DRAW:
            seat = self.draws[0][0]
            return action if seat == observer else Drew(seat)
        if phase == ATTACK and self.cur != observer:
            return Committed(self.cur)  # type: ignore[arg-type]
        return action

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), from that view alone: the other's hand is the cards it is
        known to hold plus a uniform draw of the unseen cards, the rest is the deck (spec 9, "Determinization");
        a card of the other's that the table shows is down (a battle card, the turn's draw) is one of its hand.
        Its history leads to it (`_history`). Search resamples the same position many times, so the view and what
        its worlds' histories share are kept until the next action."""
        view, shared_ = kept_view(self, seat, history_template)
        return from_view(view, rng, shared_)

    # --- text, codec, explanations -----------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        return repr(action)

    def action_to_json(self, action: Any) -> Any:
        return tagged_to_json(action)

    def action_from_json(self, data: Any) -> Any:
        decision = tagged_from_json(data, BY_NAME)
        if decision is not None:
            return decision
        if type(data) is int or (type(data) is str and data in (*KINDS, KEEP, REDRAW, END_RECOVERY)):
            return data
        raise IllegalAction(f"not a Hexa action: {data!r}")

    def explain_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in (START, DRAW):
            return f"{action!r} is not a chance outcome here ({[a for a, _ in self._chance_outcomes()]})"
        if type(action) is DeclareSet and phase == RECOVERY:
            return f"{'-'.join(action)} is not a set in the hand (three of a kind or a run; jokers never)"
        if type(action) is Commit and phase in (ATTACK, DEFEND):
            return f"there is no {action.rank} in the hand to fight with"
        legal = self._legal_actions()
        return f"seat {self.current_player()} may not {action!r} in the {phase} phase (legal: {legal})"

    def statistics(self) -> dict:
        return {"winner": self.winner, "turns": self.turn, "first": self.first, "over": self.phase == OVER,
                "field": self.field}

    def final_scores(self) -> list[float]:
        return self.returns()


# --- worlds ------------------------------------------------------------------------------------------------------
def unseen(view: HexaView) -> dict[str, int]:
    """Cards the seat cannot place: not in its hand, not in the discard pile, not known in the other's hand."""
    counts = dict(COPIES)
    other = 1 - view.seat
    for rank in (*view.hand, *view.discard, *view.known[other]):
        counts[rank] -= 1
    return counts


def from_view(view: HexaView, rng: Random, template: Template | None = None) -> HexaState:
    """A world consistent with `view` (it reads only `view` and `rng`); see HexaState.resample. `template` is
    `history_template(view)`, if already worked out."""
    seat, other = view.seat, 1 - view.seat
    state = HexaState(view.field, view.wrap)
    pool = [rank for rank, count in unseen(view).items() for _ in range(count)]
    rng.shuffle(pool)
    hands = [dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)]
    for rank in view.hand:
        hands[seat][rank] += 1
    for rank in view.known[other]:
        hands[other][rank] += 1
    hidden = [pool.pop() for _ in range(view.hand_sizes[other] - len(view.known[other]))]  # its unknown cards
    for rank in hidden:
        hands[other][rank] += 1
    state.hand = hands
    state.deck = dict.fromkeys(KINDS, 0)
    for rank in pool:
        state.deck[rank] += 1
    state.deck_size = len(pool)
    state.discard = list(view.discard)
    state.known = [dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)]
    for s in (0, 1):
        for rank in view.known[s]:
            state.known[s][rank] += 1
    state.first, state.cur, state.turn, state.phase = view.first, view.cur, view.turn, view.phase
    state.positions = [list(row) for row in view.positions]
    state.flag, state.draws, state.then = view.flag, list(view.draws), view.then
    state.redrawn, state.battle, state.winner = view.redrawn, view.battle, view.winner
    held = [rank for rank in KINDS for _ in range(hands[other][rank])]
    state.committed = [None, None]
    state.committed[seat] = view.committed
    if view.attacker_committed and view.battle.attacker == other:  # its card is down: one of its hand
        state.committed[other] = rng.choice(held) if held else BLANK
    state.drawn = view.drawn
    if view.phase == FLAG_REDRAW and view.cur == other:  # it holds the card it drew: one it was not seen to take
        state.drawn = rng.choice(hidden)
    state.log = list(view.log)
    state.own_draws[seat] = list(view.own_draws)
    state.history, state.own_draws[other] = _history(view, state, template or history_template(view))
    return state


class Stretch(NamedTuple):
    """The log between two reshuffles as the other seat's hand saw it (`history_template`)."""

    deck: dict[str, int]  # the deck at its start
    start: dict[str, int]  # the other's hand at its start
    slots: tuple[int, ...]  # where in the log the other draws
    fixed: dict[int, str]  # the slots whose card the table saw (thrown away by a flag redraw)
    mine: dict[str, int]  # the cards this seat drew in it
    changes: tuple[tuple[int, str, int], ...]  # (where, rank, +1 taken back or -1 played) of the other's hand
    last: bool  # no reshuffle after it: the deck it leaves is the world's


class Template(NamedTuple):
    """What the histories of all the worlds of a view share (`history_template`); `_history` fills in the rest."""

    history: list  # the log as actions, None where the other's card goes (and its battle card, if down)
    places: tuple[int, ...]  # where in `history` the other's draws go, in order
    stretches: tuple[Stretch, ...]
    drawn: tuple[str, ...]  # the other's draws before the last stretch, filled in once


def history_template(view: HexaView) -> Template:
    """The log cut at its reshuffles, with the other seat's hand changes in each stretch; the draws of every stretch
    but the last are the same in every world, so they are filled in here once."""
    seat, other = view.seat, 1 - view.seat
    log = view.log
    if log[:1] == (SET_UP,):
        return Template([], (), (), ())
    history: list = []
    places: list[int] = []
    stretches: list[Stretch] = []
    mine_iter = iter(view.own_draws)
    deck, start = dict(COPIES), dict.fromkeys(KINDS, 0)
    slots: list[int] = []
    fixed: dict[int, str] = {}
    mine = dict.fromkeys(KINDS, 0)
    changes: list[tuple[int, str, int]] = []

    def cut(last: bool) -> None:
        stretches.append(Stretch(deck, start, tuple(slots), dict(fixed), dict(mine), tuple(changes), last))

    for i, entry in enumerate(log):
        kind = type(entry)
        if kind is Drew:
            if entry.seat == seat:
                rank = next(mine_iter)
                mine[rank] += 1
                history.append(rank)
            else:
                slots.append(i)
                places.append(len(history))
                history.append(None)
        elif kind is Shuffle:
            cut(False)
            deck, start = dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)
            for rank in entry.deck:
                deck[rank] += 1
            for rank in entry.hands[other]:
                start[rank] += 1
            slots, fixed, mine, changes = [], {}, dict.fromkeys(KINDS, 0), []
        elif kind is tuple:
            mover, action = entry
            what = type(action)
            if what is Committed:  # the attacker's card, still down: the world's
                history.append(None)
                continue
            if what is Redrew:
                history.append(REDRAW)
                if mover == other:
                    fixed[slots[-1]] = action.rank
                    changes.append((i, action.rank, -1))
                continue
            history.append(action)
            if mover != other:
                continue
            if what is Take:
                changes.append((i, action.rank, 1))
            elif what is DeclareSet:
                changes.extend((i, rank, -1) for rank in action)
            elif what is Commit and action.rank != BLANK:
                changes.append((i, action.rank, -1))
        else:  # the first player
            history.append(entry)
    cut(True)
    drawn: list[str] = []
    for stretch in stretches[:-1]:
        drawn += _fill(stretch, _count(stretch.deck, stretch.mine, -1))
    return Template(history, tuple(places), tuple(stretches), tuple(drawn))


def _count(counts: dict[str, int], other: dict[str, int], sign: int) -> dict[str, int]:
    return {rank: counts[rank] + sign * other[rank] for rank in KINDS}


def _fill(stretch: Stretch, cards: dict[str, int]) -> list[str]:
    """The other's draws in `stretch` (in order), given the cards it drew there (`schedule_draws`: the cards it
    played drawn before it played them, earliest need first; the rest in rank order)."""
    return schedule_draws(stretch.slots, cards, stretch.start, stretch.changes, stretch.fixed, KIND_ORDER.get)


def _history(view: HexaView, world: HexaState, template: Template) -> tuple[list, list[str]]:
    """The world's history and the other seat's draws: the template with the last stretch's draws filled in from
    the world's deck (what is left of the stretch's deck is the world's; the other drew the rest that this seat
    did not) and the other's battle card, if down."""
    if not template.stretches:
        return [], []
    other = 1 - view.seat
    last = template.stretches[-1]
    cards = _count(_count(last.deck, last.mine, -1), world.deck, -1)
    if world.drawn is not None and view.cur == other:  # the card it drew this turn, still to keep or throw away
        last = last._replace(fixed={**last.fixed, last.slots[-1]: world.drawn})
    drawn = [*template.drawn, *_fill(last, cards)]
    history = template.history[:]
    for at, rank in zip(template.places, drawn, strict=True):
        history[at] = rank
    if view.log and type(view.log[-1]) is tuple and type(view.log[-1][1]) is Committed:
        history[-1] = COMMITS[world.committed[view.log[-1][0]]]
    return history, drawn


def new_state(field: str = "standard", wrap: str = "on", players: int = 2) -> HexaState:
    """A new game: chance picks the first player (P1) and deals three cards each."""
    if players != 2:
        raise ValueError(f"Hexa is for 2 players, not {players!r}")
    return HexaState(field, wrap == "on")


def position(p1: str, p2: str, first: int = 0, field: str = "standard", hands: tuple[str, str] = ("", ""),
             discard: str = "", flag: int | None = None, mover: int | None = None, phase: str = MOVE,
             turn: int = 5) -> HexaState:
    """A state for tests in spec notation: positions "L2 C2 R0" of P1 and of P2 (P1 is seat `first`), hands
    "7 8 9 Q Q" of seat 0 and seat 1, a discard pile "JK Q 2" (oldest first); the deck holds the rest. `mover`
    (default P1) is to act in `phase`."""
    state = HexaState(field)
    state.log.append(SET_UP)
    state.first = first
    for seat, text in ((first, p1), (1 - first, p2)):
        rows = {word[0]: int(word[1:]) for word in text.split()}
        state.positions[seat] = [rows.get(c) for c in COLUMNS]
    for seat in (0, 1):
        for rank in hands[seat].split():
            state.hand[seat][rank] += 1
            state.deck[rank] -= 1
    for rank in discard.split():
        state.discard.append(rank)
        state.deck[rank] -= 1
    if any(count < 0 for count in state.deck.values()):
        raise ValueError(f"more cards than the deck has: {state.deck}")
    state.deck_size = sum(state.deck.values())
    state.flag, state.turn, state.phase = flag, turn, phase
    state.cur = first if mover is None else mover
    return state
