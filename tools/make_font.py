"""Build the bundled UI font: Noto Sans CJK JP (OFL 1.1) subset and renamed "Asobiba Sans".

Licence: Noto Sans CJK declares no Reserved Font Name (Debian's copyright file and the font's name table
give only the plain OFL 1.1); Adobe's Source Han Sans reserves "Source". The subset is a Modified Version,
so it is renamed "Asobiba Sans" (using neither "Noto", a Google trademark, nor "Source"), keeps the
copyright and licence records, and ships with OFL.txt. Deterministic: re-running with no new characters
gives byte-identical files. Usage: python tools/make_font.py

Characters: fixed blocks (ASCII, Latin-1, kana, punctuation), all of JIS X 0208 (its levels 1 and 2 kanji: what
a player may type for a name), the jōyō kanji outside it, every text the game gathers through its
registry (string catalogue, title names, pitches and rules pages, bot names; see game_texts) and, for hard-coded
texts, every non-ASCII character of the sources under game/.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
OUT_DIR = GAME / "assets" / "fonts"
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
SOURCES = {"Regular": NOTO_DIR / "NotoSansCJK-Regular.ttc", "Bold": NOTO_DIR / "NotoSansCJK-Bold.ttc"}
FAMILY = "Asobiba Sans"
PS_FAMILY = "AsobibaSans"
MAX_BYTES = 2_500_000  # each style; JIS X 0208's kanji are most of it

RANGES = (
    (0x0020, 0x007E),  # printable ASCII
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x2000, 0x206F),  # General Punctuation
    (0x2190, 0x21FF),  # Arrows
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)
SYMBOLS = "×÷²³★☆♥♡●○◆◇■□▲▼▶◀△▽◎※♪♫✓✗…・〜♠♣♦♢♤♧°±√∞≠≦≧"
# Characters the source font lacks, drawn with a similar glyph it has.
ALIASES = {"✗": "×", "✕": "×", "✔": "✓"}

# Every character of JIS X 0208 (its 6,355 kanji of levels 1 and 2, kana, Greek, Cyrillic and symbols) is in: the
# game's own texts need only the jōyō kanji, but a player types a name (a high score's) with any kanji a name may
# have. Python's shift_jis codec encodes exactly JIS X 0208.
JOYO_EXTRA = "𠮟塡剝頰"  # the jōyō kanji outside JIS X 0208 (their JIS forms 叱填剥頬 are in it)


def jis_x_0208() -> set[str]:
    """The characters of JIS X 0208."""
    chars = set()
    for cp in range(0x80, 0x10000):
        try:
            chr(cp).encode("shift_jis")
        except UnicodeEncodeError:
            continue
        chars.add(chr(cp))
    return chars


def fixed_chars() -> set[str]:
    """Characters always included, whatever the game text uses."""
    chars = {chr(cp) for lo, hi in RANGES for cp in range(lo, hi + 1)}
    return chars | set(SYMBOLS) | jis_x_0208() | set(JOYO_EXTRA)


def shown(chars) -> set[str]:
    """The non-ASCII, non-control characters among `chars`."""
    return {c for c in chars if ord(c) > 0x7E and unicodedata.category(c)[0] != "C"}


def project_chars(root: Path = GAME) -> set[str]:
    """Non-ASCII, non-control characters used by any *.py or *.md file under game/ (hard-coded texts too)."""
    chars: set[str] = set()
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.md")]):
        chars.update(path.read_text(encoding="utf-8"))
    return shown(chars)


def game_texts() -> list[str]:
    """Every text the game shows through what it declares, gathered as the game gathers it: the merged string
    catalogue (i18n.catalogue(): the app's strings and every discovered title's), each title's names, pitch and
    rules pages, the language names and the bot names. The toy title the tests add (tests/fixtures/titles) is
    discovered too, as in the test run, so the glyph test can check its strings against the shipped font."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script from tools/
    import game.titles

    toy_titles = str(ROOT / "tests" / "fixtures" / "titles")
    if toy_titles not in game.titles.__path__:
        game.titles.__path__.append(toy_titles)
    from game.app.setup import BOT_NAMES
    from game.services import i18n
    from game.titles import registry

    registry.refresh()
    i18n.catalogue.cache_clear()
    texts = [text for entry in i18n.catalogue().values() for text in entry.values()]
    texts += [*i18n.LANGUAGE_NAMES.values(), *(name for pair in BOT_NAMES for name in pair)]
    for spec in registry.TITLES.values():
        texts += [spec.name_en, spec.name_ja, spec.pitch_en, spec.pitch_ja]
        for sections in spec.module("rules_text").RULES.values():
            for heading, bullets in sections:
                texts += [heading, *bullets]
    return texts


