"""Hige-mekuri bots and arena: exact optimum, fair play, purity, and the first player's measured win rate."""

import ast
import random
from fractions import Fraction
from pathlib import Path

import pytest

from game.ai import arena
from game.ai.fairness import assert_fair
from game.ai.levels import make_bot
from game.core.engine import play_chance
from game.titles.hige_mekuri import bots
from game.titles.hige_mekuri.rules import AFTER_BEARD, CONTINUE, FLIP, STOP, new_state

ROOT = Path(__file__).resolve().parents[1] / "game"


def after_beard(clean_turned: int):
    """A choice after a beard, with 3 - clean_turned clean-shaven cards still face down."""
    state = new_state(first=0)
    script = {0: [FLIP, "GER"], 1: [FLIP, "CHN", FLIP, "RUS", STOP, FLIP, "GER"],
              2: [FLIP, "CHN", FLIP, "IND", FLIP, "GER"], 3: [FLIP, "CHN", FLIP, "IND", FLIP, "IDN", FLIP, "GER"]}
    for action in script[clean_turned]:
        state.apply(action)
    assert state.phase == AFTER_BEARD
    return state


def test_optimal_bot_always_continues_and_flips():
    bot = bots.OptimalBot()
    for clean_turned in range(4):
        state = after_beard(clean_turned)
        assert bot.choose(state, random.Random(1)) == CONTINUE
    assert bot.choose(new_state(first=0), random.Random(1)) == FLIP


def test_cheerful_bot_stops_only_where_it_costs_nothing():
    bot = bots.CheerfulBot()
    for clean_turned in range(4):
        state = after_beard(clean_turned)
        choices = {bot.choose(state, random.Random(seed)) for seed in range(60)}
        chances = state.win_chances()
        if chances[STOP] == chances[CONTINUE]:
            assert choices == {CONTINUE, STOP}
        else:
            assert choices == {CONTINUE}


def test_easy_bot_sometimes_stops_at_a_cost():
    state = after_beard(0)  # c = 3: equal; after_beard(1) has c = 2: stopping costs 1/3
    costly = after_beard(1)
    assert costly.win_chances() == {CONTINUE: Fraction(2, 3), STOP: Fraction(1, 3)}
    picks = [bots.EasyBot().choose(costly, random.Random(seed)) for seed in range(300)]
    assert 60 < picks.count(STOP) < 140
    assert bots.EasyBot().choose(state, random.Random(0)) in (CONTINUE, STOP)


def test_levels_and_bots_table():
    assert set(bots.LEVEL_BOTS) <= set(bots.BOTS)
    assert isinstance(bots.level_bot("hard"), bots.OptimalBot)
    with pytest.raises(ValueError, match="unknown"):
        bots.level_bot("genius")
    search = make_bot("hige_mekuri", "normal:30")  # the generic levels still play it
    assert search.choose(after_beard(1), random.Random(2)) in (CONTINUE, STOP)


@pytest.mark.parametrize("name", sorted(bots.BOTS))
def test_bots_are_fair(name):
    for clean_turned in range(4):
        state = after_beard(clean_turned)
        assert_fair(state, state.current_player(), bots.BOTS[name])


def test_pure_modules():
    for path in (ROOT / "titles" / "territories.py", ROOT / "titles" / "hige_mekuri" / "odds.py",
                 ROOT / "titles" / "hige_mekuri" / "rules.py", ROOT / "titles" / "hige_mekuri" / "bots.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        modules |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in modules if m.split(".")[0] == "pygame" or m.startswith(("game.ui", "game.app"))}


def test_arena_reports_the_first_players_win_rate():
    report = arena.run("hige_mekuri", ["optimal", "optimal"], 3000, 1)
    first = report["first_player"]
    assert first["games"] == 3000 and set(first["by_bot"]) == {"1: optimal", "2: optimal"}
    assert first["ci95"][0] < 0.5 < first["ci95"][1]
    assert sum(row["games"] for row in first["by_bot"].values()) == 3000


def test_arena_measures_the_mixed_strategies():
    """Bot 1 always continues, bot 2 always stops: C/S when bot 1 starts, S/C when bot 2 does (spec 5.2)."""
    rows = arena.run("hige_mekuri", ["continue", "stop"], 4000, 3)["first_player"]["by_bot"]
    low, high = rows["1: continue"]["ci95"]
    assert low < 297 / 364 < high
    low, high = rows["2: stop"]["ci95"]
    assert low < 967 / 4004 < high


def test_other_titles_get_no_first_player_row():
    report = arena.run("shinobazu", ["random"] * 3, 3, 1, players=3)
    assert "first_player" not in report


def test_a_bot_game_ends_with_a_winner():
    state, rng = new_state(first=None), random.Random(4)
    bot = bots.OptimalBot()
    while True:
        play_chance(state, rng)
        if state.is_terminal():
            break
        state.apply(bot.choose(state, rng))
    assert state.winner in (0, 1) and sum(state.returns()) == 1
