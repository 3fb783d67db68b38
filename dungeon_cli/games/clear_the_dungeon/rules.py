"""Clear the Dungeon (Mark S. Ball) as DGN section 7 fixes it; choices in dungeon_cli/games/clear_the_dungeon/rules.md.

Twelve monsters (J 11, Q 12, K 13) lie in four columns of three, top card face up. Each
turn three power cards are drawn; the player either attacks one face-up monster with
two of them as power (sum at least the monster's power) and the third as trigger (the
monster's suit, or a joker), or passes and the three go to the damage pile.

Where the columns' hidden cards are unknown (a game at a real table) they are not
assigned to columns at all: every reveal comes from one shared pool of the monsters not
yet seen, since any unseen monster may lie under any column. With a known order (a
seeded deal) each column is a ``Pile`` of its own and a reveal must be its next card.

Variant ``reserve``: the damage pile's top card may stand in for one card of the hand
in an attack; the hand card left unused goes onto the damage pile instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Mapping, Optional, Sequence, TypeVar, final

from ...kit.cards import JOKER, SUIT_NAMES, Card, deck
from ...kit.core import Cards, Chance, Draw, Frozen, Game, GameInfo, Illegal, Phase, Result, State, compiled_module, refused_draw
from ...kit.piles import NotInPile, Pile

if TYPE_CHECKING:
    import random  # the generator a resample is handed: the rules draw nothing themselves

JOKERS_GONE: Final = "no joker is left in the power deck: both were drawn already"
DRAWN: Final = "no longer in the power deck: it was drawn already"

COLUMNS: Final = 4
DEPTH: Final = 3  # monsters per column
HAND: Final = 3  # power cards drawn each turn
DAMAGE_LIMIT: Final = 7
MONSTER_PILE: Final = "monsters"
POWER_PILE: Final = "power"
RESERVE: Final = "reserve"
ORDINALS: Final = ("first", "second", "third")

# The documented orders before shuffling (the input of the seeded shuffle).
MONSTERS: Final[list[Card]] = deck(ranks="JQK")
POWER: Final[list[Card]] = deck(ranks="A23456789T") + [JOKER, JOKER]
MONSTER_SET: Final = frozenset(MONSTERS)
POWER_SET: Final = frozenset(POWER)


def power_of(monster: Card) -> int:
    """A monster's power: J 11, Q 12, K 13 (its rank number)."""
    return monster.rank


def face_value(card: Card) -> int:
    """A power card's value: A 1, 2-10 face value; a joker not given a value is worth 10."""
    return 10 if card.is_joker else card.rank


def column_name(index: int) -> str:
    return f"column {index + 1}"


# How a turn's words say the draws (Chance.told): a card turned up in a column, power cards drawn.
TURNED_UP: Final = tuple(
    (f"turned up {{cards}} in {column_name(c)}", f"turned up {{cards}} in {column_name(c)}") for c in range(COLUMNS)
)
DREW: Final = ("drew {cards} from the power deck", "drew {cards} from the power deck")


def lay_out(monsters: Sequence[Card]) -> list[list[Card]]:
    """The columns (each top card first) from a monster pile given top card first.

    Dealt as at a table: one card to each column in turn, left to right, three rounds;
    the last round lies on top and is turned face up. So column c (0-based) holds, from
    the top, cards 8+c, 4+c and c of the pile.
    """
    columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for index, card in enumerate(monsters):
        columns[index % COLUMNS].insert(0, card)
    return columns


@final
class Use(Frozen):
    """One card of an attack: ``value`` counts for a power card (a joker's chosen value);
    ``reserve`` marks the damage pile's top card (variant ``reserve``)."""

    __match_args__ = ("card", "value", "reserve")

    def __init__(self, card: Card, value: int, reserve: bool = False) -> None:
        self.card: Final = card
        self.value: Final = value
        self.reserve: Final = reserve

    def _fields(self) -> tuple[Card, int, bool]:
        return (self.card, self.value, self.reserve)

    @classmethod
    def of(cls, card: Card, value: Optional[int] = None, reserve: bool = False) -> "Use":
        return cls(card, face_value(card) if value is None else value, reserve)


