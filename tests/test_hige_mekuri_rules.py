"""Hige-mekuri rules: every worked example of spec section 8 (H1-H18), the invariants of 4.3, illegal actions."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from game.core.engine import CHANCE, TERMINAL, IllegalAction, play_chance
from game.titles.hige_mekuri import rules
from game.titles.hige_mekuri.rules import (
    AFTER_BEARD,
    CONTINUE,
    FLIP,
    GAME_OVER,
    STOP,
    TURN_START,
    Flipped,
    TurnPassed,
    Won,
    new_state,
)
from game.titles.territories import (
    BEARDED,
    CLEAN,
    HIGE_CARDS,
    MCKINLEY,
    TERRITORIES,
    TERRITORY_IDS,
    VICTORIA,
    leaders,
)


def play(state, script):
    """Apply a script: territory ids are the next cards off the pile, other words are decisions."""
    events = []
    for step in script:
        events += state.apply(step)
        check_invariants(state)
    return events


def check_invariants(state):
    """Spec 4.3."""
    assert state.pile_size + len(state.revealed) == 14
    assert sum(leader.category == VICTORIA for leader in state.cards.values()) == 1
    victoria = [card for card in state.revealed if state.category(card) == VICTORIA]
    assert victoria in ([], state.revealed[-1:])
    if state.phase == AFTER_BEARD:
        assert state.category(state.revealed[-1]) == BEARDED and state.pile_size > 0
    if state.phase == GAME_OVER:
        assert state.category(state.revealed[-1]) == VICTORIA and state.winner is not None
        assert state.is_terminal() and state.returns()[state.winner] == 1.0


def test_h1_the_basic_turn_change():
    state = new_state(first=0)
    events = play(state, [FLIP, "GER", CONTINUE, "CHN", FLIP, "RUS", CONTINUE, "GBR"])
    assert state.winner == 1 and state.revealed == ["GER", "CHN", "RUS", "GBR"]
    assert [e.seat for e in events if isinstance(e, Flipped)] == [0, 0, 1, 1]
    assert [e for e in events if isinstance(e, TurnPassed)] == [TurnPassed(0, 1, "clean")]
    assert events[-1] == Won(1, 4)


def test_h2_victoria_first():
    state = new_state(first=0)
    play(state, [FLIP, "GBR"])
    assert state.winner == 0 and len(state.revealed) == 1 and state.legal_actions() == []


def test_h3_stopping_hands_over_the_turn():
    state = new_state(first=0)
    events = play(state, [FLIP, "FRA", STOP, FLIP, "USA", CONTINUE, "IDN", FLIP, "GBR"])
    assert state.winner == 0
    assert [e.reason for e in events if isinstance(e, TurnPassed)] == ["stop", "clean"]


def test_h4_legal_actions_by_phase():
    state = new_state(first=0)
    assert state.phase == TURN_START and state.legal_actions() == [FLIP]
    state.apply(FLIP)
    assert state.current_player() == CHANCE and sorted(state.legal_actions()) == sorted(TERRITORY_IDS)
    state.apply("ITA")
    assert state.phase == AFTER_BEARD and state.legal_actions() == [CONTINUE, STOP]
    state.apply(CONTINUE)
    state.apply("CHN")  # clean-shaven: no decision, the turn passes at once
    assert state.phase == TURN_START and state.current_player() == 1 and state.legal_actions() == [FLIP]
    play(state, [FLIP, "GBR"])
    assert state.current_player() == TERMINAL and state.legal_actions() == []


def test_h10_to_h12_endgame_choices():
    """One B / one C / two C left beside Victoria, after your own bearded flip: exact continue and stop."""
    for (b, c), keep, stop in [((1, 0), 1, 0), ((0, 1), Fraction(1, 2), Fraction(1, 2)),
                               ((0, 2), Fraction(2, 3), Fraction(1, 3))]:
        state = endgame_after_beard(b, c)
        assert state.win_chances() == {CONTINUE: keep, STOP: stop}


def endgame_after_beard(b: int, c: int):
    """A position after seat 0's bearded flip with b bearded and c clean-shaven cards left beside Victoria."""
    beards = [t for t in TERRITORY_IDS if HIGE_CARDS[t][1] == BEARDED]
    cleans = [t for t in TERRITORY_IDS if HIGE_CARDS[t][1] == CLEAN]
    state = new_state(first=0)
    turned_clean = cleans[:3 - c]
    turned_beards = beards[:10 - b]
    script = []
    for card in turned_clean:  # each clean card passes: flip it, then the turn comes back to seat 0 later
        script += [FLIP, card]
    if len(turned_clean) % 2:  # give the turn back to seat 0 with a beard and a stop by seat 1
        script += [FLIP, turned_beards.pop(), STOP]
    script.append(FLIP)
    for i, card in enumerate(turned_beards):
        script += [card] + ([CONTINUE] if i < len(turned_beards) - 1 else [])
    play(state, script)
    assert state.phase == AFTER_BEARD and state.current == 0
    assert (state.left()[BEARDED], state.left()[CLEAN]) == (b, c)
    return state


