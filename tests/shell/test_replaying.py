"""``replay``'s work over a file as the command asks it of the shell (shell/replaying.py):
each record's text handed back as it is replayed, the exit status once all are seen, and
a move that is not there or a file that cannot be read a ``ReplayStop`` with its line."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from dungeon_cli.shell.colour import Paint
from dungeon_cli.shell.replaying import Replaying, ReplayStop

LEGAL = FIXTURES / "scoundrel" / "legal" / "death-mid-room.dgn"
ILLEGAL = FIXTURES / "scoundrel" / "illegal" / "action-after-death.dgn"


def test_each_record_is_one_text_and_an_illegal_one_makes_the_status_1(tmp_path):
    both = tmp_path / "both.dgn"
    both.write_bytes(LEGAL.read_bytes() + b"\n" + ILLEGAL.read_bytes())
    run = Replaying(str(both), "both.dgn", Paint(False))
    texts = list(run.boards(None))
    assert len(texts) == 2 and texts[1].startswith("\n") and "error: Qs: the game is over" in texts[1]
    assert run.status == 1
    legal = Replaying(str(LEGAL), "legal.dgn", Paint(False))
    assert len(list(legal.boards(1))) == 1 and legal.status == 0


def test_a_file_with_no_record_is_said_with_status_1(tmp_path):
    empty = tmp_path / "empty.dgn"
    empty.write_text("# nothing\n")
    run = Replaying(str(empty), "empty.dgn", Paint(False))
    assert list(run.boards(None)) == ['empty.dgn:1:1: error: no record in this file: a record starts with [Game "..."]']
    assert run.status == 1


def test_a_move_that_is_not_there_and_a_missing_file_stop_the_replay():
    with pytest.raises(ReplayStop, match=r"^dungeon replay: error: legal.dgn:\d+: the record has no move 999 \(moves 1-"):
        list(Replaying(str(LEGAL), "legal.dgn", Paint(False)).boards(999))
    with pytest.raises(ReplayStop, match="^dungeon replay: error: .*no such file"):
        list(Replaying(str(FIXTURES / "nosuch.dgn"), "nosuch.dgn", Paint(False)).boards(None))
