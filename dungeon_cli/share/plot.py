"""A simulation as a picture: the win rate with its 95% interval, and how the scores
fell, losses and wins apart (a score means something else in each).

Written as SVG text by hand rather than through matplotlib: the picture is two bar
charts and a whisker, matplotlib would add tens of megabytes (and numpy) to an install
that has four small dependencies, and text written here is the same bytes for the same
run on every machine, so the pictures in docs/simulation.md are checked by a test that
makes them again and compares.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from ..plumbing.report import JsonObject

from ..kit.htmlkit import esc
from ..services.sim_summary import percent

WIDTH, HEIGHT = 640, 360
INK, MUTE, GRID = "#1d1b18", "#6b665d", "#d8d3c8"
LOSS, WIN, RATE = "#c0262d", "#2e8540", "#2f6db3"


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _ticks(axis: float) -> int:
    """How many steps divide an axis from ``_nice`` into round numbers."""
    mantissa = axis / 10 ** math.floor(math.log10(axis))
    return {1: 5, 2: 4, 2.5: 5, 5: 5}.get(round(mantissa, 3), 4)


def _nice(top: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten at or above ``top``."""
    if top <= 0:
        return 1.0
    power: float = 10 ** math.floor(math.log10(top))  # an int from 1 up
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= top:
            return step * power
    return 10 * power


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", fill: str = INK, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{weight}>{esc(text)}</text>'


def _rate_panel(wins: int, games: int, low: float, high: float, top: int) -> list[str]:
    rate = wins / games if games else 0.0
    left, right = 110, WIDTH - 30
    axis = min(1.0, _nice(max(high * 1.2, 0.01)))
    scale = (right - left) / axis
    y = top + 26
    out = [_text(20, y + 5, "win rate", 13, bold=True)]
    steps = _ticks(axis)
    for i in range(steps + 1):
        value = axis * i / steps
        x = left + value * scale
        out.append(f'<line x1="{_num(x)}" y1="{y - 12}" x2="{_num(x)}" y2="{y + 12}" stroke="{GRID}"/>')
        out.append(_text(x, y + 27, f"{100 * value:.2f}".rstrip("0").rstrip(".") + "%", 10, "middle", MUTE))
    out.append(f'<rect x="{left}" y="{y - 7}" width="{_num(rate * scale)}" height="14" fill="{RATE}" opacity="0.35"/>')
    x0, x1, xm = left + low * scale, left + high * scale, left + rate * scale
    out.append(f'<line x1="{_num(x0)}" y1="{y}" x2="{_num(x1)}" y2="{y}" stroke="{INK}" stroke-width="2"/>')
    for x in (x0, x1):
        out.append(f'<line x1="{_num(x)}" y1="{y - 6}" x2="{_num(x)}" y2="{y + 6}" stroke="{INK}" stroke-width="2"/>')
    out.append(f'<circle cx="{_num(xm)}" cy="{y}" r="4.5" fill="{RATE}" stroke="{INK}"/>')
    words = f"{percent(rate)} ({wins:,} of {games:,}); 95% interval {percent(low)} to {percent(high)} (Wilson)"
    out.append(_text(left, y + 44, words, 12))
    return out


def _bins(values: dict[int, int], most_bins: int = 24) -> list[tuple[int, int, int]]:
    """(first score, last score, games) per bar: one score a bar when few, else equal bins."""
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / most_bins))
    out = []
    for start in range(low, high + 1, step):
        end = min(start + step - 1, high)
        out.append((start, end, sum(values.get(v, 0) for v in range(start, end + 1))))
    return out


def _score_panel(label: str, colour: str, values: dict[int, int], x: float, width: float, top: int, height: int) -> list[str]:
    """One group's bars on its own scale (wins are often a few in a hundred: on the
    losses' scale they would not show), the scale written beside it."""
    total = sum(values.values())
    out = [_text(x, top - 8, f"{label}: {total:,} games", 12, bold=True)]
    base = top + height
    tallest = max((c for _, _, c in _bins(values)), default=0) if values else 0
    most = int(_nice(tallest)) if tallest >= 1 else 1
    if values:
        steps = _ticks(most) if most >= 4 else most
        for i in range(steps + 1):
            y = base - height * i / steps
            out.append(f'<line x1="{_num(x)}" y1="{_num(y)}" x2="{_num(x + width)}" y2="{_num(y)}" stroke="{GRID}"/>')
            out.append(_text(x - 5, y + 4, f"{most * i / steps:,.0f}", 10, "end", MUTE))
    out.append(f'<line x1="{_num(x)}" y1="{base}" x2="{_num(x + width)}" y2="{base}" stroke="{MUTE}"/>')
    if not values:
        out.append(_text(x + width / 2, top + height / 2, "none", 12, "middle", MUTE))
        return out
    bars = _bins(values)
    slot = min(width / len(bars), 40)  # one score alone is a bar, not a wall
    every = max(1, math.ceil(len(bars) / 8))
    for i, (start, end, count) in enumerate(bars):
        h = height * count / most if most else 0
        bx = x + i * slot
        if count:
            out.append(
                f'<rect x="{_num(bx + 1)}" y="{_num(base - max(h, 1))}" width="{_num(max(slot - 2, 1))}" '
                f'height="{_num(max(h, 1))}" fill="{colour}"><title>{start if start == end else f"{start} to {end}"}: {count:,} games</title></rect>'
            )
        if i % every == 0:
            out.append(_text(bx + slot / 2, base + 14, str(start), 10, "middle", MUTE))
    return out


