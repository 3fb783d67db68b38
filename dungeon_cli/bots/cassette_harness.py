"""Cassette Dungeons' greedy player, hero by hero, to measure how hard a card set is.

    python -m dungeon_cli.bots.cassette_harness --games 500 [--cards FILE] [--hero ID]

It plays seeded games through the engine's walk, as ``dungeon play`` does, so every
game it plays is a record that verifies. It lives outside the game's package: a game
knows nothing of sessions, the registry or the command line (pyproject.toml's import
contracts).
"""

from __future__ import annotations

import argparse
from typing import Optional

from ..engine import Runaway, Setup
from ..games.cassette_dungeons.bot import GreedyBot
from ..games.cassette_dungeons.cardset import CardSet
from ..session import Session


def play(module, seed: int, hero: Optional[str] = None, options: Optional[dict] = None, limit: int = 5000) -> Session:
    """One seeded game played to its end by the greedy bot (or stopped after ``limit`` events)."""
    session = Session(Setup(module.game.name, options=options, seed=seed))
    try:
        session.run(GreedyBot(hero).choose, limit)
    except Runaway:
        pass
    return session


def win_rate(module, games: int, first_seed: int = 1, hero: Optional[str] = None, options: Optional[dict] = None) -> float:
    wins = 0
    for seed in range(first_seed, first_seed + games):
        result = play(module, seed, hero, options).state.result()
        wins += bool(result and result.won)
    return wins / games


def main(argv=None) -> None:
    from dungeon_cli import registry

    from ..games.cassette_dungeons import loader

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--hero", help="one hero id (default: each hero in turn)")
    parser.add_argument("--cards", help="a card-set file (default: the built-in set)")
    args = parser.parse_args(argv)
    module = registry.get("cassette-dungeons")
    options: dict = {}
    cards: CardSet = module.game.default
    if args.cards:
        loaded, problems = loader.load(args.cards)
        if loaded is None:
            raise SystemExit(f"{args.cards}: {problems[0].message}")
        options["cards"] = cards = loaded
    heroes = [args.hero] if args.hero else list(cards.heroes)
    total = 0.0
    for hero in heroes:
        rate = win_rate(module, args.games, args.first_seed, hero, options)
        total += rate
        print(f"{hero:10} {rate:6.1%} of {args.games} seeded games won")
    if len(heroes) > 1:
        print(f"{'all':10} {total / len(heroes):6.1%}")


if __name__ == "__main__":
    main()
