"""A finished game as a small JSON file, and such a file opened again in the theatre (issue 20, item 5).

The file holds the game's replay (the stored text's fields, its digest included) and what the Games screen showed of
it (title, when, the levels at the table). Opening one checks it as a high score is checked: the digest, every
action legal, every chance outcome the one its seed gives (`replay.play_back(..., from_seed=True)`), but who
starts, which a table's setup may fix ("You start"); a file that
fails says why and nothing else happens. Files go to the `replays` folder beside the save file; one opens from the
command line (`python main.py FILE.json`) or by dropping it on the window.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.ai.levels import LEVELS
from game.core import replay as replays
from game.core.replay import ReplayError
from game.services.paths import data_dir
from game.titles import registry

FORMAT = "asobiba-game/1"
MAX_BYTES = 4_000_000  # a 500-action game is ~20 kB; anything near this is not one of ours
FOLDER = "replays"


def export_text(game: dict, replay_text: str) -> str:
    """The file's text for a stored game (a row of `Storage.stored_games`) and its replay text."""
    return json.dumps({"format": FORMAT, "title": game["title"], "played_at": game["played_at"],
                       "levels": game["details"].get("levels", []), "replay": json.loads(replay_text)},
                      ensure_ascii=False, indent=1)


def file_name(game: dict) -> str:
    stamp = re.sub(r"[^0-9]", "", game["played_at"])[:14]
    return f"{game['title']}-{stamp}-{game['id']}.json"


def export_game(storage, game: dict, folder: Path | None = None) -> Path:
    """Write a stored game's file into `folder` (default: the replays folder); its path. Raises OSError if the
    folder cannot be written, ReplayError if the game is no longer stored."""
    text = storage.stored_replay(game["id"])
    if text is None:
        raise ReplayError("it is no longer stored")
    replays.loads(text)  # a damaged record is not written out (ReplayError says why)
    folder = folder or data_dir() / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(game)
    path.write_text(export_text(game, text), encoding="utf-8")
    return path


def read_file(path: str | Path) -> tuple[str, str, list[str] | None]:
    """(title, replay text, levels or None) of an exported file, or of a bare replay file; the replay is checked
    through to its last action and against its seed. Raises ReplayError saying what is wrong."""
    path = Path(path)
    try:
        if not path.is_file():  # a folder, or a device or a pipe that would be read for ever (/dev/zero)
            raise ReplayError(f"{path.name} is not a file" if path.exists() else f"{path.name} is not there")
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)  # at most: a file may say it is empty and not end (/proc)
        if len(raw) > MAX_BYTES:
            raise ReplayError(f"{path.name} is too large to be a game record")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path.name} cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path.name} is not JSON ({exc})") from None
    if isinstance(data, dict) and data.get("format") == FORMAT:
        if not isinstance(data.get("replay"), dict):
            raise ReplayError(f"{path.name} holds no replay")
        text, levels = json.dumps(data["replay"], ensure_ascii=False), data.get("levels")
    else:
        levels = None  # a bare replay
    replay = replays.loads(text)
    if replay.title not in registry.TITLES:
        raise ReplayError(f"{path.name} is a game of {replay.title!r}, which this version does not have")
    spec = registry.get(replay.title)
    replays.play_back(replay, lambda players=1, **options: spec.new_state(players, options), from_seed=True,
                      free_start=spec.free_start)
    known = isinstance(levels, list) and levels.count("you") == 1 and all(level in LEVELS for level in levels
                                                                           if level != "you")
    return replay.title, text, levels if known else None
