"""The strong player and the analysis: time per decision, win rates beside the bots
they are measured against, and a typical losing record analysed.

- Strong player (``--bot strong``) beside counting (Scoundrel) and greedy (Clear the
  Dungeon, ``reserve``; RPG solitaire and Cassette Dungeons!, whose strong player is the
  search every game has, on fewer seeds) on the same seeds, one process: wins, games/s,
  milliseconds per move. The full win-rate rows (2,000 and 1,000 seeds) are docs/simulation.md's,
  made with ``dungeon sim``.
- ``dungeon analyse`` on a losing Scoundrel record (the counting bot's game of seed 33,
  17 moves) with the default samples: seconds on one core.

The solver's time a deal (Scoundrel seeds 0-99) is bench/sim.py's.
"""

from __future__ import annotations

import time

SEEDS = 40
SEARCH_SEEDS = 3  # the search's games are long (RPG solitaire: about 20 s of one core a game)


def _rate(game: str, bot: str, variant, seeds: int) -> dict:
    from dungeon_cli.services.simulate import Spec, play

    began = time.perf_counter()
    wins = moves = 0
    for seed in range(seeds):
        outcome = play(Spec(game, bot, variant), seed)
        wins += outcome.won
        moves += outcome.moves
    seconds = time.perf_counter() - began
    return {
        "wins": wins,
        "games": seeds,
        "games_per_s": round(seeds / seconds, 2),
        "ms_per_move": round(1000 * seconds / max(1, moves), 2),
    }


def _analyse() -> dict:
    from dungeon_cli import analysis
    from dungeon_cli.services.simulate import Spec, play
    from notation import parse

    text = play(Spec("scoundrel", "counting", None, records=True), 33).record
    record = parse(text)[0]
    began = time.process_time()
    found = analysis.analyse(record)
    return {
        "decisions": len(found.judgements),
        "moves": len(record.moves),
        "cpu_seconds": round(time.process_time() - began, 2),
        "marked": sum(1 for j in found.judgements if j.mark),
    }


def run() -> dict:
    return {
        "scoundrel": {bot: _rate("scoundrel", bot, None, SEEDS) for bot in ("counting", "strong")},
        "clear-the-dungeon reserve": {bot: _rate("clear-the-dungeon", bot, "reserve", SEEDS) for bot in ("greedy", "strong")},
        # the search every game has (bots/search.py), beside greedy on the same seeds
        "rpg-solitaire": {bot: _rate("rpg-solitaire", bot, None, SEARCH_SEEDS) for bot in ("greedy", "strong")},
        "cassette-dungeons": {bot: _rate("cassette-dungeons", bot, None, SEARCH_SEEDS) for bot in ("greedy", "strong")},
        "analyse a losing record": _analyse(),
    }
