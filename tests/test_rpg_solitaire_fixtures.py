"""Every RPG solitaire fixture: legal ones verify (with the Result they state), illegal ones
draw exactly the diagnostics their ``# expect:`` lines name."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, expected_diagnostics

HERE = FIXTURES / "rpg-solitaire"
LEGAL = sorted((HERE / "legal").glob("*.dgn"))
ILLEGAL = sorted((HERE / "illegal").glob("*.dgn"))


def test_there_are_fixtures_of_both_kinds():
    assert len(LEGAL) >= 6 and len(ILLEGAL) >= 20


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_fixture_verifies(run, path: Path):
    result = run(["verify", "-v", "--seed-check", str(path)])
    assert result.exit_code == 0, result.stdout
    stated = [line for line in path.read_text().splitlines() if line.startswith("[Result")]
    if stated:
        assert f"legal, {stated[0].split(chr(34))[1]}," in result.stdout


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_fixture_draws_its_exact_diagnostics(run, path: Path):
    expected = expected_diagnostics(path)
    assert expected, f"{path.name} has no # expect: line"
    result = run(["verify", "--seed-check", str(path)])
    assert result.exit_code == 1
    got = [line.split(":", 1)[1] for line in result.stdout.splitlines()]
    assert got == expected


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


def test_the_seed_check_is_what_makes_the_seeded_fixture_illegal(run):
    path = HERE / "illegal" / "seed-check.dgn"
    assert run(["verify", str(path)]).exit_code == 0
    assert run(["verify", "--seed-check", str(path)]).exit_code == 1


def test_verify_output_of_every_fixture(run, snapshot_text):
    lines = []
    for path in LEGAL + ILLEGAL:
        result = run(["verify", "-v", "--seed-check", str(path.relative_to(FIXTURES.parent))])
        lines.append(result.stdout.rstrip("\n"))
    assert "\n".join(lines) + "\n" == snapshot_text
