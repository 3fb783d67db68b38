"""The dungeon's map: rooms on a square grid, their doors, and which rooms are joined.

One principle decides every connection (rules page, section 3): a door opens into
whatever lies beyond it. So two neighbouring rooms are joined when either has a door on
the side they share, which is what makes a secret door work without the older room
having a door of its own there.
"""

from __future__ import annotations

from typing import Final, Iterable, Mapping, Optional, final

from ...kit.cards import Card
from ...kit.core import Frozen

Pos = tuple[int, int]

SIDES: Final = "nesw"  # the writing order of doors
STEP: Final = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE: Final = {"n": "s", "s": "n", "e": "w", "w": "e"}
SIDE_NAMES: Final = {"n": "north", "e": "east", "s": "south", "w": "west"}
ENTRANCE_DOORS: Final = frozenset("new")


def beyond(pos: Pos, side: str) -> Pos:
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def side_towards(here: Pos, there: Pos) -> Optional[str]:
    for side in SIDES:
        if beyond(here, side) == there:
            return side
    return None


def door_count(card: Card) -> int:
    """Doors a room card has, the one you come in by included: J 1, Q 2, K 3, joker 1."""
    if card.is_joker:
        return 1
    return {11: 1, 12: 2, 13: 3}[card.rank]


def room_name(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return {11: "jack", 12: "queen", 13: "king"}[card.rank]


def sides_text(sides: Iterable[str]) -> str:
    return "".join(s for s in SIDES if s in sides)


@final
class Monster(Frozen):
    """A standing monster's cards; None where its pile was empty or its armor broke."""

    __match_args__ = ("armor", "health", "attack")

    def __init__(self, armor: Optional[Card], health: Optional[Card], attack: Optional[Card]) -> None:
        self.armor: Final = armor
        self.health: Final = health
        self.attack: Final = attack

    def _fields(self) -> tuple[Optional[Card], Optional[Card], Optional[Card]]:
        return (self.armor, self.health, self.attack)

    def cards(self) -> tuple[Optional[Card], Optional[Card], Optional[Card]]:
        return self._fields()


@final
class Room(Frozen):
    __match_args__ = ("card", "doors", "monster", "cleared", "entrance")

    def __init__(
        self,
        card: Card,
        doors: frozenset[str],
        monster: Optional[Monster] = None,
        cleared: bool = False,  # a monster was slain here (its heart lies face down on the room)
        entrance: bool = False,
    ) -> None:
        self.card: Final = card
        self.doors: Final = doors
        self.monster: Final = monster
        self.cleared: Final = cleared
        self.entrance: Final = entrance

    def _fields(self) -> tuple[Card, frozenset[str], Optional[Monster], bool, bool]:
        return (self.card, self.doors, self.monster, self.cleared, self.entrance)

    @property
    def is_exit(self) -> bool:
        return self.card.is_joker

    def with_monster(self, monster: Optional[Monster], cleared: bool = False) -> "Room":
        """This room with ``monster`` standing in it (and cleared, if ``cleared``)."""
        return Room(self.card, self.doors, monster, cleared or self.cleared, self.entrance)


Grid = Mapping[Pos, Room]


def joined(grid: Grid, here: Pos, side: str) -> bool:
    there = beyond(here, side)
    if there not in grid or here not in grid:
        return False
    return side in grid[here].doors or OPPOSITE[side] in grid[there].doors


def free_doors(grid: Grid, pos: Pos) -> list[str]:
    """Doors of the room at ``pos`` with no room beyond them, in writing order."""
    room = grid[pos]
    return [s for s in SIDES if s in room.doors and beyond(pos, s) not in grid]


def has_free_door(grid: Grid, pos: Pos) -> bool:
    """Whether the room at ``pos`` has a door with no room beyond it: ``free_doors``
    without the list, asked of every room at the end of every turn and by the greedy
    bot's every step, so the playouts of a search spend much of their time here."""
    x, y = pos
    for side in grid[pos].doors:
        dx, dy = STEP[side]
        if (x + dx, y + dy) not in grid:
            return True
    return False


def any_free_door(grid: Grid) -> bool:
    return any(has_free_door(grid, pos) for pos in grid)


def exit_placed(grid: Grid) -> bool:
    return any(room.is_exit for room in grid.values())
