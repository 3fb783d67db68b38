"""A game in progress, as the player and the record see it.

The session holds the states, deals what a seeded deck or a table player hands it,
groups the events into turns, and writes the DGN record as it grows. ``play``, the
scripted mode and the bots all drive a game through this one class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from notation import Colon, Move, Record, Tag, Token, write

from .core import Draw, Phase, State
from .games.base import GameModule, TurnLog
from .referee import seed_order


@dataclass
class Session:
    module: GameModule
    variant: Optional[str] = None
    seed: Optional[int] = None
    options: Mapping[str, Any] = field(default_factory=dict)
    tags: list[tuple[str, str]] = field(default_factory=list)  # extra tags, after Game/Variant/Seed

    def __post_init__(self) -> None:
        order = None
        if self.seed is not None:
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
        self.events.append((before, action))
        self.state = after
        self.history.append(after)
        if after.turn != before.turn or after.is_over:
            self.turns.append(TurnLog(self.turn_start, tuple(self.events)))
            self.turn_start = after
            self.events = []
        return after

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
