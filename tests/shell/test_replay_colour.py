"""Colour on a terminal only: red hearts and diamonds when stdout is a terminal, none
in a pipe or with NO_COLOR set (checked on a real pseudo-terminal)."""

from __future__ import annotations

import io
import os

import pytest
from conftest import EXAMPLES, run_subprocess
from pty_terminal import Terminal

from dungeon_cli.shell.colour import RED, RESET, YELLOW, Paint, wanted

LOSS = EXAMPLES / "scoundrel-loss.dgn"


def test_paint_reddens_hearts_and_diamonds_only():
    text = "room: 9c 7h (5d) xKh Ts\n4 damage"
    painted = Paint(True).board(text)
    assert f"{RED}7h{RESET}" in painted and f"({RED}5d{RESET})" in painted and f"x{RED}Kh{RESET}" in painted
    assert "9c" in painted and f"{RED}9c" not in painted and f"{RED}Ts" not in painted
    assert f"{YELLOW}4 damage{RESET}" in painted  # damage stands out too
    assert Paint(False).board(text) == text


def test_colour_is_wanted_on_terminals_without_no_color(monkeypatch):
    master, slave = os.openpty()
    try:
        with open(slave, "w", closefd=False) as tty:
            monkeypatch.delenv("NO_COLOR", raising=False)
            assert wanted(tty)
            assert not wanted(io.StringIO())
            monkeypatch.setenv("NO_COLOR", "1")
            assert not wanted(tty)
            monkeypatch.setenv("NO_COLOR", "")  # empty means unset (no-color.org)
            assert wanted(tty)
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("no_color", [None, "1"])
def test_replay_on_a_terminal(tmp_path, no_color):
    env = dict(os.environ, TERM="xterm")
    env.pop("NO_COLOR", None)
    if no_color:
        env["NO_COLOR"] = no_color
    term = Terminal(["replay", str(LOSS)], tmp_path, env)
    try:
        term.wait_for(lambda: term.proc.poll() is not None)
    finally:
        term.close()
    shown = bytes(term.output).decode()
    assert "game over: loss -170" in shown
    assert (f"{RED}7d{RESET}" in shown) is (no_color is None)


def test_replay_in_a_pipe_is_plain():
    done = run_subprocess(["replay", str(LOSS)])
    assert done.returncode == 0
    assert b"\x1b[" not in done.stdout
