"""RPG solitaire's DGN words (rules page, section 11).

DEALT is the room deck's draws at the start of a turn; ACTIONS are the choices (``@n/e``
place, ``n`` move, ``keep``/``drop``, ``pick``, ``resign``) with every later draw written
as ``^card`` where it happens. No word is a card spelling, so the token reader never
turns one into a card.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional, Sequence

from notation import Record, Token
from notation.tokens import shown

from ...kit.cards import CARDS
from ...kit.core import Draw, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step, TagProblem, TurnLog
from .grid import SIDE_NAMES, SIDES, beyond, room_name, sides_text
from .rules import (
    DEFAULT_DECKS,
    DROP,
    KEEP,
    MAX_DECKS,
    PICK,
    RESIGN,
    STOP,
    DropCard,
    Fight,
    Keep,
    MoveTo,
    Pick,
    Place,
    Resign,
    RpgState,
    Stop,
    lockpicks_text,
    monster_text,
)

_PLACE = re.compile(r"@([nesw])(?:/([nesw]+))?")
WORDS = {"keep": KEEP, "drop": DROP, "pick": PICK, "stop": STOP, "resign": RESIGN}
ACTION_HELP = (
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


class RpgNotation(Notation[RpgState, Any]):
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
