"""Cassette Dungeons! as a pure rules core (dungeon_cli/games/cassette_dungeons/rules.md).

Setup reveals a map; turn 1 starts with the choice of a hero, then step 4 in the map's
start room. A turn is the rulebook's four steps:

1. roll: pick up any of the four dice wherever they lie and roll them; place each
   rolled die in an empty slot whose minimum it meets (hero slots act at once);
2. suffer: every empty slot of every enemy costs its penalty, in table order;
3. loot: each enemy with no empty slot is defeated: a monster becomes an item, a boss is
   discarded;
4. proceed: with no enemy left, choose a path; the next room's cards are revealed and
   its treasure and health gained. Proceeding from the boss room wins.

Steps 2-4 are the player's too in a record (each penalty and each loot is written), but
each has exactly one legal action at a time, so a step-2-4 action given during step 1
ends step 1 first. Items and treasure are used at any decision, except while more than
``hand`` are held: then only discarding is allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Hashable, Mapping, Optional, Union, final

from ...kit.core import Cards, Chance, Draw, Frozen, Game, GameInfo, Illegal, Phase, Result, State, compiled_module
from .cardset import DICE, FACES, CardSet, Effect, MapSide
from .decks import Deck, NotInDeck, ordered_by, unknown

DECKS: Final = ("monsters", "treasures", "traps", "bosses")  # the decks that are rebuilt
PILES: Final = ("maps",) + DECKS
PILE_OF: Final = {"monster": "monsters", "trap": "traps", "boss": "bosses"}
DECK_WORD: Final = {
    "maps": "map",
    "monsters": "monster",
    "treasures": "treasure",
    "traps": "trap",
    "bosses": "boss",
}  # a deck in words
STRUCK: Final = "*"  # a slot filled by an item or skill, not by a die

PILE_WHAT: Final = {
    "maps": "the dungeon map revealed at setup",
    "bosses": "a boss from the boss deck",
    "monsters": "a monster from the monster deck",
    "treasures": "a treasure from the treasure deck",
    "traps": "a trap from the trap deck",
}
# How a turn's words say the draws (Chance.told): one, and several in a row.
PILE_TOLD: Final = {
    "maps": ("revealed the dungeon map {cards}", "revealed the dungeon maps {cards}"),
    "bosses": ("revealed the boss {cards}", "revealed the bosses {cards}"),
    "monsters": ("revealed the monster {cards}", "revealed the monsters {cards}"),
    "treasures": ("revealed the treasure {cards}", "revealed the treasures {cards}"),
    "traps": ("revealed the trap {cards}", "revealed the traps {cards}"),
}
ROLLED: Final = ("rolled {cards}", "rolled {cards}")

# steps of a turn
SETUP: Final = "setup"
ROLL: Final = "roll"
ROLLING: Final = "rolling"
PLACE: Final = "place"
SUFFER: Final = "suffer"
LOOT: Final = "loot"
PROCEED: Final = "proceed"
REVEAL: Final = "reveal"
ARRIVE: Final = "arrive"
OVER: Final = "over"

# The phase of every step but SETUP, whose phase depends on the map (CassetteState.phase).
_PHASE_OF_STEP: Final = {OVER: Phase.OVER, ROLLING: Phase.CHANCE, REVEAL: Phase.CHANCE}
_PHASE_OF_STEP.update((step, Phase.DECISION) for step in (ROLL, PLACE, SUFFER, LOOT, PROCEED, ARRIVE))

if TYPE_CHECKING:
    import random  # the generator a resample is handed: the rules draw nothing themselves


# -- actions ---------------------------------------------------------------------------


@final
class Target(Frozen):
    """What an effect is aimed at: a die, an enemy slot (card and 1-based slot), or a card."""

    __match_args__ = ("die", "card", "slot")

    def __init__(self, die: Optional[str] = None, card: Optional[str] = None, slot: Optional[int] = None) -> None:
        self.die: Final = die
        self.card: Final = card
        self.slot: Final = slot

    def _fields(self) -> tuple[Optional[str], Optional[str], Optional[int]]:
        return (self.die, self.card, self.slot)


@final
class ChooseHero(Frozen):
    __match_args__ = ("hero",)

    def __init__(self, hero: str) -> None:
        self.hero: Final = hero

    def _fields(self) -> tuple[str]:
        return (self.hero,)


@final
class Pick(Frozen):
    """Pick up these dice, wherever they lie, and roll them (rolled in this order)."""

    __match_args__ = ("dice",)

    def __init__(self, dice: tuple[str, ...]) -> None:
        self.dice: Final = dice

    def _fields(self) -> tuple[tuple[str, ...]]:
        return (self.dice,)


@final
class Place(Frozen):
    __match_args__ = ("die", "card", "slot", "target")

    def __init__(self, die: str, card: str, slot: int, target: Optional[Target] = None) -> None:
        self.die: Final = die
        self.card: Final = card
        self.slot: Final = slot  # 1-based
        self.target: Final = target

    def _fields(self) -> tuple[str, str, int, Optional[Target]]:
        return (self.die, self.card, self.slot, self.target)


@final
class Use(Frozen):
    __match_args__ = ("card", "target")

    def __init__(self, card: str, target: Optional[Target] = None) -> None:
        self.card: Final = card
        self.target: Final = target

    def _fields(self) -> tuple[str, Optional[Target]]:
        return (self.card, self.target)


@final
class Suffer(Frozen):
    """Suffer one penalty: of an enemy's empty slot, or (slot None) of a trap."""

    __match_args__ = ("card", "slot")

    def __init__(self, card: str, slot: Optional[int] = None) -> None:
        self.card: Final = card
        self.slot: Final = slot

    def _fields(self) -> tuple[str, Optional[int]]:
        return (self.card, self.slot)


class _OfCard(Frozen):
    """An action on one card, named by its id."""

    __match_args__ = ("card",)

    def __init__(self, card: str) -> None:
        self.card: Final = card

    def _fields(self) -> tuple[str]:
        return (self.card,)


@final
class Loot(_OfCard):
    """Take a defeated monster as an item (step 3, loot)."""


@final
class Discard(_OfCard):
    """Let a held card go, when more than the hand holds are held."""


@final
class Go(Frozen):
    __match_args__ = ("room",)

    def __init__(self, room: Optional[int]) -> None:
        self.room: Final = room  # None: leave the dungeon from the boss room

    def _fields(self) -> tuple[Optional[int]]:
        return (self.room,)


