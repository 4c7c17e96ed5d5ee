"""Shinoburi (忍): the rules engine, exactly per shared/rules/shinoburi.md (sections 2-7).

Chance deals the nationality cards (one per seat, in seat order), picks the first player and draws every deck card
(lazy drawing: the deck is a count per kind, never an order; a draw is a chance node weighted by what is left,
the same as the top card of a uniformly shuffled deck). A turn's three commands are small decisions of the player
to move (DESIGN.md), each whole choice of section 3 being one of:
- command 1: `Deploy(country)` then `Target(seat)`; or `NinjaOn(seat, country, k)` (one decision: which army and
  how many ninjas, the UI's "use k ninjas" stepper; a separate count step would depend on the hidden hand);
- command 2: `Reinforce(country)`; or `MoveFrom(seat, country)` then `MoveTo(seat)`;
- command 3: `Attack(country)` (the attacking army at home) then `AttackOn(seat, country)`.
A command with no legal choice is skipped (`Skipped` event); the refill and the end of turn run by themselves.

Decisions where the spec is silent:
- A first step is offered only when it can be completed (a Deploy always can: there is another seat; an Attack
  only with a target), so a player is never stuck halfway through a command.
- The opening deal (4 cards each, the first player first, then clockwise) is drawn card by card as chance nodes.
- The public log masks what a seat cannot see: the nationality dealt to a seat (`Dealt(seat)`) and a card drawn
  by a seat (`Drew(seat)`); every decision is public, including which card a Deploy or Reinforce plays.
- Win share (returns) is 1/k for each of k co-winners (tie after both tie-breaks, A13); `ranking()` numbers
  places competition-style (1-2-2-4).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any, NamedTuple, Self

from game.core.engine import CHANCE, TERMINAL, IllegalAction, State, tagged_from_json, tagged_to_json

RULES_VERSION = "shinoburi/1"
HOJO, MORI, ODA, TAKEDA, UESUGI = "HOJO", "MORI", "ODA", "TAKEDA", "UESUGI"
COUNTRIES = (HOJO, MORI, ODA, TAKEDA, UESUGI)  # the canonical order (spec 1.2)
NINJA = "NINJA"
KINDS = (*COUNTRIES, NINJA)
SOLDIERS, NINJAS = 11, 3
HAND = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 5
# phases: chance ones, then decisions, then the end
NATIONALITY, START, DEAL, REFILL = "nationality", "start", "deal", "refill"
CMD1, DEPLOY_TO, CMD2, MOVE_TO, CMD3, ATTACK_ON = "cmd1", "deploy_to", "cmd2", "move_to", "cmd3", "attack_on"
OVER = "over"
CHANCE_PHASES = (NATIONALITY, START, DEAL, REFILL)
COMMAND = {CMD1: 1, DEPLOY_TO: 1, CMD2: 2, MOVE_TO: 2, CMD3: 3, ATTACK_ON: 3}


# --- decisions ---------------------------------------------------------------------------------------------------
class Deploy(NamedTuple):
    country: str


class Target(NamedTuple):
    seat: int


class NinjaOn(NamedTuple):
    seat: int
    country: str
    count: int


class Reinforce(NamedTuple):
    country: str


class MoveFrom(NamedTuple):
    seat: int
    country: str


class MoveTo(NamedTuple):
    seat: int


class Attack(NamedTuple):
    country: str


class AttackOn(NamedTuple):
    seat: int
    country: str


DECISIONS = (Deploy, Target, NinjaOn, Reinforce, MoveFrom, MoveTo, Attack, AttackOn)
BY_NAME = {cls.__name__: cls for cls in DECISIONS}
# each decision made once (search lists the same ones all the time): deploy("ODA") is Deploy("ODA")
deploy, target, ninja_on, reinforce, move_from, move_to, attack, attack_on = (cache(cls) for cls in DECISIONS)


class Dealt(NamedTuple):
    """The public log's entry for a nationality card dealt to `seat`."""

    seat: int


class Drew(NamedTuple):
    """The public log's entry for a card drawn by `seat`."""

    seat: int


