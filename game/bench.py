"""Benchmarks that print figures: `python -m game.bench frames --title dice_slayer --frames 3000 --json`.

`frames` runs the real scenes headless under autoplay, one fixed step per frame, and reports the
milliseconds of input+update+draw+present per frame (the first 30 frames, which fill caches, are left out), the
main thread's CPU time in the same span (what the figure costs when other programs share the cores) and the
present alone (the canvas scaled into the window); `--size 1920x1080` sizes the window (default 1280x720);
`--titles-path tests/fixtures/titles` adds the tests' toy title (High card, 2 to 7 seats).
`think` times a bot level's decisions (one process, iteration budget only) on positions reached by Easy
play: `python -m game.bench think --title shinobazu --level normal --positions 200 --json`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile

WARMUP = 30


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def bench_frames(title: str, frames: int, seed: int, players: int | None = None, options: dict | None = None,
                 size: tuple[int, int] | None = None) -> dict:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.app import App
    from game.app.setup import GameSetup, start_scene
    from game.services.storage import Storage
    from game.titles import registry

    spec = registry.get(title)
    players = players or (spec.min_players if spec.solo else max(spec.min_players, min(4, spec.max_players)))
    setup = GameSetup(title, ["normal"] * (players - 1), seed=seed, options=spec.check(players, options or {}))
    with tempfile.TemporaryDirectory() as home:
        storage = Storage(os.path.join(home, "bench.sqlite3"))  # never touch the player's scores
        app = App(headless=True, storage=storage, bot_process=True, size=size)  # bots think beside the frames
        scene = start_scene(app, setup, autoplay=True)
        app.run(scene, frames=frames + WARMUP, fixed_clock=True)
        times, cpu, present = app.frame_ms[WARMUP:], app.frame_cpu_ms[WARMUP:], app.present_ms[WARMUP:]
        window = app.window.size
        app.close()
    return {
        "bench": "frames", "title": title, "players": players, "options": setup.options, "frames": len(times),
        "seed": seed, "window": f"{window[0]}x{window[1]}",
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 99), 3),
        "max_ms": round(max(times), 3),
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p99_ms": round(percentile(cpu, 99), 3),
        "present_median_ms": round(statistics.median(present), 3),
        "present_p99_ms": round(percentile(present, 99), 3),
    }


def bench_think(title: str, level: str, positions: int, players: int, seed: int,
                options: dict | None = None) -> dict:
    """Think time of `level` on `positions` decisions with a choice, sampled from games of Easy bots."""
    import time
    from random import Random

    from game.ai.levels import make_bot

    states = easy_positions(title, positions, players, seed, options)
    bot, times = make_bot(title, level), []
    for state in states:
        began = time.perf_counter()
        bot.choose(state, Random(seed))
        times.append((time.perf_counter() - began) * 1000)
    return {
        "bench": "think", "title": title, "level": level, "players": players, "positions": len(times),
        "seed": seed, "mean_ms": round(statistics.fmean(times), 2), "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 95), 2), "max_ms": round(max(times), 2),
    }


def easy_positions(title: str, positions: int, players: int, seed: int, options: dict | None = None) -> list:
    """`positions` decision states with a choice, sampled from games of Easy bots."""
    from random import Random

    from game.ai.levels import make_bot
    from game.titles import registry

    spec = registry.get(title)
    rng, easy, states = Random(seed), make_bot(title, "easy"), []
    while len(states) < positions:
        state = spec.new_state(players, options)
        while not state.is_terminal() and len(states) < positions:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.5:
                states.append(state.clone())
            state.apply(easy.choose(state, rng))
    return states


def time_search(job: dict) -> dict:
    """Iterations and seconds of `job["level"]` searching each position of `job["histories"]`, the fastest of
    `job["repeat"]` runs of the same search per position (self-contained, so `bench search --baseline DIR` can run
    it on an older checkout of the project). Seconds of this process's CPU time: other programs sharing the cores
    (an arena, a test run) do not count, so two figures taken minutes apart compare."""
    import time
    from random import Random

    from game.ai.levels import make_bot
    from game.titles import registry

    spec = registry.get(job["slug"])
    iterations, seconds = 0, 0.0
    for k, history in enumerate(job["histories"]):
        state = spec.new_state(job["players"], job["options"])
        for data in history:
            state.apply(state.action_from_json(data))
        fastest = None
        for _ in range(job.get("repeat", 1)):  # the same seed: the same search, so the fastest run is the figure
            bot = make_bot(job["slug"], job["level"])
            bot.last = None
            began = time.process_time()
            bot.choose(state, Random(job["seed"] + k))
            elapsed = time.process_time() - began
            if bot.last is None:  # decided without a search (a rule shortcut): not counted
                break
            fastest = elapsed if fastest is None else min(fastest, elapsed)
        if fastest is not None:
            iterations += bot.last.iterations
            seconds += fastest
    return {"iterations": iterations, "seconds": seconds}


BASELINE_SCRIPT = """
import json, sys
{source}
print(json.dumps(time_search(json.load(sys.stdin))))
"""


def bench_search(title: str, positions: int, players: int, seed: int, iterations: int, options: dict | None = None,
                 baseline: str | None = None, repeat: int = 3, rounds: int = 1) -> dict:
    """Iterations per second of the levels' search and of the first search (normal_v1) on the same positions, at
    the same budget, in one run; with `baseline` (a checkout of an older revision) also that revision's Normal.
    With `rounds` > 1 the three are timed in turn that many times: each figure is the median over the rounds,
    each ratio the median of the rounds' ratios, with its lowest and highest (`*_range`)."""
    import inspect
    import subprocess

    from game.titles import registry

    states = easy_positions(title, positions, players, seed, options)
    histories = [[state.action_to_json(action) for action in state.history] for state in states]
    job = {"slug": title, "players": players, "options": registry.get(title).check(players, options or {}),
           "histories": histories, "seed": seed, "repeat": repeat}

    def baseline_row() -> dict:
        script = BASELINE_SCRIPT.format(source=inspect.getsource(time_search))
        env = {**os.environ, "PYTHONPATH": os.path.abspath(baseline)}  # type: ignore[arg-type]
        done = subprocess.run([sys.executable, "-c", script], input=json.dumps({**job, "level": f"normal:{iterations}"}),
                              capture_output=True, text=True, env=env, cwd=os.path.abspath(baseline),  # type: ignore[arg-type]
                              check=False)
        if done.returncode:
            raise RuntimeError(f"the baseline at {baseline} failed:\n{done.stderr[-2000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    speeds: dict[str, list[float]] = {}
    for _ in range(max(1, rounds)):
        rows = {name: time_search({**job, "level": level})
                for name, level in (("search", f"normal:{iterations}"), ("normal_v1", f"normal_v1:{iterations}"))}
        if baseline:
            rows["baseline"] = baseline_row()
        for name, row in rows.items():
            speeds.setdefault(name, []).append(row["iterations"] / row["seconds"] if row["seconds"] else 0.0)
    result = {"bench": "search", "title": title, "players": players, "positions": len(states), "seed": seed,
              "repeat": repeat, "rounds": max(1, rounds), "iterations_per_decision": iterations, "clock": "cpu"}
    for name, figures in speeds.items():
        result[f"{name}_per_s"] = round(statistics.median(figures), 1)
    for other in ("normal_v1", "baseline"):
        if other in speeds:
            ratios = [mine / theirs for mine, theirs in zip(speeds["search"], speeds[other], strict=True) if theirs]
            result[f"ratio_to_{other}"] = round(statistics.median(ratios), 2)
            result[f"ratio_to_{other}_range"] = [round(min(ratios), 2), round(max(ratios), 2)]
    if baseline:
        result["baseline"] = baseline
    return result


def bench_steps(title: str, players: int, seed: int, steps: int, options: dict | None = None) -> dict:
    """The replay theatre's step: positions of a game of Easy bots rebuilt by the history cursor at random, in ms."""
    import time
    from random import Random

    from game.ai.levels import make_bot
    from game.core.cursor import HistoryCursor
    from game.titles import registry

    spec = registry.get(title)
    rng, easy = Random(seed), make_bot(title, "easy")
    state = spec.new_state(players, options)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance_node() else easy.choose(state, rng))
    cursor = HistoryCursor(spec.new_state(players, options), state.history)
    began = time.perf_counter()
    cursor.state_at(len(state.history))
    first = (time.perf_counter() - began) * 1000
    times = []
    for _ in range(steps):
        index = rng.randrange(len(state.history) + 1)
        began = time.perf_counter()
        cursor.state_at(index)
        times.append((time.perf_counter() - began) * 1000)
    return {"bench": "steps", "title": title, "players": players, "seed": seed, "actions": len(state.history),
            "first_pass_ms": round(first, 2), "steps": steps, "step_median_ms": round(statistics.median(times), 3),
            "step_p99_ms": round(percentile(times, 99), 3), "step_max_ms": round(max(times), 3)}


