"""``verify`` throughput on a corpus of Scoundrel records, beside python-chess reading
and replaying a PGN corpus of the same size in bytes, in the same run.

Both sides are measured in-process (reading from memory, replaying every move), which
is what each library's own reader does; the command-line ``dungeon verify`` on the same
corpus file is timed too, start-up included.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .corpus import dgn_corpus, pgn_corpus


def _time_dgn(data: bytes) -> tuple[float, int]:
    from dungeon_cli.referee import Referee
    from notation import read

    referee = Referee()
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


def run(records: int = 10_000, repeats: int = 3) -> dict:
    dgn = dgn_corpus("scoundrel", records)
    pgn, pgn_games = pgn_corpus(len(dgn))
    dgn_best = min(_time_dgn(dgn)[0] for _ in range(repeats))
    pgn_best = min(_time_pgn(pgn)[0] for _ in range(repeats))
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
    }
