"""Command line entry: `python main.py` (or `python -m game`) opens the arcade; `--resume` continues the last
unfinished game (exit status 2 when there is none); `python main.py GAME.json` opens an exported game in the replay
theatre.

`--headless --title dice_slayer --seed 7 --autoplay --frames 600 --screenshot out.png` runs the real
scenes under SDL's dummy video driver, the bot in the human's seat, and saves the last frame.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="asobiba", description="Asobiba (遊び場): Japanese doujin games.")
    parser.add_argument("file", nargs="?", help="an exported game (.json) to watch in the replay theatre")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    parser.add_argument("--title", help="start this title directly, e.g. dice_slayer (with a game of it left "
                        "unfinished, you are asked first)")
    parser.add_argument("--seed", type=int, help="seed for the dice and cards (default: random)")
    parser.add_argument("--players", type=int, help="seats at the table, you included (default: the last setup)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the title (repeatable); unknown keys and values are refused")
    parser.add_argument("--autoplay", action="store_true", help="the bot plays the human's seat")
    parser.add_argument("--resume", action="store_true",
                        help="continue the last unfinished game (of --title, if given)")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--screenshot", help="save the last frame to this PNG file")
    return parser.parse_args(argv)


def command_setup(app, args: argparse.Namespace):
    """The last setup of `--title`, with the command line's seed, players and options (checked)."""
    from game.app.setup import saved_setup
    from game.titles import registry

    spec = registry.get(args.title)
    setup = saved_setup(app, spec.slug)
    if args.players is not None:
        setup.levels = (setup.levels + ["normal"] * spec.max_players)[:args.players - 1]
    setup.options.update(spec.parse_options(args.option))
    spec.check(setup.players, setup.options)
    if args.seed is not None:
        setup.seed = args.seed
    return setup


def first_scene(app, args: argparse.Namespace):
    """The title menu, or the chosen title's game scene (None: the scenes are pushed already). A new game of a title
    with an unfinished one asks first, as the menu does, over the unfinished game: keeping it plays on with it."""
    from game.app.menu import TitleMenuScene
    from game.app.overlays import ask_to_replace
    from game.app.setup import start_scene
    from game.titles import registry

    if args.resume:
        save = args.resumed
        return start_scene(app, save.setup, args.autoplay, save)
    if not args.title:
        return TitleMenuScene(app)
    setup = command_setup(app, args)
    kept = None if args.autoplay else last_unfinished(app, setup.slug)
    if kept is None:
        return start_scene(app, setup, args.autoplay)
    app.stack.push(start_scene(app, kept.setup, False, kept))
    ask_to_replace(app, registry.get(setup.slug).name(), lambda: app.stack.replace(start_scene(app, setup)))
    return None


def last_unfinished(app, slug: str | None):
    """The most recently played unfinished game (of `slug`, if given), or None."""
    from game.app import saves

    games = saves.unfinished(app.storage)
    return next((save for save in games if slug in (None, save.slug)), None)


def check_folders(args: argparse.Namespace) -> str | None:
    """Why a folder the command line names cannot be used (then the exit status is 2), or None.

    An ASOBIBA_HOME that is a file or cannot be created stops here: it was set on purpose, and a session whose
    results could not be kept is worse than a clear message. The platform's default folder failing does not stop
    the game: storage then runs from memory and the player is told on screen.
    """
    from game.services.paths import HOME_ENV, DataDirError, data_dir, home_override

    if home_override():
        try:
            data_dir()
        except DataDirError as exc:
            return f"{exc}. Set {HOME_ENV} to a folder Asobiba may create and write, or unset it."
    if args.screenshot:
        folder = Path(args.screenshot).absolute().parent
        if not folder.is_dir():
            return f"cannot save the screenshot {args.screenshot}: the folder {folder} does not exist"
    return None


def open_app(args: argparse.Namespace):
    """The App, or (None, why it cannot run: no window could be opened, or nothing to resume)."""
    import pygame

    from game.app.app import App

    try:
        app = App(headless=args.headless)
    except pygame.error as exc:
        pygame.quit()
        driver = os.environ.get("SDL_VIDEODRIVER")
        hint = (f" (SDL_VIDEODRIVER is {driver!r}: unset it, or name a video driver this system has)"
                if driver and not args.headless else "")
        return None, f"cannot open a window: {exc}{hint}"
    args.resumed = last_unfinished(app, args.title) if args.resume else None  # looked up once
    if args.resume and args.resumed is None:
        app.close()
        which = f" of {args.title}" if args.title else ""
        return None, f"there is no unfinished game{which} to resume"
    return app, None


def run(app, args: argparse.Namespace) -> int:
    """Play until the player quits (or `--frames` pass), save `--screenshot`, close the app; the exit status."""
    import pygame

    try:
        first = first_scene(app, args)
        if args.file:  # the menu, and the exported game over it (or why it cannot be opened)
            if first is not None:
                app.stack.push(first)
            app.open_file(args.file)
            first = None
        app.run(first, frames=args.frames, fixed_clock=args.headless)
        if args.screenshot:
            try:
                app.screenshot(args.screenshot)
            except (pygame.error, OSError) as exc:
                print(f"asobiba: cannot save the screenshot {args.screenshot}: {exc}", file=sys.stderr)
                return 2
    finally:
        app.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_IME_SHOW_UI", "1")  # an input method shows its candidate list by the name field
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.crash import report_crash
    from game.titles import registry
    from game.titles.spec import SetupError

    if args.title:
        try:
            spec = registry.get(args.title)
            spec.check(spec.min_players if args.players is None else args.players, spec.parse_options(args.option))
        except SetupError as exc:
            print(f"asobiba: {exc}", file=sys.stderr)
            return 2
    problem = check_folders(args)
    if problem:
        print(f"asobiba: {problem}", file=sys.stderr)
        return 2
    app = None
    try:
        app, problem = open_app(args)
        if app is None:
            print(f"asobiba: {problem}", file=sys.stderr)
            return 2
        return run(app, args)
    except Exception as exc:  # the one top-level handler: KeyboardInterrupt and SystemExit pass through
        report_crash(exc, app, argv)
        return 1


if __name__ == "__main__":
    sys.exit(main())
