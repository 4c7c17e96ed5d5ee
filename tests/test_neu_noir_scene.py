"""Neu/Noir's table, from a playtest: taking the Shot back out of a play while choosing its target is not a crash
(the play goes back to being built), Esc leaves choosing a target, and an empty pile is not the default."""

from __future__ import annotations

import pygame

from game.app.app import STEP
from game.app.setup import GameSetup
from game.titles.neu_noir.rules import DECLARE, SHOT, TAKE_PILE, TURN, TakePile, position
from game.titles.neu_noir.scene import LINE, NeuNoirScene


def scene_at(app, state, setup: GameSetup | None = None):
    scene = NeuNoirScene(app, setup or GameSetup("neu_noir", ["normal"] * (state.num_players - 1), seed=3))
    scene.state = state
    scene.view = scene.coming = state.view(0)
    app.stack.push(scene)
    app.stack.apply_pending()
    scene._refresh_buttons(force=True)
    return scene


def test_taking_the_shot_back_while_choosing_its_target_is_not_a_crash(app):
    scene = scene_at(app, position(hands={0: "TURN 5 SHOT 3"}, current=0, value=10))
    for kind in (TURN, "N5", SHOT):
        scene.add_card(kind)
    scene.confirm_play()
    assert scene.mode == "shot"
    scene.remove_card(scene.line.index(SHOT))
    assert scene.mode == "play" and SHOT not in scene.line
    history = list(scene.state.history)
    scene._submit(2)  # a Shot's button pressed for a play that no longer has a Shot: refused, nothing lost
    assert scene.state.history == history and scene.line == [TURN, "N5"]
    scene.start_bet()
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.mode == "play" and app.stack.top is scene  # Esc left the bet's choice, no pause


def test_an_empty_pile_is_not_the_default(app):
    state = position(hands={0: ""}, current=0, piles={1: "4 10 TURN"})
    state.phase, state.decider = TAKE_PILE, 0
    scene = scene_at(app, state)
    first = scene.buttons.buttons[scene.buttons.focus]
    assert first.enabled and "3" in first.label  # Hayate's pile of 3 cards
    assert sum(b.enabled for b in scene.buttons.buttons) == 1
    assert scene.panel_notes()[0].text.count(",") == 2  # the focused button's pile, card by card (Hayate's 3)
    first.action()
    assert scene.state.history[-1] == TakePile(1)


def test_the_declaration_says_which_ending_it_brings(app):
    """Found in a playtest: with the last white chip the dialog said "disqualified" although the black chip it
    handed over reached the target first (and that ending wins)."""
    from game.app.overlays import ConfirmScene

    state = position(hands={0: "50"}, current=0, value=90, last=3, white=[1, 3, 3, 3], black=[0, 0, 0, 4])
    scene = scene_at(app, state)
    scene.ask_declare()
    app.stack.apply_pending()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and "Jin" in dialog.detail  # seat 3, the last to act
    assert "wins" in dialog.detail and "disqualified" not in dialog.detail and str(state.target) in dialog.detail
    dialog.keep()
    state.black[3] = 0
    scene.ask_declare()
    app.stack.apply_pending()
    assert "disqualified" in app.stack.top.detail


def test_a_forced_declaration_is_the_default_answer(app):
    """Found in a playtest: with defeat the only move, the dialog still offered "Keep playing" as its default."""
    from game.app.overlays import ConfirmScene

    scene = scene_at(app, position(hands={0: "7"}, current=0, value=30, doubles=1, bets={0: 2}))  # spec E6, chip spent
    scene.ask_declare()
    app.stack.apply_pending()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.detail.startswith("No play is possible, and no bet.")
    assert [b.label for b in dialog.row.buttons] == ["Look at the table first", "Declare defeat"]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert scene.state.history[-1] == DECLARE
    other = scene_at(app, position(hands={0: "7"}, current=0, value=30, doubles=1))  # a bet is still open
    other.ask_declare()
    app.stack.apply_pending()
    assert app.stack.top.row.buttons[app.stack.top.row.focus].label == "Keep playing"


