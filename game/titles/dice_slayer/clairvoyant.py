"""Benchmark only: a Dice Slayer player that knows every future roll and plays them perfectly.

An exact search, round by round, keeping the best score for each (faces used, plate, stock tail); its score
within a round cap is an upper bound for any real player on the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.titles.dice_slayer.rules import ALL_CLEAR_BONUS, FACES, GAME_OVER_PLATE, dice_to_add, side_values

# A plate is packed as six 4-bit counts (face f in bits 4(f-1)..4f-1), so ADD, PICK and CLEAR are integer
# arithmetic. A tail is packed as 8*a + b for the last two stock dice a, b; a is 0 when it is absent or can
# never be part of a set with b (|a - b| > 2), which merges positions with the same future.
ONE = {f: 1 << 4 * (f - 1) for f in FACES}
NIBBLES = 0x111111  # multiplying by this sums the six counts into bits 20-23 (each sum stays below 16)


def _moves(a: int, b: int) -> tuple[tuple[int, int, int, int], ...]:
    """For the tail (a, b): each pick's (pick, plate unit, mask of the side values it clears, next tail)."""
    moves = []
    for pick in FACES:
        sides = side_values((a, b, pick)) if a and b else ()
        keep = b if b and abs(b - pick) <= 2 else 0
        moves.append((pick, ONE[pick], sum(0xF << 4 * (v - 1) for v in sides), 8 * keep + pick))
    return tuple(moves)


MOVES = {8 * a + b: _moves(a, b) for a in range(7) for b in range(7)}


class ClairvoyantPlayer:
    """Finds the pick sequence with the highest score within `round_cap` rounds for known rolls."""

    name = "clairvoyant"

    def __init__(self, round_cap: int) -> None:
        self.round_cap = round_cap

    def faces_needed(self) -> int:
        """Faces enough for any game of `round_cap` rounds (3 per round at most)."""
        return 3 * self.round_cap

    def plan(self, faces: Sequence[int]) -> tuple[int, list[int]]:
        """The best score for these rolls (drawn in order) and the picks that reach it."""
        if len(faces) < self.faces_needed():
            raise ValueError(f"{len(faces)} faces are too few for {self.round_cap} rounds")
        layer: dict[tuple, int] = {(0, 0, 0, 0): 0}  # (faces used, plate size, plate, tail) -> score
        links: list[dict[tuple, tuple]] = []  # per round: node -> (parent node, pick)
        best = (-1, 0, None)  # (score, round, node) of the best game found
        rolls = packed_rolls(faces)
        for round_ in range(self.round_cap):
            layer, back, ended = expand(layer, rolls)
            links.append(back)
            if ended[0] > best[0]:
                best = (ended[0], round_, ended[1])
        for node, score in layer.items():
            if score > best[0]:
                best = (score, self.round_cap - 1, node)
        return best[0], unwind(links, best[1], best[2])


def packed_rolls(faces: Sequence[int]) -> list[tuple[int, int]]:
    """For each position in the rolls: the packed plate units of the next 2 and the next 3 faces."""
    units = [ONE[f] for f in faces] + [0, 0]
    return [(units[i] + units[i + 1], units[i] + units[i + 1] + units[i + 2]) for i in range(len(faces))]


def expand(layer: dict[tuple, int], rolls: list[tuple[int, int]]) -> tuple[dict, dict, tuple[int, tuple]]:
    """Play one round from every node: the new nodes, their links, and the best game that ended."""
    after: dict[tuple, int] = {}
    back: dict[tuple, tuple] = {}
    ended: tuple[int, tuple] = (-1, ())
    for node, score in layer.items():
        used, size, plate, tail = node
        n = 2 if size else 3
        full = plate + rolls[used][n - 2]
        for pick, one, mask, next_tail in MOVES[tail]:
            if not full & one * 0xF:
                continue
            rest = full - one
            removed = rest & mask
            k = (removed * NIBBLES) >> 20 & 0xF
            left = size + n - 1 - k
            gain = k * k + (ALL_CLEAR_BONUS if k and not left else 0)
            child = (used + n, left, rest - removed, next_tail)
            if left >= GAME_OVER_PLATE:
                if score > ended[0]:
                    ended = (score, child)
                    back[child] = (node, pick)
            elif score + gain > after.get(child, -1):
                after[child] = score + gain
                back[child] = (node, pick)
    return after, back, ended


def unwind(links: list[dict[tuple, tuple]], round_: int, node: tuple) -> list[int]:
    """The picks that lead to `node` at the end of round `round_` (0-based), first pick first."""
    picks = []
    for back in reversed(links[:round_ + 1]):
        node, pick = back[node]
        picks.append(pick)
    return picks[::-1]