# --- events ------------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class NationalityDealt:
    seat: int
    country: str | None  # PRIVATE to `seat`


@dataclass(slots=True)
class FirstPlayer:
    seat: int


@dataclass(slots=True)
class CardDrawn:
    seat: int
    card: str | None  # PRIVATE to `seat`
    deck_left: int


@dataclass(slots=True)
class TurnStarted:
    seat: int
    turn: int
    final_left: int | None


@dataclass(slots=True)
class Deployed:
    seat: int
    country: str
    target: int


@dataclass(slots=True)
class NinjaUsed:
    seat: int
    count: int
    target: int
    country: str


@dataclass(slots=True)
class Reinforced:
    seat: int
    country: str


@dataclass(slots=True)
class Moved:
    seat: int
    source: int
    country: str
    target: int


@dataclass(slots=True)
class Attacked:
    seat: int
    country: str  # the attacking army's country, in the attacker's territory
    size: int  # the attacking army's size
    target: int
    target_country: str


@dataclass(slots=True)
class Skipped:
    seat: int
    command: int


@dataclass(slots=True)
class FinalRound:
    turns: int


@dataclass(slots=True)
class GameOver:
    nationalities: tuple[str, ...]
    neutral: tuple[str, ...]
    totals: dict
    winners: tuple[int, ...]
    tie_break: int  # 0: no tie; 1: won on own country at home; 2: shared after both


# --- the view ----------------------------------------------------------------------------------------------------
class ShinoburiView(NamedTuple):
    """Exactly what `seat` may see."""

    seat: int
    players: int
    phase: str
    to_move: int
    legal: tuple
    nationality: str | None  # its own (everyone's once the game is over)
    nationalities: tuple  # each seat's country where this seat may see it, else None
    hand: tuple  # its own hand, sorted by kind
    hand_sizes: tuple[int, ...]
    territory: tuple  # per seat, per country (canonical order) the army size
    discard: tuple  # counts per kind (COUNTRIES, then NINJA)
    deck_size: int
    protected: frozenset
    cur: int | None
    first_player: int | None
    turn: int
    final_left: int | None
    final_turn: bool  # the turn in progress is one of the final round's
    pending: Any  # the first step of a command in progress (public)
    winners: tuple[int, ...]
    log: tuple  # the public log
    played: tuple  # (log index, seat, kind) of every card played from a hand
    lacks: tuple  # per seat, the kinds it surely lacks (shown by a skipped command)
    acts: tuple  # (seat, decision) of every decision so far


