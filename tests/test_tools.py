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


def test_same_choices_writes_a_set_in_one_order_whatever_the_hash_seed():
    """A set's order follows the hash seed (and differs between CPython and PyPy), so a record writes sets sorted,
    inside views (NamedTuples and dataclasses) too; everything else is written as repr() writes it."""
    import dataclasses
    from typing import NamedTuple

    tool = load_tool("same_choices")

    class View(NamedTuple):
        seat: int
        protected: frozenset

    @dataclasses.dataclass
    class Box:
        items: set
        weight: float

    one = frozenset({(0, "MORI"), (1, "UESUGI"), (0, "HOJO")})
    other = frozenset(sorted(one, reverse=True))
    assert tool.shown(View(0, one)) == tool.shown(View(0, other)) == \
        "View(seat=0, protected=frozenset({(0, 'HOJO'), (0, 'MORI'), (1, 'UESUGI')}))"
    assert tool.shown(Box({"b", "a"}, 0.1)) == "Box(items=set({'a', 'b'}), weight=0.1)"
    for value in ([1, (2,), {"k": 0.30000000000000004}], ("a", None), 3.5, "text"):
        assert tool.shown(value) == repr(value)
