"""What a tag means and the values it takes, in the words of the notation's contract
(NOTATION.md, section 2): for hover and completion in a tag line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ..services.referee import Verdict

from notation import Record

MEANINGS = {
    "Game": "The game this record is of; required, the first tag. 'dungeon games' lists them.",
    "Variant": "A named rule variant of the game ('dungeon games' lists each game's variants).",
    "Seed": "The seed 'dungeon play --seed' dealt from; informational unless verify is asked to check it (--seed-check).",
    "Date": "The day the game was played, YYYY-MM-DD.",
    "Player": "Who played.",
    "Result": "'win S' or 'loss S', S the game's own score; when present it must equal what the moves give.",
    "Decks": "RPG solitaire's rule tag: the decks the dungeon is built from (see 'dungeon rules rpg-solitaire').",
    "Position": "The whole state the record starts from instead of the deal, in key=value words of the game's own keys "
    "(its rules page lists them: 'dungeon rules GAME --full'); the moves go on from it, numbered from its turn.",
    "Cards": "Cassette Dungeons' rule tag: the card set the game is played with, a file beside the record or in the project's card-sets.",
}


def meaning(name: str) -> str:
    return MEANINGS.get(name, "Not a tag of the notation: kept and ignored.")


def values(name: str, record: Optional[Record], verdict: Optional[Verdict]) -> list[tuple[str, str]]:
    """(value, what it means) for a tag's value."""
    from .. import registry

    if name == "Game":
        return [(m.game.name, m.game.title) for m in registry.modules()]
    game = record.game if record is not None else None
    if name == "Variant" and game is not None and registry.known(game):
        return list(registry.get(game).game.variants.items())
    if name == "Result" and verdict is not None and verdict.state is not None and verdict.state.is_over:
        return [(str(verdict.result), "what the moves give")]
    if name == "Date":
        import datetime

        return [(datetime.date.today().isoformat(), "today")]
    return []
