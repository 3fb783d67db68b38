"""``play --resume`` goes on with the record the file holds, as it was: every comment (above
a tag, after one, above a move, at a line's end, after the last move) and every written
checkpoint stays, and the turns played are added after them. A record written by hand or
by ``analyse -o`` loses nothing by being played on (issue 41, item 1)."""

from __future__ import annotations

import pytest
from pty_terminal import PROMPTING, terminal, turns_on_disk  # noqa: F401  (terminal is a fixture)

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.formatting import format_bytes
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse


def commented(game: str, seed: int, lines: list[str]) -> str:
    """The record of ``lines`` with comments everywhere a comment can be and, after the
    first turn, the checkpoint ``fmt --annotate`` writes."""
    session = Session(Setup(game, seed=seed))
    for line in lines:
        apply_line(session, line)
    annotated, problems = format_bytes(session.text().encode(), annotate=True)
    assert annotated is not None, problems
    out = ["# my header note"]
    for line in annotated.splitlines():
        if line.startswith('[Game "'):
            line += "  # the game"
        elif line.startswith("1. "):
            out.append("# the first turn: think")
            line += "  # fine"
        elif line.startswith(("2. ", "3. ")) or not line.strip():
            if line.strip():
                line = line[: line.index(" {")] if " {" in line else line  # only turn 1 keeps its checkpoint
        out.append(line)
    out.append("# stopped here for dinner")
    return "\n".join(out) + "\n"


def kept_in(text: str, original: str) -> None:
    """Every line of ``original`` is in ``text``, in the same order."""
    lines = iter(text.splitlines())
    for wanted in original.splitlines():
        assert any(line == wanted for line in lines), f"lost: {wanted!r}\nin:\n{text}"


@pytest.mark.parametrize("game", registry.names())
def test_resume_keeps_every_comment_and_checkpoint_and_adds_the_turns(run, tmp_path, game):
    sampled, lines = sample_game(registry.get(game), 5)
    half = max(2, len(lines) // 2)
    original = commented(game, 5, lines[:half])
    path = tmp_path / "half.dgn"
    path.write_text(original)
    result = run(["play", "--resume", str(path), "-o", str(path)], input="".join(f"{line}\n" for line in lines[half:]))
    assert result.exit_code == 0, result.stderr
    text = path.read_text()
    kept_in(text, original)
    assert parse(text)[0].moves[: len(parse(original)[0].moves)] == parse(original)[0].moves
    assert [m.split()[:1] for m in parse(text)[0].moves] == [m.split()[:1] for m in sampled.record().moves]
    assert parse(text)[0].tag_value("Result") == str(sampled.state.result())
    assert text.index("# stopped here for dinner") < text.index(f"\n{len(parse(original)[0].turns) + 1}. ")
    checked = run(["verify", "--seed-check", str(path)])
    assert checked.exit_code == 0, checked.stdout


def test_undo_into_a_kept_turn_writes_that_turn_anew_and_keeps_its_comment(tmp_path):
    path = tmp_path / "r.dgn"
    path.write_text(
        '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n# why x9c?\n2. (9c) Js 9d Qs : 9d xJs x9c  # hmm\n'
    )
    record = parse(path.read_text())[0]
    session = Session.from_record(record)
    session.keep(record)
    session.undo()
    apply_line(session, "9c")  # turn 2 finished another way
    text = session.text()
    assert "2. (9c) Js 9d Qs : 9d xJs 9c" in text
    assert "x9c  # hmm" not in text and "# why x9c?\n# hmm\n2." in text


def test_at_a_terminal_the_resumed_file_keeps_its_comments(terminal, tmp_path):  # noqa: F811
    game = registry.get("scoundrel")
    _, lines = sample_game(game, 4)
    original = commented("scoundrel", 4, lines[:3])
    path = tmp_path / "hand.dgn"
    path.write_text(original)
    term = terminal("play", "--resume", str(path))
    term.wait_for(lambda: PROMPTING in term.output)
    term.type(lines[3] + "\r")
    term.wait_for(lambda: turns_on_disk(path) == 4)
    term.type("quit\r")
    assert term.proc.wait(timeout=30) == 0
    kept_in(path.read_text(), original)
