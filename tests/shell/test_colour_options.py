"""TERM=dumb means no colour, at a real terminal; --color and --no-color decide over
everything else."""

from __future__ import annotations

import os

import pytest
from conftest import EXAMPLES, run_subprocess
from pty_terminal import Terminal

from dungeon_cli.shell.colour import RED, RESET

LOSS = EXAMPLES / "scoundrel-loss.dgn"


def on_terminal(args, tmp_path, **env_changes) -> str:
    env = {**os.environ, "TERM": "xterm", **env_changes}
    env.pop("NO_COLOR", None)
    term = Terminal(args, tmp_path, env)
    try:
        term.wait_for(lambda: term.proc.poll() is not None)
    finally:
        term.close()
    return bytes(term.output).decode()


def test_term_dumb_is_plain_at_a_terminal(tmp_path):
    shown = on_terminal(["replay", str(LOSS)], tmp_path, TERM="dumb")
    assert "game over: loss -170" in shown and "\x1b[" not in shown


@pytest.mark.parametrize("flag,coloured", [("--no-color", False), ("--color", True)])
def test_the_flags_decide_at_a_terminal(tmp_path, flag, coloured):
    shown = on_terminal([flag, "replay", str(LOSS)], tmp_path)
    assert (f"{RED}7d{RESET}" in shown) is coloured


def test_color_in_a_pipe(tmp_path):
    done = run_subprocess(["--color", "replay", str(LOSS)])
    assert f"{RED}7d{RESET}".encode() in done.stdout


def test_top_level_help_lines_are_whole_sentences(run):
    from dungeon_cli.cli import COMMANDS, SHORT, game_commands

    assert set(SHORT) == set(COMMANDS)
    lines = run(["--help"]).stdout.split("Commands:")[1].strip().splitlines()
    assert len(lines) == len(COMMANDS) + len(game_commands())  # a game's own say theirs
    for line in lines:
        text = line.split(None, 1)[1]
        assert text[0].isupper() and text.endswith(".") and not text.endswith("..."), line
