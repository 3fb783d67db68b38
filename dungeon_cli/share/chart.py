"""The chance of winning across a game, as an inline SVG chart for a review page: one
column per frame of the page (the deal, then each move), each judged decision a step
within its move's column from the best choice's chance before it to the played one's
after it, so a loss is a drop you can see; a marked decision carries its mark. Each
column is a link to its move (the page's own ``#move-N`` fragment), so clicking the
chart steps the board there, with no script of its own.

It knows nothing of games or of analysis: it draws the ``Point``s it is handed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..kit.htmlkit import esc

WIDTH, HEIGHT = 1000, 170
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 16, 20


@dataclass(frozen=True)
class Point:
    frame: int  # the page's frame index of the decision's move
    before: float  # chance of winning before (the best choice's), 0..1
    after: float  # the played choice's, after
    mark: str  # "", "!", "?!", "?", "??"
    label: str  # what a reader is told about it (a tooltip and an accessible name)
    unlucky: bool = False


_MARK_CLASS = {"!": "o", "?!": "i", "?": "m", "??": "b"}


def chart(points: Sequence[Point], frames: Sequence[tuple[str, str]], caption: str) -> str:
    """The chart; ``frames``: each frame's link fragment and label, in order."""
    n = max(1, len(frames))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top = max([p.before for p in points] + [p.after for p in points] + [0.0])
    ceiling = max(10, math.ceil(100 * top / 10) * 10)  # percent at the top: the chart fits the game
    colw = plot_w / n

    def y(rate: float) -> float:
        return TOP + plot_h * (1 - min(100 * rate, ceiling) / ceiling)

    out = [
        f'<figure class="chart"><figcaption>{esc(caption)}</figcaption>'
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{esc(caption)}">'
    ]
    for share in (0, 0.5, 1):
        gy = TOP + plot_h * (1 - share)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{gy:.1f}" y2="{gy:.1f}"/>')
        out.append(f'<text class="ax" x="{LEFT - 4}" y="{gy + 4:.1f}">{ceiling * share:g}%</text>')
    for i, (fragment, label) in enumerate(frames):
        x = LEFT + i * colw
        out.append(
            f'<a href="#{esc(fragment)}" data-i="{i}" aria-label="{esc(label)}"><rect class="col" x="{x:.1f}" y="{TOP}" '
            f'width="{colw:.1f}" height="{plot_h}"><title>{esc(label)}</title></rect></a>'
        )
    by_frame: dict[int, list[Point]] = {}
    for p in points:
        by_frame.setdefault(p.frame, []).append(p)
    line: list[str] = []
    dots: list[str] = []
    for frame, here in sorted(by_frame.items()):
        step = colw / (len(here) + 1)
        half = min(step / 3, 6)
        for k, p in enumerate(here, start=1):
            x = LEFT + frame * colw + k * step
            line.append(f"{x - half:.1f},{y(p.before):.1f} {x + half:.1f},{y(p.after):.1f}")
            if p.mark or p.unlucky:
                kind = _MARK_CLASS.get(p.mark, "u")
                ax, ay = x + half, y(p.after)
                text = f'<text class="mt" x="{ax:.1f}" y="{max(ay - 7, 10):.1f}">{esc(p.mark)}</text>' if p.mark else ""
                dots.append(
                    f'<a href="#{esc(frames[frame][0])}" data-i="{frame}" class="pt {kind}" aria-label="{esc(p.label)}">'
                    f'<circle cx="{ax:.1f}" cy="{ay:.1f}" r="5"><title>{esc(p.label)}</title></circle>{text}</a>'
                )
    if line:
        out.append(f'<polyline class="ln" points="{" ".join(line)}"/>')
    out.extend(dots)
    out.append("</svg></figure>")
    return "".join(out)
