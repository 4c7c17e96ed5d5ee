"""Fusejika (不確定世界の時空干渉者): the rules engine, exactly per shared/rules/fusejika.md (sections 3-7).

Chance picks the first start player, deals one card at a time from the unseen pool (lazy dealing) and draws for
9 and Q. The deck is the unseen pool on top of an ordered, public bottom part (the cards a 10 put there), so a
draw comes from the pool while it lasts and then, with no chance at all, from the known bottom. Decisions are
REDEAL/KEEP, PLAY (or the forced STUCK), LOSE, KICK (a card, then a target seat) and COPY (a rank, then that
effect's choice), each a small action of its own.

Decisions where the spec is silent (see docs/decisions.md, "Fusejika"):
- A kick is two decisions: `Kick(card)` (only cards with at least one legal target are offered) then `KickTo(seat)`.
- The secret redeal check (A2, A2b): a seat chooses REDEAL or KEEP the moment its third card completes three of a
  kind, in the middle of the deal (the dealer, who gets the last card, at the deal's end). Choices are secret and
  simultaneous, so when each is taken changes nothing, and deciding inside the deal means no seat ever waits for a
  check it cannot see. While a seat decides, every other seat's view is exactly the no-check view at that point:
  mid-deal, the deal going on (phase "deal", to move: chance); at the end, the round begun with the start player
  (the deciding dealer) to move, and the last card's events already end with `TurnBegan(start)` (a KEEP then adds
  no event). So a view says "you are to move" exactly when `current_player()` is that seat: the table offers a
  human start player buttons only when the engine takes them, and search roots stay sound. Once the deal is
  complete and every eligible seat has chosen, a REDEAL is revealed (the first REDEAL-chooser in turn order from
  the start player) and the cards are dealt again; KEEP is never logged. A seat's own choice shows in its view only
  while the deal goes on. The dealer is not asked when an earlier seat already chose REDEAL (the redeal is certain):
  asking it would tell that seat, which sees no reveal at the deal's end, that the dealer holds three of a kind; so
  in that rare case the earlier seat is the one revealed, although the dealer comes first in turn order.
  A resample for the deciding seat assumes no other player chose REDEAL (those choices are secret and only decide
  whether a redeal follows); a resample for any other seat never has a check pending (a triple in a world's hand
  was kept, or is asked when its third card comes). To the others' search a check is `UNSEEN` (`action_key`): no
  node in their trees, whichever is chosen; only the dealer's REDEAL at the deal's end shows, as its reveal does.
- The public log (`log`, in every view) is the history as the table saw it: a card dealt or drawn unseen as
  `Hidden` (to whom), a card played as `Played` (by whom), the cards a draw from the known bottom, a REDEAL or a
  stuck player shows as `Shown`; a redeal check is left out. A world's history is that log with the world's cards
  filled in and the checks its deals ask put back (`_history`), so it replays to the world.
- A test position (`position`) may leave cards out of play when it lists the deck explicitly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, NamedTuple, Self

from game.core.cards import draw_outcomes
from game.core.engine import CHANCE, TERMINAL, UNSEEN, IllegalAction, State, kept_view

RULES_VERSION = "fusejika/2"  # 2: a redeal check is asked as a seat completes three of a kind (A2b)
RANKS = ("9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
EFFECTS = {"9": "get", "10": "lost", "J": "jump", "Q": "quick", "K": "kick", "A": "almighty"}
COPYABLE = ("9", "10", "J", "Q", "K")  # an A can never be copied (A11)
HAND_SIZE = 3
ALL_RANKS = (1 << len(RANKS)) - 1
BONUS = (0, 0, 1, 3, 5, 8)  # by the largest number of cards of one suit in a row (0-5)
MIN_PLAYERS, MAX_PLAYERS = 3, 5
TURN_CAP = 200  # a bug guard, not a rule (spec 4.10)
START, DEAL, REDEAL_CHECK, PLAY, LOST, KICK, KICK_TO, COPY, DRAW, OVER = (
    "start", "deal", "redeal", "play", "lost", "kick", "kick_to", "copy", "draw", "over")
CHANCE_PHASES = (START, DEAL, DRAW)
REDEAL, KEEP, STUCK = "redeal", "keep", "stuck"
SUDDEN_DEATH, POINTS = "sudden_death", "points"


# --- cards ---------------------------------------------------------------------------------------------------
class Card(NamedTuple):
    """A person card; str is the spec's id, e.g. 9S, 10H, QC."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


DECK = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)  # the canonical order
CARD_BY_ID = {str(card): card for card in DECK}
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
BIT = {card: 1 << RANKS.index(card.rank) for card in DECK}
RANK_BIT = {rank: 1 << i for i, rank in enumerate(RANKS)}
card_key = DECK_INDEX.__getitem__


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


def rank_mask(row: Iterable[Card]) -> int:
    """The rank set of a row as a bit mask."""
    mask = 0
    for card in row:
        mask |= BIT[card]
    return mask


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The cards less the one given (which is among them, once)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated ids, e.g. parse_cards("9S 10H AD")."""
    return tuple(CARD_BY_ID[word] for word in text.split())


def deal_order(start: int, n: int) -> tuple[int, ...]:
    """Seats in dealing order: left of the dealer first, the dealer last, three passes (A3)."""
    return tuple((start + k) % n for _ in range(HAND_SIZE) for k in range(1, n + 1))


# --- scoring -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RowScore:
    """One player's round score, itemised (spec 4.8)."""

    cards: int
    halved: bool  # the ender: floor(cards / 2)
    base: int
    suit: str | None  # a suit of the largest group (None for an empty row)
    largest: int
    bonus: int
    points: int


