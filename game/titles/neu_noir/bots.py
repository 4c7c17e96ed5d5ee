"""Neu/Noir bots (spec section 9): the rules of thumb (Easy, and the search's prior), a fast rollout policy, and an
evaluation from the chips.

Every rule reads only what the seat to move may know: its hand, the public table, the counts of the other hands and
the cards each of them certainly holds (taken from a pile). A play is chosen whole, from a limited set of candidates
(every single card; the shortest plays that answer pending Doubles; the highest value reachable with up to three
numbers; a Double or a Shot added to press someone), and played card by card.

A candidate's worth (one ply, spec 9 "a decent heuristic bot"): the chance that the next player cannot play after
it, times the chance that they then declare and hand you the black chip (no bet under them), less what the cards
spent were worth (escape cards most). A bet is worth the chance its target gives up this round (and a way out when
you cannot play); declaring costs a white chip (never the last one unless forced) and brings the best pile.
"""

from __future__ import annotations

import math
from collections import Counter
from random import Random
from typing import Any

from game.ai.levels import DEFAULTS, BotKit, SearchBot
from game.titles.neu_noir.rules import (
    BUILD,
    DECK,
    DECLARE,
    DOUBLE,
    FITTING_CARDS,
    INSTRUCTIONS,
    KINDS,
    NEGATIVE,
    OVERTIME_START,
    PASS,
    POSITIVE,
    R101,
    SHOT,
    TAKE_PILE,
    Bet,
    Card,
    EndPlay,
    NeuNoirState,
    step,
)

SEARCH = {"max_rollout_depth": 24, "normal": 300, "hard": 1200}
TEMPERATURE = 0.25  # the prior's softmax temperature over the rules scores
ESCAPES = frozenset((*INSTRUCTIONS, *NEGATIVE, R101))
WORTH = {**dict.fromkeys(ESCAPES, 3.0), "N10": 2.0, "N50": 2.0}  # a card kept in hand; other numbers 1
SPEND = 0.04  # the cost of spending a card, per point of its worth
CHIP = 1.0  # a black chip won
WHITE = 0.8  # a white chip lost
REFILL = 0.05  # per point of worth of the pile a declaration brings
DECLARE_AFTER_STUCK = 0.45  # a stuck player with a free bet chip declares rather than bets, this often
MAX_EXTRA = 3  # cards a candidate adds at most


# --- what the seat to move knows ------------------------------------------------------------------------------------
def unseen(state: NeuNoirState, seat: int) -> Counter:
    """The cards `seat` has not seen: the deck less its hand, the piles and the play in progress."""
    left = Counter(DECK)
    left.subtract(state.hand[seat])
    for pile in state.pile:
        left.subtract(pile)
    left.subtract(state.line)
    return +left


FITTING = tuple(frozenset(kind for kind, _ in cards) for cards in FITTING_CARDS)
# the kinds that may be played at each value 0-101 (spec L3)


def stuck_chance(state: NeuNoirState, seat: int, who: int, value: int, doubles: int, pool: Counter,
                 total: int | None = None) -> float:
    """The chance, as `seat` sees it, that `who` has no legal play at (value, doubles): its known cards, and the
    rest of its hand drawn from the unseen cards (binomial, drawing with replacement); `total`: the pool's size."""
    if who == seat:
        return 0.0
    known = state.known[who]
    size = state.hand_size(who)
    unknown = max(0, size - sum(known.values()))
    total = total or sum(pool.values()) or 1

    fits = FITTING[value].__contains__  # whether a kind may be played at `value`

    if doubles == 0:
        if known and any(n > 0 and fits(kind) for kind, n in known.items()):
            return 0.0
        bad = sum(n for kind, n in pool.items() if not fits(kind)) / total
        return bad ** unknown
    if known[PASS]:
        return 0.0
    no_pass = (1 - pool[PASS] / total) ** unknown
    fitting = sum(n for kind, n in pool.items() if fits(kind) and kind != PASS) / total
    need = 1 + doubles - sum(known[k] for k in known if fits(k))
    if need <= 0:
        return 0.0
    short = sum(math.comb(unknown, j) * fitting ** j * (1 - fitting) ** (unknown - j) for j in range(min(need, unknown + 1)))
    return no_pass * short


