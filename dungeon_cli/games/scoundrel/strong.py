"""Scoundrel's strong player: determinised sampling of the cards it has not seen.

A player sees the room, health, the weapon and the cards already turned up; the rest of
the dungeon is a multiset in unknown order (plus the rooms it ran from, under it, in an
order it saw). At the start of a room the strong player:

1. lists every way through the room from where it stands (as ``bots.ways`` does), keeping of
   the ways that end alike (the same card left, the same weapon) only those no other
   beats on both health and the weapon's cap, and running, when allowed;
2. deals ``samples`` orders of the unseen cards from the generator it is handed, each
   consistent with everything seen (``State.resample``: the multiset shuffled, the cards
   it ran from under it in the order they went), the same orders for every candidate
   (common random numbers: the candidates are compared on the same deals);
3. plays the candidates out on the orders with a fast room-at-a-time rule of thumb
   (``rollout``: the same arithmetic as the rules, ``rules.fight``/``drink``/...),
   spread by sequential halving (``kit.sampling.halving``: the orders cut into rounds,
   the worse half of the candidates dropped after each), and takes the one left: the
   most wins, then the best mean score, over every order;
4. plays that way through the room, action by action, without sampling again while the
   room goes as planned.

In the last rooms (at most ``ENDGAME_CARDS`` cards left in the dungeon) it samples no
more: every order of the unseen cards is weighed exactly (endgame.py).

What it knows is the state it is handed, the player's view (kit/bot.py's ``Seat``: the
game replayed without the seeded order), so it decides alike whatever order the unseen
cards lie in (tests/bots/test_fair.py).

The search can only be one step better than its rollout (it ranks the ways through a
room by how the rollout plays the rest), so the rollout's rule of thumb is where its
strength lies: weighed against the unseen monsters as the counting bot weighs a weapon,
it lifted the search from 50 to 71 of the 150 development seeds (docs/simulation.md,
"Scoundrel: what lifted it"), at the same cost. More orders a room then helped again
(the rollout made twice as fast, and the orders spent by halving on the close ways):
of development seeds 2000-2299, 16 orders won 148, 64 won 160 and 128 won 175, and 183
with the rollout's run and carried monster retuned (its 20,000 shuffles alone: 7.3%
won against 6.6%).

Perfect-information Monte Carlo (this) was chosen over ISMCTS for its cost: a room has
a handful of ways worth comparing and the rollouts are plain integer loops, so a
decision costs a few tens of milliseconds (bench/strong.py measures it).
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any, Iterator, Mapping, Optional

from ...kit.bot import Bot
from ...kit.cards import Card
from ...kit.game_module import GameModule
from ...kit.sampling import Tally, halving
from . import endgame
from .bots import End
from .rules import (
    FRESH,
    MAX_HP,
    ROOM,
    RUN,
    Action,
    Resolve,
    ScoundrelState,
    Strike,
    drink,
    fight,
    is_monster,
    is_weapon,
    loss_score,
    may_strike,
    value,
    win_score,
)
from .tables import ID as _ID
from .tables import KIND as _KIND  # 0 monster, 1 weapon, 2 potion
from .tables import VALUE as _VALUE

SAMPLES = 128  # orders of the unseen cards per room decision, spent by sequential halving
# The rollout's rule of thumb (chosen by playing it alone on 10,000-20,000 shuffles a setting,
# then as the search's playout on seeds 2000-2149 and 2000-2299: docs/simulation.md,
# "Scoundrel: what lifted it").
RUN_LOSS = 20  # it runs from a room whose best plan scores this much below where it stands
WEAPON_WEIGHT = 0.5  # a weapon is worth this share of what it takes off ...
WEAPON_STRIKES = 3  # ... the highest unseen monsters it may strike, this many of them
LEFT_MONSTER = 0.7  # a monster carried to the next room costs this share of what it will
LEFT_POTION = 0.8  # a potion carried is worth this share of its value
BARE_BELOW = 4  # a monster below this is fought bare, unless ...
NEAR_CAP = 6  # ... the weapon's cap is at most this far above it (striking costs little reach)
# With at most this many cards in the dungeon, every order of the unseen ones is weighed
# exactly (endgame.py) instead of sampled; the one setting tried on held-out seeds.
ENDGAME_CARDS = 8


class Candidate(Tally):
    """A way to finish the room (or a run), and how it did over the sampled orders."""

    __slots__ = ("actions", "end", "drunk", "run")

    def __init__(self, actions: tuple[Action, ...], end: Optional[End], drunk: int = 0, run: bool = False):
        super().__init__()
        self.actions = actions  # the core actions that play it
        self.end = end
        self.drunk = drunk  # the potion drunk by the way's last action (a win's bonus)
        self.run = run


def candidates(state: ScoundrelState, first: Optional[Action] = None) -> list[Candidate]:
    """Run (when allowed) and the ways through the room worth comparing; ``first``:
    only those that begin with that action (the analysis's "after this decision")."""
    groups: dict[str | tuple[tuple[int, ...], int], list[tuple[End, tuple[Resolve | Strike, ...], int]]] = {}
    for end, path, drunk in _ways(state) if first != RUN else ():
        if first is not None and path[0] != first:
            continue
        name = "dead" if end.hp <= 0 else (tuple(sorted(_ID[c] for c in end.left)), end.weapon)
        groups.setdefault(name, []).append((end, path, drunk))
    out = []
    if state.can_run and len(state.dungeon) and first in (None, RUN):
        out.append(Candidate((RUN,), None, run=True))
    for name, group in groups.items():
        group.sort(key=lambda e: (-e[0].hp, -e[0].cap, -e[2]))
        if name == "dead":
            end, path, drunk = group[0]
            out.append(Candidate(path, end, drunk))  # the least bad death, if it comes to that
            continue
        reach = -1
        for end, path, drunk in group:
            if end.cap <= reach:
                continue  # another way keeps as much health and a weapon that strikes more
            reach = end.cap
            out.append(Candidate(path, end, drunk))
    return out


def unseen_parts(state: ScoundrelState) -> tuple[list[int], tuple[int, ...]]:
    """The unseen cards (ids, in the deck's order) and the cards known under them."""
    hidden = sorted(_ID[c] for c, n in state.dungeon.hidden.items() for _ in range(n))
    known = tuple(_ID[c] for c in state.dungeon.known)
    return hidden, known


def orders(state: ScoundrelState, rng: random.Random, samples: int, exhaustive: bool = False) -> list[list[int]]:
    """``samples`` orders of the dungeon consistent with what ``state`` shows;
    ``exhaustive``: every order instead, when there are no more than ``samples``
    (near the end the figure is then exact, not an estimate)."""
    hidden, known = unseen_parts(state)
    if exhaustive and math.factorial(len(hidden)) <= samples:
        return [list(order) + list(known) for order in itertools.permutations(hidden)]
    return [[_ID[c] for c in state.resample(rng).dungeon.known] for _ in range(samples)]


def evaluate_on(state: ScoundrelState, cands: list[Candidate], deals: list[list[int]]) -> list[Candidate]:
    """``cands`` played out on each dungeon order of ``deals`` (card ids, top first)."""
    strict = state.strict
    room = [_ID[c] for c in state.room]
    for order in deals:
        unresolved_below = sum(_VALUE[c] for c in order if _KIND[c] == 0)
        for cand in cands:
            if cand.run:
                won, score = rollout(order + room, 0, [], state.hp, _wv(state), _cap(state), False, strict)
            else:
                end = cand.end
                assert end is not None
                if end.hp <= 0:
                    left = sum(_VALUE[_ID[c]] for c in end.left if is_monster(c))
                    won, score = False, loss_score(end.hp, left + unresolved_below)
                elif not order and not end.left:
                    won, score = True, win_score(end.hp, cand.drunk)
                else:
                    won, score = rollout(order, 0, [_ID[c] for c in end.left], end.hp, end.weapon, end.cap, True, strict)
            cand.plays += 1
            cand.wins += won
            cand.score += score
    return cands


def _wv(state: ScoundrelState) -> int:
    return value(state.weapon) if state.weapon is not None else 0


def _cap(state: ScoundrelState) -> int:
    return value(state.slain[-1]) if state.slain else FRESH


# -- the rollout: a room at a time, by a rule of thumb ------------------------------------------


def _resolve(
    monsters: list[int], weapon: int, potion: int, hp: int, wv: int, cap: int, strict: bool, weapons_first: bool
) -> tuple[int, int, int, int]:
    """Resolve a room's cards in a sensible order: the best ``potion`` first when it heals
    in full, the best ``weapon`` taken (a weaker one resolved before it is dropped) before
    or after the monsters, ``monsters`` highest first (struck when the weapon may and it is
    worth the cap it costs), the potion last otherwise. (hp, wv, cap, drunk) after,
    hp <= 0: dead. The cards come counted (``_parts``): the rollout tries each room
    several ways, and sorting them again each time was a third of its cost."""
    drunk = 0
    if potion and hp + potion <= MAX_HP:
        hp += potion
        drunk, potion = potion, 0
    if weapons_first and weapon:
        wv, cap = weapon, FRESH
    for m in monsters:
        if wv and may_strike(m, cap, strict) and (m >= BARE_BELOW or cap - m <= NEAR_CAP or hp <= m):
            hp = fight(hp, m, wv)
            cap = m
        else:
            hp -= m
        if hp <= 0:
            return hp, wv, cap, 0
    if not weapons_first and weapon:
        wv, cap = weapon, FRESH
    if potion:
        hp = drink(hp, potion)
        drunk = potion
    return hp, wv, cap, drunk


def _parts(cards: list[int]) -> tuple[list[int], int, int]:
    """``cards`` as ``_resolve`` takes them: the monsters' values highest first, the best
    weapon's and the best potion's (0: none)."""
    monsters = []
    weapon = potion = 0
    for c in cards:
        kind, v = _KIND[c], _VALUE[c]
        if kind == 0:
            monsters.append(v)
        elif kind == 1:
            weapon = v if v > weapon else weapon
        else:
            potion = v if v > potion else potion
    monsters.sort(reverse=True)
    return monsters, weapon, potion


def weapon_worth(wv: int, cap: int, monsters: list[int], strict: bool) -> float:
    """What a weapon is likely to save: a share of what it takes off the highest of
    ``monsters`` (the unseen ones, highest first: the player has counted them) it may
    strike, a few of them (as the counting bot weighs it: a weapon is kept for a few big
    blows)."""
    if not wv:
        return 0.0
    saved = struck = 0
    for m in monsters:
        if m < cap if strict else m <= cap:
            saved += m if m < wv else wv
            struck += 1
            if struck == WEAPON_STRIKES:
                break
    return WEAPON_WEIGHT * saved


def rollout(
    dungeon: list[int], top: int, room: list[int], hp: int, wv: int, cap: int, may_run: bool, strict: bool
) -> tuple[bool, int]:
    """(won, score) of the rest of a game by the rule of thumb: ``dungeon[top:]`` still
    face down in that order, ``room`` the card carried into the next room. It sees one
    room at a time and, of the cards below, only which they are (a count a player
    keeps), never their order: a playout a fair player could play, so that the search
    does not learn to count on cards it will not know."""
    size = len(dungeon)
    room = list(room)
    while True:
        take = ROOM - len(room)
        room.extend(dungeon[top : top + take])
        top = min(size, top + take)
        final = top >= size
        below = sorted((_VALUE[c] for c in dungeon[top:] if _KIND[c] == 0), reverse=True)
        best_plan = None
        best_score: float = -(10**9)
        options = [None] if final else range(len(room))
        worths: dict[tuple[int, int], float] = {}  # weapon_worth by (weapon, cap), this room
        for leave in options:
            monsters, weapon, potion = _parts(room if leave is None else room[:leave] + room[leave + 1 :])
            for weapons_first in (True, False):
                end = _resolve(monsters, weapon, potion, hp, wv, cap, strict, weapons_first)
                e_hp, e_wv, e_cap, _ = end
                worth = worths.get((e_wv, e_cap))
                if worth is None:
                    worth = worths[e_wv, e_cap] = weapon_worth(e_wv, e_cap, below, strict)
                score = e_hp + worth
                if leave is not None:
                    left = room[leave]
                    v = _VALUE[left]
                    if _KIND[left] == 0:
                        struck = e_wv and (v < e_cap if strict else v <= e_cap)
                        score -= LEFT_MONSTER * (max(0, v - e_wv) if struck else v)
                    elif _KIND[left] == 2:
                        score += LEFT_POTION * v
                if e_hp <= 0:
                    score = -1000 + e_hp
                if score > best_score:
                    best_score, best_plan = score, (leave, end)
                if not weapon:
                    break  # no weapon: both orders are one
        assert best_plan is not None
        leave, (e_hp, e_wv, e_cap, drunk) = best_plan
        if may_run and not final and (e_hp <= 0 or best_score <= hp + weapon_worth(wv, cap, below, strict) - RUN_LOSS):
            dungeon = dungeon[top:] + room
            size = len(dungeon)
            top = 0
            room = []
            may_run = False
            continue
        if e_hp <= 0:
            rest_cards = room if leave is None else room[:leave] + room[leave + 1 :]
            unresolved = sum(_VALUE[c] for c in dungeon[top:] if _KIND[c] == 0)
            unresolved += _unresolved_after_death(rest_cards, room, leave, hp, wv, cap, strict)
            return False, loss_score(e_hp, unresolved)
        hp, wv, cap = e_hp, e_wv, e_cap
        if final:
            return True, win_score(hp, drunk)
        assert leave is not None  # a room that is not the last leaves a card
        room = [room[leave]]
        may_run = True


def _unresolved_after_death(
    rest: list[int], room: list[int], leave: Optional[int], hp: int, wv: int, cap: int, strict: bool
) -> int:
    """The monsters of the room not fought when the fight that killed came: approximated
    as the monsters of the room less the one that killed and those before it, which a
    loss's score (health less every monster not resolved) needs only roughly."""
    monsters = sorted((_VALUE[c] for c in rest if _KIND[c] == 0), reverse=True)
    total = sum(monsters)
    if leave is not None and _KIND[room[leave]] == 0:
        total += _VALUE[room[leave]]
    h = hp
    for m in monsters:
        h -= m - wv if wv and may_strike(m, cap, strict) and m > wv else (0 if wv and may_strike(m, cap, strict) else m)
        total -= m
        if h <= 0:
            break
    return total


class StrongBot(Bot[ScoundrelState]):
    name = "strong"
    summary = f"samples {SAMPLES} orders of the unseen cards each room and plays the ways out, halving them (determinised search)"
    watches = True
    samples = SAMPLES
    endgame_cards = ENDGAME_CARDS

    def begin(
        self,
        module: GameModule[ScoundrelState, Action],
        variant: Optional[str],
        options: Mapping[str, Any],
        start: ScoundrelState,
    ) -> None:
        self.plan: list[Action] = []

    def observe(self, before: ScoundrelState, action: Action) -> None:
        if self.plan and action == self.plan[0]:
            self.plan.pop(0)
        else:
            self.plan = []

    # What the analysis asks of a strong player: kit.sampling.StrongPlayer.
    deals = staticmethod(orders)
    candidates = staticmethod(candidates)
    evaluate_on = staticmethod(evaluate_on)

    def unseen(self, state: ScoundrelState) -> int:
        """How many cards lie in an order the player does not know."""
        return sum(state.dungeon.hidden.values())

    def choose(self, state: ScoundrelState, rng: random.Random) -> Action:
        view = state
        if self.plan:
            return self.plan[0]
        if len(view.dungeon) <= self.endgame_cards:
            self.plan = list(endgame.best_way(view, _actions_of_candidates))
            return self.plan[0]
        cands = candidates(view)
        choice = halving(evaluate_on, view, cands, orders(view, rng, self.samples)) if len(cands) > 1 else cands[0]
        self.chosen: Candidate = choice  # with its tally over the orders it was played on
        self.plan = list(choice.actions)
        return self.plan[0]


def _actions_of_candidates(state: ScoundrelState) -> list[tuple[Action, ...]]:
    return [cand.actions for cand in candidates(state)]


def _ways(state: ScoundrelState) -> Iterator[tuple[End, tuple[Resolve | Strike, ...], int]]:
    """Every way to finish the room: (End, its core actions), in ``bots.ways``' order."""
    weapon = value(state.weapon) if state.weapon is not None else 0
    cap = value(state.slain[-1]) if state.slain else FRESH
    need = state.to_resolve - state.resolved
    strict = state.strict

    def walk(
        hp: int,
        weapon: int,
        cap: int,
        drank: bool,
        room: tuple[Card, ...],
        need: int,
        path: tuple[Resolve | Strike, ...],
        drunk: int,
    ) -> Iterator[tuple[End, tuple[Resolve | Strike, ...], int]]:
        if need == 0 or hp <= 0:
            yield End(hp, weapon, cap, room, path[0] if path else None), path, drunk
            return
        for index, card in enumerate(room):
            rest = room[:index] + room[index + 1 :]
            v = value(card)
            if is_monster(card):
                if weapon and may_strike(v, cap, strict):
                    yield from walk(fight(hp, v, weapon), weapon, v, drank, rest, need - 1, path + (Strike(card),), 0)
                yield from walk(fight(hp, v), weapon, cap, drank, rest, need - 1, path + (Resolve(card),), 0)
            elif is_weapon(card):
                yield from walk(hp, v, FRESH, drank, rest, need - 1, path + (Resolve(card),), 0)
            elif drank:
                yield from walk(hp, weapon, cap, drank, rest, need - 1, path + (Resolve(card),), 0)
            else:
                yield from walk(drink(hp, v), weapon, cap, True, rest, need - 1, path + (Resolve(card),), v)

    yield from walk(state.hp, weapon, cap, state.drank, state.room, need, (), 0)
