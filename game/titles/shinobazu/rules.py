"""Shinobazu (不忍): the rules engine, exactly per shared/rules/shinobazu.md (sections 3-7).

Chance picks the first start player and deals one card at a time from the unseen pool (lazy dealing). Decisions are
PLAY (PlayOwn / Force), STANCE (Declare), CHALLENGE and RESPONSE; showdown, duel and round end run by themselves.

Where the spec is silent (docs/decisions.md, "The audits' Shinobazu and Fusejika findings, mended"): a card
returned after round 3 is known to be in its hand "until played" (spec 6); once the seat plays face down, the
others know only that the card played may be one of its returned cards, so the view keeps every returned card
(`known_in_hand`: those in the hand and, while it lies face down, the one played) until that card is turned over.
The public log tells a card laid face down once it is turned over, and a deal's cards once the deal is over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple, Self

from game.core.cards import constrained_deal, draw_outcomes
from game.core.engine import CHANCE, TERMINAL, IllegalAction, State, kept_view

RULES_VERSION = "shinobazu/1"
COLOURS = ("K", "R", "B")
COLOUR_NAMES = {"K": "black", "R": "red", "B": "blue"}
VALUES = (-3, 1, 2, 4, 5)
REVERSING_VALUES = (2, 4)  # Off-colour Reversal (異色順逆の術) is printed on every 2 and 4
FIGHT, PASS = "fight", "pass"
STANCES = (FIGHT, PASS)
NO_CHALLENGE, ACCEPT, REFUSE = "no challenge", "accept", "refuse"
WORDS = (NO_CHALLENGE, ACCEPT, REFUSE)
HAND_SIZE = ROUNDS_PER_DEAL = 3
THREE = 3  # the total that fires the Three technique (参の術)
END_SCORE = 5
MIN_PLAYERS, MAX_PLAYERS = 3, 5
START, DEAL, PLAY, STANCE, CHALLENGE, RESPONSE, OVER = (
    "start", "deal", "play", "stance", "challenge", "response", "over")


# --- cards ---------------------------------------------------------------------------------------------------
class Card(NamedTuple):
    """A ninja card; str is the spec's id, e.g. K-3 or R5."""

    colour: str  # "K" black, "R" red, "B" blue
    value: int  # -3, 1, 2, 4 or 5

    def __str__(self) -> str:
        return f"{self.colour}{self.value}"


DECK = tuple(Card(colour, value) for colour in COLOURS for value in VALUES)  # the canonical order
CARD_BY_ID = {str(card): card for card in DECK}
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
card_key = DECK_INDEX.__getitem__


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical deck order."""
    return tuple(sorted(cards, key=card_key))


def followed(hand: tuple[Card, ...], lead: str | None) -> tuple[Card, ...]:
    """The cards of `hand` the follow rule allows under `lead` (None: no lead to follow): lead-coloured ones if
    there are any, else all."""
    if lead is not None:
        follow = tuple(card for card in hand if card.colour == lead)
        if follow:
            return follow
    return hand


def total(stack: Iterable[Card]) -> int:
    """The sum of a stack's values."""
    return sum(card.value for card in stack)


def count_reversals(stacks: Iterable[Iterable[Card]], lead: str) -> int:
    """R: the 2s and 4s of a colour other than the (effective) lead colour in the compared stacks."""
    return sum(1 for stack in stacks for c in stack if c.value in REVERSING_VALUES and c.colour != lead)


def compare(seats: Sequence[int], totals: Sequence[int], reversed_: bool) -> tuple[int | None, tuple[int, ...]]:
    """The winner (unique strongest, else None) and the losers (all weakest) of a comparison (spec 4.5)."""
    strength = [-t if reversed_ else t for t in totals]
    high, low = max(strength), min(strength)
    losers = tuple(seat for seat, s in zip(seats, strength, strict=True) if s == low)
    top = [seat for seat, s in zip(seats, strength, strict=True) if s == high]
    return (top[0] if len(top) == 1 and high != low else None), losers


def deal_order(start: int, have: Sequence[int]) -> tuple[int, ...]:
    """Seats in dealing order: one card at a time from `start` going left, skipping full hands (spec 3, 4.8)."""
    n, need, order = len(have), list(have), []
    while min(need) < HAND_SIZE:
        for k in range(n):
            seat = (start + k) % n
            if need[seat] < HAND_SIZE:
                order.append(seat)
                need[seat] += 1
    return tuple(order)


def _with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return canonical((*hand, card))


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The cards less `card` (every card of the deck is unique)."""
    if card not in cards:
        return cards
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


# --- actions -------------------------------------------------------------------------------------------------
def _name(card: Card | None) -> str:
    return "a card" if card is None else str(card)


class PlayOwn(NamedTuple):
    """Play `card` face down to oneself with a stance (the start player: FIGHT only). Logged with card None."""

    card: Card | None
    stance: str = FIGHT

    def __str__(self) -> str:
        return f"play {_name(self.card)} ({self.stance})"


class Force(NamedTuple):
    """Force `card` face down on `target` as their battle card. Logged with card None."""

    card: Card | None
    target: int

    def __str__(self) -> str:
        return f"force {_name(self.card)} on seat {self.target}"


class Declare(NamedTuple):
    """The recipient's blind stance for a forced card."""

    stance: str

    def __str__(self) -> str:
        return f"declare {self.stance}"


class Challenge(NamedTuple):
    """The single loser challenges a passer left after the showdown to a Shinobazu duel."""

    target: int

    def __str__(self) -> str:
        return f"challenge seat {self.target}"


class Dealt(NamedTuple):
    """A dealt card as the public log tells it: to whom, and which only once the deal is over (by then every card
    dealt has been played and turned over; a seat's cards are told in canonical order, the order dealt is not)."""

    seat: int
    card: Card | None = None

    def __str__(self) -> str:
        return f"deal {self.card or 'a card'} to seat {self.seat}"


class Laid(NamedTuple):
    """A card played to oneself (`stance`) or forced on `target`, as the public log tells it: who laid it where,
    and which card once it is turned over."""

    seat: int
    card: Card | None
    stance: str | None = None
    target: int | None = None

    def __str__(self) -> str:
        where = f"to themselves ({self.stance})" if self.target is None else f"on seat {self.target}"
        return f"seat {self.seat} lays {self.card or 'a card'} {where}"


class FaceDown(NamedTuple):
    """A face-down current card in a view; `colour` is known only for the start player's (lead) card."""

    colour: str | None = None

    def __str__(self) -> str:
        return f"face-down {COLOUR_NAMES[self.colour]} card" if self.colour else "face-down card"