class Stuck:
    """`stuck_chance` as the seat to move sees it over `pool`, worked out once per (who, value, doubles): the
    candidate plays of a decision often hand the same value to the same player. Also what a player stuck after
    your play is worth to you (`pays`), once per player."""

    def __init__(self, state: NeuNoirState, pool: Counter) -> None:
        self.state, self.seat, self.pool = state, state.current, pool
        self.total = sum(pool.values()) or 1
        self.known: dict[tuple[int, int, int], float] = {}
        self.paid: dict[int, float] = {}

    def __call__(self, who: int, value: int, doubles: int) -> float:
        key = (who, value, doubles)
        chance = self.known.get(key)
        if chance is None:
            chance = self.known[key] = stuck_chance(self.state, self.seat, who, value, doubles, self.pool,
                                                    self.total)
        return chance

    def pays(self, nxt: int) -> float:
        """The black chip's worth to the seat to move if `nxt` is stuck: how often `nxt` then declares (a free
        bet chip is a way out), and nothing if someone else's bet lies under `nxt`."""
        paid = self.paid.get(nxt)
        if paid is None:
            state = self.state
            covered = {on for on in state.bet_of if on is not None}
            free_bet = state.bet_of[nxt] is None and any(t != nxt and t not in covered for t in state.participants)
            declares = DECLARE_AFTER_STUCK if free_bet else 1.0
            bettor = state.under(nxt)
            paid = self.paid[nxt] = declares * (1.0 if bettor is None or bettor == self.seat else 0.0)
        return paid


# --- candidate plays -----------------------------------------------------------------------------------------------
def candidates(state: NeuNoirState) -> list[tuple[tuple[str, ...], int | None]]:
    """Ways to finish the play in progress (or to make one), each (cards still to add, Shot target): see the module
    docstring. Each is legal; duplicates (same cards and final value) are left out."""
    me, hand, line = state.current, state.hand[state.current], state.line
    start = state.line_value if line else state.value
    has_pass = PASS in line
    minimum = state._minimum(has_pass)
    held = [kind for kind in KINDS if hand[kind]]
    found: dict[tuple, tuple[str, ...]] = {}

    def consider(extra: tuple[str, ...]) -> None:
        cards = (*line, *extra)
        if not cards or len(cards) < state._minimum(PASS in cards):
            return
        for kind in extra:  # not more of a kind than the hand holds (Counter(extra) - hand, without the Counters)
            if extra.count(kind) > hand.get(kind, 0):
                return
        value = start
        for kind in extra:
            value = step(value, kind)
            if value is None:
                return
        found.setdefault((tuple(sorted(extra)), value), extra)

    consider(())
    for kind in held:
        consider((kind,))
    for kind in held:  # a Double or a Shot added to a card: pressure
        for extra in (DOUBLE, SHOT):
            if kind != extra and hand[extra]:
                consider((extra, kind))
    highest = _highest(start, [k for k in held if k in POSITIVE or k == R101], hand)
    if highest:
        consider(highest)
    needed = minimum - len(line)
    if needed > 1 and not hand[PASS]:  # the shortest answers to pending Doubles
        for combo in _multisets(held, hand, min(needed, MAX_EXTRA)):
            consider(_safe_order(combo))
    others = [t for t in state.participants if t != me]
    plays = []
    for extra in found.values():
        if SHOT in extra or SHOT in line:
            plays += [(extra, t) for t in others]
        else:
            plays.append((extra, None))
    return plays


