"""Clear the Dungeon's strong player: perfect-information Monte Carlo over the cards it has
not seen.

What a player does not know is the order of the power deck and which unseen monster lies
where under the columns. At each decision with more than one choice the strong player
deals ``samples`` of those from the generator it is handed, each consistent with
everything seen (the power cards not yet drawn shuffled; the monsters not yet turned up
dealt to the columns' face-down places), the same deals for every choice, and solves
each deal exactly from every choice (``solve``): the best result perfect play reaches
with that deal known. It takes the choice that defeats the most monsters over the deals,
a win counting twice (``Candidate.key``): in the base game perfect play wins only about
one deal in ten, so wins alone are too few to tell the choices apart and how near each
deal comes is the finer measure. Choices that leave the same table and damage pile lead
to the same game and are compared once.

Solving a deal is cheap because of the game's shape: every turn draws three cards
whatever was done, so the hands to come are fixed by the deal, and what a choice changes
is only how far down each column the player has killed and, under ``reserve``, the
damage pile's top card (a card taken from it is replaced by the hand card left over, so
the cards under the top never come back). A position is (hand, kills per column, top
card): a few thousand at most from the first turn, searched depth first with a table
and cut short by the best win still possible; about 0.25 ms a deal from the start of
the base game, 2 ms under ``reserve`` (every deal of seeds 0-999 solved this way wins
exactly where the generic solver's table in docs/simulation.md says).

It decides from the state it is handed, the player's view (kit/bot.py's ``Seat``: the
game replayed without the seeded order), so it decides alike whatever order the unseen
cards lie in (tests/bots/test_fair.py).
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any, Mapping, NamedTuple, Optional

from ...kit.bot import Bot
from ...kit.cards import Card
from ...kit.game_module import GameModule
from ...kit.sampling import Tally
from .rules import COLUMNS, DAMAGE_LIMIT, HAND, MONSTERS, POWER, Action, Attack, DungeonState
from .solver import moves

SAMPLES = 48
# Under reserve a decision has more choices (which column, and which card is left on the
# damage pile) and they lie closer: over seeds 0-1999, 48 deals won 63.8% and 160 won
# 68.5% (docs/simulation.md). In the base game 200 deals did no better than 48.
RESERVE_SAMPLES = 160
WON = 1000  # a solved deal's value: WON + cards left for a win, the monsters defeated for a loss
_ORDER = {card: index for index, card in enumerate(POWER)}
_MONSTER_ORDER = {card: index for index, card in enumerate(MONSTERS)}
_SUITS = "shdc"


class Candidate(Tally):
    """One choice, and how it did over the sampled deals."""

    __slots__ = ("action", "option", "kills")

    def __init__(self, action: Action, option: Any = None):
        super().__init__()
        self.action = action
        self.option = option  # what the choice changes: (column killed in, damage top after), or None to pass
        self.kills = 0  # monsters defeated by the end over the deals, twelve for a win

    @property
    def actions(self) -> tuple[Action]:
        return (self.action,)

    def key(self) -> tuple[int, int, int]:
        """Best first: the most monsters defeated over the deals, a win counting twice
        (twelve more), then the most wins and the highest total score."""
        return (self.kills + len(MONSTERS) * self.wins, self.wins, self.score)


def candidates(state: DungeonState, first: Optional[Action] = None) -> list[Candidate]:
    """The choices that lead to different games: attacks that leave the same table,
    hand and damage pile (in the base game every attack on one monster does) are one.
    ``first``: that choice alone."""
    out = []
    seen = set()
    for action in moves(state) if first is None else [first]:
        option = _option(state, action)
        if option in seen:
            continue
        seen.add(option)
        out.append(Candidate(action, option))
    return out


def _option(state: DungeonState, action: Action) -> Option:
    """What ``action`` changes for the game to come: None for a pass, else the column of
    the monster killed and the damage pile's top card after (None without ``reserve``)."""
    if not isinstance(action, Attack):
        return None
    column = state.column_of(action.target)
    top = state.reserve_card
    if any(use.reserve for use in action.uses):
        used = [use.card for use in action.uses if not use.reserve]
        spare = list(state.hand)
        for card in used:
            spare.remove(card)
        top = spare[0]
    return (column, top)


# What a choice changes (``_option``): (column killed in, damage top after), None to
# pass; and one way a hand may attack: (reach by suit, damage top after).
Option = Optional[tuple[Optional[int], Optional[Card]]]
Way = tuple[dict[str, int], Optional[Card]]


