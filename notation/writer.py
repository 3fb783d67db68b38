"""The canonical writer: one spelling for every record, so that diffs show only meaning.

Canonical text: LF line ends, no byte-order mark, a final newline; tags as
``[Name "value"]``; one blank line after the tags and between records; single spaces
between tokens; cards in canonical spelling; two spaces before a comment that ends a
line; continuation lines indented by four spaces. Writing is idempotent:
``write(parse(write(r))) == write(r)``.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Optional

from .model import Checkpoint, Colon, Item, Move, Record, Tag

INDENT = "    "


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


def move_lines(move: Move, checkpoint: Optional[Mapping[str, str]] = None) -> list[str]:
    """The lines of one move; ``checkpoint`` replaces the written one (``--annotate``)."""
    out: list[str] = []
    head = "deal:" if move.is_deal else f"{move.number}."
    segments = move.segments
    last_with_items = max((i for i, (items, _) in enumerate(segments) if items), default=0)
    for index, (items, comment) in enumerate(segments):
        words = [_item_text(i) for i in items if checkpoint is None or not isinstance(i, Checkpoint)]
        if checkpoint is not None and index == last_with_items:
            words.append(checkpoint_text(checkpoint))
        if index == 0:
            text = " ".join([head] + words)
        elif words:
            text = INDENT + " ".join(words)
        else:  # a comment-only line inside a move
            out.append(INDENT + (comment or ""))
            continue
        out.append(_with_comment(text, comment))
    return out


def record_lines(record: Record, checkpoints: Optional[Mapping[int, Mapping[str, str]]] = None) -> list[str]:
    """Canonical lines of one record. ``checkpoints`` maps a move's index to its full checkpoint."""
    out: list[str] = []
    for tag in record.tags:
        out.extend(tag.comments)
        out.append(_with_comment(tag_line(tag), tag.trailing))
    if record.moves or record.end_comments:
        if out:
            out.append("")
        for index, move in enumerate(record.moves):
            out.extend(move.comments)
            cp = checkpoints.get(index) if checkpoints is not None else None
            out.extend(move_lines(move, cp))
        out.extend(record.end_comments)
    return out


def write(records: Iterable[Record], checkpoints: Optional[list[Mapping[int, Mapping[str, str]]]] = None) -> str:
    """Canonical text of a file of records."""
    chunks: list[str] = []
    for index, record in enumerate(records):
        cps = checkpoints[index] if checkpoints is not None else None
        chunks.append("\n".join(record_lines(record, cps)))
    return "\n\n".join(chunks) + "\n" if chunks else ""
