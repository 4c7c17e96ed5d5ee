"""Who owns each UI string (issue 14, item 1): a title's strings live in its own strings.py under its prefix, the
app's in game/services/catalogue.py; no key is defined twice; no code uses another title's keys; every key is used.

Pure Python: the sources are read with `ast`, nothing is drawn. "Used" is decided by a small, explicit recogniser
(`Uses`): a key counts as used when
  - it appears as a plain string literal in a .py file under game/ or tests/fixtures/titles (the toy title), the
    files that define strings (catalogue.py, strings.py) excepted;
  - an f-string's literal head is a prefix of it (`t(f"kg.log.{kind}")` uses every key starting "kg.log."),
    unless the head is only a title's prefix ("sb."), which would use the whole title: see BARE_HEADS;
  - it is a used key followed by the literal tail of an f-string made of one field and that tail
    (`t(f"{key}_you")`: "hm.starts_you" is used when "hm.starts" is);
  - the app builds it from a title's spec: `option_label` (every option and value), `best_label` (the first score
    board of a solo title, which the title menu shows) and `board_label` (every board, when a title has several
    and the high-score screen shows tabs).
"""

from __future__ import annotations

import ast
import importlib
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.services import catalogue, i18n
from game.titles import registry

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
FIXTURE_TITLES = ROOT / "tests" / "fixtures" / "titles"

KEY = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+")  # what a catalogue key looks like
HEAD = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)*\.")  # an f-string head that builds keys: "kg.log."
TAIL = re.compile(r"_[a-z0-9_]+")  # a suffix added to a key held in a variable: f"{key}_you"
DEFINING_FILES = {"catalogue.py", "strings.py"}  # the app's strings and each title's

# Known debts in files this change could not touch (they are being edited elsewhere); each entry fails once it is
# no longer true, so it is deleted together with the debt.
# Files that use another title's key: the shared demo banner is now "common.demo", and "ds.demo" goes when these do.
FOREIGN_DEBTS = {
    ("game/titles/fusejika/scene.py", "ds.demo"),
    ("game/titles/shinobazu/scene.py", "ds.demo"),
}
# f-strings whose head is a bare title prefix, with the keys they really build (counted as used instead of the
# whole title). Better: a sub-namespace, e.g. f"sb.stance.{e.stance}", f"hm.category.{category}".
BARE_HEADS = {
    ("game/titles/shinobazu/log.py", "sb."): {"sb.fight", "sb.pass"},
    ("game/titles/hige_mekuri/cards.py", "hm."): {"hm.bearded", "hm.clean", "hm.victoria"},
}
# Keys kept for code not written yet (none now: the toy title's scene and log use its "hc." keys).
AWAITING_USE: set[str] = set()


# --- the recogniser ---------------------------------------------------------------------------------------------
@dataclass
class Uses:
    """What a set of source files says about keys: plain literals, f-string heads and tails, each with its files."""

    literals: dict[str, set[str]] = field(default_factory=dict)
    heads: dict[str, set[str]] = field(default_factory=dict)
    tails: set[str] = field(default_factory=set)

    def add_source(self, text: str, name: str) -> None:
        tree = ast.parse(text, filename=name)
        in_fstring = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            in_fstring.update(id(value) for value in node.values)
            first = node.values[0] if node.values else None
            if isinstance(first, ast.Constant) and HEAD.fullmatch(first.value):
                self.heads.setdefault(first.value, set()).add(name)
            if (len(node.values) == 2 and isinstance(first, ast.FormattedValue)
                    and isinstance(node.values[1], ast.Constant) and TAIL.fullmatch(node.values[1].value)):
                self.tails.add(node.values[1].value)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstring:
                self.literals.setdefault(node.value, set()).add(name)

    def strings(self) -> dict[str, set[str]]:
        """Every key-like literal and head with the files that hold it."""
        found: dict[str, set[str]] = {}
        for text, names in [*self.literals.items(), *self.heads.items()]:
            if KEY.fullmatch(text) or HEAD.fullmatch(text):
                found.setdefault(text, set()).update(names)
        return found

    def used(self, keys, prefixes, built=frozenset()) -> set[str]:
        """Those of `keys` this code uses (see the module docstring); `built` are the keys made from specs."""
        bare = {f"{prefix}." for prefix in prefixes}
        heads = [head for head in self.heads if head not in bare]
        direct = {key for key in keys if key in self.literals or key in built or key.startswith(tuple(heads))}
        return direct | {key for key in keys if any(key.endswith(tail) and key.removesuffix(tail) in direct
                                                    for tail in self.tails)}


def scan(*roots: Path, base: Path = ROOT) -> Uses:
    """The uses in every .py file under `roots` but the files that define strings (defining is not using)."""
    uses = Uses()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if path.name not in DEFINING_FILES:
                uses.add_source(path.read_text(encoding="utf-8"), path.relative_to(base).as_posix())
    return uses


