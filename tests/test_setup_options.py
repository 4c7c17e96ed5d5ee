"""Rule variants on the setup screen: offered per title, remembered, checked when loaded, and played and replayed."""


import pygame
import pytest

from game.app.app import STEP
from game.app.setup import GameSetup, saved_setup, setting_key
from game.app.setup_scene import GameSetupScene
from game.app.summary import SummaryScene
from game.core import replay
from game.titles import registry
from game.titles.hige_mekuri.scene import HigeScene
from game.titles.kitsune_gaeshi import rules as kitsune
from game.titles.kitsune_gaeshi.scene import KitsuneScene


def press(app, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.tick(STEP)


def test_defaults_are_the_specs_rules():
    setup = GameSetup.from_json(registry.get("kitsune_gaeshi"), None)
    assert setup.options == {"companion": "standard", "two_left": "continue", "fox_count": 3}
    assert registry.get("shinobazu").options == ()


@pytest.mark.parametrize("saved, expected", [
    ({"companion": "casual", "two_left": "early_finish", "fox_count": 4},
     {"companion": "casual", "two_left": "early_finish", "fox_count": 4}),
    ({"companion": "hardcore", "fox_count": 9}, {"companion": "standard", "two_left": "continue", "fox_count": 3}),
    ({"fox_count": "4", "two_left": None}, {"companion": "standard", "two_left": "continue", "fox_count": 3}),
    ({"fox_count": True}, {"companion": "standard", "two_left": "continue", "fox_count": 3}),
    ("casual", {"companion": "standard", "two_left": "continue", "fox_count": 3}),
])
def test_saved_options_are_checked(saved, expected):
    setup = GameSetup.from_json(registry.get("kitsune_gaeshi"), {"levels": ["easy"] * 2, "options": saved})
    assert setup.options == expected
    assert setup.levels == ["easy", "easy"]


def test_the_setup_screen_changes_an_option_and_the_game_plays_by_it(app):
    app.stack.push(GameSetupScene(app, "kitsune_gaeshi"))
    app.stack.apply_pending()
    scene = app.stack.top
    rows = scene.rows()
    assert rows.index("companion") < rows.index("seed")
    assert all(scene.row_rect(i).bottom <= scene.area.bottom for i in range(len(rows)))
    scene.focus = rows.index("companion")
    press(app, pygame.K_RIGHT)
    scene.focus = rows.index("fox_count")
    press(app, pygame.K_LEFT)
    assert scene.value_text("companion") == "casual: hidden foxes only"
    assert scene.value_text("fox_count") == "2"
    scene.start()
    app.tick(STEP)
    table = app.stack.top
    assert isinstance(table, KitsuneScene)
    assert (table.state.companion, table.state.fox_count, table.state.two_left) == ("casual", 2, "continue")
    assert saved_setup(app, "kitsune_gaeshi").options["companion"] == "casual"
    assert app.storage.get_setting(setting_key("kitsune_gaeshi"))["options"]["fox_count"] == 2


def test_a_game_under_variants_is_recorded_with_a_replay_that_plays_back(app, play_to_summary):
    options = {"companion": "casual", "two_left": "early_finish", "fox_count": 4}
    scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=4, options=options))
    assert isinstance(play_to_summary(scene, 2), SummaryScene)
    assert sum(s > 0 for s in scene.state.souls) >= 2  # early finish: two are left at the end
    (game,) = app.storage.finished_games("kitsune_gaeshi")
    assert game["details"]["options"] == options
    (text,) = [row[0] for row in app.storage._conn.execute("SELECT replay FROM games")]
    again = replay.play_back(replay.loads(text), kitsune.new_state)
    assert again.souls == scene.state.souls and again.fox_count == 4


