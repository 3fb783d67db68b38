"""The RPG solitaire playing card dungeon (Mark Ainsworth, version 8), as
dungeon_cli/games/rpg_solitaire/rules.md settles it.

A turn is a queue of steps: chance steps draw from a pile, decision steps wait for the
player, and the combat round and the retreat resolve by themselves. Keeping the rest of
the turn as data (``steps``) is what lets one ``apply`` take a single card or choice and
still know, for a record read token by token, what has to come next.
"""

from __future__ import annotations

from typing import Any, Final, Literal, Mapping, Optional, Sequence, Union, final

from ...kit.cards import CARDS, JOKER, Card, deck
from ...kit.core import (
    Cards,
    Chance,
    Draw,
    Frozen,
    Game,
    GameInfo,
    Illegal,
    Objective,
    Phase,
    Result,
    State,
    compiled_module,
    refused_draw,
)
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

DEFAULT_DECKS: Final = 3
MAX_DECKS: Final = 8
ENTRANCE: Final = CARDS["Ks"]

ROOMS: Final = "rooms"
PILE_OF_SUIT: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
PILE_NAMES: Final = {suit: f"{pile} pile" for suit, pile in PILE_OF_SUIT.items()}
SUIT_WORD: Final = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
STAT_OF_SUIT: Final = {"s": "armor", "h": "health", "c": "attack"}


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


@final
class Place(Frozen):
    """Put the turn's room card beyond the door ``side`` of your room, with ``doors`` as its
    other doors, and walk in."""

    __match_args__ = ("side", "doors")

    def __init__(self, side: str, doors: frozenset[str] = frozenset()) -> None:
        self.side: Final = side
        self.doors: Final = doors

    def _fields(self) -> tuple[str, frozenset[str]]:
        return (self.side, self.doors)


class _Towards(Frozen):
    """An action towards the joined room on ``side``."""

    __match_args__ = ("side",)

    def __init__(self, side: str) -> None:
        self.side: Final = side

    def _fields(self) -> tuple[str]:
        return (self.side,)


@final
class MoveTo(_Towards):
    """Walk into the joined room on ``side``."""


@final
class Keep(Frozen):
    """Keep the gear card just drawn in place of yours."""


@final
class DropCard(Frozen):
    """Leave the gear card just drawn: it goes under its pile."""


@final
class Pick(Frozen):
    """Spend a lockpick on the exit's lock."""


@final
class Stop(Frozen):
    """After a failed attempt at the lock: try no more this turn."""


@final
class Fight(_Towards):
    """Go into the joined room on ``side``, where a monster stands, and fight it: the text's
    re-entering a room with an undefeated monster (a plain move may not go there)."""


@final
class Resign(Frozen):
    pass


KEEP: Final = Keep()
DROP: Final = DropCard()
PICK: Final = Pick()
STOP: Final = Stop()
RESIGN: Final = Resign()

# Every action of the game: the player's, and chance's draw.
Action = Union[Place, MoveTo, Keep, DropCard, Pick, Stop, Fight, Resign, Draw]

# Steps of a turn. The first names what it does; a second item is the suit it draws.
ROOM: Final = "room"
ACT: Final = "act"
GEAR: Final = "gear"
CHOOSE: Final = "choose"
MONSTER: Final = "monster"
COMBAT: Final = "combat"
TREASURE: Final = "treasure"
POTION: Final = "potion"
RENEW: Final = "renew"
RETREAT: Final = "retreat"
BOSS: Final = "boss"
LOCK: Final = "lock"
STAT: Final = "stat"
AGAIN: Final = "again"
DECISIONS: Final = {ACT, CHOOSE, AGAIN}
AUTOMATIC: Final = {COMBAT, RETREAT}
ROOM_DRAWS: Final = {ROOM}
GAMBLE_SUIT: Final = "d"  # the lock gamble is played with the diamonds pile (rules page, section 8)

