"""Powers' table, from a playtest: the face card that keeps a territory is laid on the map while the banner names
it (the banner alone did not show the card)."""

from __future__ import annotations

from game.app.app import STEP
from game.titles.powers.rules import Defend, Occupy, Play, position
from game.titles.powers.scene import PowersScene


def test_the_defence_card_is_laid_on_the_territory_it_keeps(app, table_at):
    state = position(4, on_offer="FRA", hands={0: "JD 4D", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))
    state.owner["GER"] = 0
    state.apply(Occupy("2S 3S 4S 5S"))  # France taken: you are asked to defend Germany, its neighbour
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert scene.defence is None
    scene.choose(Defend("JD"))
    shown = []
    for _ in range(200):
        app.tick(STEP)
        if scene.defence is not None and scene.now < scene.defence[2]:
            shown.append(scene.defence[:2])
    assert shown and set(shown) == {("JD", "GER")}
    assert scene.now > scene.defence[2]  # and taken away again


def test_two_jokers_make_one_button(app, table_at):
    """They do the same (the right at once): one "Play the Joker", not two alike (a playtest saw two)."""
    from game.services.i18n import t

    scene = table_at(PowersScene, position(4, on_offer="IND", hands={0: "8C 2D 7D JK1 JK2"}, parent=0))
    app.tick(STEP)
    labels = [button.label for button in scene.buttons.buttons]
    assert labels.count(t("pw.play_joker")) == 1 and len(labels) == 4


def test_a_forced_move_says_why(app, table_at):
    """Found in a playtest: an empty hand was still asked to beat a strength, and a forced yield gave no reason."""
    state = position(4, on_offer="FRA", hands={0: "4D", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))
    state.owner["GER"] = 0
    state.apply(Occupy("2S 3S 4S 5S"))  # you hold no face card to defend Germany
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert scene.prompt()[0] == "No J, Q or K in your hand to defend Germany: you must yield it."
    empty = table_at(PowersScene, position(4, on_offer="IND", hands={3: "8C"}, parent=3))
    empty.state.apply(Play("8C"))
    empty.view = empty.coming = empty.state.view(0)
    assert empty.view.hand == () and empty.prompt()[0] == "You have no cards: you pass."


def test_the_discard_pile_shows_under_the_mouse(app, table_at):
    """Spec 10: the discard pile can be browsed (a playtester found no way to see it)."""
    import pygame

    from game.ui import text

    scene = table_at(PowersScene, position(4, on_offer="IND", hands={0: "8C"}, discard="2C 9H KS", parent=0))
    app.tick(STEP)
    text.SHOWN = set()
    try:
        scene.draw(app.screen, 0.0)
        assert "Discard pile (3), the latest last" not in text.SHOWN
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.header_rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        scene.draw(app.screen, 0.0)
        assert "Discard pile (3), the latest last" in text.SHOWN
    finally:
        text.SHOWN = None


def test_the_cheapest_face_card_is_the_defences_default(app, table_at):
    """Found in a playtest: Enter defended with the K although a J defends alike."""
    state = position(4, on_offer="FRA", hands={0: "KS 4D JD", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))
    state.owner["GER"] = 0
    state.apply(Occupy("2S 3S 4S 5S"))
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert [b.label for b in scene.buttons.buttons][scene.buttons.focus].startswith("Defend with J")
    assert scene.buttons.buttons[-1].label.startswith("Yield")


def test_the_demo_says_so_with_the_mouse_anywhere(app, table_at):
    """The demo's label is the header's, not the discard pile's (a review found it drawn only with the pile)."""
    from game.ui import text

    scene = table_at(PowersScene, position(4, on_offer="IND", hands={0: "8C"}, parent=0))
    scene.autoplay, scene.hover = True, (900, 700)
    text.SHOWN = set()
    try:
        scene.draw(app.screen, 0.0)
        assert "Demo: computer players only" in text.SHOWN
    finally:
        text.SHOWN = None


def test_a_click_on_a_dimmed_card_says_why(app, table_at):
    """From a playtest: a click on a card that cannot be played did nothing at all."""
    from game.titles.powers.rules import DEFEND

    state = position(4, on_offer="FRA", hands={0: "JD 4D", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))
    state.owner["GER"] = 0
    state.apply(Occupy("2S 3S 4S 5S"))  # you are asked to defend Germany: 4D cannot, JD can
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert scene.view.phase == DEFEND
    before = len(state.history)
    four = next(rect for card, rect in scene.hand_rects() if card == "4D")
    assert scene._click_hand(four.center) and len(scene.state.history) == before  # refused, nothing played
    assert scene.log.entries[-1][0] == "4♦ cannot defend: only a J, Q or K can."


