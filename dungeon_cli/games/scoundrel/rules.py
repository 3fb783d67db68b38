"""Scoundrel (Zach Gage and Kurt Bieg, 2011) as DGN section 6 fixes it.

Deck: clubs and spades A-K are monsters (2-10 face value, J 11, Q 12, K 13, A 14),
diamonds 2-10 weapons, hearts 2-10 potions; health starts at 20 and never exceeds it.
Each turn the room is filled to four cards (or what the dungeon has left); the player
runs from it or resolves all but one card (all of them once the dungeon is empty).

Variant ``strict-weapon``: a weapon that has struck may strike only monsters strictly
lower than the last one it struck.
"""

from __future__ import annotations

from typing import Any, Final, Mapping, Optional, final

from ...kit.cards import CARDS as ALL_CARDS
from ...kit.cards import Card, deck
from ...kit.core import Cards, Chance, Draw, Game, GameInfo, Illegal, Phase, Result, State, compiled_module, refused_draw
from ...kit.piles import NotInPile, Pile

MAX_HP: Final = 20
ROOM: Final = 4
DUNGEON: Final = "dungeon"
DEALT: Final = ("dealt {cards} into the room", "dealt {cards} into the room")  # a turn's words (Chance.told)
CARDS: Final = deck(suits="sc") + deck(suits="dh", ranks="23456789T")
CARD_SET: Final = frozenset(CARDS)


def value(card: Card) -> int:
    """A card's value: 2-10 face value, J 11, Q 12, K 13, A 14."""
    return 14 if card.rank == 1 else card.rank


def is_monster(card: Card) -> bool:
    return card.suit in "sc"


def is_weapon(card: Card) -> bool:
    return card.suit == "d"


def is_potion(card: Card) -> bool:
    return card.suit == "h"


# -- the rules in whole numbers --------------------------------------------------------------
# One source for what a card does, for the core below and for the bots, the solver and
# the playout, which work on card values rather than states (tests/bots/test_playouts.py and
# tests/games/scoundrel/test_scoundrel_rules.py hold them to the core).

FRESH: Final = 15  # the cap of a weapon that has struck nothing: above every monster


def may_strike(monster: int, cap: int, strict: bool) -> bool:
    """A weapon whose last monster struck had value ``cap`` (``FRESH``: none) may
    strike a monster of this value: at most the last, or under strict-weapon lower."""
    return monster < cap if strict else monster <= cap


def fight(hp: int, monster: int, weapon: int = 0) -> int:
    """Health after fighting a monster: bare-handed (``weapon`` 0) its value is lost;
    struck with a weapon, what the weapon does not take off, never below nothing."""
    return hp - monster + weapon if monster > weapon else hp


def drink(hp: int, potion: int) -> int:
    """Health after the first potion of a room: never above the maximum."""
    return hp + potion if hp + potion < MAX_HP else MAX_HP


def win_score(hp: int, last_drunk: int) -> int:
    """A win scores health, and at full health the value of a potion drunk last."""
    return hp + last_drunk if hp == MAX_HP else hp


def loss_score(hp: int, unresolved: int) -> int:
    """A loss scores health less the value of every monster not yet resolved."""
    return hp - unresolved


class _Act:
    """A player action on one card; equal when of the same kind on the same card."""

    __slots__ = ("card",)

    def __init__(self, card: Card):
        self.card = card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Act) and type(other) is type(self) and other.card is self.card

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.card.text))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card})"

    def __reduce__(self) -> tuple[type["_Act"], tuple[Card]]:
        # Pickled and copied through __init__ (see kit.core.Frozen).
        return type(self), (self.card,)


@final
class Resolve(_Act):
    """Resolve a card of the room: drink a potion, equip a weapon, fight a monster bare-handed."""

    __slots__ = ()


@final
class Strike(_Act):
    """Fight a monster with the equipped weapon."""

    __slots__ = ()


