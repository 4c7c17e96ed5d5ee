"""Kitsune-gaeshi lie and flip statistics per bot: `python tools/kitsune_stats.py --games N --bots a,b,c,d`.

Plays games exactly like the arena (game i: chance from Random(S+i), bot k at seat (k+i) mod n, the bot at seat s
choosing with Random(f"{S}/{i}/{s}")) and counts, from each final state's revealed rounds: declarations, lies
(hidden foxes, fake foxes), flips and successful flips, wins, and think times.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.arena import Title, table_bot  # noqa: E402
from game.core.engine import play_chance  # noqa: E402
from game.titles.kitsune_gaeshi.rules import lie_stats, new_state  # noqa: E402

KEYS = ("declared", "lies", "hidden_foxes", "fake_foxes", "flips", "flip_wins")


def run(names: list[str], games: int, seed: int, options: dict) -> dict[str, dict]:
    title = Title("kitsune_gaeshi", importlib.import_module("game.titles.kitsune_gaeshi.rules"),
                  importlib.import_module("game.titles.kitsune_gaeshi.bots"))
    totals = {name: {**dict.fromkeys(KEYS, 0), "share": 0.0, "seats": 0, "think": []} for name in names}
    for game in range(games):
        state, chance = new_state(players=len(names), **options), Random(seed + game)
        n = state.num_players
        bots = [table_bot(title, name) for name in names]
        seat_of = [(k + game) % n for k in range(n)]
        bot_at = {s: k for k, s in enumerate(seat_of)}
        rngs = [Random(f"{seed}/{game}/{s}") for s in range(n)]
        while True:
            play_chance(state, chance)
            if state.is_terminal():
                break
            seat = state.current_player()
            began = time.perf_counter()
            action = bots[bot_at[seat]].choose(state, rngs[seat])
            totals[names[bot_at[seat]]]["think"].append(time.perf_counter() - began)
            state.apply(action)
        stats, shares = lie_stats(state.past, n), state.returns()
        for k, name in enumerate(names):
            row = totals[name]
            for key in KEYS:
                row[key] += stats[key][seat_of[k]]
            row["share"] += shares[seat_of[k]]
            row["seats"] += 1
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="normal,easy,easy,easy")
    parser.add_argument("--companion", default="standard")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    totals = run(names, args.games, args.seed, {"companion": args.companion})
    print(f"{'bot':<12}{'seats':>6}{'win share':>10}{'lie rate':>9}{'hidden':>8}{'fake':>6}{'flips':>7}"
          f"{'flip ok':>8}{'think p95 ms':>13}")
    for name, row in totals.items():
        lie = row["lies"] / row["declared"] if row["declared"] else 0.0
        ok = row["flip_wins"] / row["flips"] if row["flips"] else 0.0
        think = sorted(row["think"])
        p95 = 1000 * think[int(0.95 * (len(think) - 1))] if think else 0.0
        print(f"{name:<12}{row['seats']:>6}{row['share'] / row['seats']:>10.3f}{lie:>9.3f}{row['hidden_foxes']:>8}"
              f"{row['fake_foxes']:>6}{row['flips']:>7}{ok:>8.3f}{p95:>13.1f}")
        del row["think"]


if __name__ == "__main__":
    main()
