"""The string catalogue (English and Japanese) and the current language.

`t(key, **fields)` looks a key up in the current language: the app's own strings (game.services.catalogue) and
every title's (its strings.py, keys under its prefix), gathered on first use. Every key has both languages,
which a test checks along with the bundled font's glyph coverage.
"""

from __future__ import annotations

from functools import cache, lru_cache, wraps

from game.services.catalogue import STRINGS

LANGUAGES = ("en", "ja")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
_current = "en"


def set_language(language: str) -> None:
    """Switch the UI language ('en' or 'ja')."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {LANGUAGES}")
    _current = language


def language() -> str:
    return _current


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """The app's strings and every discovered title's (a title's keys start with its prefix)."""
    from game.titles import registry  # titles declare their strings; the catalogue gathers them

    merged = dict(STRINGS)
    for spec in registry.TITLES.values():
        merged.update(spec.strings())
    return merged


def t(key: str, **fields: object) -> str:
    """The text of `key` in the current language, with `{fields}` filled in."""
    try:
        text = catalogue()[key][_current]
    except KeyError:
        raise KeyError(f"string {key!r} is not in the catalogue") from None
    return text.format(**fields) if fields else text


def per_language(maxsize: int):
    """Cache a function like functools.lru_cache, once per language: what it makes has words in it (a card face
    with its name), so a switch of language draws it anew. `cache_clear` clears every language's."""
    def decorate(function):
        @lru_cache(maxsize=maxsize)
        def cached(language: str, *args, **kwargs):
            return function(*args, **kwargs)

        @wraps(function)
        def call(*args, **kwargs):
            return cached(_current, *args, **kwargs)
        call.cache_clear = cached.cache_clear
        return call
    return decorate


def pick(en: str, ja: str) -> str:
    """Choose between two texts kept outside the catalogue (title names, rules pages)."""
    return ja if _current == "ja" else en


def sentences(parts) -> str:
    """Sentences run on as one line: a space between them in English, none after a Japanese 。."""
    return ("" if _current == "ja" else " ").join(part for part in parts if part)


# --- words about players and counts (issue 22, item 5) ---------------------------------------------------------
def listed(items) -> str:
    """Items in a list, as the language writes one: "a, b, c", 「a、b、c」."""
    return ("、" if _current == "ja" else ", ").join(items)


def joined(seats, names: list[str], you: int | None = None) -> str:
    """Several players as one subject: "Kaede & Sakura", "Jin, you & Kaede" (the human's seat `you` in lower case:
    the list stands mid-sentence, or `said` capitalises it), in Japanese 「楓と桜」."""
    words = [person(seat, names, you) for seat in seats]
    if _current == "ja":
        return "と".join(words)
    return " & ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def said(key: str, seats, names: list[str], you: int | None, **fields: object) -> str:
    """The line `key` about `seats` (one seat or several), worded for its subject: `{key}_you` when the only seat
    is `you` (the human's seat, None in a demo; the key has no name field), `key` with {name} for one other
    player, `{key}_many` with {names} ("Kaede & Sakura") for several. Other seats go in `fields` via `person`."""
    seats = [seats] if isinstance(seats, int) else list(seats)
    if len(seats) > 1:
        text = t(f"{key}_many", names=joined(seats, names, you), **fields)
        return text[:1].upper() + text[1:]  # "You & Kaede win", where the list begins the sentence
    if seats[0] == you:
        return t(f"{key}_you", **fields)
    return t(key, name=names[seats[0]], **fields)


def person(seat: int, names: list[str], you: int | None) -> str:
    """A player as the object of a sentence: "you" for the human's seat, else the name."""
    return t("common.you_object") if seat == you else names[seat]


def counted(key: str, n: int, **fields: object) -> str:
    """The line `key` about `n` things: `{key}_one` for exactly one ("1 point"), else `key` ("2 points"); both
    have the {n} field (Japanese writes the same counter in both: 1点, 2点)."""
    return t(f"{key}_one" if n == 1 else key, n=n, **fields)
