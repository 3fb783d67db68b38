"""The referee: replays a record and says what is wrong with it, and where.

It reports every notation error of a record (the reader found them everywhere), every
word the game cannot read, and then walks the moves up to the first rule violation;
past that point the game's state is unknown, so nothing more can be judged. Checkpoint
mismatches are reported and the walk goes on (they assert the state, they do not
change it). The walk is the engine's; the referee is its ``Verdict`` visitor.
"""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Any, Callable, Final, Iterable, Optional, Sequence, final

from notation import Checkpoint, Diagnostic, Move, Record, Token
from notation.tokens import shown

from ..engine import Fault, Visitor, Walk
from ..engine.dealer import Dealer, SeededDealer
from ..engine.record import Split, replay, variation_stops
from ..engine.start_position import first_move_problem, position_start
from ..engine.tags import TagFault, read_setup
from ..kit.core import AnyState, Result
from ..kit.game_module import GameModule, Notation

_VARIATIONS: Final = attrgetter("variations")
_RESULT: Final = r"(win|loss) (-?[0-9]+)"  # compiled at its first use (re's cache), not at start-up


class Verdict(Visitor):
    """What the referee found in one record; a visitor of its walk."""

    def __init__(self, record: Record, diagnostics: Optional[list[Diagnostic]] = None, keep_states: bool = False):
        self.record = record
        self.diagnostics: list[Diagnostic] = diagnostics if diagnostics is not None else []
        self.module: Optional[GameModule[Any, Any]] = None
        self.state: Optional[AnyState] = None  # the state after the last move replayed
        self.states: list[Optional[AnyState]] = []  # after each move, when kept
        self.line_states: dict[int, AnyState] = {}  # after each move of a variation, by its id, when kept
        self.keep_states = keep_states
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

    # -- the visitor -------------------------------------------------------------------

    def begin(self, walk: Walk) -> None:
        self.module = walk.module
        self.state = walk.state
        self.walk = walk

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        self.state = state
        self.moves_replayed += 1
        if self.keep_states:
            self.states.append(state)
        if checkpoint is not None:
            self._checkpoint(state, checkpoint)

    def fault(self, fault: Fault) -> None:
        self.state = self.walk.state
        self.diagnostics.append(Diagnostic(fault.line, fault.col, fault.message))

    def variation(self, move: Move, index: int) -> Optional[Visitor]:
        """Every line of the tree is checked: a variation's faults and checkpoints are
        this record's diagnostics; its states are its own (the Result is the main line's)."""
        return _LineVerdict(self)

    def _checkpoint(self, state: AnyState, checkpoint: Checkpoint) -> None:
        assert self.module is not None
        actual = self.module.notation.checkpoint(state)
        for pair in checkpoint.pairs:
            if pair.key not in actual:
                keys = " ".join(actual)
                self.diagnostics.append(
                    Diagnostic(pair.line, pair.col, f"unknown checkpoint key '{shown(pair.key)}' (keys: {keys})")
                )
            elif actual[pair.key] != pair.value:
                self.diagnostics.append(
                    Diagnostic(
                        pair.line,
                        pair.value_col,
                        f"checkpoint {pair.key}={shown(pair.value)} is wrong: after this move {pair.key}={actual[pair.key]}",
                    )
                )

    def judge_result(self) -> None:
        """The Result tag against the game the moves give."""
        tag = self.record.tag("Result")
        if tag is None:
            return
        m = re.fullmatch(_RESULT, tag.value)
        if m is None:
            self.diagnostics.append(
                Diagnostic(
                    tag.line, tag.value_col, f"Result is 'win S' or 'loss S' with S a whole number, not '{shown(tag.value, 40)}'"
                )
            )
            return
        state = self.state
        assert state is not None
        if not state.is_over:
            self.diagnostics.append(
                Diagnostic(
                    tag.line, tag.value_col, f"Result says {shown(tag.value, 40)}, but the game is not over: {state.unfinished()}"
                )
            )
            return
        actual = state.result()
        digits = m.group(2).lstrip("-")
        # No score has 19 digits, and int() refuses a few thousand: such a Result is wrong.
        stated = Result(m.group(1) == "win", int(m.group(2))) if len(digits) < 19 else None
        if actual != stated:
            said = stated if stated is not None else shown(tag.value, 40)
            self.diagnostics.append(Diagnostic(tag.line, tag.value_col, f"Result says {said}, but the moves give {actual}"))


