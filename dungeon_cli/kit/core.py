"""The shape every rules core has, after OpenSpiel: a state, its legal actions, and apply.

A game is a ``Game`` (what it is: name, variants, the piles it shuffles, how to start) and
its ``State`` values (where a game stands). A state is in one of three phases:

- CHANCE: the next thing to happen is a random outcome: a card drawn from a named pile,
  a die rolled. ``chance()`` says which pile and which outcomes are still possible;
  the outcome arrives as a ``Draw`` action, handed in by a dealer or read from a record.
- DECISION: the player chooses; ``legal_actions()`` lists every choice.
- OVER: ``result()`` holds the win or loss and the score.

``apply`` returns a new state and never changes the old one (undo, replay and search
keep every state they like). An illegal action raises ``Illegal`` with a message a
player understands. Turns are the rules' own: ``turn`` is 0 during setup and the number
of the turn in progress after that; it goes up when the rules say a turn has ended, so
a reader can tell a record that stops mid-turn.

Cores are pure: no I/O, no printing, no randomness. A card set read from a file, a
number of decks, a seeded deck order: all arrive as arguments to ``Game.start``.

A state also says what the player knows of it, so that a search written once works for
every game: ``observation()`` is the player's information set as a hashable key (two
states the player cannot tell apart give equal ones), and ``resample(rng)`` deals the
cards the player has not seen in a random order drawn from the generator it is handed,
giving a state the player cannot tell from this one. Both come from the state's fields
and its piles (piles.py), so a game whose hidden information is its piles' unseen order
gets them for free; a game declares the fields only the dealer sees (``unobserved``).
Dice to come are not in any state: a resampled state's dealer rolls them as ever.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Final,
    Generic,
    Hashable,
    Mapping,
    Optional,
    Self,
    Sequence,
    TypeVar,
    final,
)

from .cards import ORDER
from .piles import Hidden, NotInPile, Pile

if TYPE_CHECKING:
    import random
    from fractions import Fraction

try:  # read by mypyc when it compiles the kit (setup.py); nothing to do at run time
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # mypy's own dependency, not dungeon's

    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]  # the stand-in's signature is not mypy_extensions'
        return lambda cls: cls


def compiled_module(file: str) -> bool:
    """Whether the module whose ``__file__`` is ``file`` runs compiled (mypyc's modules
    are shared libraries). A game's ``_copy`` asks it once, at import: compiled, a new
    state is made by calling its class, a native call; in pure Python, by object's
    ``__new__``, which skips ``__init__`` (a Python frame a copy, on the hot path of every
    walk). Compiled, ``Class.__new__(Class)`` is a Python-level call that runs ``__init__``
    all the same: a seventh of a compiled Scoundrel verify (callgrind)."""
    return file.endswith((".so", ".pyd"))


class Phase(enum.Enum):
    CHANCE = "chance"
    DECISION = "decision"
    OVER = "over"


@mypyc_attr(allow_interpreted_subclasses=True)  # the kit's Misread is one
class Illegal(Exception):
    """An action the rules do not allow; ``message`` is written for the player."""

    def __init__(self, message: str, where: Optional[str] = None):
        super().__init__(message)
        self.message = message
        # Which part of a many-token action is at fault ("power", "trigger", ...), so the
        # reader can point at that token; None blames the action's first token.
        self.where = where


P = TypeVar("P", bound=Hashable)


def draw_from(
    pile: Pile[P], card: P, name: str, verb: str = "deals", gone: str = "no longer in the {name}: it was drawn already"
) -> Pile[P]:
    """``pile`` after ``card`` is drawn from it, or Illegal in the words of ``refused_draw``
    (a new game's door; the four games' hot deals call ``pile.draw`` and ``refused_draw``
    themselves, one call fewer on every deal)."""
    try:
        return pile.draw(card)
    except NotInPile as exc:
        raise refused_draw(exc, pile, card, name, verb, gone) from None


def refused_draw(
    exc: NotInPile,
    pile: Pile[P],
    card: P,
    name: str,
    verb: str = "deals",
    gone: str = "no longer in the {name}: it was drawn already",
) -> Illegal:
    """Why ``card`` cannot be drawn from ``pile`` (``exc``, its draw's refusal), in the words
    every game uses for a pile (``name``, "the dungeon"): where the order is known (a
    seeded deal), "the dungeon deals 7s next here, not 9d"; a card put under the pile,
    "went under the dungeon: the 3 cards above it come first"; else ``gone``, a template of
    ``{card}`` and ``{name}`` (made only then: a draw that succeeds costs no text)."""
    if exc.expected is not None:
        return Illegal(f"the {name} {verb} {exc.expected} next here, not {card}")
    if card in pile.known:
        above = sum(pile.hidden.values())
        cards = "card above it comes" if above == 1 else "cards above it come"
        return Illegal(f"went under the {name}: the {above} {cards} first")
    return Illegal(gone.format(card=card, name=name))


@final
class Result:
    __slots__ = ("won", "score")

    def __init__(self, won: bool, score: int):
        self.won = won
        self.score = score

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and (self.won, self.score) == (other.won, other.score)

    def __hash__(self) -> int:
        return hash((self.won, self.score))

    def __repr__(self) -> str:
        return f"Result(won={self.won}, score={self.score})"

    def __reduce__(self) -> tuple[type["Result"], tuple[bool, int]]:
        # Pickled and copied through __init__: compiled by mypyc, __new__ runs it (see Draw).
        return Result, (self.won, self.score)

    def __str__(self) -> str:
        return f"{'win' if self.won else 'loss'} {self.score}"


@mypyc_attr(allow_interpreted_subclasses=True)  # a game installed from outside may have values of its own
class Frozen:
    """The base of a game's small values (its actions, a die, a foe, a room): equal by
    their fields, hashable, written as ``Class(field=value, ...)``, pickled and copied
    through ``__init__``, and never changed once made.

    Not dataclasses: mypyc compiles a dataclass's own methods but leaves interpreted the
    ones the decorator writes, ``__init__`` above all, and building these values was a
    sixth of a compiled Cassette verify. So each value spells them out: an ``__init__``
    that sets every field once (``self.side: Final = side``: mypy refuses any later
    assignment, and a compiled value refuses it at run time too), ``__match_args__``
    naming the fields in order (what a ``match`` statement and the adaptors read), and
    ``_fields()`` giving them in that order, from which everything below is made. A value
    with no fields needs none of the three."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _fields(self) -> tuple[Any, ...]:
        return ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frozen) and type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())  # a dataclass's hash: sets of actions keep their order

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in fields_of(self))
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # Pickled and copied through __init__: compiled by mypyc, __new__ runs it (see Draw).
        return type(self), self._fields()