@final
class Attack(Frozen):
    """Kill ``target`` with two power cards and a trigger."""

    __match_args__ = ("target", "power", "trigger")

    def __init__(self, target: Card, power: tuple[Use, Use], trigger: Use) -> None:
        self.target: Final = target
        self.power: Final = power
        self.trigger: Final = trigger

    def _fields(self) -> tuple[Card, tuple[Use, Use], Use]:
        return (self.target, self.power, self.trigger)

    @property
    def uses(self) -> tuple[Use, Use, Use]:
        return (self.power[0], self.power[1], self.trigger)

    @property
    def total(self) -> int:
        return self.power[0].value + self.power[1].value


@final
class Pass(Frozen):
    """No attack: the hand goes to the damage pile."""


PASS: Final = Pass()
Action = Attack | Pass | Draw


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


_NO_TOPS: Final[tuple[Optional[Card], ...]] = (None,) * COLUMNS
_FULL_COLUMNS: Final[tuple[int, ...]] = (DEPTH,) * COLUMNS
_ALL_MONSTERS: Final[Pile[Card]] = Pile.unknown(MONSTERS)
_ALL_POWER: Final[Pile[Card]] = Pile.unknown(POWER)


# How _copy makes a new state: see kit.core.compiled_module.
_NATIVE: Final = compiled_module(__file__)


