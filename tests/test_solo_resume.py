"""The solo titles keep their games (issue 15): Dice Slayer and Dice Combat are saved after every action and continue
after a restart from the same position with the same display, a Dice Combat run included; a high-score name still to
give survives a restart; the name entry works with the mouse alone (Save, Skip) and Esc asks before it skips; the
title menu's demo keeps nothing."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import saves
from game.app.app import STEP, App
from game.app.highscores import HighScoresScene
from game.app.name_entry import SETTLE_S
from game.app.setup import GameSetup, start_scene
from game.core import chance
from game.services.storage import Storage
from game.titles.dice_combat import bots as combat_bots
from game.titles.dice_combat.game_over import DiceCombatOverScene
from game.titles.dice_combat.rules import WIN
from game.titles.dice_combat.rules import new_state as new_duel
from game.titles.dice_combat.scene import DiceCombatScene
from game.titles.dice_combat.scores import Run
from game.titles.dice_slayer import bots as slayer_bots
from game.titles.dice_slayer.game_over import GameOverScene
from game.titles.dice_slayer.rules import new_state as new_slayer
from game.titles.dice_slayer.scene import DiceSlayerScene

FRAMES = 20_000  # a guard against a hang only


# --- helpers ----------------------------------------------------------------------------------------------------
def open_app(path) -> App:
    app = App(headless=True, storage=Storage(path))
    app.change_settings(anim_speed="fast")
    return app


def show(app: App, scene) -> None:
    app.stack.clear_to(scene)
    app.stack.apply_pending()


def show_entry(app: App, over) -> None:
    """A game-over scene shown and its name entry open long enough to take keys (keys in its first SETTLE_S were
    meant for the game)."""
    show(app, over)
    for _ in range(int(SETTLE_S / STEP) + 1):
        app.tick(STEP)


def same_position(one, two) -> bool:
    """The same history and every field of the state the same (a solo state is its own view)."""
    return one.history == two.history and all(getattr(one, name) == getattr(two, name) for name in one.__slots__)


def at_rest(sprites) -> bool:
    return all(sprite.pos == sprite.target and sprite.alpha == 255 for sprite in sprites)


def settle_slayer(app: App, scene: DiceSlayerScene) -> None:
    """Tick until the player is to pick and every die has landed and the score has been told."""
    for _ in range(FRAMES):
        if scene.picking and at_rest(scene.plate + scene.stock) and not scene.leaving \
                and scene.shown_score == scene.score_target:
            return
        app.tick(STEP)
    raise AssertionError("the scene never came to rest")


def slayer_display(scene: DiceSlayerScene) -> dict:
    """What the player sees of the game: every die where it rests, the score, the round, the last result."""
    def rest(sprite):
        return sprite.value, round(sprite.pos[0], 1), round(sprite.pos[1], 1)
    return {"plate": sorted(rest(s) for s in scene.plate), "stock": [rest(s) for s in scene.stock],
            "score": (int(scene.shown_score), scene.score_target), "round": scene.state.round,
            "last": scene.last_result, "picking": scene.picking}


def pick_by_bot(app: App, scene: DiceSlayerScene, picks: int) -> None:
    """Make `picks` picks as the player would (the hint bot chooses), each after the scene came to rest."""
    for _ in range(picks):
        settle_slayer(app, scene)
        scene.pick(scene.bot.choose(scene.state, scene.bot_rng))
    settle_slayer(app, scene)


def settle_combat(app: App, scene: DiceCombatScene) -> None:
    """Tick until the player decides and every die has landed."""
    for _ in range(FRAMES):
        if scene.deciding and at_rest(scene._sprites()):
            return
        app.tick(STEP)
    raise AssertionError("the scene never came to rest")


def combat_display(scene: DiceCombatScene) -> dict:
    def rest(sprite):
        return sprite.value, round(sprite.pos[0], 1), round(sprite.pos[1], 1)
    return {"small": scene.small and rest(scene.small), "big": [rest(s) for s in scene.big],
            "rolled": [rest(s) for s in scene.rolled], "tray": [rest(s) for s in scene.tray],
            "hearts": scene.shown_damage, "clash": scene.clash, "pattern": scene.pattern,
            "round": scene.state.round, "run": (scene.run.wins, scene.run.rounds, scene.run.damage,
                                                scene.run.replays)}


def bot_duel(seed: int):
    """The game the hint bot plays with `seed`'s dice (as the scene draws them)."""
    state, bot = new_duel(), combat_bots.BOTS[combat_bots.HINT_BOT]()
    while not state.is_terminal():
        state.apply(chance.outcome(state, seed) if state.is_chance_node() else bot.choose(state, random.Random(0)))
    return state


