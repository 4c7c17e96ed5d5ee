"""Benchmark only: a Dice Slayer player that knows every future roll and plays them perfectly.

An exact search, round by round, keeping the best score for each (roll position, plate, stock tail); its
score within a round cap is an upper bound for any real player on the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.titles.dice_slayer.bots import Plate, Tail, after_add, pick_outcome
from game.titles.dice_slayer.rules import dice_to_add

Node = tuple[int, Plate, Tail]  # faces used so far, plate before ADD, last two stock dice
Path = tuple | None  # picks as a linked list: (earlier path, pick)


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
        layer: dict[Node, tuple[int, Path]] = {(0, (), ()): (0, None)}
        best: tuple[int, Path] = (-1, None)
        for _ in range(self.round_cap):
            layer, ended = self._next_layer(layer, faces)
            best = max(best, ended, key=lambda found: found[0])
        for found in layer.values():
            best = max(best, found, key=lambda f: f[0])
        return best[0], unwind(best[1])

    def _next_layer(self, layer: dict[Node, tuple[int, Path]], faces: Sequence[int]):
        """Play one round from every node; returns the new nodes and the best game that ended."""
        after: dict[Node, tuple[int, Path]] = {}
        ended: tuple[int, Path] = (-1, None)
        for (used, plate, tail), (score, path) in layer.items():
            n = dice_to_add(len(plate))
            if used + n > len(faces):
                raise ValueError(f"{len(faces)} faces are too few for {self.round_cap} rounds")
            full = after_add(plate, tuple(faces[used:used + n]))
            for pick in sorted(set(full)):
                outcome = pick_outcome(full, tail, pick)
                found = (score + outcome.points, (path, pick))
                node = (used + n, outcome.plate, outcome.tail)
                if outcome.over:
                    ended = max(ended, found, key=lambda f: f[0])
                elif node not in after or found[0] > after[node][0]:
                    after[node] = found
        return after, ended


def unwind(path: Path) -> list[int]:
    """The picks of a linked-list path, first pick first."""
    picks = []
    while path is not None:
        path, pick = path
        picks.append(pick)
    return picks[::-1]
