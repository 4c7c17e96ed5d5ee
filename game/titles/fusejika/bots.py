"""Fusejika bots: a rules-based one-ply policy (ISMCTS rollouts and Easy), an evaluation and search settings.

The policy reads only what the player to move may know (own hand, rows, hand sizes, the known bottom and known
cards in hand, totals), so it is also a fair Easy bot. It scores each option by the points it adds to the row and
suit bonus, the risk of being stuck next turn (halved), the effect's worth and the sudden-death race (spec 9). Normal and Hard
search every decision but the secret REDEAL / KEEP, which they take by the policy's rule at once (spec A2b: it is
hidden inside the deal animation and must not keep the table waiting).
"""

from __future__ import annotations

import math
from functools import lru_cache
from random import Random
from typing import Any

from game.ai.levels import DEFAULTS, DEFAULTS_V1, BotKit, SearchBot, SearchBotV1
from game.titles.fusejika.rules import (
    ALL_RANKS,
    BIT,
    BONUS,
    COPIES,
    COPY,
    DECK,
    KEEP,
    KICK,
    KICK_TO,
    KICK_TOS,
    KICKS,
    LOSES,
    LOST,
    PLAY,
    PLAYS,
    REDEAL,
    REDEAL_CHECK,
    STUCK,
    SUITS,
    Card,
    FusejikaState,
    rank_mask,
)

# the levels' search (game.ai.search): Normal 300 iterations (at 400 its think p95 was 363 ms on a loaded machine)
SEARCH = {"max_rollout_depth": 0, "normal": 300, "hard": 1200}
SEARCH_V1 = {"normal": 100, "hard": 300, "c": 0.7, "max_rollout_depth": 0, "opponents": "policy"}  # normal_v1
SUDDEN = 1000.0  # completing all six ranks
GIFT = -1000.0  # kicking someone their sixth rank
DEAD = 0.4  # cost of each card in hand that a play makes unplayable
STUCK_EXTRA = 0.5  # being the ender costs half the row, and a little more
DRAW = 0.6  # worth of a card drawn into the hand
SKIP = 0.3  # worth of skipping the next player
THREAT = 3.0  # skipping a next player who holds five ranks
THIN = 0.3  # leaving only one playable card


def popcount(mask: int) -> int:
    return bin(mask).count("1")


SUIT_INDEX = {card: SUITS.index(card.suit) for card in DECK}


