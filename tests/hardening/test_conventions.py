"""README.md's table of conventions (`-`, exit codes, a closed pipe, Ctrl-C, colour),
each row run against the real commands, as real processes. Every row of the table has
its cases here and every case its row. A case that waits for another branch's work is
an expected failure, strictly: when that work is merged the case passes, and the strict
mark makes the run fail until the mark is taken away."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest
from conftest import EXAMPLES, FIXTURES, ROOT, run_subprocess
from processes import Watched, start
from pty_terminal import Terminal
from test_faults_dataloss import _blocked_reading
from test_hardening_streams import into_a_closed_pipe

from dungeon_cli.shell.colour import RED, RESET

WIN = EXAMPLES / "scoundrel-win.dgn"
LOSS = EXAMPLES / "scoundrel-loss.dgn"
CTD = EXAMPLES / "clear-the-dungeon-win.dgn"
CARDS = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"


@dataclass
class Case:
    name: str
    check: Callable[[Path], None]
    waits_for: str = ""
    marks: list = field(default_factory=list)


def ran(args, stdin: bytes | None = None, cwd=None):
    return run_subprocess(args, input=stdin, cwd=cwd)


# -- `-` for an input ----------------------------------------------------------------------


def reads_stdin(args: list[str], text: Path = WIN, expect: Callable[[bytes], bool] = lambda out: True):
    def check(tmp_path: Path) -> None:
        done = ran(args, text.read_bytes(), cwd=tmp_path)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        assert expect(done.stdout), done.stdout[:300]
        assert not (tmp_path / "-").exists()

    return check


INPUT = [
    Case("verify -", reads_stdin(["verify", "-v", "-"], expect=lambda out: b"<stdin>" in out and b"legal, win 12" in out)),
    Case("verify /dev/stdin", reads_stdin(["verify", "-v", "/dev/stdin"], expect=lambda out: b"legal, win 12" in out)),
    Case("fmt -", reads_stdin(["fmt", "-"], expect=lambda out: out.startswith(b'[Game "scoundrel"]'))),
    Case("summary -", reads_stdin(["summary", "-"], expect=lambda out: b"win" in out)),
    Case("replay -", reads_stdin(["replay", "-"], expect=lambda out: b"win 12" in out)),
    Case("textconv -", reads_stdin(["textconv", "-"], expect=lambda out: b"{hp=" in out)),
    Case("diff - b.dgn", reads_stdin(["diff", "-", str(WIN)])),
    Case(
        "cards check -",
        reads_stdin(["cards", "check", "-"], CARDS, expect=lambda out: b"is sound" in out),
    ),
    Case(
        "cards check /dev/stdin",
        reads_stdin(["cards", "check", "/dev/stdin"], CARDS, expect=lambda out: b"is sound" in out),
    ),
]


# -- `-` for an output ---------------------------------------------------------------------


def writes_stdout(args: list[str], expect: Callable[[bytes], bool], stdin: bytes | None = None):
    def check(tmp_path: Path) -> None:
        done = ran(args, stdin, cwd=tmp_path)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        assert not (tmp_path / "-").exists(), "a file named - was written"
        assert expect(done.stdout), done.stdout[:300]

    return check


OUTPUT = [
    Case(
        "play -o -",
        writes_stdout(["play", "scoundrel", "--seed", "7", "-o", "-"], lambda out: b'[Seed "7"]' in out, stdin=b"quit\n"),
    ),
    Case("solve -o -", writes_stdout(["solve", "--seed", "0", "clear-the-dungeon", "-o", "-"], lambda out: b'[Seed "0"]' in out)),
    Case("cards export -", writes_stdout(["cards", "export", "-"], lambda out: out == CARDS.read_bytes())),
    Case(
        "analyse -o -",
        writes_stdout(["analyse", str(CTD), "--samples", "2", "-o", "-"], lambda out: b'[Game "clear-the-dungeon"]' in out),
    ),
    Case(
        "replay --html -",
        writes_stdout(["replay", "--html", "-", str(WIN)], lambda out: out.lstrip().lower().startswith(b"<!doctype html")),
    ),
    Case(
        "sim --plot -",
        writes_stdout(["sim", "scoundrel", "--games", "20", "--plot", "-"], lambda out: b"<svg" in out),
    ),
]


# -- exit status, a closed pipe, Ctrl-C ------------------------------------------------------


def status(args: list[str], code: int, stdin: bytes | None = None):
    def check(tmp_path: Path) -> None:
        (tmp_path / "messy.dgn").write_bytes(WIN.read_bytes().replace(b"1. ", b"1.  ", 1))
        done = ran(args, stdin, cwd=tmp_path)
        assert done.returncode == code, done.stderr.decode(errors="replace")
        assert b"Traceback" not in done.stderr

    return check


ILLEGAL = FIXTURES / "scoundrel" / "illegal" / "move-after-win.dgn"
STATUS = [
    Case("0: legal", status(["verify", str(WIN)], 0)),
    Case("1: an illegal record", status(["verify", str(ILLEGAL)], 1)),
    Case("1: fmt --check would change a file", status(["fmt", "--check", "messy.dgn"], 1)),
    Case("1: diff of two games", status(["diff", str(WIN), str(LOSS)], 1)),
    Case("2: no such file", status(["verify", "gone.dgn"], 2)),
    Case("2: a usage error", status(["verify", "--no-such-option", str(WIN)], 2)),
    Case("2: an unknown game", status(["rules", "chess"], 2)),
]


def closed_pipe(args: list[str]):
    def check(tmp_path: Path) -> None:
        done = into_a_closed_pipe(args)
        assert (done.returncode, done.stderr) == (141, b"")

    return check


PIPE = [
    Case("verify -v | head", closed_pipe(["verify", "-v", str(FIXTURES / "scoundrel" / "legal")])),
    Case("replay | head", closed_pipe(["replay", str(WIN)])),
    Case("summary | head", closed_pipe(["summary", str(WIN)])),
]


def interrupted(args: list[str], summed_up: bool = False, within: float = 10.0):
    """Ctrl-C (to the process group, as a terminal sends it) while the command reads,
    or once its run has finished a first game (``summed_up``): the command must be gone
    ``within`` seconds, saying so, with status 130."""

    def check(tmp_path: Path) -> None:
        if summed_up:  # waits for the progress line to count a game, not for a clock
            run = Watched(args, tmp_path)
            run.finished()
            proc = run.proc
            os.killpg(proc.pid, signal.SIGINT)
        else:  # a record, then standard input stays open: verify waits for more
            proc = start(args, tmp_path, stdin=subprocess.PIPE)
            proc.stdin.write(WIN.read_bytes())
            proc.stdin.flush()
            _blocked_reading(proc, proc.stdin.fileno())
            os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = run.outcome(within) if summed_up else proc.communicate(timeout=within)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise AssertionError(f"still running {within} s after Ctrl-C") from None
        assert proc.returncode == 130, err
        assert b"interrupted" in err and b"Traceback" not in err
        if summed_up:
            assert b"games are summed up" in err and b"win rate" in out

    return check


CTRL_C = [
    Case("verify - while reading", interrupted(["verify", "-"])),
    Case("sim sums up what it finished", interrupted(["sim", "scoundrel", "--bot", "greedy", "--games", "100000000"], True)),
    Case(
        "sim with a slow bot, within a second",
        interrupted(["sim", "scoundrel", "--bot", "strong", "--games", "100000"], True, within=2.0),
    ),
]


# -- colour -----------------------------------------------------------------------------------


def coloured(args: list[str], at_terminal: bool, want: bool, **env):
    def check(tmp_path: Path) -> None:
        environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        if at_terminal:
            term = Terminal(args, tmp_path, {**environment, "TERM": "xterm", **env})
            try:
                term.wait_for(lambda: term.proc.poll() is not None)
            finally:
                term.close()
            shown = bytes(term.output)
        else:
            command = [sys.executable, "-m", "dungeon_cli", *args]
            shown = subprocess.run(command, capture_output=True, env={**environment, **env}, timeout=120).stdout
        assert (f"{RED}7d{RESET}".encode() in shown) is want

    return check


COLOUR = [
    Case("at a terminal", coloured(["replay", str(LOSS)], True, True)),
    Case("not in a pipe", coloured(["replay", str(LOSS)], False, False)),
    Case("not with NO_COLOR", coloured(["replay", str(LOSS)], True, False, NO_COLOR="1")),
    Case("not with TERM=dumb", coloured(["replay", str(LOSS)], True, False, TERM="dumb")),
    Case("--color in a pipe", coloured(["--color", "replay", str(LOSS)], False, True)),
    Case("--color over NO_COLOR", coloured(["--color", "replay", str(LOSS)], False, True, NO_COLOR="1")),
    Case("--no-color at a terminal", coloured(["--no-color", "replay", str(LOSS)], True, False)),
]


ROWS = {
    "`-` for an input": INPUT,
    "`-` for an output": OUTPUT,
    "exit status": STATUS,
    "a closed pipe": PIPE,
    "Ctrl-C": CTRL_C,
    "colour": COLOUR,
}


def readme_rows() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Conventions\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 2 and cells[0] not in ("convention", "---"):
            rows[cells[0]] = cells[1]
    return rows


def test_every_row_of_the_table_is_checked_here():
    assert list(readme_rows()) == list(ROWS)


def test_the_input_and_output_rows_name_the_commands_checked():
    rows = readme_rows()
    for case in INPUT:
        assert f"`{case.name}`" in rows["`-` for an input"] or "/dev/stdin" in case.name, case.name
    for case in OUTPUT:
        words = case.name.split()
        assert f"`{case.name}`" in rows["`-` for an output"] or (
            words[1:] == ["-o", "-"] and f"`{words[0]}`" in rows["`-` for an output"]
        ), case.name
    assert "141" in rows["a closed pipe"] and "130" in rows["Ctrl-C"] and "NO_COLOR" in rows["colour"]


def _params():
    for row, cases in ROWS.items():
        for case in cases:
            marks = [pytest.mark.xfail(strict=True, reason=case.waits_for)] if case.waits_for else []
            yield pytest.param(case, id=f"{row.replace('`', '')}: {case.name}", marks=marks)


@pytest.mark.parametrize("case", list(_params()))
def test_convention(case: Case, tmp_path: Path):
    case.check(tmp_path)
