"""The engine protocol every title implements (modelled on OpenSpiel's Game/State split).

A `State` is one position. All randomness is an explicit chance node: the engine owns no random
generator, so a game is reproduced by its action history alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect
from collections.abc import Callable, Hashable, Iterable
from itertools import accumulate
from operator import itemgetter
from random import Random
from typing import Any, ClassVar, Self

CHANCE, TERMINAL = -1, -2


class _Unseen:
    """The key of a move the observer never learns was made (see `State.action_key`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"


UNSEEN = _Unseen()

Action = Hashable
Event = Any


class IllegalAction(ValueError):
    """An action that is not legal here; the state it was offered to is unchanged."""


class State(ABC):
    """One position of one game. Mutable; `clone()` before exploring."""

    TITLE: ClassVar[str] = ""
    RULES_VERSION: ClassVar[str] = ""
    # Whether `action_key` may say `UNSEEN` (a move an observer never learns was made): search looks for it only then.
    UNSEEN_MOVES: ClassVar[bool] = False

    __slots__ = ("history",)

    def __init__(self) -> None:
        self.history: list[Action] = []

    # --- hooks a title implements -------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """Seats at the table."""

    @abstractmethod
    def current_player(self) -> int:
        """Seat to move, CHANCE or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal decisions of the player to move (not called at chance or terminal nodes)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes and probabilities at a chance node."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply a legal action (already checked) and return what happened."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat result (meaningful at TERMINAL)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    def view(self, seat: int) -> Any:
        """What `seat` may see; a perfect-information title shows everything."""
        return self

    def resample(self, seat: int, rng: Random) -> Self:
        """A full state consistent with `view(seat)`, whose `history` leads to it (the generic tests replay it:
        every action legal for the hidden cards the world was dealt); identity for perfect information."""
        return self.clone()

    # --- what search uses (titles override where it pays) ---------------------------------------------
    def action_key(self, action: Action, observer: int) -> Hashable:
        """What `observer` learns of `action` (a decision or a chance outcome) about to be applied here: the action
        itself where it is public. A title hides what the observer cannot see (a card dealt or forced face down to
        another seat becomes, say, ("dealt", seat)); two actions with the same key must look alike to the observer.
        `UNSEEN`: the observer does not learn that this move was made at all (it leaves the observer's view as it
        was, like Fusejika's secret redeal check, A2b), so the observer's search gives it no node."""
        return action

    def action_keys(self, actions: list[Action], observer: int) -> list[Hashable]:
        """`action_key` of each of `actions` (the legal moves here), in order; a title may work out once what they
        share (search asks for a whole decision's keys at a time)."""
        return [self.action_key(action, observer) for action in actions]

    def _apply_quietly(self, action: Action) -> None:
        """Apply a legal action for search, where nobody reads the events (a title may skip building them)."""
        self._apply(action)

    # --- what the arena reports (titles override what they have) -----------------------------
    def final_scores(self) -> list[float]:
        """Per-seat score at the end (points, souls...); the returns by default."""
        return self.returns()

    def starting_seat(self) -> int | None:
        """The seat that started the game, where the title has one."""
        return None

    def picks_start(self) -> bool:
        """Whether this chance node picks the seat that starts (its outcomes are the seats), where a setup that fixes
        who starts gives its seat: the first chance node by default; a title that deals first says where."""
        return not self.history

    def deals_played(self) -> int:
        """Deals the game took so far, where the title deals in rounds."""
        return 0

    def rounds_played(self) -> int:
        """Completed rounds (solo titles); the decisions so far by default."""
        return len(self.history)

    def action_to_string(self, action: Action) -> str:
        """Readable form of an action for logs."""
        return str(action)

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal here (titles may say more)."""
        return f"{self.action_to_string(action)} is not a legal action here"

    # --- checked interface --------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions of whoever moves: decisions, or chance outcomes; [] when terminal."""
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance_node():
            raise IllegalAction("not a chance node")
        return self._chance_outcomes()

    def apply(self, action: Action) -> list[Event]:
        """Apply `action`; raise IllegalAction (state unchanged) if it is not legal.

        The types must match too, field by field, so 2.0 or True is not taken for the action 2 or 1, nor
        Force(card, True) for Force(card, 1).
        """
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if not among(action, self.legal_actions()):
            raise IllegalAction(self._why_not(action))
        events = self._apply(action)
        self.history.append(action)
        return events

    def _why_not(self, action: Action) -> str:
        """The title's explanation; a plain one where it cannot read a malformed action (a field of the wrong
        type), which must still be refused, not crash."""
        try:
            return self.explain_illegal(action)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            return f"{action!r} is not a legal action here"

    def sample_chance(self, rng: Random) -> Action:
        """Draw one chance outcome with the driver's own generator."""
        outcomes = self._chance_outcomes()
        # what rng.choices(actions, weights)[0] draws, with the same one call of rng.random() (so a seed gives
        # the same outcomes as ever), with one list instead of three: search samples chance thousands of times a
        # second
        cumulative = list(accumulate(map(itemgetter(1), outcomes)))
        total = cumulative[-1] + 0.0
        if not total > 0.0:
            raise ValueError(f"chance outcomes with total weight {total}")
        return outcomes[bisect(cumulative, rng.random() * total, 0, len(cumulative) - 1)][0]

    # --- replay codec (titles with non-int actions override) ----------------------------------
    def action_to_json(self, action: Action) -> Any:
        return action

    def action_from_json(self, data: Any) -> Action:
        return data


def kept_view(state: State, seat: int, prepare: Callable[[Any], Any] | None = None) -> tuple[Any, Any]:
    """`state.view(seat)` and `prepare(view)` (what all the worlds sampled from that view share), kept on the state
    until it moves on: search resamples one position many times. A title that uses it has a `_resample_view` slot
    (None in a new state and in a clone) and a public `log`; the two lengths tell whether the state has moved."""
    key = (seat, len(state.history), len(state.log))  # type: ignore[attr-defined]
    cached = state._resample_view  # type: ignore[attr-defined]
    if cached is None or cached[0] != key:
        view = state.view(seat)
        cached = state._resample_view = (key, view, None if prepare is None else prepare(view))  # type: ignore
    return cached[1], cached[2]


def tagged_to_json(action: Action) -> Any:
    """A decision that is a NamedTuple as `[its class name, *its fields]` (JSON), anything else as it is."""
    if isinstance(action, tuple):
        return [type(action).__name__, *action]
    return action


def tagged_from_json(data: Any, classes: dict[str, type]) -> Action | None:
    """The NamedTuple of `classes` (by class name) that a tagged list from `tagged_to_json` stands for, or None if
    `data` is not such a list; IllegalAction for a wrong number of fields."""
    if type(data) is not list or not data or data[0] not in classes:
        return None
    cls = classes[data[0]]
    if len(data) - 1 != len(cls._fields):
        raise IllegalAction(f"{data[0]} takes {len(cls._fields)} fields, not {len(data) - 1}")
    return cls(*data[1:])


def among(action: Action, actions: Iterable[Action]) -> bool:
    """Whether `action` is one of `actions`, its type included: NamedTuples compare as plain tuples, so
    Take("3") == Commit("3") although only one of them may be legal (a scene asks this, not `in`)."""
    return any(a == action and same_types(a, action) for a in actions)


def same_types(a: Action, b: Action) -> bool:
    """Whether two equal actions have the same type, and for tuples (NamedTuples) the same field types, deeply
    (a loop, not all(...): apply calls it on every action, and a generator costs three times as much)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        for x, y in zip(a, b, strict=True):
            if type(x) is not type(y) or (isinstance(x, tuple) and not same_types(x, y)):
                return False
    return True


def play_chance(state: State, rng: Random) -> list[Event]:
    """Resolve chance nodes until a player (or the end) is to move."""
    events: list[Event] = []
    while state.is_chance_node():
        events += state.apply(state.sample_chance(rng))
    return events


def play_out(state: State, rng: Random, max_actions: int = 100_000) -> State:
    """Play `state` to the end with uniformly random decisions and chance drawn from `rng`."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    raise RuntimeError(f"no end after {max_actions} actions")
