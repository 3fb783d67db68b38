"""Many seeded games played by a bot, on one process, many, or a Dask cluster.

A game is a pure function of (game, variant, bot, seed): ``random.Random(seed)`` deals
the documented seeded shuffle, and the bot, seated at the game (``kit.bot.Seat``), sees
only the player's view and draws from a generator of its own, ``random.Random(f"{seed}/bot")``
(``shuffle.rng_for_bot``), never the deal's. So splitting the seeds over processes or
machines cannot change a single result, and ``--jobs 4`` prints what ``--jobs 1`` prints.

A run that keeps no record plays through the game's playout for its bot when it has one
(``dungeon_cli.bots.playouts``): the same games, several times faster.

Workers return each game's ``Outcome`` fields as a plain tuple (the record's text
among them when asked) and never write files: the caller writes them, as they come, so
a cluster's workers need no shared disk and a long run is never held whole in memory.
"""

from __future__ import annotations

import functools
import random
import time
from typing import Any, Callable, Generator, NamedTuple, Optional, Sequence, TypeVar

from .. import bots, registry
from ..bots import playouts
from ..engine import MAX_EVENTS, Runaway, SeededDealer, Setup, Visitor, Walk
from ..kit.bot import Seat
from ..kit.shuffle import bot_seed, rng_for, rng_for_bot
from ..plumbing.workers import chunks
from .session import Session

T = TypeVar("T")  # what a chunk's games are made into: an Outcome, or a plain tuple


class Spec(NamedTuple):
    """What every game of a run shares."""

    game: str
    bot: str
    variant: Optional[str] = None
    records: bool = False  # keep each game's DGN text
    rule_tags: tuple[
        tuple[str, str, Optional[str], str], ...
    ] = ()  # a game's own rule tags given on the command line: (name, value read, its directory, value written)


class Outcome(NamedTuple):
    seed: int
    won: bool
    score: int
    moves: int  # numbered move lines of the record (turns played)
    record: Optional[str] = None


# An Outcome from its five fields as a tuple: what Outcome._make does, without the
# Python-level call (4% of a random Scoundrel game in a playout run).
_outcome = functools.partial(tuple.__new__, Outcome)


class EndlessGame(RuntimeError):
    """A bot that never ends its game (some rules let a game go on for ever)."""


class Seated(Visitor):
    """The walk's events told to a seated bot: the actions only, never a state."""

    def __init__(self, seat: Seat[Any]):
        self.event_of = seat.event

    def event(self, before: Any, action: Any, after: Any) -> None:
        self.event_of(action)


def play(spec: Spec, seed: int, choices: Optional[random.Random] = None, watchers: Sequence[Visitor] = ()) -> Outcome:
    """One game from ``seed`` to its end: a walk of the engine, the seeded dealer
    answering chance and the bot, seated at the game (``Seat``: the player's view, and
    its own generator ``rng_for_bot(seed)``, or ``choices`` when given: the same deal
    played again with other choices, ``deal_tables``), every decision; its record kept
    when ``spec.records``. ``watchers``: more visitors of the walk, after the seat (the
    fairness audits', tests/bots/test_fair.py)."""
    options, tags = _rule_tags(spec)
    setup = Setup(spec.game, spec.variant, options=options, seed=seed)
    dealer = SeededDealer(seed)
    seat = Seat(
        bots.make(spec.game, spec.bot),
        setup.module,
        spec.variant,
        setup.options,
        rng_for_bot(seed) if choices is None else choices,
    )
    visitors = [Seated(seat), *watchers]
    if spec.records:
        walk: Walk = Session(setup, dealer=dealer, visitors=visitors, tags=tags)
    else:
        walk = Walk(setup, dealer, visitors, history=False, turns=False)
    choose = seat.choose
    try:
        state = walk.run(lambda state: choose(), MAX_EVENTS)
    except Runaway:
        raise EndlessGame(
            f"{spec.game} seed {seed}: the {spec.bot} bot's game has not ended after {MAX_EVENTS:,} events"
        ) from None
    result = state.final()
    text = walk.text() if isinstance(walk, Session) else None
    return Outcome(seed, result.won, result.score, walk.moves, text)


def _rule_tags(spec: Spec) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The options and record tags of a run given a game's rule tags (``sim --cards``)."""
    if not spec.rule_tags:
        return {}, []
    from ..engine.tags import rule_options

    options: dict[str, Any] = {}
    for name, read, base, _ in spec.rule_tags:
        options.update(rule_options(spec.game, [(name, read)], base))
    return options, [(name, written) for name, _, _, written in spec.rule_tags]


def play_many(spec: Spec, seeds: Sequence[int]) -> list[Outcome]:
    """A chunk of games, on this process."""
    fast = _fast(spec, seeds, _outcome)
    if fast is not None:
        return fast
    return [play(spec, seed) for seed in seeds]


def play_rows(spec: Spec, seeds: Sequence[int]) -> list[tuple[Any, ...]]:
    """A chunk of games as plain tuples (the fields of ``Outcome``): the unit of work
    sent to a process or a cluster worker. A tuple pickles ten times faster than a
    named tuple, which at a playout's speed is a tenth of the work."""
    fast = _fast(spec, seeds, tuple)
    if fast is not None:
        return fast
    return [tuple(play(spec, seed)) for seed in seeds]


