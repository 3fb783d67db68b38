"""The output door and long names (issue 41, item 20): a file whose name is as long as
the file system allows (255 bytes) is formatted and written like any other, since the
temporary name beside it is cut to fit; and a killed writer's temporary file of such a
name is still swept."""

from __future__ import annotations

import os

import pytest
from conftest import FIXTURES

from dungeon_cli.plumbing import safe_write

LEGAL = FIXTURES / "scoundrel" / "legal" / "last-room-avoided.dgn"
MOVE = "1. Td Kc Ks Ac : Td xAc xKc"


@pytest.mark.parametrize(
    "name", ["g" * 251 + ".dgn", "é" * 125 + ".dgn", "x" * 236 + ".dgn"], ids=["ascii-255", "utf8-254", "240"]
)
def test_fmt_and_play_write_a_file_of_the_longest_name(run, tmp_path, monkeypatch, name):
    assert len(name.encode()) <= 255
    monkeypatch.chdir(tmp_path)
    path = tmp_path / name
    path.write_text(LEGAL.read_text().replace(MOVE, "1.  Td Kc Ks Ac :  Td xAc xKc", 1))  # not canonical: fmt writes
    result = run(["fmt", name])
    assert result.exit_code == 0, result.output
    assert path.read_text() == LEGAL.read_text()
    path.unlink()
    played = run(["play", "scoundrel", "--seed", "3", "-o", name], input="run\n")
    assert played.exit_code == 0, played.output
    assert path.read_text().startswith('[Game "scoundrel"]')
    assert sorted(os.listdir(tmp_path)) == [name]  # no temporary name left


def test_a_stale_temporary_file_of_a_long_name_is_swept(tmp_path):
    name = "s" * 250 + ".dgn"
    (tmp_path / name).write_text("old\n")
    prefix = safe_write._prefix(str(tmp_path), name)
    assert len((prefix + "4194304.deadbeef.tmp").encode()) <= 255  # the longest pid fits
    stale = tmp_path / f"{prefix}4000000.deadbeef.tmp"  # a pid no process has (above 2**22 is none: 4,000,000 is below)
    stale.write_text("half")
    safe_write.replace(str(tmp_path / name), b"new\n")
    assert sorted(os.listdir(tmp_path)) == [name] and (tmp_path / name).read_text() == "new\n"
