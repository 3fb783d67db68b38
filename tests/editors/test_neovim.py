"""dungeon lsp in a real editor: Debian's Neovim, headless, with its built-in language
client set up by editors/neovim/dgn.lua (the configuration docs/editors.md shows), on
fixtures of all four games: the diagnostics it shows are verify's, it completes the
moves of a legal record and shows the board on hover."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from editor_tools import need

pytest.importorskip("pygls", reason="dungeon lsp needs the lsp extra")

CONFIG = ROOT / "editors" / "neovim" / "dgn.lua"
PROBE = ROOT / "tests" / "support" / "neovim_probe.lua"
GAMES = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")


def _nvim(path: Path, tmp_path: Path, line: int, col: int, diagnostics: int) -> dict:
    need(shutil.which("nvim") is not None, "nvim (apt-get install neovim)")
    out = tmp_path / f"{path.stem}.json"
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",  # this dungeon, as `dungeon`
        "DGN_PROBE_OUT": str(out),
        "DGN_PROBE_LINE": str(line),
        "DGN_PROBE_COL": str(col),
        "DGN_PROBE_DIAGNOSTICS": str(diagnostics),
        "XDG_STATE_HOME": str(tmp_path),  # the client's log goes here, not to the home directory
        "XDG_CACHE_HOME": str(tmp_path),
    }
    done = subprocess.run(
        ["nvim", "--headless", "--clean", "-c", f"luafile {CONFIG}", "-c", f"edit {path}", "-c", f"luafile {PROBE}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert out.exists(), done.stdout + done.stderr
    return json.loads(out.read_text())


def _verify(path: Path) -> list[list]:
    done = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "verify", "--format", "json", str(path)], capture_output=True, text=True, timeout=60
    )
    return [[d["line"] - 1, d["column"] - 1, d["message"]] for d in json.loads(done.stdout)["diagnostics"]]


@pytest.mark.parametrize("game", GAMES)
def test_neovim_shows_verifys_diagnostics(game, tmp_path):
    path = sorted((FIXTURES / game / "illegal").glob("*.dgn"))[0]
    expected = _verify(path)
    seen = _nvim(path, tmp_path, 0, 0, len(expected))
    assert seen["attached"] and seen["filetype"] == "dgn"
    assert sorted(seen["diagnostics"]) == sorted(expected) and expected


@pytest.mark.parametrize("game", GAMES)
def test_neovim_completes_a_move_and_shows_the_board_on_hover(game, tmp_path):
    path = sorted((FIXTURES / game / "legal").glob("*.dgn"))[0]
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.startswith("1. ") and ":" in line)
    col = lines[number].index(":") + 2
    first = lines[number][col:].split()[0]
    seen = _nvim(path, tmp_path, number, col, 0)
    assert seen["attached"] and seen["diagnostics"] == []
    labels = [label for label, _ in seen["completion"]]
    assert any(label == first or label.startswith(first) for label in labels), (first, labels)
    assert "after move 1:" in seen["hover"], seen["hover"]


def test_neovim_completes_inside_a_variation_and_shows_its_lines_board(tmp_path):
    """NOTATION.md section 9: inside a variation, the moves and the board are that line's."""
    path = FIXTURES / "scoundrel" / "legal" / "variations-table.dgn"
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("2. 2c 3c 4c 5c"))
    seen = _nvim(path, tmp_path, number, lines[number].index(":") + 2, 0)
    assert seen["attached"] and seen["diagnostics"] == []
    # after running from the first room no weapon is equipped down this line: fights only
    assert [label for label, _ in seen["completion"]] == ["2c", "3c", "4c", "5c"]
    assert "after move 2 (a variation):" in seen["hover"] and "weapon: none" in seen["hover"], seen["hover"]
