"""The fixtures of every registered game, by one set of rules, so that a game added to
the registry is held to them without a line here (tests/support/game_fixtures.py says where
each game keeps them):

- ``legal/``: verifies, under ``--seed-check`` too, to the Result each record states
  (if it states one), and expects no diagnostic; ``fmt --annotate`` writes it again as a
  record that verifies to the same outcomes.
- ``illegal/``: ``verify`` reports exactly the diagnostics its ``# expect:`` lines state.
- ``seed-check/``: legal at a table; ``verify --seed-check`` reports exactly its
  ``# expect:`` lines (the deal is not what its Seed deals).

What is special to a game (how many fixtures of each kind, snapshots, the outcomes its
comments claim) stays in that game's own test file.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import expected_diagnostics
from game_fixtures import fixtures

from dungeon_cli import registry

RESULT = re.compile(r'^\[Result "([^"]*)"\]', flags=re.M)


def _cases(kind: str) -> list:
    return [pytest.param(path, id=f"{game}/{path.name}") for game in registry.names() for path in fixtures(game, kind)]


def _diagnostics(stdout: str, path: Path) -> list[str]:
    prefix = f"{path}:"
    assert all(line.startswith(prefix) for line in stdout.splitlines()), stdout
    return [line[len(prefix) :] for line in stdout.splitlines()]


def _outcomes(stdout: str) -> list[str]:
    """What ``verify -v`` says of each record: ``legal, win 9, 12 moves``."""
    return [line.split(": ", 2)[2] for line in stdout.splitlines()]


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_legal_and_illegal_fixtures(game):
    assert fixtures(game, "legal") and fixtures(game, "illegal")


@pytest.mark.parametrize("path", _cases("legal"))
def test_legal_fixture_verifies_with_the_result_it_states(run, path):
    assert expected_diagnostics(path) == []
    for args in (["verify", "-v"], ["verify", "-v", "--seed-check"]):
        result = run([*args, str(path)])
        assert result.exit_code == 0, result.stdout
        outcomes = _outcomes(result.stdout)
        assert all(o.startswith("legal, ") for o in outcomes), outcomes
    stated = RESULT.findall(path.read_text(encoding="utf-8-sig"))
    finished = Counter(o.split(", ")[1] for o in outcomes if not o.startswith("legal, unfinished"))
    assert Counter(stated) <= finished  # a finished game need not state its Result


@pytest.mark.parametrize("path", _cases("legal"))
def test_legal_fixture_annotated_by_fmt_verifies_to_the_same_outcomes(run, path):
    outcomes = _outcomes(run(["verify", "-v", str(path)]).stdout)
    annotated = run(["fmt", "--annotate", "-"], input=path.read_bytes())
    assert annotated.exit_code == 0, annotated.stderr
    if any(not o.endswith(" 0 moves") for o in outcomes):
        assert "{" in annotated.stdout  # a checkpoint on every move
    again = run(["verify", "-v", "-"], input=annotated.stdout)
    assert again.exit_code == 0, again.stdout
    assert _outcomes(again.stdout) == outcomes


@pytest.mark.parametrize("path", _cases("illegal"))
def test_illegal_fixture_gets_exactly_its_expected_diagnostics(run, path):
    expected = expected_diagnostics(path)
    assert expected, f"{path.name} states no '# expect:' line"
    result = run(["verify", str(path)])
    assert result.exit_code == 1
    assert _diagnostics(result.stdout, path) == expected


@pytest.mark.parametrize("path", _cases("seed-check"))
def test_seed_check_fixture_is_illegal_only_under_the_seed_check(run, path):
    expected = expected_diagnostics(path)
    assert expected, f"{path.name} states no '# expect:' line"
    plain = run(["verify", str(path)])
    assert (plain.exit_code, plain.stdout) == (0, "")
    checked = run(["verify", "--seed-check", str(path)])
    assert checked.exit_code == 1
    assert _diagnostics(checked.stdout, path) == expected
