"""The adaptors are optional extras: no command imports them, nor OpenSpiel or
Gymnasium, so a command runs the same (and as fast) with or without the extras."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import EXAMPLES, ROOT

LIBRARIES = {"pyspiel", "open_spiel", "gymnasium"}

PROBE = """
import sys
from dungeon_cli.cli import cli
for args in (
    ["games"],
    ["rules", "scoundrel"],
    ["verify", "--seed-check", sys.argv[1]],
    ["sim", "scoundrel", "--bot", "strong", "--games", "2"],
    ["sim", "clear-the-dungeon", "--games", "2", "--records", sys.argv[2]],
    ["solve", "scoundrel", "--seed", "7", "--limit", "2000"],
    ["play", "scoundrel", "--seed", "7"],
):
    try:
        cli(args, prog_name="dungeon")
    except SystemExit:
        pass
loaded = {m.split(".")[0] for m in sys.modules} | {m for m in sys.modules if m.startswith("dungeon_cli.adaptors")}
print(sorted(loaded & {"pyspiel", "open_spiel", "gymnasium", "dungeon_cli.adaptors"}))
"""


def test_no_command_loads_an_adaptor_or_its_library(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(EXAMPLES / "scoundrel-win.dgn"), str(tmp_path / "records")],
        capture_output=True,
        text=True,
        input="quit\n",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
    assert "[Game " in done.stdout  # the probe ran the commands (play wrote its record)


def _imports(path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names.add("." * node.level + module)
            names.update(f"{'.' * node.level}{module}.{alias.name}".replace("..", ".", 1) for alias in node.names)
    return names


def test_only_the_adaptors_name_the_adaptors_or_their_libraries():
    """Read from the source, so an import inside a function is found too."""
    offenders = []
    for path in sorted((ROOT / "dungeon_cli").rglob("*.py")) + sorted((ROOT / "notation").rglob("*.py")):
        if "adaptors" in path.relative_to(ROOT).parts:
            continue
        for name in _imports(path):
            if name.split(".")[0] in LIBRARIES or "adaptors" in name.split("."):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []
