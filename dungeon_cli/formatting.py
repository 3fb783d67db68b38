"""What ``dungeon fmt`` writes, apart from the command: a file's records in canonical
DGN (``fmt --annotate``: with the full checkpoint after every move), or why not. Only a
file the referee finds wholly legal is rewritten, so fmt never rewrites what it did not
understand. ``textconv``, the fuzz run and the tests use it as fmt does."""

from __future__ import annotations

from typing import Mapping

from notation import read, write

from .referee import Referee, Verdict


def format_bytes(data: bytes, annotate: bool = False, source: str | None = None):
    """(canonical text, []) or (None, diagnostics) for the contents of a file."""
    import io

    from notation import Diagnostic

    records = list(read(io.BytesIO(data), source=source))
    if not records:
        return None, [Diagnostic(1, 1, 'no record in this file: a record starts with [Game "..."]')]
    referee = Referee(keep_states=annotate)
    problems: list = []
    checkpoints: list = []
    for record in records:
        verdict = referee.check(record)
        problems.extend(verdict.diagnostics)
        if annotate and verdict.legal:
            checkpoints.append(checkpoints_of(verdict))
    if problems:
        return None, problems
    return write(records, checkpoints if annotate else None), []


def checkpoints_of(verdict: Verdict) -> dict[int, Mapping[str, str]]:
    """Move index -> the full checkpoint after it, for every move a verdict kept the
    state of (``Referee(keep_states=True)``); the deal line is setup and gets none."""
    if verdict.module is None:
        return {}
    checkpoint = verdict.module.notation.checkpoint
    moves = verdict.record.moves
    return {i: checkpoint(state) for i, state in enumerate(verdict.states) if state is not None and not moves[i].is_deal}