def test_h10_continue_then_flips_to_victoria():
    state = endgame_after_beard(1, 0)
    play(state, [CONTINUE, "SUI", CONTINUE, "GBR"])
    assert state.winner == 0
    state = endgame_after_beard(1, 0)
    play(state, [STOP, FLIP, "SUI", CONTINUE, "GBR"])
    assert state.winner == 1


def test_h13_early_finish():
    state = new_state(first=0)
    state.apply(FLIP)
    assert dict(state.chance_outcomes())["GBR"] == pytest.approx(1 / 14)  # the very first card is Victoria
    # under C/C the first player wins in the first turn iff Victoria comes before every clean-shaven card
    places = [(v, cs) for v in range(14) for cs in combinations([i for i in range(14) if i != v], 3)]
    assert len(places) == 4004
    assert Fraction(sum(v < min(cs) for v, cs in places), len(places)) == Fraction(1, 4)


def test_h14_the_longest_game():
    state = new_state(first=0)
    beards = [t for t in TERRITORY_IDS if HIGE_CARDS[t][1] == BEARDED]
    order = beards[:4] + ["CHN"] + beards[4:7] + ["IND"] + beards[7:] + ["IDN", "GBR"]
    script = [FLIP]
    for card in order:
        script.append(card)
        if card == "GBR":
            break
        script.append(CONTINUE if HIGE_CARDS[card][1] == BEARDED else FLIP)
    events = play(state, script)
    assert state.winner == 1 and len(state.revealed) == 14
    assert sum(isinstance(e, TurnPassed) for e in events) == 3


def test_h15_a_stop_right_before_victoria():
    state = new_state(first=0)
    play(state, [FLIP, "KOR", STOP, FLIP, "GBR"])
    assert state.winner == 1
    state = new_state(first=0)
    play(state, [FLIP, "KOR", CONTINUE, "GBR"])
    assert state.winner == 0


def test_h16_continue_into_a_clean_shaven_card():
    state = new_state(first=0)
    play(state, [FLIP, "AUT", CONTINUE, "JPN", CONTINUE, "IND"])
    assert state.current_player() == 1 and state.legal_actions() == [FLIP]
    play(state, [FLIP, "GBR"])
    assert state.winner == 1


def test_h17_counts_shown_to_the_players():
    state = new_state(first=0)
    play(state, [FLIP, "AUT", CONTINUE, "JPN", CONTINUE, "IND"])
    view = state.view(1)
    assert (view.bearded_left, view.clean_left, view.victoria_left, view.pile) == (8, 2, 1, 11)
    assert state.win_chances() == {FLIP: Fraction(2, 3)}
    assert state.win_chance(1) == Fraction(2, 3) and state.win_chance(0) == Fraction(1, 3)


def test_h18_line_up():
    default = leaders()
    assert [t for t, leader in default.items() if leader.category == VICTORIA] == ["GBR"]
    assert sum(leader.category == BEARDED for leader in default.values()) == 10
    assert sorted(t for t, leader in default.items() if leader.category == CLEAN) == ["CHN", "IDN", "IND"]
    mckinley = leaders(MCKINLEY)
    assert sum(leader.category == BEARDED for leader in mckinley.values()) == 9
    assert sorted(t for t, leader in mckinley.items() if leader.category == CLEAN) == ["CHN", "IDN", "IND", "USA"]
    assert new_state(variant=MCKINLEY).left() == {VICTORIA: 1, BEARDED: 9, CLEAN: 4}


