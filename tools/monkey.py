"""Odd input, at random: keys, clicks, right clicks, drags, the wheel and typed text thrown at the running app, to
find a way to crash it that no one thought of.

    python tools/monkey.py --title fusejika --events 20000 --seed 5     # one title, from its table
    python tools/monkey.py --events 5000 --language ja                  # every title in turn, then the menu

Runs headless (no window, no sound) on its own data folder. Each run starts at a title's table (or the menu) and
goes wherever the input takes it: menus, setups, statistics, the games list, the theatre, the rules, settings,
other titles. When the app closes (Quit, or a key that quits) it is opened again at the same place. Bots think
with a tiny search budget, so the game moves on quickly. A crash prints the seed, the title, the event number and
the last events, and exits with 1; the same command replays it exactly.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from collections import Counter, deque
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BOT_ITERATIONS = 8  # the bots' search budget here: enough to run the search, quick enough to play many turns


def keys():
    """The keys the monkey presses, the likely ones several times over."""
    import pygame

    likely = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
              pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE]
    others = [pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_KP_ENTER,
              *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
              *(getattr(pygame, f"K_F{n}") for n in range(1, 13))]
    return likely * 6 + others


def random_event(rng: Random, key_list: list[int]):
    """One random input event, in canvas coordinates (1280×720)."""
    import pygame

    pos = (rng.randrange(1280), rng.randrange(720))
    roll = rng.random()
    if roll < 0.40:
        key = rng.choice(key_list)
        mod = rng.choice([0] * 8 + [pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        char = chr(key) if 32 <= key < 127 else ("\r" if key == pygame.K_RETURN else "")
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)]
    if roll < 0.78:
        button = rng.choice([1] * 6 + [3, 2])
        up = (pos if rng.random() < 0.9 else (rng.randrange(1280), rng.randrange(720)))  # now and then a drag
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, 0), buttons=(button == 1, 0, button == 3)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=button)]
    if roll < 0.90:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if roll < 0.95:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                                   precise_x=0.0, precise_y=0.0)]
    text = rng.choice(["a", "Z", "7", " ", "あ", "忍", "é", "😀", "%s", "{0}", "\\", "../x"])
    return [pygame.event.Event(pygame.TEXTINPUT, text=text)]


def tiny_budget(app) -> None:
    """Let the app's bots think with BOT_ITERATIONS search iterations, whatever their level."""
    submit = app.bots.submit

    def quick(slug, options, history, seat, level, seed, iterations=None, think_ms=None):
        return submit(slug, options, history, seat, level, seed, BOT_ITERATIONS, think_ms)

    app.bots.submit = quick


def opening(app, slug: str | None):
    """The menu, and over it the table of `slug` (its last setup), as `python main.py --title slug` opens."""
    from game.app.menu import TitleMenuScene
    from game.app.setup import saved_setup, start_scene

    app.stack.clear_to(TitleMenuScene(app))
    if slug:
        app.stack.push(start_scene(app, saved_setup(app, slug), False))
    app.stack.apply_pending()


def run(slug: str | None, events: int, seed: int, home: Path, language: str = "en", frames_between: int = 12,
        last: int = 40) -> Counter:
    """Throw `events` random inputs at the app opened at `slug`'s table (None: the menu) in `language`, its data
    kept in `home`.
    Returns the scenes on top after each input, counted (and "reopened": the times the app closed and was opened
    again); raises what the app raised, with the last inputs in the message."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.app import STEP, App
    from game.services import i18n
    from game.services.paths import HOME_ENV

    before, language_before = os.environ.get(HOME_ENV), i18n.language()
    os.environ[HOME_ENV] = str(home)
    rng = Random(f"{seed}:{slug}")  # each title its own inputs
    key_list = keys()
    recent: deque = deque(maxlen=last)
    seen: Counter = Counter()
    app = App(headless=True)
    app.change_settings(language=language)
    tiny_budget(app)
    try:
        opening(app, slug)
        for number in range(events):
            batch = random_event(rng, key_list)
            for event in batch:
                recent.append((number, event))
                app.handle(event)
            app.tick(STEP * rng.randint(1, frames_between))
            if not app.running or not app.stack.top:
                app.running = True
                seen["reopened"] += 1
                opening(app, slug)
            seen[type(app.stack.top).__name__] += 1
    except Exception as exc:
        shown = "\n".join(f"  {number}: {event}" for number, event in recent)
        raise RuntimeError(f"monkey seed {seed}, title {slug or 'menu'}, language {language}: {exc!r}\n"
                           f"last inputs:\n{shown}") from exc
    finally:
        app.close()
        i18n.set_language(language_before)  # the process goes on in its own language (the tests' English)
        if before is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = before
    return seen


def main(argv: list[str] | None = None) -> int:
    from game.titles import registry

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", help="the title to start at (default: each title in turn, then the menu)")
    parser.add_argument("--events", type=int, default=3000, help="random inputs per title")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", choices=("en", "ja"), default="en", help="the language the app starts in")
    args = parser.parse_args(argv)
    slugs = [args.title] if args.title else [*sorted(registry.TITLES), None]
    for slug in slugs:
        try:
            seen = run(slug, args.events, args.seed, Path(tempfile.mkdtemp(prefix="asobiba-monkey-")), args.language)
        except RuntimeError:
            traceback.print_exc()
            return 1
        where = ", ".join(f"{name} {count}" for name, count in seen.most_common())
        print(f"{slug or 'menu'}: {args.events} inputs, no crash; on top after each: {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
