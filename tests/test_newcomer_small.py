"""Issue 25's small things a newcomer trips over, each held here: the resume hint names
a command that works where the game was started, and fits a terminal."""

from __future__ import annotations

import io
import os
import sys

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli import invoked
from dungeon_cli.engine import Setup
from dungeon_cli.session import Session
from dungeon_cli.shell.interactive import PlayShell
from dungeon_cli.shell.recordfile import RecordFile


def test_the_command_to_go_on_is_the_one_that_started_the_game(tmp_path, monkeypatch):
    """`make play` runs .venv/bin/dungeon, which is not on PATH: the hint names that path."""
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    exe = bin_dir / "dungeon"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [".venv/bin/dungeon", "play"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert invoked.command() == ".venv/bin/dungeon"
    monkeypatch.setenv("PATH", str(bin_dir))
    assert invoked.command() == "dungeon"
    monkeypatch.setattr(sys, "argv", ["/somewhere/else/dungeon_cli/__main__.py"])
    assert invoked.command() == "dungeon"


def test_the_resume_lines_fit_a_terminal_and_name_the_command(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", [".venv/bin/dungeon", "play"])
    monkeypatch.setenv("PATH", os.defpath)
    monkeypatch.chdir(tmp_path)  # as `make play` keeps it: a dated name in the directory
    path = "scoundrel-20261201-211500.dgn"
    session = Session(Setup("scoundrel", seed=7))
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("2c 3c 7h\rquit\r")
        pipe.close()
        PlayShell(session, RecordFile.create(path, session.text()), out, input=pipe, output=DummyOutput()).run()
    lines = out.getvalue().splitlines()
    assert lines[-2:] == [f"record saved in {path}", f"go on with: .venv/bin/dungeon play --resume {path}"]
    assert max(len(line) for line in lines) <= 100
