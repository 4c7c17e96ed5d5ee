"""Bot-versus-bot benchmarks from the command line: `python -m game.arena <slug> --games N --seed S --bots a,b`.

Solo titles: game i is seeded S+i and every bot meets the same chance outcomes. Multi-player titles (`--players n`,
one bot per seat): the line-up rotates over the seats from game to game; win shares come with 95% intervals.
With `--duplicate` each deal is played once from every seat (`deal_of`), so the cards' luck falls on every bot alike.
"""

# A title is known through its declared spec (game.titles.spec) and bot kit (game.ai.levels.BotKit).
# Solo: the kit's `named` bots and `oracles` (factory(round_cap) of an object with `outcomes_needed()` and
# `plan(outcomes) -> (score, actions)`); `arena_metric` "win_rate" reports wins with a 95% Wilson interval.
# Multi-player: returns() = win share per seat (ties split), `final_scores()` the mean final score; bots are the
# levels of game.ai.levels and the kit's `named` bots. Game i plays deal d (d = i, or i // n with --duplicate):
# chance is drawn from Random(S+d), bot k of the line-up sits at seat (k+i) mod n, and the bot at seat s draws its
# own choices from Random(f"{S}/{d}/{s}"), so a run is the same whatever --jobs is. A state with a `starting_seat()` also gets a "first_player" report; the
# kit's `arena_counts(final_state)` tallies are summed per report row (Kitsune-gaeshi's lies and flips).

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from random import Random
from typing import Any

from game.ai.levels import LEVELS, BotKit, UnknownBot, level_bot
from game.core.engine import play_chance
from game.titles import registry
from game.titles.spec import SetupError, TitleSpec

Z95 = 1.959964
MAX_DECISIONS = 100_000  # a multi-player game that has not ended by then is a broken title


class ArenaError(ValueError):
    """A request the arena cannot run (unknown title or bot, missing option)."""


@dataclass(frozen=True)
class Title:
    """A title as the arena uses it: its spec (pickled by value to worker processes) and, on demand, its kit."""

    spec: TitleSpec
    bots: BotKit | None = None  # a kit other than the title's own (tests)

    @property
    def slug(self) -> str:
        return self.spec.slug

    @property
    def kit(self) -> BotKit:
        return self.bots or self.spec.kit()

    def new_state(self, options: dict) -> Any:
        """A fresh state; `options` holds "players" and the title's rule options."""
        options = dict(options)
        return self.spec.new_state(options.pop("players", None), options)


@dataclass
class Game:
    """One finished game of one player."""

    score: float
    rounds: int
    think: list[float] = field(default_factory=list)  # seconds per decision (per game for an oracle)


@dataclass
class Seat:
    """One bot's part in one multi-player game."""

    share: float  # returns(): 1 for a win, 1/k for a k-way shared win, 0 otherwise
    score: float
    think: list[float]  # seconds per decision
    first: bool = False  # this seat started the game (a title whose state has `first_player`)
    deals: int = 0  # deals the game took (a title whose state counts them in `deal`), else 0
    counts: dict = field(default_factory=dict)  # the title's per-seat tallies (bots.arena_counts), if it has them


def load_title(slug: str) -> Title:
    """The title `slug`; ArenaError for an unknown one."""
    try:
        return Title(registry.get(slug))
    except SetupError as exc:
        raise ArenaError(str(exc)) from None


def play_solo(title: Title, bot: Any, seed: int, round_cap: int | None) -> Game:
    """One solo game of `bot` on the chance outcomes of `seed`, stopped after `round_cap` rounds."""
    state, chance, own = title.new_state({}), Random(seed), Random(f"{bot.name}/{seed}")
    think = []
    while True:
        play_chance(state, chance)
        if state.is_terminal() or (round_cap is not None and state.rounds_played() >= round_cap):
            return Game(state.returns()[0], state.rounds_played(), think)
        began = time.perf_counter()
        action = bot.choose(state, own)
        think.append(time.perf_counter() - began)
        state.apply(action)


def chance_outcomes(title: Title, seed: int, count: int) -> list[Any]:
    """The first `count` chance outcomes of game `seed`, drawn as play_solo draws them."""
    template, chance = title.new_state({}), Random(seed)
    return [template.sample_chance(chance) for _ in range(count)]


