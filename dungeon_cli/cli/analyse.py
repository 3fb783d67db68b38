"""``dungeon analyse`` (also ``analyze``): where a game was won or lost, decision by
decision, fairly (from what the player could see) and in hindsight (the deal known)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Optional

import click

from .. import report
from ..terminal_text import safe, table_cell
from .inputs import Unreadable, display_name, open_binary
from .limits import HELP as LIMIT_HELP
from .limits import parse_limit
from .output import check_output, write_output

if TYPE_CHECKING:  # the analysis itself loads with the command (``analysis``: that module)
    from notation import Record

    from ..analysis import Analysis, Fair
    from ..report import JsonObject

# Each sample is a whole order of the unseen cards played out at every decision: past
# this, an analysis takes hours and its memory has no bound.
MAX_SAMPLES = 100_000


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE... | -")
@click.option(
    "--samples",
    type=click.IntRange(min=1, max=MAX_SAMPLES),
    default=None,
    help="Orders of the unseen cards per decision (default 100).",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    help="The analysis's own generator: the same seed, the same figures.  [default: 0]",
)
@click.option(
    "--limit",
    default=None,
    help=f"How long the search may take per position, as for solve: {LIMIT_HELP} (default 10s; a game"
    " without a solver is searched at most 1 s a position); past it, the best found, said not proven.",
)
@click.option(
    "--from",
    "first_move",
    type=click.IntRange(min=0),
    default=0,
    help="Judge the decisions of move N on only (the moves before are replayed).",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", help="table (the default) or json.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the records with each marked decision's judgement as a comment (notation/SPEC.md); '-': standard output (the table then goes to standard error).",
)
@click.option("--force", is_flag=True, help="Let -o replace an existing file.")
def analyse(
    files: tuple[str, ...],
    samples: Optional[int],
    seed: int,
    limit: Optional[str],
    first_move: int,
    fmt: str,
    output: Optional[str],
    force: bool,
) -> None:
    """Judge every decision of DGN records: the chance of winning from what the player
    could see, before and after (orders of the unseen cards played out by the strong
    player, with a 95% interval), and the best result still reachable with the deal
    known (the solver; needs the record's Seed or every card shown).

    \b
    Marks: ??  the chance of winning dropped clearly, by 25 points or more
           ?   it dropped clearly (beyond the 95% interval)
           ?!  no clear drop, but a win reachable in hindsight was lost here

    Exit status: 0 analysed, 1 a record is illegal (not analysed), 2 a file could not be
    read or its game cannot be judged (it has neither a strong player nor a solver).
    """
    from notation import read, write

    from .. import analysis
    from .project import project_settings

    project_settings("analyse")  # a card set kept in the project's card-sets
    samples = samples or analysis.SAMPLES
    nodes, seconds = parse_limit(limit) if limit is not None else (None, analysis.HINDSIGHT_SECONDS)
    if output is not None:  # before the analysis, which takes minutes
        check_output(output, force, record=True, inputs=files)
    out = sys.stderr if output == "-" else sys.stdout  # '-o -': standard output holds the records
    results = []  # kept for json and -o only: text is written as each record is judged
    keep = fmt == "json" or output is not None
    shown = 0
    refused: set[str] = set()  # games it cannot judge

    def judge(name: str, record: Record) -> bool:
        """Judge one record and show it (or keep it); True when it is illegal."""
        nonlocal shown
        why = _cannot_judge(record, analysis)
        if why is not None:
            if why not in refused:  # said once a game
                sys.stderr.write(f"dungeon analyse: {name}: error: {safe(why)}\n")
                refused.add(why)
            return False
        found = _analyse(record, samples, seed, (seconds, nodes), first_move, analysis)
        if not found.verdict.legal:
            for diag in found.verdict.diagnostics[:1]:
                sys.stderr.write(report.text_line(name, diag) + " (not analysed)\n")
            return True
        if keep:
            results.append((name, found))
        if fmt != "json":
            out.write(("\n" if shown else "") + _table(name, found, analysis))
            out.flush()
            shown += 1
        return False

    illegal = unreadable = False
    for path in files:
        name = display_name(path)
        try:
            with open_binary(path) as stream:  # judged as read: a file's records are never held whole
                for record in read(stream, source=None if path == "-" else path):
                    illegal |= judge(name, record)
        except Unreadable as exc:
            sys.stderr.write(f"dungeon analyse: error: {exc}\n")
            unreadable = True
            continue
    if fmt == "json":
        report.dump_json({"records": [_json(name, found) for name, found in results]}, out)
    if output is not None and results:
        text = write([analysis.annotate(found) for _, found in results])
        write_output(output, text, force, record=True, inputs=files)
    out.flush()
    sys.exit(2 if unreadable or refused else 1 if illegal else 0)


def _cannot_judge(record: Record, analysis: ModuleType) -> Optional[str]:
    """Why the record's game cannot be judged; None when it can, or when the game is
    unknown (the referee says so, as for any illegal record)."""
    from .. import registry

    if record.game not in registry.names():
        return None
    why: Optional[str] = analysis.cannot_judge(registry.get(record.game))
    return why


def _analyse(
    record: Record,
    samples: int,
    seed: int,
    limit: tuple[Optional[float], Optional[int]],
    first_move: int,
    analysis: ModuleType,
) -> Analysis:
    """One record, with a progress bar on standard error at a terminal."""
    seconds, nodes = limit
    if not sys.stderr.isatty():
        found: Analysis = analysis.analyse(record, samples, seed, seconds, first_move=first_move, nodes=nodes)
        return found
    bars: list[Any] = []  # click's progress bar, made at the first progress

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(click.progressbar(length=total, label="analysing", file=sys.stderr))
            bars[0].__enter__()
        bars[0].update(1)

    try:
        found = analysis.analyse(record, samples, seed, seconds, progress=progress, first_move=first_move, nodes=nodes)
        return found
    finally:
        if bars:
            bars[0].__exit__(None, None, None)


def _fair_text(fair: Optional[Fair], analysis: ModuleType) -> str:
    if fair is None:
        return "-"
    low, high = fair.interval
    figure = f"{analysis.percent(fair.rate)}"
    if not fair.exact:
        figure += f" ({analysis.percent(low)}-{analysis.percent(high)})"
    return f"{figure} {fair.mean_score:+.1f}"


def _table(name: str, found: Analysis, analysis: ModuleType) -> str:
    from tabulate import tabulate

    rows = []
    for j in found.judgements:
        better = ""
        if j.best is not None and j.played is not None and j.best.choice != j.played.choice and j.best.rate > j.played.rate:
            better = f"{j.best.choice} {analysis.percent(j.best.rate)}"
        rows.append(
            [
                j.move,
                table_cell(safe(j.action), "plain"),
                j.mark,
                _fair_text(j.best, analysis),
                _fair_text(j.played, analysis),
                table_cell(safe(better), "plain"),
                j.before.text() if j.before else "-",
                j.after.text() if j.after else "-",
            ]
        )
    head = f"{safe(name)}:{found.record.line}: {safe(found.record.game)}"
    variant = found.record.tag_value("Variant")
    if variant:
        head += f" ({safe(variant)})"
    result = found.verdict.result
    head += f", {result}" if result is not None else ", unfinished"
    lines = [head]
    for note in (found.fair_note, found.hindsight_note):
        if note:
            lines.append(f"  {note}")
    headers = [
        "move",
        "action",
        "mark",
        "fair before: win (95%) score",
        "fair after",
        "better",
        "hindsight before",
        "hindsight after",
    ]
    lines.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    lost = [j for j in found.judgements if j.before and j.after and j.before.won and not j.after.won and j.after.proven]
    if lost:
        j = lost[0]
        lines.append(f"the win was lost at move {j.move}, by {safe(j.action)}")
    return "\n".join(lines) + "\n"


def _json(name: str, found: Analysis) -> JsonObject:
    return {
        "file": name,
        "line": found.record.line,
        "game": found.record.game,
        "variant": found.record.tag_value("Variant"),
        "result": str(found.verdict.result) if found.verdict.result is not None else None,
        "fair_note": found.fair_note,
        "hindsight_note": found.hindsight_note,
        "decisions": [j.as_json() for j in found.judgements],
    }