def score_row(row: Sequence[Card], ender: bool) -> RowScore:
    counts = {suit: 0 for suit in SUITS}
    for card in row:
        counts[card.suit] += 1
    suit = max(SUITS, key=lambda s: counts[s]) if row else None
    largest = counts[suit] if suit else 0
    base = len(row) // 2 if ender else len(row)
    bonus = BONUS[largest]
    return RowScore(len(row), ender, base, suit, largest, bonus, base + bonus)


# --- actions -------------------------------------------------------------------------------------------------
class Play(NamedTuple):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


class Lose(NamedTuple):
    card: Card

    def __str__(self) -> str:
        return f"lose {self.card}"


class Kick(NamedTuple):
    card: Card

    def __str__(self) -> str:
        return f"kick {self.card}"


class KickTo(NamedTuple):
    target: int

    def __str__(self) -> str:
        return f"kick to seat {self.target}"


class Copy(NamedTuple):
    rank: str

    def __str__(self) -> str:
        return f"copy {self.rank}"


class Hidden(NamedTuple):
    """A card dealt or drawn unseen, as the public log tells it: to whom, not which."""

    kind: str  # "dealt" or "drew"
    seat: int


class Played(NamedTuple):
    """A card played, as the public log tells it: by whom (the card leaves that hand)."""

    seat: int
    card: Card


class Shown(NamedTuple):
    """Cards the table sees that no action names, as the public log tells them: a card drawn from the known bottom
    ("drew"), the hand a REDEAL reveals ("redeal"), a stuck player's hand ("stuck")."""

    kind: str
    seat: int
    cards: tuple[Card, ...]


PLAYS = {card: Play(card) for card in DECK}
_DEALT = tuple(Hidden("dealt", seat) for seat in range(MAX_PLAYERS))
_DREW = tuple(Hidden("drew", seat) for seat in range(MAX_PLAYERS))
_PLAYED = tuple({card: Played(seat, card) for card in DECK} for seat in range(MAX_PLAYERS))
LOSES = {card: Lose(card) for card in DECK}
KICKS = {card: Kick(card) for card in DECK}
KICK_TOS = tuple(KickTo(seat) for seat in range(MAX_PLAYERS))
COPIES = {rank: Copy(rank) for rank in COPYABLE}


# --- events --------------------------------------------------------------------------------------------------
# Events carry full information. Fields marked PRIVATE are shown only to the seat named in the event.
@dataclass(slots=True)
class StartChosen:
    seat: int


@dataclass(slots=True)
class DealStarted:
    round_no: int
    start: int  # the dealer (start player)
    redeal: bool  # a fresh deal after a REDEAL


@dataclass(slots=True)
class CardDealt:
    seat: int
    card: Card  # PRIVATE to `seat`
    remaining: int


@dataclass(slots=True)
class RedealCalled:
    seat: int
    hand: tuple[Card, ...]  # revealed: three of one rank


@dataclass(slots=True)
class TurnBegan:
    seat: int


@dataclass(slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(slots=True)
class CardDrawn:
    seat: int
    card: Card  # PRIVATE to `seat` unless `known`
    known: bool  # it came from the publicly known bottom of the deck
    deck: int  # cards left in the deck


@dataclass(slots=True)
class DrawsMissed:
    seats: tuple[int, ...]  # still to draw, but the deck ran out


@dataclass(slots=True)
class NoEffect:
    seat: int
    card: Card  # the played card whose effect cannot be used
    reason: str  # "empty_deck", "no_kick", "nothing_to_copy"


@dataclass(slots=True)
class Copied:
    seat: int
    rank: str  # the copied effect's rank


@dataclass(slots=True)
class CardLost:
    seat: int
    card: Card  # public: it goes face down under the deck
    deck: int


@dataclass(slots=True)
class CardKicked:
    seat: int
    card: Card
    target: int


@dataclass(slots=True)
class SkipSet:
    seat: int  # who played the J (or an A copying it)
    skipped: int  # whose next turn is skipped


@dataclass(slots=True)
class TurnSkipped:
    seat: int


@dataclass(slots=True)
class Stuck:
    seat: int
    hand: tuple[Card, ...]  # revealed to everyone


@dataclass(slots=True)
class RoundScored:
    round_no: int
    ender: int
    rows: tuple[tuple[Card, ...], ...]
    scores: tuple[RowScore, ...]
    totals: tuple[int, ...]  # after this round


@dataclass(slots=True)
class MarkerPassed:
    start: int


@dataclass(slots=True)
class SuddenDeath:
    seat: int
    row: tuple[Card, ...]
    by_kick: bool  # the sixth rank was kicked in by another player


@dataclass(slots=True)
class GameOver:
    kind: str  # SUDDEN_DEATH or POINTS
    winners: tuple[int, ...]
    totals: tuple[int, ...]


# --- the view ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FusejikaView:
    """Exactly what `seat` may see (spec 6). Per-seat tuples are indexed by seat."""

    seat: int
    players: int
    phase: str
    to_move: int  # a seat, CHANCE or TERMINAL (a secret redeal check shows to the others as the deal without it)
    legal: tuple
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]  # public hand knowledge (drawn from the known bottom)
    rows: tuple[tuple[Card, ...], ...]
    deck_size: int
    bottom: tuple[Card, ...]  # the known bottom of the deck, top-first
    to_deal: tuple[int, ...]
    to_draw: tuple[int, ...]
    start: int | None
    round_no: int
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    skip_next: bool
    actor: int | None  # whose effect is being resolved
    source: Card | None  # the card whose effect is being resolved (the A for a copy)
    copied: str | None  # the rank an A copies
    kick_card: Card | None  # the card chosen to kick
    redeal_choice: str | None  # this seat's own secret choice in the current redeal check
    result: tuple | None
    log: tuple  # the public record (`Hidden`, `Played`, `Shown` and the public actions)


