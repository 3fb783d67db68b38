"""What a player at the table knows: the game replayed on a start with no known order.

A seeded game's states carry the whole deal (that is how the dealer knows what comes
next). A bot is handed a ``PlayerView``'s states only (``kit.bot.Seat`` keeps it): the
same events applied to a state started without ``order``, so its piles hold the unseen
cards as an unordered multiset, plus whatever the rules themselves put in a known order
(Scoundrel's run puts the room under the dungeon face down, in an order the player saw). Whatever is
decided from the view is therefore decided from the cards seen so far, and no more.
"""

from __future__ import annotations

from typing import Any, Generic, Mapping, Optional

from .game_module import GameModule, S


class PlayerView(Generic[S]):
    """``start``: a game from a Position (NOTATION.md section 9) is seen from there: what
    its piles hold in an order the player has not seen is their ``secret`` part, which
    a state's ``resample`` deals afresh, so the position itself is the player's view."""

    def __init__(
        self,
        module: GameModule[S, Any],
        variant: Optional[str],
        options: Optional[Mapping[str, Any]] = None,
        start: Optional[S] = None,
    ):
        self.state: S = start if start is not None else module.game.start(variant, options, None)

    def observe(self, action: Any) -> None:
        self.state = self.state.apply(action)
