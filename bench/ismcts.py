"""The comparison behind the choice of PIMC for the search every game has
(docs/simulation.md, "One search for every game"): a single-observer ISMCTS (Cowling,
Powley and Whitehouse 2012) over the same player's view, the same greedy playouts and
the same number of playouts a decision as ``bots/search.py``'s sequential halving,
played against it and greedy on the same seeds. An experiment, not a player the tool
offers:

    DUNGEON_GAMES=toy=toy_game PYTHONPATH=tests/support python -m bench.ismcts toy:frail 0 2000 greedy strong ismcts
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from dungeon_cli import bots
from dungeon_cli.bots.search import SAMPLES, SearchBot, dealt, playout
from dungeon_cli.engine.dealer import pick
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.services.simulate import Spec, play

EXPLORE = 0.7


class _Node:
    __slots__ = ("children", "visits", "avail", "value")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0


def budget(choices: int, samples: int = SAMPLES) -> int:
    """The playouts ``sampling.halving`` spends on ``choices`` over ``samples`` deals."""
    rounds = max(1, (choices - 1).bit_length())
    size = max(1, samples // rounds)
    total, alive = 0, choices
    for done in range(rounds):
        total += alive * (samples - size * (rounds - 1) if done == rounds - 1 else size)
        alive = max(1, (alive + 1) // 2)
    return total


class IsmctsBot(SearchBot):
    name = "ismcts"

    def choose(self, state: Any, rng: random.Random) -> Any:
        view = state  # the player's view (kit/bot.py's Seat)
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        for _ in range(budget(len(actions))):
            s, deal = dealt(view, rng.getrandbits(64))
            node, path = root, [root]
            while True:
                while s.phase is Phase.CHANCE:
                    chance = s.chance()
                    s = s.apply(Draw(chance.known if chance.known is not None else pick(deal, chance)))
                if s.is_over:
                    break
                legal = s.legal_actions()
                if len(legal) == 1:
                    s = s.apply(legal[0])
                    continue
                for action in legal:
                    if action in node.children:
                        node.children[action].avail += 1
                untried = [a for a in legal if a not in node.children]
                if untried:
                    child = node.children[untried[0]] = _Node()
                    child.avail = 1
                    node, s = child, s.apply(untried[0])
                    path.append(node)
                    break
                kids = node.children
                action = max(
                    legal,
                    key=lambda a: kids[a].value / kids[a].visits + EXPLORE * math.sqrt(math.log(kids[a].avail) / kids[a].visits),
                )
                node, s = kids[action], s.apply(action)
                path.append(node)
            result = s.final() if s.is_over else playout(s, self.policy, deal)
            value = result.won + 0.001 * result.score
            for visited in path:
                visited.visits += 1
                visited.value += value
        return max(root.children.items(), key=lambda kv: kv[1].visits)[0]


def main(argv: list[str]) -> None:
    game, first, last = argv[0], int(argv[1]), int(argv[2])
    variant = None
    if ":" in game:
        game, variant = game.split(":")
    bots.UNLESS_OWN["ismcts"] = f"{__name__}:IsmctsBot"
    for bot in argv[3:]:
        began = time.process_time()
        wins = score = 0
        for seed in range(first, last):
            outcome = play(Spec(game, bot, variant), seed)
            wins += outcome.won
            score += outcome.score
        games = last - first
        print(
            f"{game} {variant or '-'} {bot}: {wins}/{games} won, mean score {score / games:.2f}, {time.process_time() - began:.1f} s CPU"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
