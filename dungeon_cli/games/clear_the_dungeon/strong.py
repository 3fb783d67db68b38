"""Clear the Dungeon's strong player: determinised sampling of the cards it has not seen.

What a player does not know is the order of the power deck and which unseen monster lies
where under the columns. At each decision the strong player deals ``samples`` of those
from the generator it is handed, each consistent with everything seen (the power cards
not yet drawn shuffled; the monsters not yet turned up dealt to the columns' face-down
places), the same deals for every choice, and plays every choice out on each with the
greedy bot's rule of thumb; it takes the choice with the most wins, then the best mean
score. Choices that differ only in a joker's chosen value lead to the same game and are
compared once (the solver's ``moves``).

It decides from its ``PlayerView`` (the game replayed without the seeded order), never
from the state it is handed, so it decides alike whatever order the unseen cards lie in.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ...bots.base import Bot
from ...bots.sampling import Tally
from ...bots.view import PlayerView
from ...core import Phase, State, known_steps
from ...piles import Pile
from .rules import PASS, POWER, Attack, DungeonState, Use, power_of
from .solver import moves

SAMPLES = 32
_ORDER = {card: index for index, card in enumerate(POWER)}


class Candidate(Tally):
    """One choice, and how it did over the sampled deals."""

    __slots__ = ("action",)

    def __init__(self, action: Any):
        super().__init__()
        self.action = action

    @property
    def actions(self) -> tuple:
        return (self.action,)


def candidates(state: DungeonState, first: Any = None) -> list[Candidate]:
    """The choices that lead to different games: attacks that leave the same table,
    hand and damage pile (in the base game every attack on one monster does) are one.
    ``first``: that choice alone."""
    if first is not None:
        return [Candidate(first)]
    out = []
    seen = set()
    for action in moves(state):
        after = state.apply(action)
        same = (after.tops, after.damage, after.phase)
        if same in seen:
            continue
        seen.add(same)
        out.append(Candidate(action))
    return out


def determinise(state: DungeonState, rng: random.Random) -> DungeonState:
    """``state`` (a player's view) with every unseen card given a place: the power cards
    not yet drawn in a shuffled order, the monsters not yet turned up dealt to the
    columns' face-down places."""
    power = sorted(state.power.cards(), key=_ORDER.__getitem__)
    rng.shuffle(power)
    monsters = sorted(state.unseen.cards(), key=lambda c: c.text)
    rng.shuffle(monsters)
    stacks = []
    for hidden in state.hidden:
        stacks.append(Pile.ordered(monsters[:hidden]))
        monsters = monsters[hidden:]
    new = copy.copy(state)
    new.power = Pile.ordered(power)
    new.stacks = tuple(stacks)
    return new


def deals(state: DungeonState, rng: random.Random, samples: int, exhaustive: bool = False) -> list:
    return [determinise(state, rng) for _ in range(samples)]


def evaluate(state: DungeonState, rng: random.Random, samples: int = SAMPLES) -> list[Candidate]:
    cands = candidates(state)
    deals = [determinise(state, rng) for _ in range(samples)]
    return evaluate_on(state, cands, deals)


def evaluate_on(state: DungeonState, cands: list[Candidate], deals: list) -> list[Candidate]:
    """``cands`` played out on each determinised state of ``deals``."""
    for dealt in deals:
        for cand in cands:
            won, score = rollout(dealt.apply(cand.action))
            cand.plays += 1
            cand.wins += won
            cand.score += score
    return cands


def rollout(state: State) -> tuple[bool, int]:
    """(won, score) of the greedy bot's game from ``state``, whose order is known."""
    while True:
        _, state = known_steps(state, [])
        if state.phase is Phase.OVER:
            result = state.final()
            return result.won, result.score
        assert isinstance(state, DungeonState)
        state = state.apply(greedy_choice(state))


def greedy_choice(state: DungeonState) -> Any:
    """The greedy bot's rule (``bots.GreedyBot``: keep jokers, waste the least power,
    the strongest monster) worked out without listing every legal attack: a joker as
    power is given the least value that reaches the monster, the value the greedy
    bot's preference picks among the joker's values."""
    cards = [Use.of(c) for c in state.hand]
    if state.reserve_card is not None:
        cards.append(Use.of(state.reserve_card, reserve=True))
    found = None
    preference = None
    n = len(cards)
    for target in state.tops:
        if target is None:
            continue
        need = power_of(target)
        for i in range(n):
            a = cards[i]
            for j in range(i + 1, n):
                b = cards[j]
                values = _least(a, b, need)
                if values is None:
                    continue
                for k in range(n):
                    if k == i or k == j:
                        continue
                    trigger = cards[k]
                    if not (trigger.card.is_joker or trigger.card.suit == target.suit):
                        continue
                    jokers = a.card.is_joker + b.card.is_joker + trigger.card.is_joker
                    pref = (-jokers, need - values[0] - values[1], need)
                    if preference is None or pref > preference:
                        preference = pref
                        found = (target, a, b, values, trigger)
    if found is None:
        return PASS
    target, a, b, (va, vb), trigger = found
    return Attack(target, (Use(a.card, va, a.reserve), Use(b.card, vb, b.reserve)), trigger)


def _least(a: Use, b: Use, need: int):
    """The values of two power cards reaching ``need`` with the least total, or None."""
    ja, jb = a.card.is_joker, b.card.is_joker
    if not ja and not jb:
        return (a.value, b.value) if a.value + b.value >= need else None
    if ja and jb:
        return (need - 10, 10) if need <= 20 else None
    if ja:
        va = max(1, need - b.value)
        return (va, b.value) if va <= 10 else None
    vb = max(1, need - a.value)
    return (a.value, vb) if vb <= 10 else None


def best(cands: list[Candidate]) -> Candidate:
    return max(cands, key=Candidate.key)


class StrongBot(Bot):
    name = "strong"
    summary = f"samples {SAMPLES} deals of the unseen cards and plays every choice out greedily (determinised search)"
    watches = True
    samples = SAMPLES

    def begin(self, module, variant, options, start) -> None:
        self.view = PlayerView(module, variant, options)

    def observe(self, before: State, action: Any) -> None:
        self.view.observe(action)

    # What the analysis asks of a strong player (dungeon_cli/analysis).
    deals = staticmethod(deals)
    candidates = staticmethod(candidates)
    evaluate_on = staticmethod(evaluate_on)

    def unseen(self, state: DungeonState) -> int:
        return len(state.power) + len(state.unseen)

    def choose(self, state: State, rng: random.Random) -> Any:
        view: DungeonState = self.view.state  # type: ignore[assignment]
        cands = candidates(view)
        if len(cands) == 1:
            return cands[0].action
        deals = [determinise(view, rng) for _ in range(self.samples)]
        return best(evaluate_on(view, cands, deals)).action
