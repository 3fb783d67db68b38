"""Simulation and solver speed: ``dungeon sim``'s library beside pyscoundrel, the
speed-up of two processes over one, and the solver's time per deal.

- Random Scoundrel games per second on one process, ours (``simulate.run``, what
  ``dungeon sim scoundrel`` runs: seeded deal, the random bot's playout) beside
  pyscoundrel playing random games on its own engine (a uniform choice among the moves
  its engine allows, room by room, as its agent loop offers them), in the same run.
  pyscoundrel 0.1.7's wheel lacks its default dungeon file, so it is handed the standard
  44-card deck as YAML. Also the same games through the rules core and a ``Session``
  (what a run with ``--records`` pays), and the deal alone (seeding the generator and the
  documented shuffle), the floor under any game played from a seed.
- ``--jobs 2`` against ``--jobs 1`` on the same seeds (a machine with 2 cores), on a run
  long enough (seconds) that starting the worker processes does not dominate.
- The planning bots, greedy and counting, through their playouts (what ``dungeon sim
  scoundrel --bot greedy|counting`` runs) and through the rules core (as with
  ``--records``), games/s on one process from the least and the median time over the repeats.
- The solver's least, median and worst time a deal over seeds 0-99 of each solvable
  game and variant (the best line, proven), with the number not proven within the
  per-deal limit.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def _dungeon_yaml(path: Path) -> None:
    """The standard deck in pyscoundrel's format, every card its own id (its engine
    tells cards apart by equality, so two 'value 6 monster' cards would be one)."""
    lines = ["version: '1.0'", "cards:"]
    for suit in ("clubs", "spades"):
        for v in range(2, 15):
            lines += [
                f"  - id: {suit}_{v}",
                f'    name: "{NAMES.get(v, v)} of {suit}"',
                "    type: monster",
                f"    value: {v}",
                "    count: 1",
            ]
    for kind, suit in (("weapon", "diamonds"), ("health_potion", "hearts")):
        for v in range(2, 11):
            lines += [f"  - id: {suit}_{v}", f'    name: "{v} of {suit}"', f"    type: {kind}", f"    value: {v}", "    count: 1"]
    path.write_text("\n".join(lines) + "\n")


def _pyscoundrel_games(games: int) -> tuple[float, int]:
    from pyscoundrel import Dungeon, GameEngine
    from pyscoundrel.game.state import GamePhase
    from pyscoundrel.models import CardType

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "dungeon.yaml"
        _dungeon_yaml(path)
        dungeon = Dungeon(path)
    draw_phases = (GamePhase.DRAW_ROOM, GamePhase.TURN_COMPLETE)
    start = time.perf_counter()
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        engine = GameEngine(seed=seed, dungeon=dungeon)
        engine.start_game()
        state = engine.state
        while not state.game_over:
            phase = state.phase
            if phase in draw_phases:
                engine.draw_room()
                continue
            room = state.current_room
            choices: list = [None] if phase is GamePhase.DECIDE_AVOID and state.can_avoid_room else []
            weapon = state.player.equipped_weapon
            for index, card in enumerate(room.cards):
                if card in room.cards_faced:
                    continue
                if card.card_type is CardType.MONSTER:
                    choices.append((index, "barehanded"))
                    if weapon is not None and weapon.can_kill(card):
                        choices.append((index, "weapon"))
                else:
                    choices.append((index, None))
            choice = rng.choice(choices)
            if choice is None:
                engine.avoid_room()
                continue
            index, how = choice
            faced = engine.face_card(index)
            if faced.metadata and "monster" in faced.metadata:
                monster = faced.metadata["monster"]
                if how == "weapon":
                    engine.fight_monster_with_weapon(monster)
                else:
                    engine.fight_monster_barehanded(monster)
        wins += state.victory
    return time.perf_counter() - start, wins


def _ours(games: int, jobs: int = 1, first: int = 0) -> float:
    from dungeon_cli.services import simulate

    start = time.perf_counter()
    simulate.run(simulate.Spec("scoundrel", "random"), range(first, first + games), jobs=jobs)
    return time.perf_counter() - start


def _through_core(games: int) -> float:
    from dungeon_cli.services import simulate

    spec = simulate.Spec("scoundrel", "random")
    start = time.perf_counter()
    for seed in range(games):
        simulate.play(spec, seed)
    return time.perf_counter() - start


def _deal_only(games: int) -> float:
    from dungeon_cli.games.scoundrel.rules import CARDS
    from dungeon_cli.kit.shuffle import rng_for, shuffled

    start = time.perf_counter()
    for seed in range(games):
        shuffled(rng_for(seed), CARDS)
    return time.perf_counter() - start


def _bot_rates(bot: str, games: int, repeats: int) -> dict:
    """Games/s of ``bot`` through its playout (``simulate.run``) and through the core
    (``simulate.play``, a fortieth of the games), from the least and the median time over
    ``repeats``, interleaved so that machine load weighs on each alike."""
    from dungeon_cli.services import simulate

    spec = simulate.Spec("scoundrel", bot)
    simulate.run(spec, range(50))  # imports and first calls out of the timing
    fast, core = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        simulate.run(spec, range(games))
        fast.append(time.perf_counter() - start)
        start = time.perf_counter()
        for seed in range(games // 40):
            simulate.play(spec, seed)
        core.append((time.perf_counter() - start) * 40)
    out = {}
    for how, times in (("playout, 1 process", fast), ("through the rules core", core)):
        out[f"scoundrel {bot} games/s ({how}): least time"] = games / min(times)
        out[f"scoundrel {bot} games/s ({how}): median time"] = games / statistics.median(times)
    return out


def _solver_times(game: str, seeds: int, limit: float, variant=None) -> dict:
    """Seconds a deal for ``dungeon solve`` (the best line, proven), over seeds 0..N-1:
    least, median and worst, as the clock on the wall and as CPU time (the machine may
    be busy with something else)."""
    from dungeon_cli import registry, solver
    from dungeon_cli.kit.shuffle import deal_piles

    module = registry.get(game)
    times, cpu, unproven, wins = [], [], 0, 0
    for seed in range(seeds):
        start = module.game.start(variant, {}, deal_piles(seed, module.game.deck(variant, {})))
        began = time.process_time()
        found = solver.solve(start, game, max_seconds=limit)
        cpu.append(time.process_time() - began)
        times.append(found.seconds)
        unproven += not found.proven
        wins += found.result.won
    return {
        "seeds": seeds,
        "limit_s": limit,
        "least_s": min(times),
        "median_s": statistics.median(times),
        "worst_s": max(times),
        "median_cpu_s": statistics.median(cpu),
        "worst_cpu_s": max(cpu),
        "not_proven": unproven,
        "won_by_best_line": wins,
    }


def run(games: int = 20_000, repeats: int = 3, solver_seeds: int = 100, solver_limit: float = 60.0) -> dict:
    _ours(500)  # imports and first-call costs out of the timing
    ours, theirs, core, deal = [], [], [], []
    for _ in range(repeats):  # interleaved, so that machine load weighs on each alike
        ours.append(_ours(games))
        theirs.append(_pyscoundrel_games(games)[0])
        core.append(_through_core(games // 4) * 4)
        deal.append(_deal_only(games))
    best = {name: min(times) for name, times in (("ours", ours), ("theirs", theirs), ("core", core), ("deal", deal))}
    big = games * 10
    ones, twos = [], []
    for _ in range(repeats):  # interleaved too
        ones.append(_ours(big, jobs=1))
        twos.append(_ours(big, jobs=2))
    one, two = min(ones), min(twos)
    return {
        "scoundrel random games/s (ours, 1 process)": games / best["ours"],
        "scoundrel random games/s (pyscoundrel, 1 process)": games / best["theirs"],
        "ratio_ours_to_pyscoundrel": best["theirs"] / best["ours"],
        "scoundrel random games/s (ours through the rules core, as with --records)": games / best["core"],
        "deals/s (seeding and the documented shuffle alone)": games / best["deal"],
        "ratio_deal_alone_to_pyscoundrel_game": best["theirs"] / best["deal"],
        "jobs games": big,
        "jobs 1 games/s": big / one,
        "jobs 2 games/s": big / two,
        "speedup_jobs2_over_jobs1": one / two,
        **_bot_rates("greedy", games // 2, repeats + 2),
        **_bot_rates("counting", games // 4, repeats + 2),
        "solver scoundrel": _solver_times("scoundrel", solver_seeds, solver_limit),
        "solver scoundrel (strict-weapon)": _solver_times("scoundrel", solver_seeds, solver_limit, "strict-weapon"),
        "solver clear-the-dungeon": _solver_times("clear-the-dungeon", solver_seeds, solver_limit),
        "solver clear-the-dungeon (reserve)": _solver_times("clear-the-dungeon", solver_seeds, solver_limit, "reserve"),
    }


if __name__ == "__main__":
    import json
    import sys

    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(json.dumps(run(solver_seeds=seeds), indent=2))
