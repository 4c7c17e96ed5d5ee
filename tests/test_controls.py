"""Controls that do what they show (issue 22, item 3): ◀ and ▶ as their own click targets, a volume bar set where
it is clicked, a title menu where one click selects and a double click starts, a visible keyboard focus from the
start of every table decision, and defaults that are the safe, honest choice."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.app import STEP
from game.app.setup import GameSetup, start_scene
from game.titles import registry


def click(target, pos: tuple[int, int], button: int = 1) -> None:
    target.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    target.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(target, k: int) -> None:
    target.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


# --- the setup screen ---------------------------------------------------------------------------------------------
@pytest.fixture
def setup_screen(app):
    from game.app.setup_scene import GameSetupScene

    scene = GameSetupScene(app, "shinobazu")
    app.stack.push(scene)
    app.stack.apply_pending()
    app.tick(STEP)  # drawn once, as a player sees it
    return scene


def test_the_opponent_arrows_lower_and_raise_the_count(setup_screen):
    scene = setup_screen
    scene.setup.levels = ["normal"] * 3
    index = scene.rows().index("opponents")
    stepper = scene.stepper(index, "opponents")
    click(scene, stepper.back_rect.center)
    assert len(scene.setup.levels) == 2
    click(scene, stepper.back_rect.center)  # at the fewest: nothing changes
    assert len(scene.setup.levels) == 2
    click(scene, stepper.forward_rect.center)
    click(scene, stepper.forward_rect.center)
    assert len(scene.setup.levels) == 4
    click(scene, scene.row_rect(index).midleft)  # the label only gives the row the focus
    assert len(scene.setup.levels) == 4 and scene.focus == index


def test_the_level_arrows_move_back_and_forward(setup_screen):
    scene = setup_screen
    levels = list(registry.get("shinobazu").levels)
    middle = levels[len(levels) // 2]
    scene.setup.levels[0] = middle
    index = scene.rows().index("level0")
    stepper = scene.stepper(index, "level0")
    click(scene, stepper.back_rect.center)
    assert scene.setup.levels[0] == levels[levels.index(middle) - 1]
    click(scene, stepper.forward_rect.center)
    click(scene, stepper.forward_rect.center)
    assert scene.setup.levels[0] == levels[(levels.index(middle) + 1) % len(levels)]


def test_the_setup_keys_are_unchanged(setup_screen):
    scene = setup_screen
    scene.setup.levels = ["normal"] * 3
    scene.focus = scene.rows().index("opponents")
    key(scene, pygame.K_LEFT)
    assert len(scene.setup.levels) == 2
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_RIGHT)
    assert len(scene.setup.levels) == 4


# --- settings -----------------------------------------------------------------------------------------------------
def test_a_click_on_the_volume_bar_sets_the_volume_there(app):
    from game.app.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.change_settings(volume=0.8)
    bar = scene.volume_bar()
    click(scene, (bar.x + bar.width // 4, bar.centery))
    assert app.settings.volume == 0.25
    click(scene, (bar.x + bar.width * 3 // 4, bar.centery + 20))  # anywhere in the row's height over the bar
    assert app.settings.volume == 0.75
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.x, bar.centery), button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.right + 40, bar.centery), rel=(1, 0),
                                    buttons=(1, 0, 0)))  # dragged past the right end
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.right + 40, bar.centery), button=1))
    assert app.settings.volume == 1.0


def test_the_settings_arrows_step_back_and_forward(app):
    from game.app.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.change_settings(volume=0.5, anim_speed="normal")
    volume = scene.stepper(scene.rows.index("volume"))
    click(scene, volume.back_rect.center)
    assert app.settings.volume == 0.4
    click(scene, volume.forward_rect.center)
    click(scene, volume.forward_rect.center)
    assert app.settings.volume == 0.6
    speed = scene.stepper(scene.rows.index("anim_speed"))
    click(scene, speed.back_rect.center)
    assert app.settings.anim_speed == "slow"
    click(scene, speed.forward_rect.center)
    click(scene, speed.forward_rect.center)
    assert app.settings.anim_speed == "fast"


# --- the title menu -----------------------------------------------------------------------------------------------
@pytest.fixture
def menu(app):
    from game.app.menu import TitleMenuScene

    scene = TitleMenuScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.tick(STEP)
    return scene


def table_title(menu) -> int:
    return next(i for i, info in enumerate(menu.titles) if not info.solo and menu.row.buttons[i].rect.y >= 0
                and i != menu.row.focus)


def test_one_click_on_a_title_selects_it_and_a_double_click_starts_it(app, menu):
    from game.app.setup_scene import GameSetupScene

    index = table_title(menu)
    card = menu.row.buttons[index].rect
    click(app, card.center)
    app.stack.apply_pending()
    assert app.stack.top is menu and menu.row.focus == index and menu.focused is menu.titles[index]
    other = next(i for i in range(len(menu.titles)) if i != index and menu.row.buttons[i].rect.y >= 0)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.row.buttons[other].rect.center, rel=(0, 0),
                                  buttons=(0, 0, 0)))
    assert menu.row.focus == index and menu.row.hover == other  # the pointer lights; the selection stays
    menu.time += 1.0  # a second click long after the first is another single click
    click(app, card.center)
    app.stack.apply_pending()
    assert app.stack.top is menu
    click(app, card.center)  # the second click of a double click
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GameSetupScene) and app.stack.top.title_slug == menu.titles[index].slug


def test_enter_plays_the_title_selected_by_a_click(app, menu):
    from game.app.setup_scene import GameSetupScene

    index = table_title(menu)
    click(app, menu.row.buttons[index].rect.center)
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GameSetupScene) and app.stack.top.title_slug == menu.titles[index].slug


def test_the_arrows_stop_at_the_ends_of_the_menu(app, menu):
    """Decided: ↑ on the first title stays there (no wrap to Quit), ↓ on Quit stays on Quit; Tab still goes round."""
    menu.row.focus = 0
    key(app, pygame.K_UP)
    assert menu.row.focus == 0 and menu.focused is menu.titles[0]
    last = len(menu.row.buttons) - 1
    menu.row.focus = last
    key(app, pygame.K_DOWN)
    assert menu.row.focus == last
    key(app, pygame.K_TAB)
    assert menu.row.focus == 0



def test_the_details_panel_says_what_a_bottom_button_does(app, menu, watched):
    """Playtest round 10: with Settings, Games, Statistics or Quit focused, the details panel was empty. Each now
    says what it opens or does (Quit, with a game unfinished, that the game is kept)."""
    from game.services.i18n import t

    _, shown = watched

    def drew(key: str) -> bool:  # its text, or the first of the lines it was wrapped to
        return any(len(line) >= 8 and t(key).startswith(line) for line in shown) or t(key) in shown

    abouts = ("menu.about_settings", "menu.about_games", "menu.about_statistics", "menu.about_quit")
    for offset, about in enumerate(abouts):
        menu.row.focus = len(menu.titles) + offset
        shown.clear()
        menu.draw(app.screen, 0.0)
        assert [key for key in abouts if drew(key)] == [about]
        assert not drew("menu.quit_kept")
    menu.saves = {"shinobazu": None}
    shown.clear()
    menu.draw(app.screen, 0.0)
    assert drew("menu.about_quit") and drew("menu.quit_kept")


def test_the_footer_says_enter_continues_a_title_with_a_game_left(app, menu, watched):
    """Playtest round 15: with a game left unfinished, the footer said Enter plays, where Enter continues it."""
    from game.services.i18n import t

    _, shown = watched
    menu.row.focus = 0
    shown.clear()
    menu.draw(app.screen, 0.0)
    assert t("menu.help") in shown and t("menu.help_continue") not in shown
    menu.saves = {menu.titles[0].slug: None}
    shown.clear()
    menu.draw(app.screen, 0.0)
    assert t("menu.help_continue") in shown and t("menu.help") not in shown

# --- table decisions ----------------------------------------------------------------------------------------------
def run_until(app, scene, ready, frames: int = 20_000, choose=None) -> bool:
    """Tick until `ready()` at a human decision with its buttons shown; `choose(scene)` decides the others, and
    Enter goes on from each result that waits for the player."""
    for _ in range(frames):
        app.tick(STEP)
        if scene.awaits_player:
            key(app, pygame.K_RETURN)
        if scene.human_turn() and scene.buttons.buttons:
            if ready():
                return True
            (choose or (lambda s: s.choose(s.view.legal[0])))(scene)
        if scene.state.is_terminal():
            return False
    return False


def table(app, scene):
    app.change_settings(anim_speed="fast")
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def test_shinobazu_has_a_lit_card_from_the_start_and_enter_plays_it(app):
    from game.titles.shinobazu import rules
    from game.titles.shinobazu.scene import ShinobazuScene

    scene = table(app, ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 3, seed=5)))
    assert run_until(app, scene, lambda: scene.view.phase == "play")
    playable = rules.playable_cards(scene.view)
    assert scene.selected == playable[0] and scene.buttons.focus == 0  # a lit card and the default button
    before = len(scene.state.history)
    key(app, pygame.K_RETURN)
    played = scene.state.history[before]
    assert isinstance(played, rules.PlayOwn | rules.Force) and played.card == playable[0]


def test_shinobazu_enter_plays_the_card_the_arrows_moved_to(app):
    from game.titles.shinobazu import rules
    from game.titles.shinobazu.scene import ShinobazuScene

    for seed in range(40):
        scene = table(app, ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 3, seed=seed)))
        if run_until(app, scene, lambda s=scene: s.view.phase == "play" and len(rules.playable_cards(s.view)) > 1):
            break
        app.stack.clear_to(scene)
    else:
        pytest.fail("no turn with two playable cards")
    key(app, pygame.K_RIGHT)
    chosen = scene.selected
    assert chosen == rules.playable_cards(scene.view)[1]
    before = len(scene.state.history)
    key(app, pygame.K_RETURN)
    assert scene.state.history[before].card == chosen


def test_kitsune_defaults_to_the_true_declaration(app):
    from game.titles.kitsune_gaeshi.rules import BRIDE, DECLARE_BRIDE, DECLARE_FOX, DRAW, FOX
    from game.titles.kitsune_gaeshi.scene import KitsuneScene

    seen = set()
    for seed in range(30):
        scene = table(app, KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=seed)))

        def draw(s):
            s.choose(DRAW if DRAW in s.view.legal else s.view.legal[0])

        while run_until(app, scene, lambda s=scene: s.view.drawn is not None, choose=draw):
            drawn = scene.view.drawn
            before = len(scene.state.history)
            key(app, pygame.K_RETURN)
            assert scene.state.history[before] == {FOX: DECLARE_FOX, BRIDE: DECLARE_BRIDE}[drawn]
            seen.add(drawn)
            if seen == {FOX, BRIDE}:
                return
        app.stack.clear_to(scene)
    pytest.fail(f"drew only {seen}")


def test_fusejika_lost_defaults_to_the_rules_bots_loss(app):
    """Enter after a 10 loses the card the rules bot would (it was the 10 itself until playtest round 10)."""
    from game.titles.fusejika import bots, rules
    from game.titles.fusejika.scene import FusejikaScene

    def play_tens(s):
        tens = [a for a in s.view.legal if type(a) is rules.Play and a.card.rank == "10"]
        s.choose(tens[0] if tens else random.Random(len(s.state.history)).choice(list(s.view.legal)))

    for seed in range(40):
        scene = table(app, FusejikaScene(app, GameSetup("fusejika", ["easy"] * 2, seed=seed)))
        if run_until(app, scene, lambda s=scene: s.view.phase == rules.LOST and len(s.view.legal) > 1,
                     choose=play_tens):
            break
        app.stack.clear_to(scene)
    else:
        pytest.fail("the human never chose a lost card")
    loss = bots.decide(scene.state.clone())  # the seat's own knowledge decides it: the true state gives the same
    assert scene.view.source.rank in ("10", "A") and scene.focused_action() == loss
    before = len(scene.state.history)
    key(app, pygame.K_RETURN)
    assert scene.state.history[before] == loss


# --- the end-of-game summary --------------------------------------------------------------------------------------
def test_enter_on_the_summary_does_not_start_a_rematch(app):
    from game.app.stats_scene import StatsScene
    from game.app.summary import SummaryScene
    from game.titles.shinobazu.scene import ShinobazuScene

    summary = SummaryScene(app, GameSetup("shinobazu", ["easy"] * 3), ["You", "A", "B", "C"],
                           ["you", "easy", "easy", "easy"], [2, 5, 2, 3], [0, 2])
    app.stack.clear_to(summary)
    app.stack.apply_pending()
    app.tick(STEP)
    key(app, pygame.K_RETURN)  # at once: meant for the table that just closed, swallowed
    app.stack.apply_pending()
    assert app.stack.top is summary
    for _ in range(round(0.5 / STEP)):
        app.tick(STEP)
    key(app, pygame.K_RETURN)  # the default: Statistics, over the summary
    app.stack.apply_pending()
    assert isinstance(app.stack.top, StatsScene) and summary in app.stack.scenes
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert app.stack.top is summary  # the result is still there to read
    key(app, pygame.K_LEFT)  # a deliberate move to Rematch
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ShinobazuScene)


def played_to_the_ranking(app, slug: str):
    """A demo table of `slug` (three Easy bots and one more) played to its ranking: (the table, the ranking on top)."""
    from game.app.summary import SummaryScene

    scene = start_scene(app, GameSetup(slug, ["easy"] * 3, seed=2))
    scene.autoplay = True
    app.stack.clear_to(scene)
    for _ in range(200_000):
        app.tick(STEP)
        if isinstance(app.stack.top, SummaryScene):
            break
    return scene, app.stack.top


def test_the_ranking_shows_the_final_table_again(app, quick_bots, brisk):
    """A finished table's ranking has a Table button: the table as it was left, and any key back to the ranking."""
    from game.app.summary import FinalTableScene, SummaryScene

    scene, summary = played_to_the_ranking(app, "kitsune_gaeshi")
    assert isinstance(summary, SummaryScene) and summary.table is scene and scene.state.is_terminal()
    labels = [key for key, _ in summary.buttons]
    assert labels == ["summary.rematch", "menu.statistics", "menu.games", "summary.table", "over.menu"]
    assert summary.row.focus == 1  # Statistics stays the default
    history = list(scene.state.history)
    summary.show_table()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, FinalTableScene) and app.stack.top.table is scene
    for _ in range(30):
        app.tick(STEP)  # updated and drawn
    assert scene.state.history == history  # shown, not played on
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert app.stack.top is summary
    plain = SummaryScene(app, GameSetup("shinobazu", ["easy"] * 3), ["You", "A", "B", "C"],
                         ["you", "easy", "easy", "easy"], [2, 5, 2, 3], [0, 2])
    assert "summary.table" not in [key for key, _ in plain.buttons]  # nothing to show without a table


