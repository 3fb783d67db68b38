"""The input history, kept when it can be: a history file that is a directory, cannot
be read or cannot be written costs the player nothing but the history (said once, on
standard error), never the game."""

from __future__ import annotations

import errno
import os
import stat
import sys
from typing import Iterable

from prompt_toolkit.history import FileHistory


class SafeFileHistory(FileHistory):
    warned = False

    def _warn(self, exc: OSError) -> None:
        if not self.warned:
            self.warned = True
            try:
                sys.stderr.write(
                    f"dungeon play: warning: history {self.filename!s}: {exc.strerror or exc}; typed lines are kept for this game only\n"
                )
            except (OSError, ValueError):
                pass

    def _usable(self) -> bool:
        """A history that is not a regular file (a FIFO, a device, a directory) is never
        opened: a FIFO waited for a writer for good, and quit and Ctrl-C did nothing."""
        try:
            info = os.stat(self.filename)
        except FileNotFoundError:
            return True  # made at the first line typed
        except OSError as exc:
            self._warn(exc)
            return False
        if stat.S_ISREG(info.st_mode):
            return True
        self._warn(OSError(errno.EINVAL, "not a regular file (a FIFO, a device or a directory)"))
        return False

    def load_history_strings(self) -> Iterable[str]:
        if not self._usable():
            return []
        try:
            return list(super().load_history_strings())
        except OSError as exc:
            self._warn(exc)
            return []

    def store_string(self, string: str) -> None:
        if self.warned or not self._usable():
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._warn(exc)
