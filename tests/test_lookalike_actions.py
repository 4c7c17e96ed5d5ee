"""Actions that are NamedTuples compare as plain tuples (Take("3") == Commit("3")): the engine and the tables tell
them apart by type, so a click on something that only looks like a choice is refused, not a crash (found in a
playtest: clicking a hand card while taking a card back from Hexa's discard pile closed the game)."""

from __future__ import annotations

import pytest

from game.app.setup import GameSetup
from game.core.engine import IllegalAction, among
from game.titles.hexa.rules import RECOVER_PICK, RECOVERY, Commit, DeclareSet, Take
from game.titles.hexa.rules import position as hexa_position
from game.titles.hexa.scene import HexaScene
from game.titles.powers.rules import Defend, Play


def test_among_tells_lookalike_actions_apart():
    assert Take("3") == Commit("3")  # why `in` is not enough
    assert among(Take("3"), [Take("3")]) and not among(Commit("3"), [Take("3")])
    assert not among(Play("KS"), [Defend("KS")]) and among(Defend("KS"), [Defend("KS")])


def recover_pick():
    """Seat 0 declared 8-9-10 and takes a card back; its hand holds a 3 and a Q, which the pile holds too."""
    state = hexa_position("L0 C0 R0", "L4 C5 R4", hands=("3 6 Q 8 9 10", ""), discard="3 Q", phase=RECOVERY)
    state.apply(DeclareSet("8", "9", "10"))
    assert state.phase == RECOVER_PICK and among(Take("3"), state.legal_actions())
    return state


def test_the_engine_refuses_a_lookalike_and_changes_nothing():
    state = recover_pick()
    before = state.view(0)
    with pytest.raises(IllegalAction):
        state.apply(Commit("3"))
    assert state.view(0) == before


def test_a_click_on_a_hand_card_while_taking_one_back_is_refused(app):
    scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3))
    scene.state = recover_pick()
    scene.view = scene.coming = scene.state.view(scene.me)
    scene.browsing = True
    history = list(scene.state.history)
    for rank, rect in scene.hand_rects():  # 3, 6 and Q: none is a battle card now
        scene._click_table(rect.center)
        assert scene.state.history == history and scene.state.phase == RECOVER_PICK, rank
    scene.choose(Commit("3"))  # the shared table refuses it too
    assert scene.state.history == history
    scene.choose(Take("3"))
    assert scene.state.history == [*history, Take("3")]



def test_a_click_on_a_face_card_defends_with_it(app):
    """Found in a playtest: clicking a lit J to defend a territory tried to play it (Play("JD") == Defend("JD"))."""
    from game.titles.powers.rules import DEFEND, Occupy
    from game.titles.powers.rules import position as powers_position
    from game.titles.powers.scene import PowersScene

    state = powers_position(4, on_offer="FRA", hands={0: "JD 4D", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))  # seat 2 opens with a joker and wins the right
    state.owner["GER"] = 0  # yours, next to France
    state.apply(Occupy("2S 3S 4S 5S"))
    assert state.phase == DEFEND and state.cur == 0 and among(Defend("JD"), state.legal_actions())
    scene = PowersScene(app, GameSetup("powers", ["normal"] * 3, seed=3))
    scene.state = state
    scene.view = scene.coming = state.view(0)
    card_rect = dict(scene.hand_rects())["JD"]
    assert scene._click_hand(card_rect.center)
    assert state.history[-1] == Defend("JD") and type(state.history[-1]) is Defend