def test_new_buttons_forget_where_the_mouse_pointed_among_the_old():
    """A row given new buttons (the next decision) has no hovered button until the mouse moves: an index kept from
    the old row would light, and a title's note would describe, a button the mouse is not on."""
    from game.ui.widgets import Button, ButtonRow

    def row(count: int) -> list[Button]:
        return [Button(pygame.Rect(0, 40 * i, 100, 30), str(i), lambda: None) for i in range(count)]

    buttons = ButtonRow(row(3))
    buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 85), rel=(1, 1), buttons=(0, 0, 0)))
    assert buttons.hover == 2
    buttons.buttons = row(4)
    assert buttons.hover is None
    buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 125), rel=(1, 1), buttons=(0, 0, 0)))
    assert buttons.hover == 3


def test_the_final_table_opens_the_last_showdown_it_shows_a_button_for(app, quick_bots, brisk):
    """Playtest round 9: the final table showed Shinobazu's "last showdown (L)" button, which did nothing there. L (or
    the button) opens the last result on the final table too; a key or click closes it, the next goes back. (Kitsune-
    gaeshi's final table keeps its last flip turned over, so it shows no such button.)"""
    from game.app.summary import FinalTableScene, SummaryScene

    scene, summary = played_to_the_ranking(app, "shinobazu")
    assert isinstance(summary, SummaryScene) and scene.last is not None
    summary.show_table()
    app.stack.apply_pending()
    final = app.stack.top
    assert isinstance(final, FinalTableScene)
    for _ in range(30):
        app.tick(STEP)
    key(app, pygame.K_l)
    app.stack.apply_pending()
    assert app.stack.top is final and scene.review
    app.tick(STEP)  # drawn with the panel open
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert app.stack.top is final and not scene.review
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.last_button.rect.center)
    app.handle(click)
    app.stack.apply_pending()
    assert app.stack.top is final and scene.review
    app.handle(click)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(40, 40)))
    app.stack.apply_pending()
    assert app.stack.top is summary and not scene.review