class Deal(NamedTuple):
    """One placing of the unseen cards: the power deck top first, and each column's
    face-down monsters top first."""

    power: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...]


def determinise(state: DungeonState, rng: random.Random) -> Deal:
    """The unseen cards of ``state`` (a player's view) given places by ``State.resample``:
    the power cards not yet drawn in a shuffled order, the monsters not yet turned up
    dealt to the columns' face-down places."""
    dealt = state.resample(rng)
    assert dealt.stacks is not None  # a resampled state's columns are the dealer's
    return Deal(dealt.power.known, tuple(stack.known for stack in dealt.stacks))


def _columns(state: DungeonState, monsters: list[Card]) -> tuple[tuple[Card, ...], ...]:
    out = []
    for hidden in state.hidden:
        out.append(tuple(monsters[:hidden]))
        monsters = monsters[hidden:]
    return tuple(out)


def deals(state: DungeonState, rng: random.Random, samples: int, exhaustive: bool = False) -> list[Deal]:
    """``samples`` deals consistent with what ``state`` shows; ``exhaustive``: every
    deal instead when there are no more than ``samples`` (the figures are then exact)."""
    power = sorted(state.power.cards(), key=_ORDER.__getitem__)
    monsters = sorted(state.unseen.cards(), key=_MONSTER_ORDER.__getitem__)
    if exhaustive and math.factorial(len(power)) * math.factorial(len(monsters)) <= samples:
        out = []
        for p in dict.fromkeys(itertools.permutations(power)):  # two jokers: each order once
            for m in itertools.permutations(monsters):
                out.append(Deal(p, _columns(state, list(m))))
        return out
    return [determinise(state, rng) for _ in range(samples)]


def evaluate(state: DungeonState, rng: random.Random, samples: int = SAMPLES) -> list[Candidate]:
    return evaluate_on(state, candidates(state), deals(state, rng, samples))


def evaluate_on(state: DungeonState, cands: list[Candidate], deals: list[Deal]) -> list[Candidate]:
    """``cands`` solved on each deal of ``deals``: perfect play after the choice, the
    deal known."""
    for deal in deals:
        values = solve(state, deal)
        for cand in cands:
            value = values[cand.option]
            won = value >= WON
            cand.plays += 1
            cand.wins += won
            cand.score += value - WON if won else value
            cand.kills += len(MONSTERS) if won else value
    return cands


def solve(state: DungeonState, deal: Deal) -> dict[Option, int]:
    """The value of every choice of ``state`` (at a decision) on ``deal``, by the
    option it leads to (``_option``): WON + the cards left in the power deck when
    perfect play wins from there, else the most monsters it defeats."""
    power = deal.power
    hands = [tuple(state.hand)] + [tuple(power[i : i + HAND]) for i in range(0, len(power), HAND)]
    columns = [((top,) + deal.columns[c]) if top is not None else () for c, top in enumerate(state.tops)]
    return _Search(hands, columns, len(state.defeated), len(state.power), state.reserve).first(
        len(state.damage), state.reserve_card
    )


def _reach(cards: tuple[Card, ...]) -> dict[str, int]:
    """Suit -> the most power two of these three cards reach with the third as a trigger
    of that suit (a joker: any suit, and worth 10 as power); -1 where none can trigger."""
    out = dict.fromkeys(_SUITS, -1)
    values = [10 if c.is_joker else c.rank for c in cards]
    total = sum(values)
    for card, value in zip(cards, values):
        power = total - value
        for suit in _SUITS if card.is_joker else (card.suit,):
            if power > out[suit]:
                out[suit] = power
    return out


