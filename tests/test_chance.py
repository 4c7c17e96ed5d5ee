"""Chance from a seed: every outcome is a function of the seed and the node's place, so a game is resumed and
verified from its seed and decisions, and a replay with hand-picked dice is refused even with a fresh digest."""

from __future__ import annotations

import json
from random import Random

import pytest

from game.core import chance, replay
from game.titles import registry
from game.titles.dice_slayer.rules import new_state as dice_slayer


def play_seeded(spec, seed: int, decisions: Random, stop: int | None = None):
    """A game of `spec` whose chance comes from `seed`, decisions at random; stopped after `stop` actions."""
    state = spec.new_state()
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        if state.is_chance_node():
            state.apply(chance.outcome(state, seed))
        else:
            state.apply(decisions.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_an_honest_game_verifies_from_its_seed(slug):
    spec = registry.get(slug)
    state = play_seeded(spec, 12345, Random(1))
    text = replay.dumps(replay.record(state, {"players": state.num_players}, 12345, {}))
    again = replay.play_back(replay.loads(text), spec.module("rules").new_state, from_seed=True)
    assert again.history == state.history and again.returns() == state.returns()


def test_a_resumed_game_draws_what_the_uninterrupted_one_would():
    spec = registry.get("shinobazu")
    whole = play_seeded(spec, 77, Random(3))
    for stop in (1, 17, 40, 41):
        resumed = spec.new_state()
        for action in whole.history[:stop]:  # what a save keeps; no generator state
            resumed.apply(action)
        chance.play(resumed, 77)
        assert resumed.history == whole.history[:len(resumed.history)]


def forged_dice_slayer(seed: int) -> str:
    """A Dice Slayer game whose every roll was replaced by the roll that helps most: the digest is recomputed."""
    state, rng = dice_slayer(), Random(seed)
    bot = registry.get("dice_slayer").kit().named["greedy"]()
    while not state.is_terminal() and len(state.history) < 400:
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply(max(outcomes, key=lambda a: (str(a).count("1"), str(a))))  # hand-picked, not drawn
        else:
            state.apply(bot.choose(state, rng))
    return replay.dumps(replay.record(state, seed=seed, result=state.statistics()))


def test_a_forged_replay_is_refused_even_with_its_digest_recomputed():
    text = forged_dice_slayer(12345)
    data = json.loads(text)
    assert replay.loads(text)  # the digest is right: the forger recomputed it
    replay.play_back(replay.loads(text), dice_slayer)  # every action is legal
    with pytest.raises(replay.ReplayError, match="not the game of its seed"):
        replay.play_back(replay.loads(text), dice_slayer, from_seed=True)
    data.pop("digest")
    assert data["seed"] == 12345


def test_a_replay_without_a_seed_cannot_be_verified():
    state = play_seeded(registry.get("dice_combat"), 5, Random(2))
    text = replay.dumps(replay.record(state, result={}))
    with pytest.raises(replay.ReplayError, match="no seed"):
        replay.play_back(replay.loads(text), registry.get("dice_combat").module("rules").new_state, from_seed=True)


def test_draws_are_independent_of_everything_but_seed_and_place():
    state = registry.get("dice_combat").new_state()
    assert chance.outcome(state, 9) == chance.outcome(state.clone(), 9)
    outcomes = {chance.outcome(state, seed) for seed in range(60)}
    assert len(outcomes) > 1  # different seeds, different dice
    assert chance.generator(9, 3).random() != chance.generator(9, 3, "bot").random()


def test_an_older_replay_is_verified_by_its_stream():
    """Replays from before chance was drawn per place (format /1) drew every roll in order from Random(seed)."""
    state, stream, decisions = dice_slayer(), Random(31), Random(4)
    while not state.is_terminal():
        state.apply(state.sample_chance(stream) if state.is_chance_node() else decisions.choice(state.legal_actions()))
    old = replay.Replay(state.TITLE, state.RULES_VERSION, tuple(state.history), {}, 31, {}, replay.STREAM_FORMAT)
    assert replay.play_back(replay.loads(replay.dumps(old)), dice_slayer, from_seed=True).history == state.history
    with pytest.raises(replay.ReplayError, match="not the game of its seed"):
        moved = replay.Replay(old.title, old.rules_version, old.actions, {}, 32, {}, replay.STREAM_FORMAT)
        replay.play_back(replay.loads(replay.dumps(moved)), dice_slayer, from_seed=True)


def test_the_high_score_table_hides_entries_that_do_not_verify(app):
    """An honest entry shows; a forged one (hand-picked dice, digest recomputed) is left out and counted."""
    from game.app.highscores import HighScoresScene
    from game.services.storage import ScoreEntry, timestamp
    from game.titles.dice_slayer.scores import verified_entry

    state, rng = dice_slayer(), Random(8)
    bot = registry.get("dice_slayer").kit().named["greedy"]()
    while not state.is_terminal():
        state.apply(chance.outcome(state, 99) if state.is_chance_node() else bot.choose(state, rng))
    honest = verified_entry(state, 99, "Rin")
    assert honest is not None and registry.get("dice_slayer").verify_score(honest)
    forged_text = forged_dice_slayer(12345)
    forged = replay.play_back(replay.loads(forged_text), dice_slayer)
    stats = forged.statistics()
    fake = ScoreEntry("dice_slayer", "Cheat", stats["score"], stats["rounds"], timestamp(), 12345,
                      forged.RULES_VERSION, stats, forged_text)
    assert not registry.get("dice_slayer").verify_score(fake)
    app.storage.add_score(honest)
    app.storage.add_score(fake)
    table = HighScoresScene(app, "dice_slayer")
    assert [entry.name for entry in table.entries] == ["Rin"] and table.hidden == 1


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_sample_chance_draws_what_random_choices_drew(slug):
    """sample_chance is rng.choices(outcomes, weights)[0] without its lists: the same draw from the same generator
    (one rng.random() call), so a seed gives the outcomes it always gave and old replays verify alike."""
    spec = registry.get(slug)
    decisions, rng, twin = Random(3), Random(4), Random(4)
    for _ in range(3):
        state = spec.new_state()
        while not state.is_terminal() and len(state.history) < 400:
            if state.is_chance_node():
                outcomes = state._chance_outcomes()
                expected = twin.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
                drawn = state.sample_chance(rng)
                assert drawn == expected and rng.getstate() == twin.getstate()
                state.apply(drawn)
            else:
                state.apply(decisions.choice(state.legal_actions()))
