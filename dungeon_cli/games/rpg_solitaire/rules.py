"""The RPG solitaire playing card dungeon (Mark Ainsworth, version 8), as
dungeon_cli/games/rpg_solitaire/rules.md settles it.

A turn is a queue of steps: chance steps draw from a pile, decision steps wait for the
player, and the combat round and the retreat resolve by themselves. Keeping the rest of
the turn as data (``steps``) is what lets one ``apply`` take a single card or choice and
still know, for a record read token by token, what has to come next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Optional, Sequence

from ...kit.cards import CARDS, JOKER, Card, deck
from ...kit.core import Cards, Chance, Draw, Game, Illegal, Phase, Result, State
from ...kit.piles import NotInPile, Pile
from .grid import (
    ENTRANCE_DOORS,
    OPPOSITE,
    SIDE_NAMES,
    SIDES,
    Monster,
    Pos,
    Room,
    any_free_door,
    beyond,
    door_count,
    exit_placed,
    free_doors,
    joined,
    room_name,
    side_towards,
)

DEFAULT_DECKS = 3
MAX_DECKS = 8
ENTRANCE = CARDS["Ks"]

ROOMS = "rooms"
PILE_OF_SUIT = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_WORD = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
STAT_OF_SUIT = {"s": "armor", "h": "health", "c": "attack"}


def room_deck(decks: int) -> list[Card]:
    """Aces and faces of every deck, less the entrance king, plus one joker (documented order)."""
    cards = deck(ranks="AJQK") * decks
    cards.remove(ENTRANCE)
    cards.append(JOKER)
    return cards


def last_turn(decks: int) -> int:
    """The torch: a game lasts at most twice as many turns as the room deck has cards."""
    return 2 * len(room_deck(decks))


def suit_pile(suit: str, decks: int) -> list[Card]:
    return deck(suits=suit, ranks="23456789T") * decks


def lockpicks_text(n: int) -> str:
    return "1 lockpick" if n == 1 else f"{n} lockpicks"


def value(card: Optional[Card]) -> int:
    """A stat card's value (2-10), or a gamble card's (J 11, Q 12, K 13); nothing is 0."""
    return 0 if card is None else card.rank


def higher(new: Card, old: Optional[Card]) -> bool:
    return old is None or new.rank > old.rank


# -- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Put the turn's room card beyond the door ``side`` of your room, with ``doors`` as its
    other doors, and walk in."""

    side: str
    doors: frozenset[str] = frozenset()


@dataclass(frozen=True)
class MoveTo:
    side: str


@dataclass(frozen=True)
class Keep:
    """Keep the gear card just drawn in place of yours."""


@dataclass(frozen=True)
class DropCard:
    """Leave the gear card just drawn: it goes under its pile."""


@dataclass(frozen=True)
class Pick:
    """Spend a lockpick on the exit's lock."""


@dataclass(frozen=True)
class Stop:
    """After a failed attempt at the lock: try no more this turn."""


@dataclass(frozen=True)
class Fight:
    """Go into the joined room on ``side``, where a monster stands, and fight it: the text's
    re-entering a room with an undefeated monster (a plain move may not go there)."""

    side: str


@dataclass(frozen=True)
class Resign:
    pass


KEEP, DROP, PICK, STOP, RESIGN = Keep(), DropCard(), Pick(), Stop(), Resign()

# Steps of a turn. The first names what it does; a second item is the suit it draws.
ROOM, ACT, GEAR, CHOOSE, MONSTER, COMBAT, TREASURE, POTION, RENEW, RETREAT, BOSS, LOCK, STAT, AGAIN = (
    "room",
    "act",
    "gear",
    "choose",
    "monster",
    "combat",
    "treasure",
    "potion",
    "renew",
    "retreat",
    "boss",
    "lock",
    "stat",
    "again",
)
DECISIONS = {ACT, CHOOSE, AGAIN}
AUTOMATIC = {COMBAT, RETREAT}
ROOM_DRAWS = {ROOM}
GAMBLE_SUIT = "d"  # the lock gamble is played with the diamonds pile (rules page, section 8)

