"""Dice Slayer bots: random, greedy, the spec's one-step expectimax, and an exact optimal player.

Every bot has `choose(state, rng)` and `evaluate(state) -> {pick: value}`. OptimalBot reads values.bin,
the solved expected future score of every round-start position (tools/make_dice_slayer_values.py).
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from pathlib import Path
from random import Random
from typing import NamedTuple

from game.ai.bot import RandomBot as _RandomBot
from game.ai.levels import BotKit
from game.titles.dice_slayer.rules import (
    FACES,
    GAME_OVER_PLATE,
    STOCK_SIZE,
    DiceSlayerState,
    clear_points,
    dice_to_add,
    side_values,
)

Plate = tuple[int, ...]  # sorted face values
Tail = tuple[int, ...]  # the last two stock dice (fewer early on), oldest first


# --- the round-start position and its index in values.bin ------------------------------------------
PLATES: list[Plate] = [p for n in range(GAME_OVER_PLATE) for p in combinations_with_replacement(FACES, n)]
TAILS: list[Tail] = [(), *((a,) for a in FACES), *product(FACES, repeat=2)]
PLATE_INDEX = {plate: i for i, plate in enumerate(PLATES)}
TAIL_INDEX = {tail: i for i, tail in enumerate(TAILS)}
VALUES_PATH = Path(__file__).with_name("values.bin")
VALUES_MAGIC, VALUES_VERSION = b"DSLV", 1
VALUES_HEADER = struct.Struct("<4sHII")  # magic, version, plates, tails; then float32 little-endian


def state_index(plate: Sequence[int], tail: Sequence[int]) -> int:
    """Index of a round-start position (plate before ADD, last two stock dice) in values.bin."""
    return PLATE_INDEX[tuple(sorted(plate))] * len(TAILS) + TAIL_INDEX[tuple(tail[-2:])]


class Outcome(NamedTuple):
    """What a pick does: points gained, plate after, the new stock tail, and whether the game ends."""

    points: int
    plate: Plate
    tail: Tail
    over: bool


@lru_cache(maxsize=1 << 16)
def pick_outcome(plate: Plate, tail: Tail, pick: int) -> Outcome:
    """PICK, SLIDE, CHECK, CLEAR/SCORE and END CHECK on a sorted plate (after ADD) and stock tail."""
    stock = (*tail[-2:], pick)
    rest = list(plate)
    rest.remove(pick)
    sides = side_values(stock) if len(stock) == STOCK_SIZE else ()
    kept = tuple(d for d in rest if d not in sides)
    k = len(rest) - len(kept)
    return Outcome(clear_points(k, k > 0 and not kept), kept, stock[-2:], len(kept) >= GAME_OVER_PLATE)


@cache
def rolls(n: int) -> tuple[tuple[Plate, float], ...]:
    """The distinct results of rolling n dice (sorted) with their probabilities."""
    counts = Counter(tuple(sorted(r)) for r in product(FACES, repeat=n))
    return tuple((r, c / 6**n) for r, c in sorted(counts.items()))


def after_add(plate: Plate, roll: Plate) -> Plate:
    """The sorted plate once ADD has put `roll` on it."""
    return tuple(sorted(plate + roll))


def position(state: DiceSlayerState) -> tuple[Plate, Tail]:
    """The sorted plate and stock tail of a state at PICK."""
    return tuple(sorted(state.plate)), tuple(state.stock[-2:])


def best_pick(values: dict[int, float]) -> int:
    """The pick with the highest value; ties go to the lowest value."""
    return max(sorted(values), key=lambda pick: values[pick])


# --- bots ------------------------------------------------------------------------------------------
def immediate_points(state: DiceSlayerState) -> dict[int, float]:
    """The points each legal pick scores this round."""
    plate, tail = position(state)
    return {p: float(pick_outcome(plate, tail, p).points) for p in state.legal_actions()}


class RandomBot(_RandomBot):
    """Uniformly random picks; `evaluate` shows the immediate points."""

    def evaluate(self, state: DiceSlayerState) -> dict[int, float]:
        return immediate_points(state)


class GreedyBot:
    """Best immediate points, then the smallest plate (spec section 9)."""

    name = "greedy"

    def evaluate(self, state: DiceSlayerState) -> dict[int, float]:
        return immediate_points(state)

    def choose(self, state: DiceSlayerState, rng: Random) -> int:
        plate, tail = position(state)
        outcomes = {p: pick_outcome(plate, tail, p) for p in state.legal_actions()}
        return max(sorted(outcomes), key=lambda p: (outcomes[p].points, -len(outcomes[p].plate)))


class ExpectimaxBot:
    """The one-step expectimax of spec section 9: this pick's points plus the next round's best, on average."""

    name = "expectimax"
    GAME_OVER_PENALTY = 1000.0
    DIE_PENALTY = 1.0

    def score(self, outcome: Outcome) -> float:
        """Points of one pick, less the penalties for ending the game and for dice left on the plate."""
        penalty = self.GAME_OVER_PENALTY if outcome.over else self.DIE_PENALTY * len(outcome.plate)
        return outcome.points - penalty

    def next_round(self, plate: Plate, tail: Tail) -> float:
        """Expected best penalised result of the next round from a round-start position."""
        total = 0.0
        for roll, p in rolls(dice_to_add(len(plate))):
            full = after_add(plate, roll)
            total += p * max(self.score(pick_outcome(full, tail, q)) for q in sorted(set(full)))
        return total

    def evaluate(self, state: DiceSlayerState) -> dict[int, float]:
        """Each pick's points plus the expected best result of the next round."""
        plate, tail = position(state)
        values = {}
        for pick in state.legal_actions():
            outcome = pick_outcome(plate, tail, pick)
            future = -self.GAME_OVER_PENALTY if outcome.over else self.next_round(outcome.plate, outcome.tail)
            values[pick] = outcome.points + future
        return values

    def choose(self, state: DiceSlayerState, rng: Random) -> int:
        return best_pick(self.evaluate(state))


