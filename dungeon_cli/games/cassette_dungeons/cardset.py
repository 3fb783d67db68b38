"""A Cassette Dungeons! card set as values, and the checks that turn a parsed TOML
document into one.

The printed cards' contents are not public, so every number the rules use comes from a
card set (dungeon_cli/games/cassette_dungeons/card-sets.md). ``build`` is pure: it takes the dictionary ``tomllib``
made and returns the set, or every problem found, each with the key path where it lies
(the loader turns key paths into lines and columns). Nothing stops at the first problem.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from notation.tokens import canonical_token

from .tomlpos import Path

DICE = ("w", "x", "y", "z")  # the four dice, by the names records give them
KEYWORDS = frozenset(DICE) | {"out"}
FACES = range(1, 7)
_ID = re.compile(r"[a-z][a-z0-9]*")

# effect word -> does it take a number
PENALTIES = {"hurt": True, "monster": False, "trap": False}
USES = {"heal": True, "bump": True, "strike": False, "slay": False, "ward": False}
TRAP_EFFECTS = {"hurt": True, "raise": True, "monster": False}
# What a hero's skill, an item or a treasure does, one line each (N: its number)
USE_WORDS = {
    "heal": "gain N health (never above the maximum)",
    "bump": "a die rolled this turn and not placed yet shows N more (at most 6)",
    "strike": "one empty enemy slot counts as filled",
    "slay": "every empty slot of one monster, not a boss, is filled",
    "ward": "no health is lost to penalties for the rest of this Suffer step, or through the next",
}
REVEALS = ("monster", "trap", "boss")


class _Loaded:
    """The base of a card set's values: pickled and copied through ``__init__`` (a bot's
    copy of a seat, a process pool). Compiled by mypyc, a dataclass's ``__new__`` runs
    ``__init__``, and its fields are then set one by one, which a frozen one refuses;
    pickle's default does both. (Made once a game, they stay dataclasses: the methods a
    dataclass is given stay interpreted when compiled, and none of them is on a hot path.)"""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]  # a base of dataclasses alone
        return type(self), tuple(getattr(self, f.name) for f in fields)


# A table of the document as the TOML reader gave it: untrusted, checked key by key.
Table = dict[str, Any]
# key -> the Python type its value must have
Kinds = dict[str, type]


@dataclass(frozen=True)
class Effect(_Loaded):
    """What a slot's penalty, an item, a trap or a hero slot does: ``hurt 2``, ``slay``."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.amount else self.kind

    def explained(self) -> str:
        """The effect with what it does, for a hero's completion: ``slay (every ...)``."""
        words = USE_WORDS.get(self.kind)
        return f"{self} ({words.replace('N', str(self.amount))})" if words else str(self)

    @property
    def target(self) -> Optional[str]:
        """What the effect must be aimed at: a die, an enemy slot, a monster, or nothing."""
        return {"bump": "die", "strike": "slot", "slay": "monster"}.get(self.kind)


@dataclass(frozen=True)
class Slot(_Loaded):
    """A die slot: the least face it takes, and its effect (an enemy's penalty while it
    is empty, a hero's skill when a die is placed in it)."""

    min: int
    effect: Effect


@dataclass(frozen=True)
class Monster(_Loaded):
    id: str
    name: str
    slots: tuple[Slot, ...]
    item: Effect


@dataclass(frozen=True)
class Boss(_Loaded):
    """One side of a boss card."""

    id: str
    name: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Treasure(_Loaded):
    id: str
    name: str
    effect: Effect


@dataclass(frozen=True)
class Trap(_Loaded):
    id: str
    name: str
    effect: Effect


@dataclass(frozen=True)
class Hero(_Loaded):
    id: str
    name: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Room(_Loaded):
    number: int
    reveal: tuple[str, ...] = ()  # "monster", "trap", "boss", in the order revealed
    treasure: int = 0
    health: int = 0
    exits: tuple[int, ...] = ()


@dataclass(frozen=True)
class MapSide(_Loaded):
    id: str
    name: str
    start: int
    boss: int
    rooms: dict[int, Room] = field(hash=False)  # number -> Room


