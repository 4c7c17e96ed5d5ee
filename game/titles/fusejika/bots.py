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
    CHANCE_PHASES,
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
    OVER,
    PLAY,
    PLAYS,
    REDEAL,
    REDEAL_CHECK,
    STUCK,
    SUDDEN_DEATH,
    SUITS,
    TURN_CAP,
    Card,
    FusejikaState,
    canonical,
    rank_mask,
    without,
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


POPCOUNT = tuple(bin(mask).count("1") for mask in range(ALL_RANKS + 1))  # ranks in a rank mask
SUIT_INDEX = {card: SUITS.index(card.suit) for card in DECK}


def suit_counts(row: tuple[Card, ...]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in row:
        counts[SUIT_INDEX[card]] += 1
    return counts


@lru_cache(maxsize=1 << 16)
def suit_gains(row: tuple[Card, ...]) -> tuple[int, ...]:
    """Points a card of each suit (SUITS order) adds to a row: one, plus the change of the suit bonus. A row of five
    cards has no such figure (a sixth card completes its ranks, which is judged before any gain): 0 there."""
    counts = suit_counts(row)
    top = max(counts)
    if len(row) >= len(BONUS) - 1:
        return (0, 0, 0, 0)
    return tuple(1 + BONUS[max(top, count + 1)] - BONUS[top] for count in counts)


@lru_cache(maxsize=1 << 16)
def suit_losses(row: tuple[Card, ...]) -> tuple[int, ...]:
    """Points a row loses without one of its cards of each suit (SUITS order; 0 for a suit it lacks)."""
    counts = suit_counts(row)
    top = max(counts)
    losses = []
    for at, count in enumerate(counts):
        if not count:
            losses.append(0)
            continue
        counts[at] -= 1
        losses.append(1 + BONUS[top] - BONUS[max(counts)])
        counts[at] += 1
    return tuple(losses)


def gain(row: tuple[Card, ...], card: Card) -> int:
    """Points the card adds to a row."""
    return suit_gains(row)[SUIT_INDEX[card]]


# --- the value of each option --------------------------------------------------------------------------------------
# The options are judged for seat p with its row and hand given (`row`, `hand`: as they stand, or as they would be
# after a play) and the rows' rank masks (`masks`: state.masks, read only; the effects do not read masks[p], for
# `row` may differ from the row on the table). Each judge gives the first best option: of equal values, the first in
# row order, then seat order.
def best_kick(state: FusejikaState, p: int, row: tuple[Card, ...], source: Card, masks: list[int],
              only: Card | None = None) -> tuple[float, Card, int] | None:
    """(value, card, target) of the best legal kick, None without one; with `only`, the best kick of that card."""
    cards = [card for card in row if card != source] if only is None else [only]
    wanted = rank_mask(cards)
    totals, rivals = state.totals, []
    for q in range(state.n):  # what the value of a kick to q needs, worked out once per rival that could take one
        if q == p or not wanted & ~masks[q]:
            continue
        lead = totals[q] - totals[p]
        known, size = state.known[q], len(state.hand[q])
        rivals.append((q, masks[q], suit_gains(state.row[q]), 0.6 + 0.08 * max(-5, min(5, lead)),
                       rank_mask(known) if known else 0, 0.6 - 0.3 * size if size <= 1 else 0.0))
    losses = suit_losses(row)
    best = None
    for card in cards:
        suit = SUIT_INDEX[card]
        cost = losses[suit]
        bit = BIT[card]
        for q, qmask, gains, weight, known_mask, short in rivals:
            if qmask & bit:
                continue
            after = qmask | bit
            if after == ALL_RANKS:
                value = GIFT  # kicking someone their sixth rank
            else:
                value = -cost - gains[suit] * weight  # the points moved, weighed by their lead
                if POPCOUNT[after] == 5:
                    value -= 1.5  # one rank from sudden death
                if known_mask & bit:
                    value += 0.8  # blocks a card they are known to hold
                value += short  # a short hand may be left with nothing to play
            if best is None or value > best[0]:
                best = (value, card, q)
    return best


def best_lost(row: tuple[Card, ...], hand: tuple[Card, ...], source: Card) -> tuple[float, Card] | None:
    """(value, card) of the best card of the row to lose, None for an empty row: revive a dead card, else return
    the source."""
    in_hand = rank_mask(hand)
    losses = suit_losses(row)
    best = None
    for card in row:
        value = -losses[SUIT_INDEX[card]]
        if in_hand & BIT[card]:
            value += 1.6
        if card == source:
            value += 0.5
        if best is None or value > best[0]:
            best = (value, card)
    return best


def effect_value(state: FusejikaState, p: int, rank: str, source: Card, row: tuple[Card, ...],
                 hand: tuple[Card, ...], masks: list[int]) -> float:
    """What resolving effect `rank` is worth to the actor, roughly in points."""
    if rank == "9":
        return DRAW if state.deck_size else 0.0
    if rank == "Q":
        return 0.25 if state.deck_size else 0.0
    if rank == "J":
        nxt = (p + 1) % state.n
        value = SKIP + (THREAT if POPCOUNT[masks[nxt]] == 5 else 0.0)
        return value - (1.0 if not state.hand[nxt] else 0.0)  # the skip would save a player about to be stuck
    if rank == "10":
        lost = best_lost(row, hand, source)
        return lost[0] - 0.3 if lost else -1.0
    if rank == "K":
        kick = best_kick(state, p, row, source, masks)
        return kick[0] if kick else 0.0
    return copy_value(state, p, source, row, hand, masks)


def copy_value(state: FusejikaState, p: int, source: Card, row: tuple[Card, ...], hand: tuple[Card, ...],
               masks: list[int]) -> float:
    """What an A is worth: its best copy among `state.copyable(p, source, row)`, 0 with none. A K is copyable when
    it has a kick, and it is judged last, only when it could be the best (a kick is worth EFFECT_MOST["K"] at most)."""
    ranks = state.copy_candidates(p, row)
    best = None
    for rank in ranks:
        if rank != "K":
            value = effect_value(state, p, rank, source, row, hand, masks)
            if best is None or value > best:
                best = value
    if "K" in ranks and (best is None or best < EFFECT_MOST["K"] + MARGIN):
        kick = best_kick(state, p, row, source, masks)
        if kick and (best is None or kick[0] > best):  # a K is copyable only with a kick
            best = kick[0]
    return 0.0 if best is None else best


# The most an effect can be worth (effect_value; BONUS rises, so a row loses and a rival gains at least a point by
# a card), with a margin for rounding: a play whose value before its effect plus this cannot reach the best play
# found is not judged further (best_play).
EFFECT_MOST = {"K": 0.2, "10": 0.8, "A": SKIP + THREAT}  # the 9's, Q's and J's are judged at once
MARGIN = 1e-6


def play_base(state: FusejikaState, p: int, card: Card, masks: list[int]) -> float | None:
    """The value of playing `card` before its effect is judged; None for a play that completes the six ranks."""
    row, hand = state.row[p], state.hand[p]
    after = masks[p] | BIT[card]
    if after == ALL_RANKS:
        return None
    value = gain(row, card)
    alive = 0
    for other in hand:
        if other == card:
            continue
        if other.rank == card.rank:
            value -= DEAD
        elif not BIT[other] & after:
            alive += 1
    deck = state.deck_size
    draws = 1 if card.rank == "9" and deck else 0
    if card.rank == "Q" and deck >= state.n:
        draws = 1
    if alive + draws == 0:
        value -= (len(row) + 1) / 2 + STUCK_EXTRA
    elif alive + draws == 1:
        value -= THIN
    ranks = POPCOUNT[after]
    if ranks >= 4:
        value += 0.3 * (ranks - 3)  # the sudden-death race
    return value


def play_bases(state: FusejikaState, p: int, cards: tuple[Card, ...], masks: list[int]) -> list[float | None]:
    """play_base of each of `cards`, which are the seat's playable cards (`state.playable(p)`), worked out together:
    a card's rank-mates in the hand die with it (each of them is playable too), the others stay playable."""
    row = state.row[p]
    gains, mask = suit_gains(row), masks[p]
    deck, n, stuck_cost = state.deck_size, state.n, (len(row) + 1) / 2 + STUCK_EXTRA
    of_rank: dict[str, int] = {}
    for card in cards:
        of_rank[card.rank] = of_rank.get(card.rank, 0) + 1
    bases: list[float | None] = []
    for card in cards:
        after = mask | BIT[card]
        if after == ALL_RANKS:
            bases.append(None)
            continue
        value = gains[SUIT_INDEX[card]]
        mates = of_rank[card.rank]
        for _ in range(mates - 1):
            value -= DEAD
        alive = len(cards) - mates
        rank = card.rank
        draws = 1 if (rank == "9" and deck) or (rank == "Q" and deck >= n) else 0
        if alive + draws == 0:
            value -= stuck_cost
        elif alive + draws == 1:
            value -= THIN
        ranks = POPCOUNT[after]
        if ranks >= 4:
            value += 0.3 * (ranks - 3)  # the sudden-death race
        bases.append(value)
    return bases


def play_effect(state: FusejikaState, p: int, card: Card, masks: list[int]) -> float:
    """The effect's worth, judged with the card in the row, as it will be resolved (9, Q and J read neither row
    nor hand)."""
    row, hand = state.row[p], state.hand[p]
    if card.rank in ("9", "Q", "J"):
        return effect_value(state, p, card.rank, card, row, hand, masks)
    return effect_value(state, p, card.rank, card, (*row, card), without(hand, card), masks)


def play_value(state: FusejikaState, p: int, card: Card, masks: list[int]) -> float:
    value = play_base(state, p, card, masks)
    if value is None:
        return SUDDEN
    return value + play_effect(state, p, card, masks)


def best_play(state: FusejikaState, p: int, cards: tuple[Card, ...], masks: list[int]) -> Card:
    """The card of the highest play_value, the first of equals, as `max(cards, key=play_value)` finds it. The cheap
    values (a 9, Q or J, a completing play) are judged at once; a 10, K or A is judged only if the most it could be
    worth (EFFECT_MOST) reaches the best found, the plays taken in the order of the most each could be worth."""
    values: list[float | None] = []  # the play's value, or None: not judged yet
    most: list[float] = []
    bases = play_bases(state, p, cards, masks)
    for card, base in zip(cards, bases, strict=True):
        if base is None:
            values.append(SUDDEN)
            most.append(SUDDEN)
        elif card.rank in ("9", "Q", "J"):
            value = base + play_effect(state, p, card, masks)
            values.append(value)
            most.append(value)
        else:
            values.append(None)
            most.append(base + EFFECT_MOST[card.rank] + MARGIN)
    best_at, best_value = -1, -math.inf
    for at in sorted(range(len(cards)), key=most.__getitem__, reverse=True):  # stable: equals keep their order
        if most[at] < best_value:
            break  # neither this play nor any after it can reach the best
        value = values[at]
        if value is None:
            value = bases[at] + play_effect(state, p, cards[at], masks)
        if value > best_value or (value == best_value and at < best_at):
            best_at, best_value = at, value
    return cards[best_at]


# --- the policy --------------------------------------------------------------------------------------------------
def decide(state: FusejikaState) -> Any:
    """The rules-based move for whoever is to move (it reads only what that player may know)."""
    phase, p = state.phase, state.cur
    if phase == PLAY:
        cards = state.playable(p)
        if not cards:
            return STUCK
        if len(cards) == 1:
            return PLAYS[cards[0]]
        return PLAYS[best_play(state, p, cards, state.masks)]
    if phase == LOST:
        return LOSES[best_lost(state.row[p], state.hand[p], state.source)[1]]
    if phase == KICK:
        return KICKS[best_kick(state, p, state.row[p], state.source, state.masks)[1]]
    if phase == KICK_TO:
        return KICK_TOS[best_kick(state, p, state.row[p], state.source, state.masks, state.kick_card)[2]]
    if phase == COPY:
        masks, row, hand = state.masks, state.row[p], state.hand[p]
        ranks = state.copyable(p, state.source)
        return COPIES[max(ranks, key=lambda r: effect_value(state, p, r, state.source, row, hand, masks))]
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


def round_rng(state: FusejikaState) -> Random:
    """The round's draws in an evaluation: a generator seeded by the position (the evaluation is a function of it)."""
    return Random(len(state.history) * 7919 + state.deck_size)


def evaluate(state: FusejikaState) -> list[float]:
    """Finish the current round with the policy (`finish_round`), then estimate. It plays on `state` itself: search
    hands it a determinization of its own that is thrown away afterwards."""
    finish_round(state, round_rng(state))
    if state.phase == OVER:
        return state.returns()
    return total_shares(state.totals, state.n - state.round_no + 1)


def evaluate_by_rules(state: FusejikaState) -> list[float]:
    """`evaluate` with every step taken through the rules (`_apply`): what `finish_round` is held to."""
    rng = round_rng(state)
    round_no = state.round_no
    while state.phase != OVER and state.round_no == round_no:
        if state.phase in CHANCE_PHASES:
            state._apply_quietly(state.pool[rng.randrange(len(state.pool))])
        else:
            state._apply_quietly(decide(state))
    if state.phase == OVER:
        return state.returns()
    return total_shares(state.totals, state.n - state.round_no + 1)


# --- the round played out for the evaluation ------------------------------------------------------------------------
# The rules' own steps (rules.py: _play, _effect, _continue_draws, _draw, _lose, _kick, _copy, _advance, _turn_start)
# for a turn whose every choice is the policy's, without events, phase changes or the public log (`FusejikaState.log`:
# the world played on is thrown away) inside the turn: the same cards,
# draws (the same calls on `rng`) and ends as evaluate_by_rules. A turn begun elsewhere (in the middle of an
# effect), the deal and the stuck player's round end go through the rules.
def finish_round(state: FusejikaState, rng: Random) -> None:
    round_no = state.round_no
    while state.phase != OVER and state.round_no == round_no:
        phase = state.phase
        if phase == PLAY:
            p = state.cur
            cards = state.playable(p)
            if not cards:
                state._apply_quietly(STUCK)
            else:
                _play_turn(state, p, cards[0] if len(cards) == 1 else best_play(state, p, cards, state.masks), rng)
        elif phase in CHANCE_PHASES:
            state._apply_quietly(state.pool[rng.randrange(len(state.pool))])
        else:
            state._apply_quietly(decide(state))


def _play_turn(state: FusejikaState, p: int, card: Card, rng: Random) -> None:
    hand = state.hand[p]
    at = hand.index(card)
    state.hand[p] = hand[:at] + hand[at + 1:]
    if card in state.known[p]:
        state.known[p] = without(state.known[p], card)
    state.row[p] = (*state.row[p], card)
    state.masks[p] |= BIT[card]
    if state.masks[p] == ALL_RANKS:
        state.phase, state.result = OVER, (SUDDEN_DEATH, (p,))
        return
    state.actor, state.source = p, card
    _resolve(state, p, card.rank, card, rng)


def _resolve(state: FusejikaState, p: int, rank: str, source: Card, rng: Random) -> None:
    """The effect `rank` of `source`, its choices the policy's (decide's), then the next turn."""
    if rank == "9" or rank == "Q":
        if state.deck_size:
            n = state.n
            for seat in ((p,) if rank == "9" else tuple((p + k) % n for k in range(1, n + 1))):
                if not state.pool and not state.bottom:
                    break
                if state.pool:
                    card = state.pool[rng.randrange(len(state.pool))]
                    state.pool = without(state.pool, card)
                else:
                    card, state.bottom = state.bottom[0], state.bottom[1:]
                    state.known[seat] = canonical((*state.known[seat], card))
                state.hand[seat] = canonical((*state.hand[seat], card))
    elif rank == "10":
        card = best_lost(state.row[p], state.hand[p], source)[1]
        state.row[p] = without(state.row[p], card)
        state.masks[p] = rank_mask(state.row[p])
        state.bottom = (*state.bottom, card)
    elif rank == "J":
        state.skip_next = True
    elif rank == "K":
        if state.kickable(p, source):
            masks = state.masks
            card = best_kick(state, p, state.row[p], source, masks)[1]
            target = best_kick(state, p, state.row[p], source, masks, card)[2]
            state.row[p] = without(state.row[p], card)
            state.row[target] = (*state.row[target], card)
            masks[p], masks[target] = rank_mask(state.row[p]), masks[target] | BIT[card]
            if masks[target] == ALL_RANKS:
                state.kick_card = card
                state.phase, state.result = OVER, (SUDDEN_DEATH, (target,))
                return
    else:
        ranks = state.copyable(p, source)
        if ranks:
            masks, row, hand = state.masks, state.row[p], state.hand[p]
            copied = max(ranks, key=lambda r: effect_value(state, p, r, source, row, hand, masks))
            state.copied = copied
            _resolve(state, p, copied, source, rng)
            return
    nxt = (p + 1) % state.n
    if state.skip_next:
        state.skip_next = False
        nxt = (nxt + 1) % state.n
    state.turns += 1
    if state.turns > TURN_CAP:
        raise AssertionError(f"no round end after {TURN_CAP} turns: a bug")
    state.phase, state.cur = PLAY, nxt
    state.actor = state.source = state.copied = state.kick_card = None


def prior(state: FusejikaState) -> list[float]:
    """The search's prior: a play weighted by the rules' value of it (a softmax, temperature 1 point); elsewhere the
    rules' choice three times any other. It reads only what the mover may know, as the policy does."""
    legal = state.legal_actions()
    if state.phase == PLAY and legal != [STUCK]:
        masks = state.masks
        values = [play_value(state, state.cur, action.card, masks) for action in legal]
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
