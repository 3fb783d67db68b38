"""Scoundrel's DGN words (section 6): ``(Kc)`` for the carried card, ``run``, a card to
resolve it, ``xKs`` to strike with the weapon."""

from __future__ import annotations

from typing import Any, Final, Iterator, Optional, Sequence

from notation import Token
from notation.tokens import shown

from ...kit import position as P
from ...kit.cards import CARDS, ORDER
from ...kit.core import Draw, Illegal, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step, TurnLog
from .rules import (
    CARD_SET,
    MAX_HP,
    RUN,
    Action,
    Resolve,
    Run,
    ScoundrelState,
    Strike,
    is_monster,
    is_potion,
    is_weapon,
    positioned,
    value,
)
from .rules import CARDS as DECK


def _card(text: str, token: Token) -> Any:
    card = CARDS.get(text)
    if card is None:
        raise Misread(token, f"'{shown(token.raw or token.text)}' is not a card: {CARD_HELP}")
    return card


# The action each token read so far writes, and the draw each card token writes
# (actions are values: one of each serves every record), so that reading a token again
# is a single lookup. Filled as tokens come, not at import: start-up time is a target.
_ACTIONS: Final[dict[str, Any]] = {"run": RUN}
_DRAWS: Final[dict[str, Draw]] = {}


def parse_action(text: str) -> Any:
    """The action a canonical token writes (run, a card, x and a card), or None."""
    action = _ACTIONS.get(text)
    if action is None:
        if text.startswith("x") and text[1:] in CARDS:
            action = _ACTIONS[text] = Strike(CARDS[text[1:]])
        elif text in CARDS:
            action = _ACTIONS[text] = Resolve(CARDS[text])
    return action


ACTION_HELP: Final = "write run, a card (9s), or x and a monster (x9s)"
CARD_HELP: Final = "a card is a rank (A 2-9 T J Q K, or 10) and a suit (s h d c)"


def _deck_card(text: str) -> Any:
    card = CARDS.get(text)
    return card if card in CARD_SET else None


