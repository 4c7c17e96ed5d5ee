"""The development tools that measurements rely on."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_arena_compiled_takes_every_titles_rules_and_bots_and_nothing_that_draws():
    tool = load_tool("arena_compiled")
    chosen = {path.relative_to(ROOT).as_posix() for path in tool.modules(ROOT)}
    for folder in sorted((ROOT / "game" / "titles").iterdir()):
        for name in ("rules.py", "bots.py"):
            if (folder / name).is_file():
                assert f"game/titles/{folder.name}/{name}" in chosen
    assert {"game/core/engine.py", "game/ai/search.py", "game/ai/levels.py"} <= chosen
    assert not [path for path in chosen if "pygame" in (ROOT / path).read_text(encoding="utf-8")]
    # the cards modules that draw (they import pygame) stay plain Python
    assert "game/titles/fusejika/cards.py" not in chosen