def spec_keys(specs) -> set[str]:
    """The keys the app builds from title specs (setup rows, the title menu's best line, high-score tabs)."""
    keys = set()
    for spec in specs:
        for option in spec.options:
            keys.add(spec.option_label(option.key))
            keys.update(spec.option_label(option.key, value) for value in option.values)
        if spec.score_boards:
            keys.add(spec.best_label(next(iter(spec.score_boards))))
        if len(spec.score_boards) > 1:
            keys.update(spec.board_label(board) for board in spec.score_boards)
    return keys


def folder(spec) -> Path:
    return Path(importlib.import_module(f"game.titles.{spec.slug}").__file__).parent


def owner_of(path: str, folders: dict[str, str]) -> str | None:
    """The prefix of the title whose folder holds `path` (relative to the repository), None for the app."""
    return next((prefix for prefix, where in folders.items() if path.startswith(where + "/")), None)


def foreign_uses(uses: Uses, folders: dict[str, str]) -> set[tuple[str, str]]:
    """(file, key) for every key-like string in a file under one prefix's folder (or the app) naming another's."""
    found = set()
    for text, names in uses.strings().items():
        prefix = text.split(".", 1)[0]
        if prefix in folders:
            found.update((name, text) for name in names if owner_of(name, folders) != prefix)
    return found


@pytest.fixture(scope="module")
def uses() -> Uses:
    return scan(GAME, FIXTURE_TITLES)


@pytest.fixture(scope="module")
def folders() -> dict[str, str]:
    return {spec.prefix: folder(spec).relative_to(ROOT).as_posix() for spec in registry.TITLES.values()}


# --- where keys are defined -------------------------------------------------------------------------------------
def test_the_toy_title_takes_part():
    assert "high_card" in registry.TITLES and "hc.log.keep" in i18n.catalogue()


@pytest.mark.parametrize("slug", sorted(registry.TITLES))
def test_title_keys_carry_its_prefix(slug):
    spec = registry.TITLES[slug]
    wrong = sorted(key for key in spec.strings() if not key.startswith(spec.prefix + "."))
    assert not wrong, f"{slug}'s strings.py has keys outside its prefix {spec.prefix!r}: {wrong}"


def test_app_keys_carry_no_title_prefix():
    prefixes = tuple(f"{spec.prefix}." for spec in registry.TITLES.values())
    wrong = sorted(key for key in catalogue.STRINGS if key.startswith(prefixes))
    assert not wrong, f"game/services/catalogue.py holds title keys (move them to the title's strings.py): {wrong}"


def test_prefixes_are_distinct_and_no_app_namespace():
    prefixes = Counter(spec.prefix for spec in registry.TITLES.values())
    assert all(n == 1 for n in prefixes.values()), prefixes
    app_namespaces = {key.split(".", 1)[0] for key in catalogue.STRINGS}
    assert not app_namespaces & set(prefixes)


def test_no_key_defined_twice():
    owners: dict[str, list[str]] = {}
    for key in catalogue.STRINGS:
        owners.setdefault(key, []).append("app")
    for spec in registry.TITLES.values():
        for key in spec.strings():
            owners.setdefault(key, []).append(spec.slug)
    twice = {key: where for key, where in owners.items() if len(where) > 1}
    assert not twice, f"keys defined more than once: {twice}"
    assert len(i18n.catalogue()) == len(owners)