def test_the_high_score_tabs_switch_with_tab_and_the_buttons_keep_left_and_right(app):
    """Playtest round 9: Dice Combat's two tables sit side by side as tabs, but only ↑↓ switched them. Tab (Shift+Tab
    back) switches them too, as the help line now says; ←→ stay the buttons' keys."""
    from game.app.highscores import HighScoresScene

    scene = HighScoresScene(app, "dice_combat")
    app.stack.push(scene)
    app.stack.apply_pending()
    boards = list(scene.boards)
    assert len(boards) == 2 and scene.board == boards[0]
    key(app, pygame.K_TAB)
    assert scene.board == boards[1]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="\t"))
    assert scene.board == boards[0]
    key(app, pygame.K_DOWN)
    assert scene.board == boards[1]
    focus = scene.row.focus
    key(app, pygame.K_RIGHT)
    assert scene.board == boards[1] and scene.row.focus != focus


def test_enter_starts_from_any_row_of_the_setup_and_space_changes_it(app, setup_screen):
    """Playtest round 15: the footer says "Enter start", but Enter on a level row raised the level."""
    scene = setup_screen
    scene.focus = scene.rows().index("level0")
    level = scene.setup.levels[0]
    key(app, pygame.K_SPACE)
    app.stack.apply_pending()
    assert scene.setup.levels[0] != level and app.stack.top is scene
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert app.stack.top is not scene and type(app.stack.top).__name__ == "ShinobazuScene"


def test_enter_with_no_die_in_focus_puts_the_first_in_focus_and_a_second_enter_picks_it(app):
    """Playtest round 19b: forty presses of Enter did nothing until ←→ had moved the focus (the help line says
    "←→ Enter"). The first Enter now shows the focus on the first die; the next picks it."""
    from game.titles.dice_slayer.scene import DiceSlayerScene

    scene = DiceSlayerScene(app, seed=7)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    for _ in range(600):
        app.tick(STEP)
        if scene.picking:
            break
    assert scene.picking and scene.cursor is None and not scene.hint_on
    rolls = len(scene.state.history)
    key(scene, pygame.K_RETURN)
    assert scene.cursor == scene.state.legal_actions()[0] and len(scene.state.history) == rolls  # shown, not picked
    key(scene, pygame.K_RETURN)
    assert len(scene.state.history) > rolls