def bench_coach(title: str, players: int, games: int, seed: int, iterations: int, options: dict | None = None
                ) -> dict:
    """The coach on games where seat 0 was a random player and the others Easy: how often seat 0's choice was the
    coach's first, what the choices cost, and the time to read one game (as the theatre's worker would)."""
    import time
    from random import Random

    from game.ai.coach import analyse
    from game.ai.levels import make_bot
    from game.titles import registry

    spec = registry.get(title)
    rng, easy = Random(seed), make_bot(title, "easy")
    decisions = agreed = 0
    costs, seconds = [], []
    for game in range(games):
        state = spec.new_state(players, options)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()) if state.current_player() == 0 else
                            easy.choose(state, rng))
        began = time.perf_counter()
        advice = analyse(spec.kit(), spec.new_state(players, options), list(state.history), 0, iterations,
                         seed + game)
        seconds.append(time.perf_counter() - began)
        decisions += len(advice)
        agreed += sum(a.agreed for a in advice)
        costs += [a.cost for a in advice]
    return {"bench": "coach", "title": title, "players": players, "games": games, "seed": seed,
            "iterations": iterations, "decisions": decisions,
            "agreed_share": round(agreed / decisions, 3) if decisions else None,
            "mean_cost": round(statistics.mean(costs), 4) if costs else None,
            "game_seconds_mean": round(statistics.mean(seconds), 2),
            "decision_ms_mean": round(1000 * sum(seconds) / decisions, 1) if decisions else None}


