"""Hexa's table, from a playtest: the cards follow the language in use (a card drawn in English kept its English
category word after switching to Japanese), and your defence leaves your hand as it turns over."""

from __future__ import annotations

import pygame

from game.app.app import STEP
from game.app.setup import GameSetup
from game.services import i18n
from game.titles.hexa import scene as scene_module
from game.titles.hexa.cards import card_face
from game.titles.hexa.rules import DEFEND, Advance, Commit, position
from game.titles.hexa.scene import HexaScene


def test_a_card_face_is_drawn_again_in_the_new_language():
    pygame.init()
    try:
        i18n.set_language("en")
        english = pygame.image.tobytes(card_face("A", 64), "RGBA")
        i18n.set_language("ja")
        japanese = pygame.image.tobytes(card_face("A", 64), "RGBA")
        assert english != japanese
        i18n.set_language("en")
        assert pygame.image.tobytes(card_face("A", 64), "RGBA") == english
    finally:
        i18n.set_language("en")


def test_your_defence_leaves_your_hand_as_it_turns_over(app):
    """Found in a playtest: while the battle cards turned over, the defender's card showed in the battle and in
    the hand at once (the table shows the view from before the battle until the reveal is over)."""
    scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3, seat=1))
    state = position("L2 C2 R0", "L4 C3 R3", hands=("7", "A 9"), mover=0)
    state.apply(Advance("C"))
    state.apply(Commit("7"))  # seat 0 attacks; you (seat 1) defend
    scene.state = state
    scene.view = scene.coming = state.view(1)
    app.stack.push(scene)
    app.stack.apply_pending()
    assert state.phase == DEFEND and sorted(scene.shown_hand()) == ["9", "A"]
    scene.choose(Commit("A"))
    for _ in range(600):
        if scene.last_battle is not None:
            break
        app.tick(STEP)
    assert scene.last_battle is not None and scene.view.phase == DEFEND  # turning over: the view held back
    assert scene.shown_hand() == ["9"]


def test_a_run_across_the_ace_reads_as_played():
    from game.titles.hexa.rules import run_order

    assert run_order(("A", "2", "K")) == ("K", "A", "2") and run_order(("A", "Q", "K")) == ("Q", "K", "A")
    assert run_order(("7", "8", "9")) == ("7", "8", "9") and run_order(("5", "5", "5")) == ("5", "5", "5")


def test_a_continued_game_shows_its_last_battle(app):
    """Found in a playtest: after Continue the battle area said "No battle yet" although battles had been fought."""
    from random import Random

    from game.app import saves
    from game.app.setup import start_scene
    from game.titles.hexa.rules import BattleResolved, new_state

    state, rng, last = new_state(), Random(4), None
    while last is None or state.phase == DEFEND:  # play at random until a battle has been fought
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        last = next((e for e in state.apply(action) if type(e) is BattleResolved), last)
    scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3))
    save = saves.Save(scene.save().setup, [state.action_to_json(a) for a in state.history])
    resumed = start_scene(app, save.setup, save=save)
    assert resumed.last_battle == last


def scene_at(app, state) -> HexaScene:
    scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3))
    scene.state = state
    scene.view = scene.coming = state.view(0)
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def test_a_move_that_can_win_the_game_says_so(app):
    """The attacker is told, as the defender is, that the enemy piece stands on its rear hex (a playtest found
    only the defender warned)."""
    scene = scene_at(app, position("L1 C4 R0", "L4 C5 R3", hands=("7 8", "9"), mover=0))
    notes = [note.text for note in scene.panel_notes()]
    assert notes[0] == i18n.t("hx.note.rear_attack", column="C") and len(notes) == 2
    scene = scene_at(app, position("L1 C3 R0", "L4 C5 R3", hands=("7 8", "9"), mover=0))
    assert [note.text for note in scene.panel_notes()] == [i18n.t("hx.note.move")]  # no attack on a rear piece


def test_a_set_with_nothing_in_the_discard_pile_is_flagged(app):
    """A set declared on an empty discard pile only gets one of its own cards back: the panel says so."""
    from game.titles.hexa.rules import RECOVERY

    empty = scene_at(app, position("L0 C0 R0", "L4 C5 R4", hands=("4 4 4 9", "9"), mover=0, phase=RECOVERY))
    assert empty.panel_notes()[0].text == i18n.t("hx.note.recovery_empty")
    stocked = scene_at(app, position("L0 C0 R0", "L4 C5 R4", hands=("4 4 4 9", "9"), discard="K", mover=0,
                                     phase=RECOVERY))
    assert all(note.text != i18n.t("hx.note.recovery_empty") for note in stocked.panel_notes())


