"""The app around the games: settings that persist, the damaged-save notice, verified high scores, the CLIs."""

import json
import random

import pygame

from game.app.app import STEP, App
from game.app.name_entry import SETTLE_S
from game.app.overlays import NoticeScene
from game.core import chance
from game.services import i18n
from game.services.storage import Storage
from game.titles.dice_slayer.game_over import GameOverScene, verified_entry
from game.titles.dice_slayer.rules import new_state


def finished_game(seed: int):
    """A finished Dice Slayer game, its dice from `seed` (as the scene draws them), played by random picks."""
    state, picks = new_state(), random.Random(seed)
    while not state.is_terminal():
        state.apply(chance.outcome(state, seed) if state.is_chance_node() else picks.choice(state.legal_actions()))
    return state


def test_settings_persist_across_launches(tmp_path):
    path = tmp_path / "s.sqlite3"
    app = App(headless=True, storage=Storage(path))
    app.change_settings(language="ja", volume=0.3, muted=True, anim_speed="fast")
    app.close()
    again = App(headless=True, storage=Storage(path))
    try:
        s = again.settings
        assert (s.language, s.volume, s.muted, s.anim_speed) == ("ja", 0.3, True, "fast")
        assert i18n.language() == "ja"
    finally:
        again.change_settings(language="en")
        again.close()


def test_damaged_save_is_kept_and_the_player_is_told(tmp_path):
    path = tmp_path / "asobiba.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    app = App(headless=True, storage=Storage(path))
    try:
        from game.app.menu import TitleMenuScene

        app.run(TitleMenuScene(app), frames=2, fixed_clock=True)
        assert isinstance(app.stack.top, NoticeScene)
        assert app.storage.moved_to.name in app.stack.top.message
        assert app.storage.moved_to.read_bytes() == b"this is not a database" * 100
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        app.tick(STEP)
        assert isinstance(app.stack.top, TitleMenuScene)
    finally:
        app.close()


def test_a_verified_score_is_stored_with_its_replay(app):
    state = finished_game(21)
    entry = verified_entry(state, 21, "Aoi")
    assert entry is not None and entry.score == state.score and entry.rounds == state.round
    assert set(entry.details) == {"score", "rounds", "largest_clear", "all_clears", "dice_removed_total"}
    assert json.loads(entry.replay)["seed"] == 21


def test_a_doctored_score_is_refused():
    state = finished_game(22)
    state.score += 50  # as if something had changed the score outside the rules
    assert verified_entry(state, 22, "Cheat") is None


def test_name_entry_saves_and_shows_the_table(app):
    seed = next(s for s in range(100) if finished_game(s).score > 0)  # a score of 0 never qualifies
    state = finished_game(seed)
    app.stack.push(GameOverScene(app, state, seed))
    app.tick(STEP)
    assert app.stack.top.asking
    name = app.stack.top.field.text
    for ch in "6161":  # dice picks pressed as the game ended (playtest round 9): not typed in, Enter not taken
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert app.stack.top.asking and app.stack.top.field.text == name
    for _ in range(int(SETTLE_S / STEP) + 1):
        app.tick(STEP)
    app.stack.top.field.text = ""
    for ch in "Mio":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.tick(STEP)
    top = app.storage.top_scores("dice_slayer")
    assert [(e.name, e.score) for e in top] == [("Mio", state.score)]
    assert app.stack.top.highlight_id == top[0].id


def name_entry_open(app):
    """A Dice Slayer game over with a high score, its name entry taking keys."""
    seed = next(s for s in range(100) if finished_game(s).score > 0)
    app.stack.push(GameOverScene(app, finished_game(seed), seed))
    for _ in range(int(SETTLE_S / STEP) + 2):
        app.tick(STEP)
    return app.stack.top


def test_a_character_the_font_cannot_draw_is_refused_with_a_note(app, watched, monkeypatch):
    scene = name_entry_open(app)
    scene.field.text = ""
    played = []
    monkeypatch.setattr(app.audio, "play", played.append)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="翔"))
    assert scene.field.text == "翔" and "error" not in played
    _, shown = watched
    shown.clear()
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="😀太"))
    app.tick(STEP)
    assert scene.field.text == "翔太" and played[-1] == "error"
    assert i18n.t("over.name_refused") in shown
    for _ in range(int(4.5 / STEP)):  # the note goes after a few seconds
        app.tick(STEP)
    shown.clear()
    app.tick(STEP)
    assert i18n.t("over.name_refused") not in shown and i18n.t("over.name_help") in shown


def test_an_input_methods_composition_shows_in_the_field_and_keeps_its_keys(app, watched):
    """Typing 翔 through an input method: the kana show underlined while they compose; the Enter and Backspace that
    pick and mend the kanji are the input method's, not the name's (Enter would have saved the name)."""
    scene = name_entry_open(app)
    scene.field.text = "Mio "
    _, shown = watched
    shown.clear()
    app.handle(pygame.event.Event(pygame.TEXTEDITING, text="かける", start=3, length=0))
    app.tick(STEP)
    assert "かける" in shown and scene.field.text == "Mio "
    for key in (pygame.K_BACKSPACE, pygame.K_RETURN):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.tick(STEP)
    assert scene.asking and scene.field.text == "Mio "  # not saved, nothing deleted
    app.handle(pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="翔"))
    assert scene.field.text == "Mio 翔" and not scene.field.composing
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.tick(STEP)
    assert [e.name for e in app.storage.top_scores("dice_slayer")] == ["Mio 翔"]