Action = Union[ChooseHero, Pick, Place, Use, Suffer, Loot, Discard, Go, Draw]
LATER_STEPS: Final = (Suffer, Loot, Go)


# -- state -----------------------------------------------------------------------------


@final
class Foe(Frozen):
    """An enemy in play: a monster or a boss side, and what fills each slot (a die's
    name, STRUCK, or None for empty)."""

    __match_args__ = ("id", "boss", "slots")

    def __init__(self, id: str, boss: bool, slots: tuple[Optional[str], ...]) -> None:
        self.id: Final = id
        self.boss: Final = boss
        self.slots: Final = slots

    def _fields(self) -> tuple[str, bool, tuple[Optional[str], ...]]:
        return (self.id, self.boss, self.slots)

    @property
    def defeated(self) -> bool:
        return all(s is not None for s in self.slots)

    def empty(self) -> list[int]:
        return [i for i, s in enumerate(self.slots) if s is None]


@final
class Die(Frozen):
    __match_args__ = ("value", "where")

    def __init__(self, value: Optional[int] = None, where: Optional[tuple[str, int]] = None) -> None:
        self.value: Final = value  # None before its first roll
        self.where: Final = where  # (card, 0-based slot) or None when it lies free

    def _fields(self) -> tuple[Optional[int], Optional[tuple[str, int]]]:
        return (self.value, self.where)


_UNROLLED: Final[tuple[Die, ...]] = tuple(Die() for _ in DICE)
_NO_DISCARDS: Final[dict[str, tuple[str, ...]]] = {name: () for name in DECKS}
_NO_REBUILDS: Final[dict[str, int]] = {name: 0 for name in DECKS}


# How _copy makes a new state: see kit.core.compiled_module.
_NATIVE: Final = compiled_module(__file__)


