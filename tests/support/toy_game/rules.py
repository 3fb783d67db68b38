"""Toy Dungeon's rules core: ten cards and a die, take or pass.

Deck: 2-6 of clubs (monsters) and 2-6 of hearts (treasure). Each turn a card is drawn,
then the die rolled; the player takes the card or passes it. Taking a treasure gains
its value in gold; taking a monster fights it: health falls by its value less the roll
(never by less than 0), and its value is gained in gold. A pass discards the card, and
never follows a pass. The game ends when the deck is empty (a win) or health is 0 (a
loss); the score is the gold.

The die is chance with nothing known in advance: a seeded game's dealer draws each roll
when it happens (``engine.dealer``), a player at a table types it.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from dungeon_cli.kit.cards import Card, deck
from dungeon_cli.kit.core import Chance, Draw, Game, GameInfo, Illegal, Phase, Result, State, draw_from
from dungeon_cli.kit.piles import Pile

DECK = "deck"
DIE = "die"
CARDS = deck(suits="ch", ranks="23456")
CARD_SET = frozenset(CARDS)
FACES = (1, 2, 3, 4, 5, 6)
HEALTH = {None: 6, "frail": 3}


def is_monster(card: Card) -> bool:
    return card.suit == "c"


class Take:
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Take

    def __hash__(self) -> int:
        return hash("Take")

    def __repr__(self) -> str:
        return "Take()"


class Pass:
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Pass

    def __hash__(self) -> int:
        return hash("Pass")

    def __repr__(self) -> str:
        return "Pass()"


TAKE = Take()
PASS = Pass()


class ToyState(State):
    __slots__ = ("deck", "card", "roll", "hp", "max_hp", "gold", "passed")

    def __init__(self, hp: int, deck_pile: Pile):
        self.turn = 1
        self.phase = Phase.CHANCE
        self.deck = deck_pile
        self.card: Optional[Card] = None  # the card of this turn, once drawn
        self.roll: Optional[int] = None  # the die of this turn, once rolled
        self.hp = hp
        self.max_hp = hp
        self.gold = 0
        self.passed = False  # the last turn was a pass

    def damage(self) -> int:
        """Health taking this turn's card costs."""
        assert self.card is not None and self.roll is not None
        return max(0, self.card.rank - self.roll) if is_monster(self.card) else 0

    def chance(self) -> Chance:
        if self.phase is not Phase.CHANCE:
            raise Illegal("nothing is drawn or rolled now")
        if self.card is None:
            return Chance(DECK, "the card of the turn", self.deck.candidates(), self.deck.next_known, self.deck.weights())
        return Chance(DIE, "the roll of the die", FACES)

    def legal_actions(self) -> list:
        if self.phase is not Phase.DECISION:
            return []
        return [TAKE] if self.passed else [TAKE, PASS]

    def apply(self, action: Any) -> "ToyState":
        if self.phase is Phase.OVER:
            raise Illegal("the game is over: no action may follow")
        if isinstance(action, Draw):
            if self.phase is not Phase.CHANCE:
                raise Illegal("the card and the roll of this turn are on the table: take or pass")
            return self._roll(action.outcome) if self.card is not None else self._draw(action.outcome)
        if self.phase is Phase.CHANCE:
            raise Illegal(f"{self.chance().what} comes first")
        if isinstance(action, Take):
            return self._take()
        if isinstance(action, Pass):
            if self.passed:
                raise Illegal("the last turn was a pass: this card must be taken")
            return self._end_turn(self._copy(), passed=True)
        raise Illegal(f"not a Toy Dungeon action: {action!r}")

    def result(self) -> Optional[Result]:
        if self.phase is not Phase.OVER:
            return None
        return Result(self.hp > 0, self.gold)

    def checkpoint(self) -> dict[str, Any]:
        return {"hp": self.hp, "gold": self.gold, "left": len(self.deck)}

    def piles(self) -> Mapping[str, int]:
        return {DECK: len(self.deck)}

    def unfinished(self) -> str:
        if self.phase is Phase.CHANCE:
            return f"{self.chance().what} is missing"
        return "take or pass is still to be chosen"

    # -- transitions -------------------------------------------------------------------

    def _draw(self, card: Any) -> "ToyState":
        if card not in CARD_SET:
            raise Illegal("not in the toy deck (2-6 of clubs and hearts)")
        pile = draw_from(self.deck, card, "deck")
        new = self._copy()
        new.deck = pile
        new.card = card
        return new

    def _roll(self, face: Any) -> "ToyState":
        if face not in FACES:
            raise Illegal("a die shows 1 to 6")
        new = self._copy()
        new.roll = face
        new.phase = Phase.DECISION
        return new

    def _take(self) -> "ToyState":
        assert self.card is not None
        new = self._copy()
        new.hp = self.hp - self.damage()
        new.gold = self.gold + self.card.rank
        return self._end_turn(new, passed=False)

    def _end_turn(self, new: "ToyState", passed: bool) -> "ToyState":
        new.passed = passed
        new.card = new.roll = None
        new.turn = self.turn + 1
        new.phase = Phase.OVER if new.hp <= 0 or not len(new.deck) else Phase.CHANCE
        return new


