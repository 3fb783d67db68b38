"""Where a game was lost: every decision of a record judged two ways.

*Fair*: from what the player could see at that moment only (a ``PlayerView`` fed the
walk's events, as a bot's memory is), orders of the unseen cards are dealt consistently
with everything seen, the same orders for every choice, and each choice is played out
on each by the game's strong player (its ``StrongBot``: the way through the room, then
its rule of thumb). Before the decision: the best choice's chance of winning; after it:
the played choice's. A 95% interval (Wilson) says how far sampling can be trusted.
A game played for its score (``core.Objective.SCORE``: RPG solitaire's treasure) is
judged by the expected score instead, with its normal 95% interval (``Fair.word``).

*Hindsight*: with the deal known in full (the record's Seed, or every card shown), the
best result still reachable before and after the decision, by the game's solver from
that position. One search table serves every position of an analysis: what it learnt
solving move 3 is still true at move 4.

The walk is the referee's (``Referee.check(record, watchers=(judge,))``): a record is
judged exactly as ``verify`` reads it, and an illegal one is not judged at all.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Optional, TypedDict, cast

from notation import Checkpoint, Move, Record, Tag

from .. import bots, registry
from ..engine import Visitor, Walk
from ..kit.bot import Bot
from ..kit.core import Cards, Objective, Phase, Result, State, known_steps
from ..kit.game_module import GameModule
from ..kit.objective import WIN
from ..kit.player_view import PlayerView
from ..kit.sampling import StrongPlayer, halving
from ..plumbing.report import JsonObject
from ..services import move_classes as classes
from ..services.move_classes import MoveClass
from ..services.referee import Referee, Verdict
from ..services.sim_summary import wilson
from ..solver.lookahead import NODES as LOOKAHEAD_NODES
from ..solver.lookahead import Lookahead, Stream

SAMPLES = 100  # orders of the unseen cards per decision
HINDSIGHT_SECONDS = 10.0  # per position; past it the figure is the best found, not proven

# The marks written into a record (notation/SPEC.md, "Analysis comments"): each class's.
BLUNDER, MISTAKE, INACCURACY, ONLY = "??", "?", "?!", "!"


@dataclass
class Fair:
    """A choice's figures over the sampled orders. ``word``: a game played for its score
    (``core.Objective.SCORE``) names it ("treasure"), and the choice is judged by its
    expected score, ``spread`` its standard deviation over the orders; None: by its
    chance of winning. ``scale``: the expected score that ``rate`` is a share of (the
    best choice's at that decision), so that the classes, the accuracy and the chart
    read a choice's expected score as they read a chance of winning."""

    choice: str  # the choice's first action, as a record writes it
    wins: int
    plays: int
    mean_score: float
    exact: bool = False  # every order was played, not a sample
    # the strong player's way through from here, its first action the choice (not written out)
    line: tuple[Any, ...] = field(default=(), repr=False, compare=False)
    word: Optional[str] = None
    spread: float = 0.0
    scale: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def rate(self) -> float:
        """The chance of winning; by score, the expected score as a share of ``scale``
        (1 when the scale is 0: nothing to lose)."""
        if self.word is None:
            return self.win_rate
        return self.mean_score / self.scale if self.scale > 0 else 1.0

    @property
    def value(self) -> float:
        """What the choice is judged by: its chance of winning, or its expected score."""
        return self.win_rate if self.word is None else self.mean_score

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``value``: Wilson's for a chance of winning, the normal
        one for an expected score (unbounded from fewer than two orders)."""
        if self.exact:
            return self.value, self.value
        if self.word is None:
            return wilson(self.wins, self.plays)
        if self.plays < 2:
            return -math.inf, math.inf
        half = 1.959964 * self.spread / math.sqrt(self.plays)
        return self.mean_score - half, self.mean_score + half

    @property
    def share_interval(self) -> tuple[float, float]:
        """``interval`` in the units of ``rate``."""
        low, high = self.interval
        if self.word is None:
            return low, high
        return (low / self.scale, high / self.scale) if self.scale > 0 else (1.0, 1.0)

    def figure(self) -> str:
        """The value as a table writes it: ``40%``, or ``23.1`` (an expected score)."""
        return percent(self.value) if self.word is None else f"{self.mean_score:.1f}"

    def as_json(self) -> JsonObject:
        low, high = self.interval
        out: JsonObject = {
            "choice": self.choice,
            "win_rate": round(self.win_rate, 4),
            "interval": [round(low, 4) if math.isfinite(low) else None, round(high, 4) if math.isfinite(high) else None],
            "mean_score": round(self.mean_score, 2),
            "samples": self.plays,
            "exact": self.exact,
        }
        if self.word is not None:
            out["judged_by"] = self.word  # the interval is the expected score's
        return out


@dataclass
class Hindsight:
    """The best win still reachable with the deal known (``result`` None: no win, or
    none found when not ``proven``); ``proven`` when the search finished."""

    result: Optional[Result]
    proven: bool

    @property
    def won(self) -> bool:
        return self.result is not None

    def as_json(self) -> JsonObject:
        return {"win": self.won, "score": self.result.score if self.result is not None else None, "proven": self.proven}

    def text(self) -> str:
        """Proven: the best win, or "no win". Cut short by its limit: the win found is a
        bound ("at least"), and none found says nothing: "undecided", never "no win"."""
        if self.proven:
            return f"{self.result}" if self.result is not None else "no win"
        return f"at least {self.result} (not proven)" if self.result is not None else "undecided (not proven)"


class Decision(TypedDict, total=False):
    """One decision of a record as ``Judge`` collects it (``move`` and ``line`` once its
    move line is read; ``before`` and ``after`` dealt again when the record shows the
    deal)."""

    seen: State  # what the player saw (a PlayerView's state)
    before: State
    action: Any
    after: State
    text: str  # the action as the record writes it
    stream: Optional[Stream]  # the chance still to come, as the seed answers it
    event: int  # its place among the judge's events
    move: int
    line: int


@dataclass
class Judgement:
    move: int  # the move line's number
    line: int  # where the move line is, for comments
    action: str  # as the record writes it
    best: Optional[Fair] = None  # fair, before: the best choice
    played: Optional[Fair] = None  # fair, after: the choice played
    before: Optional[Hindsight] = None
    after: Optional[Hindsight] = None
    mark: str = ""
    cls: Optional[MoveClass] = None  # None: not judged fairly
    unlucky: bool = False  # a fair choice, and in hindsight a win was lost by it
    # the other choices' fair figures (best of each first action), for the only move
    others: list[Fair] = field(default_factory=list, repr=False)
    # what the judgement was made from (not written out): the player's view, the
    # state with the deal known, the action and the state it led to
    position: Optional[Decision] = field(default=None, repr=False)

    @property
    def loss(self) -> Optional[float]:
        """Points of fair winning chance lost by this decision (None: not judged fairly)."""
        if self.best is None or self.played is None:
            return None
        return max(0.0, 100 * (self.best.rate - self.played.rate))

    def as_json(self) -> JsonObject:
        loss = self.loss
        return {
            "move": self.move,
            "action": self.action,
            "mark": self.mark,
            "class": self.cls.value if self.cls is not None else None,
            "loss": None if loss is None else round(loss, 2),
            "unlucky": self.unlucky,
            "fair": None
            if self.best is None
            else {"before": self.best.as_json(), "after": self.played.as_json() if self.played else None},
            "hindsight": None
            if self.before is None
            else {
                "before": self.before.as_json(),
                "after": self.after.as_json() if self.after else None,
            },
        }


@dataclass
class Analysis:
    record: Record
    verdict: Verdict
    judgements: list[Judgement] = field(default_factory=list)
    hindsight_note: Optional[str] = None  # why there is no hindsight judgement
    fair_note: Optional[str] = None
    # what the better lines of ``annotate`` are made with: the walk's every event, the
    # analysis's generator and the search's limits
    events: list[tuple[State, Any]] = field(default_factory=list, repr=False)
    seed: int = 0
    seconds: Optional[float] = HINDSIGHT_SECONDS
    nodes: Optional[int] = None

    @property
    def accuracy(self) -> Optional[float]:
        """The game's accuracy, 0..100, over the decisions judged fairly (None: none)."""
        return classes.game_accuracy(
            [(j.best.rate, j.played.rate) for j in self.judgements if j.best is not None and j.played is not None]
        )


class Judge(Visitor):
    """Collects each decision of the referee's walk: what the player saw (a
    ``PlayerView`` fed every event), the full state (which knows the deal when the
    record's Seed gives it), the action, and the move line it belongs to."""

    def __init__(self, positioned: bool = False) -> None:
        self.decisions: list[Decision] = []
        self.pending: list[Decision] = []
        self.events: list[tuple[State, Any]] = []  # every event, for a deal the record shows
        self.view: Optional[PlayerView[Any]] = None
        self.positioned = positioned  # the record starts from its Position, seen from there

    def begin(self, walk: Walk) -> None:
        setup = walk.setup
        self.module = walk.module
        self.dealer = walk.dealer
        start = walk.start if self.positioned else None
        self.view = PlayerView(walk.module, setup.variant, setup.options, start)

    def event(self, before: State, action: Any, after: State) -> None:
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

    def move(self, move: Move, state: State, checkpoint: Optional[Checkpoint]) -> None:
        for decision in self.pending:
            decision["move"] = move.number if move.number is not None else 0
            decision["line"] = move.line
        self.decisions.extend(self.pending)
        self.pending = []


class Solver:
    """The game's solver from any position, one transposition table for the whole
    analysis: the best win reachable, or that there is none."""

    def __init__(self, game: str, seconds: Optional[float], nodes: Optional[int] = None):
        from .. import solver

        self.hooks = solver.hooks(game)
        self.seconds, self.nodes = seconds, nodes
        self.make = self.hooks.model
        self.wins = solver.Search(self.make(), wins_only=True)
        self.memo: dict[Hashable, Hindsight] = {}

    def judge(self, decision: Decision) -> tuple[Hindsight, Hindsight]:
        """Before and after a decision."""
        return self.best(decision["before"]), self.best(decision["after"])

    def best(self, state: State) -> Hindsight:
        """The best result reachable from ``state`` (its piles in known order)."""
        state = known_steps(state, [])[1]
        if state.phase is Phase.OVER:
            result = state.final()
            return Hindsight(result if result.won else None, True)
        settled = self.hooks.settled
        if settled is not None and not settled(state):
            # mid-room: the model starts where a room starts, so try each action here
            found: Optional[Hindsight] = None
            for action in state.legal_actions():
                h = self.best(state.apply(action))
                if found is None or _value(h) > _value(found):
                    found = Hindsight(h.result, h.proven and (found is None or found.proven))
                elif not h.proven:
                    found.proven = False
            assert found is not None
            return found
        key = self.hooks.key(state)
        if key in self.memo:
            return self.memo[key]
        value, proven = self.wins.value_from(state, self.seconds, self.nodes)
        if value is None:
            return Hindsight(None, False)
        # No win: "no win" is the judgement. The best loss is not searched for: proving
        # it costs more than the rest of an analysis, and says little more.
        answer = Hindsight(Result(True, value - WIN) if value >= WIN else None, proven)
        self.memo[key] = answer
        return answer


class Searcher:
    """Hindsight for a game without a solver: the search over the rules API
    (``lookahead.Lookahead``) from each decision, chance answered as the record's seed
    answers it; it says when its limit cut it short."""

    def __init__(self, game: str, seconds: Optional[float], nodes: Optional[int] = None):
        # counted in positions (``--limit 500k``, or ``lookahead.NODES``), so the figures
        # are the machine's no more than the solver's are; a time limit only as asked
        self.look = Lookahead(
            registry.get(game).playout_bot(), seconds if seconds is not None else math.inf, nodes or LOOKAHEAD_NODES
        )
        self.last: Optional[tuple[State, Stream, Hindsight]] = None

    def judge(self, decision: Decision) -> tuple[Hindsight, Hindsight]:
        """Before and after. Decisions in a row with no chance between (a Cassette turn's
        several plays) share a position: the state after one is the walk's very state
        before the next, with the same chance to come, so its search is not run twice
        (half the search of such a turn)."""
        stream = decision["stream"]
        if stream is None:  # (a Searcher is made for seeded or positioned records only)
            raise ValueError("the deal is not known: no seed to search it from")
        before = decision["before"]
        last = self.last
        if last is not None and last[0] is before and _same_stream(last[1], stream):
            judged = last[2]
        else:
            judged = Hindsight(*self.look.best(before, stream))
        after = Hindsight(*self.look.best(decision["after"], stream))
        self.last = (decision["after"], stream, after)
        return judged, after


def _same_stream(a: Stream, b: Stream) -> bool:
    return a is b or (a.queued == b.queued and a.rng_state == b.rng_state)


def _value(h: Hindsight) -> int:
    return h.result.score + 1000 if h.result is not None else 0


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


def monotone(judgements: list[Judgement]) -> None:
    """Hindsight along the record's line, where the truth is monotone: with the deal
    known, one decision's AFTER is the next one's BEFORE, and the best win reachable can
    only stay or fall along the line. So a win found later is reachable from every
    earlier position (it lifts a figure a limit cut short there, as a bound), and a
    proven figure caps the later ones: an unproven one that reaches it is proven."""
    line = [h for j in judgements for h in (j.before, j.after) if h is not None]
    found: Optional[Hindsight] = None
    for h in reversed(line):
        if found is not None and not h.proven and _value(found) > _value(h):
            h.result = found.result
        if h.won and (found is None or _value(h) > _value(found)):
            found = h
    cap: Optional[Hindsight] = None
    for h in line:
        if cap is not None and not h.proven and _value(h) >= _value(cap):
            h.result, h.proven = cap.result, True
        if h.proven and (cap is None or _value(h) <= _value(cap)):
            cap = h


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


def judged_by(module: GameModule[Any, Any]) -> Optional[str]:
    """The word of the score a game's decisions are judged by (``Fair.word``: "treasure"
    in RPG solitaire, whose objective is its score), None: by the chance of winning."""
    game = module.game
    return game.score_word if game.objective is Objective.SCORE else None


def fair_of(choice: str, tally: Any, exact: bool, word: Optional[str], scale: float = 0.0) -> Fair:
    """A choice's ``Fair`` figures from its tally (``kit.sampling.Tally``)."""
    return Fair(choice, tally.wins, tally.plays, tally.mean_score, exact, tuple(tally.actions), word, tally.spread, scale)


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


def noted(j: Judgement) -> bool:
    """Whether a decision is written into the record as a comment: it has a mark (an
    only move, an inaccuracy, a mistake, a blunder) or was unlucky."""
    return bool(j.mark) or j.unlucky


def comment(j: Judgement) -> str:
    """One decision's judgement as a DGN comment's text (``classes.read_comment`` reads it)."""
    parts = []
    if j.best is not None and j.played is not None:
        measure = "win" if j.best.word is None else j.best.word  # fair treasure 23.1 -> 20.4: an expected score
        parts.append(f"fair {measure} {j.best.figure()} -> {j.played.figure()}")
        if j.best.choice != j.played.choice and j.best.rate > j.played.rate:
            parts.append(f"(better {j.best.choice} {j.best.figure()})")
    if j.before is not None and j.after is not None:
        parts.append(f"hindsight {j.before.text()} -> {j.after.text()}")
    return classes.write_note(classes.Note(j.action, j.cls, unlucky=j.unlucky), " ".join(parts))


def percent(rate: float) -> str:
    return f"{100 * rate:.0f}%"


FALLS = (MoveClass.INACCURACY, MoveClass.MISTAKE, MoveClass.BLUNDER)


def annotate(analysis: Analysis, lines: bool = True) -> Record:
    """The record with each noted decision's judgement as a comment on its move line
    (at the line's end, or above the move when the line has a comment already), and the
    game's accuracy as its ``Accuracy`` tag (replacing one an earlier analysis wrote).
    ``lines``: each inaccuracy, mistake and blunder's better choice also written as a
    variation of its move, with the rest of that turn (``lines.better_line``).
    A record analysed again keeps one judgement per decision: an earlier analysis's
    comments (those ``classes.read_comment`` reads) and variations on the moves judged
    now are dropped; every other comment and variation is kept."""
    from .lines import better_line, written_by_analysis

    by_line: dict[int, list[str]] = {}
    variations: dict[int, list[Move]] = {}
    strong: Any = None
    rng = random.Random(f"analyse/{analysis.seed}/lines")
    for j in analysis.judgements:
        by_line.setdefault(j.line, [])
        if noted(j):
            by_line[j.line].append(comment(j))
        if lines and j.cls in FALLS and j.best is not None and j.played is not None and j.best.choice != j.played.choice:
            if strong is None:
                strong = _strong(analysis)
            line = better_line(analysis, j, strong, rng)
            if line is not None:
                variations.setdefault(j.line, []).append(line)
    accuracy = analysis.accuracy
    if accuracy is not None:
        _set_tag(analysis.record, classes.ACCURACY_TAG, classes.accuracy_text(accuracy))
    for move in analysis.record.moves:
        notes = by_line.get(move.line)
        if notes is None:
            continue
        _drop_notes(move)
        move.variations = [v for v in move.variations if not written_by_analysis(v)]
        move.variations.extend([line] for line in variations.get(move.line, ()))
        if not notes:
            continue
        text = "# " + "; ".join(notes)
        items, trailing = move.segments[-1]
        if trailing is None:
            move.segments[-1] = (items, text)
        else:
            move.comments.append(text)
    return analysis.record


def _strong(analysis: Analysis) -> Any:
    """The game's strong player, begun on the analysed game (None: it has none)."""
    module = analysis.verdict.module
    assert module is not None
    strong = bots.strong(module.game.name)
    if strong is not None:
        setup = analysis.verdict.walk.setup
        cast(Bot[Any], strong).begin(module, setup.variant, setup.options, module.game.start(setup.variant, setup.options, None))
    return strong


def _drop_notes(move: Move) -> None:
    """Take an earlier analysis's comments off a move."""
    move.comments = [c for c in move.comments if not classes.read_comment(c)]
    move.segments = [(items, None if t is not None and classes.read_comment(t) else t) for items, t in move.segments]


def _set_tag(record: Record, name: str, value: str) -> None:
    """Set a tag's value, or add it after the others."""
    tag = record.tag(name)
    if tag is not None:
        tag.value = value
    else:
        record.tags.append(Tag(name, value))
