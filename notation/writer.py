"""The canonical writer: one spelling for every record, so that diffs show only meaning.

Canonical text: LF line ends, no byte-order mark, a final newline; tags as
``[Name "value"]``; one blank line after the tags and between records; single spaces
between tokens; cards in canonical spelling; two spaces before a comment that ends a
line; continuation lines indented by four spaces. A variation (NOTATION.md section 9)
follows the move it replaces on continuation lines, two spaces deeper per level: ``( ``
before its first move, its moves one a line under that one's number, and its ``)`` at
the end of its last line, before that line's comment. Writing is idempotent:
``write(parse(write(r))) == write(r)``.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Optional

from .model import Checkpoint, Colon, Item, Move, Record, Tag

INDENT = "    "
STEP = "  "  # a level of variations


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _with_comment(text: str, comment: Optional[str]) -> str:
    if comment is None:
        return text
    return f"{text}  {comment}" if text else comment


def tag_line(tag: Tag) -> str:
    return f'[{tag.name} "{escape(tag.value)}"]'


def checkpoint_text(values: Mapping[str, str]) -> str:
    return "{" + " ".join(f"{k}={v}" for k, v in values.items()) + "}"


def _item_text(item: Item) -> str:
    if isinstance(item, Colon):
        return ":"
    if isinstance(item, Checkpoint):
        return checkpoint_text(item.as_dict())
    return item.text


def number_text(move: Move) -> str:
    """How a move's line begins: ``deal:``, ``N.``, or ``N...`` (the rest of a turn)."""
    if move.is_deal:
        return "deal:"
    return f"{move.number}{'...' if move.rest else '.'}"


# A line being written: its words (None: a line that is a comment alone) and its comment.
_Line = list[Optional[str]]


def _lines(move: Move, checkpoint: Optional[Mapping[str, str]], lead: str, margin: str) -> list[_Line]:
    """One move's own lines: the first starts with ``lead``, the others with ``margin``."""
    out: list[_Line] = []
    segments = move.segments
    last_with_items = max((i for i, (items, _) in enumerate(segments) if items), default=0)
    for index, (items, comment) in enumerate(segments):
        words = [_item_text(i) for i in items if checkpoint is None or not isinstance(i, Checkpoint)]
        if checkpoint is not None and index == last_with_items:
            words.append(checkpoint_text(checkpoint))
        if index == 0:
            out.append([lead + " ".join([number_text(move)] + words), comment])
        elif words:
            out.append([margin + INDENT + " ".join(words), comment])
        else:  # a comment-only line inside a move
            out.append([None, margin + INDENT + (comment or "")])
    return out


def move_lines(move: Move, checkpoint: Optional[Mapping[str, str]] = None) -> list[str]:
    """The lines of one move; ``checkpoint`` replaces the written one (``--annotate``)."""
    return [_joined(line) for line in _lines(move, checkpoint, "", "")]


def _joined(line: _Line) -> str:
    text, comment = line
    return comment or "" if text is None else _with_comment(text, comment)


def _tree_lines(
    move: Move,
    checkpoint: Optional[Mapping[str, str]],
    lead: str,
    margin: str,
    depth: int,
    inner_checkpoints: Optional[Mapping[int, Mapping[str, str]]] = None,
) -> list[_Line]:
    """A move's lines, then each of its variations, one level deeper; ``inner_checkpoints``
    gives a variation's move its full checkpoint, by the move's ``id``."""
    inner_cps = inner_checkpoints or {}
    out = [[None, margin + c] for c in move.comments]
    out.extend(_lines(move, checkpoint, lead, margin))
    pad = STEP * (depth + 1)
    for variation in move.variations:
        inner = pad + STEP
        lines: list[_Line] = []
        for index, child in enumerate(variation):
            lead_in = pad + "( " if index == 0 else inner
            lines.extend(_tree_lines(child, inner_cps.get(id(child)), lead_in, inner, depth + 1, inner_checkpoints))
        last = lines[-1] if lines else None
        if last is not None and last[0] is not None:
            last[0] += " )"
        else:  # its last line is a comment alone (or it holds no move): the bracket on its own line
            lines.append([inner + ")", None])
        out.extend(lines)
    return out


def record_lines(
    record: Record,
    checkpoints: Optional[Mapping[int, Mapping[str, str]]] = None,
    inner_checkpoints: Optional[Mapping[int, Mapping[str, str]]] = None,
) -> list[str]:
    """Canonical lines of one record. ``checkpoints`` maps a move's index to its full
    checkpoint; ``inner_checkpoints`` a variation's move (by its ``id``) to its own."""
    out: list[str] = []
    for tag in record.tags:
        out.extend(tag.comments)
        out.append(_with_comment(tag_line(tag), tag.trailing))
    if record.moves or record.end_comments:
        if out:
            out.append("")
        for index, move in enumerate(record.moves):
            cp = checkpoints.get(index) if checkpoints is not None else None
            if move.variations:
                out.extend(_joined(line) for line in _tree_lines(move, cp, "", "", 0, inner_checkpoints))
                continue
            out.extend(move.comments)
            out.extend(move_lines(move, cp))
        out.extend(record.end_comments)
    return out


def write(
    records: Iterable[Record],
    checkpoints: Optional[list[Mapping[int, Mapping[str, str]]]] = None,
    inner_checkpoints: Optional[Mapping[int, Mapping[str, str]]] = None,
) -> str:
    """Canonical text of a file of records (``checkpoints``: each record's, as
    ``record_lines`` takes them; ``inner_checkpoints``: every variation's move's)."""
    chunks: list[str] = []
    for index, record in enumerate(records):
        cps = checkpoints[index] if checkpoints is not None else None
        chunks.append("\n".join(record_lines(record, cps, inner_checkpoints)))
    return "\n\n".join(chunks) + "\n" if chunks else ""
