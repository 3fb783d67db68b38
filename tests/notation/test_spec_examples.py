"""The examples of notation/SPEC.md and README.md are part of the test suite: the docs cannot drift."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

SPEC = ROOT / "notation" / "SPEC.md"
README = ROOT / "README.md"
BLOCK = re.compile(r"```dgn\n(.*?)```", re.S)


def _blocks() -> list[str]:
    return BLOCK.findall(SPEC.read_text(encoding="utf-8")) + BLOCK.findall(README.read_text(encoding="utf-8"))


def test_spec_has_examples():
    assert len(_blocks()) >= 6


@pytest.mark.parametrize("index", range(len(_blocks())))
def test_spec_example(run, tmp_path, index):
    text = _blocks()[index]
    expected = [m.group(1) for m in re.finditer(r"^# expect: (.*)$", text, re.M)]
    path = tmp_path / "example.dgn"
    path.write_text(text, encoding="utf-8")
    result = run(["verify", str(path)])
    got = [line.split(":", 1)[1] for line in result.stdout.splitlines()]
    assert got == expected
    assert result.exit_code == (1 if expected else 0)
