"""The full rules pages ship with the package (an installed wheel has no docs/), stay
the same as docs/, and `dungeon rules GAME --full` prints them; no help text points to
a docs/ file."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT
from dungeon_cli import registry

PAGES = ROOT / "dungeon_cli" / "pages"


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md")) + ["card-sets.md"])
def test_shipped_pages_are_the_docs(page):
    source = ROOT / "docs" / ("rules" if page != "card-sets.md" else "") / page
    assert (PAGES / page).read_text() == source.read_text(), f"copy docs to dungeon_cli/pages/{page}"


@pytest.mark.parametrize("game", registry.names())
def test_rules_full_prints_the_page(run, game):
    result = run(["rules", game, "--full"])
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) > 20
    assert "docs/" not in run(["rules", game]).stdout


def test_no_help_points_into_docs(run):
    from dungeon_cli.cli import COMMANDS

    for name in COMMANDS:
        assert "docs/" not in run([name, "--help"]).stdout, name


def test_the_wheel_holds_the_pages(tmp_path):
    import shutil

    source = tmp_path / "src"  # built from a copy: nothing is written into the working tree
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("dungeon_cli", "notation"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
        capture_output=True, text=True, timeout=300,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {done.stderr.strip()[-200:]}")
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for page in ("clear-the-dungeon.md", "rpg-solitaire.md", "cassette-dungeons.md", "card-sets.md"):
        assert f"dungeon_cli/pages/{page}" in names
    assert "notation/SPEC.md" in names