def test_a_click_on_a_lit_seat_chooses_the_shots_target(app):
    scene = scene_at(app, position(hands={0: "5 SHOT 3"}, current=0, value=10))
    for kind in ("N5", SHOT):
        scene.add_card(kind)
    scene.confirm_play()
    assert scene.mode == "shot" and scene.targetable(2) and not scene.targetable(0)
    assert scene._click_table(scene.layout.plate_rect(2).center)
    assert scene.state.history[-1].shot == 2 and scene.line == []


def test_no_order_helps_so_none_is_suggested(app):
    """Found in a playtest: at 101, "1, Turn, Double" was told to try another order, and Reorder failed silently."""
    scene = scene_at(app, position(hands={0: "1 TURN DOUBLE"}, current=0, value=101))
    for kind in ("N1", TURN, "DOUBLE"):
        scene.add_card(kind)
    assert "any order" in scene.line_problem()
    reorder = next(b for b in scene.buttons.buttons if b.label.startswith("Reorder"))
    assert not reorder.enabled
    other = scene_at(app, position(hands={0: "10 -10"}, current=0, value=95))
    other.add_card("N10")
    other.add_card("M10")  # 105 first: another order (-10, then 10) stays within 101
    assert "another order" in other.line_problem()
    assert next(b for b in other.buttons.buttons if b.label.startswith("Reorder")).enabled


def test_reorder_says_what_it_did(app):
    """Found in a playtest: Reorder for me changed the line (or not) without a word."""
    scene = scene_at(app, position(hands={0: "10 -10"}, current=0, value=95))
    scene.add_card("N10")
    scene.add_card("M10")
    scene.reorder()
    assert scene.line == ["M10", "N10"] and scene.line_problem() is None
    assert [p.text for p in scene.effects.popups] == ["Reordered: no card goes over 101"]
    scene.effects.popups.clear()
    scene.reorder()  # already a playable order: kept as you made it, and said so
    assert scene.line == ["M10", "N10"]
    assert [p.text for p in scene.effects.popups] == ["This order already stays within 101"]


def test_a_greyed_bet_or_declaration_says_why(app):
    from game.titles.neu_noir.rules import Bet

    scene = scene_at(app, position(hands={0: "5"}, current=0, value=10, last=None, bets={0: 2}))
    notes = [note.text for note in scene.panel_notes()]
    assert not any(type(a) is Bet for a in scene.view.legal)
    assert any("already out" in n for n in notes) and any("nobody has played" in n for n in notes)


def test_a_long_play_stays_on_the_table(app):
    from game.titles.neu_noir.scene import LINE

    scene = scene_at(app, position(hands={0: "1 1 1 2 2 2 3 3 3 4 4 4 5 5 5 6"}, current=0, value=0))
    scene.line = ["N1"] * 3 + ["N2"] * 3 + ["N3"] * 3 + ["N4"] * 3 + ["N5"] * 3 + ["N6"]
    rects = scene.line_rects()
    assert len(rects) == 16 and all(LINE.contains(r) for r in rects)


def test_no_hand_card_looks_chosen_until_a_key_points_at_it(app):
    """The keys' cursor shows only once ←→ or A is used; a mouse move hands pointing back to the mouse."""
    scene = scene_at(app, position(hands={0: "5 TURN 3"}, current=0, value=10))
    assert scene.pointed_card() is None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert scene.cursor == 0 and scene.pointed_card() == 0
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert scene.pointed_card() == 2
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.cursor is None and scene.pointed_card() is None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=""))
    assert scene.line == [scene.hand_kinds()[0]]  # nothing pointed at: A takes the first card
    kind, rect = scene.hand_rects()[2]
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=""))
    assert scene.line[-1] == kind  # A takes the card under the mouse


