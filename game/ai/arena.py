"""Bot-versus-bot benchmarks from the command line: `python -m game.arena <slug> --games N --seed S --bots a,b`.

Game i is seeded S+i, and every bot meets the same chance outcomes in it (each draws them in order from its own
`random.Random(S+i)`); an oracle (a benchmark player that knows them in advance) gets the same sequence.
"""

# A title offers `rules.new_state()`, `bots.BOTS` (name -> bot factory) and, optionally, `bots.ORACLES`:
# name -> factory(round_cap) of an object with `outcomes_needed()` and `plan(outcomes) -> (score, actions)`.
# A solo title whose game is won or lost sets `bots.ARENA_METRIC = "win_rate"` (returns() is 1 for a win, 0 for
# a loss): the arena then reports wins, the win rate and its 95% Wilson interval instead of score statistics.
# Multi-player titles (a --players option, rotated seats, win rates) are still to come.

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from random import Random
from types import ModuleType
from typing import Any

from game.core.engine import play_chance


class ArenaError(ValueError):
    """A request the arena cannot run (unknown title or bot, missing option)."""


@dataclass
class Title:
    """A title's modules as the arena uses them: rules (new_state) and bots (BOTS, optional ORACLES)."""

    slug: str
    rules: ModuleType
    bots: ModuleType


@dataclass
class Game:
    """One finished game of one player."""

    score: float
    rounds: int
    think: list[float] = field(default_factory=list)  # seconds per decision (per game for an oracle)


def load_title(slug: str) -> Title:
    """Import `game.titles.<slug>.rules` and `.bots`; a clear ArenaError for an unknown slug."""
    if not slug.isidentifier():
        raise ArenaError(f"unknown title {slug!r}")
    try:
        rules = importlib.import_module(f"game.titles.{slug}.rules")
        bots = importlib.import_module(f"game.titles.{slug}.bots")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"game.titles.{slug}"):
            raise ArenaError(f"unknown title {slug!r} (no module {exc.name})") from None
        raise
    return Title(slug, rules, bots)


def rounds_done(state: Any) -> int:
    """Completed rounds: the state's `round`, or its decisions so far."""
    return getattr(state, "round", len(state.history))


def play_solo(title: Title, bot: Any, seed: int, round_cap: int | None) -> Game:
    """One solo game of `bot` on the chance outcomes of `seed`, stopped after `round_cap` rounds."""
    state, chance, own = title.rules.new_state(), Random(seed), Random(f"{bot.name}/{seed}")
    think = []
    while True:
        play_chance(state, chance)
        if state.is_terminal() or (round_cap is not None and rounds_done(state) >= round_cap):
            return Game(state.returns()[0], rounds_done(state), think)
        began = time.perf_counter()
        action = bot.choose(state, own)
        think.append(time.perf_counter() - began)
        state.apply(action)


def chance_outcomes(title: Title, seed: int, count: int) -> list[Any]:
    """The first `count` chance outcomes of game `seed`, drawn as play_solo draws them."""
    template, chance = title.rules.new_state(), Random(seed)
    return [template.sample_chance(chance) for _ in range(count)]


def timed_plan(oracle: Any, outcomes: list[Any]) -> tuple[float, list[Any], float]:
    """The oracle's plan for known outcomes, with the seconds it took."""
    began = time.perf_counter()
    score, actions = oracle.plan(outcomes)
    return score, actions, time.perf_counter() - began


def play_plan(title: Title, actions: list[Any], seed: int, round_cap: int) -> Game:
    """Play an oracle's actions through the rules on the chance outcomes of `seed`."""
    state, chance = title.rules.new_state(), Random(seed)
    for action in actions:
        play_chance(state, chance)
        state.apply(action)
    play_chance(state, chance)
    if not (state.is_terminal() or rounds_done(state) >= round_cap):
        raise ArenaError(f"the oracle's plan for seed {seed} stops before the game ends")
    return Game(state.returns()[0], rounds_done(state))


def run_oracle(title: Title, make: Any, seeds: list[int], round_cap: int | None, jobs: int) -> list[Game]:
    """Plan every game with the oracle (in worker processes), then check each plan through the rules."""
    if round_cap is None:
        raise ArenaError("an oracle that knows the future needs --round-cap")
    oracle = make(round_cap)
    outcomes = [chance_outcomes(title, seed, oracle.outcomes_needed()) for seed in seeds]
    if jobs > 1 and len(seeds) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            plans = list(pool.map(timed_plan, [oracle] * len(seeds), outcomes))
    else:
        plans = [timed_plan(oracle, o) for o in outcomes]
    games = []
    for seed, (score, actions, seconds) in zip(seeds, plans, strict=True):
        game = play_plan(title, actions, seed, round_cap)
        if game.score != score:
            raise ArenaError(f"the oracle promised {score} for seed {seed} but its plan scores {game.score}")
        game.think = [seconds]
        games.append(game)
    return games


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate, z2 = wins / games, z * z / games
    centre = (rate + z2 / 2) / (1 + z2)
    half = z * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games)) / (1 + z2)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise_wins(games: list[Game]) -> dict:
    """Wins, win rate with its 95% interval, rounds and think time of one player's games."""
    wins = sum(g.score > 0 for g in games)
    low, high = wilson_interval(wins, len(games))
    think = [t for g in games for t in g.think] or [0.0]
    return {
        "wins": wins, "games": len(games), "win_rate": wins / len(games), "ci95": [low, high],
        "mean_rounds": statistics.fmean(g.rounds for g in games),
        "think_ms_mean": 1000 * statistics.fmean(think), "think_ms_p95": 1000 * percentile(think, 95),
        "think_per": "decision", "scores": [g.score for g in games],
    }


