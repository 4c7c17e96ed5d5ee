"""Command line entry: `python main.py` (or `python -m game`) opens the arcade.

`--headless --title dice_slayer --seed 7 --autoplay --frames 600 --screenshot out.png` runs the real
scenes under SDL's dummy video driver, the bot in the human's seat, and saves the last frame.
"""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="asobiba", description="Asobiba (遊び場): Japanese doujin games.")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    parser.add_argument("--title", help="start this title directly, e.g. dice_slayer")
    parser.add_argument("--seed", type=int, help="seed for the dice and cards (default: random)")
    parser.add_argument("--players", type=int, help="seats at the table, you included (default: the last setup)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the title (repeatable); unknown keys and values are refused")
    parser.add_argument("--autoplay", action="store_true", help="the bot plays the human's seat")
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
    """The title menu, or the chosen title's game scene."""
    from game.app.menu import TitleMenuScene
    from game.app.setup import start_scene

    if not args.title:
        return TitleMenuScene(app)
    return start_scene(app, command_setup(app, args), args.autoplay)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.app import App
    from game.titles import registry
    from game.titles.spec import SetupError

    if args.title:
        try:
            spec = registry.get(args.title)
            spec.check(args.players or spec.min_players, spec.parse_options(args.option))
        except SetupError as exc:
            print(f"asobiba: {exc}", file=sys.stderr)
            return 2
    app = App(headless=args.headless)
    try:
        app.run(first_scene(app, args), frames=args.frames, fixed_clock=args.headless)
        if args.screenshot:
            app.screenshot(args.screenshot)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
