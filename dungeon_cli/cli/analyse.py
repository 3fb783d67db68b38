"""``dungeon analyse`` (also ``analyze``): where a game was won or lost, decision by
decision, fairly (from what the player could see) and in hindsight (the deal known)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterator, NamedTuple, Optional, TextIO

import click

from ..kit.terminal_text import safe, table_cell
from ..plumbing import report
from .limits import HELP as LIMIT_HELP
from .limits import parse_limit
from .output import CommandTrouble, NotWritten, check_output, write_output
from .progress import Progress, wanted
from .reading import RecordFiles, display_name

if TYPE_CHECKING:  # the analysis itself loads with the command (``analysis``: that module)
    from notation import Record

    from ..analysis import Analysis, Fair, Judgement
    from ..plumbing.report import JsonObject

# One record judged: (name, why its game cannot be judged, the illegal record's line, the
# table's text, the JSON, the record annotated for -o, the analysis for --html).
Row = tuple[Any, ...]

# Each sample is a whole order of the unseen cards played out at every decision: past
# this, an analysis takes hours and its memory has no bound.
MAX_SAMPLES = 100_000


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR... | -")
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
    " without a solver: at most 2k positions a position, too); past it, the best found, said not proven.",
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
    help="Write the records with each marked decision's judgement as a comment and the game's accuracy as a tag"
    " (notation/SPEC.md); '-': standard output (the table then goes to standard error).",
)
@click.option(
    "--html",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write a review page: the replay page with the chance of winning drawn across each game and the marks on it"
    " (one file, nothing loaded from anywhere); '-': standard output (the table then goes to standard error).",
)
@click.option("--force", is_flag=True, help="Let -o and --html replace an existing file.")
@click.option("--wide", is_flag=True, help="Every column of the table, however wide the terminal (a pipe always gets every one).")
@click.option("--cluster", metavar="ADDRESS", help="Judge the records on this Dask scheduler (needs the [cluster] extra).")
def analyse(
    files: tuple[str, ...],
    samples: Optional[int],
    seed: int,
    limit: Optional[str],
    first_move: int,
    fmt: str,
    output: Optional[str],
    html: Optional[str],
    force: bool,
    wide: bool = False,
    cluster: Optional[str] = None,
) -> None:
    """Judge every decision of DGN records: the chance of winning from what the player
    could see, before and after (orders of the unseen cards played out by the strong
    player, with a 95% interval), and the best result still reachable with the deal
    known (the solver; needs the record's Seed or every card shown). A directory
    stands for the records under it (as for verify). Each record is judged on its own,
    from --seed: the figures are the same whatever --cluster.

    \b
    Classes, by the points of winning chance lost (the fall clear of the 95% interval
    for the last three): best, excellent (under 2), good (under 5),
    ?! inaccuracy (5 or more), ? mistake (10), ?? blunder (20); ! only: the best, and
    every other choice clearly a mistake. unlucky: no clear fall, but a win reachable
    in hindsight was lost here. Accuracy: lichess's formula on these losses
    (notation/SPEC.md, "Analysis comments").

    Exit status: 0 analysed, 1 a record is illegal (not analysed), 2 a file could not be
    read or its game cannot be judged (it has neither a strong player nor a solver), or
    --from N is past a record's last move (nothing of it would be judged), 130 Ctrl-C (the records judged by then are shown; -o and json write nothing).
    """
    from .. import analysis
    from ..plumbing.settings import expand
    from .project import project_settings

    _check_outputs(output, html, cluster)
    settings = project_settings("analyse")  # a card set kept in the project's card-sets
    files = tuple(expand(files, settings))  # a directory: the records under it
    samples = samples or analysis.SAMPLES
    nodes, seconds = parse_limit(limit) if limit is not None else (None, analysis.HINDSIGHT_SECONDS)
    _check_writes(output, html, force, files)
    out = sys.stderr if "-" in (output, html) else sys.stdout  # '-o -': standard output holds the records
    from ..services.table_text import terminal_width

    width = None if wide else terminal_width(err=out is sys.stderr)
    how = How(samples, seed, seconds, nodes, first_move, fmt, output is not None, html is not None, width)
    judged = _Judged(out)
    source = Source(files, page_moves=html is not None)
    total = source.count() if len(files) > 1 else 0  # one file: its record's decisions are counted instead
    stopped, status = _judge(how, source, total, judged.take, cluster)
    if stopped is None:
        _write_results(judged, fmt, output, html, force, files, out)
    else:  # never written as if it were the whole
        shown = judged.shown
        sys.stderr.write(
            f"dungeon analyse: error: {stopped}: {shown:,} record{'s' if shown != 1 else ''} judged; nothing else written\n"
        )
    out.flush()
    sys.exit(status or (2 if source.unreadable or judged.refused else 1 if judged.illegal else 0))


def _check_writes(output: Optional[str], html: Optional[str], force: bool, files: tuple[str, ...]) -> None:
    """The record file and the page may be written: found before the analysis, which takes minutes."""
    if output is not None:
        check_output(output, force, record=True, inputs=files)
    if html is not None:
        check_output(html, force, inputs=files)


def _write_results(
    judged: _Judged, fmt: str, output: Optional[str], html: Optional[str], force: bool, files: tuple[str, ...], out: TextIO
) -> None:
    """What a whole run writes: the JSON of every record's figures, the page, the annotated records."""
    from notation import write

    results = judged.results
    if fmt == "json":
        report.dump_json({"records": [found for found, _, _ in results]}, out)
    if html is not None and results:
        _write_review(html, [page for _, _, page in results], files, force)
    if output is not None and results:
        text = write([annotated for _, annotated, _ in results])
        write_output(output, text, force, record=True, inputs=files)


def _check_outputs(output: Optional[str], html: Optional[str], cluster: Optional[str]) -> None:
    if output == "-" and html == "-":
        raise click.UsageError("-o - and --html - would both write to standard output: give one of them a file")
    if html is not None and cluster is not None:
        raise click.UsageError(
            "--html draws the analyses on this machine: judge the records with --cluster and -o, then draw the page from that file"
        )


class _Judged:
    """The rows of a run taken as they come: a table written at once, a game that cannot
    be judged said once, an illegal record said; what json, -o and --html need kept."""

    def __init__(self, out: TextIO):
        self.out = out
        self.results: list[
            tuple[Any, Any, Any]
        ] = []  # kept for json, -o and --html only: text is written as each record is judged
        self.shown = 0
        self.refused: set[str] = set()  # games it cannot judge
        self.illegal = False

    def take(self, rows: list[Row]) -> None:
        for name, why, wrong, table, found, annotated, page in rows:
            if why is not None:
                if why not in self.refused:  # said once a game
                    sys.stderr.write(f"dungeon analyse: {safe(name)}: error: {safe(why)}\n")
                    self.refused.add(why)
            elif wrong is not None:
                sys.stderr.write(wrong + " (not analysed)\n")
                self.illegal = True
            else:
                if found is not None or annotated is not None or page is not None:
                    self.results.append((found, annotated, page))
                if table is not None:
                    self.out.write(("\n" if self.shown else "") + table)
                    self.out.flush()
                    self.shown += 1


def _judge(
    how: How, source: Source, total: int, take: Callable[[list[Row]], None], cluster: Optional[str]
) -> tuple[Optional[str], int]:
    """Every record judged, here or on the cluster, each chunk handed to ``take``; what
    stopped the run (Ctrl-C) and its exit status."""
    from .runs import take_in

    if cluster is not None:
        from ..plumbing.workers import ClusterUnavailable

        try:
            return take_in(lambda: _on_cluster(cluster, how, source), total, "analysing", take, unit="records", prints=True)
        except ClusterUnavailable as exc:
            raise CommandTrouble(str(exc)) from None
    return take_in(lambda: _here(how, source, total), total, "analysing", take, unit="records", prints=True)


class How(NamedTuple):
    """What every record of a run is judged with (sent to a cluster's workers)."""

    samples: int
    seed: int
    seconds: Optional[float]
    nodes: Optional[int]
    first_move: int
    fmt: str
    annotate: bool  # -o: the record with its judgements as comments
    page: bool = False  # --html: the analysis itself, for the review page (on this machine only)
    width: Optional[int] = None  # the terminal's columns the table is fitted to (None: every column)


class Source(RecordFiles):
    """The records to judge, as read (``RecordFiles``); a file with none gives nothing
    to judge. With --html the moves a page can show are counted as they are read."""

    def __init__(self, files: tuple[str, ...], page_moves: bool = False):
        super().__init__("analyse", files)
        self.page_moves = page_moves

    def records(self) -> Iterator[tuple[str, Record]]:
        moves = 0
        for name, record in self:
            if record is None:
                continue
            if self.page_moves:
                moves += _boards(record)
                _page_holds(name, moves)
            yield name, record

    def count(self) -> int:
        """How many records the files hold, for the progress line (0 when none is drawn)."""
        return super().count() if wanted() else 0


def _boards(record: Record) -> int:
    from ..share.page import page_moves

    return page_moves(record)


def _page_holds(name: str, moves: int) -> None:
    """A review page's bound, said before the record that passes it is judged, let
    alone drawn."""
    from ..share.page import MAX_MOVES

    if moves > MAX_MOVES:
        raise NotWritten(
            f"{safe(name)}: holds more than {MAX_MOVES:,} moves: a review page shows at most that many"
            " (split the file); nothing was written"
        )


def judge_rows(how: How, chunk: list[tuple[str, Record]]) -> list[Row]:
    """A chunk of (name, record) judged, one plain tuple each: the unit of work a
    cluster's worker sends back (nothing of it touches a file)."""
    return [judge_row(how, name, record) for name, record in chunk]


def judge_row(how: How, name: str, record: Record, progress: Optional[Callable[[int, int], None]] = None) -> Row:
    """One record judged: (name, why its game cannot be judged, the illegal record's
    diagnostic line, the table's text, the JSON, the record annotated for -o, the
    analysis for --html); the parts not asked for are None."""
    from .. import analysis

    why = _cannot_judge(record, analysis) or _past_the_end(record, how.first_move)
    if why is not None:
        return (name, why, None, None, None, None, None)
    found = analysis.analyse(
        record, how.samples, how.seed, how.seconds, progress=progress, first_move=how.first_move, nodes=how.nodes
    )
    if not found.verdict.legal:
        diag = found.verdict.diagnostics[0]
        return (name, None, report.text_line(name, diag), None, None, None, None)
    table = _table(name, found, analysis, how.width) if how.fmt != "json" else None
    data = _json(name, found) if how.fmt == "json" else None
    annotated = analysis.annotate(found) if how.annotate else None
    return (name, None, None, table, data, annotated, found if how.page else None)


def _here(how: How, source: Source, total: int) -> Generator[list[Row], None, None]:
    """Every record judged on this process, as read, one at a time. Without a count of
    the records (one file), each shows its own progress, decision by decision."""
    for name, record in source.records():
        yield [judge_row(how, name, record) if total else _with_progress(how, name, record)]


def _with_progress(how: How, name: str, record: Record) -> Row:
    """One record, with a progress line of its decisions at a terminal."""
    bars: list[Progress] = []

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(Progress(total, "analysing", "decisions").__enter__())
        bars[0].advance()

    try:
        return judge_row(how, name, record, progress if wanted() else None)
    finally:
        if bars:
            bars[0].wipe()


RECORDS_A_CHUNK = 1  # a record takes seconds: one a chunk keeps every worker busy to the end


def _on_cluster(address: str, how: How, source: Source) -> Generator[list[Row], None, None]:
    """The records judged on a Dask cluster's workers (``workers.on_cluster``, as
    ``sim --cluster``), read here and sent a chunk at a time as the workers take them,
    taken in in their order."""
    import functools

    from ..plumbing.workers import on_cluster

    def chunked(threads: int) -> Iterator[list[tuple[str, Record]]]:
        chunk: list[tuple[str, Record]] = []
        for item in source.records():
            chunk.append(item)
            if len(chunk) == RECORDS_A_CHUNK:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    return on_cluster(address, functools.partial(judge_rows, how), tuple, chunked)


def _write_review(html: str, analysed: list[Analysis], files: tuple[str, ...], force: bool) -> None:
    """The review page of every record analysed, said on standard error."""
    from ..share.review_page import review_page

    name = display_name(files[0]) if len(files) == 1 else "review"
    text, _ = review_page(analysed, name)
    write_output(html, text, force, inputs=files)
    games = f"{len(analysed)} game" + ("s" if len(analysed) != 1 else "")
    shown = "standard output" if html == "-" else html
    sys.stderr.write(f"{safe(shown)}: {games}, {len(text.encode('utf-8')):,} bytes\n")


def _class_text(j: Judgement) -> str:
    """A decision's mark and class as the table shows them (``?? blunder``, ``good unlucky``)."""
    words = [j.mark, j.cls.value if j.cls is not None else "", "unlucky" if j.unlucky else ""]
    return " ".join(w for w in words if w) or "-"


def _past_the_end(record: Record, first_move: int) -> Optional[str]:
    """Why ``--from N`` leaves nothing of the record to judge (it was an empty table,
    exit 0, without a word); None when it leaves something."""
    numbers = [move.number for move in record.moves if move.number is not None]
    if not first_move or any(n >= first_move for n in numbers):
        return None
    moves = f"its moves are 1-{max(numbers)}" if numbers else "it has no move"
    return f"--from {first_move}: the record has no move {first_move} ({moves}), so nothing is judged"


def _cannot_judge(record: Record, analysis: ModuleType) -> Optional[str]:
    """Why the record's game cannot be judged; None when it can, or when the game is
    unknown (the referee says so, as for any illegal record)."""
    from .. import registry

    if record.game not in registry.names():
        return None
    why: Optional[str] = analysis.cannot_judge(registry.get(record.game))
    return why


def _fair_text(fair: Optional[Fair], analysis: ModuleType) -> str:
    """``40% (30-50%) +3.2``: the chance of winning, its interval and the mean score; a
    game judged by its score (RPG solitaire): ``23.1 (20.5-25.7) 98%``, the expected
    score, its interval and the chance of winning (of escaping alive: what the treasure
    alone does not tell a player who is about to lose the game)."""
    if fair is None:
        return "-"
    low, high = fair.interval
    if fair.word is not None:
        figure = fair.figure()
        if not fair.exact:
            figure += f" ({low:.1f}-{high:.1f})" if fair.plays > 1 else " (one order)"
        return f"{figure} {analysis.percent(fair.win_rate)}"
    figure = f"{analysis.percent(fair.rate)}"
    if not fair.exact:
        figure += f" ({analysis.percent(low)}-{analysis.percent(high)})"
    return f"{figure} {fair.mean_score:+.1f}"


# At a terminal narrower than the table (issue 40: 134 columns): shorter headings, then
# these columns left out, the least telling first
ANALYSE_SHORT = {
    "fair before: win (95%) score": "fair before",
    "fair before: treasure (95%) win": "fair before",
    "hindsight before": "hind. before",
    "hindsight after": "hind. after",
}
ANALYSE_DROP = ("better", "hindsight before", "fair before: win (95%) score", "fair before: treasure (95%) win")


def _table(name: str, found: Analysis, analysis: ModuleType, width: Optional[int] = None) -> str:
    from tabulate import tabulate

    from ..services.table_text import fit_table, left_out_note

    rows = []
    for j in found.judgements:
        better = ""
        if j.best is not None and j.played is not None and j.best.choice != j.played.choice and j.best.rate > j.played.rate:
            better = f"{j.best.choice} {j.best.figure()}"
        rows.append(
            [
                j.move,
                table_cell(safe(j.action), "plain"),
                _class_text(j),
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
    accuracy = found.accuracy
    if accuracy is not None:
        head += f", accuracy {accuracy:.1f}%"
    lines = [head]
    for note in (found.fair_note, found.hindsight_note):
        if note:
            lines.append(f"  {note}")
    word = next((j.best.word for j in found.judgements if j.best is not None), None)
    headers = [
        "move",
        "action",
        "class",
        "fair before: win (95%) score" if word is None else f"fair before: {word} (95%) win",
        "fair after",
        "better",
        "hindsight before",
        "hindsight after",
    ]
    headers, rows, left = fit_table(headers, rows, width, ANALYSE_SHORT, ANALYSE_DROP)
    lines.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    if left:
        lines.append(left_out_note(left))
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
        "accuracy": None if found.accuracy is None else round(found.accuracy, 1),
        "decisions": [j.as_json() for j in found.judgements],
    }
