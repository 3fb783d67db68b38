"""An open document read as ``dungeon verify`` reads a file: the same reader, the same
referee (with the states kept, for hover and completion), the project's settings looked
up from the document's directory. Positions are converted here between DGN's (1-based
line, 1-based column in characters) and the protocol's (0-based, UTF-16 code units).

Nothing here writes a file or runs a program; a document that cannot be read (binary
data, an over-long line) is a diagnostic, as it is for verify.
"""

from __future__ import annotations

import io
import os
from typing import Any, Optional

from notation import NO_RECORD, Diagnostic, Record, read

from ..services.referee import Referee, Verdict

# The most of a document the server judges. Its records are kept with every state, for
# hover and completion: about 100 bytes of memory a byte of document (a 5 MB document
# took 649 MB, 1 MB 145 MB and 6.5 s), where verify holds one record at a time. 512 KB
# is some 1,500 records of Scoundrel (95 MB). A larger document is one diagnostic
# saying so, and nothing else; verify checks a file of any size.
MAX_DOCUMENT_BYTES = 512 << 10


class Document:
    """One version of a document's text, read and judged once."""

    def __init__(self, text: str, path: Optional[str] = None):
        self.text = text
        self.path = path
        self.settings: dict[str, Any] = {}
        self.problems: list[Diagnostic] = []  # of the document, not of one record
        self.records: list[Record] = []
        self.verdicts: list[Verdict] = []
        data = text.encode("utf-8", "surrogatepass")  # a lone surrogate is invalid UTF-8, and said so
        self.too_large = len(data) > MAX_DOCUMENT_BYTES
        if self.too_large:
            self.lines = [""]
            self.problems.append(Diagnostic(1, 1, too_large(len(data)), "warning"))
            return
        self.lines = text.split("\n")
        self._settings()
        self.records = list(read(io.BytesIO(data), source=path))
        referee = Referee(seed_check=bool(self.settings.get("seed-check", False)), keep_states=True)
        self.verdicts = [referee.check(record) for record in self.records]

    def _settings(self) -> None:
        """``[tool.dungeon]`` from the nearest pyproject.toml above the document, as verify
        finds it above its working directory; one that cannot be used is said at 1:1."""
        from ..kit.game_module import use_project_file_dirs
        from ..plumbing.settings import SettingsError, load

        start = os.path.dirname(self.path) if self.path else None
        try:
            self.settings = load(start)
        except SettingsError as exc:
            self.problems.append(Diagnostic(1, 1, f"settings: {exc}"))
        use_project_file_dirs(self.settings.get("card-sets") or [])

    def diagnostics(self) -> list[Diagnostic]:
        """What verify prints for this file, in its order."""
        out = list(self.problems)
        if not self.records and not self.too_large:
            out.append(Diagnostic(1, 1, NO_RECORD))
        for record, verdict in zip(self.records, self.verdicts):
            if self.settings.get("seed-check") and record.tag_value("Seed") is None:
                out.append(
                    Diagnostic(record.line, 1, "no Seed tag: --seed-check has no seed to check the deals against", "warning")
                )
            out.extend(verdict.diagnostics)
        return out

    # -- where things are ------------------------------------------------------------

    def line(self, number: int) -> str:
        """Line ``number`` (1-based) without its line end; "" past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1].rstrip("\r")
        return ""

    def record_at(self, line: int) -> Optional[int]:
        """The index of the record a line (1-based) belongs to."""
        found = None
        for i, record in enumerate(self.records):
            if record.line <= line:
                found = i
        return found

    def to_protocol(self, line: int, col: int) -> tuple[int, int]:
        """DGN's 1-based (line, column in characters) as the protocol's 0-based (line, UTF-16 unit)."""
        text = self.line(line)
        bom = 1 if line == 1 and text.startswith("\ufeff") else 0  # the reader counts from past it
        return max(line - 1, 0), bom + utf16_length(text[bom : bom + max(col - 1, 0)])

    def from_protocol(self, line: int, character: int) -> tuple[int, int]:
        """The protocol's position as DGN's 1-based line and column (characters)."""
        text = self.line(line + 1)
        if line == 0 and text.startswith("\ufeff"):
            text, character = text[1:], character - 1
        units = 0
        for index, ch in enumerate(text):
            if units >= character:
                return line + 1, index + 1
            units += 2 if ord(ch) > 0xFFFF else 1
        return line + 1, len(text) + 1

    def word_end(self, line: int, col: int) -> int:
        """The column just past the word at (line, col): a diagnostic's range is its word.
        In a tag's value a word ends at the closing quote; an item of a list (a card of a
        Position's pile, after ``,``, ``(`` or ``|``) ends at the next of them."""
        text = self.line(line).lstrip("\ufeff")
        end = col - 1
        stops = ' \t"'
        if 0 < end <= len(text) and text[end - 1] in ",(|":
            stops += ",()|"
        if end < len(text) and text[end] == '"':
            end += 1  # the opening quote of a value: the range runs on into it
        while end < len(text) and text[end] not in stops:
            end += 1
        return max(end + 1, col + 1)


def too_large(size: int) -> str:
    return (
        f"this document is {size:,} bytes: the language server judges documents of at most "
        f"{MAX_DOCUMENT_BYTES:,} bytes ({MAX_DOCUMENT_BYTES >> 10} KB); dungeon verify checks a file of any size"
    )


def utf16_length(text: str) -> int:
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)