def dict_literal_keys(path: Path) -> list[str]:
    """The literal keys of the STRINGS dict as written (a repeated key would silently replace the first)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [None])[0]
        if isinstance(target, ast.Name) and target.id == "STRINGS":
            return [key.value for key in node.value.keys]
    raise AssertionError(f"no STRINGS dict in {path}")


@pytest.mark.parametrize("slug", ["app", *sorted(registry.TITLES)])
def test_no_key_written_twice_in_one_file(slug):
    path = (GAME / "services" / "catalogue.py" if slug == "app"
            else folder(registry.TITLES[slug]) / "strings.py")
    repeated = sorted(key for key, n in Counter(dict_literal_keys(path)).items() if n > 1)
    assert not repeated, f"{path.relative_to(ROOT)} writes these keys twice: {repeated}"


# --- who uses them ----------------------------------------------------------------------------------------------
def test_no_code_uses_another_titles_keys(uses, folders):
    found = foreign_uses(uses, folders)
    new = sorted(found - FOREIGN_DEBTS)
    assert not new, "code using another title's keys (file, key): " + "; ".join(f"{f}: {k}" for f, k in new)
    paid = sorted(FOREIGN_DEBTS - found)
    assert not paid, f"no longer true, delete from FOREIGN_DEBTS: {paid}"


def test_no_key_built_from_a_bare_title_prefix(uses):
    bare = {f"{spec.prefix}." for spec in registry.TITLES.values()}
    found = {(name, head) for head, names in uses.heads.items() if head in bare for name in names}
    new = sorted(found - set(BARE_HEADS))
    assert not new, f"f-strings building keys from a bare title prefix (use a sub-namespace): {new}"
    paid = sorted(set(BARE_HEADS) - found)
    assert not paid, f"no longer true, delete from BARE_HEADS: {paid}"


def test_every_key_is_used(uses):
    keys = set(i18n.catalogue())
    built = spec_keys(registry.TITLES.values()) | set().union(*BARE_HEADS.values())
    prefixes = [spec.prefix for spec in registry.TITLES.values()]
    used = uses.used(keys, prefixes, built)
    unused = sorted(keys - used - AWAITING_USE)
    assert not unused, f"keys no code uses (delete them from their strings file): {unused}"
    paid = sorted(AWAITING_USE & used)
    assert not paid, f"now used, delete from AWAITING_USE: {paid}"
    assert not AWAITING_USE - keys, f"no longer defined, delete from AWAITING_USE: {sorted(AWAITING_USE - keys)}"


def test_every_key_the_app_builds_from_a_spec_exists():
    missing = sorted(spec_keys(registry.TITLES.values()) - set(i18n.catalogue()))
    assert not missing, f"keys the app builds from title specs but no strings file defines: {missing}"


def test_every_literal_key_given_to_t_exists():
    missing = set()
    for path in sorted([*GAME.rglob("*.py"), *FIXTURE_TITLES.rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "t"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value not in i18n.catalogue()):
                missing.add((path.relative_to(ROOT).as_posix(), node.args[0].value))
    assert not missing, f"t() given keys no strings file defines: {sorted(missing)}"


# --- the recogniser itself: each rule can say no ----------------------------------------------------------------
FAKE = '''
from game.services.i18n import t
LABEL = "zz.label"
def draw(kind, key):
    t(f"zz.log.{kind}")
    t(f"zz.{kind}")
    t(f"{key}_you")
    return t(key)
'''


def test_recogniser_self_check():
    uses = Uses()
    uses.add_source(FAKE, "game/titles/zz_title/scene.py")
    keys = {"zz.label", "zz.label_you", "zz.log.win", "zz.log", "zz.other", "zz.other_you", "zz.built", "yy.log.win"}
    assert uses.used(keys, ["zz", "yy"], built={"zz.built"}) == {"zz.label", "zz.label_you", "zz.log.win",
                                                                 "zz.built"}
    # without the title prefix rule the bare head "zz." would use every zz key
    assert uses.used(keys, ["yy"]) == keys - {"yy.log.win"}


def test_scan_skips_the_defining_files(tmp_path):
    title = tmp_path / "game" / "titles" / "zz_title"
    title.mkdir(parents=True)
    (title / "strings.py").write_text('STRINGS = {"zz.unused": {"en": "a", "ja": "b"}, "zz.label": {}}')
    (title / "scene.py").write_text(FAKE)
    uses = scan(tmp_path / "game", base=tmp_path)
    assert uses.used({"zz.unused", "zz.label"}, ["zz"]) == {"zz.label"}
    assert uses.literals["zz.label"] == {"game/titles/zz_title/scene.py"}


def test_foreign_use_self_check():
    uses = Uses()
    uses.add_source('X = "yy.label"\nY = f"yy.log.{k}"\nZ = "zz.own"\nW = "yy label"', "game/titles/zz_title/a.py")
    uses.add_source('A = "zz.own"\nB = "yy.own"', "game/app/menu.py")
    uses.add_source('C = "yy.own"', "game/titles/yy_title/b.py")
    folders = {"zz": "game/titles/zz_title", "yy": "game/titles/yy_title"}
    assert foreign_uses(uses, folders) == {("game/titles/zz_title/a.py", "yy.label"),
                                           ("game/titles/zz_title/a.py", "yy.log."),
                                           ("game/app/menu.py", "zz.own"), ("game/app/menu.py", "yy.own")}


def test_spec_keys_self_check():
    from game.titles.spec import Option, TitleSpec

    solo = TitleSpec("zz", "Z", "Z", "p", "p", 1, 1, prefix="zz", order=0, max_actions=1,
                     score_boards={"a": [], "b": []})
    table = TitleSpec("yy", "Y", "Y", "p", "p", 2, 2, prefix="yy", order=0, max_actions=1,
                      options=(Option("o", (1, 2), 1),))
    assert spec_keys([solo, table]) == {"zz.menu.best.a", "zz.scores.board.a", "zz.scores.board.b",
                                        "yy.option.o", "yy.option.o.1", "yy.option.o.2"}