@dataclass(eq=False)
class CardSet(_Loaded):
    name: str
    health: int
    hand: int
    monsters: dict[str, Monster]  # id -> Monster, in file order
    treasures: dict[str, Treasure]
    traps: dict[str, Trap]
    bosses: tuple[tuple[Boss, Boss], ...]  # (front Boss, back Boss) per card
    maps: tuple[tuple[MapSide, MapSide], ...]  # (front MapSide, back MapSide) per card
    heroes: dict[str, Hero]

    def __post_init__(self) -> None:
        self.boss_sides = {side.id: side for card in self.bosses for side in card}
        self.map_sides = {side.id: side for card in self.maps for side in card}
        # a dual-sided card is known by its front's id; each side names its card
        both: tuple[tuple[Boss, Boss] | tuple[MapSide, MapSide], ...] = self.bosses + self.maps
        self.card_of = {side.id: card[0].id for card in both for side in card}

    def faces(self, pile: str) -> list[str]:
        """Every face a pile's cards can show, in file order (the seeded shuffle's input)."""
        if pile == "maps":
            return [side.id for card in self.maps for side in card]
        if pile == "bosses":
            return [side.id for card in self.bosses for side in card]
        return list(self.pile_cards(pile))

    def pile_cards(self, pile: str) -> Mapping[str, Monster | Treasure | Trap]:
        piles: dict[str, Mapping[str, Monster | Treasure | Trap]] = {
            "monsters": self.monsters,
            "treasures": self.treasures,
            "traps": self.traps,
        }
        return piles[pile]

    def card_key(self, face: str) -> str:
        """The physical card a face belongs to (itself for one-sided cards)."""
        return self.card_of.get(face, face)

    def sides(self, key: str) -> tuple[str, ...]:
        both: tuple[tuple[Boss, Boss] | tuple[MapSide, MapSide], ...] = self.bosses + self.maps
        for card in both:
            if card[0].id == key:
                return (card[0].id, card[1].id)
        return (key,)

    def enemy(self, face: str) -> Monster | Boss:
        """The monster or boss side ``face`` names (KeyError if it names neither)."""
        found: Optional[Monster | Boss] = self.monsters.get(face) or self.boss_sides.get(face)
        if found is None:
            raise KeyError(face)
        return found

    def use_effect(self, card: str) -> Effect:
        if card in self.monsters:
            return self.monsters[card].item
        return self.treasures[card].effect


@dataclass(frozen=True)
class Problem:
    path: Path
    message: str


def key_text(path: Path) -> str:
    """``monster[3].slots[1].min``: array positions counted from 1, as a player counts."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + part
    return out


# -- building a set from a parsed document --------------------------------------------------


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, path: Path, message: str) -> None:
        self.problems.append(Problem(tuple(path), message))

    def table(self, value: Any, path: Path, required: Kinds, optional: Kinds) -> Optional[Table]:
        """A table's known keys, type-checked; unknown and missing keys are problems."""
        if not isinstance(value, dict):
            self.bad(path, f"must be a table, not {_kind(value)}")
            return None
        out: Table = {}
        for key in value:
            if key not in required and key not in optional:
                known = ", ".join(list(required) + list(optional))
                self.bad(path + (key,), f"unknown key '{key}' (keys here: {known})")
        for key, kind in {**required, **optional}.items():
            if key not in value:
                if key in required:
                    self.bad(path, f"'{key}' is missing")
                continue
            item = value[key]
            if kind is int and (isinstance(item, bool) or not isinstance(item, int)):
                self.bad(path + (key,), f"must be a whole number, not {_kind(item)}")
            elif kind is not int and not isinstance(item, kind):
                self.bad(path + (key,), f"must be {_kind_name(kind)}, not {_kind(item)}")
            elif isinstance(item, str) and not item.isprintable():
                # a name is shown by replay, play and the editor's hover: a line end, an
                # escape or a bidi control would be drawn raw there, or forge what follows
                odd = next(ch for ch in item if not ch.isprintable())
                self.bad(
                    path + (key,),
                    f"holds a control or format character (U+{ord(odd):04X}): names and texts are one printable line",
                )
            else:
                out[key] = item
        return out

    def number(self, table: Table, key: str, path: Path, low: int, high: int, default: int) -> int:
        value: int = table.get(key, default)
        if not low <= value <= high:
            self.bad(path + (key,), f"must be {low} to {high}, not {value}")
            return default
        return value

    def ident(self, value: str, path: Path, seen: dict[str, Path]) -> str:
        problem = id_problem(value)
        if problem:
            self.bad(path, problem)
        elif value in seen:
            self.bad(path, f"id '{value}' is used twice (first at {key_text(seen[value])})")
        else:
            seen[value] = path
        return value

    def effect(self, text: str, path: Path, words: dict[str, bool], what: str) -> Effect:
        parts = text.split()
        known = ", ".join(f"'{w} N'" if n else f"'{w}'" for w, n in words.items())
        if not parts or parts[0] not in words:
            self.bad(path, f"'{text}' is not {what}: write one of {known}")
            return Effect("hurt", 0)
        word, needs = parts[0], words[parts[0]]
        if needs:
            number = parts[1] if len(parts) == 2 else ""
            if not (number.isascii() and number.isdigit() and len(number) <= 4) or not 1 <= int(number) <= 20:
                self.bad(path, f"'{text}': {word} takes a number from 1 to 20, like '{word} 2'")
                return Effect(word, 1)
            return Effect(word, int(parts[1]))
        if len(parts) != 1:
            self.bad(path, f"'{text}': {word} takes no number")
        return Effect(word)

    def slots(self, value: Any, path: Path, words: dict[str, bool], key: str, what: str) -> tuple[Slot, ...]:
        if not isinstance(value, list) or not value:
            self.bad(path, "must be a list of one or more slots, like [{ min = 3, " + key + ' = "..." }]')
            return ()
        if len(value) > 6:
            self.bad(path, f"a card has at most 6 slots, not {len(value)}")
        out = []
        for i, item in enumerate(value):
            p = path + (i,)
            t = self.table(item, p, {"min": int, key: str}, {})
            if t is None or "min" not in t or key not in t:
                continue
            low = self.number(t, "min", p, 1, 6, 1)
            out.append(Slot(low, self.effect(t[key], p + (key,), words, what)))
        return tuple(out)

    def card_list(self, doc: Table, key: str) -> list[Any]:
        value = doc.get(key, [])
        if not isinstance(value, list):
            self.bad((key,), f"must be an array of tables, written [[{key}]]")
            return []
        return value


