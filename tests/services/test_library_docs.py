"""docs/library.md is a doctest: every example of the library page runs, from the top
of the repository, and gives what the page shows (issue 36's library API)."""

from __future__ import annotations

import doctest
import os

import pytest
from conftest import ROOT

import dungeon_cli


def test_the_library_page_runs_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)
    failed, tried = doctest.testfile(str(ROOT / "docs" / "library.md"), module_relative=False, verbose=False)
    assert tried > 15 and failed == 0


def test_a_record_that_cannot_be_replayed_says_where(tmp_path):
    path = tmp_path / "bad.dgn"
    path.write_text('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : xKc 5d 4h\n')
    (game,) = dungeon_cli.read_records(os.fspath(path))
    with pytest.raises(dungeon_cli.RecordError) as caught:
        list(game.replay())
    assert (caught.value.line, caught.value.col) == (3, 18)
    with pytest.raises(dungeon_cli.RecordError, match="not a variation of this record"):
        list(game.replay(line=[]))


def test_the_library_is_loaded_at_its_first_use_only():
    import subprocess
    import sys

    code = "import sys, dungeon_cli; print('dungeon_cli.services.library' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
