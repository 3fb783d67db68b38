"""One line of player input applied to a session, read the way ``verify`` reads a record.

A line holds one action or several (``5d x9s 4h``); at a table it also holds the cards
dealt and the dice rolled, typed when the game waits for chance. Decisions are read by
the game's own ``Notation.read_actions``, outcomes by ``Notation.outcome`` (a leading
``^``, the DGN mark of a revealed card, is allowed), so that a line is refused with the
message ``verify`` gives for the same token in a record.
"""

from __future__ import annotations

from typing import Any, Sequence

from notation import Token, canonical_token
from notation.model import printable
from notation.tokens import TokenError

from ..engine import Fault
from ..kit.core import Draw, Phase
from ..kit.game_module import Misread, Notation
from ..services.session import Session


class LineError(Exception):
    """Why a line was refused, and the column of the token to blame (1-based)."""

    def __init__(self, col: int, message: str):
        message = printable(message)  # a control character typed comes back escaped
        super().__init__(message)
        self.col = col
        self.message = message


def tokenize(line: str, lineno: int = 0) -> list[Token]:
    """The tokens of a line in canonical spelling, with their columns."""
    tokens: list[Token] = []
    col = 0
    length = len(line)
    while True:
        while col < length and line[col] in " \t":
            col += 1
        if col >= length:
            return tokens
        end = col
        while end < length and line[end] not in " \t":
            end += 1
        raw = line[col:end]
        try:
            text = canonical_token(raw)
        except TokenError as exc:
            raise LineError(col + 1 + exc.offset, exc.message) from None
        tokens.append(Token(text, lineno, col + 1, raw))
        col = end


def outcome_of(session: Session, token: Token) -> Any:
    """The chance outcome a typed token names (``^Qh`` as well as ``Qh``)."""
    if token.text.startswith("^") and len(token.text) > 1:
        bare = token.text[1:]
        raw = token.raw[1:] if token.raw.startswith("^") else bare
        token = Token(bare, token.line, token.col + 1, raw)
    return session.module.notation.outcome(token)


def apply_line(session: Session, line: str, lineno: int = 0) -> list[tuple[Any, Any]]:
    """Apply every token of ``line``; all or nothing: on a refusal the session is left
    as it was and LineError says why. Returns the ``(state before, action)`` events the
    line added, the draws the dealer made included."""
    session.deal()
    mark = session.count
    try:
        _apply(session, tokenize(line, lineno), len(line) + 1)
    except LineError:
        session.rewind(mark)
        raise
    return session.all_events[mark:]


def _apply(session: Session, tokens: Sequence[Token], end_col: int) -> None:
    notation = session.module.notation
    index = 0
    while index < len(tokens):
        state = session.state
        token = tokens[index]
        if state.is_over:
            raise LineError(token.col, f"{token.text}: the game is over: no action may follow")
        if state.phase is Phase.CHANCE:
            try:
                session.step(Draw(outcome_of(session, token)), token)
            except Misread as exc:
                raise LineError(token.col, exc.message) from None
            except Fault as exc:
                raise LineError(exc.col, exc.message) from None
            session.deal()
            index += 1
            continue
        index = _decisions(session, notation, tokens, index, end_col)


def _decisions(session: Session, notation: Notation[Any, Any], tokens: Sequence[Token], start: int, end_col: int) -> int:
    """Feed tokens from ``start`` to the game's action reader until it is done or chance
    waits for a typed outcome; the index of the first token not used. A token that
    writes a draw the dealer has made already (a seeded card typed after ``^``) is taken
    as said, when it says what was dealt."""
    reader = notation.read_actions(session, list(tokens[start:]))
    used = start
    while True:
        state = session.state
        if state.phase is Phase.CHANCE:
            return used  # the rest (if any) is an outcome
        try:
            source, action = next(reader)
        except StopIteration:
            return len(tokens)
        except Misread as exc:
            upto = _index(tokens, exc.token) if exc.token is not None else len(tokens) - 1
            _vocabulary(notation, tokens[start : upto + 1])
            col = exc.token.col if exc.token is not None else end_col
            raise LineError(col, exc.message) from None
        parts = [source] if isinstance(source, Token) else [t for t in source.values() if t is not None]
        if state.is_over:
            # The reader took as said the draws the dealer made before the end (the lock
            # gamble that escapes, typed anyway); what it gives now is too much.
            return min(_index(tokens, t) for t in parts)
        last = max(_index(tokens, t) for t in parts)
        try:
            session.step(action, source)
        except Fault as exc:
            _vocabulary(notation, tokens[start : last + 1])
            raise LineError(exc.col, exc.message) from None
        used = max(used, last + 1)
        session.deal()


def _index(tokens: Sequence[Token], token: Token) -> int:
    """Which token of the line ``token`` is or lies in (readers may cut a token in
    parts, as ``7c+6d`` into its power cards), by column."""
    for index in range(len(tokens) - 1, -1, -1):
        if tokens[index].col <= token.col:
            return index
    return 0


def _vocabulary(notation: Notation[Any, Any], tokens: Sequence[Token]) -> None:
    """Before a rule is blamed, the words: ``verify`` checks every token of a record with
    ``check_token`` before it replays, so a word that is not the game's is what it
    reports first. The tokens read as actions up to the fault are checked the same way."""
    for token in tokens:
        problem = notation.check_token("actions", token)
        if problem is not None:
            raise LineError(token.col, problem)


def action_words(session: Session, event: tuple[Any, Any]) -> str:
    """How an event is written: the action's tokens, or the outcome dealt."""
    before, action = event
    if isinstance(action, Draw):
        return session.module.notation.format_outcome(action.outcome)
    return session.module.notation.action_text(before, action)
