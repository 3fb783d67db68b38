"""Corpora for the benchmarks: seeded random games written as DGN records, and random
chess games written as PGN by python-chess, grown to the same size in bytes."""

from __future__ import annotations

import random

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.session import Session
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


# The corpus of issue 26: every game as `dungeon sim --records` writes it, from fixed seeds.
SIM_CORPUS = (
    ("scoundrel", "random", 1500),
    ("scoundrel", "greedy", 1500),
    ("clear-the-dungeon", "random", 1000),
    ("rpg-solitaire", "random", 1000),
    ("cassette-dungeons", "random", 1000),
)


def sim_records(game: str, bot: str, games: int, seed: int = 0) -> list[str]:
    """The records ``dungeon sim GAME --bot BOT --records`` writes for seeds SEED.., in seed order."""
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    exe = str(Path(sys.executable).with_name("dungeon"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records"
        command = [exe, "sim", game, "--bot", bot, "--games", str(games), "--seed", str(seed), "--records", str(out)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return [(out / f"{game}-{s}.dgn").read_text(encoding="utf-8") for s in range(seed, seed + games)]


def sim_corpus() -> dict[str, list[str]]:
    """Each game's records of ``SIM_CORPUS`` (Scoundrel's two bots together), by game."""
    corpus: dict[str, list[str]] = {}
    for game, bot, games in SIM_CORPUS:
        corpus.setdefault(game, []).extend(sim_records(game, bot, games))
    return corpus


def joined(records: list[str]) -> bytes:
    """Records as one file: each ends with its newline, a blank line between them."""
    return "\n".join(r if r.endswith("\n") else r + "\n" for r in records).encode("utf-8")


def mixed(corpus: dict[str, list[str]]) -> list[str]:
    """The games' records dealt round by round, so any stretch of the file holds every game."""
    lists = list(corpus.values())
    out: list[str] = []
    for index in range(max(len(x) for x in lists)):
        out.extend(x[index] for x in lists if index < len(x))
    return out
