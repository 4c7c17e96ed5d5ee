"""Hige-mekuri bots: the exact optimum from the odds, a cheerful optimum, a nervous beginner, fixed policies.

The only decision is continue or stop after a bearded card (spec 9). Hard always continues (weakly dominant);
Normal is just as strong but, where the two are exactly equal (odd clean-shaven count), sometimes stops for
personality; Easy stops a third of the time whatever the odds. A flip that starts a turn is forced.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from game.ai.levels import BotKit
from game.titles.hige_mekuri import odds
from game.titles.hige_mekuri.rules import AFTER_BEARD, CONTINUE, FLIP, STOP, HigeState

LEVEL_BOTS = ("easy", "normal", "hard")  # what the setup screen offers, weakest first


class HigeBot:
    """Flips when it must; after a beard asks `stop_chance(b, c)` (b, c: bearded and clean still face down)."""

    name = "hige"

    def stop_chance(self, b: int, c: int) -> float:
        return 0.0

    def choose(self, state: HigeState, rng: Random) -> str:
        if state.phase != AFTER_BEARD:
            return FLIP
        view = state.view(state.current_player())
        p = self.stop_chance(view.bearded_left, view.clean_left)
        if 0 < p < 1:
            return STOP if rng.random() < p else CONTINUE
        return STOP if p >= 1 else CONTINUE


class OptimalBot(HigeBot):
    """The exact optimum: the choice with the higher exact win chance, continue on a tie (that is, always)."""

    name = "optimal"

    def stop_chance(self, b: int, c: int) -> float:
        return float(odds.best_choice(b, c) == STOP)


class CheerfulBot(HigeBot):
    """Optimal too: stops now and then, but only where stopping is exactly as good (spec 9)."""

    name = "cheerful"
    WHIM = 0.3

    def stop_chance(self, b: int, c: int) -> float:
        chances = odds.choice_chances(b, c)
        return self.WHIM if chances[STOP] == chances[CONTINUE] else float(chances[STOP] > chances[CONTINUE])


class Odds:
    """The coach's exact evaluator: each choice's win chance from the odds (spec 4.4), read from the mover's view."""

    def evaluate(self, state: HigeState) -> dict[str, float]:
        view = state.view(state.current_player())
        if state.phase != AFTER_BEARD:
            return {action: 1.0 for action in state.legal_actions()}  # a forced flip
        return {choice: float(p) for choice, p in odds.choice_chances(view.bearded_left, view.clean_left).items()}


class EasyBot(HigeBot):
    """A nervous beginner: after a beard it stops one time in three, whatever the odds."""

    name = "easy"

    def stop_chance(self, b: int, c: int) -> float:
        return 1 / 3


class AlwaysStop(HigeBot):
    """Policy S of spec 5.2: every bearded card hands the turn over."""

    name = "stop"

    def stop_chance(self, b: int, c: int) -> float:
        return 1.0


class AlwaysContinue(HigeBot):
    """Policy C of spec 5.2 (best play)."""

    name = "continue"


def rollout_policy(state: HigeState, rng: Random) -> str:
    """For the generic search levels: best play (flip, and always continue)."""
    return FLIP if state.phase != AFTER_BEARD else CONTINUE


BOTS: dict[str, Callable[[], HigeBot]] = {
    "easy": EasyBot,
    "normal": CheerfulBot,
    "hard": OptimalBot,
    "optimal": OptimalBot,
    "cheerful": CheerfulBot,
    "continue": AlwaysContinue,
    "stop": AlwaysStop,
}


def level_bot(level: str) -> HigeBot:
    """The opponent the setup screen names (easy, normal, hard)."""
    if level not in BOTS:
        raise ValueError(f"unknown Hige-mekuri bot {level!r}; choose from {', '.join(BOTS)}")
    return BOTS[level]()


KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot,
             fixed={"easy": EasyBot, "normal": CheerfulBot, "hard": OptimalBot}, named=BOTS,
             exact=lambda: (Odds(), "win"))
