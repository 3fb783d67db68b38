"""A game in progress, as the player and the record see it: a walk that writes its
DGN record as it grows.

``play`` at a terminal, the scripted mode, ``solve`` and simulations with records all
drive a game through this one class; it adds to the engine's ``Walk`` only the tags a
record carries besides the setup, and the record writer.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from notation import Colon, Move, Record, Tag, Token, write
from notation.model import Item
from notation.position_words import text as position_text

from ..engine import Dealer, Fault, Setup, Visitor, Walk
from ..engine.dealer import SeededDealer
from ..engine.record import replay
from ..engine.start_position import position_start
from ..engine.tags import TagFault, read_setup
from ..kit.core import Draw, State
from ..kit.game_module import Notation, TurnLog


class Session(Walk):
    def __init__(
        self,
        setup: Setup,
        tags: Sequence[tuple[str, str]] = (),
        dealer: Optional[Dealer] = None,
        visitors: Sequence[Visitor] = (),
        start: Optional[State] = None,
        rest: bool = False,
    ):
        super().__init__(setup, dealer, visitors, start=start)
        self.tags = list(tags)  # extra tags, after Game/Variant/Seed
        # A game from a Position (NOTATION.md section 9): the record starts there, its
        # first move the rest of a turn (N...) when ``rest``.
        self.positioned = start is not None
        self.rest = rest
        # a resumed record, written as it was (comments, checkpoints, layout), and how many of
        # its turns still stand (undo may take some back): the turns played after it are added
        self.kept: Optional[Record] = None
        self.kept_turns = 0

    # Read-only views of the setup, for the code that shows a game.
    @property
    def variant(self) -> Optional[str]:
        return self.setup.variant

    @property
    def seed(self) -> Optional[int]:
        return self.setup.seed

    @property
    def options(self) -> Mapping[str, Any]:
        return self.setup.options

    @property
    def seeded(self) -> bool:
        return self.setup.seed is not None

    # -- from a record -----------------------------------------------------------------

    @classmethod
    def from_record(cls, record: Record, seeded: bool = True) -> "Session":
        """The game a record holds, ready to go on (``play --resume``).

        The record should have been checked by the referee first; what goes wrong here
        raises ValueError with a message. ``seeded``: deal on from the record's Seed tag,
        whose deal the record's cards must then be; else every deal is typed.
        """
        try:
            setup, _ = read_setup(record, seeded=seeded)
        except TagFault as exc:
            raise ValueError(exc.diagnostic.message if exc.diagnostic else "the record has no Game tag") from None
        start: Optional[State] = None
        if record.position is not None:  # dealt from its piles; what they do not hold is typed
            start, problems = position_start(record, setup.module, Dealer().start(setup))
            if start is None:
                raise ValueError(problems[0].message if problems else "its Position cannot be read")
            setup = Setup(setup.game, setup.variant, setup.options, None)
        written = ("Game", "Variant", "Result", "Position") if setup.seed is None else ("Game", "Variant", "Seed", "Result")
        tags = [(t.name, t.value) for t in record.tags if t.name not in written]  # a Seed not dealt from stays
        dealer = SeededDealer(setup.seed) if setup.seed is not None else Dealer()
        faults: list[Fault] = []
        rest = bool(record.moves) and record.moves[0].rest
        session = cls(setup, tags=tags, dealer=dealer, visitors=[_Faults(faults)], start=start, rest=rest)
        replay(session, record)
        session.visitors = []
        if faults:
            raise ValueError(f"line {faults[0].line} cannot be replayed: {faults[0].message}")
        return session

    def keep(self, record: Record) -> None:
        """Write ``record`` (the one this session was made from) as it was, every comment and
        written checkpoint kept, with the turns played from now on added (``play --resume``)."""
        self.kept, self.kept_turns = record, len(self.turns)

    def rewind(self, count: int) -> None:
        super().rewind(count)
        self.kept_turns = min(self.kept_turns, len(self.turns))  # a saved turn taken back is written anew

    # -- the record ------------------------------------------------------------------

    def record(self) -> Record:
        """The DGN record of the turns finished so far: a resumed record as it was read,
        every comment and written checkpoint kept, with the turns played since added."""
        if self.kept is not None:
            return self._kept_and_added()
        return self._written()

    def _kept_and_added(self) -> Record:
        import copy

        kept = self.kept
        assert kept is not None
        count = self.kept_turns
        added = self._written().moves[count:]
        record = copy.copy(kept)
        record.tags = list(kept.tags)
        record.moves = list(kept.moves[:count])
        result = self.state.result() if self.state.is_over else None
        if result is not None:
            index = next((i for i, tag in enumerate(record.tags) if tag.name == "Result"), None)
            if index is None:
                record.tags.append(Tag("Result", str(result)))
            else:
                old = record.tags[index]
                record.tags[index] = Tag("Result", str(result), comments=old.comments, trailing=old.trailing)
        # the comments of the moves no longer standing (one left unfinished, whose tokens the
        # turn added plays again, or turns taken back) and the end comments stay where they
        # stood, between the kept turns and the added ones: nothing the player wrote is lost
        carried: list[str] = []
        for move in kept.moves[count:]:
            carried.extend(move.comments)
            carried.extend(comment for _, comment in move.segments if comment is not None)
        carried.extend(kept.end_comments)
        if added:
            first = added[0]
            added[0] = Move(first.number, first.segments, comments=[*carried, *first.comments])
            carried = []
        record.end_comments = carried
        record.moves.extend(added)
        return record

    def _written(self) -> Record:
        setup = self.setup
        tags = [Tag("Game", setup.game)]
        if setup.variant:
            tags.append(Tag("Variant", setup.variant))
        if setup.seed is not None:
            tags.append(Tag("Seed", str(setup.seed)))
        tags.extend(Tag(k, v) for k, v in self.tags)
        result = self.state.result() if self.state.is_over else None
        if result is not None:
            tags.append(Tag("Result", str(result)))
        notation = self.module.notation
        if self.positioned:
            tags.append(Tag("Position", position_text(notation.write_position(self.start))))
        moves: list[Move] = []
        line: list[Item]
        for index, log in enumerate(self.turns):
            if log.start.turn == 0:
                words = notation.write_deal(log)
                line = [Token(w) for w in words]
                moves.append(Move(None, [(line, None)]))
                continue
            moves.append(turn_move(notation, log, rest=index == 0 and self.rest))
        return Record(tags=tags, moves=moves)

    def text(self) -> str:
        return write([self.record()])

    def unrecorded(self) -> list[str]:
        """The choices of the turn in progress as they are written (at a table, the cards
        typed too): what a record of finished turns leaves out; the dealer's draws are
        not choices and come again on ``--resume``."""
        first = self.count - len(self.events)
        notation = self.module.notation
        return [
            notation.drawn_text(before, action.outcome) if isinstance(action, Draw) else notation.action_text(before, action)
            for index, (before, action) in enumerate(self.events, start=first)
            if not self.forced(index)
        ]


def turn_move(notation: Notation[Any, Any], log: TurnLog[Any], rest: bool = False, comment: Optional[str] = None) -> Move:
    """One finished turn as its move line; ``rest``: the rest of a turn begun before a
    Position (``N... ACTIONS``), whose draws before its first decision are written
    ``^card``, in their place."""
    dealt, actions = notation.write_turn(log)
    if rest:
        drawn: list[str] = []
        for _, action in log.events:
            if not isinstance(action, Draw):
                break
            drawn.append("^" + notation.format_outcome(action.outcome))
        return Move(log.start.turn, [([Token(w) for w in [*drawn, *actions]], comment)], rest=True)
    line: list[Item] = [*(Token(w) for w in dealt), Colon(), *(Token(w) for w in actions)]
    return Move(log.start.turn, [(line, comment)])


class _Faults(Visitor):
    def __init__(self, into: list[Fault]):
        self.into = into

    def fault(self, fault: Fault) -> None:
        self.into.append(fault)
