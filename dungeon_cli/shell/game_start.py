"""Getting a game ready to play: a new one or one read back from its record, and the
file its record goes to."""

from __future__ import annotations

import datetime as _dt
import os
import random
from typing import Any, Optional, Sequence

from notation import MAX_LINE_BYTES, read

from ..engine import Dealer, Setup
from ..engine import SetupError as BadSetup
from ..plumbing import safe_write
from ..services.referee import Referee
from ..services.session import Session
from .recordfile import RecordFile


class StartError(Exception):
    """The game cannot start; ``lines`` say why (diagnostics first), ``status`` is the
    exit status (1 a record at fault, 2 a usage error)."""

    def __init__(self, lines: list[str], status: int = 1):
        super().__init__("\n".join(lines))
        self.lines = lines
        self.status = status


def new_session(
    game: str,
    variant: Optional[str],
    seed: Optional[int],
    table: bool,
    player: Optional[str],
    dated: bool,
    options: Optional[dict[str, Any]] = None,
    extra: Sequence[tuple[str, str]] = (),
    date: Optional[str] = None,
) -> Session:
    if seed is None and not table:
        seed = random.SystemRandom().randrange(2**32)
    try:
        setup = Setup(game, variant, options=options, seed=seed)
    except BadSetup as exc:
        raise StartError([exc.message], status=2) from None
    tags = []
    if date is not None:  # the day a daily deal belongs to
        tags.append(("Date", date))
    elif dated:
        tags.append(("Date", f"{_dt.date.today():%Y-%m-%d}"))
    if player:
        tags.append(("Player", player))
    tags.extend(extra)  # a game's rule tags (Cards)
    return Session(setup, tags=tags)


def resumed_session(path: str, table: bool) -> tuple[Session, bool]:
    """The game recorded in ``path``, ready to go on, and whether its deals are typed
    (``--table``, or a record without a Seed to deal from)."""
    from ..plumbing.inputs import Unreadable, open_binary

    try:
        with open_binary(path) as stream:
            records = list(read(stream, source=path))
    except Unreadable as exc:
        raise StartError([str(exc)], status=2) from None
    if len(records) != 1:
        found = "no record" if not records else f"{len(records)} records"
        raise StartError([f"{path}: holds {found}: --resume goes on with a file of one record"])
    record = records[0]
    seeded = not table and record.tag_value("Seed") is not None
    verdict = Referee(seed_check=seeded).check(record)
    if not verdict.legal:
        lines = [f"{path}:{d.line}:{d.col}: {d.severity}: {d.message}" for d in verdict.diagnostics]
        if seeded and Referee().check(record).legal:
            lines.append(f"{path}: its deals are not those of its Seed: go on with --table to type the cards")
        else:
            lines.append(f"{path}: cannot be resumed: the record is not legal")
        raise StartError(lines)
    if verdict.state is not None and verdict.state.is_over:
        raise StartError([f"{path}: the game is over ({verdict.result}): nothing to resume"])
    try:
        session = Session.from_record(record, seeded=seeded)
    except ValueError as exc:
        raise StartError([f"{path}: {exc}"]) from None
    session.keep(record)  # what the player wrote stays: comments, checkpoints
    return session, not seeded