# --- the state ---------------------------------------------------------------------------------------------------
class ShinoburiState(State):
    """One position of a Shinoburi game."""

    TITLE = "shinoburi"
    RULES_VERSION = RULES_VERSION
    __slots__ = ("n", "nationality", "hand", "territory", "discard", "deck", "deck_size", "phase", "cur",
                 "first_player", "turn", "final_left", "final_turn", "protected", "pending", "dealt", "winners",
                 "tie_break", "log", "played", "lacks", "acts")

    def __init__(self, players: int = 4) -> None:
        super().__init__()
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Shinoburi is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}")
        n = self.n = players
        self.nationality: list[str | None] = [None] * n
        self.hand = [dict.fromkeys(KINDS, 0) for _ in range(n)]
        self.territory = [dict.fromkeys(COUNTRIES, 0) for _ in range(n)]
        self.discard = dict.fromkeys(KINDS, 0)
        self.deck = {**dict.fromkeys(COUNTRIES, SOLDIERS), NINJA: NINJAS}
        self.deck_size = SOLDIERS * len(COUNTRIES) + NINJAS
        self.phase = NATIONALITY
        self.cur: int | None = None
        self.first_player: int | None = None
        self.turn = 0
        self.final_left: int | None = None
        self.final_turn = False  # whether the turn in progress is a final-round turn
        self.protected: set[tuple[int, str]] = set()
        self.pending: Any = None
        self.dealt = 0  # nationality cards dealt, then deal draws done
        self.winners: tuple[int, ...] = ()
        self.tie_break = 0
        self.log: list = []
        self.played: list[tuple[int, int, str]] = []  # (log index, seat, kind) of every card played from a hand
        self.lacks: list[frozenset[str]] = [frozenset()] * n  # kinds a seat surely lacks (a skip shows it)
        self.acts: list[tuple[int, Any]] = []  # (seat, decision) of every decision, in order (public)

    # --- queries -----------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat].values())

    def totals(self) -> dict[str, int]:
        """Soldier cards of each country on the table, all territories together."""
        return {c: sum(self.territory[s][c] for s in range(self.n)) for c in COUNTRIES}

    def neutral(self) -> tuple[str, ...]:
        return tuple(c for c in COUNTRIES if c not in self.nationality)

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == OVER else self.cur  # type: ignore[return-value]

    def _legal_actions(self) -> list:
        return self._choices(self.phase)

    def _choices(self, phase: str) -> list:
        p, n, hand, territory = self.cur, self.n, self.hand[self.cur], self.territory
        others = [t for t in range(n) if t != p]
        if phase == CMD1:
            deploys = [deploy(c) for c in COUNTRIES if hand[c]]
            ninjas = hand[NINJA]
            return deploys + [ninja_on(t, c, k) for t in others for c in COUNTRIES
                              for k in range(1, min(ninjas, territory[t][c]) + 1)]
        if phase == DEPLOY_TO:
            return [target(t) for t in others]
        if phase == CMD2:
            return [reinforce(c) for c in COUNTRIES if hand[c]] + [
                move_from(f, c) for f in others for c in COUNTRIES if territory[f][c]]
        if phase == MOVE_TO:
            return [move_to(t) for t in range(n) if t != self.pending.seat]
        if phase == CMD3:
            return [attack(a) for a in COUNTRIES if self._can_attack(a)]
        if phase == ATTACK_ON:
            return [attack_on(t, d) for t, d in self._targets(self.pending.country)]
        return []

    def _has_choice(self, phase: str) -> bool:
        """Whether `_choices(phase)` is not empty, without making the list (a command with none is skipped)."""
        p, hand, territory = self.cur, self.hand[self.cur], self.territory
        if phase in (CMD1, CMD2):
            if any(hand[c] for c in COUNTRIES):
                return True
            if phase == CMD1 and not hand[NINJA]:
                return False
            return any(territory[t][c] for t in range(self.n) if t != p for c in COUNTRIES)
        if phase == CMD3:
            return any(self._can_attack(a) for a in COUNTRIES)
        return bool(self._choices(phase))

    def _targets(self, a: str) -> list[tuple[int, str]]:
        """The armies the home army of `a` may attack now (3.5)."""
        return list(self._attackable(a))

    def _can_attack(self, a: str) -> bool:
        """Whether `_targets(a)` is not empty (asked after every command: stops at the first target)."""
        return next(self._attackable(a), None) is not None

    def _attackable(self, a: str) -> Iterator[tuple[int, str]]:
        p, territory, protected = self.cur, self.territory, self.protected
        size = territory[p][a]
        if size < 2:
            return
        yield from ((t, d) for t in range(self.n) if t != p for d in COUNTRIES
                    if d != a and 1 <= territory[t][d] < size and (t, d) not in protected)

    def picks_start(self) -> bool:
        return self.phase == START  # after the nationality cards

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        phase = self.phase
        if phase == NATIONALITY:
            left = [c for c in COUNTRIES if c not in self.nationality]
            return [(c, 1 / len(left)) for c in left]
        if phase == START:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        size, deck = self.deck_size, self.deck
        return [(kind, deck[kind] / size) for kind in KINDS if deck[kind]]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        share = 1 / len(self.winners)
        return [share if seat in self.winners else 0.0 for seat in range(self.n)]

    def final_scores(self) -> list[float]:
        """Each seat's country count on the table (what the arena reports)."""
        totals = self.totals()
        return [float(totals[c]) if c is not None else 0.0 for c in self.nationality]

    def starting_seat(self) -> int | None:
        return self.first_player

    def ranking(self) -> tuple[int, ...]:
        """Places by (country count, own country at home), equal on both sharing a place (spec 4.7)."""
        totals = self.totals()
        keys = [(totals[c], self.territory[s][c]) for s, c in enumerate(self.nationality)]  # type: ignore[index]
        return tuple(1 + sum(other > keys[seat] for other in keys) for seat in range(self.n))

    # --- apply -------------------------------------------------------------------------------------------------
    def _apply(self, action: Any) -> list:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return self._chance(phase, action)
        self.log.append(action)
        self.acts.append((self.cur, action))
        p, hand, territory = self.cur, self.hand[self.cur], self.territory
        events: list = []
        if phase == CMD1:
            if type(action) is Deploy:
                self.pending, self.phase = action, DEPLOY_TO
                return []
            events = self._ninja(*action)
        elif phase == DEPLOY_TO:
            country, t = self.pending.country, action.seat
            self.played.append((len(self.log) - 1, p, country))
            hand[country] -= 1
            territory[t][country] += 1
            self.protected.add((t, country))
            events = [Deployed(p, country, t)]
        elif phase == CMD2:
            if type(action) is MoveFrom:
                self.pending, self.phase = action, MOVE_TO
                return []
            self.played.append((len(self.log) - 1, p, action.country))
            hand[action.country] -= 1
            territory[p][action.country] += 1
            self.protected.add((p, action.country))
            events = [Reinforced(p, action.country)]
        elif phase == MOVE_TO:
            f, country, t = self.pending.seat, self.pending.country, action.seat
            territory[f][country] -= 1
            territory[t][country] += 1
            self.protected.update(((f, country), (t, country)))
            events = [Moved(p, f, country, t)]
        elif phase == CMD3:
            self.pending, self.phase = action, ATTACK_ON
            return []
        else:  # ATTACK_ON
            a, t, d = self.pending.country, action.seat, action.country
            territory[t][d] -= 1
            self.discard[d] += 1
            events = [Attacked(p, a, territory[p][a], t, d)]
        self.pending = None
        return events + self._after_command(COMMAND[phase])

    def _ninja(self, t: int, country: str, k: int) -> list:
        self.played.extend((len(self.log) - 1, self.cur, NINJA) for _ in range(k))
        self.hand[self.cur][NINJA] -= k
        self.territory[t][country] -= k
        self.discard[NINJA] += k
        self.discard[country] += k
        self.protected.add((t, country))
        return [NinjaUsed(self.cur, k, t, country)]

    def _after_command(self, done: int) -> list:
        """Go to the next command with a legal choice (skipping the others), else to the refill."""
        events: list = []
        for command, phase in ((2, CMD2), (3, CMD3)):
            if command <= done:
                continue
            if self._has_choice(phase):
                self.phase = phase
                return events
            events.append(self._skip(command))
        return events + self._refill()

    def _skip(self, command: int) -> Skipped:
        """A command with no legal choice: commands 1 and 2 show the hand holds no soldier card (and command 1,
        while some other territory holds an army, no ninja either) until the seat draws again."""
        p = self.cur
        if command in (1, 2):
            lacks = set(COUNTRIES)
            if command == 1 and any(self.territory[t][c] for t in range(self.n) if t != p for c in COUNTRIES):
                lacks.add(NINJA)
            self.lacks[p] = frozenset(lacks) | self.lacks[p]  # type: ignore[index]
        return Skipped(p, command)  # type: ignore[arg-type]

    def _refill(self) -> list:
        """REFILL (3.6): draw to 4 while the deck lasts (chance nodes), else end the turn."""
        if self.final_left is None and self.deck_size and self.hand_size(self.cur) < HAND:  # type: ignore[arg-type]
            self.phase = REFILL
            return []
        return self._end_turn()

    def _end_turn(self) -> list:
        """3.7: a final-round turn counts down; the game ends after the last one, else the next seat plays."""
        if self.final_turn:
            self.final_left -= 1  # type: ignore[operator]
            if self.final_left == 0:
                return self._game_over()
        return self._start_turn((self.cur + 1) % self.n)  # type: ignore[operator]

    def _start_turn(self, seat: int) -> list:
        self.cur, self.turn = seat, self.turn + 1
        self.protected = set()
        self.final_turn = self.final_left is not None
        events: list = [TurnStarted(seat, self.turn, self.final_left)]
        if self._has_choice(CMD1):
            self.phase = CMD1
            return events
        events.append(self._skip(1))
        return events + self._after_command(1)

    def _chance(self, phase: str, action: Any) -> list:
        if phase == NATIONALITY:
            seat = self.dealt
            self.nationality[seat] = action
            self.log.append(Dealt(seat))
            self.dealt += 1
            if self.dealt == self.n:
                self.phase, self.dealt = START, 0
            return [NationalityDealt(seat, action)]
        if phase == START:
            self.log.append(action)
            self.first_player, self.phase = action, DEAL
            return [FirstPlayer(action)]
        seat = self._drawer()
        self.log.append(Drew(seat))
        self.deck[action] -= 1
        self.deck_size -= 1
        self.hand[seat][action] += 1
        self.lacks[seat] = frozenset()
        events: list = [CardDrawn(seat, action, self.deck_size)]
        if phase == DEAL:
            self.dealt += 1
            if self.dealt == HAND * self.n:
                return events + self._start_turn(self.first_player)  # type: ignore[arg-type]
            return events
        if not self.deck_size:  # the last card: one more round, without refills
            self.final_left = self.n
            events.append(FinalRound(self.n))
            return events + self._end_turn()
        if self.hand_size(seat) >= HAND:
            return events + self._end_turn()
        return events

    def _drawer(self) -> int:
        if self.phase == DEAL:
            return (self.first_player + self.dealt // HAND) % self.n  # type: ignore[operator]
        return self.cur  # type: ignore[return-value]

    def _game_over(self) -> list:
        """Section 4: the best count among the players' countries; then own country at home; then shared."""
        self.phase, self.cur, self.pending = OVER, None, None
        totals = self.totals()
        best = max(totals[c] for c in self.nationality)  # type: ignore[index]
        tied = [s for s in range(self.n) if totals[self.nationality[s]] == best]  # type: ignore[index]
        self.tie_break = 0
        if len(tied) > 1:
            home = max(self.territory[s][self.nationality[s]] for s in tied)  # type: ignore[index]
            tied = [s for s in tied if self.territory[s][self.nationality[s]] == home]  # type: ignore[index]
            self.tie_break = 1 if len(tied) == 1 else 2
        self.winners = tuple(tied)
        return [GameOver(tuple(self.nationality), self.neutral(), totals, self.winners,  # type: ignore[arg-type]
                         self.tie_break)]

    # --- copies, views, worlds ---------------------------------------------------------------------------------
    def clone(self) -> Self:
        other = ShinoburiState.__new__(ShinoburiState)
        other.history, other.log, other.played, other.lacks = self.history[:], self.log[:], self.played[:], \
            self.lacks[:]
        other.acts = self.acts[:]
        other.n, other.nationality = self.n, self.nationality[:]
        other.hand = [dict(h) for h in self.hand]
        other.territory = [dict(t) for t in self.territory]
        other.discard, other.deck, other.deck_size = dict(self.discard), dict(self.deck), self.deck_size
        other.phase, other.cur, other.first_player, other.turn = self.phase, self.cur, self.first_player, self.turn
        other.final_left, other.final_turn, other.protected = self.final_left, self.final_turn, set(self.protected)
        other.pending, other.dealt, other.winners, other.tie_break = self.pending, self.dealt, self.winners, \
            self.tie_break
        return other

    def view(self, seat: int) -> ShinoburiView:
        mover = self.current_player()
        over = self.phase == OVER
        return ShinoburiView(
            seat=seat, players=self.n, phase=self.phase, to_move=mover,
            legal=tuple(self._legal_actions()) if mover == seat else (),
            nationality=self.nationality[seat],
            nationalities=tuple(c if over or s == seat else None for s, c in enumerate(self.nationality)),
            hand=tuple(kind for kind in KINDS for _ in range(self.hand[seat][kind])),
            hand_sizes=tuple(self.hand_size(s) for s in range(self.n)),
            territory=tuple(tuple(t[c] for c in COUNTRIES) for t in self.territory),
            discard=tuple(self.discard[k] for k in KINDS), deck_size=self.deck_size,
            protected=frozenset(self.protected), cur=self.cur, first_player=self.first_player, turn=self.turn,
            final_left=self.final_left, final_turn=self.final_turn, pending=self.pending, winners=self.winners,
            log=tuple(self.log), played=tuple(self.played), lacks=tuple(self.lacks), acts=tuple(self.acts))

    def action_key(self, action: Any, observer: int) -> Any:
        """A nationality dealt or a card drawn is seen by its holder only; every decision is public."""
        phase = self.phase
        if phase == NATIONALITY:
            return action if self.dealt == observer else Dealt(self.dealt)
        if phase in (DEAL, REFILL):
            seat = self._drawer()
            return action if seat == observer else Drew(seat)
        return action

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with view(seat), from that view alone, with a history that replays to it:
        the other seats' countries are a uniform assignment of the countries left (distinct, not the seat's own),
        their hands a uniform deal of the unseen cards, and each masked draw of the log is given a card so that
        every card a seat played had been drawn before it was played (see `world_history`)."""
        return from_view(self.view(seat), rng)

    # --- text, codec, explanations -----------------------------------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        return repr(action)

    def action_to_json(self, action: Any) -> Any:
        return tagged_to_json(action)

    def action_from_json(self, data: Any) -> Any:
        decision = tagged_from_json(data, BY_NAME)
        if decision is not None:
            return decision
        if type(data) is int or (type(data) is str and data in KINDS):
            return data
        raise IllegalAction(f"not a Shinoburi action: {data!r}")

    def explain_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            return f"{action!r} is not a chance outcome here ({[a for a, _ in self._chance_outcomes()]})"
        legal = self._legal_actions()
        kinds = sorted({type(a).__name__ for a in legal})
        return f"seat {self.cur} may not {action!r} now (command {COMMAND[phase]}: {', '.join(kinds)})"

    def statistics(self) -> dict:
        return {"players": self.n, "nationalities": list(self.nationality) if self.phase == OVER else [],
                "totals": self.totals(), "winners": list(self.winners), "tie_break": self.tie_break,
                "turns": self.turn, "over": self.phase == OVER}


# --- worlds ------------------------------------------------------------------------------------------------------
def unseen(view: ShinoburiView) -> dict[str, int]:
    """Cards of each kind the seat cannot place: not on the table, not discarded, not in its hand."""
    counts = {**dict.fromkeys(COUNTRIES, SOLDIERS), NINJA: NINJAS}
    for kind, count in zip(KINDS, view.discard, strict=True):
        counts[kind] -= count
    for row in view.territory:
        for c, count in zip(COUNTRIES, row, strict=True):
            counts[c] -= count
    for kind in view.hand:
        counts[kind] -= 1
    return counts


def from_view(view: ShinoburiView, rng: Random) -> ShinoburiState:
    """A world consistent with `view` (it reads only `view` and `rng`); see ShinoburiState.resample."""
    n, seat = view.players, view.seat
    state = ShinoburiState(n)
    dealt_nationalities = sum(type(entry) is Dealt for entry in view.log)
    nationality = list(view.nationalities)
    free = [c for c in COUNTRIES if c not in nationality]
    rng.shuffle(free)
    for s in range(dealt_nationalities):
        if nationality[s] is None:
            nationality[s] = free.pop()
    state.nationality = nationality
    unseen_cards = [kind for kind, count in unseen(view).items() for _ in range(count)]
    _deal(state, view, unseen_cards, rng)
    state.territory = [dict(zip(COUNTRIES, row, strict=True)) for row in view.territory]
    state.discard = dict(zip(KINDS, view.discard, strict=True))
    state.phase, state.cur, state.first_player, state.turn = view.phase, view.cur, view.first_player, view.turn
    state.final_left, state.protected, state.pending = view.final_left, set(view.protected), view.pending
    state.final_turn, state.winners = view.final_turn, view.winners
    state.dealt = dealt_nationalities if view.phase == NATIONALITY else (
        sum(type(entry) is Drew for entry in view.log) if view.phase == DEAL else 0)
    state.log, state.played, state.lacks, state.acts = list(view.log), list(view.played), list(view.lacks), \
        list(view.acts)
    if view.phase == OVER:
        state.tie_break = _tie_break(state)
    # another seat at a command has a legal choice (else it would have been skipped, 3.2): a deal that leaves it
    # none (only ninjas, with no army to use them on) is dealt again; the real deal is one that does not
    for _ in range(DEALS_TRIED):
        if view.cur in (None, seat) or state.current_player() != view.cur or state.legal_actions():
            break
        _deal(state, view, unseen_cards, rng)
    state.history = world_history(state, seat)
    return state


DEALS_TRIED = 200  # deals tried for a world where the seat to move has a choice (the first one nearly always does)


def _deal(state: ShinoburiState, view: ShinoburiView, unseen_cards: list[str], rng: Random) -> None:
    """Deal the cards `view`'s seat cannot see: the other hands (what a first step in progress shows of the
    mover's, and nothing a seat is known to lack), the rest to the deck."""
    n, seat = view.players, view.seat
    pool = list(unseen_cards)
    rng.shuffle(pool)
    hands = [dict.fromkeys(KINDS, 0) for _ in range(n)]
    for kind in view.hand:
        hands[seat][kind] += 1
    need = list(view.hand_sizes)
    need[seat] = 0
    shown = _shown(view)  # a first step in progress shows a card of the mover's
    if shown is not None and view.cur != seat:
        kind, count = shown
        for _ in range(count):
            pool.remove(kind)
            hands[view.cur][kind] += 1
            need[view.cur] -= 1
    # seats known to lack some kinds are dealt first, from what they may hold
    for s in sorted(range(n), key=lambda s: -len(view.lacks[s])):
        for _ in range(need[s]):
            k = next(i for i in range(len(pool) - 1, -1, -1) if pool[i] not in view.lacks[s])
            hands[s][pool.pop(k)] += 1
    state.hand = hands
    state.deck = dict.fromkeys(KINDS, 0)
    for kind in pool:
        state.deck[kind] += 1
    state.deck_size = len(pool)