def suit_counts(row: tuple[Card, ...]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in row:
        counts[SUIT_INDEX[card]] += 1
    return counts


@lru_cache(maxsize=1 << 16)
def gain(row: tuple[Card, ...], card: Card) -> float:
    """Points the card adds to a row: one, plus the change of the suit bonus."""
    counts = suit_counts(row)
    top = max(counts)
    counts[SUIT_INDEX[card]] += 1
    return 1 + BONUS[max(top, counts[SUIT_INDEX[card]])] - BONUS[top]


@lru_cache(maxsize=1 << 16)
def loss(row: tuple[Card, ...], card: Card) -> float:
    """Points a row loses without the card."""
    counts = suit_counts(row)
    top = max(counts)
    counts[SUIT_INDEX[card]] -= 1
    return 1 + BONUS[top] - BONUS[max(counts)]


# --- the value of each option --------------------------------------------------------------------------------------
def kick_options(state: FusejikaState, p: int, source: Card) -> list[tuple[float, Card, int]]:
    """(value, card, target) for every legal kick, best first (ties: row order, then seat order)."""
    row, options = state.row[p], []
    for card in row:
        if card == source:
            continue
        cost = loss(row, card)
        bit = BIT[card]
        for q in range(state.n):
            if q == p:
                continue
            qmask = rank_mask(state.row[q])
            if qmask & bit:
                continue
            options.append((kick_value(state, p, q, card, cost, qmask | bit), card, q))
    options.sort(key=lambda o: -o[0])
    return options


def kick_value(state: FusejikaState, p: int, q: int, card: Card, cost: float, after: int) -> float:
    if after == ALL_RANKS:
        return GIFT
    lead = state.totals[q] - state.totals[p]
    value = -cost - gain(state.row[q], card) * (0.6 + 0.08 * max(-5, min(5, lead)))
    if popcount(after) == 5:
        value -= 1.5  # one rank from sudden death
    if any(c.rank == card.rank for c in state.known[q]):
        value += 0.8  # blocks a card they are known to hold
    size = len(state.hand[q])
    if size <= 1:
        value += 0.6 - 0.3 * size  # a short hand may be left with nothing to play
    return value


def lost_options(state: FusejikaState, p: int, source: Card) -> list[tuple[float, Card]]:
    """(value, card) for every card of the row, best first: revive a dead card, else return the source."""
    row, hand = state.row[p], state.hand[p]
    options = []
    for card in row:
        value = -loss(row, card)
        if any(c.rank == card.rank for c in hand):
            value += 1.6
        if card == source:
            value += 0.5
        options.append((value, card))
    options.sort(key=lambda o: -o[0])
    return options


def effect_value(state: FusejikaState, p: int, rank: str, source: Card) -> float:
    """What resolving effect `rank` is worth to the actor, roughly in points."""
    n, deck = state.n, state.deck_size
    if rank == "9":
        return DRAW if deck else 0.0
    if rank == "Q":
        return 0.25 if deck else 0.0
    if rank == "J":
        nxt = (p + 1) % n
        value = SKIP + (THREAT if popcount(rank_mask(state.row[nxt])) == 5 else 0.0)
        return value - (1.0 if not state.hand[nxt] else 0.0)  # the skip would save a player about to be stuck
    if rank == "10":
        options = lost_options(state, p, source)
        return options[0][0] - 0.3 if options else -1.0
    if rank == "K":
        options = kick_options(state, p, source)
        return options[0][0] if options else 0.0
    return max((effect_value(state, p, r, source) for r in state.copyable(p, source)), default=0.0)


def play_value(state: FusejikaState, p: int, card: Card) -> float:
    row, hand = state.row[p], state.hand[p]
    after = rank_mask(row) | BIT[card]
    if after == ALL_RANKS:
        return SUDDEN
    value = gain(row, card)
    alive = 0
    for other in hand:
        if other == card:
            continue
        if other.rank == card.rank:
            value -= DEAD
        elif not BIT[other] & after:
            alive += 1
    draws = 1 if card.rank == "9" and state.deck_size else 0
    if card.rank == "Q" and state.deck_size >= state.n:
        draws = 1
    if alive + draws == 0:
        value -= (len(row) + 1) / 2 + STUCK_EXTRA
    elif alive + draws == 1:
        value -= THIN
    if popcount(after) >= 4:
        value += 0.3 * (popcount(after) - 3)  # the sudden-death race
    state.row[p] = (*row, card)  # the effect is judged with the card in the row, as it will be resolved
    state.hand[p] = tuple(c for c in hand if c != card)
    try:
        value += effect_value(state, p, card.rank, card)
    finally:
        state.row[p], state.hand[p] = row, hand
    return value


# --- the policy --------------------------------------------------------------------------------------------------
def decide(state: FusejikaState) -> Any:
    """The rules-based move for whoever is to move (it reads only what that player may know)."""
    phase, p = state.phase, state.cur
    if phase == PLAY:
        cards = state.playable(p)
        if not cards:
            return STUCK
        best = max(cards, key=lambda card: play_value(state, p, card))
        return PLAYS[best]
    if phase == LOST:
        return LOSES[lost_options(state, p, state.source)[0][1]]
    if phase == KICK:
        return KICKS[kick_options(state, p, state.source)[0][1]]
    if phase == KICK_TO:
        options = [o for o in kick_options(state, p, state.source) if o[1] == state.kick_card]
        return KICK_TOS[options[0][2]]
    if phase == COPY:
        ranks = state.copyable(p, state.source)
        return COPIES[max(ranks, key=lambda r: effect_value(state, p, r, state.source))]
    return redeal_choice(state, p)


def redeal_choice(state: FusejikaState, p: int) -> str:
    """REDEAL, unless leading the totals in the final round (spec 9, item 7)."""
    others = max(state.totals[q] for q in range(state.n) if q != p)
    return KEEP if state.round_no == state.n and state.totals[p] > others else REDEAL


def rollout_policy(state: FusejikaState, rng: Random) -> Any:
    """The rules-based move for whoever is to move (deterministic: `rng` is not needed)."""
    return decide(state)


class EasyBot:
    """The rules-based policy as a bot (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: FusejikaState, rng: Random) -> Any:
        return decide(state)


# --- evaluation ----------------------------------------------------------------------------------------------------
ROUND_SPREAD = 0.45  # softmax sharpness for one round left; fitted roughly to a round's score spread


def total_shares(totals: list[int], rounds_left: int) -> list[float]:
    """Win shares from the totals alone: a softmax, sharper as fewer rounds remain."""
    beta = ROUND_SPREAD / math.sqrt(max(1, rounds_left))
    top = max(totals)
    weights = [math.exp(beta * (t - top)) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


def evaluate(state: FusejikaState) -> list[float]:
    """Finish the current round with the policy (draws from a generator fixed by the position), then estimate.

    It plays on `state` itself: search hands it a determinization of its own that is thrown away afterwards.
    """
    rng = Random(len(state.history) * 7919 + state.deck_size)
    round_no = state.round_no
    while not state.is_terminal() and state.round_no == round_no:
        if state.is_chance_node():
            state._apply(state.pool[rng.randrange(len(state.pool))])
        else:
            state._apply(decide(state))
    if state.is_terminal():
        return state.returns()
    return total_shares(state.totals, state.n - state.round_no + 1)


def prior(state: FusejikaState) -> list[float]:
    """The search's prior: a play weighted by the rules' value of it (a softmax, temperature 1 point); elsewhere the
    rules' choice three times any other. It reads only what the mover may know, as the policy does."""
    legal = state.legal_actions()
    if state.phase == PLAY and legal != [STUCK]:
        values = [play_value(state, state.cur, action.card) for action in legal]
        top = max(values)
        return [math.exp(max(-30.0, v - top)) for v in values]
    choice = decide(state)
    return [3.0 if action == choice else 1.0 for action in legal]


class FusejikaSearchBot(SearchBot):
    """The search for every decision but the secret REDEAL / KEEP, which takes the policy's rule at once: the choice
    is hidden inside the deal animation (spec A2b), so it must not keep the table waiting for a search."""

    def choose(self, state: FusejikaState, rng: Random) -> Any:
        if state.phase == REDEAL_CHECK:
            return redeal_choice(state, state.cur)
        return super().choose(state, rng)


class FusejikaSearchBotV1(SearchBotV1):
    """normal_v1: the first search, with the same REDEAL / KEEP shortcut."""

    def choose(self, state: FusejikaState, rng: Random) -> Any:
        if state.phase == REDEAL_CHECK:
            return redeal_choice(state, state.cur)
        return super().choose(state, rng)


def search_bot(level: str, iterations: int | None, think_ms: float | None) -> FusejikaSearchBot:
    return FusejikaSearchBot(level, iterations, think_ms, policy=rollout_policy, settings={**DEFAULTS, **SEARCH},
                             prior=prior, evaluate=evaluate)


def search_bot_v1(level: str, iterations: int | None, think_ms: float | None) -> FusejikaSearchBotV1:
    config = {**DEFAULTS_V1, **SEARCH_V1}
    return FusejikaSearchBotV1(level, iterations, think_ms, rollout_policy, evaluate, config["c"],
                               config["max_rollout_depth"], config["opponents"])


KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, prior=prior, search=SEARCH,
             search_bot=search_bot,
             search_v1=SEARCH_V1, search_bot_v1=search_bot_v1)
