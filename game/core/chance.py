"""Chance from a seed: the outcome of every chance node of a game is a function of the game's seed and the node's
place in the history, so a game is rebuilt, resumed and verified from its seed and its players' decisions alone.

`outcome(state, seed)` draws the chance node at `len(state.history)` from its own generator, seeded with
"<seed>/<place>". Nothing else shares that generator, so a resumed game draws exactly what the uninterrupted one
would have, and a replay whose dice or cards were hand-picked does not match its seed (`verify`).
"""

from __future__ import annotations

from random import Random

from game.core.engine import Action, State


def generator(seed: int, place: int, purpose: str = "chance") -> Random:
    """The generator of one draw: `purpose` keeps a bot's seed or a fallback move apart from the chance outcomes."""
    return Random(f"{seed}/{purpose}/{place}")


def outcome(state: State, seed: int) -> Action:
    """The chance outcome the game `seed` has at this node."""
    return state.sample_chance(generator(seed, len(state.history)))


def play(state: State, seed: int) -> list:
    """Resolve chance nodes from the seed until a player (or the end) is to move; the events, in order."""
    events: list = []
    while state.is_chance_node():
        events += state.apply(outcome(state, seed))
    return events


def mismatch(state: State, seed: int, recorded: Action) -> str | None:
    """Why `recorded` is not the seed's outcome at this chance node (None when it is)."""
    expected = outcome(state, seed)
    if expected == recorded and type(expected) is type(recorded):
        return None
    return (f"chance outcome {len(state.history) + 1} is {state.action_to_string(recorded)}, but seed {seed} "
            f"gives {state.action_to_string(expected)}")
