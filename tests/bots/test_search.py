"""The search every game has (dungeon_cli/bots/search.py) and the hindsight search over
the rules API (dungeon_cli/solver/lookahead.py): they decide from what a player has
seen, and their figures agree with brute force on small end positions."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest

from dungeon_cli import bots, registry
from dungeon_cli.bots.search import SearchBot, playout
from dungeon_cli.engine.dealer import SeededDealer
from dungeon_cli.engine.setup import Setup
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.objective import objective
from dungeon_cli.kit.shuffle import deal_piles
from dungeon_cli.solver.lookahead import Lookahead, Stream

GAMES = registry.names()
OWN = {"scoundrel", "clear-the-dungeon"}  # games that give a faster strong player of their own


def _greedy_events(module, order, seed, variant=None) -> list:
    """Every event of the greedy bot's game on ``order``, draws included (dice from ``seed``)."""
    state = module.game.start(variant, None, order)
    greedy = bots.make(module.game.name, "greedy")
    dealer = SeededDealer(seed)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        if state.phase is Phase.CHANCE:
            action = Draw(dealer.outcome(state))
        else:
            action = greedy.choose(state, rng)
        events.append(action)
        state = state.apply(action)
    return events


def _reordered(order, events):
    """The deal with every card not yet turned up in ``events`` in reverse order."""
    seen = [a.outcome for a in events if isinstance(a, Draw)]
    out = {}
    for pile, cards in order.items():
        left = list(seen)
        unseen = []
        for i, card in enumerate(cards):
            if card in left:
                left.remove(card)
            else:
                unseen.append(i)
        shuffled = list(cards)
        for i, j in zip(unseen, reversed(unseen)):
            shuffled[i] = cards[j]
        out[pile] = shuffled
    return out


def _choice(module, order, events, seed):
    bot = SearchBot()
    bot.samples = 4  # the test's speed: what is checked is where the cards come from
    state = module.game.start(None, None, order)
    bot.begin(module, None, {}, state)
    for action in events:
        bot.observe(state, action)
        state = state.apply(action)
    return bot.choose(state, random.Random(seed))


@pytest.mark.parametrize("game", GAMES)
def test_the_search_decides_alike_whatever_order_the_unseen_cards_lie_in(game):
    """At the first decisions of a game, the same events on a deal whose unseen cards
    lie in reverse order, the same generator: the same choice."""
    module = registry.get(game)
    order = deal_piles(1, module.game.deck(None, {}))
    events = _greedy_events(module, order, 1)
    checked = 0
    state = module.game.start(None, None, order)
    for index, action in enumerate(events):
        if state.phase is Phase.DECISION and len(state.legal_actions()) > 1:
            other = _reordered(order, events[:index])
            if other != order:
                mine = _choice(module, order, events[:index], index)
                theirs = _choice(module, other, events[:index], index)
                assert mine == theirs, f"event {index}: the search peeked"
                checked += 1
                if checked == 4:
                    break
        state = state.apply(action)
    assert checked >= 2


def test_every_game_has_a_strong_player_its_own_or_the_search():
    for game in GAMES:
        assert bots.has_strong(game) and "strong" in bots.names(game)
        player = bots.strong(game)
        assert isinstance(player, SearchBot) == (game not in OWN), game


@pytest.mark.parametrize("game", [g for g in GAMES if g not in OWN])
def test_the_search_plays_whole_games_that_verify(game):
    from dungeon_cli.services import referee
    from dungeon_cli.services.simulate import Spec, play
    from notation import parse

    SearchBot.samples = 2
    try:
        outcome = play(Spec(game, "strong", None, records=True), 0)
    finally:
        SearchBot.samples = None
    verdict = referee.check(parse(outcome.record)[0], seed_check=True)
    assert verdict.legal and verdict.state is not None and verdict.state.final().won == outcome.won


# -- brute force on small end positions ------------------------------------------------------------


def _end_positions(game, seed, last=3):
    """The seeded states of the greedy bot's game at its last ``last`` decisions with a
    choice, each with the dealer as it stood there (its generator for dice to come)."""
    module = registry.get(game)
    dealer = SeededDealer(seed)
    state = dealer.start(Setup(game, None, seed=seed))
    greedy = bots.make(game, "greedy")
    out = []
    while not state.is_over:
        if state.phase is Phase.CHANCE:
            state = state.apply(Draw(dealer.outcome(state)))
            continue
        if len(state.legal_actions()) > 1:
            out.append((state, copy.deepcopy(dealer)))
        state = state.apply(greedy.choose(state, dealer.rng))
    assert module
    return out[-last:]


class _TooBig(Exception):
    pass


def _brute_best(state, dealer, budget):
    """The best objective of a win reachable (None: no win), every line tried, chance
    answered by copies of the engine's seeded dealer; _TooBig past ``budget`` lines."""
    while state.phase is Phase.CHANCE:
        state = state.apply(Draw(dealer.outcome(state)))
    if state.is_over:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooBig
        result = state.final()
        return objective(result) if result.won else None
    found = None
    for action in state.legal_actions():
        value = _brute_best(state.apply(action), copy.deepcopy(dealer), budget)
        if value is not None and (found is None or value > found):
            found = value
    return found


