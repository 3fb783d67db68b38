"""One walk of a game: the engine every command drives.

A walk holds a game's states from its setup on. Steps come from a *source* (a record's
tokens, a line typed at the prompt, a bot, a solver's line), the *dealer* answers
chance, and *visitors* watch (see ``visitor.py``). The walk keeps the turn bookkeeping
(which events make up a turn), blames the token of an illegal step, takes steps back,
and stops a game that never ends after ``MAX_EVENTS`` events (``run``): some rules, and
some bots, can go round in circles for ever.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Iterable, Mapping, Optional, Sequence, Union

from notation import Token

from ..kit.core import AnyState, Draw, Illegal, Phase, mypyc_attr
from ..kit.game_module import Misread, TurnLog
from .dealer import Dealer, SeededDealer, dealer_for
from .setup import Setup
from .visitor import Visitor

_CHANCE: Final = Phase.CHANCE
_OVER: Final = Phase.OVER
MAX_EVENTS: Final = 200_000  # a game this long has a player going round in circles

# Where a step came from: a token, several keyed by the part of the action they wrote
# (``Illegal.where``; the key None blames by default), or nothing (a bot, a solver).
Blame = Union[Token, Mapping[Optional[str], Token], None]


class Fault(Exception):
    """A step the walk cannot take, at ``line``:``col`` of its source; ``message`` is
    written for the player."""

    def __init__(self, line: int, col: int, message: str):
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message

    @classmethod
    def at(cls, token: Token, message: str) -> "Fault":
        return cls(token.line, token.col, message)


class Runaway(Exception):
    """A game that has not ended after ``MAX_EVENTS`` events. (An Exception: mypyc's
    compiled classes cannot derive from RuntimeError; nothing catches it as one.)"""


@mypyc_attr(allow_interpreted_subclasses=True)  # the play session's Session is a Walk
class Walk:
    """A game in progress: its setup, dealer, states and finished turns.

    ``history`` keeps every state (for undo and for frames); without it only the current
    turn's events are kept, so a record of a million moves is checked in bounded memory.
    ``turns`` keeps each finished turn's events (for writing the record).
    """

    def __init__(
        self,
        setup: Setup,
        dealer: Optional[Dealer] = None,
        visitors: Sequence[Visitor] = (),
        *,
        history: bool = True,
        turns: bool = True,
        start: Optional[AnyState] = None,
    ):
        self.setup = setup
        self.module = setup.module
        self.dealer = dealer if dealer is not None else dealer_for(setup)
        self.keep_history = history
        self.keep_turns = turns
        self.visitors = list(visitors)
        # ``start``: a state to begin from instead of the setup's (a record's Position)
        self.start = start if start is not None else self.dealer.start(setup)
        self.state: AnyState = self.start
        self.turn_start: AnyState = self.start
        self.events: list[tuple[AnyState, Any]] = []  # of the turn in progress
        self.turns: list[TurnLog[Any]] = []  # finished turns (the setup, turn 0, if it had events)
        self.history: list[AnyState] = [self.start]
        self.count = 0  # events so far
        self.moves = 0  # numbered turns finished
        self.dealt: set[int] = set()  # event numbers the dealer answered (never a choice)
        self.marks: list[int] = [0]  # dealer.mark() after each event, when history is kept
        for visitor in self.visitors:
            visitor.begin(self)

    @property
    def visitors(self) -> list[Visitor]:
        return self._visitors

    @visitors.setter
    def visitors(self, visitors: list[Visitor]) -> None:
        """Who watches from now on. Only the hooks a visitor overrides are called: a
        verdict that needs no word of each event costs the walk nothing per event."""
        self._visitors = visitors
        self._on_event: list[Callable[[AnyState, Any, AnyState], None]] = [
            v.event for v in visitors if type(v).event is not Visitor.event
        ]
        self._on_turn: list[Callable[[TurnLog[Any], AnyState], None]] = [
            v.turn for v in visitors if type(v).turn is not Visitor.turn
        ]
        # Whether events are kept or told at all: a bare walk (verify, a sim without
        # records) pays for none of it.
        self._keeps = bool(self.keep_history or self.keep_turns or self._on_event or self._on_turn)

    def watch(self, visitor: Visitor) -> None:
        self.visitors = [*self._visitors, visitor]

    def branch(self, visitors: Sequence[Visitor] = ()) -> "Walk":
        """A walk that goes on from this point alone, watched by ``visitors``: a
        variation of a record (NOTATION.md section 9). States are never changed once
        made, so the two share every state so far; a seeded dealer is forked, so the
        branch is dealt as the seed deals down its own line, and this walk as before.
        The branch keeps no history and no turns (they are the source's to keep)."""
        # (Made by __init__, then set: a compiled Walk's __new__ runs __init__ as well.)
        dealer = self.dealer.fork() if isinstance(self.dealer, SeededDealer) else self.dealer
        new = Walk(self.setup, dealer, history=False, turns=False, start=self.start)
        new.state = self.state
        new.turn_start = self.turn_start
        new.events = []
        new.turns = []
        new.history = [self.state]
        new.count = self.count
        new.moves = self.moves
        new.dealt = set()
        new.marks = [self.dealer.mark()]
        new.visitors = list(visitors)
        for visitor in new.visitors:
            visitor.begin(new)
        return new

    # -- stepping ----------------------------------------------------------------------

    def apply(self, action: Any) -> AnyState:
        """Apply a chance outcome or a decision; Illegal propagates and nothing changes."""
        before = self.state
        if self.dealer.seeded and before.phase is _CHANCE:
            # Handed in, but what the seed deals: never a choice (undo skips it).
            self.dealer.expect(before, action.outcome if isinstance(action, Draw) else action)
            after = before.apply(action)
            self._log(before, action, after, dealt=True)
            return after
        after = before.apply(action)
        self._log(before, action, after)
        return after

    def step(self, action: Any, blame: Blame = None, turn: Optional[int] = None) -> AnyState:
        """``apply``, with an Illegal turned into a ``Fault`` at the token to blame.
        ``turn``: the step belongs to this turn (a record's move number), so one that
        comes after the game or the turn is over is refused as such."""
        if blame is None:
            return self.apply(action)
        return self.take(((blame, action),), turn)

    def take(self, steps: Iterable[tuple[Blame, Any]], turn: Optional[int] = None) -> AnyState:
        """``step`` for each ``(blame, action)`` in turn (a record's move line), in one
        loop: a walk that keeps nothing (verify's) takes each step without a call of its
        own. A Misread raised by ``steps`` itself (a game's notation reading the line)
        passes through as it is."""
        blame: Blame = None
        plain = not (self._keeps or self.dealer.seeded)
        try:
            for blame, action in steps:
                if blame is None:
                    self.apply(action)
                    continue
                state = self.state
                if turn is not None and (state.turn != turn or state.phase is _OVER):
                    token = blame if isinstance(blame, Token) else blame[None]
                    if state.phase is _OVER:
                        raise Fault.at(token, f"{token.text}: the game is over: no action may follow")
                    raise Fault.at(token, f"{token.text}: turn {turn} is already finished: this belongs on the next move")
                if not plain:
                    self.apply(action)
                    continue
                after = state.apply(action)
                # _log for a walk that keeps nothing (verify), without a call of its own
                self.count += 1
                self.state = after
                if after.turn != state.turn or after.phase is _OVER:
                    if self.turn_start.turn:
                        self.moves += 1
                    self.turn_start = after
        except Misread:
            raise
        except Illegal as exc:
            if blame is None:
                raise
            token = blame if isinstance(blame, Token) else blame.get(exc.where) or blame[None]
            raise Fault.at(token, f"{token.text}: {exc.message}") from None
        return self.state

    def deal(self) -> int:
        """Let the dealer answer chance for as long as it can; how many it dealt."""
        count = 0
        dealer = self.dealer
        while self.state.phase is Phase.CHANCE:
            outcome = dealer.outcome(self.state)
            if outcome is None:
                break
            before = self.state
            self._log(before, Draw(outcome), before.apply(Draw(outcome)), dealt=True)
            count += 1
        return count

    def run(self, player: Callable[[AnyState], Any], limit: int = MAX_EVENTS) -> AnyState:
        """Play to the end: the dealer answers chance, ``player(state)`` every decision.
        Runaway after ``limit`` events."""
        decision = Phase.DECISION
        while True:
            self.deal()
            state = self.state
            if state.phase is not decision:
                if state.phase is Phase.CHANCE:
                    raise ValueError(f"{state.chance().what}: no dealer can say what it is")
                return state
            self.apply(player(state))
            if self.count > limit:
                name = self.setup.game
                raise Runaway(f"{name}: the game has not ended after {limit:,} events")

    def _log(self, before: AnyState, action: Any, after: AnyState, dealt: bool = False) -> None:
        """One event: it ends a turn when the rules' turn moves on or the game ends."""
        count = self.count
        if dealt:
            self.dealt.add(count)
        self.count = count + 1
        self.state = after
        if self._keeps:
            if self.keep_history:
                self.history.append(after)
                self.marks.append(self.dealer.mark())
            self.events.append((before, action))
            for hook in self._on_event:
                hook(before, action, after)
        if after.turn != before.turn or after.phase is _OVER:
            if self.turn_start.turn:
                self.moves += 1
            if self._keeps and (self.keep_turns or self._on_turn):
                log = TurnLog(self.turn_start, tuple(self.events))
                if self.keep_turns:
                    self.turns.append(log)
                for tell in self._on_turn:
                    tell(log, after)
            self.turn_start = after
            self.events = []

    # -- taking back -------------------------------------------------------------------

    @property
    def all_events(self) -> list[tuple[AnyState, Any]]:
        """Every ``(state before, action)`` so far, finished turns first."""
        out = [event for log in self.turns for event in log.events]
        out.extend(self.events)
        return out

    def forced(self, index: int) -> bool:
        """Event ``index`` was a draw the dealer made or would have made (a seeded deck,
        a card put under a pile, a die the seed rolled): never a choice, so never undone
        alone."""
        if index in self.dealt:
            return True
        before, action = self.all_events[index]
        return isinstance(action, Draw) and before.chance().known is not None

    def rewind(self, count: int) -> None:
        """Keep the first ``count`` events only. States are immutable, so the ones kept
        are reused as they are; the dealer goes back too, so what it dealt after that
        point comes again, alike."""
        if not (self.keep_history and self.keep_turns):
            raise ValueError("a walk that keeps no history cannot be taken back")
        events = self.all_events[:count]
        kept = self.history[: len(events) + 1]
        marks = self.marks[: len(events) + 1]
        dealt = {index for index in self.dealt if index < count}
        self.dealer.rewind(marks[-1])
        self.state = self.turn_start = self.start
        self.history = [self.start]
        self.marks = [marks[0]]
        self.turns = []
        self.events = []
        self.count = self.moves = 0
        self.dealt = set()
        visitors, self.visitors = self._visitors, []  # what they saw stays seen
        try:
            for index, (before, action) in enumerate(events):
                self._log(before, action, kept[index + 1], dealt=index in dealt)
                self.marks[-1] = marks[index + 1]
        finally:
            self.visitors = visitors

    def undo(self) -> Optional[tuple[AnyState, Any]]:
        """Take back the last thing the player chose (or, at a table, typed), with the
        draws the dealer made after it; the event taken back, or None when there is
        nothing to take back."""
        keep = self.count
        while keep and self.forced(keep - 1):
            keep -= 1
        if keep == 0:
            return None
        event = self.all_events[keep - 1]
        self.rewind(keep - 1)
        return event

    # -- the end ---------------------------------------------------------------------------

    def finish(self) -> list[Any]:
        """Tell every visitor the walk is over; what each made of it."""
        return [visitor.end(self) for visitor in self.visitors]