def _highest(start: int, numbers: list[str], hand: Counter) -> tuple[str, ...] | None:
    """The first play of two, then of three, numbers (`numbers` in canonical order: smallest first, 101s last; as
    `_multisets` lists them) that takes `start` highest within 101; None if none fits."""
    adds = [POSITIVE.get(kind, 0) for kind in numbers]  # a 101 adds nothing before it sets the value
    ends = [kind == R101 for kind in numbers]  # 101s come last, so a play with one ends at 101 if the rest fit
    count = [hand[kind] for kind in numbers]
    n, best, found = len(numbers), -1, None
    for i in range(n):
        for j in range(i, n):
            if j == i and count[i] < 2:
                continue
            value = start + adds[i] + adds[j]
            if value <= 101:
                value = 101 if ends[j] else value
                if value > best:
                    best, found = value, (numbers[i], numbers[j])
    if best == 101:
        return found
    for i in range(n):
        for j in range(i, n):
            if j == i and count[i] < 2:
                continue
            pair = start + adds[i] + adds[j]
            if pair > 101:
                continue
            for k in range(j, n):
                if k == j and count[j] < (3 if i == j else 2):
                    continue
                value = pair + adds[k]
                if value <= 101:
                    value = 101 if ends[k] else value
                    if value > best:
                        best, found = value, (numbers[i], numbers[j], numbers[k])
                        if best == 101:
                            return found
    return found