def test_enter_is_the_buttons_key_and_the_pointer_passes_over_spent_cards(app):
    """←→ point at cards left to play, A adds the pointed one and the pointer moves on when it was the last of its
    kind (a playtest found it stuck on a greyed card); Enter presses the focused button, here Play."""
    scene = scene_at(app, position(hands={0: "5 TURN 3"}, current=0, value=10))
    kinds = scene.hand_kinds()
    key = lambda k: app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))  # noqa: E731
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    assert scene.pointed_card() == 1
    key(pygame.K_a)
    assert scene.line == [kinds[1]] and scene.pointed_card() == 2  # the last of it went: on to the next card left
    key(pygame.K_RIGHT)
    assert scene.pointed_card() == 0  # round the hand, past the spent one
    key(pygame.K_RIGHT)
    assert scene.pointed_card() == 2
    played = len(scene.state.history)
    key(pygame.K_RETURN)  # Enter: the focused button (Play), not another card
    assert len(scene.state.history) > played and scene.line == []


def test_the_footer_says_what_clicks_do_while_a_target_is_chosen(app):
    scene = scene_at(app, position(hands={0: "5 SHOT 3"}, current=0, value=10))
    assert "Backspace" in scene.panel_footer()
    scene.start_bet()
    assert scene.mode == "bet" and "Esc" in scene.panel_footer() and "Backspace" not in scene.panel_footer()


def test_a_small_card_shows_a_short_name_not_a_cut_one():
    from game.services import i18n
    from game.titles.neu_noir.cards import card_face
    from game.titles.neu_noir.scene import PILE_W
    from game.ui import text

    shown = set()
    text.SHOWN, before = shown, text.SHOWN
    card_face.cache_clear()
    text.forget()
    try:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            for kind in ("SHOT", "TURN", "DOUBLE", "PASS"):
                card_face(kind, PILE_W)
    finally:
        text.SHOWN = before
        i18n.set_language("en")
    assert shown and not any(entry.endswith("…") for entry in shown), shown


def test_a_declaration_is_shown_before_what_it_brings(app):
    """A playtest saw "You win the round" and the chips moved while "Sakura declares defeat!" was still to come:
    the declaration's banner plays first, then the round's result reaches the table and the log."""
    from game.app.app import STEP
    from game.services.i18n import said
    from game.titles.neu_noir.rules import DECLARE

    scene = scene_at(app, position(hands={0: "5", 1: "3"}, current=1, value=10, last=0))
    black, told = scene.view.black, len(scene.log.entries)
    scene.apply(DECLARE)  # seat 1, a bot, declares defeat; you (seat 0) handed it the turn
    assert scene.view.black == black and len(scene.log.entries) == told  # nothing shown before the banner
    for _ in range(round(0.5 / STEP)):
        app.tick(STEP)
    assert scene.view.black == black  # the banner is up; the result still waits
    for _ in range(round(10 / STEP)):
        app.tick(STEP)
        if not scene.timeline.busy:
            break
    lines = [text for text, _ in scene.log.entries[told:]]
    assert lines[0] == said("nn.log.declare", 1, scene.names, 0) and len(lines) > 1
    assert scene.view.black[0] == black[0] + 1


def test_a_new_round_has_its_banner(app):
    """Whole rounds passed at seven seats with only a log line to show it (playtest): a round opens with a banner."""
    from game.app.app import STEP
    from game.services.i18n import said
    from game.titles.neu_noir import rules

    scene = scene_at(app, position(hands={0: "5", 1: "3"}, current=1, value=10, last=0))
    scene.tell(rules.RoundStarted(3, 1, False), scene.view)
    for _ in range(round(1.5 / STEP)):
        app.tick(STEP)
    assert scene.effects.banner[0] == said("nn.round_banner", 1, scene.names, 0, n=3)


