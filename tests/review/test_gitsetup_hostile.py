"""``git-setup`` reads .gitattributes through the door in (issue 41, item 15): a FIFO
there hung it for good (and git check-attr with it), /dev/zero would fill the memory;
now each is a one-line message, exit 2, before git is asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DUNGEON = str(Path(sys.executable).with_name("dungeon"))


def env(home: Path) -> dict:
    out = dict(os.environ, HOME=str(home), GIT_CONFIG_NOSYSTEM="1")
    for name in ("GIT_DIR", "GIT_WORK_TREE"):
        out.pop(name, None)
    return out


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
def test_a_gitattributes_that_is_no_file_is_said_not_waited_on(tmp_path, kind):
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, env=env(tmp_path), check=True)
    attributes = repo / ".gitattributes"
    if kind == "fifo":
        os.mkfifo(attributes)
    elif kind == "dev-zero":
        attributes.symlink_to("/dev/zero")
    else:
        attributes.mkdir()
    done = subprocess.run(
        [DUNGEON, "git-setup", "--yes"], cwd=repo, env=env(tmp_path), capture_output=True, text=True, timeout=60
    )
    if kind == "dev-zero":  # never read, never written through
        assert done.returncode == 2 and ".gitattributes is a symlink, which git ignores" in done.stderr
        return
    assert done.returncode == 2, (done.stdout, done.stderr)
    said = {"fifo": "is a FIFO", "directory": "is a directory"}[kind]
    assert f".gitattributes: {said}, not a .gitattributes file: make it a plain file" in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
