"""Clear the Dungeon's DGN words (section 7): ``-``, or ``TARGET P1+P2 TRIGGER [^REVEAL]``.

A joker as power is ``JK`` (worth 10) or ``JK=n``. In ``[Variant "reserve"]`` the damage
pile's top card, taken into an attack, is marked with a lower-case ``r`` stuck to it
(``rTs``, ``rJK=4``), the way Scoundrel's ``x`` marks a strike: it keeps every token a
card that the DGN tokenizer already spells canonically.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Final, Iterator, Optional, Sequence, TypeVar

from notation import Pair, Token
from notation.tokens import shown

from ...kit import position as P
from ...kit.cards import CARDS, ORDER
from ...kit.core import Draw, Illegal, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step
from .rules import COLUMNS, MONSTERS, PASS, POWER, Action, Attack, DungeonState, Pass, Use, column_name, positioned, power_of

T = TypeVar("T")


def _number(digits: str) -> int:
    """A number written in a token. Past nine digits every number is out of range for
    the rules, and int() refuses past 4,300 digits: such a number becomes 10**9, which
    the rules then refuse with their own message."""
    return int(digits) if len(digits) < 10 else 10**9


# One card of an attack: r (from the damage pile), the card, =n (a joker's value).
_USE: Final = re.compile(r"(r?)(JK|[A2-9TJQK][shdc])(?:=([0-9]+))?")
_COUNTED: Final = {"dmg": "damage pile holds", "deck": "power deck holds", "left": "monsters not defeated are"}
ACTION_HELP: Final = "write TARGET P1+P2 TRIGGER (Kd 7c+6d 2d), then ^card for the card turned up, or - to pass"


def _card(token: Token, text: Optional[str] = None) -> Any:
    card = CARDS.get(token.text if text is None else text)
    if card is None:
        raise Misread(token, f"'{token.raw or token.text}' is not a card")
    return card


def _use_problem(text: str) -> Optional[str]:
    """Why ``text`` cannot be one card of an attack, or None."""
    m = _USE.fullmatch(text)
    if m is None:
        return None if text in CARDS else "not a card"
    if m.group(3) is not None and m.group(2) != "JK":
        return "only a joker takes a value (JK=n)"
    return None


def _shape_problem(text: str) -> Optional[str]:
    """Why a token cannot be any word of an attack or a pass (the vocabulary pre-pass)."""
    if text == "-":
        return None
    if text.startswith("^"):
        return None if text[1:] in CARDS else f"a reveal is ^ and a card (^Qh), not '{text}'"
    parts = text.split("+")
    if len(parts) > 2:
        return "an attack has two power cards: P1+P2"
    for part in parts:
        if _USE.fullmatch(part) is None:
            return f"'{text}' is not a Clear the Dungeon action: {ACTION_HELP}"
        problem = _use_problem(part)
        if problem is not None:
            return f"'{text}': {problem}"
    return None


def parse_use(token: Token, text: str, role: str) -> Use:
    m = _USE.fullmatch(text)
    if m is None:
        raise Misread(token, f"'{token.raw or token.text}' is not a card for the {role}")
    card = CARDS[m.group(2)]
    value = m.group(3)
    if value is not None:
        if not card.is_joker:
            raise Misread(token, "only a joker takes a value (JK=n)")
        if role == "trigger":
            raise Misread(token, "a joker as trigger matches any suit and takes no value: write JK")
    return Use.of(card, _number(value) if value is not None else None, reserve=bool(m.group(1)))


def use_text(use: Use, as_power: bool) -> str:
    mark = "r" if use.reserve else ""
    if use.card.is_joker and as_power and use.value != 10:
        return f"{mark}JK={use.value}"
    return f"{mark}{use.card}"


def _row(pair: Pair, read: Callable[[str], Optional[T]], what: str, empty: bool = True) -> list[Optional[T]]:
    """One value for each column, column 1 first, separated by commas; ``-`` is none
    (where ``empty``)."""
    words = pair.value.split(",")
    if len(words) != COLUMNS:
        raise P.PositionProblem(pair, f"{pair.key} gives {what} for each of the {COLUMNS} columns, not {len(words)}")
    out: list[Optional[T]] = []
    at = 0
    for word in words:
        blank = empty and word == "-"
        value = None if blank else read(word)
        if value is None and not blank:
            raise P.PositionProblem(pair, f"{pair.key}: '{shown(word) or 'nothing'}' is not {what}", at)
        out.append(value)
        at += len(word) + 1
    return out


def _count(word: str) -> Optional[int]:
    return int(word) if word.isascii() and word.isdigit() and len(word) < 3 else None


_DECISION: Final = Phase.DECISION


class DungeonNotation(Notation[DungeonState, Action]):
    position_keys: tuple[str, ...] = (
        "turn",
        "dmg",
        "deck",
        "left",
        "tops",
        "under",
        "unseen",
        "power",
        "hand",
        "damage",
        "defeated",
        "spent",
    )

    def write_position(self, state: DungeonState) -> list[tuple[str, str]]:
        checkpoint = self.checkpoint(state)
        if state.stacks is not None:  # the dealer's order: column 1's face-down cards first
            unseen = P.cards_text(card for stack in state.stacks for card in stack.cards())
        else:
            unseen = P.pile_text(state.unseen, ORDER)
        left = Counter(POWER)
        left.subtract([*state.power.cards(), *state.hand, *state.damage])
        return [
            ("turn", str(state.turn)),
            *((key, checkpoint[key]) for key in ("dmg", "deck", "left")),
            ("tops", ",".join("-" if top is None else str(top) for top in state.tops)),
            ("under", ",".join(str(n) for n in state.hidden)),
            ("unseen", unseen),
            ("power", P.pile_text(state.power, ORDER)),
            ("hand", P.cards_text(state.hand)),
            ("damage", P.cards_text(reversed(state.damage))),
            ("defeated", P.cards_text(state.defeated)),
            ("spent", P.cards_text(card for card in dict.fromkeys(POWER) for _ in range(left[card]))),
        ]

    def read_position(self, values: P.Values, start: DungeonState) -> DungeonState:
        turn = P.number(values["turn"], 1)
        counts = {key: (values[key], P.number(values[key], 0, most)) for key, most in (("dmg", 9), ("deck", 42), ("left", 12))}
        tops_pair, under_pair, unseen_pair = values["tops"], values["under"], values["unseen"]
        tops = _row(tops_pair, CARDS.get, "a face-up card or -")
        under = [n or 0 for n in _row(under_pair, _count, "a number of face-down cards", empty=False)]
        unseen = P.pile(unseen_pair, CARDS.get, ORDER)
        power_pair, hand_pair, damage_pair = values["power"], values["hand"], values["damage"]
        power = P.pile(power_pair, CARDS.get, ORDER)
        hand = P.card_list(hand_pair, CARDS.get)
        damage = P.card_list(damage_pair, CARDS.get)
        defeated_pair, spent_pair = values["defeated"], values["spent"]
        defeated = P.card_list(defeated_pair, CARDS.get)
        spent = P.card_list(spent_pair, CARDS.get)
        values.done()
        P.account(
            MONSTERS + POWER,
            [
                (tops_pair, [top for top in tops if top is not None]),
                (unseen_pair, unseen.cards()),
                (defeated_pair, defeated),
                (power_pair, power.cards()),
                (hand_pair, hand),
                (damage_pair, damage),
                (spent_pair, spent),
            ],
        )
        try:
            state = positioned(
                start,
                turn=turn,
                tops=tops,
                under=under,
                unseen=unseen,
                power=power,
                hand=hand,
                damage=damage[::-1],  # written top first, kept bottom first
                defeated=defeated,
                spent=spent,
            )
        except Illegal as exc:
            raise P.PositionProblem(values[exc.where or "turn"], exc.message) from None
        actual = self.checkpoint(state)
        for key, (pair, value) in counts.items():
            if actual[key] != str(value):
                raise P.PositionProblem(pair, f"{key}={value}, but the position's {_COUNTED[key]} {actual[key]}")
        return state

    def read_deal(self, cursor: Cursor[DungeonState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            if cursor.state.turn != 0:
                raise Misread(token, "the deal: line holds the four face-up tops, one per column: this card is one too many")
            yield token, Draw(self.outcome(token))

    def read_dealt(self, cursor: Cursor[DungeonState], tokens: Sequence[Token]) -> Iterator[Step]:
        state: DungeonState = cursor.state
        # Only a Position starts a turn's move here (every move asks: the rare case first).
        if (state.phase is _DECISION or state.revealing is not None) and tokens and state.turn:
            if state.phase is _DECISION:
                raise Misread(
                    tokens[0], f"turn {state.turn}'s cards were drawn before the position: its rest is {state.turn}... ACTIONS"
                )
            if state.revealing is not None:
                raise Misread(
                    tokens[0],
                    f"{column_name(state.revealing)} turns up its next card after the kill before the position: "
                    f"its rest is {state.turn}... ^card",
                )
        for token in tokens:
            yield token, Draw(self.outcome(token))

    def read_actions(self, cursor: Cursor[DungeonState], tokens: Sequence[Token]) -> Iterator[Step]:
        if not tokens:
            return
        first = tokens[0]
        if first.text == "-":
            if len(tokens) > 1:
                raise Misread(tokens[1], "'-' (no attack) stands alone on its move")
            yield first, PASS
            return
        if first.text.startswith("^"):
            before: DungeonState = cursor.state
            if before.revealing is None:
                raise Misread(first, "a reveal ^card follows the attack that turned it up")
            # The rest of a turn cut between its kill and the card turned up after it (N... ^card).
            if len(tokens) > 1:
                raise Misread(tokens[1], "one attack a turn, and at most one card turned up after it")
            yield first, Draw(_card(first, first.text[1:]))
            return
        if len(tokens) < 3:
            missing = "the power cards P1+P2 and the trigger" if len(tokens) == 1 else "the trigger"
            raise Misread(tokens[-1], f"an attack is TARGET P1+P2 TRIGGER: {missing} is missing")
        target_token, power_token, trigger_token = tokens[:3]
        if _USE.fullmatch(target_token.text) is None or target_token.text not in CARDS:
            if target_token.text.startswith("r") and target_token.text[1:] in CARDS:
                raise Misread(target_token, "the target is a face-up monster, written as the card alone (Kd)")
            raise Misread(target_token, f"an attack starts with its target, a face-up monster (Kd): {ACTION_HELP}")
        target = self.outcome(target_token)
        parts = power_token.text.split("+")
        if len(parts) != 2:
            raise Misread(power_token, "the two power cards are written joined by '+': P1+P2 (7c+6d)")
        power = (parse_use(power_token, parts[0], "power"), parse_use(power_token, parts[1], "power"))
        if "+" in trigger_token.text:
            raise Misread(trigger_token, "the trigger is one card, after the two power cards")
        trigger = parse_use(trigger_token, trigger_token.text, "trigger")
        rest = tokens[3:]
        if rest and not rest[0].text.startswith("^"):
            raise Misread(rest[0], "after the trigger only the reveal ^card may follow")
        if len(rest) > 1:
            raise Misread(rest[1], "one attack a turn, and at most one card turned up after it")
        state: DungeonState = cursor.state
        column = state.column_of(target) if isinstance(state, DungeonState) else None
        source = {None: target_token, "target": target_token, "power": power_token, "trigger": trigger_token}
        yield source, Attack(target, power, trigger)
        if not rest:
            return
        reveal = rest[0]
        after: DungeonState = cursor.state
        if column is not None and after.phase is not Phase.OVER and after.revealing is None:
            top = after.tops[column]
            if top is None:
                raise Misread(reveal, f"{column_name(column)} is empty after the kill: no card is turned up")
            # Only a dealer that turns cards up by itself (seeded play) gets here: a reveal
            # typed anyway is fine when it names the card that was turned up.
            if reveal.text[1:] == str(top):
                return
            raise Misread(reveal, f"{column_name(column)} has turned up {top}, not {reveal.text[1:]}")
        yield reveal, Draw(_card(reveal, reveal.text[1:]))

    def check_token(self, section: str, token: Token) -> Optional[str]:
        if section == "actions":
            return _shape_problem(token.text)
        if token.text not in CARDS:
            return f"'{token.raw or token.text}' is not a card"
        return None

    def action_text(self, state: DungeonState, action: Any) -> str:
        if isinstance(action, Pass):
            return "-"
        p1, p2 = action.power
        return f"{action.target} {use_text(p1, True)}+{use_text(p2, True)} {use_text(action.trigger, False)}"

    def alike(self, state: DungeonState, action: Any) -> Optional[tuple[Any, Any]]:
        """The cards an attack spends decide it, not their roles nor a joker's value: one
        line a target and cards in ``help``, the least total that is enough."""
        if not isinstance(action, Attack):
            return None
        return (action.target, frozenset((use.card, use.reserve) for use in action.uses)), action.total

    def score_words(self, state: DungeonState) -> str:
        result = state.result()
        if result is None:
            return ""
        return "the cards left in the power deck" if result.won else "the monsters defeated"

    def describe(self, state: DungeonState, action: Any) -> str:
        """``tell_action``'s words, and for a kill that leaves cards in its column that
        the column turns up its next card (the ^card a player writes next)."""
        note = self.tell_action(state, action)
        column = None if isinstance(action, Pass) else state.column_of(action.target)
        if column is not None and state.hidden[column]:
            note += f"; {column_name(column)} turns up its next card"
        return note

    def tell_action(self, state: DungeonState, action: Any) -> str:
        """A pass or a kill in words; the card a kill turns up is the turn's words' own
        draw ("turned up Jh in column 1"), not said twice."""
        s: DungeonState = state
        if isinstance(action, Pass):
            after = len(s.damage) + len(s.hand)
            end = ": the game is lost" if after >= 7 else ""
            return f"no attack: the hand goes to the damage pile ({len(s.damage)} -> {after}){end}"
        target = action.target
        note = f"kill {target} ({action.total} >= {power_of(target)})"
        if action.trigger.reserve or any(u.reserve for u in action.power):
            used = {u.card for u in action.uses if not u.reserve}
            spare = [c for c in s.hand if c not in used]
            note += f" with the damage pile's top; {' '.join(map(str, spare))} goes to the damage pile"
        return note
