"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) over `State.resample`.

One tree over the searching seat's information sets, keyed by action; every iteration searches a fresh
determinization, picks among the actions legal in it by UCB with availability counts, and rolls out.

With `opponents="policy"` the other seats move in the tree by the rollout policy, on the determinization (so with
the cards the resample gave them), instead of by UCB over nodes that cannot tell their hands apart: a few hundred
iterations then spend themselves on the searching seat's own choices against a believable opponent, not on
exploring opponent replies that a node keyed by our information alone plays as if blind.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from random import Random

from game.core.engine import CHANCE, TERMINAL, Action, State

Policy = Callable[[State, Random], Action]
Evaluate = Callable[[State], list[float]]

# Chance outcomes are not stored in the tree: they are drawn on the way down (as the determinization's hidden
# cards are), so a node is the sequence of decisions since the root, and the actions that a different deal makes
# legal or illegal there are handled by the availability counts, like any other hidden information.


def run_anytime(step: Callable[[], None], iterations: int | None, deadline: float | None,
                answered: Callable[[], bool]) -> int:
    """Call `step` until `iterations` calls are done or `time.perf_counter()` passes `deadline`; return the count.
    With neither limit it refuses; past the deadline it still steps once until `answered()` (so a search always has
    an answer)."""
    if iterations is None and deadline is None:
        raise ValueError("give an iteration budget, a deadline, or both")
    done, clock = 0, time.perf_counter
    while iterations is None or done < iterations:
        if deadline is not None and clock() >= deadline and (done or answered()):
            break
        step()
        done += 1
    return done


def unchecked_apply(state: State, action: Action) -> None:
    """Apply an action taken from legal_actions() without checking it again (a third of a rollout's time)."""
    if type(state).apply is not State.apply:  # a title with its own apply gets it
        state.apply(action)
        return
    state._apply(action)
    state.history.append(action)


def random_policy(state: State, rng: Random) -> Action:
    """Uniformly random among the legal actions (the fallback rollout policy)."""
    return rng.choice(state.legal_actions())


class Node:
    """Statistics of one action taken from its parent, from the point of view of the player who took it."""

    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1  # iterations in which this action was legal at its parent (since it was created)


class ISMCTS:
    """An anytime search for the decision of `seat`; `run` again to continue the same tree.

    It reads the root state only through `resample(seat, rng)` and `current_player()`, so a state and any
    resample of it for `seat` give the same search (the title's resample must depend only on the seat's view).
    """

    def __init__(self, state: State, seat: int, rng: Random, rollout_policy: Policy = random_policy,
                 evaluate: Evaluate | None = None, c: float = 0.7, max_rollout_depth: int | None = None,
                 opponents: str = "search") -> None:
        if opponents not in ("search", "policy"):
            raise ValueError(f"opponents move by 'search' or 'policy', not {opponents!r}")
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move (player {state.current_player()} is)")
        if max_rollout_depth is not None and evaluate is None:
            raise ValueError("a truncated rollout (max_rollout_depth) needs an evaluate function")
        self.state, self.seat, self.rng = state, seat, rng
        self.rollout_policy, self.evaluate = rollout_policy, evaluate
        self.c, self.max_rollout_depth = c, max_rollout_depth
        self.policy_opponents = opponents == "policy"
        self.root = Node()
        self.iterations = 0

    def run(self, iterations: int | None = None, deadline: float | None = None) -> int:
        """Search until `iterations` more are done or `time.perf_counter()` passes `deadline`; return the count.

        With neither limit it refuses; with a deadline already past it still does one iteration if the tree is
        empty, so `best_action` always has an answer.
        """
        done = run_anytime(self._iterate, iterations, deadline, lambda: bool(self.root.children))
        self.iterations += done
        return done

    def stats(self) -> dict[Action, int]:
        """Visits per root action, in the order the actions were first tried."""
        return {action: node.visits for action, node in self.root.children.items()}

    def values(self) -> dict[Action, float]:
        """Mean reward of the seat per root action."""
        return {action: node.reward / node.visits for action, node in self.root.children.items()}

    def best_action(self) -> Action:
        """The most visited root action (ties: the higher mean reward, then the first tried)."""
        if not self.root.children:
            raise ValueError("run the search before asking for its best action")
        items = self.root.children.items()
        return max(items, key=lambda item: (item[1].visits, item[1].reward / item[1].visits))[0]

    # --- one iteration ------------------------------------------------------------------------------------
    def _iterate(self) -> None:
        """Determinize, select and expand, roll out, and back the result up the path."""
        rng = self.rng
        state = self.state.resample(self.seat, rng)
        path: list[Node] = []
        movers: list[int] = []
        node = self.root
        while True:
            player = state.current_player()
            if player == CHANCE:
                unchecked_apply(state, state.sample_chance(rng))
                continue
            if player == TERMINAL:
                break
            if player != self.seat and self.policy_opponents:
                action = self.rollout_policy(state, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                unchecked_apply(state, action)
                path.append(child)
                movers.append(player)
                node = child
                continue
            action, child, expanded = self._select(node, state.legal_actions())
            unchecked_apply(state, action)
            path.append(child)
            movers.append(player)
            if expanded:
                break
            node = child
        rewards = self._rollout(state)
        self.root.visits += 1
        for child, mover in zip(path, movers, strict=True):
            child.visits += 1
            child.reward += rewards[mover]

    def _select(self, node: Node, legal: list[Action]) -> tuple[Action, Node, bool]:
        """Count availability, then expand an untried action or pick the best by UCB among the legal ones."""
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.avail += 1
        if untried:
            action = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            child = children[action] = Node()
            return action, child, True
        best, best_value, c, log = None, -math.inf, self.c, math.log
        for action in legal:
            child = children[action]
            value = child.reward / child.visits + c * math.sqrt(log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = action, value
        return best, children[best], False

    def _rollout(self, state: State) -> list[float]:
        """Play on with the rollout policy (chance drawn from the search's rng) and return per-seat rewards."""
        rng, policy, limit = self.rng, self.rollout_policy, self.max_rollout_depth
        depth = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if limit is not None and depth >= limit:
                return self.evaluate(state)
            unchecked_apply(state, state.sample_chance(rng) if player == CHANCE else policy(state, rng))
            depth += 1