class ScoundrelNotation(Notation[ScoundrelState, Action]):
    # The checkpoint's keys with its spelling (weapon/the last monster it struck, left),
    # then the rest of the state; the monsters struck before the last count as
    # discarded (the rules ask only the last).
    position_keys: tuple[str, ...] = ("turn", "hp", "weapon", "left", "room", "dungeon", "discard", "ran", "resolved", "drank")

    def write_position(self, state: ScoundrelState) -> list[tuple[str, str]]:
        checkpoint = self.checkpoint(state)
        held = {*state.room, *state.dungeon.cards(), *state.slain[-1:], *([state.weapon] if state.weapon else [])}
        yes_no = {True: "yes", False: "no"}
        return [
            ("turn", str(state.turn)),
            ("hp", checkpoint["hp"]),
            ("weapon", checkpoint["weapon"]),
            ("left", checkpoint["left"]),
            ("room", P.cards_text(state.room)),
            ("dungeon", P.pile_text(state.dungeon, ORDER)),
            ("discard", P.cards_text(card for card in DECK if card not in held)),
            ("ran", yes_no[state.ran_last]),
            ("resolved", str(state.resolved)),
            ("drank", yes_no[state.drank]),
        ]

    def read_position(self, values: P.Values, start: ScoundrelState) -> ScoundrelState:
        weapon_pair = values["weapon"]
        head, slash, struck = weapon_pair.value.partition("/")
        weapon_cards = P.card_list(weapon_pair, _deck_card, head)
        slain = P.card_list(weapon_pair, _deck_card, struck, len(head) + 1) if slash else []
        if len(weapon_cards) > 1 or len(slain) > 1 or (slash and not weapon_cards):
            raise P.PositionProblem(weapon_pair, "weapon is -, a weapon (5d), or a weapon and the last monster it struck (5d/9s)")
        turn = P.number(values["turn"], 1)
        hp = P.number(values["hp"], 1 - 14, MAX_HP + 99)  # above 20 is said by the rules, in their words
        left_pair = values["left"]
        left = P.number(left_pair, 0, len(DECK))
        room_pair, dungeon_pair, discard_pair = values["room"], values["dungeon"], values["discard"]
        room = P.card_list(room_pair, _deck_card)
        dungeon = P.pile(dungeon_pair, _deck_card, ORDER)
        discard = P.card_list(discard_pair, _deck_card)
        ran = P.yes_no(values["ran"])
        resolved = P.number(values["resolved"], 0, 3)
        drank = P.yes_no(values["drank"])
        values.done()
        P.account(
            DECK,
            [(weapon_pair, weapon_cards + slain), (room_pair, room), (dungeon_pair, dungeon.cards()), (discard_pair, discard)],
        )
        if left != len(dungeon):
            raise P.PositionProblem(left_pair, f"left={left}, but the dungeon holds {len(dungeon)} cards")
        try:
            return positioned(
                start,
                turn=turn,
                hp=hp,
                weapon=weapon_cards[0] if weapon_cards else None,
                slain=tuple(slain),
                room=tuple(room),
                dungeon=dungeon,
                ran=ran,
                resolved=resolved,
                drank=drank,
            )
        except Illegal as exc:
            raise P.PositionProblem(values[exc.where or "turn"], exc.message) from None

    def read_deal(self, cursor: Cursor[ScoundrelState], tokens: Sequence[Token]) -> Iterator[Step]:
        # Scoundrel's setup reveals nothing: the first room is dealt on move 1.
        raise Misread(tokens[0] if tokens else None, "Scoundrel has no deal: line: the first room is the DEALT of move 1")
        yield  # a generator, like every reader

    def read_dealt(self, cursor: Cursor[ScoundrelState], tokens: Sequence[Token]) -> Iterator[Step]:
        state: ScoundrelState = cursor.state
        if state.phase is Phase.DECISION and state.resolved:  # only a Position inside a turn starts a move here
            raise Misread(
                tokens[0] if tokens else None,
                f"turn {state.turn}'s room was dealt before the position and {state.resolved} of it resolved:"
                f" its rest is {state.turn}... ACTIONS",
            )
        carried = state.room[0] if state.room and state.phase is not Phase.OVER else None
        rest = list(tokens)
        if rest and rest[0].text.startswith("("):
            token = rest.pop(0)
            if not (token.text.endswith(")") and token.text.count("(") == 1):
                raise Misread(token, "a carried card is written in brackets, like (Kc)")
            card = _card(token.text[1:-1], token)
            if carried is None:
                raise Misread(token, "no card is carried into this room: the last room was avoided or this is the first")
            if card is not carried:
                raise Misread(token, f"the card carried over from the last room is {carried}, not {card}")
        elif carried is not None:
            where = rest[0] if rest else None
            raise Misread(where, f"this room starts with the card carried over from the last one: write ({carried}) first")
        for token in rest:
            draw = _DRAWS.get(token.text)
            if draw is None:
                if token.text.startswith("("):
                    raise Misread(token, "only the first card of a room can be the carried one")
                draw = _DRAWS[token.text] = Draw(_card(token.text, token))  # Misread: not a card
            yield token, draw

    def read_actions(self, cursor: Cursor[ScoundrelState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            action = parse_action(token.text)
            if action is None:
                raise Misread(token, f"'{shown(token.raw or token.text)}' is not a Scoundrel action: {ACTION_HELP}")
            yield token, action

    def check_token(self, section: str, token: Token) -> Optional[str]:
        text = token.text
        if section == "actions":
            if parse_action(text) is None:
                return f"'{shown(token.raw or text)}' is not a Scoundrel action: {ACTION_HELP}"
            return None
        if section == "deal":
            return None  # read_deal says what is wrong with the whole line
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        if text not in CARDS:
            return f"'{shown(token.raw or token.text)}' is not a card: {CARD_HELP}"
        return None

    def write_turn(self, log: TurnLog[ScoundrelState]) -> tuple[list[str], list[str]]:
        start: ScoundrelState = log.start
        dealt = [f"({start.room[0]})"] if start.room else []
        actions: list[str] = []
        for before, action in log.events:
            if isinstance(action, Draw):
                dealt.append(str(action.outcome))
            else:
                actions.append(self.action_text(before, action))
        return dealt, actions

    def action_text(self, state: ScoundrelState, action: Any) -> str:
        if isinstance(action, Run):
            return "run"
        if isinstance(action, Strike):
            return f"x{action.card}"
        return str(action.card)

    def score_words(self, state: ScoundrelState) -> str:
        result = state.result()
        if result is None:
            return ""
        if result.won:
            bonus = result.score - state.hp
            return f"{state.hp} health and {bonus} for the potion drunk last at full health" if bonus else "the health left"
        return f"health {state.hp} less {state.hp - result.score} for the monsters not resolved"

    def describe(self, state: ScoundrelState, action: Any) -> str:
        s: ScoundrelState = state
        if isinstance(action, Run):
            return "avoid the room: its cards go under the dungeon"
        card = action.card
        if isinstance(action, Strike):
            return f"strike {card} with {s.weapon}: {s.damage(action)} damage"
        if is_monster(card):
            return f"fight {card} bare-handed: {value(card)} damage"
        if is_weapon(card):
            return f"equip {card}" + (f" (discards {s.weapon})" if s.weapon else "")
        if is_potion(card):
            if s.drank:
                return f"discard {card}: a second potion has no effect"
            return f"drink {card}: +{min(value(card), 20 - s.hp)} health"
        return ""
