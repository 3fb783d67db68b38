"""Reading DGN: bytes in, records out, one line at a time.

The reader streams: it holds one record in memory, never the whole file, so a file of
any size is read in bounded memory. It never stops at the first problem: a line that
cannot be read is reported and the next line is read normally, so a file's every
notation error is found in one pass (up to ``MAX_ERRORS``).
"""

from __future__ import annotations

import io
import re
from typing import BinaryIO, Iterable, Iterator, Optional

from . import grammar
from ._parsimonious import ParseError
from .model import Checkpoint, Colon, Diagnostic, Item, Move, Pair, Record, Tag, Token
from .tokens import TokenError, canonical_token

MAX_LINE_BYTES = 65536
MAX_ERRORS = 100
# A record's moves are held in memory, so one record of a million moves took 1.2 GB.
# No game here comes near this (the longest sampled games have a few hundred moves);
# past it a record is diagnosed once and its further moves are read but not kept.
MAX_MOVES = 10_000
# The same for what else a record holds: one move spread over continuation lines of
# 18 MB took 1.09 GB, a million tags 324 MB. Past these, the record is diagnosed once
# for each and the rest of that kind is read but not kept, so that every record is
# checked in bounded memory; no real record comes near them.
MAX_TAGS = 1_000
MAX_ITEMS = 100_000  # tokens, colons and checkpoints: ten thousand moves of ten
MAX_COMMENT_BYTES = 1 << 20
BOM = b"\xef\xbb\xbf"

Line = tuple[int, Optional[str], Optional[Diagnostic]]

# A word as written -> its canonical spelling, for the words read so far: a file says the
# same few hundred words over and over, and a lookup here costs less than a call.
_SPELT: dict[str, str] = {}
_SPELT_MOST = 65536


class FileError(Exception):
    """The input is not DGN text at all (binary data): reading it further makes no sense."""


def physical_lines(stream: BinaryIO) -> Iterator[Line]:
    """Yield ``(line number, text, None)`` or ``(line number, None, problem)`` per line."""
    lineno = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        lineno += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n") and b"\0" not in raw:
            total = len(raw)
            while True:  # skip the rest of the over-long line without holding it
                chunk = stream.readline(1 << 20)
                total += len(chunk)
                if not chunk or chunk.endswith(b"\n"):
                    total -= len(chunk) - len(chunk.rstrip(b"\r\n"))  # the line end is no part of it
                    break
            yield (
                lineno,
                None,
                Diagnostic(lineno, 1, f"line is {total} bytes long: a DGN line holds at most {MAX_LINE_BYTES} bytes"),
            )
            continue
        if lineno == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        nul = raw.find(b"\0")
        if nul >= 0:
            col = len(raw[:nul].decode("utf-8", "replace")) + 1
            yield lineno, None, Diagnostic(lineno, col, "binary data (a NUL byte): this is not a DGN text file")
            raise FileError("binary")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            col = len(raw[: exc.start].decode("utf-8", "replace")) + 1
            yield lineno, None, Diagnostic(lineno, col, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}): DGN files are UTF-8 text")
            continue
        yield lineno, text, None


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
            held = len(record.moves) >= MAX_MOVES
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
        return self.record

    def _finish(self) -> Record:
        record = self.record
        assert record is not None
        self._close_move()
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
        match = _whole(grammar.TAG_LINE, text)
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
        if (len(record.moves) >= MAX_MOVES or self.items >= MAX_ITEMS) and (
            self._full(record, lineno, "moves") or self._full(record, lineno, "tokens")
        ):
            self.move = None
            self.in_moves = True
            self.pending = []
            return
        match = _whole(grammar.rule("deal_line") if deal else grammar.MOVE_LINE, text)
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
        if deal:
            number = None
            if self.in_moves:
                self._error_in(record, Diagnostic(lineno, 1, "deal: comes before move 1, once"))
        else:
            digits = match.group(1)
            number = int(digits) if len(digits) < 10 else 10**9
            expected = self.last_number + 1
            if number != expected:
                if self.unread_line:  # say why, so that this does not read as a second mistake
                    msg = f"move {digits} follows a line that could not be read, where move {expected} should be"
                elif self.last_number == 0:
                    msg = f"the first move is 1., not {digits}."
                else:
                    msg = f"move {digits} follows move {self.last_number}: expected {expected}."
                self._error_in(record, Diagnostic(lineno, 1, msg))
            self.last_number = number
            self.unread_line = False
        self.in_moves = True
        at = 1 if deal else 2  # the items' group; the comment's is the next
        items = self._items(record, lineno, text, match.start(at), match.end(at))
        move = Move(
            number=number,
            segments=[(items, _trailing(match.group(at + 1)))],
            line=lineno,
            col=1,
            comments=self.pending,
        )
        self.pending = []
        record.moves.append(move)
        self.move = move

    def _cont_line(self, lineno: int, text: str) -> None:
        record = self._ensure_record(lineno)
        if self.move is None:
            self._error_in(
                record,
                Diagnostic(
                    lineno,
                    1,
                    "an indented line continues the move line above it, and there is none: start a move line in column 1",
                ),
            )
            return
        match = _whole(grammar.rule("cont_line"), text)
        if match is None:
            pos = grammar.error_at("cont_detail", text).pos
            self._error_in(record, Diagnostic(lineno, pos + 1, _item_problem(text, pos, False)))
            return
        for comment in self.pending:
            self.move.segments.append(([], comment))
        self.pending = []
        if self._full(record, lineno, "tokens"):
            return
        items = self._items(record, lineno, text, match.start(1), match.end(1))
        if items and isinstance(items[0], Token) and _looks_like_move_number(items[0].raw):
            self._error_in(
                record,
                Diagnostic(lineno, items[0].col, "a move line starts in column 1; this indented line continues the move above"),
            )
        self.move.segments.append((items, _trailing(match.group(2))))

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

    def _matched(self, record: Record, lineno: int, line: str, start: int, end: int) -> list[Item]:
        """``_items`` item by item, as the rule ``item`` reads them."""
        items: list[Item] = []
        for match in grammar.ITEM.re.finditer(line, start, end):
            kind = match.lastindex  # the one group that matched: 1 checkpoint, 2 colon, 3 token
            if kind == 3:
                raw = match[3]
                col = match.start(3) + 1
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
        append, find, spelt = items.append, line.find, _SPELT  # the innermost loop of every read
        at = start
        for raw in words:
            at = find(raw, at)
            col = at + 1
            at += len(raw)
            text = spelt.get(raw)
            if text is None:
                if raw == ":":
                    append(Colon(lineno, col))
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
            append(Token(text, lineno, col, raw))
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
        if len(move.segments) == 1 and self.plain_colons == (0 if move.number is None else 1):
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
                elif colons == 2:
                    self._error_in(record, Diagnostic(item.line, item.col, "a second ':' in one move"))
            elif isinstance(item, Checkpoint):
                checkpoint_seen = item
        if not move.is_deal and colons == 0:
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


def _whole(expression: grammar.Expression, text: str) -> Optional[re.Match[str]]:
    """The match of one of the line rules (one regular expression each) over the whole of
    ``text``, or None: what ``expression.parse(text).match`` gives, without the parse
    node and the exception parsimonious makes around it (a node per line of every file)."""
    match: Optional[re.Match[str]] = expression.re.match(text)
    return match if match is not None and match.end() == len(text) else None


def _trailing(comment: Optional[str]) -> Optional[str]:
    return comment.rstrip() if comment else None


def _position(item: Item) -> tuple[int, int]:
    return item.line, item.col


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
