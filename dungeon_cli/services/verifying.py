"""What ``dungeon verify`` does with a file, apart from the command: every record of it
judged by the referee (and a puzzle's own check), written in the format asked for, and
counted. A file's result is plain data (``FileCheck``), so a worker process of
``verify --jobs`` sends it back as it is; ``Verified`` adds them up into the exit status
and the summary line."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from notation import NO_RECORD, Diagnostic, Record, read

from ..plumbing import report
from ..plumbing.inputs import Unreadable, display_name, open_binary
from ..plumbing.report import JsonObject
from .referee import Referee


# Plain classes, not dataclasses: verify is a short command, and making three
# dataclasses (their methods exec'd) was a tenth of its start-up beyond the anchor's.
class Checking:
    """How to check and what to write: the command's options, and whether each stream
    takes colour (decided once, for every process alike)."""

    __slots__ = ("seed_check", "fmt", "quiet", "verbose", "colour", "colour_err", "extra")

    def __init__(
        self,
        seed_check: bool = False,
        fmt: str = "text",  # text, json or github
        quiet: bool = False,
        verbose: bool = False,
        colour: bool = False,
        colour_err: bool = False,
        # a record's own further check (a puzzle's, from the shell): the caller hands it in
        extra: Optional[Callable[[Record], list[Diagnostic]]] = None,
    ):
        self.seed_check = seed_check
        self.fmt = fmt
        self.quiet = quiet
        self.verbose = verbose
        self.colour = colour
        self.colour_err = colour_err
        self.extra = extra


class FileCheck:
    """What checking one file gives: the text for standard output and standard error,
    the JSON rows (``--format json``), the number of records and of illegal ones, and
    whether the file could not be read."""

    __slots__ = ("out", "err", "records", "diagnostics", "total", "illegal", "unreadable")

    def __init__(
        self,
        out: str = "",
        err: str = "",
        records: Optional[list[JsonObject]] = None,
        diagnostics: Optional[list[JsonObject]] = None,
        total: int = 0,
        illegal: int = 0,
        unreadable: bool = False,
    ):
        self.out = out
        self.err = err
        self.records = records if records is not None else []
        self.diagnostics = diagnostics if diagnostics is not None else []
        self.total = total
        self.illegal = illegal
        self.unreadable = unreadable

    def _fields(self) -> tuple[object, ...]:
        return (self.out, self.err, self.records, self.diagnostics, self.total, self.illegal, self.unreadable)

    def __eq__(self, other: object) -> bool:  # a check is its values (one sent to a worker and back is the same)
        return isinstance(other, FileCheck) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value: unhashable, as a dataclass is

    def __repr__(self) -> str:
        return f"FileCheck{self._fields()!r}"


class Verified:
    """The files' results added up: the exit status (2 a file could not be read, 1 a
    record is illegal, else 0) and the summary line of ``-v``."""

    __slots__ = ("total", "illegal", "unreadable", "records", "diagnostics")

    def __init__(self) -> None:
        self.total = 0
        self.illegal = 0
        self.unreadable = 0
        self.records: list[JsonObject] = []
        self.diagnostics: list[JsonObject] = []

    def add(self, checked: FileCheck) -> None:
        self.records.extend(checked.records)
        self.diagnostics.extend(checked.diagnostics)
        self.total += checked.total
        self.illegal += checked.illegal
        self.unreadable += int(checked.unreadable)

    @property
    def status(self) -> int:
        return 2 if self.unreadable else 1 if self.illegal else 0

    def summary(self) -> str:
        legal = self.total - self.illegal
        return f"{self.total} record{'s' if self.total != 1 else ''}: {legal} legal, {self.illegal} illegal"

    def as_json(self) -> JsonObject:
        return {
            "records": self.records,
            "diagnostics": self.diagnostics,
            "summary": {"records": self.total, "illegal": self.illegal, "unreadable": self.unreadable},
        }


def check_files(files: Sequence[str], how: Checking, indices: Sequence[int]) -> list[FileCheck]:
    """The files at ``indices`` checked, one ``FileCheck`` each (a worker sends them
    back)."""
    referee = Referee(seed_check=how.seed_check)
    return [check_file(files[index], how, referee) for index in indices]


def check_file(path: str, how: Checking, referee: Referee) -> FileCheck:
    """One file's records judged: its findings in the format asked for, counted."""
    from ..plumbing.colouring import diagnostic

    def text(name: str, diag: Diagnostic) -> str:
        return diagnostic(report.text_line(name, diag), diag.severity, how.colour)

    fmt, quiet = how.fmt, how.quiet
    out: list[str] = []
    err: list[str] = []
    checked = FileCheck()
    name = display_name(path)
    try:
        with open_binary(path) as stream:
            for record in read(stream, source=None if path == "-" else path):
                checked.total += 1
                verdict = referee.check(record)
                if verdict.legal and how.extra is not None:
                    verdict.diagnostics.extend(how.extra(record))
                if not verdict.legal:
                    checked.illegal += 1
                if how.seed_check and record.tag_value("Seed") is None and not quiet:
                    # in the format asked for: on stderr as text (it is no finding), an
                    # annotation among the others, a diagnostic in the JSON
                    warning = Diagnostic(
                        record.line, 1, "no Seed tag: --seed-check has no seed to check the deals against", "warning"
                    )
                    if fmt == "json":
                        checked.diagnostics.append(report.diag_json(name, warning))
                    elif fmt == "github":
                        out.append(report.github_line(name, warning) + "\n")
                    else:
                        err.append(diagnostic(report.text_line(name, warning), "warning", how.colour_err) + "\n")
                result = verdict.result
                summary = {
                    "file": name,
                    "line": record.line,
                    "game": record.game,
                    "variant": record.tag_value("Variant"),
                    "legal": verdict.legal,
                    "over": bool(verdict.state is not None and verdict.state.is_over),
                    "result": str(result) if result is not None else None,
                    "moves": len(record.turns),
                }
                if fmt == "json":
                    checked.records.append(summary)
                    checked.diagnostics.extend(report.diag_json(name, d) for d in verdict.diagnostics)
                    continue
                if not quiet:
                    for diag in verdict.diagnostics:
                        line = report.github_line(name, diag) if fmt == "github" else text(name, diag)
                        out.append(line + "\n")
                    if how.verbose:
                        out.append(result_line(name, record.line, summary) + "\n")
            if checked.total == 0:
                checked.illegal += 1
                diag = Diagnostic(1, 1, NO_RECORD)
                if fmt == "json":
                    checked.diagnostics.append(report.diag_json(name, diag))
                elif not quiet:
                    line = report.github_line(name, diag) if fmt == "github" else text(name, diag)
                    out.append(line + "\n")
    except Unreadable as exc:
        if fmt == "json":  # the JSON lists every file it was given
            checked.diagnostics.append({"file": name, "line": None, "column": None, "severity": "error", "message": str(exc)})
        if not quiet:
            err.append(f"dungeon verify: error: {exc}\n")
        checked.unreadable = True
    checked.out, checked.err = "".join(out), "".join(err)
    return checked


def result_line(name: str, line: int, summary: JsonObject) -> str:
    """A record's line under ``-v``: where it is, its game, legal or not, how it ended."""
    from ..kit.terminal_text import safe  # -v only: not at import

    status = "legal" if summary["legal"] else "ILLEGAL"
    if summary["result"] is not None:
        outcome = summary["result"]
    elif summary["over"]:
        outcome = "over"
    else:
        outcome = "unfinished"
    variant = f" ({safe(summary['variant'])})" if summary["variant"] else ""
    return f"{safe(name)}:{line}: {safe(summary['game'])}{variant}: {status}, {outcome}, {summary['moves']} move{'' if summary['moves'] == 1 else 's'}"
