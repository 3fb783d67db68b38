"""The engine: one walk of a game, its setup, its dealer and its visitors."""

from __future__ import annotations

import pickle

import pytest

from dungeon_cli import registry
from dungeon_cli.engine import MAX_EVENTS, Dealer, Runaway, SeededDealer, Setup, SetupError, Visitor, Walk
from dungeon_cli.engine.dealer import OrderedDealer
from dungeon_cli.kit.core import Draw, Phase
from dungeon_cli.kit.shuffle import deal_piles
from dungeon_cli.shell.sample import sample_game
from notation import parse

PILE_GAMES = ["scoundrel", "clear-the-dungeon", "rpg-solitaire"]


@pytest.mark.parametrize("game", PILE_GAMES)
def test_the_seeded_dealer_deals_what_deal_piles_dealt_for_10000_seeds(game):
    """The seeds, fixtures, snapshots and solved-deal tables of these games stay valid:
    everything dealt before the first decision, for seeds 0-9,999, is what a game
    started from ``shuffle.deal_piles`` of the seed deals."""
    deck = registry.get(game).game.deck(None, {})
    setup = Setup(game)
    for seed in range(10_000):
        seeded = Walk(setup.replace(seed=seed), SeededDealer(seed), history=False, turns=False)
        seeded.deal()
        pinned = Walk(setup, OrderedDealer(deal_piles(seed, deck)), history=False, turns=False)
        pinned.deal()
        assert seeded.count == pinned.count and seeded.count > 0, seed
        assert seeded.state.checkpoint() == pinned.state.checkpoint(), seed
        assert dict(seeded.state.piles()) == dict(pinned.state.piles()), seed


def test_a_setup_is_checked_once_where_it_is_made():
    with pytest.raises(SetupError, match="unknown game 'chess'") as caught:
        Setup("chess")
    assert caught.value.field == "game"
    with pytest.raises(SetupError, match=r"scoundrel has no variant 'easy' \(variants: strict-weapon\)"):
        Setup("scoundrel", "easy")
    with pytest.raises(SetupError, match="0 or more"):
        Setup("scoundrel", seed=-1)
    setup = Setup("scoundrel", "strict-weapon", seed=7)
    with pytest.raises(AttributeError):
        setup.seed = 8  # type: ignore[misc]
    assert setup.replace(seed=8).seed == 8 and setup.seed == 7
    assert pickle.loads(pickle.dumps(setup)) == setup  # sent to worker processes as it is


def test_a_game_that_never_ends_is_stopped_by_the_one_limit():
    walk = Walk(Setup("scoundrel", seed=3), history=False, turns=False)
    with pytest.raises(Runaway, match="has not ended after 5 events"):
        walk.run(lambda state: state.legal_actions()[0], limit=5)
    assert MAX_EVENTS == 200_000  # docs/architecture.md names it


def test_undo_after_a_seeded_roll_never_rerolls():
    """Dice are drawn when rolled; taking the pick back and picking again meets the
    same faces, so undo is never a second chance at a roll."""
    from dungeon_cli.games.cassette_dungeons.rules import Pick
    from dungeon_cli.services.session import Session

    session = Session(Setup("cassette-dungeons", seed=5))
    for choose in (lambda s: s.legal_actions()[0], lambda s: s.legal_actions()[0]):
        session.deal()
        session.apply(choose(session.state))
    session.deal()
    session.apply(Pick(("w", "x", "y", "z")))
    session.deal()
    first = [d.value for d in session.state.dice]
    taken = session.undo()
    assert taken is not None and isinstance(taken[1], Pick)
    assert session.state.phase is Phase.DECISION
    session.apply(Pick(("w", "x", "y", "z")))
    session.deal()
    assert [d.value for d in session.state.dice] == first


class _Counts(Visitor):
    def __init__(self):
        self.events = self.turns = self.moves = 0
        self.faults: list = []

    def event(self, before, action, after):
        self.events += 1

    def turn(self, log, after):
        self.turns += 1

    def move(self, move, state, checkpoint):
        self.moves += 1

    def fault(self, fault):
        self.faults.append(fault)


def test_visitors_see_every_event_turn_move_and_the_fault_at_its_token():
    from dungeon_cli.engine.record import replay

    record = parse('[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 8h : run\n3. Kd : xKd\n')[0]
    counts = _Counts()
    walk = Walk(Setup("scoundrel"), Dealer(), [counts])
    assert replay(walk, record) is False
    assert counts.moves == 2 and counts.turns == 2
    assert counts.events == walk.count > 0
    [fault] = counts.faults
    assert (fault.line, fault.col) == (5, 4)


def test_a_step_is_blamed_on_the_part_of_the_action_at_fault():
    """An attack is one action written by several tokens; the rules say which part is
    wrong (``Illegal.where``), and the walk blames that token, not the first."""
    from dungeon_cli.engine.record import replay

    text = '[Game "clear-the-dungeon"]\n\ndeal: Ks Kd Jc Jh\n1. 2c Td 4s : Jc Td+4s 2c ^Qh\n2. Th 4c 8h : Kd Th+4c 8h ^Qc\n'
    counts = _Counts()
    replay(Walk(Setup("clear-the-dungeon"), Dealer(), [counts]), parse(text)[0])
    [fault] = counts.faults
    assert (fault.line, fault.col) == (5, 24)
    assert fault.message.startswith("8h: not a diamond")


@pytest.mark.parametrize("game", registry.names())
def test_every_chance_event_lists_outcomes_whose_probabilities_sum_to_one(game):
    session, _ = sample_game(registry.get(game), 11)
    seen = 0
    for before, action in session.all_events:
        if isinstance(action, Draw):
            odds = dict(before.chance().probabilities())
            assert sum(odds.values()) == 1 and action.outcome in odds
            seen += 1
    assert seen > 0