def fields_of(value: Frozen) -> tuple[tuple[str, Any], ...]:
    """A value's fields, named: what the adaptors turn into features."""
    return tuple(zip(type(value).__match_args__, value._fields()))


@final
class Draw:
    """A chance outcome: the card turned up or the die face rolled."""

    __slots__ = ("outcome",)

    def __init__(self, outcome: Hashable):
        self.outcome = outcome

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Draw) and self.outcome == other.outcome

    def __hash__(self) -> int:
        return hash(("Draw", self.outcome))

    def __repr__(self) -> str:
        return f"Draw({self.outcome!r})"

    def __reduce__(self) -> tuple[type["Draw"], tuple[Hashable]]:
        # Pickled (OpenSpiel's serialised states, a process pool) and copied through
        # __init__: a class compiled by mypyc runs __init__ in __new__, which pickle's
        # default reconstruction calls with no arguments.
        return Draw, (self.outcome,)


@final
class Chance:
    """What chance decides next.

    ``pile`` names the pile (or dice) it comes from; ``what`` says it in a player's words
    ("a card of the room"); ``outcomes`` are the distinct outcomes still possible, in an
    order the core fixes; ``weights`` how many ways each can come up (copies of a card in
    a pile of several decks), None when all are alike; ``known`` is the one outcome
    allowed when the order is known (a seeded deck, cards put under the pile in a known
    order), else None. ``told`` is how a turn's words say the draws of a row of such
    events: two sentences, for one outcome and for several, the outcomes written where
    ``{cards}`` stands ("dealt {cards} into the room"); None: ``what``, then the
    outcomes.
    """

    __slots__ = ("pile", "what", "outcomes", "known", "weights", "told")

    def __init__(
        self,
        pile: str,
        what: str,
        outcomes: tuple[Hashable, ...],
        known: Optional[Hashable] = None,
        weights: Optional[tuple[int, ...]] = None,
        told: Optional[tuple[str, str]] = None,
    ):
        self.pile = pile
        self.what = what
        self.outcomes = outcomes
        self.known = known
        self.weights = weights
        self.told = told

    def probabilities(self) -> list[tuple[Hashable, "Fraction"]]:
        """Each outcome still possible and its probability (a known outcome: 1)."""
        from fractions import Fraction  # not at import: start-up time is a target

        if self.known is not None:
            return [(self.known, Fraction(1))]
        weights = self.weights or (1,) * len(self.outcomes)
        total = sum(weights)
        return [(outcome, Fraction(weight, total)) for outcome, weight in zip(self.outcomes, weights)]

    def __repr__(self) -> str:
        return f"Chance({self.pile!r}, {self.what!r}, {self.outcomes!r}, known={self.known!r})"

    def __reduce__(self) -> tuple[type["Chance"], tuple[Any, ...]]:
        # Through __init__, as Draw's.
        return Chance, (self.pile, self.what, self.outcomes, self.known, self.weights, self.told)


