"""Unfinished games, kept after every action so that a close, a crash or a kill loses nothing.

A save is the game's setup, seed and action history (the replay format's parts) plus what the title's scene
needs beyond the rules (a series' wins, a run's earlier games, a pending high-score entry): one per title, in the
settings table under "unfinished.<slug>". Loading checks everything; a damaged save is dropped, never a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from game.app.setup import GameSetup
from game.core.engine import IllegalAction, State
from game.titles import registry
from game.titles.spec import START, SetupError

FORMAT = "asobiba-save/1"
KEY = "unfinished."


@dataclass
class Save:
    """One unfinished game: its setup (seed included), its actions as JSON, and the scene's extras."""

    setup: GameSetup
    actions: list
    saved_at: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return self.setup.slug

    def to_json(self) -> dict:
        return {"format": FORMAT, "setup": self.setup.to_json(), "actions": list(self.actions),
                "saved_at": self.saved_at, "extra": self.extra}

    def state(self, tell: Callable[[object], None] | None = None) -> State:
        """The game's state, rebuilt from the setup and the actions (each event handed to `tell`, if given);
        SaveError if they do not play back."""
        spec = registry.get(self.slug)
        try:
            state = spec.new_state(self.setup.players, self.setup.options)
            for raw in self.actions:
                for event in state.apply(state.action_from_json(raw)):
                    if tell is not None:
                        tell(event)
        except (IllegalAction, SetupError, TypeError, ValueError) as exc:
            raise SaveError(f"the saved {spec.name_en} game does not play back: {exc}") from None
        return state


class SaveError(ValueError):
    """A save that is damaged or does not play back."""


def from_json(data: object) -> Save:
    """A save from its stored form; SaveError for anything odd."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not an Asobiba save")
    raw, actions, extra = data.get("setup"), data.get("actions"), data.get("extra", {})
    if not isinstance(raw, dict) or not isinstance(actions, list) or not isinstance(extra, dict):
        raise SaveError("a save's setup, actions or extras are missing")
    slug = raw.get("slug")
    if slug not in registry.TITLES:
        raise SaveError(f"a save of an unknown title {slug!r}")
    spec = registry.get(slug)
    setup = GameSetup.from_json(spec, raw)
    try:
        options = spec.check(setup.players, raw.get("options", {}))  # the options in play, defaults filled in
    except (SetupError, AttributeError, TypeError) as exc:
        raise SaveError(f"a save's options are not ones this title takes ({exc})") from None
    if START in options:  # a game played on from another's position: its start is checked as the state is rebuilt
        setup.options[START] = options[START]
    if raw.get("levels") != setup.levels or options != setup.options or \
            not isinstance(raw.get("seed"), int) or raw["seed"] != setup.seed:
        raise SaveError("a save's setup is not one this title takes")
    saved_at = data.get("saved_at")
    return Save(setup, actions, saved_at if isinstance(saved_at, str) else "", extra)


def keep(storage, save: Save) -> None:
    """Write the save (after every action)."""
    save.saved_at = datetime.now().isoformat(timespec="seconds")
    storage.set_setting(KEY + save.slug, save.to_json())


def drop(storage, slug: str) -> None:
    """Forget the unfinished game of `slug` (it ended, or the player started anew)."""
    storage.set_setting(KEY + slug, None)


def load(storage, slug: str) -> Save | None:
    """The unfinished game of `slug` that plays back, or None (a damaged one is dropped)."""
    data = storage.get_setting(KEY + slug)
    if data is None:
        return None
    try:
        save = from_json(data)
        save.state()
    except SaveError:
        drop(storage, slug)
        return None
    return save


def unfinished(storage) -> list[Save]:
    """Every title's unfinished game, the most recently played first."""
    saves = [save for slug in registry.TITLES if (save := load(storage, slug)) is not None]
    return sorted(saves, key=lambda save: save.saved_at, reverse=True)
