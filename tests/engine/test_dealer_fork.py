"""``SeededDealer.fork``: a search that tries several lines from one position deals each
as the seed deals it, and the dealer it forked from is not moved."""

from __future__ import annotations

from dungeon_cli.engine import SeededDealer, Setup
from dungeon_cli.kit.core import Draw, Phase


def _roll(state):
    """The toy game up to its first die roll (a chance the seed does not order in advance)."""
    while not (state.phase is Phase.CHANCE and state.chance().known is None):
        state = state.apply(Draw(state.chance().known) if state.phase is Phase.CHANCE else state.legal_actions()[0])
    return state


def test_a_fork_deals_what_the_dealer_would_and_leaves_it_where_it_was():
    setup = Setup("toy", seed=4)
    dealer = SeededDealer(4)
    state = _roll(dealer.start(setup))
    fork = dealer.fork()
    first = fork.outcome(state)
    second = fork.outcome(state)
    assert (dealer.position, dealer.drawn) == (0, [])
    assert dealer.outcome(state) == first and dealer.outcome(state) == second
    again = SeededDealer(4)
    again.start(setup)
    assert [again.outcome(state), again.outcome(state)] == [first, second]