PENALTY_TEXT = "a penalty"
USE_TEXT = "an item effect"


def build(doc: Table, name: str = "") -> tuple[Optional[CardSet], list[Problem]]:
    """The card set a parsed document describes, or None and every problem in it."""
    c = _Checker()
    seen: dict[str, Path] = {}
    top_keys = {"set", "monster", "treasure", "trap", "boss", "map", "hero"}
    for key in doc:
        if key not in top_keys:
            c.bad((key,), f"unknown section '{key}' (sections: {', '.join(sorted(top_keys))})")
    head = c.table(doc.get("set", {}), ("set",), {}, {"name": str, "health": int, "hand": int}) or {}
    set_name = head.get("name", name)
    health = c.number(head, "health", ("set",), 1, 99, 11)
    hand = c.number(head, "hand", ("set",), 1, 20, 4)

    monsters = {}
    for i, raw in enumerate(c.card_list(doc, "monster")):
        p = ("monster", i)
        t = c.table(raw, p, {"id": str, "slots": list, "item": str}, {"name": str, "text": str})
        if t is None:
            continue
        ident = c.ident(t["id"], p + ("id",), seen) if "id" in t else f"?{i}"
        slots = c.slots(t.get("slots"), p + ("slots",), PENALTIES, "penalty", PENALTY_TEXT) if "slots" in t else ()
        item = c.effect(t["item"], p + ("item",), USES, USE_TEXT) if "item" in t else Effect("heal", 1)
        monsters[ident] = Monster(ident, t.get("name", ident), slots, item)

    treasures = {}
    for i, raw in enumerate(c.card_list(doc, "treasure")):
        p = ("treasure", i)
        t = c.table(raw, p, {"id": str, "effect": str}, {"name": str, "text": str})
        if t is None:
            continue
        ident = c.ident(t["id"], p + ("id",), seen) if "id" in t else f"?{i}"
        effect = c.effect(t["effect"], p + ("effect",), USES, USE_TEXT) if "effect" in t else Effect("heal", 1)
        treasures[ident] = Treasure(ident, t.get("name", ident), effect)

    traps = {}
    for i, raw in enumerate(c.card_list(doc, "trap")):
        p = ("trap", i)
        t = c.table(raw, p, {"id": str, "effect": str}, {"name": str, "text": str})
        if t is None:
            continue
        ident = c.ident(t["id"], p + ("id",), seen) if "id" in t else f"?{i}"
        effect = c.effect(t["effect"], p + ("effect",), TRAP_EFFECTS, "a trap effect") if "effect" in t else Effect("hurt", 1)
        traps[ident] = Trap(ident, t.get("name", ident), effect)

    bosses: list[tuple[Boss, Boss]] = []
    for i, raw in enumerate(c.card_list(doc, "boss")):
        p = ("boss", i)
        t = c.table(raw, p, {"front": dict, "back": dict}, {})
        if t is None or "front" not in t or "back" not in t:
            continue
        sides: list[Boss] = []
        for side in ("front", "back"):
            q = p + (side,)
            s = c.table(t[side], q, {"id": str, "slots": list}, {"name": str, "text": str})
            if s is None:
                continue
            ident = c.ident(s["id"], q + ("id",), seen) if "id" in s else f"?{i}{side}"
            slots = c.slots(s.get("slots"), q + ("slots",), PENALTIES, "penalty", PENALTY_TEXT) if "slots" in s else ()
            sides.append(Boss(ident, s.get("name", ident), slots))
        if len(sides) == 2:
            bosses.append((sides[0], sides[1]))

    maps: list[tuple[MapSide, MapSide]] = []
    for i, raw in enumerate(c.card_list(doc, "map")):
        p = ("map", i)
        t = c.table(raw, p, {"front": dict, "back": dict}, {})
        if t is None or "front" not in t or "back" not in t:
            continue
        faces = [_map_side(c, t[side], p + (side,), seen) for side in ("front", "back")]
        map_sides = [s for s in faces if s is not None]
        if len(map_sides) == 2:
            maps.append((map_sides[0], map_sides[1]))

    heroes = {}
    for i, raw in enumerate(c.card_list(doc, "hero")):
        p = ("hero", i)
        t = c.table(raw, p, {"id": str, "slots": list}, {"name": str, "skill": str})
        if t is None:
            continue
        ident = c.ident(t["id"], p + ("id",), seen) if "id" in t else f"?{i}"
        slots = c.slots(t.get("slots"), p + ("slots",), USES, "effect", "a hero skill") if "slots" in t else ()
        heroes[ident] = Hero(ident, t.get("name", ident), slots)

    for key, cards in (("monster", monsters), ("map", maps), ("hero", heroes)):
        if not cards:
            c.bad((), f"a set needs at least one [[{key}]]")
    _check_supply(c, doc, maps, bosses, treasures, traps, monsters)
    if c.problems:
        return None, c.problems
    card_set = CardSet(set_name, health, hand, monsters, treasures, traps, tuple(bosses), tuple(maps), heroes)
    return card_set, []


