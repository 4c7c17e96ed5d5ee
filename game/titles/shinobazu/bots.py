"""Shinobazu bots: a rules-based policy (ISMCTS rollouts and Easy), a score-based evaluation and search settings.

Every rule reads only what the player to move may know, so the fast rollout policy is also a fair Easy bot.
"""

from __future__ import annotations

import math
from functools import cache
from random import Random
from typing import Any

from game.ai.levels import BotKit
from game.titles.shinobazu.rules import (
    ACCEPT,
    CHALLENGE,
    DECK,
    FIGHT,
    NO_CHALLENGE,
    PASS,
    PLAY,
    REFUSE,
    REVERSING_VALUES,
    STANCE,
    VALUES,
    Card,
    Challenge,
    Declare,
    Force,
    PlayOwn,
    ShinobazuState,
    compare,
    count_reversals,
    total,
)

SEARCH = {"max_rollout_depth": 0, "normal": 600, "hard": 2400}  # the levels' search (game.ai.search): DEFAULTS otherwise
SEARCH_V1 = {"normal": 200, "hard": 600, "c": 0.7, "max_rollout_depth": 0, "opponents": "policy"}  # normal_v1
FIGHT_AT = 0.55  # fight with an own card whose estimated strength reaches this
OTHERS_REVERSE = 0.4  # chance that the other participants bring an odd number of reversals
CHALLENGE_AT = 0.5  # challenge a passer when the duel win chance reaches this
REFUSE_BELOW = 0.2  # refuse a one-card duel against a rival when the win chance is below this
STANCE_CARRIED = 4  # fight blind when the carried cards total at least this


# --- strength estimates ------------------------------------------------------------------------------------------
@cache
def percentile(stack_total: int) -> float:
    """How often a total beats a single random card in normal order (ties count half)."""
    return sum(1.0 if stack_total > v else 0.5 if stack_total == v else 0.0 for v in VALUES) / len(VALUES)


@cache
def total_strength(stack_total: int, own_odd: bool) -> float:
    """Estimated chance that a total beats a typical stack, given the parity of its own reversals."""
    p_reversed = 1 - OTHERS_REVERSE if own_odd else OTHERS_REVERSE
    p = percentile(stack_total)
    return (1 - p_reversed) * p + p_reversed * (1 - p)


def strength(stack: tuple[Card, ...], lead: str) -> float:
    """Estimated chance that `stack` beats a typical stack under `lead`."""
    stack_total, odd = 0, False
    for card in stack:
        stack_total += card.value
        odd ^= card.value in REVERSING_VALUES and card.colour != lead
    return total_strength(stack_total, odd)


def unseen(state: ShinobazuState, seat: int) -> list[Card]:
    """Cards `seat` cannot place: not in its hand, not public, not placed by it."""
    known = set(state.hand[seat]) | set(state.discard)
    for at in range(state.n):
        known.update(state.carried[at])
        known.update(state.known_in_hand[at])
        card = state.current[at]
        if card is not None and (state.revealed[at] or state.placed_by[at] == seat):
            known.add(card)
    return [card for card in DECK if card not in known]


def duel_chances(state: ShinobazuState, seat: int, loser: int, passer: int) -> tuple[float, float]:
    """(win, tie) chances of `seat` (the loser or the passer) in a duel, over the cards it cannot see."""
    lead = state.current[loser].colour
    card = state.current[passer]
    if state.revealed[passer] or state.placed_by[passer] == seat:
        cases = [card]
    else:
        cases = unseen(state, seat)
        if state.placed_by[passer] == state.start:
            cases = [c for c in cases if c.colour == state.lead] or cases
    wins = ties = 0
    mine = state.stack(loser)
    for case in cases:
        theirs = (*state.carried[passer], case)
        reversed_ = count_reversals((mine, theirs), lead) % 2 == 1
        winner, _ = compare((loser, passer), (total(mine), total(theirs)), reversed_)
        wins += winner == seat
        ties += winner is None
    return wins / len(cases), ties / len(cases)


# --- the policy ----------------------------------------------------------------------------------------------------
def rival(state: ShinobazuState, seat: int, among: list[int]) -> int:
    """The seat among `among` with the fewest points (the nearest of equals to the left)."""
    n = state.n
    return min(among, key=lambda q: (state.score[q], (q - seat) % n))


