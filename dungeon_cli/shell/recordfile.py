"""The record on disk while a game goes on.

After every finished turn the whole record is written through ``safe_write`` (the one
door every output goes through): to a temporary file beside it, flushed to disk and
renamed over the old one, so a reader (or a crash, or ``kill -9``) sees the old record
or the new one, never half of one, and a closed terminal loses at most the turn being
played. A new game never overwrites an existing file; only ``--resume`` writes over
the file it names.
"""

from __future__ import annotations

import datetime as _dt
import os
from typing import Optional

from ..plumbing import safe_write


class RecordFile:
    def __init__(self, path: str, text: Optional[str] = None):
        self.path = path
        self.text = text  # what is on disk now, as far as we know
        # the file as we last read or wrote it: one changed by someone else is not written over
        self.stamp = safe_write.stamp(os.path.realpath(path))

    @classmethod
    def create(cls, path: str, text: str = "") -> "RecordFile":
        """Claim a new file holding ``text``; FileExistsError if something is there already.

        Through the one door out (``safe_write.write_new``): the name never exists empty,
        so a game killed between claiming its file and the first save leaves a record that
        can be resumed, not an empty file."""
        try:
            safe_write.write_new(path, text.encode("utf-8"), record=True)
        except FileExistsError:
            raise
        except OSError as exc:  # named after the record, not the temporary file
            raise type(exc)(exc.errno, exc.strerror, path) from None
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
        """Write ``text`` unless it is on disk already; True when written.

        Through the one door out (``safe_write.replace``): the file behind a symlink is
        the record, its mode and owner stay its own, what a rename would damage (a FIFO,
        hard links) or what changed since we last wrote it is refused, killed writers'
        temporary files are swept. A record removed in mid-game is created again."""
        if text == self.text:
            return False
        data = text.encode("utf-8")
        real = os.path.realpath(self.path)
        if os.path.lexists(real):
            safe_write.replace(real, data, expect=self.stamp, record=True)
        else:
            safe_write.write_new(real, data, record=True)
        self.text = text
        self.stamp = safe_write.stamp(real)
        return True
