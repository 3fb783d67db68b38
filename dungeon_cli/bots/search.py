"""The strong player of every game: one search over the deals a player cannot rule out.

A player knows what it has seen and nothing more. At a decision with more than one
choice this player deals the unseen cards many times over, each deal consistent with
everything seen (the game's ``PlayerView``: a state started with no known order, whose
chance events still to come may be any card still unseen, any die face), plays every
choice out on each deal with the game's fastest bot (its ``greedy``: every game has one)
and takes the choice that wins most, then scores most (or, in a game whose objective
is its score, ``core.Objective.SCORE``, the one that scores most on average: RPG
solitaire's treasure carried out). This is determinised search
(perfect-information Monte Carlo, PIMC) with the budget spent by sequential halving:
every choice is played on the first deals, the worse half dropped, the better half
played on the next deals, and so on, so the closest choices get the most playouts.

Every choice is compared on the same deals (common random numbers): a deal is a number
drawn from the generator the bot is handed; a generator seeded by that number deals the
unseen cards through the game's information sets (``State.resample``: a state drawn
uniformly among those the player cannot tell from its view) and then draws each die as
it comes (``pick``, the seeded dealer's own rule for drawing an outcome by its weight).
Nothing here names a game: the search asks only ``resample``, ``legal_actions``,
``apply``, ``chance`` and ``result``.

Why PIMC and not information-set MCTS (ISMCTS): docs/simulation.md, "One search for
every game", says what was measured. In short, these games' decisions are shallow
choices among few actions whose worth shows only at the end of a long game, so the
playouts are best spent on whole games after each choice; and PIMC's known fault (it
assumes it will know the unseen cards later) touches it less here because its
playouts are by a bot that never reads the deal either.

It decides from the state it is handed, the player's view (kit/bot.py's ``Seat``), so
it decides alike whatever order the unseen cards lie in (tests/bots/test_fair.py).
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ..engine.dealer import pick
from ..kit.bot import Bot
from ..kit.core import AnyState, Draw, Objective, Phase, Result
from ..kit.game_module import GameModule
from ..kit.sampling import Tally, halving

SAMPLES = 16  # deals a decision; the choice kept to the end is played on all of them
EVENTS = 20_000  # a playout longer than this is counted a loss (the runaway guard of a search)


class SearchCandidate(Tally):
    """One choice, and how it did over the deals it was played on."""

    __slots__ = ("actions",)

    def __init__(self, action: Any, by_score: bool = False):
        super().__init__(by_score)
        self.actions = (action,)


def playout(state: AnyState, policy: Bot[Any], rng: random.Random) -> Result:
    """The game from ``state`` to its end: chance answered by the known outcome or one
    drawn from ``rng`` by its weight, decisions by ``policy``. A forced move goes to the
    policy too (it can only return the one legal action): asking the rules for the
    legal actions here as well as in the policy cost a quarter of a playout's time."""
    for _ in range(EVENTS):
        phase = state.phase
        if phase is Phase.OVER:
            return state.final()
        if phase is Phase.CHANCE:
            chance = state.chance()
            outcome = chance.known if chance.known is not None else pick(rng, chance)
            state = state.apply(Draw(outcome))
        else:
            state = state.apply(policy.choose(state, rng))
    return Result(False, 0)


def dealt(state: AnyState, deal: int) -> tuple[AnyState, random.Random]:
    """The state a playout of ``deal`` starts from, and its generator: the unseen cards
    dealt through the game's ``resample`` (uniformly among the states the player cannot
    tell apart), dice to come drawn from the same generator as they come."""
    rng = random.Random(deal)
    return state.resample(rng), rng


class SearchBot(Bot[Any]):
    name = "strong"
    summary = (
        f"plays the choices out on {SAMPLES} deals of the unseen cards with the game's greedy bot,"
        " halving them as it goes (determinised search, any game)"
    )
    samples: Optional[int] = None  # deals a decision; None: SAMPLES
    by_score = False  # the game's objective is its score (``core.Objective.SCORE``): choices ranked by it
    least: Optional[int] = None  # the game's least score (``GameInfo.min_score``)

    def begin(self, module: GameModule[Any, Any], variant: Optional[str], options: Any, start: AnyState) -> None:
        self.policy = self._policy(module)
        game = module.game
        self.by_score = game.objective is Objective.SCORE
        self.least = game.info(variant, options).min_score

    @staticmethod
    def _policy(module: GameModule[Any, Any]) -> Bot[Any]:
        """The game's fastest bot, to play the deals out: its greedy bot (every game has one)."""
        bot: Bot[Any] = module.playout_bot()
        return bot

    # -- what the analysis and the hint ask of a strong player (dungeon_cli/analysis) ----------

    def deals(self, state: AnyState, rng: random.Random, samples: int, exhaustive: bool = False) -> list[int]:
        """``samples`` deals of the unseen cards, as the numbers that seed them."""
        return [rng.getrandbits(64) for _ in range(samples)]

    def candidates(self, state: AnyState, first: Any = None) -> list[SearchCandidate]:
        """Every legal choice worth weighing, or ``first`` alone. A choice that ends the
        game at once in a loss scoring the game's least score (RPG solitaire's
        ``resign``) is dominated, whatever the objective: every other line loses at worst
        and scores at least as much. It is left out when anything else is legal (it
        cost a playout a deal, a fifth of an RPG hint's time, for nothing)."""
        if first is not None:
            return [SearchCandidate(first, self.by_score)]
        actions = state.legal_actions()
        kept = [action for action in actions if not self._dominated(state, action)] if len(actions) > 1 else actions
        return [SearchCandidate(action, self.by_score) for action in kept or actions]

    def _dominated(self, state: AnyState, action: Any) -> bool:
        """``action`` ends the game at once in a loss with the least score there is."""
        if self.least is None:
            return False
        after = state.apply(action)
        if after.phase is not Phase.OVER:
            return False
        result = after.final()
        return not result.won and result.score <= self.least

    def evaluate_on(self, state: AnyState, cands: list[SearchCandidate], deals: list[int]) -> list[SearchCandidate]:
        """``cands`` each played out on every deal of ``deals``."""
        for deal in deals:
            for cand in cands:
                self._play(state, cand, deal)
        return cands

    def unseen(self, state: AnyState) -> int:
        """Never 0: a deal is a sample, whatever the game (the figures are estimates)."""
        return 1

    def _play(self, state: AnyState, cand: SearchCandidate, deal: int) -> None:
        start, rng = dealt(state, deal)
        result = playout(start.apply(cand.actions[0]), self.policy, rng)
        cand.plays += 1
        cand.wins += result.won
        cand.score += result.score
        cand.squares += result.score * result.score

    # -- a decision ---------------------------------------------------------------------------

    def choose(self, state: AnyState, rng: random.Random) -> Any:
        view = state
        cands = self.candidates(view)
        if len(cands) == 1:
            return cands[0].actions[0]
        deals = self.deals(view, rng, self.samples or SAMPLES)
        return halving(self.evaluate_on, view, cands, deals, decided=True).actions[0]
