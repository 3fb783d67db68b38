"""The referee: replays a record against its game and says what is wrong, and where.

It reports every notation error of a record (the reader found them everywhere), every
word the game cannot read, and then replays the moves up to the first rule violation;
past that point the game's state is unknown, so nothing more can be judged. Checkpoint
mismatches are reported and replay goes on (they assert the state, they do not change it).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Optional

from notation import Checkpoint, Colon, Diagnostic, Move, Record, Token
from notation.tokens import shown

from . import registry
from .core import Illegal, Phase, Result, State
from .games.base import Cursor, GameModule, Misread, TagProblem

_RESULT = re.compile(r"(win|loss) (-?[0-9]+)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Verdict:
    """What the referee found in one record."""

    def __init__(self, record: Record, diagnostics: Optional[list[Diagnostic]] = None):
        self.record = record
        self.diagnostics: list[Diagnostic] = diagnostics if diagnostics is not None else []
        self.module: Optional[GameModule] = None
        self.state: Optional[State] = None  # the state after the last move replayed
        self.states: list[Optional[State]] = []  # after each move, when kept
        self.moves_replayed = 0

    @property
    def legal(self) -> bool:
        return not self.diagnostics

    @property
    def game(self) -> Optional[str]:
        return self.record.game

    @property
    def result(self) -> Optional[Result]:
        return self.state.result() if self.state is not None else None


class _Stop(Exception):
    """Replay cannot go on."""


def seed_order(module: GameModule, seed: int, variant: Optional[str], options: Mapping[str, Any]) -> dict:
    from .shuffle import deal_piles  # only seeded checks pay for importing random

    return deal_piles(seed, module.game.deck(variant, options))


class Referee:
    def __init__(self, seed_check: bool = False, keep_states: bool = False):
        self.seed_check = seed_check
        self.keep_states = keep_states

    def check(self, record: Record) -> Verdict:
        verdict = Verdict(record, diagnostics=list(record.errors))
        try:
            self._check(record, verdict)
        except _Stop:
            pass
        verdict.diagnostics.sort(key=Diagnostic.sort_key)
        return verdict

    # -- the record as a whole ---------------------------------------------------------

    def _check(self, record: Record, verdict: Verdict) -> None:
        diags = verdict.diagnostics
        game_tag = record.tag("Game")
        if game_tag is None:
            raise _Stop  # the reader has said so
        try:
            module = registry.get(game_tag.value)
        except KeyError:
            # Not the list of games: it grows with every game added, and a message that
            # changes with it would break every record and fixture that quotes it.
            message = f"unknown game '{shown(game_tag.value)}': 'dungeon games' lists the games this tool knows"
            diags.append(Diagnostic(game_tag.line, game_tag.value_col, message))
            raise _Stop from None
        verdict.module = module
        game = module.game
        variant_tag = record.tag("Variant")
        variant = variant_tag.value if variant_tag is not None else None
        if variant_tag is not None:
            try:
                game.check_variant(variant)
            except Illegal as exc:
                diags.append(Diagnostic(variant_tag.line, variant_tag.value_col, exc.message))
                raise _Stop from None
        date = record.tag("Date")
        if date is not None and not _DATE.fullmatch(date.value):
            diags.append(Diagnostic(date.line, date.value_col, f"Date is YYYY-MM-DD, not '{shown(date.value)}'"))
        try:
            options = module.notation.options(record)
        except TagProblem as exc:
            col = exc.tag.value_col if exc.at_value else exc.tag.col
            diags.append(Diagnostic(exc.tag.line, col, exc.message))
            raise _Stop from None
        order = None
        seed_tag = record.tag("Seed")
        if self.seed_check and seed_tag is not None:
            if not (seed_tag.value.isascii() and seed_tag.value.isdigit()):
                diags.append(Diagnostic(seed_tag.line, seed_tag.value_col, f"Seed is a whole number, not '{shown(seed_tag.value)}'"))
                raise _Stop
            try:
                seed = int(seed_tag.value)
            except ValueError:  # Python reads at most a few thousand digits
                message = f"Seed has {len(seed_tag.value)} digits: too long to be read"
                diags.append(Diagnostic(seed_tag.line, seed_tag.value_col, message))
                raise _Stop from None
            order = seed_order(module, seed, variant, options)
        self._vocabulary(module, record, diags)
        # Replay stops before the first move touched by an error; an error in the tag
        # block (a bad Date, a bad escape in Player) leaves every move to be judged.
        # Without a move, a line after the tags that is in error was meant as one.
        first_move = record.moves[0].line if record.moves else max(t.line for t in record.tags) + 1
        stop_line = min((d.line for d in diags if first_move is not None and d.line >= first_move), default=None)
        state = game.start(variant, options, order)
        verdict.state = state
        if self._replay(module, record, verdict, state, stop_line):
            self._check_result(record, verdict)

    def _vocabulary(self, module: GameModule, record: Record, diags: list[Diagnostic]) -> None:
        check = module.notation.check_token
        # A token the reader already reported (a '1s') is not reported a second time.
        misspelt: dict[int, list[int]] = {}
        for diag in record.errors:
            misspelt.setdefault(diag.line, []).append(diag.col)

        def reported(token: Token) -> bool:
            return any(token.col <= col < token.end_col for col in misspelt.get(token.line, ()))

        for move in record.moves:
            dealt, colon, actions, _ = move._split()
            if colon is None and not move.is_deal:
                continue  # without its ':' a move cannot be split into DEALT and ACTIONS
            section = "deal" if move.is_deal else "dealt"
            for token in dealt:
                problem = check(section, token)
                if problem is not None and not reported(token):
                    diags.append(Diagnostic(token.line, token.col, problem))
            for token in actions:
                problem = check("actions", token)
                if problem is not None and not reported(token):
                    diags.append(Diagnostic(token.line, token.col, problem))

    def _check_result(self, record: Record, verdict: Verdict) -> None:
        tag = record.tag("Result")
        if tag is None:
            return
        m = _RESULT.fullmatch(tag.value)
        if m is None:
            verdict.diagnostics.append(
                Diagnostic(tag.line, tag.value_col, f"Result is 'win S' or 'loss S' with S a whole number, not '{shown(tag.value, 40)}'")
            )
            return
        state = verdict.state
        assert state is not None
        if not state.is_over:
            verdict.diagnostics.append(
                Diagnostic(tag.line, tag.value_col, f"Result says {shown(tag.value, 40)}, but the game is not over: {state.unfinished()}")
            )
            return
        actual = state.result()
        digits = m.group(2).lstrip("-")
        # No score has 19 digits, and int() refuses a few thousand: such a Result is wrong.
        stated = Result(m.group(1) == "win", int(m.group(2))) if len(digits) < 19 else None
        if actual != stated:
            said = stated if stated is not None else shown(tag.value, 40)
            verdict.diagnostics.append(
                Diagnostic(tag.line, tag.value_col, f"Result says {said}, but the moves give {actual}")
            )

    # -- move by move ------------------------------------------------------------------

    def _replay(self, module: GameModule, record: Record, verdict: Verdict, state: State, stop_line: Optional[int]) -> bool:
        """Replay every move; True when the record was replayed to its end."""
        notation = module.notation
        cursor = Cursor(state)
        diags = verdict.diagnostics
        for index, move in enumerate(record.moves):
            last_line = max((item.line for item in move.items), default=move.line)
            if stop_line is not None and last_line >= stop_line:
                return False  # a notation error lies ahead: the moves from here cannot be judged
            dealt, colon, actions, checkpoint = move._split()
            try:
                if move.is_deal:
                    self._steps(cursor, notation.read_deal(cursor, dealt), move)
                    if cursor.state.turn == 0 and not cursor.state.is_over:
                        line, col = move.end
                        raise _Fault(line, col, f"the deal is not complete: {_needs(cursor.state)}")
                else:
                    self._move(notation, cursor, move, dealt, colon, actions)
            except _Fault as fault:
                diags.append(Diagnostic(fault.line, fault.col, fault.message))
                verdict.state = cursor.state
                raise _Stop from None
            verdict.state = cursor.state
            verdict.moves_replayed += 1
            if self.keep_states:
                verdict.states.append(cursor.state)
            if checkpoint is not None:
                self._checkpoint(notation, cursor.state, checkpoint, diags)
        # An error after the last move read (a last move line too garbled to be read as
        # one) means the moves may not all be here: the Result cannot be judged.
        return stop_line is None

    def _move(self, notation, cursor: Cursor, move: Move, dealt, colon: Optional[Colon], actions) -> None:
        state = cursor.state
        number = move.number
        if state.is_over:
            raise _Fault(move.line, move.col, f"the game is over: move {number} cannot follow")
        if state.turn == 0:
            raise _Fault(move.line, move.col, f"the setup comes first, on a deal: line: {_needs(state)}")
        self._steps(cursor, notation.read_dealt(cursor, dealt), move, colon)
        state = cursor.state
        if state.phase is Phase.CHANCE and state.turn == number:
            line, col = (colon.line, colon.col) if colon is not None else move.end
            raise _Fault(line, col, f"turn {number} is missing a deal before ':': {state.chance().what}")
        self._steps(cursor, notation.read_actions(cursor, actions), move, colon, number)
        state = cursor.state
        if not state.is_over and state.turn == number:
            line, col = move.end
            raise _Fault(line, col, f"turn {number} is not finished: {state.unfinished()}")

    def _steps(self, cursor: Cursor, steps: Iterable, move: Move, colon: Optional[Colon] = None, number: Optional[int] = None) -> None:
        it = iter(steps)
        while True:
            try:
                source, action = next(it)
            except StopIteration:
                return
            except Misread as exc:
                token = exc.token
                if token is None:
                    line, col = (colon.line, colon.col) if colon is not None else move.end
                else:
                    line, col = token.line, token.col
                raise _Fault(line, col, exc.message) from None
            token = source if isinstance(source, Token) else source[None]
            state = cursor.state
            if number is not None:
                if state.is_over:
                    raise _Fault(token.line, token.col, f"{token.text}: the game is over: no action may follow")
                if state.turn != number:
                    raise _Fault(
                        token.line, token.col, f"{token.text}: turn {number} is already finished: this belongs on the next move"
                    )
            try:
                cursor.state = state.apply(action)
            except Illegal as exc:
                if not isinstance(source, Token):
                    token = source.get(exc.where, token)
                raise _Fault(token.line, token.col, f"{token.text}: {exc.message}") from None

    def _checkpoint(self, notation, state: State, checkpoint: Checkpoint, diags: list[Diagnostic]) -> None:
        actual = notation.checkpoint(state)
        for pair in checkpoint.pairs:
            if pair.key not in actual:
                keys = " ".join(actual)
                diags.append(Diagnostic(pair.line, pair.col, f"unknown checkpoint key '{shown(pair.key)}' (keys: {keys})"))
            elif actual[pair.key] != pair.value:
                diags.append(
                    Diagnostic(
                        pair.line,
                        pair.value_col,
                        f"checkpoint {pair.key}={shown(pair.value)} is wrong: after this move {pair.key}={actual[pair.key]}",
                    )
                )


class _Fault(Exception):
    def __init__(self, line: int, col: int, message: str):
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message


def _needs(state: State) -> str:
    if state.phase is Phase.CHANCE:
        return f"{state.chance().what} is missing"
    return state.unfinished()


def check(record: Record, seed_check: bool = False, keep_states: bool = False) -> Verdict:
    return Referee(seed_check=seed_check, keep_states=keep_states).check(record)
