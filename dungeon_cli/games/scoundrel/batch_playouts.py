"""Scoundrel played by the greedy and the counting bot, a thousand games in lockstep.

The same games ``simulate.play`` plays through the rules core with ``GreedyBot`` or
``CountingBot`` (bots.py); tests/bots/test_playouts.py holds them to the core. A designer's
run spends nearly all its time choosing a way through a room (some 200 ways a room, 15
rooms a game), which in CPython costs an interpreted call or more a way: too slow for
10,000 games a second. Here one NumPy operation takes one step of every way of every game
whose room has the same shape (four cards, three to play; or the last room), so the
games advance a room at a time, side by side.

Planned once a room. The bots through the core plan at every decision: they list every
way through the room from where they stand and play the first action of the first best
way (``s > best``: a later way must be strictly better). Here the room is planned once
and the whole way played. The same game, because a re-plan after the way's first action
lists exactly the ways that begin with that action, in the same order (the rest of the
room keeps its order), and scores each the same (greedy's score reads only the way's
end; counting's reads its end and the unseen cards, which no decision within a room
changes): the first best way is still the way being played, since a way before it and
as good would have been first the first time. Running is decided only before a room's
first card, as the bots decide it.

How the ways are scored:

- A way is a template: which slot of the room is resolved first, second, third, and
  whether a monster is struck. Templates are listed in the bots' order (slots in the
  room's order, a strike before fighting bare), so the first best way is the first
  maximum, which ``argmax`` returns.
- A position in a room (health, weapon, cap, a potion drunk) is one integer, and one
  table says where a card takes it, what it slew and what it drank (``_Tables``); a
  strike the weapon may not make leads to ``INVALID``. A way that dies stays where it
  died and is scored there, as the bots score it.
- Greedy's score is an integer (health less the monsters left in the room, then weapon,
  then cap, in one number); counting's is a float computed in the bot's own order of
  operations, so that equal scores, and the ties they break, are the same.

The deal is Python's own generator, seeded for each game as the core seeds it: only the
play is vectorised. Games are played a thousand at a time (``BATCH``): larger batches
leave the processor's cache and run slower. NumPy is imported only here, so a command
that does not simulate never loads it.
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

from ...kit.shuffle import shuffled
from .bots import RUN_LOSS, RUN_MARGIN, WEAPON_STRIKES, WEAPON_WEIGHT
from .rules import FRESH, MAX_HP, ROOM, drink, fight, loss_score, may_strike, win_score
from .tables import DRINK, FIGHT, IDS, MAY, MONSTER, MONSTERS, POTION, WEAPON

_CARDS = len(IDS)
_LOW = -13  # the lowest health a game can reach: 1, less an ace fought bare
_HEALTHS = MAX_HP - _LOW + 1
_WEAPONS = max(WEAPON) + 1
_CAPS = FRESH + 1
_POSITIONS = _HEALTHS * _WEAPONS * _CAPS * 2
INVALID = _POSITIONS  # a way that strikes where the weapon may not
_STEP = _CARDS * 2  # positions are numbered so that position * _STEP + card * 2 + strike is a step
_IMPOSSIBLE = -(10**6)  # greedy's key of an invalid way: below every real key
# A game's dungeon: the deal, then the cards run from, put under it. A run needs a room
# played since the last (or the start), and a room played takes three of the 44 cards
# (the last room all it has): fifteen runs at most, of four cards each.
_WIDTH = _CARDS + ROOM * 15


def _positions(hp: Any, weapon: Any, cap: Any, drank: Any) -> Any:
    """The number of each position (health, weapon, cap, a potion drunk): arrays or ints."""
    return (((hp - _LOW) * _WEAPONS + weapon) * _CAPS + cap) * 2 + drank


class _Tables:
    """Where each step takes each position, for one variant (strict-weapon or not)."""

    def __init__(self, strict: bool) -> None:
        n = _POSITIONS + 1
        grid = np.indices((_HEALTHS, _WEAPONS, _CAPS, 2)).reshape(4, _POSITIONS)
        hp_of = np.append(grid[0] + _LOW, 0).astype(np.int32)
        weapon_of = np.append(grid[1], 0).astype(np.int32)
        cap_of = np.append(grid[2], 0).astype(np.int32)
        drank = np.append(grid[3], 0).astype(np.int32)
        here = np.arange(n, dtype=np.int32)
        dead = (hp_of <= 0) & (here != INVALID)
        alive = ~dead & (here != INVALID)
        gained = np.array(FIGHT, dtype=np.int32)  # [monster][weapon]: health a fight costs, negative
        healed = np.array(DRINK, dtype=np.int32)  # [health][potion]
        may = np.array(MAY[strict], dtype=bool)  # [cap][card]
        at_least = np.maximum(hp_of, 0)
        # a step is position * _STEP + card * 2 + strike: [position, card, strike]
        after = np.full((n, _CARDS, 2), INVALID, dtype=np.int32)
        slain = np.zeros((n, _CARDS, 2), dtype=np.int32)  # monster value resolved by the step
        drunk = np.zeros((n, _CARDS, 2), dtype=np.int32)  # potion value drunk by the step
        for card in IDS:
            m, w, p = MONSTER[card], WEAPON[card], POTION[card]
            if m:
                bare = _positions(hp_of + gained[m, 0], weapon_of, cap_of, drank)
                strikes = alive & (weapon_of > 0) & may[cap_of, card]
                struck = _positions(hp_of + gained[m, weapon_of], weapon_of, m, drank)
                after[:, card, 1] = np.where(strikes, struck, INVALID)
                slain[:, card, 1] = np.where(strikes, m, 0)
                slain[:, card, 0] = np.where(alive, m, 0)
            elif w:
                bare = _positions(hp_of, w, FRESH, drank)
            else:
                bare = _positions(np.where(drank, hp_of, healed[at_least, p]), weapon_of, cap_of, 1)
                drunk[:, card, 0] = np.where(alive & (drank == 0), p, 0)
            after[:, card, 0] = np.where(alive, bare, INVALID)
        after[dead] = here[dead, None, None]  # a way that died stays where it died
        self.after, self.slain, self.drunk = after.ravel(), slain.ravel(), drunk.ravel()
        self.hp, self.weapon, self.cap, self.dead = hp_of, weapon_of, cap_of, dead
        valid = self.after != INVALID
        # greedy's key of a step's end, without the room's monsters (the same for every
        # way of a room): health * 256 + weapon * 16 + cap, plus what the step slew
        end_key = hp_of * 256 + weapon_of * 16 + cap_of
        self.key = np.where(valid, end_key[self.after] + self.slain * 256, _IMPOSSIBLE).astype(np.int32)
        # counting: the cost of a card left in the room at a position
        carried = np.zeros((n, _CARDS))
        for card in IDS:
            m, p = MONSTER[card], POTION[card]
            if m:
                carried[:, card] = np.where((weapon_of > 0) & may[cap_of, card], -gained[m, weapon_of], m)
            elif p:
                carried[:, card] = -(healed[at_least, p] - at_least) / 2
        # counting's score of a way's end is (health + worth) - carried, in that order as
        # the bot adds them; a dead way's is (-1000 + health) - the unseen monsters,
        # which the same sum gives when its worth is the column that holds minus the
        # unseen monsters (``_worth``) and it carries nothing; an invalid way's is -inf.
        self.hp_float = np.where(dead, -1000.0 + hp_of, hp_of.astype(np.float64))
        self.hp_float[INVALID] = -np.inf
        self.worth_at = np.where(dead, _WEAPONS * _CAPS, weapon_of * _CAPS + cap_of).astype(np.int32)
        carried[~alive] = 0.0
        self.carried = carried.astype(np.float32).ravel()  # halves: exact in a float32
        # counting's cost of facing an unseen card, by value: [weapon * _CAPS + cap, value]
        self.face_monster = np.array(
            [
                [(-fight(0, m, w) if w and may_strike(m, c, strict) else m) if m >= 2 else 0 for m in range(FRESH)]
                for w in range(_WEAPONS)
                for c in range(_CAPS)
            ],
            dtype=np.float64,
        )
        self.face_potion = np.array(
            [[-(drink(hp, p) - hp) / 2 if p >= 2 else 0.0 for p in range(FRESH)] for hp in range(MAX_HP + 1)]
        )
        # the highest value of monster a weapon whose cap is c may strike
        self.reach = np.array([max([0] + [m for m in range(2, FRESH) if may_strike(m, c, strict)]) for c in range(_CAPS)])


@functools.cache
def _tables(strict: bool) -> _Tables:
    return _Tables(strict)


class _Ways:
    """The templates of a room of ``size`` cards of which ``need`` are to be played, in the
    bots' order, as one array a step: the slot played and whether it strikes. The ways
    that extend one way of the step before are neighbours, as many for each (``_plan``
    reads a step's parents off that)."""

    def __init__(self, size: int, need: int) -> None:
        ways: list[tuple[tuple[int, int], ...]] = [()]  # (slot, strike) steps
        self.slot, self.strike = [], []
        for _ in range(need):
            longer = [
                way + ((slot, strike),)
                for way in ways
                for slot in range(size)
                if slot not in {s for s, _ in way}
                for strike in (1, 0)
            ]
            self.slot.append(np.array([way[-1][0] for way in longer], dtype=np.intp))
            self.strike.append(np.array([way[-1][1] for way in longer], dtype=np.int32))
            ways = longer
        # the slot a way leaves in the room (a room of four, three to play); else -1
        self.left = np.array([next((s for s in range(size) if s not in {t for t, _ in way}), -1) for way in ways], dtype=np.intp)


@functools.cache
def _ways(size: int, need: int) -> _Ways:
    return _Ways(size, need)


def _deal(seeds: Sequence[int]) -> Any:
    """Every game's dungeon, card ids in dealing order, as the core deals them, with
    room after it for the cards run from."""
    rng = random.Random()
    reseed = super(random.Random, rng).seed  # random.Random(seed), as simulate's playouts seed
    dealt = []
    for seed in seeds:
        reseed(seed)
        dealt.append(shuffled(rng, IDS))
    out = np.empty((len(seeds), _WIDTH), dtype=np.int32)
    out[:, :_CARDS] = dealt
    return out


_MONSTER = np.array(MONSTER, dtype=np.int32)
_MONSTER_ONE = np.zeros((_CARDS, FRESH))  # card id -> its monster value, one-hot
_POTION_ONE = np.zeros((_CARDS, FRESH))
for _card in IDS:
    if MONSTER[_card]:
        _MONSTER_ONE[_card, MONSTER[_card]] = 1
    elif POTION[_card]:
        _POTION_ONE[_card, POTION[_card]] = 1
_VALUES = np.arange(FRESH)


class _Games:
    """Every game of a batch: the dungeon (``deck``, dealt from ``top``, ending before
    ``end``), the room (card ids; -1 empty), health, weapon, cap, and the rest of what
    the playout keeps, one row a game."""

    def __init__(self, seeds: Sequence[int], counts: bool) -> None:
        n = len(seeds)
        self.deck = _deal(seeds)
        self.room = self.deck[:, :ROOM].copy()
        self.size = np.full(n, ROOM, dtype=np.int32)
        self.top = np.full(n, ROOM, dtype=np.int32)
        self.end = np.full(n, _CARDS, dtype=np.int32)
        self.hp = np.full(n, MAX_HP, dtype=np.int32)
        self.weapon = np.zeros(n, dtype=np.int32)
        self.cap = np.full(n, FRESH, dtype=np.int32)
        self.may_run = np.ones(n, dtype=bool)
        self.turn = np.ones(n, dtype=np.int32)
        self.unresolved = np.full(n, MONSTERS, dtype=np.int32)
        self.playing = np.ones(n, dtype=bool)
        self.won = np.zeros(n, dtype=bool)
        self.score = np.zeros(n, dtype=np.int32)
        self.unseen: Any = None
        if counts:  # counting's view: the cards not yet seen (run cards under again)
            self.unseen = np.ones((n, _CARDS), dtype=bool)
            rows = np.arange(n)
            for slot in range(ROOM):
                self.unseen[rows, self.room[:, slot]] = False

    def run(self, rows: Any) -> None:
        """The rooms of ``rows`` go under their dungeons, and new rooms are dealt."""
        for slot in range(ROOM):
            has = self.size[rows] > slot
            where, card = rows[has], self.room[rows[has], slot]
            self.deck[where, self.end[where]] = card
            self.end[where] += 1
            if self.unseen is not None:
                self.unseen[where, card] = True
        self.room[rows] = -1
        self.size[rows] = 0
        self._deal_into(rows, ROOM)
        self.may_run[rows] = False
        self.turn[rows] += 1

    def _deal_into(self, rows: Any, count: int) -> None:
        for _ in range(count):
            has = self.top[rows] < self.end[rows]
            where = rows[has]
            card = self.deck[where, self.top[where]]
            self.room[where, self.size[where]] = card
            self.size[where] += 1
            self.top[where] += 1
            if self.unseen is not None:
                self.unseen[where, card] = False

    def results(self) -> list[tuple[bool, int, int]]:
        return [(bool(w), int(s), int(t)) for w, s, t in zip(self.won, self.score, self.turn)]


def _plan(tables: _Tables, ways: _Ways, room: Any, start: Any) -> tuple[Any, Any, int]:
    """Every way of every room in ``room``, from position ``start``: the step each way
    ends on (position * _STEP + card * 2 + strike: the way's last step), games x ways;
    what the ways slew before it, games x (ways / fan); and the fan: ways that differ
    only in their last step are ``fan`` neighbours and share the figure slain."""
    doubled = room * 2
    games = len(room)
    steps = start[:, None] * _STEP + doubled[:, ways.slot[0]] + ways.strike[0]
    slain = np.zeros((games, 1), dtype=np.int32)
    fan = steps.shape[1]
    for slot, strike in zip(ways.slot[1:], ways.strike[1:]):
        parents = steps.shape[1]
        fan = len(slot) // parents
        if slain.shape[1] != parents:
            slain = slain.repeat(parents // slain.shape[1], axis=1)
        slain = slain + np.take(tables.slain, steps)
        following = np.take(tables.after, steps)
        following *= _STEP
        steps = (doubled[:, slot] + strike).reshape(games, parents, fan)
        steps += following[:, :, None]
        steps = steps.reshape(games, parents * fan)
    return steps, slain, fan


def _greedy_choose(tables: _Tables, ways: _Ways, games: _Games, rows: Any, final: bool) -> tuple[Any, Any, Any, Any]:
    """Greedy's choice in each room of ``rows``: the way, its last step, what it slew
    before that, and whether the game runs from the room instead."""
    room = games.room[rows]
    hp = games.hp[rows]
    start = _positions(hp, games.weapon[rows], games.cap[rows], 0)
    steps, slain, fan = _plan(tables, ways, room, start)
    key = np.take(tables.key, steps).reshape(len(rows), -1, fan)
    key += (slain * 256)[:, :, None]
    key = key.reshape(len(rows), -1)
    best = key.argmax(axis=1)
    picked = np.arange(len(rows))
    lm = np.where(room >= 0, _MONSTER[np.maximum(room, 0)], 0).sum(axis=1)
    health = (key[picked, best] - lm * 256) >> 8
    runs = games.may_run[rows] & (health <= np.maximum(0, hp - RUN_LOSS))
    return best, steps[picked, best], slain[picked, best // fan], runs


def _worth(tables: _Tables, counts: Any) -> Any:
    """What each weapon and cap would save on each game's unseen monsters (``counts``:
    games x value), weighted, as ``CountingBot``'s ``weapon_worth``: games x (weapon *
    _CAPS + cap), and one column more, minus the unseen monsters' total (where a dead way
    looks)."""
    n = len(counts)
    have = np.minimum(counts, WEAPON_STRIKES).astype(np.int8)
    # the WEAPON_STRIKES highest unseen monsters of value at most v, for each v
    highest = np.zeros((WEAPON_STRIKES, FRESH, n), dtype=np.int8)
    top = [np.zeros(n, dtype=np.int8) for _ in range(WEAPON_STRIKES)]
    for v in range(2, FRESH):
        top = _shifted(top, have[:, v], v)
        for k in range(WEAPON_STRIKES):
            highest[k, v] = top[k]
    within = highest[:, tables.reach].transpose(2, 1, 0)  # games x cap x strikes
    weapons = np.arange(_WEAPONS, dtype=np.int8)[None, :, None]
    saved = np.minimum(within[:, None, :, 0], weapons)  # games x weapon x cap
    for k in range(1, WEAPON_STRIKES):
        saved += np.minimum(within[:, None, :, k], weapons)
    out = np.empty((n, _WEAPONS * _CAPS + 1))
    np.multiply(WEAPON_WEIGHT, saved.reshape(n, _WEAPONS * _CAPS), out=out[:, :-1])
    out[:, -1] = -(counts @ _VALUES)
    return out


def _shifted(top: list[npt.NDArray[np.int8]], here: npt.NDArray[np.int8], v: int) -> list[npt.NDArray[np.int8]]:
    """The highest strikes once ``here`` (0 to WEAPON_STRIKES) monsters of value v come
    above ``top``: strike k is v when k < here, else what strike k - here was."""
    out = []
    for k in range(WEAPON_STRIKES):
        strike = top[k]
        for j in range(1, k + 1):
            strike = np.where(here == j, top[k - j], strike)
        out.append(np.where(here > k, np.int8(v), strike))
    return out


def _counting_choose(tables: _Tables, ways: _Ways, games: _Games, rows: Any, final: bool) -> tuple[Any, Any, Any, Any]:
    """Counting's choice in each room of ``rows``, as ``_greedy_choose``."""
    room = games.room[rows]
    hp = games.hp[rows]
    weapon = games.weapon[rows]
    cap = games.cap[rows]
    unseen = games.unseen[rows].astype(np.float64)
    monsters = unseen @ _MONSTER_ONE  # games x value: counts
    worth = _worth(tables, monsters)
    start = _positions(hp, weapon, cap, 0)
    steps, slain, fan = _plan(tables, ways, room, start)
    ends = np.take(tables.after, steps)
    columns = worth.shape[1]
    at = np.take(tables.worth_at, ends)
    at += (np.arange(len(rows), dtype=np.int32) * columns)[:, None]
    score = np.take(tables.hp_float, ends)
    score += np.take(worth, at)
    if not final:
        ends *= _CARDS
        ends += room[:, ways.left]
        score -= np.take(tables.carried, ends)
    best = score.argmax(axis=1)
    picked = np.arange(len(rows))
    key = score[picked, best]
    unseen_n = games.end[rows] - games.top[rows]  # cards not yet dealt, run cards among them
    runs = games.may_run[rows] & (unseen_n > 0)
    if runs.any():
        potions = unseen @ _POTION_ONE
        total = (monsters * tables.face_monster[weapon * _CAPS + cap]).sum(axis=1) + (potions * tables.face_potion[hp]).sum(
            axis=1
        )
        average = total / np.maximum(unseen_n, 1)
        facing = (hp - 3 * average) + worth[picked, weapon * _CAPS + cap]
        runs &= key < facing - RUN_MARGIN
    return best, steps[picked, best], slain[picked, best // fan], runs


# Games side by side, measured fastest (docs/simulation.md, "Speed"): with 2,000,
# counting's arrays leave the cache and it runs at half the speed; with 100, NumPy's cost
# a call weighs more.
BATCH = 1000


def _play(seeds: Sequence[int], variant: Optional[str], counts: bool) -> list[tuple[bool, int, int]]:
    out: list[tuple[bool, int, int]] = []
    for start in range(0, len(seeds), BATCH):
        out += _play_batch(seeds[start : start + BATCH], variant, counts)
    return out


def _play_batch(seeds: Sequence[int], variant: Optional[str], counts: bool) -> list[tuple[bool, int, int]]:
    tables = _tables(variant == "strict-weapon")
    choose = _counting_choose if counts else _greedy_choose
    games = _Games(seeds, counts)
    while True:
        playing = np.flatnonzero(games.playing)
        if not len(playing):
            return games.results()
        final = games.top[playing] >= games.end[playing]
        size = games.size[playing]
        shape = size * 2 + final  # the room's size, and whether it is the last
        for kind in np.unique(shape):
            rows = playing[shape == kind]
            n, last = int(kind) >> 1, bool(kind & 1)
            ways = _ways(n, n if last else n - 1)
            best, step, slain, runs = choose(tables, ways, games, rows, last)
            if runs.any():
                games.run(rows[runs])
            stay = ~runs
            rows, best, step, slain = rows[stay], best[stay], step[stay], slain[stay]
            end = tables.after[step]
            hp = tables.hp[end]
            games.hp[rows] = hp
            games.weapon[rows] = tables.weapon[end]
            games.cap[rows] = tables.cap[end]
            games.unresolved[rows] -= slain + tables.slain[step]
            dead = hp <= 0
            over = dead | last
            done = rows[over]
            games.playing[done] = False
            games.won[done] = ~dead[over]
            # the rules' own scores, a call a game that ends (a thousand calls a batch)
            drunk = tables.drunk[step][over].tolist()
            left = games.unresolved[done].tolist()
            games.score[done] = [
                loss_score(h, m) if h <= 0 else win_score(h, p) for h, m, p in zip(hp[over].tolist(), left, drunk)
            ]
            on = ~over
            rows = rows[on]
            if len(rows):
                kept = games.room[rows, ways.left[best[on]]]
                games.room[rows] = -1
                games.room[rows, 0] = kept
                games.size[rows] = 1
                games._deal_into(rows, ROOM - 1)
                games.may_run[rows] = True
                games.turn[rows] += 1


def greedy_games(seeds: Sequence[int], variant: Optional[str] = None) -> list[tuple[bool, int, int]]:
    """(won, score, moves) of the greedy bot's game from each seed."""
    return _play(seeds, variant, False)


def counting_games(seeds: Sequence[int], variant: Optional[str] = None) -> list[tuple[bool, int, int]]:
    """(won, score, moves) of the counting bot's game from each seed."""
    return _play(seeds, variant, True)
