"""A table as text: csv and json a row at a time, any tabulate format drawn whole, and a
"simple" table fitted to the terminal's width. ``summary``, ``stats``, ``sim`` and
``analyse`` draw theirs here; what goes in the rows is theirs (``summary_table``,
``stats_table``). Cells from a record are made safe here: a CSV cell cannot run as a
formula, a table cell cannot add a column, and formats that would write a record's text
into markup as it is are not offered.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence

from ..kit.terminal_text import csv_cell, table_cell
from .sim_summary import percent

EXTRA_FORMATS = ("json", "csv")
# Left out of a printed table when no record fills them (json and csv keep every column).
OPTIONAL_COLUMNS = ("variant", "player", "date")


def streams(fmt: str) -> bool:
    """Whether ``fmt`` is written a row at a time (csv, json), not drawn whole."""
    return fmt in EXTRA_FORMATS


def render_rows(items: Iterable[dict[str, Any]], fmt: str) -> Iterator[str]:
    """csv or json, a row at a time: the same text ``render`` makes of the whole table,
    in pieces (each ending a line)."""
    if fmt == "json":
        import json
        import textwrap

        first = True
        for item in items:  # as json.dumps(table, indent=2) lays out a list of objects
            yield ("[\n" if first else ",\n") + textwrap.indent(json.dumps(item, indent=2, ensure_ascii=True), "  ")
            first = False
        yield "[]\n" if first else "\n]\n"
        return
    import csv
    import io

    buffer = io.StringIO()
    writer = None
    for item in items:
        if writer is None:
            writer = csv.DictWriter(buffer, fieldnames=list(item), lineterminator="\n")
            writer.writeheader()
        writer.writerow({k: "" if v is None else csv_cell(v) for k, v in item.items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def formats() -> list[str]:
    from tabulate import tabulate_formats

    return sorted(f for f in tabulate_formats if f not in UNSAFE_FORMATS) + list(EXTRA_FORMATS)


# tabulate formats left out, as they write a record's text into markup as it is: with
# ``unsafehtml`` a Player tag could carry a <script> into a page (``html`` escapes it),
# with ``latex_raw`` an \input{/etc/passwd} into a document (``latex`` escapes it), and
# ``asciidoc`` has no escape for all its markup (a '|' forges a cell, ``+++`` passes HTML)
UNSAFE_FORMATS = ("unsafehtml", "latex_raw", "asciidoc")


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
    return render_fitted(table, fmt)[0]


def render_fitted(
    table: list[dict[str, Any]], fmt: str, width: Optional[int] = None, short: Mapping[str, str] = {}, drop: Sequence[str] = ()
) -> tuple[str, list[str]]:
    """``render``, a "simple" table fitted to ``width`` columns (``fit_table``): the text
    and the columns left out (json and csv keep every column)."""
    from tabulate import tabulate

    if fmt in ("json", "csv"):
        return render(table, fmt), []

    empty = [k for k in OPTIONAL_COLUMNS if table and all(not item.get(k, "x") for item in table)]
    shown = [{k: table_cell(_cell(k, v), fmt) for k, v in item.items() if k not in empty} for item in table]
    if width is not None and fmt == "simple" and shown:
        heads, rows, left = fit_table(list(shown[0]), [list(item.values()) for item in shown], width, short, drop)
        return tabulate(rows, headers=heads, tablefmt=fmt, floatfmt=".1f"), left
    text: str = tabulate(shown, headers="keys", tablefmt=fmt, floatfmt=".1f")
    return text, []


RATES = ("win rate", "ci low", "ci high")  # columns of rates 0..1, drawn as percentages


def _cell(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key in RATES:
        return percent(value)
    return str(value)


def terminal_width(err: bool = False) -> Optional[int]:
    """The width of the terminal the table goes to, or None when it goes to a pipe or a
    file (a table there keeps every column, as ``ruff`` and ``git`` do)."""
    import shutil
    import sys

    stream = sys.stderr if err else sys.stdout
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    return shutil.get_terminal_size().columns


def fit_table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], width: Optional[int], short: Mapping[str, str], drop: Sequence[str]
) -> tuple[list[str], list[list[Any]], list[str]]:
    """A "simple" table made to fit ``width`` columns: shorter headings first (``short``),
    then columns left out in ``drop``'s order until it fits; the headings and rows to
    print and the columns left out. ``width`` None: everything, as it is (``--wide``)."""
    from tabulate import tabulate

    heads, body = list(headers), [list(row) for row in rows]

    def fits() -> bool:
        text: str = tabulate(body, headers=heads, tablefmt="simple")
        return max((len(line) for line in text.splitlines()), default=0) <= (width or 0)

    if width is None or fits():
        return heads, body, []
    heads = [short.get(h, h) for h in heads]
    left: list[str] = []
    for name in drop:
        if fits():
            break
        if name in headers:
            index = [h for h in headers if h not in left].index(name)
            del heads[index]
            for row in body:
                del row[index]
            left.append(name)
    return heads, body, left


def left_out_note(left: Sequence[str]) -> str:
    return f"left out to fit the terminal: {', '.join(left)} (--wide shows every column)"
