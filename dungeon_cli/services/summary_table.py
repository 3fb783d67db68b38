"""``dungeon summary``: one row per record, or per group of records, as a table.

A record counts only as the referee judges it: its result and figures are computed
from the moves (a ``Result`` tag is checked, never trusted). Records that do not verify
get a row that says so and their problems are listed; groups count finished legal
games only, and say how many records they left out.

This module gathers the rows (and ``stats`` its groups' through ``TableRun``), a record
at a time; laying them out as text, and fitting them to the terminal, is
``table_text``'s.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator, Optional

from notation import NO_RECORD, Diagnostic, Record

from ..kit.terminal_text import safe
from .referee import Referee
from .table_text import render, render_rows, streams

BY = ("game", "player", "variant")


class SummaryRow:
    """What one record says: where it is, what game, how it ended, its telling figures."""

    def __init__(self, name: str, record: Record, referee: Referee):
        verdict = referee.check(record)
        self.name = name
        self.line = record.line
        self.game = record.game or ""
        self.variant = record.tag_value("Variant") or ""
        self.player = record.tag_value("Player") or ""
        self.date = record.tag_value("Date") or ""
        self.moves = len(record.turns)
        self.diagnostics: list[Diagnostic] = verdict.diagnostics
        self.legal = verdict.legal
        state = verdict.state
        self.over = bool(self.legal and state is not None and state.is_over)
        result = state.result() if self.over and state is not None else None
        self.won: Optional[bool] = result.won if result is not None else None
        self.score: Optional[int] = result.score if result is not None else None
        self.figures: dict[str, Any] = {}
        module = verdict.module
        if self.legal and state is not None and module is not None and module.figures is not None:
            self.figures = dict(module.figures(state))

    @property
    def result(self) -> str:
        if not self.legal:
            return "illegal"
        if not self.over:
            return "unfinished"
        return "win" if self.won else "loss"

    def problem(self) -> str:
        """The first diagnostic, in the ``verify`` format."""
        d = self.diagnostics[0]
        more = len(self.diagnostics) - 1
        tail = f" (and {more} more: see dungeon verify)" if more else ""
        return f"{safe(self.name)}:{d.line}:{d.col}: {d.severity}: {d.message}{tail}"


def unreadable(name: str, line: int, message: str) -> SummaryRow:
    """A row for a file that holds no record at all."""
    row = SummaryRow.__new__(SummaryRow)
    row.name, row.line = name, line
    row.game = row.variant = row.player = row.date = ""
    row.moves = 0
    row.diagnostics = [Diagnostic(line, 1, message)]
    row.legal = row.over = False
    row.won = row.score = None
    row.figures = {}
    return row


# A drawn table (any tabulate format) sizes its columns from every row, so it holds them
# all: it is drawn for at most this many records (a few megabytes); csv and json are
# written a row at a time, whatever the number (README.md, ``dungeon summary --help``).
TABLE_ROWS = 2_000


class Spool:
    """Things kept in an anonymous temporary file rather than in memory, given back in
    order: the rows of a summary of a million records cost no memory."""

    def __init__(self) -> None:
        import tempfile

        self.file = tempfile.TemporaryFile()
        self.count = 0

    def add(self, thing: Any) -> None:
        import pickle

        pickle.dump(thing, self.file, protocol=pickle.HIGHEST_PROTOCOL)
        self.count += 1

    def __iter__(self) -> Iterator[Any]:
        import pickle

        self.file.seek(0)
        for _ in range(self.count):
            yield pickle.load(self.file)
        self.file.seek(0, 2)


class RecordRows:
    """One row per record, kept in a ``Spool`` as they come: the figure columns are the
    union of every game's, in order met, and a file of several records names each by its
    line, both known only once every record is seen."""

    def __init__(self) -> None:
        self.spool = Spool()
        self.per_file: dict[str, int] = {}
        self.figure_names: dict[str, None] = {}

    @property
    def count(self) -> int:
        return self.spool.count

    def add(self, row: SummaryRow) -> None:
        self.per_file[row.name] = self.per_file.get(row.name, 0) + 1
        self.figure_names.update(dict.fromkeys(row.figures))
        self.spool.add(
            (row.name, row.line, row.game, row.variant, row.player, row.date, row.result, row.score, row.moves, row.figures)
        )

    def items(self) -> Iterator[dict[str, Any]]:
        for name, line, game, variant, player, date, result, score, moves, figures in self.spool:
            item: dict[str, Any] = {
                "file": name if self.per_file[name] == 1 else f"{name}:{line}",
                "game": game,
                "variant": variant or None,  # absent is null, in every JSON output
                "player": player or None,
                "date": date or None,
                "result": result,
                "score": score,
                "moves": moves,
            }
            for figure in self.figure_names:
                item[figure] = figures.get(figure)
            yield item


def record_table(rows: Iterable[SummaryRow]) -> list[dict[str, Any]]:
    """One dict per record (``RecordRows``)."""
    table = RecordRows()
    for row in rows:
        table.add(row)
    return list(table.items())


class TooManyRows(Exception):
    """A drawn table asked to hold more than ``TABLE_ROWS`` rows: the command's error
    line (exit 2), naming the formats that write any number."""


class TableRun:
    """What ``summary`` and ``stats`` keep beside their table as the records come: the
    referee they share, the problems of the records that do not verify (a ``Spool``: said
    after the table) and the finished games' count left out; said last, on standard
    error, and the exit status they give."""

    def __init__(self, command: str, fmt: str) -> None:
        self.command, self.fmt = command, fmt
        self.referee = Referee()
        self.problems = Spool()
        self.unfinished = 0

    def add(self, name: str, record: Optional[Record]) -> None:
        """One record of the files, as it comes (None: a file that holds none)."""
        raise NotImplementedError

    def row(self, name: str, record: Optional[Record]) -> SummaryRow:
        """A record's row, its problem kept when it does not verify; a file with no record is a problem too."""

        row = unreadable(name, 1, NO_RECORD) if record is None else SummaryRow(name, record, self.referee)
        if not row.legal:
            self.problems.add(row.problem())
        return row

    def at_most(self, count: int, what: str, tail: str = "") -> None:
        """``TooManyRows`` when a drawn table would hold more than ``TABLE_ROWS`` rows."""
        if not streams(self.fmt) and count > TABLE_ROWS:
            raise TooManyRows(
                f"dungeon {self.command}: error: more than {TABLE_ROWS:,} {what}: a {self.fmt} table is drawn whole, so it "
                f"holds at most {TABLE_ROWS:,} rows; --format csv or --format json write any number{tail}"
            )

    def closing(self, counted: bool = True) -> Iterator[str]:
        """The lines said after the table: each problem, then (``counted``: the table
        counts games) the records it left out."""
        for problem in self.problems:
            yield f"does not verify: {problem}"
        if counted:
            left_out = [f"{n} {what}" for n, what in ((self.unfinished, "unfinished"), (self.problems.count, "illegal")) if n]
            if left_out:
                yield f"not counted: {', '.join(left_out)}"

    @property
    def status(self) -> int:
        """1 when any record does not verify, else 0 (a file that could not be read is the command's 2)."""
        return 1 if self.problems.count else 0