# A game's own action type (python-chess's Move, OpenSpiel's action): a union of the
# game's action classes, ``Draw`` among them.
A = TypeVar("A")


_STATE_FIELDS: Final = ("turn", "phase")


@mypyc_attr(allow_interpreted_subclasses=True)  # a game may be pure Python: the suite's toy game, one installed from outside
class State(ABC, Generic[A]):
    """Where one game stands. Immutable from the outside: ``apply`` gives a new state.

    Generic over the game's action type, python-chess's and OpenSpiel's way: a game's
    state is a ``State[Action]`` (its own union of actions), so its ``apply`` and
    ``legal_actions`` and a bot that chooses among them are checked against the game's
    actions. Code written for every game (the engine's walk, the referee, the searches)
    holds an ``AnyState``, a state whose actions it passes on without looking."""

    # Every state's two fields are State's own, never a game's: compiled by mypyc, State
    # reads them from its own storage, which a game's slot of the same name would hide.
    __slots__ = _STATE_FIELDS
    turn: int
    phase: Phase
    # Fields left out of ``observation``: what only the dealer knows (a seeded deal's
    # face-down columns), or what every state of a game shares and is no key (a card set).
    unobserved: ClassVar[frozenset[str]] = frozenset()
    # Card -> its place in a documented order: ``resample`` lines the unseen cards up in
    # this order before it shuffles them, so a seeded state and the player's view of it
    # resample alike from one generator (None: each pile's own order, for piles of
    # things that are not playing cards).
    card_order: ClassVar[Optional[Mapping[Any, int]]] = ORDER

    @abstractmethod
    def chance(self) -> Chance:
        """The pending chance event (only in the CHANCE phase)."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the player may take now (only in the DECISION phase)."""

    @abstractmethod
    def apply(self, action: A | Draw) -> Self:
        """The state after ``action`` (a ``Draw`` in CHANCE, a player action in DECISION)."""

    @abstractmethod
    def result(self) -> Optional[Result]:
        """The result once the game is over, else None."""

    @abstractmethod
    def checkpoint(self) -> dict[str, Any]:
        """The game's checkpoint values (cards, numbers, tuples, None) in a fixed key order."""

    @abstractmethod
    def piles(self) -> Mapping[str, int]:
        """Cards left in each pile chance draws from (deck accounting)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give each state class that keeps its fields in its own ``__slots__`` a ``_copy``
        spelt out field by field (unless it writes its own): copying is the hot path of
        every walk, and a loop of getattr/setattr costs three times as much."""
        super().__init_subclass__(**kwargs)
        held = vars(cls)
        own = held.get("__slots__", ())
        mine = [name for name in _STATE_FIELDS if name in ((own,) if isinstance(own, str) else own)]
        if mine:
            raise TypeError(
                f"{cls.__name__}: {' and '.join(mine)} are State's own fields: leave them out of the class's __slots__"
                " (State reads them from its own, which a slot of the same name would hide in the compiled build)"
            )
        if "__slots__" not in held or "_copy" in held:
            return
        body = "".join(f"    new.{name} = self.{name}\n" for name in state_fields(cls))
        # cls.__new__, not object.__new__: under a State compiled by mypyc it is the
        # compiled base's, and object's refuses to make the object.
        source = f"def _copy(self):\n    cls = type(self)\n    new = cls.__new__(cls)\n{body}    return new\n"
        namespace: dict[str, Any] = {}
        exec(source, namespace)  # the names are the class's own identifiers
        copy = namespace["_copy"]
        copy.__doc__ = State._copy.__doc__
        cls._copy = copy  # type: ignore[method-assign]  # the class's own copy, made once as it is defined

    def _copy(self) -> Self:
        """A shallow copy for ``apply`` to change before handing it out (a state is never
        changed once handed out). Works for any state that keeps its fields in
        ``__slots__``; a game may spell it out where it is the hot path."""
        cls = type(self)
        new: Self = cls.__new__(cls)
        for name in state_fields(cls):
            setattr(new, name, getattr(self, name))
        return new

    def __getnewargs__(self) -> tuple[Any, ...]:
        """What ``__init__`` needs to make a state of this class (nothing, unless a game
        says otherwise): compiled by mypyc, ``__new__`` runs it."""
        return ()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied (OpenSpiel's serialised states, a process pool, a bot's copy)
        # field by field, the same in both builds: mypyc's own pickling of a compiled State
        # would keep State's two fields alone, and drop a pure-Python game's.
        cls = type(self)
        return _rebuilt_state, (cls, self.__getnewargs__(), tuple(getattr(self, name) for name in state_fields(cls)))

    def observation(self) -> Hashable:
        """What the player has seen: equal for two states the player cannot tell apart
        (the same cards seen and played, the same known-order parts of the piles, the same
        turn and phase), different otherwise. A searcher's key for an information set, so
        it is cheap: the fields as they are, each pile as the player knows it."""
        skip = self.unobserved
        return tuple(_observed(getattr(self, name)) for name in state_fields(type(self)) if name not in skip)

    def resample(self, rng: "random.Random") -> Self:
        """A state drawn uniformly among those the player cannot tell from this one: the
        cards of every pile whose order the player has not seen, shuffled by ``rng`` (the
        only randomness used; the core has none of its own) and known to the dealer from
        then on. It is in the same phase, gives the same observation and the same legal
        actions, and plays to its end with the engine's usual dealer. A game whose hidden
        information is not all in its piles' fields overrides this (and says why)."""
        new = self._copy()
        order = self.card_order
        for name in state_fields(type(self)):
            value = getattr(self, name)
            if isinstance(value, Hidden):
                setattr(new, name, value.resampled(rng, order))
            elif isinstance(value, dict) and any(isinstance(v, Hidden) for v in value.values()):
                setattr(new, name, {k: v.resampled(rng, order) if isinstance(v, Hidden) else v for k, v in value.items()})
        return new

    def final(self) -> Result:
        """The result of a game known to be over (a ValueError if it is not)."""
        result = self.result()
        if result is None:
            raise ValueError("the game is not over: it has no result yet")
        return result

    def unfinished(self) -> str:
        """What the turn in progress still needs, in a player's words."""
        return "the player has not finished the turn"

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER


