"""Resigning (playtest round 16: a long game had no way to give up): the pause menu over a table game still going
offers Resign last, asks first with "Keep playing" the default, and a resignation keeps the game among your games as
lost, its replay running to where you gave up (the theatre says so there, and can play on from it)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import saves
from game.app.app import STEP
from game.app.games_scene import GamesScene, result_text
from game.app.menu import TitleMenuScene
from game.app.overlays import ConfirmScene, PauseScene
from game.app.setup import GameSetup, start_scene
from game.app.stats_scene import share, table_rows
from game.app.theatre import TheatreScene
from game.core import replay
from game.services import i18n
from game.services.i18n import t
from game.titles import registry

TABLE_TITLES = sorted(slug for slug, spec in registry.TITLES.items() if not spec.solo)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def under_way(app, slug: str, actions: int = 1, seed: int = 11):
    """A game of `slug` you play (random choices), on top of the stack at your first decision once `actions`
    actions are made (the test title's game is over after your first)."""
    spec = registry.get(slug)
    players = max(spec.min_players, min(3, spec.max_players))
    scene = start_scene(app, GameSetup(slug, ["easy"] * (players - 1), seed=seed, options=spec.default_options()))
    app.change_settings(anim_speed="fast")
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    rng = random.Random(seed)
    for _ in range(20_000):
        if len(scene.state.history) >= actions and scene.human_turn():
            break
        if scene.human_turn():
            scene.choose(rng.choice(list(scene.view.legal)))
        elif scene.awaits_player:
            app.handle(key(pygame.K_RETURN))
        app.tick(STEP)
    assert scene.human_turn() and not scene.state.is_terminal()
    return scene


def resigned_in_the_theatre(app) -> TheatreScene:
    """A Hexa game resigned at your decision after 8 actions, open in the theatre (the coach off)."""
    scene = under_way(app, "hexa", 8)
    scene.resign()
    app.stack.apply_pending()
    [game] = app.storage.stored_games()
    theatre = TheatreScene(app, replay.loads(app.storage.stored_replay(game["id"])), game["details"]["levels"],
                           game["id"])
    theatre.coach_on = False
    return theatre


def pause(app) -> PauseScene:
    app.handle(key(pygame.K_ESCAPE))
    app.tick(STEP)
    assert isinstance(app.stack.top, PauseScene)
    return app.stack.top


@pytest.mark.parametrize("slug", TABLE_TITLES)
def test_resigning_keeps_the_game_as_lost_with_its_replay(app, slug):
    scene = under_way(app, slug)
    made = len(scene.state.history)
    menu = pause(app)
    assert [button.label for button in menu.row.buttons][-1] == t("pause.resign")
    menu.row.focus = len(menu.row.buttons) - 1
    app.handle(key(pygame.K_RETURN))
    app.tick(STEP)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.row.focus == 0  # "Keep playing" is the default
    app.handle(key(pygame.K_RETURN))  # keep playing: nothing is lost, nothing recorded
    app.tick(STEP)
    assert app.stack.top is menu and app.storage.stored_games() == []
    assert saves.load(app.storage, slug) is not None

    menu.row.focus = len(menu.row.buttons) - 1
    app.handle(key(pygame.K_RETURN))
    app.tick(STEP)
    app.stack.top.row.focus = 1  # Resign
    app.handle(key(pygame.K_RETURN))
    app.tick(STEP)
    assert isinstance(app.stack.top, TitleMenuScene) and len(app.stack.scenes) == 1
    assert saves.load(app.storage, slug) is None  # no Continue for a game given up
    [game] = app.storage.stored_games()
    assert game["outcome"] == "loss" and game["details"]["resigned"] is True
    assert game["details"]["actions"] == made and share(game) == 0.0
    assert result_text(game) == t("games.resigned")
    rows, _ = table_rows(app.storage)
    assert [(games, wins) for name, _, games, wins, _ in rows if name == registry.get(slug).name()] == [(1, 0)]

    stored = replay.loads(app.storage.stored_replay(game["id"]))
    assert len(stored.actions) == made and stored.result[replay.RESIGNED] == 0
    theatre = TheatreScene(app, stored, game["details"]["levels"], game["id"])
    theatre.coach_on = False
    theatre.jump(len(theatre.moves))
    assert theatre.scene.state.history == scene.state.history and theatre.can_play_on()


def test_the_theatre_says_who_resigned_at_the_end(app, watched):
    theatre = resigned_in_the_theatre(app)
    _, shown = watched
    surface = pygame.Surface((1280, 720))
    for language, said in (("en", "End: you resigned"), ("ja", "終局：あなたが投了")):
        i18n.set_language(language)
        theatre.jump(len(theatre.moves))
        shown.clear()
        theatre.draw(surface, 1.0)
        assert said in shown
        theatre.jump(1)
        shown.clear()
        theatre.draw(surface, 1.0)
        assert said not in shown
    i18n.set_language("en")


def test_the_games_screen_shows_a_resignation(app, watched):
    scene = under_way(app, "shinobazu", 6)
    scene.resign()
    app.stack.apply_pending()
    games = GamesScene(app)
    _, shown = watched
    shown.clear()
    games.draw(pygame.Surface((1280, 720)), 1.0)
    assert "Resigned" in shown


def test_nothing_to_resign_in_a_demo_a_finished_game_or_a_solo_game(app, play_to_summary):
    demo = start_scene(app, GameSetup("shinobazu", ["easy"] * 2, seed=3, demo=True), autoplay=True)
    app.stack.clear_to(demo)
    app.stack.apply_pending()
    assert not demo.resignable and t("pause.resign") not in [b.label for b in pause(app).row.buttons]

    finished = start_scene(app, GameSetup("hige_mekuri", ["easy"], seed=3,
                                          options=registry.get("hige_mekuri").default_options()))
    app.stack.clear_to(TitleMenuScene(app))
    app.stack.apply_pending()
    play_to_summary(finished, 3)  # its own end panel on the table
    assert finished.over and not finished.resignable
    finished.resign()  # asked anyway: nothing happens
    assert len(app.storage.stored_games()) == 1 and not app.storage.stored_games()[0]["details"].get("resigned")

    solo = start_scene(app, GameSetup("dice_slayer", [], seed=3))
    app.stack.clear_to(solo)
    app.stack.apply_pending()
    labels = [b.label for b in pause(app).row.buttons]
    assert t("pause.resign") not in labels and labels[-1] == t("pause.quit")


def test_a_game_played_on_is_kept_before_its_first_move(app):
    """Playtest round 17: a game played on from a resigned game's end, left before any move, was not kept (saves were
    written after an action, and the position was yours to move): it is kept from its first frame."""
    from game.app.play_on import PlayOnScene
    from game.titles.spec import START

    theatre = resigned_in_the_theatre(app)
    app.stack.push(theatre)
    app.stack.apply_pending()
    theatre.jump(len(theatre.moves))
    theatre.play_on()
    app.stack.apply_pending()
    offer = app.stack.top
    assert isinstance(offer, PlayOnScene)
    offer.go()
    app.stack.apply_pending()
    table = app.stack.top
    assert table.human_turn() or not table.state.history  # nothing has been played yet
    assert saves.load(app.storage, "hexa") is None
    app.tick(STEP)
    kept = saves.load(app.storage, "hexa")
    assert kept is not None and START in kept.setup.options
    app.to_menu()  # quit: Continue brings it back
    app.stack.apply_pending()
    assert saves.load(app.storage, "hexa") is not None
