"""Dice Slayer's high-score entries: made only from a replay that plays back, chance from its seed, to the same
result; stored entries are checked the same way when a table is shown (`verify`)."""

from __future__ import annotations

from game.core import replay
from game.services.storage import ScoreEntry, timestamp
from game.titles.dice_slayer.rules import DiceSlayerState, new_state

TITLE = "dice_slayer"


def verified_entry(state: DiceSlayerState, seed: int, name: str) -> ScoreEntry | None:
    """The high-score entry for `state`, or None if its replay does not give the same result."""
    stats = state.statistics()
    text = replay.dumps(replay.record(state, seed=seed, result=stats))
    try:
        again = replay.play_back(replay.loads(text), new_state, from_seed=True)
    except replay.ReplayError:
        return None
    if not again.is_terminal() or again.statistics() != stats:
        return None
    return ScoreEntry(TITLE, name, stats["score"], stats["rounds"], timestamp(), seed,
                      state.RULES_VERSION, stats, text)


def verify(entry: ScoreEntry) -> bool:
    """Whether a stored entry's replay plays back, every roll from its seed, to the entry's score and rounds."""
    try:
        data = replay.loads(entry.replay)
        state = replay.play_back(data, new_state, from_seed=True)
    except replay.ReplayError:
        return False
    stats = state.statistics()
    return (state.is_terminal() and data.seed == entry.seed and stats == data.result
            and (stats["score"], stats["rounds"]) == (entry.score, entry.rounds))
