"""Replays: a game is its action history (chance outcomes included), kept as JSON.

A replay carries a digest of its body, so a damaged or edited file is refused with a clear message,
and loading re-plays every action through the engine, so an impossible history is refused too. A digest proves
nothing against a forger who recomputes it: `play_back(..., from_seed=True)` also regenerates every chance
outcome from the replay's seed (game.core.chance), so hand-picked dice or cards are refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from game.core import chance
from game.core.engine import IllegalAction, State

FORMAT = "asobiba-replay/2"  # chance drawn per place from the seed (game.core.chance)
STREAM_FORMAT = "asobiba-replay/1"  # older solo replays: chance drawn in order from one Random(seed)
RESIGNED = "resigned"  # a result's key: the seat that resigned, where the actions end short of the rules' end


class ReplayError(ValueError):
    """A replay that is malformed, altered, or does not play back."""


@dataclass(frozen=True)
class Replay:
    """Everything needed to play a game back: title, rules version, options and actions."""

    title: str
    rules_version: str
    actions: tuple[Any, ...]
    options: dict = field(default_factory=dict)
    seed: int | None = None
    result: dict = field(default_factory=dict)
    format: str = FORMAT

    def body(self) -> dict:
        return {
            "format": self.format,
            "title": self.title,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
            "result": self.result,
        }


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def record(state: State, options: dict | None = None, seed: int | None = None,
           result: dict | None = None) -> Replay:
    """The replay of `state` so far."""
    actions = tuple(state.action_to_json(a) for a in state.history)
    return Replay(state.TITLE, state.RULES_VERSION, actions, dict(options or {}), seed, dict(result or {}))


def dumps(replay: Replay) -> str:
    body = replay.body()
    return json.dumps({**body, "digest": _digest(body)}, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> Replay:
    """Parse a replay; raise ReplayError if it is malformed or was altered."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise ReplayError(f"replay is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, STREAM_FORMAT):
        raise ReplayError(f"not an Asobiba replay (expected format {FORMAT!r})")
    digest = data.pop("digest", None)
    if digest != _digest(data):
        raise ReplayError("replay was altered or damaged: its digest does not match its contents")
    checks = {"title": str, "rules_version": str, "options": dict, "actions": list, "result": dict}
    for key, kind in checks.items():
        if not isinstance(data.get(key), kind):
            raise ReplayError(f"replay field {key!r} is missing or not a {kind.__name__}")
    if data.get("seed") is not None and (not isinstance(data["seed"], int) or isinstance(data["seed"], bool)):
        raise ReplayError("replay field 'seed' is not an integer")
    return Replay(data["title"], data["rules_version"], tuple(data["actions"]), data["options"],
                  data.get("seed"), data["result"], data["format"])


def _wrong(state: State, seed: int, action: Any, stream: Random | None) -> str | None:
    """Why `action` is not the seed's outcome here: per place (chance.mismatch), or the next draw of a stream."""
    if stream is None:
        return chance.mismatch(state, seed, action)
    expected = state.sample_chance(stream)
    if expected == action and type(expected) is type(action):
        return None
    return f"chance outcome {len(state.history) + 1} is not the one seed {seed} gives"


def play_back(replay: Replay, new_state: Callable[..., State], from_seed: bool = False,
              free_start: bool = False) -> State:
    """Apply every action of `replay` to a fresh state; raise ReplayError if one is refused. With `from_seed`,
    every chance outcome must also be the one the replay's seed gives (game.core.chance); with `free_start` too,
    but for the one that picks who starts (`State.picks_start`), which may give any seat: a table's setup may fix
    the start ("You start"). A solo game has no such freedom (its first chance node is its first roll)."""
    try:
        state = new_state(**replay.options)
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"replay options {replay.options} are refused: {exc}") from None
    if replay.title != state.TITLE or replay.rules_version != state.RULES_VERSION:
        raise ReplayError(f"replay is for {replay.title} {replay.rules_version}, "
                          f"not {state.TITLE} {state.RULES_VERSION}")
    if from_seed and replay.seed is None:
        raise ReplayError("replay has no seed to check its chance outcomes against")
    stream = Random(replay.seed) if replay.format == STREAM_FORMAT else None
    for index, raw in enumerate(replay.actions):
        try:
            action = state.action_from_json(raw)
            checked = from_seed and state.is_chance_node() and not (free_start and state.picks_start())
            wrong = _wrong(state, replay.seed, action, stream) if checked else None
            if wrong is None:
                state.apply(action)
        except (IllegalAction, TypeError, ValueError) as exc:
            raise ReplayError(f"replay action {index + 1} ({raw!r}) is refused: {exc}") from None
        if wrong:
            raise ReplayError(f"replay is not the game of its seed: {wrong}")
    return state