# --- the state -----------------------------------------------------------------------------------------------
class FusejikaState(State):
    """One position of a Fusejika match."""

    TITLE = "fusejika"
    RULES_VERSION = RULES_VERSION
    UNSEEN_MOVES = True  # another seat's secret redeal check (`action_key`)
    __slots__ = ("n", "phase", "cur", "start", "round_no", "pool", "bottom", "hand", "known", "row", "totals",
                 "round_scores", "skip_next", "to_deal", "to_draw", "actor", "source", "copied", "kick_card",
                 "choices", "turns", "result", "masks", "log", "_resample_view")

    def __init__(self, players: int = 4) -> None:
        super().__init__()
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Fusejika is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        self.n = players
        self.phase, self.cur, self.start, self.round_no = START, 0, None, 1
        self.totals = [0] * players
        self.round_scores: list[tuple[int, ...]] = []
        self.result: tuple | None = None
        self.log: list = []  # the public record: the history with unseen cards masked and secret choices left out
        self._resample_view: tuple | None = None  # (key, view, the rounds before): see `resample`
        self._clear_round()

    def _clear_round(self) -> None:
        n = self.n
        self.pool: tuple[Card, ...] = DECK
        self.bottom: tuple[Card, ...] = ()
        self.hand: list[tuple[Card, ...]] = [()] * n
        self.known: list[tuple[Card, ...]] = [()] * n
        self.row: list[tuple[Card, ...]] = [()] * n
        self.masks = [0] * n  # the rank mask of each row, kept with it (search reads it often)
        self.skip_next = False
        self.to_deal: tuple[int, ...] = ()
        self.to_draw: tuple[int, ...] = ()
        self.actor: int | None = None
        self.source: Card | None = None
        self.copied: str | None = None
        self.kick_card: Card | None = None
        self.choices: list[str | None] = [None] * n  # the secret REDEAL / KEEP of each seat in this deal
        self.turns = 0

    # --- queries ---------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def deck_size(self) -> int:
        return len(self.pool) + len(self.bottom)

    def playable(self, seat: int) -> tuple[Card, ...]:
        """Cards in the seat's hand whose rank is not in its row (A9)."""
        mask = self.masks[seat]
        return tuple(card for card in self.hand[seat] if not BIT[card] & mask)

    def kick_targets(self, seat: int, card: Card) -> tuple[int, ...]:
        """Other seats whose row lacks the card's rank (A10)."""
        bit = BIT[card]
        masks = self.masks
        return tuple(q for q in range(self.n) if q != seat and not masks[q] & bit)

    def kickable(self, seat: int, source: Card, row: tuple[Card, ...] | None = None) -> tuple[Card, ...]:
        """Cards of the seat's row (not the source) that some other seat could receive; `row`: judge this row
        instead of the seat's own (the bots weigh a play before it is made)."""
        return tuple(card for card in (self.row[seat] if row is None else row)
                     if card != source and self.kick_targets(seat, card))

    def copyable(self, seat: int, source: Card, row: tuple[Card, ...] | None = None) -> tuple[str, ...]:
        """Ranks an A may copy now: on the table and usable (A11, A12); `row` as in `kickable`."""
        return tuple(rank for rank in self.copy_candidates(seat, row)
                     if rank != "K" or self.kickable(seat, source, row))

    def copy_candidates(self, seat: int, row: tuple[Card, ...] | None = None) -> tuple[str, ...]:
        """The ranks `copyable` chooses from: on the table and usable, a K before its kicks are asked for."""
        on_table = 0 if row is None else rank_mask(row)
        for q, mask in enumerate(self.masks):
            if row is None or q != seat:
                on_table |= mask
        deck = self.deck_size > 0
        return tuple(rank for rank in COPYABLE if on_table & RANK_BIT[rank] and (deck or rank not in ("9", "Q")))

    def winners(self) -> tuple[int, ...]:
        if self.result is None:
            return ()
        return self.result[1]

    @property
    def deal(self) -> int:
        """The deals of the match so far, one per round (a redeal of the same round is not counted again)."""
        return self.round_no

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == OVER else self.cur

    def _legal_actions(self) -> list:
        phase, cur = self.phase, self.cur
        if phase == PLAY:
            cards = self.playable(cur)
            return [PLAYS[card] for card in cards] if cards else [STUCK]
        if phase == LOST:
            return [LOSES[card] for card in self.row[cur]]
        if phase == KICK:
            return [KICKS[card] for card in self.kickable(cur, self.source)]
        if phase == KICK_TO:
            return [KICK_TOS[q] for q in self.kick_targets(cur, self.kick_card)]
        if phase == COPY:
            return [COPIES[rank] for rank in self.copyable(cur, self.source)]
        return [REDEAL, KEEP]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        return draw_outcomes(self.pool, card_key)

    def returns(self) -> list[float]:
        """Win share: the sudden-death winner 1, or 1/k for each of k players tied on the top total."""
        if self.result is None:
            return [0.0] * self.n
        winners = self.result[1]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]

    # --- apply ---------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        if phase == PLAY:
            self.log.append(action if action == STUCK else _PLAYED[self.cur][action.card])
        elif phase == DEAL:
            self.log.append(_DEALT[self.to_deal[0]])
        elif phase == DRAW:
            self.log.append(_DREW[self.to_draw[0]])
        elif phase != REDEAL_CHECK:  # a redeal check is secret (A2b): only a REDEAL's reveal is told
            self.log.append(action)
        if phase == START:
            self.start = action
            return [StartChosen(action), *self._begin_deal(False)]
        if phase == DEAL:
            return self._deal_card(action)
        if phase == DRAW:
            return self._draw(action) + self._continue_draws()
        if phase == REDEAL_CHECK:
            return self._redeal_choice(action)
        if phase == PLAY:
            return self._stuck() if action == STUCK else self._play(action.card)
        if phase == LOST:
            return self._lose(action.card)
        if phase == KICK:
            self.kick_card, self.phase = action.card, KICK_TO
            return []
        if phase == KICK_TO:
            return self._kick(action.target)
        return self._copy(action.rank)

    def action_key(self, action: Any, observer: int) -> Any:
        """What `observer` learns of `action` (the search files moves by it): a card dealt or drawn unseen is the
        receiver's; another seat's secret redeal check is not seen at all (A2b: a seat not deciding sees what it
        would see if nobody were eligible), except the dealer's REDEAL at the deal's end, revealed at once; the rest
        is public."""
        phase = self.phase
        if phase == DEAL:
            return action if self.to_deal[0] == observer else ("dealt", self.to_deal[0])
        if phase == DRAW:
            return action if self.to_draw[0] == observer else ("drew", self.to_draw[0])
        if phase == REDEAL_CHECK and self.cur != observer and (self.to_deal or action != REDEAL):
            return UNSEEN
        return action

    # deal and redeal
    def _begin_deal(self, redeal: bool) -> list:
        self._clear_round()
        self.to_deal = deal_order(self.start, self.n)
        self.phase = DEAL
        return [DealStarted(self.round_no, self.start, redeal)]

    def _deal_card(self, card: Card) -> list:
        seat, self.to_deal = self.to_deal[0], self.to_deal[1:]
        self.pool = without(self.pool, card)
        self.hand[seat] = canonical((*self.hand[seat], card))
        events: list = [CardDealt(seat, card, len(self.to_deal))]
        if _triple(self.hand[seat]):  # its third card: the seat chooses now, secretly (A2, A2b)
            if self.to_deal:
                self.phase, self.cur = REDEAL_CHECK, seat
                return events
            if REDEAL not in self.choices:  # the dealer decides; the others see the round begun
                events += self._turn_start(self.start)
                self.phase = REDEAL_CHECK
                return events
        if self.to_deal:
            return events
        return events + self._deal_complete()

    def _deal_complete(self) -> list:
        """Every eligible seat has chosen: a REDEAL is revealed and the cards dealt again, or play starts."""
        revealer = next((j for j in self._order_from(self.start) if self.choices[j] == REDEAL), None)
        if revealer is not None:
            self.log.append(Shown("redeal", revealer, self.hand[revealer]))
            return [RedealCalled(revealer, self.hand[revealer]), *self._begin_deal(True)]
        self.choices = [None] * self.n
        if self.phase == REDEAL_CHECK:  # the dealer kept: its turn has already begun
            self.phase = PLAY
            return []
        return self._turn_start(self.start)

    def _order_from(self, seat: int) -> tuple[int, ...]:
        return tuple((seat + k) % self.n for k in range(self.n))

    def _redeal_choice(self, choice: str) -> list:
        self.choices[self.cur] = choice
        if self.to_deal:  # the deal goes on; nobody else learns anything
            self.phase = DEAL
            return []
        return self._deal_complete()

    # turns
    def _turn_start(self, seat: int) -> list:
        """TURN_START (4.4): the seat plays, or can only declare itself stuck."""
        self.turns += 1
        if self.turns > TURN_CAP:
            raise AssertionError(f"no round end after {TURN_CAP} turns: a bug")
        self.phase, self.cur = PLAY, seat
        self.actor = self.source = self.copied = self.kick_card = None
        return [TurnBegan(seat)]

    def _advance(self) -> list:
        """ADVANCE (4.7): the next player, or the one after when a J was played."""
        p, n = self.actor, self.n
        nxt = (p + 1) % n
        events: list = []
        if self.skip_next:
            self.skip_next = False
            events.append(TurnSkipped(nxt))
            nxt = (nxt + 1) % n
        return events + self._turn_start(nxt)

    def _play(self, card: Card) -> list:
        p = self.cur
        self.hand[p] = without(self.hand[p], card)
        if card in self.known[p]:
            self.known[p] = without(self.known[p], card)
        self.row[p] = (*self.row[p], card)
        self.masks[p] |= BIT[card]
        events: list = [CardPlayed(p, card)]
        if self.masks[p] == ALL_RANKS:
            return events + self._sudden_death(p, False)
        self.actor, self.source = p, card
        return events + self._effect(card.rank)

    def _effect(self, rank: str) -> list:
        """Resolve effect `rank` for the actor with the source card (4.6); choices become phases."""
        p, source = self.actor, self.source
        if rank == "9" or rank == "Q":
            if not self.deck_size:
                return [NoEffect(p, source, "empty_deck"), *self._advance()]
            self.to_draw = (p,) if rank == "9" else tuple((p + k) % self.n for k in range(1, self.n + 1))
            return self._continue_draws()
        if rank == "10":
            self.phase, self.cur = LOST, p
            return []
        if rank == "J":
            self.skip_next = True
            return [SkipSet(p, (p + 1) % self.n), *self._advance()]
        if rank == "K":
            if not self.kickable(p, source):
                return [NoEffect(p, source, "no_kick"), *self._advance()]
            self.phase, self.cur = KICK, p
            return []
        if not self.copyable(p, source):
            return [NoEffect(p, source, "nothing_to_copy"), *self._advance()]
        self.phase, self.cur = COPY, p
        return []

    def _continue_draws(self) -> list:
        """Draw for the seats still to draw: known bottom cards at once, unseen ones by chance."""
        events: list = []
        while self.to_draw:
            if not self.deck_size:
                events.append(DrawsMissed(self.to_draw))
                self.to_draw = ()
                break
            if self.pool:
                self.phase = DRAW
                return events
            card, self.bottom = self.bottom[0], self.bottom[1:]
            events += self._draw(card)
        return events + self._advance()

    def _draw(self, card: Card) -> list:
        seat, self.to_draw = self.to_draw[0], self.to_draw[1:]
        known = card not in self.pool
        if known:
            self.known[seat] = canonical((*self.known[seat], card))
            self.log.append(Shown("drew", seat, (card,)))
        else:
            self.pool = without(self.pool, card)
        self.hand[seat] = canonical((*self.hand[seat], card))
        return [CardDrawn(seat, card, known, self.deck_size)]

    def _lose(self, card: Card) -> list:
        p = self.actor
        self.row[p] = without(self.row[p], card)
        self.masks[p] = rank_mask(self.row[p])
        self.bottom = (*self.bottom, card)
        return [CardLost(p, card, self.deck_size), *self._advance()]

    def _kick(self, target: int) -> list:
        p, card = self.actor, self.kick_card
        self.row[p] = without(self.row[p], card)
        self.row[target] = (*self.row[target], card)
        self.masks[p], self.masks[target] = rank_mask(self.row[p]), self.masks[target] | BIT[card]
        events: list = [CardKicked(p, card, target)]
        if self.masks[target] == ALL_RANKS:
            return events + self._sudden_death(target, True)
        return events + self._advance()

    def _copy(self, rank: str) -> list:
        self.copied = rank
        return [Copied(self.actor, rank), *self._effect(rank)]

    # round and match end
    def _sudden_death(self, seat: int, by_kick: bool) -> list:
        self.phase, self.result = OVER, (SUDDEN_DEATH, (seat,))
        return [SuddenDeath(seat, self.row[seat], by_kick), GameOver(SUDDEN_DEATH, (seat,), tuple(self.totals))]

    def _stuck(self) -> list:
        """The stuck player reveals the hand; ROUND_END (4.8) scores, then the next deal or the end."""
        ender = self.cur
        self.log.append(Shown("stuck", ender, self.hand[ender]))
        events: list = [Stuck(ender, self.hand[ender])]
        scores = tuple(score_row(self.row[i], i == ender) for i in range(self.n))
        for i, score in enumerate(scores):
            self.totals[i] += score.points
        self.round_scores.append(tuple(score.points for score in scores))
        events.append(RoundScored(self.round_no, ender, tuple(self.row), scores, tuple(self.totals)))
        if self.round_no == self.n:
            top = max(self.totals)
            winners = tuple(i for i in range(self.n) if self.totals[i] == top)
            self.phase, self.result = OVER, (POINTS, winners)
            return events + [GameOver(POINTS, winners, tuple(self.totals))]
        self.start = (self.start + 1) % self.n
        self.round_no += 1
        return events + [MarkerPassed(self.start), *self._begin_deal(False)]

    # --- copies, views, resampling -------------------------------------------------------------------------
    def clone(self) -> Self:
        other = FusejikaState.__new__(FusejikaState)
        other.history, other.log, other._resample_view = self.history[:], self.log[:], None
        other.n, other.phase, other.cur, other.start, other.round_no = (
            self.n, self.phase, self.cur, self.start, self.round_no)
        other.pool, other.bottom = self.pool, self.bottom
        other.hand, other.known, other.row, other.masks = self.hand[:], self.known[:], self.row[:], self.masks[:]
        other.totals, other.round_scores = self.totals[:], self.round_scores[:]
        other.skip_next, other.to_deal, other.to_draw = self.skip_next, self.to_deal, self.to_draw
        other.actor, other.source, other.copied, other.kick_card = (
            self.actor, self.source, self.copied, self.kick_card)
        other.choices = self.choices[:]
        other.turns, other.result = self.turns, self.result
        return other

    def view(self, seat: int) -> FusejikaView:
        mover, phase = self.current_player(), self.phase
        if phase == REDEAL_CHECK and mover != seat:  # a secret check: the others see the deal without it (A2b)
            phase = DEAL if self.to_deal else PLAY
            mover = CHANCE if self.to_deal else mover  # at the deal's end the decider is the start player
        return FusejikaView(
            seat=seat, players=self.n, phase=phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (),
            hand=self.hand[seat], hand_sizes=tuple(len(hand) for hand in self.hand),
            known_in_hand=tuple(self.known), rows=tuple(self.row), deck_size=self.deck_size, bottom=self.bottom,
            to_deal=self.to_deal, to_draw=self.to_draw, start=self.start, round_no=self.round_no,
            totals=tuple(self.totals), round_scores=tuple(self.round_scores), skip_next=self.skip_next,
            actor=self.actor, source=self.source, copied=self.copied, kick_card=self.kick_card,
            redeal_choice=self.choices[seat] if self.to_deal else None, result=self.result, log=tuple(self.log))

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), built from that view alone (see `from_view`); the view and the
        history of its rounds before are kept for the searches' many worlds of one position."""
        view, shared_ = kept_view(self, seat, history_before)
        return from_view(view, rng, shared_)

    # --- text, codec, explanations -------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        if type(action) is int:
            return f"seat {action} starts"
        if type(action) is Card:
            if self.phase == DEAL and self.to_deal:
                return f"deal {action} to seat {self.to_deal[0]}"
            if self.phase == DRAW and self.to_draw:
                return f"seat {self.to_draw[0]} draws {action}"
        return str(action)

    def action_to_json(self, action: Any) -> Any:
        kind = type(action)
        if kind is Card:
            return str(action)
        if kind in (Play, Lose, Kick):
            return [kind.__name__.lower(), str(action.card)]
        if kind is KickTo:
            return ["to", action.target]
        return ["copy", action.rank] if kind is Copy else action

    def action_from_json(self, data: Any) -> Any:
        action = _decode(data)
        if action is None:
            raise IllegalAction(f"not a Fusejika action: {data!r}")
        return action

    def explain_illegal(self, action: Any) -> str:
        phase, who = self.phase, f"seat {self.cur}"
        if phase == OVER:
            return "the game is over"
        if phase == START:
            return f"the first start player is a seat 0-{self.n - 1}, not {action!r}"
        if phase in (DEAL, DRAW):
            return f"the next card comes from the unseen part of the deck ({' '.join(map(str, self.pool))}), " \
                   f"not {action}"
        if phase == REDEAL_CHECK:
            return f"{who} holds three of one rank and must choose redeal or keep, not {action}"
        if phase == PLAY:
            return self._explain_play(action)
        if phase == LOST:
            return f"{who} must return one card of their row ({_ids(self.row[self.cur])}) under the deck, " \
                   f"not {action}"
        if phase == KICK:
            return self._explain_kick(action)
        if phase == KICK_TO:
            card = self.kick_card
            targets = ", ".join(f"seat {q}" for q in self.kick_targets(self.cur, card))
            if type(action) is KickTo and 0 <= action.target < self.n and action.target != self.cur:
                return f"seat {action.target} already has a {card.rank}; kick {card} to {targets}"
            return f"{who} must kick {card} to another player without a {card.rank}: {targets}"
        ranks = ", ".join(self.copyable(self.cur, self.source))
        return f"{who}'s A must copy one usable effect on the table ({ranks}), not {action}"

    def _explain_play(self, action: Any) -> str:
        cur = self.cur
        if not self.playable(cur):
            return f"seat {cur} cannot play any card and must declare stuck"
        if action == STUCK:
            return f"seat {cur} can still play ({_ids(self.playable(cur))}); playing is mandatory"
        if type(action) is not Play:
            return f"seat {cur} must play a card, not {action}"
        if action.card not in self.hand[cur]:
            return f"{action.card} is not in seat {cur}'s hand"
        return f"seat {cur} already has a {action.card.rank} in their row"

    def _explain_kick(self, action: Any) -> str:
        cur, source = self.cur, self.source
        card = getattr(action, "card", None)
        if type(action) is not Kick:
            return f"seat {cur} must choose a card of their row to kick, not {action}"
        if card == source:
            return f"the {source} just played cannot be kicked"
        if card not in self.row[cur]:
            return f"{card} is not in seat {cur}'s row"
        return f"every other player already has a {card.rank}"

    def final_scores(self) -> list[float]:
        return self.scores

    def deals_played(self) -> int:
        return self.deal

    def statistics(self) -> dict:
        """What a results screen keeps."""
        return {
            "players": self.n,
            "totals": list(self.totals),
            "round_scores": [list(scores) for scores in self.round_scores],
            "rounds": len(self.round_scores),
            "result": self.result[0] if self.result else None,
            "winners": list(self.winners()),
            "over": self.phase == OVER,
        }