@final
class CassetteState(State[Action]):
    __slots__ = (
        "cards",
        "step",
        "hp",
        "map",
        "room",
        "hero",
        "foes",
        "traps",
        "held",
        "dice",
        "hero_slots",
        "rolling",
        "rolled",
        "penalties",
        "reveals",
        "resume",
        "warded",
        "decks",
        "discards",
        "rebuilds",
        "entered",
        "won",
        "dealt",
    )

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.turn = 0
        self.phase = Phase.CHANCE  # the map is dealt first (_phase_now)
        self.step = SETUP
        self.hp = cards.health
        self.map: Optional[str] = None
        self.room = 0
        self.hero: Optional[str] = None
        self.foes: tuple[Foe, ...] = ()
        self.traps: tuple[str, ...] = ()
        self.held: tuple[str, ...] = ()
        self.dice: tuple[Die, ...] = _UNROLLED  # shared values, built once (a copy runs __init__ when compiled: see _copy)
        self.hero_slots: tuple[Optional[str], ...] = ()
        self.rolling: tuple[str, ...] = ()  # dice picked up, still to be rolled
        self.rolled: tuple[str, ...] = ()  # dice rolled this turn, not placed yet
        self.penalties: tuple[tuple[str, Optional[int]], ...] = ()  # (card, 0-based slot or None) still to suffer
        self.reveals: tuple[str, ...] = ()  # piles still to reveal a card from
        self.resume = SUFFER  # the step that goes on once the reveals are done
        self.warded = False
        self.decks: dict[str, Deck] = {}
        # Shared, as every dict of a state is: a change makes a new dict (copy on write).
        self.discards: dict[str, tuple[str, ...]] = _NO_DISCARDS
        self.rebuilds: dict[str, int] = _NO_REBUILDS
        self.entered = 0  # rooms entered
        self.won = False
        self.dealt: tuple[Hashable, ...] = ()  # chance since the last choice, in order: a face id, or (die, face)

    def _copy(self) -> "CassetteState":
        # Spelled out: the hot path of every walk and search (a class compiled by mypyc
        # has no __slots__ to loop over). Made by object's ``__new__`` in pure Python,
        # which skips __init__; compiled, by the class's native constructor (_NATIVE,
        # kit.core.compiled_module), so __init__ builds nothing: its values are shared
        # constants.
        # The card set is for __init__; object's __new__ takes it and ignores it.
        new = CassetteState(self.cards) if _NATIVE else CassetteState.__new__(CassetteState, *self.__getnewargs__())
        new.cards = self.cards
        new.turn = self.turn
        new.phase = self.phase
        new.step = self.step
        new.hp = self.hp
        new.map = self.map
        new.room = self.room
        new.hero = self.hero
        new.foes = self.foes
        new.traps = self.traps
        new.held = self.held
        new.dice = self.dice
        new.hero_slots = self.hero_slots
        new.rolling = self.rolling
        new.rolled = self.rolled
        new.penalties = self.penalties
        new.reveals = self.reveals
        new.resume = self.resume
        new.warded = self.warded
        new.decks = self.decks
        new.discards = self.discards
        new.rebuilds = self.rebuilds
        new.entered = self.entered
        new.won = self.won
        new.dealt = self.dealt
        return new

    # -- what the player sees -----------------------------------------------------------

    def __getnewargs__(self) -> tuple[Any, ...]:
        # Its card set, __init__'s argument (object's __new__, in pure Python, ignores it).
        return (self.cards,)

    def _phase_now(self) -> Phase:
        """The phase the step (and in setup, the map) makes: kept in State's ``phase``
        field by ``apply`` and ``positioned``, where every reader of a state finds it
        (compiled by mypyc, State reads the field, never a property of a game's)."""
        phase = _PHASE_OF_STEP.get(self.step)
        if phase is not None:
            return phase
        if self.step == SETUP and self.map is None:
            return Phase.CHANCE
        return Phase.DECISION

    @property
    def map_side(self) -> Optional[MapSide]:
        return self.cards.map_sides[self.map] if self.map else None

    @property
    def over_hand(self) -> int:
        over = len(self.held) - self.cards.hand  # asked before most actions: no call of max
        return over if over > 0 else 0

    def die(self, name: str) -> Die:
        return self.dice[DICE.index(name)]

    def slot_min(self, card: str, index: int) -> int:
        """A slot's minimum now: raise traps make enemy slots harder (never above 6)."""
        if card == self.hero:
            return self.cards.heroes[card].slots[index].min
        raise_by = sum(self.cards.traps[t].effect.amount for t in self.traps if self.cards.traps[t].effect.kind == "raise")
        return min(6, self.cards.enemy(card).slots[index].min + raise_by)

    def foe(self, card: str) -> Optional[Foe]:
        for f in self.foes:
            if f.id == card:
                return f
        return None

    def pending_penalties(self) -> list[tuple[str, Optional[int]]]:
        """Penalties still to suffer this step (a slot filled meanwhile costs nothing)."""
        out: list[tuple[str, Optional[int]]] = []
        for card, index in self.penalties:
            if index is None:
                out.append((card, None))
                continue
            foe = self.foe(card)
            if foe is not None and foe.slots[index] is None:
                out.append((card, index))
        return out

    def defeated(self) -> list[Foe]:
        return [f for f in self.foes if f.defeated]

    def played_side(self) -> MapSide:
        """The map side in play (once the map is dealt)."""
        side = self.map_side
        if side is None:
            raise ValueError("no map is chosen yet")
        return side

    def exits(self) -> tuple[Optional[int], ...]:
        side = self.played_side()
        if self.room == side.boss:
            return (None,)
        return side.rooms[self.room].exits

    # -- the interface -------------------------------------------------------------------

    def chance(self) -> Chance:
        if self.phase is not Phase.CHANCE:
            raise Illegal("nothing is left to chance now")
        if self.step == ROLLING:
            return Chance("dice", f"the roll of die {self.rolling[0]}", tuple(FACES), None, None, ROLLED)
        pile = "maps" if self.step == SETUP else self.reveals[0]
        deck = self.decks[pile]
        sides = self.cards.sides
        return Chance(pile, PILE_WHAT[pile], deck.candidates(sides), deck.next_known, deck.weights(sides), PILE_TOLD[pile])

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.DECISION:
            return []
        if self.step == SETUP:
            return [ChooseHero(h) for h in self.cards.heroes]
        if self.over_hand:
            return [Discard(c) for c in dict.fromkeys(self.held)]
        out: list[Action] = []
        if self.step == ROLL:
            out.extend(_subsets(DICE))
        if self.step == PLACE:
            out.extend(self._placements())
        out.extend(self._uses())
        later = self._end_roll() if self.step in (ROLL, PLACE) else self
        if later.over_hand:
            return out
        if later.step == SUFFER:
            card, index = later.pending_penalties()[0]
            out.append(Suffer(card, None if index is None else index + 1))
        elif later.step == LOOT:
            out.append(Loot(later.defeated()[0].id))
        elif later.step == PROCEED:
            out.extend(Go(r) for r in later.exits())
        return out

    def apply(self, action: Action) -> "CassetteState":
        new = self._apply(action)
        if new is self:
            new = self._copy()
        if isinstance(action, Draw):
            entry = (self.rolling[0], action.outcome) if self.step == ROLLING else action.outcome
            new.dealt = self.dealt + (entry,)
        else:
            new.dealt = ()
        new.phase = new._phase_now()
        return new

    def _apply(self, action: Any) -> "CassetteState":
        if self.step == OVER:
            raise Illegal("the game is over: no action may follow")
        if isinstance(action, Draw):
            return self._draw(action.outcome)
        if self.phase is Phase.CHANCE:
            raise Illegal(self._chance_first())
        if self.step == SETUP:
            if not isinstance(action, ChooseHero):
                raise Illegal("a hero is chosen first (@ID)")
            return self._choose_hero(action.hero)
        if isinstance(action, ChooseHero):
            raise Illegal("the hero was chosen at setup")
        if isinstance(action, Discard):
            return self._discard(action.card)
        if self.over_hand:
            raise Illegal(self._hand_message())
        if isinstance(action, Use):
            return self._use(action)
        if isinstance(action, Pick):
            return self._pick(action.dice)
        if isinstance(action, Place):
            return self._place(action)
        if isinstance(action, LATER_STEPS):
            state = self._end_roll() if self.step in (ROLL, PLACE) else self
            if state.over_hand:
                raise Illegal(state._hand_message())
            return state._later(action)
        raise Illegal(f"not a Cassette Dungeons action: {action!r}")

    def result(self) -> Optional[Result]:
        if self.step != OVER:
            return None
        return Result(True, self.hp) if self.won else Result(False, self.entered)

    def checkpoint(self) -> dict[str, Any]:
        return {
            "hp": self.hp,
            "room": self.room or None,
            "foes": tuple(f.id for f in self.foes) or None,
            "traps": self.traps or None,
            "held": self.held or None,
            "dice": tuple(_die_text(n, d) for n, d in zip(DICE, self.dice)),
            "decks": tuple(len(self.decks[p]) for p in DECKS),
        }

    # The card set is the game's, alike in every state; the decks are observed below, by
    # the cards left in each (a seeded deck's faces in order are the dealer's). What was
    # dealt since the last choice (for the notation's reader) and how often a deck was
    # rebuilt are the history's, not the game's: the rules never read them, so a state
    # read from a Position, which has no history, is the same to the player.
    unobserved = frozenset({"cards", "decks", "dealt", "rebuilds"})

    def observation(self) -> Hashable:
        key_of = self.cards.card_key
        decks = tuple((name, tuple(sorted(deck.cards(key_of)))) for name, deck in self.decks.items())
        return (super().observation(), decks)

    def resample(self, rng: random.Random) -> "CassetteState":
        """Each deck's cards shuffled and each two-sided card given a side, as a draw from
        the deck would (every card alike, then every side alike): a deck's cards have
        sides, so they are dealt here rather than by ``piles``. Dice to come stay the
        dealer's to roll."""
        new = self._copy()
        cards = self.cards
        decks = {}
        for name, deck in self.decks.items():
            keys = sorted(deck.cards(cards.card_key))
            rng.shuffle(keys)
            faces = []
            for key in keys:
                sides = cards.sides(key)
                faces.append(sides[rng.randrange(len(sides))] if len(sides) > 1 else key)
            decks[name] = Deck((), tuple(faces))
        new.decks = decks
        return new

    def piles(self) -> Mapping[str, int]:
        return {p: len(self.decks[p]) for p in PILES}

    def unfinished(self) -> str:
        if self.phase is Phase.CHANCE:
            return f"{self.chance().what} is missing"
        if self.step == SETUP:
            return "a hero must be chosen first (@ID)"
        if self.over_hand:
            return self._hand_message()
        later = self._end_roll() if self.step in (ROLL, PLACE) else self
        if later.over_hand:
            return later._hand_message()
        if later.step == SUFFER:
            card, index = later.pending_penalties()[0]
            return f"the penalty of {_ref(card, index)} is not suffered yet (~{_ref(card, index)})"
        if later.step == LOOT:
            return f"{later.defeated()[0].id} is defeated and not looted yet (+{later.defeated()[0].id})"
        return "no enemy is left: choose a path to proceed"

    # -- setup ---------------------------------------------------------------------------

    def _choose_hero(self, hero: str) -> "CassetteState":
        cards = self.cards
        if hero not in cards.heroes:
            raise Illegal(f"no hero '{hero}' in this set (heroes: {' '.join(cards.heroes)})")
        new = self._copy()
        new.hero = hero
        new.hero_slots = tuple(None for _ in cards.heroes[hero].slots)
        new.step = PROCEED
        return new

    # -- chance ----------------------------------------------------------------------------

    def _chance_first(self) -> str:
        if self.step == ROLLING:
            return f"die {self.rolling[0]} was picked up: its roll ({self.rolling[0]}=N) comes first"
        if self.step == SETUP:
            return "the map is revealed first"
        return f"{PILE_WHAT[self.reveals[0]]} is revealed here first (^ID)"

    def _draw(self, outcome: Any) -> "CassetteState":
        if self.phase is not Phase.CHANCE:
            raise Illegal("nothing is rolled or revealed now")
        if self.step == ROLLING:
            return self._roll(outcome)
        pile = "maps" if self.step == SETUP else self.reveals[0]
        face = outcome
        cards = self.cards
        key = cards.card_key(face) if isinstance(face, str) else None
        if key is None or face not in cards.faces(pile):
            raise Illegal(f"not a card of the {DECK_WORD[pile]} deck")
        try:
            deck = self.decks[pile].draw(face, key)
        except NotInDeck as exc:
            if exc.expected is not None:
                raise Illegal(f"the {DECK_WORD[pile]} deck turns up {exc.expected} next here, not {face}") from None
            raise Illegal(f"{face} is not in the {DECK_WORD[pile]} deck now") from None
        new = self._copy()
        new.decks = {**self.decks, pile: deck}
        if pile == "maps":
            new.map = face
            new.room = cards.map_sides[face].start  # the pawn stands in the start room
            new.turn = 1  # the setup is the map alone: the hero is turn 1's first choice
            return new
        new.reveals = self.reveals[1:]
        if pile == "monsters":
            new.foes = self.foes + (Foe(face, False, tuple(None for _ in cards.monsters[face].slots)),)
        elif pile == "bosses":
            new.foes = self.foes + (Foe(face, True, tuple(None for _ in cards.boss_sides[face].slots)),)
        elif pile == "traps":
            new.traps = self.traps + (face,)
            if cards.traps[face].effect.kind == "monster":
                new.reveals = ("monsters",) + new.reveals
        else:
            new.held = self.held + (face,)
        new._settle()
        return new

    def _roll(self, face: Any) -> "CassetteState":
        if face not in FACES:
            raise Illegal("a die shows 1 to 6")
        new = self._copy()
        die = self.rolling[0]
        dice = list(self.dice)
        dice[DICE.index(die)] = Die(face, None)
        new.dice = tuple(dice)
        new.rolling = self.rolling[1:]
        new.rolled = self.rolled + (die,)
        if not new.rolling:
            new.step = PLACE
        return new

    # -- step 1 ----------------------------------------------------------------------------

    def _pick(self, dice: tuple[str, ...]) -> "CassetteState":
        if self.step != ROLL:
            raise Illegal("the dice are rolled once a turn, at its start: this turn's roll is over")
        if not dice:
            raise Illegal("pick up at least one die")
        for d in dice:
            if d not in DICE:
                raise Illegal(f"there is no die '{d}': the dice are {' '.join(DICE)}")
        if len(set(dice)) != len(dice):
            raise Illegal("a die is picked up once")
        new = self._copy()
        for d in dice:
            new._lift(d)
        new.rolling = tuple(dice)
        new.rolled = ()
        new.step = ROLLING
        return new

    def _lift(self, die: str) -> None:
        """Take a die off the slot it lies on (the slot is empty again)."""
        where = self.die(die).where
        if where is None:
            return
        card, index = where
        if card == self.hero:
            slots = list(self.hero_slots)
            slots[index] = None
            self.hero_slots = tuple(slots)
        else:
            self._fill(card, index, None)
        dice = list(self.dice)
        dice[DICE.index(die)] = Die(self.die(die).value, None)
        self.dice = tuple(dice)

    def _fill(self, card: str, index: int, what: Optional[str]) -> None:
        foes = []
        for f in self.foes:
            if f.id == card:
                slots = list(f.slots)
                slots[index] = what
                f = Foe(f.id, f.boss, tuple(slots))
            foes.append(f)
        self.foes = tuple(foes)

    def _placements(self) -> list[Place]:
        out = []
        hero = self.hero
        assert hero is not None  # chosen at setup, before any roll
        for die in self.rolled:
            value = self.die(die).value
            assert value is not None  # rolled this turn
            for foe in self.foes:
                for i in foe.empty():
                    if value >= self.slot_min(foe.id, i):
                        out.append(Place(die, foe.id, i + 1))
            for i, filled in enumerate(self.hero_slots):
                if filled is None and value >= self.slot_min(hero, i):
                    effect = self.cards.heroes[hero].slots[i].effect
                    for target in self._targets(effect, exclude=die):
                        out.append(Place(die, hero, i + 1, target))
        return out

    def _place(self, action: Place) -> "CassetteState":
        if self.step != PLACE:
            if self.step == ROLL:
                raise Illegal(f"die {action.die} was not rolled this turn: pick it up and roll it first (*{action.die})")
            raise Illegal("dice are placed right after they are rolled: this turn's roll is over")
        die = action.die
        if die not in DICE:
            raise Illegal(f"there is no die '{die}': the dice are {' '.join(DICE)}")
        if die not in self.rolled:
            where = self.die(die).where
            if where is not None:
                raise Illegal(f"die {die} lies on {_ref(where[0], where[1])} already: only dice rolled this turn are placed")
            raise Illegal(f"die {die} was not rolled this turn: only rolled dice are placed")
        value = self.die(die).value
        assert value is not None  # rolled this turn
        card, index = action.card, action.slot - 1
        new = self._copy()
        if card == self.hero:
            slots = self.cards.heroes[card].slots
            if not 0 <= index < len(slots):
                raise Illegal(f"{card} has {_count(len(slots), 'slot')}")
            if self.hero_slots[index] is not None:
                raise Illegal(f"{card}'s slot {action.slot} holds die {self.hero_slots[index]} already")
            need = self.slot_min(card, index)
            if value < need:
                raise Illegal(f"die {die} rolled {value}: {card}'s slot {action.slot} needs {need} or more")
            hero_slots = list(self.hero_slots)
            hero_slots[index] = die
            new.hero_slots = tuple(hero_slots)
            new._settle_die(die, card, index)
            new._effect(slots[index].effect, action.target, f"{card}'s slot {action.slot}", exclude=die)
            return new
        foe = self.foe(card)
        if foe is None:
            raise Illegal(self._no_enemy(card))
        if not 0 <= index < len(foe.slots):
            raise Illegal(f"{card} has {_count(len(foe.slots), 'slot')}")
        if foe.slots[index] is not None:
            raise Illegal(f"{_ref(card, index)} is filled already")
        need = self.slot_min(card, index)
        if value < need:
            raise Illegal(f"die {die} rolled {value}: {_ref(card, index)} needs {need} or more")
        if action.target is not None:
            raise Illegal("only a hero slot's effect takes a target (/...)")
        new._fill(card, index, die)
        new._settle_die(die, card, index)
        return new

    def _settle_die(self, die: str, card: str, index: int) -> None:
        dice = list(self.dice)
        dice[DICE.index(die)] = Die(self.die(die).value, (card, index))
        self.dice = tuple(dice)
        self.rolled = tuple(d for d in self.rolled if d != die)

    def _end_roll(self) -> "CassetteState":
        """Step 1 is over: the penalties to suffer are fixed now (enemies revealed while
        suffering are faced from the next turn on)."""
        new = self._copy()
        new.rolling = ()
        new.rolled = ()
        penalties: list[tuple[str, Optional[int]]] = []
        for foe in self.foes:
            penalties.extend((foe.id, i) for i in foe.empty())
        for trap in self.traps:
            if self.cards.traps[trap].effect.kind == "hurt":
                penalties.append((trap, None))
        new.penalties = tuple(penalties)
        new.step = SUFFER
        new._settle()
        return new

    # -- items, treasure and hero skills --------------------------------------------------

    def _uses(self) -> list[Use]:
        out = []
        for card in dict.fromkeys(self.held):
            effect = self.cards.use_effect(card)
            for target in self._targets(effect):
                out.append(Use(card, target))
        return out

    def _targets(self, effect: Effect, exclude: Optional[str] = None) -> list[Optional[Target]]:
        kind = effect.target
        if kind is None:
            return [None]
        if kind == "die":
            return [Target(die=d) for d in self.rolled if d != exclude]
        if kind == "slot":
            return [Target(card=f.id, slot=i + 1) for f in self.foes for i in f.empty()]
        return [Target(card=f.id) for f in self.foes if not f.boss and not f.defeated]

    def _use(self, action: Use) -> "CassetteState":
        card = action.card
        if card not in self.held:
            shown = " ".join(self.held) or "nothing"
            raise Illegal(f"you do not hold {card} (you hold {shown})")
        effect = self.cards.use_effect(card)
        new = self._copy()
        held = list(self.held)
        held.remove(card)
        new.held = tuple(held)
        pile = "monsters" if card in self.cards.monsters else "treasures"
        new.discards = {**self.discards, pile: self.discards[pile] + (card,)}
        new._effect(effect, action.target, card)
        new._settle()
        return new

    def _effect(self, effect: Effect, target: Optional[Target], source: str, exclude: Optional[str] = None) -> None:
        """Apply an effect to this (fresh, private) state; Illegal if its target is wrong."""
        kind = effect.kind
        need = effect.target
        if need is None and target is not None:
            raise Illegal(f"{source} ({effect}) takes no target")
        if need is not None and target is None:
            shape = {"die": "a die rolled this turn (/w)", "slot": "an empty enemy slot (/orc.1)", "monster": "a monster (/orc)"}[
                need
            ]
            raise Illegal(f"{source} ({effect}) is aimed at {shape}: write it after /")
        if kind == "heal":
            self.hp = min(self.cards.health, self.hp + effect.amount)
        elif kind == "ward":
            self.warded = True
        elif kind == "bump":
            assert target is not None  # bump takes a target: refused above without one
            die = target.die
            if die is None or die not in self.rolled or die == exclude:
                waiting = " ".join(d for d in self.rolled if d != exclude) or "none"
                raise Illegal(f"{source} ({effect}) raises a die rolled this turn and not placed yet (waiting: {waiting})")
            value = self.die(die).value
            assert value is not None  # rolled this turn
            dice = list(self.dice)
            dice[DICE.index(die)] = Die(min(6, value + effect.amount), self.die(die).where)
            self.dice = tuple(dice)
        elif kind == "strike":
            assert target is not None  # strike takes a target: refused above without one
            if target.card is None or target.slot is None:
                raise Illegal(f"{source} ({effect}) is aimed at an empty enemy slot, like /orc.1")
            foe = self.foe(target.card)
            if foe is None:
                raise Illegal(self._no_enemy(target.card))
            index = target.slot - 1
            if not 0 <= index < len(foe.slots) or foe.slots[index] is not None:
                raise Illegal(f"{_ref(foe.id, index)} is not an empty slot")
            self._fill(foe.id, index, STRUCK)
        elif kind == "slay":
            assert target is not None  # slay takes a target: refused above without one
            if target.card is None or target.slot is not None:
                raise Illegal(f"{source} ({effect}) is aimed at a monster, like /orc")
            foe = self.foe(target.card)
            if foe is None:
                raise Illegal(self._no_enemy(target.card))
            if foe.boss:
                raise Illegal(f"{source} ({effect}) slays monsters, not a boss like {foe.id}")
            for i in foe.empty():
                self._fill(foe.id, i, STRUCK)

    def _discard(self, card: str) -> "CassetteState":
        if not self.over_hand:
            raise Illegal(
                f"you hold {_count(len(self.held), 'card')}: a card is discarded unused only when you hold more than {self.cards.hand}"
            )
        if card not in self.held:
            raise Illegal(f"you do not hold {card} (you hold {' '.join(self.held)})")
        new = self._copy()
        held = list(self.held)
        held.remove(card)
        new.held = tuple(held)
        pile = "monsters" if card in self.cards.monsters else "treasures"
        new.discards = {**self.discards, pile: self.discards[pile] + (card,)}
        new._settle()
        return new

    def _hand_message(self) -> str:
        return (
            f"you hold {len(self.held)} items and treasure, more than {self.cards.hand}: "
            f"discard {self.over_hand} first (-ID), without using it"
        )

    # -- steps 2 to 4 --------------------------------------------------------------------

    def _later(self, action: Any) -> "CassetteState":
        if isinstance(action, Go) and self.foes:
            left = " ".join(f.id for f in self.foes if not f.defeated)
            if left:
                raise Illegal(
                    f"you proceed only when no enemy is left, and {left} {'is' if ' ' not in left else 'are'} undefeated"
                )
        if isinstance(action, Loot):
            foe = self.foe(action.card)
            if foe is None:
                raise Illegal(self._no_enemy(action.card))
            if not foe.defeated:
                empty = " ".join(str(i + 1) for i in foe.empty())
                raise Illegal(
                    f"{foe.id} is not defeated: {'its slot' if len(foe.empty()) == 1 else 'its slots'} {empty} {'is' if len(foe.empty()) == 1 else 'are'} empty"
                )
        if self.step == SUFFER:
            card, index = self.pending_penalties()[0]
            if not isinstance(action, Suffer):
                raise Illegal(f"the penalty of {_ref(card, index)} comes first (~{_ref(card, index)})")
            return self._suffer(action, card, index)
        if self.step == LOOT:
            first = self.defeated()[0].id
            if not isinstance(action, Loot):
                raise Illegal(f"{first} is defeated: it is looted first (+{first})")
            return self._loot(action.card, first)
        if self.step == PROCEED:
            if not isinstance(action, Go):
                what = "penalty" if isinstance(action, Suffer) else "enemy to loot"
                raise Illegal(f"no {what} is left: no enemy remains, choose a path")
            return self._go(action.room)
        raise Illegal("not now")

    def _suffer(self, action: Suffer, card: str, index: Optional[int]) -> "CassetteState":
        wanted = (action.card, None if action.slot is None else action.slot - 1)
        if wanted != (card, index):
            pending = self.pending_penalties()
            if wanted in pending:
                raise Illegal(f"penalties are suffered in table order: {_ref(card, index)} comes first")
            if action.slot is None and self.foe(action.card) is not None:
                raise Illegal(f"{action.card} is an enemy: name the empty slot whose penalty is suffered, like ~{action.card}.1")
            shown = " ".join(_ref(c, i) for c, i in pending)
            raise Illegal(f"not a penalty to suffer now (penalties left: {shown})")
        if index is None:
            effect = self.cards.traps[card].effect
        else:
            effect = self.cards.enemy(card).slots[index].effect
        new = self._copy()
        new.penalties = tuple(p for p in self.penalties if p != (card, index))
        if effect.kind == "hurt":
            if not self.warded:
                new.hp = self.hp - effect.amount
        else:
            new.reveals = (PILE_OF[effect.kind],)
            new.resume = SUFFER
        new._settle()
        return new

    def _loot(self, card: str, first: str) -> "CassetteState":
        if card != first:
            foe = self.foe(card)
            if foe is not None and foe.defeated:  # (an undefeated one is refused in _later)
                raise Illegal(f"defeated enemies are looted in table order: {first} comes first")
        foe = self.foe(card)
        assert foe is not None  # an enemy not in play is refused in _later
        new = self._copy()
        new.foes = tuple(f for f in self.foes if f.id != card)
        dice = list(self.dice)
        for i, d in enumerate(self.dice):
            if d.where is not None and d.where[0] == card:
                dice[i] = Die(d.value, None)
        new.dice = tuple(dice)
        if foe.boss:
            key = self.cards.card_key(card)
            new.discards = {**self.discards, "bosses": self.discards["bosses"] + (key,)}
        else:
            new.held = self.held + (card,)
        new._settle()
        return new

    def _go(self, room: Optional[int]) -> "CassetteState":
        side = self.played_side()
        exits = self.exits()
        if room not in exits:
            if self.room == side.boss:
                raise Illegal(f"room {self.room} is the boss room: proceeding from it leaves the dungeon (>out)")
            shown = " and ".join(str(r) for r in exits)
            if room is None:
                raise Illegal(f"only the boss room ({side.boss}) is left by >out; room {self.room} leads to {shown}")
            raise Illegal(f"there is no path from room {self.room} to room {room}: its arrows lead to {shown}")
        new = self._copy()
        new.discards = {**self.discards, "traps": self.discards["traps"] + self.traps}
        new.traps = ()
        if room is None:
            new.step = OVER
            new.won = True
            return new
        target = side.rooms[room]
        new.room = room
        new.entered = self.entered + 1
        new.hp = min(self.cards.health, self.hp + target.health)
        new.reveals = tuple(PILE_OF[k] for k in target.reveal) + ("treasures",) * target.treasure
        new.resume = ARRIVE
        new.step = REVEAL
        new._settle()
        return new

    # -- moving on by itself ---------------------------------------------------------------

    def _settle(self) -> None:
        """Go on until chance or the player is needed (this state is fresh and private)."""
        while True:
            if self.hp < 1:
                self.step = OVER
                return
            if self.step == REVEAL or (self.reveals and self.step in (SUFFER, LOOT)):
                if self.reveals:
                    pile = self.reveals[0]
                    if not len(self.decks[pile]):
                        self._rebuild(pile)
                    if len(self.decks[pile]):
                        self.step = REVEAL
                        return
                    self.reveals = self.reveals[1:]  # no card left anywhere: nothing is revealed
                    continue
                self.step = self.resume
                self.resume = SUFFER  # back to its rest value: it says nothing once the reveals are done
                continue
            if self.over_hand:
                return
            if self.step == SUFFER:
                if self.pending_penalties():
                    return
                self.penalties = ()
                self.warded = False
                self.step = LOOT
                continue
            if self.step == LOOT:
                if self.defeated():
                    return
                if self.foes:
                    self._next_turn()
                    return
                self.step = PROCEED
                return
            if self.step == ARRIVE:
                self._next_turn()  # the room's cards are out and the hand is in order
            return

    def _next_turn(self) -> None:
        self.turn += 1
        self.step = ROLL
        self.rolled = ()
        self.penalties = ()

    def _rebuild(self, pile: str) -> None:
        """An empty deck is made anew from its discards (dual-sided cards may turn over)."""
        discards = self.discards[pile]
        if not discards:
            return
        self.decks = {**self.decks, pile: unknown(discards)}
        self.discards = {**self.discards, pile: ()}
        self.rebuilds = {**self.rebuilds, pile: self.rebuilds[pile] + 1}

    def _no_enemy(self, card: str) -> str:
        shown = " ".join(f.id for f in self.foes) or "none"
        return f"{card} is not an enemy in play (enemies: {shown})"