def _fast(spec: Spec, seeds: Sequence[int], make: Callable[[Any], T]) -> Optional[list[T]]:
    """The chunk through the bot's playout (a batch one first), or None without one.
    The variant and every seed are checked first, for the messages the core gives."""
    if spec.records:
        return None
    batch = playouts.find_batch(spec.game, spec.bot)
    fast = None if batch is not None else playouts.find(spec.game, spec.bot)
    if batch is None and fast is None:
        return None
    Setup(spec.game, spec.variant)
    for seed in seeds:
        if seed < 0:
            rng_for(seed)
    if batch is not None:
        return [make((seed, *result, None)) for seed, result in zip(seeds, batch(seeds, spec.variant))]
    assert fast is not None
    return _play_out(fast, spec, seeds, make)


def _play_out(fast: playouts.Playout, spec: Spec, seeds: Sequence[int], make: Callable[[Any], T]) -> list[T]:
    variant = spec.variant
    rng = random.Random()
    choices = random.Random()
    # What random.Random(seed) and rng_for_bot(seed) run, on two generators reseeded
    # for each game: Random.seed's Python layer skipped, 7% of a random Scoundrel game
    # (tests/bots/test_playouts.py checks the generators' states are the same).
    reseed = super(random.Random, rng).seed
    reseed_bot = super(random.Random, choices).seed
    out = []
    for seed in seeds:
        reseed(seed)
        reseed_bot(bot_seed(seed))
        out.append(make((seed, *fast(rng, choices, variant), None)))
    return out


def run(
    spec: Spec,
    seeds: Sequence[int],
    jobs: int = 1,
    cluster: Optional[str] = None,
    progress: Optional[Callable[[int], None]] = None,
) -> list[Outcome]:
    """Play every seed; outcomes in the order of ``seeds`` whatever ran them.
    ``progress(n)`` is called as each chunk of ``n`` games comes in."""
    results: list[Outcome] = []
    for part in stream(spec, seeds, jobs, cluster):
        results.extend(part)
        if progress:
            progress(len(part))
    return results


def stream(
    spec: Spec, seeds: Sequence[int], jobs: int = 1, cluster: Optional[str] = None
) -> Generator[list[Outcome], None, None]:
    """The outcomes of every seed, a chunk at a time and in the order of ``seeds``: a
    run of ten million games is tallied and its records written as they come, never
    held whole in memory."""
    if cluster is not None:
        return _on_cluster(spec, seeds, cluster)
    return _on_this_machine(spec, seeds, jobs)


PROBE = 2  # games timed first, where a bot's speed is not known in advance
CHUNK_SECONDS = 0.25  # at most, about, for a chunk of games walked by the core


def _on_this_machine(spec: Spec, seeds: Sequence[int], jobs: int) -> Generator[list[Outcome], None, None]:
    """A bot walked by the core (no playout, or records written) takes from a
    millisecond a game (greedy) to a second (the strong player, which searches): its
    first games are timed, and the rest go in chunks of about ``CHUNK_SECONDS``, since
    Ctrl-C is obeyed between chunks (a run of the strong player stops within a second,
    not after a chunk of 500 games, a minute and a half)."""
    chunked: Optional[Sequence[Sequence[int]]] = None
    if _walked(spec) and len(seeds) > PROBE:
        first = seeds[:PROBE]
        start = time.perf_counter()
        part = play_many(spec, first)
        each = (time.perf_counter() - start) / PROBE
        yield part
        seeds = seeds[PROBE:]
        chunked = chunks(seeds, jobs, max(1, min(WALKED_CHUNK, int(CHUNK_SECONDS / max(each, 1e-6)))))
    if jobs > 1:
        yield from _on_processes(spec, seeds, jobs, chunked)
    else:
        yield from (play_many(spec, part) for part in chunked or _chunks_for(spec, seeds, 1))


def _walked(spec: Spec) -> bool:
    """The games are walked by the core, not played out by a bot's own loop."""
    return spec.records or not playouts.has_any(spec.game, spec.bot)


WALKED_CHUNK = 500


def _chunks_for(spec: Spec, seeds: Sequence[int], workers: int) -> Sequence[Sequence[int]]:
    """A playout's games are a hundred times lighter than the core's: larger chunks. A
    batch playout plays a thousand side by side: a chunk of fewer runs slower a game
    (a hundred: at half the speed), so no chunk is smaller."""
    if _walked(spec):
        return chunks(seeds, workers, WALKED_CHUNK)
    if spec.bot in registry.get(spec.game).batch_playouts:
        return chunks(seeds, workers, 2000, least=BATCH_CHUNK)
    return chunks(seeds, workers, 2000)


BATCH_CHUNK = 1000


def _on_processes(
    spec: Spec, seeds: Sequence[int], jobs: int, chunked: Optional[Sequence[Sequence[int]]] = None
) -> Generator[list[Outcome], None, None]:
    """``jobs`` processes play: this one and ``jobs - 1`` workers (``workers.spread``)."""
    from ..plumbing.workers import spread

    here = functools.partial(play_many, spec)
    return spread(functools.partial(play_rows, spec), here, _outcome, chunked or _chunks_for(spec, seeds, jobs), jobs)


def _on_cluster(spec: Spec, seeds: Sequence[int], address: str) -> Generator[list[Outcome], None, None]:
    """The chunks as this machine would cut them for as many processes as the cluster
    has worker threads, on the cluster (``workers.on_cluster``)."""
    from ..plumbing.workers import on_cluster

    return on_cluster(address, functools.partial(play_rows, spec), _outcome, functools.partial(_chunks_for, spec, seeds))
