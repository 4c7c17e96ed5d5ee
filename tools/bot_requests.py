"""Bot requests through the worker, counted: `python tools/bot_requests.py kitsune_gaeshi --requests 1000
--level normal --option fox_count=5 --option companion=casual`.

Plays games of the title with the given rule options, asking every decision of the worker (in-process, as the
tests do; `--process` for the app's worker process) exactly as the table does (the setup's rules options, the
action history), and prints how many requests were answered, how many failed, and the think time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.worker import BotWorker, InlineWorker  # noqa: E402
from game.app.setup import GameSetup  # noqa: E402
from game.titles import registry  # noqa: E402


def run(slug: str, requests: int, level: str, options: dict, players: int | None, seed: int,
        process: bool) -> dict:
    spec = registry.get(slug)
    players = players or spec.max_players
    setup = GameSetup(slug, [level] * (players - 1), options={**spec.default_options(), **options})
    spec.check(players, setup.options)
    worker = BotWorker(preload=(slug,)) if process else InlineWorker()
    worker.start()
    rng, asked, errors, think = Random(seed), 0, [], []
    try:
        while asked < requests:
            state = spec.new_state(players, setup.options)
            while not state.is_terminal() and asked < requests:
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                history = [state.action_to_json(a) for a in state.history]
                ticket = worker.submit(slug, setup.rules_options(), history, state.current_player(), level,
                                       rng.randrange(2**31))
                result = worker.poll(ticket)
                while result is None:
                    time.sleep(0.001)
                    result = worker.poll(ticket)
                asked += 1
                if not result.ok:
                    errors.append(result.error)
                    state.apply(rng.choice(state.legal_actions()))
                else:
                    think.append(result.think_ms)
                    state.apply(state.action_from_json(result.action))
    finally:
        worker.stop()
    return {"title": slug, "level": level, "players": players, "options": setup.options, "requests": asked,
            "errors": len(errors), "first_errors": errors[:3],
            "think_ms_mean": round(statistics.fmean(think), 2) if think else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/bot_requests.py", description=__doc__)
    parser.add_argument("title")
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--process", action="store_true", help="ask the worker process the app uses")
    args = parser.parse_args(argv)
    options = registry.get(args.title).parse_options(args.option)
    report = run(args.title, args.requests, args.level, options, args.players, args.seed, args.process)
    print(report)
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
