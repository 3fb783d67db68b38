"""Sequential halving (dungeon_cli/kit/sampling.py): with ``decided`` it stops playing
the choices whose fate is sealed, and takes the same choice as without."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_cli.kit.sampling import Tally, halving


class _Choice(Tally):
    __slots__ = ("index",)

    def __init__(self, index: int):
        super().__init__()
        self.index = index


def _run(table: list[list[tuple[bool, int]]], decided: bool) -> tuple[int, int]:
    """The choice halving keeps when choice ``i`` on deal ``d`` ends as ``table[i][d]``,
    and the playouts it spent."""
    spent = [0]

    def evaluate_on(state, cands, deals):
        for deal in deals:
            for cand in cands:
                won, score = table[cand.index][deal]
                cand.plays += 1
                cand.wins += won
                cand.score += score
                spent[0] += 1
        return cands

    cands = [_Choice(i) for i in range(len(table))]
    best = halving(evaluate_on, None, cands, list(range(len(table[0]))), decided=decided)
    return best.index, spent[0]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 9).flatmap(
        lambda n: st.integers(1, 20).flatmap(
            lambda d: st.lists(
                st.lists(st.tuples(st.booleans(), st.integers(0, 3)), min_size=d, max_size=d), min_size=n, max_size=n
            )
        )
    )
)
def test_a_decided_halving_takes_the_same_choice_with_no_more_playouts(table):
    full, full_spent = _run(table, decided=False)
    cut, cut_spent = _run(table, decided=True)
    assert cut == full
    assert cut_spent <= full_spent


def test_a_clear_leader_ends_the_last_round_early():
    """Two choices, 16 deals, one wins them all: once its lead is more wins than deals
    are left, the other cannot catch it (9 deals each, not 16)."""
    table = [[(False, 0)] * 16, [(True, 5)] * 16]
    assert _run(table, decided=False) == (1, 32)
    assert _run(table, decided=True) == (1, 18)
