"""The string catalogue (the app's strings and every title's, the toy's "hc." ones included): every key in both
languages with the same fields, and every glyph of it, of the titles' names, pitches and rules pages and of the bot
names in the bundled font."""

import re
import string

import pytest

from game.app.setup import BOT_NAMES
from game.services import i18n
from game.titles import registry

STRINGS = i18n.catalogue()  # merged: game/services/catalogue.py and every discovered title's strings.py


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_both_languages_with_same_fields(key):
    entry = STRINGS[key]
    assert set(entry) == set(i18n.LANGUAGES)
    assert all(entry[lang].strip() for lang in i18n.LANGUAGES)
    assert fields(entry["en"]) == fields(entry["ja"])
    assert not re.search("[\u3040-\u30ff\u4e00-\u9fff]", entry["en"])  # English text speaks English only



def test_the_merged_catalogue_has_every_titles_strings():
    for spec in registry.TITLES.values():
        assert spec.strings() and set(spec.strings()) <= set(STRINGS), spec.slug
    assert "high_card" in registry.TITLES and "hc.option.doubles" in STRINGS  # the toy title's, too


def all_texts() -> list[str]:
    texts = [text for entry in STRINGS.values() for text in entry.values()]
    texts += list(i18n.LANGUAGE_NAMES.values())
    texts += [name for pair in BOT_NAMES for name in pair]
    for info in registry.TITLES.values():
        texts += [info.name_en, info.name_ja, info.pitch_en, info.pitch_ja]
        for sections in info.module("rules_text").RULES.values():
            for heading, bullets in sections:
                texts += [heading, *bullets]
    return texts


def test_every_glyph_is_in_the_bundled_font():
    from game.ui.fonts import missing_glyphs

    missing = {ch for text in all_texts() for ch in missing_glyphs(text)}
    assert missing == set(), f"characters missing from the font: {''.join(sorted(missing))}"


def test_every_character_written_in_the_games_code_is_in_the_font():
    """Texts kept in code, not the catalogue (Hige-mekuri's 独 for GER, the glossaries' names), have their glyphs:
    every string literal under game/ (tools/make_font.py takes the same characters in)."""
    import ast
    import unicodedata
    from pathlib import Path

    from game.ui.fonts import missing_glyphs

    used: set[str] = set()
    for path in Path(i18n.__file__).parents[1].rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                used.update(c for c in node.value if ord(c) > 0x7E and unicodedata.category(c)[0] != "C")
    missing = missing_glyphs("".join(sorted(used)))
    assert missing == set(), f"characters missing from the font: {''.join(sorted(missing))}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_string_renders(language):
    import pygame

    from game.ui.fonts import font

    pygame.font.init()
    for text in all_texts():
        assert font(20).render(text, True, (255, 255, 255)).get_width() > 0


def test_rules_pages_exist_in_both_languages():
    for info in registry.TITLES.values():
        rules = info.module("rules_text").RULES
        assert set(rules) == set(i18n.LANGUAGES)
        assert len(rules["en"]) == len(rules["ja"]) >= 3


def test_language_switch_and_unknown_key():
    i18n.set_language("ja")
    try:
        assert i18n.t("menu.play") == "プレイ"
        assert i18n.t("menu.players", low=3, high=5) == "3〜5人"
    finally:
        i18n.set_language("en")
    assert i18n.t("menu.play") == "Play"
    with pytest.raises(KeyError, match="not in the catalogue"):
        i18n.t("no.such.key")
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("fr")


def test_a_cache_per_language_makes_its_thing_once_per_language():
    made = []

    @i18n.per_language(maxsize=8)
    def label(key: str) -> str:
        made.append((key, i18n.language()))
        return i18n.t(key)

    try:
        for language in ("en", "ja", "en", "ja"):
            i18n.set_language(language)
            assert label("over.menu") == {"en": "Menu", "ja": "メニュー"}[language]
        assert made == [("over.menu", "en"), ("over.menu", "ja")]
        label.cache_clear()
        label("over.menu")
        assert len(made) == 3
    finally:
        i18n.set_language("en")


def test_sentences_run_on_without_a_space_after_a_japanese_stop():
    """Neu/Noir's log read "（黒2）。 あなたの…" with a stray space after 。 (playtest)."""
    try:
        i18n.set_language("ja")
        assert i18n.sentences(["ダブル（14）。", "", "椿に2回。"]) == "ダブル（14）。椿に2回。"
        i18n.set_language("en")
        assert i18n.sentences(["Double (14).", "", "Two on Tsubaki."]) == "Double (14). Two on Tsubaki."
    finally:
        i18n.set_language("en")