def add_titles_path(folder: str) -> None:
    """Let the registry (here and in the bot worker process) find the title packages in `folder`."""
    import game.titles
    from game.services.i18n import catalogue
    from game.titles import registry

    folder = os.path.abspath(folder)
    os.environ["ASOBIBA_TITLES_PATH"] = os.pathsep.join(filter(None, (os.environ.get("ASOBIBA_TITLES_PATH"), folder)))
    if folder not in game.titles.__path__:
        game.titles.__path__.append(folder)
    registry.refresh()
    catalogue.cache_clear()


def window_size(text: str) -> tuple[int, int]:
    """`1920x1080` as (1920, 1080)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size WxH: {text!r}") from None
    if width < 1 or height < 1:
        raise argparse.ArgumentTypeError(f"not a size WxH: {text!r}")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench")
    sub = parser.add_subparsers(dest="bench", required=True)
    frames = sub.add_parser("frames", help="frame time of a title's scene under autoplay")
    frames.add_argument("--title", required=True, help="a title slug (see the title menu or README)")
    frames.add_argument("--frames", type=int, default=3000)
    frames.add_argument("--seed", type=int, default=1)
    frames.add_argument("--players", type=int, default=None, help="seats (default: 4, or the title's range)")
    frames.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    frames.add_argument("--titles-path", metavar="DIR", help="a folder of more title packages (tests/fixtures/titles)")
    frames.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="the window's size, the canvas scaled to fit (default 1280x720)")
    frames.add_argument("--json", action="store_true")
    think = sub.add_parser("think", help="a bot level's think time per decision")
    think.add_argument("--title", required=True, help="a table title slug")
    think.add_argument("--level", default="normal")
    think.add_argument("--positions", type=int, default=200)
    think.add_argument("--players", type=int, default=None, help="seats (default: 4, or the title's range)")
    think.add_argument("--seed", type=int, default=5)
    think.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    think.add_argument("--titles-path", metavar="DIR", help="a folder of more title packages (tests/fixtures/titles)")
    think.add_argument("--json", action="store_true")
    search = sub.add_parser("search", help="search iterations per second: the levels' search against normal_v1")
    search.add_argument("--title", required=True, help="a table title slug")
    search.add_argument("--positions", type=int, default=60)
    search.add_argument("--iterations", type=int, default=200, help="search iterations per decision")
    search.add_argument("--players", type=int, default=None, help="seats (default: 4, or the title's range)")
    search.add_argument("--seed", type=int, default=5)
    search.add_argument("--repeat", type=int, default=3, help="runs of each search; the fastest counts (noise)")
    search.add_argument("--rounds", type=int, default=1,
                        help="time the searches (and the baseline) in turn this many times; medians are reported")
    search.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    search.add_argument("--baseline", metavar="DIR",
                        help="a checkout of an older revision: also time its Normal (e.g. git worktree add DIR 7e86688)")
    search.add_argument("--titles-path", metavar="DIR", help="a folder of more title packages (tests/fixtures/titles)")
    search.add_argument("--json", action="store_true")
    steps = sub.add_parser("steps", help="the replay theatre's step: any position of a stored game, rebuilt")
    steps.add_argument("--title", required=True)
    steps.add_argument("--players", type=int, default=None, help="seats (default: 4, or the title's range)")
    steps.add_argument("--seed", type=int, default=5)
    steps.add_argument("--steps", type=int, default=500)
    steps.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    steps.add_argument("--titles-path", metavar="DIR", help="a folder of more title packages (tests/fixtures/titles)")
    steps.add_argument("--json", action="store_true")
    coach = sub.add_parser("coach", help="the coach on random players' games: agreement, cost, time per game")
    coach.add_argument("--title", required=True, help="a title slug")
    coach.add_argument("--players", type=int, default=None, help="seats (default: 4, or the title's range)")
    coach.add_argument("--games", type=int, default=5)
    coach.add_argument("--iterations", type=int, default=1600, help="search iterations per decision")
    coach.add_argument("--seed", type=int, default=5)
    coach.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    coach.add_argument("--titles-path", metavar="DIR", help="a folder of more title packages (tests/fixtures/titles)")
    coach.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.titles_path:
        add_titles_path(args.titles_path)
    from game.titles import registry
    from game.titles.spec import SetupError

    try:
        spec = registry.get(args.title)
        if args.players is None:  # 4 seats, or as near as the title's range allows
            args.players = spec.min_players if spec.solo else max(spec.min_players, min(4, spec.max_players))
        options = spec.parse_options(args.option)
        if args.bench in ("think", "search"):
            registry.get(args.title).check(args.players, options)
    except SetupError as exc:
        parser.exit(2, f"bench: {exc}\n")
    if args.bench == "think":
        result = bench_think(args.title, args.level, args.positions, args.players, args.seed, options)
        print(f"{result['title']} {result['level']}: {result['positions']} decisions, mean {result['mean_ms']} ms, "
              f"median {result['median_ms']} ms, p95 {result['p95_ms']} ms, max {result['max_ms']} ms")
    elif args.bench == "steps":
        result = bench_steps(args.title, args.players, args.seed, args.steps, options)
        print(f"{result['title']}: a game of {result['actions']} actions, first pass {result['first_pass_ms']} ms; "
              f"{result['steps']} random steps, median {result['step_median_ms']} ms, p99 {result['step_p99_ms']} ms, "
              f"max {result['step_max_ms']} ms")
    elif args.bench == "coach":
        result = bench_coach(args.title, args.players, args.games, args.seed, args.iterations, options)
        print(f"{result['title']}: {result['games']} games, {result['decisions']} decisions of a random seat 0 read at "
              f"{result['iterations']} iterations; the coach's first choice {result['agreed_share']} of them, mean "
              f"cost {result['mean_cost']}; {result['game_seconds_mean']} s a game, {result['decision_ms_mean']} ms "
              f"a decision")
    elif args.bench == "search":
        result = bench_search(args.title, args.positions, args.players, args.seed, args.iterations, options,
                              args.baseline, args.repeat, args.rounds)

        def ratio(name: str) -> str:
            low, high = result[f"ratio_to_{name}_range"]
            return f"x{result[f'ratio_to_{name}']}" + (f", rounds x{low}-x{high}" if result["rounds"] > 1 else "")

        line = (f"{result['title']}: {result['positions']} positions at {result['iterations_per_decision']} iterations, "
                f"CPU time; search {result['search_per_s']} it/s, normal_v1 {result['normal_v1_per_s']} it/s "
                f"({ratio('normal_v1')})")
        if args.baseline:
            line += f"; baseline {result['baseline_per_s']} it/s ({ratio('baseline')})"
        print(line)
    else:
        result = bench_frames(args.title, args.frames, args.seed, args.players, options, args.size)
        print(f"{result['title']} at {result['window']}: {result['frames']} frames, median {result['median_ms']} ms, "
              f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms (input+update+draw+present); main thread CPU "
              f"median {result['cpu_median_ms']} ms, p99 {result['cpu_p99_ms']} ms; present median "
              f"{result['present_median_ms']} ms, p99 {result['present_p99_ms']} ms")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
