"""Every scene driven headless by thousands of random mouse and key events: no exception, ever."""

import random

import pygame
import pytest

from game.app.app import STEP
from game.core.engine import play_out
from game.titles import registry
from game.titles.dice_slayer.rules import new_state

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1, pygame.K_F11, pygame.K_BACKSPACE, pygame.K_h,
        pygame.K_d, pygame.K_s, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_a]
KEYS += [pygame.K_1 + i for i in range(6)] + [pygame.K_KP1 + i for i in range(6)]
KEYS += [pygame.K_v, pygame.K_e, pygame.K_c, pygame.K_n, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_COMMA,
         pygame.K_PERIOD]  # the theatre's and the Games screen's own keys


def random_event(rng: random.Random) -> pygame.event.Event:
    kind = rng.random()
    pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
    if kind < 0.45:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=rng.choice((0, pygame.KMOD_SHIFT)),
                                  unicode="", scancode=0)
    if kind < 0.7:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.9:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if kind < 0.95:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(("a", "Z", "遊", " ", "7", "\x07")))


def drive(app, make_scene, rng: random.Random, events: int) -> int:
    """`events` random events into the scene `make_scene()` gives, a frame every third; when it quits or is popped,
    start over as a player would. A press is released where it was, or a little aside (a short drag). Returns the
    frames drawn."""
    app.running = True
    app.stack.clear_to(make_scene())
    app.stack.apply_pending()
    frames = 0
    for i in range(events):
        event = random_event(rng)
        app.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            x, y = event.pos
            pos = (x + rng.randint(-40, 40), y) if rng.random() < 0.2 else event.pos
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - x, 0), buttons=(1, 0, 0)))
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=event.button))
        if i % 3 == 0:
            app.tick(STEP)
            frames += 1
        if not app.stack.scenes or not app.running:
            app.running = True
            app.stack.clear_to(make_scene())
            app.stack.apply_pending()
    app.tick(STEP)
    return frames + 1


def finished_game(seed: int):
    """A finished Dice Slayer game, played by random picks."""
    return play_out(new_state(), random.Random(seed))


def finished_duel(seed: int):
    """A finished Dice Combat game, played by random choices."""
    from game.titles.dice_combat.rules import new_state as new_duel

    return play_out(new_duel(), random.Random(seed))


def make(app, name):
    from game.app.highscores import HighScoresScene
    from game.app.menu import TitleMenuScene
    from game.app.overlays import NoticeScene, PauseScene
    from game.app.rules_scene import RulesScene
    from game.app.settings_scene import SettingsScene
    from game.app.setup import GameSetup
    from game.app.setup_scene import GameSetupScene
    from game.app.stats_scene import StatsScene
    from game.app.summary import SummaryScene
    from game.titles.dice_combat.game_over import DiceCombatOverScene
    from game.titles.dice_combat.scene import DiceCombatScene, Run
    from game.titles.dice_slayer.game_over import GameOverScene
    from game.titles.dice_slayer.scene import DiceSlayerScene
    from game.titles.shinobazu.scene import ShinobazuScene

    return {
        "menu": lambda: TitleMenuScene(app),
        "settings": lambda: SettingsScene(app),
        "scores": lambda: HighScoresScene(app, "dice_slayer"),
        "rules": lambda: RulesScene(app, "dice_slayer"),
        "pause": lambda: PauseScene(app, "dice_slayer"),
        "notice": lambda: NoticeScene(app, "Your save data was damaged."),
        "dice_slayer": lambda: DiceSlayerScene(app, seed=5),
        "demo": lambda: DiceSlayerScene(app, seed=6, autoplay=True),
        "game_over": lambda: GameOverScene(app, finished_game(11), 11),
        "dice_combat": lambda: DiceCombatScene(app, seed=5),
        "dice_combat_demo": lambda: DiceCombatScene(app, seed=6, autoplay=True),
        "dice_combat_over": lambda: DiceCombatOverScene(app, finished_duel(7), 7, Run()),
        "dice_combat_scores": lambda: HighScoresScene(app, "dice_combat"),
        "setup": lambda: GameSetupScene(app, "shinobazu"),
        "shinobazu": lambda: ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 3, seed=8)),
        "shinobazu_3p_demo": lambda: ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 2, seed=9), autoplay=True),
        "summary": lambda: SummaryScene(app, GameSetup("shinobazu", ["easy"] * 3), ["You", "A", "B", "C"],
                                        ["you", "easy", "easy", "easy"], [2, 5, 2, 3], [0, 2]),
        "statistics": lambda: StatsScene(app),
    }[name]()


