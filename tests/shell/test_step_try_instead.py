"""``replay --step``: ``T`` tries the move shown another way, from the board before it, so
that move 1 of a record with no ``deal:`` line (whose first page is the board after move
1: there is no page before it for ``t``) and the first move of a record from a Position
can be played otherwise too. What is played is kept as a variation of that move, in
every registered game, the toy game's included (docs/shell.md)."""

from __future__ import annotations

import random

import pytest
from conftest import FIXTURES
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from random_play import play_randomly

from dungeon_cli import registry
from dungeon_cli.services.referee import check
from dungeon_cli.shell.colour import Paint
from dungeon_cli.shell.replay_frames import Replay
from dungeon_cli.shell.sample import sample_game
from dungeon_cli.shell.step_tree import step_through
from notation import parse


def _one_move_otherwise(pipe, rng: random.Random, played: list):
    """The play prompt's stand-in: one whole move of random legal choices, saved, then q."""

    def play(session, saved, text):
        played.append((session.state.turn, session.count == session.floor))
        start = len(session.turns)
        play_randomly(session, rng, lambda: len(session.turns) != start)
        saved.save(text())
        pipe.send_text("q")
        return True

    return play


def _step(records, keys: str, out, rng: random.Random) -> list:
    played: list = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        step_through(
            records,
            lambda rs: (Replay(r) for r in rs),
            "game.dgn",
            Paint(False),
            str(out),
            False,
            _one_move_otherwise(pipe, rng, played),
            pipe,
            DummyOutput(),
        )
    return played


@pytest.mark.parametrize("game", registry.names())
def test_T_at_move_1_plays_move_1_otherwise_in_every_game(game, tmp_path):
    session, _ = sample_game(registry.get(game), 3, 3)
    (record,) = parse(session.text())
    first = next(i for i, move in enumerate(record.moves) if not move.is_deal)
    out = tmp_path / "tried.dgn"
    # the first page is move 1's board (or the deal: line's, then move 1's)
    played = _step([record], "n" * first + "T", out, random.Random(1))
    assert played == [(1, True)]  # the decision of move 1 due, its deal as the record has it
    (saved,) = parse(out.read_text())
    (variation,) = saved.moves[first].variations
    assert variation[0].number == 1
    assert [len(m.variations) for i, m in enumerate(saved.moves) if i != first] == [0] * (len(saved.moves) - 1)
    verdict = check(saved, seed_check=True)
    assert verdict.legal, (verdict.diagnostics, out.read_text())


def test_T_on_the_deal_line_says_there_is_nothing_to_try(tmp_path, capsys):
    session, _ = sample_game(registry.get("clear-the-dungeon"), 3, 3)
    (record,) = parse(session.text())
    assert record.moves[0].is_deal
    played = _step([record], "T" + "q", tmp_path / "tried.dgn", random.Random(1))
    assert played == []
    assert "cannot try here: the setup is chance alone: there is nothing to try" in capsys.readouterr().out
    assert not (tmp_path / "tried.dgn").exists()


def test_T_at_the_first_move_of_a_record_from_a_position_inside_a_turn(tmp_path):
    source = FIXTURES / "scoundrel" / "legal" / "position-table-mid-turn.dgn"
    (record,) = parse(source.read_text())
    assert record.position is not None and record.moves[0].rest
    out = tmp_path / "tried.dgn"
    played = _step([record], "T", out, random.Random(2))
    assert played == [(record.moves[0].number, True)]
    (saved,) = parse(out.read_text())
    (variation,) = saved.moves[0].variations
    assert variation[0].rest and variation[0].number == record.moves[0].number  # N... as the move it replaces
    assert check(saved).legal, out.read_text()