# -- positions (NOTATION.md section 9) -------------------------------------------------

# The steps a position may be at, by their word in a position: every decision, every
# roll and reveal between two actions, and the end. A reveal goes on to ARRIVE when it
# shows the cards of a room entered (``enter``), to SUFFER when a penalty asked for it.
POSITION_STEPS: Final[dict[str, tuple[str, str]]] = {
    "hero": (SETUP, SUFFER),
    "roll": (ROLL, SUFFER),
    "rolling": (ROLLING, SUFFER),
    "place": (PLACE, SUFFER),
    "suffer": (SUFFER, SUFFER),
    "reveal": (REVEAL, SUFFER),
    "loot": (LOOT, SUFFER),
    "proceed": (PROCEED, SUFFER),
    "enter": (REVEAL, ARRIVE),
    "arrive": (ARRIVE, SUFFER),
    "over": (OVER, SUFFER),
}
_FIRST_TURN_STEPS: Final = (SETUP, PROCEED, ARRIVE, OVER)


def position_step(state: CassetteState) -> str:
    """The word of the step ``state`` is at, in a position."""
    if state.step == REVEAL:
        return "enter" if state.resume == ARRIVE else "reveal"
    return next(word for word, (step, _) in POSITION_STEPS.items() if step == state.step)


def positioned(
    start: CassetteState,
    *,
    turn: int,
    step: str,
    resume: str,
    hp: int,
    map_face: str,
    room: int,
    entered: int,
    hero: Optional[str],
    foes: tuple[str, ...],
    struck: tuple[tuple[str, int], ...],
    traps: tuple[str, ...],
    held: tuple[str, ...],
    dice: tuple[Die, ...],
    rolling: tuple[str, ...],
    rolled: tuple[str, ...],
    penalties: tuple[tuple[str, Optional[int]], ...],
    reveals: tuple[str, ...],
    warded: bool,
    decks: Mapping[str, Deck],
    discards: Mapping[str, tuple[str, ...]],
) -> CassetteState:
    """The state a position gives (NOTATION.md section 9), from the setup's ``start``
    (its card set): ``Illegal(message, where=KEY)`` for a state the rules cannot reach.
    A position is at a decision, a roll or a reveal (``step``, and ``resume`` for a
    reveal: what goes on once it is done), or at the end; ``decks`` holds the four decks
    that are rebuilt, the maps deck is the map cards not in play. What lies on each slot
    follows from the dice and ``struck``; the phase, the hero's slots and a won game
    from the rest. The cards are accounted for by the notation before this is called."""
    cards = start.cards
    side = cards.map_sides[map_face]
    if room not in side.rooms:
        raise Illegal(f"{side.name} ({map_face}) has no room {room} (rooms: {' '.join(map(str, side.rooms))})", "room")
    if hp > cards.health:
        raise Illegal(f"health is never above {cards.health}", "hp")
    if hp < 1 and step != OVER:
        raise Illegal("health below 1 ends the game at once: the step is over", "step")
    entering = step == REVEAL and resume == ARRIVE
    if turn == 1 and step not in _FIRST_TURN_STEPS and not entering:
        raise Illegal("turn 1 is the hero's choice and the first path: it has no roll, penalty or loot", "step")
    if turn > 1 and step == SETUP:
        raise Illegal("the hero is chosen in turn 1", "step")
    if (hero is None) != (step == SETUP):
        raise Illegal("the hero is chosen first, in turn 1 (step=hero), and then is always there", "hero")
    if hero is not None and hero not in cards.heroes:
        raise Illegal(f"no hero '{hero}' in this set (heroes: {' '.join(cards.heroes)})", "hero")
    if step == SETUP and (foes or traps or held or room != side.start or any(d.value is not None for d in dice)):
        raise Illegal("before the hero is chosen the pawn stands in the start room, and nothing is out", "step")
    if room != side.start and not entered:
        raise Illegal(f"room {room} is not the start room ({side.start}): a room was entered", "entered")
    arrived = step in (ARRIVE, OVER) or entering
    if entered > turn - (0 if arrived else 1) or (turn > 1 and not entered):
        most = turn if arrived else turn - 1
        raise Illegal(f"a turn ends by entering a room at most once: in turn {turn} at this step, 1 to {most}", "entered")
    over_hand = len(held) - cards.hand
    if over_hand > 0 and step not in (LOOT, ARRIVE) and not entering:
        raise Illegal(
            f"holding more than {cards.hand} is set right at once, after a loot or a room's cards (step loot or arrive)", "held"
        )
    if step == ARRIVE and over_hand <= 0:
        raise Illegal(
            f"a room's cards are out and the hand holds {cards.hand} or fewer: the next turn has begun (step roll)", "step"
        )
    # the table: enemies, what fills their slots, the dice
    slots: dict[str, list[Optional[str]]] = {}
    for foe in foes:
        slots[foe] = [None] * len(cards.enemy(foe).slots)
    hero_slots: list[Optional[str]] = [None] * (len(cards.heroes[hero].slots) if hero is not None else 0)
    for card, index in struck:
        if card not in slots:
            raise Illegal(f"{card} is not an enemy in play (foes: {' '.join(foes) or 'none'})", "struck")
        if not 0 <= index < len(slots[card]):
            raise Illegal(f"{card} has {_count(len(slots[card]), 'slot')}", "struck")
        if slots[card][index] is not None:
            raise Illegal(f"{_ref(card, index)} is struck twice", "struck")
        slots[card][index] = STRUCK
    for name, die in zip(DICE, dice):
        if die.where is None:
            continue
        card, index = die.where
        assert die.value is not None  # a die on a slot was rolled: the notation reads no other
        if card == hero:
            row, least = hero_slots, cards.heroes[card].slots[index].min if index < len(hero_slots) else 0
        elif card in slots:
            row, least = slots[card], cards.enemy(card).slots[index].min if index < len(slots[card]) else 0
        else:
            raise Illegal(f"die {name} lies on {card}, which is neither the hero nor an enemy in play", "dice")
        if not 0 <= index < len(row):
            raise Illegal(f"{card} has {_count(len(row), 'slot')}", "dice")
        if row[index] is not None:
            what = "is struck" if row[index] == STRUCK else f"holds die {row[index]}"
            raise Illegal(f"{_ref(card, index)} {what} already", "dice")
        if die.value < least:
            raise Illegal(f"die {name} shows {die.value}, and {_ref(card, index)} takes {least} or more", "dice")
        row[index] = name
    table = tuple(Foe(foe, foe not in cards.monsters, tuple(slots[foe])) for foe in foes)
    if rolled and step not in (PLACE, ROLLING):
        raise Illegal("dice wait to be placed only right after their roll (step place)", "rolled")
    if bool(rolling) != (step == ROLLING):
        raise Illegal("dice picked up are rolled at once: they wait only at step rolling, and there at least one", "rolling")
    for name in rolling:
        die = dice[DICE.index(name)]
        if die.where is not None or name in rolled:
            raise Illegal(f"die {name} was picked up to be rolled: it lies on no slot and is not rolled yet", "rolling")
    for name in rolled:
        die = dice[DICE.index(name)]
        if die.value is None or die.where is not None:
            raise Illegal(
                f"die {name} {'was never rolled' if die.value is None else 'lies on a slot'}: it is not waiting to be placed",
                "rolled",
            )
    # what the step needs
    defeated = [f.id for f in table if f.defeated]
    if step == PROCEED and foes:
        raise Illegal(
            f"you proceed only when no enemy is left, and {' '.join(foes)} {'is' if len(foes) == 1 else 'are'} in play", "step"
        )
    if step == LOOT and not defeated and over_hand <= 0:
        raise Illegal("no enemy is defeated, and the hand is in order: there is nothing to loot (step roll or proceed)", "step")
    if step == OVER and hp >= 1 and (room != side.boss or foes):
        raise Illegal(f"with health left the game ends only by leaving the boss room ({side.boss}) with no enemy left", "step")
    if step == OVER and hp >= 1 and traps:
        raise Illegal("the traps are discarded when you proceed, out of the dungeon too: a game won has none", "traps")
    if penalties and not (step == SUFFER or (step == OVER and hp < 1) or (step == REVEAL and resume == SUFFER)):
        raise Illegal(
            "penalties wait to be suffered only at steps suffer and reveal (and over, when one of them killed)", "penalties"
        )
    if bool(reveals) != (step == REVEAL):
        raise Illegal("cards are revealed at once: they wait only at steps enter and reveal, and there at least one", "reveals")
    if reveals and not len(decks[reveals[0]]):
        word = DECK_WORD[reveals[0]]
        raise Illegal(
            f"the {word} deck is empty: it is rebuilt from its discard (or skipped) before a card is revealed", "reveals"
        )
    order: list[tuple[str, Optional[int]]] = [(f, i) for f in foes for i in range(len(slots[f]))]
    order.extend((t, None) for t in traps if cards.traps[t].effect.kind == "hurt")
    for card, slot in penalties:
        if (card, slot) not in order:
            what = "an empty slot of an enemy in play, or a hurting trap in play"
            raise Illegal(f"{_ref(card, slot)} is not a penalty here: a penalty is {what}", "penalties")
    places = [order.index(p) for p in penalties]
    if places != sorted(set(places)):
        raise Illegal(
            "penalties are suffered in table order, each once: enemies as revealed, slots left to right, then traps", "penalties"
        )
    state = CassetteState(cards)
    state.turn = turn
    state.step = step
    state.hp = hp
    state.map = map_face
    state.room = room
    state.hero = hero
    state.foes = table
    state.traps = traps
    state.held = held
    state.dice = dice
    state.hero_slots = tuple(hero_slots)
    state.rolling = rolling
    state.rolled = rolled
    state.penalties = penalties
    state.reveals = reveals
    state.resume = resume
    state.warded = warded
    state.decks = {"maps": unknown([c[0].id for c in cards.maps if c[0].id != cards.card_key(map_face)]), **decks}
    state.discards = dict(discards)
    state.entered = entered
    state.won = step == OVER and hp >= 1
    state.phase = state._phase_now()
    if step == SUFFER and not state.pending_penalties():
        raise Illegal("no penalty is left to suffer: every one given is suffered or filled", "penalties")
    return state


