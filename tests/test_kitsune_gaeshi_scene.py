"""Kitsune-gaeshi at the table: a whole game through the scene, secrets kept, and a log that hides faces."""


from game.app.app import STEP
from game.app.setup import GameSetup
from game.app.summary import SummaryScene
from game.services import i18n
from game.titles.kitsune_gaeshi import rules
from game.titles.kitsune_gaeshi.log import describe
from game.titles.kitsune_gaeshi.scene import KitsuneScene

NAMES = ["You", "Hayate", "Kaede", "Jin"]


def test_a_whole_game_through_the_scene_is_recorded(app, play_to_summary):
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=12))
    assert isinstance(play_to_summary(scene, 5), SummaryScene)
    assert scene.state.is_terminal() and scene.state.winners
    (game,) = app.storage.finished_games("kitsune_gaeshi")
    assert game["details"]["levels"] == ["you", "easy", "easy"]
    assert game["details"]["places"] == list(scene.state.ranking())


def test_the_scene_draws_only_what_seat_0_may_see(app):
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=3))
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(600):
        app.tick(STEP)
        assert scene.coming == scene.state.view(0)  # the display is seat 0's view, held back only behind a reveal
        assert scene.view == scene.coming or scene.timeline.busy
        if scene.human_turn():
            scene.choose(rules.DRAW if rules.DRAW in scene.view.legal else scene.view.legal[0])


def test_lie_reminder_only_for_companion_liable_lies(app):
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=1))
    state = rules.position(3, 0)
    state.apply(rules.DRAW)
    state.apply(rules.BRIDE)
    scene.state, scene.view = state, state.view(0)
    assert scene.lie_of(rules.DECLARE_FOX) and not scene.lie_of(rules.DECLARE_BRIDE)
    casual = rules.position(3, 0, companion=rules.CASUAL)
    casual.apply(rules.DRAW)
    casual.apply(rules.BRIDE)
    scene.state, scene.view = casual, casual.view(0)
    assert not scene.lie_of(rules.DECLARE_FOX)


def test_a_flip_that_cannot_succeed_asks_first(app):
    """Fewer than two cards on the table: Kaeshi asks for a confirmation (spec 10), and "Don't flip" (the default)
    changes nothing (playtest round 6: one click lost a soul)."""
    from game.app.overlays import ConfirmScene

    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=1))
    state = rules.position(3, 0)
    assert rules.FLIP in state.legal_actions() and rules.flip_must_fail(state.view(0))
    scene.state, scene.view, scene.coming = state, state.view(0), state.view(0)
    app.stack.clear_to(scene)
    scene.pick_action(rules.FLIP)
    app.stack.apply_pending()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and not state.history
    dialog.row.buttons[dialog.row.focus].action()  # Enter: the safe answer
    app.stack.apply_pending()
    assert app.stack.top is scene and not state.history
    scene.pick_action(rules.FLIP)
    app.stack.apply_pending()
    app.stack.top.confirm()
    app.stack.apply_pending()
    assert state.history == [rules.FLIP]


def test_log_hides_the_faces_of_others():
    i18n.set_language("en")
    theirs = describe(rules.CardLaid(2, rules.FOX, rules.BRIDE, 3), 0, NAMES)[0]
    mine = describe(rules.CardLaid(0, rules.FOX, rules.BRIDE, 3), 0, NAMES)[0]
    assert "fox" not in theirs and "Kaede" in theirs
    assert "really a fox" in mine
    assert describe(rules.CardDrawn(1, rules.FOX, 5), 0, NAMES) is None
    assert "fox" in describe(rules.CardDrawn(0, rules.FOX, 5), 0, NAMES)[0]


def test_the_last_flip_stays_turned_over_until_the_ranking(app, play_to_summary):
    """The game's last flip is still on show when the ranking replaces the table (playtest round 6: the cards
    turned face down again under the end banner)."""
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=12))
    assert isinstance(play_to_summary(scene, 5), SummaryScene)
    assert scene.reveal is not None and scene.reveal["opened"] is not None


def test_a_rivals_lies_are_counted_once_a_flip_has_shown_their_cards(app, monkeypatch):
    """Under each rival: "1 lie in 4 shown" once a flip has turned their cards over; nothing before (it read "0 lies
    in 0 shown" from the first turn, playtest round 21)."""
    from random import Random

    import pygame

    from game.ui import text

    shown = set()
    monkeypatch.setattr(text, "SHOWN", shown)
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 2, seed=1))
    state, rng = rules.new_state(3), Random(2)
    scene.state = state
    for flipped in (False, True):
        while not (state.past and flipped) and not (not flipped and state.current_player() == 0):
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        scene.view = scene.coming = state.view(0)
        shown.clear()
        scene.draw(pygame.Surface((1280, 720)), 0.0)
        counts = {line for line in shown if "shown" in line}
        assert bool(counts) == flipped, counts
