"""The keys of a game's ``Position`` tag (NOTATION.md section 9) and what each means, for
completion and hover inside the tag's value. The keys are the game's own
(``Notation.position_keys``); what each means and how it is spelt is read from the
Positions section of the game's rules page (``dungeon rules GAME --full``), the one copy
of it: a row of its table names one or more keys in backquotes, and its other cells,
under their headings, say the rest. A game with no rules page has what its short rules
(``dungeon rules GAME``) say of positions."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Optional

from ..kit.game_module import GameModule

_HEADING = re.compile(r"^(#+)\s+(.*)$")
_KEY = re.compile(r"`([a-z][a-z0-9_]*)`")


def keys(module: GameModule[Any, Any]) -> tuple[str, ...]:
    return tuple(module.notation.position_keys)


@cache
def _meanings(game: str) -> dict[str, str]:
    from .. import registry

    module = registry.get(game)
    page = module.full_page()
    return table_meanings(page, keys(module)) if page else {}


def table_meanings(page: str, known: tuple[str, ...]) -> dict[str, str]:
    """Each key of ``known`` the Positions section's table of ``page`` describes: its
    other cells, each after its column's heading."""
    found: dict[str, str] = {}
    level = 0
    headings: list[str] = []
    for line in page.splitlines():
        heading = _HEADING.match(line)
        if heading is not None:
            if level and len(heading.group(1)) <= level:
                break  # the section is over
            if not level and heading.group(2).rstrip().endswith("Positions"):
                level = len(heading.group(1))
            continue
        if not level or not line.lstrip().startswith("|"):
            continue
        cells = _cells(line)
        if not cells or set("".join(cells)) <= set("-: "):
            continue  # the rule under the headings
        names = [k for k in _KEY.findall(cells[0]) if k in known]
        if not names:
            if not headings:
                headings = cells
            continue
        parts = [f"{head}: {cell}" if head else cell for head, cell in zip(headings[1:] + [""] * len(cells), cells[1:])]
        for name in names:
            found.setdefault(name, "; ".join(parts))
    return found


def _cells(row: str) -> list[str]:
    """The cells of a Markdown table row: split at each ``|`` outside backquotes and not
    written ``\\|``."""
    cells: list[str] = []
    cell: list[str] = []
    quoted = False
    text = row.strip()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and text[i + 1 : i + 2] == "|":
            cell.append("|")
            i += 2
            continue
        if ch == "`":
            quoted = not quoted
        if ch == "|" and not quoted:
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(ch)
        i += 1
    cells.append("".join(cell).strip())
    return cells[1:-1]


def explain(module: GameModule[Any, Any], key: str) -> str:
    """What ``key`` of ``module``'s positions means, in its rules page's words."""
    game = module.game.name
    if key not in keys(module):
        if not keys(module):
            return f"{game} has no positions: its records start from the deal"
        return f"'{key}' is not a key of a {game} position; its keys: {' '.join(keys(module))}"
    meaning = _meanings(game).get(key)
    if meaning:
        return f"{key}: {meaning} (dungeon rules {game} --full, Positions)"
    said = _short_rules(module.rules_text)
    return f"{key}: a key of a {game} position" + (f"; its short rules (dungeon rules {game}) say: {said}" if said else "")


def _short_rules(text: str) -> str:
    """What a game's short rules say of positions, from the line that begins with
    ``Positions`` to the next blank line, on one line: for a game with no rules page (the
    test suite's toy game)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Positions")), None)
    if start is None:
        return ""
    said: list[str] = []
    for line in lines[start:]:
        if not line.strip():
            break
        said.append(line.strip())
    return " ".join(said)


def short(module: GameModule[Any, Any], key: str, width: int = 80) -> str:
    """The meaning of ``key`` on one line of at most ``width`` characters (a completion's detail)."""
    meaning = _meanings(module.game.name).get(key, "")
    return meaning if len(meaning) <= width else meaning[: width - 1].rstrip() + "…"


def word_at(value: str, offset: int) -> Optional[tuple[int, str]]:
    """The word of ``value`` that character ``offset`` is in: (its start, the word)."""
    for m in re.finditer(r"\S+", value):
        if m.start() <= offset <= m.end():
            return m.start(), m.group()
    return None
