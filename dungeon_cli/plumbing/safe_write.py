"""Writing a user's file without ever losing what was in it.

Every command that writes a file the user named goes through here, because the ways to
lose data are the same everywhere: a rename replaces the *name* (a symlink becomes a
regular file and its target is left as it was; a FIFO or ``/dev/stdin`` becomes a
regular file; hard links are split), a new file gets the writer's owner and mode (root
formatting another user's 0640 file would leave it unreadable to its owner), a torn
write under a full disk leaves half a record, a plain ``open(path, "w")`` empties the
old file before the new one is written, and a file appended to while we worked loses
the appended part when we write back what we read.

So: the real path is resolved; only a regular file with one link is replaced; a file
nobody may write (0444) is left alone; the new text goes to a temporary file beside the
real path, is flushed to disk, gets the old file's mode and owner, and is renamed over
it; and the replacement is refused when the file changed since it was read.

And what every output shares, whatever wrote it: ``-`` is standard output; an output is
never a file this run reads (``replay --html a.dgn --force a.dgn`` would replace the
record with its own page); a page or a picture never replaces a record (a ``.dgn``
file); a record never holds a line the reader refuses (``notation.MAX_LINE_BYTES``),
since a record no command reads again is lost; and the temporary files of killed
writers, whatever their names, are swept without a crash.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import TYPE_CHECKING, Any, Iterable, NoReturn, Optional, Protocol

if TYPE_CHECKING:
    import signal
    from types import FrameType

from notation import MAX_LINE_BYTES

from .inputs import noted_inputs

STDOUT = "-"
Stamp = tuple[int, int, int, int]  # (device, inode, size, mtime_ns): what "the file we read" was


class Refused(OSError):
    """A file this module will not write, and why (``strerror``): an OSError, so that
    callers that already survive a full disk survive this too."""

    def __init__(self, path: str, why: str):
        super().__init__(errno.EPERM, why, path)


def stamp_of(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def stamp(path: str) -> Optional[Stamp]:
    """The stamp of the file behind ``path`` now, or None when there is none."""
    try:
        return stamp_of(os.stat(path))
    except OSError:
        return None


def check_replaceable(path: str) -> os.stat_result:
    """The status of the regular file behind ``path``; Refused for anything a rename
    would damage or that the user has not let anyone write."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise Refused(path, "not a regular file (a FIFO, a device or a directory): it is never replaced")
    if st.st_nlink > 1:
        raise Refused(path, f"has {st.st_nlink} hard links, which a rewrite would split: write a copy instead")
    if not st.st_mode & 0o222:
        raise Refused(path, "is read-only (no write permission for anyone): it is left as it is")
    return st


def replace(path: str, data: bytes, expect: Optional[Stamp] = None, record: bool = False) -> None:
    """Replace the contents of the file behind ``path`` (which exists) with ``data``.

    ``expect``: the stamp of the file when it was read; a file that changed since (a
    record appended to while fmt ran) is refused rather than written back. ``record``:
    ``data`` is DGN, none of whose lines may be longer than the reader takes."""
    if record:
        check_lines(data, path)
    beside = Beside(path)
    try:
        beside.handle.write(data)
    except BaseException:
        beside.discard()
        raise
    beside.commit(expect)


class Beside:
    """The new contents of the file behind ``path``, written as they come into a
    temporary file beside it (so a huge file is never held in memory), which ``commit``
    renames over it and ``discard`` removes. The temporary file has the old file's mode
    and owner from the start."""

    def __init__(self, path: str):
        real = os.path.realpath(path)
        # first: a writer killed between linking a new file and removing its temporary
        # name left a second hard link, which check_replaceable would refuse for ever
        sweep(os.path.dirname(real), os.path.basename(real))
        st = check_replaceable(path)
        if stamp(real) != stamp_of(st):  # /dev/stdin on a pipe resolves to no file at all
            raise Refused(path, "does not resolve to a file in a directory: it is never replaced")
        self.path, self.real = path, real
        self._signals = _TermRaises()
        try:
            fd, self.tmp = _temp(os.path.dirname(real), os.path.basename(real), 0o600)
        except BaseException:
            self._signals.restore()
            raise
        try:
            if (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)
                except PermissionError:
                    raise Refused(real, "belongs to another user, and rewriting it would change its owner") from None
            os.fchmod(fd, stat.S_IMODE(st.st_mode))
        except BaseException:
            os.close(fd)
            os.unlink(self.tmp)
            self._signals.restore()
            raise
        self.handle = os.fdopen(fd, "wb")

    def commit(self, expect: Optional[Stamp] = None) -> None:
        try:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
            if expect is not None and stamp(self.real) != expect:
                raise Refused(self.path, "changed since it was read: it was left as it is now")
            os.replace(self.tmp, self.real)
        except BaseException:
            self.discard()
            raise
        self._signals.restore()
        _sync_directory(os.path.dirname(self.real))

    def discard(self) -> None:
        try:
            self.handle.close()
        except OSError:
            pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass
        self._signals.restore()


