"""Odd input loses nothing: every title (and the menus around it) is played by a seeded stream of random clicks,
drags, wheel turns and key presses through the app's own event path, as a cat on the keyboard would. Nothing may
raise, and every game on the stack at the end must play back from its seed (each move legal, each chance outcome
the seed's).

The stream is seeded and the app runs on its fixed step, so a failure here replays exactly: run the test alone
with the same title."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.app.app import STEP
from game.app.menu import TitleMenuScene
from game.app.setup import GameSetup, start_scene
from game.core import replay
from game.titles import registry

CANVAS = (1280, 720)
KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_9, pygame.K_a, pygame.K_c,
        pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_h, pygame.K_l, pygame.K_n, pygame.K_o, pygame.K_p, pygame.K_r,
        pygame.K_s, pygame.K_v, pygame.K_x, pygame.K_z, pygame.K_COMMA, pygame.K_PERIOD, pygame.K_LEFTBRACKET,
        pygame.K_RIGHTBRACKET, pygame.K_F1)
FRAMES = 900


def random_events(rng: Random, escape: float) -> list[pygame.event.Event]:
    """What a frame's random input may be: nothing most of the time, else one gesture."""
    roll = rng.random()
    if roll < 0.55:
        return []
    pos = (rng.randrange(CANVAS[0]), rng.randrange(CANVAS[1]))
    if roll < 0.75:  # a click (now and then the right button), sometimes dragged a little
        button = 3 if rng.random() < 0.1 else 1
        end = (min(CANVAS[0] - 1, max(0, pos[0] + rng.randint(-40, 40))), pos[1]) if rng.random() < 0.2 else pos
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)]
    if roll < 0.82:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), 0), buttons=(0, 0, 0))]
    if roll < 0.84:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0,
                                   precise_y=0.0)]
    if roll < 0.84 + escape:
        key, text = pygame.K_ESCAPE, ""
    else:
        key = rng.choice(KEYS)
        text = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
    events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
    return events


def run_monkey(app, seed: int, escape: float) -> None:
    rng = Random(seed)
    for _ in range(FRAMES):
        for event in random_events(rng, escape):
            app.handle(event)
        app.running = True  # Esc on the menu (or its Quit) ends the app: the monkey carries on regardless
        if not app.stack.scenes and not app.stack._pending:
            app.stack.push(TitleMenuScene(app))
        app.tick(STEP)


def new_state_of(slug: str):
    spec = registry.get(slug)
    return lambda players=1, **options: spec.new_state(players, options)


def games_play_back(app) -> int:
    """Every game scene still on the stack plays back from its seed; how many there were."""
    checked = 0
    for scene in app.stack.scenes:
        state, setup = getattr(scene, "state", None), getattr(scene, "setup", None)
        if state is None or not isinstance(setup, GameSetup) or getattr(scene, "watching", False):
            continue
        seed = getattr(scene, "seed", setup.seed)
        record = replay.record(state, setup.rules_options(), seed)
        back = replay.play_back(record, new_state_of(setup.slug), from_seed=True)
        assert back.history == state.history
        checked += 1
    return checked


def table_setup(spec) -> GameSetup:
    if spec.solo:
        return GameSetup(spec.slug, [], seed=11)
    players = min(max(3, spec.min_players), spec.max_players)
    return GameSetup(spec.slug, ["easy"] * (players - 1), seed=11, options=spec.default_options())


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_a_title_survives_random_input(app, slug):
    """A game of each title under random clicks and keys (Esc rarely, so the game itself takes most of them)."""
    app.change_settings(anim_speed="fast")
    app.stack.push(TitleMenuScene(app))
    app.stack.push(start_scene(app, table_setup(registry.get(slug))))
    app.stack.apply_pending()
    run_monkey(app, seed=sum(map(ord, slug)), escape=0.002)
    games_play_back(app)


@pytest.mark.parametrize(("seed", "language"), [(1, "en"), (2, "ja")])
def test_the_menus_survive_random_input(app, seed, language):
    """From the title menu, with Esc as likely as any key: settings, games, statistics, rules, setups, games
    begun and left."""
    app.change_settings(language=language)
    app.stack.push(TitleMenuScene(app))
    app.stack.apply_pending()
    run_monkey(app, seed=seed, escape=0.04)
    games_play_back(app)