def test_headless_autoplay_writes_a_screenshot(tmp_path):
    from game.app.main import main

    out = tmp_path / "shot.png"
    assert main(["--headless", "--title", "dice_slayer", "--seed", "4", "--autoplay", "--frames", "240",
                 "--screenshot", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_unknown_title_is_a_clear_error(capsys):
    from game.app.main import main

    assert main(["--headless", "--title", "no_such_game", "--frames", "1"]) == 2
    assert "unknown title" in capsys.readouterr().err


def test_frame_bench_prints_json(capsys):
    from game.bench import main

    assert main(["frames", "--title", "dice_slayer", "--frames", "60", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["frames"] == 60 and 0 < result["median_ms"] <= result["p99_ms"] <= result["max_ms"]


def test_the_title_list_scrolls_to_keep_the_focused_title_shown(app, monkeypatch):
    from dataclasses import replace

    from game.app import menu
    from game.titles import registry

    many = {f"{slug}_{k}": replace(info) for k in range(3) for slug, info in registry.TITLES.items()}
    monkeypatch.setattr(registry, "TITLES", many)
    scene = menu.TitleMenuScene(app)
    app.run(scene, frames=1, fixed_clock=True)
    shown = [b for b in scene.row.buttons[:len(many)] if b.rect.y >= 0]
    assert len(shown) == menu.VISIBLE < len(many) and scene.scroll == 0
    for _ in range(len(many) - 1):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert scene.row.focus == len(many) - 1 and scene.scroll == len(many) - menu.VISIBLE
    focused = scene.row.buttons[scene.row.focus].rect
    assert focused.y >= menu.LIST_Y and focused.bottom <= menu.LIST_BOTTOM
    assert scene.row.buttons[0].rect.y < 0  # scrolled away: it cannot be hovered or clicked
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0))
    assert scene.scroll == len(many) - menu.VISIBLE - 3
    app.tick(STEP)  # draws with the "more" hints


def test_back_from_a_game_the_menu_is_at_its_title(app):
    """Found in a playtest: Quit to menu from Hexa came back with the first title selected."""
    from game.app import menu
    from game.app.setup import GameSetup, start_scene
    from game.titles import registry

    slugs = list(registry.TITLES)
    start_scene(app, GameSetup("hexa", ["normal"], seed=1))
    app.to_menu()
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, menu.TitleMenuScene) and scene.focused.slug == "hexa" != slugs[0]


def test_back_from_a_titles_high_scores_the_menu_is_at_that_title(app):
    """Playtest round 10: Dice Combat's scores opened from the menu came back to the title last played."""
    from game.app import menu
    from game.app.setup import GameSetup, start_scene

    start_scene(app, GameSetup("shinobazu", ["normal"] * 2, seed=1))
    app.to_menu()
    app.stack.apply_pending()
    scene = app.stack.top
    scene.row.focus = [spec.slug for spec in scene.titles].index("dice_combat")
    scene.scores()
    app.stack.apply_pending()
    app.tick(STEP)
    assert app.stack.top.row.buttons[0].label == "Play"  # no game was played: not "Play again"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, menu.TitleMenuScene) and scene.focused.slug == "dice_combat"


def test_f1_opens_the_rules_and_f1_closes_them(app):
    """Found in a playtest: the rules' footer says "Esc / F1 close", but F1 only ever opened them."""
    from game.app.rules_scene import RulesScene
    from game.app.setup import GameSetup, start_scene

    scene = start_scene(app, GameSetup("hexa", ["normal"], seed=1))
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    f1 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")
    app.handle(f1)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, RulesScene)
    app.handle(f1)
    app.stack.apply_pending()
    assert app.stack.top is scene


def test_think_bench_prints_json(capsys):
    from game.bench import main

    assert main(["think", "--title", "shinobazu", "--level", "normal:10", "--positions", "6", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["bench"] == "think" and result["positions"] == 6
    assert 0 < result["median_ms"] <= result["p95_ms"] <= result["max_ms"]


def test_the_menu_comes_back_scrolled_as_it_was_left(app):
    """Playtest round 11: back from a game, the list had scrolled so that the game's title was the last row shown,
    and a click meant for the title seen before landed on another. The list comes back as it was left."""
    from game.app import menu

    scene = menu.TitleMenuScene(app)
    assert len(scene.titles) > menu.VISIBLE
    scene.scroll = len(scene.titles) - menu.VISIBLE  # the wheel down to the end
    scene._layout(follow_focus=False)
    index = next(i for i in range(scene.scroll, len(scene.titles)) if not scene.titles[i].solo)
    scene.click_title(index)
    shown = [b.rect.y for b in scene.row.buttons[:len(scene.titles)]]
    app.last_title = scene.titles[index].slug  # a game of it was played
    again = menu.TitleMenuScene(app)
    assert again.row.focus == index and again.scroll == scene.scroll
    assert [b.rect.y for b in again.row.buttons[:len(again.titles)]] == shown
