"""`make play` as a newcomer meets it: it installs only what playing needs, says how to
get `dungeon` on PATH, and its record is not left unignored in the repository root;
a piped `quit` stops the game with status 0."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make here")


def dry_run(target: str) -> str:
    done = subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_play_installs_only_dungeon_and_says_how_to_reach_it():
    plan = dry_run("play")
    assert "pip install --quiet -e .\n" in plan
    assert "[test" not in plan and "cluster" not in plan
    assert ". .venv/bin/activate" in plan and "pipx install ." in plan


def test_make_test_adds_the_test_tools():
    """And the adaptors' extras, so that CI runs their tests instead of skipping them."""
    assert "pip install --quiet -e '.[test,cluster,openspiel,gym]'" in dry_run("test")


def test_a_record_played_at_the_top_of_the_tree_is_ignored():
    done = subprocess.run(["git", "check-ignore", "-q", "scoundrel-20261201-101500.dgn"], cwd=ROOT, timeout=30)
    if done.returncode == 128:
        pytest.skip("not a git checkout")
    assert done.returncode == 0
    assert (
        subprocess.run(["git", "check-ignore", "-q", "fixtures/examples/scoundrel-win.dgn"], cwd=ROOT, timeout=30).returncode == 1
    )


def test_make_play_with_a_piped_quit_exits_0(tmp_path):
    """The play line of the Makefile, run as make would run it, from a pipe."""
    line = next(l for l in dry_run("play").splitlines() if " play scoundrel" in l)
    here = str(Path(sys.executable).parent) + "/"
    done = subprocess.run(
        ["bash", "-c", line.replace(".venv/bin/", here)], cwd=tmp_path, input=b"quit\n", capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
