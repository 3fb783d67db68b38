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
from ..kit.core import AnyState, Draw, Phase
from ..kit.game_module import Notation, TurnLog


class Session(Walk):
    def __init__(
        self,
        setup: Setup,
        tags: Sequence[tuple[str, str]] = (),
        dealer: Optional[Dealer] = None,
        visitors: Sequence[Visitor] = (),
        start: Optional[AnyState] = None,
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
        self.dropped: list[Tried] = []  # tries that undo took away with their move, to say so
        # the analysis board (``try``/``back``): the branches tried from this line, each
        # saved as a variation of the move it replaces, and the one open now
        self.tries: list[Tried] = []
        self.parent: Optional[Session] = None
        self.child: Optional[Session] = None
        self.at = 0  # in a branch: the index of the parent's move it replaces
        self.at_dealt = 0  # and the parent's event count once that move's DEALT was dealt
        self.base = 0  # the parent's event count where this branch's first move starts
        self.floor = 0  # undo stops here: the events before are the parent's

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
        start: Optional[AnyState] = None
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
        # a try whose move's deal is taken back no longer replaces a move of this line
        gone = [tried for tried in self.tries if tried.dealt > count]
        if gone:
            self.tries = [tried for tried in self.tries if tried.dealt <= count]
            self.dropped.extend(gone)

    def undo(self) -> Optional[tuple[AnyState, Any]]:
        """``Walk.undo``, but never past the start of a branch (``floor``): what came
        before it is the line it was tried from, which ``back`` returns to."""
        keep = self.count
        while keep and self.forced(keep - 1):
            keep -= 1
        if keep <= self.floor:
            return None
        return super().undo()

    # -- the analysis board ----------------------------------------------------------

    @property
    def root(self) -> "Session":
        session = self
        while session.parent is not None:
            session = session.parent
        return session

    @property
    def depth(self) -> int:
        """How many branches deep this line is (0: the main line)."""
        return 0 if self.parent is None else self.parent.depth + 1

    def can_try(self) -> Optional[str]:
        """Why ``try`` cannot start a branch here, or None when it can."""
        state = self.state
        if state.is_over:
            return "the game is over: there is no decision to try another way"
        if state.phase is not Phase.DECISION:
            return "a branch starts at a decision: the deal comes first"
        if state.turn == 0:
            return "the setup is chance alone: there is nothing to try"
        if self.depth >= MAX_DEPTH:
            return f"branches nest at most {MAX_DEPTH} deep"
        return None

    def try_here(self) -> "Session":
        """A branch from the current point, before the decision due: it replays the
        turn so far and goes on alone, dealt as the seed deals down its own line
        (``SeededDealer.fork``). Its finished moves are saved as a variation of the
        move in progress here (NOTATION.md section 9), its first move that whole move."""
        why = self.can_try()
        if why is not None:
            raise ValueError(why)
        dealer = self.dealer.fork() if isinstance(self.dealer, SeededDealer) else self.dealer
        start = self.count - len(self.events)  # the event count at the turn's start
        branch = Session(self.setup, dealer=dealer, start=self.turn_start, rest=self.rest and not self.turns)
        branch.positioned = False
        branch.history = self.history[start : self.count + 1]
        branch.marks = self.marks[start : self.count + 1]
        branch.events = list(self.events)
        branch.dealt = {index - start for index in self.dealt if start <= index < self.count}
        branch.count = len(self.events)
        branch.moves = self.moves
        branch.state = self.state
        dealt = next((i for i, (_, action) in enumerate(self.events) if not isinstance(action, Draw)), len(self.events))
        branch.parent, branch.at, branch.at_dealt = self, len(self.turns), start + dealt
        branch.base = start
        branch.floor = branch.count
        self.child = branch
        return branch

    def back(self) -> "Session":
        """Close this branch: its finished moves are kept as a variation of the move it
        replaces (none finished: nothing is kept); the line it was tried from."""
        parent = self.parent
        if parent is None:
            raise ValueError("this is the main line: there is no branch to go back from")
        moves = self.line_moves()
        if moves:
            parent.tries.append(Tried(self.at, self.at_dealt, moves))
        parent.child = None
        return parent

    def line_events(self) -> list[tuple[AnyState, Any]]:
        """Every event of this line from the game's start: a branch's own after the
        events of the line it was tried from (a hint sees the whole game)."""
        if self.parent is None:
            return self.all_events
        return self.parent.line_events()[: self.base] + self.all_events

    def line_moves(self) -> list[Move]:
        """This branch's finished moves, with the variations tried from them."""
        return self._with_tries(self._written().moves)

    def unsaved_tries(self) -> int:
        """The branches tried from the move in progress: saved once it is finished."""
        pending = sum(1 for tried in self.tries if tried.index >= len(self.turns))
        child = self.child
        return pending + (1 if child is not None and child.turns else 0)

    def _with_tries(self, moves: list[Move]) -> list[Move]:
        tried = list(self.tries)
        child = self.child
        if child is not None:  # the branch open now: its finished moves so far
            moves_of_child = child.line_moves()
            if moves_of_child:
                tried.append(Tried(child.at, child.at_dealt, moves_of_child))
        for item in tried:
            if item.index < len(moves):
                move = moves[item.index]
                moves[item.index] = Move(
                    move.number,
                    move.segments,
                    move.line,
                    move.col,
                    comments=move.comments,
                    variations=[*move.variations, item.moves],
                    rest=move.rest,
                )
        return moves

    # -- the record ------------------------------------------------------------------

    def record(self) -> Record:
        """The DGN record of the turns finished so far: a resumed record as it was read,
        every comment and written checkpoint kept, with the turns played since added."""
        record = self._kept_and_added() if self.kept is not None else self._written()
        if self.tries or self.child is not None:
            record.moves = self._with_tries(list(record.moves))
        return record

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
            # the variations of the move played again stay with it while its deal is the same
            # (they were tried from the state before it, which the kept moves still reach)
            again = kept.moves[count] if count < len(kept.moves) else None
            variations = again.variations if again is not None and _dealt(again) == _dealt(first) else []
            added[0] = Move(first.number, first.segments, comments=[*carried, *first.comments], variations=list(variations))
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
        """The record of the whole game: a branch writes the main line it was tried from."""
        return write([self.root.record()])

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


def _dealt(move: Move) -> list[str]:
    """What chance dealt before a move's ``:``, as written."""
    return [token.text for token in move.split()[0]]


MAX_DEPTH = 64  # as deep as a record's variations may nest (notation/SPEC.md section 9)


class Tried:
    """A branch tried and closed: the moves of its line, a variation of the move at
    ``index`` of the line it was tried from; ``dealt``: that line's event count once the
    move's deal was dealt (taken back before it, the variation no longer fits)."""

    __slots__ = ("index", "dealt", "moves")

    def __init__(self, index: int, dealt: int, moves: list[Move]):
        self.index = index
        self.dealt = dealt
        self.moves = moves


def turn_move(notation: Notation[Any, Any], log: TurnLog[Any], rest: bool = False, comment: Optional[str] = None) -> Move:
    """One finished turn as its move line; ``rest``: the rest of a turn begun before a
    Position (``N... ACTIONS``), whose draws before its first decision are written
    ``^card``, in their place."""
    dealt, actions = notation.write_turn(log)
    if rest:
        # The draws before the first decision, which write_turn puts in DEALT, go first as
        # ^card. A game that writes every draw among its actions (Cassette's ^fog, w=3)
        # leaves DEALT empty: its actions have them already, in their place.
        drawn: list[str] = []
        for _, action in log.events if dealt else ():
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
