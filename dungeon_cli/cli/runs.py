"""What ``sim``, ``solve --seeds`` and ``analyse`` share: ``--jobs`` capped at the CPUs
this process may use, and a run's chunks of results taken in as they come, a progress
line at a terminal (``progress.Progress``), Ctrl-C obeyed between chunks."""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import Any, Callable, Generator, Optional

import click

from .progress import Progress


def cap_jobs(jobs: int) -> int:
    """``jobs``, or the CPUs there are when fewer (said on standard error): more
    processes than CPUs only add forking and switching."""
    from ..plumbing.workers import usable_cpus

    cpus = usable_cpus()
    if jobs > cpus:
        click.echo(
            f"--jobs {jobs}: this machine has {cpus} CPU{'s' if cpus != 1 else ''} for it: {cpus} processes play", err=True
        )
        return cpus
    return jobs


def take_in(
    parts: Callable[[], Generator[list[Any], None, None]],
    length: int,
    label: str,
    take: Callable[[list[Any]], None],
    unit: str = "",
    prints: bool = False,
) -> tuple[Optional[str], int]:
    """Run ``parts()`` to its end, handing each chunk to ``take``. Returns why the run
    ended before its last chunk (None: it did not) and the exit status that says so:
    130 for Ctrl-C, 1 for a worker process lost. Any other error goes to the caller.
    ``prints``: ``take`` writes (standard output, or messages on standard error) where
    the progress line may be: the line is wiped first, and drawn again after."""
    from concurrent.futures.process import BrokenProcessPool

    bar = Progress(length, label, unit)
    prints = prints and bar.shown
    # Ctrl-C is noted and obeyed between chunks: an exception raised inside the process
    # pool's machinery can leave it waiting for ever. A second Ctrl-C stops at once, and
    # the chunks taken in so far are still summed up.
    interrupted: list[int] = []

    def note(signum: int, frame: Optional[FrameType]) -> None:
        interrupted.append(signum)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        bar.wipe()
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
        with bar:
            for part in running:
                if prints:
                    bar.wipe()
                take(part)
                bar.advance(len(part))
                if prints:
                    bar.draw()
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
        if interrupted:
            _summing_up(previous)
        else:
            signal.signal(signal.SIGINT, previous)
    return None, 0


def _summing_up(previous: Any) -> None:
    """After Ctrl-C the run is over and what it kept is summed up: a Ctrl-C more has
    nothing left to drop, and does not cut the summary short (before, one that came as
    the summary was written lost it). It is ignored until the command ends (its click
    context closes), then the previous handler is back."""
    context = click.get_current_context(silent=True)
    if context is None:  # called as a library: nothing marks the end
        signal.signal(signal.SIGINT, previous)
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    context.call_on_close(lambda: signal.signal(signal.SIGINT, previous))


GRACE = 0.75  # seconds the chunk in hand may still take after Ctrl-C


def say_stopped(command: str, stopped: Optional[str], status: int, done: int, before: str, after: str) -> None:
    """What ``take_in`` said stopped a run (None: nothing did), on standard error as
    ``command``'s error: with nothing ``done``, ``before`` ("before a game was finished")
    and exit ``status`` at once; else ``after``, the sentence of the ``done`` items kept
    ("the first 12 games are summed up"), and the run goes on to say them."""
    if stopped is None:
        return
    if not done:
        click.echo(f"dungeon {command}: error: {stopped} {before}", err=True)
        sys.exit(status)
    click.echo(f"dungeon {command}: error: {stopped}: {after}", err=True)
