"""``dungeon verify``: replay records and report every problem with its position."""

from __future__ import annotations

import sys

import click

from notation import Diagnostic, read

from .. import report
from ..referee import Referee
from .inputs import Directory, Unreadable, display_name, open_binary
from .project import project_defaults


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
def verify(
    files: tuple[str, ...], seed_check: bool, fmt: str, quiet: bool, verbose: bool, cards_path: tuple[str, ...] = ()
) -> None:
    """Check DGN records: notation, every deal and action, checkpoints and Result.

    Exit status: 0 every record is legal, 1 any is not, 2 a file could not be read.
    """
    files, fmt, seed_check = project_defaults("verify", files, fmt=fmt, seed_check=seed_check)  # [tool.dungeon]
    if cards_path:
        from ..games.base import record_files_under

        with record_files_under(cards_path):
            _verify(files, seed_check, fmt, quiet, verbose)
        return
    _verify(files, seed_check, fmt, quiet, verbose)


def _verify(files: tuple[str, ...], seed_check: bool, fmt: str, quiet: bool, verbose: bool) -> None:
    referee = Referee(seed_check=seed_check)
    out = sys.stdout
    from ..colouring import diagnostic, wanted

    colour = wanted(out)  # --color / --no-color, NO_COLOR, a terminal

    def text(name: str, diag: Diagnostic) -> str:
        return diagnostic(report.text_line(name, diag), diag.severity, colour)

    records_json: list[dict] = []
    diags_json: list[dict] = []
    usage_error = False
    illegal = 0
    total = 0
    unreadable = 0
    for path in files:
        name = display_name(path)
        try:
            with open_binary(path) as stream:
                count = 0
                for record in read(stream, source=None if path == "-" else path):
                    count += 1
                    total += 1
                    verdict = referee.check(record)
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
                            out.write(report.github_line(name, warning) + "\n")
                        else:
                            sys.stderr.write(diagnostic(report.text_line(name, warning), "warning", wanted(sys.stderr)) + "\n")
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
                            out.write(line + "\n")
                        if verbose:
                            out.write(_result_line(name, record.line, summary) + "\n")
                if count == 0:
                    illegal += 1
                    diag = Diagnostic(1, 1, 'no record in this file: a record starts with [Game "..."]')
                    if fmt == "json":
                        diags_json.append(report.diag_json(name, diag))
                    elif not quiet:
                        line = report.github_line(name, diag) if fmt == "github" else text(name, diag)
                        out.write(line + "\n")
        except Unreadable as exc:
            usage_error = True
            unreadable += 1
            if fmt == "json":  # the JSON lists every file it was given
                diags_json.append({"file": name, "line": None, "column": None, "severity": "error", "message": str(exc)})
            if not quiet:
                sys.stderr.write(f"dungeon verify: error: {exc}\n")
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
    sys.exit(2 if usage_error else 1 if illegal else 0)


def _result_line(name: str, line: int, summary: dict) -> str:
    from ..terminal_text import safe  # -v only: not at import

    status = "legal" if summary["legal"] else "ILLEGAL"
    if summary["result"] is not None:
        outcome = summary["result"]
    elif summary["over"]:
        outcome = "over"
    else:
        outcome = "unfinished"
    variant = f" ({safe(summary['variant'])})" if summary["variant"] else ""
    return f"{safe(name)}:{line}: {safe(summary['game'])}{variant}: {status}, {outcome}, {summary['moves']} move{'' if summary['moves'] == 1 else 's'}"