def _map_side(c: _Checker, raw: Any, path: Path, seen: dict[str, Path]) -> Optional[MapSide]:
    t = c.table(raw, path, {"id": str, "start": int, "boss": int, "rooms": list}, {"name": str})
    if t is None or not {"id", "start", "boss", "rooms"} <= set(t):
        return None
    ident = c.ident(t["id"], path + ("id",), seen)
    rooms: dict[int, Room] = {}
    for i, item in enumerate(t["rooms"]):
        p = path + ("rooms", i)
        r = c.table(item, p, {"room": int}, {"reveal": list, "treasure": int, "health": int, "exits": list})
        if r is None or "room" not in r:
            continue
        number = c.number(r, "room", p, 1, 99, 1)
        if number in rooms:
            c.bad(p + ("room",), f"room {number} is described twice")
            continue
        reveal = []
        for j, kind in enumerate(r.get("reveal", [])):
            if kind not in REVEALS:
                c.bad(p + ("reveal", j), f"a room reveals 'monster', 'trap' or 'boss', not {kind!r}")
            else:
                reveal.append(kind)
        exits = []
        for j, ex in enumerate(r.get("exits", [])):
            if isinstance(ex, bool) or not isinstance(ex, int):
                c.bad(p + ("exits", j), f"an exit is a room number, not {_kind(ex)}")
            else:
                exits.append(ex)
        if len(exits) > 2:
            c.bad(p + ("exits",), f"a room has at most two exits (the map's two paths), not {len(exits)}")
        if len(set(exits)) != len(exits):
            c.bad(p + ("exits",), "the same exit is listed twice")
        rooms[number] = Room(
            number, tuple(reveal), c.number(r, "treasure", p, 0, 4, 0), c.number(r, "health", p, 0, 20, 0), tuple(exits)
        )
    side = MapSide(ident, t.get("name", ident), t["start"], t["boss"], rooms)
    _check_map(c, side, path)
    return side


