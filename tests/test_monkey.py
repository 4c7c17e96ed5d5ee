"""No crash on odd input: random keys, clicks, drags, the wheel and typed text at every title's table, wherever
they lead (tools/monkey.py; run it longer by hand: `python tools/monkey.py --events 20000`)."""

from __future__ import annotations

import pytest
from test_tools import load_tool

from game.titles import registry

monkey = load_tool("monkey")


@pytest.mark.parametrize("slug", [*sorted(registry.TITLES), None])
def test_random_input_never_crashes_the_app(tmp_path, slug):
    seen = monkey.run(slug, 700, seed=29, home=tmp_path)
    assert sum(seen.values()) - seen["reopened"] == 700
    assert len(seen) > 3  # the input went from the table to other screens (pause, rules, menu, ...)
