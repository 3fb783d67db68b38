"""After --resume, one `undo` takes back one action (the last of the saved turns), at a
real terminal, as it does in a game played from the start; what is left of that turn can
be played on."""

from __future__ import annotations

from pty_terminal import PROMPTING, terminal  # noqa: F401  (the fixture)

RECORD = '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n2. (9c) Js 9d Qs : 9d xJs x9c\n'


def test_undo_after_resume_takes_back_one_action(terminal, tmp_path):  # noqa: F811
    path = tmp_path / "r.dgn"
    path.write_text(RECORD)
    term = terminal("play", "--resume", str(path))
    term.wait_for(lambda: PROMPTING in term.output)
    term.type("undo\r")
    term.wait_for(lambda: term.output.count(PROMPTING) >= 2)
    shown = bytes(term.output).decode(errors="replace")
    assert "took back x9c" in shown and "took back 9d" not in shown
    term.type("x9c\r")  # the same action again finishes turn 2 as it was
    term.wait_for(lambda: term.output.count(PROMPTING) >= 3)
    term.type("quit\r")
    assert term.proc.wait(timeout=30) == 0
    assert "2. (9c) Js 9d Qs : 9d xJs x9c" in path.read_text()