def write_new(path: str, data: bytes, record: bool = False) -> None:
    """Create ``path`` holding ``data``, never over an existing file and never leaving an
    empty or torn one: the data is written beside it first, then hard-linked to the name
    (which fails if the name is taken) and the temporary name removed. ``record``: as
    for ``replace``."""
    if record:
        check_lines(data, path)
    directory = os.path.dirname(os.path.abspath(path)) or "."
    signals = _TermRaises()
    try:
        fd, tmp = _temp(directory, os.path.basename(path), 0o666)
    except BaseException:
        signals.restore()
        raise
    try:
        _fill(fd, data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            _claim(path, data)  # a file system without hard links
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        signals.restore()


def is_stream(path: str) -> bool:
    """A device or FIFO (``/dev/null``, ``/dev/stdout``, a named pipe): written into,
    never replaced, and holding nothing an output could lose."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def exists(path: str) -> bool:
    """An output name already taken by a file (a stream is not taken: it is written into)."""
    return os.path.lexists(path) and not is_stream(path)


def write(
    path: str, data: bytes, force: bool = False, record: bool = False, inputs: Iterable[str] = (), within: Optional[str] = None
) -> None:
    """An output the user named (``-o``, ``--html``, ``--plot``): ``-`` is standard
    output; else a new file, or with ``force`` one replacing what is there, atomically
    and keeping its mode and owner; a stream is written into. ``record``: the data is
    DGN, and none of its lines may be longer than the reader takes. What
    ``check_output`` refuses is refused (``inputs``: files this run reads that it has not
    opened through ``inputs.note_input``). ``within``: the tree the command was asked to touch
    (a repository): a symlink is never written through, nor is a path leading out of it."""
    if record:
        check_lines(data, path)
    if path == STDOUT:
        import sys

        from .streams import shown

        sys.stdout.flush()
        if sys.stdout.isatty():  # a record's escapes never reach a terminal raw
            data = shown(data.decode("utf-8"), sys.stdout).encode("utf-8")
        out = getattr(sys.stdout, "buffer", None)
        if out is None:
            sys.stdout.write(data.decode("utf-8"))
        else:
            out.write(data)
        sys.stdout.flush()
        return
    check_output(path, force, record, inputs, within)
    if is_stream(path):
        with open(path, "wb") as handle:
            handle.write(data)
    elif force and os.path.lexists(path):
        replace(path, data)
    else:
        write_new(path, data)


def check_output(
    path: str, force: bool = False, record: bool = False, inputs: Iterable[str] = (), within: Optional[str] = None
) -> None:
    """Whether ``path`` can be an output of this run, asked before the work that makes
    it (a search of minutes must not end in "exists already"). FileExistsError: there is
    a file and no ``force``; Refused: an input of this run, a record a page or picture
    would replace, something a rename would damage, or no directory to write in."""
    if within is not None and leaves(path, within):
        raise Refused(path, f"is a symlink out of {within}: it is never written through")
    if path == STDOUT or is_stream(path):
        return
    if os.path.isdir(path):
        raise Refused(path, "is a directory")
    if is_input(path, inputs):
        raise Refused(path, "is an input of this run: an output never replaces what it is made from")
    if os.path.lexists(path):
        if not record and os.path.realpath(path).lower().endswith(".dgn"):
            raise Refused(path, "is a record (.dgn): a page or a picture never replaces one; choose another name")
        if not force:
            raise FileExistsError(errno.EEXIST, "exists already", path)
        check_replaceable(path)
        return
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise Refused(path, f"{'no such directory' if not os.path.lexists(directory) else 'not a directory'}: {directory}")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise Refused(path, "its directory cannot be written")


def leaves(path: str, tree: str) -> bool:
    """Whether ``path`` (its symlinks followed) lies outside the directory ``tree``: a
    command asked to touch a tree (``fmt DIR``, a repository) never writes out of it."""
    top = os.path.realpath(tree).rstrip(os.sep) + os.sep
    return not os.path.realpath(path).startswith(top)


class TooLong(Refused):
    """A record line longer than ``notation.MAX_LINE_BYTES``: written, no command would
    read the record again (``fmt`` included), so it is never written."""

    def __init__(self, path: str, line: int, length: int):
        why = (
            f"line {line} would be {length:,} bytes long, and a DGN line holds at most {MAX_LINE_BYTES:,} "
            "(no command could read the record again): nothing was written"
        )
        super().__init__(path, why)
        self.line, self.length = line, length


def check_lines(data: bytes, path: str = STDOUT) -> None:
    """TooLong when a line of ``data`` is longer than the reader takes."""
    if len(data) <= MAX_LINE_BYTES:
        return
    for number, line in enumerate(data.split(b"\n"), 1):
        if len(line.rstrip(b"\r")) > MAX_LINE_BYTES:
            raise TooLong(path, number, len(line))


class Sink(Protocol):
    """Where bytes are written: a binary file, or a guard in front of one."""

    def write(self, data: bytes, /) -> int: ...


class LineGuard:
    """A binary handle that refuses (TooLong) a line longer than the reader takes as the
    bytes go through, for a record written as it is made (``fmt`` of a large file)."""

    def __init__(self, handle: Sink, path: str):
        self.handle, self.path, self.line, self.length = handle, path, 1, 0

    def write(self, data: bytes) -> int:
        for index, part in enumerate(data.split(b"\n")):
            if index:
                self.line, self.length = self.line + 1, 0
            self.length += len(part)
            if self.length > MAX_LINE_BYTES:
                raise TooLong(self.path, self.line, self.length)
        return self.handle.write(data)


def is_input(path: str, inputs: Iterable[str] = ()) -> bool:
    """Whether ``path`` (a symlink followed) is a file this run reads."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    me = (st.st_dev, st.st_ino)
    if me in (noted_inputs() or ()):
        return True
    for other in inputs:
        if other in (None, STDOUT):
            continue
        try:
            theirs = os.stat(other)
        except OSError:
            continue
        if (theirs.st_dev, theirs.st_ino) == me:
            return True
    return False


# -- temporary files ---------------------------------------------------------------------------

_swept: set[tuple[str, str]] = set()


def sweep(directory: str, base: str) -> None:
    """Remove the temporary files that writers of ``base`` left when they were killed in
    the middle of a write (``kill -9`` gives no chance to clean up), once a process. A
    temporary name carries its writer's process id; one whose process is gone is stale.
    A name that is not ours (``.g.dgn.².x.tmp``, a pid of 20 digits) is left alone."""
    if (directory, base) in _swept:
        return
    _swept.add((directory, base))
    prefix = _prefix(directory, base)
    try:
        names = [n for n in os.listdir(directory) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix) : -len(".tmp")].split(".")[0]
        if not (pid.isascii() and pid.isdigit()) or not 0 < int(pid) < 1 << 22 or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        try:
            os.unlink(os.path.join(directory, name))
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process: alive
        return True
    return True


