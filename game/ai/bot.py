"""The bot protocol: a bot picks an action for the player to move, seeing only what it may.

Bots never own hidden state about the game; they get a state (or a resample of it) and a seeded
generator for their own choices, so arena runs and tests are reproducible.
"""

from __future__ import annotations

from random import Random
from typing import Protocol

from game.core.engine import Action, State


class Bot(Protocol):
    """Anything with a name that chooses an action for the player to move."""

    name: str

    def choose(self, state: State, rng: Random) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, state: State, rng: Random) -> Action:
        return rng.choice(state.legal_actions())