def _shown(view: ShinoburiView) -> tuple[str, int] | None:
    """The card a first step in progress shows the mover holds: the country of a Deploy."""
    if view.phase == DEPLOY_TO:
        return view.pending.country, 1
    return None


def _tie_break(state: ShinoburiState) -> int:
    copy = state.clone()
    copy._game_over()
    return copy.tie_break


def world_history(state: ShinoburiState, seat: int) -> list:
    """The concrete history the world's public log stands for: each `Dealt` given the nationality the world
    gives that seat, and each `Drew` of a seat a card, so that every card the seat played had been drawn before it
    was played (earliest need first, then the cards it holds now: earliest-deadline-first always succeeds when a
    real history exists). The seat's own draws are assigned the same way: the world need not remember its order."""
    n = state.n
    needs: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for at, who, kind in state.played:
        needs[who].append((at, kind))
    draws: list[list[int]] = [[] for _ in range(n)]
    for i, entry in enumerate(state.log):
        if type(entry) is Drew:
            draws[entry.seat].append(i)
    cards: dict[int, str] = {}
    for s in range(n):
        held = [kind for kind in KINDS for _ in range(state.hand[s][kind])]
        wanted = sorted(needs[s])
        if len(draws[s]) != len(wanted) + len(held):
            raise ValueError(f"seat {s} drew {len(draws[s])} cards but played {len(wanted)} and holds {len(held)}")
        for k, at in enumerate(draws[s]):
            if k < len(wanted):
                if wanted[k][0] < at:
                    raise ValueError(f"seat {s} played a card before drawing it")
                cards[at] = wanted[k][1]
            else:
                cards[at] = held[k - len(wanted)]
    history, dealt = [], 0
    for i, entry in enumerate(state.log):
        kind = type(entry)
        if kind is Dealt:
            history.append(state.nationality[dealt])
            dealt += 1
        elif kind is Drew:
            history.append(cards[i])
        else:
            history.append(entry)
    return history