DECLARES = (Declare(FIGHT), Declare(PASS))
# Every play action built once: search asks for legal actions millions of times.
_OWN = {card: {stance: PlayOwn(card, stance) for stance in STANCES} for card in DECK}
_FORCE = {card: tuple(Force(card, seat) for seat in range(MAX_PLAYERS)) for card in DECK}
_HIDDEN_OWN = {stance: PlayOwn(None, stance) for stance in STANCES}  # a face-down play as action_key shows it
_HIDDEN_FORCE = {seat: Force(None, seat) for seat in range(MAX_PLAYERS)}
_DEALT = {seat: Dealt(seat) for seat in range(MAX_PLAYERS)}
_LAID_OWN = [{stance: Laid(seat, None, stance) for stance in STANCES} for seat in range(MAX_PLAYERS)]
_LAID_FORCE = [tuple(Laid(seat, None, None, target) for target in range(MAX_PLAYERS)) for seat in range(MAX_PLAYERS)]
# the log's entries once the card is told, built once (a reveal tells one at every showdown)
_TOLD = {laid: {card: laid._replace(card=card) for card in DECK}
         for laid in (*(e for row in _LAID_OWN for e in row.values()), *(e for row in _LAID_FORCE for e in row))}
_DEALT_TOLD = [{card: Dealt(seat, card) for card in DECK} for seat in range(MAX_PLAYERS)]


# --- events ---------------------------------------------------------------------------------------------------
# Events carry full information. Every field is public except those marked PRIVATE: a scene or move log shows
# those only to the seat named there (and to everyone once a later Revealed/Discarded/CardsCarried shows them).
@dataclass(slots=True)
class StartChosen:
    seat: int  # the first start player


@dataclass(slots=True)
class CardDealt:
    seat: int
    card: Card  # PRIVATE to `seat`
    remaining: int  # cards still to deal in this deal


@dataclass(slots=True)
class RoundStarted:
    start: int
    round_in_set: int  # 1-3
    deal: int  # 1 for the first deal


@dataclass(slots=True)
class CardPlayed:
    seat: int
    card: Card  # PRIVATE to `seat` until revealed
    stance: str


@dataclass(slots=True)
class CardForced:
    seat: int  # the forcer
    card: Card  # PRIVATE to the forcer until revealed; the target does not look at it
    target: int


@dataclass(slots=True)
class LeadAnnounced:
    seat: int  # the start player
    colour: str  # the lead colour, always the true colour of the start player's card


@dataclass(slots=True)
class Declared:
    seat: int
    stance: str


@dataclass(slots=True)
class Revealed:
    seat: int
    cards: tuple[Card, ...]  # the whole stack, carried cards first, current card last


@dataclass(slots=True)
class LoneFighterLeaves:
    seat: int
    cards: tuple[Card, ...]  # revealed and discarded, no score change
    lead: str  # the effective lead colour: the current card in front of the lone fighter's left neighbour


@dataclass(slots=True)
class ThreeTechnique:
    seats: tuple[int, ...]  # fighters whose total is exactly 3: every passer is dragged into the showdown


@dataclass(slots=True)
class Showdown:
    participants: tuple[int, ...]
    stacks: tuple[tuple[Card, ...], ...]  # by participant
    totals: tuple[int, ...]  # by participant
    lead: str  # the effective lead colour
    reversals: int  # R
    reversed: bool  # odd R: the smaller total is stronger
    winner: int | None  # None when the strongest total is shared (or everyone ties)
    losers: tuple[int, ...]
    passers_left: tuple[int, ...]  # passers whose stacks stay on the table (face down)


@dataclass(slots=True)
class ScoreChanged:
    seat: int
    delta: int  # the actual change: a winner already at 0 gets delta 0
    score: int


@dataclass(slots=True)
class Discarded:
    seat: int
    cards: tuple[Card, ...]  # the seat's whole stack, face up onto the discard pile


@dataclass(slots=True)
class Challenged:
    seat: int  # the single loser
    target: int  # the challenged passer


@dataclass(slots=True)
class NoChallenge:
    seat: int


@dataclass(slots=True)
class DuelAccepted:
    seat: int


@dataclass(slots=True)
class DuelRefused:
    seat: int
    cost: int  # points for refusing: the cards in the refuser's stack


@dataclass(slots=True)
class Duel:
    challenger: int
    passer: int
    lead: str  # the duel lead colour: the challenger's current card
    stacks: tuple[tuple[Card, ...], tuple[Card, ...]]  # challenger's, passer's
    totals: tuple[int, int]
    reversals: int
    reversed: bool
    winner: int | None  # None on a tie (mutual kill: both +1)
    loser: int | None


@dataclass(slots=True)
class RoundEnded:
    round_in_set: int
    last_gainers: tuple[int, ...]
    next_start: int | None  # None when the game ends with this round


@dataclass(slots=True)
class CardsCarried:
    seat: int
    card: Card  # the passed current card, now turned face up
    carried: tuple[Card, ...]  # all of the seat's carried cards, oldest first


@dataclass(slots=True)
class CardsReturned:
    seat: int
    cards: tuple[Card, ...]  # revealed, back in the seat's hand (everyone knows they are there)


@dataclass(slots=True)
class Reshuffled:
    cards: int  # discard pile + unused pile, gathered for the next deal


@dataclass(slots=True)
class GameOver:
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # everyone tied for the fewest points


# --- the view ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShinobazuView:
    """Exactly what `seat` may see (spec 6). Per-seat tuples are indexed by seat."""

    seat: int
    players: int
    phase: str  # start, deal, play, stance, challenge, response, over
    to_move: int  # a seat, CHANCE or TERMINAL
    legal: tuple  # the legal actions if `seat` is to move, else ()
    hand: tuple[Card, ...]  # own hand, canonical order
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]  # returned cards everyone knows are in that hand, or (one of
    # them, at most) the card the seat played this round while it lies face down (spec 6: none can tell which)
    carried: tuple[tuple[Card, ...], ...]
    current: tuple[Card | FaceDown | None, ...]  # a Card if this seat placed it or it is revealed
    revealed: tuple[bool, ...]  # whether each current card has been turned face up
    placed_by: tuple[int | None, ...]
    stance: tuple[str | None, ...]
    finished: tuple[bool, ...]
    start: int | None
    lead: str | None  # the round's announced lead colour
    round_in_set: int
    deal: int
    rounds: int  # rounds completed
    scores: tuple[int, ...]
    discard: tuple[Card, ...]  # in the order discarded
    unused: int  # face-down cards not dealt (and not to be dealt) this deal
    to_deal: tuple[int, ...]  # seats still to receive a card, in order
    passers_left: tuple[int, ...]
    last_gainers: tuple[int, ...]
    challenger: int | None
    challenged: int | None
    voids: tuple[str, ...]  # follow-rule voids: colours each hand cannot hold for the rest of this deal
    returned: tuple[tuple[Card, ...], ...]  # the cards each seat took back for this deal (spec 4.8, public)
    log: tuple  # the public record: the history with hidden cards masked (Dealt, Laid with card None) until shown