def test_the_shared_territory_table():
    """powers.md 2.1: the facts the engine can assert, so the later Powers title can trust this data."""
    assert list(TERRITORIES) == list(HIGE_CARDS) and len(TERRITORIES) == 14
    assert sum(p for p, *_ in TERRITORIES.values()) == 98 and sum(c for _, c, *_ in TERRITORIES.values()) == 53
    assert sorted(t for t, v in TERRITORIES.items() if v[2] == "island") == ["GBR", "IDN", "JPN", "USA"]
    assert sorted(t for t, v in TERRITORIES.items() if v[2] == "inland") == ["RUS", "SUI"]
    borders = {frozenset((t, n)) for t, v in TERRITORIES.items() for n in v[3]}
    assert len(borders) == 24
    assert all(t in TERRITORIES[n][3] for t, v in TERRITORIES.items() for n in v[3])
    for leader in leaders().values():
        assert leader.territory_en and leader.territory_ja and leader.person_ja
        assert (leader.facial_hair == "none") == (leader.category != BEARDED)


# --- illegal actions, randomness, replay ---------------------------------------------------------------
def test_illegal_actions_change_nothing():
    state = new_state(first=0)
    for action in (CONTINUE, STOP, "GBR", 0, True, None):
        with pytest.raises(IllegalAction, match="flip"):
            state.apply(action)
    assert state.history == [] and state.phase == TURN_START
    play(state, [FLIP, "GER"])
    before = (list(state.revealed), state.phase, state.current, list(state.history))
    for action in (FLIP, "GBR", "continue ", 1):
        with pytest.raises(IllegalAction, match="continue"):
            state.apply(action)
    state.apply(CONTINUE)
    with pytest.raises(IllegalAction, match="still in the pile"):
        state.apply("GER")  # already turned
    assert before[0] == state.revealed
    play(state, ["GBR"])
    with pytest.raises(IllegalAction, match="over"):
        state.apply(FLIP)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="2 players"):
        new_state(players=3)
    with pytest.raises(ValueError, match="line-up"):
        new_state(variant="taft")
    with pytest.raises(ValueError, match="first"):
        new_state(first=2)


def test_the_first_player_can_be_chosen_by_chance():
    state = new_state(first=None)
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    events = state.apply(1)
    assert state.first_player == 1 and state.current_player() == 1 and events[0] == rules.FirstPlayer(1)


@pytest.mark.parametrize("seed", range(60))
def test_random_games_keep_the_invariants(seed):
    """(Legal actions, clones and replays of every title: test_titles_generic.py.)"""
    rng = random.Random(seed)
    state = new_state(first=None, variant=MCKINLEY if seed % 5 == 0 else "default")
    flips = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
            flips += isinstance(action, str)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        check_invariants(state)
    assert flips == len(state.revealed) <= 14


def test_the_view_hides_nothing_but_has_no_pile_order():
    state = new_state(first=0)
    play_chance(state, random.Random(1))
    view = state.view(0)
    assert view.legal == (FLIP,) and state.view(1).legal == ()
    assert not hasattr(view, "pile_order") and view.pile == 14
    assert state.resample(1, random.Random(3)).revealed == state.revealed


@pytest.mark.parametrize("variant", ["default", MCKINLEY])
def test_the_scenes_helpers_read_only_the_view(variant):
    """left_in_pile and win_chances (what the table draws) agree with the state at every step of random games."""
    rng = random.Random(variant)
    for _ in range(20):
        state = new_state(variant=variant)
        while not state.is_terminal():
            view = state.view(0)
            assert view.variant == variant
            assert rules.left_in_pile(view.variant, view.revealed) == state.left()
            assert rules.win_chances(view) == state.win_chances()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    with pytest.raises(TypeError):
        rules.line_up(variant)["USA"] = None  # shared by every game: read-only
