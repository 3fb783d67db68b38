"""Scoundrel's board as text: what a line of it says."""

from __future__ import annotations

from dungeon_cli.engine import Setup
from dungeon_cli.games.scoundrel.render import render
from dungeon_cli.services.session import Session
from dungeon_cli.shell.line import apply_line


def test_the_weapon_line_states_its_limit():
    """Issue 40 (polish): the weapon line says what it may strike next."""
    for variant, sign in ((None, "<="), ("strict-weapon", "<")):
        session = Session(Setup("scoundrel", variant, seed=7))
        apply_line(session, "2c 3c 7h")
        apply_line(session, "9d xJs")
        assert f"weapon: 9d (struck Js; strikes {sign} 11)" in render(session.state), render(session.state)