def test_a_defence_says_which_of_your_territories_come_next(app, table_at):
    """From a playtest: asked for Indonesia, a player did not know America, also threatened, came next."""
    from game.services.i18n import t

    state = position(4, on_offer="FRA", hands={0: "JD 4D", 2: "2S 3S 4S 5S JK1"}, parent=2)
    state.apply(Play("JK1"))
    state.owner["GER"] = state.owner["ITA"] = 0
    state.apply(Occupy("2S 3S 4S 5S"))  # France taken: Germany is asked, then Britain (nobody's), then Italy
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert [note.text for note in scene.panel_notes()] == [t("pw.note.defend_later", names="Italy")]


def test_a_forced_pass_goes_by_itself_after_a_pause(app, table_at):
    """Playtest round 15: with no card that beats the table the game waited for a click on Pass, three or four
    times a round. The prompt says why for FORCED_PAUSE, then you pass (a click or Enter passes at once)."""
    from game.app.table_scene import FORCED_PAUSE
    from game.titles.powers.rules import PASS

    state = position(4, on_offer="IND", hands={3: "KC", 0: "2D 5S"}, parent=3)
    state.apply(Play("KC"))
    scene = table_at(PowersScene, state)
    app.change_settings(anim_speed="normal")
    app.tick(STEP)
    assert scene.human_turn() and list(scene.view.legal) == [PASS]
    assert scene.prompt()[0] == "No card of yours beats strength 13: you pass."
    moves = len(state.history)
    for _ in range(int(0.8 * FORCED_PAUSE / STEP)):
        app.tick(STEP)
    assert len(scene.state.history) == moves  # still on show
    for _ in range(int(0.4 * FORCED_PAUSE / STEP) + 2):
        app.tick(STEP)
    assert scene.state.history[moves] == PASS


def test_a_choice_is_never_made_for_you(app, table_at):
    """Only a forced pass goes by itself: a pass beside a card that can beat the table waits for you."""
    from game.app.table_scene import FORCED_PAUSE

    state = position(4, on_offer="IND", hands={3: "5C", 0: "2D 9S"}, parent=3)
    state.apply(Play("5C"))
    scene = table_at(PowersScene, state)
    for _ in range(int(3 * FORCED_PAUSE / STEP)):
        app.tick(STEP)
    assert scene.human_turn() and len(scene.state.history) == len(state.history)


def test_declining_a_territory_you_can_pay_for_asks_first(app, table_at):
    """Playtest round 15: the Occupy button not yet lit, Enter fell on Decline and gave the territory away. Declining
    asks, keeping by default; with nothing to pay it with, it goes at once."""
    from game.app.overlays import ConfirmScene
    from game.titles.powers.rules import DECLINE, OCCUPY

    state = position(4, on_offer="FRA", hands={0: "JK1 2S 3S 4S 5S"}, parent=0)
    state.apply(Play("JK1"))
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    assert scene.view.phase == OCCUPY
    labels = [b.label for b in scene.buttons.buttons]
    assert labels[scene.buttons.focus].startswith("Decline")
    moves = len(state.history)
    scene.buttons.buttons[scene.buttons.focus].action()
    app.stack.apply_pending()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "Decline France?"
    assert dialog.detail == f"{scene.names[1]} may occupy it next, for 3 cards."
    dialog.row.buttons[dialog.row.focus].action()  # Enter: the default keeps
    app.stack.apply_pending()
    assert app.stack.top is scene and len(scene.state.history) == moves
    poor = position(4, on_offer="FRA", hands={0: "JK1 2S"}, parent=0)
    poor.apply(Play("JK1"))
    scene = table_at(PowersScene, poor)
    app.tick(STEP)
    scene.buttons.buttons[scene.buttons.focus].action()
    app.stack.apply_pending()
    assert app.stack.top is scene and poor.history[-1] == DECLINE


def test_the_invasions_cards_are_offered_weakest_first(app, table_at):
    """Playtest round 15: the opening's buttons went by strength, later ones by the hand's order."""
    state = position(4, on_offer="IND", hands={3: "2C", 0: "QC 9H AH"}, parent=3)
    state.apply(Play("2C"))
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    strengths = [scene.strength_of(a.card) for a in scene.ordered(list(scene.view.legal))[1:]]
    assert strengths == sorted(strengths) and len(strengths) == 3


def test_an_occupations_payment_shows_before_the_map_changes(app, table_at):
    """Playtest round 15: the score jumped and the cards paid were only in the log. They now lie face up in the
    invasion row while the banner names the new owner; the map and the scores change after."""
    from game.titles.powers.rules import IDS

    state = position(4, on_offer="FRA", hands={0: "JK1 2S 3S 4S 5S"}, parent=0)
    state.apply(Play("JK1"))
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    scene.choose(Occupy("2S 3S 4S 5S"))
    france = IDS.index("FRA")
    seen, paid = [], set()
    for _ in range(400):
        app.tick(STEP)
        shown = scene.payment is not None
        seen.append((shown, scene.view.owner[france]))
        if shown:
            paid.add(scene.payment)
    assert (True, None) in seen  # paid cards on show, France not yet yours
    assert (True, 0) not in seen and seen[-1] == (False, 0)
    assert paid == {(0, ("2S", "3S", "4S", "5S"), "FRA")}