def new_state(players: int = 4) -> ShinoburiState:
    """A new game for 2-5 players; chance deals the nationalities, picks the first player and deals the hands."""
    return ShinoburiState(players)


ABBREVIATIONS = {"HOJ": HOJO, "MOR": MORI, "ODA": ODA, "TAK": TAKEDA, "UES": UESUGI, "NIN": NINJA}


def cards(text: str) -> dict[str, int]:
    """Spec notation "TAK TAK ODA NIN" as counts per kind."""
    counts = dict.fromkeys(KINDS, 0)
    for word in text.split():
        counts[ABBREVIATIONS[word.upper()]] += 1
    return counts


def position(players: int, seat: int, hands: dict[int, str] | None = None, table: dict[int, str] | None = None,
             nationalities: tuple[str, ...] | None = None, deck_size: int | None = None,
             final_left: int | None = None) -> ShinoburiState:
    """A state at the start of `seat`'s turn, for tests, from spec notation: hands {seat: "TAK TAK NIN"},
    table {seat: "TAK:2 ODA:1"}. The deck holds the cards left (or `deck_size` of them, the rest discarded).
    Its history is empty, so it does not replay; use `new_state` for that."""
    state = ShinoburiState(players)
    state.nationality = list(nationalities or COUNTRIES[:players])
    for s, text in (hands or {}).items():
        state.hand[s] = cards(text)
    for s, text in (table or {}).items():
        for item in text.split():
            abbreviation, count = item.split(":")
            state.territory[s][ABBREVIATIONS[abbreviation.upper()]] = int(count)
    left = {**dict.fromkeys(COUNTRIES, SOLDIERS), NINJA: NINJAS}
    for s in range(players):
        for kind in KINDS:
            left[kind] -= state.hand[s][kind]
        for c in COUNTRIES:
            left[c] -= state.territory[s][c]
    if any(count < 0 for count in left.values()):
        raise ValueError(f"more cards than the game has: {left}")
    state.deck = left
    state.deck_size = sum(left.values())
    while deck_size is not None and state.deck_size > deck_size:
        kind = max(KINDS, key=lambda k: state.deck[k])
        state.deck[kind] -= 1
        state.discard[kind] += 1
        state.deck_size -= 1
    state.first_player, state.final_left = seat, final_left
    state._start_turn(seat)
    state.turn = 1
    return state


