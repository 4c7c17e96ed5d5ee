"""Shinobazu bots: legal moves everywhere, the spec's obvious choices, and the evaluation (the levels' fairness is
in the generic test_titles_generic.py)."""

from random import Random

import pytest

from game.ai.levels import make_bot
from game.core.engine import play_chance
from game.titles.shinobazu.bots import (
    Deal,
    EasyBot,
    belief,
    evaluate,
    evaluate_by_rules,
    lay_prior,
    rollout_policy,
    score_shares,
)
from game.titles.shinobazu.rules import (
    ACCEPT,
    CHALLENGE,
    FIGHT,
    PASS,
    PLAY,
    RESPONSE,
    STANCE,
    Challenge,
    Declare,
    Force,
    PlayOwn,
    new_state,
    parse_cards,
    position,
)

PHASES = (PLAY, STANCE, CHALLENGE, RESPONSE)


def random_positions(count, players, seed=0):
    """Decision positions reached by random play, `count` of each phase (fewer if a phase is rare)."""
    rng, found = Random(seed), {phase: [] for phase in PHASES}
    for _ in range(40 * count):
        state = new_state(players)
        while not state.is_terminal():
            play_chance(state, rng)
            if state.is_terminal():
                break
            if len(found[state.phase]) < count and rng.random() < 0.3:
                found[state.phase].append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if all(len(states) == count for states in found.values()):
            break
    return found


def at_response(passer_hand="B2 R1", carried="R4"):
    """Round 2, 3 players: seat 0 fights K1 and loses to seat 1's K5, challenges seat 2, who passed."""
    state = position([parse_cards("K1 R5"), parse_cards("K5 B1"), parse_cards(passer_hand)], start=0,
                     carried=[(), (), parse_cards(carried)], round_in_set=2)
    card = parse_cards(passer_hand)[0]
    for action in (PlayOwn(parse_cards("K1")[0]), PlayOwn(parse_cards("K5")[0], FIGHT), PlayOwn(card, PASS),
                   Challenge(2)):
        state.apply(action)
    assert state.phase == RESPONSE and state.cur == 2
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_policy_and_easy_bot_always_choose_a_legal_action(players):
    for phase, states in random_positions(25, players, seed=players).items():
        assert states, phase
        for state in states:
            legal = state.legal_actions()
            assert rollout_policy(state, Random(1)) in legal
            assert EasyBot().choose(state, Random(1)) in legal


def test_whole_games_with_the_policy_end_and_are_quick():
    rng = Random(3)
    for players in (3, 4, 5):
        for _ in range(20):
            state = new_state(players)
            while not state.is_terminal():
                state.apply(state.sample_chance(rng) if state.is_chance_node() else rollout_policy(state, rng))


def test_accepts_a_duel_when_refusing_would_cost_two_points():
    state = at_response()
    assert len(state.stack(2)) == 2
    assert EasyBot().choose(state, Random(0)) == ACCEPT


def test_the_start_player_fights_with_a_five_and_nobody_fights_with_a_minus_three():
    state = position([parse_cards("R5 K-3 B1"), parse_cards("K5 R-3 B2"), parse_cards("K4 R1 B5"),
                      parse_cards("R4 K1 B-3")], start=0)
    assert EasyBot().choose(state, Random(0)) == PlayOwn(parse_cards("R5")[0], FIGHT)
    state.apply(PlayOwn(parse_cards("R5")[0], FIGHT))
    choice = EasyBot().choose(state, Random(0))  # seat 1 must follow red with its R-3
    assert choice.card == parse_cards("R-3")[0] and choice != PlayOwn(choice.card, FIGHT)


def test_the_loser_challenges_a_passer_whose_card_it_forced_and_beats():
    state = position([parse_cards("R-3 K4 B5"), parse_cards("R1 K-3 B4"), parse_cards("R4 K5 B2")], start=0)
    card = dict(zip(("R-3", "R4", "R1"), parse_cards("R-3 R4 R1"), strict=True))
    for action in (Force(card["R-3"], 2), Declare(PASS), Force(card["R4"], 1), Declare(FIGHT), Force(card["R1"], 0),
                   Declare(FIGHT)):
        state.apply(action)
    assert state.phase == CHALLENGE and state.cur == 0  # seat 0 lost with R1 against R4; seat 2 passed with R-3
    assert EasyBot().choose(state, Random(0)) == Challenge(2)


