"""Solve Dice Slayer exactly and write game/titles/dice_slayer/values.bin (needs numpy; tools only).

Value iteration over round-start positions (plate before ADD, last two stock dice), in the indexing of
game.titles.dice_slayer.bots: V(s) = E_roll[max_pick(points + V(next))], a finished game worth 0.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.titles.dice_slayer.bots import (  # noqa: E402
    PLATES,
    TAILS,
    VALUES_HEADER,
    VALUES_MAGIC,
    VALUES_PATH,
    VALUES_VERSION,
    after_add,
    pick_outcome,
    rolls,
    state_index,
)
from game.titles.dice_slayer.rules import FACES, GAME_OVER_PLATE, dice_to_add  # noqa: E402

CAP = 60  # the benchmark's round cap: also report the optimal expected score within it


def full_plates() -> dict[tuple[int, ...], int]:
    """Every plate right after ADD (3 to 9 dice), numbered."""
    sizes = range(3, GAME_OVER_PLATE + 2)
    return {p: i for i, p in enumerate(p for n in sizes for p in combinations_with_replacement(FACES, n))}


def pick_stage(full: dict) -> tuple[np.ndarray, np.ndarray]:
    """For every (plate after ADD, tail) and pick 1-6: the next position (S = game over) and the points."""
    terminal = len(PLATES) * len(TAILS)
    nxt = np.full((len(full) * len(TAILS), len(FACES)), terminal, dtype=np.int64)
    points = np.full(nxt.shape, -np.inf)
    for plate, f in full.items():
        for t, tail in enumerate(TAILS):
            for pick in set(plate):
                outcome = pick_outcome(plate, tail, pick)
                row = f * len(TAILS) + t
                points[row, pick - 1] = outcome.points
                if not outcome.over:
                    nxt[row, pick - 1] = state_index(outcome.plate, outcome.tail)
    return nxt, points


def add_stage(full: dict) -> tuple[np.ndarray, np.ndarray]:
    """For every round-start position: the (plate after ADD, tail) row of each roll, and its probability."""
    width = len(rolls(3))
    row = np.zeros((len(PLATES) * len(TAILS), width), dtype=np.int64)
    prob = np.zeros(row.shape)
    for plate in PLATES:
        for r, (roll, p) in enumerate(rolls(dice_to_add(len(plate)))):
            f = full[after_add(plate, roll)]
            for t, tail in enumerate(TAILS):
                s = state_index(plate, tail)
                row[s, r], prob[s, r] = f * len(TAILS) + t, p
    return row, prob


def model() -> tuple[np.ndarray, ...]:
    """The game as arrays: pick stage (next position, points) and add stage (row, probability)."""
    full = full_plates()
    return (*pick_stage(full), *add_stage(full))


def solve(arrays: tuple[np.ndarray, ...], tolerance: float, max_sweeps: int) -> tuple[np.ndarray, float, int]:
    """Value iteration from V = 0; returns V, the value after CAP sweeps at the start, and the sweeps."""
    nxt, points, row, prob = arrays
    values = np.zeros(len(PLATES) * len(TAILS) + 1)  # the last entry is a finished game
    capped = 0.0
    for sweep in range(1, max_sweeps + 1):
        best = (points + values[nxt]).max(axis=1)
        new = np.append((best[row] * prob).sum(axis=1), 0.0)
        delta = float(np.abs(new - values).max())
        values = new
        if sweep == CAP:
            capped = float(values[0])
        if sweep % 100 == 0 or delta < tolerance:
            print(f"sweep {sweep:6d}  V(start) = {values[0]:.6f}  max change = {delta:.3e}", flush=True)
        if delta < tolerance:
            return values[:-1], capped, sweep
    raise SystemExit(f"no convergence in {max_sweeps} sweeps (last change {delta:.3e})")


def follow(arrays: tuple[np.ndarray, ...], values: np.ndarray, count_rounds: bool, rounds: int) -> float:
    """Expected points (or rounds played) from the start when making the table's picks for `rounds` rounds."""
    nxt, points, row, prob = arrays
    choice = np.argmax(points + np.append(values, 0.0)[nxt], axis=1)  # lowest pick wins ties, as in bots.py
    taken = np.arange(len(nxt))
    target = nxt[taken, choice]
    gain = np.ones(len(nxt)) if count_rounds else points[taken, choice]
    result = np.zeros(len(values) + 1)
    for _ in range(rounds):
        new = np.append(((gain + result[target])[row] * prob).sum(axis=1), 0.0)
        if np.abs(new - result).max() < 1e-9:
            break
        result = new
    return float(result[0])


def write(values: np.ndarray, path: Path) -> None:
    """values.bin: a small header, then one little-endian float32 per round-start position."""
    header = VALUES_HEADER.pack(VALUES_MAGIC, VALUES_VERSION, len(PLATES), len(TAILS))
    path.write_bytes(header + values.astype("<f4").tobytes())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tolerance", type=float, default=1e-7)
    parser.add_argument("--max-sweeps", type=int, default=100_000)
    parser.add_argument("--out", type=Path, default=VALUES_PATH)
    args = parser.parse_args()
    began = time.perf_counter()
    arrays = model()
    print(f"model built in {time.perf_counter() - began:.1f} s", flush=True)
    values, capped, sweeps = solve(arrays, args.tolerance, args.max_sweeps)
    write(values, args.out)
    print(f"{sweeps} sweeps in {time.perf_counter() - began:.1f} s in all; wrote {args.out}")
    print(f"expected score of optimal play (no cap): {values[0]:.4f}")
    print(f"expected rounds of that play (no cap): {follow(arrays, values, True, 100 * sweeps):.2f}")
    print(f"expected score of optimal play within {CAP} rounds: {capped:.4f}")
    print(f"expected score of the table's (uncapped) policy within {CAP} rounds: "
          f"{follow(arrays, values, False, CAP):.4f}")


if __name__ == "__main__":
    main()
