"""Card helpers every card title shares: lazy dealing and constrained deals for resampling.

A card is any hashable value. Drawing is a chance node over the unseen pool (no hidden deck order),
and a determinization deals the unseen pool into slots that may only take some suits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from math import comb
from random import Random
from typing import Any, NamedTuple, TypeVar

C = TypeVar("C", bound=Hashable)
Slot = tuple[int, Iterable[Hashable] | None]  # (size, allowed suits or None for any)
TRIES = 20  # shuffles tried before counting out an exact deal


def draw_outcomes(pool: Iterable[C], key: Callable[[C], Any] | None = None) -> list[tuple[C, float]]:
    """Drawing one card from `pool`: every card once, equally likely, in canonical (sorted) order."""
    cards = sorted(pool, key=key)  # type: ignore[arg-type]
    p = 1.0 / len(cards)
    return [(card, p) for card in cards]


def constrained_deal(rng: Random, pool: Sequence[C], slots: Sequence[Slot], suit: Callable[[C], Hashable]
                     ) -> list[list[C]]:
    """Deal all of `pool` into `slots`, uniformly among the deals in which every card fits its slot's suits.

    Deterministic for a given pool order, slot list and generator state. Raises ValueError if no deal fits.
    Accepted draws and the exact fallback are both uniform over the fitting deals, so their mix is too.
    """
    if sum(size for size, _ in slots) != len(pool):
        raise ValueError("the slot sizes do not add up to the pool")
    tight = [i for i, (_, allowed) in enumerate(slots) if allowed is not None]
    need = sum(slots[i][0] for i in tight)
    tight_slots = [slots[i] for i in tight]
    for _ in range(TRIES):  # rejection first, on the constrained slots only: cheap, and still uniform
        picked = rng.sample(pool, need)
        if _fits(picked, tight_slots, suit):
            return _fill(rng, pool, slots, tight, picked)
    return _exact_deal(rng, pool, slots, suit)


def _fits(picked: list, slots: list[Slot], suit: Callable[[Any], Hashable]) -> bool:
    """Whether `picked`, cut into the slots in order, puts every card in a slot that allows its suit."""
    at = 0
    for size, allowed in slots:
        for card in picked[at:at + size]:
            if suit(card) not in allowed:  # type: ignore[operator]
                return False
        at += size
    return True


def _fill(rng: Random, pool: Sequence[C], slots: Sequence[Slot], tight: list[int], picked: list[C]
          ) -> list[list[C]]:
    """The constrained slots from `picked` in order; the rest of the pool shuffled into the free slots."""
    hands: list[list[C]] = []
    chosen = set(picked)
    rest = [card for card in pool if card not in chosen]
    rng.shuffle(rest)
    at = free_at = 0
    for i, (size, _) in enumerate(slots):
        if i in tight:
            hands.append(picked[at:at + size])
            at += size
        else:
            hands.append(rest[free_at:free_at + size])
            free_at += size
    return hands


def _exact_deal(rng: Random, pool: Sequence[C], slots: Sequence[Slot], suit: Callable[[C], Hashable]
                ) -> list[list[C]]:
    """A uniform deal by counting: each constrained slot's suit split drawn in proportion to its completions."""
    suits = list(dict.fromkeys(suit(card) for card in pool))
    by_suit = [[card for card in pool if suit(card) == s] for s in suits]
    masks = [None if allowed is None else tuple(s in set(allowed) for s in suits) for _, allowed in slots]
    tight = [i for i, mask in enumerate(masks) if mask is not None and not all(mask)]
    free_size = sum(slots[i][0] for i in range(len(slots)) if i not in tight)
    ways = _Ways([(slots[i][0], masks[i]) for i in tight], free_size)
    hands: list[list[C]] = [[] for _ in slots]
    counts = tuple(len(cards) for cards in by_suit)
    if not ways.count(0, counts):
        raise ValueError("no deal satisfies the constraints")
    for step, i in enumerate(tight):
        pick = ways.choose(step, counts, rng)
        for k, taken in enumerate(pick):
            chosen = rng.sample(by_suit[k], taken)
            hands[i] += chosen
            by_suit[k] = [card for card in by_suit[k] if card not in chosen]
        counts = tuple(c - t for c, t in zip(counts, pick, strict=True))
    rest = [card for cards in by_suit for card in cards]
    rng.shuffle(rest)
    for i, (size, _) in enumerate(slots):
        if i not in tight:
            hands[i], rest = rest[:size], rest[size:]
    return hands