def test_an_empty_hand_is_told_plainly_and_one_card_has_no_order_to_fix(app):
    """Found in a playtest: with no cards left the prompt said only "No play is possible", and Reorder was offered
    for a line of one card."""
    scene = scene_at(app, position(hands={0: ""}, current=0, value=30))
    assert scene.prompt()[0] == "You have no cards left: bet, or declare defeat."
    other = scene_at(app, position(hands={0: "5 6"}, current=0, value=30))
    other.add_card("N5")
    assert not next(b for b in other.buttons.buttons if b.label.startswith("Reorder")).enabled
    other.add_card("N6")
    assert next(b for b in other.buttons.buttons if b.label.startswith("Reorder")).enabled


def test_the_buttons_stay_put_as_the_plays_verdict_changes(app):
    """Found in a playtest: the two-line "over 101" note grew the panel, so the buttons moved by a line when the
    play became legal."""
    scene = scene_at(app, position(hands={0: "10 -10"}, current=0, value=95))
    scene.add_card("N10")
    scene.add_card("M10")
    scene.place_actions()
    before = [b.rect.copy() for b in scene.buttons.buttons]
    assert scene.line_problem() is not None
    scene.reorder()
    scene.place_actions()
    assert scene.line_problem() is None and [b.rect for b in scene.buttons.buttons] == before


def test_a_play_left_unplayed_goes_when_you_declare_defeat(app):
    """Playtest round 7: the line built and then abandoned for a declaration came back in the next round, where
    Enter played it."""
    state = position(hands={0: "7 101", 1: "3"}, current=0, value=30, doubles=1)
    scene = scene_at(app, state)
    scene.add_card("R101")
    assert scene.line == ["R101"]
    scene.choose(DECLARE)
    assert scene.line == [] and scene.mode == "play"


def test_under_a_double_the_prompt_says_why_no_card_can_go(app):
    scene = scene_at(app, position(hands={0: "101"}, current=0, value=30, doubles=1, bets={0: 2}))
    text, _ = scene.prompt()
    assert "Double ×1" in text and "2 cards or a Pass" in text


def test_enter_never_rests_on_declare_while_a_card_can_be_played(app):
    scene = scene_at(app, position(hands={0: "7 9"}, current=0, value=30, bets={0: 2}))  # your bet chip is out
    labels = [(b.label, b.enabled) for b in scene.buttons.buttons]
    assert ("Bet…", False) in labels or not any(b.label.startswith("Bet") and b.enabled for b in scene.buttons.buttons)
    assert scene.buttons.focus == 0 and not scene.buttons.buttons[0].label.startswith("Declare")


def test_the_end_stays_on_the_table_with_its_banner(app, monkeypatch):
    """A game that ended in the bots' turns was gone in a second (playtest): the end is named in a banner and the
    table stays three seconds after it."""
    from game.app.app import STEP
    from game.services.i18n import said
    from game.titles.neu_noir import rules

    scene = scene_at(app, position(hands={0: "5", 1: "3"}, current=1, value=10, last=0, black=[4, 0, 0, 0]))
    banners = []
    monkeypatch.setattr(scene, "_banner", lambda text, color, sound: banners.append((text, scene.now)))
    scene.apply(DECLARE)  # the black chip goes to you: your fifth, the game's end
    assert scene.state.phase == rules.OVER
    for _ in range(round(30 / STEP)):
        app.tick(STEP)
        if scene.over:
            break
    ended = [when for text, when in banners if text == said("nn.log.game_over", 0, scene.names, 0)]
    assert scene.over and ended and scene.now - ended[0] >= scene.speed(3.0) - STEP


