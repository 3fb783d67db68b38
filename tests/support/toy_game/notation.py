"""Toy Dungeon's DGN words: a move is ``N. CARD ROLL : take`` (or ``pass``), e.g.
``3. 5c 2 : pass``; the checkpoint is ``{hp=.. gold=.. left=..}``."""

from __future__ import annotations

from typing import Any, Iterator, Optional, Sequence

from dungeon_cli.kit import position as P
from dungeon_cli.kit.cards import CARDS, Card
from dungeon_cli.kit.core import Draw, Illegal, Phase, State
from dungeon_cli.kit.game_module import Cursor, Misread, Notation, Step
from notation import Token
from notation.tokens import shown

from .rules import CARD_SET, DIE, PASS, TAKE, Take, ToyState, is_monster, positioned
from .rules import CARDS as DECK

ORDER = {card: i for i, card in enumerate(DECK)}

WORDS = {"take": TAKE, "pass": PASS}
DEALT_HELP = "a move deals a card (2-6 of c or h) and the die's roll (1-6), like 5c 2"


def _face(text: str) -> Optional[int]:
    return int(text) if text.isascii() and text.isdigit() and len(text) == 1 and text != "0" else None


def _deck_card(text: str) -> Optional[Card]:
    card = CARDS.get(text)
    return card if card in CARD_SET else None


class ToyNotation(Notation):
    # A position: the turn, the counters (hp, gold, and left, the checkpoint's count of
    # the deck), the deck, the card and roll on the table, whether the last turn passed,
    # and the cards gone (taken or passed), so that every card is somewhere.
    position_keys = ("turn", "hp", "gold", "left", "deck", "card", "roll", "passed", "gone")

    def write_position(self, state: ToyState) -> list[tuple[str, str]]:
        held = {*state.deck.cards(), *([state.card] if state.card is not None else [])}
        return [
            ("turn", str(state.turn)),
            ("hp", str(state.hp)),
            ("gold", str(state.gold)),
            ("left", str(len(state.deck))),
            ("deck", P.pile_text(state.deck, ORDER)),
            ("card", "-" if state.card is None else str(state.card)),
            ("roll", "-" if state.roll is None else str(state.roll)),
            ("passed", "yes" if state.passed else "no"),
            ("gone", P.cards_text(card for card in DECK if card not in held)),
        ]

    def read_position(self, values: P.Values, start: ToyState) -> ToyState:
        turn = P.number(values["turn"], 1)
        hp = P.number(values["hp"], 1 - 5)  # above the start's health is said by the rules
        gold = P.number(values["gold"], 0)
        left_pair = values.get("left")
        deck_pair, card_pair, roll_pair, gone_pair = values["deck"], values["card"], values["roll"], values["gone"]
        deck_pile = P.pile(deck_pair, _deck_card, ORDER)
        table = P.card_list(card_pair, _deck_card)
        if len(table) > 1:
            raise P.PositionProblem(card_pair, "card is the one card on the table, or -")
        roll = None if roll_pair.value == "-" else P.number(roll_pair, 1, 6)
        passed = P.yes_no(values["passed"])
        gone = P.card_list(gone_pair, _deck_card)
        values.done()
        P.account(DECK, [(deck_pair, deck_pile.cards()), (card_pair, table), (gone_pair, gone)])
        if left_pair is not None and P.number(left_pair, 0) != len(deck_pile):
            raise P.PositionProblem(left_pair, f"left={left_pair.value}, and the deck holds {len(deck_pile)}")
        try:
            return positioned(
                start,
                turn=turn,
                hp=hp,
                gold=gold,
                deck_pile=deck_pile,
                card=table[0] if table else None,
                roll=roll,
                passed=passed,
                gone=gone,
            )
        except Illegal as exc:
            raise P.PositionProblem(values[exc.where or "turn"], exc.message) from None

    def read_deal(self, cursor: Cursor, tokens: Sequence[Token]) -> Iterator[Step]:
        raise Misread(tokens[0] if tokens else None, "Toy Dungeon has no deal: line: each move deals its own card")
        yield  # a generator, like every reader

    def read_dealt(self, cursor: Cursor, tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            yield token, Draw(self._outcome(cursor.state, token))

    def read_actions(self, cursor: Cursor, tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            action = WORDS.get(token.text)
            if action is None:
                raise Misread(token, f"'{shown(token.raw or token.text)}' is not a Toy Dungeon action: write take or pass")
            yield token, action

    def outcome(self, token: Token) -> Any:
        """What a player at a table types for chance: a card, or the die's face."""
        face = _face(token.text)
        if face is not None:
            return face
        if token.text in CARDS:
            return CARDS[token.text]
        raise Misread(token, f"'{shown(token.raw or token.text)}' is not a card or a die's roll: {DEALT_HELP}")

    def _outcome(self, state: State, token: Token) -> Any:
        """A dealt token read as what chance owes here: the card first, then the roll."""
        rolling = state.phase is Phase.CHANCE and state.chance().pile == DIE
        if rolling:
            face = _face(token.text)
            if face is None:
                raise Misread(token, f"'{shown(token.raw or token.text)}' is not a die's roll: {DEALT_HELP}")
            return face
        card = CARDS.get(token.text)
        if card is None:
            raise Misread(token, f"'{shown(token.raw or token.text)}' is not a card: {DEALT_HELP}")
        return card

    def check_token(self, section: str, token: Token) -> Optional[str]:
        text = token.text
        if section == "actions":
            return None if text in WORDS else f"'{shown(token.raw or text)}' is not a Toy Dungeon action: write take or pass"
        if section == "deal":
            return None  # read_deal says what is wrong with the whole line
        if text in CARDS or _face(text) is not None:
            return None
        return f"'{shown(token.raw or text)}' is neither a card nor a die's roll: {DEALT_HELP}"

    def action_text(self, state: State, action: Any) -> str:
        return "take" if isinstance(action, Take) else "pass"

    def score_words(self, state: State) -> str:
        return "the gold picked up" if state.result() is not None else ""

    def describe(self, state: State, action: Any) -> str:
        s: ToyState = state  # type: ignore[assignment]
        card = s.card
        if not isinstance(action, Take):
            return f"discard {card}"
        if card is not None and is_monster(card):
            return f"fight {card} with a {s.roll}: -{s.damage()} health, +{card.rank} gold"
        return f"take {card}: +{card.rank if card else 0} gold"
