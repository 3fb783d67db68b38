"""A record as git should diff it: canonical, with the full checkpoint on every move
line (what ``fmt --annotate`` writes), so that both sides of ``git diff`` show the state
each move left, and a diff of spelling alone shows nothing.

Git stops a whole diff when a textconv fails, and a pull request may well hold a broken
record, so this never fails on what a file says: a record that breaks a rule is
annotated up to where it does, with the diagnostic as a comment at its end; a file the
reader cannot make records of is shown as it is, after its diagnostics. Every line is
made printable: this text goes to a terminal.
"""

from __future__ import annotations

import io
from typing import Mapping, Optional

from notation import read, write
from notation.model import printable

from ..formatting import checkpoints_of
from ..referee import Referee


def textconv(data: bytes, source: Optional[str] = None) -> str:
    records = list(read(io.BytesIO(data), source=source))
    errors = [d for r in records for d in r.errors]
    if not records or errors:
        said = [f"# dungeon textconv: {d.line}:{d.col}: {d.severity}: {d.message}" for d in errors]
        if not records:
            said.append("# dungeon textconv: no record in this file")
        text = data.decode("utf-8", "replace")
        return _printable("\n".join(said) + "\n" + text)
    referee = Referee(keep_states=True)
    checkpoints: list[Mapping[int, Mapping[str, str]]] = []
    for record in records:
        verdict = referee.check(record)
        checkpoints.append(checkpoints_of(verdict))
        for d in verdict.diagnostics:
            record.end_comments.append(f"# dungeon textconv: {d.line}:{d.col}: {d.severity}: {d.message}")
    return _printable(write(records, checkpoints))


def _printable(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(printable(line) + "\n" for line in text.splitlines())
