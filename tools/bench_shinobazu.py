"""Micro-benchmark of the Shinobazu engine: µs per clone, view, resample, and random playout of a whole game.

Run: python tools/bench_shinobazu.py [--players 4] [--positions 300]. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.engine import play_out  # noqa: E402
from game.titles.shinobazu.rules import ShinobazuState, new_state  # noqa: E402


def decisions(players: int, count: int, seed: int) -> list[ShinobazuState]:
    """Positions at a decision, reached by random play."""
    rng, found = Random(seed), []
    while len(found) < count:
        state = new_state(players)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def per_call(fn, items: list, repeat: int) -> float:
    """Mean µs of fn(item) over the items, `repeat` times each."""
    began = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (time.perf_counter() - began) / (repeat * len(items)) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    states = decisions(args.players, args.positions, seed=1)
    rng = Random(2)
    figures = {
        "clone": per_call(lambda s: s.clone(), states, 50),
        "view": per_call(lambda s: s.view(s.current_player()), states, 10),
        "resample": per_call(lambda s: s.resample(s.current_player(), rng), states, 10),
        "legal_actions": per_call(lambda s: s.legal_actions(), states, 50),
        "playout (whole game)": per_call(lambda seed: play_out(new_state(args.players), Random(seed)),
                                         list(range(args.games)), 1),
    }
    print(f"Shinobazu, {args.players} players, {len(states)} decision positions")
    for name, micros in figures.items():
        print(f"  {name:<22} {micros:10.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