ENDINGS = {
    "escaped": "you picked the lock and escaped",
    "trapped": "trapped: no free door is left and the exit was never found",
    "no lockpicks": "no lockpick is held and no ace is left in the room deck: the exit cannot be opened",
    "out of time": "the torch burnt out: the last turn ended and you had not escaped",
    "resigned": "you resigned",
}


# A step of the turn still to come: (kind,) or (kind, suit).
Step = tuple[str, ...]

# Why a move or a fight is barred (``RpgState.move_problem`` says it in a player's words).
Bar = Literal["blocked", "unplaced", "wall", "no door", "monster", "no monster"]


def _what(step: Step) -> str:
    """The pending draw, in a player's words (shown as '... is missing'): written once a
    step, since every draw's ``Chance`` carries it."""
    text = _WHAT.get(step)
    if text is None:
        text = _WHAT[step] = _what_text(step)
    return text


_WHAT: dict[Step, str] = {}


def _what_text(step: Step) -> str:
    kind = step[0]
    suit = step[1] if len(step) > 1 else ""
    if kind == ROOM:
        return "the turn's room card (from the room deck)"
    if kind == STAT:
        return f"your starting {STAT_OF_SUIT[suit]} (a {SUIT_WORD[suit]})"
    if kind == GEAR:
        return f"the gear {SUIT_WORD[suit]} found on entering"
    if kind == MONSTER:
        return f"the monster's {STAT_OF_SUIT[suit]} (a {SUIT_WORD[suit]})"
    if kind == TREASURE:
        return "the treasure diamond"
    if kind == POTION:
        return "the potion heart"
    if kind == RENEW:
        return f"your new {STAT_OF_SUIT[suit]} (a {SUIT_WORD[suit]})"
    if kind == BOSS:
        return "the boss's card (a diamond)"
    if kind == LOCK:
        return "your card against the lock (a diamond)"
    return str(kind)


def _pile_of(step: Step) -> str:
    return ROOMS if step[0] in ROOM_DRAWS else PILE_OF_SUIT[step[1]]


