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


def test_missing_font_file_is_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    with pytest.raises(FileNotFoundError, match="AsobibaSans-Regular.otf"):
        fonts.font_path()
