"""``analyse`` and ``hint`` of a record from a Position (NOTATION.md section 9): the
player's view starts where the position stands, not at the deal, for every game and the
toy game (it was a wrong rule error at the first decision: the view replayed the
position's moves on a fresh deal)."""

from __future__ import annotations

import io

import pytest
from conftest import FIXTURES, TESTS
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli import analysis, registry
from dungeon_cli.analysis.hint import hint
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.session import Session
from dungeon_cli.shell.interactive import PlayShell
from notation import parse

POSITIONED = sorted(
    [
        *(FIXTURES.glob("*/legal/position-*.dgn")),
        *((TESTS / "support" / "toy_game" / "fixtures" / "legal").glob("position-*.dgn")),
    ]
)


def _name(path):
    return f"{path.parent.parent.name}/{path.stem}"


def test_every_game_has_a_positioned_fixture():
    games = {parse(path.read_text(encoding="utf-8"))[0].game for path in POSITIONED}
    assert games == set(registry.names())


@pytest.mark.parametrize("path", POSITIONED, ids=_name)
def test_a_positioned_record_is_judged_from_its_position(path, run):
    record = parse(path.read_text(encoding="utf-8"))[0]
    found = analysis.analyse(record, samples=4, seconds=0.3, nodes=2_000)
    assert found.verdict.legal, found.verdict.diagnostics
    assert found.judgements and all(j.best is not None and j.played is not None for j in found.judgements)
    first = record.moves[0].number
    assert first <= found.judgements[0].move <= first + 1  # (a rest of a turn may hold its draws alone)
    result = run(["analyse", str(path), "--samples", "4", "--limit", "2k"])
    assert result.exit_code == 0, result.output
    assert "error" not in result.output


@pytest.mark.parametrize(
    "path",
    [
        FIXTURES / "scoundrel" / "legal" / "position-seeded.dgn",
        FIXTURES / "clear-the-dungeon" / "legal" / "position-seeded-turn-start.dgn",
    ],
    ids=_name,
)
def test_a_position_whose_piles_are_in_known_order_is_judged_in_hindsight(path):
    """A seeded game cut by ``dungeon cut`` knows its deal: the solver judges from there."""
    found = analysis.analyse(parse(path.read_text(encoding="utf-8"))[0], samples=4)
    assert found.hindsight_note is None
    assert all(j.before is not None and j.after is not None for j in found.judgements)


def test_a_position_set_up_at_a_table_says_why_there_is_no_hindsight():
    path = FIXTURES / "scoundrel" / "legal" / "position-table-mid-turn.dgn"
    found = analysis.analyse(parse(path.read_text(encoding="utf-8"))[0], samples=4)
    assert found.judgements and all(j.before is None for j in found.judgements)
    assert found.hindsight_note is not None and "Position" in found.hindsight_note


@pytest.mark.parametrize("path", POSITIONED, ids=_name)
def test_hint_from_a_position_names_a_legal_choice(path):
    head = parse(path.read_text(encoding="utf-8"))[0]
    head.moves = []
    head.tags = [t for t in head.tags if t.name != "Result"]
    session = Session.from_record(head)
    session.deal()
    if session.state.phase is not Phase.DECISION:  # a position at a turn's start, dealt at a table
        pytest.skip("the position's deal is typed")
    found = hint(session.module, session.variant, session.options, session.all_events, 4, None, start=session.start)
    assert found is not None
    legal = {session.module.notation.action_text(session.state, a) for a in session.state.legal_actions()}
    assert found.text in legal


def test_hint_at_the_prompt_of_a_game_from_a_position():
    """``play --from`` then ``hint``: the prompt's hint sees the game from its position."""
    path = FIXTURES / "scoundrel" / "legal" / "position-table-mid-turn.dgn"
    head = parse(path.read_text(encoding="utf-8"))[0]
    head.moves = []
    session = Session.from_record(head)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("hint\nquit\n")
        pipe.close()
        PlayShell(session, None, out, input=pipe, output=DummyOutput()).run()
    assert "hint: " in out.getvalue() or "hint: the strong player could not tell" in out.getvalue()
