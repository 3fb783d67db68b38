"""Reading DGN: bytes in, records out, one line at a time.

The reader streams: it holds one record in memory, never the whole file, so a file of
any size is read in bounded memory. It never stops at the first problem: a line that
cannot be read is reported and the next line is read normally, so a file's every
notation error is found in one pass (up to ``MAX_ERRORS``).
"""

from __future__ import annotations

import io
import re
from typing import BinaryIO, Final, Iterable, Iterator, Optional, final

from . import grammar
from ._parsimonious import ParseError
from .model import Checkpoint, Colon, Diagnostic, Item, Move, Pair, Record, Tag, Token
from .text_lines import FileError, Line, physical_lines
from .tokens import TokenError, canonical_token

MAX_ERRORS: Final = 100
# A record's moves are held in memory, so one record of a million moves took 1.2 GB.
# No game here comes near this (the longest sampled games have a few hundred moves);
# past it a record is diagnosed once and its further moves are read but not kept.
MAX_MOVES: Final = 10_000
# The same for what else a record holds: one move spread over continuation lines of
# 18 MB took 1.09 GB, a million tags 324 MB. Past these, the record is diagnosed once
# for each and the rest of that kind is read but not kept, so that every record is
# checked in bounded memory; no real record comes near them.
MAX_TAGS: Final = 1_000
MAX_ITEMS: Final = 100_000  # tokens, colons and checkpoints: ten thousand moves of ten
MAX_COMMENT_BYTES: Final = 1 << 20
# Variations nest (NOTATION.md section 9); each level is a frame of the reader and of
# every walk of the tree, so the depth is bounded. No analysis nests a tenth as deep.
MAX_DEPTH: Final = 64
# What every front end says of a file that holds no record (DGN: a record starts with its Game tag).
NO_RECORD: Final = 'no record in this file: a record starts with [Game "..."]'
PARENS: Final = ("(", ")")

# A word as written -> its canonical spelling, for the words read so far: a file says the
# same few hundred words over and over, and a lookup here costs less than a call.
# The rules nearly every line is read with, as the patterns they match with: taken once
# here, not looked up on the grammar at every line.
_TAG_LINE: Final[re.Pattern[str]] = grammar.TAG_LINE.re
_MOVE_LINE: Final[re.Pattern[str]] = grammar.MOVE_LINE.re
_SPELT: Final[dict[str, str]] = {}
_SPELT_MOST: Final = 65536


@final
class _Frame:
    """A variation being read: the move it is tried instead of, and its moves so far.
    ``kept`` is False past ``MAX_DEPTH`` or where ``(`` had no move to vary: its words
    are read, to stay in step with the brackets, but not kept."""

    __slots__ = ("parent", "moves", "line", "col", "kept", "told")

    def __init__(self, parent: Optional[Move], moves: list[Move], line: int, col: int, kept: bool):
        self.parent = parent
        self.moves = moves
        self.line = line
        self.col = col
        self.kept = kept
        self.told = False  # a word of it was found out of place already


def read(stream: BinaryIO, source: Optional[str] = None) -> Iterator[Record]:
    """Records from a binary stream, each with the notation errors found in it.
    ``source`` (the file's path, if it has one) is kept on each record, so that what a
    record names relative to itself (a card-set file) can be found."""
    yield from Reader(source).records(physical_lines(stream))


def parse(text: str) -> list[Record]:
    """All records of a text (convenience for tests and tools)."""
    return list(read(io.BytesIO(text.encode("utf-8"))))


def _unescape(body: str, line: int, col: int) -> tuple[str, Optional[Diagnostic]]:
    if "\\" not in body:
        return body, None
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            nxt = body[i + 1] if i + 1 < len(body) else ""
            if nxt in ('"', "\\"):
                out.append(nxt)
                i += 2
                continue
            shown = "\\" + nxt
            return body, Diagnostic(line, col + i, f"bad escape '{shown}' in a tag value: only \\\" and \\\\ are escapes")
        out.append(ch)
        i += 1
    return "".join(out), None


