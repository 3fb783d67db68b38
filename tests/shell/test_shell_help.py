"""``help`` at the prompt: the moves in a column as wide as the moves that fit it, and
one line a target where a choice differs only in a value the player picks (issue 40)."""

from __future__ import annotations

import io

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.shell.interactive import PlayShell
from dungeon_cli.shell.line import apply_line


def help_after(game: str, seed: int, lines: list[str]) -> list[str]:
    session = Session(Setup(game, seed=seed))
    for line in lines:
        apply_line(session, line)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("help\rquit\r")
        pipe.close()
        PlayShell(session, None, out, input=pipe, output=DummyOutput()).run()
    text = out.getvalue()
    start = text.index("your moves (several")
    return text[start : text.index("commands:", start)].splitlines()[1:]


def test_one_long_move_does_not_push_every_description_to_its_width():
    """Cassette, seed 7, the mage in room 3: the run of penalties (49 characters) padded
    every description to column 53; the column follows the moves that fit it, a longer
    move has its description on the next line, and no line is wider than 78."""
    shown = help_after("cassette-dungeons", 7, ["@mage", ">3"])
    assert "  *w         pick up and roll w" in shown
    run = shown.index("  ~zombie.1 ~zombie.2 ~zombie.3 ~kobold.1 ~kobold.2")
    assert shown[run + 1].startswith(" " * 13 + "this turn's step: zombie's empty slot 1: hurt 1;")
    assert all(len(line) <= 78 for line in shown), shown


def test_a_jokers_values_are_one_line_a_target_with_the_least_value_enough():
    """Clear the Dungeon, seed 1, turn 3 (JK 9c 4d in hand): help listed every value of
    the joker as its own move (nine lines for Jc and Qc). The attacks that spend the same
    cards on the same target do the same: one line each, with the least value enough."""
    shown = help_after("clear-the-dungeon", 1, ["-", "Ks Ts+6s 3s"])
    moves = [line.split()[0] for line in shown if line.startswith("  ") and line[2] != " "]
    assert moves == ["Qh", "Qs", "Jc", "Qc", "-"], shown
    assert any(line.startswith("  Jc JK=7+4d 9c  kill Jc (11 >= 11)") for line in shown), shown
    assert any(line.startswith("  Qc JK=8+4d 9c  kill Qc (12 >= 12)") for line in shown), shown
    assert "column 3 turns up its next card; 4 more ways to write it (Tab lists them)" in " ".join(" ".join(shown).split())
