"""The input history, kept when it can be: a history file that is a directory, cannot
be read or cannot be written costs the player nothing but the history (said once, on
standard error), never the game."""

from __future__ import annotations

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

    def load_history_strings(self) -> Iterable[str]:
        try:
            return list(super().load_history_strings())
        except OSError as exc:
            self._warn(exc)
            return []

    def store_string(self, string: str) -> None:
        try:
            super().store_string(string)
        except OSError as exc:
            self._warn(exc)
