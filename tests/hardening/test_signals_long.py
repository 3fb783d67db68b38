"""Ctrl-C in the long runs answers within a second (issue 29): ``solve --seeds``,
``analyse`` with many samples and ``hint`` at the play prompt stop with exit status 130,
a short message and no traceback, and nothing partial is written as if it were whole.
Real processes and a real SIGINT to the whole process group, as a terminal sends it
(``sim --bot strong``'s are in tests/hardening/test_signals.py)."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from conftest import EXAMPLES
from pty_terminal import PROMPTING, Terminal
from test_signals import ctrl_c, start

BOUND = 1.5  # seconds from the SIGINT to the exit: the grace of 0.75 s, and a loaded machine's slack


def _stopped_within_a_second(proc, after: float) -> tuple[bytes, bytes]:
    time.sleep(after)
    assert proc.poll() is None, proc.communicate()
    began = time.perf_counter()
    out, err = ctrl_c(proc)
    took = time.perf_counter() - began
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted" in err, err
    assert took < BOUND, took
    return out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_solve_seeds_stops_within_a_second(tmp_path, jobs):
    # strict-weapon seed 32 takes about 12 s to prove: the run is in the middle of a deal
    proc = start(["solve", "scoundrel", "--variant", "strict-weapon", "--seeds", "32-999", "--jobs", jobs], tmp_path)
    out, err = _stopped_within_a_second(proc, after=3)
    assert err.startswith(b"stopping... (Ctrl-C again: at once, keeping what is finished)\n"), err


def test_analyse_with_many_samples_stops_within_a_second_and_writes_nothing_as_whole(tmp_path):
    record = tmp_path / "game.dgn"
    record.write_bytes((EXAMPLES / "scoundrel-loss.dgn").read_bytes())
    proc = start(["analyse", "--samples", "100000", "--format", "json", "-o", "judged.dgn", "game.dgn"], tmp_path)
    out, err = _stopped_within_a_second(proc, after=3)
    assert out == b""  # no JSON of the records judged so far, as if they were all
    assert b"nothing else written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.dgn"]  # no -o file, no temporary file


def test_hint_stops_within_a_second(tmp_path):
    """A hint that never ends on its own (the race run again and again, no deadline): a
    terminal's Ctrl-C during it ends the game as Ctrl-C ends any command (130), the
    record of the turns played kept as it was. The test waits for the event, the race
    begun (a line the stand-in writes), never for a span of time."""
    endless_hint = (
        "import sys, dungeon_cli.analysis.hint as h; real = h.race\n"
        "def endless(*args, **kwargs):\n"
        "    sys.stderr.write('race begun\\n'); sys.stderr.flush()\n"
        "    while True:  # the deadline, the race's fifth argument, taken away\n"
        "        real(*args[:4], None, *args[5:], **kwargs)\n"
        "h.race = endless\n"
        "from dungeon_cli.cli import main; sys.argv[0] = 'dungeon'; main()"
    )
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", XDG_DATA_HOME=str(tmp_path / "data"))
    program = (sys.executable, "-c", endless_hint)
    with Terminal(["play", "scoundrel", "--seed", "4", "-o", "game.dgn"], tmp_path, env, program) as term:
        term.shows(PROMPTING, timeout=60)
        before = (tmp_path / "game.dgn").read_bytes()
        term.type("hint\r")
        term.shows(b"race begun", timeout=60)
        began = time.perf_counter()
        os.killpg(term.proc.pid, signal.SIGINT)
        status = term.finish(timeout=30)
        took = time.perf_counter() - began
        shown = bytes(term.output)
    assert status == 130 and took < BOUND, (status, took)
    assert b"Traceback" not in shown and b"interrupted" in shown and b"hint: " not in shown
    assert (tmp_path / "game.dgn").read_bytes() == before
