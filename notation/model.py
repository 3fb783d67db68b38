"""The typed record model of DGN.

Every token keeps the 1-based line and column where it was written so that a checker
can point at it; positions are left out of equality, so two records that say the same
thing in different layouts compare equal (the law ``parse(fmt(x)) == parse(x)``).

The classes are plain ``__slots__`` classes rather than dataclasses: a command such as
``dungeon verify`` on one record spends most of its life importing, and dataclass
creation is among the dearest parts of that.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterator, Optional, final


class _Value:
    """Equality over ``_compared`` fields only, and a readable repr."""

    __slots__ = ()
    # ClassVar: the subclasses' tuples of names are of other lengths (mypyc holds a compiled class's attribute types to its base's).
    _compared: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._compared)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple(_frozen(getattr(self, f)) for f in self._compared))

    def _fields(self) -> tuple[str, ...]:
        """The attributes, each an argument of ``__init__`` of the same name."""
        # A class compiled by mypyc keeps no __slots__: it lists its attributes in __mypyc_attrs__.
        names: tuple[str, ...] = ()
        for klass in type(self).__mro__:  # the nearest class that lists them, as self.__slots__ would find
            held = vars(klass)
            if "__slots__" in held or "__mypyc_attrs__" in held:
                names = held["__slots__"] if "__slots__" in held else held["__mypyc_attrs__"]
                break
        return tuple(name for name in names if not name.startswith("__"))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields())
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Callable[..., _Value], tuple[Callable[..., _Value], dict[str, Any]]]:
        # Pickled (a process pool, a cluster) and copied through __init__: a compiled
        # class's __new__ runs __init__, which pickle's default reconstruction calls bare.
        return _rebuilt, (type(self), {name: getattr(self, name) for name in self._fields()})


def _rebuilt(cls: Callable[..., _Value], fields: dict[str, Any]) -> _Value:
    return cls(**fields)


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def printable(message: str) -> str:
    """``message`` with control, format and odd space characters written as escapes (``\\r``,
    ``\\x1b``, ``\\u202e``): a message quotes the input, and a line end or a terminal
    escape in a file must not split a diagnostic line or reach the terminal raw."""
    if message.isprintable():
        return message
    import unicodedata  # not at import: start-up time is a target

    out = []
    for ch in message:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        else:
            category = unicodedata.category(ch)
            # Control, format and unassigned characters, and any space but the plain one
            # (a no-break space looks like a space and is not one): shown escaped.
            out.append(repr(ch)[1:-1] if category[0] in ("C", "Z") else ch)
    return "".join(out)


@final
class Diagnostic(_Value):
    """A problem at a position: the notation's and the referee's errors share this shape."""

    __slots__ = ("line", "col", "message", "severity")
    _compared = ("line", "col", "message", "severity")  # (not `= __slots__`: a compiled class has none)

    def __init__(self, line: int, col: int, message: str, severity: str = "error"):
        self.line = line
        self.col = col
        self.message = printable(message)
        self.severity = severity

    def sort_key(self) -> tuple[int, int]:
        return (self.line, self.col)


@final
class Token(_Value):
    """One whitespace-separated word of a move, in canonical spelling (``text``)."""

    __slots__ = ("text", "line", "col", "raw")
    _compared = ("text",)

    def __init__(self, text: str, line: int = 0, col: int = 0, raw: str = ""):
        self.text = text
        self.line = line
        self.col = col
        self.raw = raw

    @property
    def end_col(self) -> int:
        return self.col + len(self.raw or self.text)


@final
class Pair(_Value):
    """``key=value`` inside a checkpoint."""

    __slots__ = ("key", "value", "line", "col", "value_col")
    _compared = ("key", "value")

    def __init__(self, key: str, value: str, line: int = 0, col: int = 0, value_col: int = 0):
        self.key = key
        self.value = value
        self.line = line
        self.col = col
        self.value_col = value_col


@final
class Checkpoint(_Value):
    __slots__ = ("pairs", "line", "col")
    _compared = ("pairs",)

    def __init__(self, pairs: tuple[Pair, ...], line: int = 0, col: int = 0):
        self.pairs = tuple(pairs)
        self.line = line
        self.col = col

    def as_dict(self) -> dict[str, str]:
        return {p.key: p.value for p in self.pairs}


@final
class Colon(_Value):
    """The ``:`` between what chance dealt and what the player did."""

    __slots__ = ("line", "col")
    _compared = ()

    def __init__(self, line: int = 0, col: int = 0):
        self.line = line
        self.col = col


Item = Token | Colon | Checkpoint


@final
class Tag(_Value):
    __slots__ = ("name", "value", "line", "col", "value_col", "comments", "trailing")
    _compared = ("name", "value", "comments", "trailing")

    def __init__(
        self,
        name: str,
        value: str,
        line: int = 0,
        col: int = 0,
        value_col: int = 0,
        comments: Optional[list[str]] = None,
        trailing: Optional[str] = None,
    ):
        self.name = name
        self.value = value
        self.line = line
        self.col = col
        self.value_col = value_col
        self.comments = comments if comments is not None else []  # whole-line comments above it
        self.trailing = trailing  # comment at the end of its line


@final
class Move(_Value):
    """A move line (``N. DEALT : ACTIONS``), the rest of a turn begun before a position
    (``N... ACTIONS``: ``rest``), or the ``deal:`` line (``number`` is None).

    ``segments`` keeps the physical lines the move was written on (a move may continue on
    indented lines); each is a list of items and the comment that ended that line.
    ``variations`` are the lines tried instead of this move, in the order written: each a
    list of moves whose first replaces this one (NOTATION.md section 9), so a record is a
    tree whose main line is ``Record.moves``.
    """

    __slots__ = ("number", "segments", "line", "col", "comments", "variations", "rest")
    _compared = ("number", "segments", "comments", "variations", "rest")

    def __init__(
        self,
        number: Optional[int],
        segments: list[tuple[list[Item], Optional[str]]],
        line: int = 0,
        col: int = 0,
        comments: Optional[list[str]] = None,
        variations: Optional[list[list["Move"]]] = None,
        rest: bool = False,
    ):
        self.number = number
        self.segments = segments
        self.line = line
        self.col = col
        self.comments = comments if comments is not None else []
        self.variations = variations if variations is not None else []
        self.rest = rest

    @property
    def is_deal(self) -> bool:
        return self.number is None

    @property
    def items(self) -> list[Item]:
        return [item for items, _ in self.segments for item in items]

    def split(self) -> tuple[list[Token], Optional[Colon], list[Token], Optional[Checkpoint]]:
        """(dealt tokens, the colon, action tokens, the checkpoint) in one pass."""
        dealt: list[Token] = []
        actions: list[Token] = []
        colon: Optional[Colon] = None
        checkpoint: Optional[Checkpoint] = None
        deal = self.number is None or self.rest  # no ':' of its own: every word on one side
        for items, _ in self.segments:  # every token of every record verify reads
            for item in items:
                if isinstance(item, Token):
                    (dealt if colon is None or deal else actions).append(item)
                elif isinstance(item, Colon):
                    colon = item
                else:
                    checkpoint = item
        if self.rest:  # the rest of a turn: every word is an action
            return actions, colon, dealt, checkpoint
        return dealt, colon, actions, checkpoint

    @property
    def dealt(self) -> list[Token]:
        return self.split()[0]

    @property
    def colon(self) -> Optional[Colon]:
        return self.split()[1]

    @property
    def actions(self) -> list[Token]:
        return self.split()[2]

    @property
    def checkpoint(self) -> Optional[Checkpoint]:
        return self.split()[3]

    @property
    def last_line(self) -> int:
        """The last physical line of the move itself (its variations aside)."""
        return max((item.line for item in self.items), default=self.line)

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


@final
class Record(_Value):
    """One game: tags, then moves. ``errors`` holds the notation errors found in it."""

    __slots__ = ("tags", "moves", "end_comments", "line", "errors", "source")
    _compared = ("tags", "moves", "end_comments")

    def __init__(
        self,
        tags: Optional[list[Tag]] = None,
        moves: Optional[list[Move]] = None,
        end_comments: Optional[list[str]] = None,
        line: int = 0,
        errors: Optional[list[Diagnostic]] = None,
        source: Optional[str] = None,
    ):
        self.source = source  # the path it was read from, if any; not part of its meaning
        self.tags = tags if tags is not None else []
        self.moves = moves if moves is not None else []
        self.end_comments = end_comments if end_comments is not None else []
        self.line = line
        self.errors = errors if errors is not None else []

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

    @property
    def position(self) -> Optional[Tag]:
        """The ``Position`` tag a record starts from instead of the deal (section 9), if any."""
        return self.tag("Position")

    def mainline(self) -> list[Move]:
        """The moves of the main line, variations aside (``moves`` itself)."""
        return self.moves

    def walk_tree(self) -> "Iterator[tuple[int, Move]]":
        """Every move of the tree with its depth (0: the main line), in the order written:
        a move, then each of its variations in turn, depth first."""
        stack: list[tuple[int, Iterator[Move]]] = [(0, iter(self.moves))]
        while stack:
            depth, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                continue
            yield depth, move
            for variation in reversed(move.variations):
                stack.append((depth + 1, iter(variation)))
