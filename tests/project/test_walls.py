"""The walls between the layers hold: pyproject.toml's import contracts (checked by
import-linter, as ``make lint`` does) and no module reaching into another's private
names."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"]


def test_every_import_contract_is_kept():
    result = subprocess.run(LINT, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_broken_wall_is_reported(tmp_path):
    """The check bites: a contract the code does not keep (the engine imports the
    core) fails the run."""
    config = tmp_path / "walls.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["dungeon_cli", "notation"]\n\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "a wall that is not there"\ntype = "forbidden"\n'
        'source_modules = ["dungeon_cli.engine"]\nforbidden_modules = ["dungeon_cli.kit.core"]\n'
    )
    result = subprocess.run([*LINT, "--config", str(config)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "1 broken" in result.stdout


def _diagram_name(module: str) -> str:
    """How docs/architecture.md's diagram writes a layer: a package as ``name/``, a
    module as ``name.py``."""
    path = ROOT / module.replace(".", "/")
    return f"{path.name}/" if path.is_dir() else f"{path.name}.py"


def test_the_layers_contract_is_the_diagram():
    """pyproject.toml's layers, top first, are the diagram's, top first: siblings on one
    line of both, in the same order."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = text.split("```\n", 2)[1]
    at = 0
    for layer in layers:
        drawn = " | ".join(_diagram_name(part.strip()) for part in layer.split("|"))
        found = diagram.find(drawn, at)
        assert found >= 0, f"docs/architecture.md's diagram has no {drawn!r} below the layer above it"
        at = found + len(drawn)


def _modules():
    for package in ("dungeon_cli", "notation"):
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_uses_another_modules_private_names():
    """``from m import _x`` of a project module, and ``obj._x`` where ``_x`` is defined
    only in other modules (not ``self``, ``cls`` or a fresh copy's own): each is a
    dependency on what its owner may change at will."""
    defined: dict[str, set[str]] = {}
    trees = list(_modules())
    for path, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and _private(node.name):
                defined.setdefault(node.name, set()).add(str(path))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr):
                defined.setdefault(node.attr, set()).add(str(path))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and _private(node.id):
                defined.setdefault(node.id, set()).add(str(path))
    found = []
    for path, tree in trees:
        here = str(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").split(".")[0] in ("dungeon_cli", "notation")
            ):
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {alias.name}")
            elif (
                isinstance(node, ast.Attribute)
                and _private(node.attr)
                and isinstance(node.value, ast.Name)
                and node.value.id not in ("self", "cls")  # a subclass uses its base's protected members
            ):
                owners = defined.get(node.attr)
                if owners and here not in owners:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: uses {node.value.id}.{node.attr}")
    assert not found, "\n".join(found)