ENDINGS: Final = {
    "escaped": "you picked the lock and escaped",
    "trapped": "trapped: no free door is left and the exit was never found",
    "no exit": "the exit's card (the joker) was discarded before it was placed: the exit cannot be found",
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


_WHAT: Final[dict[Step, str]] = {}


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


# How _copy makes a new state: see kit.core.compiled_module.
_NATIVE: Final = compiled_module(__file__)


@final
class RpgState(State[Action]):
    __slots__ = (
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
        "burns",
        "burnt",
    )

    # How the game was told, not where it stands: the turn's news and the last turn's (for
    # the map's reader), the cards drawn since the last choice (typed draws in seeded play)
    # and a gear card just dropped unasked (for keep's message). They follow from the moves
    # that led here, so they are no part of what the player observes: a position, which
    # has no moves behind it, observes as the game it was cut from (rules page, Positions).
    unobserved = frozenset({"news", "told", "dealt", "dropped"})

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
        self.burns = False  # variant "discard": a room card not placed is discarded, not put under
        self.burnt: tuple[Card, ...] = ()  # the room cards discarded so, in order (face up: seen)

    def _copy(self) -> "RpgState":
        # Spelled out: the hot path of every walk and search (a class compiled by mypyc
        # has no __slots__ to loop over). Made by object's ``__new__`` in pure Python,
        # which skips __init__; compiled, by the class's native constructor (_NATIVE,
        # kit.core.compiled_module), so __init__ builds nothing: its values are shared
        # constants.
        new = RpgState() if _NATIVE else RpgState.__new__(RpgState)
        new.turn = self.turn
        new.phase = self.phase
        new.stock = self.stock
        new.grid = self.grid
        new.pos = self.pos
        new.came_from = self.came_from
        new.armor = self.armor
        new.health = self.health
        new.attack = self.attack
        new.treasure = self.treasure
        new.lockpicks = self.lockpicks
        new.hand = self.hand
        new.steps = self.steps
        new.gear = self.gear
        new.through = self.through
        new.outcome = self.outcome
        new.boss = self.boss
        new.ending = self.ending
        new.dropped = self.dropped
        new.news = self.news
        new.told = self.told
        new.dealt = self.dealt
        new.last_turn = self.last_turn
        new.burns = self.burns
        new.burnt = self.burnt
        return new

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

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.DECISION:
            return []
        step = self.step
        assert step is not None  # a decision waits on the turn's first step
        if step[0] == CHOOSE:
            return [KEEP, DROP, RESIGN]
        if step == (AGAIN,):
            return [PICK, STOP, RESIGN]
        actions: list[Action] = []
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

    def apply(self, action: Action) -> "RpgState":
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
            if JOKER in self.burnt and not exit_placed(self.grid):
                self._over("no exit")
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
        """The turn's room card, not placed, goes under the room deck (rules page, section
        4), or under the variant ``discard`` is discarded (section 12)."""
        if self.hand is not None and self.burns:
            self.burnt += (self.hand,)
            self.hand = None
        elif self.hand is not None:
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


_NO_MONSTER: Final = Monster(None, None, None)  # a room's monster before its first card


def monster_text(monster: Optional[Monster]) -> str:
    if monster is None:
        return "-"
    return "/".join(str(c) if c is not None else "-" for c in monster.cards())


_MOVES: Final = {side: MoveTo(side) for side in SIDES}  # the actions, made once: legal_actions runs at every decision
_FIGHTS: Final = {side: Fight(side) for side in SIDES}
_PLACINGS: Final[dict[tuple[str, int], tuple[Place, ...]]] = {}


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
        name = "room deck" if step[0] in ROOM_DRAWS else PILE_NAMES[step[1]]
        raise refused_draw(exc, pile, card, name, "gives", gone="no {card} is left in the {name}") from None


# -- positions (NOTATION.md section 9; rules page, Positions) ---------------------------


def pile_cards(state: RpgState) -> dict[str, list[Card]]:
    """Every pile of the game ``state`` is in, as ``RpgSolitaire.deck`` deals it (the
    entrance king aside): the decks are the ones whose torch the state burns."""
    decks = next(d for d in range(1, MAX_DECKS + 1) if last_turn(d) == state.last_turn)
    return {ROOMS: room_deck(decks), **{PILE_OF_SUIT[suit]: suit_pile(suit, decks) for suit in "shdc"}}


def game_cards(state: RpgState) -> list[Card]:
    """Every card of the game ``state`` is in, pile by pile."""
    return [card for cards in pile_cards(state).values() for card in cards]


def map_where(index: int) -> str:
    """``Illegal.where`` for the ``index``-th placed room of a position's map (0: the first
    placed after the entrance), so that the notation can point at its spelling."""
    return f"map:{index}"


def is_room_card(card: Card) -> bool:
    return card.is_joker or card.rank in (11, 12, 13)


def positioned(
    start: RpgState,
    *,
    turn: int,
    pos: Pos,
    back: Optional[str],
    stats: tuple[Optional[Card], Optional[Card], Optional[Card]],
    treasure: int,
    lockpicks: int,
    hand: Optional[Card],
    gear: Optional[Card],
    again: bool,
    rooms: Sequence[tuple[Pos, Room]],
    stock: Mapping[str, Pile[Card]],
    out: Sequence[Card],
    ending: Optional[str] = None,
    burnt: Sequence[Card] = (),
) -> RpgState:
    """The state a position gives (NOTATION.md section 9), from the setup's ``start`` (its
    decks, hence its piles' names and its torch); ``Illegal(message, where=KEY)`` for a
    state the rules cannot reach (a room of the map: ``map_where(i)``).

    A position stands at a turn's start or where the player decides; which of them, and
    what the turn still holds, follows from the rest: a gear card waiting (``gear``) is
    kept or dropped, then the turn goes on as an entry does (the club's draw after a
    spade's; a new room's monster; the round); ``again`` is the lock that held; a room
    card in ``hand`` waits to be played; with neither, the turn starts (its room card to
    draw), or has no room card when the room deck is empty. Nothing of a combat round is
    pending at a decision: a round and its draws end the turn. ``ending`` (a key of
    ``ENDINGS``): the game is over, ended so."""
    if turn > start.last_turn:
        raise Illegal(f"the torch allows {start.last_turn} turns with these decks: turn {turn} never comes", "turn")
    armor, health, attack = stats
    for suit, card in zip("shc", stats):
        if card is not None and (card.suit != suit or not 2 <= card.rank <= 10):
            raise Illegal(f"your {STAT_OF_SUIT[suit]} is a {SUIT_WORD[suit]} from 2 to 10, not {card}", "stats")
    if health is None or attack is None:
        stat = "health" if health is None else "attack"
        raise Illegal(f"your {stat} is never missing: the card drawn at setup is only ever replaced by another", "stats")
    grid: dict[Pos, Room] = {(0, 0): Room(ENTRANCE, ENTRANCE_DOORS, entrance=True)}
    for index, (place, room) in enumerate(rooms):
        _check_room(grid, place, room, map_where(index))
        grid[place] = room
    if pos not in grid:
        raise Illegal(f"no room lies at {pos[0]},{pos[1]}: you stand in a room of the map", "at")
    here = grid[pos]
    came_from: Optional[Pos] = None
    if back is None:
        if pos != (0, 0) or turn != 1:
            raise Illegal("you came into this room from another: only in turn 1, at the entrance, has no door led you in", "back")
    else:
        came_from = beyond(pos, back)
        if came_from not in grid or not joined(grid, pos, back):
            raise Illegal(f"no door joins this room to a room to the {SIDE_NAMES[back]}: you came in by a door", "back")
    if hand is not None and not is_room_card(hand):
        raise Illegal(f"{hand} is not a room card: an ace drawn is a lockpick, and the turn's room card is J, Q, K or JK", "hand")
    if sum(1 for held in (hand is not None, gear is not None, again) if held) > 1:
        raise Illegal(
            "a room card in hand, a gear card to keep and a lock that held are each a different moment of a turn", "hand"
        )
    new = _unfinished_room(grid, pos, gear)
    if new is not None and new != pos:
        index = list(grid).index(new) - 1
        raise Illegal(
            f"no monster was drawn for {grid[new].card}: a room gets its monster the turn it is placed", map_where(index)
        )
    if gear is not None:
        _check_gear(gear, stats, here, pos, rooms)
    if again and not (here.is_exit and lockpicks):
        raise Illegal("the lock held, and you may pick again: only in the exit room, with a lockpick left", "again")
    out_aces = sum(1 for card in out if card.rank == 1)
    for card in out:
        if card.rank != 1 and card.suit != "h":
            raise Illegal(f"out holds the aces taken as lockpicks and the hearts of slain monsters, not {card}", "out")
        if card.rank != 1 and not 2 <= card.rank <= 10:
            raise Illegal(f"{card} is not a card of the hearts pile: a slain monster's heart is a 2 to 10", "out")
    slain = sum(1 for room in grid.values() if room.cleared)
    if len(out) - out_aces > slain:
        hearts = len(out) - out_aces
        were = "monster was" if slain == 1 else "monsters were"
        raise Illegal(
            f"out holds {hearts} heart{'s' if hearts != 1 else ''}, and {slain} {were} slain (rooms marked :x): each leaves one out",
            "out",
        )
    if lockpicks > out_aces:
        raise Illegal(f"{lockpicks} lockpicks need as many aces drawn, and out holds {out_aces}", "lockpicks")
    for name, pile in stock.items():
        for card in pile.cards():
            problem = _not_of_pile(name, card)
            if problem is not None:
                raise Illegal(problem, name)
    state = RpgState()
    state.turn = turn
    # The unknown cards in the order the game's piles are dealt in (a table's piles hold
    # them so), so that chance offers them in the order the game it was cut from does.
    dealt = pile_cards(start)
    state.stock = {
        name: Pile(
            {card: pile.hidden[card] for card in dict.fromkeys(dealt[name]) if card in pile.hidden}, pile.known, pile.secret
        )
        for name, pile in stock.items()
    }
    state.grid = grid
    state.pos = pos
    state.came_from = came_from
    state.armor, state.health, state.attack = stats
    state.treasure = treasure
    state.lockpicks = lockpicks
    state.hand = hand
    state.gear = gear
    state.last_turn = start.last_turn
    state.burns = start.burns  # variant "discard": and the room cards it discarded, in order
    if burnt and not start.burns:
        raise Illegal("room cards are discarded under the variant discard alone", "burnt")
    state.burnt = tuple(burnt)
    if ending is not None:
        _check_ending(ending, state)
        state._over(ending)
        return state
    if gear is not None:
        steps: list[Step] = [(CHOOSE,)] + ([(GEAR, "c")] if gear.suit == "s" else [])
        if here.monster is None and not here.is_exit:
            steps += [(MONSTER, "s"), (MONSTER, "h"), (MONSTER, "c")]
        if not here.is_exit:
            steps.append((COMBAT,))
        state.steps = tuple(steps)
        state.phase = Phase.DECISION
        return state
    if again:
        state.steps = ((AGAIN,),)
        state.phase = Phase.DECISION
        return state
    # A turn's start, or its room card drawn: the endings checked as the turn began did not hold.
    if not any_free_door(grid) and not exit_placed(grid):
        raise Illegal(f"the game was over before this turn: {ENDINGS['trapped']}", "map")
    if not lockpicks and not _has_ace(stock[ROOMS]):
        raise Illegal(f"the game was over before this turn: {ENDINGS['no lockpicks']}", "lockpicks")
    state.steps = ((ACT,),) if hand is not None else ((ROOM,),)
    state._settle()
    return state


def _check_ending(ending: str, state: RpgState) -> None:
    """Whether the game can have ended so, standing as ``state`` does."""
    if ending not in ENDINGS:
        raise Illegal(f"a game ends {', '.join(ENDINGS)}, not {ending}", "over")
    if ending == "resigned":
        return  # at any decision, whatever was in hand
    if state.hand is not None or state.gear is not None:
        raise Illegal(f"the game ended {ending} with the turn's room card or a gear card still to play", "over")
    if ending == "escaped":
        if not state.room.is_exit:
            raise Illegal("you escape through the exit room's lock, and you stand elsewhere", "over")
    elif ending == "trapped":
        if any_free_door(state.grid) or exit_placed(state.grid):
            raise Illegal("trapped: no free door is left and the exit was never found; this map has one or the other", "over")
    elif ending == "no lockpicks":
        if state.lockpicks or _has_ace(state.stock[ROOMS]):
            raise Illegal("no lockpicks: none is held and no ace is left in the room deck; here one is", "over")
    elif ending == "no exit":
        if JOKER not in state.burnt or exit_placed(state.grid):
            raise Illegal("no exit: the joker was discarded before the exit was placed; here it was not", "over")
    elif state.turn != state.last_turn:
        raise Illegal(f"the torch burns out as turn {state.last_turn} ends, not turn {state.turn}", "over")


def _check_room(grid: Mapping[Pos, Room], place: Pos, room: Room, where: str) -> None:
    """A room of a position's map, placed after the rooms before it (``grid``)."""
    card = room.card
    at = f"{place[0]},{place[1]}"
    if not is_room_card(card):
        raise Illegal(f"{card} is not a room: rooms are jacks, queens, kings and the joker", where)
    if place in grid:
        raise Illegal(f"a room lies at {at} already: one room a square", where)
    if len(room.doors) != door_count(card):
        raise Illegal(
            f"a {room_name(card)} has {door_count(card)} door{'s' if door_count(card) > 1 else ''}, not {len(room.doors)}", where
        )
    if not any(
        (there := beyond(place, side)) in grid and OPPOSITE[side] in grid[there].doors and side in room.doors for side in SIDES
    ):
        raise Illegal(f"{card} at {at} was never placed: it lies beyond a door of an earlier room, with its own door back", where)
    if card.is_joker and (room.monster is not None or room.cleared):
        raise Illegal("the exit room has no monster: its boss is the lock", where)
    if room.monster is not None:
        for suit, part in zip("shc", room.monster.cards()):
            if part is not None and (part.suit != suit or not 2 <= part.rank <= 10):
                raise Illegal(f"a monster's {STAT_OF_SUIT[suit]} is a {SUIT_WORD[suit]} from 2 to 10, not {part}", where)


def _unfinished_room(grid: Mapping[Pos, Room], pos: Pos, gear: Optional[Card]) -> Optional[Pos]:
    """A room placed whose monster was never drawn, if there is one: only the room just
    placed, where you stand with a gear card to keep or drop, may be one."""
    last = list(grid)[-1]
    for place, room in grid.items():
        if room.monster is None and not room.cleared and not room.is_exit and not room.entrance:
            if place == pos and place == last and gear is not None:
                continue
            return place
    return None


def _check_gear(gear: Card, stats: tuple[Optional[Card], ...], here: Room, pos: Pos, rooms: Sequence[tuple[Pos, Room]]) -> None:
    if gear.suit not in "sc" or not 2 <= gear.rank <= 10:
        raise Illegal(f"gear is a spade or a club from 2 to 10, found on entering a room, not {gear}", "gear")
    old = stats[0] if gear.suit == "s" else stats[2]
    if not higher(gear, old):
        raise Illegal(f"{gear} is not higher than your {STAT_OF_SUIT[gear.suit]} {old}: it was dropped unasked", "gear")
    if here.entrance or here.cleared:
        raise Illegal("gear is found on entering a new room or a monster's: not this one", "gear")
    if here.is_exit and rooms[-1][0] != pos:
        raise Illegal("gear is found on entering the exit room the turn it is placed", "gear")


def _not_of_pile(name: str, card: Card) -> Optional[str]:
    if name == ROOMS:
        if card.rank == 1 or is_room_card(card):
            return None
        return f"{card} is not a room card: the room deck holds aces, jacks, queens, kings and one joker"
    suit = next(s for s, pile in PILE_OF_SUIT.items() if pile == name)
    if card.suit != suit or not 2 <= card.rank <= 10:
        return f"{card} is not a card of the {name} pile: it holds the 2 to 10 of {name}"
    return None


class RpgSolitaire(Game[RpgState]):
    name = "rpg-solitaire"
    title = "The RPG solitaire playing card dungeon"
    variants: Mapping[str, str] = {
        "discard": "a room card not placed is discarded, not put under the room deck: walking burns the dungeon",
    }
    # the source's own measure: the treasure carried out (a loss carries none out)
    objective = Objective.SCORE
    score_word = "treasure"

    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        decks = _decks(options)
        piles: list[tuple[str, Cards]] = [(ROOMS, room_deck(decks))]
        return piles + [(PILE_OF_SUIT[s], suit_pile(s, decks)) for s in "shdc"]

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """Scores from the rules: a loss scores 0, a win the treasure, which is at most
        every card's rank in every pile. A draw is one of the cards of the largest pile.
        The most choices and the longest game grow with the decks: measured at most 10
        choices and about 200 events a deck in random and greedy play, declared with
        room to spare."""
        piles = self.deck(variant, options)
        treasure = sum(card.rank for _, cards in piles for card in cards if card is not JOKER)
        decks = _decks(options)
        return GameInfo(0, treasure, 500 * decks, 64, max(len(set(cards)) for _, cards in piles))

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
        state.burns = variant == "discard"
        state.steps = ((STAT, "s"), (STAT, "h"), (STAT, "c"))
        state._settle()
        return state


def _decks(options: Optional[Mapping[str, Any]]) -> int:
    decks = (options or {}).get("decks", DEFAULT_DECKS)
    if not isinstance(decks, int) or not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks must be a whole number from 1 to {MAX_DECKS}")
    return decks
