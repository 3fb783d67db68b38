"""``hint`` before and after racing (issue 39, issue 40 item 10): at a few positions of a
game, what a hint in its 0.6 s named and on how many deals, against the full answer.

    .venv/bin/python -m bench.hints rpg-solitaire
    .venv/bin/python -m bench.hints cassette-dungeons

The positions: every 7th decision with a choice (RPG solitaire; every 3rd in Cassette
Dungeons!) of the greedy bot's games of seeds 0-2, three a seed. At each: *before*, the
old search (sequential halving over every legal action, cut at 0.6 s, naming its best
so far); *after*, ``analysis.hint.hint`` (the race, 0.6 s: it names a choice only when it
is told apart); *full*, halving over all 200 deals with no deadline (the answer the
hint stands for). Not part of ``make bench`` (it measures answers, not speed alone).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from dungeon_cli import bots, registry
from dungeon_cli.analysis import hint as hints
from dungeon_cli.bots.search import SearchCandidate
from dungeon_cli.engine import Setup
from dungeon_cli.kit.player_view import PlayerView
from dungeon_cli.kit.sampling import halving
from dungeon_cli.services.session import Session


def positions(game: str, seeds: list[int], every: int, most: int) -> list[tuple[int, int, list[Any]]]:
    module = registry.get(game)
    greedy = module.playout_bot()
    out: list[tuple[int, int, list[Any]]] = []
    for index, seed in enumerate(seeds):
        session = Session(Setup(game, seed=seed))
        session.deal()
        n = 0
        while not session.state.is_over and len(out) < most * (index + 1):
            if len(session.state.legal_actions()) > 1:
                n += 1
                if n % every == 0:
                    out.append((seed, n, list(session.all_events)))
            session.apply(greedy.choose(session.state, random.Random(n)))
            session.deal()
    return out


def main(game: str) -> None:
    module = registry.get(game)

    def seated(events: list[Any]) -> tuple[Any, Any]:
        strong: Any = bots.strong(game)
        strong.begin(module, None, {}, module.game.start(None, {}, None))
        view = PlayerView(module, None, {})
        for _, action in events:
            view.observe(action)
        return strong, view.state

    for seed, n, events in positions(game, [0, 1, 2], 7 if game == "rpg-solitaire" else 3, 3):
        strong, seen = seated(events)
        deals = strong.deals(seen, random.Random(f"hint/{len(events)}"), hints.SAMPLES, exhaustive=True)
        every = [SearchCandidate(a, strong.by_score) for a in seen.legal_actions()]
        old = halving(strong.evaluate_on, seen, every, deals, time.monotonic() + hints.SECONDS)
        old_text = module.notation.action_text(seen, old.actions[0])
        began = time.monotonic()
        new = hints.hint(module, None, {}, events, seconds=hints.SECONDS)
        took = time.monotonic() - began
        assert new is not None
        strong, seen = seated(events)
        full = halving(strong.evaluate_on, seen, strong.candidates(seen), deals)
        full_text = module.notation.action_text(seen, full.actions[0])
        said = f"named {new.text}" if new.separated else f"could not tell: {' '.join(f.choice for f in new.leading)}"
        print(
            f"seed {seed} decision {n} ({len(every)} choices): before {old_text} on {old.plays} deals"
            f" ({'right' if old_text == full_text else 'WRONG'}); after {said}, {new.deals} deals each,"
            f" {took:.2f}s ({'right' if not new.separated or new.text == full_text else 'WRONG'}); full {full_text}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "rpg-solitaire")
