"""``play`` at a terminal whose history file is a FIFO (or a device) plays on without it
(issue 41, item 15): it hung for good, quit and Ctrl-C doing nothing."""

from __future__ import annotations

import os

from pty_terminal import PROMPTING, terminal  # noqa: F401  (the fixture)


def test_a_history_that_is_a_fifo_is_passed_over_with_a_warning(terminal, tmp_path):  # noqa: F811
    history = tmp_path / "data" / "dungeon" / "history"
    history.mkdir(parents=True)
    os.mkfifo(history / "scoundrel")
    term = terminal("play", "scoundrel", "--seed", "3", "-o", str(tmp_path / "g.dgn"))
    term.wait_for(lambda: PROMPTING in term.output)
    term.type("run\r")
    term.wait_for(lambda: term.output.count(PROMPTING) >= 2)
    term.type("quit\r")
    assert term.proc.wait(timeout=30) == 0
    shown = bytes(term.output).decode(errors="replace")
    assert "history" in shown and "not a regular file" in shown
    assert "1. Ac 8h 2s 7s : run" in (tmp_path / "g.dgn").read_text()
