"""Fusejika bots: legal moves everywhere, the spec's obvious choices, and the evaluation (the levels' fairness is
in the generic test_titles_generic.py)."""

from random import Random

import pytest

from game.titles.fusejika.bots import (
    EasyBot,
    best_play,
    copy_value,
    decide,
    effect_value,
    evaluate,
    evaluate_by_rules,
    play_base,
    play_bases,
    play_value,
    rollout_policy,
    total_shares,
)
from game.titles.fusejika.rules import (
    CARD_BY_ID,
    COPY,
    KEEP,
    KICK,
    KICK_TO,
    LOST,
    OVER,
    PLAY,
    REDEAL,
    REDEAL_CHECK,
    START,
    Copy,
    FusejikaState,
    Kick,
    KickTo,
    Lose,
    Play,
    new_state,
    position,
    rank_mask,
)

PHASES = (PLAY, LOST, KICK, KICK_TO, COPY, REDEAL_CHECK)


def c(text):
    return CARD_BY_ID[text]


def random_positions(count, players, seed=0):
    """Decision positions reached by random play, up to `count` of each phase."""
    rng, found = Random(seed), {phase: [] for phase in PHASES}
    for _ in range(60 * count):
        state = new_state(players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if len(found[state.phase]) < count and (rng.random() < 0.3 or state.phase == REDEAL_CHECK):
                found[state.phase].append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if all(len(states) == count for states in found.values()):
            break
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_policy_and_easy_bot_always_choose_a_legal_action(players):
    for phase, states in random_positions(20, players, seed=players).items():
        assert states, phase
        for state in states:
            legal = state.legal_actions()
            assert rollout_policy(state, Random(1)) in legal
            before = state.view(state.current_player())
            assert EasyBot().choose(state, Random(1)) in legal
            assert state.view(state.current_player()) == before  # the policy's look-ahead is undone


def test_whole_matches_with_the_policy_end():
    rng = Random(3)
    for players in (3, 4, 5):
        for _ in range(15):
            state = new_state(players)
            while not state.is_terminal():
                state.apply(state.sample_chance(rng) if state.is_chance_node() else rollout_policy(state, rng))


def test_plays_the_sixth_rank():
    state = position(["10S 9H QD", "", ""], rows=["9S JS QS KS AS", "", ""])
    assert EasyBot().choose(state, Random(0)) == Play(c("10S"))


def test_never_kicks_a_sixth_rank_when_another_kick_exists():
    state = position(["KC", "", ""], rows=["AC 9H", "9D 10D JD QD KD", "JH"])
    state.apply(Play(c("KC")))
    choice = EasyBot().choose(state, Random(0))
    state.apply(choice)
    assert EasyBot().choose(state, Random(0)) != KickTo(1) or choice == Kick(c("9H"))
    assert not (choice == Kick(c("AC")) and EasyBot().choose(state, Random(0)) == KickTo(1))


def test_keeps_a_playable_card_for_the_next_turn():
    # 9D would leave only a dead 9; JC keeps 9D for later
    state = position(["9D 9C JC", "", ""], rows=["QH", "", ""], pool="")
    assert EasyBot().choose(state, Random(0)) == Play(c("JC"))


def test_lost_revives_a_dead_card():
    state = position(["10H 9C", "", ""], rows=["9S", "", ""], pool="")
    state.apply(Play(c("10H")))
    assert EasyBot().choose(state, Random(0)) == Lose(c("9S"))


def test_a_copies_j_to_stop_a_next_player_with_five_ranks():
    state = position(["AD", "JS 9S", ""], rows=["9H", "9D 10D QD KD JC", ""], pool="")
    state.apply(Play(c("AD")))
    assert Copy("J") in state.legal_actions()
    assert EasyBot().choose(state, Random(0)) == Copy("J")


def test_redeals_except_when_leading_in_the_final_round():
    state = position(["", "", ""])
    state.phase, state.cur = REDEAL_CHECK, 1
    assert EasyBot().choose(state, Random(0)) == REDEAL
    state.round_no, state.totals = 3, [5, 20, 9]
    assert EasyBot().choose(state, Random(0)) == KEEP


def test_evaluate_gives_every_seat_a_share_in_0_1():
    for players in (3, 4, 5):
        for states in random_positions(5, players, seed=30 + players).values():
            for state in states:
                shares = evaluate(state.clone())
                assert len(shares) == players and all(0 <= s <= 1 for s in shares)
                assert abs(sum(shares) - 1) < 1e-9


def test_total_shares_favour_the_leader_more_near_the_end():
    early, late = total_shares([20, 10, 10], 4), total_shares([20, 10, 10], 1)
    assert late[0] > early[0] > early[1]
    assert total_shares([5, 5, 5], 2) == pytest.approx([1 / 3] * 3)


def test_the_rank_masks_kept_with_the_rows_follow_them():
    """The state keeps each row's rank mask (the bots read it); it must match the row after every kind of move,
    in a clone, and in a resample."""
    rng = Random(11)
    for players in (3, 4, 5):
        state = new_state(players)
        while not state.is_terminal():
            for copy in (state, state.clone()):
                assert copy.masks == [rank_mask(row) for row in copy.row]
            if not state.is_chance_node():
                world = state.resample(state.current_player(), rng)
                assert world.masks == [rank_mask(row) for row in world.row]
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_the_pruned_choices_are_the_full_ones():
    """best_play skips effects that cannot win and copy_value a kick that cannot be the best: on random positions
    they must agree with judging every option in full (max over play_value; max over the copyable effects)."""
    checked = 0
    for players in (3, 4, 5):
        for state in random_positions(40, players, seed=10 + players)[PLAY]:
            p, masks = state.cur, state.masks
            cards = state.playable(p)
            if len(cards) < 2:
                continue
            assert best_play(state, p, cards, masks) == max(cards, key=lambda card: play_value(state, p, card, masks))
            assert play_bases(state, p, cards, masks) == [play_base(state, p, card, masks) for card in cards]
            for card in cards:
                row, hand = (*state.row[p], card), tuple(x for x in state.hand[p] if x != card)
                full = max((effect_value(state, p, r, card, row, hand, masks) for r in state.copyable(p, card, row)),
                           default=0.0)
                assert copy_value(state, p, card, row, hand, masks) == full
                checked += 1
    assert checked > 100


def policy_positions(count, players, seed=0):
    """Decision and chance positions of games the policy plays (the positions a search's evaluation starts from)."""
    rng, states = Random(seed), []
    while len(states) < count:
        state = new_state(players)
        while not state.is_terminal() and len(states) < count:
            if rng.random() < 0.25 and state.phase != START:  # a search starts after the start seat is drawn
                states.append(state.clone())
            state.apply(state.sample_chance(rng) if state.is_chance_node() else decide(state))
    return states


def slots(state):
    """What a state plays from: all but its caches and its public record (`finish_round` keeps none: the world it
    plays on is thrown away)."""
    return {name: getattr(state, name) for name in FusejikaState.__slots__ if name not in ("_resample_view", "log")}


def test_evaluate_plays_the_round_as_the_rules_do():
    """`evaluate` plays a turn without the rules' dispatch (`finish_round`); the same round taken step by step
    through the rules (`evaluate_by_rules`) gives the same shares and leaves the same state, on policy-played and
    random positions of every phase and on the worlds the mover resamples from them."""
    endings, checked = set(), 0
    for players in (3, 4, 5):
        states = policy_positions(150, players, seed=60 + players)
        states += [state for found in random_positions(25, players, seed=70 + players).values() for state in found]
        for k, state in enumerate(states):
            worlds = [state]
            if not state.is_chance_node():
                worlds.append(state.resample(state.current_player(), Random(k)))
            for world in worlds:
                fast, slow = world.clone(), world.clone()
                assert evaluate(fast) == evaluate_by_rules(slow), (players, k)
                assert slots(fast) == slots(slow), (players, k)
                endings.add(fast.result[0] if fast.phase == OVER else "next round")
                checked += 1
    assert endings == {"sudden_death", "points", "next round"} and checked > 1000