def test_a_seats_chips_are_told_under_the_mouse(app):
    """Playtest round 7: the chips were unlabelled dots (which is a life, which a bet, whose bet lies where)."""
    scene = scene_at(app, position(hands={0: "5"}, current=0, value=10, bets={2: 1}, black=[0, 2, 0, 0]))
    assert scene.seat_tip(1) == ["Hayate: 2 of 5 black chips (the points)", "5 white chips left (one is lost at "
                                 "each defeat)", "Bet chip: in hand (the small dot in its colour)",
                                 "Under this marker: Kaede's bet chip"]
    assert scene.seat_tip(2)[2] == "Bet chip: placed on Hayate" and scene.seat_tip(0)[0].startswith("You: 0 of 5")
    yours = scene_at(app, position(hands={0: "5"}, current=0, value=10, bets={0: 1}))
    assert yours.seat_tip(1)[-1] == "Under this marker: your bet chip"  # playtest round 17 read "you's bet chip"
    plate = scene.layout.plate_rect(1)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=plate.center, rel=(0, 0), buttons=(0, 0, 0)))
    scene.draw(app.screen, 0.0)  # drawn without error, inside the canvas (the text-fit test watches its boxes)


def test_the_double_is_not_blamed_when_no_card_would_fit_anyway(app):
    scene = scene_at(app, position(hands={0: "8 10"}, current=0, value=101, doubles=1, bets={0: 2}))
    assert scene.prompt()[0] == "No play is possible, and no bet: declare defeat."


def test_the_buttons_stay_put_when_the_first_card_is_clicked(app):
    """Playtest round 11: the first card clicked added Reorder and Take all back, the panel grew, and Play moved 30
    pixels up from under the pointer. They are there, greyed, from the turn's start."""
    scene = scene_at(app, position(hands={0: "5 6 7 DOUBLE"}, current=0, value=10))
    app.tick(STEP)
    before = [(b.label, b.enabled, tuple(b.rect)) for b in scene.buttons.buttons]
    assert [enabled for _, enabled, _ in before][:3] == [False, False, False]  # Play, Reorder, Take all back
    scene.add_card("N5")
    app.tick(STEP)
    after = [(b.label, b.enabled, tuple(b.rect)) for b in scene.buttons.buttons]
    assert [rect for _, _, rect in after] == [rect for _, _, rect in before]
    assert after[0][1] and after[2][1]  # Play this card, Take all back


def test_every_piles_list_fits_the_panel_in_japanese(app, watched):
    """Playtest round 14: at seven seats in Japanese the pile under the pointer ("101、ショット、ターン、1、6、2、
    −10、8") ran past the panel's foot; the room was kept for the pile with the most cards, whose names were shorter."""
    from game.services import i18n

    overflows, _ = watched
    piles = {0: "9 9", 1: "1 2 3 1 2 3 4 4 5 5 6", 2: "50", 3: "7 7", 4: "10 10 10",
             5: "101 SHOT TURN 1 6 2 -10 8", 6: ""}
    state = position(players=7, hands={0: ""}, current=0, piles=piles)
    state.phase, state.decider = TAKE_PILE, 0
    i18n.set_language("ja")
    try:
        scene = scene_at(app, state)
        for hovered in range(len(scene.buttons.buttons)):
            scene.buttons.hover = hovered
            scene.draw(pygame.Surface((1280, 720)), 0.0)
    finally:
        i18n.set_language("en")
    assert overflows == []


def test_a_seats_tip_is_wrapped_not_cut_in_japanese(app, watched):
    """Playtest round 14: the Japanese tip of a seat's chips ended "ベットチップ：まだ置いていない（自分の色の小さ…"."""
    from game.services import i18n

    overflows, shown = watched
    i18n.set_language("ja")
    try:
        scene = scene_at(app, position(players=7, hands={0: "5"}, current=0))
        tip = scene.seat_tip(5)
        scene.hover = scene.layout.plate_rect(5).center
        shown.clear()
        scene.draw(pygame.Surface((1280, 720)), 0.0)
    finally:
        i18n.set_language("en")
    held = next(line for line in tip if line.startswith("ベットチップ"))
    assert overflows == [] and not any(text.startswith(held[:6]) and text.endswith("…") for text in shown)
    assert any(text and text != held and held.endswith(text) for text in shown)  # its end, on a line of its own


