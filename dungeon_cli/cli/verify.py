"""``dungeon verify``: replay records and report every problem with its position."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

import click

from notation import Diagnostic, read

from ..plumbing import report
from ..services.referee import Referee
from .project import project_defaults
from .reading import Directory, Unreadable, display_name, open_binary


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -", type=click.Path(allow_dash=True))
@click.option("--seed-check/--no-seed-check", default=None, help="Deals must be exactly what the record's Seed deals.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default=None,
    help="text (the default): file:line:col: error: message; json; github: workflow annotations.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
@click.option("-v", "--verbose", is_flag=True, help="Also print each record's result.")
@click.option(
    "--cards-path",
    "cards_path",
    multiple=True,
    type=Directory(),
    help="Look up card sets that records name under this directory (repeatable; default: each record's own directory).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes to spread the files over (at most the CPUs there are).",
)
def verify(
    files: tuple[str, ...],
    seed_check: bool,
    fmt: str,
    quiet: bool,
    verbose: bool,
    cards_path: tuple[str, ...] = (),
    jobs: int = 1,
) -> None:
    """Check DGN records: notation, every deal and action, checkpoints and Result.

    Exit status: 0 every record is legal, 1 any is not, 2 a file could not be read.
    """
    files, fmt, seed_check = project_defaults("verify", files, fmt=fmt, seed_check=seed_check)  # [tool.dungeon]
    if cards_path:
        from ..kit.game_module import record_files_under

        with record_files_under(cards_path):
            _verify(files, seed_check, fmt, quiet, verbose, jobs)
        return
    _verify(files, seed_check, fmt, quiet, verbose, jobs)


if TYPE_CHECKING:
    from ..plumbing.report import JsonObject

# What checking one file gives: (stdout text, stderr text, records' JSON, diagnostics'
# JSON, records, illegal records, unreadable files), plain data for a worker to send.
Row = tuple[str, str, list["JsonObject"], list["JsonObject"], int, int, int]


def _verify(files: tuple[str, ...], seed_check: bool, fmt: str, quiet: bool, verbose: bool, jobs: int = 1) -> None:
    out = sys.stdout
    from ..plumbing.colouring import wanted

    # --color / --no-color, NO_COLOR, a terminal: decided here, for every process alike
    check = functools.partial(_check_files, files, seed_check, fmt, quiet, verbose, wanted(out), wanted(sys.stderr))
    records_json: list[JsonObject] = []
    diags_json: list[JsonObject] = []
    illegal = total = unreadable = 0
    for done in _checked(check, len(files), 1 if "-" in files else jobs):  # standard input is read here
        for text, warnings, records, diags, counted, bad, unread in done:
            out.write(text)
            sys.stderr.write(warnings)
            records_json.extend(records)
            diags_json.extend(diags)
            total, illegal, unreadable = total + counted, illegal + bad, unreadable + unread
    if fmt == "json" and not quiet:  # -q prints nothing, whatever the format
        report.dump_json(
            {
                "records": records_json,
                "diagnostics": diags_json,
                "summary": {"records": total, "illegal": illegal, "unreadable": unreadable},
            },
            out,
        )
    elif verbose and not quiet:
        legal = total - illegal
        sys.stderr.write(f"{total} record{'s' if total != 1 else ''}: {legal} legal, {illegal} illegal\n")
    out.flush()
    sys.exit(2 if unreadable else 1 if illegal else 0)


def _checked(check: Callable[[Sequence[int]], list[Row]], count: int, jobs: int) -> Iterator[list[Row]]:
    """Each chunk of files checked, in the files' order: here, or spread over ``jobs``
    processes as ``sim --jobs`` spreads its seeds (workers.spread)."""
    from ..plumbing.workers import chunks, spread, usable_cpus

    jobs = min(jobs, count, usable_cpus())  # --jobs 2**63 was an OverflowError traceback; the output is the same
    if jobs <= 1:
        yield check(range(count))
        return

    yield from spread(check, check, lambda row: row, chunks(range(count), jobs, most=50), jobs)


def _check_files(
    files: tuple[str, ...],
    seed_check: bool,
    fmt: str,
    quiet: bool,
    verbose: bool,
    colour: bool,
    colour_err: bool,
    indices: Sequence[int],
) -> list[Row]:
    """The files at ``indices`` checked, one plain tuple each (a worker sends them back):
    what to print on standard output and on standard error, the JSON rows, the number
    of records, of illegal ones, and 1 when the file could not be read."""
    from ..plumbing.colouring import diagnostic

    referee = Referee(seed_check=seed_check)

    def text(name: str, diag: Diagnostic) -> str:
        return diagnostic(report.text_line(name, diag), diag.severity, colour)

    rows: list[Row] = []
    for index in indices:
        path = files[index]
        out: list[str] = []
        err: list[str] = []
        records_json: list[JsonObject] = []
        diags_json: list[JsonObject] = []
        illegal = total = 0
        name = display_name(path)
        try:
            with open_binary(path) as stream:
                for record in read(stream, source=None if path == "-" else path):
                    total += 1
                    verdict = referee.check(record)
                    if verdict.legal and record.tag_value("Puzzle") is not None:
                        from ..shell.puzzle import check as puzzle_check  # only a puzzle pays for it

                        verdict.diagnostics.extend(puzzle_check(record))
                    if not verdict.legal:
                        illegal += 1
                    if seed_check and record.tag_value("Seed") is None and not quiet:
                        # in the format asked for: on stderr as text (it is no finding), an
                        # annotation among the others, a diagnostic in the JSON
                        warning = Diagnostic(
                            record.line, 1, "no Seed tag: --seed-check has no seed to check the deals against", "warning"
                        )
                        if fmt == "json":
                            diags_json.append(report.diag_json(name, warning))
                        elif fmt == "github":
                            out.append(report.github_line(name, warning) + "\n")
                        else:
                            err.append(diagnostic(report.text_line(name, warning), "warning", colour_err) + "\n")
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
                        records_json.append(summary)
                        diags_json.extend(report.diag_json(name, d) for d in verdict.diagnostics)
                        continue
                    if not quiet:
                        for diag in verdict.diagnostics:
                            line = report.github_line(name, diag) if fmt == "github" else text(name, diag)
                            out.append(line + "\n")
                        if verbose:
                            out.append(_result_line(name, record.line, summary) + "\n")
                if total == 0:
                    illegal += 1
                    diag = Diagnostic(1, 1, 'no record in this file: a record starts with [Game "..."]')
                    if fmt == "json":
                        diags_json.append(report.diag_json(name, diag))
                    elif not quiet:
                        line = report.github_line(name, diag) if fmt == "github" else text(name, diag)
                        out.append(line + "\n")
        except Unreadable as exc:
            if fmt == "json":  # the JSON lists every file it was given
                diags_json.append({"file": name, "line": None, "column": None, "severity": "error", "message": str(exc)})
            if not quiet:
                err.append(f"dungeon verify: error: {exc}\n")
            rows.append(("".join(out), "".join(err), records_json, diags_json, total, illegal, 1))
            continue
        rows.append(("".join(out), "".join(err), records_json, diags_json, total, illegal, 0))
    return rows


def _result_line(name: str, line: int, summary: JsonObject) -> str:
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
