"""Writing diagnostics as text (``file:line:col: error: message``), JSON, or GitHub
workflow annotations: for every command, a game's own commands included (so it is
not part of the CLI package, which no game imports); and, after black, the ``Report`` a
command that goes over files keeps (counts, exit status, summary line) and its
``WriteBack`` mode (write, diff or check)."""

from __future__ import annotations

import enum
from typing import Any, TextIO

from notation import Diagnostic
from notation.model import printable

# A JSON object as a command writes it (or a file gives it): its values are whatever
# JSON holds, so Any is their honest type.
JsonObject = dict[str, Any]


def text_line(path: str, diag: Diagnostic) -> str:
    return f"{printable(path)}:{diag.line}:{diag.col}: {diag.severity}: {printable(diag.message)}"


def _gh_data(value: str) -> str:
    """GitHub's own escapes for ``%``, CR and LF (the runner turns them back), then any
    other control character shown escaped, as in every output: a log is read in a
    terminal too."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(value)


def _gh_property(value: str) -> str:
    return _gh_data(value).replace(":", "%3A").replace(",", "%2C")


def github_line(path: str, diag: Diagnostic) -> str:
    return f"::{diag.severity} file={_gh_property(path)},line={diag.line},col={diag.col}::{_gh_data(diag.message)}"


def diag_json(path: str, diag: Diagnostic) -> dict[str, Any]:
    return {"file": path, "line": diag.line, "column": diag.col, "severity": diag.severity, "message": diag.message}


def dump_json(data: Any, out: TextIO) -> None:
    import json

    json.dump(data, out, indent=2, ensure_ascii=True)  # no escape from a file reaches a terminal
    out.write("\n")


class WriteBack(enum.Enum):
    """What a command that rewrites files does with the new text (black's): write it
    back (the default), print a diff of it (``--diff``), or only say whether a file
    would change (``--check``). Only ``YES`` touches a file."""

    YES = "write"
    DIFF = "diff"
    CHECK = "check"

    @classmethod
    def from_options(cls, check: bool, diff: bool) -> WriteBack:
        # --check --diff prints the diff; the Report's check makes the exit status 1
        return cls.DIFF if diff else cls.CHECK if check else cls.YES

    @property
    def writes(self) -> bool:
        return self is WriteBack.YES

    @property
    def diffs(self) -> bool:
        return self is WriteBack.DIFF


class Report:
    """What a command that goes over files counts as it goes (black's ``Report``): the
    files changed (or that would be), left unchanged and that could not be done; the
    exit status (0 done, 1 a finding, 2 trouble); and the closing summary line. The
    lines it is told to say go to ``err``, standard error: standard output is the
    files' text alone."""

    __slots__ = ("changed", "check", "err", "failed", "status", "unchanged", "would")

    def __init__(self, err: TextIO, would: bool = False, check: bool = False):
        self.err = err
        self.would = would  # --check or --diff: "would be reformatted"
        self.check = check  # --check: a file that would change is a finding (exit 1)
        self.changed = self.unchanged = self.failed = 0
        self.status = 0

    def say(self, line: str) -> None:
        self.err.write(line + "\n")

    def done(self, changed: bool) -> None:
        if changed:
            self.changed += 1
        else:
            self.unchanged += 1

    def trouble(self, line: str) -> None:
        """A file refused before it was read (exit 2); it is not counted among the files."""
        self.say(line)
        self.status = 2

    def failure(self, line: str, status: int = 2) -> None:
        """A file that could not be done: counted, and the exit status at least ``status``."""
        self.say(line)
        self.failed += 1
        self.status = max(self.status, status)

    def would_change(self, name: str) -> None:
        """A file that would change and was not written: a finding under ``--check``."""
        self.done(changed=True)
        if self.check:
            self.say(f"would reformat {name}")
            self.status = max(self.status, 1)

    def summary(self) -> str:
        verb = "would be reformatted" if self.would else "reformatted"
        tail = f", {self.failed} could not be formatted" if self.failed else ""
        return f"{self.changed} file{'s' if self.changed != 1 else ''} {verb}, {self.unchanged} left unchanged{tail}"
