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
    assert empty.view.hand == () and empty.prompt()[0] == "You have no cards: you can only pass."


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