@final
class DungeonState(State[Action]):
    __slots__ = (
        "reserve",
        "tops",
        "hidden",
        "unseen",
        "stacks",
        "power",
        "hand",
        "damage",
        "defeated",
        "revealing",
        "ended_by",
    )
    # A seeded deal's face-down columns are the dealer's; the player knows only how many
    # cards each column hides and which monsters are unseen (``hidden``, ``unseen``).
    unobserved = frozenset({"stacks"})

    def __init__(self) -> None:
        self.turn = 0
        self.phase = Phase.CHANCE
        self.reserve = False
        # Shared values, built once (a copy runs __init__ when compiled: see _copy).
        self.tops: tuple[Optional[Card], ...] = _NO_TOPS  # face-up monster per column
        self.hidden: tuple[int, ...] = _FULL_COLUMNS  # face-down cards per column
        self.unseen: Pile[Card] = _ALL_MONSTERS  # every monster not yet turned up
        self.stacks: Optional[tuple[Pile[Card], ...]] = None  # each column's face-down cards, when known
        self.power: Pile[Card] = _ALL_POWER
        self.hand: tuple[Card, ...] = ()
        self.damage: tuple[Card, ...] = ()  # bottom first; the last card is the top
        self.defeated: tuple[Card, ...] = ()
        self.revealing: Optional[int] = None  # the column that turns up its next card now
        self.ended_by: Optional[str] = None  # "win", "damage" or "deck" once over

    def _copy(self) -> "DungeonState":
        # Spelled out: the hot path of every walk and search (a class compiled by mypyc
        # has no __slots__ to loop over). Made by object's ``__new__`` in pure Python,
        # which skips __init__; compiled, by the class's native constructor (_NATIVE,
        # kit.core.compiled_module), so __init__ builds nothing: its values are shared
        # constants.
        new = DungeonState() if _NATIVE else DungeonState.__new__(DungeonState)
        new.turn = self.turn
        new.phase = self.phase
        new.reserve = self.reserve
        new.tops = self.tops
        new.hidden = self.hidden
        new.unseen = self.unseen
        new.stacks = self.stacks
        new.power = self.power
        new.hand = self.hand
        new.damage = self.damage
        new.defeated = self.defeated
        new.revealing = self.revealing
        new.ended_by = self.ended_by
        return new

    # -- what the player sees ----------------------------------------------------------

    @property
    def left(self) -> int:
        return len(MONSTERS) - len(self.defeated)

    @property
    def reserve_card(self) -> Optional[Card]:
        """The damage pile's top card, when the variant lets it join an attack."""
        return self.damage[-1] if self.reserve and self.damage else None

    def column_of(self, monster: Card) -> Optional[int]:
        for index, top in enumerate(self.tops):
            if top is monster:
                return index
        return None

    def _setup_column(self) -> int:
        """The column whose top the deal turns up next (setup only)."""
        return self.tops.index(None)

    # -- the interface -----------------------------------------------------------------

    def chance(self) -> Chance:
        if self.phase is not Phase.CHANCE:
            raise Illegal("no card is turned up now")
        if self.turn == 0 or self.revealing is not None:
            column = self._setup_column() if self.turn == 0 else self.revealing
            assert column is not None
            if self.turn == 0:
                what = f"the face-up top of {column_name(column)}"
            else:
                what = f"the card turned up in {column_name(column)}"
            known = self.stacks[column].next_known if self.stacks is not None else None
            told = TURNED_UP[column]
            if known is not None:
                return Chance(column_name(column), what, (known,), known, None, told)
            return Chance(column_name(column), what, self.unseen.candidates(), None, self.unseen.weights(), told)
        what = f"the {ORDINALS[len(self.hand)]} power card of the turn"
        return Chance(POWER_PILE, what, self.power.candidates(), self.power.next_known, self.power.weights(), DREW)

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.DECISION:
            return []
        cards = [Use.of(c) for c in self.hand]
        if self.reserve_card is not None:
            cards.append(Use.of(self.reserve_card, reserve=True))
        actions: list[Action] = []
        seen: set[Attack] = set()
        for target in self.tops:
            if target is None:
                continue
            for i in range(len(cards)):
                for j in range(i + 1, len(cards)):
                    for k in range(len(cards)):
                        if k in (i, j):
                            continue
                        for attack in self._attacks(target, cards[i], cards[j], cards[k]):
                            if attack not in seen:  # two jokers make the same attack twice
                                seen.add(attack)
                                actions.append(attack)
        actions.append(PASS)
        return actions

    def _attacks(self, target: Card, a: Use, b: Use, trigger: Use) -> list[Attack]:
        """Every legal attack with these roles, a joker as power at every value that reaches
        the target's power (written JK for 10, JK=n below)."""
        if not (trigger.card.is_joker or trigger.card.suit == target.suit):
            return []
        need = power_of(target)
        out = []
        for va in _values(a):
            for vb in _values(b):
                if va + vb < need:
                    continue
                if a.card is b.card and a.reserve == b.reserve and va > vb:
                    continue  # two jokers: each pair of values once
                out.append(Attack(target, (Use(a.card, va, a.reserve), Use(b.card, vb, b.reserve)), trigger))
        return out

    def apply(self, action: Action) -> "DungeonState":
        if self.phase is Phase.OVER:
            raise Illegal("the game is over: no action may follow")
        if isinstance(action, Draw):
            return self._draw(action.outcome)
        if self.phase is Phase.CHANCE:
            raise Illegal(f"{self.chance().what} comes first")
        if isinstance(action, Pass):
            return self._pass()
        if isinstance(action, Attack):
            return self._attack(action)
        raise Illegal(f"not a Clear the Dungeon action: {action!r}")

    def result(self) -> Optional[Result]:
        if self.phase is not Phase.OVER:
            return None
        if self.ended_by == "win":
            return Result(True, len(self.power))
        return Result(False, len(self.defeated))

    def checkpoint(self) -> dict[str, Any]:
        return {"dmg": len(self.damage), "deck": len(self.power), "left": self.left}

    def resample(self, rng: random.Random) -> "DungeonState":
        """The power cards not yet drawn shuffled, then the monsters not yet turned up
        shuffled and dealt to the columns' face-down places: the columns draw from one
        pile of unseen monsters, so they are dealt here rather than pile by pile."""
        new = self._copy()
        new.power = self.power.resampled(rng, self.card_order)
        monsters = self.unseen.resampled(rng, self.card_order).known
        stacks = []
        for hidden in self.hidden:
            stacks.append(Pile.ordered(monsters[:hidden]))
            monsters = monsters[hidden:]
        new.stacks = tuple(stacks)
        return new

    def piles(self) -> Mapping[str, int]:
        counts = {column_name(i): n for i, n in enumerate(self.hidden)}
        counts[POWER_PILE] = len(self.power)
        return counts

    def unfinished(self) -> str:
        if self.phase is Phase.CHANCE:
            if self.revealing is not None:
                return f"{column_name(self.revealing)} turns up its next card after the kill: write it as ^card after the attack"
            if self.turn and not self.hand:
                return f"turn {self.turn} has not drawn its power cards yet"
            return f"{self.chance().what} is missing"
        return "no attack and no '-' yet: write TARGET P1+P2 TRIGGER, or - to pass"

    # -- transitions -------------------------------------------------------------------

    def _draw(self, card: Any) -> "DungeonState":
        if self.phase is not Phase.CHANCE:
            raise Illegal("the hand is complete: a turn draws three power cards")
        if self.turn == 0 or self.revealing is not None:
            return self._reveal(card)
        if card not in POWER_SET:
            if card in MONSTER_SET:
                raise Illegal("not in the power deck: jacks, queens and kings are the monsters")
            raise Illegal("not in the power deck")
        try:
            power = self.power.draw(card)
        except NotInPile as exc:
            raise refused_draw(exc, self.power, card, "power deck", gone=JOKERS_GONE if card is JOKER else DRAWN) from None
        new = self._copy()
        new.power = power
        new.hand = self.hand + (card,)
        if len(new.hand) == HAND or not len(power):
            new.phase = Phase.DECISION
        return new

    def _reveal(self, card: Any) -> "DungeonState":
        column = self._setup_column() if self.turn == 0 else self.revealing
        assert column is not None
        if card not in MONSTER_SET:
            raise Illegal("not a monster: the columns hold only jacks, queens and kings")
        new = self._copy()
        if self.stacks is not None:
            try:
                stack = self.stacks[column].draw(card)
            except NotInPile as exc:
                raise Illegal(f"{column_name(column)} turns up {exc.expected} here, not {card}") from None
            new.stacks = self.stacks[:column] + (stack,) + self.stacks[column + 1 :]
        try:
            new.unseen = self.unseen.draw(card)
        except NotInPile:
            raise Illegal(self._seen_already(card)) from None
        new.tops = _replace(self.tops, column, card)
        new.hidden = _replace(self.hidden, column, self.hidden[column] - 1)
        if self.turn == 0:
            if None not in new.tops:
                new._next_turn()
            return new
        new.revealing = None
        new._next_turn()
        return new

    def _seen_already(self, card: Card) -> str:
        column = self.column_of(card)
        if column is not None:
            return f"already face up in {column_name(column)}"
        return "defeated already: it is out of the dungeon"

    def _pass(self) -> "DungeonState":
        new = self._copy()
        new.damage = self.damage + self.hand  # in the order drawn: the last drawn ends on top
        new.hand = ()
        if len(new.damage) >= DAMAGE_LIMIT:
            new.phase = Phase.OVER
            new.ended_by = "damage"
            return new
        new._next_turn()
        return new

    def _attack(self, attack: Attack) -> "DungeonState":
        target = attack.target
        column = self.column_of(target)
        if column is None:
            raise Illegal(self._not_a_target(target), where="target")
        self._check_cards(attack)
        if attack.total < power_of(target):
            p1, p2 = attack.power
            raise Illegal(
                f"power {p1.value}+{p2.value}={attack.total} is less than {target}'s {power_of(target)}",
                where="power",
            )
        trigger = attack.trigger.card
        if not (trigger.is_joker or trigger.suit == target.suit):
            name = SUIT_NAMES[target.suit][:-1]
            raise Illegal(f"not a {name}: the trigger for {target} must be a {name} or a joker", where="trigger")
        new = self._copy()
        damage = list(self.damage)
        hand = list(self.hand)
        for use in attack.uses:
            if use.reserve:
                damage.pop()
            else:
                hand.remove(use.card)
        new.damage = tuple(damage) + tuple(hand)  # a hand card left unused (reserve) goes on top
        new.hand = ()
        new.defeated = self.defeated + (target,)
        new.tops = _replace(self.tops, column, None)
        if len(new.defeated) == len(MONSTERS):
            new.phase = Phase.OVER
            new.ended_by = "win"
            return new
        if self.hidden[column]:
            new.revealing = column
            new.phase = Phase.CHANCE
            return new
        new._next_turn()
        return new

    def _not_a_target(self, card: Card) -> str:
        shown = _cards_text([t for t in self.tops if t is not None])
        if card not in MONSTER_SET:
            return f"not a monster: the targets are the face-up monsters ({shown})"
        if card in self.defeated:
            return f"defeated already (face up now: {shown})"
        return f"not face up: only the top monster of a column can be attacked (face up now: {shown})"

    def _check_cards(self, attack: Attack) -> None:
        """The three cards must be the three drawn, or, with the reserve, two of them and
        the damage pile's top card. A message names the card only for the power token,
        which writes two cards; the trigger token is the card itself."""
        left = list(self.hand)
        reserve_used = False
        hand = _cards_text(self.hand)
        for use, where in zip(attack.uses, ("power", "power", "trigger")):
            card = use.card
            written = f"{'r' if use.reserve else ''}{card}"
            is_, was = (f"{written} is ", f"{written} was ") if where == "power" else ("", "")
            if card.is_joker and where == "power" and not 1 <= use.value <= 10:
                raise Illegal(f"a joker as power is worth 1 to 10, not {use.value}", where=where)
            if not card.is_joker and use.value != face_value(card):
                raise Illegal(f"only a joker takes a chosen value; {card} is worth {face_value(card)}", where=where)
            if use.reserve:
                if not self.reserve:
                    raise Illegal(
                        'a card from the damage pile (r) joins an attack only in [Variant "reserve"]',
                        where=where,
                    )
                if reserve_used:
                    raise Illegal("only one card, the damage pile's top, may join an attack", where=where)
                top = self.reserve_card
                if top is None:
                    raise Illegal("the damage pile is empty: there is no card to take from it", where=where)
                if card is not top:
                    raise Illegal(f"{is_}not the damage pile's top card ({top} is)", where=where)
                reserve_used = True
                continue
            if card in left:
                left.remove(card)
                continue
            if card in self.hand:
                raise Illegal(f"{is_}used twice: each card of the hand plays one part ({hand})", where=where)
            raise Illegal(f"{was}not drawn this turn (the hand is {hand})", where=where)

    def _next_turn(self) -> None:
        """The turn is over: the next one draws, or the game ends if nothing can be drawn."""
        if not len(self.power):
            self.phase = Phase.OVER
            self.ended_by = "deck"
            return
        self.turn += 1
        self.phase = Phase.CHANCE


