"""The prompt-toolkit face of ``candidates``: completions with their descriptions."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples

from ..kit.core import AnyState
from ..kit.game_module import Notation
from .board import spelled
from .candidates import candidates

_DAMAGE = re.compile(r"(\d+ damage)")


class ActionCompleter(Completer):
    """Completes the legal tokens of whatever state ``current()`` returns when asked."""

    def __init__(
        self,
        notation: Notation[Any, Any],
        current: Callable[[], AnyState],
        commands: Iterable[tuple[str, str]] | Callable[[], Iterable[tuple[str, str]]] = (),
        colour: bool = False,
        symbols: bool = False,
    ):
        self.notation = notation
        self.current = current
        # the commands offered, or what says them when asked (``try``/``back`` come and go)
        self.offered: Callable[[], Iterable[tuple[str, str]]] = commands if callable(commands) else (lambda: tuple(commands))
        self.colour = colour
        self.symbols = symbols  # descriptions spell cards as the board and help do (9♣); the moves stay as typed

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.offered())

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        for c in candidates(self.notation, self.current(), document.text_before_cursor, self.commands):
            yield Completion(c.text, start_position=-c.replace, display=c.text, display_meta=self._meta(c.meta))

    def _meta(self, meta: str) -> str | StyleAndTextTuples:
        """Damage in the description stands out, when colour is on."""
        meta = spelled(meta, self.symbols)
        if not self.colour or not _DAMAGE.search(meta):
            return meta
        parts: StyleAndTextTuples = []
        for piece in _DAMAGE.split(meta):
            if piece:
                parts.append(("class:damage" if _DAMAGE.fullmatch(piece) else "", piece))
        return parts