def _multisets(kinds: list[str], hand: Counter, size: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []

    def grow(i: int, chosen: list[str]) -> None:
        if len(chosen) == size:
            out.append(tuple(chosen))
            return
        for j in range(i, len(kinds)):
            kind = kinds[j]
            if chosen.count(kind) < hand[kind]:
                chosen.append(kind)
                grow(j, chosen)
                chosen.pop()

    grow(0, [])
    return out


def _safe_order(combo: tuple[str, ...]) -> tuple[str, ...]:
    """An order that keeps the value lowest on the way: instructions and negatives first, numbers smallest first,
    the 101s last."""
    def rank(kind: str) -> tuple[int, int]:
        if kind in INSTRUCTIONS or kind in NEGATIVE:
            return (0, 0)
        return (2, 0) if kind == R101 else (1, POSITIVE[kind])
    return tuple(sorted(combo, key=rank))


# --- scoring whole choices -----------------------------------------------------------------------------------------
def score_play(state: NeuNoirState, extra: tuple[str, ...], shot: int | None, stuck_at: Stuck) -> float:
    """The worth of finishing the play with `extra` (and `shot`) for the seat to move (the rules' `outcome` of the
    whole play, without copying the state)."""
    result = state.outcome((*state.line, *extra), shot)
    nxt = result.next
    stuck = stuck_at(nxt, result.values[-1] if result.values else state.value, result.doubles)
    gain = CHIP * stuck * stuck_at.pays(nxt)
    spent = sum(WORTH.get(kind, 1.0) for kind in extra) * SPEND
    return gain - spent


def score_bet(state: NeuNoirState, target: int, stuck_at: Stuck, can_play: bool) -> float:
    stuck = stuck_at(target, state.value, 0)
    escape = 0.0 if can_play else WHITE * 0.8  # a way out of a position with no play
    return CHIP * stuck * 0.8 + escape - 0.1


SMALL_HAND = 2  # a voluntary declaration only with this many cards or fewer (spec 9, "when to declare")


def score_declare(state: NeuNoirState, forced: bool) -> float:
    me = state.current
    if state.white[me] <= 1 and not forced:
        return -10.0  # never disqualify yourself by choice
    if state.hand_size(me) > SMALL_HAND and not forced:
        return -5.0  # a hand that can still play does not give up a white chip and a black chip for a pile
    winner = state.under(me) if state.under(me) is not None else state.last_actor
    danger = 1.0 if winner is not None and state.black[winner] >= state.target - 1 else 0.0
    best = max((pile_worth(p) for p in state.pile), default=0.0)
    small_hand = 0.3 if state.hand_size(me) <= SMALL_HAND else 0.0
    return -WHITE - danger + REFILL * best + small_hand


def pile_worth(pile: list[str]) -> float:
    return sum(WORTH.get(kind, 1.0) for kind in pile)


def options(state: NeuNoirState) -> list[tuple[Any, float]]:
    """Each legal small decision of the mover with the best worth of the whole choices it leads to."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == TAKE_PILE:
        return [(a, pile_worth(state.pile[a.owner])) for a in legal]
    if phase == OVERTIME_START:
        return [(a, 0.0) for a in legal]
    stuck_at = Stuck(state, unseen(state, state.current))
    best: dict[Any, float] = {}

    def offer(action: Any, value: float) -> None:
        if action not in best or value > best[action]:
            best[action] = value

    plays = candidates(state)
    for extra, shot in plays:
        value = score_play(state, extra, shot, stuck_at)
        offer(Card(extra[0]) if extra else EndPlay(shot), value)
    if phase != BUILD:
        can_play = bool(plays)
        for action in legal:
            if type(action) is Bet:
                offer(action, score_bet(state, action.target, stuck_at, can_play))
        if DECLARE in legal:
            offer(DECLARE, score_declare(state, forced=len(legal) == 1))
    floor = min(best.values(), default=0.0) - 1.0
    return [(action, best.get(action, floor)) for action in legal]


def decide(state: NeuNoirState, rng: Random | None = None) -> Any:
    """The best-scoring small decision (ties: the first in canonical order); a random starter for the overtime."""
    if state.phase == OVERTIME_START:
        return (rng or Random(0)).choice(state.legal_actions())
    return max(options(state), key=lambda item: item[1])[0]


def prior(state: NeuNoirState) -> list[float]:
    scored = options(state)
    top = max(value for _, value in scored)
    return [math.exp((value - top) / TEMPERATURE) for _, value in scored]


class EasyBot:
    """The rules of thumb (levels.py adds some noise)."""

    name = "easy"

    def choose(self, state: NeuNoirState, rng: Random) -> Any:
        return decide(state, rng)


# --- the fast policy of rollouts ------------------------------------------------------------------------------------
def rollout_policy(state: NeuNoirState, rng: Random) -> Any:
    """Cheap rules: answer Doubles with a Pass, else play the biggest number that fits (pressure), else an escape
    card; finish a play as soon as it may end (a Shot at the player with fewest cards); bet when nothing can be
    played; declare last. Take the richest pile."""
    phase = state.phase
    if phase == TAKE_PILE:
        return max(state.legal_actions(), key=lambda a: (pile_worth(state.pile[a.owner]), rng.random()))
    if phase == OVERTIME_START:
        return rng.choice(state.legal_actions())
    ends = state.end_actions()  # only the parts of the legal actions it needs, in their order
    if ends:
        return min(ends, key=lambda a: (state.hand_size(a.shot) if a.shot is not None else 0, rng.random()))
    cards = state.playable_cards()
    if cards:
        if state.doubles and Card(PASS) in cards:
            return Card(PASS)
        numbers = [a for a in cards if a.kind in POSITIVE]
        if numbers and rng.random() < 0.8:
            return max(numbers, key=lambda a: POSITIVE[a.kind])
        return rng.choice(cards)
    legal = state.legal_actions()
    bets = [a for a in legal if type(a) is Bet]
    if bets:
        return min(bets, key=lambda a: (state.hand_size(a.target), rng.random()))
    return legal[0]


# --- evaluation ----------------------------------------------------------------------------------------------------
def evaluate(state: NeuNoirState) -> list[float]:
    """Win shares from the chips: a softmax of black chips (toward the target) and white chips left."""
    if state.is_terminal():
        return state.returns()
    alive = [s for s in range(state.n) if s != state.disqualified]
    keys = {s: 1.2 * state.black[s] + 0.35 * state.white[s] for s in alive}
    top = max(keys.values())
    weights = {s: math.exp(k - top) for s, k in keys.items()}
    norm = sum(weights.values())
    return [weights.get(s, 0.0) / norm for s in range(state.n)]


def search_bot(level: str, iterations: int | None, think_ms: float | None) -> SearchBot:
    return SearchBot(level, iterations, think_ms, policy=rollout_policy, settings={**DEFAULTS, **SEARCH},
                     prior=prior, evaluate=evaluate)


KIT = BotKit(rollout_policy=rollout_policy, easy=EasyBot, evaluate=evaluate, prior=prior, search=SEARCH,
             search_bot=search_bot,
             search_v1={"normal": 200, "hard": 800, "max_rollout_depth": 24, "opponents": "policy"})