class OptimalBot:
    """Exact optimal play: points now plus the solved expected future score of the next position."""

    name = "optimal"

    def __init__(self, path: Path = VALUES_PATH) -> None:
        self.path = path

    def value(self, plate: Sequence[int], tail: Sequence[int]) -> float:
        """Expected future score of optimal play from a round-start position."""
        return load_values(self.path)[state_index(plate, tail)]

    def evaluate(self, state: DiceSlayerState) -> dict[int, float]:
        """Expected points from now on for each pick (immediate points plus the future value)."""
        plate, tail = position(state)
        values = {}
        for pick in state.legal_actions():
            outcome = pick_outcome(plate, tail, pick)
            values[pick] = outcome.points + (0.0 if outcome.over else self.value(outcome.plate, outcome.tail))
        return values

    def choose(self, state: DiceSlayerState, rng: Random) -> int:
        return best_pick(self.evaluate(state))


@cache
def load_values(path: Path = VALUES_PATH) -> array:
    """The value table of values.bin, read once; a wrong or damaged file is a clear error."""
    data = path.read_bytes()
    if len(data) < VALUES_HEADER.size:
        raise ValueError(f"{path} is too short to be a Dice Slayer value table")
    magic, version, plates, tails = VALUES_HEADER.unpack_from(data)
    if magic != VALUES_MAGIC or version != VALUES_VERSION or (plates, tails) != (len(PLATES), len(TAILS)):
        raise ValueError(f"{path} is not a Dice Slayer value table version {VALUES_VERSION}")
    body, values = data[VALUES_HEADER.size:], array("f")
    if len(body) != plates * tails * values.itemsize:
        raise ValueError(f"{path} has {len(body)} bytes of values, expected {plates * tails * values.itemsize}")
    values.frombytes(body)
    if sys.byteorder == "big":
        values.byteswap()
    return values


BOTS: dict[str, Callable[[], object]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expectimax": ExpectimaxBot,
    "optimal": OptimalBot,
}


def clairvoyant(round_cap: int) -> object:
    """The benchmark-only player that knows the future rolls (imported on demand)."""
    from game.titles.dice_slayer.clairvoyant import ClairvoyantPlayer

    return ClairvoyantPlayer(round_cap)


ORACLES: dict[str, Callable[[int], object]] = {"clairvoyant": clairvoyant}
HINT_BOT = "optimal"


def hint(state: DiceSlayerState) -> tuple[int, float]:
    """What the Hint key shows: the hint bot's pick and its expected value."""
    values = BOTS[HINT_BOT]().evaluate(state)
    pick = best_pick(values)
    return pick, values[pick]


KIT = BotKit(named=BOTS, oracles=ORACLES, exact=lambda: (OptimalBot(), "score"))  # the coach: expected points