def from_point(source: str, seed: Optional[int], table: bool) -> tuple[Session, bool]:
    """``play --from FILE@MOVE[.ACTION]``: the game of FILE's first record, from that
    point on, written as a record from its Position (NOTATION.md section 9), and whether
    its deals are typed. A record with a Seed is dealt on as its seed deals (the line the
    game took, tried another way); ``--seed N``, or a record without a Seed, shuffles the
    cards the player has not seen afresh (from N: the same shuffle on every machine);
    ``--table`` has them typed."""
    from ..engine.dealer import SeededDealer
    from ..plumbing.inputs import Unreadable, open_binary
    from ..services.cutting import CutError, parse_point, reach

    path, at, where = source.rpartition("@")
    if not at or not path:
        raise StartError([f"--from takes FILE@MOVE or FILE@MOVE.ACTION (game.dgn@7, game.dgn@7.1), not '{source}'"], status=2)
    try:
        point = parse_point(where)
    except ValueError as exc:
        raise StartError([f"--from: {exc}"], status=2) from None
    try:
        with open_binary(path) as stream:
            record = next(iter(read(stream, source=path)), None)
    except Unreadable as exc:
        raise StartError([str(exc)], status=2) from None
    if record is None:
        raise StartError([f"{path}: no record in this file"], status=2)
    try:
        walk, _ = reach(record, point)
    except CutError as exc:
        raise StartError([f"{path}: {exc.message}"]) from None
    setup = walk.setup
    state = walk.state
    dealer = walk.dealer
    kept = ("Game", "Variant", "Seed", "Result", "Position", "Accuracy")
    tags = [(t.name, t.value) for t in record.tags if t.name not in kept]
    if table:
        dealer = Dealer()
    elif seed is not None or not isinstance(dealer, SeededDealer):
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        state = state.resample(random.Random(f"{seed}/from"))  # the unseen cards, shuffled afresh
        dealer = SeededDealer(seed)  # what no pile holds (a die) is rolled from the seed
    else:
        tags.insert(0, ("Seed", str(setup.seed)))  # dealt as the seed deals: said, though the position deals
    session = Session(
        Setup(setup.game, setup.variant, setup.options, None), tags=tags, dealer=dealer, start=state, rest=point[1] is not None
    )
    return session, table


def same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


class Ready:
    """A game about to be played: the session, where its record goes (None: standard
    output), and whether the player types the deals."""

    def __init__(self, session: Session, record: Optional[RecordFile], typed: bool):
        self.session = session
        self.record = record
        self.typed = typed


def prepare(
    game: Optional[str],
    *,
    seed: Optional[int] = None,
    variant: Optional[str] = None,
    output: Optional[str] = None,
    resume: Optional[str] = None,
    table: bool = False,
    player: Optional[str] = None,
    interactive: bool = False,
    options: Optional[dict[str, Any]] = None,
    tags: Sequence[tuple[str, str]] = (),
    date: Optional[str] = None,
    source: Optional[str] = None,
) -> Ready:
    """Everything ``dungeon play`` does before the first move; StartError if it cannot."""
    if source is not None:
        session, typed = from_point(source, seed, table)
    elif resume is not None:
        session, typed = resumed_session(resume, table)
        name = session.module.game.name
        if game is not None and game != name:
            raise StartError([f"{resume} is a game of {name}, not {game}"], status=2)
    else:
        assert game is not None
        session = new_session(game, variant, seed, table, player, dated=interactive, options=options, extra=tags, date=date)
        typed = table
    text = session.text()
    try:  # a record no command could read again is refused before the first move, not at the first save
        safe_write.check_lines(text.encode("utf-8"), output or "the record")
    except safe_write.TooLong as exc:
        why = f"line {exc.line} of the record would be longer than the {MAX_LINE_BYTES:,} bytes a DGN line holds"
        raise StartError([f"{why}: shorten what it holds (--player?); no command could read it again"], status=2) from None
    return Ready(session, record_file(session.module.game.name, output, resume, interactive, text), typed)


def record_file(
    game: str, output: Optional[str], resume: Optional[str], interactive: bool, text: str = ""
) -> Optional[RecordFile]:
    """Where the record goes: ``-o``; else the resumed file (at a terminal); else a new
    dated file (at a terminal); else nowhere (the caller writes standard output). A new
    file is created holding ``text`` (the record so far), never empty."""
    try:
        if output is not None:
            if resume is not None and same_file(output, resume):
                return RecordFile(output)
            return RecordFile.create(output, text)
        if not interactive:
            return None
        if resume is not None:
            return RecordFile(resume)
        return RecordFile.fresh(game, text=text)
    except FileExistsError:
        raise StartError([f"{output}: exists already: choose another name with -o (or --resume it)"]) from None
    except OSError as exc:
        raise StartError([f"cannot create {exc.filename or output}: {exc.strerror}"]) from None
