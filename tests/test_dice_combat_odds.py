"""Dice Combat odds: table 5.1 exactly, the unseen chances, and the perfect-play and policy values of section 9."""

from fractions import Fraction as F

import pytest

from game.titles.dice_combat import odds
from game.titles.dice_combat.bots import BOTS, HeuristicBot, OptimalBot, ThresholdBot, solver
from game.titles.dice_combat.rules import ATTACK, DEFEND, FACES, has_pattern

# target: (P(big = t), P(attack succeeds), P(defence succeeds)), spec table 5.1
TABLE = {
    2: (F(1, 36), F(1), F(1)),
    3: (F(2, 36), F(35, 36), F(1)),
    4: (F(3, 36), F(11, 12), F(215, 216)),
    5: (F(4, 36), F(5, 6), F(53, 54)),
    6: (F(5, 36), F(13, 18), F(103, 108)),
    7: (F(6, 36), F(7, 12), F(49, 54)),
    8: (F(5, 36), F(5, 12), F(181, 216)),
    9: (F(4, 36), F(5, 18), F(20, 27)),
    10: (F(3, 36), F(1, 6), F(5, 8)),
    11: (F(2, 36), F(1, 12), F(1, 2)),
    12: (F(1, 36), F(1, 36), F(3, 8)),
}


@pytest.mark.parametrize("target", list(TABLE))
def test_table_5_1(target):
    chance, attack, defend = TABLE[target]
    assert odds.target_chance(target) == chance == F(6 - abs(target - 7), 36)
    assert odds.attack_chance(target) == attack
    assert odds.defend_chance(target) == defend


def test_sum_counts():
    assert [odds.sum_counts(2)[t] for t in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert [odds.sum_counts(3)[t] for t in range(3, 19)] == [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15,
                                                              10, 6, 3, 1]


def test_unseen_chances():
    assert F(721, 1296) == odds.ATTACK_UNSEEN
    assert F(1099, 1296) == F(6594, 7776) == odds.DEFEND_UNSEEN
    ties = sum(odds.target_chance(t) ** 2 for t in odds.TARGETS)  # P(2d6 = 2d6)
    assert ties == F(146, 1296) and (1 + ties) / 2 == odds.ATTACK_UNSEEN


def test_perfect_play_from_the_start():
    assert odds.win_chance() == pytest.approx(0.538515, abs=1e-5)
    assert odds.win_chance([], 0) == odds.OPTIMAL.win_chance()


def test_ended_positions():
    assert odds.win_chance([1, 2, 3], 2) == 1.0
    assert odds.win_chance([1], 3) == 0.0


def attack_targets(collection, damage, small):
    return [t for t in odds.TARGETS if odds.optimal_choice(collection, damage, small, t) == ATTACK]


@pytest.mark.parametrize("small", FACES)
def test_first_round_policy_shape(small):
    highest = 6 if small in (1, 6) else 7
    assert attack_targets([], 0, small) == list(range(2, highest + 1))


@pytest.mark.parametrize("small,highest", [(1, 8), (4, 8), (5, 3), (6, 3)])
def test_holding_two_and_three(small, highest):
    assert attack_targets([2, 3], 0, small) == list(range(2, highest + 1))


def plates():
    for small in FACES:
        for target in odds.TARGETS:
            yield small, target, float(odds.target_chance(target)) / 6


@pytest.mark.parametrize("step", range(4))
def test_bellman_equation_holds_everywhere(step):
    odds.win_chance()
    positions = sorted(odds.OPTIMAL.values)[step::4]
    for collection, damage in positions:
        if has_pattern(collection) or damage >= 3:
            continue
        best = sum(p * max(odds.choice_win_chances(collection, damage, s, t).values()) for s, t, p in plates())
        assert best == pytest.approx(odds.win_chance(collection, damage), abs=1e-12)


def test_every_position_without_a_pattern_is_solved():
    odds.win_chance()
    open_positions = [k for k in odds.OPTIMAL.values if not has_pattern(k[0]) and k[1] < 3]
    assert len(open_positions) == 891  # 297 collections (counts 0-2, no three values in a row) × damage 0-2
    assert all(len(c) <= 8 and max(c.count(v) for v in FACES) <= 2 for c, _ in open_positions)


def test_choice_win_chances_by_hand():
    # two 6s and no damage, prize 6 at target 2: attacking surely wins; defending leaves the position unchanged
    chances = odds.choice_win_chances([6, 6], 0, 6, 2)
    assert chances == {ATTACK: 1.0, DEFEND: odds.win_chance([6, 6], 0)}
    # two damage, target 12: a failed attack loses; success (1/36) gains the prize
    chances = odds.choice_win_chances([3], 2, 4, 12)
    assert chances[ATTACK] == pytest.approx(odds.win_chance([3, 4], 2) / 36)
    assert chances[DEFEND] == pytest.approx(3 / 8 * odds.win_chance([3], 2))


def test_damage_and_prizes_never_hurt():
    odds.win_chance()
    for (collection, damage), value in list(odds.OPTIMAL.values.items()):
        if has_pattern(collection) or damage >= 3:
            continue
        assert value.win >= odds.win_chance(collection, damage + 1)
        assert all(odds.win_chance((*collection, s), damage) >= value.win for s in FACES)


def policy(highest):
    return lambda collection, damage, small, target: float(target <= highest)


@pytest.mark.parametrize("attack_policy,win,rounds", [
    (policy(7), 0.4916, 7.96),
    (policy(6), 0.4846, 10.10),
    (policy(8), 0.4527, 6.77),
    (policy(12), 0.3452, 5.39),
])
def test_simple_policies_exactly(attack_policy, win, rounds):
    solved = odds.Solver(attack_policy)
    assert solved.win_chance() == pytest.approx(win, abs=5e-5)
    assert solved.mean_rounds() == pytest.approx(rounds, abs=5e-3)
    assert solved.win_chance() < odds.win_chance()


def test_always_defend_never_wins():
    solved = odds.Solver(policy(1))
    assert solved.win_chance() == 0.0
    assert solved.mean_rounds() == pytest.approx(3 * 1296 / 197, abs=1e-9)


def test_heuristic_exactly():
    solved = solver(HeuristicBot())
    assert solved.win_chance() == pytest.approx(0.5205, abs=5e-5)
    assert solved.mean_rounds() == pytest.approx(9.35, abs=5e-3)


def test_threshold_bots_are_their_policies():
    assert solver(ThresholdBot(7)).win_chance() == odds.Solver(policy(7)).win_chance()
    assert solver(BOTS["t7"]()).win_chance() == solver(ThresholdBot(7)).win_chance()


def test_optimal_policy_evaluates_to_the_optimal_values():
    evaluated = odds.Solver(OptimalBot().attack_probability)
    for collection, damage in [((2, 3), 1), ((1, 1, 4), 0), ((5,), 2), ((2, 2, 5, 5), 1)]:
        assert evaluated.win_chance(collection, damage) == pytest.approx(odds.win_chance(collection, damage),
                                                                         abs=1e-12)


def test_random_policy_exactly():
    solved = solver(BOTS["random"]())
    assert 0.2 < solved.win_chance() < odds.Solver(policy(12)).win_chance()
