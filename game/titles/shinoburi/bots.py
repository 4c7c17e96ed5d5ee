"""Shinoburi bots: a rules-of-thumb policy (rollouts and Easy), its scores as the search's prior, an evaluation, and
the belief that reads each rival's house from how it has played (Hard).

Every rule reads only what the player to move may know: its own house X, the public table, its hand. It wants X's
total up and every other house's down, weighted by how likely that house is a rival's: (N-1) of the 4 other houses
are held by the other players, so each is a rival's with chance (N-1)/4 (spec 9, "simple evaluation").
- Command 1: deploy X (to the territory where it is least exposed), or use ninjas on a big rival army; a little
  noise deploys other houses now and then (the bluff the spec names).
- Command 2: reinforce at home (X first), or move a card home from a rival's army.
- Command 3 (forced when possible): hit the house that is least likely X and has the most cards.
The belief (Hard): each rival's public acts score each house (reinforcing or bringing a house home: +; deploying
it: a little +; attacking it or using ninjas on it: -), and a world is weighed by exp(BETA * score) of the houses
it gives the rivals (spec 9, "inferring hidden nationalities").
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from game.ai.levels import DEFAULTS, BotKit, SearchBot
from game.titles.shinoburi.rules import (
    ATTACK_ON,
    CMD1,
    CMD2,
    CMD3,
    COUNTRIES,
    DEPLOY_TO,
    MOVE_TO,
    NINJA,
    Attack,
    AttackOn,
    Deploy,
    MoveFrom,
    MoveTo,
    NinjaOn,
    Reinforce,
    ShinoburiState,
    Target,
    attack,
    attack_on,
    deploy,
    move_from,
    move_to,
    ninja_on,
    reinforce,
    target,
    whole_choices,
)

SEARCH = {"max_rollout_depth": 12, "normal": 300, "hard": 1200}
TEMPERATURE = 0.35  # the prior's softmax temperature over the rules scores
# The belief's sharpness per point of a rival's affinity for a house, by table size: fitted by likelihood to where
# plain Normal bots' houses really were (tools/shinoburi_belief_fit.py; docs/measurements.md). With more rivals a
# house's acts speak more clearly; 0.8 at two players is the first guess, which the fit (1.1) hardly improves.
BETA = {2: 0.8, 3: 1.6, 4: 4.0, 5: 4.0}
AFFINITY = {"reinforce": 1.0, "deploy": 0.3, "home": 0.5, "attack": -0.7, "ninja": -1.0}
NINJA_COST = 0.35  # a ninja card is worth keeping for a better target
EXPOSED = 0.35  # an army of a wanted house that others can attack next turn
ATTACKER = 0.15  # a home army of two or more can attack
HOME = 0.15  # a card brought home builds an attacker


# --- what the mover wants ----------------------------------------------------------------------------------------
def wants(state: ShinoburiState, seat: int) -> dict[str, float]:
    """Per house: +1 for the seat's own, minus the chance it is a rival's for every other."""
    own = state.nationality[seat]
    rival = (state.n - 1) / (len(COUNTRIES) - 1)
    return {c: 1.0 if c == own else -rival for c in COUNTRIES}


def threatened(state: ShinoburiState, t: int, c: str, size: int) -> bool:
    """Whether some player other than t has a home army of another house bigger than `size` (it could attack the
    army of c in t next turn)."""
    territory = state.territory
    return any(territory[q][a] > size for q in range(state.n) if q != t for a in COUNTRIES if a != c)


def score(state: ShinoburiState, choice: tuple, w: dict[str, float], totals: dict[str, int]) -> float:
    """The rules' worth of a whole choice for the mover (see the module docstring)."""
    p, kind = state.cur, choice[0]
    territory = state.territory
    if kind == "deploy":
        _, c, t = choice
        size = territory[t][c] + 1
        value = w[c]
        if w[c] > 0 and threatened(state, t, c, size):
            value -= EXPOSED
        return value
    if kind == "ninja":
        _, k, t, c = choice
        return -k * w[c] - NINJA_COST * k
    if kind == "reinforce":
        c = choice[1]
        value = w[c]
        if territory[p][c] + 1 >= 2:
            value += ATTACKER
        return value
    if kind == "move":
        _, f, c, t = choice
        value = 0.0
        if t == p:
            value += HOME + (0.2 if w[c] > 0 else 0.0)
        if w[c] > 0 and t != p and threatened(state, t, c, territory[t][c] + 1):
            value -= EXPOSED
        if w[c] < 0 and t != p:
            value -= 0.1  # feeds a rival's army elsewhere
        return value
    _, a, t, d = choice  # attack
    return -w[d] + 0.02 * totals[d]


def options(state: ShinoburiState) -> list[tuple[Any, float]]:
    """Each legal small decision of the mover with the best score of the whole choices it leads to."""
    w, totals = wants(state, state.cur), state.totals()  # type: ignore[arg-type]
    best: dict[Any, float] = {}
    for choice in whole_choices(state):
        step = first_step(state, choice)
        value = score(state, choice, w, totals)
        if step not in best or value > best[step]:
            best[step] = value
    return [(action, best[action]) for action in state.legal_actions()]


def first_step(state: ShinoburiState, choice: tuple) -> Any:
    """The small decision that starts (or, mid-command, continues) a whole choice."""
    kind, phase = choice[0], state.phase
    if kind == "deploy":
        return target(choice[2]) if phase == DEPLOY_TO else deploy(choice[1])
    if kind == "ninja":
        return ninja_on(choice[2], choice[3], choice[1])
    if kind == "reinforce":
        return reinforce(choice[1])
    if kind == "move":
        return move_to(choice[3]) if phase == MOVE_TO else move_from(choice[1], choice[2])
    return attack_on(choice[2], choice[3]) if phase == ATTACK_ON else attack(choice[1])