def sim_svg(title: str, summary: JsonObject, scores: dict[tuple[bool, int], int], subtitle: Optional[str] = None) -> str:
    """The picture of one run: ``summary`` as ``OutcomeTally.summary()`` gives it, ``scores``
    as ``OutcomeTally.scores`` counts them ((won, score) -> games)."""
    games, wins = summary["games"], summary["wins"]
    losses = {s: n for (won, s), n in scores.items() if not won}
    won = {s: n for (won, s), n in scores.items() if won}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-labelledby="t">',
        f'<title id="t">{esc(title)}: win rate {percent(summary["win_rate"])}, '
        f"95% interval {percent(summary['ci_low'])} to {percent(summary['ci_high'])}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        _text(20, 28, title, 15, bold=True),
    ]
    if subtitle:
        parts.append(_text(20, 46, subtitle, 11, fill=MUTE))
    parts += _rate_panel(wins, games, summary["ci_low"], summary["ci_high"], 60)
    top, height = 190, 140
    parts.append(_text(20, top - 36, "scores: games that ended on each", 13, bold=True))
    left, gap = 58, 56
    panel = (WIDTH - 20 - left - gap) / 2
    parts += _score_panel("losses", LOSS, losses, left, panel, top, height)
    parts += _score_panel("wins", WIN, won, left + panel + gap, panel, top, height)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


SERIES = ("#2f6db3", "#c0262d", "#2e8540", "#8a5a00", "#6b3fa0", "#1d1b18")  # a player's colour, in turn


def trend_svg(title: str, rows: list[dict[str, Any]]) -> str:
    """A player's games over time: per month (x), the win rate with its 95% interval (a
    solid line, whiskers) and the mean accuracy of the analysed games (dashed), both in
    percent (y); one colour a player. ``rows`` as ``dungeon stats --by player --by
    month`` tabulates them; a month of "-" (no Date tag) is left out."""
    months = sorted({row["month"] for row in rows if row["month"] != "-"})
    players = list(dict.fromkeys(row["player"] for row in rows))
    left, right, top, bottom = 58, WIDTH - 20, 70, HEIGHT - 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-labelledby="t">',
        f'<title id="t">{esc(title)}: win rate (solid) and accuracy (dashed) by month</title>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        _text(20, 28, title, 15, bold=True),
        _text(20, 46, "win rate with its 95% interval (solid), mean accuracy of the analysed games (dashed)", 11, fill=MUTE),
    ]
    for i in range(5):
        y = bottom - (bottom - top) * i / 4
        parts.append(f'<line x1="{left}" y1="{_num(y)}" x2="{right}" y2="{_num(y)}" stroke="{GRID}"/>')
        parts.append(_text(left - 6, y + 4, f"{25 * i}%", 10, "end", MUTE))
    if not months:
        parts.append(_text((left + right) / 2, (top + bottom) / 2, "no game with a Date", 12, "middle", MUTE))
        parts.append("</svg>")
        return "\n".join(parts) + "\n"
    step = (right - left) / max(1, len(months) - 1) if len(months) > 1 else 0
    x_of = {m: (left + i * step if len(months) > 1 else (left + right) / 2) for i, m in enumerate(months)}
    every = max(1, math.ceil(len(months) / 8))
    for i, m in enumerate(months):
        if i % every == 0:
            parts.append(_text(x_of[m], bottom + 16, m, 10, "middle", MUTE))

    def y_of(rate: float) -> float:
        return bottom - (bottom - top) * rate

    by_player: dict[Any, list[dict[str, Any]]] = {player: [] for player in players}
    for row in rows:  # once: a scan of every row for each player was quadratic (20,000 players: 337 s)
        if row["month"] in x_of:
            by_player[row["player"]].append(row)
    for n, player in enumerate(players):
        colour = SERIES[n % len(SERIES)]
        mine = sorted(by_player[player], key=lambda r: r["month"])
        if not mine:
            continue
        rate = " ".join(f"{_num(x_of[r['month']])},{_num(y_of(r['win rate']))}" for r in mine)
        parts.append(f'<polyline points="{rate}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for r in mine:
            x = x_of[r["month"]]
            parts.append(
                f'<line x1="{_num(x)}" y1="{_num(y_of(r["ci low"]))}" x2="{_num(x)}" y2="{_num(y_of(r["ci high"]))}" '
                f'stroke="{colour}" opacity="0.5"/>'
            )
            parts.append(
                f'<circle cx="{_num(x)}" cy="{_num(y_of(r["win rate"]))}" r="3.5" fill="{colour}">'
                f"<title>{esc(player)} {esc(r['month'])}: {percent(r['win rate'])} of {r['games']:,} games</title></circle>"
            )
        accurate = [r for r in mine if r.get("accuracy") is not None]
        if accurate:
            line = " ".join(f"{_num(x_of[r['month']])},{_num(y_of(r['accuracy'] / 100))}" for r in accurate)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="5 4"/>')
        parts.append(_text(left + 10 + 150 * n, HEIGHT - 18, player, 11, fill=colour, bold=True))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
