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
    assert "pip install --quiet -e '.[test,cluster,openspiel,gym,lsp,pygments]'" in dry_run("test")


@pytest.mark.parametrize("target", ["play", "test"])
def test_what_the_installs_say_is_shown_only_when_they_fail(tmp_path, target):
    """setuptools warns of every editable install (a framed "Editable installation."
    three times in `make test`): before the game starts, it scrolled the PATH hint away.
    Each install line of the plan, with pip standing in by a script that says that
    warning and succeeds (nothing shown), then fails (everything shown, status kept)."""
    lines = [line for line in dry_run(target).splitlines() if "pip install" in line]
    assert lines and all("install.log" in line for line in lines)
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    pip = venv / "pip"
    for status in (0, 1):
        pip.write_text(f"#!/bin/sh\necho 'BuildBackendWarning: Editable installation.' >&2\nexit {status}\n")
        pip.chmod(0o755)
        for line in lines:
            done = subprocess.run(["sh", "-c", line], cwd=tmp_path, capture_output=True, text=True, timeout=30)
            assert done.returncode == status
            shown = done.stdout + done.stderr
            assert ("Editable installation" in shown) == bool(status), shown


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