def decide(state: ShinoburiState, rng: Random | None = None) -> Any:
    """The best-scoring small decision (ties: the first in canonical order)."""
    scored = options(state)
    return max(scored, key=lambda item: item[1])[0]


def rollout_policy(state: ShinoburiState, rng: Random) -> Any:
    """The fast rules for rollouts (the same aims as `decide`, without scoring every whole choice): deploy your
    house (else a random card) or cut a big rival army with ninjas, reinforce your house, bring cards home, and
    hit the biggest house that is not yours."""
    phase, p, n = state.phase, state.cur, state.n
    own, hand, territory = state.nationality[p], state.hand[p], state.territory
    if phase == CMD1:
        ninjas = hand[NINJA]
        if ninjas:
            size, t, c = max(((territory[t][c], t, c) for t in range(n) if t != p for c in COUNTRIES
                              if c != own), default=(0, 0, ""))
            if size >= 2 or (size and not any(hand[c] for c in COUNTRIES)):
                return ninja_on(t, c, min(ninjas, size))
        if hand[own]:  # type: ignore[index]
            return deploy(own)
        held = [c for c in COUNTRIES if hand[c]]
        return deploy(rng.choice(held)) if held else state.legal_actions()[0]
    if phase == DEPLOY_TO:
        c = state.pending.country
        return target(min((t for t in range(n) if t != p), key=lambda t: (threatened(state, t, c, territory[t][c] + 1),
                                                                         rng.random())))
    if phase == CMD2:
        if hand[own]:  # type: ignore[index]
            return reinforce(own)
        held = [c for c in COUNTRIES if hand[c]]
        if held:
            return reinforce(rng.choice(held))
        return state.legal_actions()[0]
    if phase == MOVE_TO:
        return move_to(p) if state.pending.seat != p else move_to((p + 1) % n)
    if phase == CMD3:
        return max(state.legal_actions(), key=lambda a: territory[p][a.country])
    totals = state.totals()
    return max(state.legal_actions(), key=lambda a: (a.country != own, totals[a.country]))


def prior(state: ShinoburiState) -> list[float]:
    """A softmax of the rules scores over the legal small decisions."""
    scored = options(state)
    top = max(value for _, value in scored)
    return [math.exp((value - top) / TEMPERATURE) for _, value in scored]


class EasyBot:
    """The rules of thumb (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: ShinoburiState, rng: Random) -> Any:
        return decide(state)


# --- evaluation ----------------------------------------------------------------------------------------------------
def shares(state: ShinoburiState) -> list[float]:
    """Win shares estimated from the table: a softmax of each seat's house total (own at home breaks ties)."""
    totals = state.totals()
    keys = [totals[c] + 0.1 * state.territory[s][c] for s, c in enumerate(state.nationality)]  # type: ignore[index]
    top = max(keys)
    weights = [math.exp(0.9 * (k - top)) for k in keys]
    norm = sum(weights)
    return [x / norm for x in weights]


def evaluate(state: ShinoburiState) -> list[float]:
    return state.returns() if state.is_terminal() else shares(state)


# --- beliefs -------------------------------------------------------------------------------------------------------
def affinities(state: ShinoburiState) -> list[dict[str, float]]:
    """Per seat, how its public acts so far speak for each house (see AFFINITY)."""
    out = [dict.fromkeys(COUNTRIES, 0.0) for _ in range(state.n)]
    pending: dict[int, Any] = {}
    for seat, action in state.acts:
        kind = type(action)
        if kind in (Deploy, MoveFrom, Attack):
            pending[seat] = action
        elif kind is Target:
            out[seat][pending[seat].country] += AFFINITY["deploy"]
        elif kind is Reinforce:
            out[seat][action.country] += AFFINITY["reinforce"]
        elif kind is MoveTo and action.seat == seat:
            out[seat][pending[seat].country] += AFFINITY["home"]
        elif kind is AttackOn:
            out[seat][action.country] += AFFINITY["attack"]
        elif kind is NinjaOn:
            out[seat][action.country] += AFFINITY["ninja"] * action.count
    return out


def belief(world: ShinoburiState, seat: int) -> float:
    """The weight of a world's houses for the rivals, from their public acts (the seat's own house is known):
    exp(BETA * score), taken relative to the best score any world could have (the acts are the same in every world
    of the search), so that a long game's scores never overflow."""
    table = affinities(world)
    rivals = [q for q, c in enumerate(world.nationality) if q != seat and c is not None]
    score = sum(table[q][world.nationality[q]] for q in rivals)  # type: ignore[index]
    best = sum(max(table[q].values()) for q in rivals)
    return math.exp(BETA[world.n] * (score - best))


def search_bot(level: str, iterations: int | None, think_ms: float | None, read: bool = True) -> SearchBot:
    """Normal and Hard both read the rivals' houses (issue 17); Hard searches longer. `read=False`: uniform worlds."""
    return SearchBot(level, iterations, think_ms, policy=rollout_policy, settings={**DEFAULTS, **SEARCH},
                     prior=prior, evaluate=evaluate, belief=belief if read else None)


BOTS = {"plain": lambda: search_bot("plain", SEARCH["normal"], None, read=False)}

KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, prior=prior, belief=belief,
             search=SEARCH, search_bot=search_bot, named=BOTS,
             search_v1={"normal": 200, "hard": 800, "max_rollout_depth": 12, "opponents": "policy"})
