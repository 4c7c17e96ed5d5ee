"""Record what a title's bots do on fixed positions, to show that a speed change keeps every choice the same.

    python tools/same_choices.py record --title fusejika before.json     # on the code before the change
    python tools/same_choices.py record --title fusejika after.json      # on the code after it
    python tools/same_choices.py compare before.json after.json

`record` plays seeded games (half the moves random, half the rules bot's) at each of the title's table sizes and,
at every decision, writes the legal actions, the rules bot's move, Easy's move, the prior and the evaluation of the
position (where the title has them), what each seat sees of the move taken (`action_key`); at the end of each game,
every seat's view; and on a few positions of each game the Normal and Hard searches' choice and visit counts at a
small budget. `compare` says where two records first differ. Everything is written with repr(), so a float that
changed in its last bit counts as a change, except that a set is written in sorted order (`shown`): a set's order
follows the hash seed and differs between CPython and PyPy, and `record` runs with a fixed PYTHONHASHSEED too.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import make_bot  # noqa: E402
from game.titles import registry  # noqa: E402


def shown(value) -> str:
    """repr(), with every set inside written in sorted order (so a record does not depend on the set order)."""
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}({{{', '.join(sorted(shown(item) for item in value))}}})"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (f"{f.name}={shown(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.repr)
        return f"{type(value).__name__}({', '.join(fields)})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        fields = (f"{name}={shown(item)}" for name, item in zip(value._fields, value, strict=True))
        return f"{type(value).__name__}({', '.join(fields)})"
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        inner = ", ".join(shown(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    if type(value) is dict:
        return "{" + ", ".join(f"{shown(k)}: {shown(v)}" for k, v in value.items()) + "}"
    return repr(value)


def record(slug: str, games: int, seed: int, searches: int, iterations: int) -> list[list[str]]:
    spec = registry.get(slug)
    kit = spec.kit()
    rows: list[list[str]] = []
    rng = Random(seed)
    sizes = list(range(spec.min_players, spec.max_players + 1))
    for game in range(games):
        players = sizes[game % len(sizes)]
        state = spec.new_state(players, {})
        decisions = 0
        for _ in range(spec.max_actions):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                row = [shown(legal), shown(kit.rollout_policy(state.clone(), Random(decisions))),
                       shown(make_bot(slug, "easy").choose(state.clone(), Random(decisions)))]
                if kit.prior is not None:
                    row.append(shown(kit.prior(state.clone())))
                if kit.evaluate is not None:
                    row.append(shown(kit.evaluate(state.clone())))
                if decisions < searches:
                    for level in (f"normal:{iterations}", f"hard:{iterations}"):
                        bot = make_bot(slug, level)
                        bot.last = None
                        row.append(shown(bot.choose(state.clone(), Random(decisions))))
                        if bot.last is not None:
                            row.append(shown(sorted((shown(a), n) for a, n in bot.last.stats().items())))
                rows.append(row)
                decisions += 1
                action = legal[rng.randrange(len(legal))] if rng.random() < 0.5 else \
                    kit.rollout_policy(state.clone(), Random(decisions))
            rows.append([shown(state.action_key(action, seat)) for seat in range(players)])
            state.apply(action)
        rows.append([shown(state.view(seat)) for seat in range(players)])
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play the seeded games and write what the bots did")
    rec.add_argument("--title", required=True)
    rec.add_argument("--games", type=int, default=60)
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--searches", type=int, default=3, help="positions per game searched by Normal and Hard")
    rec.add_argument("--iterations", type=int, default=60, help="the searches' budget")
    rec.add_argument("out")
    cmp = sub.add_parser("compare", help="where two records differ")
    cmp.add_argument("before")
    cmp.add_argument("after")
    args = parser.parse_args(argv)
    if args.command == "record" and os.environ.get("PYTHONHASHSEED") != "0":  # a set's order follows the hash seed
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    if args.command == "record":
        rows = record(args.title, args.games, args.seed, args.searches, args.iterations)
        Path(args.out).write_text(json.dumps({"title": args.title, "rows": rows}))
        print(f"{args.title}: {len(rows)} rows written to {args.out}")
        return 0
    before, after = (json.loads(Path(name).read_text()) for name in (args.before, args.after))
    if before["title"] != after["title"]:
        print(f"different titles: {before['title']} and {after['title']}")
        return 1
    for index, (old, new) in enumerate(zip(before["rows"], after["rows"], strict=False)):
        if old != new:
            pairs = enumerate(zip(old, new, strict=False))
            column = next((k for k, (a, b) in pairs if a != b), min(len(old), len(new)))
            shown = [row[column][:300] if column < len(row) else "(none)" for row in (old, new)]
            print(f"{before['title']}: row {index}, item {column} differs:\n  before {shown[0]}\n  after  {shown[1]}")
            return 1
    if len(before["rows"]) != len(after["rows"]):
        print(f"{before['title']}: {len(before['rows'])} rows before, {len(after['rows'])} after")
        return 1
    print(f"{before['title']}: the same, {len(before['rows'])} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
