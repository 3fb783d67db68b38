"""The typed record model of DGN.

Every token keeps the 1-based line and column where it was written so that a checker
can point at it; positions are left out of equality, so two records that say the same
thing in different layouts compare equal (the law ``parse(fmt(x)) == parse(x)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class Diagnostic:
    """A problem at a position: the notation's and the referee's errors share this shape."""

    line: int
    col: int
    message: str
    severity: str = "error"

    def sort_key(self) -> tuple[int, int]:
        return (self.line, self.col)


@dataclass(frozen=True)
class Token:
    """One whitespace-separated word of a move, in canonical spelling (``text``)."""

    text: str
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)

    @property
    def end_col(self) -> int:
        return self.col + len(self.raw or self.text)


@dataclass(frozen=True)
class Pair:
    """``key=value`` inside a checkpoint."""

    key: str
    value: str
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)
    value_col: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Checkpoint:
    pairs: tuple[Pair, ...]
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    def as_dict(self) -> dict[str, str]:
        return {p.key: p.value for p in self.pairs}


@dataclass(frozen=True)
class Colon:
    """The ``:`` between what chance dealt and what the player did."""

    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


Item = Token | Colon | Checkpoint


@dataclass
class Tag:
    name: str
    value: str
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)
    value_col: int = field(default=0, compare=False)
    comments: list[str] = field(default_factory=list)  # whole-line comments above it
    trailing: Optional[str] = None  # comment at the end of its line


@dataclass
class Move:
    """A move line (``N. DEALT : ACTIONS``) or the ``deal:`` line (``number`` is None).

    ``segments`` keeps the physical lines the move was written on (a move may continue on
    indented lines); each is a list of items and the comment that ended that line.
    """

    number: Optional[int]
    segments: list[tuple[list[Item], Optional[str]]]
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)
    comments: list[str] = field(default_factory=list)

    @property
    def is_deal(self) -> bool:
        return self.number is None

    @property
    def items(self) -> list[Item]:
        return [item for items, _ in self.segments for item in items]

    def _split(self) -> tuple[list[Token], Optional[Colon], list[Token], Optional[Checkpoint]]:
        dealt: list[Token] = []
        actions: list[Token] = []
        colon: Optional[Colon] = None
        checkpoint: Optional[Checkpoint] = None
        for item in self.items:
            if isinstance(item, Colon):
                colon = item
            elif isinstance(item, Checkpoint):
                checkpoint = item
            elif colon is None and not self.is_deal:
                dealt.append(item)
            elif self.is_deal:
                dealt.append(item)
            else:
                actions.append(item)
        return dealt, colon, actions, checkpoint

    @property
    def dealt(self) -> list[Token]:
        return self._split()[0]

    @property
    def colon(self) -> Optional[Colon]:
        return self._split()[1]

    @property
    def actions(self) -> list[Token]:
        return self._split()[2]

    @property
    def checkpoint(self) -> Optional[Checkpoint]:
        return self._split()[3]

    @property
    def end(self) -> tuple[int, int]:
        """Line and column just past the last item (where a missing token would go)."""
        line, col = self.line, self.col
        for item in self.items:
            if isinstance(item, Token):
                line, col = item.line, item.end_col
            elif isinstance(item, Colon):
                line, col = item.line, item.col + 1
        return line, col


@dataclass
class Record:
    """One game: tags, then moves. ``errors`` holds the notation errors found in it."""

    tags: list[Tag] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    end_comments: list[str] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    errors: list[Diagnostic] = field(default_factory=list, compare=False)

    def tag(self, name: str) -> Optional[Tag]:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def tag_value(self, name: str, default: Optional[str] = None) -> Optional[str]:
        tag = self.tag(name)
        return tag.value if tag is not None else default

    @property
    def game(self) -> Optional[str]:
        return self.tag_value("Game")

    @property
    def deal(self) -> Optional[Move]:
        if self.moves and self.moves[0].is_deal:
            return self.moves[0]
        return None

    @property
    def turns(self) -> list[Move]:
        return [m for m in self.moves if not m.is_deal]
