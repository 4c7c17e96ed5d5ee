"""Dice Combat bots: random, always attack or defend, target thresholds, the spec's heuristic, perfect play.

Every bot has `choose(state, rng)` and `evaluate(state) -> {choice: win chance}`: the exact chance of winning
with each choice when the bot then plays on by its own policy (odds.Solver).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from random import Random

from game.ai.levels import BotKit
from game.titles.dice_combat import odds
from game.titles.dice_combat.rules import (
    ATTACK,
    DEFEND,
    FACES,
    DiceCombatState,
    completing_values,
    has_pattern,
)

Collection = tuple[int, ...]


class PolicyBot(ABC):
    """A bot given by the chance that it attacks: (collection, damage, small, target) -> P(attack)."""

    name = "policy"

    @abstractmethod
    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        """The chance of attacking in this position (each bot says its own)."""

    def choose(self, state: DiceCombatState, rng: Random) -> str:
        p = self.attack_probability(tuple(sorted(state.collection)), state.damage, state.small, state.target)
        if 0 < p < 1:
            return ATTACK if rng.random() < p else DEFEND
        return ATTACK if p else DEFEND

    def evaluate(self, state: DiceCombatState) -> dict[str, float]:
        """The exact win chance of each choice, then playing on by this bot's policy."""
        return solver(self).choice_win_chances(state.collection, state.damage, state.small, state.target)


_SOLVERS: dict[str, odds.Solver] = {}


def solver(bot: PolicyBot) -> odds.Solver:
    """The bot's policy solver, one per bot name (a name stands for one policy)."""
    if bot.name not in _SOLVERS:
        _SOLVERS[bot.name] = odds.Solver(bot.attack_probability)
    return _SOLVERS[bot.name]


class RandomBot(PolicyBot):
    """Attack or defend with even chances."""

    name = "random"

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return 0.5


class AttackBot(PolicyBot):
    """Always attack."""

    name = "attack"

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return 1.0


class DefendBot(PolicyBot):
    """Always defend: it can never win, and loses in about 19.7 rounds."""

    name = "defend"

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return 0.0


class ThresholdBot(PolicyBot):
    """Attack iff the target is at most `highest` (spec section 9: t7 wins about 49.2%)."""

    def __init__(self, highest: int = 7) -> None:
        self.highest = highest
        self.name = f"t{highest}"

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return float(target <= self.highest)


def completing_pairs(collection: Collection) -> int:
    """How many value pairs {w1, w2}, w1 <= w2, would give the collection a pattern."""
    return sum(has_pattern((*collection, *pair)) for pair in combinations_with_replacement(FACES, 2))


@cache
def prize_kind(collection: Collection, small: int) -> str:
    """'completing', 'helpful' or 'other': what the prize does for the collection (spec section 9)."""
    after = (*collection, small)
    if has_pattern(after):
        return "completing"
    now, then = len(completing_values(collection)), len(completing_values(after))
    if then > now or (now == 0 and completing_pairs(after) > completing_pairs(collection)):
        return "helpful"
    return "other"


class HeuristicBot(PolicyBot):
    """The spec's heuristic: attack a completing prize up to t 8, a helpful one up to 6, any other up to 3."""

    name = "heuristic"
    HIGHEST = {"completing": 8, "helpful": 6, "other": 3}

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return float(target <= self.HIGHEST[prize_kind(collection, small)])


class OptimalBot(PolicyBot):
    """Perfect play from the solved table (odds.OPTIMAL); attack when both choices are equally good."""

    name = "optimal"

    def __init__(self) -> None:
        odds.win_chance()  # solve the table now, not during the first decision

    def attack_probability(self, collection: Collection, damage: int, small: int, target: int) -> float:
        return float(odds.optimal_choice(collection, damage, small, target) == ATTACK)

    def evaluate(self, state: DiceCombatState) -> dict[str, float]:
        """The exact win chance of each choice, then playing perfectly."""
        return odds.choice_win_chances(state.collection, state.damage, state.small, state.target)


BOTS: dict[str, Callable[[], PolicyBot]] = {
    "random": RandomBot,
    "attack": AttackBot,
    "defend": DefendBot,
    "t6": lambda: ThresholdBot(6),
    "t7": lambda: ThresholdBot(7),
    "t8": lambda: ThresholdBot(8),
    "heuristic": HeuristicBot,
    "optimal": OptimalBot,
}
HINT_BOT = "optimal"


def hint(state: DiceCombatState) -> tuple[str, dict[str, float]]:
    """What the Hint key shows: the perfect choice and the win chance of each choice."""
    chances = BOTS[HINT_BOT]().evaluate(state)
    return (ATTACK if chances[ATTACK] >= chances[DEFEND] else DEFEND), chances


KIT = BotKit(named=BOTS, arena_metric="win_rate", exact=lambda: (OptimalBot(), "win"))  # the coach: win chances
