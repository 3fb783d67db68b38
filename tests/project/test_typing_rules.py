"""The code's typing holds to its rules (issue 24): ``mypy`` in ``make lint`` is strict
over dungeon_cli and notation, a ``# type: ignore`` is rare and says why, and no game's
hooks or plug-ins are found by asking an object what it has (``hasattr``, or ``getattr``
with a default): a Protocol, an explicit optional attribute or a registry says it."""

from __future__ import annotations

import ast
import io
import tokenize
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("dungeon_cli", "notation")
MOST_IGNORES = 5
# Where hooks and plug-ins are looked up: the games, their bots and solvers, the engine
# that walks them, the analysis that asks them, the notation and the game kit. (Elsewhere
# getattr with a default probes the platform: os.O_NOCTTY, a stream's buffer.)
HOOK_LAYERS = ("dungeon_cli/games", "dungeon_cli/bots", "dungeon_cli/solver", "dungeon_cli/engine", "dungeon_cli/analysis")
HOOK_MODULES = (
    "dungeon_cli/kit/core.py",
    "dungeon_cli/kit/piles.py",
    "dungeon_cli/registry.py",
)


def _sources():
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def test_mypy_is_strict_over_the_code():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config.get("strict") is True
    assert set(config["packages"]) == set(PACKAGES)


def _ignores(text: str):
    """(line, what follows the ignore) of each ``# type: ignore`` comment of a source."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and "type: ignore" in token.string:
            yield token.start[0], token.string.split("type: ignore", 1)[1]


def test_type_ignores_are_few_and_each_says_why():
    found = [(path, line, rest) for path in _sources() for line, rest in _ignores(path.read_text(encoding="utf-8"))]
    assert len(found) <= MOST_IGNORES, [f"{p.relative_to(ROOT)}:{line}" for p, line, _ in found]
    for path, line, rest in found:
        reason = rest.split("]", 1)[1] if rest.startswith("[") else rest
        assert reason.strip(" #"), f"{path.relative_to(ROOT)}:{line}: a type: ignore without its reason"


def test_the_ignore_counter_sees_an_ignore_and_its_reason():
    text = "x = f()  # type: ignore[misc]  # f is untyped\ny = g()  # type: ignore\n"
    assert list(_ignores(text)) == [(1, "[misc]  # f is untyped"), (2, "")]


def _asks_what_it_has(tree: ast.AST):
    """The lines of every ``hasattr(...)`` and ``getattr(obj, name, default)``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "hasattr" or (node.func.id == "getattr" and len(node.args) == 3):
                yield node.lineno


def test_no_hook_or_plug_in_is_found_by_hasattr_or_getattr_with_a_default():
    paths = [p for p in _sources() if str(p.relative_to(ROOT)).startswith(HOOK_LAYERS)]
    paths += [ROOT / name for name in HOOK_MODULES]
    paths += sorted((ROOT / "notation").rglob("*.py"))
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in paths
        for line in _asks_what_it_has(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    ]
    assert found == []


def test_the_dispatch_check_sees_both_forms():
    tree = ast.parse("a = getattr(m, 'moves', None)\nb = hasattr(m, 'model')\nc = getattr(m, 'key')\n")
    assert list(_asks_what_it_has(tree)) == [1, 2]