def _ending_signals() -> tuple[Any, ...]:
    """The signals whose default ends the process and that a process may catch: SIGTERM
    and SIGHUP, and SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the timers' and CPU limit's,
    each of which left a hidden copy behind (issue 41, item 23)."""
    import signal

    names = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU", "SIGIO")
    return tuple(getattr(signal, name) for name in names if hasattr(signal, name))


_ENDING = _ending_signals()


class _TermRaises:
    """While a temporary file exists, the signals that would end the process (SIGTERM,
    SIGHUP, SIGQUIT, SIGUSR1, SIGALRM ...: ``_ENDING``) end it through an
    exception (exit 128+N, as the signal would), so the cleanup that removes the file
    runs: ``kill`` during ``fmt`` of a large file leaves nothing hidden behind. Only a
    default disposition is changed (``play`` has its own handlers), only in the main thread.

    The handler serves once: it puts the previous ones back before it raises, so no path
    the exception takes leaves it installed, and ``restore`` (the cleanup done) hands the
    signal back to a host running the command in-process (``streams.hand_back``): a
    SIGTERM to a test run ends the run, not only the command it was in."""

    def __init__(self) -> None:
        import signal
        import threading

        self.previous: dict[signal.Signals, Any] = {}
        self.fired: Optional[int] = None
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in _ENDING:
            if signal.getsignal(sig) == signal.SIG_DFL:
                self.previous[sig] = signal.signal(sig, self._raise)

    def _raise(self, signum: int, frame: Optional[FrameType]) -> NoReturn:
        self._put_back()
        self.fired = signum
        raise SystemExit(128 + signum)

    def _put_back(self) -> None:
        import signal

        previous, self.previous = self.previous, {}
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    def restore(self) -> None:
        self._put_back()
        fired, self.fired = self.fired, None
        if fired is not None:
            from .streams import hand_back

            hand_back(fired)


def _claim(path: str, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        _fill(fd, data)
    except BaseException:
        os.unlink(path)
        raise


def _fill(fd: int, data: bytes) -> None:
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _prefix(directory: str, base: str) -> str:
    """``.BASE.``, the start of the temporary names of ``base``, with ``base`` cut short (on
    a character's boundary) where the whole temporary name would pass the file system's
    limit on a name (255 bytes on most): a file named with 230 bytes or more could not be
    written at all (issue 41, item 20)."""
    try:
        limit = os.pathconf(directory or ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    room = limit - len(f"..{1 << 22}.{'0' * 8}.tmp")  # the dots, the longest pid, the random part
    data = base.encode("utf-8", "surrogateescape")
    if len(data) > room:
        base = data[:room].decode("utf-8", "ignore")  # (a character cut in two is left out)
    return f".{base}."


def _temp(directory: str, base: str, mode: int) -> tuple[int, str]:
    prefix = _prefix(directory, base)
    for _ in range(100):
        tmp = os.path.join(directory, f"{prefix}{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", base)


def _sync_directory(directory: str) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