class SummaryRun(TableRun):
    """``dungeon summary`` over records as they come: a row per record (waiting in a
    ``Spool``), or with ``by`` a tally per group, so no row per record is held."""

    def __init__(self, by: Optional[str], fmt: str) -> None:
        super().__init__("summary", fmt)
        self.by = by
        self.rows, self.groups = RecordRows(), GroupTally(by or "game")

    def add(self, name: str, record: Optional[Record]) -> None:
        row = self.row(name, record)
        if self.by:
            self.groups.add(row)
            self.unfinished += 1 if row.legal and not row.over else 0
            return
        self.rows.add(row)
        self.at_most(self.rows.count, "records", " a row at a time (or --by, one row per group)")

    def pieces(self) -> Iterator[str]:
        """The table's text, a piece at a time (csv and json a row at a time), each
        ending its line."""
        if not self.by and streams(self.fmt):
            yield from render_rows(self.rows.items(), self.fmt)
            return
        text = render(self.groups.table() if self.by else list(self.rows.items()), self.fmt)
        if text:
            yield text + "\n"


class GroupTally:
    """Per group, over its finished legal games: records, wins, and how many times each
    score was made by a win and, apart, by a loss: what the group's row needs, and no
    row per record."""

    def __init__(self, by: str) -> None:
        self.by = by
        self.groups: dict[tuple[str, ...], list[Any]] = {}  # key -> [records, wins, win scores, loss scores]

    def add(self, row: SummaryRow) -> None:
        if not row.over:
            return
        key: tuple[str, ...] = (row.game, row.variant) if self.by == "variant" else (getattr(row, self.by),)
        tally = self.groups.setdefault(key, [0, 0, Counter(), Counter()])
        tally[0] += 1
        tally[1] += 1 if row.won else 0
        if row.score is not None:
            tally[2 if row.won else 3][row.score] += 1

    def table(self) -> list[dict[str, Any]]:
        out = []
        for key, (records, wins, *scores) in self.groups.items():
            item: dict[str, Any] = {}
            if self.by == "variant":
                item["game"], item["variant"] = key[0], key[1] or "standard"
            else:
                item[self.by] = key[0] or "-"
            item.update({"records": records, "wins": wins, "win rate": round(wins / records, 3)})
            for counts, word in zip(scores, ("win", "loss")):
                made = sum(counts.values())
                item[f"{word} mean"] = round(sum(s * n for s, n in counts.items()) / made, 2) if made else None
                item[f"{word} median"] = _median(counts, made) if made else None
                item[f"{word} best"] = max(counts) if made else None
            out.append(item)
        return out


def _median(counts: Counter[int], made: int) -> float:
    """The median of the scores counted (as ``statistics.median`` of them all)."""
    wanted = {(made - 1) // 2, made // 2}
    found, seen = [], 0
    for score in sorted(counts):
        for index in wanted:
            if seen <= index < seen + counts[score]:
                found.append(score)
        seen += counts[score]
    return float(sum(found) / len(found))


def group_table(rows: Iterable[SummaryRow], by: str) -> list[dict[str, Any]]:
    """Per group, over its finished legal games: records, wins, win rate, and the mean,
    median and best score of the wins and, apart, of the losses: a win's score and a
    loss's mean different things (Clear the Dungeon's wins score 0-3, a loss up to 11),
    so no figure mixes them (None where a group has none). Groups appear in the order
    they are first met."""
    tally = GroupTally(by)
    for row in rows:
        tally.add(row)
    return tally.table()
