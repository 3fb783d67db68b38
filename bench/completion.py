"""Completion latency of ``dungeon play``: the target is an answer within 50 ms at any
point of a game.

For every registered game, a few seeded games are played to their end by the sampling
policy; at every state met (decisions of the seeded game, and the deals of the same
game replayed as at a table, where every card still in the pile is offered) the
prompt-toolkit completer is asked what it offers for an empty line, for the first
letter of each legal token, and after one whole token and a space. Each answer is
timed in full (the completer's generator drained). ``run()`` returns the figures;
``python -m bench.completion`` prints them as JSON.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Callable, Optional, Sequence

TARGET_MS = 50.0


def _probes(notation, state) -> list[str]:
    from dungeon_cli.shell.candidates import choices

    texts = [text for text, _, _ in choices(notation, state)]
    probes = [""]
    probes.extend(sorted({t[:1] for t in texts}))
    if texts:
        probes.append(texts[0].split()[0] + " ")
    return probes


def _states(module, seed: int, limit: int):
    """The states of one sampled game: seeded decisions, then the same game at a table."""
    from dungeon_cli.engine import Setup
    from dungeon_cli.kit.core import Phase
    from dungeon_cli.services.session import Session
    from dungeon_cli.shell.sample import sample_game

    session, _ = sample_game(module, seed)
    out = [s for s in session.history if s.phase is Phase.DECISION][:limit]
    table = Session(Setup(module.game.name, session.variant))
    for _, action in session.all_events:
        if table.state.phase is Phase.CHANCE and len(out) < 2 * limit:
            out.append(table.state)
        table.apply(action)
    return out


def run(
    games: Optional[Sequence[str]] = None,
    seeds: Sequence[int] = (1, 2, 3),
    limit: int = 400,
    clock: Callable[[], float] = time.perf_counter,
) -> dict:
    """Time every completion over ``seeds`` of each game (all registered by default),
    at most ``limit`` decision states and ``limit`` table deals per game. ``clock``: wall
    time for the bench (what a player waits); the suite passes CPU time
    (``time.process_time``), which a loaded machine does not stretch."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from dungeon_cli import registry
    from dungeon_cli.shell.completer import ActionCompleter
    from dungeon_cli.shell.interactive import COMMANDS

    event = CompleteEvent(completion_requested=True)
    per_game = {}
    every: list[float] = []
    worst = (0.0, "")
    for name in games or registry.names():
        module = registry.get(name)
        current: dict = {"state": None}
        completer = ActionCompleter(module.notation, lambda current=current: current["state"], COMMANDS)
        times: list[float] = []
        for seed in seeds:
            for state in _states(module, seed, limit):
                current["state"] = state
                for text in _probes(module.notation, state):
                    start = clock()
                    offered = list(completer.get_completions(Document(text), event))
                    elapsed = (clock() - start) * 1000
                    times.append(elapsed)
                    if elapsed > worst[0]:
                        worst = (elapsed, f"{name} seed {seed} turn {state.turn} {text!r}: {len(offered)} offered")
        every.extend(times)
        per_game[name] = _figures(times)
    figures = _figures(every)
    figures.update(
        target_ms=TARGET_MS,
        within_target=figures["max_ms"] <= TARGET_MS,
        worst=worst[1],
        per_game=per_game,
    )
    return figures


def _figures(times: list[float]) -> dict:
    if not times:
        return {"completions": 0}
    ordered = sorted(times)
    return {
        "completions": len(times),
        "mean_ms": round(statistics.fmean(times), 3),
        "p50_ms": round(ordered[len(ordered) // 2], 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)], 3),
        "max_ms": round(ordered[-1], 3),
    }


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1:] or None), indent=2))
