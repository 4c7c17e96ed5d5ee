"""Benchmark only: a Dice Slayer player that knows every future roll and plays them perfectly.

An exact search, round by round, keeping the best score for each (faces used, plate, stock tail); its score
within a round cap is an upper bound for any real player on the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.titles.dice_slayer.rules import ALL_CLEAR_BONUS, FACES, GAME_OVER_PLATE, side_values

# A plate is packed as six 4-bit counts (face f in bits 4(f-1)..4f-1), so ADD, PICK and CLEAR are integer
# arithmetic. A tail is packed as 8*a + b for the last two stock dice a, b; a is 0 when it is absent or can
# never be part of a set with b (|a - b| > 2), which merges positions with the same future.
ONE = {f: 1 << 4 * (f - 1) for f in FACES}
NIBBLES = 0x111111  # multiplying by this sums the six counts into bits 20-23 (each sum stays below 16)


def _moves(a: int, b: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """For the tail (a, b), each pick's: value, plate unit, its count's mask, the mask of the side values
    it clears, and the next tail."""
    moves = []
    for pick in FACES:
        sides = side_values((a, b, pick)) if a and b else ()
        keep = b if b and abs(b - pick) <= 2 else 0
        moves.append((pick, ONE[pick], 0xF * ONE[pick], sum(0xF * ONE[v] for v in sides), 8 * keep + pick))
    return tuple(moves)


NOTHING = (-1, None, 0)
MOVES = {8 * a + b: _moves(a, b) for a in range(7) for b in range(7)}
SETS = {tail: tuple(m for m in moves if m[3]) for tail, moves in MOVES.items()}  # picks that form a set


class ClairvoyantPlayer:
    """Finds the pick sequence with the highest score within `round_cap` rounds for known rolls."""

    name = "clairvoyant"

    def __init__(self, round_cap: int) -> None:
        self.round_cap = round_cap

    def outcomes_needed(self) -> int:
        """Faces enough for any game of `round_cap` rounds (3 per round at most)."""
        return 3 * self.round_cap

    def plan(self, faces: Sequence[int]) -> tuple[int, list[int]]:
        """The best score for these rolls (drawn in order) and the picks that reach it."""
        if len(faces) < self.outcomes_needed():
            raise ValueError(f"{len(faces)} faces are too few for {self.round_cap} rounds")
        rolls = packed_rolls(faces)
        layers = [{(0, 0, 0, 0): (0, None, 0)}]  # per round: node -> (best score, parent node, pick)
        best = (-1, 0, (), [])  # score, layer, node there, and the picks after it of the best game found
        for round_ in range(self.round_cap):
            layer, (score, node, pick) = expand(layers[-1], rolls)
            if score > best[0]:
                best = (score, round_, node, [pick])
            layers.append(layer)
        for node, (score, _, _) in layers[-1].items():
            if score > best[0]:
                best = (score, self.round_cap, node, [])
        return best[0], unwind(layers, best[1], best[2]) + best[3]


def packed_rolls(faces: Sequence[int]) -> list[tuple[int, int]]:
    """For each position in the rolls: the packed plate units of the next 2 and the next 3 faces."""
    units = [ONE[f] for f in faces] + [0, 0]
    return [(units[i] + units[i + 1], units[i] + units[i + 1] + units[i + 2]) for i in range(len(faces))]


def expand(layer: dict[tuple, tuple], rolls: list[tuple[int, int]]) -> tuple[dict, tuple]:
    """Play one round from every node: the new layer, and the best game ending in this round (its
    score, its node in `layer` and the last pick)."""
    after: dict[tuple, tuple] = {}
    ended = NOTHING
    for node, (score, _, _) in layer.items():
        used, size, plate, tail = node
        n = 2 if size else 3  # ADD (dice_to_add, inlined)
        full, kept, used = plate + rolls[used][n - 2], size + n - 1, used + n
        if kept >= GAME_OVER_PLATE:  # a full plate: only a clear goes on, any other pick ends the game
            if score > ended[0] and (pick := ending_pick(full, tail)):
                ended = (score, node, pick)
            moves = SETS[tail]
        else:
            moves = MOVES[tail]
        for pick, one, count, mask, next_tail in moves:
            if not full & count:
                continue
            rest = full - one
            removed = rest & mask
            k = (removed * NIBBLES) >> 20 & 0xF
            left = kept - k
            if left >= GAME_OVER_PLATE:
                if score > ended[0]:
                    ended = (score, node, pick)
                continue
            child = (used, left, rest - removed, next_tail)
            gained = score + k * k + (ALL_CLEAR_BONUS if k and not left else 0)
            if gained > after.get(child, NOTHING)[0]:
                after[child] = (gained, node, pick)
    return after, ended


def ending_pick(full: int, tail: int) -> int:
    """The lowest pick on a packed plate that clears nothing, or 0."""
    for pick, one, count, mask, _ in MOVES[tail]:
        if full & count and not (full - one) & mask:
            return pick
    return 0


def unwind(layers: list[dict[tuple, tuple]], round_: int, node: tuple) -> list[int]:
    """The picks that lead to `node` in layer `round_` (after that many rounds), first pick first."""
    picks = []
    for layer in reversed(layers[1:round_ + 1]):
        _, node, pick = layer[node]
        picks.append(pick)
    return picks[::-1]
