"""Rules and AI code stays pure: no pygame in game/core, game/ai, or any title's rules.py/bots.py."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "game"


def pure_files() -> list[Path]:
    files = list((ROOT / "core").rglob("*.py")) + list((ROOT / "ai").rglob("*.py"))
    for title in (ROOT / "titles").iterdir():
        files += [p for p in (title / "rules.py", title / "bots.py") if p.exists()]
    return files


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_pure_files_exist():
    names = {p.relative_to(ROOT).as_posix() for p in pure_files()}
    assert {"core/engine.py", "titles/dice_slayer/rules.py", "titles/dice_slayer/bots.py"} <= names


def test_no_pygame_in_pure_code():
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path) if m.split(".")[0] == "pygame")
        for path in pure_files()
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_pure_code_imports_no_ui_or_app():
    """Arrows point one way: core and ai never reach into app, ui or services."""
    banned = ("game.app", "game.ui", "game.services")
    for path in pure_files():
        bad = [m for m in imported_modules(path) if m.startswith(banned)]
        assert not bad, f"{path} imports {bad}"
