"""Corpora for the benchmarks: seeded random games written as DGN records, and random
chess games written as PGN by python-chess, grown to the same size in bytes."""

from __future__ import annotations

import random

from dungeon_cli import registry
from dungeon_cli.core import Phase
from dungeon_cli.engine import Setup
from dungeon_cli.session import Session
from notation import write


def random_game(game: str, seed: int, annotate: bool = False) -> str:
    """One seeded game played by a uniformly random player, as canonical DGN."""
    module = registry.get(game)
    session = Session(Setup(module.game.name, seed=seed), tags=[("Player", "random"), ("Date", "2026-11-29")])
    rng = random.Random(seed)
    session.deal()
    while session.state.phase is Phase.DECISION:
        session.apply(rng.choice(session.state.legal_actions()))
        session.deal()
    return write([session.record()])


def dgn_corpus(game: str, records: int) -> bytes:
    return "\n".join(random_game(game, seed) for seed in range(records)).encode("utf-8")


def pgn_corpus(size: int, seed: int = 1) -> tuple[bytes, int]:
    """Random legal chess games as PGN until ``size`` bytes; (bytes, number of games)."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    chunks: list[str] = []
    total = 0
    games = 0
    while total < size:
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = "bench"
        game.headers["Round"] = str(games + 1)
        node = game
        for _ in range(rng.randrange(20, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
        text = str(game) + "\n\n"
        chunks.append(text)
        total += len(text.encode("utf-8"))
        games += 1
    return "".join(chunks).encode("utf-8"), games
