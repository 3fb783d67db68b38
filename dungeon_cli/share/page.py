"""A file of records as one web page that needs nothing but itself: its style, script,
suits and dice are inline, and its Content-Security-Policy lets it load nothing at all
(no network, no font, no image), so a page shared by mail shows the same everywhere and
cannot call home.

The script and the style are allowed by their SHA-256 hashes rather than by
'unsafe-inline': even if an escaping mistake let a record's text into the page as
markup, a script there would not run.
"""

from __future__ import annotations

import base64
import hashlib
import os
from importlib import resources
from typing import Callable, NamedTuple, Optional, Sequence

from notation import Move, Record
from notation.writer import move_lines

from ..kit.htmlkit import SYMBOLS, Defs, esc
from ..kit.web_board import board
from .frames import Frame, Replayed


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def move_dgn(move: Move) -> str:
    """The move as DGN, canonical, without its comments (they are shown under it)."""
    bare = Move(move.number, [(items, None) for items, _ in move.segments if items] or [([], None)])
    return " ".join(line.strip() for line in move_lines(bare))


def move_notes(move: Move) -> list[str]:
    """The move's comments, the lines above it first, without their ``#``."""
    notes = list(move.comments) + [comment for _, comment in move.segments if comment]
    return [n.lstrip("#").strip() for n in notes if n.lstrip("#").strip()]


def _label(frame: Frame) -> str:
    if frame.number == 0:
        return "deal" if frame.move is not None else "start"
    return f"move {frame.number}"


class Shown(NamedTuple):
    """A board on the page: its frame, the fragment's key (``3``; ``3.2.4``: move 4 of
    the second variation of move 3), its label, and the boards before and after it on its
    own line, the one a variation is tried instead of (``back``) and the main line's one
    it hangs from (``root``), as indices of the game's boards (None: there is none)."""

    frame: Frame
    key: str
    label: str
    prev: Optional[int]
    next: Optional[int]
    back: Optional[int]
    root: int


class Boards:
    """Every board of a game: the main line's first, in order (index ``i`` is frame
    ``i``, as a review's chart counts them), then each variation's, line by line;
    ``starts``: by a board's index, the first board of each variation of its move;
    ``ends``: by a variation's first board, how that line ends."""

    def __init__(self, rp: Replayed):
        self.rp = rp
        self.boards: list[Shown] = []
        self.starts: dict[int, list[int]] = {}
        self.ends: dict[int, str] = {}
        self.unplayed: dict[int, list[str]] = {}  # by a board's index: its move's variations that stopped at once
        main = rp.frames
        for i, frame in enumerate(main):
            label = "position" if i == 0 and frame.move is None and rp.record.position is not None else _label(frame)
            after = i + 1 if i + 1 < len(main) else None
            self.boards.append(Shown(frame, str(frame.number), label, i - 1 if i else None, after, None, i))
        if rp.lines:
            for i in range(len(main)):
                self._lines_of(i)

    def _lines_of(self, at: int) -> None:
        """The variations of board ``at``'s move, each line's boards together, then theirs."""
        boards = self.boards
        parent = boards[at]
        move = parent.frame.move
        if move is None:
            return
        for number, (moves, line) in enumerate(zip(move.variations, self.rp.lines.get(id(move), [])), start=1):
            if not line:  # stopped at its first move: listed without a board, the diagnostics say why
                name = f"variation {number} of {parent.label.replace(', ', ' in ', 1)}"
                self.unplayed.setdefault(at, []).append(
                    f'<ol class="var" aria-label="{esc(name)}"><li class="no"><code>{esc(move_dgn(moves[0]))}</code>'
                    "<p>replay stopped here</p></li></ol>"
                )
                continue
            first = len(boards)
            self.starts.setdefault(at, []).append(first)
            for j, frame in enumerate(line):
                label = f"move {frame.number}, variation {number} of {parent.label.replace(', ', ' in ', 1)}"
                after = first + j + 1 if j + 1 < len(line) else None
                before = parent.prev if j == 0 else first + j - 1
                boards.append(Shown(frame, f"{parent.key}.{number}.{frame.number}", label, before, after, at, parent.root))
            state = line[-1].state
            if len(line) < len(moves):
                self.ends[first] = f"replay stopped at {move_dgn(moves[len(line)])}"
            else:
                self.ends[first] = f"result: {state.result()}" if state.is_over else f"unfinished: {state.unfinished()}"
            for j in range(len(line)):
                self._lines_of(first + j)


