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
    parser.add_argument("--seed", type=int, help="seed for the dice (default: random)")
    parser.add_argument("--autoplay", action="store_true", help="the bot plays the human's seat")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--screenshot", help="save the last frame to this PNG file")
    return parser.parse_args(argv)


def first_scene(app, args: argparse.Namespace):
    """The title menu, or the chosen title's game scene."""
    from game.app.menu import TitleMenuScene
    from game.titles import registry

    if not args.title:
        return TitleMenuScene(app)
    info = registry.get(args.title)
    return info.module("scene").make_scene(app, seed=args.seed, autoplay=args.autoplay)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.app import App
    from game.titles import registry

    if args.title and args.title not in registry.TITLES:
        print(f"unknown title {args.title!r}; known titles: {', '.join(registry.TITLES)}", file=sys.stderr)
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