def test_every_hand_is_revealed_at_the_end(app, table_at, monkeypatch):
    """Spec 10: all hands are revealed at the game's end (a tie-break counts them); a playtest saw them hidden."""
    scene = table_at(PowersScene, position(4, on_offer="IND", hands={0: "8C", 1: "2D 3D", 2: "KS", 3: "4H"}, parent=0))
    shown = []
    monkeypatch.setattr(scene, "_draw_revealed_hand", lambda surface, plate, hand: shown.append(tuple(hand)))
    scene.draw(app.screen, 0.0)
    assert shown == []
    scene.over = True
    scene.draw(app.screen, 0.0)
    assert sorted(shown) == [("2D", "3D"), ("4H",), ("KS",)]


def test_a_revealed_hand_lies_beside_its_plate_clear_of_the_others(app, table_at):
    """Playtest 15: the hands shown at the end reached over the map's top row. Beside the plate where it fits (one
    row or two), else on a tab under it; never over another plate nor off the table."""
    import pygame

    from game.titles.powers.scene import LOG

    for players in (4, 5):
        scene = table_at(PowersScene, position(players, on_offer="IND", hands={}, parent=0))
        plates = [pygame.Rect((0, 0), scene.layout.plate) for _ in range(players)]
        for seat, plate in enumerate(plates):
            plate.center = scene.badge_center(seat)
        for seat in range(1, players):
            for count in (1, 3, 7):
                cards, tab = scene.revealed_places(plates[seat], count)
                assert len(cards) == count
                for card in cards:
                    assert card.x >= 0 and card.right <= LOG.x and card.bottom <= 720
                    assert card.collidelist(plates) < 0
                if players == 4 and count <= 3:
                    assert tab is None  # beside the plate, off the map


def test_the_panel_says_what_an_ace_counts_and_what_a_cost_is(app, table_at):
    """Playtest round 19: "A → 14" on the table and "cost 4" in the prompt were explained only in F1's rules."""
    from game.services.i18n import t
    from game.titles.powers.rules import OCCUPY

    opening = table_at(PowersScene, position(4, on_offer="IND", hands={0: "AS 8C"}, parent=0))
    app.tick(STEP)
    assert t("pw.note.ace_open") in [note.text for note in opening.panel_notes()]
    state = position(4, on_offer="IND", hands={0: "AS 8C", 3: "KD 2C"}, parent=3)
    state.apply(Play("KD"))
    after_king = table_at(PowersScene, state)
    app.tick(STEP)
    notes = [note.text for note in after_king.panel_notes()]
    assert notes == [t("pw.note.ace", n=14)] and "14" in notes[0]
    without = table_at(PowersScene, position(4, on_offer="IND", hands={0: "9S 8C"}, parent=0))
    app.tick(STEP)
    assert without.panel_notes() == []
    state = position(4, on_offer="JPN", hands={0: "AS 8C", 3: "KD 2C"}, parent=3)  # an island: a black ace is 1
    state.apply(Play("KD"))
    unplayable = table_at(PowersScene, state)
    app.tick(STEP)
    assert [note.text for note in unplayable.panel_notes()] == [t("pw.note.island")]
    state = position(4, on_offer="FRA", hands={0: "JK1 2S 3S 4S 5S 6D"}, parent=0)
    state.apply(Play("JK1"))
    paying = table_at(PowersScene, state)
    app.tick(STEP)
    assert paying.view.phase == OCCUPY and paying.view.to_move == 0
    assert [note.text for note in paying.panel_notes()] == [t("pw.note.cost", cost=paying.view.cost)]


def test_a_card_past_the_cost_says_all_are_chosen(app, table_at):
    """Playtest round 20: a fourth card clicked for a cost of three did nothing, without a word."""
    from game.services.i18n import counted

    state = position(4, on_offer="KOR", hands={0: "JK1 2S 3S 4S 5S 6D"}, parent=0)
    state.apply(Play("JK1"))
    scene = table_at(PowersScene, state)
    app.tick(STEP)
    cost = scene.view.cost
    cards = [card for card, _ in scene.hand_rects()]
    for card in cards[:cost]:
        scene.toggle(card)
    scene.toggle(cards[cost])
    assert scene.picked == cards[:cost] and scene.log.entries[-1][0] == counted("pw.why.all_chosen", cost)
