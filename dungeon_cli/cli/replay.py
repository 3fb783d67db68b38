"""``dungeon replay``: the board after every move of a record, or one move, or step by step."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Optional

if TYPE_CHECKING:
    from notation import Record

    from ..shell.colour import Paint
    from ..shell.replay_frames import Replay
    from ..shell.stepper import Page

import click

from ..kit.terminal_text import safe, safe_lines
from .reading import Unreadable, display_name, open_binary


@click.command()
@click.argument("file", metavar="FILE | -", type=click.Path(allow_dash=True))
@click.option(
    "--move",
    "number",
    type=click.IntRange(min=0),
    help="Only the board after move N (0: the table before move 1, after the deal: line if there is one).",
)
@click.option("--step", is_flag=True, help="Step through the moves with keys (n next, p back, g first, G last, q quit).")
@click.option(
    "--html",
    "html",
    type=click.Path(dir_okay=False),
    help="Write the replay as one self-contained web page ('-': standard output).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="With --step: save the record with the lines tried ('t') in this new file (default: GAME-DATE.dgn here).",
)
@click.option("--force", is_flag=True, help="With --html or -o: replace the file if it exists.")
def replay(file: str, number: Optional[int], step: bool, html: Optional[str], output: Optional[str], force: bool) -> None:
    """Show the board after every move of the records in FILE, with the move that led
    there. An illegal record is shown up to its faulty move, then the diagnostic.

    Records are shown one at a time (with --move too), so a file of any number of them
    takes the memory of its largest; --step keeps every page to go back and forth, and
    takes at most 100 records (more: exit 2).

    Exit status: 0 every record is legal, 1 any is not, 2 a usage error (no such file,
    no such move).
    """
    from notation import read

    from ..shell.colour import Paint
    from ..shell.replay_frames import Replay
    from .project import project_settings

    project_settings("replay")  # a card set kept in the project's card-sets
    name = display_name(file)
    if output is not None and not step:
        raise click.UsageError("-o keeps the lines tried with --step: it goes with --step")
    if html is not None:
        if step or number is not None:
            raise click.UsageError("--html writes every move of every record: it cannot take --step or --move")
        from .sharing import write_html

        sys.exit(write_html(file, html, force))
    if force and output is None:
        raise click.UsageError("--force goes with --html or -o")
    if output is not None:
        _check_output(file, output, force)
    if step and number is not None:
        raise click.UsageError("--step starts at the first move; it cannot take --move")
    if step and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.UsageError("--step needs a terminal")
    paint = Paint.for_stream(sys.stdout)
    if not step and number is None:  # every board of every record: one record at a time
        sys.exit(_stream(file, name, paint))
    if number is not None:  # move N of every record: one record at a time too
        sys.exit(_move(file, name, paint, number))
    try:
        with open_binary(file) as stream:
            records = []
            for record in read(stream, source=None if file == "-" else file):
                records.append(record)
                if len(records) > STEP_RECORDS:
                    click.echo(
                        f"dungeon replay: error: {safe(name)}: more than {STEP_RECORDS:,} records: --step holds at most "
                        f"{STEP_RECORDS:,}; without --step (or with --move N) replay shows any number, one at a time",
                        err=True,
                    )
                    sys.exit(2)
    except Unreadable as exc:
        click.echo(f"dungeon replay: error: {exc}", err=True)
        sys.exit(2)
    if not records:
        click.echo(f'{safe(name)}:1:1: error: no record in this file: a record starts with [Game "..."]')
        sys.exit(1)
    from ..shell.step_tree import step_through

    legal = [True]

    def replays(records: list[Record]) -> Iterator[Replay]:
        for record in records:  # the pages of one record made, its replay dropped
            rp = Replay(record)
            legal[0] = legal[0] and rp.legal
            yield rp

    try:
        step_through(records, replays, name, paint, output, force)
    except OSError as exc:
        click.echo(f"dungeon replay: error: cannot write {safe(exc.filename or output or '')}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    sys.exit(0 if legal[0] else 1)


def _check_output(file: str, output: str, force: bool) -> None:
    """``-o`` is a new file (or, with --force, one to replace), never FILE itself: said
    before the stepper starts, exit 2."""
    if output == "-":
        raise click.UsageError("-o names a file for the lines tried: the terminal shows the stepper")
    why = None
    if file != "-" and os.path.realpath(output) == os.path.realpath(file):
        why = "is the record stepped through: the lines tried go to a new file (-o), never into it"
    elif not force and os.path.lexists(output):
        why = "exists already: --force replaces it"
    elif not os.path.isdir(os.path.dirname(os.path.abspath(output))):
        why = "cannot be written: its directory is not a directory"
    if why is not None:
        click.echo(f"dungeon replay: error: {safe(output)} {why}", err=True)
        sys.exit(2)


# --step keeps every page of every record for the keys to go back and forth: a file of
# more records is refused (README.md); replay without --step has no such bound
STEP_RECORDS = 100


def _move(file: str, name: str, paint: Paint, number: int) -> int:
    """The board after move ``number`` of each record, printed as it is replayed."""

    def show(rp: Replay) -> Optional[list[str]]:
        out = [paint.strong(safe(rp.title(name)))]
        frame = rp.frame(number)
        if frame is not None:
            out.append(paint.board(safe_lines(rp.frame_text(frame))))
            if frame.move is not None and frame.move.variations:
                out.append(safe_lines("\n".join(rp.variations_text(frame))))
            if not rp.legal:  # the record is at fault further on: say where
                out.append(_ending(rp, name, paint))
        elif rp.legal:
            have = f"moves {rp.frames[0].number}-{rp.frames[-1].number}" if rp.frames else "no moves"
            click.echo(
                f"dungeon replay: error: {safe(name)}:{rp.record.line}: the record has no move {number} ({have})",
                err=True,
            )
            return None
        else:
            out.append(_ending(rp, name, paint))
        return out

    return _each(file, name, paint, show)


def _stream(file: str, name: str, paint: Paint) -> int:
    """The boards of each record printed as it is replayed, so that a file of many
    records is never held whole (the exit status once all are seen)."""

    def show(rp: Replay) -> list[str]:
        lines = [paint.strong(safe(rp.title(name)))]
        for frame in rp.frames:
            lines += [paint.board(safe_lines(rp.frame_text(frame)))]
            lines += (
                [safe_lines("\n".join(rp.variations_text(frame)))] if frame.move is not None and frame.move.variations else []
            )
            lines.append("")
        ending = _ending(rp, name, paint)
        if ending:
            lines.append(ending)
        else:
            lines.pop()  # the last board said the end
        return lines

    return _each(file, name, paint, show)


def _each(file: str, name: str, paint: Paint, show: Callable[[Replay], Optional[list[str]]]) -> int:
    """Replay each record of ``file`` as it is read and print what ``show`` makes of it
    (None: stop with exit 2, ``show`` having said why); the exit status once all are seen."""
    from notation import read

    from ..shell.replay_frames import Replay

    count, status = 0, 0
    try:
        with open_binary(file) as stream:
            for record in read(stream, source=None if file == "-" else file):
                rp = Replay(record)
                lines = show(rp)
                if lines is None:
                    return 2
                click.echo(("\n" if count else "") + "\n".join(lines), color=paint.on or None)  # click strips escapes in a pipe
                count += 1
                status = status if rp.legal else 1
    except Unreadable as exc:
        click.echo(f"dungeon replay: error: {exc}", err=True)
        return 2
    return _status(count, status, name)


def _status(count: int, status: int, name: str) -> int:
    """A file's exit status once all its records are shown: 1 for a file with none."""
    if not count:
        click.echo(f'{safe(name)}:1:1: error: no record in this file: a record starts with [Game "..."]')
        return 1
    return status


def _ending(rp: Replay, name: str, paint: Paint) -> str:
    text = safe_lines(rp.ending_text(name))
    if not text:
        return ""
    return paint.warning(text) if not rp.legal else paint.strong(text)


def _pages(replays: Iterable[Replay], name: str, paint: Paint, several: Optional[bool] = None) -> list[Page]:
    """The stepper's pages; ``several``: the file holds more than one record (else the
    replays are counted)."""
    from ..shell.step_tree import step_pages

    if several is None:
        replays = list(replays)
        several = len(replays) > 1
    return step_pages(replays, name, paint, several)