def bot_duel_at(seed: int, decisions: int):
    """The hint bot's game with `seed`'s dice at its decision after `decisions` decisions (None if it ended)."""
    state, bot = new_duel(), combat_bots.BOTS[combat_bots.HINT_BOT]()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(chance.outcome(state, seed))
        elif decisions == 0:
            return state
        else:
            state.apply(bot.choose(state, random.Random(0)))
            decisions -= 1
    return None


def play_on(state, seed: int, bot) -> list:
    """An uninterrupted game from `state` on: its dice from the seed, its decisions the bot's; the full history."""
    state = state.clone()
    while not state.is_terminal():
        state.apply(chance.outcome(state, seed) if state.is_chance_node() else bot.choose(state, random.Random(0)))
    return state.history


def click(app: App, rect: pygame.Rect) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.tick(STEP)


def key(app: App, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.tick(STEP)


def type_text(app: App, text: str) -> None:
    for ch in text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def finished_slayer(seed: int):
    """A finished Dice Slayer game (dice from `seed`, random picks)."""
    state, picks = new_slayer(), random.Random(seed)
    while not state.is_terminal():
        state.apply(chance.outcome(state, seed) if state.is_chance_node() else picks.choice(state.legal_actions()))
    return state


def scoring_seed() -> int:
    return next(s for s in range(100) if finished_slayer(s).score > 0)  # a score of 0 never qualifies


# --- resume -----------------------------------------------------------------------------------------------------
def test_dice_slayer_continues_after_a_restart_with_the_same_display(tmp_path):
    path = tmp_path / "a.sqlite3"
    first = open_app(path)
    scene = start_scene(first, GameSetup("dice_slayer", [], seed=11))
    show(first, scene)
    pick_by_bot(first, scene, 6)
    assert not scene.state.is_terminal() and scene.state.stock and scene.state.plate
    left, seen = scene.state.clone(), slayer_display(scene)
    first.close()  # the window closed: the app simply stops

    second = open_app(path)
    try:
        save = saves.load(second.storage, "dice_slayer")
        assert save is not None and save.setup.seed == 11 and save.extra == {}
        resumed = start_scene(second, save.setup, save=save)
        assert isinstance(resumed, DiceSlayerScene)
        assert same_position(resumed.state, left)
        show(second, resumed)
        second.tick(STEP)
        assert slayer_display(resumed) == seen  # the dice, the stock, the score, the last result: as it was left
        # and the game plays on, with the dice the uninterrupted game would have had
        bot = slayer_bots.BOTS[slayer_bots.HINT_BOT]()
        for _ in range(FRAMES):
            if isinstance(second.stack.top, GameOverScene):
                break
            if resumed.picking:
                resumed.pick(bot.choose(resumed.state, resumed.bot_rng))
            second.tick(STEP)
        assert isinstance(second.stack.top, GameOverScene)
        assert resumed.state.history == play_on(left, 11, bot)
    finally:
        second.close()


def test_dice_combat_continues_a_run_after_a_restart_with_the_same_display(tmp_path):
    path = tmp_path / "a.sqlite3"
    first_seed = next(s for s in range(200) if bot_duel(s).result == WIN)
    second_seed = next(s for s in range(200) if (at := bot_duel_at(s, 4)) and len(at.collection) >= 2 and at.damage)
    first = open_app(path)
    scene = start_scene(first, GameSetup("dice_combat", [], seed=first_seed), autoplay=True)  # kept all the same
    show(first, scene)
    for _ in range(FRAMES):
        if isinstance(first.stack.top, DiceCombatOverScene):
            break
        first.tick(STEP)
    over = first.stack.top
    assert over.won and over.run.wins == 1
    game = start_scene(first, GameSetup("dice_combat", [], seed=second_seed), autoplay=False)
    game.run = over.run  # the next game of the run (as "Next duel" makes it, with a known seed)
    show(first, game)
    for _ in range(4):
        settle_combat(first, game)
        game.choose(game.bot.choose(game.state, game.bot_rng))
    settle_combat(first, game)
    left, seen = game.state.clone(), combat_display(game)
    assert seen["run"][0] == 1 and len(seen["run"][3]) == 1 and seen["small"] and len(seen["big"]) == 2
    assert len(seen["tray"]) >= 2 and seen["hearts"] >= 1  # something to show: prizes won, a hit taken
    first.close()

    second = open_app(path)
    try:
        save = saves.load(second.storage, "dice_combat")
        assert save is not None and save.setup.seed == second_seed
        resumed = start_scene(second, save.setup, save=save)
        assert isinstance(resumed, DiceCombatScene)
        assert same_position(resumed.state, left)
        show(second, resumed)
        second.tick(STEP)
        assert combat_display(resumed) == seen  # plates, tray, hearts and the run: as it was left
        bot = combat_bots.BOTS[combat_bots.HINT_BOT]()
        for _ in range(FRAMES):
            if isinstance(second.stack.top, DiceCombatOverScene):
                break
            if resumed.deciding:
                resumed.choose(bot.choose(resumed.state, resumed.bot_rng))
            second.tick(STEP)
        end = second.stack.top
        assert isinstance(end, DiceCombatOverScene)
        assert resumed.state.history == play_on(left, second_seed, bot)
        assert end.run.replays[0] == seen["run"][3][0] and end.run.wins == 1 + end.won  # the run went on
    finally:
        second.close()


def test_a_resumed_position_after_a_roll_shows_the_clash(tmp_path):
    """A save made after the player's roll (the next plates not yet rolled) shows the dice and the verdict."""
    path = tmp_path / "a.sqlite3"
    app = open_app(path)
    try:
        scene = DiceCombatScene(app, seed=5)
        show(app, scene)
        settle_combat(app, scene)
        scene.choose("attack")
        for _ in range(FRAMES):
            if scene.state.roll and len(scene.state.roll) == 2:
                break
            app.tick(STEP)
        save = saves.load(app.storage, "dice_combat")
        resumed = start_scene(app, save.setup, save=save)
        assert [s.value for s in resumed.rolled] == scene.state.roll and resumed.clash is not None
        assert resumed.small is None  # the prize went to the tray or away
        assert [s.value for s in resumed.tray] == sorted(scene.state.collection)
    finally:
        app.close()


@pytest.mark.parametrize("run", [
    "garbage", {"wins": "x"}, {"wins": 5, "rounds": 9, "damage": 0, "replays": []},
    {"wins": 1, "rounds": 3, "damage": 0, "replays": ["{not json"]}, None,
])
def test_a_damaged_run_in_a_save_starts_a_fresh_run(app, run):
    scene = DiceCombatScene(app, seed=8)
    show(app, scene)
    settle_combat(app, scene)
    save = saves.load(app.storage, "dice_combat")
    save.extra = {"run": run}
    resumed = start_scene(app, save.setup, save=save)
    assert (resumed.run.wins, resumed.run.rounds, resumed.run.replays) == (0, 0, [])
    assert resumed.state.history == scene.state.history


def test_an_edited_run_does_not_pass(app):
    """A run's numbers must be what its replays play back to."""
    from game.titles.dice_combat.scores import replay_text, run_from_json, run_to_json

    seed = next(s for s in range(200) if bot_duel(s).result == WIN)
    state = bot_duel(seed)
    honest = Run(1, state.round, state.damage, [replay_text(state, seed)])
    assert run_from_json(run_to_json(honest)) == honest
    assert run_from_json({**run_to_json(honest), "wins": 3}) is None
    lost = next(s for s in range(200) if bot_duel(s).result != WIN)
    assert run_from_json({"wins": 0, "rounds": bot_duel(lost).round, "damage": 3,
                          "replays": [replay_text(bot_duel(lost), lost)]}) is None  # a run's earlier games are wins


# --- a pending high-score entry ---------------------------------------------------------------------------------
def test_a_pending_dice_slayer_entry_survives_a_restart(tmp_path):
    path = tmp_path / "a.sqlite3"
    first = open_app(path)
    seed = scoring_seed()
    scene = start_scene(first, GameSetup("dice_slayer", [], seed=seed))
    show(first, scene)
    picks = random.Random(seed)  # the picks of finished_slayer(seed), made through the scene
    for _ in range(FRAMES):
        if isinstance(first.stack.top, GameOverScene):
            break
        if scene.picking:
            scene.pick(picks.choice(scene.state.legal_actions()))
        first.tick(STEP)
    over = first.stack.top
    assert over.asking and first.storage.game_counts("dice_slayer") == {"end": 1}
    score = over.stats["score"]
    first.close()  # closed at the name prompt

    second = open_app(path)
    try:
        save = saves.load(second.storage, "dice_slayer")
        assert save is not None and save.extra == {"pending": True, "recorded": True}
        again = start_scene(second, save.setup, autoplay=True, save=save)  # even under --resume --autoplay
        assert isinstance(again, GameOverScene)
        show_entry(second, again)
        assert again.asking
        again.field.text = ""
        type_text(second, "Mio")
        key(second, pygame.K_RETURN)
        assert [(e.name, e.score) for e in second.storage.top_scores("dice_slayer")] == [("Mio", score)]
        assert second.storage.game_counts("dice_slayer") == {"end": 1}  # not counted twice
        assert saves.load(second.storage, "dice_slayer") is None
        assert isinstance(second.stack.top, HighScoresScene)
    finally:
        second.close()


def test_a_pending_dice_combat_entry_and_its_run_survive_a_restart(tmp_path):
    path = tmp_path / "a.sqlite3"
    seed = next(s for s in range(200) if bot_duel(s).result == WIN)
    first = open_app(path)
    over = DiceCombatOverScene(first, bot_duel(seed), seed, Run(), setup=GameSetup("dice_combat", [], seed=seed))
    show(first, over)
    assert over.asking == "fastest"
    first.close()

    second = open_app(path)
    try:
        save = saves.load(second.storage, "dice_combat")
        assert save.extra["pending"] is True and save.extra["recorded"] is True
        again = start_scene(second, save.setup, autoplay=True, save=save)  # even under --resume --autoplay
        show_entry(second, again)
        assert isinstance(again, DiceCombatOverScene) and again.asking == "fastest"
        again.field.text = "Rin"
        click(second, again.entry.buttons[0].rect)  # Save
        assert [e.name for e in second.storage.top_scores("dice_combat", "fastest")] == ["Rin"]
        assert second.storage.game_counts("dice_combat") == {"win": 1}
        # the run goes on (Next duel / End the run): still kept, the entry given
        assert again.labels == ["dc.next_game", "dc.end_run"]
        kept = saves.load(second.storage, "dice_combat")
        assert kept is not None and kept.extra["saved"] == ["fastest"]
    finally:
        second.close()

    third = open_app(path)  # closed again between games: the streak is not lost
    try:
        save = saves.load(third.storage, "dice_combat")
        again = start_scene(third, save.setup, save=save)
        show(third, again)
        assert again.asking is None and again.run.wins == 1 and again.labels == ["dc.next_game", "dc.end_run"]
        click(third, again.row.buttons[1].rect)  # End the run: the streak table asks
        assert again.asking == "streak"
        click(third, again.entry.buttons[0].rect)
        (streak,) = third.storage.top_scores("dice_combat", "streak")
        assert streak.score == 1 and saves.load(third.storage, "dice_combat") is None
    finally:
        third.close()


def test_a_score_that_does_not_qualify_is_forgotten_at_once(app):
    seed = next(s for s in range(100) if finished_slayer(s).score == 0)
    scene = DiceSlayerScene(app, seed=seed)
    saves.keep(app.storage, scene.save())
    over = GameOverScene(app, finished_slayer(seed), seed)
    assert not over.asking and saves.load(app.storage, "dice_slayer") is None


# --- the name entry by mouse and keys ---------------------------------------------------------------------------
def test_dice_slayer_save_and_skip_by_mouse(app):
    seed = scoring_seed()
    over = GameOverScene(app, finished_slayer(seed), seed)
    show_entry(app, over)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    click(app, over.entry.buttons[0].rect)  # Save
    assert [e.name for e in app.storage.top_scores("dice_slayer")][0].endswith("x")
    assert isinstance(app.stack.top, HighScoresScene) and app.stack.top.highlight_id is not None

    over = GameOverScene(app, finished_slayer(seed), seed)
    show_entry(app, over)
    assert over.asking and saves.load(app.storage, "dice_slayer") is not None
    click(app, over.entry.buttons[1].rect)  # Skip
    assert not over.asking and len(app.storage.top_scores("dice_slayer")) == 1
    assert saves.load(app.storage, "dice_slayer") is None and app.stack.top is over
    click(app, over.row.buttons[1].rect)  # then the finished game's choices work by mouse too: High scores
    assert isinstance(app.stack.top, HighScoresScene)


def test_esc_skips_only_when_pressed_twice(app):
    seed = scoring_seed()
    over = GameOverScene(app, finished_slayer(seed), seed)
    show_entry(app, over)
    type_text(app, "Aoi")
    key(app, pygame.K_ESCAPE)
    assert over.asking and over.entry.armed and over.field.text.endswith("Aoi")  # asks, clears nothing
    type_text(app, "!")  # typing goes on: the first Esc is forgotten
    key(app, pygame.K_ESCAPE)
    assert over.asking
    key(app, pygame.K_ESCAPE)
    assert not over.asking and app.storage.top_scores("dice_slayer") == []


def test_tab_then_enter_skips_and_enter_saves(app):
    seed = scoring_seed()
    over = GameOverScene(app, finished_slayer(seed), seed)
    show_entry(app, over)
    key(app, pygame.K_TAB)
    assert over.entry.row.focus == 1
    key(app, pygame.K_RETURN)
    assert not over.asking and app.storage.top_scores("dice_slayer") == []


def test_dice_combat_skip_by_mouse_goes_to_the_next_table(app):
    loss = next(s for s in range(200) if bot_duel(s).result != WIN)
    win = next(s for s in range(200) if bot_duel(s).result == WIN)
    run = Run()
    over = DiceCombatOverScene(app, bot_duel(win), win, run)
    show_entry(app, over)
    click(app, over.entry.buttons[1].rect)  # Skip the fastest-win table
    assert over.asking is None and app.storage.top_scores("dice_combat", "fastest") == []
    over = DiceCombatOverScene(app, bot_duel(loss), loss, run)
    show_entry(app, over)
    assert over.asking == "streak"
    click(app, over.entry.buttons[0].rect)  # Save the streak
    assert [e.score for e in app.storage.top_scores("dice_combat", "streak")] == [1]
    assert saves.load(app.storage, "dice_combat") is None


def test_the_new_entry_is_marked_on_the_table(app):
    seed = scoring_seed()
    over = GameOverScene(app, finished_slayer(seed), seed)
    show_entry(app, over)
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, HighScoresScene)
    calls = []
    table._draw_new_tag = lambda surface, x, y: calls.append((x, y))
    table.draw(app.screen, 0.0)
    assert len(calls) == 1


