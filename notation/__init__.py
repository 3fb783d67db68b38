"""DGN, the Dungeon Game Notation: grammar, reader and canonical writer.

This package knows the language and nothing of any game's rules: it reads tags, moves,
tokens, cards and checkpoints, reports where the text is malformed, and writes records
back in one canonical spelling.
"""

from typing import TYPE_CHECKING

# Before the compiled modules below: where they cannot load, their sources are imported (dungeon_compiled.py).
import dungeon_compiled  # noqa: F401  (importing it decides)

from .model import Checkpoint, Colon, Diagnostic, Move, Pair, Record, Tag, Token
from .reader import NO_RECORD, parse, read
from .text_lines import MAX_LINE_BYTES
from .tokens import canonical_card, canonical_token

if TYPE_CHECKING:
    from .writer import checkpoint_text, write


def __getattr__(name: str) -> object:
    """The writer loads with its first use: ``dungeon verify`` writes no record."""
    if name in ("checkpoint_text", "write"):
        from . import writer

        return getattr(writer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Checkpoint",
    "Colon",
    "Diagnostic",
    "MAX_LINE_BYTES",
    "NO_RECORD",
    "Move",
    "Pair",
    "Record",
    "Tag",
    "Token",
    "canonical_card",
    "canonical_token",
    "checkpoint_text",
    "parse",
    "read",
    "write",
]