_FIELDS: Final[dict[type, tuple[str, ...]]] = {}


def state_fields(cls: type) -> tuple[str, ...]:
    """A state class's fields in the order its ``__slots__`` give them, bases first: a
    class compiled by mypyc keeps no ``__slots__`` and lists them in ``__mypyc_attrs__``."""
    names = _FIELDS.get(cls)
    if names is None:
        found: list[str] = []
        for klass in reversed(cls.__mro__):
            held = vars(klass)
            own = held["__slots__"] if "__slots__" in held else held.get("__mypyc_attrs__", ())
            found.extend(n for n in ((own,) if isinstance(own, str) else own) if n not in found and not n.startswith("__"))
        names = _FIELDS[cls] = tuple(found)
    return names


def _rebuilt_state(cls: type[StateT], args: tuple[Any, ...], values: tuple[Any, ...]) -> StateT:
    new = cls.__new__(cls, *args)
    for name, value in zip(state_fields(cls), values):
        setattr(new, name, value)
    return new


# A state of a game the code does not know: its actions are the game's own, handed
# from ``legal_actions`` (or a record, or a dealer's ``Draw``) to ``apply`` unseen.
AnyState = State[Any]
StateT = TypeVar("StateT", bound=AnyState)

# A pile's cards, each of the game's own kind (a Card, a face id, a die): the shuffle
# and the dealer pass them through without looking, so Game is not generic over them.
Cards = Sequence[Any]


# GameInfo's fields, named once: a class compiled by mypyc keeps no __slots__ to read them from.
_INFO_FIELDS: Final = (
    "min_score",
    "max_score",
    "max_game_length",
    "num_distinct_actions",
    "max_chance_outcomes",
    "perfect_information",
)


