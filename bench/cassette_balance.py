"""Cassette Dungeons: how fair a card set is, per boss and per hero, by the greedy bot.

    .venv/bin/python -m bench.cassette_balance [--games N] [--first-seed S] [--cards FILE]
    .venv/bin/python -m bench.cassette_balance --records DIR [--cards FILE]

Plays seeds S..S+N-1 once with every hero of the set (the game's own greedy player,
``dungeon_cli.games.cassette_dungeons.greedy_player``, in a walk of the engine as ``dungeon sim``
plays it), and prints two Markdown tables: per hero, the games won; per boss side, how
often it was reached and how often the bot then won (a boss is met only in the boss room,
so that rate is the boss's own difficulty). dungeon_cli/games/cassette_dungeons/card-sets.md holds the built-in set's
table. Not part of ``make bench`` (it measures a card set, not speed).

``--records DIR``: the same tables from the records a player has already played (say
``dungeon sim cassette-dungeons --bot strong --records DIR``), replayed by the referee:
how fair the set is for that player, each game once, with the hero it chose.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Optional


def boss_met(session) -> Optional[str]:
    """The boss side the game met in the boss room, or None if it never got there."""
    return boss_in(session.history)


def boss_in(history) -> Optional[str]:
    """The boss side among the foes of the states of ``history``, or None."""
    for state in reversed(history):
        if state is None:
            continue
        for foe in state.foes:
            if foe.boss:
                return foe.id
    return None


def play(seed: int, hero: str, options: dict):
    from dungeon_cli.engine import Runaway, Setup
    from dungeon_cli.games.cassette_dungeons.greedy_player import GreedyPlayer
    from dungeon_cli.services.session import Session

    session = Session(Setup("cassette-dungeons", options=options, seed=seed))
    try:
        session.run(GreedyPlayer(hero).choose, 5000)
    except Runaway:
        pass
    return session


def tally(module, cards, games: int, first_seed: int, options: dict) -> tuple[dict, dict]:
    heroes: dict = {}
    bosses: dict = {b: Counter() for b in cards.boss_sides}
    for hero in cards.heroes:
        won = 0
        for seed in range(first_seed, first_seed + games):
            session = play(seed, hero, options)
            result = session.state.result()
            win = bool(result and result.won)
            won += win
            boss = boss_met(session)
            if boss is not None:
                bosses.setdefault(boss, Counter())
                bosses[boss]["met"] += 1
                bosses[boss]["won"] += win
        heroes[hero] = won
    return heroes, bosses


def tally_records(directory: str, cards) -> tuple[dict, dict, dict]:
    """Per hero the games won and played, per boss side the games that met it and won,
    over the records in ``directory`` (an illegal record is an error, not a game)."""
    from pathlib import Path

    from dungeon_cli.services import referee
    from notation import parse

    won: Counter = Counter()
    played: Counter = Counter()
    bosses: dict = {b: Counter() for b in cards.boss_sides}
    for path in sorted(Path(directory).glob("*.dgn")):
        for record in parse(path.read_text(encoding="utf-8")):
            verdict = referee.check(record, keep_states=True)
            if not verdict.legal or verdict.state is None:
                raise SystemExit(f"{path}: not a legal record: {verdict.diagnostics[0].message}")
            result = verdict.state.result()
            win = bool(result and result.won)
            hero = verdict.state.hero
            played[hero] += 1
            won[hero] += win
            boss = boss_in(verdict.states)
            if boss is not None:
                bosses.setdefault(boss, Counter())
                bosses[boss]["met"] += 1
                bosses[boss]["won"] += win
    return dict(won), {hero: played[hero] for hero in cards.heroes}, bosses


def main(argv=None) -> None:
    from dungeon_cli import registry
    from dungeon_cli.games.cassette_dungeons import loader

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeds per hero")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--cards", help="a card-set file (default: the built-in set)")
    parser.add_argument("--records", help="tally these records instead of playing the greedy player")
    args = parser.parse_args(argv)
    module = registry.get("cassette-dungeons")
    options: dict = {}
    cards = module.game.default
    if args.cards:
        loaded, problems = loader.load(args.cards)
        if loaded is None:
            raise SystemExit(f"{args.cards}: {problems[0].message}")
        options["cards"] = cards = loaded
    if args.records:
        heroes, played, bosses = tally_records(args.records, cards)
    else:
        heroes, bosses = tally(module, cards, args.games, args.first_seed, options)
        played = {hero: args.games for hero in heroes}
    print("| hero | games | won | win rate |\n| --- | --- | --- | --- |")
    for hero, n in played.items():
        rate = f"{heroes.get(hero, 0) / n:.1%}" if n else "-"
        print(f"| {hero} | {n} | {heroes.get(hero, 0)} | {rate} |")
    total, games = sum(heroes.values()), sum(played.values())
    print(f"| all | {games} | {total} | {total / games:.1%} |" if games else "| all | 0 | 0 | - |")
    print()
    print("| boss | reached | won there | win rate at the boss |\n| --- | --- | --- | --- |")
    for boss, c in bosses.items():
        rate = f"{c['won'] / c['met']:.1%}" if c["met"] else "-"
        print(f"| {boss} | {c['met']} | {c['won']} | {rate} |")


if __name__ == "__main__":
    main()
