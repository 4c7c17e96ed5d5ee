"""Where Asobiba keeps the player's data: ASOBIBA_HOME if set, else the platform's user data directory.

`data_dir()` creates the folder and raises DataDirError, with a message a player can act on, when it cannot be used.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_ENV = "ASOBIBA_HOME"


class DataDirError(OSError):
    """The data folder cannot be used (it is a file, or cannot be created); the message says why and where."""


def home_override() -> str | None:
    """The folder ASOBIBA_HOME names, or None when it is unset or empty."""
    return os.environ.get(HOME_ENV) or None


def data_path() -> Path:
    """The data folder (ASOBIBA_HOME or the platform default), not created."""
    override = home_override()
    return Path(override) if override else Path(platformdirs.user_data_dir("asobiba", appauthor=False))


def data_dir() -> Path:
    """The data folder, created if missing; DataDirError if it cannot be."""
    path = data_path()
    where = f"{HOME_ENV}={path}" if home_override() else str(path)
    if path.exists() and not path.is_dir():
        raise DataDirError(f"the data folder {where} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataDirError(f"the data folder {where} cannot be created: {exc.strerror or exc}") from exc
    return path
