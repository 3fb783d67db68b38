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
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Optional

Stamp = tuple  # (device, inode, size, mtime_ns): what "the file we read" was


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


def replace(path: str, data: bytes, expect: Optional[Stamp] = None) -> None:
    """Replace the contents of the file behind ``path`` (which exists) with ``data``.

    ``expect``: the stamp of the file when it was read; a file that changed since (a
    record appended to while fmt ran) is refused rather than written back."""
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
        st = check_replaceable(path)
        real = os.path.realpath(path)
        if stamp(real) != stamp_of(st):  # /dev/stdin on a pipe resolves to no file at all
            raise Refused(path, "does not resolve to a file in a directory: it is never replaced")
        self.path, self.real = path, real
        fd, self.tmp = _temp(os.path.dirname(real), os.path.basename(real), 0o600)
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


def write_new(path: str, data: bytes) -> None:
    """Create ``path`` holding ``data``, never over an existing file and never leaving an
    empty or torn one: the data is written beside it first, then hard-linked to the name
    (which fails if the name is taken) and the temporary name removed."""
    directory = os.path.dirname(os.path.abspath(path)) or "."
    fd, tmp = _temp(directory, os.path.basename(path), 0o666)
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


def write(path: str, data: bytes, force: bool = False) -> None:
    """An output file the user named (``-o``): new, or with ``force`` replacing what is
    there, atomically and keeping its mode and owner; a stream is written into."""
    if is_stream(path):
        with open(path, "wb") as handle:
            handle.write(data)
    elif force and os.path.lexists(path):
        replace(path, data)
    else:
        write_new(path, data)


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


def _temp(directory: str, base: str, mode: int) -> tuple[int, str]:
    for _ in range(100):
        tmp = os.path.join(directory, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
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
