"""The suite's own layout (tests/README.md): every test file sits in a folder the page
lists, none loose at the top, and none imports a test module of another folder (a
helper two folders share lives in tests/support/, where every folder finds it)."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

TESTS = ROOT / "tests"


def _folders() -> set[str]:
    page = (TESTS / "README.md").read_text(encoding="utf-8")
    found = set()
    for row in page.splitlines():
        if row.startswith("| `"):
            found.update(re.findall(r"`([a-z_<>/]+)/`", row.split("|")[1]))
    return found


def test_every_test_file_sits_in_a_folder_the_readme_lists():
    folders = _folders()
    games = {p.name for p in (ROOT / "dungeon_cli" / "games").iterdir() if (p / "__init__.py").is_file()}
    listed = {f.replace("<game>", g) for f in folders for g in (games if "<game>" in f else [""])}
    assert "games/scoundrel" in listed and "hardening" in listed
    misplaced = [
        str(path.relative_to(TESTS))
        for path in sorted(TESTS.rglob("test_*.py"))
        if "toy_game" not in path.parts and path.parent.relative_to(TESTS).as_posix() not in listed
    ]
    assert misplaced == []


def test_no_test_imports_a_test_module_of_another_folder():
    crossing = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                if name.startswith("test_") and not (path.parent / f"{name}.py").is_file():
                    crossing.append(f"{path.relative_to(TESTS)} imports {name}")
    assert crossing == []