def whole_choices(state: ShinoburiState) -> list[tuple]:
    """The command in progress as the spec's whole choices (section 3), each a tuple such as ("deploy", c, t),
    ("ninja", k, t, c), ("reinforce", c), ("move", f, c, t), ("attack", a, t, d); in canonical order."""
    phase = state.phase
    if phase in (CMD1, DEPLOY_TO):
        firsts = [state.pending] if phase == DEPLOY_TO else state._choices(CMD1)
        out = []
        for first in firsts:
            if type(first) is Deploy:
                out += [("deploy", first.country, t) for t in range(state.n) if t != state.cur]
            else:
                out.append(("ninja", first.count, first.seat, first.country))
        return out
    if phase in (CMD2, MOVE_TO):
        firsts = [state.pending] if phase == MOVE_TO else state._choices(CMD2)
        out = []
        for first in firsts:
            if type(first) is Reinforce:
                out.append(("reinforce", first.country))
            else:
                out += [("move", first.seat, first.country, t) for t in range(state.n) if t != first.seat]
        return out
    if phase in (CMD3, ATTACK_ON):
        attackers = [state.pending.country] if phase == ATTACK_ON else [a.country for a in state._choices(CMD3)]
        return [("attack", a, t, d) for a in attackers for t, d in state._targets(a)]
    return []


def take(state: ShinoburiState, choice: tuple) -> list:
    """Apply a whole choice (see `whole_choices`) as its small decisions; the events of all of them."""
    kind, *args = choice
    steps = {"deploy": lambda c, t: [Deploy(c), Target(t)], "ninja": lambda k, t, c: [NinjaOn(t, c, k)],
             "reinforce": lambda c: [Reinforce(c)], "move": lambda f, c, t: [MoveFrom(f, c), MoveTo(t)],
             "attack": lambda a, t, d: [Attack(a), AttackOn(t, d)]}[kind](*args)
    events = []
    for step in steps:
        events += state.apply(step)
    return events