def _frame(rp: Replayed, shown: Shown, index: int, defs: Defs) -> str:
    frame = shown.frame
    head = f"<code>{esc(move_dgn(frame.move))}</code>" if frame.move is not None else esc(shown.label)
    cp = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in frame.checkpoint.items())
    links = "".join(
        f' data-{name}="{value}"'
        for name, value in (("prev", shown.prev), ("next", shown.next), ("back", shown.back))
        if value is not None
    )
    line = f'<p class="in">{esc(_line_name(shown))}</p>' if shown.back is not None else ""
    return (
        f'<section class="frame" data-move="{esc(shown.key)}" data-label="{esc(shown.label)}"'
        f' data-root="{shown.root}"{links}{" hidden" if index else ""}>'
        f"{line}<h3>{head}</h3>{_told(frame)}{board(rp.module, frame.state, defs)}"
        f'<dl class="cp" aria-label="checkpoint">{cp}</dl></section>'
    )


def _told(frame: Frame) -> str:
    """What the move's turn did, in words, above the board it led to."""
    return f'<p class="told">{esc(frame.told)}</p>' if frame.told else ""


def _line_name(shown: Shown) -> str:
    """``variation 2 of move 3``: the line a variation's board is on."""
    return shown.label.split(", ", 1)[1]


def _move_item(boards: Boards, index: int, prefix: str, under: dict[int, str]) -> str:
    """A move of the list, and under it the list of each of its variations."""
    shown = boards.boards[index]
    frame = shown.frame
    text = move_dgn(frame.move) if frame.move is not None else shown.label
    notes = "".join(f"<p>{esc(n)}</p>" for n in (move_notes(frame.move) if frame.move is not None else []))
    lines = ""
    for first in boards.starts.get(index, []):
        items: list[str] = []
        at: Optional[int] = first
        while at is not None:
            items.append(_move_item(boards, at, prefix, under))
            at = boards.boards[at].next
        name = esc(_line_name(boards.boards[first]))
        lines += f'<ol class="var" aria-label="{name}">{"".join(items)}<li class="end">{esc(boards.ends[first])}</li></ol>'
    lines += "".join(boards.unplayed.get(index, []))
    href = esc(f"{prefix}move-{shown.key}")
    return f'<li><a href="#{href}" data-i="{index}"><code>{esc(text)}</code></a>{under.get(index, "")}{notes}{lines}</li>'


def _unplayed(rp: Replayed) -> str:
    """The moves past a fault, listed without a board: the first is where replay stopped."""
    shown = {id(f.move) for f in rp.frames if f.move is not None}
    last = max((f.move.line for f in rp.frames if f.move is not None), default=0)
    rest = [m for m in rp.record.moves if id(m) not in shown and m.line > last]
    if rp.verdict.legal or not rest:
        return ""
    out = []
    for index, move in enumerate(rest):
        note = "replay stopped here" if index == 0 else "not replayed"
        out.append(f'<li class="no"><code>{esc(move_dgn(move))}</code><p>{note}</p></li>')
    return "".join(out)


def _title(record: Record, rp: Replayed) -> str:
    game = rp.module.game.title if rp.module is not None else (record.game or "a record with no game")
    return game


def _ending(rp: Replayed, name: str) -> str:
    verdict = rp.verdict
    if not verdict.legal:
        lines = [f"{name}:{d.line}:{d.col}: {d.severity}: {d.message}" for d in verdict.diagnostics]
        return f'<div class="pane fault" role="alert">{esc(chr(10).join(lines))}</div>'
    state = verdict.state
    if state is None:
        return ""
    text = f"result: {state.result()}" if state.is_over else f"unfinished: {state.unfinished()}"
    return f'<p class="st">{esc(text)}</p>'


# A review page's addition to one game (``review_page.py``): given the record as walked and
# its fragments' prefix, the markup above the moves and, by frame index, under a move.
Review = Callable[[Replayed, str], tuple[str, dict[int, str]]]


