"""The main line's ``Result`` is the main line's (NOTATION.md section 9): nothing in a
variation changes it, in every registered game and the toy game. A finished game with a
variation that ends otherwise verifies to the main line's result; a ``Result`` that
states the variation's end is wrong, at the tag; and a main line left unfinished stays
unfinished however its variation ends."""

from __future__ import annotations

import copy
import random

import pytest
from random_play import play_randomly

from dungeon_cli import registry
from dungeon_cli.services.referee import check
from dungeon_cli.services.session import Session
from dungeon_cli.shell.sample import sample_game
from notation import Move, Record, Tag, parse, write


def _to_the_end(record: Record, index: int, rng: random.Random) -> list[Move]:
    """A line tried instead of move ``index``, dealt as the seed deals, played by random
    choices to the game's end."""
    session = Session.from_record(Record(tags=record.tags, moves=record.moves[:index]), seeded=True)
    play_randomly(session, rng, lambda: False)
    return session.record().moves[index:]


def _ending_otherwise(game: str) -> tuple[Record, int, str, str]:
    """A finished seeded game, and a variation of one of its moves that ends with another
    result: (the record with it, the move's index, the main line's result, the line's)."""
    for seed in range(30):
        session, _ = sample_game(registry.get(game), seed, seed)
        (record,) = parse(session.text())
        main = str(check(record).result)
        rng = random.Random(seed)
        numbered = [i for i, move in enumerate(record.moves) if not move.is_deal]
        for index in reversed(numbered[-5:-1]):  # not the last: the main line can stop after it unfinished
            line = _to_the_end(record, index, rng)
            tried = copy.deepcopy(record)
            tried.moves[index].variations.append(line)
            alone = Record(tags=record.tags, moves=record.moves[:index] + line)
            other = str(check(alone).result)
            if line and line[0].split() != record.moves[index].split() and other != main:
                (again,) = parse(write([tried]))
                return again, index, main, other
    raise AssertionError(f"{game}: no variation that ends otherwise in 30 games")


def _with_result(record: Record, value: str) -> Record:
    tags = [t for t in record.tags if t.name != "Result"] + [Tag("Result", value)]
    (again,) = parse(write([Record(tags=tags, moves=record.moves)]))
    return again


@pytest.mark.parametrize("game", registry.names())
def test_a_variation_that_ends_otherwise_changes_nothing_of_the_result(game):
    record, index, main, other = _ending_otherwise(game)
    verdict = check(_with_result(record, main), seed_check=True)
    assert verdict.legal, verdict.diagnostics
    assert str(verdict.result) == main
    wrong = _with_result(record, other)
    verdict = check(wrong, seed_check=True)
    tag = wrong.tag("Result")
    assert [(d.line, d.col) for d in verdict.diagnostics] == [(tag.line, tag.value_col)], verdict.diagnostics
    # the main line cut before the move the variation replaces: unfinished, the variation's end aside
    tags = [t for t in record.tags if t.name != "Result"]
    (unfinished,) = parse(write([Record(tags=tags, moves=record.moves[: index + 1])]))
    verdict = check(unfinished, seed_check=True)
    assert verdict.legal and verdict.state is not None and not verdict.state.is_over
    verdict = check(_with_result(unfinished, other), seed_check=True)
    assert not verdict.legal and "the game is not over" in verdict.diagnostics[0].message