def test_a_battle_card_put_down_leaves_the_count_of_either_hand(app):
    """The other's count drops when their attack card goes down face down, as yours does (a playtest saw theirs
    keep it until the reveal)."""
    scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3, seat=1))
    state = position("L2 C2 R0", "L4 C3 R3", hands=("7 8", "A 9"), mover=0)
    state.apply(Advance("C"))
    scene.state = state
    scene.view = scene.coming = state.view(1)
    app.stack.push(scene)
    app.stack.apply_pending()
    assert scene.shown_hand_size(0) == 2 and scene.shown_hand_size(1) == 2
    scene.apply(Commit("7"))  # seat 0 attacks face down; you (seat 1) defend
    scene.view = scene.coming
    assert scene.shown_hand_size(0) == 1 and scene.shown_hand_size(1) == 2


def test_a_click_on_an_arrow_moves_its_piece(app):
    """Found in a playtest: the prompt says to click an arrow, but the arrow, on the edge between two hexes, lay
    outside both hexes' click areas."""
    scene = scene_at(app, position("L1 C1 R0", "L4 C5 R4", hands=("7 8", "9"), mover=0))
    app.tick(STEP)
    (x0, y0), (_, y1) = scene.hex_centre("C", 1), scene.hex_centre("C", 2)
    arrow = (round(x0), round((y0 + y1) / 2))
    assert not any(scene.hex_rect("C", row).collidepoint(arrow) for row in (1, 2))  # the gap the arrow sits in
    assert scene.focused_action() != Advance("C")
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=arrow, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.focused_action() == Advance("C")  # the keys' focus follows: Enter does what is lit
    assert scene._click_table(arrow) and scene.state.history[-1] == Advance("C")


def test_both_sides_of_a_battle_show_a_total():
    """Found in a playtest: "Q +6 = 18" against a bare "K" left the reader to work out 13."""
    from game.titles.hexa.log import side

    assert (side("Q", 18), side("K", 13), side("7", 7), side("A", None)) == ("Q +6 = 18", "K = 13", "7", "A")


def test_the_card_drawn_and_the_cards_they_know_are_marked(app):
    """Found in a playtest: "keep the 9 you drew" over a hand of 9, 9, and nothing said which cards the other
    knows you hold."""
    from collections import Counter

    from game.titles.hexa.rules import FLAG_REDRAW

    state = position("L0 C0 R0", "L4 C5 R4", hands=("4 9 9", "9"), mover=0, phase=FLAG_REDRAW)
    state.drawn, state.known[0] = "9", Counter(["4"])
    scene = scene_at(app, state)
    app.tick(STEP)
    assert [rank for rank, _ in scene.hand_rects()] == ["4", "9", "9"]
    assert scene.hand_tags() == ["known", "drawn", None]
    scene.draw(app.screen, 0.0)
    from game.titles.hexa.rules import MOVE, REDRAW

    scene.choose(REDRAW)  # the 9 thrown away, another card drawn: it is marked until you move (a playtest)
    for _ in range(600):
        app.tick(STEP)
        if scene.view.phase == MOVE and scene.human_turn():
            break
    came = Counter(scene.state.hand[0]) - Counter(["4", "9"])
    assert scene.view.phase == MOVE and scene.redrawn in came
    tags = scene.hand_tags()
    assert tags.count("drawn") == 1 and [r for r, _ in scene.hand_rects()][tags.index("drawn")] == scene.redrawn
    scene.choose(next(a for a in scene.view.legal if not scene.attacks(a)))
    for _ in range(300):
        app.tick(STEP)
    assert "drawn" not in scene.hand_tags()


