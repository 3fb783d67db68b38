"""``dungeon summary``: one row per record, or per group of records, as a table.

A record counts only as the referee judges it: its result and figures are computed
from the moves (a ``Result`` tag is checked, never trusted). Records that do not verify
get a row that says so and their problems are listed; groups count finished legal
games only, and say how many records they left out.
"""

from __future__ import annotations

import statistics
from typing import Any, Iterable, Optional

from notation import Diagnostic, Record

from ..referee import Referee
from ..sim_summary import percent
from ..terminal_text import csv_cell, safe, table_cell

BY = ("game", "player", "variant")
EXTRA_FORMATS = ("json", "csv")
# Left out of a printed table when no record fills them (json and csv keep every column).
OPTIONAL_COLUMNS = ("variant", "player", "date")


class Row:
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


def unreadable(name: str, line: int, message: str) -> Row:
    """A row for a file that holds no record at all."""
    row = Row.__new__(Row)
    row.name, row.line = name, line
    row.game = row.variant = row.player = row.date = ""
    row.moves = 0
    row.diagnostics = [Diagnostic(line, 1, message)]
    row.legal = row.over = False
    row.won = row.score = None
    row.figures = {}
    return row


def record_table(rows: list[Row]) -> list[dict[str, Any]]:
    """One dict per record; figure columns are the union of every game's, in order met.
    A file of several records names each by its line."""
    per_file: dict[str, int] = {}
    for row in rows:
        per_file[row.name] = per_file.get(row.name, 0) + 1
    figure_names: dict[str, None] = {}
    for row in rows:
        figure_names.update(dict.fromkeys(row.figures))
    out = []
    for row in rows:
        item: dict[str, Any] = {
            "file": row.name if per_file[row.name] == 1 else f"{row.name}:{row.line}",
            "game": row.game,
            "variant": row.variant or None,  # absent is null, in every JSON output
            "player": row.player or None,
            "date": row.date or None,
            "result": row.result,
            "score": row.score,
            "moves": row.moves,
        }
        for name in figure_names:
            item[name] = row.figures.get(name)
        out.append(item)
    return out


def group_table(rows: Iterable[Row], by: str) -> list[dict[str, Any]]:
    """Per group, over its finished legal games: records, wins, win rate, and the mean,
    median and best score of the wins and, apart, of the losses: a win's score and a
    loss's mean different things (Clear the Dungeon's wins score 0-3, a loss up to 11),
    so no figure mixes them (None where a group has none). Groups appear in the order
    they are first met."""
    groups: dict[tuple, list[Row]] = {}
    for row in rows:
        if not row.over:
            continue
        key: tuple[str, ...] = (row.game, row.variant) if by == "variant" else (getattr(row, by),)
        groups.setdefault(key, []).append(row)
    out = []
    for key, members in groups.items():
        wins = sum(1 for r in members if r.won)
        item: dict[str, Any] = {}
        if by == "variant":
            item["game"], item["variant"] = key[0], key[1] or "standard"
        else:
            item[by] = key[0] or "-"
        item.update({"records": len(members), "wins": wins, "win rate": round(wins / len(members), 3)})
        for won, word in ((True, "win"), (False, "loss")):
            scores = [r.score for r in members if r.score is not None and bool(r.won) == won]
            item[f"{word} mean"] = round(float(statistics.mean(scores)), 2) if scores else None
            item[f"{word} median"] = float(statistics.median(scores)) if scores else None
            item[f"{word} best"] = max(scores) if scores else None
        out.append(item)
    return out


def formats() -> list[str]:
    from tabulate import tabulate_formats

    return sorted(f for f in tabulate_formats if f not in UNSAFE_FORMATS) + list(EXTRA_FORMATS)


# tabulate formats left out: ``unsafehtml`` writes a record's text into HTML as it is,
# so a Player tag could carry a <script> into a page (``html`` escapes it)
UNSAFE_FORMATS = ("unsafehtml",)


def render(table: list[dict[str, Any]], fmt: str) -> str:
    """The table in ``fmt``: json, csv, or any tabulate format."""
    if fmt == "json":
        import json

        return json.dumps(table, indent=2, ensure_ascii=True)  # escapes reach no terminal
    if fmt == "csv":
        import csv
        import io

        buffer = io.StringIO()
        if table:
            writer = csv.DictWriter(buffer, fieldnames=list(table[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows({k: "" if v is None else csv_cell(v) for k, v in item.items()} for item in table)
        return buffer.getvalue().rstrip("\n")
    from tabulate import tabulate

    empty = [k for k in OPTIONAL_COLUMNS if table and all(not item.get(k, "x") for item in table)]
    shown = [{k: table_cell(_cell(k, v), fmt) for k, v in item.items() if k not in empty} for item in table]
    return tabulate(shown, headers="keys", tablefmt=fmt, floatfmt=".1f")


def _cell(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "win rate":
        return percent(value)
    return str(value)
