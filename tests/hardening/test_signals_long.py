"""Ctrl-C in the long runs answers within a second (issue 29): ``solve --seeds``,
``analyse`` with many samples and ``hint`` at the play prompt stop with exit status 130,
a short message and no traceback, and nothing partial is written as if it were whole.
Real processes and a real SIGINT to the whole process group, as a terminal sends it
(``sim --bot strong``'s are in tests/hardening/test_signals.py).

Each test waits for the run to be under way (its progress line drawn, or a line its
stand-in writes), never for a number of seconds, and bounds the CPU time spent after the
Ctrl-C, not the wall time, which a loaded machine stretches at will (tests/README.md,
"No test races a clock"); the wall time is measured by ``python -m bench ctrl_c``."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from conftest import EXAMPLES
from processes import BOUND, CpuClock, Watched, stand_in
from pty_terminal import PROMPTING, Terminal


def _stopped_within_a_second(run: Watched, jobs: int = 1) -> tuple[bytes, bytes]:
    """Ctrl-C to a run under way; what it printed, the progress lines left out."""
    clock = CpuClock(run.proc.pid)
    out, err = run.ctrl_c()
    assert run.proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted" in err, err
    assert clock.spent() < BOUND * jobs, clock.spent()  # each process its grace and its way out
    return out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_solve_seeds_stops_within_a_second(tmp_path, jobs):
    """A deal that never ends on its own (solved again and again, in every process): the
    Ctrl-C comes in the middle of it however fast the machine, and only the grace ends
    it."""
    endless_deal = (
        "import dungeon_cli.solver as s; real = s.solve\n"
        "def endless(*args, **kwargs):\n"
        "    while True:\n"
        "        found = real(*args, **kwargs)\n"
        "        if found.stopped == 'interrupted':\n"
        "            return found\n"
        "s.solve = endless\n"
    )
    args = ["solve", "scoundrel", "--variant", "strict-weapon", "--seeds", "32-999", "--jobs", jobs]
    run = Watched(args, tmp_path, stand_in(endless_deal))
    run.begun()  # its progress line drawn: Ctrl-C's handler is in place, the first deal (endless) next
    out, err = _stopped_within_a_second(run, int(jobs))
    assert err.startswith(b"stopping... (Ctrl-C again: at once, keeping what is finished)\n"), err


def test_analyse_with_many_samples_stops_within_a_second_and_writes_nothing_as_whole(tmp_path):
    record = tmp_path / "game.dgn"
    record.write_bytes((EXAMPLES / "scoundrel-loss.dgn").read_bytes())
    # one record draws its progress line once its first decision is judged (minutes at
    # 100,000 samples): the stand-in says when the judging has begun
    told = (
        "import dungeon_cli.analysis as a; real = a.analyse\n"
        "def analyse(*args, **kwargs):\n"
        "    sys.stderr.write('judging begun\\n'); sys.stderr.flush()\n"
        "    return real(*args, **kwargs)\n"
        "a.analyse = analyse\n"
    )
    args = ["analyse", "--samples", "100000", "--format", "json", "-o", "judged.dgn", "game.dgn"]
    run = Watched(args, tmp_path, stand_in(told))
    run.says(b"judging begun")
    out, err = _stopped_within_a_second(run)
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
        term.shows(PROMPTING)
        before = (tmp_path / "game.dgn").read_bytes()
        term.type("hint\r")
        term.shows(b"race begun")
        clock = CpuClock(term.proc.pid)
        os.killpg(term.proc.pid, signal.SIGINT)
        status = term.finish()
        shown = bytes(term.output)
    assert status == 130 and clock.spent() < BOUND, (status, clock.spent())
    assert b"Traceback" not in shown and b"interrupted" in shown and b"hint: " not in shown
    assert (tmp_path / "game.dgn").read_bytes() == before