class RpgState(State):
    __slots__ = (
        "turn",
        "phase",
        "stock",
        "grid",
        "pos",
        "came_from",
        "armor",
        "health",
        "attack",
        "treasure",
        "lockpicks",
        "hand",
        "steps",
        "gear",
        "through",
        "outcome",
        "boss",
        "ending",
        "dropped",
        "news",
        "told",
        "dealt",
        "last_turn",
    )

    def __init__(self) -> None:
        self.turn = 0
        self.phase = Phase.CHANCE
        self.stock: dict[str, Pile[Card]] = {}  # pile name -> pile
        self.grid: dict[Pos, Room] = {}
        self.pos: Pos = (0, 0)
        self.came_from: Optional[Pos] = None  # the room you entered this one from
        self.armor: Optional[Card] = None
        self.health: Optional[Card] = None
        self.attack: Optional[Card] = None
        self.treasure = 0
        self.lockpicks = 0
        self.hand: Optional[Card] = None  # the turn's room card, until it is placed or put under
        self.steps: tuple[Step, ...] = ()
        self.gear: Optional[Card] = None  # a drawn gear card waiting for keep or drop
        self.through = False  # your blow got through the armor in this round
        self.outcome: Optional[str] = None  # "win", "loss" or "stand-off" of this round
        self.boss: Optional[Card] = None
        self.ending: Optional[str] = None
        self.dropped: Optional[tuple[Card, Optional[Card]]] = None  # a gear card just dropped unasked
        self.news: tuple[str, ...] = ()  # what happened this turn, for the map's reader
        self.told: tuple[str, ...] = ()  # the news of the turn that ended last
        self.dealt: tuple[Card, ...] = ()  # the cards drawn since the last choice, in order
        self.last_turn = 0  # the game is lost when this turn ends without an escape (set at start)

    # -- what the player sees ------------------------------------------------------------

    @property
    def room(self) -> Room:
        return self.grid[self.pos]

    @property
    def step(self) -> Optional[Step]:
        return self.steps[0] if self.steps else None

    @property
    def back_side(self) -> Optional[str]:
        return side_towards(self.pos, self.came_from) if self.came_from is not None else None

    def stat(self, suit: str) -> Optional[Card]:
        return {"s": self.armor, "h": self.health, "c": self.attack}[suit]

    def can_place(self) -> bool:
        return self.hand is not None and self.room.monster is None and bool(free_doors(self.grid, self.pos))

    # -- the interface -------------------------------------------------------------------

    def chance(self) -> Chance:
        if self.phase is not Phase.CHANCE:
            raise Illegal("no card is drawn now")
        step = self.steps[0]
        name = _pile_of(step)
        pile = self.stock[name]
        return Chance(name, _what(step), pile.candidates(), pile.next_known, pile.weights())

    def legal_actions(self) -> list[Any]:
        if self.phase is not Phase.DECISION:
            return []
        step = self.step
        assert step is not None  # a decision waits on the turn's first step
        if step[0] == CHOOSE:
            return [KEEP, DROP, RESIGN]
        if step == (AGAIN,):
            return [PICK, STOP, RESIGN]
        actions: list[Any] = []
        room = self.grid[self.pos]
        if room.monster is None and self.hand is not None:
            need = door_count(self.hand) - 1
            for side in free_doors(self.grid, self.pos):
                actions.extend(_placings(side, need))
        for side in SIDES:
            if self._move_bar(side) is None:
                actions.append(_MOVES[side])
            elif self._fight_bar(side) is None:
                actions.append(_FIGHTS[side])
        if room.is_exit and self.lockpicks:
            actions.append(PICK)
        actions.append(RESIGN)
        return actions

    def apply(self, action: Any) -> "RpgState":
        if self.phase is Phase.OVER:
            raise Illegal("the game is over: no action may follow")
        if isinstance(action, Draw):
            return self._draw(action.outcome)
        if isinstance(action, Keep):
            return self._keep(True)
        if isinstance(action, DropCard):
            return self._keep(False)
        if self.phase is Phase.CHANCE:
            raise Illegal(f"{_what(self.steps[0])} is drawn first")
        if isinstance(action, Resign):
            new = self._copy()
            new._over("resigned")
            return new
        step = self.step
        assert step is not None  # neither over nor chance: a decision waits on the turn's first step
        if step[0] == CHOOSE:
            raise Illegal(f"first keep or drop the {self.gear} just drawn")
        if isinstance(action, Stop):
            if self.step != (AGAIN,):
                raise Illegal("stop ends your attempts at the lock after one failed; none has failed this turn")
            new = self._copy()
            new.steps = self.steps[1:]
            new.dealt = ()
            new._settle()
            return new
        if isinstance(action, Pick):
            return self._pick()
        if self.step == (AGAIN,):
            raise Illegal(f"the lock held: pick again (you hold {lockpicks_text(self.lockpicks)}), or stop (your turn is spent)")
        if isinstance(action, Fight):
            return self._fight(action.side)
        if isinstance(action, Place):
            return self._place(action)
        if isinstance(action, MoveTo):
            return self._move(action.side)
        raise Illegal(f"not an RPG solitaire action: {action!r}")

    def result(self) -> Optional[Result]:
        if self.phase is not Phase.OVER:
            return None
        if self.ending == "escaped":
            return Result(True, self.treasure)
        return Result(False, 0)

    def checkpoint(self) -> dict[str, Any]:
        monster = self.room.monster
        return {
            "at": f"{self.pos[0]},{self.pos[1]}",
            "stats": (self.armor, self.health, self.attack),
            "monster": monster.cards() if monster is not None else None,
            "treasure": self.treasure,
            "lockpicks": self.lockpicks,
            "deck": len(self.stock[ROOMS]),
        }

    def piles(self) -> Mapping[str, int]:
        return {name: len(pile) for name, pile in self.stock.items()}

    def unfinished(self) -> str:
        if self.phase is Phase.CHANCE:
            return f"{_what(self.steps[0])} is missing"
        step = self.step
        assert step is not None  # an unfinished turn that waits on no draw waits on a decision, its first step
        if step[0] == CHOOSE:
            return f"the gear card {self.gear} waits: keep it or drop it"
        if self.step == (AGAIN,):
            return f"the lock held: pick again ({lockpicks_text(self.lockpicks)} left) or stop"
        if self.hand is None:
            return "no room card was drawn (every room is placed): move, fight, pick the lock or resign"
        return f"the room card {self.hand} waits: place it, move, pick the lock or resign"

    # -- decisions -----------------------------------------------------------------------

    def _place(self, action: Place) -> "RpgState":
        room = self.room
        side = action.side
        if room.monster is not None:
            raise Illegal(self._blocked_message())
        if self.hand is None:
            raise Illegal("every room card is on the map: there is no room card to place this turn")
        target = beyond(self.pos, side)
        if side not in room.doors:
            raise Illegal(f"this room has no door to the {SIDE_NAMES[side]}")
        if target in self.grid:
            raise Illegal(f"the door to the {SIDE_NAMES[side]} opens into a room already there: move into it with {side}")
        card = self.hand
        assert card is not None
        back = OPPOSITE[side]
        if back in action.doors:
            raise Illegal(f"{back} is the door you come in by: after / name only the {room_name(card)}'s other doors")
        need = door_count(card) - 1
        if len(action.doors) != need:
            raise Illegal(_door_help(card, side))
        new = self._copy()
        new.grid = dict(self.grid)
        new.grid[target] = Room(card, frozenset(action.doors) | {back})
        new.came_from, new.pos = self.pos, target
        new.hand = None
        new.dealt = ()
        steps: list[Step] = [(GEAR, "s"), (GEAR, "c")]
        if not card.is_joker:
            steps += [(MONSTER, "s"), (MONSTER, "h"), (MONSTER, "c"), (COMBAT,)]
        new.steps = tuple(steps) + self.steps[1:]
        new._say(f"placed {card} to the {SIDE_NAMES[side]}")
        new._settle()
        return new

    # Why a move or a fight is barred, first as a short reason (``_move_bar``, ``_fight_bar``:
    # what ``legal_actions`` asks of every side at every decision, so no message is
    # written there), then in a player's words (``move_problem``, ``fight_problem``).

    def _move_bar(self, side: str) -> Optional[Bar]:
        target = beyond(self.pos, side)
        if self.grid[self.pos].monster is not None and target != self.came_from:
            return "blocked"
        if target not in self.grid:
            return "unplaced" if side in self.grid[self.pos].doors else "wall"
        if not joined(self.grid, self.pos, side):
            return "no door"
        if self.grid[target].monster is not None:
            return "monster"
        return None

    def _fight_bar(self, side: str) -> Optional[Bar]:
        target = beyond(self.pos, side)
        room = self.grid.get(target)
        if room is None or room.monster is None:
            return "no monster"
        if self.grid[self.pos].monster is not None and target != self.came_from:
            return "blocked"
        if not joined(self.grid, self.pos, side):
            return "no door"
        return None

    def move_problem(self, side: str) -> Optional[str]:
        bar = self._move_bar(side)
        if bar is None:
            return None
        if bar == "blocked":
            return self._blocked_message()
        if bar == "unplaced":
            return f"no room lies to the {SIDE_NAMES[side]} yet: place the room card there with @{side}"
        if bar == "wall":
            return f"there is a wall to the {SIDE_NAMES[side]} and no room beyond it"
        if bar == "no door":
            return f"a wall stands between this room and the room to the {SIDE_NAMES[side]}: no door joins them"
        monster = self.grid[beyond(self.pos, side)].monster
        return (
            f"the monster {monster_text(monster)} still stands in the room to the {SIDE_NAMES[side]}: "
            f"you may move only into rooms without a monster; to go in and fight it, write x{side}"
        )

    def fight_problem(self, side: str) -> Optional[str]:
        bar = self._fight_bar(side)
        if bar is None:
            return None
        if bar == "no monster":
            return f"no monster stands in a room to the {SIDE_NAMES[side]}: x{side} goes into a monster's room and fights it"
        if bar == "blocked":
            return self._blocked_message()
        return f"a wall stands between this room and the room to the {SIDE_NAMES[side]}: no door joins them"

    def _blocked_message(self) -> str:
        monster = monster_text(self.room.monster)
        back = self.back_side
        return f"the monster {monster} blocks the way on: you may leave this room only back {back}, the way you came in"

    def _move(self, side: str) -> "RpgState":
        problem = self.move_problem(side)
        if problem is not None:
            raise Illegal(problem)
        new = self._copy()
        new._hand_away()
        new.dealt = ()
        target = beyond(self.pos, side)
        new.came_from, new.pos = self.pos, target
        new._say(f"moved {SIDE_NAMES[side]}")
        new.steps = self.steps[1:]
        new._settle()
        return new

    def _fight(self, side: str) -> "RpgState":
        problem = self.fight_problem(side)
        if problem is not None:
            raise Illegal(problem)
        new = self._copy()
        new._hand_away()
        new.dealt = ()
        new.came_from, new.pos = self.pos, beyond(self.pos, side)
        new._say(f"went {SIDE_NAMES[side]} to fight the monster")
        new.steps = ((GEAR, "s"), (GEAR, "c"), (COMBAT,)) + self.steps[1:]
        new._settle()
        return new

    def _pick(self) -> "RpgState":
        if not self.room.is_exit:
            raise Illegal("the lock is on the exit door, in the joker's room: you are not there")
        if not self.lockpicks:
            raise Illegal("you have no lockpick to try the lock with (each ace drawn from the room deck is one)")
        new = self._copy()
        new._hand_away()
        new.dealt = ()
        new.lockpicks -= 1
        new.steps = ((BOSS, GAMBLE_SUIT), (LOCK, GAMBLE_SUIT)) + self.steps[1:]
        new._settle()
        return new

    def _keep(self, keep: bool) -> "RpgState":
        if self.phase is Phase.OVER:
            raise Illegal("the game is over: no action may follow")
        if self.step is None or self.step[0] != CHOOSE:
            if keep and self.dropped is not None:
                card, old = self.dropped
                stat = STAT_OF_SUIT[card.suit]
                raise Illegal(f"{card} is not higher than your {stat} {old}: only a higher card may be kept")
            raise Illegal("no drawn gear card waits to be kept or dropped now")
        assert self.gear is not None  # a CHOOSE step waits on a drawn gear card
        card = self.gear
        new = self._copy()
        new.gear = None
        new.dealt = ()
        suit = card.suit
        if keep:
            old = self.stat(suit)
            new._set_stat(suit, card)
            if old is not None:
                new._discard(old)
            new._say(f"kept {card} as {STAT_OF_SUIT[suit]}{_was(old)}")
        else:
            new._discard(card)
        new.steps = self.steps[1:]
        new._settle()
        return new

    # -- chance ------------------------------------------------------------------------

    def _draw(self, card: Any) -> "RpgState":
        if self.phase is not Phase.CHANCE:
            if self.step is not None and self.step[0] == CHOOSE:
                raise Illegal(f"first keep or drop the {self.gear} just drawn")
            raise Illegal(f"no card is drawn now: the room card {self.hand} is drawn, choose what to do")
        step = self.steps[0]
        pile_name = _pile_of(step)
        new = self._copy()
        new.stock = dict(self.stock)
        new.stock[pile_name] = _take(step, self.stock[pile_name], card)
        new.dropped = None
        new.dealt = self.dealt + (card,)
        kind = step[0]
        rest = self.steps[1:]
        if kind in ROOM_DRAWS and card.rank == 1:
            new.lockpicks += 1
            new._say(f"{card} is a lockpick")
            new._settle()
            return new
        if kind == ROOM:
            new.hand = card
            new.steps = ((ACT,),) + rest
        elif kind == STAT:
            new._set_stat(card.suit, card)
            new.steps = rest
        elif kind == GEAR:
            old = self.stat(card.suit)
            if higher(card, old):
                new.gear = card
                new.steps = ((CHOOSE,),) + rest
            else:
                new.dropped = (card, old)
                new._discard(card)
                new.steps = rest
        elif kind == MONSTER:
            new._monster_card(card)
            new.steps = rest
        elif kind == TREASURE:
            if self.outcome == "win":
                new.treasure += card.rank
                new._say(f"treasure +{card.rank}")
            else:
                new.treasure = max(0, self.treasure - card.rank)
                new._say(f"treasure -{card.rank}")
            new._discard(card)
            new.steps = rest
        elif kind == POTION:
            old = self.health
            # A win keeps the higher heart, a loss the lower; in a stand-off the blow decides.
            up = self.outcome == "win" or (self.outcome == "stand-off" and self.through)
            better = higher(card, old) if up else (old is None or card.rank < old.rank)
            if better:
                new.health = card
                if old is not None:
                    new._discard(old)
                new._say(f"new health {card} from the potion{_was(old)}")
            else:
                new._discard(card)
            new.steps = rest
        elif kind == RENEW:
            old = self.stat(card.suit)
            new._set_stat(card.suit, card)
            if old is not None:
                new._discard(old)
            new._say(f"new {STAT_OF_SUIT[card.suit]} {card}{_was(old)}")
            new.steps = rest
        elif kind == BOSS:
            new.boss = card
            new.steps = rest
        elif kind == LOCK:
            boss = self.boss
            assert boss is not None
            new.stock[pile_name] = new.stock[pile_name].put_under([boss, card])
            new.boss = None
            if card.rank >= boss.rank:
                new._say(f"{card} against the boss's {boss}: the lock opens")
                new._over("escaped")
                return new
            new._say(f"{card} against the boss's {boss}: the lockpick breaks")
            new.steps = (((AGAIN,),) if new.lockpicks else ()) + rest
        new._settle()
        return new

    # -- automatic steps ------------------------------------------------------------------

    def _settle(self) -> None:
        """Run automatic steps and skip draws from empty piles until the turn needs a card
        or a choice; end the turn when nothing is left in it."""
        while True:
            if self.phase is Phase.OVER:
                return
            if not self.steps:
                self._end_turn()
                continue
            step = self.steps[0]
            kind = step[0]
            if kind in DECISIONS:
                self.phase = Phase.DECISION
                return
            if kind == COMBAT:
                self._combat()
                continue
            if kind == RETREAT:
                back = self.came_from
                assert back is not None  # combat is only fought in a room entered from another one
                self.pos, self.came_from = back, self.pos
                self._say("driven back the way you came")
                self.steps = self.steps[1:]
                continue
            if len(self.stock[_pile_of(step)]):
                self.phase = Phase.CHANCE
                return
            if kind == ROOM:
                self.steps = ((ACT,),) + self.steps[1:]  # every room is placed: a turn without a room card
                continue
            if kind == BOSS:
                self.boss = None  # cannot happen (diamonds always come back), but never stall
            self.steps = self.steps[1:]  # an empty suit pile: the draw does not happen

    def _end_turn(self) -> None:
        if self.turn > 0:
            if not any_free_door(self.grid) and not exit_placed(self.grid):
                self._over("trapped")
                return
            if not self.lockpicks and not _has_ace(self.stock[ROOMS]):
                self._over("no lockpicks")
                return
            if self.turn >= self.last_turn:
                self._over("out of time")
                return
        self.turn += 1
        self.outcome = None
        self.through = False
        self.told, self.news = self.news, ()
        self.steps = ((ROOM,),)

    def _combat(self) -> None:
        room = self.room
        monster = room.monster
        assert monster is not None
        attack = value(self.attack)
        through = monster.armor is None or attack >= value(monster.armor)
        if monster.armor is not None and through:
            self._discard(monster.armor)
            monster = Monster(None, monster.health, monster.attack)
        won = through and attack >= value(monster.health)
        lost = False
        broken: Optional[Card] = None  # your armor, if the counter-attack breaks it
        if won:
            if monster.attack is not None:
                self._discard(monster.attack)
            self._set_room(room.with_monster(None, cleared=True))
            self.outcome = "win"
        else:
            self._set_room(room.with_monster(monster))
            hit = value(monster.attack)
            struck = self.armor is None or hit >= value(self.armor)
            broken = self.armor if struck else None
            if broken is not None:
                self._discard(broken)
                self.armor = None
            lost = struck and hit >= value(self.health)
            self.outcome = "loss" if lost else "stand-off"
        self.through = through
        told = {"win": "you slew it", "loss": "it beat you", "stand-off": "a stand-off"}[self.outcome]
        self._say(f"fought the monster {monster_text(room.monster)} (armor/health/attack): {told}")
        if broken is not None:
            self._say(f"your armor {broken} broke")
        after: list[Step] = [(TREASURE, "d")] if self.outcome != "stand-off" else []
        after += [(POTION, "h"), (RENEW, "s"), (RENEW, "c")]
        if lost:
            after.append((RETREAT,))
        self.steps = tuple(after) + self.steps[1:]

    # -- bookkeeping ---------------------------------------------------------------------

    def _monster_card(self, card: Card) -> None:
        room = self.room
        monster = room.monster or _NO_MONSTER
        suit = card.suit
        if suit == "s":
            monster = Monster(card, monster.health, monster.attack)
        elif suit == "h":
            monster = Monster(monster.armor, card, monster.attack)
        elif suit == "c":
            monster = Monster(monster.armor, monster.health, card)
        else:
            raise KeyError(suit)  # a monster is spades, hearts and clubs
        self._set_room(room.with_monster(monster))

    def _set_room(self, room: Room) -> None:
        self.grid = dict(self.grid)
        self.grid[self.pos] = room

    def _set_stat(self, suit: str, card: Optional[Card]) -> None:
        setattr(self, STAT_OF_SUIT[suit], card)

    def _discard(self, card: Card) -> None:
        """A discarded stat card goes face down under its own pile (rules page, section 9)."""
        name = PILE_OF_SUIT[card.suit]
        self.stock = dict(self.stock)
        self.stock[name] = self.stock[name].put_under([card])

    def _hand_away(self) -> None:
        """The turn's room card, not placed, goes under the room deck (rules page, section 4)."""
        if self.hand is not None:
            self.stock = dict(self.stock)
            self.stock[ROOMS] = self.stock[ROOMS].put_under([self.hand])
            self.hand = None

    def _over(self, ending: str) -> None:
        self.ending = ending
        self.told = self.news
        self.phase = Phase.OVER
        self.steps = ()

    def _say(self, text: str) -> None:
        self.news = self.news + (text,)


