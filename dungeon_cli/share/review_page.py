"""The review page ``analyse --html`` writes: the replay page (``page.py``) with each
game's analysis on it: the chance of winning drawn across the game above the moves
(``chart.py``), and beside each marked move its class, its figures and the better
choice. The record shown is the record as the player wrote it; the judgements come
from the ``Analysis`` of that same record object.
"""

from __future__ import annotations

from typing import Sequence

from notation import Record

from ..analysis import Analysis, Fair, Judgement, noted, percent
from ..kit.htmlkit import esc
from .chart import Point, chart
from .frames import Replayed
from .page import build

_KIND = {"!": "o", "?!": "i", "?": "m", "??": "b"}


def review_page(analyses: Sequence[Analysis], name: str) -> tuple[str, list[Replayed]]:
    """The page for the analysed records of the file ``name``."""
    by_record = {id(found.record): found for found in analyses}

    def review(rp: Replayed, prefix: str) -> tuple[str, dict[int, str]]:
        found = by_record.get(id(rp.record))
        if found is None:
            return "", {}
        return _chart(found, rp, prefix), _notes(found, rp)

    records: list[Record] = [found.record for found in analyses]
    return build(records, name, review, kind="review")


def _frame_of(rp: Replayed) -> dict[int, int]:
    """Each move number's frame index on the page."""
    return {f.number: i for i, f in enumerate(rp.frames) if f.move is not None or f.number == 0}


def _label(j: Judgement) -> str:
    words = [f"move {j.move} {j.action}:"]
    if j.cls is not None:
        words.append(f"{j.mark} {j.cls.value}".strip() + ",")
    if j.best is not None and j.played is not None:
        measure = "chance" if j.best.word is None else j.best.word  # RPG solitaire: its expected treasure
        words.append(f"fair {measure} {_figure(j.best)} -> {_figure(j.played)}")
        if _better(j):
            words.append(f"(better {j.best.choice} {_figure(j.best)})")
    if j.unlucky:
        words.append("unlucky: a win reachable with the deal known was lost here")
    return " ".join(words).rstrip(",:")


def _figure(fair: Fair) -> str:
    """A chance of winning (``40%``), or an expected score (``23.1``) in a game played for it."""
    return percent(fair.rate) if fair.word is None else fair.figure()


def _better(j: Judgement) -> bool:
    return j.best is not None and j.played is not None and j.best.choice != j.played.choice and j.best.rate > j.played.rate


def _chart(found: Analysis, rp: Replayed, prefix: str) -> str:
    frame_of = _frame_of(rp)
    points = [
        Point(frame_of[j.move], j.best.rate, j.played.rate, j.mark, _label(j), j.unlucky)
        for j in found.judgements
        if j.best is not None and j.played is not None and j.move in frame_of
    ]
    frames = [(f"{prefix}move-{f.number}", "deal" if f.number == 0 else f"move {f.number}") for f in rp.frames]
    accuracy = found.accuracy
    if points:
        word = next((j.best.word for j in found.judgements if j.best is not None and j.best.word), None)
        caption = "chance of winning from the cards seen, before and after each decision"
        if word is not None:  # a game played for its score: each point is the share of the best choice's
            caption = f"expected {word} from the cards seen, as a share of the best choice's, before and after each decision"
        caption += f"; accuracy {accuracy:.1f}%" if accuracy is not None else ""
    else:
        caption = "no decision judged from the cards seen" + (f": {found.fair_note}" if found.fair_note else "")
    return chart(points, frames, caption)


def _notes(found: Analysis, rp: Replayed) -> dict[int, str]:
    """Beside each noted move: its mark, class, figures and the better choice."""
    frame_of = _frame_of(rp)
    under: dict[int, list[str]] = {}
    for j in found.judgements:
        if not noted(j) or j.move not in frame_of:
            continue
        mark = f'<b class="mk {_KIND[j.mark]}">{esc(j.mark)}</b> ' if j.mark else ""
        words = [j.cls.value if j.cls is not None else "", "unlucky" if j.unlucky else "", j.action]
        text = " ".join(w for w in words if w)
        if j.best is not None and j.played is not None:
            text += f": {_figure(j.best)} \u2192 {_figure(j.played)}"
        better = ""
        if j.best is not None and _better(j):
            better = f'<span class="bt">better {esc(j.best.choice)} {esc(_figure(j.best))}</span>'
        under.setdefault(frame_of[j.move], []).append(f'<p class="rv">{mark}{esc(text)}{better}</p>')
    return {i: "".join(parts) for i, parts in under.items()}
