"""Issue 25's small things a newcomer trips over, each held here: the resume hint names
a command that works where the game was started, and fits a terminal."""

from __future__ import annotations

import io
import os
import sys

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli.engine import Setup
from dungeon_cli.plumbing import invoked
from dungeon_cli.services.session import Session
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


def test_usage_lines_keep_game_names_whole(run):
    for command in ("sim", "rules", "daily"):
        shown = run([command, "--help"]).stdout
        usage = shown.split("\n\n")[0]
        assert usage.startswith("Usage: ") and usage.endswith(f" {command} [OPTIONS] GAME"), shown
        assert "clear-the-\n" not in shown
    assert "  clear-the-dungeon  Clear the Dungeon" in run(["rules", "--help"]).stdout  # listed whole


def test_help_lists_analyse_once_with_its_alias_and_v_is_the_version(run):
    import notation.reader
    from dungeon_cli import __version__

    listed = run(["--help"]).stdout.split("Commands:")[1]
    assert listed.count("analyse") == 1 and "(alias: analyze)" in listed
    assert not any(line.split()[0] == "analyze" for line in listed.strip().splitlines())
    assert run(["analyze", "--help"]).exit_code == 0
    assert (
        run(["-V"]).stdout
        == f"dungeon, version {__version__} (compiled: {'yes' if notation.reader.__file__.endswith('.so') else 'no'})\n"
    )


def test_summary_offers_no_format_that_passes_html_through(run, tmp_path):
    from dungeon_cli.cli.summary import complete_format

    path = tmp_path / "tag.dgn"
    path.write_text('[Game "scoundrel"]\n[Player "<script>alert(1)</script>"]\n\n1. 9c 7h 2c 3c : run\n')
    assert not [f for f in complete_format(None, None, "unsafe")]
    refused = run(["summary", "--format", "unsafehtml", str(path)])
    assert refused.exit_code == 2 and "<script>" not in refused.stdout
    html = run(["summary", "--format", "html", str(path)]).stdout
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_replay_move_0_is_the_table_before_move_1(run):
    from conftest import FIXTURES

    path = FIXTURES / "scoundrel" / "legal" / "win-seeded.dgn"  # no deal: line
    result = run(["replay", "--move", "0", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == "start (the record has no deal: line)"
    assert "dungeon 44 cards" in result.stdout
    dealt = FIXTURES / "rpg-solitaire" / "legal" / "retreat-after-loss.dgn"
    assert run(["replay", "--move", "0", str(dealt)]).stdout.splitlines()[1] == "deal: 5s 4h 3c"


def test_diff_of_a_file_and_itself_says_nothing(run):
    from conftest import FIXTURES

    path = str(FIXTURES / "scoundrel" / "legal" / "win-seeded.dgn")
    result = run(["diff", path, path])
    assert (result.exit_code, result.stdout) == (0, "")


def test_rules_full_is_for_a_terminal_reader(run):
    from dungeon_cli import registry

    for game in registry.names():
        page = run(["rules", game, "--full"]).stdout
        assert "](" not in page and "(../" not in page and ".md#" not in page, game
        assert not any(line.startswith("##") for line in page.splitlines()), game  # headings underlined
    scoundrel = run(["rules", "scoundrel", "--full"]).stdout
    assert not scoundrel.startswith("## 6.") and not scoundrel.startswith("6.")


def test_color_colours_verify_messages():
    from conftest import FIXTURES, run_subprocess

    path = str(FIXTURES / "scoundrel" / "illegal" / "action-after-death.dgn")
    coloured = run_subprocess(["--color", "verify", path])
    assert coloured.returncode == 1
    assert b"\x1b[31m\x1b[1merror:\x1b[0m" in coloured.stdout
    plain = run_subprocess(["verify", path])
    assert b"\x1b[" not in plain.stdout and b": error: " in plain.stdout