def _was(old: Optional[Card]) -> str:
    """What a stat card replaced, for the turn's words (every change of a stat is said)."""
    return f" (was {old})" if old is not None else " (was none)"


_NO_MONSTER = Monster(None, None, None)  # a room's monster before its first card


def monster_text(monster: Optional[Monster]) -> str:
    if monster is None:
        return "-"
    return "/".join(str(c) if c is not None else "-" for c in monster.cards())


_MOVES = {side: MoveTo(side) for side in SIDES}  # the actions, made once: legal_actions runs at every decision
_FIGHTS = {side: Fight(side) for side in SIDES}
_PLACINGS: dict[tuple[str, int], tuple[Place, ...]] = {}


def _placings(side: str, need: int) -> tuple[Place, ...]:
    """Every way to place a room card with ``need`` doors besides the one you come in by,
    beyond the door ``side``: made once for each side and number of doors."""
    placings = _PLACINGS.get((side, need))
    if placings is None:
        others = [s for s in SIDES if s != OPPOSITE[side]]
        placings = _PLACINGS[side, need] = tuple(Place(side, frozenset(doors)) for doors in _subsets(others, need))
    return placings


def _subsets(items: Sequence[str], size: int) -> list[tuple[str, ...]]:
    if size == 0:
        return [()]
    if len(items) < size:
        return []
    head, rest = items[0], items[1:]
    return [(head,) + tail for tail in _subsets(rest, size - 1)] + _subsets(rest, size)


