"""What is special to RPG solitaire's fixtures (tests/games/test_fixtures.py holds every game's
fixtures to the common rules): how many of each kind, canonical form with every
checkpoint key, and a snapshot of what ``verify`` says of each."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES

HERE = FIXTURES / "rpg-solitaire"
LEGAL = sorted((HERE / "legal").glob("*.dgn"))
ILLEGAL = sorted((HERE / "illegal").glob("*.dgn"))
SEED_CHECK = sorted((HERE / "seed-check").glob("*.dgn"))


def test_there_are_fixtures_of_every_kind():
    assert len(LEGAL) >= 6 and len(ILLEGAL) >= 20 and SEED_CHECK


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_fixture_is_canonical_and_its_annotation_verifies(run, path: Path, tmp_path: Path):
    assert run(["fmt", "--check", str(path)]).exit_code == 0
    annotated = run(["fmt", "--annotate", "-"], input=path.read_text()).stdout
    keys = ("at=", "stats=", "monster=", "treasure=", "lockpicks=", "deck=")
    moves = [line for line in annotated.splitlines() if line[:1].isdigit()]
    assert moves and all(all(k in line for k in keys) for line in moves)
    assert all("{" not in line for line in annotated.splitlines() if line.startswith("deal:"))
    copy = tmp_path / path.name
    copy.write_text(annotated)
    assert run(["verify", str(copy)]).exit_code == 0


def test_verify_output_of_every_fixture(run, snapshot_text):
    lines = []
    for path in LEGAL + ILLEGAL + SEED_CHECK:
        result = run(["verify", "-v", "--seed-check", str(path.relative_to(FIXTURES.parent))])
        lines.append(result.stdout.rstrip("\n"))
    assert "\n".join(lines) + "\n" == snapshot_text