def _ids(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or "none"


def _triple(hand: tuple[Card, ...]) -> bool:
    return len(hand) == HAND_SIZE and len({card.rank for card in hand}) == 1


# --- JSON decoding -------------------------------------------------------------------------------------------
def _decode(data: Any) -> Any:
    kind = type(data)
    if kind is int:
        return data
    if kind is str:
        return data if data in (REDEAL, KEEP, STUCK) else CARD_BY_ID.get(data)
    if kind not in (list, tuple) or len(data) != 2 or type(data[0]) is not str:
        return None
    word, arg = data
    if word in ("play", "lose", "kick") and type(arg) is str and arg in CARD_BY_ID:
        return {"play": Play, "lose": Lose, "kick": Kick}[word](CARD_BY_ID[arg])
    if word == "to" and type(arg) is int:
        return KickTo(arg)
    if word == "copy" and arg in COPYABLE:
        return Copy(arg)
    return None


# --- resampling (spec 9, "Determinization") ------------------------------------------------------------------


def _unseen(view: FusejikaView) -> list[Card]:
    """24 minus own hand, all rows, the known bottom and every publicly known card in hand."""
    known = set(view.hand) | set(view.bottom)
    for cards in (*view.rows, *view.known_in_hand):
        known.update(cards)
    return [card for card in DECK if card not in known]


def from_view(view: FusejikaView, rng: Random, before: tuple[int, list] | None = None) -> FusejikaState:
    """A full state consistent with `view`: the unseen cards shuffled into the other hands and the deck's top.

    It reads nothing but `view` and `rng`. No world has a check pending but the viewer's own (A2b: another seat's
    check shows as the deal without it); the other seats' secret choices are taken to be KEEP. Its history leads
    to it (`_history`): the public log with the world's cards filled in (`before`: `history_before(view)`, if
    already worked out).
    """
    state = _public_state(view)
    n, seat = view.players, view.seat
    last = view.log[-1] if view.log else None
    stuck = last if type(last) is Shown and last.kind == "stuck" and view.result is not None else None
    pool = [card for card in _unseen(view) if stuck is None or card not in stuck.cards]
    rng.shuffle(pool)
    at = 0
    for j in range(n):
        if stuck is not None and j == stuck.seat:  # the match ended with this hand revealed
            state.hand[j] = stuck.cards
        elif j != seat:
            size = view.hand_sizes[j] - len(view.known_in_hand[j])
            state.hand[j] = canonical((*view.known_in_hand[j], *pool[at:at + size]))
            at += size
    state.pool = canonical(pool[at:])
    for j in range(n) if view.to_deal else ():  # mid-deal, a seat the world deals three of a kind has kept them
        if j != seat and _triple(state.hand[j]):
            state.choices[j] = KEEP
    state.history = _history(view, state.hand, before or history_before(view))
    return state


def history_before(view: FusejikaView) -> tuple[int, list]:
    """Where the current round begins in the view's log, and the history of the rounds before it: the same for
    every world of the view (`resample` keeps it with the view)."""
    log = view.log
    if not log or type(log[0]) is not int:  # a test position: no history
        return len(log), []
    ends = [i + 1 for i, entry in enumerate(log) if type(entry) is Shown and entry.kind == "stuck"]
    if ends and ends[-1] == len(log) and view.result is not None:  # the match ended there: hands as they were
        ends.pop()
    history, at = [log[0]], 1
    for end in ends:
        history += _round(view, log[at:end], None)
        at = end
    return at, history


def _history(view: FusejikaView, hands: list, before: tuple[int, list]) -> list:
    """The actions that lead to a world of `view` whose hands are `hands`: the rounds before (`before`), then this
    round's (`_round`)."""
    begin, history = before
    return history + _round(view, view.log[begin:], hands) if history else []


def _round(view: FusejikaView, entries: Sequence, hands: list | None) -> list:
    """One round's actions from its log entries (`hands`: the world's, for the round under way), each unseen card
    filled in and each secret redeal check a seat was asked put back.

    A redealt deal gives its revealer the hand shown and the others any other cards. In the deal played, a card a
    seat played came from its earliest unseen card (dealt or drawn) not yet used (a card drawn from the known
    bottom is that card); the cards it holds at the end (its world hand, a stuck player's revealed hand) fill its
    other unseen cards, and any cards left the rest."""
    n = view.players
    cards: dict[int, Card] = {}
    marks = [i for i, entry in enumerate(entries) if type(entry) is Shown and entry.kind == "redeal"]
    at = 0
    for mark in marks:  # the deals that were dealt again
        shown = entries[mark]
        spare = iter([card for card in DECK if card not in shown.cards])
        own = iter(shown.cards)
        for i in range(at, mark):
            if type(entries[i]) is Hidden:
                cards[i] = next(own) if entries[i].seat == shown.seat else next(spare)
        at = mark + 1
    slots: list[list[int]] = [[] for _ in range(n)]  # the deal played: each seat's unseen cards, by index
    known: list[list[Card]] = [[] for _ in range(n)]  # cards drawn from the known bottom, still held
    for i in range(at, len(entries)):
        entry = entries[i]
        kind = type(entry)
        if kind is Hidden:
            slots[entry.seat].append(i)
        elif kind is Shown and entry.kind == "drew":
            known[entry.seat] += entry.cards
        elif kind is Played:
            if entry.card in known[entry.seat]:
                known[entry.seat].remove(entry.card)
            else:
                cards[slots[entry.seat].pop(0)] = entry.card
    held: list[list[Card]] = [[] for _ in range(n)]
    if hands is not None:
        held = [[card for card in hands[j] if card not in known[j]] for j in range(n)]
    elif entries and type(entries[-1]) is Shown:  # the stuck player's hand, revealed
        held[entries[-1].seat] = [card for card in entries[-1].cards if card not in known[entries[-1].seat]]
    used = {cards[i] for i in range(at, len(entries)) if i in cards} | {card for cs in held for card in cs}
    spare = iter([card for card in DECK if card not in used])
    for j in range(n):
        for k, i in enumerate(slots[j]):
            cards[i] = held[j][k] if k < len(held[j]) else next(spare)
    return _actions(view, entries, cards, marks, hands is not None)


def _actions(view: FusejikaView, entries: Sequence, cards: dict[int, Card], marks: list[int], current: bool
             ) -> list:
    """The round's actions: the log's, the unseen cards from `cards`, and a REDEAL or KEEP wherever the rules ask
    a seat that the cards dealt give three of a kind (the dealer, last, only if no one before chose REDEAL)."""
    seat, deciding = view.seat, view.phase == REDEAL_CHECK and view.to_move == view.seat
    whole = HAND_SIZE * view.players  # the cards of a deal
    actions: list = []
    deal: dict[int, list[Card]] = {}
    ends = iter([*marks, len(entries)])
    end = next(ends)
    last_dealt = max((i for i, entry in enumerate(entries) if type(entry) is Hidden and entry.kind == "dealt"),
                     default=-1)
    for i, entry in enumerate(entries):
        while i > end:
            end, deal = next(ends), {}
        kind = type(entry)
        if kind is Hidden:
            actions.append(cards[i])
            if entry.kind != "dealt":
                continue
            got = deal.setdefault(entry.seat, [])
            got.append(cards[i])
            if not _triple(tuple(got)):
                continue
            revealer = entries[end].seat if end < len(entries) else None
            more = sum(map(len, deal.values())) < whole  # not the deal's last card
            if not more and revealer not in (None, entry.seat):
                continue  # the dealer is not asked after an earlier REDEAL
            if current and entry.seat == seat and i == last_dealt and deciding:
                continue  # the viewer's own check, pending
            if entry.seat == revealer:
                actions.append(REDEAL)
            elif current and entry.seat == seat and view.redeal_choice is not None and more:
                actions.append(view.redeal_choice)
            else:
                actions.append(KEEP)
        elif kind is Played:
            actions.append(PLAYS[entry.card])
        elif kind is not Shown:
            actions.append(entry)
    return actions


def _public_state(view: FusejikaView) -> FusejikaState:
    """A state holding the view's public fields (other hands and the pool still to fill)."""
    n = view.players
    state = FusejikaState.__new__(FusejikaState)
    state.history, state.log, state._resample_view = [], list(view.log), None
    state.n = n
    state.phase = view.phase
    state.cur = view.to_move if view.to_move >= 0 else (view.actor if view.actor is not None else 0)
    state.start, state.round_no = view.start, view.round_no
    state.bottom, state.known, state.row = view.bottom, list(view.known_in_hand), list(view.rows)
    state.masks = [rank_mask(row) for row in view.rows]
    state.hand = [()] * n
    state.hand[view.seat] = view.hand
    state.totals, state.round_scores = list(view.totals), list(view.round_scores)
    state.skip_next, state.to_deal, state.to_draw = view.skip_next, view.to_deal, view.to_draw
    state.actor, state.source, state.copied, state.kick_card = view.actor, view.source, view.copied, view.kick_card
    state.choices = [None] * n
    state.choices[view.seat] = view.redeal_choice
    state.turns, state.result = 0, view.result
    return state


# --- construction --------------------------------------------------------------------------------------------
def new_state(players: int = 4) -> FusejikaState:
    """A new match for 3-5 players; the first chance node picks the start player (A18)."""
    return FusejikaState(players)


def position(hands: Sequence[Iterable[Card] | str], rows: Sequence[Iterable[Card] | str] | None = None,
             cur: int = 0, start: int | None = None, pool: Iterable[Card] | str | None = None,
             bottom: Iterable[Card] | str = (), totals: Sequence[int] | None = None, round_no: int = 1
             ) -> FusejikaState:
    """A state at `cur`'s TURN_START, for tests and puzzles; cards may be given as id strings.

    With `pool=None` every card not in a hand, row or the bottom is in the unseen deck; with an explicit pool
    the other cards are out of play. Its history is empty, so it does not replay.
    """
    def cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
        return parse_cards(value) if isinstance(value, str) else tuple(value)

    n = len(hands)
    state = FusejikaState(n)
    state.hand = [canonical(cards(hand)) for hand in hands]
    state.row = [cards(row) for row in rows] if rows is not None else [()] * n
    state.masks = [rank_mask(row) for row in state.row]
    state.bottom = cards(bottom)
    used = [card for group in (*state.hand, *state.row, state.bottom) for card in group]
    if len(set(used)) != len(used):
        raise ValueError("every card must appear once")
    state.pool = canonical(cards(pool)) if pool is not None else tuple(c for c in DECK if c not in used)
    if set(state.pool) & set(used):
        raise ValueError("a deck card is also elsewhere")
    state.start = cur if start is None else start
    state.round_no = round_no
    state.totals = list(totals) if totals else [0] * n
    state._turn_start(cur)
    return state


# --- what a table asks (pure, from a view's rows, or rows as they would be) -------------------------------------
def dead(row: Iterable[Card], card: Card) -> bool:
    """Whether `card`'s rank is already in `row`, so it cannot be played (A9)."""
    return bool(rank_mask(row) & BIT[card])


def completes(row: Iterable[Card], card: Card) -> bool:
    """Whether laying `card` (played or kicked in) gives `row` all six ranks: sudden death (A8)."""
    return rank_mask(row) | BIT[card] == ALL_RANKS


def laid(rows: Sequence[tuple[Card, ...]], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    """The rows after `seat` lays `card` in its row."""
    return tuple((*row, card) if at == seat else row for at, row in enumerate(rows))


def kickable_cards(rows: Sequence[tuple[Card, ...]], seat: int, source: Card | None) -> tuple[Card, ...]:
    """The cards of `seat`'s row (not `source`) whose rank another row lacks: what a K may kick (A10)."""
    masks = [rank_mask(row) for row in rows]
    return tuple(card for card in rows[seat] if card != source
                 and any(not masks[q] & BIT[card] for q in range(len(rows)) if q != seat))


def copyable_ranks(rows: Sequence[tuple[Card, ...]], seat: int, source: Card | None, deck_size: int
                   ) -> tuple[str, ...]:
    """The ranks an A may copy with these rows and deck: on the table and usable (A11, A12)."""
    on_table = 0
    for row in rows:
        on_table |= rank_mask(row)
    usable = {"9": deck_size > 0, "10": True, "J": True, "Q": deck_size > 0}
    return tuple(rank for rank in COPYABLE if on_table & RANK_BIT[rank]
                 and (usable[rank] if rank != "K" else bool(kickable_cards(rows, seat, source))))


def no_effect(rank: str, rows: Sequence[tuple[Card, ...]], seat: int, source: Card | None, deck_size: int
              ) -> str | None:
    """Why the effect of `rank` would do nothing for `seat` with these rows (NoEffect's reason), or None (4.6)."""
    if rank in ("9", "Q") and not deck_size:
        return "empty_deck"
    if rank == "K" and not kickable_cards(rows, seat, source):
        return "no_kick"
    if rank == "A" and not copyable_ranks(rows, seat, source, deck_size):
        return "nothing_to_copy"
    return None