def _door_help(card: Card, side: str) -> str:
    name = room_name(card)
    if door_count(card) == 1:
        return f"a {name} has one door, the one you come in by: write @{side} with nothing after it"
    across = [s for s in SIDES if s not in (side, OPPOSITE[side])]
    if door_count(card) == 2:
        return f"a {name} has two doors, the one you come in by and one more: name one side after /, like @{side}/{across[0]}"
    return (
        f"a {name} has three doors, the one you come in by and two more: "
        f"name two sides after /, like @{side}/{across[0]}{across[1]}"
    )


def _has_ace(pile: Pile[Card]) -> bool:
    return any(c.rank == 1 for c in pile.hidden) or any(c.rank == 1 for c in pile.known)


def _fits(step: Step, card: Any) -> Optional[str]:
    """Why ``card`` cannot come from the pile this step draws from, or None."""
    if not isinstance(card, Card):
        return f"{card} is not a card"
    if step[0] in ROOM_DRAWS:
        if card.is_joker or card.rank in (1, 11, 12, 13):
            return None
        return f"{card} is not a room card: the room deck holds aces, jacks, queens, kings and one joker"
    suit = step[1]
    pile = PILE_OF_SUIT[suit]
    if card.suit != suit:
        return f"{_what(step)} comes next, and {card} is not a {SUIT_WORD[suit]}"
    if not 2 <= card.rank <= 10:
        return f"{card} is not in the {pile} pile: it holds the 2 to 10 of {pile}"
    return None


