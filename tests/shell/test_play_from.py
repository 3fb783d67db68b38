"""``dungeon play --from FILE@MOVE[.ACTION]`` (issue 36): a game goes on from any point
of a record, dealt as its seed deals, shuffled afresh, or typed, and its record is a
positioned record (NOTATION.md section 9) that verifies."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from dungeon_cli.services.referee import check
from notation import parse

RUNS = FIXTURES / "scoundrel" / "legal" / "runs.dgn"  # seed 0; move 3: 8s 6c 9c Ks : x9c x8s x6c


def played(run, args, lines):
    result = run(["play", *args], input="".join(line + "\n" for line in lines))
    (record,) = parse(result.stdout)
    return result, record


def test_from_a_turn_s_start_the_seed_deals_on_as_it_dealt(run):
    result, record = played(run, ["--from", f"{RUNS}@13"], ["3s 2h 4c", "run"])
    assert result.exit_code == 0, result.output
    assert record.tag_value("Seed") == "0" and record.position is not None
    assert [(m.number, m.rest, [t.text for t in m.dealt]) for m in record.moves] == [
        (13, False, ["4c", "3s", "2h", "Qc"]),  # the deal of runs.dgn's move 13
        (14, False, ["(Qc)", "Qs", "Jc", "8c"]),
    ]
    assert check(record).legal


def test_from_inside_a_turn_the_record_starts_with_the_rest_of_it(run):
    result, record = played(run, ["--from", f"{RUNS}@3.1"], ["x8s 6c"])
    assert result.exit_code == 0, result.output
    first = record.moves[0]
    assert (first.number, first.rest, [t.text for t in first.actions]) == (3, True, ["x8s", "6c"])
    assert "room=8s,6c,Ks" in record.position.value and "resolved=1" in record.position.value
    verdict = check(record)
    assert verdict.legal, verdict.diagnostics


def test_a_seed_shuffles_the_unseen_cards_afresh_the_same_on_every_run(run):
    _, once = played(run, ["--from", f"{RUNS}@13", "--seed", "1"], [])
    _, again = played(run, ["--from", f"{RUNS}@13", "--seed", "1"], [])
    _, other = played(run, ["--from", f"{RUNS}@13", "--seed", "2"], [])
    assert once.position.value == again.position.value != other.position.value
    assert once.tag("Seed") is None  # the record is dealt from its position, not from a seed
    # what the player saw go under the dungeon stays where it went
    assert once.position.value.split("|")[1] == other.position.value.split("|")[1]
    assert check(once).legal


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["--from", f"{RUNS}"], 2, "FILE@MOVE"),
        (["--from", f"{RUNS}@x"], 2, "is not a point"),
        (["--from", f"{RUNS}@99"], 1, "has no move 99"),
        (["--from", f"{RUNS}@3.9"], 1, "3.9 is past its end"),
        (["--from", f"{RUNS}@3", "scoundrel"], 2, "cannot take GAME"),
        (["--from", f"{RUNS}@3", "--resume", str(RUNS)], 2, "cannot take --resume"),
    ],
)
def test_a_point_that_is_not_in_the_record_is_refused_with_words(run, args, status, words):
    result = run(["play", *args], input="")
    assert result.exit_code == status
    assert words in result.output


def test_a_positioned_record_resumed_writes_back_the_draws_before_its_first_decision():
    """A position cut between a kill and its reveal (Clear the Dungeon's ``6... ^Js``):
    the session that goes on from it writes the reveal back in its place (found by the
    fuzz laws: the record it wrote had lost it)."""
    from dungeon_cli.services.session import Session

    (record,) = parse((FIXTURES / "clear-the-dungeon" / "legal" / "position-after-kill.dgn").read_text())
    written = Session.from_record(record, seeded=False).record()
    assert [t.text for t in written.moves[0].actions][:1] == [t.text for t in record.moves[0].actions][:1]
    assert written.moves[0].actions[0].text.startswith("^")
    assert check(written).legal


def _rest_fixtures():
    """Every game's legal records that start from a Position inside a turn (``N...``)."""
    for path in sorted(FIXTURES.glob("*/legal/*.dgn")):
        for record in parse(path.read_text(encoding="utf-8")):
            if record.position is not None and record.moves and record.moves[0].rest:
                yield pytest.param(record, id=f"{path.parent.parent.name}/{path.name}")


@pytest.mark.parametrize("record", list(_rest_fixtures()))
def test_every_positioned_record_resumed_writes_its_first_move_back_as_it_was(record):
    """The session that goes on from a position inside a turn writes that turn back as the
    record had it, and what it writes verifies alike: the draws before the first decision
    once, in their place, whether the game writes them before its actions (Clear the
    Dungeon's ``6... ^Js``) or among them (Cassette's ``3... ^fog``; found by the fuzz
    laws: the record it wrote had the reveal twice, and did not verify)."""
    from dungeon_cli.services.session import Session

    verdict = check(record)
    assert verdict.legal, verdict.diagnostics
    written = Session.from_record(record, seeded=False).record()
    assert [t.text for t in written.moves[0].actions] == [t.text for t in record.moves[0].actions]
    again = check(written)
    assert again.legal and again.result == verdict.result, again.diagnostics