@final
class Reader:
    """Turns physical lines into records; one instance reads one file."""

    def __init__(self, source: Optional[str] = None) -> None:
        self.source = source
        self.error_count = 0
        self.record: Optional[Record] = None
        self.move: Optional[Move] = None  # the move that an indented line continues
        self.pending: list[str] = []  # whole-line comments not yet attached
        self.items = 0  # tokens, colons and checkpoints held by this record
        self.comment_bytes = 0  # of the comments held by this record (or pending)
        self.said_full: set[str] = set()  # the limits this record was told of
        self.last_number = 0
        self.in_moves = False
        self.stack: list[_Frame] = []  # the variations open, outermost first
        self.parens = False  # the line ``_items`` read last held a bracket of a variation
        self.last_move: Optional[Move] = None  # the move a line's comment is left with
        self.held = 0  # moves held by this record, its variations' too
        # The ':' words of the last line ``_items`` read, when it read plain words alone
        # (None: it read a checkpoint, or a ':' inside a word): what ``_close_move``
        # checks of a move of one line, known without looking at its items again.
        self.plain_colons: Optional[int] = None
        # A tag line of this record could not be read (or the file is binary): it may
        # have been the Game tag, so "Game is missing" would only repeat that error.
        self.tags_unreadable = False
        # A line could not be read at all (too long, not UTF-8) since the last move line:
        # it may have been the move the numbering misses.
        self.unread_line = False

    # -- driving ---------------------------------------------------------------------

    def records(self, lines: Iterable[Line]) -> Iterator[Record]:
        try:
            for lineno, text, problem in lines:
                if problem is not None:
                    self._error_in(self._ensure_record(lineno), problem)
                    self.unread_line = True  # it may have been a move: the numbering is unknown
                    if not self.in_moves:
                        self.tags_unreadable = True  # or a tag: the Game tag, as far as anyone knows
                    continue
                assert text is not None
                done = self._line(lineno, text)
                if done is not None:
                    yield done
        except FileError:
            self.tags_unreadable = True
        if self.record is not None:
            yield self._finish()

    def _error_in(self, record: Record, diag: Diagnostic) -> None:
        self.error_count += 1
        if self.error_count <= MAX_ERRORS:
            record.errors.append(diag)
        elif self.error_count == MAX_ERRORS + 1:
            record.errors.append(
                Diagnostic(diag.line, diag.col, f"more than {MAX_ERRORS} errors: the rest of the file is not reported")
            )

    def _full(self, record: Record, lineno: int, kind: str) -> bool:
        """Whether ``record`` holds as many of ``kind`` as a record may; said once."""
        if kind == "moves":  # asked of every line: only the one limit asked is counted
            held = self.held >= MAX_MOVES
        elif kind == "tokens":
            held = self.items >= MAX_ITEMS
        elif kind == "tags":
            held = len(record.tags) >= MAX_TAGS
        else:
            held = self.comment_bytes >= MAX_COMMENT_BYTES
        if held and kind not in self.said_full:
            self.said_full.add(kind)
            most = {"moves": f"{MAX_MOVES:,} moves", "tags": f"{MAX_TAGS:,} tags", "tokens": f"{MAX_ITEMS:,} tokens"}
            self._error_in(
                record,
                Diagnostic(
                    lineno,
                    1,
                    f"a record holds at most {most.get(kind, f'{MAX_COMMENT_BYTES >> 20} MB of comments')}: "
                    f"the {kind} from here on are not read",
                ),
            )
        return held

    def _comment(self, lineno: int, text: str) -> None:
        if self.comment_bytes >= MAX_COMMENT_BYTES and self._full(self._ensure_record(lineno), lineno, "comments"):
            return
        self.comment_bytes += len(text)
        self.pending.append(text)

    def _ensure_record(self, lineno: int) -> Record:
        if self.record is None:
            self.items = 0
            self.comment_bytes = sum(len(c) for c in self.pending)
            self.said_full = set()
            self.record = Record(line=lineno, source=self.source)
            self.last_number = 0
            self.in_moves = False
            self.tags_unreadable = False
            self.unread_line = False
            self.stack = []
            self.last_move = None
            self.held = 0
        return self.record

    def _finish(self) -> Record:
        record = self.record
        assert record is not None
        self._close_move()
        if self.stack:
            self._unclosed(record)
        record.end_comments.extend(self.pending)
        self.pending = []
        self._check_tags(record)
        self.record = None
        self.move = None
        return record

    # -- one line --------------------------------------------------------------------

    def _line(self, lineno: int, text: str) -> Optional[Record]:
        stripped = text.lstrip(" \t")
        if not stripped:
            return None
        first = stripped[0]
        if first == "#":
            self._comment(lineno, stripped.rstrip())
            return None
        if self.stack and text[0] not in " \t":  # a line in column 1 ends every variation
            self._close_move()
            self._unclosed(self._ensure_record(lineno))
        if first == "[":
            finished = None
            if self.record is not None and self.in_moves:
                # comments just above a record's first tag belong to that record
                above, self.pending = self.pending, []
                finished = self._finish()
                self.pending = above
            self._tag_line(lineno, text)
            return finished
        if text[0] in " \t":
            self._cont_line(lineno, text)
            return None
        if text.startswith("deal:"):
            self._move_line(lineno, text, deal=True)
            return None
        if first.isdigit():
            self._move_line(lineno, text, deal=False)
            return None
        record = self._ensure_record(lineno)
        self._close_move()
        self._error_in(
            record,
            Diagnostic(
                lineno,
                1,
                "this line is not a tag, a move or a comment: "
                'a tag is [Name "value"], a move starts with its number (1.), the setup with deal:',
            ),
        )
        return None

    def _tag_line(self, lineno: int, text: str) -> None:
        record = self.record if self.record is not None else self._ensure_record(lineno)
        if self.move is not None:
            self._close_move()
        if self._full(record, lineno, "tags"):
            self.tags_unreadable = True  # it may have been the Game tag, as far as anyone knows
            return
        match = _whole(_TAG_LINE, text)
        if match is None:
            self.tags_unreadable = True
            if self.error_count > MAX_ERRORS:  # not reported: no grammar run to find where (60 KB/s of "[" lines)
                self.error_count += 1
                return
            try:
                grammar.rule("tag_detail").parse(text)
                pos = 0
            except ParseError as exc:
                pos = exc.pos
            self._error_in(record, Diagnostic(lineno, pos + 1, _tag_problem(text, pos)))
            return
        value, problem = _unescape(match.group(2)[1:-1], lineno, match.start(2) + 2)
        if problem is not None:
            self._error_in(record, problem)
        comment = match.group(3)
        # Tag(name, value, line, col, value_col, comments above, trailing comment)
        trailing = comment.rstrip() if comment else None
        tag = Tag(match.group(1), value, lineno, match.start(1) + 1, match.start(2) + 1, self.pending, trailing)
        self.pending = []
        record.tags.append(tag)

    def _move_line(self, lineno: int, text: str, deal: bool) -> None:
        record = self.record if self.record is not None else self._ensure_record(lineno)
        if self.move is not None:
            self._close_move()
        if (self.held >= MAX_MOVES or self.items >= MAX_ITEMS) and (
            self._full(record, lineno, "moves") or self._full(record, lineno, "tokens")
        ):
            self.move = None
            self.in_moves = True
            self.pending = []
            return
        match = _whole(grammar.rule("deal_line").re if deal else _MOVE_LINE, text)
        if match is None:
            pos = grammar.error_at("deal_detail" if deal else "move_detail", text).pos
            head = len(text) - len(text.lstrip("0123456789"))
            if not deal and not text[head:].startswith("."):
                pos = head  # the number's dot is missing
            self._error_in(record, Diagnostic(lineno, pos + 1, _item_problem(text, pos, deal)))
            self.move = None
            self.in_moves = True
            digits = text[: len(text) - len(text.lstrip("0123456789"))]
            if not deal and digits and text[len(digits) :].startswith("."):
                self.last_number = int(digits) if len(digits) < 10 else 10**9
            return
        rest = False
        groups = match.groups()  # one call for every group a move line has, not one each
        if deal:
            number = None
            if self.in_moves:
                self._error_in(record, Diagnostic(lineno, 1, "deal: comes before move 1, once"))
        else:
            digits, dots = groups[0], groups[1]
            number = int(digits) if len(digits) < 10 else 10**9
            rest = len(dots) == 3
            if rest or number != self.last_number + 1:  # every move line asks: the rest is rare
                self._numbering(record, lineno, digits, number, rest)
            self.last_number = number
            self.unread_line = False
        self.in_moves = True
        at = 1 if deal else 3  # the items' group; the comment's is the next
        start, end = match.span(at)
        items = self._items(record, lineno, text, start, end)
        if self.parens:
            self._misplaced_bracket(record, lineno, items)
        move = Move(number, [(items, _trailing(groups[at]))], lineno, 1, self.pending, None, rest)
        self.pending = []
        record.moves.append(move)
        self.held += 1
        self.move = self.last_move = move

    def _numbering(self, record: Record, lineno: int, digits: str, number: int, rest: bool) -> None:
        """A move line numbered otherwise than the one before it says, or the rest of a
        turn (``N...``): wrong unless it is the first move of a positioned record."""
        expected = self.last_number + 1
        # A record from a Position numbers its moves from the position's turn: its
        # first move may have any number (the referee holds it to the turn).
        if self.last_number == 0 and not self.unread_line and record.tag("Position") is not None:
            return
        if rest:
            message = (
                f"{digits}... is the rest of a turn begun before a Position: "
                "only the first move of a record with a Position is written so"
            )
        elif self.unread_line:  # say why, so that this does not read as a second mistake
            message = f"move {digits} follows a line that could not be read, where move {expected} should be"
        elif self.last_number == 0:
            message = f"the first move is 1., not {digits}."
        else:
            message = f"move {digits} follows move {self.last_number}: expected {expected}."
        self._error_in(record, Diagnostic(lineno, 1, message))

    def _misplaced_bracket(self, record: Record, lineno: int, items: list[Item]) -> None:
        """A variation's bracket on a move line (``_items`` saw one): the rest of the line
        is a variation in the wrong place, not this move's."""
        self.parens = False
        for index, item in enumerate(items):
            if type(item) is Token and item.raw in PARENS:
                del items[index:]
                self.plain_colons = None
                self._error_in(
                    record,
                    Diagnostic(
                        lineno,
                        item.col,
                        f"'{item.raw}': a variation is written after the move it replaces, on lines of its own "
                        "that start with white space",
                    ),
                )
                return

    def _cont_line(self, lineno: int, text: str) -> None:
        record = self._ensure_record(lineno)
        words = text.split(None, 1)  # none when the rest is whitespace past space and tab (a \v, a \f)
        tree = bool(self.stack) or (bool(words) and _opens(words[0]))
        if self.move is None and not tree:
            varied = record.moves[-1] if record.moves and record.moves[-1].variations else None
            self._error_in(
                record,
                Diagnostic(
                    lineno,
                    1,
                    f"move {_number_text(varied)} ends before its variations: nothing of it may follow them"
                    if varied is not None
                    else "an indented line continues the move line above it, and there is none: start a move line in column 1",
                ),
            )
            return
        match = _whole(grammar.rule("cont_line").re, text)
        if match is None:
            pos = grammar.error_at("cont_detail", text).pos
            self._error_in(record, Diagnostic(lineno, pos + 1, _item_problem(text, pos, False)))
            return
        if not tree and "(" in text:
            start, end = match.start(1), match.end(1)
            tree = any(_opens(word) for word in text[start:end].split())
        if tree:
            if self._full(record, lineno, "tokens"):
                return
            self.plain_colons = None  # the words of this line are not one move's
            items = self._matched(record, lineno, text, match.start(1), match.end(1), brackets=True)
            self._tree_line(record, lineno, items, match.group(2))
            return
        move = self.move
        assert move is not None
        for comment in self.pending:
            move.segments.append(([], comment))
        self.pending = []
        if self._full(record, lineno, "tokens"):
            return
        items = self._items(record, lineno, text, match.start(1), match.end(1))
        if items and isinstance(items[0], Token) and _looks_like_move_number(items[0].raw):
            self._error_in(
                record,
                Diagnostic(lineno, items[0].col, "a move line starts in column 1; this indented line continues the move above"),
            )
        move.segments.append((items, _trailing(match.group(2))))

    # -- variations ------------------------------------------------------------------

    def _tree_line(self, record: Record, lineno: int, items: list[Item], comment: Optional[str]) -> None:
        """A continuation line that opens, holds or closes variations (section 9): ``(``
        opens a variation of the move before it, ``N.`` (``N...``) starts a move of the
        variation open, ``)`` closes it, and every other item belongs to the move begun
        last. The line's comment stays with the move its last words went to."""
        self.plain_colons = None  # the words of this line are not one move's
        pending, self.pending = self.pending, []
        first = items[0] if items else None
        opens = type(first) is Token and (first.raw == "(" or (bool(self.stack) and _move_number(first.raw) is not None))
        if pending and not opens:  # whole-line comments inside the move continued
            host = self.move or self.last_move
            if host is not None:
                host.segments.extend(([], text) for text in pending)
                pending = []
        target: Optional[Move] = None  # the move this line's words went to last
        told = False
        for item in items:
            raw = item.raw if isinstance(item, Token) else None
            if isinstance(item, Token) and raw in PARENS:
                if raw == "(":
                    self._open(record, item)
                    target = None
                else:  # the line's comment stays with the words before the bracket
                    self._close_variation(record, item)
                continue
            number = _move_number(raw) if raw is not None and self.stack else None
            if number is not None:
                assert type(item) is Token
                self._variation_move(record, item, number[0], number[1], pending)
                pending = []
                target = self.move
                continue
            move = self.move
            if move is None:
                if not told and (not self.stack or self.stack[-1].kept):
                    told = True
                    line, col = _position(item)
                    if self.stack:
                        frame = self.stack[-1]
                        frame.told = True
                        varied = frame.parent.number if frame.parent is not None and frame.parent.number else "N"
                        message = (
                            f"a variation's move starts with its number: ( {varied}. ..."
                            if not frame.moves
                            else f"move {_number_text(frame.moves[-1])} ends before its variations: nothing of it may follow them"
                        )
                    else:  # after the last ')' of a move of the main line
                        message = (
                            f"move {_number_text(record.moves[-1])} ends before its variations: nothing of it may follow them"
                        )
                    self._error_in(record, Diagnostic(line, col, message))
                continue
            if target is not move:
                move.segments.append(([], None))
                target = move
            move.segments[-1][0].append(item)
        text = _trailing(comment)
        if target is not None:
            words, _ = target.segments[-1]
            target.segments[-1] = (words, text)
        elif self.stack and not self.stack[-1].moves:  # after '(': above the variation's first move
            pending.extend([text] if text else [])
        elif text is not None and self.last_move is not None:
            self.last_move.segments.append(([], text))
        self.pending = pending + self.pending

    def _open(self, record: Record, token: Token) -> None:
        level = self.stack[-1].moves if self.stack else record.moves
        kept = not self.stack or self.stack[-1].kept
        self._close_move()
        parent = level[-1] if level else None
        variation: list[Move] = []
        if len(self.stack) >= MAX_DEPTH:
            if kept:
                self._error_in(
                    record, Diagnostic(token.line, token.col, f"variations nest at most {MAX_DEPTH} deep: this one is not read")
                )
            kept = False
        elif parent is None or parent.is_deal:
            if kept:
                self._error_in(
                    record,
                    Diagnostic(
                        token.line,
                        token.col,
                        "'(' opens a variation of the move before it, and there is none"
                        if parent is None
                        else "the deal: line has no variations: a variation is tried instead of a move",
                    ),
                )
            kept = False
        elif kept:
            parent.variations.append(variation)
        self.stack.append(_Frame(parent if kept else None, variation, token.line, token.col, kept))

    def _close_variation(self, record: Record, token: Token) -> None:
        if not self.stack:
            self._error_in(record, Diagnostic(token.line, token.col, "')' closes a variation, and none is open"))
            return
        self._close_move()
        frame = self.stack.pop()
        if frame.kept and not frame.moves:
            if frame.parent is not None:  # nothing to keep: the tree holds no empty line
                frame.parent.variations = [v for v in frame.parent.variations if v is not frame.moves]
            if not frame.told:
                self._error_in(record, Diagnostic(frame.line, frame.col, "a variation holds at least one move"))

    def _variation_move(self, record: Record, token: Token, number: int, rest: bool, comments: list[str]) -> None:
        frame = self.stack[-1]
        self._close_move()
        move = Move(number, [([], None)], line=token.line, col=token.col, comments=comments, rest=rest)
        self.move = self.last_move = move
        if not frame.kept:
            return
        if self._full(record, token.line, "moves"):
            frame.kept = False
            return
        parent = frame.parent
        assert parent is not None and parent.number is not None
        if frame.moves:
            before = frame.moves[-1]
            assert before.number is not None
            expected, message = before.number + 1, f"move {token.raw} follows move {before.number}: expected {before.number + 1}."
        else:
            expected = parent.number
            message = f"a variation starts with the number of the move it replaces: {_number_text(parent)}, not {token.raw}"
        if rest != (parent.rest and not frame.moves) and number == expected:
            message = (
                f"a variation of {_number_text(parent)} starts with {_number_text(parent)}: it is the rest of the same turn"
                if parent.rest
                else f"{token.raw} is the rest of a turn begun before a Position: "
                "only the first move of a record with a Position, or a variation of it, is written so"
            )
            number = -1
        if number != expected:
            self._error_in(record, Diagnostic(token.line, token.col, message))
        frame.moves.append(move)
        self.held += 1

    def _unclosed(self, record: Record) -> None:
        frame = self.stack[0]
        missing = len(self.stack)
        self.stack = []
        self._error_in(
            record,
            Diagnostic(
                frame.line,
                frame.col,
                "this variation is not closed: ')' is missing"
                if missing == 1
                else f"these variations are not closed: {missing} ')' are missing",
            ),
        )

    def _items(self, record: Record, lineno: int, line: str, start: int, end: int) -> list[Item]:
        """The items of a line that its rule read, between ``start`` and ``end``."""
        segment = line[start:end]
        if "{" not in segment:  # no checkpoint: the words are the items (the line's rule said so)
            words = segment.split()
            colons = words.count(":")
            if segment.count(":") == colons:  # each ':' a word of its own
                self.plain_colons = colons
                return self._words(record, lineno, line, start, words)
        self.plain_colons = None
        return self._matched(record, lineno, line, start, end)

    def _matched(self, record: Record, lineno: int, line: str, start: int, end: int, brackets: bool = False) -> list[Item]:
        """``_items`` item by item, as the rule ``item`` reads them; ``brackets``: on a
        line of variations, a bracket stuck to a word is a word of its own (``(5.``,
        ``run)``: PGN's way), unless the word opens it itself (Scoundrel's ``(Kc)``)."""
        items: list[Item] = []
        for match in grammar.ITEM.re.finditer(line, start, end):
            kind = match.lastindex  # the one group that matched: 1 checkpoint, 2 colon, 3 token
            if kind == 3:
                word = match[3]
                at = match.start(3) + 1
                for offset, raw in _unglued(word) if brackets else ((0, word),):
                    col = at + offset
                    if raw in PARENS:  # a variation's bracket (section 9), not a word
                        items.append(Token(raw, lineno, col, raw))
                        self.parens = True
                        continue
                    try:
                        text = canonical_token(raw)
                    except TokenError as exc:
                        self._error_in(record, Diagnostic(lineno, col + exc.offset, exc.message))
                        text = raw
                    items.append(Token(text, lineno, col, raw))
            elif kind == 2:
                items.append(Colon(lineno, match.start(2) + 1))
            else:
                items.append(self._checkpoint(record, lineno, match.group(1), match.start(1)))
        self.items += len(items)
        return items

    def _words(self, record: Record, lineno: int, line: str, start: int, words: list[str]) -> list[Item]:
        """``_items`` for a line of plain words, each ':' standing alone: the same items,
        without a match object for each."""
        items: list[Item] = []
        # The innermost loop of every read. Methods are called on their objects, not bound
        # to locals first: compiled, each is then a native operation, where a bound method
        # is a Python-level call (Python 3.11 specialises both ways alike).
        spelt = _SPELT
        at = start
        for raw in words:
            at = line.find(raw, at)
            col = at + 1
            at += len(raw)
            text = spelt.get(raw)
            if text is None:
                if raw == ":":
                    items.append(Colon(lineno, col))
                    continue
                if raw in PARENS:  # a variation's bracket (section 9), not a word
                    items.append(Token(raw, lineno, col, raw))
                    self.parens = True
                    continue
                try:
                    text = canonical_token(raw)
                except TokenError as exc:
                    self._error_in(record, Diagnostic(lineno, col + exc.offset, exc.message))
                    text = raw
                else:
                    if len(spelt) >= _SPELT_MOST:  # a file of ever new words: memory stays flat
                        spelt.clear()
                    spelt[raw] = text
            items.append(Token(text, lineno, col, raw))
        self.items += len(items)
        return items

    def _checkpoint(self, record: Record, lineno: int, text: str, offset: int) -> Checkpoint:
        pairs: list[Pair] = []
        try:
            node = grammar.rule("checkpoint").parse(text)
        except ParseError as exc:
            self._error_in(
                record, Diagnostic(lineno, offset + exc.pos + 1, "a checkpoint is {key=value ...}, keys in lower case")
            )
            return Checkpoint((), lineno, offset + 1)
        seen: set[str] = set()
        for pair in node.children[1].children:
            _, key_node, _, value_node = pair.children
            key = key_node.text
            key_col = offset + key_node.start + 1
            value_col = offset + value_node.start + 1
            if key in seen:
                self._error_in(record, Diagnostic(lineno, key_col, f"checkpoint key '{key}' appears twice"))
            seen.add(key)
            try:
                value = canonical_token(value_node.text)
            except TokenError as exc:
                self._error_in(record, Diagnostic(lineno, value_col + exc.offset, exc.message))
                value = value_node.text
            pairs.append(Pair(key, value, lineno, key_col, value_col))
        return Checkpoint(tuple(pairs), lineno, offset + 1)

    def _close_move(self) -> None:
        """Check the shape of the move just finished: one ':' and the checkpoint last."""
        move, self.move = self.move, None
        if move is None or self.record is None:
            return
        if len(move.segments) == 1 and self.plain_colons == (0 if move.number is None or move.rest else 1):
            return  # one line of plain words (no checkpoint) with its one ':' (a deal: none)
        record = self.record
        colons = 0
        checkpoint_seen: Optional[Checkpoint] = None
        segments = move.segments
        for item in segments[0][0] if len(segments) == 1 else move.items:
            if checkpoint_seen is not None:
                line, col = _position(item)
                self._error_in(record, Diagnostic(line, col, "a checkpoint {...} ends its move: nothing may follow it"))
                break
            kind = type(item)  # the reader's own items: Token, Colon or Checkpoint
            if kind is Colon:
                colons += 1
                if move.is_deal:
                    self._error_in(record, Diagnostic(item.line, item.col, "the deal: line has no ':' of its own"))
                elif move.rest:
                    if colons == 1:
                        self._error_in(
                            record,
                            Diagnostic(
                                item.line,
                                item.col,
                                f"{move.number}... is the rest of a turn dealt before the position: "
                                "its words are all actions, with no ':'",
                            ),
                        )
                elif colons == 2:
                    self._error_in(record, Diagnostic(item.line, item.col, "a second ':' in one move"))
            elif isinstance(item, Checkpoint):
                checkpoint_seen = item
        if not move.is_deal and not move.rest and colons == 0:
            line, col = move.end
            self._error_in(
                record,
                Diagnostic(line, col, f"move {move.number} has no ':': write N. DEALT : ACTIONS"),
            )

    def _check_tags(self, record: Record) -> None:
        if not record.tags:
            if self.tags_unreadable:
                return
            self._error_in(record, Diagnostic(record.line, 1, 'a record starts with its tags: [Game "..."] is missing'))
            return
        seen: set[str] = set()
        for tag in record.tags:
            if tag.name in seen:
                self._error_in(record, Diagnostic(tag.line, tag.col, f"tag {tag.name} appears twice in one record"))
            seen.add(tag.name)
        first = record.tags[0]
        if first.name != "Game":
            game = record.tag("Game")
            if game is None and not self.tags_unreadable:
                self._error_in(
                    record, Diagnostic(first.line, first.col, 'the Game tag is missing: [Game "..."] must be the first tag')
                )
            elif game is not None:
                self._error_in(record, Diagnostic(game.line, game.col, "Game must be the first tag of a record"))


