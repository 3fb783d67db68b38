"""The record on disk while a game goes on.

After every finished turn the whole record is written to a temporary file beside it,
flushed to disk and renamed over the old one: a reader (or a crash, or ``kill -9``)
sees the old record or the new one, never half of one. A new game never overwrites an
existing file; only ``--resume`` writes over the file it names.
"""

from __future__ import annotations

import datetime as _dt
import os
import tempfile
from typing import Optional


class RecordFile:
    def __init__(self, path: str, text: Optional[str] = None):
        self.path = path
        self.text = text  # what is on disk now, as far as we know

    @classmethod
    def create(cls, path: str) -> "RecordFile":
        """Claim a new file; FileExistsError if something is there already."""
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.close(fd)
        return cls(path, "")

    @classmethod
    def fresh(cls, game: str, now: Optional[_dt.datetime] = None, directory: str = ".") -> "RecordFile":
        """``GAME-YYYYMMDD-HHMMSS.dgn``, with ``-2``, ``-3``... when that name is taken."""
        stamp = f"{game}-{(now or _dt.datetime.now()):%Y%m%d-%H%M%S}"
        for n in range(1, 1000):
            name = f"{stamp}.dgn" if n == 1 else f"{stamp}-{n}.dgn"
            try:
                return cls.create(os.path.join(directory, name) if directory != "." else name)
            except FileExistsError:
                continue
        raise FileExistsError(f"{stamp}.dgn")

    def save(self, text: str) -> bool:
        """Write ``text`` unless it is on disk already; True when written."""
        if text == self.text:
            return False
        directory = os.path.dirname(os.path.abspath(self.path))
        mode = 0o644
        try:
            mode = os.stat(self.path).st_mode & 0o7777
        except OSError:
            pass
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(self.path)}.", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        self.text = text
        return True
