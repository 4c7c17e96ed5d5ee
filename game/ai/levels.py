"""Bot levels for every title: random, easy (the title's rules-based bot with some noise), normal and hard (ISMCTS).

`make_bot(slug, level)` builds one; arena and tests give ISMCTS an iteration budget (deterministic), the app adds a
deadline (`think_ms`), and the search stops at whichever comes first.
"""

# What a title's `game.titles.<slug>.bots` module may offer (every item optional, with the fallback in brackets):
#   rollout_policy(state, rng) -> action   fast rules-based move for whoever is to move, one of legal_actions()
#                                          (search applies it unchecked); ISMCTS calls it on determinized states,
#                                          so it may read the whole state. [uniformly random]
#   EasyBot                                class, no-argument constructor, `name`, `choose(state, rng)`; it must decide
#                                          only from what the mover may know: `state.view(seat)`, its own legal
#                                          actions, or `state.resample(seat, rng)`; it is held to the fairness test
#                                          (game.ai.fairness). [rollout_policy]
#   evaluate(state) -> list[float]         per-seat estimate of returns() in [0, 1] wherever a truncated rollout
#                                          stops (chance nodes too); used only with max_rollout_depth. [none]
#   SEARCH = {...}                         overrides of DEFAULTS below, e.g. {"normal": 300, "max_rollout_depth": 15}.
#   make_search_bot(name, iterations, think_ms) -> Bot
#                                          builds Normal/Hard itself, e.g. a SearchBot whose `search` weighs the
#                                          determinizations and plays the other seats as it reads them
#                                          (Kitsune-gaeshi's opponent model); held to the fairness test. [SearchBot]
# And of its rules: for the player to move, legal_actions() is the same list, in the same order, in a state and in
# any resample of it for that player, and resample(seat, rng) depends only on view(seat) and rng.

from __future__ import annotations

import importlib
import importlib.util
import time
from random import Random
from types import ModuleType
from typing import Any

from game.ai.bot import Bot, RandomBot
from game.ai.ismcts import ISMCTS, random_policy
from game.core.engine import Action, State

LEVELS = ("random", "easy", "normal", "hard")
DEFAULTS: dict[str, Any] = {
    "normal": 200,  # ISMCTS iterations per decision
    "hard": 1000,
    "c": 0.7,  # UCB exploration constant (rewards are win shares in [0, 1])
    "max_rollout_depth": None,  # None: roll out to the end of the game
    "opponents": "search",  # how other seats move inside the tree: "search" (UCB) or "policy" (rollout policy)
    "easy_noise": 0.15,  # chance that Easy plays a uniformly random legal action instead
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


class NoisyBot:
    """Plays `inner`, except with probability `epsilon` a uniformly random legal action."""

    def __init__(self, inner: Bot, epsilon: float, name: str = "easy") -> None:
        self.inner, self.epsilon, self.name = inner, epsilon, name

    def choose(self, state: State, rng: Random) -> Action:
        if rng.random() < self.epsilon:
            return rng.choice(state.legal_actions())
        return self.inner.choose(state, rng)


class SearchBot:
    """ISMCTS with an iteration budget and, optionally, a deadline of `think_ms` per decision."""

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

    def choose(self, state: State, rng: Random) -> Action:
        legal = state.legal_actions()  # the mover's own options: the same in every resample for it
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000
        search = self.search(state, rng)
        search.run(self.iterations, deadline)
        self.last = search
        return search.best_action()


def title_bots(slug: str) -> ModuleType | None:
    """Import `game.titles.<slug>.bots` (None while the title has no bots module); UnknownBot for no such title."""
    if not slug.isidentifier():
        raise UnknownBot(f"unknown title {slug!r}")
    try:
        return importlib.import_module(f"game.titles.{slug}.bots")
    except ModuleNotFoundError as exc:
        if exc.name == f"game.titles.{slug}.bots" and importlib.util.find_spec(f"game.titles.{slug}.rules"):
            return None
        if exc.name in (f"game.titles.{slug}", f"game.titles.{slug}.bots"):
            raise UnknownBot(f"unknown title {slug!r} (no module {exc.name})") from None
        raise


def settings(bots: ModuleType | None) -> dict[str, Any]:
    """DEFAULTS with the title's SEARCH overrides."""
    return {**DEFAULTS, **getattr(bots, "SEARCH", {})}


def make_bot(slug: str, level: str, iterations: int | None = None, think_ms: float | None = None) -> Bot:
    """A bot of `level` for title `slug` (see level_bot)."""
    return level_bot(title_bots(slug), level, iterations, think_ms)


def level_bot(bots: ModuleType | None, level: str, iterations: int | None = None,
              think_ms: float | None = None) -> Bot:
    """A bot of `level` ("random", "easy", "normal", "hard", or "normal:N" / "hard:N" for N iterations).

    `iterations` overrides the level's budget; `think_ms` adds a deadline per decision (search levels only).
    """
    base, _, count = level.partition(":")
    if base not in LEVELS or (count and (base not in ("normal", "hard") or not count.isdigit())):
        raise UnknownBot(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)} (or normal:N, hard:N)")
    config = settings(bots)
    policy = getattr(bots, "rollout_policy", random_policy)
    if base == "random":
        return RandomBot()
    if base == "easy":
        easy_class = getattr(bots, "EasyBot", None)
        inner = easy_class() if easy_class else PolicyBot("rules", policy)
        return NoisyBot(inner, config["easy_noise"])
    budget = int(count) if count else (iterations if iterations is not None else config[base])
    hook = getattr(bots, "make_search_bot", None)
    if hook is not None:
        return hook(level, budget, think_ms)
    return SearchBot(level, budget, think_ms, policy, getattr(bots, "evaluate", None), config["c"],
                     config["max_rollout_depth"], config["opponents"])