def test_enter_after_bet_cancels_rather_than_bets(app):
    """Playtest round 14: after "Bet…" the first seat was the default, so a stray Enter placed a bet."""
    scene = scene_at(app, position(hands={0: "5 3"}, current=0, value=10))
    scene.start_bet()
    history = list(scene.state.history)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert scene.state.history == history and scene.mode == "play"


def test_a_long_play_stays_clear_of_the_seats(app):
    """Playtest round 14: at seven seats a play of eight cards or more ran over the lower right seat, its pile and
    chips. The play now stops short of any seat reaching into its band; at four seats it keeps its full width."""
    hand = "2 3 6 7 7 9 -10 50 PASS 101"
    scene = scene_at(app, position(players=7, hands={0: hand}, current=0, piles={6: "5", 5: "9"}))
    for kind in ("N2", "N3", "N6", "N7", "N7", "N9", "M10", "N50", "PASS", "R101"):
        scene.add_card(kind)
    cards = [rect.inflate(0, 30) for rect in scene.line_rects()]  # with the order numbers above
    seats = [scene.layout.plate_rect(s).union(scene.layout.plate_rect(s).move(0, 24)) for s in range(7)]
    piles = [scene.pile_rect(s) for s in range(7)]
    assert len(cards) == 10 and not any(card.colliderect(other) for card in cards for other in seats + piles)
    four = scene_at(app, position(players=4, hands={0: "5"}, current=0))
    assert four.line_right == LINE.right


def test_the_direction_stays_clear_of_the_piles_at_101(app, monkeypatch):
    """Playtest round 17: at seven seats a value of 101 pushed the direction arrow onto the right-hand seat's
    "pile of 3". It now goes left of the value, or above it, where a pile and its count are in the way."""
    import game.titles.neu_noir.scene as module
    from game.ui.text import render

    spots = []
    monkeypatch.setattr(module, "draw_direction", lambda surface, centre, direction: spots.append(centre))
    for players in range(4, 8):
        scene = scene_at(app, position(players=players, hands={0: "5"}, current=0, value=101,
                                       piles={s: f"{s + 1} {s + 2} 10" if s < 6 else "9 8" for s in range(players)}))
        spots.clear()
        scene.draw(app.screen, 0.0)
        (x, y), word = spots[0], render(module.t("nn.cw"), 13).get_rect(center=(spots[0][0], spots[0][1] + 32))
        arrow = pygame.Rect(x - 18, y - 18, 36, 36)
        piles = [scene.pile_rect(s).union(scene.pile_label(s)[1]) for s in range(players)]
        assert arrow.collidelist(piles) < 0 and word.collidelist(piles) < 0, players


def test_a_doubles_pill_holds_a_long_name_and_its_cancellation_shows_there(app, watched):
    """Playtest round 17: a bot's pill read "Double ···" (cut to its 150 pixels); it is now as wide as its words.
    "Double cancelled" floated by the bettor's seat, beside another's pile; it now shows where the pill stood."""
    from game.titles.neu_noir.rules import BetPlaced
    from game.titles.neu_noir.scene import CENTER

    scene = scene_at(app, position(players=7, hands={0: "5"}, current=6, value=60, doubles=2))
    scene.names[6] = "Tsubaki-hime"
    _, shown = watched
    scene.draw(app.screen, 0.0)
    assert "Tsubaki-hime: Double ×2" in shown
    popups = []
    scene.effects.popup = lambda text, pos, *a, **k: popups.append((text, pos))
    scene._on_bet(BetPlaced(6, 2, 2))
    for _ in range(60):
        app.tick(STEP)
    assert ("Double cancelled", (CENTER[0], CENTER[1] + 52)) in popups


def test_with_no_cards_the_footer_does_not_speak_of_adding_them(app):
    """Playtest round 17: with no cards left the footer still said "Add: click, or ←→ then A"."""
    scene = scene_at(app, position(hands={0: ""}, current=0, value=30))
    assert scene.panel_footer() == ""
    other = scene_at(app, position(hands={0: "5"}, current=0, value=30))
    assert other.panel_footer().startswith("Add")


