"""Where Asobiba keeps the player's data: ASOBIBA_HOME if set, else the platform's user data directory."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_ENV = "ASOBIBA_HOME"


def data_dir() -> Path:
    """The data directory (ASOBIBA_HOME or the platform default), created if missing."""
    override = os.environ.get(HOME_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir("asobiba", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
