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

GAMES = ROOT / "dungeon_cli" / "games"


def _sources():
    """(page shipped in a game's package, the docs it copies)."""
    spec = (ROOT / "notation" / "SPEC.md").read_text()
    start = spec.index("## 6. Scoundrel")
    yield "scoundrel/rules.md", spec[start : spec.index("\n## ", start + 1)].rstrip() + "\n"
    for page in sorted((ROOT / "docs" / "rules").glob("*.md")):
        yield f"{page.stem.replace('-', '_')}/rules.md", page.read_text()
    yield "cassette_dungeons/card-sets.md", (ROOT / "docs" / "card-sets.md").read_text()


@pytest.mark.parametrize("page, text", list(_sources()), ids=[p for p, _ in _sources()])
def test_shipped_pages_are_the_docs(page, text):
    assert (GAMES / page).read_text() == text, f"copy the docs to dungeon_cli/games/{page}"


@pytest.mark.parametrize("game", registry.names())
def test_rules_full_prints_the_page(run, game):
    result = run(["rules", game, "--full"])
    assert result.exit_code == 0
    module = registry.get(game)
    if module.pages:
        assert len(result.stdout.splitlines()) > 20
    else:  # a game that ships no page (the test suite's toy) says so
        assert "has no longer rules page than this" in result.stdout
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
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {done.stderr.strip()[-200:]}")
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for game in registry.names():
        module = registry.get(game)
        package = type(module.game).__module__.rpartition(".")[0].replace(".", "/")
        for page in module.pages:
            assert f"{package}/{page}" in names
    assert "notation/SPEC.md" in names