class _LineVerdict(Visitor):
    """The verdict's eye on a variation (NOTATION.md section 9): what is wrong in it
    goes to the record's diagnostics; the record's result and states stay the main line's."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        if self.verdict.keep_states:
            self.verdict.line_states[id(move)] = state
        if checkpoint is not None:
            self.verdict._checkpoint(state, checkpoint)

    def fault(self, fault: Fault) -> None:
        self.verdict.diagnostics.append(Diagnostic(fault.line, fault.col, fault.message))

    def variation(self, move: Move, index: int) -> Optional[Visitor]:
        return self


@final
class Referee:
    def __init__(self, seed_check: bool = False, keep_states: bool = False):
        self.seed_check = seed_check
        self.keep_states = keep_states
        # (a game's notation, section, token text) found to be a word of the game: every
        # record of a file says the same few hundred words, and each need be looked at once
        self._words: dict[tuple[Notation[Any, Any], str], set[str]] = {}  # (notation, section) -> its words

    def check(self, record: Record, watchers: Sequence[Visitor] = ()) -> Verdict:
        """``watchers``: more visitors of the same walk (a review's transcript, a web page's frames)."""
        verdict = Verdict(record, diagnostics=list(record.errors), keep_states=self.keep_states)
        self._check(record, verdict, watchers)
        verdict.diagnostics.sort(key=Diagnostic.sort_key)
        return verdict

    def _check(self, record: Record, verdict: Verdict, watchers: Sequence[Visitor] = ()) -> None:
        diags = verdict.diagnostics
        try:
            setup, found = read_setup(record, seeded=self.seed_check)
        except TagFault as exc:
            if exc.diagnostic is not None:
                diags.append(exc.diagnostic)
            elif not record.errors:  # the reader's word for it fell past the file's limit of errors
                diags.append(Diagnostic(record.line, 1, "no Game tag could be read: this record cannot be checked"))
            return
        diags.extend(found)
        parts = [move.split() for move in record.moves]  # once, for the words and the walk
        tree = any(map(_VARIATIONS, record.moves))  # in C: a record of one line pays next to nothing
        self._vocabulary(setup.module, record, parts, diags, tree)
        # Replay stops before the first move touched by an error; an error in the tag
        # block (a bad Date, a bad escape in Player) leaves every move to be judged.
        # Without a move, a line after the tags that is in error was meant as one.
        # An error inside a variation stops that variation alone.
        first_move = record.moves[0].line if record.moves else max(t.line for t in record.tags) + 1
        inside, stops = variation_stops(record, (d.line for d in diags if d.line >= first_move)) if tree else (set(), {})
        stop_line = min((d.line for d in diags if d.line >= first_move and d.line not in inside), default=None)
        start: Optional[AnyState] = None
        if record.position is not None:
            start, problems = position_start(record, setup.module, Dealer().start(setup))
            diags.extend(problems)
            first = first_move_problem(record, start) if start is not None else None
            if first is not None:
                diags.append(first)
            if start is None or first is not None:
                return
        # A positioned record is dealt from its position's piles, the Seed aside.
        dealer = SeededDealer(setup.seed) if setup.seed is not None and start is None else Dealer()
        walk = Walk(setup, dealer, [verdict, *watchers], history=False, turns=False, start=start)
        try:
            if replay(walk, record, stop_line, parts, stops):
                verdict.judge_result()
        finally:
            # The walk and its visitors refer to each other (``verdict.walk``): the walk
            # lets go of them, so that a record is freed as soon as its verdict is, not
            # by the cycle collector, which then walked every record's objects (8% of
            # a verify of many records).
            walk.visitors = []

    def _vocabulary(
        self, module: GameModule[Any, Any], record: Record, parts: list[Split], diags: list[Diagnostic], tree: bool = False
    ) -> None:
        check = module.notation.check_token
        # A token the reader already reported (a '1s') is not reported a second time.
        misspelt: dict[int, list[int]] = {}
        for diag in record.errors:
            misspelt.setdefault(diag.line, []).append(diag.col)

        def reported(token: Token) -> bool:
            return any(token.col <= col < token.end_col for col in misspelt.get(token.line, ()))

        words = self._words
        notation = module.notation
        known_deal = words.setdefault((notation, "deal"), set())
        known_dealt = words.setdefault((notation, "dealt"), set())
        known_actions = words.setdefault((notation, "actions"), set())
        if len(known_deal) + len(known_dealt) + len(known_actions) > 50_000:  # a file of ever new words
            for known in (known_deal, known_dealt, known_actions):  # memory stays flat
                known.clear()
        every: Iterable[tuple[Move, Split]] = zip(record.moves, parts)
        if tree:  # the variations' moves too, each after the move it follows
            every = ((move, move.split()) for _, move in record.walk_tree())
        for move, (dealt, colon, actions, _) in every:
            deal = move.is_deal
            if colon is None and not deal and not move.rest:
                continue  # without its ':' a move cannot be split into DEALT and ACTIONS
            # Two loops, not one over the two sections: every move of every record comes here.
            section, known = ("deal", known_deal) if deal else ("dealt", known_dealt)
            for token in dealt:
                if token.text not in known:
                    self._word(check, section, token, known, reported, diags)
            for token in actions:
                if token.text not in known_actions:
                    self._word(check, "actions", token, known_actions, reported, diags)

    @staticmethod
    def _word(
        check: Callable[[str, Token], Optional[str]],
        section: str,
        token: Token,
        known: set[str],
        reported: Callable[[Token], bool],
        diags: list[Diagnostic],
    ) -> None:
        """A word not met before in this section: known from now on, or a diagnostic."""
        problem = check(section, token)
        if problem is None:
            known.add(token.text)
        elif not reported(token):
            diags.append(Diagnostic(token.line, token.col, problem))


def check(record: Record, seed_check: bool = False, keep_states: bool = False) -> Verdict:
    return Referee(seed_check=seed_check, keep_states=keep_states).check(record)