def positioned(
    start: ToyState,
    *,
    turn: int,
    hp: int,
    gold: int,
    deck_pile: Pile,
    card: Optional[Card],
    roll: Optional[int],
    passed: bool,
    gone: Sequence[Card],
) -> ToyState:
    """The state a position gives (NOTATION.md section 9), from the setup's ``start``
    (its variant's health); ``Illegal(message, where=KEY)`` for a state the rules
    cannot reach. A position is at a turn's start (nothing on the table) or at its
    decision (the card and the roll on the table); the phase follows."""
    if hp > start.max_hp:
        raise Illegal(f"health is never above {start.max_hp}", "hp")
    if (card is None) != (roll is None):
        raise Illegal(
            "the card and the roll are on the table together or not at all: a position is at a turn's start or at its choice",
            "roll",
        )
    if turn != len(gone) + 1:
        were = "card is" if turn == 2 else "cards are"
        raise Illegal(
            f"each turn puts one card out of play: turn {turn} comes once {turn - 1} {were} gone, and gone holds {len(gone)}",
            "turn",
        )
    if passed and not gone:
        raise Illegal("no card was passed before the first turn", "passed")
    lost = start.max_hp - hp
    could = sum(c.rank - 1 for c in gone if is_monster(c))
    if lost > could:
        raise Illegal(f"{lost} health lost, and the monsters gone cost at most {could}", "hp")
    if gold > sum(c.rank for c in gone):
        raise Illegal(f"gold comes from cards taken, and the cards gone are worth {sum(c.rank for c in gone)}", "gold")
    over = hp <= 0 or (card is None and not len(deck_pile))
    if over and card is not None:
        raise Illegal("health 0 ends the game at once: no card is on the table after it", "card")
    state = ToyState(start.max_hp, deck_pile)
    state.turn = turn
    state.hp = hp
    state.gold = gold
    state.card = card
    state.roll = roll
    state.passed = passed
    state.phase = Phase.OVER if over else Phase.DECISION if card is not None else Phase.CHANCE
    return state


class ToyDungeon(Game):
    name = "toy"
    title = "Toy Dungeon (the test suite's game)"
    variants = {"frail": "start with 3 health, not 6"}

    def deck(self, variant=None, options=None) -> list[tuple[str, Sequence]]:
        return [(DECK, CARDS)]

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """Gold is at most every card's value (40); a card a turn, each dealt, rolled and
        taken or passed (30 events); take or pass; a card of ten or a face of six."""
        return GameInfo(0, sum(card.rank for card in CARDS), 3 * len(CARDS), 2, len(CARDS))

    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Sequence]] = None,
    ) -> ToyState:
        deck_pile = Pile.ordered(order[DECK]) if order is not None else Pile.unknown(CARDS)
        return ToyState(HEALTH[variant], deck_pile)
