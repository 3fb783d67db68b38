"""Deals by difficulty (``--deal winnable|easy|hard``): seeds chosen from a table made
once and shipped with the game, so that ``play``, ``sim`` and ``daily`` pick in
milliseconds what took the solver and the strong player minutes to find.

A game's table is ``deals.txt`` in its package (``python -m dungeon_cli.services.deal_tables``
makes it; docs/your-games.md says how and what each kind means). One line a seed: the
solver's verdict on the deal known in full (``w`` winnable, ``n`` no win, ``u``
undecided, ``-`` the game has no solver) and how many of ``runs`` games the strong
player won on it, each with its own random choices: its fair chance on that deal, since
it never looks at cards it has not seen. What each kind takes:

- ``winnable``: the solver proved a win exists (a game with a solver only);
- ``easy``: the strong player won at least ``EASY`` of its runs;
- ``hard``: the strong player won none of its runs, and where the game has a solver,
  the deal is proven winnable (a hard deal, not a lost one).

The seed is then the record's ``Seed`` as any seed is, so a deal is shared by its seed.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import random
from typing import NamedTuple, Optional

from .. import registry

KINDS = ("winnable", "easy", "hard")
TABLE = "deals.txt"
EASY = 0.75  # the strong player's share of wins on the deal, at least
VERDICTS = {"w": "winnable", "n": "no win", "u": "undecided", "-": "no solver"}


class NoDeal(ValueError):
    """A kind of deal the game's table does not serve: a usage error (exit 2)."""


class Entry(NamedTuple):
    seed: int
    verdict: str  # a key of VERDICTS
    wins: int  # of the table's runs


class Table(NamedTuple):
    runs: int
    entries: tuple[Entry, ...]

    @property
    def solved(self) -> bool:
        return any(e.verdict != "-" for e in self.entries)

    def kinds(self) -> list[str]:
        """The kinds of deal this table serves, in ``KINDS`` order."""
        return [kind for kind in KINDS if self.seeds(kind)]

    def seeds(self, kind: str) -> list[int]:
        """The seeds of ``kind``, in ascending order."""
        if kind == "winnable":
            return [e.seed for e in self.entries if e.verdict == "w"]
        if kind == "easy":
            return [e.seed for e in self.entries if self.runs and e.wins >= EASY * self.runs]
        if kind == "hard":
            return [e.seed for e in self.entries if self.runs and e.wins == 0 and (e.verdict == "w" or not self.solved)]
        raise NoDeal(f"'{kind}' is not one of: {', '.join(KINDS)}")


def parse(text: str) -> Table:
    """A table's text (``#`` lines are comments); ValueError naming the line if malformed."""
    runs: Optional[int] = None
    entries: list[Entry] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "runs" and len(words) == 2 and words[1].isdigit():
            runs = int(words[1])
            continue
        if len(words) != 3 or not words[0].isdigit() or words[1] not in VERDICTS or not words[2].isdigit():
            raise ValueError(f"line {number}: not 'SEED VERDICT WINS' nor 'runs N'")
        if runs is None or int(words[2]) > runs:
            raise ValueError(f"line {number}: wins of more runs than the table's 'runs' line says")
        entries.append(Entry(int(words[0]), words[1], int(words[2])))
    return Table(runs or 0, tuple(entries))


def format_table(table: Table, header: str) -> str:
    """The text ``parse`` reads back: ``header`` as comment lines, ``runs``, a line a seed."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines.append(f"runs {table.runs}")
    lines += [entry_line(e) for e in table.entries]
    return "\n".join(lines) + "\n"


def entry_line(entry: Entry) -> str:
    """One seed's line of a table (no line end)."""
    return f"{entry.seed} {entry.verdict} {entry.wins}"


def load(game: str) -> Optional[Table]:
    """The table ``game`` ships, or None when it ships none."""
    from importlib import resources

    module = registry.get(game)
    package = resources.files(type(module.game).__module__.rpartition(".")[0])
    path = package.joinpath(TABLE)
    if not path.is_file():
        return None
    return parse(path.read_text(encoding="utf-8"))


def served() -> dict[str, list[str]]:
    """Every game and the kinds of deal it serves (loads every game)."""
    out = {}
    for game in registry.names():
        table = load(game)
        out[game] = table.kinds() if table is not None else []
    return out


def seeds_for(game: str, kind: str, variant: Optional[str] = None) -> list[int]:
    """The seeds of ``kind`` for ``game``; NoDeal, in a sentence, when none are served."""
    if kind not in KINDS:
        raise NoDeal(f"'{kind}' is not one of: {', '.join(KINDS)}")
    if variant is not None:
        raise NoDeal("deals by difficulty are of the standard rules: --deal cannot take --variant")
    table = load(game)
    kinds = table.kinds() if table is not None else []
    if kind not in kinds:
        offer = ", ".join(f"{name} ({', '.join(k)})" for name, k in served().items() if k) or "no game has a table yet"
        has = f"{game} serves --deal {' and '.join(kinds)} only" if kinds else f"{game} serves no --deal"
        why = "" if table is None or table.solved or kind != "winnable" else ": it has no solver to prove a win"
        raise NoDeal(f"{has}{why}; deals by difficulty: {offer}")
    return table.seeds(kind) if table is not None else []


def pick(seeds: list[int], rng: Optional[random.Random] = None) -> int:
    """One of ``seeds`` at random (the system's randomness unless ``rng``)."""
    return (rng or random.SystemRandom()).choice(seeds)


def daily(seeds: list[int], game: str, kind: str, day: _dt.date) -> int:
    """The day's deal of ``kind``: the same for every player, as the daily deal is
    (``dungeon_cli.services.daily_seed``): the seed at the index the first 4 bytes, big-endian, of
    SHA-256("dungeon daily GAME KIND YYYY-MM-DD") give, modulo how many there are."""
    digest = hashlib.sha256(f"dungeon daily {game} {kind} {day:%Y-%m-%d}".encode()).digest()
    return seeds[int.from_bytes(digest[:4], "big") % len(seeds)]
