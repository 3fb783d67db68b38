"""``summary`` and ``stats`` of records with variations count the main line only (the
Result is the main line's, NOTATION.md section 9): the same figures, row by row, as the
same records with every variation taken out. For a file of every game, the toy game's too."""

from __future__ import annotations

import io
import re

import pytest
from game_fixtures import fixtures

from dungeon_cli import registry
from notation import read, write


def _trees() -> list[tuple[str, str, str]]:
    """(game, the text of its records with variations, the same records without them)."""
    out = []
    for game in registry.names():
        for path in fixtures(game, "legal"):
            records = list(read(io.BytesIO(path.read_bytes())))
            if not any(m.variations for r in records for m in r.moves):
                continue
            text = write(records)
            for record in records:
                for move in record.moves:
                    move.variations = []
            out.append((f"{game}/{path.name}", text, write(records)))
    return out


TREES = _trees()


def test_there_is_a_tree_of_every_game():
    assert {name.split("/")[0] for name, _, _ in TREES} == set(registry.names())


@pytest.mark.parametrize("command", [["summary"], ["summary", "--format", "json"], ["stats"]])
@pytest.mark.parametrize("name, tree, bare", TREES, ids=[name for name, _, _ in TREES])
def test_the_same_figures_as_the_main_line_alone(run, command, name, tree, bare):
    assert tree != bare
    with_lines = run([*command, "-"], input=tree)
    without = run([*command, "-"], input=bare)
    assert with_lines.exit_code == without.exit_code, with_lines.output
    assert _lines_aside(with_lines.stdout) == _lines_aside(without.stdout)


def _lines_aside(text: str) -> str:
    """Where each record starts is elsewhere when its variations take lines."""
    return re.sub(r'(<stdin>:|"line": )[0-9]+', r"\1N", text)
