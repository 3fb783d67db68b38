"""The dungeon command as a real process in a session of its own, and Ctrl-C sent to it
as a terminal sends it (to the whole process group)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

EXE = str(Path(sys.executable).with_name("dungeon"))


def start(args, cwd, stdin=subprocess.DEVNULL):
    return subprocess.Popen(
        [EXE, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        start_new_session=True,
    )


def ctrl_c(proc, after: float = 0.0) -> tuple[bytes, bytes]:
    """Ctrl-C at the terminal (to the whole process group) ``after`` seconds, and what
    the command then printed: (stdout, stderr)."""
    time.sleep(after)
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=60)
