"""The titles, found by discovery: every package under `game/titles/` whose `__init__.py` declares `TITLE`.

Nothing here lists titles by hand; a new title is a new folder (see game.titles.spec).
"""

from __future__ import annotations

import importlib
import pkgutil

import game.titles
from game.titles.spec import Option, SetupError, TitleSpec

__all__ = ["TITLES", "Option", "SetupError", "TitleSpec", "discover", "get"]


def discover() -> dict[str, TitleSpec]:
    """Every title package's declared spec, in menu order."""
    found = []
    for module in pkgutil.iter_modules(game.titles.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"game.titles.{module.name}")
        spec = getattr(package, "TITLE", None)  # a helper package (no TITLE) is not a title
        if isinstance(spec, TitleSpec):
            if spec.slug != module.name:
                raise ValueError(f"title package {module.name!r} declares slug {spec.slug!r}")
            found.append(spec)
    return {spec.slug: spec for spec in sorted(found, key=lambda spec: (spec.order, spec.slug))}


TITLES: dict[str, TitleSpec] = discover()


def refresh() -> dict[str, TitleSpec]:
    """Discover again (a title package added while running: tests), keeping the same dict object."""
    TITLES.clear()
    TITLES.update(discover())
    return TITLES


def get(slug: str) -> TitleSpec:
    try:
        return TITLES[slug]
    except KeyError:
        raise SetupError(f"unknown title {slug!r}; known titles: {', '.join(TITLES)}") from None