# --- demos ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", ["dice_slayer", "dice_combat"])
def test_the_menu_demo_keeps_nothing_and_leaves_a_kept_game_alone(app, slug):
    app.change_settings(anim_speed="fast")
    real = start_scene(app, GameSetup(slug, [], seed=3))
    show(app, real)
    for _ in range(5):
        app.tick(STEP)
    kept = saves.load(app.storage, slug)
    assert kept is not None and kept.actions
    setup = GameSetup(slug, [], seed=4, demo=True)
    demo = start_scene(app, setup, autoplay=True)
    show(app, demo)
    for _ in range(600):
        app.tick(STEP)
    assert len(demo.state.history) > len(kept.actions)
    if slug == "dice_slayer":  # the demo's end screen touches nothing either
        end = GameOverScene(app, finished_slayer(4), 4, autoplay=True, setup=setup)
    else:
        end = DiceCombatOverScene(app, bot_duel(4), 4, Run(), autoplay=True, setup=setup)
    show(app, end)
    app.tick(STEP)
    again = saves.load(app.storage, slug)
    assert again is not None and again.actions == kept.actions and again.setup.seed == 3


def autoplayed(app: App, slug: str, seed: int, actions: int):
    """A game of `slug` shown and played by the computer until it holds `actions` actions."""
    scene = start_scene(app, GameSetup(slug, [], seed=seed), autoplay=True)
    show(app, scene)
    for _ in range(FRAMES):
        if len(scene.state.history) >= actions:
            break
        app.tick(STEP)
    return scene