def _take(step: Step, pile: Pile[Card], card: Card) -> Pile[Card]:
    problem = _fits(step, card)
    if problem is not None:
        raise Illegal(problem)
    try:
        return pile.draw(card)
    except NotInPile as exc:
        name = "room deck" if step[0] in ROOM_DRAWS else f"{PILE_OF_SUIT[step[1]]} pile"
        if exc.expected is not None:
            raise Illegal(f"the {name} gives {exc.expected} next here, not {card}") from None
        if card in pile.known:
            above = sum(pile.hidden.values())
            raise Illegal(f"{card} went under the {name}: the {above} cards above it come first") from None
        raise Illegal(f"no {card} is left in the {name}") from None


class RpgSolitaire(Game[RpgState]):
    name = "rpg-solitaire"
    title = "The RPG solitaire playing card dungeon"
    variants: dict[str, str] = {}

    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        decks = _decks(options)
        piles: list[tuple[str, Cards]] = [(ROOMS, room_deck(decks))]
        return piles + [(PILE_OF_SUIT[s], suit_pile(s, decks)) for s in "shdc"]

    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Cards]] = None,
    ) -> RpgState:
        state = RpgState()
        for name, cards in self.deck(variant, options):
            state.stock[name] = Pile.ordered(order[name]) if order is not None else Pile.unknown(cards)
        state.grid = {(0, 0): Room(ENTRANCE, ENTRANCE_DOORS, entrance=True)}
        state.last_turn = last_turn(_decks(options))
        state.steps = ((STAT, "s"), (STAT, "h"), (STAT, "c"))
        state._settle()
        return state


def _decks(options: Optional[Mapping[str, Any]]) -> int:
    decks = (options or {}).get("decks", DEFAULT_DECKS)
    if not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks must be a whole number from 1 to {MAX_DECKS}")
    return decks
