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
