"""Hige-mekuri at the table: whole games by keys, a recorded series that alternates the start, random input."""

import random

import pygame
import pytest

from game.app.app import STEP
from game.app.setup import GameSetup
from game.core import replay
from game.titles import registry
from game.titles.hige_mekuri import rules
from game.titles.hige_mekuri.cards import SPRITE_DIR, portrait
from game.titles.hige_mekuri.scene import HigeScene, make_scene
from game.titles.territories import MCKINLEY, leaders


def press(app, key):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def start(app, seed=3, human_starts=True, level="normal", autoplay=False):
    app.change_settings(anim_speed="fast")
    scene = HigeScene(app, GameSetup("hige_mekuri", [level], human_starts=human_starts, seed=seed), autoplay)
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def play_to_end(app, scene, keys=(pygame.K_f,), limit=20_000):
    rng = random.Random(1)
    for _ in range(limit):
        if scene.over:
            return
        if scene.human_turn():
            press(app, rng.choice(keys))
        app.tick(STEP)
    raise AssertionError("the game did not end")


def test_a_series_by_keys_is_recorded_and_alternates_the_start(app):
    scene = start(app, seed=5)
    assert scene.first == 0
    play_to_end(app, scene, (pygame.K_f, pygame.K_SPACE, pygame.K_s))
    (game,) = app.storage.finished_games("hige_mekuri")
    assert game["details"]["levels"] == ["you", "normal"] and game["details"]["first"] == 0
    assert game["outcome"] == ("win" if scene.state.winner == 0 else "loss")
    (text,) = app.storage._conn.execute("SELECT replay FROM games WHERE title = 'hige_mekuri'").fetchone()
    played = replay.loads(text)
    again = rules.new_state(**played.options)
    for action in played.actions:
        again.apply(again.action_from_json(action))
    assert again.revealed == scene.state.revealed and again.winner == scene.state.winner
    press(app, pygame.K_RETURN)  # Play again
    app.tick(STEP)
    assert not scene.over and scene.first == 1 and scene.state.revealed == []
    play_to_end(app, scene)
    assert len(app.storage.finished_games("hige_mekuri")) == 2 and sum(scene.wins) == 2


def test_the_screen_catches_up_with_the_engine(app):
    scene = start(app, seed=8)
    for _ in range(3000):
        if scene.over:
            break
        if scene.human_turn():
            assert scene.shown == len(scene.state.revealed)  # nothing left to show when you decide
            assert scene.shown_left() == scene.state.left()
            press(app, pygame.K_f)
        app.tick(STEP)
    assert scene.over and scene.shown == len(scene.state.revealed)


def test_stop_is_refused_at_the_start_of_a_turn(app):
    scene = start(app, seed=2)
    while not scene.human_turn():
        app.tick(STEP)
    press(app, pygame.K_s)
    assert scene.state.history == [] and app.audio.played[-1] == "error"
    press(app, pygame.K_o)
    assert scene.show_odds


def test_the_quip_and_the_fanfare(app):
    """A long beard run brings the source's quip; Victoria brings the fanfare."""
    quipped = False
    for seed in range(1, 40):
        scene = start(app, seed=seed)
        for _ in range(20_000):
            if scene.over:
                break
            quipped |= scene.now < scene.quip_until
            if scene.human_turn():
                press(app, pygame.K_f)
            app.tick(STEP)
        assert scene.victory_at is not None and {"all_clear", "highscore"} <= set(app.audio.played)
        app.stack.clear_to(HigeScene(app, GameSetup("hige_mekuri", ["easy"], seed=0)))
        app.stack.apply_pending()
        if quipped:
            break
    assert quipped


def test_the_demo_plays_on_by_itself(app):
    scene = start(app, seed=4, autoplay=True)
    for _ in range(30_000):
        if scene.games >= 1 and not scene.over:
            break
        app.tick(STEP)
    assert scene.games == 1 and app.storage.finished_games("hige_mekuri") == []


def test_random_input_never_crashes(app):
    from test_smoke import random_event

    rng = random.Random("hige")
    scene = start(app, seed=6)
    for i in range(3000):
        app.handle(random_event(rng))
        if i % 2 == 0:
            app.tick(STEP)
        if not app.stack.scenes or not app.running or not isinstance(app.stack.top, HigeScene):
            app.running = True
            scene = HigeScene(app, GameSetup("hige_mekuri", ["hard"], seed=i))
            app.stack.clear_to(scene)
            app.stack.apply_pending()
    app.tick(STEP)


def test_setup_leads_to_the_scene(app):
    from game.app.setup_scene import GameSetupScene

    info = registry.get("hige_mekuri")
    assert (info.min_players, info.max_players) == (2, 2)
    app.stack.push(GameSetupScene(app, "hige_mekuri"))
    app.stack.apply_pending()
    setup = app.stack.top.setup
    assert setup.players == 2
    app.stack.top.start()
    app.tick(STEP)
    assert isinstance(app.stack.top, HigeScene)
    assert isinstance(make_scene(app, autoplay=True), HigeScene)


@pytest.mark.parametrize("variant", ["default", MCKINLEY])
def test_every_portrait_ships(app, variant):
    for leader in leaders(variant).values():
        assert (SPRITE_DIR / f"{leader.sprite}.png").stat().st_size < 40_000
        assert portrait(leader.sprite).get_size() == (192, 240)