class _Ways:
    """Counts the ways to fill the suit-constrained slots from given suit counts, the rest going free."""

    def __init__(self, slots: list[tuple[int, tuple[bool, ...]]], free_size: int) -> None:
        self.slots, self.free_size, self.memo = slots, free_size, {}

    def splits(self, step: int, counts: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each suit split a slot may take from `counts`, with the number of ways to complete it."""
        size, mask = self.slots[step]
        result = []
        for pick in _compositions(size, counts, mask):
            rest = tuple(c - t for c, t in zip(counts, pick, strict=True))
            weight = self.count(step + 1, rest)
            for c, t in zip(counts, pick, strict=True):
                weight *= comb(c, t)
            if weight:
                result.append((pick, weight))
        return result

    def count(self, step: int, counts: tuple[int, ...]) -> int:
        """Ways to fill slots step.. from `counts` (cards told apart, the free cards counted once)."""
        if step == len(self.slots):
            return int(sum(counts) == self.free_size)
        key = (step, counts)
        if key not in self.memo:
            self.memo[key] = sum(weight for _, weight in self.splits(step, counts))
        return self.memo[key]

    def choose(self, step: int, counts: tuple[int, ...], rng: Random) -> tuple[int, ...]:
        """A suit split for slot `step`, drawn in proportion to its completions."""
        options = self.splits(step, counts)
        ticket = rng.randrange(sum(weight for _, weight in options))
        for pick, weight in options:
            if ticket < weight:
                return pick
            ticket -= weight
        raise AssertionError("unreachable")


def _compositions(size: int, counts: tuple[int, ...], mask: tuple[bool, ...]) -> Iterable[tuple[int, ...]]:
    """Every way to take `size` cards by suit from `counts`, using only the suits the mask allows."""
    if not counts:
        if size == 0:
            yield ()
        return
    top = min(size, counts[0]) if mask[0] else 0
    for first in range(top + 1):
        for rest in _compositions(size - first, counts[1:], mask[1:]):
            yield (first, *rest)


class DrawPlan(NamedTuple):
    """What `plan_draws` works out of a seat's draws before the cards are known: the slots its plays fill."""

    slots: tuple[int, ...]
    filled: dict  # slot -> card, for the fixed slots and the cards its plays need
    needed: dict  # card -> count of those
    free: tuple[int, ...]  # the other slots, for the rest of the cards in order


def plan_draws(slots: Sequence[int], held: dict[C, int], changes: Iterable[tuple[int, C, int]],
               fixed: dict[int, C] | None = None) -> DrawPlan:
    """The order of a seat's draws at `slots` (positions in a game's record, in order) for a world's history, as far
    as its plays decide it: `held` is its hand before the first slot, `changes` each (position, card, +1 taken face
    up or -1 played face up) of its hand, `fixed` the slots whose card the table saw. The cards its plays need go
    to its earliest free draws, earliest need first (earliest-deadline scheduling: if any order of the draws lets
    it hold every card it played when it played it, this one does); `fill_draws` puts the rest in order. Raises
    ValueError when no order works."""
    fixed = fixed or {}
    hand = dict(held)
    events = sorted([(at, 1, card) for at, card in fixed.items()] + [(at, sign, card) for at, card, sign in changes],
                    key=lambda event: (event[0], event[1]))
    needs: list[tuple[int, C]] = []
    for at, sign, card in events:  # what the hand would lack without its free draws
        hand[card] = hand.get(card, 0) + sign
        if hand[card] < 0:
            needs.append((at, card))
            hand[card] = 0
    free = [at for at in slots if at not in fixed]
    if len(needs) > len(free):
        raise ValueError(f"no order of the draws works: {len(needs)} cards needed, {len(free)} free draws")
    filled: dict[int, C] = dict(fixed)
    needed: dict[C, int] = {}
    for card in fixed.values():
        needed[card] = needed.get(card, 0) + 1
    for (need_at, card), at in zip(needs, free, strict=False):
        if at > need_at:
            raise ValueError(f"no order of the draws works: {card!r}, played at {need_at}, is never drawn before")
        filled[at] = card
        needed[card] = needed.get(card, 0) + 1
    return DrawPlan(tuple(slots), filled, needed, tuple(free[len(needs):]))


def fill_draws(plan: DrawPlan, cards: dict[C, int], order: Callable[[C], Any]) -> list[C]:
    """The seat's draws in order, given the cards it drew (counts): the plan's, then the rest sorted by `order`."""
    left = dict(cards)
    for card, count in plan.needed.items():
        left[card] = left.get(card, 0) - count
        if left[card] < 0:
            raise ValueError(f"no order of the draws works: {card!r} is played but never drawn")
    rest = sorted((card for card, count in left.items() for _ in range(count)), key=order)
    if len(rest) != len(plan.free) or min(left.values(), default=0) < 0:
        raise ValueError(f"the cards drawn ({sum(cards.values())}) do not add up to the draws ({len(plan.slots)})")
    filled = dict(plan.filled)
    filled.update(zip(plan.free, rest, strict=True))
    return [filled[at] for at in plan.slots]


def schedule_draws(slots: Sequence[int], cards: dict[C, int], held: dict[C, int],
                   changes: Iterable[tuple[int, C, int]], fixed: dict[int, C] | None, order: Callable[[C], Any]
                   ) -> list[C]:
    """`plan_draws` and `fill_draws` at once: the seat's draws at `slots`, given the cards it drew there (counts,
    the fixed slots' included)."""
    return fill_draws(plan_draws(slots, held, changes, fixed), cards, order)
