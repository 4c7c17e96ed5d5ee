"""Powers (パワーズ): the rules engine, exactly per shared/rules/powers.md (sections 2-7).

Four or five players; seats 0..N-1, "next" is seat + 1 (A1). Chance picks the first parent (A24), deals five cards
each from the parent (one at a time), reveals each round's territory (lazy: a uniform choice among the unrevealed,
the same as the top of a shuffled deck) and draws every card (lazy: a uniform choice among the draw pile's cards).

Cards keep their identity (`"7H"`, `"AS"`, `"JK1"`): a card's colour matters (island and inland territories), and
so does which reshuffle it went through, for what the others can know (spec 9, "pool tags"). Each card carries the
number of the last reshuffle that found it in the discard pile (0: never since the deal); the draw pile holds only
cards of the latest pool; for each seat the engine counts the hidden cards it drew from each pool and still holds
(`hidden`), and the cards it is known to hold (`known`: taken back from the discard pile). All of it is public, so
a world sampled for a seat (`from_view`) deals each pool's unseen cards to the others by those counts: the exact
posterior, behaviour aside.

The public log (`log`) is the game as the table saw it: each decision with its mover, a card drawn as who drew it
(`Drew`), each reshuffle with the cards of the new pool (`Shuffle`); each seat also remembers its own draws
(`own_draws`). A world's history is that log with the others' draws filled in (`_history`): per seat and pool, the
cards it was seen to play from that pool and the world's hidden cards of that pool, the played ones drawn before
they were played (`game.core.cards.plan_draws`).

Whole choices of spec 4.10 are decisions as they are (`Discard3`, `Occupy` with all its cards): the spec counts
them whole and they are small enough (56 discards at most, 21 payments).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Any, NamedTuple, Self

from game.core.cards import DrawPlan, fill_draws, plan_draws
from game.core.engine import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    State,
    kept_view,
    tagged_from_json,
    tagged_to_json,
)
from game.titles.territories import TERRITORIES

RULES_VERSION = "powers/1"
MIN_PLAYERS, MAX_PLAYERS = 4, 5
CONQUEST = 30
HAND = 5  # the deal
LIMIT = 8  # a conscription draw that reaches this many cards makes the player discard three
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "C", "H", "D")  # spades and clubs black, hearts and diamonds red
JOKERS = ("JK1", "JK2")
CARDS = (*(rank + suit for suit in SUITS for rank in RANKS), *JOKERS)  # the canonical order
ORDER = {card: i for i, card in enumerate(CARDS)}
FACES = ("J", "Q", "K")
VALUE = {**{r: int(r) for r in RANKS[:9]}, "J": 11, "Q": 12, "K": 13}
ISLAND, INLAND, NORMAL = "island", "inland", "normal"

IDS = tuple(TERRITORIES)

# phases
START, DEAL, REVEAL, DRAW, DISCARD, RECOVER, OPEN, INVADE, OCCUPY, DEFEND, OVER = (
    "start", "deal", "reveal", "draw", "discard", "recover", "open", "invade", "occupy", "defend", "over")
CHANCE_PHASES = (START, DEAL, REVEAL, DRAW)
PASS, DECLINE, YIELD = "pass", "decline", "yield"
CONQUEST_WIN, POINTS_WIN = "conquest", "points"


def rank(card: str) -> str:
    return "JK" if card in JOKERS else card[:-1]


def colour(card: str) -> str | None:
    """"black" (spades, clubs), "red" (hearts, diamonds), None for a joker (A6)."""
    if card in JOKERS:
        return None
    return "black" if card[-1] in "SC" else "red"


def is_face(card: str) -> bool:
    return rank(card) in FACES


def number(card: str, top_number: int | None) -> int:
    """Spec 4.5.1 step 1: the printed value (J 11, Q 12, K 13); an ace is 1 first, else the previous number + 1."""
    r = rank(card)
    if r == "A":
        return 1 if top_number is None else top_number + 1
    return VALUE[r]


def strength(card: str, top_number: int | None, territory: str, adjacency: int) -> int:
    """Spec 4.5.1: the number, plus `adjacency` (the player's neighbours of `territory`; none on an island), then
    the island (black) or inland (red) override to 1."""
    kind = TERRITORIES[territory][2]
    card_colour = COLOUR[card]
    if kind == ISLAND and card_colour == "black":
        return 1
    if kind == INLAND and card_colour == "red":
        return 1
    printed = PRINTED.get(card)
    return (number(card, top_number) if printed is None else printed) + (0 if kind == ISLAND else adjacency)


# --- decisions ---------------------------------------------------------------------------------------------------
class Discard3(NamedTuple):
    a: str
    b: str
    c: str


class Recover(NamedTuple):
    card: str


class Play(NamedTuple):
    card: str


PLAYS = {card: Play(card) for card in CARDS}  # made once: search lists them all the time
RECOVERS = {card: Recover(card) for card in CARDS if card not in JOKERS and rank(card) != "A"}  # in ORDER
COLOUR = {card: colour(card) for card in CARDS}  # looked up, not worked out, in search's hot paths
PRINTED = {card: VALUE[rank(card)] for card in CARDS if card not in JOKERS and rank(card) != "A"}  # not an ace's


class Occupy(NamedTuple):
    """Pay the occupation cost with these cards (space-separated, canonical order)."""

    cards: str


class Defend(NamedTuple):
    card: str


TRIOS: dict[tuple[str, str, str], Discard3] = {}  # each three made once


@lru_cache(maxsize=8192)
def discards(hand: tuple[str, ...]) -> tuple[Discard3, ...]:
    """Every three of `hand` to discard (made once per hand: search asks for the same hands again and again)."""
    return tuple(TRIOS.get(trio) or TRIOS.setdefault(trio, Discard3(*trio)) for trio in combinations(hand, 3))


@lru_cache(maxsize=8192)
def payments(hand: tuple[str, ...], cost: int) -> tuple[Occupy, ...]:
    """Every way to pay `cost` cards of `hand` for an occupation."""
    return tuple(Occupy(" ".join(cards)) for cards in combinations(hand, cost))


DECISIONS = (Discard3, Recover, Play, Occupy, Defend)
BY_NAME = {cls.__name__: cls for cls in DECISIONS}


class Drew(NamedTuple):
    """What another seat sees of a card drawn by `seat`."""

    seat: int


DREW = tuple(Drew(seat) for seat in range(MAX_PLAYERS))


class Shuffle(NamedTuple):
    """The public log at a reshuffle: the discard pile's cards, now the draw pile of a new pool."""

    cards: tuple[str, ...]


SET_UP = "set up"  # the log of a position set up for a test (`position`): no history leads to it


# --- events ------------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class ParentChosen:
    seat: int


@dataclass(slots=True)
class CardDrawn:
    seat: int
    card: str | None  # PRIVATE to `seat`
    reason: str
    pile_left: int


@dataclass(slots=True)
class Replacing:
    played: tuple[int, ...]  # per seat, its cards played in the invasion (not jokers): each is now replaced (R3)


@dataclass(slots=True)
class DrawLost:
    seat: int  # draw pile and discard pile both empty (A20)


@dataclass(slots=True)
class Reshuffled:
    cards: int


@dataclass(slots=True)
class Revealed:
    round: int
    territory: str


@dataclass(slots=True)
class Discarded:
    seat: int
    cards: tuple[str, str, str]
    bonus: bool  # all one colour: a card comes back from the discard pile


@dataclass(slots=True)
class Recovered:
    seat: int
    card: str


@dataclass(slots=True)
class Played:
    seat: int
    card: str
    number: int | None  # None for a joker
    strength: int | None


@dataclass(slots=True)
class Passed:
    seat: int
    passes: int


@dataclass(slots=True)
class RightWon:
    seat: int
    by_joker: bool


@dataclass(slots=True)
class TableCleared:
    cards: tuple[str, ...]


@dataclass(slots=True)
class Declined:
    seat: int
    next_seat: int
    cost: int


@dataclass(slots=True)
class Acquired:
    seat: int
    territory: str
    paid: tuple[str, ...]  # () when free at cost 0


@dataclass(slots=True)
class Defended:
    seat: int
    territory: str
    card: str


@dataclass(slots=True)
class Yielded:
    seat: int
    territory: str
    to: int
    cascade: bool = False  # Blitzkrieg: the territory's neighbours owned by others are asked next


@dataclass(slots=True)
class GameOver:
    winners: tuple[int, ...]
    victory: str  # CONQUEST_WIN or POINTS_WIN
    scores: tuple[int, ...]
    tie_break: int  # 0 none, 1 territories, 2 cards in hand, 3 shared


# --- the view ----------------------------------------------------------------------------------------------------
class PowersView(NamedTuple):
    """Exactly what `seat` may see."""

    seat: int
    players: int
    rotating: bool
    blitzkrieg: bool
    phase: str
    to_move: int
    legal: tuple
    parent: int | None
    round: int
    on_offer: str | None
    unrevealed: tuple[str, ...]
    owner: tuple  # per territory of IDS, its owner or None
    hand: tuple[str, ...]  # its own, in card order
    hand_sizes: tuple[int, ...]
    pile_size: int
    discard: tuple[str, ...]
    table: tuple  # (seat, card, number, strength) per play, in order
    known: tuple  # per seat, the cards the others know it holds
    hidden: tuple  # per seat, (pool, count) of hidden cards it drew from each pool
    pools: tuple  # per card of CARDS, the pool it belongs to
    pool: int  # the latest pool (the draw pile's)
    draws: tuple  # the draws still to come: (seat, reason)
    then: str
    cur: int | None
    conscripted: int
    top: tuple  # (number, strength) of the card on top, or ()
    last_player: int | None
    passes: int
    holder: int | None
    cost: int
    winner: int | None  # of the invasion
    acquirer: int | None
    occupier: int | None
    to_defend: tuple[str, ...]
    asked: tuple[str, ...]  # the territories asked to defend since the acquisition (Blitzkrieg asks each once)
    defending: str | None
    winners: tuple[int, ...]
    victory: str | None
    log: tuple = ()  # the public log (see the module docstring)
    own_draws: tuple = ()  # the cards this seat drew, in order


# --- the state ---------------------------------------------------------------------------------------------------
class PowersState(State):
    """One position of a Powers game."""

    TITLE = "powers"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("n", "rotating", "blitzkrieg", "phase", "parent", "round", "on_offer", "unrevealed", "owner", "hand",
                 "pile", "discard", "table", "known", "hidden", "pools", "pool", "draws", "then", "cur",
                 "conscripted", "top", "last_player", "passes", "holder", "cost", "winner", "acquirer", "occupier",
                 "to_defend", "asked", "defending", "winners", "victory", "tie_break", "log", "own_draws",
                 "_resample_view")

    def __init__(self, players: int = 4, rotating: bool = False, blitzkrieg: bool = False) -> None:
        super().__init__()
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Powers is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        n = self.n = players
        self.rotating, self.blitzkrieg = rotating, blitzkrieg
        self.phase = START
        self.parent: int | None = None
        self.round = 0
        self.on_offer: str | None = None
        self.unrevealed = list(IDS)
        self.owner: dict[str, int | None] = dict.fromkeys(IDS)
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.pile = list(CARDS)  # the draw pile's cards (no order: a draw is a uniform choice among them)
        self.discard: list[str] = []
        self.table: list[tuple[int, str, int | None, int | None]] = []
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.hidden: list[dict[int, int]] = [{} for _ in range(n)]
        self.pools = dict.fromkeys(CARDS, 0)
        self.pool = 0
        self.draws: list[tuple[int, str]] = []
        self.then = ""
        self.cur: int | None = None
        self.conscripted = 0
        self.top: tuple = ()
        self.last_player: int | None = None
        self.passes = 0
        self.holder: int | None = None
        self.cost = 0
        self.winner: int | None = None
        self.acquirer: int | None = None
        self.occupier: int | None = None
        self.to_defend: list[str] = []
        self.asked: list[str] = []
        self.defending: str | None = None
        self.winners: tuple[int, ...] = ()
        self.victory: str | None = None
        self.tie_break = 0
        self.log: list = []  # the public log (see the module docstring)
        self.own_draws: list[list[str]] = [[] for _ in range(n)]  # each seat's draws, in order (known to it)
        self._resample_view: tuple | None = None  # (key, view, template): see `resample`

    # --- queries -----------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def score(self, seat: int) -> int:
        return self.seat_scores()[seat]

    def seat_scores(self) -> list[int]:
        """Every seat's score: the points of the territories it owns."""
        out = [0] * self.n
        for t, owner in self.owner.items():
            if owner is not None:
                out[owner] += TERRITORIES[t][0]
        return out

    def territories(self, seat: int) -> int:
        return sum(1 for owner in self.owner.values() if owner == seat)

    def adjacency(self, seat: int, territory: str) -> int:
        """The seat's territories next to `territory` (A23)."""
        return sum(1 for x in TERRITORIES[territory][3] if self.owner[x] == seat)

    def top_number(self) -> int | None:
        return self.top[0] if self.top else None

    def card_strength(self, seat: int, card: str) -> int:
        """The strength `card` would have if `seat` played it now."""
        return strength(card, self.top_number(), self.on_offer, self.adjacency(seat, self.on_offer))  # type: ignore

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == OVER else self.cur  # type: ignore[return-value]

    def _legal_actions(self) -> list:
        phase, hand = self.phase, self.hand[self.cur]  # type: ignore[index]
        if phase == DISCARD:
            return list(discards(tuple(hand)))
        if phase == RECOVER:
            return [RECOVERS[c] for c in sorted(set(self.discard), key=ORDER.get) if c in RECOVERS]
        if phase == OPEN:
            return [PLAYS[c] for c in hand]
        if phase == INVADE:  # card_strength of each card, with what they share worked out once
            top, top_number, territory = self.top[1], self.top_number(), self.on_offer
            adjacency = self.adjacency(self.cur, territory)  # type: ignore[arg-type]
            return [PLAYS[c] for c in hand
                    if c in JOKERS or strength(c, top_number, territory, adjacency) > top] + [PASS]  # type: ignore

        if phase == OCCUPY:
            pays = payments(tuple(hand), self.cost) if len(hand) >= self.cost else ()
            return [*pays, DECLINE]
        if phase == DEFEND:
            return [*(Defend(c) for c in hand if is_face(c)), YIELD]
        return []

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        phase = self.phase
        if phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        if phase == REVEAL:
            return [(t, 1 / len(self.unrevealed)) for t in self.unrevealed]
        p = 1 / len(self.pile)
        return [(card, p) for card in self.pile]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        share = 1 / len(self.winners)
        return [share if seat in self.winners else 0.0 for seat in range(self.n)]

    def final_scores(self) -> list[float]:
        return [float(score) for score in self.seat_scores()]

    def starting_seat(self) -> int | None:
        return self.parent

    def deals_played(self) -> int:
        return self.round

    # --- apply -------------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        if phase in (DRAW, DEAL):
            seat = self.draws[0][0]
            self.log.append(DREW[seat])
            self.own_draws[seat].append(action)
            return self._draw(action)
        if phase in (START, REVEAL):
            self.log.append(action)
        else:
            self.log.append((self.cur, action))
        if phase == START:
            self.parent = action
            self.draws = [((action + k) % self.n, DEAL) for k in range(HAND * self.n)]
            self.then = "dealt"
            return [ParentChosen(action), *self._next_draw()]
        if phase == REVEAL:
            return self._reveal(action)
        p = self.cur
        if phase == DISCARD:
            cards = tuple(action)
            for card in cards:
                self._show(p, card)  # type: ignore[arg-type]
            self.discard.extend(cards)
            colours = {colour(c) for c in cards}
            bonus = len(colours) == 1 and None not in colours
            if bonus:
                self.phase = RECOVER
                return [Discarded(p, cards, True)]  # type: ignore[arg-type]
            return [Discarded(p, cards, False), *self._conscript_next()]  # type: ignore[arg-type]
        if phase == RECOVER:
            card = action.card
            self.discard.remove(card)
            self._take(p, card, known=True)  # type: ignore[arg-type]
            return [Recovered(p, card), *self._conscript_next()]  # type: ignore[arg-type]
        if phase in (OPEN, INVADE):
            if action == PASS:
                return self._pass(p)  # type: ignore[arg-type]
            return self._play(p, action.card)  # type: ignore[arg-type]
        if phase == OCCUPY:
            if action == DECLINE:
                return self._decline()
            paid = tuple(action.cards.split())
            for card in paid:
                self._show(p, card)  # type: ignore[arg-type]
            self.discard.extend(paid)
            return self._acquire(p, paid)  # type: ignore[arg-type]
        # DEFEND
        territory = self.to_defend.pop(0)
        self.asked.append(territory)
        if action == YIELD:
            self.owner[territory] = self.occupier
            if self.score(self.occupier) >= CONQUEST:  # type: ignore[arg-type]
                return [Yielded(p, territory, self.occupier), *self._game_over(CONQUEST_WIN)]  # type: ignore
            cascade: list[str] = []
            if self.blitzkrieg:  # A17's variant: the yielded territory's neighbours first, each asked once
                cascade = [t for t in TERRITORIES[territory][3] if t not in self.asked]  # type: ignore[index]
                self.to_defend = cascade + [t for t in self.to_defend if t not in cascade]
            others = any(self.owner[t] not in (None, self.occupier) for t in cascade)
            return [Yielded(p, territory, self.occupier, others), *self._defence_next()]  # type: ignore[arg-type]
        self._show(p, action.card)  # type: ignore[arg-type]
        self.defending = action.card
        self.draws, self.then = [(p, "defence")], "defended"  # type: ignore[list-item]
        return [Defended(p, territory, action.card), *self._next_draw()]  # type: ignore[arg-type]

    # cards moving
    def _take(self, seat: int, card: str, known: bool) -> None:
        hand = self.hand[seat]
        hand.append(card)
        hand.sort(key=ORDER.get)
        if known:
            self.known[seat].append(card)
            self.known[seat].sort(key=ORDER.get)
        else:
            pool = self.pools[card]
            self.hidden[seat][pool] = self.hidden[seat].get(pool, 0) + 1

    def _show(self, seat: int, card: str) -> None:
        """A card leaves the seat's hand face up: it was a known one, or one of its hidden cards of its pool."""
        self.hand[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        else:
            pool = self.pools[card]
            self.hidden[seat][pool] -= 1
            if not self.hidden[seat][pool]:
                del self.hidden[seat][pool]

    def _next_draw(self) -> list:
        """The next draw of the queue (a reshuffle first when the draw pile is out; a draw lost when both piles
        are), or, with none left, what follows them."""
        events: list = []
        while self.draws:
            if self.pile:
                self.phase = DEAL if self.draws[0][1] == DEAL else DRAW
                return events
            if self.discard:
                events.append(self._reshuffle())
                continue
            events.append(DrawLost(self.draws.pop(0)[0]))
        return events + self._after_draws()

    def _reshuffle(self) -> Reshuffled:
        """Spec 4.2: the discard pile becomes the draw pile, its cards a new pool."""
        self.pool += 1
        self.log.append(Shuffle(tuple(sorted(self.discard, key=ORDER.get))))
        for card in self.discard:
            self.pools[card] = self.pool
        self.pile = sorted(self.discard, key=ORDER.get)
        count, self.discard = len(self.discard), []
        return Reshuffled(count)

    def _draw(self, card: str) -> list:
        seat, reason = self.draws.pop(0)
        self.pile.remove(card)
        self._take(seat, card, known=False)
        return [CardDrawn(seat, card, reason, len(self.pile)), *self._next_draw()]

    def _after_draws(self) -> list:
        then = self.then
        if then in ("dealt", "round"):
            self.phase = REVEAL
            return []
        if then == "conscripted":
            if len(self.hand[self.cur]) >= LIMIT:  # type: ignore[index]
                self.phase = DISCARD
                return []
            return self._conscript_next()
        if then == "reorganised":
            cleared = tuple(card for _, card, _, _ in self.table)
            self.discard.extend(cleared)
            self.table, self.top = [], ()
            self.holder, self.cost = self.winner, TERRITORIES[self.on_offer][1]  # type: ignore[index]
            return [TableCleared(cleared), *self._occupation()]
        # "defended": the face card goes to the discard pile only now (spec 4.8)
        self.discard.append(self.defending)  # type: ignore[arg-type]
        self.defending = None
        return self._defence_next()

    # R0, R1
    def _reveal(self, territory: str) -> list:
        self.round += 1
        self.unrevealed.remove(territory)
        self.on_offer = territory
        self.winner = self.acquirer = self.occupier = None
        events: list = [Revealed(self.round, territory)]
        if self.round == 1:
            return events + self._start_invasion()
        self.conscripted = 0
        return events + self._conscript_next()

    def _conscript_next(self) -> list:
        if self.conscripted == self.n:
            return self._start_invasion()
        self.cur = (self.parent + self.conscripted) % self.n  # type: ignore[operator]
        self.conscripted += 1
        self.draws, self.then = [(self.cur, "conscription")], "conscripted"
        return self._next_draw()

    # R2, R3
    def _start_invasion(self) -> list:
        self.table, self.top, self.passes, self.last_player = [], (), 0, None
        seats = [(self.parent + k) % self.n for k in range(self.n)]  # type: ignore[operator]
        opener = next((seat for seat in seats if self.hand[seat]), None)  # the parent, else the next with cards (A9)
        if opener is None:
            self.winner = self.parent
            return [RightWon(self.parent, False), *self._reorganise()]  # type: ignore[arg-type]
        self.cur, self.phase = opener, OPEN
        return []

    def _play(self, p: int, card: str) -> list:
        self._show(p, card)
        if card in JOKERS:
            self.table.append((p, card, None, None))
            self.winner = p
            return [Played(p, card, None, None), RightWon(p, True), *self._reorganise()]
        n, s = number(card, self.top_number()), self.card_strength(p, card)
        self.table.append((p, card, n, s))
        self.top, self.last_player, self.passes = (n, s), p, 0
        self.cur, self.phase = (p + 1) % self.n, INVADE
        return [Played(p, card, n, s)]

    def _pass(self, p: int) -> list:
        self.passes += 1
        if self.passes == self.n - 1:
            self.winner = self.last_player
            return [Passed(p, self.passes), RightWon(self.winner, False), *self._reorganise()]  # type: ignore
        self.cur = (p + 1) % self.n
        return [Passed(p, self.passes)]

    def _reorganise(self) -> list:
        """R3: each player redraws its non-joker cards played, from the winner round the table (A13)."""
        played = [0] * self.n
        for seat, card, _, _ in self.table:
            if card not in JOKERS:
                played[seat] += 1
        order = [(self.winner + k) % self.n for k in range(self.n)]  # type: ignore[operator]
        self.draws = [(seat, "reorganisation") for seat in order for _ in range(played[seat])]
        self.then = "reorganised"
        return [Replacing(tuple(played)), *self._next_draw()]

    # R4
    def _occupation(self) -> list:
        if self.cost == 0:  # A15: free, without a choice
            return self._acquire(self.holder, ())  # type: ignore[arg-type]
        self.cur, self.phase = self.holder, OCCUPY
        return []

    def _decline(self) -> list:
        seat = self.holder
        self.holder, self.cost = (seat + 1) % self.n, self.cost - 1  # type: ignore[operator]
        return [Declined(seat, self.holder, self.cost), *self._occupation()]  # type: ignore[arg-type]

    def _acquire(self, seat: int, paid: tuple[str, ...]) -> list:
        territory = self.on_offer
        self.owner[territory] = seat  # type: ignore[index]
        self.acquirer = self.occupier = seat
        events: list = [Acquired(seat, territory, paid)]  # type: ignore[arg-type]
        if self.score(seat) >= CONQUEST:
            return events + self._game_over(CONQUEST_WIN)
        self.to_defend, self.asked = list(TERRITORIES[territory][3]), []  # type: ignore[index]
        return events + self._defence_next()

    # R5, R6
    def _defence_next(self) -> list:
        while self.to_defend:
            owner = self.owner[self.to_defend[0]]
            if owner is None or owner == self.occupier:
                self.to_defend.pop(0)
                continue
            self.cur, self.phase = owner, DEFEND
            return []
        return self._round_end()

    def _round_end(self) -> list:
        if all(owner is not None for owner in self.owner.values()):
            return self._game_over(POINTS_WIN)
        self.parent = (self.parent + 1) % self.n if self.rotating else self.acquirer  # type: ignore[operator]
        self.phase, self.then = REVEAL, "round"
        return []

    def _game_over(self, victory: str) -> list:
        scores = tuple(self.seat_scores())
        if victory == CONQUEST_WIN:
            winners, self.tie_break = (self.occupier,), 0
        else:
            best = max(scores)
            tied = [s for s in range(self.n) if scores[s] == best]
            self.tie_break = 0
            for level, key in enumerate((self.territories, lambda s: len(self.hand[s])), 1):
                if len(tied) > 1:
                    top = max(key(s) for s in tied)
                    tied = [s for s in tied if key(s) == top]
                    self.tie_break = level if len(tied) == 1 else 3
            winners = tuple(tied)
        self.phase, self.winners, self.victory = OVER, winners, victory  # type: ignore[assignment]
        self.draws, self.to_defend = [], []
        return [GameOver(winners, victory, scores, self.tie_break)]  # type: ignore[arg-type]

    # --- copies, views, worlds ---------------------------------------------------------------------------------
    def clone(self) -> Self:
        other = PowersState.__new__(PowersState)
        other.history = self.history[:]
        other.n, other.rotating, other.blitzkrieg, other.phase, other.parent, other.round = self.n, self.rotating, \
            self.blitzkrieg, self.phase, self.parent, self.round
        other.on_offer, other.unrevealed, other.owner = self.on_offer, self.unrevealed[:], dict(self.owner)
        other.hand = [h[:] for h in self.hand]
        other.pile, other.discard, other.table = self.pile[:], self.discard[:], self.table[:]
        other.known = [k[:] for k in self.known]
        other.hidden = [dict(h) for h in self.hidden]
        other.pools, other.pool = dict(self.pools), self.pool
        other.draws, other.then, other.cur, other.conscripted = self.draws[:], self.then, self.cur, self.conscripted
        other.top, other.last_player, other.passes = self.top, self.last_player, self.passes
        other.holder, other.cost, other.winner, other.acquirer = self.holder, self.cost, self.winner, self.acquirer
        other.occupier, other.to_defend, other.defending = self.occupier, self.to_defend[:], self.defending
        other.asked = self.asked[:]
        other.winners, other.victory, other.tie_break = self.winners, self.victory, self.tie_break
        other.log, other.own_draws = self.log[:], [draws[:] for draws in self.own_draws]
        other._resample_view = None
        return other

    def view(self, seat: int) -> PowersView:
        mover = self.current_player()
        return PowersView(
            seat=seat, players=self.n, rotating=self.rotating, blitzkrieg=self.blitzkrieg, phase=self.phase,
            to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (), parent=self.parent, round=self.round,
            on_offer=self.on_offer, unrevealed=tuple(sorted(self.unrevealed, key=IDS.index)),
            owner=tuple(self.owner[t] for t in IDS), hand=tuple(self.hand[seat]),
            hand_sizes=tuple(len(h) for h in self.hand), pile_size=len(self.pile), discard=tuple(self.discard),
            table=tuple(self.table), known=tuple(tuple(k) for k in self.known),
            hidden=tuple(tuple(sorted(h.items())) for h in self.hidden),
            pools=tuple(self.pools[c] for c in CARDS), pool=self.pool, draws=tuple(self.draws), then=self.then,
            cur=self.cur, conscripted=self.conscripted, top=self.top, last_player=self.last_player,
            passes=self.passes, holder=self.holder, cost=self.cost, winner=self.winner, acquirer=self.acquirer,
            occupier=self.occupier, to_defend=tuple(self.to_defend), asked=tuple(self.asked),
            defending=self.defending, winners=self.winners, victory=self.victory, log=tuple(self.log),
            own_draws=tuple(self.own_draws[seat]))

    def action_key(self, action: Any, observer: int) -> Any:
        """A card drawn is seen by its drawer only; every other move is public (cards played, paid, discarded and
        defended with are face up; the territory revealed is everyone's)."""
        if self.phase in (DEAL, DRAW):
            seat = self.draws[0][0]
            return action if seat == observer else Drew(seat)
        return action

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), from that view alone (see the module docstring). Search
        resamples the same position many times, so the view and what its worlds' histories share are kept until the
        next action."""
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
        if type(data) is int or (type(data) is str and (data in ORDER or data in TERRITORIES
                                                        or data in (PASS, DECLINE, YIELD))):
            return data
        raise IllegalAction(f"not a Powers action: {data!r}")

    def explain_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            return f"{action!r} is not a chance outcome here"
        if type(action) is Play and phase == INVADE and action.card in self.hand[self.cur]:  # type: ignore[index]
            return (f"{action.card} would have strength {self.card_strength(self.cur, action.card)}, not more than "
                    f"the top's {self.top[1]}")
        if phase == OPEN and action == PASS:
            return "the opening play is forced: play a card"
        if type(action) is Occupy and phase == OCCUPY:
            return f"the occupation costs exactly {self.cost} cards of your hand, in card order (see `occupy`)"
        if type(action) is Discard3 and phase == DISCARD:
            return "discard three cards of your hand, in card order (see `discard3`)"
        if type(action) is Defend and phase == DEFEND:
            return "only a J, Q or K of your hand can defend"
        return f"seat {self.cur} may not {action!r} in the {phase} phase"

    def statistics(self) -> dict:
        return {"players": self.n, "rounds": self.round, "winners": list(self.winners), "victory": self.victory,
                "scores": self.seat_scores(), "tie_break": self.tie_break,
                "over": self.phase == OVER}


# --- worlds ------------------------------------------------------------------------------------------------------
def from_view(view: PowersView, rng: Random, template: Template | None = None) -> PowersState:
    """A world consistent with `view` (it reads only `view` and `rng`): for each pool, its cards the seat cannot
    see are dealt to the others by their hidden counts of that pool; the latest pool's rest is the draw pile. Its
    history leads to it (`_history`); `template` is `history_template(view)`, if already worked out."""
    seat, n = view.seat, view.players
    state = PowersState(n, view.rotating, view.blitzkrieg)
    pools = dict(zip(CARDS, view.pools, strict=True))
    visible = {*view.hand, *view.discard, *(c for _, c, _, _ in view.table), *(c for k in view.known for c in k)}
    if view.defending is not None:
        visible.add(view.defending)
    unseen: dict[int, list[str]] = {}
    for card in CARDS:
        if card not in visible:
            unseen.setdefault(pools[card], []).append(card)
    for cards in unseen.values():
        rng.shuffle(cards)
    hands = [list(k) for k in view.known]
    hands[seat] = list(view.hand)
    for other in range(n):
        if other == seat:
            continue
        for pool, count in view.hidden[other]:
            hands[other] += [unseen[pool].pop() for _ in range(count)]
    state.hand = [sorted(h, key=ORDER.get) for h in hands]
    state.pile = sorted(unseen.get(view.pool, []), key=ORDER.get)
    state.discard, state.table = list(view.discard), list(view.table)
    state.known = [list(k) for k in view.known]
    state.hidden = [dict(h) for h in view.hidden]
    state.pools, state.pool = pools, view.pool
    state.phase, state.parent, state.round, state.on_offer = view.phase, view.parent, view.round, view.on_offer
    state.unrevealed = list(view.unrevealed)
    state.owner = dict(zip(IDS, view.owner, strict=True))
    state.draws, state.then, state.cur, state.conscripted = list(view.draws), view.then, view.cur, view.conscripted
    state.top, state.last_player, state.passes = view.top, view.last_player, view.passes
    state.holder, state.cost, state.winner, state.acquirer = view.holder, view.cost, view.winner, view.acquirer
    state.occupier, state.to_defend, state.defending = view.occupier, list(view.to_defend), view.defending
    state.asked = list(view.asked)
    state.winners, state.victory = view.winners, view.victory
    if view.phase == OVER:
        state.tie_break = _tie_break(state)
    state.log = list(view.log)
    state.own_draws[seat] = list(view.own_draws)
    _history(view, state, template or history_template(view))
    return state


class Stretch(NamedTuple):
    """One seat's draws from one pool, as the log shows them (`history_template`)."""

    seat: int
    pool: int
    plan: DrawPlan  # where in the history its draws from the pool are, the cards it played from it drawn first


class Template(NamedTuple):
    """What the histories of all the worlds of a view share (`history_template`); `_history` fills in the rest."""

    history: list  # the log as actions, None where another seat's draw goes
    stretches: tuple[Stretch, ...]


def history_template(view: PowersView) -> Template:
    """The others' draws per seat and pool: where they are, and the cards each seat was seen to play from each pool
    (a card played that was not known to be in the hand is one it drew, from the pool the card was in then)."""
    seat, n = view.seat, view.players
    if view.log[:1] == (SET_UP,):
        return Template([], ())
    history: list = []
    mine = iter(view.own_draws)
    pool, tag = 0, dict.fromkeys(CARDS, 0)
    known: list[set[str]] = [set() for _ in range(n)]
    slots: dict[tuple[int, int], list[int]] = {}
    changes: dict[tuple[int, int], list[tuple[int, str, int]]] = {}
    for entry in view.log:
        kind = type(entry)
        if kind is Drew:
            if entry.seat == seat:
                history.append(next(mine))
            else:
                slots.setdefault((entry.seat, pool), []).append(len(history))
                history.append(None)
            continue
        if kind is Shuffle:
            pool += 1
            for card in entry.cards:
                tag[card] = pool
            continue
        if kind is not tuple:  # the first parent, a territory revealed
            history.append(entry)
            continue
        mover, action = entry
        history.append(action)
        what = type(action)
        if what is Recover:
            known[mover].add(action.card)
            continue
        if what is Play or what is Defend:
            cards: tuple[str, ...] = (action.card,)
        elif what is Discard3:
            cards = tuple(action)
        elif what is Occupy:
            cards = tuple(action.cards.split())
        else:
            continue
        for card in cards:
            if card in known[mover]:
                known[mover].discard(card)
            elif mover != seat:
                changes.setdefault((mover, tag[card]), []).append((len(history) - 1, card, -1))
    stretches = tuple(Stretch(other, p, plan_draws(at, {}, changes.get((other, p), ())))
                      for (other, p), at in sorted(slots.items()))
    return Template(history, stretches)


def _history(view: PowersView, world: PowersState, template: Template) -> None:
    """Give `world` its history and the others' draws: the template with each seat's draws from each pool filled
    in, from the cards it played from the pool and the world's hidden cards of the pool in its hand."""
    if view.log[:1] == (SET_UP,):
        return
    seat = view.seat
    hidden: dict[tuple[int, int], list[str]] = {}
    for other in range(view.players):
        if other != seat:
            known = world.known[other]
            for card in world.hand[other]:
                if card not in known:
                    hidden.setdefault((other, world.pools[card]), []).append(card)
    history = template.history[:]
    drawn: dict[int, list[tuple[int, str]]] = {}
    for stretch in template.stretches:
        cards = dict(stretch.plan.needed)  # the cards it played, and those it holds
        cards.update(dict.fromkeys(hidden.get((stretch.seat, stretch.pool), ()), 1))
        order = fill_draws(stretch.plan, cards, ORDER.get)
        for at, card in zip(stretch.plan.slots, order, strict=True):
            history[at] = card
            drawn.setdefault(stretch.seat, []).append((at, card))
    world.history = history
    for other, draws in drawn.items():
        world.own_draws[other] = [card for _, card in sorted(draws)]


def _tie_break(state: PowersState) -> int:
    copy = state.clone()
    copy._game_over(state.victory)  # type: ignore[arg-type]
    return copy.tie_break


def discard3(cards: str) -> Discard3:
    """The discard of these three cards ("2H 5D 9H"), in the canonical card order the legal actions use."""
    return Discard3(*sorted(cards.split(), key=ORDER.get))


def occupy(cards: str) -> Occupy:
    """The payment with these cards ("2C 5D 9H"), in the canonical card order the legal actions use."""
    return Occupy(" ".join(sorted(cards.split(), key=ORDER.get)))


def new_state(players: int = 4, parent: str = "acquirer", defence: str = "acquired") -> PowersState:
    """A new game for 4 or 5 players; `parent` "rotating" is the variant of A2, `defence` "blitzkrieg" that of A17
    (a yielded territory's neighbours are asked to defend too)."""
    return PowersState(players, parent == "rotating", defence == "blitzkrieg")


def position(players: int = 4, on_offer: str = "GER", owners: dict[str, int] | None = None,
             hands: dict[int, str] | None = None, discard: str = "", parent: int = 0, round_no: int = 2
             ) -> PowersState:
    """A state for tests in spec notation, at the opening of an invasion of `on_offer`: owners {"FRA": 1}, hands
    {0: "7D 10S"}, a discard pile "AS JK2 7C" (oldest first); the draw pile holds the rest (all of pool 0, each
    hand's cards hidden ones of pool 0)."""
    state = PowersState(players)
    state.log.append(SET_UP)
    state.parent, state.round, state.on_offer = parent, round_no, on_offer
    state.unrevealed = [t for t in IDS if t != on_offer and t not in (owners or {})]
    for t, seat in (owners or {}).items():
        state.owner[t] = seat
    for seat, text in (hands or {}).items():
        for card in text.split():
            state.pile.remove(card)
            state._take(seat, card, known=False)
    for card in discard.split():
        state.pile.remove(card)
        state.discard.append(card)
    state._start_invasion()
    return state
