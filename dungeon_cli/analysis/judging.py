"""Where a game was lost: every decision of a record judged two ways (``judgements``
says what each figure means), from the one walk ``verify`` makes.

The walk is the referee's (``Referee.check(record, watchers=(judge,))``): a record is
judged exactly as ``verify`` reads it, and an illegal one is not judged at all. The fair
figures come from a ``PlayerView`` fed the walk's events, as a bot's memory is, and the
game's strong player (its ``StrongBot``: the way through the room, then its rule of
thumb); the hindsight figures from ``hindsight``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Optional, cast

from notation import Checkpoint, Move, Record

from .. import bots
from ..engine import Visitor, Walk
from ..kit.bot import Bot
from ..kit.core import AnyState, Cards, Phase
from ..kit.game_module import GameModule
from ..kit.player_view import PlayerView
from ..kit.sampling import StrongPlayer, halving
from ..services import move_classes as classes
from ..services.move_classes import MoveClass
from ..services.referee import Referee, Verdict
from ..solver.lookahead import Stream
from .hindsight import Searcher, Solver, monotone
from .judgements import HINDSIGHT_SECONDS, Analysis, Decision, Fair, Judgement, fair_of, judged_by

SAMPLES = 100  # orders of the unseen cards per decision


class Judge(Visitor):
    """Collects each decision of the referee's walk: what the player saw (a
    ``PlayerView`` fed every event), the full state (which knows the deal when the
    record's Seed gives it), the action, and the move line it belongs to."""

    def __init__(self, positioned: bool = False) -> None:
        self.decisions: list[Decision] = []
        self.pending: list[Decision] = []
        self.events: list[tuple[AnyState, Any]] = []  # every event, for a deal the record shows
        self.view: Optional[PlayerView[Any]] = None
        self.positioned = positioned  # the record starts from its Position, seen from there

    def begin(self, walk: Walk) -> None:
        setup = walk.setup
        self.module = walk.module
        self.dealer = walk.dealer
        start = walk.start if self.positioned else None
        self.view = PlayerView(walk.module, setup.variant, setup.options, start)

    def event(self, before: AnyState, action: Any, after: AnyState) -> None:
        assert self.view is not None
        self.events.append((before, action))
        if before.phase is Phase.DECISION:
            self.pending.append(
                {
                    "seen": self.view.state,
                    "before": before,
                    "action": action,
                    "after": after,
                    "text": self.module.notation.action_text(before, action),
                    "event": len(self.events) - 1,
                    # the chance still to come as the seed answers it (a search over the game);
                    # from a Position, as its piles answer it (a die or a pile in no order: nobody)
                    "stream": Stream.of(self.dealer) if self.dealer.seeded else Stream((), None) if self.positioned else None,
                }
            )
        self.view.observe(action)

    def move(self, move: Move, state: AnyState, checkpoint: Optional[Checkpoint]) -> None:
        for decision in self.pending:
            decision["move"] = move.number if move.number is not None else 0
            decision["line"] = move.line
        self.decisions.extend(self.pending)
        self.pending = []


def cannot_judge(module: GameModule[Any, Any]) -> Optional[str]:
    """Why ``analyse`` has nothing to judge a game's decisions by (neither a strong
    player for the fair chance nor a solver for hindsight), or None when it has."""
    from .. import solver

    game = module.game.name
    if bots.has_strong(game) or game in solver.solvable():  # the strong player: as hint.available asks
        return None
    return f"{game} has neither a strong player nor a solver: analyse cannot judge its decisions"


def analyse(
    record: Record,
    samples: int = SAMPLES,
    seed: int = 0,
    seconds: Optional[float] = HINDSIGHT_SECONDS,
    progress: Optional[Callable[[int, int], None]] = None,
    first_move: int = 0,
    nodes: Optional[int] = None,
) -> Analysis:
    """Judge every decision of ``record`` (from move ``first_move`` on). ``seed``: the
    analysis's own generator (the orders it samples), so the same record gives the
    same figures."""
    from .. import solver

    positioned = record.position is not None
    judge = Judge(positioned)
    seeded = record.tag_value("Seed") is not None
    verdict = Referee(seed_check=seeded).check(record, watchers=(judge,))
    wrong_seed = False
    if seeded and not verdict.legal and not positioned:
        # legal at a table, but not what its Seed deals: judged fairly, not in hindsight
        judge = Judge()
        verdict = Referee().check(record, watchers=(judge,))
        wrong_seed = verdict.legal
    analysis = Analysis(record, verdict, events=judge.events, seed=seed, seconds=seconds, nodes=nodes)
    if not verdict.legal:
        return analysis
    module = verdict.module
    assert module is not None
    game = module.game.name
    strong = bots.strong(game)
    if strong is not None:
        setup = verdict.walk.setup
        cast(Bot[Any], strong).begin(module, setup.variant, setup.options, module.game.start(setup.variant, setup.options, None))
    hind: Optional[Solver | Searcher] = None
    unknown = "the deal is not known in full (no Seed tag, cards unseen): no hindsight"
    if positioned:  # dealt from its piles: hindsight where they say every outcome to come
        hind = Solver(game, seconds, nodes) if game in solver.solvable() else Searcher(game, seconds, nodes)
        unknown = "the Position's piles do not say every card and die to come (a pile in no order, a die): no hindsight"
    elif game not in solver.solvable():
        if seeded and not wrong_seed:
            hind = Searcher(game, seconds, nodes)
        else:
            why = "the Seed tag does not deal these cards" if wrong_seed else "no Seed tag"
            analysis.hindsight_note = f"{why}: {game} has no solver, and its search needs the seed's deal (what other lines would draw is not in the record)"
    elif not seeded or wrong_seed:
        try:
            order = solver.hooks(game).deal(judge.events)
        except ValueError as exc:
            why = "the Seed tag does not deal these cards" if wrong_seed else "no Seed tag"
            analysis.hindsight_note = f"{why}, and {exc}: no hindsight"
        else:
            _known_deal(verdict, judge, order)
            hind = Solver(game, seconds, nodes)
    else:
        hind = Solver(game, seconds, nodes)
    if strong is None:
        analysis.fair_note = f"{game} has no strong player"
    rng = random.Random(f"analyse/{seed}")
    decisions = [d for d in judge.decisions if d["move"] >= first_move]
    for index, decision in enumerate(decisions):
        j = Judgement(decision["move"], decision["line"], decision["text"], position=decision)
        if strong is not None:
            j.best, j.played, j.others = _fair(strong, decision, module, rng, samples)
        if hind is not None:
            try:
                j.before, j.after = hind.judge(decision)
            except ValueError:  # a draw whose outcome nobody knows: a record without its Seed
                analysis.hindsight_note = unknown
                hind = None
                j.before = j.after = None
        analysis.judgements.append(j)
        if progress is not None:
            progress(index + 1, len(decisions))
    monotone(analysis.judgements)
    for j in analysis.judgements:
        judge_class(j)
    return analysis


def _known_deal(verdict: Verdict, judge: Judge, order: Mapping[str, Cards]) -> None:
    """Each decision's state again, now with the deal the record shows in full: the
    record's events handed to a walk dealt in that order (the engine as the source of
    a solver's line is), so the solver can start from any of them."""
    from ..engine.dealer import OrderedDealer

    walk = Walk(verdict.walk.setup, OrderedDealer(order), history=False, turns=False)
    decisions = iter(judge.decisions)
    for before, action in judge.events:
        if before.phase is Phase.DECISION:
            decision = next(decisions)
            decision["before"] = walk.state
            decision["after"] = walk.apply(action)
        else:
            walk.apply(action)


def _fair(
    strong: StrongPlayer[Any], decision: Decision, module: GameModule[Any, Any], rng: random.Random, samples: int
) -> tuple[Optional[Fair], Optional[Fair], list[Fair]]:
    """The best choice and the choice played, from what the player could see, and the
    other choices (the best way of each other first action, over the deals halving gave
    it); None for a choice the strong player never weighs (running the last, partial
    room of Scoundrel: legal, and nothing to gain by it), which is then not judged fairly."""
    seen = decision["seen"]
    action = decision["action"]
    deals = strong.deals(seen, rng, samples, exhaustive=True)
    exact = len(deals) < samples or strong.unseen(seen) == 0
    choices = strong.candidates(seen)
    top = halving(strong.evaluate_on, seen, choices, deals) if choices else None
    played = strong.candidates(seen, first=action)
    if top is not None and len(played) == 1 and played[0].actions == top.actions:
        # the choice played is the one halving kept, already played on every deal: its
        # figures are those (playouts are a pure function of the deal), not played again
        played = [top]
    else:
        played = strong.evaluate_on(seen, played, deals)
    if top is None or not played:
        return None, None, []
    mine = max(played, key=lambda c: c.key())
    text = module.notation.action_text
    if mine.rate_key() > top.rate_key():
        top = mine  # the played way is the best
    word = judged_by(module)
    scale = top.mean_score if word is not None else 0.0
    best = fair_of(text(seen, top.actions[0]), top, exact, word, scale)
    after = fair_of(text(seen, action), mine, exact, word, scale)
    firsts: dict[Any, Any] = {}
    for cand in choices:
        first = cand.actions[0]
        if first != action and cand.plays and (first not in firsts or cand.rate_key() > firsts[first].rate_key()):
            firsts[first] = cand
    others = [fair_of(text(seen, first), c, exact and c.plays == len(deals), word, scale) for first, c in firsts.items()]
    return best, after, others


def judge_class(j: Judgement) -> None:
    """A judged decision's class (``classes``), its mark, and whether it was unlucky.

    The class comes from the fair loss; a fall is *clear* when the played choice's 95%
    interval lies wholly below the best choice's figure. Unlucky: no clear fall (the
    class is good or better), but in hindsight a win reachable before is out of reach
    after (proven): the unseen cards punished a fair choice."""
    if j.best is not None and j.played is not None:
        loss = j.loss or 0.0
        clear = j.played.share_interval[1] < j.best.rate
        only = loss <= 0 and classes.is_only(j.best.rate, ((o.rate, o.share_interval[1]) for o in j.others))
        j.cls = classes.classify(loss, clear, only)
    fair_choice = j.cls is None or j.cls not in (MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)
    lost = j.before is not None and j.after is not None and j.before.won and not j.after.won and j.after.proven
    j.unlucky = bool(fair_choice and lost)
    j.mark = j.cls.mark if j.cls is not None else ""
