"""Chance asks, a dealer answers.

A rules core never draws a card or rolls a die: in the CHANCE phase it says, through
``State.chance()``, which outcomes are possible (with their weights), and which one it
must be when the order is already known (a seeded deck, cards put under a pile). Who
answers is the dealer's business, apart from the rules and from the loop that walks
them:

- ``Dealer`` answers only what is known; everything else is typed by a player at a real
  table or read from a record.
- ``SeededDealer`` answers everything from the seed: every pile the game shuffles at
  setup (``Game.deck()``) is shuffled when the game starts, from ``random.Random(seed)``
  with the documented shuffle; any other chance event (a die rolled, a card from a deck
  rebuilt from its discards, whose order nobody knows) is drawn when it happens, from a
  second generator, ``random.Random(f"{seed}/chance")``, with ``below(total weight)``
  over the outcomes in the order the core lists them. Two generators, so that a game's
  dice never depend on how many cards were shuffled, and a record can be checked against
  its seed alone; a bot draws from a third, its own (``shuffle.rng_for_bot``), and never
  sees ``rng``. A drawn outcome is remembered, so that a game taken
  back (undo) and played on meets the same cards and dice again: undo is never a
  reroll. Docs: docs/seeded-dealing.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Mapping, Optional

from ..kit.core import AnyState, Cards, Chance, Illegal
from .setup import Setup

if TYPE_CHECKING:  # random is imported by the seeded dealer only: verify never pays for it
    import random


# (a game's rules, variant, options) -> its start state, made at the first game of it;
# for options that are plain values (a number of decks), compared by value.
_STARTS: dict[tuple[Any, Optional[str], tuple[tuple[str, type, Any], ...]], AnyState] = {}
_PLAIN = (int, str, bool, float, type(None))


class Dealer:
    """Answers the chance events whose outcome is known, and nothing else."""

    seeded = False
    rng: Optional["random.Random"] = None

    def start(self, setup: Setup) -> AnyState:
        """The state before anything is dealt. It is the same state for every game of
        a variant and options, and states are never changed once made (core.py), so
        it is made once: every record of a file starts there, and making it (the
        piles, the setup's automatic steps) cost RPG solitaire 40% of a verify."""
        game = setup.module.game
        options = setup.options
        if not all(type(value) in _PLAIN for value in options.values()):  # a card set read from a file
            made: AnyState = game.start(setup.variant, options)
            return made
        key = (game, setup.variant, tuple((name, type(value), value) for name, value in options.items()))  # True is no 1
        state = _STARTS.get(key)
        if state is None:
            if len(_STARTS) >= 256:  # a file of ever new options: memory stays flat
                _STARTS.clear()
            state = _STARTS[key] = game.start(setup.variant, options)
        return state

    def outcome(self, state: AnyState) -> Optional[Hashable]:
        """The outcome of the pending chance event, or None when it must be handed in."""
        return state.chance().known

    def expect(self, state: AnyState, outcome: Hashable) -> None:
        """A source hands in ``outcome`` for ``state``'s chance event: Illegal when this
        dealer would have dealt something else. Known outcomes are the core's to judge
        (its message says what the pile holds)."""

    def mark(self) -> int:
        """How far this dealer has dealt (for rewinding with the game)."""
        return 0

    def rewind(self, mark: int) -> None:
        """Back to ``mark``: what was drawn after it will be drawn again, alike."""


class SeededDealer(Dealer):
    seeded = True

    def __init__(self, seed: int, order: Optional[Mapping[str, Cards]] = None, rng: Optional["random.Random"] = None):
        from ..kit.shuffle import rng_for

        self.seed = seed
        self.order = order  # the setup's shuffled piles, when the caller has dealt them already
        self.rng: "random.Random" = rng if rng is not None else rng_for(seed)
        self.chance_rng: Optional["random.Random"] = None  # made at the first draw that needs it
        self.drawn: list[Hashable] = []  # outcomes drawn as they came (dice, rebuilt decks)
        self.position = 0

    def start(self, setup: Setup) -> AnyState:
        from ..kit.shuffle import deal

        order = self.order
        if order is None:
            assert self.rng is not None
            order = deal(self.rng, setup.module.game.deck(setup.variant, setup.options))
        state: AnyState = setup.module.game.start(setup.variant, setup.options, order)
        return state

    def outcome(self, state: AnyState) -> Optional[Hashable]:
        chance = state.chance()
        if chance.known is not None:
            return chance.known
        return self._next(chance)

    def expect(self, state: AnyState, outcome: Hashable) -> None:
        chance = state.chance()
        if chance.known is not None:
            return
        wanted = self._next(chance)
        if outcome != wanted:
            self.position -= 1  # not dealt: the same outcome is due next time
            raise Illegal(f"the seed deals {wanted} here, not {outcome}")

    def _next(self, chance: Chance) -> Hashable:
        if self.position < len(self.drawn):
            value = self.drawn[self.position]
        else:
            if self.chance_rng is None:
                import random

                self.chance_rng = random.Random(f"{self.seed}/chance")
            value = pick(self.chance_rng, chance)
            self.drawn.append(value)
        self.position += 1
        return value

    def mark(self) -> int:
        return self.position

    def fork(self) -> "SeededDealer":
        """A dealer that deals on from here alone: what it draws next does not move this
        one (a search that tries several lines from one position, each dealt as the
        seed deals it)."""
        import copy

        new = copy.copy(self)
        new.drawn = list(self.drawn)
        if self.chance_rng is not None:
            new.chance_rng = copy.deepcopy(self.chance_rng)
        return new

    def rewind(self, mark: int) -> None:
        self.position = mark


def pick(rng: "random.Random", chance: Chance) -> Hashable:
    """One outcome, each as likely as its weight: ``below(total)`` falls in the
    outcome whose share of the total it lands in, outcomes in the core's order."""
    from ..kit.shuffle import below

    weights = chance.weights
    if weights is None:
        return chance.outcomes[below(rng, len(chance.outcomes))]
    value = below(rng, sum(weights))
    for outcome, weight in zip(chance.outcomes, weights):
        if value < weight:
            return outcome
        value -= weight
    raise AssertionError("weights and outcomes disagree")


def dealer_for(setup: Setup, **kwargs: Any) -> Dealer:
    """The dealer a setup asks for: seeded when it names a seed."""
    if setup.seed is not None:
        return SeededDealer(setup.seed, **kwargs)
    return Dealer()


class OrderedDealer(Dealer):
    """A deal known in full without a seed (the cards a record shows, handed to a
    solver): every pile starts in the order given."""

    def __init__(self, order: Mapping[str, Cards]):
        self.order = order

    def start(self, setup: Setup) -> AnyState:
        state: AnyState = setup.module.game.start(setup.variant, setup.options, self.order)
        return state
