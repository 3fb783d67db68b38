"""RPG solitaire's DGN words (rules page, section 11).

DEALT is the room deck's draws at the start of a turn; ACTIONS are the choices (``@n/e``
place, ``n`` move, ``keep``/``drop``, ``pick``, ``resign``) with every later draw written
as ``^card`` where it happens. No word is a card spelling, so the token reader never
turns one into a card.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Final, Iterator, Optional, Sequence

from notation import Pair, Record, Token
from notation.tokens import shown

from ...kit import position as P
from ...kit.cards import CARDS, ORDER, Card
from ...kit.core import Draw, Illegal, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step, TagProblem, TurnLog
from .grid import SIDE_NAMES, SIDES, Monster, Pos, Room, beyond, room_name, side_towards, sides_text
from .rules import (
    AGAIN,
    DEFAULT_DECKS,
    DROP,
    ENDINGS,
    KEEP,
    MAX_DECKS,
    PICK,
    RESIGN,
    ROOM,
    STOP,
    Action,
    DropCard,
    Fight,
    Keep,
    MoveTo,
    Pick,
    Place,
    Resign,
    RpgState,
    Stop,
    game_cards,
    lockpicks_text,
    monster_text,
    positioned,
)

_PLACE: Final = re.compile(r"@([nesw])(?:/([nesw]+))?")
WORDS: Final = {"keep": KEEP, "drop": DROP, "pick": PICK, "stop": STOP, "resign": RESIGN}
ACTION_HELP: Final = (
    "write @n/e to place the room, n e s w to move, xn xe xs xw to go in and fight, keep, drop, pick, stop, resign, "
    "or ^card for a card drawn"
)


def _shown(token: Token) -> str:
    return token.raw or token.text


def parse_action(token: Token) -> Any:
    """The action or draw a canonical token writes; Misread if it writes none."""
    text = token.text
    if text.startswith("^"):
        card = CARDS.get(text[1:])
        if card is None:
            raise Misread(token, f"'{_shown(token)}': a card drawn is written ^ and the card, like ^7s")
        return Draw(card)
    word = text.lower()
    if word in WORDS:
        return WORDS[word]
    if len(word) == 1 and word in SIDES:
        return MoveTo(word)
    if len(word) == 2 and word[0] == "x" and word[1] in SIDES:
        return Fight(word[1])
    m = _PLACE.fullmatch(word)
    if m is not None:
        doors = m.group(2) or ""
        if len(set(doors)) != len(doors):
            raise Misread(token, f"'{_shown(token)}' names a side twice: each door is named once")
        return Place(m.group(1), frozenset(doors))
    if word.startswith("@"):
        raise Misread(
            token, f"'{_shown(token)}' is not a place: write @ and a side (n e s w), then / and the other doors, like @n/e"
        )
    raise Misread(token, f"'{_shown(token)}' is not an RPG solitaire action: {ACTION_HELP}")


# -- positions (rules page, Positions) ------------------------------------------------

_ROOM: Final = re.compile(r"([^@]*)@(-?[0-9]{1,4}),(-?[0-9]{1,4}):([a-z]*)(?::(.*))?")
ROOM_HELP: Final = (
    "a room is its card, @, x,y, :, its doors (nesw), then :x if its monster was slain or :armor/health/attack if one stands"
)
PILES: Final = ("rooms", "spades", "hearts", "diamonds", "clubs")


def _card_or_none(pair: Pair, text: str, offset: int) -> Optional[Card]:
    if text == "-":
        return None
    card = CARDS.get(text)
    if card is None:
        raise P.PositionProblem(pair, f"{pair.key}: '{shown(text) or 'nothing'}' is not a card (- for none)", offset)
    return card


def _three(pair: Pair, text: str, offset: int) -> tuple[Optional[Card], Optional[Card], Optional[Card]]:
    """A spade, a heart and a club as ``5s/8h/4c``, ``-`` for one missing."""
    parts = text.split("/")
    if len(parts) != 3:
        raise P.PositionProblem(
            pair, f"{pair.key}: '{shown(text)}' is not armor/health/attack, like 5s/8h/4c (- for a card missing)", offset
        )
    out: list[Optional[Card]] = []
    for part in parts:
        out.append(_card_or_none(pair, part, offset))
        offset += len(part) + 1
    return out[0], out[1], out[2]


def _coords(pair: Pair, text: str, offset: int = 0) -> Pos:
    x, comma, y = text.partition(",")
    try:
        if not comma or not x.lstrip("-").isdigit() or not y.lstrip("-").isdigit() or len(x) + len(y) > 8:
            raise ValueError(text)
        return int(x), int(y)
    except ValueError:
        raise P.PositionProblem(pair, f"{pair.key}: a square is x,y, like 0,1 or -2,3, not '{shown(text)}'", offset) from None


def _room_text(place: Pos, room: Room) -> str:
    text = f"{room.card}@{place[0]},{place[1]}:{sides_text(room.doors)}"
    if room.cleared:
        return text + ":x"
    if room.monster is not None:
        return text + ":" + monster_text(room.monster)
    return text


def _read_map(pair: Pair) -> tuple[list[tuple[Pos, Room]], list[int]]:
    """The rooms placed after the entrance, in the order placed, and where each is spelt."""
    if pair.value == "-":
        return [], []
    rooms: list[tuple[Pos, Room]] = []
    offsets: list[int] = []
    at = 0
    for part in pair.value.split(";"):
        m = _ROOM.fullmatch(part)
        if m is None:
            raise P.PositionProblem(pair, f"map: '{shown(part) or 'nothing'}' is not a room: {ROOM_HELP}", at)
        card = CARDS.get(m.group(1))
        if card is None:
            raise P.PositionProblem(pair, f"map: '{shown(m.group(1)) or 'nothing'}' is not a card", at)
        doors = m.group(4)
        if len(set(doors)) != len(doors) or not set(doors) <= set(SIDES):
            raise P.PositionProblem(
                pair, f"map: '{shown(doors)}' are not doors: name each of n e s w once at most", at + m.start(4)
            )
        what = m.group(5)
        monster: Optional[Monster] = None
        if what is not None and what != "x":
            monster = Monster(*_three(pair, what, at + m.start(5)))
        place = int(m.group(2)), int(m.group(3))
        rooms.append((place, Room(card, frozenset(doors), monster, cleared=what == "x")))
        offsets.append(at)
        at += len(part) + 1
    return rooms, offsets


def _room_cards(room: Room) -> list[Card]:
    """A placed room's card and its standing monster's."""
    return [room.card, *(card for card in (room.monster.cards() if room.monster else ()) if card)]


def _one(pair: Pair) -> Optional[Card]:
    """A single card, or - for none."""
    return _card_or_none(pair, pair.value, 0)


class RpgNotation(Notation[RpgState, Action]):
    position_keys: tuple[str, ...] = (
        "turn",
        "at",
        "stats",
        "monster",
        "treasure",
        "lockpicks",
        "deck",
        "back",
        "hand",
        "gear",
        "again",
        "map",
        *PILES,
        "out",
        "burnt",  # under the variant discard alone: the room cards it discarded, in order
        "over",  # a finished game's only
    )

    def write_position(self, state: RpgState) -> list[tuple[str, str]]:
        if state.phase is Phase.CHANCE and state.steps != ((ROOM,),):
            raise ValueError("an RPG solitaire position is at a turn's start, where the player decides, or at the end")
        check = self.checkpoint(state)
        back = side_towards(state.pos, state.came_from) if state.came_from is not None else None
        held = [card for room in state.grid.values() if not room.entrance for card in _room_cards(room)]
        held.extend(c for c in (state.hand, state.gear, state.armor, state.health, state.attack) if c)
        held.extend(state.burnt)
        for pile in state.stock.values():
            held.extend(pile.cards())
        left = Counter(held)
        out: list[Card] = []
        for card in game_cards(state):
            if left[card]:
                left[card] -= 1
            else:
                out.append(card)
        out.sort(key=ORDER.__getitem__)
        rooms = [_room_text(place, room) for place, room in state.grid.items() if not room.entrance]
        return [
            ("turn", str(state.turn)),
            *((key, check[key]) for key in ("at", "stats", "monster", "treasure", "lockpicks", "deck")),
            ("back", back or "-"),
            ("hand", str(state.hand or "-")),
            ("gear", str(state.gear or "-")),
            ("again", "yes" if state.step == (AGAIN,) else "no"),
            ("map", ";".join(rooms) or "-"),
            *((name, P.pile_text(state.stock[name], ORDER)) for name in PILES),
            ("out", P.cards_text(out)),
            *((("burnt", P.cards_text(state.burnt)),) if state.burns else ()),
            *((("over", state.ending.replace(" ", "-")),) if state.ending is not None else ()),
        ]

    def read_position(self, values: P.Values, start: RpgState) -> RpgState:
        turn = P.number(values["turn"], 1)
        at_pair = values["at"]
        pos = _coords(at_pair, at_pair.value)
        stats_pair = values["stats"]
        stats = _three(stats_pair, stats_pair.value, 0)
        monster_pair = values["monster"]
        monster = None if monster_pair.value == "-" else _three(monster_pair, monster_pair.value, 0)
        treasure = P.number(values["treasure"], 0)
        lockpicks = P.number(values["lockpicks"], 0)
        deck_pair = values["deck"]
        deck = P.number(deck_pair, 0)
        back_pair = values["back"]
        if back_pair.value != "-" and back_pair.value not in SIDES:  # (not in ("-", *SIDES): a tuple mypyc cannot compile)
            raise P.PositionProblem(back_pair, f"back is the side you came in by (n e s w), or -, not '{shown(back_pair.value)}'")
        hand_pair, gear_pair = values["hand"], values["gear"]
        hand, gear = _one(hand_pair), _one(gear_pair)
        again = P.yes_no(values["again"])
        map_pair = values["map"]
        rooms, offsets = _read_map(map_pair)
        pile_pairs = [values[name] for name in PILES]
        stock = {pair.key: P.pile(pair, CARDS.get, ORDER) for pair in pile_pairs}
        out_pair = values["out"]
        out = P.card_list(out_pair, CARDS.get)
        burnt_pair = values.get("burnt")
        burnt = P.card_list(burnt_pair, CARDS.get) if burnt_pair is not None else []
        over_pair = values.get("over")
        ending = over_pair.value.replace("-", " ") if over_pair is not None else None
        if over_pair is not None and ending not in ENDINGS:
            words = " ".join(word.replace(" ", "-") for word in ENDINGS)
            raise P.PositionProblem(over_pair, f"over is how a finished game ended ({words}), not '{shown(over_pair.value)}'")
        values.done()
        room_cards = [card for _, room in rooms for card in _room_cards(room)]
        P.account(
            game_cards(start),
            [
                (map_pair, room_cards),
                (hand_pair, [hand] if hand else []),
                (gear_pair, [gear] if gear else []),
                (stats_pair, [c for c in stats if c]),
                *((pair, stock[pair.key].cards()) for pair in pile_pairs),
                (out_pair, out),
                (burnt_pair, burnt),
            ],
        )
        try:
            state = positioned(
                start,
                turn=turn,
                pos=pos,
                back=None if back_pair.value == "-" else back_pair.value,
                stats=stats,
                treasure=treasure,
                lockpicks=lockpicks,
                hand=hand,
                gear=gear,
                again=again,
                rooms=rooms,
                stock={name: stock[name] for name in start.stock},
                out=out,
                ending=ending,
                burnt=burnt,
            )
        except Illegal as exc:
            where = exc.where or "turn"
            if where.startswith("map:"):
                raise P.PositionProblem(map_pair, exc.message, offsets[int(where[4:])]) from None
            raise P.PositionProblem(values[where], exc.message) from None
        if len(state.stock["rooms"]) != deck:
            raise P.PositionProblem(deck_pair, f"deck={deck}, and the room deck (rooms=) holds {len(state.stock['rooms'])} cards")
        here = state.room.monster
        if (here.cards() if here is not None else None) != monster:
            said = f"the monster {monster_text(here)}" if here is not None else "no monster"
            raise P.PositionProblem(
                monster_pair, f"monster={shown(monster_pair.value)}, and the map's room at {at_pair.value} holds {said}"
            )
        return state

    def options(self, record: Record) -> dict[str, Any]:
        tag = record.tag("Decks")
        if tag is None:
            return {"decks": DEFAULT_DECKS}
        value = tag.value.strip()
        if not (value.isascii() and value.isdigit()) or len(value) > 3 or not 1 <= int(value) <= MAX_DECKS:
            raise TagProblem(tag, f"Decks is a whole number of decks from 1 to {MAX_DECKS}, not '{shown(tag.value)}'")
        return {"decks": int(value)}

    def read_dealt(self, cursor: Cursor[RpgState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            yield token, Draw(self.outcome(token))

    def read_actions(self, cursor: Cursor[RpgState], tokens: Sequence[Token]) -> Iterator[Step]:
        # A dealer that draws by itself (seeded play) may have drawn a card before its
        # ^card is read: a typed draw that names that card, in order, is accepted.
        # Draws since the last choice that are accounted for: at the start, all of them
        # (the turn's room cards before ':', or a line read before).
        seen = len(cursor.state.dealt)
        for token in tokens:
            action = parse_action(token)
            state: RpgState = cursor.state
            if not isinstance(action, Draw):
                yield token, action
                seen = 0  # after a choice, what is drawn is counted afresh
                continue
            if state.phase is not Phase.CHANCE and seen < len(state.dealt):
                drawn = state.dealt[seen]
                if drawn != action.outcome:
                    raise Misread(token, f"'{_shown(token)}': the card drawn here is {drawn}, not {action.outcome}")
                seen += 1
                continue
            seen += 1
            yield token, action

    def check_token(self, section: str, token: Token) -> Optional[str]:
        if section != "actions":
            if token.text not in CARDS:
                return f"'{_shown(token)}' is not a card"
            return None
        try:
            parse_action(token)
        except Misread as exc:
            return exc.message
        return None

    def action_text(self, state: RpgState, action: Any) -> str:
        if isinstance(action, Place):
            doors = sides_text(action.doors)
            return f"@{action.side}" + (f"/{doors}" if doors else "")
        if isinstance(action, MoveTo):
            return action.side
        if isinstance(action, Keep):
            return "keep"
        if isinstance(action, DropCard):
            return "drop"
        if isinstance(action, Pick):
            return "pick"
        if isinstance(action, Stop):
            return "stop"
        if isinstance(action, Fight):
            return f"x{action.side}"
        if isinstance(action, Resign):
            return "resign"
        if isinstance(action, Draw):
            return f"^{action.outcome}"
        raise ValueError(f"not an RPG solitaire action: {action!r}")

    def tell(self, log: TurnLog[RpgState], after: RpgState) -> str:
        """The rules' own news of the turn (the fight fought for you, the treasure, the
        retreat), as the map says it while the turn is in progress."""
        return "; ".join(after.told)

    def score_words(self, state: RpgState) -> str:
        result = state.result()
        if result is None:
            return ""
        return "the treasure carried out" if result.won else "treasure counts only for a player who gets out"

    def describe(self, state: RpgState, action: Any) -> str:
        s: RpgState = state
        if isinstance(action, Place):
            card = s.hand
            name = room_name(card) if card is not None else "room"
            doors = sides_text(action.doors)
            extra = f", other doors {doors}" if doors else ""
            what = "the exit room" if card is not None and card.is_joker else f"a {name}: a monster waits"
            return f"place {card} to the {SIDE_NAMES[action.side]}{extra}; {what}"
        if isinstance(action, MoveTo):
            text = f"move {SIDE_NAMES[action.side]}"
            if s.room.monster is not None:
                text += ", back the way you came"
            return text
        if isinstance(action, Fight):
            room = s.grid.get(beyond(s.pos, action.side))
            monster = monster_text(room.monster if room is not None else None)
            return f"go {SIDE_NAMES[action.side]} into the room of the monster {monster} and fight it: gear first, then a round"
        if isinstance(action, Stop):
            return f"try the lock no more this turn (keep {lockpicks_text(s.lockpicks)})"
        if isinstance(action, Keep) and s.gear is not None:
            old = s.stat(s.gear.suit)
            return f"keep {s.gear} (your {old or 'nothing'} goes under its pile)"
        if isinstance(action, DropCard) and s.gear is not None:
            return f"leave {s.gear}: it goes under its pile"
        if isinstance(action, Pick):
            held = "your only lockpick" if s.lockpicks == 1 else f"one of {s.lockpicks} lockpicks"
            return f"spend {held}: a diamond for the boss, then one for you; equal or higher escapes"
        if isinstance(action, Resign):
            return "give up: loss 0"
        return ""
