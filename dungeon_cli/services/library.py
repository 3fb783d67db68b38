"""Records as a library, python-chess's way: read them, walk their tree, replay them
into states, check them and write them, without the command line (docs/library.md).

``dungeon_cli.read_records`` and ``dungeon_cli.write`` are this module's, loaded on
first use. A ``GameRecord`` is the notation's ``Record`` (the text's model: tags, moves,
comments, the variations of each move) with the game's rules beside it: where it starts
(the deal, or its Position), the states its lines reach, and what ``verify`` says of it.
"""

from __future__ import annotations

import io
import os
from typing import Any, BinaryIO, Iterable, Iterator, Optional, Sequence, Union

from notation import Move, Record, read
from notation import write as write_records

from ..engine import Setup, Walk
from ..engine.dealer import Dealer, SeededDealer
from ..engine.record import walk_move
from ..engine.start_position import position_start
from ..engine.tags import TagFault, read_setup
from ..kit.core import AnyState
from ..kit.game_module import GameModule
from .referee import Referee, Verdict

Source = Union[BinaryIO, str, "os.PathLike[str]", bytes]


class RecordError(ValueError):
    """A record that cannot be replayed as asked; ``line`` and ``col`` say where."""

    def __init__(self, message: str, line: int = 0, col: int = 0):
        super().__init__(f"{line}:{col}: {message}" if line else message)
        self.message = message
        self.line = line
        self.col = col


class GameRecord:
    """One record and its game. ``record`` is the notation's model of its text."""

    def __init__(self, record: Record):
        self.record = record

    def __repr__(self) -> str:
        return f"<GameRecord {self.game!r} line {self.record.line}: {len(self.record.moves)} moves>"

    @property
    def game(self) -> Optional[str]:
        """The game's name (its Game tag)."""
        return self.record.game

    @property
    def tags(self) -> dict[str, str]:
        return {tag.name: tag.value for tag in self.record.tags}

    @property
    def module(self) -> GameModule[Any, Any]:
        """The game's rules, notation and plug-ins (``dungeon_cli.registry``)."""
        return self._setup()[0].module

    def mainline(self) -> list[Move]:
        """The moves of the main line (a ``deal:`` line first, if the game has one)."""
        return self.record.moves

    @property
    def variations(self) -> list[tuple[Move, list[Move]]]:
        """Every variation of the tree, depth first in the order written, each with the
        move it is tried instead of."""
        out: list[tuple[Move, list[Move]]] = []
        for _, move in self.record.walk_tree():
            out.extend((move, line) for line in move.variations)
        return out

    @property
    def position(self) -> Optional[AnyState]:
        """The state the record's Position gives (None: it starts from the deal).
        RecordError if the Position is wrong."""
        if self.record.position is None:
            return None
        setup, start = self._setup()
        state, problems = position_start(self.record, setup.module, start)
        if state is None:
            first = problems[0]
            raise RecordError(first.message, first.line, first.col)
        return state

    def start(self) -> AnyState:
        """The state the record's moves start from: its Position's, or the game's before
        anything is dealt."""
        position = self.position
        return position if position is not None else self._setup()[1]

    def replay(self, line: Optional[Sequence[Move]] = None, seeded: bool = False) -> Iterator[tuple[Optional[Move], AnyState]]:
        """``(None, start)``, then ``(move, state after it)`` for each move of the main
        line, or of ``line``: a variation of the tree, reached through the moves before
        it. ``seeded``: dealt as the record's Seed deals (a card the seed does not deal
        there is a RecordError). RecordError at the first move that cannot be replayed."""
        from ..engine.walk import Fault

        walk = self._walk(seeded)
        yield None, walk.state
        path = self._path(line) if line is not None else [(self.record.moves, len(self.record.moves))]
        try:
            for moves, stop in path:
                for move in moves[:stop]:
                    walk_move(walk, move)
                    yield move, walk.state
        except Fault as fault:
            raise RecordError(fault.message, fault.line, fault.col) from None

    def verify(self, seed_check: bool = False) -> Verdict:
        """What ``dungeon verify`` says of the record: ``.legal``, ``.diagnostics``
        (each with its line and column), ``.result``."""
        return Referee(seed_check=seed_check).check(self.record)

    def text(self) -> str:
        """The record in canonical DGN (what ``dungeon fmt`` writes)."""
        return write_records([self.record])

    # -- inside --------------------------------------------------------------------------

    def _setup(self) -> tuple[Setup, AnyState]:
        try:
            setup, _ = read_setup(self.record, seeded=True)
        except TagFault as exc:
            where = exc.diagnostic
            raise RecordError(where.message if where else "no Game tag", *(where.line, where.col) if where else ()) from None
        return setup, Dealer().start(setup)

    def _walk(self, seeded: bool) -> Walk:
        setup, _ = self._setup()
        position = self.position
        dealer = SeededDealer(setup.seed) if seeded and setup.seed is not None and position is None else Dealer()
        return Walk(setup, dealer, history=False, turns=False, start=position)

    def _path(self, line: Sequence[Move]) -> list[tuple[list[Move], int]]:
        """The lists of moves to walk to replay ``line``: each ancestor up to the move the
        next is tried instead of, then the line itself."""

        def find(moves: list[Move]) -> Optional[list[tuple[list[Move], int]]]:
            for index, move in enumerate(moves):
                for variation in move.variations:
                    if variation is line:
                        return [(moves, index), (variation, len(variation))]
                    inner = find(variation)
                    if inner is not None:
                        return [(moves, index), *inner]
            return None

        found = find(self.record.moves)
        if found is None:
            raise RecordError("that line is not a variation of this record")
        return found


def read_records(source: Source) -> Iterator[GameRecord]:
    """The records of a file, one at a time: a path, an open binary file, or bytes.
    Notation errors do not stop the reading: each record keeps its own in
    ``record.errors`` (and ``verify()`` reports them with the rest)."""
    if isinstance(source, bytes):
        stream: BinaryIO = io.BytesIO(source)
        yield from (GameRecord(r) for r in read(stream))
        return
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as opened:
            yield from (GameRecord(r) for r in read(opened, source=os.fspath(source)))
        return
    yield from (GameRecord(r) for r in read(source))


def write(records: Iterable[Union[GameRecord, Record]]) -> str:
    """Canonical DGN text of records (what ``dungeon fmt`` writes)."""
    return write_records([r.record if isinstance(r, GameRecord) else r for r in records])