SCENES = ["menu", "settings", "scores", "rules", "pause", "notice", "dice_slayer", "demo", "game_over",
          "dice_combat", "dice_combat_demo", "dice_combat_over", "dice_combat_scores", "setup", "shinobazu",
          "shinobazu_3p_demo", "summary", "statistics"]


@pytest.mark.parametrize("name", SCENES)
def test_random_input_never_crashes(app, name, watched):
    from game.services.settings import load_settings

    drive(app, lambda: make(app, name), random.Random(name), 2000)
    assert watched[0] == []  # no text ever left its box
    assert load_settings(app.storage) == app.settings  # whatever was changed is kept


def test_random_input_in_japanese_from_the_menu(app, watched):
    """The menu and whatever it leads to (setups, games begun and left, settings, statistics), in Japanese."""
    app.change_settings(language="ja")
    drive(app, lambda: make(app, "menu"), random.Random("ja"), 2000)
    assert watched[0] == []


def test_a_game_played_by_keys_reaches_game_over(app):
    """Pressing 1-6 over and over finishes a real game through the real scene."""
    from game.titles.dice_slayer.game_over import GameOverScene

    app.change_settings(anim_speed="fast")
    app.stack.push(make(app, "dice_slayer"))
    app.stack.apply_pending()
    rng = random.Random(3)
    for _ in range(40_000):
        if isinstance(app.stack.top, GameOverScene):
            break
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + rng.randrange(6), mod=0))
        app.tick(STEP)
    assert isinstance(app.stack.top, GameOverScene)


def title_scenes(app, slug: str) -> list:
    """Every screen a title brings, from its declaration alone: its game (played, and as a demo), its rules page,
    and for a table title its setup screen."""
    from game.app.rules_scene import RulesScene
    from game.app.setup import GameSetup, start_scene
    from game.app.setup_scene import GameSetupScene

    spec = registry.get(slug)
    players = 1 if spec.solo else min(spec.max_players, 4)
    setup = GameSetup(slug, ["easy"] * (players - 1), seed=4, options=spec.default_options())
    scenes = [lambda: start_scene(app, setup), lambda: start_scene(app, setup, autoplay=True),
              lambda: RulesScene(app, slug)]
    return scenes if spec.solo else [*scenes, lambda: GameSetupScene(app, slug)]


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_every_title_survives_random_input(app, slug, watched, quick_bots):
    """The generic scene test over the registry: each title's screens, thousands of random events each; no text
    left its box, and the games played back."""
    for k, make_scene in enumerate(title_scenes(app, slug)):
        drive(app, make_scene, random.Random(f"{slug}/{k}"), 1500)
        games_play_back(app)
    assert watched[0] == []


def games_play_back(app) -> None:
    """Nothing is lost: each game left on the stack plays back from its seed, every move legal and every chance
    outcome the seed's (but who starts, which a setup may fix), and an unfinished one is on disk as it stands."""
    from game.app.setup import GameSetup
    from game.core import replay

    for scene in app.stack.scenes:
        state, setup = getattr(scene, "state", None), getattr(scene, "setup", None)
        if state is None or not isinstance(setup, GameSetup) or getattr(scene, "watching", False):
            continue
        spec = registry.get(setup.slug)
        record = replay.record(state, setup.rules_options(), getattr(scene, "seed", setup.seed))
        back = replay.play_back(record, lambda players=1, spec=spec, **options: spec.new_state(players, options),
                                from_seed=True, free_start=spec.free_start)  # "You start"
        assert back.history == state.history
        if getattr(scene, "kept", False) and not state.is_terminal():  # and the save on disk is that game
            from game.app import saves

            kept = saves.load(app.storage, setup.slug)
            assert kept is not None and kept.actions == [state.action_to_json(a) for a in state.history]