def _check_map(c: _Checker, side: MapSide, path: Path) -> None:
    rooms = side.rooms
    room_path = {room.number: path + ("rooms", i) for i, room in enumerate(rooms.values())}
    for key, number in (("start", side.start), ("boss", side.boss)):
        if number not in rooms:
            c.bad(path + (key,), f"{key} room {number} is not among the rooms")
    if side.start not in rooms or side.boss not in rooms:
        return
    if side.start == side.boss:
        c.bad(path + ("boss",), "the boss room cannot be the start room")
    start = rooms[side.start]
    if start.reveal or start.treasure or start.health:
        c.bad(room_path[side.start], "the start room reveals and grants nothing: the game begins by leaving it")
    for number, room in rooms.items():
        for j, ex in enumerate(room.exits):
            if ex not in rooms:
                c.bad(room_path[number] + ("exits", j), f"exit to room {ex}, which is not on this map")
        if number == side.boss:
            if room.exits:
                c.bad(room_path[number] + ("exits",), "the boss room has no exits: proceeding from it wins")
            if "boss" not in room.reveal:
                c.bad(room_path[number], "the boss room must reveal a boss")
        elif not room.exits:
            c.bad(room_path[number], f"room {number} has no exit: only the boss room ends the map")
    # every room lies on a way from the start to the boss room, and the arrows never loop
    order: list[int] = []
    state: dict[int, int] = {}

    def visit(n: int) -> bool:
        if state.get(n) == 1:
            return False
        if state.get(n) == 2:
            return True
        state[n] = 1
        for ex in rooms[n].exits:
            if ex in rooms and not visit(ex):
                return False
        state[n] = 2
        order.append(n)
        return True

    if not visit(side.start):
        c.bad(path + ("rooms",), "the arrows form a loop: every path must lead on to the boss room")
        return
    for number in rooms:
        if number not in state:
            c.bad(room_path[number], f"room {number} cannot be reached from the start room {side.start}")


def _check_supply(
    c: _Checker,
    doc: Table,
    maps: list[tuple[MapSide, MapSide]],
    bosses: list[tuple[Boss, Boss]],
    treasures: dict[str, Treasure],
    traps: dict[str, Trap],
    monsters: dict[str, Monster],
) -> None:
    """A set must hold every kind of card that its maps, penalties and traps call for."""
    needs: dict[str, str] = {}
    for card in maps:
        for side in card:
            for room in side.rooms.values():
                for kind in room.reveal:
                    needs.setdefault(kind, f"map {side.id} room {room.number}")
                if room.treasure:
                    needs.setdefault("treasure", f"map {side.id} room {room.number}")
    for m in monsters.values():
        for s in m.slots:
            if s.effect.kind in ("monster", "trap"):
                needs.setdefault(s.effect.kind, f"monster {m.id}")
    for key, have in (("boss", bosses), ("treasure", treasures), ("trap", traps), ("monster", monsters)):
        if key in needs and not have:
            c.bad((), f"{needs[key]} calls for a {key}, and the set has no [[{key}]]")


def id_problem(value: str) -> Optional[str]:
    """Why a string cannot be a card id in DGN tokens, or None."""
    if not _ID.fullmatch(value):
        return f"id '{value}' must be lower-case letters and digits, starting with a letter"
    if value in KEYWORDS:
        return f"id '{value}' is a word of the notation (the dice w x y z, out)"
    try:
        canonical = canonical_token(value)
    except ValueError:
        canonical = ""
    if canonical != value:
        return f"id '{value}' would be read as a playing card ({canonical}): choose another"
    return None


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _kind_name(kind: type) -> str:
    names: dict[type, str] = {str: "text in quotes", list: "a list [...]", dict: "a table"}
    return names.get(kind, kind.__name__)


# -- fairness: what a sound set can still get wrong -------------------------------------------


@dataclass(frozen=True)
class Unfair:
    """A fairness finding: ``severity`` "error" when no sequence of play can win past it,
    "warning" when only items or skills can."""

    path: Path
    message: str
    severity: str


