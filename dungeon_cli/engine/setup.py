"""What a game is before its first card: one value, validated once, where the user's
options are read (the command line, a record's tags, a test).

Everything below the command line takes a ``Setup`` instead of loose game, variant,
options and seed arguments, so a check on any of them (an unknown game, a variant the
game does not have, a negative seed) is made in this one place and nowhere else.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Optional

from .. import registry
from ..kit.game_module import GameModule

_NO_OPTIONS: Mapping[str, Any] = MappingProxyType({})


class SetupError(ValueError):
    """The setup cannot be: ``message`` says why, in a player's words; ``field`` names
    what was wrong ("game", "variant", "seed", "options") so a caller can point at it."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message = message
        self.field = field


class Setup:
    """The game, its variant, the options its rule tags set (a number of decks, a card
    set) and the seed it is dealt from (None: chance is typed, read, or handed in)."""

    __slots__ = ("game", "variant", "options", "seed", "module")

    game: str
    variant: Optional[str]
    options: Mapping[str, Any]
    seed: Optional[int]
    module: GameModule[Any, Any]

    def __init__(
        self,
        game: str,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        seed: Optional[int] = None,
    ):
        try:
            module = registry.get(game)
        except KeyError:
            named = game if len(game) <= 24 else game[:21] + "..."
            raise SetupError(f"unknown game '{named}': 'dungeon games' lists the games this tool knows", "game") from None
        rules = module.game
        if variant is not None and variant not in rules.variants:
            known = ", ".join(sorted(rules.variants)) or "none"
            named = variant if len(variant) <= 24 else variant[:21] + "..."  # a 60 KB tag stays out of the message
            raise SetupError(f"{rules.name} has no variant '{named}' (variants: {known})", "variant")
        if seed is not None and seed < 0:
            raise SetupError("a seed is a whole number, 0 or more", "seed")
        set_ = object.__setattr__
        set_(self, "game", game)
        set_(self, "variant", variant)
        set_(self, "options", MappingProxyType(dict(options)) if options else _NO_OPTIONS)
        set_(self, "seed", seed)
        set_(self, "module", module)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Setup does not change: make another with replace()")

    def replace(self, **changes: Any) -> "Setup":
        """The same setup with some fields changed (validated again)."""
        fields: dict[str, Any] = {"game": self.game, "variant": self.variant, "options": self.options, "seed": self.seed}
        fields.update(changes)
        return Setup(**fields)

    def _key(self) -> tuple[str, Optional[str], tuple[tuple[str, Any], ...], Optional[int]]:
        return (self.game, self.variant, tuple(sorted(self.options.items(), key=lambda kv: kv[0])), self.seed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Setup) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.game, self.variant, self.seed))

    def __repr__(self) -> str:
        return f"Setup(game={self.game!r}, variant={self.variant!r}, options={dict(self.options)!r}, seed={self.seed!r})"

    def __reduce__(self) -> tuple[type[Setup], tuple[str, Optional[str], dict[str, Any], Optional[int]]]:
        # Sent to worker processes as its fields: the module is looked up again there.
        return (Setup, (self.game, self.variant, dict(self.options), self.seed))
