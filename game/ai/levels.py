"""Bot levels for every title: random, easy (the title's rules bot with some noise), normal and hard (ISMCTS).

A title says how its levels are made in one declared `BotKit` (its bots module's `KIT`); `level_bot(kit, level)`
builds one. Arena and tests give ISMCTS an iteration budget (deterministic), the app adds a deadline (`think_ms`),
and the search stops at whichever comes first.
"""

# What the rules must hold for the search: for the player to move, legal_actions() is the same list, in the same
# order, in a state and in any resample of it for that player, and resample(seat, rng) depends only on view(seat)
# and rng. An Easy bot decides only from what the mover may know (view, own legal actions, resample) and is held
# to the fairness test (game.ai.fairness).

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from game.ai.bot import Bot, RandomBot
from game.ai.ismcts import ISMCTS, random_policy
from game.ai.search import Search
from game.core.engine import Action, State

LEVELS = ("random", "easy", "normal", "hard")
DEFAULTS: dict[str, Any] = {
    "normal": 400,  # search iterations per decision (game.ai.search)
    "hard": 1600,
    "c_puct": 1.5,  # PUCT exploration constant (rewards are win shares in [0, 1])
    "rollout_noise": 0.05,  # chance that a rollout move is uniformly random instead of the rules policy's
    "max_rollout_depth": None,  # None: roll out to the end of the game
    "worlds": 64,  # determinizations drawn (and, for Hard, weighed by the belief) at the start of a search
    "easy_noise": 0.15,  # chance that Easy plays a uniformly random legal action instead
}
# Today's Normal and Hard before issue 21 (game.ai.ismcts), kept as the arena's fixed baseline "normal_v1"/"hard_v1".
DEFAULTS_V1: dict[str, Any] = {
    "normal": 200,  # ISMCTS iterations per decision
    "hard": 1000,
    "c": 0.7,  # UCB exploration constant
    "max_rollout_depth": None,
    "opponents": "search",  # how other seats move inside the tree: "search" (UCB) or "policy" (rollout policy)
}
APP_THINK_MS = {"normal": 300, "hard": 1500}  # the app's deadline per decision, on top of the iteration budget


class UnknownBot(ValueError):
    """A level or title that has no bot."""


class PolicyBot:
    """A bot that plays a policy function (used for Easy when a title has no EasyBot)."""

    def __init__(self, name: str, policy: Any) -> None:
        self.name, self.policy = name, policy

    def choose(self, state: State, rng: Random) -> Action:
        return self.policy(state, rng)


@dataclass(frozen=True)
class ScoredRules:
    """A title's rules bot given as a score for each legal action of the player to move (`scores(state, legal)`,
    from what that player may know): its best action, ties by chance, is the rollout policy and Easy's choice, and a
    softmax of the scores at `temperature` is the search's prior."""

    scores: Callable[[State, list], Sequence[float]]
    temperature: float

    def policy(self, state: State, rng: Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.scores(state, legal)
        top = max(values)
        return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9])

    def prior(self, state: State) -> list[float]:
        values = self.scores(state, state.legal_actions())
        top = max(values)
        return [math.exp((v - top) / self.temperature) for v in values]


class NoisyBot:
    """Plays `inner`, except with probability `epsilon` a uniformly random legal action."""

    def __init__(self, inner: Bot, epsilon: float, name: str = "easy") -> None:
        self.inner, self.epsilon, self.name = inner, epsilon, name

    def choose(self, state: State, rng: Random) -> Action:
        if rng.random() < self.epsilon:
            return rng.choice(state.legal_actions())
        return self.inner.choose(state, rng)


class Searching(ABC):
    """What both searches' bots share: a decision with a choice is searched within the budget and the deadline;
    a subclass says how a search starts (`search`), and `last` keeps the latest for statistics."""

    iterations: int | None
    think_ms: float | None
    last: Any

    @abstractmethod
    def search(self, state: State, rng: Random) -> Any:
        """A new search for the decision at `state`."""

    def choose(self, state: State, rng: Random) -> Action:
        legal = state.legal_actions()  # the mover's own options: the same in every resample for it
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000
        search = self.search(state, rng)
        search.run(self.iterations, deadline)
        self.last = search
        return search.best_action()


class SearchBotV1(Searching):
    """The first search (game.ai.ismcts), kept as the arena's baseline: ISMCTS with an iteration budget and,
    optionally, a deadline of `think_ms` per decision."""

    def __init__(self, name: str, iterations: int | None, think_ms: float | None = None,
                 rollout_policy: Any = random_policy, evaluate: Any = None, c: float = 0.7,
                 max_rollout_depth: int | None = None, opponents: str = "search") -> None:
        if iterations is None and think_ms is None:
            raise ValueError("a search bot needs an iteration budget, a deadline, or both")
        self.name, self.iterations, self.think_ms = name, iterations, think_ms
        self.rollout_policy, self.evaluate, self.c = rollout_policy, evaluate, c
        self.max_rollout_depth, self.opponents = max_rollout_depth, opponents
        self.last: ISMCTS | None = None  # the latest search, for statistics

    def search(self, state: State, rng: Random) -> ISMCTS:
        """A new search for the decision at `state` (a title may weigh its determinizations or change its policy)."""
        return ISMCTS(state, state.current_player(), rng, self.rollout_policy, self.evaluate, self.c,
                      self.max_rollout_depth, self.opponents)



