"""``analyse``'s judgements checked against brute force, for every registered game (the
toy game included), on small end positions: the last decisions of a seeded game, where
every deal of the unseen cards can be enumerated and every line searched.

- *Fair*: from what the player saw (the decision's ``PlayerView`` state, whose chance
  events are the unseen cards and dice with their probabilities), the whole tree of
  chance is expanded with exact fractions. Where the strong player is the search every
  game has (its playouts by the game's greedy bot, which draws nothing at random), the
  exact expectation of its figure is that tree under greedy after the choice: it must lie
  within the figure's interval (exactly on it when the figure is exact). Whatever the
  strong player, no figure may lie above the optimum a player who sees what it saw can
  reach (expectimax over the same tree: the best choice at each decision), and where
  nothing is left to choose after the choice, the figure must match that optimum.
- *Hindsight*: with the deal known (chance answered as the record's seed answers it),
  every line is searched: a judgement said proven must equal the best win found so.

The interval tried is 99.9% (Wilson), not the table's 95%: dozens of figures are checked,
and one in twenty would lie outside a 95% interval by chance alone.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any, Optional

import pytest

from dungeon_cli import analysis, bots, registry
from dungeon_cli.bots.search import SearchBot
from dungeon_cli.kit.core import Draw, Phase, Result, State
from dungeon_cli.kit.objective import objective
from dungeon_cli.services.simulate import Spec, play
from dungeon_cli.solver.lookahead import Stream
from notation import parse

NODES = 20_000  # a position whose tree is larger is not a small end position: passed over
SAMPLES = 40
Z = 3.29  # 99.9%


class TooBig(Exception):
    pass


def interval(wins: int, n: int) -> tuple[float, float]:
    p = wins / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return centre - half, centre + half


class Tree:
    """The player's chance tree, expanded exactly: chance by its probabilities, decisions
    by ``policy`` (a bot) or, without one, by the best choice (expectimax)."""

    def __init__(self, policy=None):
        self.policy = policy
        self.nodes = 0
        self.choice_left = False  # a decision with more than one action was met

    def value(self, state: State) -> Fraction:
        self.nodes += 1
        if self.nodes > NODES:
            raise TooBig
        if state.phase is Phase.OVER:
            return Fraction(int(state.final().won))
        if state.phase is Phase.CHANCE:
            return sum((p * self.value(state.apply(Draw(o))) for o, p in state.chance().probabilities()), Fraction(0))
        actions = state.legal_actions()
        if len(actions) == 1:
            return self.value(state.apply(actions[0]))
        self.choice_left = True
        if self.policy is not None:
            return self.value(state.apply(self.policy.choose(state, random.Random(0))))
        return max(self.value(state.apply(a)) for a in actions)


class Lines:
    """Every line from a position whose deal is known: the best win (``objective``), or
    None when no line wins."""

    def __init__(self) -> None:
        self.nodes = 0

    def best(self, state: State, stream: Optional[Stream]) -> Optional[Result]:
        self.nodes += 1
        if self.nodes > NODES:
            raise TooBig
        while state.phase is Phase.CHANCE:
            chance = state.chance()
            if chance.known is not None:
                state = state.apply(Draw(chance.known))
            else:
                assert stream is not None, "chance nobody knows, and no seed to answer it"
                outcome, stream = stream.answer(state)
                state = state.apply(Draw(outcome))
        if state.phase is Phase.OVER:
            result = state.final()
            return result if result.won else None
        found: Optional[Result] = None
        for action in state.legal_actions():
            r = self.best(state.apply(action), stream)
            if r is not None and (found is None or objective(r) > objective(found)):
                found = r
        return found


def _action(module, seen: State, text: str) -> Any:
    """The legal action the record would write as ``text``."""
    found = [a for a in seen.legal_actions() if module.notation.action_text(seen, a) == text]
    assert len(found) == 1, (text, found)
    return found[0]


def _check_fair(module, strong, j, counts: dict) -> None:
    seen, played = j.position["seen"], j.position["action"]
    for figure, action in ((j.played, played), (j.best, _action(module, seen, j.best.choice))):
        after = seen.apply(action)
        try:
            optimum = Tree()
            best_value = optimum.value(after)
            own = Tree(strong.policy).value(after) if isinstance(strong, SearchBot) else None
        except TooBig:
            continue
        low, high = (figure.rate, figure.rate) if figure.exact else interval(figure.wins, figure.plays)
        eps = 1e-9
        assert low <= best_value + eps, (j.move, figure, float(best_value))  # nobody beats the optimum
        if own is not None:  # the search's figure: greedy after the choice, every deal
            assert low - eps <= own <= high + eps, (j.move, figure.choice, figure.rate, float(own))
            counts["own"] += 1
            counts["uncertain"] += 0.2 < own < 0.8
        if not optimum.choice_left:  # nothing left to choose: the figure is the optimum
            assert low - eps <= best_value <= high + eps, (j.move, figure.choice, figure.rate, float(best_value))
            counts["forced"] += 1
        counts["fair"] += 1


def _check_hindsight(j, counts: dict) -> None:
    decision = j.position
    stream = decision.get("stream")
    for said, state in ((j.before, decision["before"]), (j.after, decision["after"])):
        if said is None or not said.proven:
            continue
        try:
            best = Lines().best(state, stream)
        except TooBig:
            continue
        assert said.result == best, (j.move, j.action, said, best)
        counts["hindsight"] += 1


# The seeds and how many moves back from the last: the toy game is small enough to go
# back to positions whose outcome is still open (0 < the exact expectation < 1), where a
# deal drawn wrongly (a seen card dealt again, one deal for all) shows; the real games'
# trees are small enough on their last moves only, where the outcome is mostly decided.
WHERE = {"toy": ((0, 6, 11), 3, 200)}


@pytest.mark.parametrize("game", registry.names())
def test_judgements_match_brute_force_on_end_positions(game):
    counts = {"fair": 0, "own": 0, "uncertain": 0, "forced": 0, "hindsight": 0}
    module = registry.get(game)
    seeds, back, samples = WHERE.get(game, ((2,), 1, SAMPLES))
    for seed in seeds:
        record = parse(play(Spec(game, "greedy", None, records=True), seed).record)[0]
        last = max(m.number for m in record.moves if m.number is not None)
        found = analysis.analyse(record, samples=samples, seconds=5.0, first_move=last - back)
        assert found.judgements and found.fair_note is None and found.hindsight_note is None
        strong = bots.strong(game)
        strong.begin(module, None, {}, module.game.start(None, {}, None))
        for j in found.judgements:
            assert None not in (j.before, j.after), (game, j.move)
            if j.best is not None:  # None: a choice the strong player never weighs (analysis._fair)
                _check_fair(module, strong, j, counts)
            _check_hindsight(j, counts)
    assert counts["fair"] and counts["hindsight"], counts  # not passed by finding nothing small
    if isinstance(bots.strong(game), SearchBot):
        assert counts["own"], counts
    if game in WHERE:
        assert counts["uncertain"], counts