@pytest.mark.parametrize("slug", ["dice_slayer", "dice_combat"])
def test_an_autoplay_game_is_kept_like_any_other(app, slug):
    scene = autoplayed(app, slug, 6, 6)
    save = saves.load(app.storage, slug)
    assert save is not None and len(save.actions) == len(scene.state.history)
    assert save.setup.seed == 6 and not save.setup.demo


@pytest.mark.parametrize("slug", ["dice_slayer", "dice_combat"])
def test_play_on_the_high_scores_asks_before_it_replaces_a_kept_game(app, slug):
    """Playtest round 12: the high-score screen opened from the menu started a new game with its Play button (or
    Enter) and the game left unfinished was gone. It asks first, as the menu's Play does; Enter keeps the game."""
    from game.app.overlays import ConfirmScene

    autoplayed(app, slug, 3, 4)
    kept = saves.load(app.storage, slug)
    assert kept is not None and kept.actions
    scores = HighScoresScene(app, slug, played=False)
    show(app, scores)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.handle(enter)  # Play has the focus
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmScene)
    app.handle(enter)  # the default answer keeps the game
    app.stack.apply_pending()
    assert app.stack.top is scores and saves.load(app.storage, slug).actions == kept.actions
    scores.play_again()
    app.stack.apply_pending()
    app.stack.top.confirm()  # "New game"
    app.stack.apply_pending()
    assert app.stack.top.title_slug == slug and app.stack.top is not scores
    app.tick(STEP)
    assert saves.load(app.storage, slug) is None or saves.load(app.storage, slug).actions != kept.actions


