"""``analyse -o`` writes the better choice of each inaccuracy, mistake and blunder as a
variation of its move, with the rest of that turn (notation/SPEC.md, "Analysis
comments", the better line): the solver's line when the deal is known, which verifies
under ``--seed-check``; the strong player's line otherwise, its chance a sample. For
every game and the toy game. (A decision is made a blunder by hand here, its better
choice another legal one: the line's writing, whatever the sampled figures.)"""

from __future__ import annotations

import pytest
from conftest import FIXTURES, TESTS

from dungeon_cli import analysis, registry
from dungeon_cli.analysis import Fair
from dungeon_cli.services.move_classes import MoveClass, record_notes
from dungeon_cli.services.referee import check
from dungeon_cli.services.simulate import Spec, play
from notation import parse, write


def _record(game: str, seeded: bool = True) -> tuple[str, int]:
    text = play(Spec(game, "greedy", None, records=True), 2).record
    if not seeded:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("[Seed")) + "\n"
    last = max(m.number for m in parse(text)[0].moves if m.number is not None)
    return text, last


def _blundered(text: str, first: int):
    """The record analysed from move ``first``, its first decision with another legal
    choice made a blunder in favour of that choice: (analysis, the judgement)."""
    found = analysis.analyse(parse(text)[0], samples=4, seconds=0.3, first_move=first, nodes=2_000)
    module = found.verdict.module
    for j in found.judgements:
        decision = j.position
        others = [a for a in decision["before"].legal_actions() if a != decision["action"]]
        if others:
            other = others[-1]
            j.cls, j.mark = MoveClass.BLUNDER, "??"
            j.played = Fair(j.action, 0, 4, 0.0)
            j.best = Fair(module.notation.action_text(decision["seen"], other), 4, 4, 1.0, line=(other,))
            return found, j
    raise AssertionError("no decision with a second choice")


def _lines(record):
    return [(move, v) for move in record.moves for v in move.variations]


@pytest.mark.parametrize("game", registry.names())
def test_a_blunders_better_line_is_a_variation_that_verifies_with_its_seed(game):
    text, last = _record(game)
    found, j = _blundered(text, last - 2)
    out = write([analysis.annotate(found)])
    record = parse(out)[0]
    ((move, variation),) = [(m, v) for m, v in _lines(record) if m.line == j.line or m.number == j.move]
    assert move.number == j.move and variation[0].number == j.move
    assert variation[0].dealt == move.dealt and not variation[0].rest or move.rest
    assert j.best.choice in " ".join(t.text for t in variation[0].actions)
    comment = variation[0].segments[-1][1]
    assert comment.startswith(f"# analyse: better {j.best.choice}: ")
    # the class is still named on the move, and the record verifies, its variation dealt as the seed deals
    assert any(n.cls is MoveClass.BLUNDER and n.action == j.action for n in record_notes(record))
    verdict = check(record, seed_check=True)
    assert verdict.legal, (verdict.diagnostics, out)
    assert write(parse(out)) == out  # canonical: fmt leaves it as it is


@pytest.mark.parametrize("game", ["scoundrel", "rpg-solitaire", "toy"])
def test_without_its_seed_the_line_is_the_strong_players_and_verifies(game):
    text, last = _record(game, seeded=False)
    found, j = _blundered(text, last - 2)
    out = write([analysis.annotate(found)])
    record = parse(out)[0]
    (variation,) = [v for _, v in _lines(record)]
    assert check(record).legal, (check(record).diagnostics, out)
    comment = variation[0].segments[-1][1]
    if game == "scoundrel":  # every card shown: the solver knows the deal
        assert comment.endswith("the solver's line, the deal known")
    else:
        assert comment.endswith("the strong player's line (what chance deals in it: a sample)")


def test_an_analysis_run_again_replaces_its_own_lines_and_keeps_a_players():
    text, last = _record("scoundrel")
    found, j = _blundered(text, last - 2)
    once = write([analysis.annotate(found)])
    lines = once.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{j.move}. "))
    played = lines[at].split("  #")[0]
    lines.insert(at + 1, f"  ( {played} )  # my own try")  # the move again, as a player's variation
    again, j2 = _blundered("\n".join(lines) + "\n", last - 2)
    assert j2.move == j.move
    twice = write([analysis.annotate(again)])
    assert twice.count("# analyse: better") == 1
    assert "# my own try" in twice


def test_the_lines_are_written_by_analyse_o(run, tmp_path):
    """``-o``: the command writes what ``annotate`` makes, the spec's record (two falls,
    two lines) verifying under ``--seed-check``."""
    src = tmp_path / "lost.dgn"
    src.write_text(
        '[Game "scoundrel"]\n[Seed "7"]\n\n1. 9c 7h 2c 3c : 2c 3c 7h\n2. (9c) Js 9d Qs : 9d xJs x9c\n3. (Qs) 4c Qc 8d : run\n'
    )
    out = tmp_path / "judged.dgn"
    assert run(["analyse", str(src), "--samples", "100", "--limit", "100k", "-o", str(out)]).exit_code == 0
    text = out.read_text()
    assert "  ( 1. 9c 7h 2c 3c : run )  # analyse: better run: the solver's line, the deal known" in text
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0


POSITIONED = sorted(
    [*FIXTURES.glob("*/legal/position-*.dgn"), *(TESTS / "support" / "toy_game" / "fixtures" / "legal").glob("position-*.dgn")]
)


@pytest.mark.parametrize("path", POSITIONED, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_positioned_records_better_line_starts_where_its_move_does(path):
    """A record from a Position: the line of a decision in its first move is the rest of
    that turn too (``N...``), and verifies from the position."""
    text = path.read_text(encoding="utf-8")
    try:
        found, j = _blundered(text, 0)
    except AssertionError:  # (the toy game's cut at a choice of one: nothing to do better)
        pytest.skip("no decision with a second choice")
    record = parse(write([analysis.annotate(found)]))[0]
    # the blunder made here; the analysis may find falls of its own later in the record
    ((move, variation),) = [(m, v) for m, v in _lines(record) if m.number == j.move][:1]
    assert variation[0].rest == move.rest and variation[0].number == move.number
    verdict = check(record, seed_check=True)
    assert verdict.legal, verdict.diagnostics
