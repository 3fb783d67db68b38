"""``analyse`` of a record that is a tree, for every registered game and the toy game
(notation/SPEC.md, "Analysis comments": a tree is judged along its main line). The
judgements are the main line's alone, the same as of the record without its
variations; ``-o`` keeps every variation the record had, beside the better lines it
writes, and the record written verifies (under ``--seed-check`` too). RPG solitaire's
records with variations, seeded and at a table, run through the command itself."""

from __future__ import annotations

import copy

import pytest
from game_fixtures import fixtures

from dungeon_cli import analysis, registry
from dungeon_cli.services.referee import check
from notation import Record, parse, write


def _tree(game: str) -> Record:
    for path in fixtures(game, "legal"):
        records = parse(path.read_text(encoding="utf-8"))
        for record in records:
            if any(move.variations for move in record.moves):
                return record
    raise AssertionError(f"{game} has no legal fixture with variations")


def _bare(record: Record) -> Record:
    bare = copy.copy(record)
    bare.moves = [copy.copy(move) for move in record.moves]
    for move in bare.moves:
        move.variations = []
    return bare


def _variations(record: Record) -> list[str]:
    """Every variation of the record, as written, but for those an analysis wrote."""
    out = []
    for move in record.moves:
        for variation in move.variations:
            comment = variation[0].segments[-1][1] or ""
            if "analyse: better" not in comment:
                out.append(write([Record(tags=[], moves=variation)]))
    return out


def _judged(record: Record, first: int):
    return analysis.analyse(record, samples=3, seconds=None, first_move=first, nodes=1_000)


@pytest.mark.parametrize("game", registry.names())
def test_a_tree_is_judged_along_its_main_line_and_keeps_its_variations(game):
    record = _tree(game)
    first = min(m.number for m in record.moves if m.variations and m.number is not None)  # (a few moves judged: time)
    found = _judged(record, first)
    alone = _judged(_bare(record), first)
    assert found.judgements, "nothing judged"
    assert [(j.move, j.action, j.mark, j.best, j.played) for j in found.judgements] == [
        (j.move, j.action, j.mark, j.best, j.played) for j in alone.judgements
    ]
    main = {m.line for m in record.moves}
    assert all(j.line in main for j in found.judgements)  # no move of a variation is judged
    out = write([analysis.annotate(found)])
    (written,) = parse(out)
    assert _variations(written) == _variations(record)  # the record's own lines, as they were
    assert written.errors == [] and write([written]) == out
    verdict = check(written, seed_check=written.tag("Seed") is not None)
    assert verdict.legal, (verdict.diagnostics, out)


@pytest.mark.parametrize("name", ["variations-seeded.dgn", "variations-table.dgn"])
def test_analyse_o_of_an_rpg_record_with_variations(run, tmp_path, name):
    source = next(p for p in fixtures("rpg-solitaire", "legal") if p.name == name)
    out = tmp_path / "judged.dgn"
    result = run(["analyse", str(source), "--samples", "3", "--limit", "1k", "--from", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (before,) = parse(source.read_text())
    (after,) = parse(out.read_text())
    assert _variations(after) == _variations(before)
    assert any("analyse: better" in (v[0].segments[-1][1] or "") for m in after.moves for v in m.variations)
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0
    assert run(["fmt", "--check", str(out)]).exit_code == 0


@pytest.mark.parametrize("game", registry.names())
def test_at_a_table_every_better_line_says_how_it_was_found_and_verifies(game):
    """A record with no Seed (played at a table), a decision of it made a blunder by hand:
    its better line is written, whichever game, and the record verifies with it."""
    from dungeon_cli.analysis import Fair
    from dungeon_cli.services.move_classes import MoveClass
    from dungeon_cli.services.simulate import Spec, play

    text = play(Spec(game, "greedy", None, records=True), 2).record
    text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Seed"))
    (record,) = parse(text)
    last = max(m.number for m in record.moves if m.number is not None)
    found = analysis.analyse(record, samples=3, seconds=0.3, first_move=max(last - 2, 1), nodes=1_000)
    module = found.verdict.module
    j = next(j for j in found.judgements if len(j.position["before"].legal_actions()) > 1)
    other = next(a for a in reversed(j.position["before"].legal_actions()) if a != j.position["action"])
    j.cls, j.mark = MoveClass.BLUNDER, "??"
    j.played = Fair(j.action, 0, 3, 0.0)
    j.best = Fair(module.notation.action_text(j.position["seen"], other), 3, 3, 1.0, line=(other,))
    out = write([analysis.annotate(found)])
    (written,) = parse(out)
    lines = [v for m in written.moves if m.number == j.move for v in m.variations]
    comments = [v[0].segments[-1][1] or "" for v in lines]
    assert any(c.startswith(f"# analyse: better {j.best.choice}: ") for c in comments), out
    assert all(c.endswith(("the solver's line, the deal known", "(what chance deals in it: a sample)")) for c in comments)
    verdict = check(written)
    assert verdict.legal, (verdict.diagnostics, out)
