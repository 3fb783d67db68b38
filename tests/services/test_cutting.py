"""Positions from records (NOTATION.md section 9, services/cutting.py): every point of
every legal fixture of every game with positions, cut there, is a record that verifies
and replays to the same end; its position reads back to itself. A game without
positions says so (its Position is refused with one clear error)."""

from __future__ import annotations

import pytest
from game_fixtures import fixtures

from dungeon_cli import registry
from dungeon_cli.kit.position import Values
from dungeon_cli.services.cutting import CutError, cut, parse_point, points
from dungeon_cli.services.referee import check
from notation import parse, write
from notation.position_words import pairs
from notation.position_words import text as position_text

POSITIONED = [name for name in registry.names() if registry.get(name).notation.position_keys]
CASES = [(name, path) for name in POSITIONED for path in fixtures(name, "legal")]


def _end(record):
    verdict = check(record, seed_check=record.tag("Seed") is not None and record.position is None)
    assert verdict.legal, verdict.diagnostics
    module = verdict.module
    return verdict.result, position_text(module.notation.write_position(verdict.state)), verdict.state.checkpoint()


@pytest.mark.parametrize(("game", "path"), CASES, ids=lambda v: v if isinstance(v, str) else f"{v.parent.parent.name}/{v.name}")
def test_every_point_of_every_legal_fixture_cuts_to_a_record_that_replays_to_the_same_end(game, path):
    module = registry.get(game)
    cuts = 0
    for record in parse(path.read_text(encoding="utf-8")):
        end = _end(record)
        for point in points(record):
            try:
                piece, state = cut(record, point)
            except CutError as exc:  # only a game over before the point
                assert "the game is over" in exc.message
                continue
            cuts += 1
            text = write([piece])
            (again,) = parse(text)
            assert again.errors == [], text
            assert _end(again) == end, (point, text)
            # the position reads back to itself
            words, problems = pairs(again.position)
            assert problems == []
            read = module.notation.read_position(Values(words, module.notation.position_keys), check(again).walk.start)
            # a position is a superset of the checkpoint, spelt alike (NOTATION.md section 9)
            written = dict(module.notation.write_position(state))
            assert module.notation.checkpoint(state).items() <= written.items()
            assert module.notation.write_position(read) == module.notation.write_position(state)
            assert read.phase is state.phase and read.turn == state.turn
            assert read.checkpoint() == state.checkpoint()
            say = module.notation.action_text
            assert [say(read, a) for a in read.legal_actions()] == [say(state, a) for a in state.legal_actions()]
    assert cuts, path


def test_a_point_is_a_move_or_a_move_and_its_decisions():
    assert parse_point("7") == (7, None)
    assert parse_point("7.2") == (7, 2)
    for bad in ("0", "x", "7.", "7.2.1", "-1", ""):
        with pytest.raises(ValueError):
            parse_point(bad)


SCOUNDREL = """[Game "scoundrel"]
[Seed "7"]

1. 9c 7h 2c 3c : 9c 7h 2c
2. (3c) Js 9d Qs : 9d xQs xJs
3. (3c) 4c Qc 8d : x4c 8d xQc
"""


def test_a_cut_of_a_seeded_game_keeps_its_order_unseen_and_one_at_a_table_as_a_set():
    (seeded,) = parse(SCOUNDREL)
    piece, _ = cut(seeded, (3, 1))
    text = write([piece])
    assert '[Position "turn=3 hp=11 weapon=9d/4c left=34 room=3c,Qc,8d dungeon=4d,6d,2h,9s,' in text
    assert 'discard=Js,Qs,2c,9c,7h ran=no resolved=1 drank=no"]' in text
    assert text.endswith("3... 8d xQc\n")
    (table,) = parse(SCOUNDREL.replace('[Seed "7"]\n', ""))
    piece, _ = cut(table, (3, None))
    assert "dungeon=(" in write([piece]) and write([piece]).endswith("3. (3c) 4c Qc 8d : x4c 8d xQc\n")


def test_a_point_outside_the_record_or_an_illegal_record_is_refused_with_words():
    (record,) = parse(SCOUNDREL)
    with pytest.raises(CutError, match="has no move 9"):
        cut(record, (9, None))
    with pytest.raises(CutError, match=r"move 3 has 3 decisions: 3.5 is past its end"):
        cut(record, (3, 5))
    (bad,) = parse(SCOUNDREL.replace("xQc\n", "xQs\n"))
    with pytest.raises(CutError, match="not legal"):
        cut(bad, (2, None))
