"""A title is a room: titles are found by discovery, known only through their declared spec, and one setup value
makes the state, reaches the bot worker and is recorded."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from game.ai import arena
from game.ai.worker import BotRequest, InlineWorker, rebuild
from game.app.setup import GameSetup, start_scene
from game.titles import registry
from game.titles.spec import SetupError

ROOT = Path(__file__).resolve().parents[1]
TABLE_TITLES = [spec for spec in registry.TITLES.values() if not spec.solo]


def option_setups(spec) -> list[dict]:
    """The default options, then each value of each option once."""
    setups = [{}]
    for option in spec.options:
        setups += [{option.key: value} for value in option.values if value != option.default]
    return setups


# --- discovery ------------------------------------------------------------------------------------------------
def test_the_toy_title_dropped_into_the_folder_is_found_everywhere(app):
    """tests/fixtures/titles/high_card joins game.titles (conftest) and nothing else names it."""
    from game.app.menu import TitleMenuScene
    from game.app.setup_scene import GameSetupScene

    assert "high_card" in registry.TITLES
    menu = TitleMenuScene(app)
    assert "high_card" in [spec.slug for spec in menu.titles]
    setup_screen = GameSetupScene(app, "high_card")
    assert "doubles" in setup_screen.rows() and setup_screen.value_text("doubles") == "allowed"
    report = arena.run("high_card", ["normal:20", "random", "random", "random", "random", "random", "random"], 7, 1,
                       players=7, options={"doubles": "off"})
    assert report["players"] == 7 and report["options"] == {"players": 7, "doubles": "off"}
    rows = report["bots"]
    assert rows["normal:20"]["win_share"] + 6 * rows["random ×6"]["win_share"] == pytest.approx(1.0)


def test_shared_code_names_no_title():
    """No per-title branch outside the titles: no title's slug appears in the shared code's literals."""
    slugs = set(registry.TITLES)
    shared = [p for p in (ROOT / "game").rglob("*.py") if "titles" not in p.relative_to(ROOT / "game").parts[:1]]
    shared += [ROOT / "tools" / "screenshots.py"]
    found = []
    for path in shared:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in slugs:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert not found, "shared code names a title: " + ", ".join(found)


def test_every_title_declares_its_parts():
    for spec in registry.TITLES.values():
        assert spec.module("rules").new_state, spec.slug
        assert spec.kit() is not None and spec.strings() is not None
        assert spec.module("rules_text").RULES
        assert callable(spec.module("scene").make_scene) and callable(spec.module("shots").take)
        if spec.solo:
            assert callable(spec.module("scores").verify)
        state = spec.new_state()
        assert state.num_players == spec.min_players and spec.slug == state.TITLE
        if not spec.solo:
            assert all(level in ("easy", "normal", "hard") for level in spec.levels)


# --- one setup value ------------------------------------------------------------------------------------------
class SpyWorker(InlineWorker):
    """Answers like the in-process worker (at random), and checks each request rebuilds the scene's state."""

    def __init__(self) -> None:
        super().__init__()
        self.scene, self.seen = None, []

    def submit(self, slug, options, history, seat, level, seed, iterations=None, think_ms=None):
        state = rebuild(BotRequest(slug, dict(options), list(history), seat, "random", seed))
        live = self.scene.state
        self.seen.append(all(state.view(s) == live.view(s) for s in range(live.num_players)))
        return super().submit(slug, options, history, seat, "random", seed, iterations, think_ms)


@pytest.mark.parametrize("spec", TABLE_TITLES, ids=lambda spec: spec.slug)
def test_the_workers_state_is_the_scenes_state(app, spec):
    """For every option value: each bot request rebuilds exactly the scene's state (the same view for every seat)."""
    checked = 0
    for options in option_setups(spec):
        app.bots = spy = SpyWorker()
        players = spec.max_players
        setup = GameSetup(spec.slug, ["easy"] * (players - 1), seed=11, options={**spec.default_options(), **options})
        spy.scene = start_scene(app, setup, autoplay=True)
        app.change_settings(anim_speed="fast")
        app.stack.clear_to(spy.scene)
        app.stack.apply_pending()
        for _ in range(1500):
            app.tick(1 / 60)
            if len(spy.seen) >= 6:
                break
        assert spy.seen, f"{spec.slug} {options}: no bot request in 1,500 frames"
        assert all(spy.seen), f"{spec.slug} {options}: the worker rebuilt another state"
        checked += len(spy.seen)
    assert checked >= len(option_setups(spec))


def test_kitsune_five_foxes_casual_reaches_the_bots():
    """The bug of issue 14: five foxes and the casual companion rule never reached the bots. 1,000 requests of a
    five-fox casual game: no error, and the search's worlds hold five foxes."""
    spec = registry.get("kitsune_gaeshi")
    setup = GameSetup("kitsune_gaeshi", ["normal"] * 3, options={**spec.default_options(), "fox_count": 5,
                                                                  "companion": "casual"})
    worker, rng, requests, errors = InlineWorker(), random.Random(5), 0, []
    while requests < 1000:
        state = spec.new_state(setup.players, setup.options)
        while not state.is_terminal() and requests < 1000:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            history = [state.action_to_json(a) for a in state.history]
            result = worker.poll(worker.submit("kitsune_gaeshi", setup.rules_options(), history,
                                               state.current_player(), "easy", rng.randrange(2**31)))
            requests += 1
            if not result.ok:
                errors.append(result.error)
                break
            state.apply(state.action_from_json(result.action))
    assert requests == 1000 and errors == []
    request = BotRequest("kitsune_gaeshi", setup.rules_options(), [state.action_to_json(a) for a in state.history],
                         state.current_player(), "normal", 1)
    rebuilt = rebuild(request) if not state.is_terminal() else None
    if rebuilt is not None:
        world = rebuilt.resample(rebuilt.current_player(), random.Random(2))
        assert world.fox_count == 5 and world.companion == "casual"


