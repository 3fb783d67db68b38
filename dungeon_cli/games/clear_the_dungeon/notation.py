"""Clear the Dungeon's DGN words (section 7): ``-``, or ``TARGET P1+P2 TRIGGER [^REVEAL]``.

A joker as power is ``JK`` (worth 10) or ``JK=n``. In ``[Variant "reserve"]`` the damage
pile's top card, taken into an attack, is marked with a lower-case ``r`` stuck to it
(``rTs``, ``rJK=4``), the way Scoundrel's ``x`` marks a strike: it keeps every token a
card that the DGN tokenizer already spells canonically.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional, Sequence

from notation import Token

from ...kit.cards import CARDS
from ...kit.core import Draw, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step, TurnLog
from .rules import PASS, Action, Attack, DungeonState, Pass, Use, column_name, power_of


def _number(digits: str) -> int:
    """A number written in a token. Past nine digits every number is out of range for
    the rules, and int() refuses past 4,300 digits: such a number becomes 10**9, which
    the rules then refuse with their own message."""
    return int(digits) if len(digits) < 10 else 10**9


# One card of an attack: r (from the damage pile), the card, =n (a joker's value).
_USE = re.compile(r"(r?)(JK|[A2-9TJQK][shdc])(?:=([0-9]+))?")
ACTION_HELP = "write TARGET P1+P2 TRIGGER (Kd 7c+6d 2d), then ^card for the card turned up, or - to pass"


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


class DungeonNotation(Notation[DungeonState, Action]):
    def read_deal(self, cursor: Cursor[DungeonState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            if cursor.state.turn != 0:
                raise Misread(token, "the deal: line holds the four face-up tops, one per column: this card is one too many")
            yield token, Draw(self.outcome(token))

    def read_dealt(self, cursor: Cursor[DungeonState], tokens: Sequence[Token]) -> Iterator[Step]:
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
            raise Misread(first, "a reveal ^card follows the attack that turned it up")
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

    def write_turn(self, log: TurnLog[DungeonState]) -> tuple[list[str], list[str]]:
        dealt: list[str] = []
        actions: list[str] = []
        for before, action in log.events:
            if isinstance(action, Draw):
                if before.revealing is not None:
                    actions.append(f"^{action.outcome}")
                else:
                    dealt.append(str(action.outcome))
            else:
                actions.extend(self.action_text(before, action).split())
        return dealt, actions

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

    def describe(self, state: DungeonState, action: Any) -> str:
        s: DungeonState = state
        if isinstance(action, Pass):
            after = len(s.damage) + len(s.hand)
            end = ": the game is lost" if after >= 7 else ""
            return f"no attack: the hand goes to the damage pile ({len(s.damage)} -> {after}){end}"
        target = action.target
        column = s.column_of(target)
        note = f"kill {target} ({action.total} >= {power_of(target)})"
        if action.trigger.reserve or any(u.reserve for u in action.power):
            used = {u.card for u in action.uses if not u.reserve}
            spare = [c for c in s.hand if c not in used]
            note += f" with the damage pile's top; {' '.join(map(str, spare))} goes to the damage pile"
        if column is not None and s.hidden[column]:
            note += f"; {column_name(column)} turns up its next card"
        return note
