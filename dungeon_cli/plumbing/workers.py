"""Work spread over processes (``sim --jobs``, ``solve --seeds --jobs``, ``verify
--jobs``) or over a Dask cluster's workers (``--cluster ADDRESS`` of ``sim``, ``solve
--seeds`` and ``analyse``): contiguous chunks handed out in order, their results handed
on in order whatever finished first, and what every worker process does first. One
mechanism for every command: a result belongs to its seed or its record, never to the
worker or the moment it came back, so the machine count changes no figure.

A worker belongs to the run that started it: Ctrl-C at the terminal reaches every
process of the group, and only the parent should answer it (with the summary of the
games played), not each worker with a traceback; and a parent killed outright (SIGKILL)
must not leave its workers asleep for ever on a pipe that never closes, so each asks the
kernel for SIGTERM when its parent dies (Linux; elsewhere they end when their next read
of the pipe fails).
"""

from __future__ import annotations

import math
import os
import signal
import sys
from typing import Any, Callable, Generator, Iterable, Iterator, Sequence, overload

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


def chunks(seeds: Sequence[int], workers: int, most: int = 500, least: int = 1) -> Sequence[Sequence[int]]:
    """Seeds in contiguous chunks of at most ``most``: several per worker, so that
    progress shows and the last chunks even out, but few enough that sending them costs
    little; and of at least ``least`` (but the last), for work that is cheaper by the
    thousand."""
    count = len(seeds)
    if count == 0:
        return ()
    size = max(1, least, min(most, math.ceil(count / (workers * 8))))
    return _Chunks(seeds, size)


class _Chunks(Sequence[Sequence[int]]):
    """The chunks, each made when asked for: a list of them all for ``--games 1e11``
    (fifty million ranges) filled the memory before a game was played."""

    def __init__(self, seeds: Sequence[int], size: int):
        self.seeds, self.size = seeds, size

    def __len__(self) -> int:
        return math.ceil(len(self.seeds) / self.size)

    @overload
    def __getitem__(self, index: int) -> Sequence[int]: ...

    @overload
    def __getitem__(self, index: slice) -> list[Sequence[int]]: ...

    def __getitem__(self, index: int | slice) -> Sequence[int] | list[Sequence[int]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.seeds[index * self.size : (index + 1) * self.size]


class _Ahead:
    """The chunks still to hand out, in order, without listing them all."""

    def __init__(self, chunked: Sequence[Sequence[int]]):
        self.chunked, self.next = chunked, 0

    def __bool__(self) -> bool:
        return self.next < len(self.chunked)

    def pop(self) -> tuple[int, Sequence[int]]:
        number = self.next
        self.next += 1
        return number, self.chunked[number]


class InOrder:
    """Chunks that finish in any order, handed on in chunk order."""

    def __init__(self) -> None:
        self.waiting: dict[int, list[Any]] = {}
        self.next = 0

    def add(self, number: int, results: list[Any]) -> Iterator[list[Any]]:
        self.waiting[number] = results
        while self.next in self.waiting:
            yield self.waiting.pop(self.next)
            self.next += 1


def spread(
    rows: Callable[[Sequence[int]], list[Any]],
    here: Callable[[Sequence[int]], list[Any]],
    make: Callable[[Any], Any],
    chunked: Sequence[Sequence[int]],
    jobs: int,
) -> Generator[list[Any], None, None]:
    """The results of every chunk, in chunk order, from ``jobs`` processes: this one and
    ``jobs - 1`` workers. A worker runs ``rows(chunk)`` (picklable: a module's function,
    or a partial of one) and sends back plain tuples, which ``make`` turns into results;
    this process runs ``here(chunk)``, results at once. The workers are kept four
    chunks deep each, and between looking at their results this process does the next
    chunk itself, rather than sit idle on a core and pay for sending its share. Closed
    early (Ctrl-C), the chunks not finished are dropped and the workers are ended at
    once, rather than waited for."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    todo = _Ahead(chunked)  # handed out in seed order
    order = InOrder()
    pool = ProcessPoolExecutor(max_workers=jobs - 1, initializer=init_worker, initargs=(os.getpid(),))
    pending: dict[Any, int] = {}
    try:
        while todo or pending:
            while todo and len(pending) < 4 * (jobs - 1):
                number, part = todo.pop()
                pending[pool.submit(rows, part)] = number
            finished = [future for future in pending if future.done()]
            if not finished and not todo:
                finished = list(wait(pending, return_when=FIRST_COMPLETED).done)
            for future in finished:
                yield from order.add(pending.pop(future), [make(row) for row in future.result()])
            if todo:
                number, part = todo.pop()
                yield from order.add(number, here(part))
    finally:
        # Closed early: what the workers hold is dropped, not waited for. The pool's own
        # thread cancels the chunks not yet sent (cancel_futures) and fails the rest when
        # it finds its workers ended; a chunk cancelled here instead could be among the
        # rest, which CPython 3.11's pool then fails to fail, with a traceback on stderr.
        if pending:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


CLUSTER_TIMEOUT = 10.0  # seconds to reach the scheduler, handshake included
CLUSTER_DEPTH = 4  # chunks in flight per worker thread: enough to keep each busy


class ClusterUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached."""


def on_cluster(
    address: str,
    rows: Callable[[Any], list[Any]],
    make: Callable[[Any], Any],
    chunking: Callable[[int], Iterable[Any]],
) -> Generator[list[Any], None, None]:
    """The results of every chunk, in chunk order, from the workers of the Dask
    scheduler at ``address``: ``chunking(threads)`` gives the chunks (a sequence or a
    generator: a directory of records is read as it is sent), each worker runs
    ``rows(chunk)`` (picklable, as for ``spread``) and ``make`` turns each row it sends
    back into a result. At most ``CLUSTER_DEPTH`` chunks a worker thread are in
    flight, so a run of a hundred billion games holds no list of its chunks. The
    scheduler is reached now (``ClusterUnavailable``: one sentence), before the first
    result is asked for; closed early (Ctrl-C), the chunks in flight are cancelled."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterUnavailable("--cluster needs Dask distributed: pip install 'dungeon-cli[cluster]'") from None
    from .cluster_guard import Unreachable, connect

    try:
        client = connect(address, CLUSTER_TIMEOUT)
    except Unreachable as exc:
        raise ClusterUnavailable(str(exc)) from None
    return _cluster_chunks(client, rows, make, chunking)


def _cluster_chunks(
    client: Any, rows: Callable[[Any], list[Any]], make: Callable[[Any], Any], chunking: Callable[[int], Iterable[Any]]
) -> Generator[list[Any], None, None]:
    from distributed import as_completed

    order = InOrder()
    try:
        threads = max(1, sum(client.nthreads().values()))
        todo = iter(enumerate(chunking(threads)))
        number: dict[str, int] = {}
        running = as_completed()

        def send() -> bool:
            for n, chunk in todo:
                future = client.submit(rows, chunk, pure=False)
                number[future.key] = n
                running.add(future)
                return True
            return False

        for _ in range(CLUSTER_DEPTH * threads):
            if not send():
                break
        for future in running:
            results = [make(row) for row in future.result()]
            n = number.pop(future.key)
            send()
            yield from order.add(n, results)
    finally:
        client.close()
