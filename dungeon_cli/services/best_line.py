"""One deal known in full solved (``dungeon solve --seed N GAME``, ``dungeon solve
FILE``), and the line found written as a record that verifies, with its verdict in a
``Solve`` tag. A record's deal is known by its Seed when its cards agree with it, else
from every card it shows; only a game's solver hooks read a deal off the cards, so a
record that cannot be solved so says why, for the command to say (``Unsolvable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional

if TYPE_CHECKING:
    from notation import Record

    from ..kit.core import AnyState
    from ..solver import Solution
    from .session import Session


class Unsolvable(Exception):
    """A record whose deal cannot be solved: the line to say and the exit status (1 the
    record is illegal, 2 it does not show its deal: a usage the command cannot serve)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class KnownDeal(NamedTuple):
    """The session the line is written into, the state the search starts from (the deal
    known), and how the deal was found ("seed 7", "game.dgn (seed 7)", "game.dgn")."""

    session: Session
    start: AnyState
    where: str


def from_seed(session: Session, seed: int) -> KnownDeal:
    return KnownDeal(session, session.start, f"seed {seed}")


def from_record(record: Record, path: str) -> KnownDeal:
    """The deal of ``record`` (read from ``path``, already made terminal-safe): from its
    Seed when its cards agree with it, else every card of the deal it must show."""
    from .. import solver
    from ..engine.dealer import OrderedDealer
    from ..engine.tags import read_setup
    from ..kit.terminal_text import safe
    from .referee import Referee
    from .session import Session

    verdict = Referee(seed_check=True).check(record)
    seed_text = record.tag_value("Seed")
    if verdict.legal and seed_text is not None:
        setup, _ = read_setup(record, seeded=True)
        session = Session(setup)
        return KnownDeal(session, session.start, f"{path} (seed {seed_text})")
    unseeded = Referee().check(record)
    if not unseeded.legal:
        first = unseeded.diagnostics[0]
        raise Unsolvable(f"{path}:{first.line}:{first.col}: error: {first.message}", 1)
    module = unseeded.module
    assert module is not None  # a legal record names a game this tool knows
    if module.game.name not in solver.solvable():
        # Only a game's solver hooks read a deal off a record's cards (``deal``); the
        # search over the rules alone knows the deal by its seed.
        raise Unsolvable(
            f"{path}: {module.game.name} is solved from a seed, and this record has none"
            f" (or a Seed its cards disagree with): solve --seed N {module.game.name} instead",
            2,
        )
    try:
        replayed = Session.from_record(record, seeded=False)
        order = solver.hooks(module.game.name).deal(replayed.all_events)
    except ValueError as exc:
        raise Unsolvable(f"{path}: {safe(exc)}; solve --seed N GAME instead, or a record that shows them all", 2) from None
    session = Session(replayed.setup, dealer=OrderedDealer(order))
    return KnownDeal(session, session.start, path)


class BestLine:
    """The best line the search finds on ``deal`` within the limits, applied to its
    session: the record's ``text`` and the verdict ``said`` on standard error."""

    def __init__(self, game: str, deal: KnownDeal, max_nodes: Optional[int], max_seconds: Optional[float]) -> None:
        """Raises ``RuntimeError`` when the search cannot run (the command's error)."""
        from .. import solver
        from ..engine.dealer import SeededDealer

        dealer = deal.session.dealer
        stream = solver.Stream.of(dealer) if isinstance(dealer, SeededDealer) else None
        self.found: Solution = solver.solve(deal.start, game, max_nodes=max_nodes, max_seconds=max_seconds, stream=stream)
        found = self.found
        verdict = "optimum (proven)" if found.proven else f"best found, not proven ({found.stopped})"
        deal.session.tags.append(("Solve", verdict))
        for action in found.line:
            deal.session.apply(action)
        self.text = deal.session.text()
        self.said = f"{game} {deal.where}: {found.result} is the {verdict}; {found.nodes:,} positions, {found.seconds:.2f}s"

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped the search: the command exits 130, the line found written."""
        return self.found.stopped == "interrupted"
