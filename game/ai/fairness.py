"""The fairness test every hidden-information title runs: a bot must not see what its seat may not.

A freshly made bot with a fixed seed has to choose the same action from a state and from any resample of that
state for the seat to move; a bot that plays differently read hidden information.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from random import Random

from game.ai.bot import Bot
from game.core.engine import State


def assert_fair(state: State, seat: int, make_bot: Callable[[], Bot], seeds: Iterable[int] = range(3),
                resamples: int = 5) -> None:
    """Raise AssertionError unless, for every seed, the bot picks the same action in `resamples` resamples."""
    if state.current_player() != seat:
        raise ValueError(f"seat {seat} is not to move (player {state.current_player()} is)")
    for seed in seeds:
        expected = make_bot().choose(state.clone(), Random(seed))
        for k in range(resamples):
            world = state.resample(seat, Random(k))
            chosen = make_bot().choose(world, Random(seed))
            if chosen != expected or type(chosen) is not type(expected):
                bot = make_bot()
                raise AssertionError(
                    f"{getattr(bot, 'name', type(bot).__name__)} (seed {seed}) is unfair at seat {seat}: it chose "
                    f"{state.action_to_string(expected)} from the state but {world.action_to_string(chosen)} "
                    f"from resample {k} of it, so it read something seat {seat} cannot see")