# --- the state -----------------------------------------------------------------------------------------------
class ShinobazuState(State):
    """One position of a Shinobazu game."""

    TITLE = "shinobazu"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("n", "score", "hand", "carried", "current", "placed_by", "stance", "finished", "revealed",
                 "known_in_hand", "known_down", "voids", "start", "lead", "round_in_set", "deal", "rounds", "discard",
                 "pool", "to_deal", "phase", "cur", "passers_left", "last_gainers", "challenger", "challenged", "log",
                 "laid_at", "dealt", "deal_at", "returned", "_resample_view")

    def __init__(self, players: int = 4) -> None:
        super().__init__()
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Shinobazu is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        n = self.n = players
        self.score = [0] * n
        self.hand: list[tuple[Card, ...]] = [()] * n
        self.carried: list[tuple[Card, ...]] = [()] * n
        self.known_in_hand: list[tuple[Card, ...]] = [()] * n  # returned cards still in the hand
        self.voids = [""] * n
        self.discard: tuple[Card, ...] = ()
        self.pool: tuple[Card, ...] = DECK  # every unseen card: still to deal, then the unused pile
        self.to_deal: tuple[int, ...] = ()
        self._resample_view: tuple | None = None  # (key, view, what its worlds share): see `resample`
        self.phase = START
        self.round_in_set, self.deal, self.rounds = 1, 0, 0
        self.last_gainers: tuple[int, ...] = ()
        self.log: list = []  # the public record: the history with hidden cards masked until they are turned over
        self.dealt: list[tuple[Card, ...]] = [()] * n  # the cards dealt to each seat this deal
        self.deal_at = 0  # where this deal's Dealt entries begin in the log
        self.returned: list[tuple[Card, ...]] = [()] * n  # the cards each seat took back for this deal (public)
        self._reset_round(None)

    def _reset_round(self, start: int | None) -> None:
        n = self.n
        self.current: list[Card | None] = [None] * n
        self.placed_by: list[int | None] = [None] * n
        self.laid_at: list[int | None] = [None] * n  # where the play that laid each current card is in the log
        self.stance: list[str | None] = [None] * n
        self.finished = [False] * n
        self.revealed = [False] * n
        self.known_down: list[Card | None] = [None] * n  # a returned card the seat played, still face down
        self.lead: str | None = None
        self.passers_left: tuple[int, ...] = ()
        self.challenger: int | None = None
        self.challenged: int | None = None
        self.start, self.cur = start, start

    # --- queries ---------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def scores(self) -> list[int]:
        return list(self.score)

    @property
    def unused(self) -> tuple[Card, ...]:
        """The unused pile (after the deal): the pool minus the cards still to deal."""
        return self.pool if not self.to_deal else ()

    def stack(self, seat: int) -> tuple[Card, ...]:
        """Carried cards and the current card (if any) of `seat`."""
        card = self.current[seat]
        return self.carried[seat] if card is None else (*self.carried[seat], card)

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` may play now: lead-colour cards if it holds any and is not the start player."""
        return followed(self.hand[seat], None if seat == self.start else self.lead)

    def winners(self) -> tuple[int, ...]:
        """Everyone tied for the fewest points."""
        low = min(self.score)
        return tuple(seat for seat, points in enumerate(self.score) if points == low)

    def current_player(self) -> int:
        phase = self.phase
        if phase in (START, DEAL):
            return CHANCE
        return TERMINAL if phase == OVER else self.cur

    def _legal_actions(self) -> list:
        phase = self.phase
        if phase == PLAY:
            return self._play_actions()
        if phase == STANCE:
            return list(DECLARES)
        if phase == CHALLENGE:
            return [*(Challenge(p) for p in self.passers_left), NO_CHALLENGE]
        return [ACCEPT, REFUSE]

    def _play_actions(self) -> list:
        cur, current = self.cur, self.current
        targets = [q for q in range(self.n) if q != cur and current[q] is None]
        if cur == self.start:
            stances: tuple[str, ...] = (FIGHT,)  # the start player may not pass when playing to self
        else:
            stances = STANCES if current[cur] is None else ()
        actions: list = []
        for card in self.legal_cards(cur):
            own, force = _OWN[card], _FORCE[card]
            actions += [own[s] for s in stances]
            actions += [force[q] for q in targets]
        return actions

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        return draw_outcomes(self.pool, card_key)

    def returns(self) -> list[float]:
        """Win share at the end: each of the k players tied for the fewest points gets 1/k."""
        if self.phase != OVER:
            return [0.0] * self.n
        winners = self.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]

    # --- apply ---------------------------------------------------------------------------------------------
    def _apply_quietly(self, action: Any) -> None:
        """`_apply` for search: a deal, a play or a declaration without building their events (a showdown that
        follows still builds its own; it comes once a round)."""
        phase = self.phase
        if phase == DEAL:
            self.log.append(_DEALT[self.to_deal[0]])
            self._deal(action)
        elif phase == PLAY:
            self.log.append(self._logged(action))
            cur = self.cur
            if type(action) is PlayOwn:
                self._lay_own(action)
                self._next_turn(cur)
            else:
                self._lay_force(action)
        elif phase == STANCE:
            self.log.append(action)
            self.stance[self.cur] = action.stance
            self._next_turn(self.cur)
        else:
            self._apply(action)

    def _apply(self, action: Any) -> list:
        phase = self.phase
        self.log.append(self._logged(action))
        if phase == START:
            return self._choose_start(action)
        if phase == DEAL:
            return self._deal_card(action)
        if phase == PLAY:
            return self._play_own(action) if type(action) is PlayOwn else self._force(action)
        if phase == STANCE:
            return self._declare(action)
        if phase == CHALLENGE:
            return self._challenge(action)
        return self._respond(action)

    def _logged(self, action: Any) -> Any:
        """The action as the public log records it: a dealt card masked, a card laid as who laid it where."""
        kind = type(action)
        if kind is Card:
            return _DEALT[self.to_deal[0]]
        if kind is PlayOwn:
            return _LAID_OWN[self.cur][action.stance]
        return _LAID_FORCE[self.cur][action.target] if kind is Force else action

    def _public(self, action: Any) -> Any:
        """The action as everyone sees it: hidden cards masked."""
        kind = type(action)
        if kind is Card:
            return _DEALT[self.to_deal[0]]
        if kind is PlayOwn:
            return _HIDDEN_OWN[action.stance]
        return _HIDDEN_FORCE[action.target] if kind is Force else action

    def action_key(self, action: Any, observer: int) -> Any:
        """What `observer` learns of `action` (the search files moves by it): a dealt card is the receiver's; a card
        played or forced face down shows only its stance or target, its colour when the start player leads it (A2),
        and itself when it is the round's last play and the showdown turns it over at once. A returned card played
        face down is not shown either: the others knew it was in the hand, not that this is the card played (spec 6).
        """
        kind = type(action)
        if kind is Card:
            return action if self.to_deal[0] == observer else _DEALT[self.to_deal[0]]
        if kind not in (PlayOwn, Force) or self.cur == observer:
            return action
        if kind is PlayOwn and self._last_play() and not self._stays_down(action):
            return action
        colour = action.card.colour if self.cur == self.start else None
        return (self._public(action), colour)

    def _last_play(self) -> bool:
        """Whether the mover's play is the round's last (everyone else has finished)."""
        cur, finished = self.cur, self.finished
        return all(finished[q] for q in range(self.n) if q != cur)

    def _stays_down(self, action: PlayOwn) -> bool:
        """Whether the round's last play, to oneself, stays face down through the showdown: a pass while two or more
        others fight and none of them totals 3 (case C without the Three technique, spec 4.5)."""
        if action.stance != PASS:
            return False
        fighters = [q for q in range(self.n) if self.stance[q] == FIGHT]
        return len(fighters) >= 2 and all(total(self.stack(q)) != THREE for q in fighters)

    def action_keys(self, actions: list, observer: int) -> list:
        """`action_key` of each of another seat's legal plays, what they share worked out once."""
        cur = self.cur
        if self.phase != PLAY or cur == observer:
            return [self.action_key(action, observer) for action in actions]
        shown = self._last_play() and (not self._stays_down(_HIDDEN_OWN[PASS]), True)  # (pass, fight) turned over
        starts = cur == self.start
        keys = []
        for action in actions:
            if shown and type(action) is PlayOwn and shown[action.stance == FIGHT]:
                keys.append(action)
            else:
                keys.append((self._public(action), action.card.colour if starts else None))
        return keys

    def _choose_start(self, seat: int) -> list:
        self.start = self.cur = seat
        self._begin_deal()
        return [StartChosen(seat)]

    def _begin_deal(self) -> None:
        self.deal += 1
        self.dealt, self.deal_at = [()] * self.n, len(self.log)
        self.to_deal = deal_order(self.start, [len(hand) for hand in self.hand])
        self.phase = DEAL

    def _deal_card(self, card: Card) -> list:
        seat = self._deal(card)
        events: list = [CardDealt(seat, card, len(self.to_deal))]
        return events + self._round_started() if not self.to_deal else events

    def _deal(self, card: Card) -> int:
        """Deal `card` to the next seat (returned), and start the round after the deal's last card."""
        seat, self.to_deal = self.to_deal[0], self.to_deal[1:]
        self.pool = _without(self.pool, card)
        self.hand[seat] = _with(self.hand[seat], card)
        self.dealt[seat] = (*self.dealt[seat], card)
        if not self.to_deal:
            self.phase, self.cur = PLAY, self.start
        return seat

    def _start_round(self) -> list:
        self.phase, self.cur = PLAY, self.start
        return self._round_started()

    def _round_started(self) -> list:
        return [RoundStarted(self.start, self.round_in_set, self.deal)]

    def _take(self, seat: int, card: Card) -> Card:
        """Remove `card` from the seat's hand; a returned card becomes the seat's known card face down."""
        card = self.hand[seat][self.hand[seat].index(card)]
        self.hand[seat] = _without(self.hand[seat], card)
        if card in self.known_in_hand[seat]:
            self.known_in_hand[seat] = _without(self.known_in_hand[seat], card)
            self.known_down[seat] = card
        return card

    def _announced(self, seat: int, card: Card) -> list:
        """The start player's card has set the lead colour (always truthfully, A2)."""
        return [LeadAnnounced(seat, card.colour)] if seat == self.start else []

    def _play_own(self, action: PlayOwn) -> list:
        cur = self.cur
        card = self._lay_own(action)
        events = [CardPlayed(cur, card, action.stance), *self._announced(cur, card)]
        return events + self._next_turn(cur)

    def _lay_own(self, action: PlayOwn) -> Card:
        """The mover's card goes down in front of itself with its stance (the start player's sets the lead)."""
        cur = self.cur
        card = self._take(cur, action.card)
        self.current[cur], self.placed_by[cur], self.stance[cur] = card, cur, action.stance
        self.laid_at[cur] = len(self.log) - 1
        self.finished[cur] = True
        if cur == self.start:
            self.lead = card.colour
        return card

    def _force(self, action: Force) -> list:
        cur = self.cur
        card = self._lay_force(action)
        return [CardForced(cur, card, action.target), *self._announced(cur, card)]

    def _lay_force(self, action: Force) -> Card:
        """The mover's card goes down in front of the target, who declares next (the start player's sets the lead)."""
        cur, target = self.cur, action.target
        card = self._take(cur, action.card)
        self.current[target], self.placed_by[target] = card, cur
        self.laid_at[target] = len(self.log) - 1
        self.finished[cur] = True
        self.phase, self.cur = STANCE, target
        if cur == self.start:
            self.lead = card.colour
        return card

    def _declare(self, action: Declare) -> list:
        seat = self.cur
        self.stance[seat] = action.stance
        return [Declared(seat, action.stance), *self._next_turn(seat)]

    def _next_turn(self, seat: int) -> list:
        """PLAY for the first unfinished seat from `seat` (inclusive) going left, else SHOWDOWN."""
        n = self.n
        for k in range(n):
            nxt = (seat + k) % n
            if not self.finished[nxt]:
                self.phase, self.cur = PLAY, nxt
                return []
        return self._showdown()

    # --- showdown ------------------------------------------------------------------------------------------
    def _showdown(self) -> list:
        """SHOWDOWN (4.5): participants, comparison, scoring; then CHALLENGE or ROUND_END."""
        events, parts, lead = self._participants()
        stacks = tuple(self.stack(seat) for seat in parts)
        totals = tuple(total(stack) for stack in stacks)
        reversals = count_reversals(stacks, lead)
        winner, losers = compare(parts, totals, reversals % 2 == 1)
        events.append(Showdown(tuple(parts), stacks, totals, lead, reversals, reversals % 2 == 1, winner, losers,
                               self.passers_left))
        events += self._score(winner, losers)
        events += [self._discard(seat) for seat in parts if seat not in losers]
        if len(losers) == 1 and self.passers_left:
            self.phase = CHALLENGE
            self.cur = self.challenger = losers[0]
            return events
        events += [self._discard(seat) for seat in losers]
        self.last_gainers = losers
        return events + self._round_end()

    def _participants(self) -> tuple[list, list[int], str]:
        """Cases A, B and C: the reveal events, the participants and the effective lead colour."""
        seats = list(range(self.n))
        fighters = [seat for seat in seats if self.stance[seat] == FIGHT]
        if len(fighters) == 1:  # case B: the lone fighter leaves; no Three technique (A13)
            lone = fighters[0]
            cards = self._reveal(lone)
            lead = self.current[(lone + 1) % self.n].colour
            self.discard += cards
            self.carried[lone], self.current[lone] = (), None
            parts = [seat for seat in seats if seat != lone]
            events = [Revealed(lone, cards), LoneFighterLeaves(lone, cards, lead)]
            return events + [Revealed(seat, self._reveal(seat)) for seat in parts], parts, lead
        events: list = [Revealed(seat, self._reveal(seat)) for seat in fighters]
        three = tuple(seat for seat in fighters if total(self.stack(seat)) == THREE)
        if three or not fighters:  # case C with the Three technique, or case A
            events += [ThreeTechnique(three)] if three else []
            events += [Revealed(seat, self._reveal(seat)) for seat in seats if seat not in fighters]
            return events, seats, self.lead
        self.passers_left = tuple(seat for seat in seats if seat not in fighters)
        return events, fighters, self.lead

    def _reveal(self, seat: int) -> tuple[Card, ...]:
        """Turn the seat's current card face up and return its stack; an off-colour card shows a void."""
        card = self.current[seat]
        if not self.revealed[seat]:
            self.revealed[seat] = True
            placer = self.placed_by[seat]
            self.known_down[placer] = None  # turned over: everyone sees whether it was a returned card
            at = self.laid_at[seat]
            if at is not None:  # the log now tells which card was laid
                self.log[at] = _TOLD[self.log[at]][card]
            if placer != self.start and card.colour != self.lead and self.lead not in self.voids[placer]:
                self.voids[placer] = "".join(c for c in COLOURS if c in self.voids[placer] + self.lead)
        return self.stack(seat)

    def _discard(self, seat: int) -> Discarded:
        cards = self.stack(seat)
        self.discard += cards
        self.carried[seat], self.current[seat] = (), None
        return Discarded(seat, cards)

    def _add(self, seat: int, delta: int) -> ScoreChanged:
        old = self.score[seat]
        self.score[seat] = max(0, old + delta)
        return ScoreChanged(seat, self.score[seat] - old, self.score[seat])

    def _score(self, winner: int | None, losers: tuple[int, ...]) -> list:
        """The winner's -1 (floor 0) and every loser's +1, at once (A29)."""
        events = [self._add(winner, -1)] if winner is not None else []
        return events + [self._add(seat, 1) for seat in losers]

    # --- challenge and duel --------------------------------------------------------------------------------
    def _challenge(self, action: Any) -> list:
        loser = self.cur
        if action == NO_CHALLENGE:
            self.last_gainers = (loser,)
            return [NoChallenge(loser), self._discard(loser), *self._round_end()]
        self.phase, self.cur = RESPONSE, action.target
        self.challenged = action.target
        return [Challenged(loser, action.target)]

    def _respond(self, action: str) -> list:
        passer, loser = self.challenged, self.challenger
        self.passers_left = tuple(seat for seat in self.passers_left if seat != passer)
        if action == ACCEPT:
            return [DuelAccepted(passer), *self._duel(loser, passer), *self._round_end()]
        cards = self._reveal(passer)
        self.last_gainers = (passer,)
        events = [DuelRefused(passer, len(cards)), Revealed(passer, cards), self._add(passer, len(cards)),
                  self._discard(loser), self._discard(passer)]
        return events + self._round_end()

    def _duel(self, loser: int, passer: int) -> list:
        """DUEL (4.7): lead from the challenger's current card; reversals count, the Three technique does not."""
        lead = self.current[loser].colour
        events: list = [Revealed(passer, self._reveal(passer))]
        stacks = (self.stack(loser), self.stack(passer))
        totals = (total(stacks[0]), total(stacks[1]))
        reversals = count_reversals(stacks, lead)
        winner, losers = compare((loser, passer), totals, reversals % 2 == 1)
        events.append(Duel(loser, passer, lead, stacks, totals, reversals, reversals % 2 == 1, winner,
                           None if winner is None else losers[0]))
        events += self._score(winner, losers)
        self.last_gainers = tuple(sorted(losers))
        return events + [self._discard(loser), self._discard(passer)]

    # --- round end -----------------------------------------------------------------------------------------
    def _round_end(self) -> list:
        """ROUND_END (4.8): next start, end check, then carry over or return and redeal."""
        self.rounds += 1
        n, start = self.n, self.start
        nxt = next(s for s in ((start + k) % n for k in range(n)) if s in self.last_gainers)
        if max(self.score) >= END_SCORE:  # no next round, so no next start
            self.phase = OVER
            return [RoundEnded(self.round_in_set, self.last_gainers, None), GameOver(tuple(self.score), self.winners())]
        events: list = [RoundEnded(self.round_in_set, self.last_gainers, nxt)]
        if self.round_in_set < ROUNDS_PER_DEAL:
            events += self._carry_over()
            self._reset_round(nxt)
            self.round_in_set += 1
            return events + self._start_round()
        events += self._return_and_gather()
        self._reset_round(nxt)
        self.round_in_set = 1
        self._begin_deal()
        return events

    def _carry_over(self) -> list:
        events = []
        for seat in self.passers_left:
            card = self.current[seat]
            self._reveal(seat)
            self.carried[seat], self.current[seat] = (*self.carried[seat], card), None
            events.append(CardsCarried(seat, card, self.carried[seat]))
        return events

    def _return_and_gather(self) -> list:
        """Round 3: unchallenged passers take their stacks back; discard and unused pile form the new pool. Every card
        dealt has now been turned over, so the log tells the deal's cards (each seat's in canonical order)."""
        dealt = [list(canonical(cards)) for cards in self.dealt]
        at = self.deal_at
        while at < len(self.log) and type(self.log[at]) is Dealt:
            seat = self.log[at].seat
            self.log[at] = _DEALT_TOLD[seat][dealt[seat].pop(0)]
            at += 1
        events: list = []
        self.returned = [()] * self.n
        for seat in self.passers_left:
            cards = self._reveal(seat)
            self.hand[seat] = self.known_in_hand[seat] = self.returned[seat] = canonical(cards)
            self.carried[seat], self.current[seat] = (), None
            events.append(CardsReturned(seat, cards))
        self.pool, self.discard = canonical(self.pool + self.discard), ()
        self.voids = [""] * self.n  # voids hold only until the redeal
        return events + [Reshuffled(len(self.pool))]

    # --- copies, views, resampling -------------------------------------------------------------------------
    def clone(self) -> Self:
        other = ShinobazuState.__new__(ShinobazuState)
        other._resample_view = None
        other.history, other.log = self.history[:], self.log[:]
        other.laid_at, other.dealt, other.deal_at, other.returned = (
            self.laid_at[:], self.dealt[:], self.deal_at, self.returned[:])
        other.score, other.hand, other.carried = self.score[:], self.hand[:], self.carried[:]
        other.current, other.placed_by, other.stance = self.current[:], self.placed_by[:], self.stance[:]
        other.finished, other.revealed = self.finished[:], self.revealed[:]
        other.known_in_hand, other.known_down, other.voids = self.known_in_hand[:], self.known_down[:], self.voids[:]
        other.n, other.start, other.lead, other.cur, other.phase = self.n, self.start, self.lead, self.cur, self.phase
        other.round_in_set, other.deal, other.rounds = self.round_in_set, self.deal, self.rounds
        other.discard, other.pool, other.to_deal = self.discard, self.pool, self.to_deal
        other.passers_left, other.last_gainers = self.passers_left, self.last_gainers
        other.challenger, other.challenged = self.challenger, self.challenged
        return other

    def _seen_current(self, seat: int, at: int) -> Card | FaceDown | None:
        """The current card in front of `at` as `seat` sees it."""
        card = self.current[at]
        if card is None or self.revealed[at] or self.placed_by[at] == seat:
            return card
        return FaceDown(card.colour if self.placed_by[at] == self.start else None)

    def public_known(self, seat: int) -> tuple[Card, ...]:
        """The seat's returned cards as everyone knows them: those in its hand and, while face down, the one it
        played this round (spec 6: the others cannot tell which card went down)."""
        down = self.known_down[seat]
        return self.known_in_hand[seat] if down is None else canonical((*self.known_in_hand[seat], down))

    def view(self, seat: int) -> ShinobazuView:
        mover = self.current_player()
        return ShinobazuView(
            seat=seat, players=self.n, phase=self.phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (),
            hand=self.hand[seat], hand_sizes=tuple(len(hand) for hand in self.hand),
            known_in_hand=tuple(self.public_known(at) for at in range(self.n)), carried=tuple(self.carried),
            current=tuple(self._seen_current(seat, at) for at in range(self.n)),
            revealed=tuple(self.revealed), placed_by=tuple(self.placed_by), stance=tuple(self.stance),
            finished=tuple(self.finished), start=self.start, lead=self.lead, round_in_set=self.round_in_set,
            deal=self.deal, rounds=self.rounds, scores=tuple(self.score), discard=self.discard,
            unused=len(self.pool) - len(self.to_deal), to_deal=self.to_deal, passers_left=self.passers_left,
            last_gainers=self.last_gainers, challenger=self.challenger, challenged=self.challenged,
            voids=tuple(self.voids), returned=tuple(self.returned), log=tuple(self.log))

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), built from that view alone (see `from_view`).

        Search resamples the same position many times, so the view (and what its worlds share) is kept until
        the next action changes it.
        """
        view, shared_ = kept_view(self, seat, shared)
        return from_view(view, rng, shared_)

    # --- text, codec, explanations -------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        if type(action) is int:
            return f"seat {action} starts"
        if type(action) is Card:
            return f"deal {action} to seat {self.to_deal[0]}" if self.phase == DEAL and self.to_deal else str(action)
        return str(action)

    def action_to_json(self, action: Any) -> Any:
        kind = type(action)
        if kind is Card:
            return str(action)
        if kind is PlayOwn:
            return ["play", str(action.card), action.stance]
        if kind is Force:
            return ["force", str(action.card), action.target]
        if kind is Declare:
            return ["declare", action.stance]
        return ["challenge", action.target] if kind is Challenge else action

    def action_from_json(self, data: Any) -> Any:
        action = _decode(data)
        if action is None:
            raise IllegalAction(f"not a Shinobazu action: {data!r}")
        return action

    def explain_illegal(self, action: Any) -> str:
        phase, who = self.phase, f"seat {self.cur}"
        if phase == OVER:
            return "the game is over"
        if phase == START:
            return f"the first start player is a seat 0-{self.n - 1}, not {action!r}"
        if phase == DEAL:
            return f"the next card dealt is an unseen card ({' '.join(map(str, self.pool))}), not {action}"
        if phase == STANCE:
            return f"{who} must declare fight or pass for the card forced on them, not {action}"
        if phase == RESPONSE:
            return f"{who} must accept or refuse the duel, not {action}"
        if phase == CHALLENGE:
            names = ", ".join(f"seat {p}" for p in self.passers_left)
            if type(action) is Challenge:
                return f"seat {action.target} is not a passer left after the showdown (passers: {names})"
            return f"{who} must challenge a passer ({names}) or make no challenge, not {action}"
        return self._explain_play(action)

    def _explain_play(self, action: Any) -> str:
        cur = self.cur
        if type(action) not in (PlayOwn, Force):
            return f"seat {cur} must play a card (PlayOwn or Force), not {action}"
        card = action.card
        if card not in self.hand[cur]:
            return f"{card} is not in seat {cur}'s hand"
        if card not in self.legal_cards(cur):
            follow = " or ".join(map(str, self.legal_cards(cur)))
            return f"must follow {COLOUR_NAMES[self.lead]}: play {follow}"
        if type(action) is Force:
            target = action.target
            if target == cur:
                return f"seat {cur} cannot force a card on themselves; play it to themselves instead"
            if type(target) is not int or not 0 <= target < self.n:
                return f"there is no seat {target!r}"
            return f"seat {target} already has a battle card"
        if self.current[cur] is not None:
            return f"seat {cur} already has a battle card: force {card} on another player"
        if action.stance not in STANCES:
            return f"a stance is fight or pass, not {action.stance!r}"
        return "the start player may not pass when playing to themselves"

    def final_scores(self) -> list[float]:
        return list(self.score)

    def deals_played(self) -> int:
        return self.deal

    def statistics(self) -> dict:
        """What a results screen keeps: scores, rounds and deals played, the winners."""
        return {
            "players": self.n,
            "scores": list(self.score),
            "rounds": self.rounds,
            "deals": self.deal,
            "winners": list(self.winners()) if self.phase == OVER else [],
            "over": self.phase == OVER,
        }


# --- JSON decoding -------------------------------------------------------------------------------------------
def _seat(value: Any) -> int | None:
    return value if type(value) is int else None


def _decode(data: Any) -> Any:
    """The action a JSON value stands for, or None if it is malformed."""
    kind = type(data)
    if kind is int:
        return data
    if kind is str:
        return data if data in WORDS else CARD_BY_ID.get(data)
    if kind not in (list, tuple) or not data or type(data[0]) is not str:
        return None
    word, args = data[0], list(data[1:])
    if word == "declare" and len(args) == 1 and args[0] in STANCES:
        return Declare(args[0])
    if word == "challenge" and len(args) == 1 and _seat(args[0]) is not None:
        return Challenge(args[0])
    if len(args) != 2 or type(args[0]) is not str or args[0] not in CARD_BY_ID:
        return None
    if word == "play" and type(args[1]) is str and args[1] in STANCES:
        return PlayOwn(CARD_BY_ID[args[0]], args[1])
    if word == "force" and _seat(args[1]) is not None:
        return Force(CARD_BY_ID[args[0]], args[1])
    return None


# --- resampling (spec 9, "Determinization") ------------------------------------------------------------------
@cache
def _allowed(voids: str, colour: str | None = None) -> tuple[str, ...] | None:
    """Colours a hidden slot may take (None: any)."""
    allowed = tuple(c for c in COLOURS if c not in voids and (colour is None or c == colour))
    return None if len(allowed) == len(COLOURS) else allowed


def _colour(card: Card) -> str:
    return card.colour


def _unseen(view: ShinobazuView) -> list[Card]:
    """The unseen pool: 15 cards minus own hand, public cards and the cards this seat placed or saw."""
    known = set(view.hand) | set(view.discard) | {card for card in view.current if type(card) is Card}
    for cards in (*view.carried, *view.known_in_hand):
        known.update(cards)
    return [card for card in DECK if card not in known]


class Shared(NamedTuple):
    """What every world of a view shares (`shared`): worked out once for a search's many worlds."""

    pool: list[Card]  # the unseen cards
    others: list[int]  # the other seats
    together: dict[int, int]  # a seat whose face-down card may be a returned one: where that card lies
    apart: list[int]  # where the other face-down cards this seat cannot see lie
    slots: list  # the deal's slots: the others' hands, the face-down cards apart, the rest
    checked: bool  # whether a deal must be checked further (`_pick_down`, `_follows`)
    template: Template  # the history's (`history_template`)


def shared(view: ShinobazuView) -> Shared:
    """What every world of `view` shares: its unseen cards, the slots they are dealt into, its history's template.

    A seat with returned cards that played face down this round may have played one of them (spec 6), so its hand
    and that card are dealt together (`together`), the card then picked from them (`_pick_down`)."""
    n, seat = view.players, view.seat
    pool = _unseen(view)
    others = [j for j in range(n) if j != seat]
    hidden = [at for at in range(n) if type(view.current[at]) is FaceDown]
    together = {view.placed_by[at]: at for at in hidden if view.known_in_hand[view.placed_by[at]]}
    apart = [at for at in hidden if view.placed_by[at] not in together]
    slots = [(view.hand_sizes[j] + (j in together) - len(view.known_in_hand[j]), _allowed(view.voids[j]))
             for j in others]
    slots += [(1, _allowed(view.voids[view.placed_by[at]], view.current[at].colour)) for at in apart]
    slots.append((len(pool) - sum(size for size, _ in slots), None))  # still to deal + the unused pile
    checked = bool(together) or view.lead is not None  # else every deal that fits the slots is a world
    return Shared(pool, others, together, apart, slots, checked, history_template(view))


def from_view(view: ShinobazuView, rng: Random, common: Shared | None = None) -> ShinobazuState:
    """A full state consistent with `view`, the hidden cards dealt uniformly among the deals that respect it.

    Constraints: hand sizes, the lead card's colour, follow-rule voids (for hands and for face-down cards placed
    by a void seat), returned cards known in hands (or, one of them, face down where that seat played this round)
    and the follow rule on this round's face-down cards (spec 9, constraints 1-4). It reads nothing but `view` and
    `rng`. Its history leads to it: the public log with every hidden card filled in from the world (`_history`).
    `common` is `shared(view)`, if already worked out.
    """
    n, seat = view.players, view.seat
    pool, others, together, apart, slots, checked, template = common or shared(view)
    for attempt in range(FOLLOW_TRIES):  # rejection keeps the deal uniform over the worlds that follow the rules
        dealt = constrained_deal(rng, pool, slots, _colour)
        hands = {j: [*view.known_in_hand[j], *cards] for j, cards in zip(others, dealt, strict=False)}
        down = {at: cards[0] for at, cards in zip(apart, dealt[len(others):-1], strict=True)}
        if not checked or (_pick_down(view, together, hands, down, rng, attempt == FOLLOW_TRIES - 1)
                           and _follows(view, hands, down)):
            break
    state = _public_state(view)
    state.hand[seat] = view.hand
    for j in others:
        state.hand[j] = canonical(hands[j])
    for at, card in down.items():
        state.current[at] = card
    for at in range(n) if together or view.known_in_hand[seat] else ():  # a returned card face down is out
        j, card = view.placed_by[at], state.current[at]  # of the hand (what `_take` did with it)
        if card is not None and not view.revealed[at] and card in view.known_in_hand[j]:
            state.known_in_hand[j], state.known_down[j] = _without(view.known_in_hand[j], card), card
    state.pool = canonical(dealt[-1])
    state.history = _history(view, state, template)
    return state


class Template(NamedTuple):
    """What every world of a view shares of its history (`history_template`); `_history` fills in the rest."""

    deal_at: int  # where this deal's masked entries begin in the log
    history: list  # the log as actions, None where a world's card goes
    dealt: tuple[tuple[int, int], ...]  # (index, seat) of each card dealt this deal
    hidden: tuple[tuple[int, Laid], ...]  # (index, entry) of each card still face down
    laid: tuple[tuple[Card, ...], ...]  # the cards each seat laid this deal that are told, less those it took back


def history_template(view: ShinobazuView) -> Template:
    """What the histories of all the worlds of `view` share: worked out once for a search's many worlds."""
    log, returned = view.log, view.returned
    deal_at = next((i for i, entry in enumerate(log) if type(entry) in (Dealt, Laid) and entry.card is None), len(log))
    history, dealt, hidden, laid = [], [], [], [[] for _ in range(view.players)]
    for i, entry in enumerate(log):
        kind = type(entry)
        if kind is Dealt:
            if entry.card is None:
                dealt.append((i, entry.seat))
            history.append(entry.card)
        elif kind is Laid:
            card = entry.card
            if card is None:
                hidden.append((i, entry))
            elif i >= deal_at and card not in returned[entry.seat]:
                laid[entry.seat].append(card)
            history.append(None if card is None else
                           _OWN[card][entry.stance] if entry.target is None else _FORCE[card][entry.target])
        else:
            history.append(entry)
    return Template(deal_at, history, tuple(dealt), tuple(hidden), tuple(map(tuple, laid)))


def _history(view: ShinobazuView, world: ShinobazuState, template: Template) -> list:
    """The actions that lead to `world`: the public log, each card it masks filled in. A card laid face down is the
    world's card where it lies; this deal's dealt cards (masked until the deal is over) are, for each seat, the cards
    it holds and has laid this deal, less those it took back (in any order: the log tells a deal's cards in canonical
    order). Sets what the world keeps to fill in its log later (`laid_at`, `dealt`, `deal_at`)."""
    returned, current = view.returned, world.current
    history = template.history[:]
    dealt = [[card for card in world.hand[seat] if card not in returned[seat]] + list(template.laid[seat])
             for seat in range(view.players)]
    for i, entry in template.hidden:
        where = entry.seat if entry.target is None else entry.target
        card = current[where]
        world.laid_at[where] = i
        if card not in returned[entry.seat]:
            dealt[entry.seat].append(card)
        history[i] = _OWN[card][entry.stance] if entry.target is None else _FORCE[card][entry.target]
    world.dealt, world.deal_at, world.returned = [tuple(cards) for cards in dealt], template.deal_at, list(returned)
    for i, seat in template.dealt:  # each seat's cards in any order: the log tells a deal's in canonical order
        history[i] = dealt[seat].pop()
    return history


FOLLOW_TRIES = 400  # the true world always qualifies; this only bounds a freak run of rejections


def _pick_down(view: ShinobazuView, together: dict[int, int], hands: dict[int, list[Card]], down: dict[int, Card],
               rng: Random, last: bool) -> bool:
    """For each seat in `together`, pick its face-down card out of its dealt hand (returned cards included).

    A dealt hand is kept with probability (cards that may be the face-down one) / (hand), so that over the
    rejections every world (a hand and its face-down card) is equally likely; `last` keeps it regardless."""
    for j, at in together.items():
        cards, colour = hands[j], view.current[at].colour
        fits = [card for card in cards if colour is None or card.colour == colour]
        if not last and rng.random() * len(cards) >= len(fits):
            return False
        card = rng.choice(fits or cards)
        cards.remove(card)
        down[at] = card
    return True


def _follows(view: ShinobazuView, hands: dict[int, list[Card]], down: dict[int, Card]) -> bool:
    """Spec 9, constraint 4 (added after implementation): a face-down card that seat X placed this round after the
    lead colour was set is off the lead colour only if X then held no card of it. X has played nothing since (one
    card a round), so X's hand in the sampled world must hold no lead-coloured card unless the card is one."""
    lead = view.lead
    if lead is None:
        return True
    for at, card in down.items():
        placer = view.placed_by[at]
        if placer == view.start or placer not in hands or card.colour == lead:
            continue
        if any(held.colour == lead for held in hands[placer]):
            return False
    return True


def _public_state(view: ShinobazuView) -> ShinobazuState:
    """A state holding the view's public fields (hands empty, face-down cards unknown)."""
    state = ShinobazuState.__new__(ShinobazuState)
    state._resample_view = None
    state.history, state.log = [], list(view.log)  # the history: see `_history`
    state.n, state.phase = view.players, view.phase
    state.score, state.hand, state.carried = list(view.scores), [()] * view.players, list(view.carried)
    state.current = [card if type(card) is Card else None for card in view.current]
    state.placed_by, state.stance = list(view.placed_by), list(view.stance)
    state.finished, state.revealed = list(view.finished), list(view.revealed)
    state.known_in_hand, state.voids = list(view.known_in_hand), list(view.voids)
    state.known_down = [None] * view.players
    state.laid_at = [None] * view.players
    state.start, state.lead = view.start, view.lead
    state.cur = view.to_move if view.to_move >= 0 else view.start
    state.round_in_set, state.deal, state.rounds = view.round_in_set, view.deal, view.rounds
    state.discard, state.to_deal = view.discard, view.to_deal
    state.passers_left, state.last_gainers = view.passers_left, view.last_gainers
    state.challenger, state.challenged = view.challenger, view.challenged
    return state


# --- construction --------------------------------------------------------------------------------------------
def new_state(players: int = 4) -> ShinobazuState:
    """A new game for 3-5 players; the first chance node picks the start player."""
    return ShinobazuState(players)


class _UpToShowdown(ShinobazuState):
    """A state that stops where the showdown would begin, nobody to move (`laid_view`)."""

    __slots__ = ()

    def _showdown(self) -> list:
        self.cur = None
        return []


def laid_view(state: ShinobazuState, action: Any, seat: int) -> ShinobazuView:
    """`seat`'s view after `action` (a legal PlayOwn or Declare) but before the showdown it may set off: the round's
    last card lying on the table with its stance, as the table shows it before the showdown turns the stacks over
    (spec 10). `state` is not changed."""
    laying = state.clone()
    laying.__class__ = _UpToShowdown
    laying._apply(action)
    return laying.view(seat)


def position(hands: Sequence[Iterable[Card]], start: int = 0, carried: Sequence[Iterable[Card]] | None = None,
             scores: Sequence[int] | None = None, round_in_set: int = 1, discard: Iterable[Card] = ()
             ) -> ShinobazuState:
    """A state at the start of a round's PLAY phase, for tests and puzzles: the other cards form the unused pile.

    Its history is empty, so it does not replay; use chance actions from `new_state` for that.
    """
    n = len(hands)
    state = ShinobazuState(n)
    state.hand = [canonical(hand) for hand in hands]
    state.carried = [tuple(cards) for cards in carried] if carried else [()] * n
    state.score = list(scores) if scores else [0] * n
    state.discard = tuple(discard)
    used = [card for group in (*state.hand, *state.carried, state.discard) for card in group]
    if len(set(used)) != len(used) or not set(used) <= set(DECK):
        raise ValueError("every card must be a distinct ninja card")
    state.pool = tuple(card for card in DECK if card not in used)
    state.round_in_set, state.deal = round_in_set, 1
    state._reset_round(start)
    state.phase = PLAY
    return state


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated ids, e.g. parse_cards("R5 K1 B2")."""
    return tuple(CARD_BY_ID[word] for word in text.split())


# --- what a table asks (pure, from a view) ---------------------------------------------------------------------
def playable_cards(view: ShinobazuView) -> tuple[Card, ...]:
    """The cards `view.seat` may play now: lead-colour cards if it holds any and is not the start player (the
    follow rule, "Legal cards"; ShinobazuState.legal_cards from the view alone)."""
    if view.seat != view.start and view.lead is not None:
        follow = tuple(card for card in view.hand if card.colour == view.lead)
        if follow:
            return follow
    return view.hand


def must_follow(view: ShinobazuView, card: Card) -> str | None:
    """The lead colour that `card` in hand fails to follow (why it may not be played now), or None."""
    return view.lead if card in view.hand and card not in playable_cards(view) else None


def stack_size(view: ShinobazuView, seat: int) -> int:
    """The cards in `seat`'s stack (carried and current): what refusing a duel costs that seat (4.7)."""
    return len(view.carried[seat]) + (view.current[seat] is not None)


def enders(scores: Sequence[int]) -> tuple[int, ...]:
    """Why a finished game ended (5): the seats whose points reached END_SCORE at the round's end."""
    return tuple(seat for seat, points in enumerate(scores) if points >= END_SCORE)
