"""Compile a checkout's pure rules and search modules with Cython, so long arena lines run faster on the same bots.

    pip install cython
    git worktree add /work/arena/tree5 abfb964          # the commit to measure
    python tools/arena_compiled.py /work/arena/tree5    # builds game/**/X.so beside each X.py in that checkout
    python tools/same_choices.py record --title powers compiled.json    # run in that checkout: the same rows as
    python tools/same_choices.py compare plain.json compiled.json       # the plain checkout's, or do not use it

Python imports a module's compiled extension in place of its source, so `python -m game.arena ...` run in that
checkout plays the compiled modules. Cython compiles the source as it is (annotations are not used as C types, so
ints stay Python ints and every result is the same); same_choices shows it, title by title. Only the arena's speed
changes: think times in a compiled line are not the product's (measure those with `python -m game.bench think` on
a plain checkout). `--clean` removes what it built. Never run it on the working checkout you develop in: a
compiled module shadows later edits of its source.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

# the modules a search spends its time in: no pygame, no file access
PATTERNS = ("game/core/engine.py", "game/core/cards.py", "game/core/chance.py", "game/ai/search.py",
            "game/ai/ismcts.py", "game/ai/levels.py", "game/titles/territories.py", "game/titles/*/rules.py",
            "game/titles/*/bots.py", "game/titles/*/cards.py")


def modules(root: Path) -> list[Path]:
    found = sorted({path for pattern in PATTERNS for path in root.glob(pattern)})
    return [path for path in found if "pygame" not in path.read_text(encoding="utf-8")]


def built(root: Path) -> list[Path]:
    return [out for path in modules(root) for out in (*path.parent.glob(f"{path.stem}.cpython-*.so"),
                                                     path.with_suffix(".c"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout (git worktree) of the commit the arena measures")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    root = args.checkout.resolve()
    if not (root / "game" / "core" / "engine.py").is_file():
        parser.error(f"{root} is not a checkout of this project")
    if args.clean:
        for path in built(root):
            path.unlink(missing_ok=True)
        return 0
    sources = [str(path.relative_to(root)) for path in modules(root)]
    command = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-j", str(args.jobs),
               "-X", "annotation_typing=False", *sources]
    done = subprocess.run(command, cwd=root, check=False)
    if done.returncode == 0:
        print(f"{len(sources)} modules compiled in {root}")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
