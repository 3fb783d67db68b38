"""The engine: one walk of a game, whatever drives it.

``Setup`` says what game is played; a ``Dealer`` answers chance; a ``Walk`` applies the
steps a source hands it (``record.replay`` for a record, ``shell.line`` for typed
input, ``Walk.run`` for a bot) and tells its ``Visitor``s. docs/architecture.md draws
it.
"""

from ..kit.core import known_steps
from .dealer import Dealer, SeededDealer, dealer_for
from .setup import Setup, SetupError
from .told import Told, wrapped
from .visitor import Visitor
from .walk import MAX_EVENTS, Fault, Runaway, Walk

__all__ = [
    "Dealer",
    "Fault",
    "MAX_EVENTS",
    "Runaway",
    "SeededDealer",
    "Setup",
    "SetupError",
    "Told",
    "Visitor",
    "Walk",
    "dealer_for",
    "known_steps",
    "wrapped",
]
