"""Numbers past Python's 4,300-digit limit for int() in Cassette ``>N``, ``w=N`` and
``.N`` and in Clear the Dungeon ``JK=N`` are diagnosed like any number out of range,
never a ValueError traceback, in every command that reads records."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES

HUGE = "9" * 5000
CASES = {
    "cassette >N": (FIXTURES / "cassette-dungeons/legal/death.dgn", r"(?<=>)2(?= \^wraith)"),
    "cassette w=N": (FIXTURES / "cassette-dungeons/legal/death.dgn", r"(?<=w=)2"),
    "cassette .N": (FIXTURES / "cassette-dungeons/legal/death.dgn", r"(?<=~wraith\.)2"),
    "clear JK=N": (FIXTURES / "clear-the-dungeon/legal/reserve-win.dgn", r"(?<= : Qs 6d\+JK=)6"),
}


@pytest.fixture(params=sorted(CASES))
def huge_record(request, tmp_path):
    source, pattern = CASES[request.param]
    text, n = re.subn(pattern, HUGE, source.read_text(), count=1)
    assert n == 1
    path = tmp_path / "huge.dgn"
    path.write_text(text)
    return path


@pytest.mark.parametrize("command", [["verify"], ["fmt", "--check"], ["fmt"], ["summary"], ["replay"], ["play", "--resume"]])
def test_a_number_of_5000_digits_is_a_diagnostic(run, huge_record, command):
    result = run([*command, str(huge_record)], input="")  # a traceback raises here
    assert result.exit_code == 1, result.output
    assert "huge.dgn:" in result.output
