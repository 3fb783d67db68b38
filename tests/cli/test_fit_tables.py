"""Tables at a terminal fit its width (issue 40: ``stats`` 200 columns, ``analyse`` 134,
``sim`` 131 in a 120-column terminal): shorter headings, then columns left out by
priority, said on standard error; ``--wide`` and a pipe keep every column."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from dungeon_cli.services import table_text


def test_fit_table_shortens_then_drops_by_priority():
    headers = ["game", "a long heading", "extra", "more"]
    rows = [["scoundrel", "1", "2" * 20, "3" * 20]]
    heads, body, left = table_text.fit_table(headers, rows, 40, {"a long heading": "a"}, ("more", "extra"))
    assert heads == ["game", "a", "extra"] and body == [["scoundrel", "1", "2" * 20]] and left == ["more"]
    assert table_text.fit_table(headers, rows, None, {}, ("more",)) == (headers, rows, [])


@pytest.fixture
def at_a_terminal(monkeypatch):
    monkeypatch.setattr(table_text, "terminal_width", lambda err=False: 80)


def _widest(text):
    return max(len(line) for line in text.splitlines())


def test_stats_fits_the_terminal_and_wide_shows_all(run, at_a_terminal):
    wide = run(["stats", str(FIXTURES), "--wide"])
    assert _widest(wide.stdout) > 150
    fitted = run(["stats", str(FIXTURES)])
    assert fitted.exit_code == wide.exit_code
    assert _widest(fitted.stdout) <= 80, fitted.stdout
    assert "left out to fit the terminal: points lost, costliest" in fitted.stderr
    assert "(--wide shows every column)" in fitted.stderr


def test_sim_fits_the_terminal(run, at_a_terminal):
    args = ["sim", "scoundrel", "--games", "20", "--bot", "greedy", "--variant", "strict-weapon"]
    wide = run([*args, "--wide"])
    fitted = run(args)
    table = fitted.stdout.split("\n\n")[0]
    assert _widest(wide.stdout.split("\n\n")[0]) > 80 >= _widest(table), table
    assert "left out to fit the terminal: games/s" in fitted.stderr


def test_analyse_fits_the_terminal(run, at_a_terminal):
    record = FIXTURES / "scoundrel" / "legal" / "spec-example.dgn"
    if not record.exists():
        record = sorted((FIXTURES / "scoundrel" / "legal").glob("*.dgn"))[0]
    args = ["analyse", str(record), "--samples", "4", "--limit", "2k"]
    wide = run([*args, "--wide"])
    fitted = run(args)
    assert fitted.exit_code == wide.exit_code == 0, fitted.stderr
    table = [line for line in fitted.stdout.splitlines()[1:] if not line.startswith("left out")]
    assert max(map(len, table)) <= 80 < _widest(wide.stdout), fitted.stdout
    assert "left out to fit the terminal: better" in fitted.stdout
