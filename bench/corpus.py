"""Corpora for the benchmarks: seeded games written as DGN records (``SIM_CORPUS``: every
game by the random, greedy and strong players), and random
chess games written as PGN by python-chess, grown to the same size in bytes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

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


# The corpus of issues 26 and 37, records as players' records look: every game played by the
# random and the greedy player, and a small share by the strong player (``STRONG_GAMES`` a
# game, about 1% of each game's records: it is slow, about 10 s of CPU a game of RPG
# solitaire, 3 s of Cassette, 1 s of Scoundrel), each as `dungeon sim --records` writes
# it, from fixed seeds 0.. of each bot.
PLAIN_GAMES = 1000
STRONG_GAMES = 20
GAMES = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")
SIM_CORPUS = tuple(
    (game, bot, STRONG_GAMES if bot == "strong" else PLAIN_GAMES) for game in GAMES for bot in ("random", "greedy", "strong")
)


def _sim_command(exe: str, game: str, bot: str, games: int, seed: int, out: Path) -> list[str]:
    command = [exe, "sim", game, "--bot", bot, "--games", str(games), "--seed", str(seed), "--records", str(out)]
    return command + (["--jobs", "2"] if bot == "strong" else [])  # the slow one on both cores


def sim_records(game: str, bot: str, games: int, seed: int = 0, exe: str | None = None) -> list[str]:
    """The records ``dungeon sim GAME --bot BOT --records`` writes for seeds SEED.., in seed order."""
    exe = exe or str(Path(sys.executable).with_name("dungeon"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records"
        subprocess.run(_sim_command(exe, game, bot, games, seed, out), check=True, stdout=subprocess.DEVNULL)
        return [(out / f"{game}-{s}.dgn").read_text(encoding="utf-8") for s in range(seed, seed + games)]


def write_sim_corpus(where: Path, exe: str | None = None, spec: tuple = SIM_CORPUS) -> Path:
    """``spec``'s records written under ``where`` (a directory GAME-BOT of each), by the
    ``dungeon`` at ``exe`` (this interpreter's unless given), for ``sim_corpus`` to read
    back: so that two installs measure the very same files, made once."""
    exe = exe or str(Path(sys.executable).with_name("dungeon"))
    for game, bot, games in spec:
        subprocess.run(_sim_command(exe, game, bot, games, 0, where / f"{game}-{bot}"), check=True, stdout=subprocess.DEVNULL)
    (where / "corpus.json").write_text(json.dumps([list(row) for row in spec]) + "\n", encoding="utf-8")
    return where


# ``make bench`` writes the corpus once (``python -m bench.corpus DIR``) and names it here
# for every bench after: each used to play the strong player's games again (minutes).
SHARED = "DUNGEON_BENCH_CORPUS"


def sim_corpus(where: Path | None = None) -> dict[str, list[str]]:
    """Each game's records of ``SIM_CORPUS`` (its bots' records together, in the order the
    bots are listed), by game: read from ``where`` when ``write_sim_corpus`` wrote them
    there (by default, the directory ``$DUNGEON_BENCH_CORPUS`` names, if it does), else
    made now."""
    corpus: dict[str, list[str]] = {}
    if where is None and os.environ.get(SHARED):
        where = Path(os.environ[SHARED])
    if where is None:
        for game, bot, games in SIM_CORPUS:
            corpus.setdefault(game, []).extend(sim_records(game, bot, games))
        return corpus
    for game, bot, games in json.loads((where / "corpus.json").read_text(encoding="utf-8")):
        folder = where / f"{game}-{bot}"
        corpus.setdefault(game, []).extend((folder / f"{game}-{s}.dgn").read_text(encoding="utf-8") for s in range(games))
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


def main(argv: list[str]) -> int:
    """``python -m bench.corpus DIR``: ``SIM_CORPUS`` written under DIR, a directory not
    there yet, by this interpreter's ``dungeon``."""
    if len(argv) != 1:
        print("usage: python -m bench.corpus DIR", file=sys.stderr)
        return 2
    where = Path(argv[0])
    if where.exists():
        print(f"python -m bench.corpus: {where} is there already: remove it first", file=sys.stderr)
        return 2
    where.mkdir(parents=True)
    write_sim_corpus(where, spec=SIM_CORPUS)
    print(f"the corpus of SIM_CORPUS is under {where}: name it in ${SHARED} for the benches")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
