"""``verify`` throughput on a corpus of Scoundrel records, beside python-chess reading
and replaying a PGN corpus of the same size in bytes, in the same run.

Both sides are measured in-process (reading from memory, replaying every move), which
is what each library's own reader does, interleaved: each corpus is cut into
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

from .corpus import dgn_corpus, pgn_corpus

CHUNKS = 20


def _time_dgn(data: bytes, referee=None) -> tuple[float, int]:
    from dungeon_cli.referee import Referee
    from notation import read

    referee = referee if referee is not None else Referee()
    start = time.perf_counter()
    records = 0
    for record in read(io.BytesIO(data)):
        verdict = referee.check(record)
        if not verdict.legal:
            raise AssertionError(f"corpus record {records} is illegal: {verdict.diagnostics}")
        records += 1
    return time.perf_counter() - start, records


def _time_pgn(data: bytes) -> tuple[float, int]:
    import chess.pgn

    start = time.perf_counter()
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
    return time.perf_counter() - start, games


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


def run(records: int = 10_000, repeats: int = 5) -> dict:
    from dungeon_cli.referee import Referee

    dgn = dgn_corpus("scoundrel", records)
    pgn, pgn_games = pgn_corpus(len(dgn))
    dgn_pieces = _pieces(dgn, b'\n[Game "', CHUNKS)
    pgn_pieces = _pieces(pgn, b"\n[Event ", CHUNKS)
    assert b"".join(dgn_pieces) == dgn and b"".join(pgn_pieces) == pgn
    dgn_times: list[float] = []
    pgn_times: list[float] = []
    for _ in range(repeats):
        referee = Referee()
        dgn_time = pgn_time = 0.0
        for index in range(max(len(dgn_pieces), len(pgn_pieces))):
            if index < len(dgn_pieces):
                dgn_time += _time_dgn(dgn_pieces[index], referee)[0]
            if index < len(pgn_pieces):
                pgn_time += _time_pgn(pgn_pieces[index])[0]
        dgn_times.append(dgn_time)
        pgn_times.append(pgn_time)
    dgn_best, pgn_best = min(dgn_times), min(pgn_times)
    ratio_median = (len(dgn) / statistics.median(dgn_times)) / (len(pgn) / statistics.median(pgn_times))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.dgn"
        path.write_bytes(dgn)
        exe = str(Path(sys.executable).with_name("dungeon"))
        start = time.perf_counter()
        proc = subprocess.run([exe, "verify", "-q", str(path)], check=False)
        cli_seconds = time.perf_counter() - start
        if proc.returncode != 0:
            raise AssertionError("dungeon verify rejected the corpus")
    dgn_bps = len(dgn) / dgn_best
    pgn_bps = len(pgn) / pgn_best
    return {
        "dgn": {
            "records": records,
            "bytes": len(dgn),
            "seconds": dgn_best,
            "bytes_per_s": dgn_bps,
            "records_per_s": records / dgn_best,
        },
        "pgn (python-chess)": {
            "games": pgn_games,
            "bytes": len(pgn),
            "seconds": pgn_best,
            "bytes_per_s": pgn_bps,
            "games_per_s": pgn_games / pgn_best,
        },
        "dungeon verify CLI": {"seconds": cli_seconds, "bytes_per_s": len(dgn) / cli_seconds},
        "ratio_bytes_per_s_dgn_to_pgn": dgn_bps / pgn_bps,
        "ratio_of_medians": ratio_median,
        "repeats": repeats,
        "passes_s": {"dgn": dgn_times, "pgn": pgn_times},
        "target": TARGET,
        "met": dgn_bps / pgn_bps >= TARGET and ratio_median >= TARGET,
    }