_T = TypeVar("_T")


def _in_deck_order(pile: Pile[Card], cards: list[Card]) -> Pile[Card]:
    """``pile`` with its cards of unknown order listed as a fresh deck lists them (the
    order ``chance()`` gives its outcomes in), however a position wrote them."""
    hidden = {card: pile.hidden[card] for card in dict.fromkeys(cards) if card in pile.hidden}
    return Pile(hidden, pile.known, pile.secret)


def _values(use: Use) -> range:
    return range(1, 11) if use.card.is_joker else range(use.value, use.value + 1)


def _replace(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def positioned(
    start: DungeonState,
    *,
    turn: int,
    tops: Sequence[Optional[Card]],
    under: Sequence[int],
    unseen: Pile[Card],
    power: Pile[Card],
    hand: Sequence[Card],
    damage: Sequence[Card],
    defeated: Sequence[Card],
    spent: Sequence[Card],
) -> DungeonState:
    """The state a position gives (NOTATION.md section 9), from the setup's ``start``
    (its variant); ``Illegal(message, where=KEY)`` for a state the rules cannot reach.

    ``damage`` is bottom first, as the state keeps it. ``unseen`` is every monster not
    yet turned up: in an order nobody knows (a table: the columns share one pool), or in
    the order the dealer knows, column 1's face-down cards top first, then column 2's
    (a seeded deal, cut): ``under`` says how many each column holds. ``spent`` is every
    power card the kills used, out of the game. The phase follows from the rest: the
    power cards out of the deck say how far into its turn the game is (each turn draws
    three, 42 make fourteen), a column with no face-up card and cards face down is
    turning up its next one after a kill, and the game is over when it is won, lost by
    damage, or a turn must draw from an empty deck."""
    for column, top in enumerate(tops):
        if top is not None and top not in MONSTER_SET:
            raise Illegal(f"{top} is not a monster: {column_name(column)}'s face-up card is a jack, queen or king", "tops")
        if under[column] > DEPTH - 1:
            raise Illegal(
                f"{column_name(column)} has {under[column]} face-down cards: a column of {DEPTH} has at most {DEPTH - 1} under its top",
                "under",
            )
    for key, cards, kind in (("unseen", unseen.cards(), MONSTER_SET), ("defeated", defeated, MONSTER_SET)):
        for card in cards:
            if card not in kind:
                raise Illegal(f"{card} is not a monster: {key} holds jacks, queens and kings", key)
    for key, cards in (("power", power.cards()), ("hand", hand), ("damage", damage), ("spent", spent)):
        for card in cards:
            if card not in POWER_SET:
                raise Illegal(f"{card} is a monster: {key} holds power cards (A-10 and jokers)", key)
    if len(power.known) > power.secret:
        raise Illegal("no card is put back under the power deck: it has no part the player saw ('|')", "power")
    if len(unseen) != sum(under):
        raise Illegal(f"under counts {sum(under)} face-down monsters, and unseen holds {len(unseen)}", "unseen")
    if unseen.known and (unseen.hidden or len(unseen.known) > unseen.secret):
        raise Illegal(
            "the face-down monsters are all in an unknown order (a table) or all in the dealer's order (a seeded deal)",
            "unseen",
        )
    if len(hand) > HAND:
        raise Illegal(f"a hand is {HAND} power cards, not {len(hand)}", "hand")
    if len(spent) != HAND * len(defeated):
        raise Illegal(
            f"each kill spends {HAND} power cards: {len(defeated)} defeated spent {HAND * len(defeated)}, not {len(spent)}",
            "spent",
        )
    if len(damage) % HAND:
        raise Illegal(f"the damage pile grows by a passed hand, {HAND} cards at a time: it cannot hold {len(damage)}", "damage")
    revealing = [c for c in range(COLUMNS) if tops[c] is None and under[c]]
    if len(revealing) > 1:
        shown = " and ".join(column_name(c) for c in revealing)
        raise Illegal(f"{shown} have cards face down and none face up: only the column of the last kill turns one up", "tops")
    drawn = len(POWER) - len(power)
    before = HAND * (turn - 1)  # drawn by the turns before this one
    state = DungeonState()
    state.reserve = start.reserve
    state.turn = turn
    state.tops = tuple(tops)
    state.hidden = tuple(under)
    state.power = _in_deck_order(power, POWER)
    state.hand = tuple(hand)
    state.damage = tuple(damage)
    state.defeated = tuple(defeated)
    if unseen.known:
        monsters = unseen.known
        stacks = []
        for count in under:
            stacks.append(Pile.ordered(monsters[:count]))
            monsters = monsters[count:]
        state.stacks = tuple(stacks)
    state.unseen = Pile.unknown(sorted(unseen.cards(), key=MONSTERS.index))
    if hand or drawn == before:  # the turn draws, or its hand is complete
        if drawn != before + len(hand):
            raise Illegal(
                f"turn {turn} comes after {before} power cards drawn by the turns before it, {len(hand)} more in the hand: "
                f"{before + len(hand)} out of the deck, not {drawn}",
                "turn",
            )
        if revealing:
            raise Illegal(
                f"{column_name(revealing[0])} has no face-up card and cards face down: it turns one up before the next turn draws",
                "tops",
            )
        if len(damage) >= DAMAGE_LIMIT:
            raise Illegal(f"the damage pile holds {len(damage)} cards: the game was lost at {DAMAGE_LIMIT}", "damage")
        if len(defeated) == len(MONSTERS):
            raise Illegal("every monster is defeated: the game was won, and no turn follows", "turn")
        if not len(power) and not hand:
            raise Illegal("the power deck is empty: the game was lost, and no turn follows", "turn")
        state.phase = Phase.DECISION if len(hand) == HAND or not len(power) else Phase.CHANCE
        return state
    if drawn != before + HAND:
        raise Illegal(
            f"turn {turn} begins after {before} power cards are drawn and ends after {before + HAND}: "
            f"{drawn} are out of the deck",
            "turn",
        )
    if revealing:  # the turn's kill is made: its column turns up its next card
        if len(damage) >= DAMAGE_LIMIT:
            raise Illegal(f"the damage pile holds {len(damage)} cards: the game was lost at {DAMAGE_LIMIT}", "damage")
        state.revealing = revealing[0]
        state.phase = Phase.CHANCE
        return state
    state.phase = Phase.OVER
    if len(defeated) == len(MONSTERS):
        if len(damage) >= DAMAGE_LIMIT:
            raise Illegal(f"the damage pile holds {len(damage)} cards: the game was lost before it was won", "damage")
        state.ended_by = "win"
    elif len(damage) >= DAMAGE_LIMIT:
        state.ended_by = "damage"
    elif not len(power):
        state.ended_by = "deck"
    else:
        raise Illegal(
            f"turn {turn} has drawn and played its cards, and the game goes on: the position is at turn {turn + 1}", "turn"
        )
    return state


class ClearTheDungeon(Game[DungeonState]):
    name = "clear-the-dungeon"
    title = "Clear the Dungeon"
    variants: Mapping[str, str] = {
        RESERVE: "the damage pile's top card may be one of an attack's three cards (this project's own rule)",
    }

    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        """Monsters first (J Q K of spades, hearts, diamonds, clubs), then the power deck
        (A-10 of spades, hearts, diamonds, clubs, then the two jokers)."""
        return [(MONSTER_PILE, MONSTERS), (POWER_PILE, POWER)]

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """Scores from the rules: a win scores the power cards left (at most all 42), a
        loss the monsters defeated (at most 12); a draw is one of at most 42 cards. An
        attack is a target, two powers, a joker's value and a trigger: the reserve
        variant's most seen in random play is under 200, so the encoding's 1,024 stand.
        The longest game: measured under 70 events, declared with room to spare."""
        return GameInfo(0, len(POWER), 200, 1024, len(POWER))

    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Cards]] = None,
    ) -> DungeonState:
        state = DungeonState()
        state.reserve = variant == RESERVE
        order = order or {}
        if MONSTER_PILE in order:
            state.stacks = tuple(Pile.ordered(column) for column in lay_out(order[MONSTER_PILE]))
        if POWER_PILE in order:
            state.power = Pile.ordered(order[POWER_PILE])
        return state
