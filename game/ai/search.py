"""Information-set MCTS keyed by what the searching seat knows, with a rules prior and weighted beliefs.

Single-observer ISMCTS with partially observable moves (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", 2012, sections 5-6), for the seat whose decision it is:

- **One tree over the seat's information.** Every move enters the tree as the seat saw it: its own decisions as
  themselves, another seat's decision and every chance outcome by `State.action_key(action, seat)` (a card forced
  face down is "a card forced on seat 2", a card dealt to another seat is "a card dealt to seat 2"; a card dealt to
  the seat itself is that card). So all the worlds the seat cannot tell apart share one branch, and the seat's own
  draws split the tree: a move is judged by what the seat will do after each draw it will see.
- **Opponents choose.** At another seat's decision the tree chooses among the move classes the seat would see
  (PUCT over their statistics for that mover), then the concrete move inside the class by the title's prior, on the
  determinization (that is, with the hidden cards the world gave that seat).
- **A prior.** The title's rules bot scores the legal actions (`prior`); selection is PUCT (Silver et al. 2017):
  Q + c * P * sqrt(N) / (1 + n), unvisited moves valued 0, so the rules bot's favourite is tried first and a
  wide decision widens only as its visits grow (progressive widening by the prior).
- **Beliefs.** The search draws its worlds from a pool of `worlds` resamples made at the start; with a `belief`
  (a title's weight of a world: how likely its hidden cards make the moves the others took), each iteration picks
  a world in proportion to its weight (sampling-importance-resampling), else uniformly. The moves the others make
  inside the tree can follow the same model of how they choose (`opponent_prior`, default the prior).
- **Moves never seen.** A move whose key is `UNSEEN` (a secret choice the seat never learns was made) gets no node:
  the mover takes it by its prior and the seat's tree goes on from where it was.
- **Cheap steps.** Moves are applied by `State._apply_quietly` (no event objects) and not checked again.

It reads the root only through `resample(seat, rng)` and `current_player()`, so a state and any other the seat
cannot tell apart give the same search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from random import Random

from game.ai.ismcts import run_anytime
from game.core.engine import CHANCE, TERMINAL, UNSEEN, Action, State

Policy = Callable[[State, Random], Action]
Evaluate = Callable[[State], list[float]]
Prior = Callable[[State], Sequence[float]]
Belief = Callable[[State, int], float]


class Node:
    """One move class taken from its parent: visits and the summed reward of the seat that took it."""

    __slots__ = ("children", "visits", "reward", "prior", "legal", "choices")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        # the searching seat's own decision: its prior, once, and the choices for the legal moves last seen
        self.prior: dict[Action, float] | None = None
        self.legal: list[Action] | None = None
        self.choices: list[tuple[Hashable, float]] = []


class Search:
    """An anytime search for the decision of `seat` at `root`; `run` again to continue the same tree."""

    def __init__(self, root: State, seat: int, rng: Random, policy: Policy, *, prior: Prior | None = None,
                 evaluate: Evaluate | None = None, belief: Belief | None = None,
                 opponent_prior: Prior | None = None, c_puct: float = 1.5,
                 rollout_noise: float = 0.0, max_rollout_depth: int | None = None, worlds: int = 64) -> None:
        if root.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move (player {root.current_player()} is)")
        if max_rollout_depth is not None and evaluate is None:
            raise ValueError("a truncated rollout (max_rollout_depth) needs an evaluate function")
        if worlds < 1:
            raise ValueError("the search needs at least one world")
        self.root_state, self.seat, self.rng = root, seat, rng
        self.policy, self.prior_of, self.evaluate, self.belief = policy, prior, evaluate, belief
        self.opponent_prior_of = prior if opponent_prior is None else opponent_prior
        self.c_puct, self.noise, self.max_rollout_depth = c_puct, rollout_noise, max_rollout_depth
        self.pool_size = worlds
        self.pool: list[State] = []
        self.weights: list[float] | None = None  # cumulative weights of the pool, with a belief
        self.root = Node()
        self.iterations = 0
        self.unseen_moves = False  # whether the worlds' title may key a move UNSEEN (set with the pool)

    # --- the public side ------------------------------------------------------------------------------------
    def run(self, iterations: int | None = None, deadline: float | None = None) -> int:
        """Search until `iterations` more are done or `time.perf_counter()` passes `deadline`; return the count.

        With neither limit it refuses; with a deadline already past it still does one iteration if the tree is
        empty, so `best_action` always has an answer.
        """
        if iterations is None and deadline is None:
            raise ValueError("give an iteration budget, a deadline, or both")
        if not self.pool:  # no more worlds than the first run's iterations (a small budget needs few)
            self._fill_pool(self.pool_size if iterations is None else max(1, min(self.pool_size, iterations)))
        done = run_anytime(self._iterate, iterations, deadline, lambda: bool(self.root.children))
        self.iterations += done
        return done

    def stats(self) -> dict[Action, int]:
        """Visits per root action."""
        return {action: node.visits for action, node in self.root.children.items()}

    def values(self) -> dict[Action, float]:
        """Mean reward of the seat per visited root action."""
        return {action: node.reward / node.visits for action, node in self.root.children.items() if node.visits}

    def best_action(self) -> Action:
        """The most visited root action (ties: the higher mean reward, then the higher prior)."""
        visited = [(action, node) for action, node in self.root.children.items() if node.visits]
        if not visited:
            raise ValueError("run the search before asking for its best action")
        prior = self.root.prior or {}
        return max(visited, key=lambda item: (item[1].visits, item[1].reward / item[1].visits,
                                              prior.get(item[0], 0.0)))[0]

    # --- worlds ---------------------------------------------------------------------------------------------
    def _fill_pool(self, size: int) -> None:
        """Draw the pool of worlds; with a belief, weigh them (all weightless: uniform, as if no belief)."""
        rng, seat = self.rng, self.seat
        self.pool = [self.root_state.resample(seat, rng) for _ in range(size)]
        self.unseen_moves = type(self.pool[0]).UNSEEN_MOVES
        if self.belief is None:
            return
        weights = [max(0.0, self.belief(world, seat)) for world in self.pool]
        if sum(weights) <= 0:
            return
        total, cumulative = 0.0, []
        for weight in weights:
            total += weight
            cumulative.append(total)
        self.weights = cumulative

    def _world(self) -> State:
        pool = self.pool
        if len(pool) == 1:
            return pool[0].clone()
        if self.weights is None:
            return pool[self.rng.randrange(len(pool))].clone()
        return self.rng.choices(pool, cum_weights=self.weights)[0].clone()

    # --- one iteration --------------------------------------------------------------------------------------
    def _iterate(self) -> None:
        """Pick a world, descend (chance by what the seat sees, decisions by PUCT), expand one node, evaluate,
        and back the result up the path."""
        rng, seat = self.rng, self.seat
        state = self._world()
        node = self.root
        path: list[tuple[Node, int]] = []
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = state.sample_chance(rng)
                key = state.action_key(outcome, seat)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node()
                state._apply_quietly(outcome)  # unchecked, no events; inline: the hottest loop of the search
                state.history.append(outcome)
                child.visits += 1
                node = child
                continue
            if player == seat:
                action, child = self._own(node, state)
            else:
                action, child = self._other(node, state, player)
            state._apply_quietly(action)
            state.history.append(action)
            if child is None:  # a move the seat never learns was made: its tree goes on from this node
                continue
            path.append((child, player))
            if not child.visits:  # a new node: expanded, now evaluated
                break
            node = child
        rewards = self._rollout(state)
        self.root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]

    def _own(self, node: Node, state: State) -> tuple[Action, Node]:
        """The searching seat's decision: its legal actions are the same in every world of this node."""
        legal = state._legal_actions()  # a decision (the descent asked whose): no check again
        if legal != node.legal:  # the first visit (the same moves in every world after that)
            prior = node.prior
            if prior is None or any(action not in prior for action in legal):
                prior = node.prior = dict(zip(legal, self._prior(state, legal), strict=True))
            node.legal, node.choices = legal, [(action, prior[action]) for action in legal]
        key = self._select(node, node.choices)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        return key, child

    def _other(self, node: Node, state: State, player: int) -> tuple[Action, Node | None]:
        """Another seat's decision: PUCT among the move classes the searching seat sees, then a move of the
        chosen class by the prior (on this world's hidden cards). A decision the seat may never learn of is taken
        by the prior alone, without a node for a move keyed `UNSEEN` (the child is None)."""
        legal = state._legal_actions()
        seat = self.seat
        if len(legal) == 1:  # one move: nothing to choose
            key = state.action_key(legal[0], seat)
            if key is UNSEEN:
                return legal[0], None
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            return legal[0], child
        prior = self._prior(state, legal, self.opponent_prior_of)
        keys = state.action_keys(legal, seat)
        if self.unseen_moves and UNSEEN in keys:  # no statistics of a choice the seat may never see: the prior decides
            index = self.rng.choices(range(len(legal)), weights=prior)[0] if sum(prior) > 0 else 0
            key = keys[index]
            if key is UNSEEN:
                return legal[index], None
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            return legal[index], child
        weights: dict[Hashable, float] = {}  # each class's prior, in the order the classes first appear
        for key, p in zip(keys, prior, strict=True):
            weights[key] = weights.get(key, 0) + p
        key = self._select(node, list(weights.items()))
        if len(weights) == len(legal):  # every class a single move
            action = legal[keys.index(key)]
        else:
            members = [(action, p) for action, k, p in zip(legal, keys, prior, strict=True) if k == key]
            weights = [p for _, p in members]
            action = (self.rng.choices(members, weights=weights)[0] if sum(weights) > 0
                      else self.rng.choice(members))[0]
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        return action, child

    def _prior(self, state: State, legal: list[Action], prior_of: Prior | None = None) -> Sequence[float]:
        prior_of = prior_of or self.prior_of
        if prior_of is None or len(legal) == 1:
            return [1.0 / len(legal)] * len(legal)
        weights = prior_of(state)
        total = sum(weights)
        if len(weights) != len(legal) or total <= 0:
            raise ValueError(f"the prior gave {len(weights)} weights (sum {total}) for {len(legal)} actions")
        return [w / total for w in weights]

    def _select(self, node: Node, choices: list[tuple[Hashable, float]]) -> Hashable:
        """PUCT among `choices` (key, prior): unvisited classes count 0, so the prior orders the first tries."""
        get = node.children.get  # looked up twice rather than kept in a list: a comprehension is a call (3.11)
        total = 0
        for key, _ in choices:
            child = get(key)
            if child is not None:
                total += child.visits
        scale = self.c_puct * math.sqrt(total + 1)
        best, best_value = None, -math.inf
        for key, p in choices:
            child = get(key)
            if child is None or not child.visits:
                value = scale * p
            else:
                visits = child.visits
                value = child.reward / visits + scale * p / (1 + visits)
            if value > best_value:
                best, best_value = key, value
        return best

    def _rollout(self, state: State) -> list[float]:
        """Play on with the rollout policy (a uniformly random move with probability `rollout_noise`; chance from
        the search's rng) and return per-seat rewards; at `max_rollout_depth` moves, the evaluation."""
        rng, policy, limit, noise = self.rng, self.policy, self.max_rollout_depth, self.noise
        depth = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if limit is not None and depth >= limit:
                return self.evaluate(state)
            if player == CHANCE:
                action = state.sample_chance(rng)
            elif noise and rng.random() < noise:
                action = rng.choice(state.legal_actions())
            else:
                action = policy(state, rng)
            state._apply_quietly(action)
            state.history.append(action)
            depth += 1
