"""``git_settings.set_up``, the work of ``dungeon git-setup``: every setting made, each
said, a setting there with another value replaced only when the question is agreed to,
and how many were left (the command's exit status 1)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from dungeon_cli.review import git_settings

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # no user's ~/.gitconfig
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    repo = tmp_path / "records"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "config", "diff.dgn.textconv", "cat"], cwd=repo, check=True)
    return str(repo)


def test_a_setting_with_another_value_is_left_unless_agreed_to(root):
    asked: list[str] = []
    said: list[str] = []
    left = git_settings.set_up(root, lambda question: asked.append(question) is not None, said.append)
    assert left == 1
    assert asked == ["diff.dgn.textconv is 'cat'; replace it with 'dungeon textconv'?"]
    assert said[0] == "added     .gitattributes: *.dgn diff=dgn"
    assert "left      diff.dgn.textconv = cat" in said
    assert "set       diff.dgn.command = dungeon diff" in said
    assert git_settings.config_value("diff.dgn.textconv", root) == "cat"

    said.clear()
    assert git_settings.set_up(root, lambda question: True, said.append) == 0
    assert said[:2] == ["kept      .gitattributes: *.dgn diff=dgn", "replaced  diff.dgn.textconv = dungeon textconv"]
    assert git_settings.config_value("diff.dgn.textconv", root) == "dungeon textconv"
