"""Shinoburi's bots: the rules of thumb, the prior, the belief that reads the rivals' houses, and fair levels."""

from __future__ import annotations

from random import Random

from game.ai.fairness import assert_fair
from game.ai.levels import level_bot
from game.core.engine import CHANCE
from game.titles.shinoburi import bots
from game.titles.shinoburi.rules import (
    HOJO,
    MORI,
    ODA,
    TAKEDA,
    UESUGI,
    Attack,
    AttackOn,
    Deploy,
    MoveFrom,
    NinjaOn,
    new_state,
    position,
    take,
)


def positions(seed: int, games: int = 3, every: int = 9):
    rng = Random(seed)
    for _ in range(games):
        state = new_state(rng.choice((2, 3, 4, 5)))
        k = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            k += 1
            if k % every == 0 and len(state.legal_actions()) > 1:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


def test_the_rules_favour_your_house_and_hit_the_others():
    state = position(3, 0, hands={0: "TAK ODA HOJ HOJ"}, nationalities=(TAKEDA, ODA, MORI))
    assert bots.decide(state) == Deploy(TAKEDA)
    take(state, ("deploy", TAKEDA, 1))
    assert bots.decide(state) == MoveFrom(1, TAKEDA)  # brings its Takeda home rather than feed another house
    attack = position(3, 0, hands={0: "HOJ HOJ"}, table={0: "UES:3", 1: "TAK:1 ODA:2"},
                      nationalities=(TAKEDA, ODA, MORI))
    take(attack, ("deploy", HOJO, 2))
    take(attack, ("reinforce", HOJO))
    assert bots.decide(attack) == Attack(UESUGI)
    attack.apply(Attack(UESUGI))
    assert bots.decide(attack) == AttackOn(1, ODA)  # never its own house Takeda
    ninja = position(5, 0, hands={0: "NIN NIN MOR"}, table={1: "ODA:3 MOR:1"},
                     nationalities=(MORI, ODA, HOJO, TAKEDA, UESUGI))  # with five, every other house is a rival's
    assert bots.decide(ninja) == NinjaOn(1, ODA, 2) and bots.rollout_policy(ninja, Random(0)) == NinjaOn(1, ODA, 2)


def test_the_prior_weighs_every_legal_step():
    for state in positions(2):
        weights = bots.prior(state)
        assert len(weights) == len(state.legal_actions()) and max(weights) == 1.0 and min(weights) > 0


def test_the_belief_reads_who_brings_a_house_home():
    state = position(3, 0, hands={0: "HOJ HOJ", 1: "ODA ODA ODA", 2: "MOR MOR"}, nationalities=(HOJO, ODA, MORI))
    take(state, ("deploy", HOJO, 2))
    take(state, ("reinforce", HOJO))
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(Random(1)))
    take(state, ("deploy", ODA, 2))
    take(state, ("reinforce", ODA))
    likely = state.clone()
    unlikely = state.clone()
    unlikely.nationality = [HOJO, MORI, ODA]
    assert bots.belief(likely, 0) > 2 * bots.belief(unlikely, 0)


def test_easy_beats_random_players():
    wins = 0.0
    for game in range(24):
        state, rng = new_state(3), Random(game)
        easy_seat = game % 3
        lineup = [level_bot(bots.KIT, "easy" if s == easy_seat else "random") for s in range(3)]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(lineup[state.current_player()].choose(state, rng))
        wins += state.returns()[easy_seat]
    assert wins / 24 > 0.5  # fair share 1/3


def test_every_level_is_fair():
    for state in list(positions(5, games=2, every=15))[:6]:
        for level in ("easy", "normal:12", "hard:12"):
            assert_fair(state, state.current_player(), lambda lv=level: level_bot(bots.KIT, lv), seeds=range(1),
                        resamples=2)


def test_the_belief_of_a_long_game_does_not_overflow():
    """Hundreds of telling acts: the weights stay finite, the best reading weighs 1 and the others less."""
    from game.titles.shinoburi.rules import reinforce

    state = position(4, 0, nationalities=(HOJO, ODA, MORI, "TAKEDA"))
    state.acts = [(seat, reinforce(house)) for _ in range(300) for seat, house in ((1, ODA), (2, MORI), (3, "TAKEDA"))]
    likely = state.clone()
    unlikely = state.clone()
    unlikely.nationality = [HOJO, MORI, ODA, "TAKEDA"]
    assert bots.belief(likely, 0) == 1.0 and 0.0 <= bots.belief(unlikely, 0) < 1e-100
