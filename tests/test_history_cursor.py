"""Every title's stored game plays back to the same final state and returns, and the history cursor (the replay
theatre's stepping) lands on the same position whichever way it gets there."""

from __future__ import annotations

from random import Random

import pytest
from test_titles_generic import TITLES, cases, everyone, random_game, replay, seed_of

from game.core.cursor import HistoryCursor, HistoryError

GAMES = 2


@pytest.mark.parametrize(("spec", "players", "options"), cases(TITLES))
def test_a_stored_game_replays_and_steps_to_the_same_positions(spec, players, options):
    for game in range(GAMES):
        seen: list = []

        def visit(state, legal, seen=seen):
            seen.append(everyone(state))

        final = random_game(spec, players, options, seed_of(spec, players, options, 500 + game), visit)
        again = replay(spec, players, options, final)
        assert everyone(again) == everyone(final) and again.returns() == final.returns()
        cursor = HistoryCursor(spec.new_state(players, options), final.history, every=7)
        rng = Random(game)
        order = [len(final.history), 0, *rng.sample(range(len(seen)), min(40, len(seen)))]
        for index in order:  # forward to the end first, then back and forth at random
            assert everyone(cursor.state_at(index)) == seen[index], f"position {index} of {len(final.history)}"
        assert cursor.state_at(len(final.history)).returns() == final.returns()


def test_a_history_the_rules_refuse_is_named():
    spec = next(spec for spec in TITLES if spec.slug == "high_card")
    start = spec.new_state(3, {})
    cursor = HistoryCursor(start, [1, 2, 3, "keep", "double"])  # seat 1 holds 2: it may not double
    assert cursor.state_at(4).current_player() == 1
    with pytest.raises(HistoryError, match="action 5"):
        cursor.state_at(5)
    assert start.history == [] and len(cursor) == 5
    with pytest.raises(IndexError):
        cursor.state_at(6)