def timed_plan(oracle: Any, outcomes: list[Any]) -> tuple[float, list[Any], float]:
    """The oracle's plan for known outcomes, with the seconds it took."""
    began = time.perf_counter()
    score, actions = oracle.plan(outcomes)
    return score, actions, time.perf_counter() - began


def play_plan(title: Title, actions: list[Any], seed: int, round_cap: int) -> Game:
    """Play an oracle's actions through the rules on the chance outcomes of `seed`."""
    state, chance = title.new_state({}), Random(seed)
    for action in actions:
        play_chance(state, chance)
        state.apply(action)
    play_chance(state, chance)
    if not (state.is_terminal() or state.rounds_played() >= round_cap):
        raise ArenaError(f"the oracle's plan for seed {seed} stops before the game ends")
    return Game(state.returns()[0], state.rounds_played())


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


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
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


# --- multi-player titles -----------------------------------------------------------------------------------
def table_bot(title: Title, name: str) -> Any:
    """A fresh bot called `name`: one of the title's BOTS, or a level of game.ai.levels."""
    named = title.kit.named
    if name in named:
        return named[name]()
    try:
        return level_bot(title.kit, name)
    except UnknownBot:
        raise ArenaError(f"unknown bot {name!r}; {title.slug} has {', '.join([*LEVELS, *named])} "
                         f"(and normal:N, hard:N for N search iterations)") from None


def play_table(title: Title, names: list[str], options: dict, seed: int, duplicate: bool, game: int) -> list[Seat]:
    """Game `game` of the run from `seed`; the results in line-up order. Game g plays deal g with bot k at seat
    (k + g) mod n; with `duplicate`, deal g // n with bot k at seat (k + g) mod n, so each deal is played once with
    every bot in every seat (see `deal_of`)."""
    state = title.new_state(options)
    n = state.num_players
    deal, turn = deal_of(game, n, duplicate), game % n
    chance = Random(seed + deal)
    bots = [table_bot(title, name) for name in names]
    seat_of = [(k + turn) % n for k in range(n)]
    bot_at = {seat: k for k, seat in enumerate(seat_of)}
    rngs = [Random(f"{seed}/{deal}/{seat}") for seat in range(n)]  # a seat's bot draws the same in every turn
    think: list[list[float]] = [[] for _ in range(n)]
    for _ in range(MAX_DECISIONS):
        play_chance(state, chance)
        if state.is_terminal():
            shares, scores = state.returns(), state.final_scores()
            first, deals = state.starting_seat(), state.deals_played()
            tally = title.kit.arena_counts
            counts = tally(state) if tally else {}
            return [Seat(shares[seat_of[k]], scores[seat_of[k]], think[k], seat_of[k] == first, deals,
                         {key: per_seat[seat_of[k]] for key, per_seat in counts.items()}) for k in range(n)]
        seat = state.current_player()
        began = time.perf_counter()
        action = bots[bot_at[seat]].choose(state, rngs[seat])
        think[bot_at[seat]].append(time.perf_counter() - began)
        state.apply(action)
    raise ArenaError(f"game {game} did not end within {MAX_DECISIONS} decisions")


def deal_of(game: int, players: int, duplicate: bool) -> int:
    """The deal game `game` plays: its chance outcomes come from seed + deal, each seat's bot draws from
    seed/deal/seat. Duplicate deals (as in duplicate bridge): the n games of a deal differ only in who sits where,
    so the luck of the cards falls on every bot alike and a small difference in skill shows in fewer games."""
    return game // players if duplicate else game


