"""Every legal and seed-check fixture of every registered game, the toy game's included, is
written as ``dungeon fmt`` writes it (notation/SPEC.md section 8), apart from the few that
are there to test a layout the reader accepts and fmt does not write: those are named
below, each with what it tests. A fixture with variations is canonical when each nested
variation's ``(`` stands two spaces deeper a level (NOTATION.md section 9), in the column
of the moves of the line it varies (SPEC.md section 9)."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from game_fixtures import fixtures

from dungeon_cli import registry
from dungeon_cli.services.formatting import format_bytes

#: fixtures of a layout fmt does not write, on purpose: what each tests
NOT_CANONICAL = {
    "scoundrel/legal/bom.dgn": "a byte-order mark",
    "scoundrel/legal/crlf.dgn": "CRLF line ends",
    "scoundrel/legal/bom-crlf-no-final-newline.dgn": "both, and no final newline",
    "scoundrel/legal/card-spellings.dgn": "every accepted spelling of a card",
    "scoundrel/legal/comments-and-continuations.dgn": "comments, tabs and blanks anywhere",
    "scoundrel/legal/several-records.dgn": "records with no blank line or two between them",
}


def _cases() -> list:
    cases = []
    for game in registry.names():
        for kind in ("legal", "seed-check"):
            for path in fixtures(game, kind):
                name = f"{game}/{kind}/{path.name}"
                if name not in NOT_CANONICAL:
                    cases.append(pytest.param(path, id=name))
    return cases


@pytest.mark.parametrize("path", _cases())
def test_a_fixture_is_written_as_fmt_writes_it(path):
    data = path.read_bytes()
    text, problems = format_bytes(data)
    assert problems == []
    assert text == data.decode("utf-8"), f"{path} is not canonical: dungeon fmt {path}"


def test_the_fixtures_named_not_canonical_exist_and_are_not():
    for name in NOT_CANONICAL:
        path = ROOT / "fixtures" / name
        text, problems = format_bytes(path.read_bytes())
        assert problems == [] and text is not None
        assert text.encode() != path.read_bytes(), f"{name} is canonical: take it off the list"


def test_a_nested_variation_opens_in_the_column_of_the_moves_it_varies():
    lines = (ROOT / "fixtures" / "scoundrel" / "legal" / "variations-seeded.dgn").read_text().splitlines()
    nested = [i for i, line in enumerate(lines) if re.match(r"    \( \d", line)]
    assert nested, "the fixture has a nested variation"
    for i in nested:  # the line above is a move of the variation it varies, at the same column
        assert re.match(r"    \d+\. ", lines[i - 1]), lines[i - 1]


SPEC_BLOCK = re.compile(r"```dgn\n(.*?)```", re.S)


def test_the_spec_examples_with_variations_are_canonical():
    blocks = [b for b in SPEC_BLOCK.findall((ROOT / "notation" / "SPEC.md").read_text(encoding="utf-8")) if "\n  ( " in b]
    assert blocks
    for block in blocks:
        text, problems = format_bytes(block.encode())
        assert problems == [], block
        assert text == block, block