def _game(rp: Replayed, number: int, many: bool, name: str, defs: Defs, review: Optional[Review] = None) -> str:
    record = rp.record
    tags = "".join(
        f"<div><dt>{esc(t.name)}</dt><dd>{_tag_value(t.name, t.value)}</dd></div>" for t in record.tags if t.name != "Game"
    )
    prefix = f"game-{number}-" if many else ""
    frames = rp.frames if rp.module is not None else []
    above, under = review(rp, prefix) if review is not None and frames else ("", {})
    boards = Boards(rp) if frames else None
    every = boards.boards if boards is not None else []
    sections = "".join(_frame(rp, b, i, defs) for i, b in enumerate(every))
    items = "".join(_move_item(boards, i, prefix, under) for i in range(len(frames))) if boards is not None else ""
    items += _unplayed(rp)
    last = max(0, len(frames) - 1)
    back = (
        '<button type="button" data-go="main" aria-label="back to the main line" title="back to the main line (Escape)"'
        ' hidden><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M7 2v4h7v4H7v4L1 8z"/></svg> main line</button>'
        if len(every) > len(frames)
        else ""
    )
    controls = (
        '<div class="ctl" role="group" aria-label="step through the moves">'
        '<button type="button" data-go="first" aria-label="first move" title="first (Home)"><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 2h2v12H3zM14 2v12L6 8z"/></svg></button>'
        '<button type="button" data-go="prev" aria-label="previous move" title="previous (left arrow)"><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M12 2v12L4 8z"/></svg></button>'
        '<button type="button" data-go="next" aria-label="next move" title="next (right arrow)"><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2v12l8-6z"/></svg></button>'
        '<button type="button" data-go="last" aria-label="last move" title="last (End)"><svg viewBox="0 0 16 16" aria-hidden="true"><path d="M11 2h2v12h-2zM2 2v12l8-6z"/></svg></button>'
        f'{back}<input type="range" min="0" max="{last}" value="0" aria-label="move">'
        f'<output aria-live="polite">{esc(every[0].label) if every else "no moves"}</output></div>'
    )
    return (
        f'<article class="game" id="game-{number}" data-game="{number}"{" hidden" if many and number > 1 else ""}>'
        f'<h2>{esc(_title(record, rp))}</h2><dl class="tags">{tags}</dl>{above}{controls}'
        f'<div class="main"><div class="pane">{sections or "<p>no board: the record cannot be replayed</p>"}</div>'
        f'<ol class="pane moves" aria-label="moves">{items}</ol></div>{_ending(rp, name)}</article>'
    )


def _tag_value(name: str, value: str) -> str:
    """A tag's value; a Position's (every pile's cards: hundreds of characters) folded
    under the turn it starts at, the board showing it."""
    if name != "Position":
        return esc(value)
    turn = next((word for word in value.split() if word.startswith("turn=")), "the position")
    return f"<details><summary>{esc(turn)} (the record starts here)</summary>{esc(value)}</details>"


def page(records: Sequence[Record], name: str) -> str:
    """The page for the records of the file ``name``."""
    return build(records, name)[0]


# A page draws a board for every move, about 10 KB of memory and 4 KB of page each: a
# 5.3 MB file of records made a 310 MB page in 1.2 GB. A page shows this many moves at
# most (a few dozen games); a larger file is refused before it is drawn.
MAX_MOVES = 2_000


def page_moves(record: Record) -> int:
    """The boards a record draws on a page: one for every move of its tree, its
    variations' too."""
    if not any(move.variations for move in record.moves):
        return len(record.moves)
    return sum(1 for _ in record.walk_tree())


def build(
    records: Sequence[Record], name: str, review: Optional[Review] = None, kind: str = "replay"
) -> tuple[str, list[Replayed]]:
    """The page, and each record as it was walked (its verdict says what is wrong).
    ``review``: what ``analyse --html`` adds to each game (``kind``: "review")."""
    replays = [Replayed(r) for r in records]
    many = len(replays) > 1
    style, script = _asset("page.css"), _asset("page.js")
    csp = f"default-src 'none'; style-src {_hash(style)}; script-src {_hash(script)}"
    defs = Defs()
    games = "".join(_game(rp, i, many, name, defs, review) for i, rp in enumerate(replays, start=1))
    listing = ""
    if many:
        entries = []
        for i, rp in enumerate(replays, start=1):
            bits = [_title(rp.record, rp)]
            for tag in ("Player", "Seed", "Result"):
                value = rp.record.tag_value(tag)
                if value:
                    bits.append(f"{tag.lower()} {value}")
            if not rp.verdict.legal:
                bits.append("not legal")
            entries.append(f'<li><a href="#game-{i}-move-0">{esc(", ".join(bits))}</a></li>')
        listing = f'<nav aria-label="games"><ol class="list">{"".join(entries)}</ol></nav>'
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<meta name="color-scheme" content="light dark">'
        f"<title>{esc(os.path.basename(name))}: a dungeon {esc(kind)}</title><style>{style}</style></head><body>{SYMBOLS}{defs.svg()}"
        f"<header><h1>{esc(os.path.basename(name))}</h1>{listing}</header>{games}<script>{script}</script></body></html>\n"
    ), replays