def summarise(games: list[Game], bound: list[Game] | None, per_game: bool) -> dict:
    """Score and think-time statistics of one player's games (and its share of the oracle's scores)."""
    scores = [g.score for g in games]
    think = [t for g in games for t in g.think] or [0.0]
    summary = {
        "mean": statistics.fmean(scores), "median": statistics.median(scores), "p90": percentile(scores, 90),
        "mean_rounds": statistics.fmean(g.rounds for g in games),
        "think_ms_mean": 1000 * statistics.fmean(think), "think_ms_p95": 1000 * percentile(think, 95),
        "think_per": "game" if per_game else "decision", "scores": scores,
    }
    if bound is not None:
        best = [g.score for g in bound]
        summary["fraction_of_bound"] = sum(scores) / sum(best) if sum(best) else 1.0
        summary["mean_ratio_to_bound"] = statistics.fmean(s / b if b else 1.0 for s, b in zip(scores, best, strict=True))
    return summary


def run(slug: str, names: list[str], games: int, seed: int, round_cap: int | None = None,
        jobs: int = 1) -> dict:
    """Play `games` games per player and return the statistics (what --json prints)."""
    title = load_title(slug)
    if title.rules.new_state().num_players != 1:
        raise ArenaError(f"{slug} is a multi-player title; the arena plays solo titles only so far")
    bots, oracles = title.bots.BOTS, getattr(title.bots, "ORACLES", {})
    unknown = [n for n in names if n not in bots and n not in oracles]
    if unknown or not names:
        raise ArenaError(f"unknown bot(s) {', '.join(unknown) or '(none given)'}; "
                         f"{slug} has {', '.join([*bots, *oracles])}")
    seeds = list(range(seed, seed + games))
    began = time.perf_counter()
    results, rates = {}, {}
    for name in names:
        started = time.perf_counter()
        if name in oracles:
            results[name] = run_oracle(title, oracles[name], seeds, round_cap, jobs)
        else:
            results[name] = [play_solo(title, bots[name](), s, round_cap) for s in seeds]
        rates[name] = games / max(time.perf_counter() - started, 1e-9)
    metric = getattr(title.bots, "ARENA_METRIC", "score")
    oracle = next((n for n in names if n in oracles), None)
    bound = results[oracle] if oracle else None
    summaries = {}
    for name in names:
        if metric == "win_rate":
            summaries[name] = summarise_wins(results[name])
        else:
            summaries[name] = summarise(results[name], bound, name in oracles)
        summaries[name]["games_per_s"] = rates[name]
    return {
        "title": slug, "metric": metric, "games": games, "seed": seed, "round_cap": round_cap, "bound": oracle,
        "bots": summaries, "elapsed_s": time.perf_counter() - began,
    }


def win_table(report: dict) -> list[str]:
    """The rows of a win-rate report."""
    lines = [f"{'bot':<12}{'wins':>8}{'win rate':>10}{'95% interval':>18}{'rounds':>9}{'think ms':>10}"
             f"{'p95 ms':>10}{'games/s':>10}"]
    for name, s in report["bots"].items():
        low, high = s["ci95"]
        lines.append(f"{name:<12}{s['wins']:>8}{s['win_rate']:>10.4f}{f'{low:.4f}-{high:.4f}':>18}"
                     f"{s['mean_rounds']:>9.2f}{s['think_ms_mean']:>10.4f}{s['think_ms_p95']:>10.4f}"
                     f"{s['games_per_s']:>10.0f}")
    return lines


def table(report: dict) -> str:
    """The report as a readable table."""
    cap = report["round_cap"]
    lines = [f"{report['title']}: {report['games']} games from seed {report['seed']}"
             f"{f', rounds capped at {cap}' if cap else ''} ({report['elapsed_s']:.1f} s)"]
    if report["metric"] == "win_rate":
        return "\n".join(lines + win_table(report))
    lines += [f"{'bot':<12}{'mean':>9}{'median':>9}{'p90':>9}{'rounds':>9}{'think ms':>10}{'p95 ms':>10}"
             + (f"{'of bound':>10}{'mean ratio':>12}" if report["bound"] else "")]
    for name, s in report["bots"].items():
        row = (f"{name:<12}{s['mean']:>9.2f}{s['median']:>9.1f}{s['p90']:>9.1f}{s['mean_rounds']:>9.1f}"
               f"{s['think_ms_mean']:>10.3f}{s['think_ms_p95']:>10.3f}")
        if report["bound"]:
            row += f"{s['fraction_of_bound']:>10.1%}{s['mean_ratio_to_bound']:>12.1%}"
        lines.append(row + (" (think time per game)" if s["think_per"] == "game" else ""))
    return "\n".join(lines)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__)
    parser.add_argument("title", help="title slug, e.g. dice_slayer")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random,greedy", help="comma-separated bot names")
    parser.add_argument("--round-cap", type=int, default=None, help="stop every game after this many rounds")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for oracle plans")
    parser.add_argument("--json", action="store_true", help="also print the report as JSON (last line)")
    parser.add_argument("--scores", action="store_true", help="keep every game's score in the JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    try:
        report = run(args.title, [n for n in args.bots.split(",") if n], args.games, args.seed,
                     args.round_cap, args.jobs)
    except ArenaError as exc:
        sys.exit(f"arena: {exc}")
    print(table(report))
    if not args.scores:
        for summary in report["bots"].values():
            del summary["scores"]
    if args.json:
        print(json.dumps(report))
