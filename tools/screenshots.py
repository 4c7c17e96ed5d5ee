"""Render every screen headless to PNG files: `python tools/screenshots.py out/ [ja] [--title SLUG]`.

The app's own screens (menu, settings, new-game setup), then each title's moments from its `shots.py`
(`take(shooter)`, driving the real scenes with scripted input under SDL's dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app.shots import Shooter  # noqa: E402
from game.titles import registry  # noqa: E402


def app_screens(out: Path, language: str) -> None:
    """The title menu and the settings."""
    from game.app.menu import TitleMenuScene
    from game.app.settings_scene import SettingsScene

    shooter = Shooter(out, language)
    shooter.show(TitleMenuScene(shooter.app), 30)
    shooter.shot("menu")
    shooter.app.stack.push(SettingsScene(shooter.app))
    shooter.settle(5)
    shooter.shot("settings")
    shooter.close()
    games_and_theatre(out, language)


def games_and_theatre(out: Path, language: str) -> None:
    """The Games screen after a few games, and one of them in the replay theatre, mid-game."""
    import random

    import pygame

    from game.app import exports
    from game.app.games_scene import GamesScene
    from game.app.setup import GameSetup, start_scene
    from game.app.theatre import EVERYONE, TheatreScene
    from game.core import replay
    from game.services.i18n import t
    from game.services.paths import data_dir

    shooter = Shooter(out, language)
    app = shooter.app
    app.change_settings(anim_speed="fast")
    tables = [spec for spec in registry.TITLES.values() if not spec.solo][:3]
    for seed, spec in enumerate(tables, start=3):
        players = min(max(spec.min_players, 3 + seed % 2), spec.max_players)
        scene = start_scene(app, GameSetup(spec.slug, ["easy"] * (players - 1), seed=seed,
                                           options=spec.default_options()))
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        rng = random.Random(seed)
        for _ in range(60_000):
            if scene.over:
                break
            if scene.human_turn():
                scene.choose(rng.choice(list(scene.view.legal)))
            elif scene.awaits_player:  # a result that waits for the player: go on, as the player would
                shooter.key(pygame.K_RETURN)
            app.tick(1 / 60)
    solos = [solo_game(app, spec.slug, seed=21 + i) for i, spec in enumerate(registry.TITLES.values()) if spec.solo]
    games = GamesScene(app)
    shooter.show(games, 5)
    shooter.shot("games")
    games.message = t("games.exported", path=data_dir() / exports.FOLDER / exports.file_name(games.games[0]))
    shooter.shot("games_exported")
    game = app.storage.stored_games(tables[0].slug)[0]
    theatre = TheatreScene(app, replay.loads(app.storage.stored_replay(game["id"])), game["details"]["levels"],
                           game["id"])
    theatre.coach_on = False
    shooter.show(theatre, 2)
    theatre.jump(len(theatre.moves) // 2)
    shooter.settle(30)
    shooter.shot("theatre")
    theatre.see_next()  # seen from the next seat: what it held hidden
    shooter.settle(2)
    shooter.shot("theatre_seen_from")
    theatre.see(EVERYONE)  # everything laid open
    shooter.settle(2)
    shooter.shot("theatre_revealed")
    theatre.see(None)
    theatre.play_on()  # the offer to play on from here
    shooter.settle(2)
    shooter.shot("play_on")
    shooter.key(pygame.K_ESCAPE)
    shooter.settle(2)
    theatre.coach_on = True  # the coach at your first decision after the middle
    theatre.jump(next(k for k in range(len(theatre.moves) // 2, len(theatre.moves))
                      if theatre.jump(k) is None and theatre.your_decision()))
    wait_for_coach(shooter, theatre)
    shooter.shot("theatre_coach")
    theatre.coach_on = False  # sat at the last seat, then played on from it
    theatre.jump(len(theatre.moves) // 2)
    theatre.see(theatre.setup.players - 1)
    shooter.settle(2)
    shooter.shot("theatre_seen_from_last")
    theatre.play_on()
    shooter.settle(2)
    shooter.shot("play_on_other_seat")
    app.stack.top.go()
    shooter.settle(90)
    shooter.shot("played_on_other_seat")
    for game in solos:
        theatre = TheatreScene(app, replay.loads(app.storage.stored_replay(game["id"])), None, game["id"])
        shooter.show(theatre, 2)
        theatre.jump(theatre.decisions[len(theatre.decisions) // 2])
        wait_for_coach(shooter, theatre)
        shooter.shot(f"theatre_{game['title']}")
    shooter.close()


def wait_for_coach(shooter, theatre, seconds: float = 20.0) -> None:
    """Frames until the coach has read the decision on show (it thinks in the worker, seconds at a table)."""
    import time

    began = time.monotonic()
    while theatre.at not in theatre.advice and time.monotonic() - began < seconds:
        shooter.settle(1)
        time.sleep(0.01)
    shooter.settle(10)


def solo_game(app, slug: str, seed: int) -> dict:
    """A game of a solo title by its hint bot with a slip now and then, stored as its end screen stores it (the
    Games screen showed "98.0 pts" where the game shows 98)."""
    import random

    from game.core import chance, replay

    bots = registry.get(slug).module("bots")
    state, rng, bot = registry.get(slug).new_state(), random.Random(seed), bots.BOTS[bots.HINT_BOT]()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(chance.outcome(state, seed))
        else:
            slip = rng.random() < 0.1
            state.apply(rng.choice(state.legal_actions()) if slip else bot.choose(state, rng))
    stats = state.statistics()  # what its end screen keeps (Dice Combat's outcome is its result)
    app.storage.record_game(slug, stats.get("result", "end"), state.round, stats,
                            replay.dumps(replay.record(state, seed=seed, result=stats)))
    return app.storage.stored_games(slug)[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python tools/screenshots.py", description=__doc__)
    parser.add_argument("out", nargs="?", default="out", type=Path)
    parser.add_argument("language", nargs="?", default="en", choices=("en", "ja"))
    parser.add_argument("--title", action="append", help="only this title (repeatable); default: all")
    args = parser.parse_args(argv)
    if not args.title:
        app_screens(args.out, args.language)
    for spec in registry.TITLES.values():
        if args.title and spec.slug not in args.title:
            continue
        shooter = Shooter(args.out, args.language)
        try:
            spec.module("shots").take(shooter)
        finally:
            shooter.close()


if __name__ == "__main__":
    main()
