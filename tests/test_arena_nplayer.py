"""The arena for multi-player titles: rotated seats, win shares with intervals, determinism, clear refusals."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest

from game.ai import arena
from game.ai.arena import ArenaError, Title, line_up_rows, run_table

ROW_KEYS = {"bots", "games", "win_share", "ci95", "mean_score", "think_ms_mean", "think_ms_p95",
            "decisions_per_game", "shares", "counts"}
SEATS_TAKEN: list[int] = []


class Spy:
    """A random bot that notes the seat it plays."""

    name = "spy"

    def choose(self, state, rng: Random):
        SEATS_TAKEN.append(state.current_player())
        return rng.choice(state.legal_actions())


def toy_title(**bots) -> Title:
    """The toy title (tests/fixtures/titles/high_card), with extra named bots (in-process only: not picklable)."""
    title = arena.load_title("high_card")
    if not bots:
        return title
    return Title(title.spec, replace(title.kit, named=bots))


def test_report_has_every_row_and_key():
    report = run_table(toy_title(), ["random"] * 3, 30, 7, {"players": 3}, 1)
    assert list(report["bots"]) == ["random (bot 1)", "random ×3"]
    for key in ("title", "metric", "players", "games", "seed", "lineup", "fair_share", "interval", "elapsed_s",
                "games_per_s"):
        assert key in report
    assert report["fair_share"] == pytest.approx(1 / 3) and report["players"] == 3
    field = report["bots"]["random ×3"]
    assert set(field) == ROW_KEYS and field["bots"] == [1, 2, 3]
    assert field["win_share"] == pytest.approx(1 / 3) and field["counts"] == {}  # shares add up to 1; no tallies
    assert field["decisions_per_game"] == 1 and 1 <= field["mean_score"] <= 6
    first = report["bots"]["random (bot 1)"]
    assert first["ci95"][0] <= first["win_share"] <= first["ci95"][1]
    json.dumps(report)


def test_line_up_rows():
    assert line_up_rows(["normal", "easy", "easy", "easy"]) == {"normal": [0], "easy ×3": [1, 2, 3]}
    assert line_up_rows(["easy", "normal", "easy"]) == {"easy (bot 1)": [0], "easy ×2": [0, 2], "normal": [1]}


def test_seats_rotate_over_the_games():
    SEATS_TAKEN.clear()
    run_table(toy_title(spy=Spy), ["spy", "random", "random"], 7, 3, {"players": 3}, 1)
    assert SEATS_TAKEN == [0, 1, 2, 0, 1, 2, 0]  # bot 1 sits at seat (0 + game) mod 3


def test_runs_are_deterministic_whatever_the_jobs():
    names = ["normal:40", "easy", "random"]
    one = run_table(toy_title(), names, 24, 11, {"players": 3}, 1)
    again = run_table(toy_title(), names, 24, 11, {"players": 3}, 1)
    two = run_table(toy_title(), names, 24, 11, {"players": 3}, 2)
    for label, row in one["bots"].items():
        assert row["shares"] == again["bots"][label]["shares"] == two["bots"][label]["shares"]
        assert row["mean_score"] == two["bots"][label]["mean_score"]


def test_search_beats_random_on_the_toy():
    report = run_table(toy_title(), ["normal:60", "random", "random"], 90, 1, {"players": 3}, 1)
    assert report["bots"]["normal:60"]["ci95"][0] > 1 / 3


def test_refusals_are_clear():
    with pytest.raises(ArenaError, match="needs 3 bots"):
        run_table(toy_title(), ["random", "random"], 1, 1, {"players": 3}, 1)
    with pytest.raises(ArenaError, match="unknown bot 'genius'"):
        run_table(toy_title(), ["random", "genius", "random"], 1, 1, {"players": 3}, 1)
    with pytest.raises(SystemExit, match="cannot start a game"):
        arena.main(["dice_slayer", "--players", "3", "--games", "1", "--bots", "random"])


@pytest.mark.skipif(importlib.util.find_spec("game.titles.shinobazu.rules") is None,
                    reason="the Shinobazu engine is not there yet")
def test_shinobazu_from_the_command_line(capsys):
    def report() -> dict:
        arena.main(["shinobazu", "--players", "4", "--games", "6", "--seed", "3", "--bots",
                    "random,random,random,random", "--json", "--scores"])
        return json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    first, second = report(), report()
    assert list(first["bots"]) == ["random (bot 1)", "random ×4"]
    assert first["bots"]["random ×4"]["win_share"] == pytest.approx(1 / 4)
    assert first["deals"] == second["deals"] >= 6  # every game takes one deal or more
    for label, row in first["bots"].items():
        assert row["shares"] == second["bots"][label]["shares"]


def shares(report: dict) -> dict:
    return {label: row["shares"] for label, row in report["bots"].items()}


def test_a_journal_takes_games_as_they_end_and_fills_a_gap(tmp_path):
    """With two processes each game is journaled as it ends (a long game does not hold back the lines of the games
    after it, which a stop would lose); a journal with a gap plays just the missing game."""
    names, path = ["normal:20", "easy", "random"], tmp_path / "line.jsonl"
    whole = run_table(toy_title(), names, 10, 5, {"players": 3}, 1)
    two = run_table(toy_title(), names, 10, 5, {"players": 3}, 2, journal=str(path))
    assert shares(two) == shares(whole)
    lines = path.read_text().splitlines()
    assert sorted(json.loads(line)["game"] for line in lines[1:]) == list(range(10))
    path.write_text("\n".join(line for line in lines if '"game": 6,' not in line) + "\n")  # game 6 lost
    again = run_table(toy_title(), names, 10, 5, {"players": 3}, 2, journal=str(path))
    assert again["resumed_games"] == 9 and shares(again) == shares(whole)


def test_a_journal_lets_a_stopped_run_go_on_to_the_same_result(tmp_path):
    names, path = ["normal:20", "easy", "random"], str(tmp_path / "line.jsonl")
    whole = run_table(toy_title(), names, 12, 5, {"players": 3}, 1)
    first = run_table(toy_title(), names, 5, 5, {"players": 3}, 1, journal=path)  # "stopped" after 5 games
    assert first["resumed_games"] == 0 and len(Path(path).read_text().splitlines()) == 1 + 5
    think = [t for line in Path(path).read_text().splitlines()[1:] for seat in json.loads(line)["seats"]
             for t in seat[2]]
    assert think and all(t == round(t, 4) for t in think)  # a tenth of a millisecond: the journals are kept
    with open(path, "a") as file:
        file.write('{"game": 5, "seats": [[1.0')  # the line being written when the run was killed
    rest = run_table(toy_title(), names, 12, 5, {"players": 3}, 1, journal=path)
    assert rest["resumed_games"] == 5 and shares(rest) == shares(whole)
    again = run_table(toy_title(), names, 12, 5, {"players": 3}, 1, journal=path)  # nothing left to play
    assert again["resumed_games"] == 12 and shares(again) == shares(whole)
    lines = Path(path).read_text().splitlines()
    assert len([line for line in lines if line.startswith('{"game"')]) == 13  # 12 games, one cut line
    with pytest.raises(ArenaError, match="another run"):
        run_table(toy_title(), names, 12, 6, {"players": 3}, 1, journal=path)  # another seed
    with pytest.raises(ArenaError, match="multi-player"):
        arena.run("dice_slayer", ["random"], 2, 1, journal=path)


def test_duplicate_deals_are_played_from_every_seat(tmp_path):
    """With --duplicate, game g plays deal g // n with the line-up turned g mod n seats: the n games of a deal meet
    the same chance, and a seat's bot draws the same in each of them. A line-up of one bot then plays each deal
    alike from every seat, so its share of every deal is exactly fair and the interval (over deals) closes on it."""
    SEATS_TAKEN.clear()
    run_table(toy_title(spy=Spy), ["spy", "random", "random"], 6, 3, {"players": 3}, 1, duplicate=True)
    assert SEATS_TAKEN == [0, 1, 2, 0, 1, 2]
    assert [arena.deal_of(g, 3, True) for g in range(7)] == [0, 0, 0, 1, 1, 1, 2]
    assert [arena.deal_of(g, 3, False) for g in range(3)] == [0, 1, 2]

    alike = run_table(toy_title(), ["easy", "easy", "easy"], 12, 5, {"players": 3}, 1, duplicate=True)
    row = alike["bots"]["easy (bot 1)"]
    assert row["shares"] != [row["shares"][0]] * 12  # the seats' results differ within a deal...
    assert row["ci95"] == pytest.approx([1 / 3, 1 / 3])  # ...and sum to a fair share over its three games
    plain = run_table(toy_title(), ["easy", "easy", "easy"], 12, 5, {"players": 3}, 1)
    assert plain["bots"]["easy (bot 1)"]["ci95"][1] - plain["bots"]["easy (bot 1)"]["ci95"][0] > 0.1

    with pytest.raises(ArenaError, match="multiple of 3"):
        run_table(toy_title(), ["easy", "easy", "easy"], 10, 5, {"players": 3}, 1, duplicate=True)
    path = str(tmp_path / "line.jsonl")
    run_table(toy_title(), ["easy", "easy", "random"], 3, 5, {"players": 3}, 1, journal=path)
    with pytest.raises(ArenaError, match="another run"):  # a journal of plain deals is not one of duplicate deals
        run_table(toy_title(), ["easy", "easy", "random"], 6, 5, {"players": 3}, 1, journal=path, duplicate=True)