def _whole(pattern: re.Pattern[str], text: str) -> Optional[re.Match[str]]:
    """The match of one of the line rules (one regular expression each, ``pattern`` its
    ``re``) over the whole of ``text``, or None: what ``expression.parse(text).match``
    gives, without the parse node and the exception parsimonious makes around it (a node
    per line of every file)."""
    match = pattern.match(text)
    return match if match is not None and match.end() == len(text) else None


def _trailing(comment: Optional[str]) -> Optional[str]:
    return comment.rstrip() if comment else None


def _position(item: Item) -> tuple[int, int]:
    return item.line, item.col


def _move_number(raw: str) -> Optional[tuple[int, bool]]:
    """``N.`` -> (N, False), ``N...`` -> (N, True); None for any other word."""
    head, dot, tail = raw.partition(".")
    if not dot or not head.isdigit() or not head.isascii() or tail not in ("", ".."):
        return None
    return (int(head) if len(head) < 10 else 10**9), tail == ".."


def _opens(word: str) -> bool:
    """A word that opens a variation: ``(``, or ``(`` stuck to a move number (``(5.``)."""
    return word == "(" or (word[:1] == "(" and _move_number(word[1:]) is not None)


def _unglued(word: str) -> list[tuple[int, str]]:
    """A word of a line of variations cut where a bracket is stuck to it: ``(5.`` is
    ``(`` and ``5.``; ``run))`` is ``run`` and two ``)``, though ``(Kc)`` stays whole."""
    if word in PARENS or ("(" not in word and ")" not in word):
        return [(0, word)]
    if word[0] == "(" and _move_number(word[1:].rstrip(")")) is not None:
        return [(0, "("), *((1 + offset, piece) for offset, piece in _unglued(word[1:]))]
    body = word.rstrip(")")
    extra = len(word) - len(body) - max(0, body.count("(") - body.count(")"))
    if extra <= 0:
        return [(0, word)]
    keep = len(word) - extra
    return [*([(0, word[:keep])] if keep else []), *((keep + i, ")") for i in range(extra))]


