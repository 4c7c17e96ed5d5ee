"""No crash on odd input: random keys, clicks, drags, the wheel and typed text at every title's table, wherever
they lead, and no text out of its box on the screens reached (tools/monkey.py; run it longer by hand:
`python tools/monkey.py --events 20000`)."""

from __future__ import annotations

import pytest
from test_tools import load_tool

from game.titles import registry

monkey = load_tool("monkey")


SLUGS = [*sorted(registry.TITLES), None]


@pytest.mark.parametrize(("slug", "language"), [(slug, ("en", "ja")[i % 2]) for i, slug in enumerate(SLUGS)])
def test_random_input_never_crashes_the_app(tmp_path, slug, language, watched):
    seen = monkey.run(slug, 700, seed=29, home=tmp_path, language=language)
    assert sum(seen.values()) - seen["reopened"] == 700
    assert len(seen) > 3  # the input went from the table to other screens (pause, rules, menu, ...)
    overflows, _ = watched
    assert overflows == []  # and no text left its box on any screen it reached
