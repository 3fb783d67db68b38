"""Fair by construction, and audited: every bot of every game (and the toy game) is
played through a seat (kit/bot.py's ``Seat``) that hands it the player's view and its own
generator, and two audits run it through ``simulate.play``, the path of ``sim``, the
cluster and the playouts' reference, with the walk's real state tampered with:

- the permutation audit: at an observation point the cards the player has not seen are
  dealt anew (``State.resample``: same observation, same legal actions); the bot's
  decision there must be the one it made on the real deal;
- the reshuffle audit: the unseen cards are dealt anew after every event of the game;
  on a fixed set of seeds the win rate's 95% interval must not lie below the normal
  run's.

Each is shown to catch a deliberately cheating control (tests/support/cheats.py: a bot
that climbs the frames to the walk and plays its choices out on the real deal).

Sizes, chosen to keep the audits to seconds a game: the permutation audit checks 6
decisions spread over each of 3 games (seeds 0-2), and for the strong players, whose
searches are cut to 2 deals a decision, 2 decisions of seed 0; the reshuffle audit plays
seeds 0-59 each way, and for the strong players seeds 0-29 (Clear the Dungeon, the toy
game), 0-11 (Scoundrel) and 0-1 (RPG solitaire and Cassette Dungeons, a few seconds a
game even so: for those two it is a smoke test, and the permutation audit and the
handed-view test carry the weight). The controls: the permutation audit on the toy game
and Scoundrel, the reshuffle audit on Scoundrel's seeds 0-23.
"""

from __future__ import annotations

import random
from typing import Any, Optional

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.engine import SeededDealer, Setup, Visitor, Walk
from dungeon_cli.kit.core import Phase
from dungeon_cli.kit.player_view import PlayerView
from dungeon_cli.kit.shuffle import rng_for_bot
from dungeon_cli.services import simulate
from dungeon_cli.services.sim_summary import wilson

SEEDS = range(3)
POINTS = 6
STRONG_POINTS = 2
STRONG_SAMPLES = 2
GAMES = range(60)
# The strong players' games, cut to STRONG_SAMPLES deals a decision, take from a tenth of
# a second (Clear the Dungeon) to a few seconds (Cassette Dungeons, RPG solitaire).
STRONG_GAMES = {"clear-the-dungeon": range(30), "scoundrel": range(12), "toy": range(30)}
STRONG_FEW = range(2)


def _cases():
    for game in registry.names():
        for name in bots.names(game):
            yield pytest.param(game, name, id=f"{game}-{name}")


class _Stop(Exception):
    """The audit has the decision it wanted: the game need not go on."""


class Tamper(Visitor):
    """Watches ``simulate.play``'s walk after the seat: keeps the decisions, and deals the
    unseen cards anew (``resample``) before decision ``permute_at`` or, with ``reshuffle``,
    after every event; stops the game after decision ``stop_after``."""

    def __init__(self, seed: int, permute_at: Optional[int] = None, reshuffle: bool = False, stop_after: Optional[int] = None):
        self.rng = random.Random(f"{seed}/audit")
        self.permute_at = permute_at
        self.reshuffle = reshuffle
        self.stop_after = stop_after
        self.decisions: list[Any] = []

    def begin(self, walk: Walk) -> None:
        self.walk = walk

    def event(self, before: Any, action: Any, after: Any) -> None:
        if before.phase is Phase.DECISION:
            self.decisions.append(action)
            if self.stop_after is not None and len(self.decisions) > self.stop_after:
                raise _Stop
        permute = after.phase is Phase.DECISION and len(self.decisions) == self.permute_at
        if self.reshuffle or permute:
            self.walk.state = after.resample(self.rng)


@pytest.fixture
def cut(monkeypatch):
    """The strong players cut to ``STRONG_SAMPLES`` deals a decision."""

    def cut_strong(game: str, name: str) -> None:
        if name == bots.STRONG:
            monkeypatch.setattr(type(bots.make(game, name)), "samples", STRONG_SAMPLES)

    return cut_strong


@pytest.fixture
def cheats(monkeypatch):
    """The controls, seated like any bot: ``peeker`` (any game), ``scoundrel-peeker``."""
    monkeypatch.setitem(bots.EVERY_GAME, "peeker", "cheats:PeekerBot")
    monkeypatch.setitem(bots.EVERY_GAME, "scoundrel-peeker", "cheats:ScoundrelPeekerBot")


def _decisions(game: str, name: str, seed: int, **tamper: Any) -> list[Any]:
    watch = Tamper(seed, **tamper)
    try:
        simulate.play(simulate.Spec(game, name), seed, watchers=[watch])
    except _Stop:
        pass
    return watch.decisions


