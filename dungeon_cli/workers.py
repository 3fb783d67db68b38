"""What every worker process of ``sim --jobs`` does first.

A worker belongs to the run that started it: Ctrl-C at the terminal reaches every
process of the group, and only the parent should answer it (with the summary of the
games played), not each worker with a traceback; and a parent killed outright (SIGKILL)
must not leave its workers asleep for ever on a pipe that never closes, so each asks the
kernel for SIGTERM when its parent dies (Linux; elsewhere they end when their next read
of the pipe fails).
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the request above was in place
        os._exit(1)


def usable_cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)