def test_a_search_bot_in_the_worker_searches_the_chosen_deck():
    """A five-fox casual game's Normal request: the search's determinizations hold five foxes in all."""
    from game.titles.kitsune_gaeshi import rules

    spec = registry.get("kitsune_gaeshi")
    setup = GameSetup("kitsune_gaeshi", ["normal"] * 3, options={**spec.default_options(), "fox_count": 5,
                                                                  "companion": "casual"})
    state, rng = spec.new_state(4, setup.options), random.Random(3)
    while state.is_chance_node() or state.phase != rules.TURN:
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    history = [state.action_to_json(a) for a in state.history]
    rebuilt = rebuild(BotRequest("kitsune_gaeshi", setup.rules_options(), history, state.current_player(),
                                 "normal:10", 1))
    for k in range(20):
        world = rebuilt.resample(rebuilt.current_player(), random.Random(k))
        assert world.deck_foxes + sum(card.face == rules.FOX for laid in world.table for card in laid) == 5


# --- command lines --------------------------------------------------------------------------------------------
def test_options_are_checked_against_the_declaration():
    spec = registry.get("kitsune_gaeshi")
    assert spec.parse_options(["fox_count=5", "companion=casual"]) == {"fox_count": 5, "companion": "casual"}
    with pytest.raises(SetupError, match="no option 'foxes'.*companion, two_left, fox_count"):
        spec.parse_options(["foxes=5"])
    with pytest.raises(SetupError, match="takes 2, 3, 4, 5, not '9'"):
        spec.parse_options(["fox_count=9"])
    with pytest.raises(SetupError, match="key=value"):
        spec.parse_options(["fox_count"])
    with pytest.raises(SetupError, match="3 to 4 players, not 7"):
        spec.check(7, {})
    with pytest.raises(SetupError, match="unknown title 'nope'"):
        registry.get("nope")


def test_main_refuses_a_bad_setup_with_a_clear_message(capsys):
    from game.app.main import main

    assert main(["--headless", "--title", "kitsune_gaeshi", "--option", "fox_count=9", "--frames", "1"]) == 2
    assert "takes 2, 3, 4, 5" in capsys.readouterr().err
    assert main(["--headless", "--title", "shinobazu", "--players", "9", "--frames", "1"]) == 2
    assert "3 to 5 players, not 9" in capsys.readouterr().err
    assert main(["--headless", "--title", "hexa", "--players", "0", "--frames", "1"]) == 2  # a crash report before
    assert "for 2 players, not 0" in capsys.readouterr().err


def test_main_starts_a_title_with_players_and_options(tmp_path, monkeypatch):
    from game.app import main as entry

    monkeypatch.setenv("ASOBIBA_HOME", str(tmp_path))
    seen = {}
    original = entry.command_setup

    def spy(app, args):
        seen["setup"] = original(app, args)
        return seen["setup"]

    monkeypatch.setattr(entry, "command_setup", spy)
    assert entry.main(["--headless", "--title", "high_card", "--players", "6", "--option", "doubles=off",
                       "--seed", "4", "--autoplay", "--frames", "30"]) == 0
    setup = seen["setup"]
    assert setup.players == 6 and setup.options == {"doubles": "off"} and setup.seed == 4


def test_arena_and_bench_take_options(capsys):
    arena.main(["kitsune_gaeshi", "--players", "3", "--games", "2", "--bots", "random,random,random",
                "--option", "fox_count=5", "--json"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["options"] == {"players": 3, "fox_count": 5}
    with pytest.raises(SystemExit, match="no option 'foxes'"):
        arena.main(["kitsune_gaeshi", "--players", "3", "--bots", "random,random,random", "--option", "foxes=5"])
    from game.bench import main as bench

    with pytest.raises(SystemExit):
        bench(["think", "--title", "kitsune_gaeshi", "--players", "3", "--option", "fox_count=7"])
    assert "takes 2, 3, 4, 5" in capsys.readouterr().err


def test_bench_search_counts_the_same_searches_against_a_baseline_checkout(capsys):
    """`bench search` times the levels' search and normal_v1 on the same positions, and a baseline checkout's
    Normal in a process of its own (here this very checkout, so its Normal is the levels' search again)."""
    from game.bench import main as bench

    bench(["search", "--title", "kitsune_gaeshi", "--players", "3", "--positions", "3", "--iterations", "20",
           "--repeat", "2", "--rounds", "2", "--baseline", str(Path(__file__).resolve().parents[1]), "--json"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["positions"] == 3 and report["repeat"] == 2 and report["iterations_per_decision"] == 20
    assert report["rounds"] == 2 and report["clock"] == "cpu"
    for name in ("search", "normal_v1", "baseline"):
        assert report[f"{name}_per_s"] > 0
    for name in ("normal_v1", "baseline"):  # the median of the rounds' ratios, within their lowest and highest
        low, high = report[f"ratio_to_{name}_range"]
        assert 0 < low <= report[f"ratio_to_{name}"] <= high
