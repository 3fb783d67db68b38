"""``replay --step`` on the record as a tree (issue 36): the pages of each line, a move's
variations a way into pages of their own, and ``try`` from a page: the game goes on at
the play prompt from there, and what is played is kept in the record, as a variation of
the move that came next (or after the last move of the line), written to a new file.
"""

from __future__ import annotations

import copy
import os
from typing import Any, Callable, Iterable, Iterator, Optional

from notation import Move, Record, write

from ..engine.record import walk_dealt
from ..kit.terminal_text import safe, safe_lines
from ..services.session import Session
from .colour import Paint
from .replay_frames import Replay, move_text
from .stepper import Page, Stepper

# -- the pages ---------------------------------------------------------------------


class Where:
    """Where a page stands in its record: after ``line[index]``, the line tried from
    ``prefix`` (the moves before it; empty for the main line)."""

    __slots__ = ("record", "prefix", "line", "index")

    def __init__(self, record: Record, prefix: list[Move], line: list[Move], index: int):
        self.record = record
        self.prefix = prefix
        self.line = line
        self.index = index

    def upto(self) -> list[Move]:
        """The moves from the record's start to the page, down its line."""
        return [*self.prefix, *self.line[: self.index + 1]]

    @property
    def next(self) -> Optional[Move]:
        return self.line[self.index + 1] if self.index + 1 < len(self.line) else None

    def before(self) -> "Where":
        """Where the page before this one stands: before ``line[index]``, so that a try
        from it plays that move otherwise (``T``); index -1 is before the line's first
        move, a page the stepper does not show (the table before move 1 of a record with
        no ``deal:`` line, or a Position's)."""
        return Where(self.record, self.prefix, self.line, self.index - 1)


def step_pages(replays: Iterable[Replay], name: str, paint: Paint, several: bool) -> list[Page]:
    """The stepper's pages of each record's main line, each move's variations a way in."""
    pages: list[Page] = []
    for number, rp in enumerate(replays, start=1):
        prefix = f"record {number}, " if several else ""
        title = paint.strong(safe(rp.title(name)))
        pages.extend(_line_pages(rp, rp.record, [], rp.record.moves, title, prefix, paint, name))
    return pages


def _line_pages(
    rp: Replay, record: Record, prefix: list[Move], line: list[Move], title: str, label: str, paint: Paint, name: str
) -> list[Page]:
    index_of = {id(move): index for index, move in enumerate(line)}
    pages: list[Page] = []
    for frame in rp.frames:
        index = index_of.get(id(frame.move))
        if frame.move is None or index is None:
            continue
        move = frame.move
        text = f"{title}\n{paint.board(safe_lines(rp.frame_text(frame)))}"
        ways: list[tuple[str, Callable[[], list[Page]]]] = []
        for number, variation in enumerate(move.variations, start=1):
            first = safe(move_text(_bare(variation[0])))
            heading = f"{title}\nvariation {number} of {frame.label}: {first}"

            def pages_of(variation: list[Move] = variation, heading: str = heading, index: int = index) -> list[Page]:
                return _variation_pages(record, [*prefix, *line[:index]], variation, heading, paint, name)

            ways.append((first, pages_of))
        if ways:
            text += f"\n{frame.label} has {len(ways)} variation{'s' if len(ways) > 1 else ''} (a digit steps into one):"
            text += "".join(f"\n  {number}: {first}" for number, (first, _) in enumerate(ways, start=1))
        pages.append(Page(label + frame.label, text, ways, Where(record, prefix, line, index)))
    ending = safe_lines(rp.ending_text(name))
    ending = paint.warning(ending) if not rp.legal else paint.strong(ending)
    if rp.legal and pages:
        if ending:  # else the last page's board says the end
            last = pages[-1]
            last.text = f"{last.text}\n{ending}"
    elif not rp.legal:
        pages.append(Page(label + "stopped", f"{title}\n{ending}"))
    return pages


def _variation_pages(
    record: Record, prefix: list[Move], variation: list[Move], heading: str, paint: Paint, name: str
) -> list[Page]:
    """A variation's pages: the record replayed down its line."""
    line = copy.copy(record)
    line.moves = [*prefix, *variation]
    rp = Replay(line)
    pages = _line_pages(rp, record, prefix, variation, heading, "", paint, name)
    return pages or [Page("stopped", heading)]


def _bare(move: Move) -> Move:
    """A move without its variations and comments (to write alone, or replay alone)."""
    return Move(move.number, [(items, None) for items, _ in move.segments], move.line, move.col, rest=move.rest)