def line_up_rows(names: list[str]) -> dict[str, list[int]]:
    """Report rows: one per bot name (aggregated as "easy ×3"), and bot 1 alone when its name repeats."""
    rows = {f"{names[0]} (bot 1)": [0]} if names.count(names[0]) > 1 else {}
    for name in dict.fromkeys(names):
        places = [k for k, other in enumerate(names) if other == name]
        rows[name if len(places) == 1 else f"{name} ×{len(places)}"] = places
    return rows


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The 95% interval of a mean by the normal approximation (0..1 for a single value)."""
    if len(values) < 2:
        return 0.0, 1.0
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    centre = statistics.fmean(values)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise_places(results: list[list[Seat]], places: list[int], per_deal: int = 1) -> dict:
    """Win share (per game, averaged over the row's seats) with its interval, score and think time of a row. With
    duplicate deals (`per_deal` games each) the interval is over the deals' means: a deal's games are not
    independent of each other."""
    per_game = [statistics.fmean(game[k].share for k in places) for game in results]
    units = [statistics.fmean(per_game[i:i + per_deal]) for i in range(0, len(per_game), per_deal)]
    think = [t for game in results for k in places for t in game[k].think] or [0.0]
    decisions = sum(len(game[k].think) for game in results for k in places)
    return {
        "bots": [k + 1 for k in places], "games": len(results), "win_share": statistics.fmean(per_game),
        "ci95": list(mean_interval(units)),
        "mean_score": statistics.fmean(game[k].score for game in results for k in places),
        "think_ms_mean": 1000 * statistics.fmean(think), "think_ms_p95": 1000 * percentile(think, 95),
        "decisions_per_game": decisions / (len(results) * len(places)), "shares": per_game,
        "counts": {key: sum(game[k].counts[key] for game in results for k in places)
                   for key in results[0][places[0]].counts} if results else {},
    }


def summarise_first(results: list[list[Seat]], names: list[str]) -> dict:
    """The first player's wins with a 95% Wilson interval: overall, and by which bot of the line-up started."""
    def row(games: list[list[Seat]]) -> dict:
        wins = sum(seat.share for game in games for seat in game if seat.first)
        wins = int(wins) if wins == int(wins) else wins
        low, high = wilson_interval(round(wins), len(games))
        return {"wins": wins, "games": len(games), "win_rate": wins / max(len(games), 1), "ci95": [low, high]}

    started = [next((k for k, seat in enumerate(game) if seat.first), None) for game in results]
    by_bot = {f"{k + 1}: {name}": row([g for g, s in zip(results, started, strict=True) if s == k])
              for k, name in enumerate(names)}
    return {**row([g for g, s in zip(results, started, strict=True) if s is not None]), "by_bot": by_bot}


def progress(results: Iterable, games: int, done: int = 0) -> Iterable:
    """Pass the games' results on, telling stderr at every tenth of the run (long runs take hours); `done`
    games were played before (a journal)."""
    step = max(1, games // 10)
    for result in results:
        yield result
        done += 1
        if games >= 100 and done % step == 0:
            print(f"arena: {done}/{games} games", file=sys.stderr, flush=True)


JOURNAL_FORMAT = "asobiba-arena-journal/1"


def journal_header(title: Title, names: list[str], seed: int, options: dict, duplicate: bool = False) -> dict:
    header = {"format": JOURNAL_FORMAT, "title": title.slug, "lineup": names, "seed": seed, "options": options}
    return {**header, "deals": "duplicate"} if duplicate else header


def read_journal(path: str, header: dict) -> dict[int, list[Seat]]:
    """The games a journal holds (game i of a run is fixed by the run, so a stopped run goes on where it
    stopped); a journal of another run is refused; a last line cut short by a kill is ignored."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ArenaError(f"{path} is not an arena journal") from None
    if first != header:
        raise ArenaError(f"the journal {path} is of another run ({first.get('title')}, {first.get('lineup')}, "
                         f"seed {first.get('seed')}, {first.get('options')}); give another file")
    games: dict[int, list[Seat]] = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # the line being written when the run was stopped
        games[entry["game"]] = [Seat(*seat) for seat in entry["seats"]]
    return games


def ends_with_newline(path: str) -> bool:
    with open(path, "rb") as file:
        file.seek(-1, os.SEEK_END)
        return file.read(1) == b"\n"


def open_journal(path: str | None, header: dict) -> Any:
    """The journal to append to (a context manager; nullcontext() without one): the header first in a new file, and
    the line a kill cut short ended, so the next game's line stands alone."""
    if path is None:
        return nullcontext()
    file = open(path, "a", encoding="utf-8")  # noqa: SIM115 (returned to a with statement)
    if file.tell() == 0:
        file.write(json.dumps(header) + "\n")
    elif not ends_with_newline(path):
        file.write("\n")
    return file


def write_journal(file: Any, game: int, seats: list[Seat]) -> None:
    # think times to a tenth of a millisecond: the journals are kept in the repository (docs/arena)
    seats_json = [[s.share, s.score, [round(t, 4) for t in s.think], s.first, s.deals, s.counts] for s in seats]
    file.write(json.dumps({"game": game, "seats": seats_json}) + "\n")
    file.flush()


def run_table(title: Title, names: list[str], games: int, seed: int, options: dict, jobs: int,
              journal: str | None = None, duplicate: bool = False) -> dict:
    """Play `games` games of the line-up `names` (one bot per seat, rotated; with `duplicate`, every deal played
    from every seat: `deal_of`) and return the statistics. With a `journal` (a file), every finished game is
    written to it at once, and the games it already holds are not played again: a run stopped by a kill or the end
    of a session goes on where it stopped."""
    players = title.new_state(options).num_players
    if len(names) != players:
        raise ArenaError(f"{title.slug} with {players} players needs {players} bots in --bots, "
                         f"got {len(names)} ({','.join(names) or 'none'})")
    if duplicate and games % players:
        raise ArenaError(f"duplicate deals are played once from each of the {players} seats: give --games a "
                         f"multiple of {players} (e.g. {games + players - games % players})")
    for name in dict.fromkeys(names):
        table_bot(title, name)  # an unknown name fails before any game is played
    header = journal_header(title, names, seed, options, duplicate)
    played = {g: seats for g, seats in read_journal(journal, header).items() if g < games} if journal else {}
    resumed = len(played)
    todo = [g for g in range(games) if g not in played]
    began = time.perf_counter()
    play = partial(play_table, title, names, options, seed, duplicate)
    with open_journal(journal, header) as file, \
            ProcessPoolExecutor(jobs) if jobs > 1 and len(todo) > 1 else nullcontext() as pool:
        if pool and journal:  # one game a task, journaled as it ends, so a stop loses only the games being played
            futures = {pool.submit(play, game): game for game in todo}
            finished: Iterable = ((futures[future], future.result()) for future in as_completed(futures))
        else:
            chunk = max(1, len(todo) // (20 * jobs))
            finished = zip(todo, pool.map(play, todo, chunksize=chunk) if pool else map(play, todo), strict=True)
        for game, seats in progress(finished, games, resumed):
            played[game] = seats
            if file:
                write_journal(file, game, seats)
    results = [played[g] for g in range(games)]
    elapsed = time.perf_counter() - began
    report = {
        "title": title.slug, "metric": "win_share", "players": players, "games": games, "seed": seed,
        "options": options, "lineup": names, "fair_share": 1 / players,
        "interval": "95%, normal approximation over " + ("deals (each played from every seat)" if duplicate
                                                          else "games"), "jobs": jobs, "duplicate": duplicate,
        "bots": {label: summarise_places(results, places, players if duplicate else 1)
                 for label, places in line_up_rows(names).items()},
        "elapsed_s": elapsed, "games_per_s": (games - resumed) / max(elapsed, 1e-9),
    }
    if journal:
        report["journal"], report["resumed_games"] = journal, resumed
    if any(game[0].deals for game in results):
        report["deals"] = sum(game[0].deals for game in results)
    if any(seat.first for game in results for seat in game):
        report["first_player"] = summarise_first(results, names)
    return report


def new_game(title: Title, options: dict) -> Any:
    """A fresh state with `options`; a clear ArenaError if the title does not take them."""
    try:
        return title.new_state(options)
    except (TypeError, ValueError) as exc:
        raise ArenaError(f"{title.slug} cannot start a game with {options or 'no options'} ({exc})") from None


def run(slug: str, names: list[str], games: int, seed: int, round_cap: int | None = None,
        jobs: int | None = None, players: int | None = None, options: dict | None = None,
        journal: str | None = None, duplicate: bool = False) -> dict:
    """Play `games` games (per bot for a solo title) and return the statistics (what --json prints); a
    `journal` keeps a multi-player run's finished games, `duplicate` plays its deals from every seat (see
    run_table)."""
    title = load_title(slug)
    options = {**({} if players is None else {"players": players}), **(options or {})}
    if new_game(title, options).num_players > 1:
        return run_table(title, names, games, seed, options, jobs or 1, journal, duplicate)
    if journal:
        raise ArenaError("--journal is for multi-player titles (a solo run is quick to run again)")
    if duplicate:
        raise ArenaError("--duplicate is for multi-player titles (a solo title's bots already meet the same chance)")
    jobs = jobs or os.cpu_count() or 1
    bots, oracles = title.kit.named, title.kit.oracles
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
    metric = title.kit.arena_metric
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


def share_table(report: dict) -> str:
    """A multi-player report as a readable table."""
    lines = [f"{report['title']}: {report['games']} games of {report['players']} players from seed {report['seed']}, "
             f"line-up {','.join(report['lineup'])} rotated over the seats"
             + (", each deal from every seat" if report.get("duplicate") else "")
             + (f", {report['deals']} rounds dealt" if "deals" in report else "")
             + f" ({report['elapsed_s']:.1f} s, "
             f"{report['games_per_s']:.2f} games/s)",
             f"{'bot':<18}{'win share':>10}{'95% interval':>16}{'fair':>7}{'score':>8}{'think ms':>10}"
             f"{'p95 ms':>9}{'decisions':>11}"]
    for label, s in report["bots"].items():
        low, high = s["ci95"]
        lines.append(f"{label:<18}{s['win_share']:>10.3f}{f'{low:.3f}-{high:.3f}':>16}{report['fair_share']:>7.3f}"
                     f"{s['mean_score']:>8.2f}{s['think_ms_mean']:>10.2f}{s['think_ms_p95']:>9.2f}"
                     f"{s['decisions_per_game']:>11.1f}")
    lines.append(f"win share: 1 per game won, 1/k when k players tie; interval: {report['interval']}; "
                 "score: mean final score; decisions: per seat per game")
    for label, s in report["bots"].items():
        if s["counts"]:
            lines.append(f"{label}: " + ", ".join(f"{key} {value}" for key, value in s["counts"].items()))
    if "first_player" in report:
        lines.append(first_line("first player", report["first_player"]))
        lines += [first_line(f"  when bot {label} starts", row)
                  for label, row in report["first_player"]["by_bot"].items()]
    return "\n".join(lines)


def first_line(label: str, row: dict) -> str:
    """One line of the first player's win rate (95% Wilson interval)."""
    low, high = row["ci95"]
    return (f"{label:<30}{row['win_rate']:>8.4f}{f'{low:.4f}-{high:.4f}':>16}"
            f"  ({row['wins']:g} of {row['games']} games)")


def table(report: dict) -> str:
    """The report as a readable table."""
    if report["metric"] == "win_share":
        return share_table(report)
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
    parser.add_argument("--players", type=int, default=None, help="seats, for a multi-player title")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the title (repeatable); unknown keys and values are refused")
    parser.add_argument("--bots", default=None,
                        help="comma-separated bot names (multi-player: one per seat, e.g. normal,easy,easy,easy)")
    parser.add_argument("--round-cap", type=int, default=None, help="stop every game after this many rounds")
    parser.add_argument("--jobs", type=int, default=None,
                        help="processes: for oracle plans (default: all cores), or games (multi-player, default 1)")
    parser.add_argument("--json", action="store_true", help="also print the report as JSON (last line)")
    parser.add_argument("--scores", action="store_true", help="keep every game's score in the JSON")
    parser.add_argument("--journal", metavar="FILE", default=None,
                        help="multi-player: write each finished game to FILE, and go on from the games it holds")
    parser.add_argument("--duplicate", action="store_true",
                        help="multi-player: play each deal once from every seat (games: a multiple of the players)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    default = "random,greedy" if args.players is None else ",".join(["normal"] + ["easy"] * (args.players - 1))
    names = [n for n in (args.bots or default).split(",") if n]
    try:
        options = load_title(args.title).spec.parse_options(args.option)
        report = run(args.title, names, args.games, args.seed, args.round_cap, args.jobs, args.players, options,
                     args.journal, args.duplicate)
    except (ArenaError, SetupError) as exc:
        sys.exit(f"arena: {exc}")
    print(table(report))
    if not args.scores:
        for summary in report["bots"].values():
            summary.pop("scores", None)
            summary.pop("shares", None)
    if args.json:
        print(json.dumps(report))
