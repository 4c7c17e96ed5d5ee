"""Bundled font: files present, renders English and Japanese, glyph coverage check."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from game.ui import fonts  # noqa: E402


def test_font_files_exist():
    for name in (*fonts.FONT_FILES.values(), "OFL.txt"):
        assert (fonts.FONT_DIR / name).is_file(), name


@pytest.mark.parametrize("bold", [False, True])
def test_renders_english_and_japanese(bold):
    surface = fonts.font(24, bold).render("Dice Slayer ダイススレイヤー", True, (255, 255, 255))
    assert surface.get_width() > 0 and surface.get_height() > 0


def test_font_is_cached():
    assert fonts.font(20) is fonts.font(20)
    assert fonts.font(20) is not fonts.font(20, bold=True)


def test_missing_glyphs():
    assert fonts.missing_glyphs("𠀋") == {"𠀋"}
    assert fonts.missing_glyphs("ダイススレイヤー遊び場") == set()
    assert fonts.missing_glyphs("Score: 1,234 点\n★ ハイスコア！ ✓ × ✗") == set()


def test_a_name_may_have_the_kanji_of_names():
    """All of JIS X 0208 is in (its level 2 kanji too), beyond the jōyō kanji the game's own texts need."""
    assert fonts.missing_glyphs("颯太 翔 凛 湊 葵 結乃 琴音 蓮 伊織 澪 雫 柊") == set()
    assert fonts.missing_glyphs("😀Ł") == {"😀", "Ł"}  # an emoji, and a letter Noto CJK lacks


@pytest.mark.parametrize("bold", [False, True])
def test_codepoints_txt_lists_exactly_what_each_font_maps(bold):
    from fontTools.ttLib import TTFont

    with TTFont(fonts.font_path(bold), lazy=True) as ttf:
        assert fonts._codepoints() == frozenset(ttf.getBestCmap())


def test_missing_font_file_is_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    with pytest.raises(FileNotFoundError, match="AsobibaSans-Regular.otf"):
        fonts.font_path()