class SearchBot(Searching):
    """The levels' search (game.ai.search) with an iteration budget and, optionally, a deadline of `think_ms` per
    decision; `belief` weighs its worlds and `opponent_prior` moves the others inside it (Hard)."""

    def __init__(self, name: str, iterations: int | None, think_ms: float | None = None, *, policy: Any,
                 settings: Mapping[str, Any], prior: Any = None, evaluate: Any = None, belief: Any = None,
                 opponent_prior: Any = None) -> None:
        if iterations is None and think_ms is None:
            raise ValueError("a search bot needs an iteration budget, a deadline, or both")
        self.name, self.iterations, self.think_ms = name, iterations, think_ms
        self.policy, self.prior, self.evaluate, self.belief = policy, prior, evaluate, belief
        self.opponent_prior, self.settings = opponent_prior, settings
        self.last: Search | None = None  # the latest search, for statistics

    def search(self, state: State, rng: Random) -> Search:
        """A new search for the decision at `state` (a title may start it from a root of its own)."""
        config = self.settings
        return Search(state, state.current_player(), rng, self.policy, prior=self.prior, evaluate=self.evaluate,
                      belief=self.belief, opponent_prior=self.opponent_prior, c_puct=config["c_puct"],
                      rollout_noise=config["rollout_noise"],
                      max_rollout_depth=config["max_rollout_depth"], worlds=config["worlds"])



@dataclass(frozen=True)
class BotKit:
    """How a title's bots are made; every field has the generic default."""

    rollout_policy: Callable = random_policy  # fast rules move for whoever is to move (search applies it unchecked)
    easy: Callable[[], Bot] | None = None  # the rules bot Easy plays (with noise); None: the rollout policy
    evaluate: Callable | None = None  # per-seat estimate of returns() where a truncated rollout stops
    prior: Callable[[State], Sequence[float]] | None = None  # weights of the mover's legal actions (its own view)
    belief: Callable[[State, int], float] | None = None  # Hard: weight of a world for the seat, from the others' moves
    opponent_prior: Callable[[State], Sequence[float]] | None = None  # Hard: how the others choose inside its tree
    search: Mapping[str, Any] = field(default_factory=dict)  # overrides of DEFAULTS
    search_bot: Callable[[str, int | None, float | None], Bot] | None = None  # builds Normal/Hard (SearchBot)
    search_v1: Mapping[str, Any] = field(default_factory=dict)  # overrides of DEFAULTS_V1 (the baseline)
    search_bot_v1: Callable[[str, int | None, float | None], Bot] | None = None  # builds normal_v1/hard_v1
    fixed: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # levels made directly, not by the above
    named: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # bots the arena knows by name (first)
    oracles: Mapping[str, Callable] = field(default_factory=dict)  # solo: factory(round_cap) of a planner
    exact: Callable[[], tuple[Any, str]] | None = None  # the coach's exact evaluator: () -> (obj, "score" | "win"),
    # obj.evaluate(state) -> {action: expected score or win chance} (solo titles solved exactly)
    arena_metric: str = "score"  # solo: "score" or "win_rate"
    arena_counts: Callable[[State], dict[str, list[int]]] | None = None  # per-seat tallies the arena sums

    def settings(self) -> dict[str, Any]:
        """DEFAULTS with the title's overrides."""
        return {**DEFAULTS, **self.search}

    def settings_v1(self) -> dict[str, Any]:
        """DEFAULTS_V1 with the title's overrides (the baseline search)."""
        return {**DEFAULTS_V1, **self.search_v1}


GENERIC = BotKit()


def make_bot(slug: str, level: str, iterations: int | None = None, think_ms: float | None = None) -> Bot:
    """A bot of `level` for title `slug` (see level_bot); UnknownBot for an unknown title or level."""
    from game.titles import registry

    if slug not in registry.TITLES:
        raise UnknownBot(f"unknown title {slug!r}; known titles: {', '.join(registry.TITLES)}")
    return level_bot(registry.TITLES[slug].kit(), level, iterations, think_ms)


def level_bot(kit: BotKit, level: str, iterations: int | None = None, think_ms: float | None = None) -> Bot:
    """A bot of `level` ("random", "easy", "normal", "hard", "normal:N" / "hard:N" for N iterations, and the
    baseline "normal_v1" / "hard_v1" (":N" too); the kit's `fixed` levels first). `iterations` overrides the
    level's budget; `think_ms` adds a deadline per decision."""
    if level in kit.fixed:
        return kit.fixed[level]()
    name, _, count = level.partition(":")
    base, v1 = (name[:-3], True) if name.endswith("_v1") else (name, False)
    if base not in LEVELS or (v1 and base not in ("normal", "hard")) or (
            count and (base not in ("normal", "hard") or not count.isdigit())):
        raise UnknownBot(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)} "
                         "(or normal:N, hard:N, normal_v1, hard_v1)")
    if base == "random":
        return RandomBot()
    if base == "easy":
        inner = kit.easy() if kit.easy else PolicyBot("rules", kit.rollout_policy)
        return NoisyBot(inner, kit.settings()["easy_noise"])
    config = kit.settings_v1() if v1 else kit.settings()
    budget = int(count) if count else (iterations if iterations is not None else config[base])
    if v1:
        if kit.search_bot_v1 is not None:
            return kit.search_bot_v1(level, budget, think_ms)
        return SearchBotV1(level, budget, think_ms, kit.rollout_policy, kit.evaluate, config["c"],
                           config["max_rollout_depth"], config["opponents"])
    if kit.search_bot is not None:
        return kit.search_bot(level, budget, think_ms)
    hard = base == "hard"
    return SearchBot(level, budget, think_ms, policy=kit.rollout_policy, settings=config, prior=kit.prior,
                     evaluate=kit.evaluate, belief=kit.belief if hard else None,
                     opponent_prior=kit.opponent_prior if hard else None)