class _Search:
    """The exact search of one deal from a decision (see the module's docstring)."""

    def __init__(self, hands: list[tuple[Card, ...]], columns: list[tuple[Card, ...]], defeated: int, deck: int, reserve: bool):
        self.hands = hands
        self.columns = columns
        self.lengths = [len(c) for c in columns]
        self.total = defeated + sum(self.lengths)
        self.defeated = defeated
        self.reserve = reserve
        self.deck = [deck - HAND * t for t in range(len(hands))]  # cards left after hand t is drawn
        self.table: dict[tuple[int, tuple[int, ...], Optional[Card]], int] = {}
        self.attacks: dict[tuple[int, Optional[Card]], list[Way]] = {}

    def ways(self, t: int, top: Optional[Card]) -> list[Way]:
        """(reach by suit, damage top after) for each way hand ``t`` may attack: its
        three cards, or two of them and the damage pile's top with the third left on it."""
        key = (t, top)
        found = self.attacks.get(key)
        if found is None:
            hand = self.hands[t]
            found = []
            if len(hand) == HAND:
                found.append((_reach(hand), top))
            if top is not None and len(hand) == HAND:
                for spare in range(HAND):
                    rest = hand[:spare] + hand[spare + 1 :] + (top,)
                    found.append((_reach(rest), hand[spare]))
            self.attacks[key] = found
        return found

    def first(self, damage: int, top: Optional[Card]) -> dict[Option, int]:
        """Every option of the decision on hand 0 and its value."""
        out: dict[Option, int] = {}
        start = (0,) * COLUMNS
        for column in range(COLUMNS):
            if not self.lengths[column]:
                continue
            monster = self.columns[column][0]
            for reach, after in self.ways(0, top):
                if reach[monster.suit] >= monster.rank and (column, after) not in out:
                    out[(column, after)] = self.after_kill(0, start, column, after, damage, self.defeated)
        out[None] = self.after_pass(0, start, top, damage, self.defeated)
        return out

    def after_kill(self, t: int, pos: tuple[int, ...], column: int, top: Optional[Card], damage: int, dead: int) -> int:
        dead += 1
        if dead == self.total:
            return WON + self.deck[t]
        if t + 1 >= len(self.hands):
            return dead
        pos = pos[:column] + (pos[column] + 1,) + pos[column + 1 :]
        return self.value(t + 1, pos, top, damage, dead)

    def after_pass(self, t: int, pos: tuple[int, ...], top: Optional[Card], damage: int, dead: int) -> int:
        hand = self.hands[t]
        damage += len(hand)
        if damage >= DAMAGE_LIMIT or t + 1 >= len(self.hands):
            return dead
        return self.value(t + 1, pos, hand[-1] if self.reserve and hand else top, damage, dead)

    def value(self, t: int, pos: tuple[int, ...], top: Optional[Card], damage: int, dead: int) -> int:
        """The best value from hand ``t`` drawn, ``pos`` monsters killed down each column."""
        key = (t, pos, top)
        found = self.table.get(key)
        if found is not None:
            return found
        best = -1
        finish = t + self.total - dead - 1  # the hand of the last kill if every hand from here kills
        if finish < len(self.hands):
            ceiling = WON + self.deck[finish]  # no win leaves more cards
        else:
            ceiling = dead + len(self.hands) - t  # no win: at most a kill a hand
        for column in range(COLUMNS):
            p = pos[column]
            if p >= self.lengths[column]:
                continue
            monster = self.columns[column][p]
            suit, need = monster.suit, monster.rank
            tried = []
            for reach, after in self.ways(t, top):
                if reach[suit] < need or after in tried:
                    continue
                tried.append(after)
                v = self.after_kill(t, pos, column, after, damage, dead)
                if v > best:
                    best = v
                    if best >= ceiling:
                        self.table[key] = best
                        return best
        v = self.after_pass(t, pos, top, damage, dead)
        if v > best:
            best = v
        self.table[key] = best
        return best


def best(cands: list[Candidate]) -> Candidate:
    return max(cands, key=Candidate.key)


class StrongBot(Bot[DungeonState]):
    name = "strong"
    summary = (
        f"samples {SAMPLES} deals of the unseen cards ({RESERVE_SAMPLES} under reserve) and solves each from"
        " every choice (perfect-information Monte Carlo)"
    )
    samples: Optional[int] = None  # deals a decision; None: by variant

    def begin(
        self, module: GameModule[DungeonState, Action], variant: Optional[str], options: Mapping[str, Any], start: DungeonState
    ) -> None:
        self.deals_each = self.samples or (RESERVE_SAMPLES if variant == "reserve" else SAMPLES)

    # What the analysis asks of a strong player: kit.sampling.StrongPlayer.
    deals = staticmethod(deals)
    candidates = staticmethod(candidates)
    evaluate_on = staticmethod(evaluate_on)

    def unseen(self, state: DungeonState) -> int:
        return len(state.power) + len(state.unseen)

    def choose(self, state: DungeonState, rng: random.Random) -> Action:
        view = state
        cands = candidates(view)
        if len(cands) == 1:
            return cands[0].action
        return best(evaluate(view, rng, self.deals_each)).action
