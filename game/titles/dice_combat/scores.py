"""Dice Combat's table entries: a fastest win is one game's replay, a streak the replays of its run; each plays
back, every roll from its seed, to the same result before it is stored, and again when a table is shown."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.core import replay
from game.services.storage import ScoreEntry
from game.titles.dice_combat.rules import WIN, DiceCombatState, new_state


@dataclass
class Run:
    """Games won back to back; the streak ends with a defeat or when the player ends the run."""

    wins: int = 0
    rounds: int = 0
    damage: int = 0
    replays: list[str] = field(default_factory=list)


def run_to_json(run: Run) -> dict:
    """The run as a save keeps it (game.app.saves' extras)."""
    return {"wins": run.wins, "rounds": run.rounds, "damage": run.damage, "replays": list(run.replays)}


def run_from_json(data: object) -> Run | None:
    """The run a save kept, if it is one: numbers that its games' replays play back to (every one a win, each from
    its seed); None for anything else (a damaged or edited save starts a fresh run)."""
    if not isinstance(data, dict):
        return None
    numbers = [data.get(key) for key in ("wins", "rounds", "damage")]
    replays = data.get("replays")
    if not all(type(n) is int and n >= 0 for n in numbers) or not isinstance(replays, list) \
            or not all(isinstance(text, str) for text in replays):
        return None
    run = verify_run(replays)
    if run is None or run.wins != len(replays) or [run.wins, run.rounds, run.damage] != numbers:
        return None
    return run


def replay_text(state: DiceCombatState, seed: int) -> str:
    return replay.dumps(replay.record(state, seed=seed, result=state.statistics()))


def verify_game(text: str) -> DiceCombatState | None:
    """The finished game a replay plays back to, or None if it is refused or unfinished."""
    try:
        data = replay.loads(text)
        state = replay.play_back(data, new_state, from_seed=True)
    except replay.ReplayError:
        return None
    return state if state.is_terminal() and state.statistics() == data.result else None


def verify_run(replays: list[str]) -> Run | None:
    """Re-play a whole run: every game but the last must be a win; None if any replay fails."""
    run = Run()
    for index, text in enumerate(replays):
        state = verify_game(text)
        if state is None or (state.result != WIN and index < len(replays) - 1):
            return None
        run.wins += state.result == WIN
        run.rounds += state.round
        run.damage += state.damage
        run.replays.append(text)
    return run


def verify(entry: ScoreEntry) -> bool:
    """Whether a stored entry plays back from its seed(s) to its numbers (a streak: its whole run)."""
    if entry.board == "fastest":
        state = verify_game(entry.replay)
        return state is not None and state.result == WIN and (state.round, state.damage) == (entry.rounds,
                                                                                            entry.tiebreak)
    try:
        games = json.loads(entry.replay).get("games")
    except (ValueError, AttributeError):
        return False
    run = verify_run(games) if isinstance(games, list) and all(isinstance(g, str) for g in games) else None
    return run is not None and (run.wins, run.rounds, run.damage) == (entry.score, entry.rounds, entry.tiebreak)