@pytest.mark.parametrize("game", GAMES)
def test_hindsight_search_is_brute_force_on_end_positions(game):
    greedy = bots.make(game, "greedy")
    checked = 0
    for seed in range(8):
        for state, dealer in _end_positions(game, seed, last=2):
            try:
                brute = _brute_best(state, copy.deepcopy(dealer), [300])
            except _TooBig:
                continue  # not a small end position
            result, proven = Lookahead(greedy, seconds=60).best(state, Stream.of(dealer))
            assert proven
            assert (objective(result) if result is not None else None) == brute
            checked += 1
    assert checked >= 2


def test_hindsight_search_says_when_its_limit_cut_it_short():
    state, dealer = _end_positions("rpg-solitaire", 0, last=60)[0]
    _, proven = Lookahead(bots.make("rpg-solitaire", "greedy"), seconds=60, max_nodes=5).best(state, Stream.of(dealer))
    assert not proven


def _exact(state, policy, budget):
    """The exact chance that ``policy`` wins from ``state``, over every chance outcome
    by its probability; None past ``budget`` states."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    if state.is_over:
        return Fraction(int(state.final().won))
    if state.phase is Phase.CHANCE:
        total = Fraction(0)
        for outcome, p in state.chance().probabilities():
            value = _exact(state.apply(Draw(outcome)), policy, budget)
            if value is None:
                return None
            total += p * value
        return total
    actions = state.legal_actions()
    action = actions[0] if len(actions) == 1 else policy.choose(state, random.Random(0))
    return _exact(state.apply(action), policy, budget)


@pytest.mark.parametrize("game", [g for g in GAMES if g not in OWN])
def test_fair_figures_hold_the_exact_chance_on_end_positions(game):
    """The search's figure for a choice (its playouts over sampled deals) has the exact
    chance of the greedy playout winning after it, over every way the unseen cards and
    dice can fall, inside its interval, at the last decisions of games seen from a
    player's view (greedy plays deterministically in these games). Every choice of
    six positions is held to its interval, so each at 99.9% (z 3.29), not 95%: at 95%,
    one in twenty right figures falls outside by chance (Cassette's seed 2 did, once its
    built-in Hydra changed), while a sampler that leans is still caught."""
    from dungeon_cli.services.sim_summary import wilson as interval

    module = registry.get(game)
    bot = SearchBot()
    bot.begin(module, None, {}, module.game.start(None, {}, None))
    checked = 0
    for seed in range(6):
        order = deal_piles(seed, module.game.deck(None, {}))
        events = _greedy_events(module, order, seed)
        view = module.game.start(None, None, None)
        decisions = []
        for action in events:
            if view.phase is Phase.DECISION and len(view.legal_actions()) > 1:
                decisions.append(view)
            view = view.apply(action)
        for seen in decisions[-1:]:
            for cand in bot.candidates(seen):
                exact = _exact(seen.apply(cand.actions[0]), bot.policy, [3_000])
                if exact is None:
                    continue
                deals = bot.deals(seen, random.Random(seed), 120)
                bot.evaluate_on(seen, [cand], deals)
                low, high = interval(cand.wins, cand.plays, z=3.2905)
                assert low - 1e-9 <= exact <= high + 1e-9, (seed, cand.actions, cand.wins, cand.plays, float(exact))
                checked += 1
    assert checked >= 2


def test_scoundrels_own_player_is_at_least_the_search_in_the_last_room():
    """Where a game gives its own strong player, the two are held together where they
    can be: in the last room nothing is unseen and both figures are exact; Scoundrel's
    own player, which weighs every way through the room, wins wherever the search's
    choice (one action, then greedy) wins, the search wins wherever greedy alone would,
    and the two agree on most such positions."""
    module = registry.get("scoundrel")
    own = bots.strong("scoundrel")
    search = SearchBot()
    search.begin(module, None, {}, module.game.start(None, {}, None))
    checked = agreed = 0
    for seed in range(40):
        order = deal_piles(seed, module.game.deck(None, {}))
        view = module.game.start(None, None, None)
        for action in _greedy_events(module, order, seed):
            if view.phase is Phase.DECISION and not len(view.dungeon) and len(view.legal_actions()) > 1:
                deals = search.deals(view, random.Random(seed), 1)
                mine = max(search.evaluate_on(view, search.candidates(view), deals), key=lambda c: c.key())
                theirs = max(
                    own.evaluate_on(view, own.candidates(view), [own.deals(view, random.Random(seed), 1)[0]]),
                    key=lambda c: c.key(),
                )
                greedy_wins = playout(view, search.policy, random.Random(0)).won
                assert theirs.wins >= mine.wins >= greedy_wins, (seed, view.room)
                agreed += theirs.wins == mine.wins
                checked += 1
            view = view.apply(action)
    assert checked >= 5 and agreed >= checked // 2


def test_a_playout_leaves_the_legal_actions_to_its_policy(monkeypatch):
    """The rules are the cost of a playout: it asks them nothing its policy does not
    (forced moves included: a policy returns the one legal action), so a policy that
    never asks costs no call of ``legal_actions``."""
    from toy_game.rules import TAKE, ToyState

    module = registry.get("toy")
    state = module.game.start(None, None, deal_piles(3, module.game.deck(None, {})))
    calls = [0]
    real = ToyState.legal_actions

    def counted(self):
        calls[0] += 1
        return real(self)

    class Taker(bots.Bot):
        def choose(self, state, rng):
            return TAKE

    monkeypatch.setattr(ToyState, "legal_actions", counted)
    result = playout(state, Taker(), random.Random(3))
    assert result.score is not None and calls[0] == 0