def test_hige_mekuri_offers_the_mckinley_line_up(app):
    app.stack.push(GameSetupScene(app, "hige_mekuri"))
    app.stack.apply_pending()
    scene = app.stack.top
    scene.focus = scene.rows().index("variant")
    press(app, pygame.K_RIGHT)
    assert scene.value_text("variant") == "McKinley (first player 3/5)"
    scene.start()
    app.tick(STEP)
    assert isinstance(app.stack.top, HigeScene)
    state = app.stack.top.state
    assert state.variant == "mckinley"
    assert (state.cards["USA"].person, state.cards["USA"].category) == ("William McKinley", "clean")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_setup_row_has_room_for_its_text_at_the_most_opponents(app, language):
    """Playtest round 9: Neu/Noir's setup with six opponents and three options squashed its rows in Japanese (the
    text touched the rows' edges). The rows come closer and their text gets smaller; every row's text fits inside
    its row, and every row inside the panel, for every title at its largest table."""
    from game.services import i18n
    from game.ui.text import font

    i18n.set_language(language)
    for spec in registry.TITLES.values():
        if spec.solo:
            continue
        scene = GameSetupScene(app, spec.slug)
        scene.setup.levels = [scene.setup.levels[0]] * (spec.max_players - 1)
        rows = scene.rows()
        frame = scene.frame()
        assert scene.area.contains(frame)
        for index, row in enumerate(rows):
            rect = scene.row_rect(index)
            assert frame.contains(rect), (spec.slug, row)
            label_w, label_h = font(scene.text_size()).size(scene.label_text(row) if row not in ("start", "back")
                                                           else "Start")
            assert label_h <= rect.height + 2, (spec.slug, row, label_h, rect.height)
            stepper = scene.stepper(index, row)
            if stepper is not None:
                assert rect.x + 24 + label_w < stepper.rect.x, (spec.slug, row)  # the label clear of the value


def test_back_keeps_the_choices_for_the_next_visit(app):
    """Playtest round 10: the opponent count set before Back was gone on the next visit."""
    app.stack.push(GameSetupScene(app, "neu_noir"))
    app.stack.apply_pending()
    scene = app.stack.top
    scene.focus = scene.rows().index("opponents")
    press(app, pygame.K_RIGHT)
    count = len(scene.setup.levels)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene
    again = GameSetupScene(app, "neu_noir")
    assert len(again.setup.levels) == count == len(saved_setup(app, "neu_noir").levels)


@pytest.mark.parametrize("slug", [spec.slug for spec in registry.TITLES.values()
                                  if not spec.solo and spec.min_players < spec.max_players])
def test_the_rows_keep_their_pitch_as_opponents_come_and_go(app, slug):
    """Playtest round 10: one opponent fewer made the rows taller, and Start slid down to where Back had been.
    The pitch is the same at every opponent count, so a row moves only by the rows added or removed above it."""
    scene = GameSetupScene(app, slug)
    spec = scene.info
    pitches, starts = set(), {}
    for count in range(spec.min_players - 1, spec.max_players):
        scene.setup.levels = ["normal"] * count
        pitches.add(scene.row_pitch())
        starts[count] = scene.row_rect(scene.rows().index("start"))
    assert len(pitches) == 1
    pitch = pitches.pop()
    for count in range(spec.min_players, spec.max_players):
        assert starts[count].y - starts[count - 1].y == pitch  # one opponent fewer: Start one row up


def setups_offered(spec):
    """Every setup the screen can make for a table title, one choice varied at a time: the fewest and the most
    players, you start or chance picks, and each value of each rule variant."""
    counts = sorted({spec.min_players, spec.max_players})
    for players in counts:
        for human_starts in (False, True):
            yield players, human_starts, spec.default_options()
    for option in spec.options:
        for value in option.values:
            if value != option.default:
                yield spec.min_players, True, {**spec.default_options(), option.key: value}


@pytest.mark.parametrize("slug", sorted(slug for slug, spec in registry.TITLES.items() if not spec.solo))
def test_every_setup_on_offer_reaches_your_first_decision(app, slug):
    """"You start" once crashed Neu/Noir and Shinoburi before their first move: every setup the screen offers
    plays up to your first decision."""
    from game.app.setup import start_scene

    spec = registry.get(slug)
    app.change_settings(anim_speed="fast")
    for players, human_starts, options in setups_offered(spec):
        setup = GameSetup(slug, ["easy"] * (players - 1), seed=7, human_starts=human_starts, options=options)
        scene = start_scene(app, setup)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        for _ in range(6000):
            app.tick(STEP)
            if scene.human_turn() or scene.state.is_terminal():
                break
        assert scene.human_turn() or scene.state.is_terminal(), (players, human_starts, options)
        if human_starts and spec.start_chance:
            assert scene.state.current_player() == scene.me