def _permuted(game: str, name: str, seeds: range, points: int) -> tuple[int, int]:
    """(decisions checked, decisions that changed when the unseen cards were permuted
    just before them)."""
    checked = changed = 0
    for seed in seeds:
        played = _decisions(game, name, seed)
        step = max(1, len(played) // points)
        for k in range(0, len(played), step)[:points]:
            again = _decisions(game, name, seed, permute_at=k, stop_after=k)
            assert again[:k] == played[:k]  # the same game up to the point
            checked += 1
            changed += again[k] != played[k]
    return checked, changed


@pytest.mark.parametrize("game,name", list(_cases()))
def test_permuting_the_unseen_cards_changes_no_decision(game, name, cut):
    cut(game, name)
    strong = name == bots.STRONG
    checked, changed = _permuted(game, name, STRONG_FEW[:1] if strong else SEEDS, STRONG_POINTS if strong else POINTS)
    assert checked >= (STRONG_POINTS if strong else POINTS)
    assert changed == 0, f"{game} {name}: {changed} of {checked} decisions changed with the unseen cards"


@pytest.mark.parametrize("game,name", [("toy", "peeker"), ("scoundrel", "scoundrel-peeker")])
def test_the_permutation_audit_catches_a_cheat(game, name, cheats):
    checked, changed = _permuted(game, name, SEEDS, POINTS)
    assert changed > 0, f"{name} on {game}: the audit did not see it peek ({checked} decisions)"


def _rates(game: str, name: str, seeds: range) -> tuple[tuple[float, float], tuple[float, float], int, int]:
    won = reshuffled = 0
    for seed in seeds:
        won += simulate.play(simulate.Spec(game, name), seed).won
        watch = Tamper(seed, reshuffle=True)
        reshuffled += simulate.play(simulate.Spec(game, name), seed, watchers=[watch]).won
    return wilson(won, len(seeds)), wilson(reshuffled, len(seeds)), won, reshuffled


@pytest.mark.parametrize("game,name", list(_cases()))
def test_reshuffling_the_unseen_cards_lowers_no_win_rate(game, name, cut):
    cut(game, name)
    seeds = STRONG_GAMES.get(game, STRONG_FEW) if name == bots.STRONG else GAMES
    normal, shuffled, won, reshuffled = _rates(game, name, seeds)
    assert not shuffled[1] < normal[0], f"{game} {name}: {won} won of {len(seeds)}, {reshuffled} reshuffled"


def test_the_reshuffle_audit_catches_a_cheat(cheats):
    normal, shuffled, won, reshuffled = _rates("scoundrel", "scoundrel-peeker", range(24))
    assert shuffled[1] < normal[0], f"{won} won of 24, {reshuffled} reshuffled"


@pytest.mark.parametrize("game,name", list(_cases()))
def test_a_seated_bot_is_handed_the_view_and_its_own_generator(game, name, monkeypatch):
    """What a bot is handed carries no deal: the start it begins from is the same for
    two seeds and is not the seeded start, every state it is handed is the view's (the
    game replayed on a start with no known order: equal piles, unordered), and its
    generator is ``rng_for_bot(seed)``, not the deal's."""
    bot_type = type(bots.make(game, name))
    handed: list[tuple[str, Any, Any]] = []
    originals = {method: getattr(bot_type, method) for method in ("begin", "observe", "choose")}
    for method, original in originals.items():

        def spy(self, *args, _original=original, _method=method):
            if _method == "begin":
                handed.append((_method, args[3], None))
            else:  # the generator as it is when handed
                handed.append((_method, args[0], args[1].getstate() if _method == "choose" else args[1]))
            if _method == "choose" and sum(m == "choose" for m, _, _ in handed) == 3:
                raise _Stop
            return _original(self, *args)

        monkeypatch.setattr(bot_type, method, spy)
    monkeypatch.setattr(bot_type, "watches", True)
    cut_samples = STRONG_SAMPLES if name == bots.STRONG else None
    if cut_samples:
        monkeypatch.setattr(bot_type, "samples", cut_samples)
    starts = []
    for seed in (3, 4):
        handed.clear()
        setup = Setup(game, seed=seed)
        try:  # to its third decision, or its end
            simulate.play(simulate.Spec(game, name), seed)
        except _Stop:
            pass
        assert any(method == "choose" for method, _, _ in handed)
        (_, start, _), *rest = handed
        starts.append(_contents(start))
        assert _contents(start) != _contents(SeededDealer(seed).start(setup))  # the seeded start holds the deal
        own = PlayerView(setup.module, None, setup.options)
        first_rng = True
        for method, state, extra in rest:
            assert _contents(state) == _contents(own.state), f"{game} {name}: handed a state that is not the view"
            if method == "observe":
                own.observe(extra)
            elif first_rng:
                assert extra == rng_for_bot(seed).getstate()  # its own generator, fresh
                first_rng = False
    assert starts[0] == starts[1]


def _contents(value: Any) -> Any:
    """Everything a value holds, field by field (a state's, a pile's: its known order
    and its unordered cards), as nested tuples that compare by content."""
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _contents(v)) for k, v in value.items()))
    if isinstance(value, (tuple, list)):
        return tuple(_contents(v) for v in value)
    names = [n for klass in type(value).__mro__ for n in klass.__dict__.get("__slots__", ())]
    # a class compiled by mypyc (make test-compiled) keeps no __slots__: it lists its fields in __mypyc_attrs__
    names = names or [n for n in getattr(type(value), "__mypyc_attrs__", ()) if not n.startswith("__")]
    if names and not isinstance(value, (int, str)):
        return (type(value).__name__, *(_contents(getattr(value, n, None)) for n in names))
    return repr(value)