def _fillers(cards: CardSet) -> tuple[bool, bool]:
    """Whether anything in the set fills an enemy slot without a die: (strike, slay)."""
    effects = [m.item for m in cards.monsters.values()] + [t.effect for t in cards.treasures.values()]
    effects += [s.effect for h in cards.heroes.values() for s in h.slots]
    kinds = {e.kind for e in effects}
    return "strike" in kinds, "slay" in kinds


def _winnable(side: MapSide, any_monster: bool, any_boss: bool) -> bool:
    """Whether a way leads from the start to the boss room past no room that reveals an
    enemy of a kind no card of which can be defeated."""
    seen: set[int] = set()

    def way(number: int) -> bool:
        if number in seen:
            return False
        seen.add(number)
        room = side.rooms[number]
        if ("monster" in room.reveal and not any_monster) or ("boss" in room.reveal and not any_boss):
            return False
        return number == side.boss or any(way(ex) for ex in room.exits)

    return way(side.start)


def fairness(cards: CardSet) -> list[Unfair]:
    """What makes a sound set unfair: an enemy with more slots than there are dice (dice
    alone can never fill it: only ``strike`` items and skills, and ``slay`` on a monster,
    can), an enemy nothing can beat at all, a map whose every way to the boss room meets
    such an enemy (or whose boss room can only hold one), and a boss slot with the
    ``monster`` penalty, which the rulebook gives monsters only (a warning: the game
    plays it). Pure: no I/O."""
    strike, slay = _fillers(cards)
    out: list[Unfair] = []
    beatable: dict[str, bool] = {}
    dice = len(DICE)

    def judge(ident: str, kind: str, slots: tuple[Slot, ...], path: Path) -> None:
        extra = len(slots) - dice
        can = extra <= 0 or strike or (kind == "monster" and slay)
        beatable[ident] = can
        if extra <= 0:
            return
        if not can:
            out.append(
                Unfair(
                    path,
                    f"{kind} {ident} has {len(slots)} slots and there are {dice} dice, and nothing "
                    "in the set fills a slot without a die (strike, or slay on a monster): "
                    "it can never be defeated",
                    "error",
                )
            )
        else:
            out.append(
                Unfair(
                    path,
                    f"{kind} {ident} has {len(slots)} slots and there are {dice} dice: dice alone "
                    f"can never defeat it, only items and skills that strike"
                    f"{' or slay' if kind == 'monster' and slay else ''} (unfair)",
                    "warning",
                )
            )

    for i, m in enumerate(cards.monsters.values()):
        judge(m.id, "monster", m.slots, ("monster", i, "slots"))
    for i, card in enumerate(cards.bosses):
        for side_name, side in zip(("front", "back"), card):
            judge(side.id, "boss", side.slots, ("boss", i, side_name, "slots"))
            for j, slot in enumerate(side.slots):
                if slot.effect.kind == "monster":  # playable, but not the rulebook's card
                    out.append(
                        Unfair(
                            ("boss", i, side_name, "slots", j, "penalty"),
                            f"boss {side.id} has a monster penalty: the rulebook's Monster icon "
                            "is for Monster-type enemies, not bosses",
                            "warning",
                        )
                    )
    any_monster = any(beatable[m] for m in cards.monsters)
    any_boss = any(beatable[b] for b in cards.boss_sides)
    for i, map_card in enumerate(cards.maps):
        for side_name, map_side in zip(("front", "back"), map_card):
            if not _winnable(map_side, any_monster, any_boss):
                out.append(
                    Unfair(
                        ("map", i, side_name),
                        f"map {map_side.id}: every way to the boss room meets an enemy "
                        "that can never be defeated: the map cannot be won",
                        "error",
                    )
                )
    return out


def _count(n: int, one: str, many: str) -> str:
    return f"a {one}" if n == 1 else f"{n} {many}"


def room_holds(side: MapSide, room: Room) -> str:
    """What a room's map icons show, in a player's words: ``2 monsters, a trap, 1
    treasure``; ``the boss``; ``the start``; ``nothing``."""
    parts = []
    monsters = room.reveal.count("monster")
    traps = room.reveal.count("trap")
    if "boss" in room.reveal:
        parts.append("the boss")
    if monsters:
        parts.append(_count(monsters, "monster", "monsters"))
    if traps:
        parts.append(_count(traps, "trap", "traps"))
    if room.treasure:
        parts.append(f"{room.treasure} treasure")
    if room.health:
        parts.append(f"+{room.health} health")
    if not parts:
        return "the start" if room.number == side.start else "nothing"
    return ", ".join(parts)