def subset_options() -> subset.Options:
    """Subsetter options: plain cmap glyphs plus kerning, licence records kept, hints kept."""
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]
    options.notdef_outline = True
    options.hinting = True  # CFF hints help small UI sizes; the files stay well under the size budget
    options.desubroutinize = False  # subroutines keep the uncompressed .otf smaller
    return options


def rename(font: TTFont, style: str) -> None:
    """Give the Modified Version its own name in the name table and the CFF table."""
    ps_name = f"{PS_FAMILY}-{style}"
    version = font["name"].getDebugName(5) or ""
    records = {
        1: FAMILY,
        2: style,
        3: f"{ps_name};subset of Noto Sans CJK JP {style} for Asobiba",
        4: FAMILY if style == "Regular" else f"{FAMILY} {style}",
        5: f"{version}; Asobiba subset",
        6: ps_name,
        10: f"Subset of Noto Sans CJK JP {style} (2.004), renamed; made by Asobiba tools/make_font.py.",
    }
    for name_id, text in records.items():
        font["name"].setName(text, name_id, 3, 1, 0x409)
    cff = font["CFF "].cff
    old = cff.fontNames[0]
    cff.fontNames = [ps_name]
    top = cff.topDictIndex[0]
    top.FullName, top.FamilyName = records[4], FAMILY
    for fd in getattr(top, "FDArray", []):
        fd.FontName = fd.FontName.replace(old, ps_name)


def add_aliases(font: TTFont) -> None:
    """Map each alias code point to the glyph of its stand-in character."""
    for table in font["cmap"].tables:
        if table.isUnicode():
            for alias, target in ALIASES.items():
                if ord(target) in table.cmap and ord(alias) <= (0xFFFF if table.format == 4 else 0x10FFFF):
                    table.cmap[ord(alias)] = table.cmap[ord(target)]


def write_codepoints(cmap: dict[int, str]) -> Path:
    """The fonts' characters as ranges, one "first-last" (hex) per line: what the game reads to know which
    characters it can draw (game.ui.fonts.drawable) without a font library."""
    ranges: list[list[int]] = []
    for cp in sorted(cmap):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    out = OUT_DIR / "codepoints.txt"
    lines = [f"{first:04X}-{last:04X}" for first, last in ranges]
    out.write_text("# the characters of AsobibaSans-Regular.otf and -Bold.otf, made by tools/make_font.py\n"
                   + "\n".join(lines) + "\n", encoding="utf-8")
    return out


def build(style: str, chars: set[str]) -> tuple[TTFont, int]:
    """Subset one style into OUT_DIR; return the subset font and its file size."""
    font = TTFont(SOURCES[style], fontNumber=0, recalcTimestamp=False, recalcBBoxes=True)
    cmap = font.getBestCmap()
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=sorted(ord(c) for c in chars if ord(c) in cmap))
    subsetter.subset(font)
    rename(font, style)
    add_aliases(font)
    out = OUT_DIR / f"{PS_FAMILY}-{style}.otf"
    font.save(out)
    return font, out.stat().st_size


def main() -> int:
    """Build both styles and report what was made."""
    for src in SOURCES.values():
        if not src.exists():
            print(f"error: source font not found: {src} (apt-get install fonts-noto-cjk)", file=sys.stderr)
            return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    texts = shown("".join(game_texts()))
    used = project_chars() | texts
    chars = fixed_chars() | used
    wanted = used | set(SYMBOLS) | set(JOYO_EXTRA)  # the fixed blocks and JIS X 0208 may have gaps in Noto
    print(f"characters requested: {len(chars)} ({len(used)} non-ASCII in the game's texts and sources, "
          f"{len(texts)} of them in its catalogue, titles and bot names)")
    status = 0
    cmaps = []
    for style in SOURCES:
        font, size = build(style, chars)
        cmap = font.getBestCmap()
        cmaps.append(set(cmap))
        print(
            f"{PS_FAMILY}-{style}.otf: {len(font.getGlyphOrder())} glyphs, {len(cmap)} characters, {size:,} bytes"
        )
        missing = sorted(c for c in wanted if ord(c) not in cmap)
        if missing:
            print(f"  warning: not in the source font, will not render: {' '.join(missing)!r}")
        if size > MAX_BYTES:
            print(f"  error: larger than {MAX_BYTES:,} bytes", file=sys.stderr)
            status = 1
    if cmaps[0] != cmaps[1]:
        print("error: the styles map different characters", file=sys.stderr)
        status = 1
    print(f"{write_codepoints(cmap).name}: {len(cmap)} characters")
    return status


if __name__ == "__main__":
    sys.exit(main())
