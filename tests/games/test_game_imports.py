"""A game is below the tool at run time, not only in the import contracts: importing every
module of a game, in a fresh interpreter, loads nothing that knows which games there
are (the registry), nor the engine, the services, the lookups, a front end or the
command line. The contracts read import statements; this catches what they cannot see:
a package's ``__init__`` that pulls in more than the module asked for (before the kit,
``games.scoundrel.bots`` imported ``bots.base``, whose package imported the registry),
and an import by name (``importlib``) inside a module.

What counts as above the games is read from pyproject.toml's layers contract, so the
test moves with the diagram."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib

import pytest
from conftest import ROOT, TESTS

from dungeon_cli import registry

PROBE = """
import importlib, json, pkgutil, sys
name, above = sys.argv[1], json.loads(sys.argv[2])
package = importlib.import_module(name)
modules = [name] + [info.name for info in pkgutil.walk_packages(package.__path__, name + ".")]
for module in modules:
    importlib.import_module(module)
loaded = sorted(m for m in sys.modules if any(m == a or m.startswith(a + ".") for a in above))
print(json.dumps({"modules": modules, "loaded": loaded}))
"""


def layers_above_the_games() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    above = []
    for layer in layers:
        if layer == "dungeon_cli.games":
            return above
        above.extend(part.strip() for part in layer.replace("|", ":").split(":"))
    raise AssertionError("the layers contract has no dungeon_cli.games layer")


def imported(package: str, above: list[str], root=ROOT) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, package, json.dumps(above)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
        env={**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{TESTS / 'support'}"},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_layers_above_the_games_are_the_tool():
    above = layers_above_the_games()
    for part in ("dungeon_cli.registry", "dungeon_cli.engine", "dungeon_cli.cli", "dungeon_cli.shell", "dungeon_cli.lsp"):
        assert part in above
    assert "dungeon_cli.kit" not in above


GAMES = sorted(set(registry.GAMES.values()) - {"toy_game"}) + ["toy_game"]


@pytest.mark.parametrize("package", GAMES)
def test_a_games_modules_load_nothing_above_the_games(package):
    found = imported(package, layers_above_the_games())
    assert len(found["modules"]) >= 4  # rules, notation, render, bots at least: the walk ran
    assert found["loaded"] == []
