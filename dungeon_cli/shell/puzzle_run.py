"""``dungeon puzzles`` over records as they come: each judged by the referee, the puzzles
of the legal ones made (``mistakes.puzzles``) and kept for the one file written, the
problems of the others kept for standard error (a ``Spool``), and the closing line that
says what was made, or, when nothing was, why and what to run first."""

from __future__ import annotations

import shlex
from collections import Counter
from typing import TYPE_CHECKING, Iterator, Optional

from notation import NO_RECORD

from ..kit.terminal_text import safe

if TYPE_CHECKING:
    from notation import Record


class PuzzleRun:
    """The puzzles made from the records added, ``texts`` a puzzle's record each."""

    def __init__(self) -> None:
        from ..services.referee import Referee
        from ..services.summary_table import Spool

        self.referee = Referee()
        self.problems = Spool()
        self.skipped: Counter[str] = Counter()  # decisions that made no puzzle, by why
        self.texts: list[str] = []
        self.records = 0  # the legal ones

    def add(self, name: str, record: Optional[Record]) -> None:
        """One record of the files (None: a file that holds none)."""
        from ..services.summary_table import unreadable
        from .mistakes import puzzles

        if record is None:
            self.problems.add(unreadable(name, 1, NO_RECORD).problem())
            return
        verdict = self.referee.check(record)
        if not verdict.legal:
            d = verdict.diagnostics[0]
            self.problems.add(f"{safe(name)}:{d.line}:{d.col}: {d.severity}: {d.message}")
            return
        self.records += 1
        self.texts.extend(puzzles(record, self.skipped))

    def problem_lines(self) -> Iterator[str]:
        for problem in self.problems:
            yield f"does not verify: {problem}"

    def closing(self, output: str, given: tuple[str, ...]) -> str:
        """What was written to ``output``, or why nothing was; a file of records none of
        which is analysed (the usual first try: games just played) names the command
        that analyses ``given``, the files as typed."""
        from ..plumbing.invoked import command
        from .mistakes import NOT_ANALYSED

        why = "; ".join(f"{n} {reason}" for reason, n in sorted(self.skipped.items()))
        left_out = f" (left out: {why})" if why else ""
        records = self.records
        if self.texts:
            shown = "standard output" if output == "-" else safe(output)
            return f"{shown}: {len(self.texts)} puzzle(s) from {records} record(s){left_out}"
        if records and self.skipped[NOT_ANALYSED] == records:
            first = f"{command()} analyse {' '.join(shlex.quote(f) for f in given)} -o analysed.dgn"
            then = f"{command()} puzzles analysed.dgn -o {shlex.quote(output)}"
            return (
                f"no puzzle from {records} record(s): none is analysed{left_out}; "
                f"puzzles come from analysed records: {safe(first)}, then {safe(then)}"
            )
        return f"no puzzle from {records} record(s){left_out}: nothing written"

    @property
    def status(self) -> int:
        """1 when a record does not verify (the others are used), else 0."""
        return 1 if self.problems.count else 0
