"""The coach: what the strongest bot thinks of each decision a seat took in a stored game.

For every decision of the seat (with a real choice), the coach values each legal action from that seat's
information only: a title with an exact evaluator (`BotKit.exact`, the solo dice titles) gives the expected score or
win chance of each choice; a table title's Hard search (from the same information set: the search reads the state
only through `resample(seat)`) gives each root action's mean win share (ranked by `by_value`). The advice keeps
the top three, the value of the action played and what the choice cost (best value minus played value). Pure: the
worker runs it in the background and the app caches the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from game.ai.levels import BotKit, level_bot
from game.core.cursor import HistoryCursor
from game.core.engine import Action, State

TOP = 3
COACH_ITERATIONS = 1600  # search iterations per decision where the title has no exact evaluator


@dataclass(frozen=True)
class Choice:
    action: Action
    value: float  # win share in [0, 1], or expected score (`Advice.measure`)
    visits: int  # search visits (0 for an exact value)


@dataclass(frozen=True)
class Advice:
    index: int  # the decision is history[index]
    seat: int
    played: Action
    played_value: float | None  # None: the search never tried it
    choices: tuple[Choice, ...]  # the top TOP, best first
    measure: str  # "win" (win share / chance) or "score" (expected points)

    @property
    def cost(self) -> float:
        """What the choice cost against the coach's first choice (0 when it was the first choice)."""
        if not self.choices or self.played == self.choices[0].action:
            return 0.0
        best = self.choices[0].value
        return best - (self.played_value if self.played_value is not None else min(c.value for c in self.choices))

    @property
    def agreed(self) -> bool:
        return bool(self.choices) and self.played == self.choices[0].action


def values_of(kit: BotKit, state: State, seat: int, iterations: int, seed: int,
              deadline: float | None = None) -> tuple[list[Choice], str]:
    """Every legal action of `seat` at `state` valued, best first, and the measure (the search stops at
    `iterations` or at `deadline`, a time.perf_counter() value, whichever comes first)."""
    if kit.exact is not None:
        evaluator, measure = kit.exact()
        values = evaluator.evaluate(state)
        ranked = sorted(values.items(), key=lambda item: -item[1])
        return [Choice(action, float(value), 0) for action, value in ranked], measure
    bot = level_bot(kit, f"hard:{iterations}")
    search = bot.search(state, Random(seed))
    search.run(iterations, deadline)
    values, visits = search.values(), search.stats()
    return [Choice(action, values[action], visits[action]) for action in by_value(values, visits)], "win"


def looked_at(visits: int, most: int) -> bool:
    """Whether a choice the search tried `visits` times was looked at enough for its value to be trusted: a quarter
    as often as the most-looked-at choice (`most`), or more."""
    return 4 * visits >= most


def by_value(values: dict, visits: dict) -> list:
    """The actions a search tried, the best first as a player reads a list of win chances: those it looked at enough
    (`looked_at`) by value, then the rest by visits. Playtest round 18b: ordered by visits alone, the coach listed
    "1. … 41% to win" above "2. … 47% to win"."""
    most = max(visits.values(), default=0)

    def rank(action) -> tuple:
        if looked_at(visits[action], most):
            return 0, -values[action], -visits[action]
        return 1, -visits[action], 0

    return sorted(values, key=rank)


def analyse(kit: BotKit, start: State, actions: list[Any], seat: int, iterations: int = COACH_ITERATIONS,
            seed: int = 0, progress: Any = None) -> list[Advice]:
    """Advice on every decision of `seat` with more than one legal action in the game `actions` from `start`
    (decoded actions); `progress(done, total)` is called after each."""
    cursor = HistoryCursor(start, actions)
    decisions = []
    for index in range(len(actions)):
        state = cursor.state_at(index)
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            decisions.append(index)
    advice = []
    for done, index in enumerate(decisions, 1):
        state = cursor.state_at(index)
        choices, measure = values_of(kit, state, seat, iterations, seed + index)
        played = actions[index]
        played_value = next((c.value for c in choices if c.action == played), None)
        advice.append(Advice(index, seat, played, played_value, tuple(choices[:TOP]), measure))
        if progress is not None:
            progress(done, len(decisions))
    return advice


def costliest(advice: list[Advice], count: int = 3) -> list[Advice]:
    """The decisions where the choice cost most, costliest first (only those that cost something)."""
    return sorted((a for a in advice if a.cost > 0), key=lambda a: -a.cost)[:count]