def test_under_a_double_with_cards_that_cannot_make_a_play_the_prompt_does_not_say_none(app):
    """Playtest round 17: at 101 under a Double, "you have none" read as no cards while two were in hand."""
    scene = scene_at(app, position(hands={0: "101 5"}, current=0, value=101, doubles=1, bets={0: 2}))
    text, _ = scene.prompt()
    assert "your cards cannot make one" in text and "none" not in text


def test_a_shot_at_you_is_said_above_your_pile_not_on_it(app):
    """Playtest round 18: "Shot! You are next" covered your pile (it lies above your plate)."""
    from game.titles.neu_noir.rules import Played
    from game.ui.text import render

    scene = scene_at(app, position(players=7, hands={0: "5"}, current=3, value=60, piles={0: "7 8"}))
    popups = []
    scene.effects.popup = lambda text, pos, now, size, *a, **k: popups.append((text, pos, size))
    scene._on_played(Played(3, ("SHOT",), (60,), 60, 1, 0, 0, 0, False))
    for _ in range(60):
        app.tick(STEP)
    ((text, pos, size),) = popups
    assert text == "Shot! You are next"
    assert not render(text, size, bold=True).get_rect(center=pos).colliderect(scene.pile_rect(0))


def test_turn_is_said_on_the_arrow_and_no_doubles_pill_outlives_the_play(app, watched):
    """Playtest round 18: "Turn! Reversed" rose over the right-hand seat's "pile of 2" (it stood where the arrow
    used to be, not where it is), and the "You: Double ×1" pill stayed on the finished table. Round 18b: it still
    covered a pile's count where the arrow's spot was too narrow for its words, and round 19: where the arrow stood
    above the value (a pile each side and the leftover), it was said over the arrow."""
    from game.titles.neu_noir.rules import CCW, OVER, Played
    from game.ui.fonts import font

    tables = [position(players=7, hands={0: "5"}, current=3, value=101, doubles=1,
                       piles={s: f"{s + 1} {s + 2} 10" if s < 6 else "9 8" for s in range(7)}),
              position(players=7, hands={0: "5 7 9"}, current=3, value=101, round_no=1, direction=CCW,
                       piles={1: "4", 2: "TURN 1 2 3", 3: "1", 4: "1", 5: "6", 6: "4", 0: "2"})]
    for state in tables:
        scene = scene_at(app, state)
        scene.draw(app.screen, 0.0)
        popups = []
        scene.effects.popup = lambda text, pos, *a, popups=popups, **k: popups.append((text, pos))
        scene._on_played(Played(3, ("TURN",), (101,), 101, 1, 0, 4, None, True))
        for _ in range(60):
            app.tick(STEP)
        ((text, pos),) = [(text, pos) for text, pos in popups if text == "Turn! Reversed"]
        words = pygame.Rect((0, 0), font(24, True).size(text))
        for rise in (0, 12):  # where it appears and where it ends: clear of every pile and its count, the arrow
            words.center = (pos[0], pos[1] - rise)  # and its word, and the value
            taken = [scene.arrow_rect(), scene.value_rect()]
            for seat in range(7):
                taken += [scene.pile_rect(seat)] + ([scene.pile_label(seat)[1]] if scene.pile_label(seat) else [])
                plate = scene.layout.plate_rect(seat)
                taken.append(plate.union(plate.move(0, 24)))  # with its chips and card count under it (round 19b)
            assert words.collidelist(taken) < 0, (taken[words.collidelist(taken)], words)
        assert pos == scene.turned_spot(words.width)
    assert scene.arrow_rect().centerx == scene.value_rect().centerx  # the second table's arrow stood above the value
    _, shown = watched
    shown.clear()
    scene.view = scene.view._replace(phase=OVER)
    scene.draw(app.screen, 0.0)
    assert not [words for words in shown if "Double ×" in words]
