"""Benchmarks that print figures: `python -m game.bench frames --title dice_slayer --frames 3000 --json`.

`frames` runs the real scenes headless under autoplay, one fixed step per frame, and reports the
milliseconds of input+update+draw per frame (the first 30 frames, which fill caches, are left out).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile

WARMUP = 30


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def bench_frames(title: str, frames: int, seed: int) -> dict:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.app import App
    from game.services.storage import Storage
    from game.titles import registry

    with tempfile.TemporaryDirectory() as home:
        storage = Storage(os.path.join(home, "bench.sqlite3"))  # never touch the player's scores
        app = App(headless=True, storage=storage, bot_process=True)  # bots think beside the frames
        scene = registry.get(title).module("scene").make_scene(app, seed=seed, autoplay=True)
        app.run(scene, frames=frames + WARMUP, fixed_clock=True)
        times = app.frame_ms[WARMUP:]
        app.close()
    return {
        "bench": "frames", "title": title, "frames": len(times), "seed": seed,
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 99), 3),
        "max_ms": round(max(times), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench")
    sub = parser.add_subparsers(dest="bench", required=True)
    frames = sub.add_parser("frames", help="frame time of a title's scene under autoplay")
    frames.add_argument("--title", default="dice_slayer")
    frames.add_argument("--frames", type=int, default=3000)
    frames.add_argument("--seed", type=int, default=1)
    frames.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = bench_frames(args.title, args.frames, args.seed)
    print(f"{result['title']}: {result['frames']} frames, median {result['median_ms']} ms, "
          f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms (input+update+draw)")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
