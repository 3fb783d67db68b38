"""``dungeon replay`` of a record as a tree (NOTATION.md section 9), at the terminal:
each variation shown after the move it is tried instead of, indented, its moves with
what their turns did and how the line ends; a positioned record starts with the board
its Position gives. For a fixture of every game, the toy game's included."""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from game_fixtures import fixtures

from dungeon_cli import registry
from dungeon_cli.shell.replay_frames import Replay, move_text
from notation import parse

TREES = [p for game in registry.names() for p in fixtures(game, "legal") if p.name.startswith("variations")]
POSITIONED = [p for game in registry.names() for p in fixtures(game, "legal") if p.name.startswith("position-")]


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_a_record_with_variations_and_a_positioned_one(game):
    names = [p.name for p in fixtures(game, "legal")]
    assert any(n.startswith("variations") for n in names) and any(n.startswith("position-") for n in names)


@pytest.mark.parametrize("path", TREES, ids=lambda p: "/".join(p.parts[-4:-2] + (p.name,)))
def test_each_variation_is_shown_after_its_move_with_what_it_did(run, path):
    text = path.read_text(encoding="utf-8")
    result = run(["replay", "-"], input=text)
    assert result.exit_code == 0, result.output
    records = parse(text)
    titles = [result.stdout.index(f"<stdin>:{r.line}: ") for r in records] + [len(result.stdout)]
    for record, begin, end in zip(records, titles, titles[1:]):
        _shows_its_variations(record, result.stdout[begin:end])


def _shows_its_variations(record, out: str) -> None:
    shown = 0
    for depth, move in record.walk_tree():
        for index, line in enumerate(move.variations, start=1):
            label = "deal" if move.is_deal else f"move {move.number}"
            head = f"( variation {index} of {label}, instead of the move above:"
            at = out.index(move_text(move))
            start = out.index(head, at)
            if depth == 0:  # after the main-line move's board, before the next main-line move
                following = [m for m in record.moves if m.line > move.line]
                if following:
                    assert start < out.index("\n" + move_text(following[0]), at)
            margin = start - (out.rindex("\n", 0, start) + 1)
            assert margin == 2 + 4 * depth  # a line's moves two deeper than its head, its variations two more
            for child in line:  # every move of the line, one step deeper, and its turn in words
                assert "\n" + " " * (margin + 2) + move_text(child) + "\n" + " " * (margin + 4) + "turn " in out[start:]
            shown += 1
    assert out.count("( variation ") == shown
    ends = [
        row
        for row in out.splitlines()
        if row.startswith("  ") and row.endswith(" )") and ("result: " in row or "unfinished: " in row)
    ]
    assert len(ends) == shown  # each line says how it ends


def test_a_variation_that_breaks_a_rule_stops_there_and_the_record_is_illegal(run):
    path = FIXTURES / "scoundrel" / "illegal" / "variation-illegal-move.dgn"
    result = run(["replay", str(path)])
    assert result.exit_code == 1
    out = result.stdout
    block = out[out.index("( variation 1 of move 1") :]
    assert block.splitlines()[1:3] == ["    1. 9h Qs 7d As : 9h xAs 7d", "      replay of this line stopped here )"]
    assert "2. (Qs) Jc 8c 2c : run" in block  # the main line goes on
    verify = run(["verify", str(path)])
    assert out.rstrip("\n").endswith(verify.stdout.rstrip("\n"))


def test_a_record_without_variations_shows_none():
    (record,) = parse('[Game "scoundrel"]\n\n1. 9h Qs 7d As : 7d xAs 9h\n')
    rp = Replay(record)
    assert rp.lines == {} and rp.variations_text(rp.frames[0]) == []


@pytest.mark.parametrize("path", POSITIONED, ids=lambda p: "/".join(p.parts[-4:-2] + (p.name,)))
def test_a_positioned_record_starts_from_its_position(run, path):
    text = path.read_text(encoding="utf-8")
    (record,) = parse(text)
    rp = Replay(record)
    assert rp.legal
    start = rp.start
    assert start is not None
    result = run(["replay", "-"], input=text)
    assert result.exit_code == 0, result.output
    title, first = result.stdout.split("\n", 2)[:2]
    assert first == f"position: turn {start.turn} (the record starts here, from its Position tag)"
    assert rp.module is not None
    board = rp.module.render(start)
    assert result.stdout.index(board) < result.stdout.index(move_text(record.moves[0]))
    # --move 0 is that board too
    zero = run(["replay", "-", "--move", "0"], input=text)
    assert zero.exit_code == 0 and board in zero.stdout
