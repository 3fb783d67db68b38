"""``verify`` throughput on a corpus of all four games' records as ``dungeon sim --records``
writes them, beside python-chess reading and replaying a PGN corpus of the same size in
bytes, in the same run; and beside the floor checker (bench/floor.py) on Scoundrel's.

Both sides are measured in-process (reading from memory, replaying every move), which
is what each library's own reader does, in CPU time (``time.process_time``: on a
machine shared with other work, the time this process waited for a core is not its
own), interleaved: each corpus is cut into
``CHUNKS`` pieces at record boundaries, and a pass reads piece 1 of each, then piece 2
of each, and so on, so that whatever else the machine does weighs on both alike. The
ratio of bytes/s is given from each side's fastest pass and from its median pass. The command-line
``dungeon verify`` on the same corpus file is timed too, start-up included.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .corpus import pgn_corpus

CHUNKS = 20


def _time_dgn(data: bytes, referee=None) -> tuple[float, int]:
    from dungeon_cli.services.referee import Referee
    from notation import read

    referee = referee if referee is not None else Referee()
    start = time.process_time()
    records = 0
    for record in read(io.BytesIO(data)):
        verdict = referee.check(record)
        if not verdict.legal:
            raise AssertionError(f"corpus record {records} is illegal: {verdict.diagnostics}")
        records += 1
    return time.process_time() - start, records


def _time_pgn(data: bytes) -> tuple[float, int]:
    import chess.pgn

    start = time.process_time()
    handle = io.StringIO(data.decode("utf-8"))
    games = 0
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        games += 1
    return time.process_time() - start, games


TARGET = 3.0  # dgn bytes/s, at least this times python-chess's


def _pieces(data: bytes, start: bytes, count: int) -> list[bytes]:
    """``data`` cut into about ``count`` pieces, each beginning where a record does."""
    pieces: list[bytes] = []
    size = len(data) // count
    begin = 0
    while begin < len(data):
        cut = data.find(start, begin + size)
        end = cut if cut > 0 else len(data)
        pieces.append(data[begin:end])
        begin = end
    return pieces


def _time_floor(data: bytes) -> tuple[float, int]:
    from .floor import legal, records

    start = time.process_time()
    count = 0
    for record in records(data.decode("utf-8")):
        if not legal(record):
            raise AssertionError(f"the floor checker rejects corpus record {count}")
        count += 1
    return time.process_time() - start, count


def _side_by_side(a: bytes, b: bytes, time_a, time_b, mark_b: bytes, repeats: int) -> dict:
    """bytes/s of ``a`` over bytes/s of ``b``, the two read piece by piece in turn."""
    a_pieces = _pieces(a, b'\n[Game "', CHUNKS)
    b_pieces = _pieces(b, mark_b, CHUNKS)
    assert b"".join(a_pieces) == a and b"".join(b_pieces) == b
    a_times: list[float] = []
    b_times: list[float] = []
    for _ in range(repeats):
        a_time = b_time = 0.0
        for index in range(max(len(a_pieces), len(b_pieces))):
            if index < len(a_pieces):
                a_time += time_a(a_pieces[index])[0]
            if index < len(b_pieces):
                b_time += time_b(b_pieces[index])[0]
        a_times.append(a_time)
        b_times.append(b_time)
    return {
        "bytes": [len(a), len(b)],
        "ratio_min": (len(a) / min(a_times)) / (len(b) / min(b_times)),  # fastest pass of each
        "ratio_median": (len(a) / statistics.median(a_times)) / (len(b) / statistics.median(b_times)),
        "a_bytes_per_s_best": len(a) / min(a_times),
        "passes_s": [a_times, b_times],
    }


MIX_TARGET = 4.0  # the mixed corpus: verify's bytes/s at least this times python-chess's
FLOOR_TARGET = 3.0  # verify at most this many times slower than the floor checker


def run(repeats: int = 5, corpus_dir: Path | None = None) -> dict:
    """verify against python-chess on the corpus of issues 26 and 37 (the four games as
    ``sim --records`` writes them, ``corpus.SIM_CORPUS``: made now, or read from
    ``corpus_dir`` where ``corpus.write_sim_corpus`` wrote it), mixed and game by game, and
    against the floor checker on Scoundrel."""
    from dungeon_cli.services.referee import Referee

    from .corpus import joined, mixed, sim_corpus

    corpus = sim_corpus(corpus_dir)
    referee = Referee()

    def verify(data: bytes) -> tuple[float, int]:
        return _time_dgn(data, referee)

    out: dict = {"corpus": {g: len(r) for g, r in corpus.items()}, "repeats": repeats}
    for name, records in [("mix", mixed(corpus))] + list(corpus.items()):
        dgn = joined(records)
        pgn, _ = pgn_corpus(len(dgn))
        figure = _side_by_side(dgn, pgn, verify, _time_pgn, b"\n[Event ", repeats)
        figure["target"] = MIX_TARGET if name == "mix" else TARGET
        figure["met"] = min(figure["ratio_min"], figure["ratio_median"]) >= figure["target"]
        out[f"vs python-chess: {name}"] = figure
    scoundrel = joined(corpus["scoundrel"])
    floor = _side_by_side(scoundrel, scoundrel, verify, _time_floor, b'\n[Game "', repeats)
    floor["slower_min"], floor["slower_median"] = 1 / floor["ratio_min"], 1 / floor["ratio_median"]
    floor["target"] = FLOOR_TARGET
    floor["met"] = max(floor["slower_min"], floor["slower_median"]) <= FLOOR_TARGET
    out["vs the floor checker: scoundrel"] = floor
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.dgn"
        path.write_bytes(joined(mixed(corpus)))
        exe = str(Path(sys.executable).with_name("dungeon"))
        start = time.perf_counter()
        proc = subprocess.run([exe, "verify", "-q", str(path)], check=False)
        out["dungeon verify CLI, mix (s)"] = time.perf_counter() - start
        if proc.returncode != 0:
            raise AssertionError("dungeon verify rejected the corpus")
    return out