# -- helpers ---------------------------------------------------------------------------


def _ref(card: str, index: Optional[int]) -> str:
    return card if index is None else f"{card}.{index + 1}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _die_text(name: str, die: Die) -> str:
    if die.value is None:
        return name
    text = f"{name}{die.value}"
    if die.where is not None:
        text += f"@{_ref(die.where[0], die.where[1])}"
    return text


def _subsets(dice: tuple[str, ...]) -> list[Pick]:
    out = []
    for mask in range(1, 1 << len(dice)):
        out.append(Pick(tuple(d for i, d in enumerate(dice) if mask >> i & 1)))
    return out


# -- the game --------------------------------------------------------------------------


class CassetteDungeons(Game[CassetteState]):
    name = "cassette-dungeons"
    title = "Cassette Dungeons!"
    variants: Mapping[str, str] = {}

    def __init__(self, default: CardSet):
        self.default = default  # the built-in set, read by the game module (not here)

    def card_set(self, options: Optional[Mapping[str, Any]]) -> CardSet:
        cards = (options or {}).get("cards")
        return cards if cards is not None else self.default

    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        cards = self.card_set(options)
        return [(p, cards.faces(p)) for p in PILES]

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """Scores from the rules: a win scores the health left (at most the card set's
        health), a loss the rooms entered (at most one a card of the set). A chance event
        is a die (six faces) or a card of the largest deck. The most choices (placings of
        four dice on a room's slots) and the longest game: measured under 60 choices and
        160 events with the built-in set, declared with room to spare."""
        cards = self.card_set(options)
        piles = [cards.faces(p) for p in PILES]
        rooms = sum(len(faces) for faces in piles)
        return GameInfo(0, max(cards.health, rooms), 1000, 1024, max(6, *(len(set(faces)) for faces in piles)))

    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Cards]] = None,
    ) -> CassetteState:
        cards = self.card_set(options)
        state = CassetteState(cards)
        decks = {}
        for p in PILES:
            keys = list(dict.fromkeys(cards.card_key(f) for f in cards.faces(p)))
            decks[p] = ordered_by(order[p], keys, cards.card_key) if order is not None else unknown(keys)
        state.decks = decks
        return state