def _number_text(move: Move) -> str:
    return f"{move.number}{'...' if move.rest else '.'}"


def _looks_like_move_number(raw: str) -> bool:
    head, dot, rest = raw.partition(".")
    return bool(dot) and head.isdigit() and not rest


def _tag_problem(text: str, pos: int) -> str:
    stripped = text.rstrip()
    if text.lstrip().startswith("[["):
        return "a tag opens with a single '[': tags do not nest"
    if '"' not in text:
        return 'a tag is [Name "value"]: the value needs double quotes'
    if text.count('"') - text.count('\\"') < 2:
        return "this tag's value has no closing quote"
    if not stripped.split("#")[0].rstrip().endswith("]"):
        if pos > 0 and text[:pos].rstrip().endswith("]"):
            return "only a comment may follow a tag on its line"
        return "this tag has no closing ']'"
    if pos < len(text) and text[pos] == "[":
        return "a tag opens with a single '[': tags do not nest"
    return 'a tag is [Name "value"], the name a letter then letters, digits or _'


def _item_problem(text: str, pos: int, deal: bool) -> str:
    if pos >= len(text):
        return "this line ends too early"
    ch = text[pos]
    if not deal and pos > 0 and text[:pos].isdigit() and ch != ".":
        return f"a move number is followed by a dot: {text[:pos]}."
    if ch == "{":
        return "a checkpoint is {key=value ...}, keys in lower case"
    if ch in "[]":
        return f"'{ch}' belongs to tag lines; it cannot stand in a move"
    if ch == '"':
        return "quotes belong to tag values; they cannot stand in a move"
    if ch == "}":
        return "'}' closes a checkpoint that was never opened"
    return f"unexpected '{ch}'"