def test_evaluate_gives_every_seat_a_share_in_0_1():
    for players in (3, 4, 5):
        for states in random_positions(10, players, seed=30 + players).values():
            for state in states:
                kept = state.clone()
                shares = evaluate(kept)  # from a decision it plays the deal on card numbers, leaving the state
                assert len(shares) == players and all(0 <= s <= 1 for s in shares)
                assert abs(sum(shares) - 1) < 1e-9
                assert len(kept.log) == len(state.log)
                played = state.clone()
                assert evaluate_by_rules(played) == shares  # through the rules: on the state it is given
                assert played.current_player() < 0 and len(played.log) > len(state.log)


def test_score_shares_favour_the_fewest_points():
    shares = score_shares([0, 2, 4, 1])
    assert shares[0] > shares[3] > shares[1] > shares[2]
    assert score_shares([1, 1, 1]) == pytest.approx([1 / 3] * 3)


def test_the_deal_on_card_numbers_plays_as_the_rules_do():
    """`evaluate` finishes a deal on card numbers (`Deal`); played through the rules by the same policy
    (`evaluate_by_rules`) it gives the same shares, from true positions and from resampled worlds, at every table
    size, through challenges, duels, refusals and the game's end."""
    rng = Random(11)
    checked, ends, phases = 0, set(), set()
    for game in range(60):
        state = new_state(3 + game % 3)
        while not state.is_terminal():
            if state.is_chance_node():
                play_chance(state, rng)
                continue
            if rng.random() < 0.4:
                for world in (state, state.resample(state.current_player(), rng)):
                    fast = Deal(world).finish()
                    assert fast == evaluate_by_rules(world.clone()), (game, len(state.history))
                    assert evaluate(world.clone()) == fast
                    checked += 1
                    ends.add(max(fast) == 1.0 or 0.0 in fast)
                phases.add(state.phase)
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 2000 and ends == {True, False} and phases == {PLAY, STANCE, CHALLENGE, RESPONSE}


def test_the_belief_weighs_a_fighters_card_by_what_else_it_held():
    """Seat 1 plays red to itself to fight: worlds where that card is its strongest red count far more than worlds
    where it kept a stronger red (Normal fights with its strongest card); seat 2's own view is all it reads."""
    state = position([parse_cards("R5 K1 B2"), parse_cards("R4 R1 K4"), parse_cards("R2 B4 K5")], start=0)
    state.apply(PlayOwn(parse_cards("R5")[0]))
    state.apply(PlayOwn(parse_cards("R4")[0], FIGHT))
    swapped = state.clone()
    swapped.current[1], swapped.hand[1] = parse_cards("R1")[0], parse_cards("R4 K4")
    assert belief(state, 2) > 5 * belief(swapped, 2)
    assert belief(state, 1) == belief(swapped, 1)  # to seat 1 its own card is known: only seat 0's is weighed
    pool = [state.resample(2, Random(k)) for k in range(200)]
    weights = [belief(world, 2) for world in pool]
    share = sum(w for world, w in zip(pool, weights, strict=True) if world.current[1].value >= 4) / sum(weights)
    uniform = sum(world.current[1].value >= 4 for world in pool) / len(pool)
    assert share > uniform + 0.05  # 0.48 against 0.40 here


def test_hard_reads_the_table_through_the_belief_and_normal_does_not():
    assert make_bot("shinobazu", "hard").belief is belief
    assert make_bot("shinobazu", "normal").belief is None


def test_inside_hards_search_the_others_lay_cards_as_normal_does():
    """The opponent prior keeps each way of laying a card (a target, a stance) at its uniform weight and spreads
    it over the cards by the fitted model: a fighter's strongest card first."""
    state = position([parse_cards("R5 K1 B2"), parse_cards("R4 R1 K4"), parse_cards("R2 B4 K5")], start=0)
    state.apply(PlayOwn(parse_cards("R5")[0]))
    legal, weights = state.legal_actions(), lay_prior(state)
    by_way: dict = {}
    for action, weight in zip(legal, weights, strict=True):
        way = ("force", action.target) if isinstance(action, Force) else ("own", action.stance)
        by_way[way] = by_way.get(way, 0.0) + weight
    assert all(abs(total - 1.0) < 1e-9 for total in by_way.values()) and len(by_way) == 3
    fight = {action.card: weight for action, weight in zip(legal, weights, strict=True)
             if isinstance(action, PlayOwn) and action.stance == FIGHT}
    assert fight[parse_cards("R4")[0]] > 0.8  # seat 1 must follow red: R4 or R1, and fights with the R4
    assert make_bot("shinobazu", "hard").opponent_prior is lay_prior
    assert make_bot("shinobazu", "normal").opponent_prior is None
    from game.ai.arena import load_title

    reading = load_title("shinobazu").kit.named["normal_belief"]()  # the arena's belief against uniform worlds
    assert reading.belief is belief and reading.opponent_prior is lay_prior
    assert reading.iterations == make_bot("shinobazu", "normal").iterations
