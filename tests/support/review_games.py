"""Games for the review tests: two games of one seeded deal that part at a chosen turn,
played by a random player through the engine (Session), so every record verifies."""

from __future__ import annotations

import random

from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Phase
from dungeon_cli.services.session import Session


def play(game: str, seed: int, choose, tags=()) -> str:
    session = Session(Setup(game, seed=seed), tags=list(tags))
    session.deal()
    while session.state.phase is Phase.DECISION:
        session.apply(choose(session.state))
        session.deal()
    return session.text()


def careful(state, rng: random.Random) -> int:
    """A Scoundrel player that keeps its health where it can (a random one dies in a
    few turns, and every game would end alike): the action that leaves most health,
    running only from a room that would cost more than 5."""
    actions = state.legal_actions()
    health = [state.apply(a).checkpoint()["hp"] for a in actions]
    runs = [i for i, a in enumerate(actions) if type(a).__name__ == "Run"]
    stay = [i for i in range(len(actions)) if i not in runs]
    if runs and (not stay or state.checkpoint()["hp"] - max(health[i] for i in stay) > 5):
        return runs[0]
    best = max(health[i] for i in stay)
    return rng.choice([i for i in stay if health[i] == best])


def pair(game: str = "scoundrel", seed: int = 7, turn: int = 3, other: int = 1) -> tuple[str, str]:
    """Two finished games of ``seed``: the same choices up to ``turn``, where the second
    takes another of the legal moves at that turn's first decision."""

    def chooser(part: bool):
        rng = random.Random(seed)
        parted = [False]

        def choose(state):
            actions = state.legal_actions()
            pick = careful(state, rng) if game == "scoundrel" else rng.randrange(len(actions))
            if part and state.turn == turn and not parted[0] and len(actions) > 1:
                parted[0] = True
                pick = (pick + other) % len(actions)
            return actions[pick]

        return choose

    return play(game, seed, chooser(False)), play(game, seed, chooser(True))


def long_game(seed: int, turns: int = 60) -> str:
    """A finished Scoundrel game of at least ``turns`` turns: a random player who runs
    whenever it may, then plays on at random."""
    for s in range(seed, seed + 10_000):
        rng = random.Random(s)

        def choose(state, rng=rng):
            actions = state.legal_actions()
            runs = [a for a in actions if type(a).__name__ == "Run"]
            if runs and rng.random() < 0.85:
                return runs[0]
            return rng.choice(actions)

        text = play("scoundrel", s, choose)
        if text.count("\n") - 3 >= turns:
            return text
    raise AssertionError("no game that long")
