"""Kitsune-gaeshi rules: every worked example of spec section 8 (K01-K20), settings, codec and illegal actions."""

from math import comb

import pytest

from game.core.engine import IllegalAction
from game.titles.kitsune_gaeshi.rules import (
    BRIDE,
    CASUAL,
    DECLARE,
    DECLARE_BRIDE,
    DECLARE_FOX,
    DRAW,
    EARLY_FINISH,
    FLIP,
    FOX,
    OVER,
    TURN,
    Eliminated,
    GameOver,
    Revealed,
    SoulLost,
    lay,
    new_state,
    position,
)

A, B, C, D = range(4)


def flip(state):
    """Apply FLIP and return (the Revealed event, the seats that lost a soul, the companion seat or None)."""
    events = state.apply(FLIP)
    revealed = next(e for e in events if type(e) is Revealed)
    lost = sorted(e.seat for e in events if type(e) is SoulLost)
    companion = next((e.seat for e in events if type(e) is SoulLost and e.companion), None)
    return revealed, lost, companion


def test_k01_success_with_an_honest_companion():
    state = lay(position(3, A), "F>f B>b F>b")
    revealed, lost, companion = flip(state)
    assert revealed.foxes == 2 and revealed.success
    assert lost == [C] and companion is None and state.souls == [3, 3, 2]
    assert state.starter == A and state.cur == A and state.phase == TURN


@pytest.mark.parametrize(("rule", "souls"), [("standard", [3, 2, 2]), (CASUAL, [3, 3, 2])])
def test_k02_success_with_a_fake_fox_companion(rule, souls):
    state = lay(position(3, A, companion=rule), "F>f B>f F>b")
    flip(state)
    assert state.souls == souls


@pytest.mark.parametrize(("rule", "souls"), [("standard", [2, 3, 2]), (CASUAL, [2, 3, 3])])
def test_k03_failed_flip_with_a_fake_fox_companion(rule, souls):
    state = lay(position(3, A, companion=rule), "B>b F>f B>f")
    assert state.declared_foxes() == 2
    revealed, _, _ = flip(state)
    assert revealed.foxes == 1 and not revealed.success
    assert state.souls == souls


@pytest.mark.parametrize("rule", ["standard", CASUAL])
def test_k04_failed_flip_with_a_hidden_fox_companion_in_both_variants(rule):
    state = lay(position(3, A, companion=rule), "B>b B>b F>b")
    _, lost, companion = flip(state)
    assert lost == [A, C] and companion == C and state.souls == [2, 3, 2]


def test_k05_no_chain():
    state = lay(position(4, A), "F>b F>b B>b")
    _, lost, companion = flip(state)
    assert lost == [B, C] and companion == B and state.souls == [3, 2, 2, 3]


def test_k06_flip_on_the_first_turn():
    state = position(4, A)
    revealed, lost, companion = flip(state)
    assert revealed.foxes == 0 and not revealed.success
    assert lost == [A] and companion is None and state.souls == [2, 3, 3, 3] and state.starter == A


def test_k07_forced_flip_on_an_empty_deck():
    state = lay(position(3, A), "F>f B>b B>b F>f B>b B>b F>f B>b B>b B>b B>b")
    assert state.deck_size == 0 and state.on_table() == 11 and state.cur == C
    assert state.legal_actions() == [FLIP]
    with pytest.raises(IllegalAction, match="deck is empty"):
        state.apply(DRAW)
    events = state.apply(FLIP)
    assert events[0].forced and events[1].foxes == 3 and events[1].success
    assert state.souls == [3, 2, 3]  # B loses; A (the companion) was honest


def test_k07_companion_check_on_a_liar():
    state = lay(position(3, A), "F>b B>b B>b F>f B>b B>b F>f B>b B>b B>b B>b")
    flip(state)
    assert state.souls == [2, 2, 3]


