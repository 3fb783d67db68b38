"""A record's tags read into a ``Setup``, each problem placed on its tag.

``Game`` names the game, ``Variant`` its variant, the game's own rule tags its options
(``Notation.options``), ``Seed`` the seed (read only when the deal is to be checked
against it, or dealt on from: otherwise it is information). ``Date`` is checked here
too, though it changes nothing.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from notation import Diagnostic, Record
from notation.tokens import shown

from .. import registry
from ..kit.game_module import TagProblem
from .setup import Setup, SetupError

_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"  # compiled at its first use (re's cache), not at start-up


def _a_day(value: str) -> bool:
    """``YYYY-MM-DD`` names a day that exists (Gregorian, as ISO 8601: 2024-02-29 does,
    2026-02-31, 2026-13-01 and 2026-00-10 do not; year 0000 is none)."""
    year, month, day = int(value[:4]), int(value[5:7]), int(value[8:])
    if year < 1 or not 1 <= month <= 12:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    return 1 <= day <= days


class TagFault(Exception):
    """The tags cannot make a setup; ``diagnostic`` says where and why (None: the
    reader has said it already, as for a missing Game tag)."""

    def __init__(self, diagnostic: Optional[Diagnostic]):
        super().__init__(diagnostic.message if diagnostic else "no Game tag")
        self.diagnostic = diagnostic


def read_setup(record: Record, seeded: bool = False) -> tuple[Setup, list[Diagnostic]]:
    """The record's setup and the problems that do not stop replay (a bad Date);
    TagFault for one that does. ``seeded``: the Seed tag is read into the setup."""
    found: list[Diagnostic] = []
    game_tag = record.tag("Game")
    if game_tag is None:
        raise TagFault(None)
    if not registry.known(game_tag.value):
        # Not the list of games: it grows with every game added, and a message that
        # changes with it would break every record and fixture that quotes it.
        message = f"unknown game '{shown(game_tag.value)}': 'dungeon games' lists the games this tool knows"
        raise TagFault(Diagnostic(game_tag.line, game_tag.value_col, message))
    module = registry.get(game_tag.value)
    variant_tag = record.tag("Variant")
    variant = variant_tag.value if variant_tag is not None else None
    date = record.tag("Date")
    if date is not None and not re.fullmatch(_DATE, date.value):
        found.append(Diagnostic(date.line, date.value_col, f"Date is YYYY-MM-DD, not '{shown(date.value)}'"))
    elif date is not None and not _a_day(date.value):
        found.append(Diagnostic(date.line, date.value_col, f"Date {date.value} is no day of the calendar"))
    if variant is not None and variant not in module.game.variants:
        try:
            Setup(game_tag.value, variant)  # its message
        except SetupError as exc:
            assert variant_tag is not None
            raise TagFault(Diagnostic(variant_tag.line, variant_tag.value_col, exc.message)) from None
    try:
        options = module.notation.options(record)
    except TagProblem as exc:
        col = exc.tag.value_col if exc.at_value else exc.tag.col
        raise TagFault(Diagnostic(exc.tag.line, col, exc.message)) from None
    seed: Optional[int] = None
    seed_tag = record.tag("Seed")
    if seeded and seed_tag is not None:
        if not (seed_tag.value.isascii() and seed_tag.value.isdigit()):
            raise TagFault(
                Diagnostic(seed_tag.line, seed_tag.value_col, f"Seed is a whole number, not '{shown(seed_tag.value)}'")
            )
        try:
            seed = int(seed_tag.value)
        except ValueError:  # Python reads at most a few thousand digits
            message = f"Seed has {len(seed_tag.value)} digits: too long to be read"
            raise TagFault(Diagnostic(seed_tag.line, seed_tag.value_col, message)) from None
    return Setup(game_tag.value, variant, options, seed), found


def rule_options(game: str, tags: "list[tuple[str, str]]", base: Optional[str] = None) -> dict[str, Any]:
    """The options a game's own rule tags set, for a command that is handed them on its
    command line (``play --cards FILE`` is ``[Cards "FILE"]``), read by the game's notation
    as a record holding them would be, a record in directory ``base`` (a file a value
    names is looked up from there). SetupError (field "options") when a value is wrong,
    or when the game has no such tag (its options do not change)."""
    import os

    from notation import Tag

    module = registry.get(game)
    if not tags:
        return module.notation.options(Record(tags=[Tag("Game", game)]))
    source = os.path.join(base, "(command line)") if base is not None else None
    record = Record(tags=[Tag("Game", game)] + [Tag(name, value) for name, value in tags], source=source)
    try:
        options = module.notation.options(record)
    except TagProblem as exc:
        raise SetupError(exc.message, "options") from None
    if options == module.notation.options(Record(tags=[Tag("Game", game)])):
        names = " ".join(name for name, _ in tags)
        raise SetupError(f"{game} is not played with a {names} tag", "options")
    return options
