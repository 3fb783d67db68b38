"""A game that has no positions says so in one error at the Position tag (notation/SPEC.md
section 9, Positions): the toy game's positions taken away, its positioned fixture is one
diagnostic, at the tag, and its moves are not replayed."""

from __future__ import annotations

from game_fixtures import fixtures

from dungeon_cli import registry
from dungeon_cli.services.referee import check
from notation import parse


def test_a_game_without_positions_says_so_once_at_the_tag(monkeypatch):
    module = registry.get("toy")
    path = next(p for p in fixtures("toy", "legal") if p.name.startswith("position-"))
    (record,) = parse(path.read_text(encoding="utf-8"))
    assert check(record).legal
    monkeypatch.setattr(type(module.notation), "position_keys", ())
    verdict = check(record)
    tag = record.position
    assert tag is not None
    assert [(d.line, d.col, d.message) for d in verdict.diagnostics] == [
        (tag.line, tag.col, "toy has no positions: its records start from the deal")
    ]
