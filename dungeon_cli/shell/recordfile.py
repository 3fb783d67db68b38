"""The record on disk while a game goes on.

After every finished turn the whole record is written to a temporary file beside it,
flushed to disk and renamed over the old one: a reader (or a crash, or ``kill -9``)
sees the old record or the new one, never half of one. A new game never overwrites an
existing file; only ``--resume`` writes over the file it names.
"""

from __future__ import annotations

import datetime as _dt
import os
from typing import Optional

from .. import safe_write


class RecordFile:
    def __init__(self, path: str, text: Optional[str] = None):
        self.path = path
        self.text = text  # what is on disk now, as far as we know
        self.swept = False  # temporary files of killed writers of this record removed
        # the file as we last read or wrote it: one changed by someone else is not written over
        self.stamp = safe_write.stamp(os.path.realpath(path))

    @classmethod
    def create(cls, path: str, text: str = "") -> "RecordFile":
        """Claim a new file holding ``text``; FileExistsError if something is there already.

        The text is written to a temporary file and hard-linked to ``path`` (the link fails
        if the name is taken), so the name never exists empty: a game killed between
        claiming its file and the first save would otherwise leave an empty file, which is
        no record and cannot be resumed."""
        safe_write.check_lines(text.encode("utf-8"), path)
        directory = os.path.dirname(os.path.abspath(path))
        try:
            fd, tmp = _exclusive_temp(directory, os.path.basename(path))
        except OSError as exc:  # named after the record, not the temporary file
            raise OSError(exc.errno, exc.strerror, path) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links: claim the name, then fill it
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(text)
        finally:
            os.unlink(tmp)
        return cls(path, text)

    @classmethod
    def fresh(cls, game: str, now: Optional[_dt.datetime] = None, directory: str = ".", text: str = "") -> "RecordFile":
        """``GAME-YYYYMMDD-HHMMSS.dgn``, with ``-2``, ``-3``... when that name is taken."""
        stamp = f"{game}-{(now or _dt.datetime.now()):%Y%m%d-%H%M%S}"
        for n in range(1, 1000):
            name = f"{stamp}.dgn" if n == 1 else f"{stamp}-{n}.dgn"
            try:
                return cls.create(os.path.join(directory, name) if directory != "." else name, text)
            except FileExistsError:
                continue
        raise FileExistsError(f"{stamp}.dgn")

    def save(self, text: str) -> bool:
        """Write ``text`` unless it is on disk already; True when written."""
        if text == self.text:
            return False
        safe_write.check_lines(text.encode("utf-8"), self.path)
        # The file behind a symlink is the record; its mode and owner stay its own, and
        # what a rename would damage (a FIFO, hard links) or what changed since is refused.
        real = os.path.realpath(self.path)
        directory = os.path.dirname(real)
        if not self.swept:  # first: a killed writer's temporary file is a second hard link
            self.swept = True
            safe_write.sweep(directory, os.path.basename(real))
        mode, owner = 0o644, None
        try:
            current = os.stat(real)
        except FileNotFoundError:
            current = None
        if current is not None:
            safe_write.check_replaceable(real)
            if self.stamp is not None and safe_write.stamp_of(current) != self.stamp:
                raise safe_write.Refused(self.path, "changed on disk since it was read: it is not written over")
            mode, owner = current.st_mode & 0o7777, (current.st_uid, current.st_gid)
        base = os.path.basename(real)
        fd, tmp = _exclusive_temp(directory, base)
        try:
            if owner is not None and owner != (os.geteuid(), os.getegid()):
                try:
                    os.fchown(fd, *owner)
                except PermissionError:
                    os.close(fd)
                    raise safe_write.Refused(self.path, "belongs to another user: rewriting it would change its owner") from None
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, real)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        self.text = text
        self.stamp = safe_write.stamp(real)
        return True


def _exclusive_temp(directory: str, base: str) -> tuple[int, str]:
    """A new temporary file beside the record, made with the mode a new file gets
    (0644 less the umask), unlike ``mkstemp``'s 0600."""
    for _ in range(100):
        tmp = os.path.join(directory, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {base}")
