"""An analysis written back into its record, so that what was judged once is read
again without judging (``stats``, ``puzzles``, a second ``analyse`` that replaces it):
the noted decisions as comments, the game's accuracy as a tag, the better lines as
variations.
"""

from __future__ import annotations

import random
from typing import Any, cast

from notation import Move, Record, Tag

from .. import bots
from ..kit.bot import Bot
from ..services import move_classes as classes
from ..services.move_classes import MoveClass
from .judgements import Analysis, Judgement


def noted(j: Judgement) -> bool:
    """Whether a decision is written into the record as a comment: it has a mark (an
    only move, an inaccuracy, a mistake, a blunder) or was unlucky."""
    return bool(j.mark) or j.unlucky


def comment(j: Judgement) -> str:
    """One decision's judgement as a DGN comment's text (``classes.read_comment`` reads it)."""
    parts = []
    if j.best is not None and j.played is not None:
        measure = "win" if j.best.word is None else j.best.word  # fair treasure 23.1 -> 20.4: an expected score
        parts.append(f"fair {measure} {j.best.figure()} -> {j.played.figure()}")
        if j.best.choice != j.played.choice and j.best.rate > j.played.rate:
            parts.append(f"(better {j.best.choice} {j.best.figure()})")
    if j.before is not None and j.after is not None:
        parts.append(f"hindsight {j.before.text()} -> {j.after.text()}")
    return classes.write_note(classes.Note(j.action, j.cls, unlucky=j.unlucky), " ".join(parts))


FALLS = (MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)


def annotate(analysis: Analysis, lines: bool = True) -> Record:
    """The record with each noted decision's judgement as a comment on its move line
    (at the line's end, or above the move when the line has a comment already), and the
    game's accuracy as its ``Accuracy`` tag (replacing one an earlier analysis wrote).
    ``lines``: each inaccuracy, mistake and blunder's better choice also written as a
    variation of its move, with the rest of that turn (``lines.better_line``).
    A record analysed again keeps one judgement per decision: an earlier analysis's
    comments (those ``classes.read_comment`` reads) and variations on the moves judged
    now are dropped; every other comment and variation is kept."""
    from .lines import better_line, written_by_analysis

    by_line: dict[int, list[str]] = {}
    variations: dict[int, list[Move]] = {}
    strong: Any = None
    rng = random.Random(f"analyse/{analysis.seed}/lines")
    for j in analysis.judgements:
        by_line.setdefault(j.line, [])
        if noted(j):
            by_line[j.line].append(comment(j))
        if lines and j.cls in FALLS and j.best is not None and j.played is not None and j.best.choice != j.played.choice:
            if strong is None:
                strong = _strong(analysis)
            line = better_line(analysis, j, strong, rng)
            if line is not None:
                variations.setdefault(j.line, []).append(line)
    accuracy = analysis.accuracy
    if accuracy is not None:
        _set_tag(analysis.record, classes.ACCURACY_TAG, classes.accuracy_text(accuracy))
    for move in analysis.record.moves:
        notes = by_line.get(move.line)
        if notes is None:
            continue
        _drop_notes(move)
        move.variations = [v for v in move.variations if not written_by_analysis(v)]
        move.variations.extend([line] for line in variations.get(move.line, ()))
        if not notes:
            continue
        text = "# " + "; ".join(notes)
        items, trailing = move.segments[-1]
        if trailing is None:
            move.segments[-1] = (items, text)
        else:
            move.comments.append(text)
    return analysis.record


def _strong(analysis: Analysis) -> Any:
    """The game's strong player, begun on the analysed game (None: it has none)."""
    module = analysis.verdict.module
    assert module is not None
    strong = bots.strong(module.game.name)
    if strong is not None:
        setup = analysis.verdict.walk.setup
        cast(Bot[Any], strong).begin(module, setup.variant, setup.options, module.game.start(setup.variant, setup.options, None))
    return strong


def _drop_notes(move: Move) -> None:
    """Take an earlier analysis's comments off a move."""
    move.comments = [c for c in move.comments if not classes.read_comment(c)]
    move.segments = [(items, None if t is not None and classes.read_comment(t) else t) for items, t in move.segments]


def _set_tag(record: Record, name: str, value: str) -> None:
    """Set a tag's value, or add it after the others."""
    tag = record.tag(name)
    if tag is not None:
        tag.value = value
    else:
        record.tags.append(Tag(name, value))
