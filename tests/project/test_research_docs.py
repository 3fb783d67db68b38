"""docs/research.md as a researcher reads it: every block of Python and every command
it shows is run, in order, in one fresh directory, and does what the text says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from adaptor_extras import need
from conftest import ROOT

PAGE = ROOT / "docs" / "research.md"
BIN = Path(sys.executable).parent
BLOCK = re.compile(r"```(python|sh)\n(.*?)```", re.S)

# Each command the page shows, as tests/project/test_docs_commands.py lists them: the text its
# output holds, and a shorter run for the suite where the page's is long.
COMMANDS: dict[str, tuple[tuple[str, ...], tuple[str, str]]] = {
    "dungeon verify --seed-check scoundrel-7.dgn": ((), ("", "")),
    "python -m dungeon_cli.adaptors.ismcts scoundrel --games 200 --records ismcts/": (
        ("scoundrel: 2 games",),
        ("--games 200", "--games 2"),
    ),
    "dungeon verify --seed-check ismcts/": ((), ("", "")),
    "dungeon verify --seed-check gym-7.dgn": ((), ("", "")),
}


def blocks() -> list[tuple[str, str]]:
    return [(kind, body) for kind, body in BLOCK.findall(PAGE.read_text(encoding="utf-8"))]


def test_every_command_shown_has_a_check_here():
    shown = [line for kind, body in blocks() if kind == "sh" for line in body.splitlines() if line.strip()]
    assert shown == list(COMMANDS)


def test_the_page_runs_as_written(tmp_path):
    need("openspiel")
    need("gym")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    ran = 0
    for kind, body in blocks():
        if kind == "python":
            done = subprocess.run(
                [sys.executable, "-c", body], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
            )
            assert done.returncode == 0, f"{body}\n{done.stderr}"
            ran += 1
            continue
        for command in filter(None, body.splitlines()):
            says, (long, short) = COMMANDS[command]
            line = command.replace(long, short) if long else command
            done = subprocess.run(["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, f"{line}: exit {done.returncode}\n{done.stdout}{done.stderr}"
            for text in says:
                assert text in done.stdout, f"{line}: {text!r} not in {done.stdout}"
            ran += 1
    assert ran == 7
    assert '[Seed "7"]' in (tmp_path / "scoundrel-7.dgn").read_text()
    assert '[Seed "7"]' in (tmp_path / "gym-7.dgn").read_text()
    assert sorted(p.name for p in (tmp_path / "ismcts").iterdir()) == ["scoundrel-1.dgn", "scoundrel-2.dgn"]