# -- try from a page ---------------------------------------------------------------


class Graft:
    """A game played on from a page: its moves go into the record as a variation of the
    move that came next there, or after the line's last move when none did."""

    def __init__(self, where: Where, records: list[Record], session: Session):
        self.where = where
        self.records = records
        self.session = session
        self.cut = len(session.turns)  # the moves the session replayed from the record
        self.after = where.next  # the move they are a variation of (None: the line goes on)
        self.slot: Optional[int] = None  # their place among its variations
        self.added = 0  # or how many moves were added after the line's last

    def apply(self) -> None:
        """Put the moves played so far in place."""
        moves = self.session.root.record().moves[self.cut :]
        after = self.after
        if after is None:
            end = self.where.index + 1
            self.where.line[end : end + self.added] = moves
            self.added = len(moves)
        elif self.slot is not None:
            after.variations[self.slot : self.slot + 1] = [moves] if moves else []
            self.slot = self.slot if moves else None
        elif moves:
            after.variations.append(moves)
            self.slot = len(after.variations) - 1

    def text(self) -> str:
        self.apply()
        return write(self.records)


def start_from(where: Where) -> Session:
    """The game at a page, ready for the decision of the move after it: that move's
    deal as the record has it (so that what is played is its variation), or, at the end
    of the line, as the seed deals it; ValueError when no decision is due there."""
    record = copy.copy(where.record)
    record.moves = [_bare(move) for move in where.upto()]
    try:
        session = Session.from_record(record)
    except ValueError:  # a record whose deals are not its seed's: the cards are typed
        session = Session.from_record(record, seeded=False)
    after = where.next
    if not record.moves and after is not None and after.rest:
        session.rest = True  # tried from the Position, inside its turn: the first move is N... again
    if session.state.is_over:
        raise ValueError("the game is over here: there is no decision to try")
    if after is not None and after.is_deal:
        raise ValueError("the setup is chance alone: there is nothing to try")
    if after is not None and not after.rest:
        from ..engine import Fault

        try:
            walk_dealt(session, after)
        except Fault as exc:
            raise ValueError(exc.message) from None
    session.deal()
    session.floor = session.count  # undo stops at the page: what came before is the record's
    return session


# -- the loop ----------------------------------------------------------------------


def step_through(
    records: list[Record],
    replays: Callable[[list[Record]], Iterator[Replay]],
    name: str,
    paint: Paint,
    output: Optional[str],
    force: bool,
    play: Optional[Callable[[Session, Any, Callable[[], str]], bool]] = None,
    keys: Any = None,
    screen: Any = None,
) -> None:
    """Step through ``records``; each ``try`` plays on from its page (``play``: the play
    prompt, with the record file and the text to save; False when the player quit) and
    steps on in the record with what was played in it, saved in ``output`` (default: a
    new dated file, as ``play`` names one). ``keys``, ``screen``: the stepper's input and output, for tests."""
    from .recordfile import RecordFile

    play = play or (lambda session, record, text: _play(session, record, text, paint))
    several = len(records) > 1
    path: list[int] = [0]
    saved: Optional[RecordFile] = None
    while True:
        pages = step_pages(replays(records), name, paint, several)
        stepper = Stepper(pages, colour=paint.on, tries=True, path=path, input=keys, output=screen)
        stepper.run()
        where = stepper.tried
        if where is None:
            return
        path = stepper.path()
        try:
            session = start_from(where)
        except ValueError as exc:
            print(paint.warning(f"cannot try here: {safe(str(exc))}"), flush=True)
            continue
        if saved is None:  # OSError: said by the caller
            saved = _claim(output, force, write(records), session.module.game.name)
        graft = Graft(where, records, session)
        going_on = play(session, saved, graft.text)
        graft.apply()
        if not going_on:
            return


def _claim(output: Optional[str], force: bool, text: str, game: str = "") -> Any:
    from .recordfile import RecordFile

    if output is None:
        return RecordFile.fresh(game, text=text)
    if force and os.path.lexists(output):
        return RecordFile(output)
    return RecordFile.create(output, text)


def _play(session: Session, record: Any, text: Callable[[], str], paint: Paint) -> bool:
    """The play prompt on the terminal, from a page; False when the player quit."""
    import sys

    from .interactive import PlayShell

    shell = PlayShell(session, record, sys.stdout, paint=paint, leave="the replay", compose=text)
    shell.run()
    return shell.left