class GameInfo:
    """What a game declares of itself, after OpenSpiel's ``GameType`` and ``GameInfo``:
    the bounds a program built on the rules (the adaptors, a researcher's network) sizes
    itself by, where the rules API alone would give only the engine's limits.

    ``min_score``/``max_score``: every ``Result.score`` lies between them;
    ``max_game_length``: the most events (decisions and chance outcomes) a game can have;
    ``num_distinct_actions``: the most legal actions a decision can offer;
    ``max_chance_outcomes``: the most outcomes a chance event can have;
    ``perfect_information``: whether the player sees everything (no game here does:
    cards are face down). tests/adaptors/test_adaptors_tensors.py holds every game to
    its own."""

    __slots__ = _INFO_FIELDS

    def __init__(
        self,
        min_score: int,
        max_score: int,
        max_game_length: int,
        num_distinct_actions: int,
        max_chance_outcomes: int,
        perfect_information: bool = False,
    ):
        self.min_score, self.max_score = min_score, max_score
        self.max_game_length = max_game_length
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = max_chance_outcomes
        self.perfect_information = perfect_information

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _INFO_FIELDS)
        return f"GameInfo({fields})"


# What a game that declares nothing is taken to be: the engine's runaway limit
# (engine.MAX_EVENTS) and the adaptors' encoding bound, scores far beyond any game's.
UNDECLARED: Final = GameInfo(-1_000_000, 1_000_000, 200_000, 1024, 1024)


class Objective(enum.Enum):
    """What a player of a game aims at, as the game declares it (``Game.objective``):
    the strong player plays for it, and ``analyse`` and ``hint`` judge a choice by it.

    ``WINS``: the chance of winning, the score breaking ties (a game whose loss is a
    loss whatever its score). ``SCORE``: the expected score, a loss counting as its own
    score (RPG solitaire's treasure carried out, 0 when the hero does not escape: a
    fair player escapes 99.4% of deals, so the win rate no longer tells players apart,
    and the source's own measure is the treasure)."""

    WINS = "wins"
    SCORE = "score"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[StateT]):
    """One game's rules: its name, variants and how a game of it starts. Generic over the
    game's state type, so that what is built on a game (its module, a player's view)
    knows its states without a cast.

    ``objective``: what a player aims at (``Objective``), the win by default;
    ``score_word``: what the game's score is, in a player's words ("treasure"), for the
    figures of a game that aims at its score."""

    name: str
    title: str
    variants: Mapping[str, str]  # name -> one-line description
    objective: ClassVar[Objective] = Objective.WINS
    score_word: ClassVar[str] = "score"

    @abstractmethod
    def deck(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> list[tuple[str, Cards]]:
        """Every pile that is shuffled at setup, in the rules' order, with its cards in
        the documented order before shuffling (the input of the seeded shuffle)."""

    @abstractmethod
    def start(
        self,
        variant: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        order: Optional[Mapping[str, Cards]] = None,
    ) -> StateT:
        """The state before anything is dealt. With ``order`` (pile name -> cards, top
        first) every pile's order is known and each draw must be the next card; without
        it a draw may be any card still in the pile."""

    def info(self, variant: Optional[str] = None, options: Optional[Mapping[str, Any]] = None) -> GameInfo:
        """What the game declares of itself in this variant and with these options
        (``GameInfo``); a game that declares nothing gets the engine's limits."""
        return UNDECLARED


def _observed(value: Any) -> Hashable:
    """A field of a state as the player knows it: a pile by what was seen of it, a dict
    of piles (or of anything) as its items."""
    if isinstance(value, Hidden):
        return value.seen()
    if isinstance(value, dict):
        return tuple((key, _observed(item)) for key, item in value.items())
    field: Hashable = value  # every other field of a state is hashable already
    return field


def known_steps(state: StateT, steps: list[Any]) -> tuple[list[Any], StateT]:
    """Deal every draw whose outcome is known, appending each ``Draw`` to ``steps``:
    the bare-state form of ``Dealer.outcome`` for searches that keep no walk."""
    while state.phase is Phase.CHANCE:
        known = state.chance().known
        if known is None:
            raise ValueError("the deal is not known: a solver needs every card in order")
        draw = Draw(known)
        steps.append(draw)
        state = state.apply(draw)
    return steps, state