def test_enter_rests_on_the_safe_choice(app):
    """From a playtest: Enter must not start a battle by accident (plain advances come first), and where losing a
    defence loses the game (your piece on its rear hex) it rests on the card least likely to lose, not on the
    cheapest one. Elsewhere a battle's default is still the card least worth keeping."""
    scene = scene_at(app, position("L1 C4 R0", "L4 C5 R3", hands=("7 8", "9"), mover=0))
    order = scene.ordered(scene.view.legal)
    assert order[-1] == Advance("C") and not any(scene.attacks(a) for a in order[:-1])  # C4 -> C5 attacks

    def defending(p1: str, p2: str, hands: tuple[str, str]) -> HexaScene:
        scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3, seat=1))
        state = position(p1, p2, hands=hands, mover=0)
        state.apply(Advance("C"))
        state.apply(Commit(hands[0].split()[0]))  # seat 0 attacks; you (seat 1) defend
        scene.state, scene.view = state, state.view(1)
        scene.coming = scene.view
        return scene

    at_stake = defending("L1 C4 R0", "L4 C5 R3", ("7", "2 K JK"))  # your C5 is your rear hex
    assert at_stake.rear_stake() == "hx.note.rear_yours"
    assert at_stake.ordered(at_stake.view.legal)[0] == Commit("JK")  # a Joker never loses
    ordinary = defending("L2 C2 R0", "L4 C3 R3", ("7", "2 K JK"))
    assert ordinary.rear_stake() is None and ordinary.ordered(ordinary.view.legal)[0] == Commit("2")


def test_the_battle_says_why_it_ended_as_it_did():
    from game.titles.hexa.scene import battle_reason

    assert battle_reason("10", "K") == "hx.why.face" == battle_reason("Q", "3")
    assert battle_reason("A", "J") == "hx.why.ace" and battle_reason("JK", "K") == "hx.why.joker"
    assert battle_reason("blank", "2") == "hx.why.blank" and battle_reason("7", "9") == "hx.why.totals"
    assert battle_reason("A", "5") == "hx.why.totals"  # an ace against a number is compared


def test_the_open_discard_pile_covers_the_piles_and_names_the_deck(app, monkeypatch):
    """Looking through the discard pile (or picking a card back from it) lays it out over the deck and the pile,
    labels included: a playtest saw the deck's label peek out under a short box. Its heading names the deck."""
    from game.titles.hexa.rules import RECOVER_PICK
    from game.titles.hexa.scene import PILES

    texts, real_blit = [], scene_module.blit
    monkeypatch.setattr(scene_module, "blit", lambda surface, text, *rest, **named: (
        texts.append((text, rest[1])), real_blit(surface, text, *rest, **named))[1])
    for discard in ("K", "2 3 4 5 6 7 8 9 10 J Q K A JK 2 3 4 5 6 7"):
        scene = scene_at(app, position("L0 C0 R0", "L4 C5 R4", hands=("4 9", "9"), discard=discard, mover=0,
                                       phase=RECOVER_PICK))
        scene._refresh_buttons()  # what the table does on your turn: the pick opens the pile
        box = scene.browse_box()
        assert scene.browsing and box.contains(scene.pile_rect()) and box.bottom >= PILES.bottom - 16
        assert all(box.contains(rect) for _, rect in scene.discard_rects())
        assert scene.known_top() > box.bottom
        texts.clear()
        scene.draw(app.screen, 1.0)
        deck = i18n.t("hx.deck", n=scene.view.deck_size)
        heading = pygame.Rect(box.x, box.y, box.width, 40)
        assert any(text == deck and heading.collidepoint(at) for text, at in texts)


def test_no_piece_and_no_flag_covers_a_hex_name(app):
    """Playtest round 10: the pieces covered the hex names ("C3") the buttons and the log use. Every hex's name
    lies clear of a piece of either side on it and of the flag, from either seat."""
    from game.titles.hexa.cards import draw_piece
    from game.titles.hexa.rules import COLUMNS

    for seat in (0, 1):
        scene = HexaScene(app, GameSetup("hexa", ["normal"], seed=3, seat=seat))
        for column in COLUMNS:
            for row in range(scene.state.lengths[column]):
                name = scene.name_rect(column, row)
                for up in (True, False):
                    layer = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
                    draw_piece(layer, scene.hex_centre(column, row), scene.side_size(), up, (255, 0, 0))
                    covered = pygame.mask.from_surface(layer.subsurface(name)).count()
                    assert covered == 0, (seat, column, row, up)
        layer = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        scene._draw_flag(layer)
        for column in COLUMNS:
            for row in range(scene.state.lengths[column]):
                assert pygame.mask.from_surface(layer.subsurface(scene.name_rect(column, row))).count() == 0


def test_the_card_under_the_mouse_is_the_card_enter_plays(app):
    """Playtest round 16: a card rose under the mouse while Enter played the focused button's card (a 2 went down
    where the 10 stood raised). The focus follows the card pointed at, and the focused card stands raised."""
    from game.titles.hexa.rules import ATTACK

    scene = scene_at(app, position("L1 C2 R0", "L4 C3 R4", hands=("2 10 K", "9"), mover=0))
    scene.state.apply(Advance("C"))  # C2 -> C3: you attack
    scene.view = scene.coming = scene.state.view(0)
    app.tick(STEP)
    assert scene.view.phase == ATTACK and scene.focused_action() == Commit("2")  # the cheapest card by default
    ten = next(rect for rank, rect in scene.hand_rects() if rank == "10")
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=ten.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.focused_action() == Commit("10")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert scene.state.history[-1] == Commit("10")


