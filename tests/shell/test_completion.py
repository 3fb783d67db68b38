"""Shell completion offers file names where a command takes files (docs/shell.md says
so) and the bots that play the game named on the line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def complete(words: str) -> list[str]:
    env = {**os.environ, "_DUNGEON_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    done = subprocess.run([sys.executable, "-m", "dungeon_cli"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize(
    "words",
    [
        "dungeon verify ",
        "dungeon fmt ",
        "dungeon replay ",
        "dungeon summary ",
        "dungeon solve ",
        "dungeon cards check ",
    ],
)
def test_files_complete_where_files_are_taken(words):
    assert "file," in complete(words)


def test_bot_completes_with_the_bots_of_the_game():
    offered = complete("dungeon sim scoundrel --bot ")
    assert "plain,counting" in offered and "plain,random" in offered
    assert "plain,counting" not in complete("dungeon sim clear-the-dungeon --bot ")