def test_k08_elimination_and_the_next_starter():
    state = lay(position(3, A, souls=[3, 3, 1]), "F>f B>b")
    events = state.apply(FLIP)
    assert Eliminated((C,)) in events and state.souls == [3, 3, 0]
    assert state.starter == A and state.cur == A and state.phase == TURN
    assert state.alive_seats() == (A, B)
    lay(state, "B>b")
    assert state.cur == B
    lay(state, "B>b")
    assert state.cur == A  # C is skipped: the game is heads-up


def test_k09_a_double_elimination_ends_the_game():
    state = lay(position(3, A, souls=[1, 1, 3]), "F>b F>f")
    events = state.apply(FLIP)
    assert Eliminated((A, B)) in events
    assert state.phase == OVER and state.winners == (C,) and state.returns() == [0.0, 0.0, 1.0]
    assert state.ranking() == (2, 2, 1)
    assert events[-1] == GameOver((C,), (2, 2, 1))


def test_k10_the_last_two_eliminated_together_share_the_victory():
    state = lay(position(3, A, souls=[1, 1, 0]), "F>b F>f")
    flip(state)
    assert state.phase == OVER and state.winners == (A, B) and state.returns() == [0.5, 0.5, 0.0]
    assert state.ranking() == (1, 1, 3)


def test_k11_one_lie_among_several_cards():
    state = lay(position(3, A), "F>b B>b B>b B>b F>f")
    _, lost, companion = flip(state)
    assert lost == [A, B] and companion == A


def test_k12_the_previous_player_skips_eliminated_seats():
    state = lay(position(4, C, souls=[3, 0, 3, 3]), "F>f F>b")
    assert state.cur == A
    _, lost, companion = flip(state)
    assert lost == [D] and companion is None and state.souls == [3, 0, 3, 2]


def test_k13_holding_two_foxes_yourself():
    state = lay(position(3, A), "F>f B>b B>b F>b B>b B>b")
    _, lost, companion = flip(state)
    assert lost == [C] and companion is None


def test_k14_heads_up_the_flipper_is_the_companion_on_a_success():
    state = lay(position(3, A, souls=[2, 2, 0]), "F>b F>f")
    _, lost, companion = flip(state)
    assert lost == [A, B] and companion == A and state.souls == [1, 1, 0]
    assert state.phase == TURN and state.starter == A


@pytest.mark.parametrize(("rule", "souls"), [("standard", [1, 1, 0]), (CASUAL, [1, 2, 0])])
def test_k15_heads_up_fail_with_a_fake_fox(rule, souls):
    state = lay(position(3, A, souls=[2, 2, 0], companion=rule), "F>f B>f")
    flip(state)
    assert state.souls == souls


def test_k16_legal_actions():
    state = lay(position(3, A), "B>b B>b F>f B>b B>b F>b B>b")
    assert state.deck_size == 4 and state.on_table() == 7
    assert state.legal_actions() == [DRAW, FLIP]
    mover = state.cur
    for face in (FOX, BRIDE):
        world = state.clone()
        world.apply(DRAW)
        world.apply(face)
        assert world.phase == DECLARE and world.cur == mover
        assert world.legal_actions() == [DECLARE_BRIDE, DECLARE_FOX]


@pytest.mark.parametrize(("a_souls", "winners"), [(2, (A,)), (1, (A, C))])
def test_k17_variant_early_finish(a_souls, winners):
    for two_left in ("continue", EARLY_FINISH):
        state = lay(position(4, A, souls=[a_souls, 0, 1, 1], two_left=two_left), "F>f B>b F>f")
        flip(state)
        assert state.souls == [a_souls, 0, 1, 0] and state.alive_seats() == (A, C)
        if two_left == "continue":
            assert state.phase == TURN and state.starter == A
        else:
            assert state.phase == OVER and state.winners == winners
            assert state.ranking() == ((1, 4, 2, 3) if len(winners) == 1 else (1, 4, 1, 3))