def test_attacks_are_offered_by_their_support_and_the_board_keeps_l_on_the_left(app):
    """Playtest round 16: with three attacks the default was the one at +0 against +3; and seen from the second
    player's side the board was turned half round, so "Advance L" moved the piece on the right."""
    scene = scene_at(app, position("L2 C2 R1", "L3 C3 R2", hands=("7", "9"), mover=0))
    order = scene.ordered(scene.view.legal)
    assert all(scene.attacks(a) for a in order) and [scene.support_edge(a) for a in order] == [1, 0, -1]
    assert order[0] == Advance("R")  # L, C, R by the rules' order; R's attack has the support
    app.tick(STEP)  # drawn: the lit attack's preview is the one drawn boldly (the others faint)
    assert scene.focused_action() == Advance("R") and scene.lit_preview == scene.hex_centre("R", 2)
    second = HexaScene(app, GameSetup("hexa", ["normal"], seed=3, seat=1))
    second.state = position("L1 C1 R0", "L4 C5 R4", hands=("7", "9"))
    second.view = second.coming = second.state.view(1)
    assert second.forward() == -1
    assert second.hex_centre("L", 4)[0] < second.hex_centre("C", 5)[0] < second.hex_centre("R", 4)[0]
    assert second.hex_centre("L", 4)[1] > second.hex_centre("L", 0)[1]  # your rear edge (row 4) at the bottom


def test_the_finished_tables_discard_pile_opens_as_its_label_says(app):
    """Playtest round 16: at the finished table (from the ranking) the pile said "click to look through", but the
    click went back to the ranking."""
    scene = scene_at(app, position("L1 C1 R0", "L4 C5 R4", hands=("7", "9"), discard="2 K JK"))

    def click(pos):
        return scene.handle_final(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    assert click(scene.pile_rect().center) and scene.browsing
    assert click((5, 5)) and not scene.browsing  # a click anywhere closes the open pile
    assert not click((5, 5))  # then a click goes back to the ranking


def test_a_battle_button_names_the_card_then_its_support(app):
    """Playtest round 16: "4 +3 = 7で戦う" read as fighting with a 7; the short form of a long list too."""
    scene = scene_at(app, position("L2 C2 R1", "L3 C3 R2", hands=("4 K", "9"), mover=0))
    scene.state.apply(Advance("R"))  # R1 -> R2 with the support of C2
    scene.view = scene.coming = scene.state.view(0)
    assert scene.commit_text("4") == "Fight with 4 (+3 = 7)" and scene.commit_text("4", compact=True) == "4 (+3 = 7)"
    assert scene.commit_text("K") == "Fight with K (+3 = 16)"
    i18n.set_language("ja")
    try:
        assert scene.commit_text("4") == "4で戦う（+3＝7）"
    finally:
        i18n.set_language("en")


def test_the_replay_lays_the_board_out_for_who_starts_from_its_first_frame(app):
    """Playtest round 17: in the theatre, the board before the start was picked stood as if you started, then turned
    over at the first move when the other player had started; it is laid out for the recorded start throughout."""
    from game.app.setup import start_scene
    from game.app.theatre import TheatreScene
    from game.core import replay

    for seed in range(1, 40):
        scene = start_scene(app, GameSetup("hexa", ["easy"], seed=seed))
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        for _ in range(600):
            app.tick(STEP)
            if scene.human_turn():
                break
        if scene.view.first == 1:  # the other player started: you play second, the board mirrored
            break
    assert scene.view.first == 1 and scene.forward() == -1
    scene.resign()
    app.stack.apply_pending()
    game = app.storage.stored_games()[0]
    theatre = TheatreScene(app, replay.loads(app.storage.stored_replay(game["id"])), ["you", "easy"], game["id"])
    theatre.coach_on = False
    at_start = theatre.scene
    assert at_start.state.view(0).first is None and at_start.forward() == -1
    theatre.jump(1)  # the start picked
    started = theatre.scene
    assert started.view.first == 1 and started.forward() == -1
    assert at_start.shown_positions() == started.view.positions != at_start.view.positions  # as they will stand
    assert at_start.hex_centre("L", 0) == started.hex_centre("L", 0)