@final
class Run:
    """Avoid the room: its cards go under the dungeon in the order they are in the room."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Run

    def __hash__(self) -> int:
        return hash("Run")

    def __repr__(self) -> str:
        return "Run()"


RUN: Final = Run()
Action = Resolve | Strike | Run | Draw
# One action object per card, shared by every state (they are immutable values).
_RESOLVE: Final = {card: Resolve(card) for card in CARDS}
_STRIKE: Final = {card: Strike(card) for card in CARDS if is_monster(card)}
# What each card is worth to the hot paths below, looked up rather than worked out:
# its value, and what it adds to a loss's unresolved monsters (0 for all but monsters).
_VALUE: Final = {card: value(card) for card in ALL_CARDS.values()}
_MONSTER_WORTH: Final = {card: value(card) if is_monster(card) else 0 for card in ALL_CARDS.values()}
_CHANCE: Final = Phase.CHANCE
_DECISION: Final = Phase.DECISION
_OVER: Final = Phase.OVER
# Piles never change once built, so every game at a table starts from the same one.
_EMPTY: Final[Pile[Card]] = Pile.unknown(())
_SHUFFLED: Final = Pile.unknown(CARDS)


# How _copy makes a new state: see kit.core.compiled_module.
_NATIVE: Final = compiled_module(__file__)


@final
class ScoundrelState(State[Action]):
    __slots__ = (
        "dungeon",
        "room",
        "hp",
        "weapon",
        "slain",
        "drank",
        "resolved",
        "ran_last",
        "last",
        "strict",
        "to_resolve",
    )
    # The unseen cards line up in the deck's documented order before a resample shuffles
    # them: the order the strong player sampled in before the API had resample.
    card_order = {card: index for index, card in enumerate(CARDS)}

    def __init__(self) -> None:
        self.turn = 1
        self.phase = Phase.CHANCE
        self.dungeon: Pile[Card] = _EMPTY
        self.room: tuple[Card, ...] = ()  # the cards of the room not yet resolved, in order
        self.hp = MAX_HP
        self.weapon: Optional[Card] = None
        self.slain: tuple[Card, ...] = ()  # monsters struck by the weapon, in order
        self.drank = False  # a potion was drunk in this room
        self.resolved = 0  # cards resolved in this room
        self.ran_last = False  # the previous room was avoided
        self.last: Optional[tuple[Card, bool]] = None  # last card resolved, and was it drunk
        self.strict = False
        self.to_resolve = 0  # how many cards this room must resolve

    def _copy(self) -> "ScoundrelState":
        # Spelled out rather than a loop over __slots__: this is the hot path of every
        # simulation and search (three times faster than getattr/setattr). Made by
        # object's ``__new__`` in pure Python, which skips __init__; compiled, by the
        # class's native constructor (_NATIVE, kit.core.compiled_module), so __init__
        # builds nothing.
        new = ScoundrelState() if _NATIVE else ScoundrelState.__new__(ScoundrelState)
        new.turn = self.turn
        new.phase = self.phase
        new.dungeon = self.dungeon
        new.room = self.room
        new.hp = self.hp
        new.weapon = self.weapon
        new.slain = self.slain
        new.drank = self.drank
        new.resolved = self.resolved
        new.ran_last = self.ran_last
        new.last = self.last
        new.strict = self.strict
        new.to_resolve = self.to_resolve
        return new

    # -- what the player knows -----------------------------------------------------------

    @property
    def last_struck(self) -> Optional[Card]:
        return self.slain[-1] if self.slain else None

    @property
    def left(self) -> int:
        return len(self.dungeon)

    @property
    def can_run(self) -> bool:
        return self.phase is Phase.DECISION and self.resolved == 0 and not self.ran_last

    def can_strike(self, monster: Card) -> bool:
        if self.weapon is None:
            return False
        return may_strike(value(monster), value(self.slain[-1]) if self.slain else FRESH, self.strict)

    def damage(self, action: Resolve | Strike) -> int:
        """Health a fight would cost (0 for potions and weapons)."""
        card = action.card
        if not is_monster(card):
            return 0
        if isinstance(action, Strike):
            assert self.weapon is not None
            return self.hp - fight(self.hp, value(card), value(self.weapon))
        return value(card)

    # -- the interface ---------------------------------------------------------------

    def chance(self) -> Chance:
        if self.phase is not Phase.CHANCE:
            raise Illegal("no card is dealt now")
        return Chance(
            DUNGEON,
            "a card of the room, from the dungeon",
            self.dungeon.candidates(),
            self.dungeon.next_known,
            self.dungeon.weights(),
            DEALT,
        )

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.DECISION:
            return []
        actions: list[Action] = [RUN] if self.resolved == 0 and not self.ran_last else []
        weapon = self.weapon
        cap = value(self.slain[-1]) if self.slain else FRESH
        strict = self.strict
        for card in self.room:
            actions.append(_RESOLVE[card])
            if weapon is not None and card.suit in "sc" and may_strike(value(card), cap, strict):
                actions.append(_STRIKE[card])
        return actions

    def apply(self, action: Action) -> "ScoundrelState":
        phase = self.phase
        if phase is _OVER:
            raise Illegal("the game is over: no action may follow")
        # the exact classes first: this is every step of every game
        if type(action) is Draw or isinstance(action, Draw):
            return self._deal(action.outcome)  # _deal refuses what is no card of the deck
        if phase is _CHANCE:
            raise Illegal("the room is not complete yet: " + self.chance().what + " comes first")
        if type(action) is Resolve or type(action) is Strike or isinstance(action, (Resolve, Strike)):
            return self._resolve(action)
        if isinstance(action, Run):
            return self._run()
        raise Illegal(f"not a Scoundrel action: {action!r}")

    def result(self) -> Optional[Result]:
        if self.phase is not Phase.OVER:
            return None
        if self.hp <= 0:
            worth = _MONSTER_WORTH.__getitem__
            unresolved = sum(map(worth, self.room)) + sum(map(worth, self.dungeon.cards()))
            return Result(False, loss_score(self.hp, unresolved))
        drunk = value(self.last[0]) if self.last is not None and self.last[1] else 0
        return Result(True, win_score(self.hp, drunk))

    def checkpoint(self) -> dict[str, Any]:
        weapon: Any = None
        if self.weapon is not None:
            weapon = (self.weapon, self.last_struck) if self.slain else self.weapon
        return {"hp": self.hp, "weapon": weapon, "left": len(self.dungeon)}

    def piles(self) -> Mapping[str, int]:
        return {DUNGEON: len(self.dungeon)}

    def unfinished(self) -> str:
        if self.phase is Phase.CHANCE:
            if len(self.room) <= 1:  # nothing dealt yet this turn (at most the carried card)
                left = len(self.dungeon)
                return f"the next room is still to be dealt ({left} card{'s' if left != 1 else ''} in the dungeon)"
            return f"the room is not complete: {self.chance().what} is missing"
        more = self.to_resolve - self.resolved
        cards = "card" if more == 1 else "cards"
        return f"{more} more {cards} of this room must be resolved"

    # -- transitions -------------------------------------------------------------------

    def _deal(self, card: Any) -> "ScoundrelState":
        if self.phase is not _CHANCE:
            raise Illegal("the room is complete: no more cards are dealt this turn")
        if card not in CARD_SET:
            raise Illegal("not in a Scoundrel deck (it has no jokers, red faces or red aces)")
        try:
            dungeon = self.dungeon.draw(card)
        except NotInPile as exc:
            raise refused_draw(
                exc, self.dungeon, card, "dungeon", gone="no longer in the dungeon: it was dealt already"
            ) from None
        new = self._copy()
        new.dungeon = dungeon
        room = new.room = self.room + (card,)
        # _settle, spelt out for the commonest step of all (the phase is CHANCE already)
        left = dungeon.size
        if not left or len(room) >= ROOM:
            new.phase = _DECISION
            new.to_resolve = len(room) - 1 if left else len(room)
        return new

    def _run(self) -> "ScoundrelState":
        if self.resolved:
            raise Illegal("a room can be avoided only before any of its cards is resolved")
        if self.ran_last:
            raise Illegal("the last room was avoided: this one must be faced")
        new = self._copy()
        new.dungeon = self.dungeon.put_under(self.room)
        new.room = ()
        new.ran_last = True
        new._next_turn()
        return new

    def _resolve(self, action: Resolve | Strike) -> "ScoundrelState":
        card = action.card
        room = self.room
        if card not in room:
            shown = " ".join(str(c) for c in room)
            raise Illegal(f"not in this room (the room holds {shown})")
        new = self._copy()
        at = room.index(card)
        new.room = room[:at] + room[at + 1 :]
        drunk = False
        if isinstance(action, Strike):
            if not is_monster(card):
                raise Illegal(f"only monsters are struck; {card} is a {_kind(card)}")
            if self.weapon is None:
                raise Illegal(f"no weapon is equipped to strike {card} with")
            if not self.can_strike(card):
                last = self.last_struck
                assert last is not None  # a weapon that may not strike has struck before
                bound = "lower than" if self.strict else "at most"
                raise Illegal(
                    f"weapon {self.weapon} last struck {last}, so it cannot strike {card} (only monsters {bound} {value(last)})"
                )
            new.hp = fight(self.hp, _VALUE[card], _VALUE[self.weapon])
            new.slain = self.slain + (card,)
        else:
            suit = card.suit
            if suit in "sc":  # a monster (is_monster), fought bare-handed
                new.hp = fight(self.hp, _VALUE[card])
            elif suit == "d":  # a weapon
                new.weapon = card
                new.slain = ()
            elif not self.drank:  # a potion: only the first of a room has an effect
                new.hp = drink(self.hp, _VALUE[card])
                new.drank = True
                drunk = True
        new.last = (card, drunk)
        new.resolved = self.resolved + 1
        if new.hp <= 0:
            new.phase = _OVER
            return new
        if new.resolved >= self.to_resolve:
            if not new.room and not new.dungeon.size:
                new.phase = _OVER
            else:
                new.ran_last = False
                new._next_turn()
        return new

    def _next_turn(self) -> None:
        self.turn += 1
        self.drank = False
        self.resolved = 0
        self.phase = Phase.CHANCE
        self._settle()

    def _settle(self) -> None:
        """Deal on until the room is full, then the player decides."""
        left = self.dungeon.size
        if left and len(self.room) < ROOM:
            self.phase = _CHANCE
            return
        self.phase = _DECISION
        self.to_resolve = len(self.room) - 1 if left else len(self.room)


def positioned(
    start: ScoundrelState,
    *,
    turn: int,
    hp: int,
    weapon: Optional[Card],
    slain: tuple[Card, ...],
    room: tuple[Card, ...],
    dungeon: Pile[Card],
    ran: bool,
    resolved: int,
    drank: bool,
) -> ScoundrelState:
    """The state a position gives (NOTATION.md section 9), from the setup's ``start``
    (its variant); ``Illegal(message, where=KEY)`` for a state the rules cannot reach.
    The phase and the cards this room must resolve follow from the rest: a room is being
    dealt until it holds four cards (or the dungeon is empty) and nothing of it is
    resolved. Which card was resolved last is left out: it counts only in a game's last
    room, and a position before an action always has one more to come."""
    if hp > MAX_HP:
        raise Illegal(f"health is never above {MAX_HP}", "hp")
    if weapon is not None and not is_weapon(weapon):
        raise Illegal(f"{weapon} is not a weapon: weapons are the diamonds 2-10", "weapon")
    if slain and weapon is None:
        raise Illegal("monsters are on a weapon, and there is none", "weapon")
    for card in slain:
        if not is_monster(card):
            raise Illegal(f"{card} is not a monster: only monsters are struck", "weapon")
    for before, after in zip(slain, slain[1:]):
        if not may_strike(value(after), value(before), start.strict):
            bound = "lower than" if start.strict else "at most"
            raise Illegal(f"a weapon that struck {before} strikes only monsters {bound} {value(before)}, not {after}", "weapon")
    if len(room) + resolved > ROOM:
        raise Illegal(f"a room holds {ROOM} cards: {len(room)} left and {resolved} resolved are more", "resolved")
    if drank and not resolved:
        raise Illegal("a potion was drunk in this room, and nothing of it is resolved", "drank")
    if ran and turn == 1:
        raise Illegal("no room was avoided before the first", "ran")
    state = ScoundrelState()
    state.strict = start.strict
    state.turn = turn
    state.hp = hp
    state.weapon = weapon
    state.slain = slain
    state.room = room
    state.dungeon = dungeon
    state.ran_last = ran
    state.resolved = resolved
    state.drank = drank
    if hp <= 0 or (not room and not dungeon.size):
        state.phase = _OVER
        return state
    if resolved:
        state.phase = _DECISION
        dealt = len(room) + resolved
        state.to_resolve = dealt - 1 if dungeon.size else dealt
        if resolved >= state.to_resolve:
            raise Illegal(f"{resolved} cards of this room are resolved: it was over, and the next room dealt", "resolved")
        return state
    state._settle()
    return state


def _kind(card: Card) -> str:
    return "weapon" if is_weapon(card) else "potion" if is_potion(card) else "monster"


class Scoundrel(Game[ScoundrelState]):
    name = "scoundrel"
    title = "Scoundrel"
    variants: Mapping[str, str] = {
        "strict-weapon": "a weapon that has struck may strike only monsters strictly lower than the last",
    }

    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        return [(DUNGEON, CARDS)]

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """Scores from the rules: a loss is health (at worst 1 - 14) less the monsters
        left (at most all 208 of them), a win at most full health and a last potion (20
        + 10). A room of four offers at most nine choices (run, and each card resolved or
        struck with the weapon); a deal is one of 44 cards. The longest game: measured
        under 120 events in random and greedy play, declared with room to spare."""
        return GameInfo(1 - 14 - 208, MAX_HP + 10, 300, 1 + 2 * ROOM, 44)

    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Cards]] = None,
    ) -> ScoundrelState:
        state = ScoundrelState()
        state.strict = variant == "strict-weapon"
        state.dungeon = Pile.ordered(order[DUNGEON]) if order is not None else _SHUFFLED
        state._settle()
        return state
