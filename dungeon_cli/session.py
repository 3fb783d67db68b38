"""A game in progress, as the player and the record see it.

The session holds the states, deals what a seeded deck or a table player hands it,
groups the events into turns, and writes the DGN record as it grows. ``play``, the
scripted mode and the bots all drive a game through this one class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from notation import Colon, Move, Record, Tag, Token, write

from .core import Draw, Illegal, Phase, State
from .games.base import Cursor, GameModule, TurnLog
from .referee import seed_order


@dataclass
class Session:
    module: GameModule
    variant: Optional[str] = None
    seed: Optional[int] = None
    options: Mapping[str, Any] = field(default_factory=dict)
    tags: list[tuple[str, str]] = field(default_factory=list)  # extra tags, after Game/Variant/Seed
    # The deal of ``seed`` when the caller has dealt it already (a simulation deals, then
    # hands the same generator to its bot).
    order: Optional[Mapping[str, Any]] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        order = self.order
        if order is None and self.seed is not None:
            order = seed_order(self.module, self.seed, self.variant, self.options)
        self.start = self.module.game.start(self.variant, self.options, order)
        self.state: State = self.start
        self.turns: list[TurnLog] = []  # finished turns (the setup, turn 0, included if it had events)
        self.turn_start: State = self.start
        self.events: list[tuple[State, Any]] = []
        self.history: list[State] = [self.start]

    # -- driving ---------------------------------------------------------------------

    @property
    def seeded(self) -> bool:
        return self.seed is not None

    def apply(self, action: Any) -> State:
        """Apply a chance outcome or decision; Illegal propagates and nothing changes."""
        before = self.state
        after = before.apply(action)
        self._log(before, action, after)
        return after

    def _log(self, before: State, action: Any, after: State) -> None:
        """Record one event: it ends a turn when the rules' turn moves on or the game ends."""
        self.events.append((before, action))
        self.state = after
        self.history.append(after)
        if after.turn != before.turn or after.is_over:
            self.turns.append(TurnLog(self.turn_start, tuple(self.events)))
            self.turn_start = after
            self.events = []

    def deal(self) -> int:
        """Deal every chance outcome the seeded order already fixes; how many were dealt."""
        count = 0
        while self.state.phase is Phase.CHANCE:
            known = self.state.chance().known
            if known is None:
                break
            self.apply(Draw(known))
            count += 1
        return count

    # -- taking back -------------------------------------------------------------------

    @property
    def all_events(self) -> list[tuple[State, Any]]:
        """Every ``(state before, action)`` so far, finished turns first."""
        out = [event for log in self.turns for event in log.events]
        out.extend(self.events)
        return out

    def rewind(self, count: int) -> None:
        """Keep the first ``count`` events only. States are immutable, so the ones kept
        are reused as they are: nothing is applied again."""
        events = self.all_events[:count]
        kept = self.history[: len(events) + 1]
        self.state = self.turn_start = self.start
        self.history = [self.start]
        self.turns = []
        self.events = []
        for index, (before, action) in enumerate(events):
            self._log(before, action, kept[index + 1])

    def undo(self) -> Optional[tuple[State, Any]]:
        """Take back the last thing the player chose (or, at a table, typed), together
        with the cards a known order dealt after it; the event taken back, or None when
        there is nothing to take back. Draws a known order forces are never a choice, so
        undoing one alone would only deal it again."""
        events = self.all_events
        keep = len(events)
        while keep and forced_draw(events[keep - 1]):
            keep -= 1
        if keep == 0:
            return None
        self.rewind(keep - 1)
        return events[keep - 1]

    # -- from a record -----------------------------------------------------------------

    @classmethod
    def from_record(cls, record: Record, module: Optional[GameModule] = None, seeded: bool = True) -> "Session":
        """The game a record holds, ready to go on (``play --resume``).

        The record should have been checked by the referee first; what goes wrong here
        raises ValueError with a message. ``seeded``: deal on from the record's Seed tag,
        whose deal the record's cards must then be; else every deal is typed.
        """
        if module is None:
            from . import registry

            try:
                module = registry.get(record.game or "")
            except KeyError:
                raise ValueError(f"unknown game '{record.game}'") from None
        seed = None
        seed_text = record.tag_value("Seed")
        if seeded and seed_text is not None:
            if not (seed_text.isascii() and seed_text.isdigit()):
                raise ValueError(f"Seed is a whole number, not '{seed_text}'")
            seed = int(seed_text)
        written = ("Game", "Variant", "Result") if seed is None else ("Game", "Variant", "Seed", "Result")
        tags = [(t.name, t.value) for t in record.tags if t.name not in written]  # a Seed not dealt from stays
        try:
            session = cls(
                module,
                variant=record.tag_value("Variant"),
                seed=seed,
                options=module.notation.options(record),
                tags=tags,
            )
        except Illegal as exc:
            raise ValueError(exc.message) from None
        notation = module.notation
        cursor = Cursor(session.state)
        for move in record.moves:
            if move.is_deal:
                readers = [notation.read_deal(cursor, move.dealt)]
            else:
                readers = [notation.read_dealt(cursor, move.dealt), notation.read_actions(cursor, move.actions)]
            for reader in readers:
                try:
                    for _, action in reader:
                        session.apply(action)
                        cursor.state = session.state
                except Illegal as exc:  # Misread is an Illegal too
                    where = f"move {move.number}" if move.number is not None else "the deal"
                    raise ValueError(f"{where} cannot be replayed: {exc.message}") from None
        return session

    # -- the record ------------------------------------------------------------------

    def record(self, finished_only: bool = True) -> Record:
        """The DGN record of the turns finished so far."""
        game = self.module.game
        tags = [Tag("Game", game.name)]
        if self.variant:
            tags.append(Tag("Variant", self.variant))
        if self.seed is not None:
            tags.append(Tag("Seed", str(self.seed)))
        tags.extend(Tag(k, v) for k, v in self.tags)
        result = self.state.result() if self.state.is_over else None
        if result is not None:
            tags.append(Tag("Result", str(result)))
        notation = self.module.notation
        moves: list[Move] = []
        for log in self.turns:
            if log.start.turn == 0:
                words = notation.write_deal(log)
                moves.append(Move(None, [([Token(w) for w in words], None)]))
                continue
            dealt, actions = notation.write_turn(log)
            items = [Token(w) for w in dealt] + [Colon()] + [Token(w) for w in actions]
            moves.append(Move(log.start.turn, [(items, None)]))
        return Record(tags=tags, moves=moves)

    def text(self) -> str:
        return write([self.record()])


def forced_draw(event: tuple[State, Any]) -> bool:
    """A draw whose card a known order fixed (a seeded deck, cards put under the pile)."""
    before, action = event
    return isinstance(action, Draw) and before.phase is Phase.CHANCE and before.chance().known is not None
