"""Work spread over processes (dungeon_cli/plumbing/workers.py), closed early as Ctrl-C
closes it: the chunks the workers hold are dropped and the workers ended, with nothing
on stderr but what the command says. CPython 3.11's process pool, finding its workers
ended, fails every chunk it still holds, and raised (in a thread of its own: a traceback
on stderr) at each one cancelled from outside meanwhile: so only the pool's own thread
cancels (found by tests/hardening/test_signals.py, now and then, in CI)."""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest

from dungeon_cli.plumbing.workers import spread


def _first_only(part):
    """A worker's chunk: the first comes back, every other never does (until the worker
    is ended)."""
    if part[0] == 0:
        return [0]
    threading.Event().wait()
    return []


def test_closing_early_drops_what_the_workers_hold_without_a_traceback(monkeypatch: pytest.MonkeyPatch):
    raised: list[BaseException] = []
    cancelled_here: list[Future] = []
    cancel = Future.cancel

    def watched(future: Future) -> bool:
        if threading.current_thread() is threading.main_thread():
            cancelled_here.append(future)
        return cancel(future)

    monkeypatch.setattr(Future, "cancel", watched)
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(args.exc_value))
    for _ in range(3):  # the race it lost was the pool's; each round is one more chance at it
        run = spread(_first_only, lambda part: [part[0]], lambda row: row, [[n] for n in range(40)], jobs=3)
        assert next(run) == [0]  # chunk 0 came back; the workers hold the next ones, for ever
        run.close()  # what Ctrl-C does: the pool is shut down at once, the workers ended
    assert cancelled_here == [] and raised == []
