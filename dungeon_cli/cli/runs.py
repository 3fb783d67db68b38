"""What ``sim`` and ``solve --seeds`` share: ``--jobs`` capped at the CPUs this process
may use, and a run's chunks of results taken in as they come, a progress bar at a
terminal, Ctrl-C obeyed between chunks."""

from __future__ import annotations

import contextlib
import signal
import sys
from types import FrameType
from typing import Any, Callable, Generator, Optional

import click


def cap_jobs(jobs: int) -> int:
    """``jobs``, or the CPUs there are when fewer (said on standard error): more
    processes than CPUs only add forking and switching."""
    from ..workers import usable_cpus

    cpus = usable_cpus()
    if jobs > cpus:
        click.echo(
            f"--jobs {jobs}: this machine has {cpus} CPU{'s' if cpus != 1 else ''} for it: {cpus} processes play", err=True
        )
        return cpus
    return jobs


def take_in(
    parts: Callable[[], Generator[list[Any], None, None]], length: int, label: str, take: Callable[[list[Any]], None]
) -> tuple[Optional[str], int]:
    """Run ``parts()`` to its end, handing each chunk to ``take``. Returns why the run
    ended before its last chunk (None: it did not) and the exit status that says so:
    130 for Ctrl-C, 1 for a worker process lost. Any other error goes to the caller."""
    from concurrent.futures.process import BrokenProcessPool

    bar = click.progressbar(length=length, file=sys.stderr, label=label) if sys.stderr.isatty() else None
    # Ctrl-C is noted and obeyed between chunks: an exception raised inside the process
    # pool's machinery can leave it waiting for ever. A second Ctrl-C stops at once, and
    # the chunks taken in so far are still summed up.
    interrupted: list[int] = []

    def note(signum: int, frame: Optional[FrameType]) -> None:
        interrupted.append(signum)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # said at once: the chunk in hand may take a moment yet, but never more than
        # GRACE (a single game of a searching player can take longer): then it is
        # dropped, as a second Ctrl-C drops it
        sys.stderr.write("stopping... (Ctrl-C again: at once, keeping what is finished)\n")
        sys.stderr.flush()
        if timer:
            signal.signal(signal.SIGALRM, signal.default_int_handler)
            signal.setitimer(signal.ITIMER_REAL, GRACE)

    timer = hasattr(signal, "setitimer")
    previous = signal.signal(signal.SIGINT, note)
    alarm = signal.getsignal(signal.SIGALRM) if timer else None
    try:
        running = parts()
        with bar if bar is not None else contextlib.nullcontext():
            for part in running:
                take(part)
                if bar is not None:
                    bar.update(len(part))
                if interrupted:
                    break
        if interrupted:
            running.close()  # the workers finish what they hold, and go
            return "interrupted", 130
    except KeyboardInterrupt:  # what was done so far is still worth its summary
        return "interrupted", 130
    except BrokenProcessPool:
        return "a worker process died (killed, or out of memory)", 1
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, alarm)
        signal.signal(signal.SIGINT, previous)
    return None, 0


GRACE = 0.75  # seconds the chunk in hand may still take after Ctrl-C