@pytest.mark.parametrize(("rule", "out"), [("standard", (A, B)), (CASUAL, (B,))])
def test_k18_the_flipper_and_the_companion_are_both_eliminated(rule, out):
    state = lay(position(4, C, souls=[1, 1, 1, 3], companion=rule), "B>f B>f B>f")
    assert state.cur == B and state.declared_foxes() == 3
    events = state.apply(FLIP)
    assert Eliminated(out) in events
    assert state.starter == C and state.cur == C and state.phase == TURN


def p_two_or_more(foxes, k, cards=11):
    """P(at least 2 foxes among k random cards of `cards` holding `foxes`)."""
    total = comb(cards, k)
    return 1 - (comb(cards - foxes, k) + foxes * comb(cards - foxes, k - 1)) / total


def test_k19_probability_table():
    expected = [0.055, 0.152, 0.279, 0.424, 0.576, 0.721, 0.848, 0.945, 1, 1]
    assert [round(p_two_or_more(3, k), 3) for k in range(2, 12)] == expected
    from game.titles.kitsune_gaeshi.bots import p_success
    for k in range(2, 12):  # the bots' belief with declarations ignored (a neutral lie model) agrees
        assert p_success(3, 0, 11, k, 0, 0.5, 0.5) == pytest.approx(p_two_or_more(3, k))


def test_k20_conditional_probability_with_your_own_fox():
    from game.titles.kitsune_gaeshi.bots import p_success
    assert p_success(3, 1, 10, 4, 0, 0.5, 0.5) == pytest.approx(2 / 3)
    assert 1 - comb(8, 4) / comb(10, 4) == pytest.approx(2 / 3)


# --- settings, codec, illegal actions ------------------------------------------------------------------------------
def test_settings_are_checked():
    for bad in ({"players": 2}, {"players": 5}, {"fox_count": 1}, {"fox_count": 6}, {"companion": "hard"},
                {"two_left": "duel"}):
        with pytest.raises(ValueError):
            new_state(**bad)
    state = new_state(3, fox_count=5)
    state.apply(0)
    assert state.deck_foxes == 5 and state.deck_size == 11


def test_chance_outcomes_follow_the_deck():
    state = position(3, A, fox_count=2)
    state.apply(DRAW)
    assert state.chance_outcomes() == [(FOX, 2 / 11), (BRIDE, 9 / 11)]
    state.apply(FOX)
    state.apply(DECLARE_FOX)
    lay(state, "F>f")
    state.apply(DRAW)
    assert state.chance_outcomes() == [(BRIDE, 1.0)]


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    state = lay(position(3, A), "F>b")
    before = state.view(0)
    for action in (DECLARE_FOX, "kaeshi", 1, True, FOX):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.view(0) == before
    state.apply(DRAW)
    with pytest.raises(IllegalAction, match="fox or a bride"):
        state.apply(DRAW)
    state.apply(BRIDE)
    with pytest.raises(IllegalAction, match="must declare"):
        state.apply(FLIP)


def test_json_codec_round_trips_and_rejects_junk():
    state = new_state(3)
    for action in (0, DRAW, FLIP, FOX, BRIDE, DECLARE_FOX, DECLARE_BRIDE):
        assert state.action_from_json(state.action_to_json(action)) == action
    for junk in ("kaeshi", None, [1], 2.0):
        with pytest.raises(IllegalAction):
            state.action_from_json(junk)


def test_the_view_hides_other_faces_and_the_held_card():
    state = lay(position(3, A), "F>b B>f")
    state.apply(DRAW)
    state.apply(FOX)
    view_c, view_a = state.view(C), state.view(A)
    assert view_c.drawn == FOX and view_a.drawn is None
    assert view_a.table[A][0].face == FOX and view_a.table[B][0].face is None
    assert view_a.table[B][0].declared == FOX
    assert state.view(A).log[-1] == state.view(B).log[-1]  # the draw is masked in the public log