def play(state: ShinobazuState) -> Any:
    """PLAY: fight with a strong card; else force the worst card on a rival, or pass with it."""
    cur, lead = state.cur, state.lead
    carried = state.carried[cur]
    ranked = sorted(state.legal_cards(cur), key=lambda card: strength((*carried, card), lead or card.colour))
    worst, best = ranked[0], ranked[-1]
    targets = [q for q in range(state.n) if q != cur and state.current[q] is None]
    if state.current[cur] is not None:  # a card was forced on me: I must force one in turn
        return Force(worst, rival(state, cur, targets))
    if lone_exit(state):
        return PlayOwn(worst, FIGHT)
    if strength((*carried, best), lead or best.colour) >= FIGHT_AT:
        return PlayOwn(best, FIGHT)
    if targets and (cur == state.start or worst.value < 0):  # the start player may not pass; dump a -3
        return Force(worst, rival(state, cur, targets))
    return PlayOwn(worst, PASS)


def lone_exit(state: ShinobazuState) -> bool:
    """Whether the mover is the last to take a stance and nobody fights: a lone fighter leaves unscored."""
    stances = [state.stance[q] for q in range(state.n) if q != state.cur]
    return FIGHT not in stances and None not in stances


def declare(state: ShinobazuState) -> Declare:
    """STANCE: blind; fight as the last undecided when nobody fights (a lone fighter is safe), else pass."""
    cur = state.cur
    if lone_exit(state):
        return Declare(FIGHT)
    return Declare(FIGHT if total(state.carried[cur]) >= STANCE_CARRIED else PASS)


def challenge(state: ShinobazuState) -> Any:
    """CHALLENGE: the passer I most likely beat (then the one with the fewest points), if the chance is good."""
    cur, n = state.cur, state.n
    best, best_key = NO_CHALLENGE, (CHALLENGE_AT, 0, 0)
    for passer in state.passers_left:
        win, _ = duel_chances(state, cur, cur, passer)
        key = (win, -state.score[passer], -((passer - cur) % n))
        if key >= best_key:
            best, best_key = Challenge(passer), key
    return best


def respond(state: ShinobazuState) -> str:
    """RESPONSE: accept, unless a one-card stack would likely hand a rival challenger a duel win."""
    cur, challenger = state.cur, state.challenger
    if len(state.stack(cur)) >= 2 or state.score[challenger] > state.score[cur]:
        return ACCEPT
    win, _ = duel_chances(state, cur, challenger, cur)
    return REFUSE if win < REFUSE_BELOW else ACCEPT


def decide(state: ShinobazuState) -> Any:
    """The rules-based move for whoever is to move (it reads only what that player may know)."""
    phase = state.phase
    if phase == PLAY:
        return play(state)
    if phase == STANCE:
        return declare(state)
    if phase == CHALLENGE:
        return challenge(state)
    return respond(state)


def rollout_policy(state: ShinobazuState, rng: Random) -> Any:
    """The rules-based move for whoever is to move (deterministic: `rng` is not needed)."""
    return decide(state)


class EasyBot:
    """The rules-based policy as a bot (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: ShinobazuState, rng: Random) -> Any:
        return decide(state)


# --- evaluation ----------------------------------------------------------------------------------------------------
def score_shares(scores: list[int]) -> list[float]:
    """Win shares estimated from the scores alone: a softmax of minus the points, sharper as the scores rise.

    Fitted to self-play games of the rollout policy (3-5 players): weight exp(-beta * points) with
    beta = 0.2 * max + 0.1 * min, so equal scores are even and a lead counts more near the end.
    """
    beta = 0.2 * max(scores) + 0.1 * min(scores)
    weights = [math.exp(-beta * s) for s in scores]
    norm = sum(weights)
    return [w / norm for w in weights]


def evaluate(state: ShinobazuState) -> list[float]:
    """Finish the current deal with the rules-based policy (it has no chance), then estimate from the scores.

    It plays on `state` itself: search hands it a determinization of its own that is thrown away afterwards.
    """
    while state.current_player() >= 0:
        state._apply(decide(state))
    return state.returns() if state.is_terminal() else score_shares(state.score)


# No prior: with the rules' move weighted three to one, Normal took 0.240 (0.164-0.316) of 100 games against three
# normal_v1, against 0.403 (0.292-0.513) of 60 games with a uniform prior (seed 90210, docs/measurements.md).
KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, search=SEARCH, search_v1=SEARCH_V1)
