"""Crash reports: when an unexpected error ends the program, what happened is written to the data folder.

A report (crash-YYYYMMDD-HHMMSS.txt) holds the traceback, the versions of Asobiba, Python, pygame, SDL and SQLite,
the command line and the scene stack's names; `report_crash` tells the player where it is, on stderr.
"""

from __future__ import annotations

import platform
import sqlite3
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any


def versions() -> dict[str, str]:
    """The versions a bug report needs."""
    found = {"python": sys.version.split()[0], "platform": platform.platform(), "sqlite": sqlite3.sqlite_version}
    try:
        from importlib.metadata import version

        found["asobiba"] = version("asobiba")
    except Exception:  # not installed: run from a checkout
        found["asobiba"] = "unknown"
    try:
        import pygame

        found["pygame"] = pygame.version.ver
        found["sdl"] = ".".join(map(str, pygame.get_sdl_version()))
    except Exception:
        found["pygame"] = found["sdl"] = "unavailable"
    return found


def scene_names(app: Any) -> list[str]:
    """The class names on the app's scene stack, bottom first (empty if there is no app or stack)."""
    scenes = getattr(getattr(app, "stack", None), "scenes", None) or []
    return [type(scene).__name__ for scene in scenes]


def report_text(exc: BaseException, app: Any = None, argv: list[str] | None = None) -> str:
    """The report's text: what happened, where, and with which versions."""
    lines = [f"Asobiba crash report, {datetime.now().isoformat(timespec='seconds')}", ""]
    lines += [f"{name}: {value}" for name, value in versions().items()]
    lines += [f"command line: {' '.join(sys.argv[:1] + list(argv if argv is not None else sys.argv[1:]))}",
              f"scene stack (bottom first): {', '.join(scene_names(app)) or '(none)'}", ""]
    lines += traceback.format_exception(exc)
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def crash_folder() -> Path:
    """The data folder, or the system's temporary folder when the data folder cannot be used."""
    from game.services.paths import data_dir

    try:
        return data_dir()
    except OSError:
        return Path(tempfile.gettempdir())


def write_report(text: str, folder: Path | None = None) -> Path | None:
    """Write the report into `folder` (default: crash_folder()); its path, or None if nowhere would take it."""
    stamp = f"crash-{datetime.now():%Y%m%d-%H%M%S}"
    for place in ([folder] if folder else []) + [crash_folder(), Path(tempfile.gettempdir())]:
        path, n = place / f"{stamp}.txt", 1
        while path.exists():
            path, n = place / f"{stamp}-{n}.txt", n + 1
        try:
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        return path
    return None


def report_crash(exc: BaseException, app: Any = None, argv: list[str] | None = None) -> Path | None:
    """Write a crash report and tell the player, on stderr, what happened and where the report is."""
    path = write_report(report_text(exc, app, argv))
    print(f"asobiba: an unexpected error ended the game: {type(exc).__name__}: {exc}", file=sys.stderr)
    if path is None:
        print("asobiba: the crash report could not be written anywhere; here it is:", file=sys.stderr)
        print(report_text(exc, app, argv), file=sys.stderr)
    else:
        print(f"asobiba: a crash report was written to {path}", file=sys.stderr)
        print("asobiba: please attach it when you report the problem.", file=sys.stderr)
    return path