def test_dice_combat_counts_the_win_in_the_streak_as_victory_shows(app, watched):
    """Playtest round 12: "Win streak: 0" stood beside VICTORY (the run counts the win on the next screen, which
    then said 1). The side panel counts the game won as soon as it shows."""
    from game.services.i18n import t

    won = next(state for seed in range(40) if (state := bot_duel(seed)).result == WIN)
    scene = DiceCombatScene(app, seed=1)
    scene.shown = won
    _, drawn = watched
    scene._draw_side(app.screen)
    assert t("dc.run", n=1) in drawn and t("dc.run", n=0) not in drawn


def test_the_hint_stays_as_you_left_it_for_the_next_game(app):
    """Playtest round 20: H (win chances, the best die) went off at every new run."""
    import pygame

    from game.titles.dice_combat.scene import DiceCombatScene
    from game.titles.dice_slayer.scene import DiceSlayerScene

    h = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    for make in (lambda **kw: DiceCombatScene(app, seed=3, **kw), lambda **kw: DiceSlayerScene(app, seed=3, **kw)):
        first = make()
        assert not first.hint_on
        first.handle(h)
        assert first.hint_on and make().hint_on  # the next game starts with it on
        assert not make(autoplay=True).hint_on  # a demo does not
        watched = make()
        watched.watching = True
        assert not watched.hint_on  # nor the replay theatre (its coach says more)
        make().handle(h)
        assert not make().hint_on
