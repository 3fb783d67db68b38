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


def _scored(index: int, by_score: bool) -> _Choice:
    choice = _Choice(index)
    choice.by_score = by_score
    return choice


def _played(table: list[list[tuple[bool, int]]], by_score: bool) -> int:
    def evaluate_on(state, cands, deals):
        for deal in deals:
            for cand in cands:
                won, score = table[cand.index][deal]
                cand.plays += 1
                cand.wins += won
                cand.score += score
        return cands

    cands = [_scored(i, by_score) for i in range(len(table))]
    best: _Choice = halving(evaluate_on, None, cands, list(range(len(table[0]))))
    return best.index


def test_a_game_played_for_its_score_takes_the_line_with_more_treasure():
    """Issue 39: RPG solitaire is judged by the treasure carried out. A line escaping
    9 deals in 10 with 20 treasure each beats one escaping all 10 with 5: by the win
    the sure escape is kept; by the score (a loss carries out 0), the treasure."""
    sure = [(True, 5)] * 10
    rich = [(True, 20)] * 9 + [(False, 0)]
    assert _played([sure, rich], by_score=False) == 0
    assert _played([sure, rich], by_score=True) == 1
    # at equal escape, the more treasure either way
    assert _played([sure, [(True, 6)] * 10], by_score=True) == 1


def _race(table: list[list[float]], deadline=None, exhaustive=False):
    """``race`` over choices whose value on deal ``d`` is ``table[i][d]`` (a score)."""
    from dungeon_cli.kit.sampling import race

    spent = [0]

    def evaluate_on(state, cands, deals):
        for deal in deals:
            for cand in cands:
                cand.plays += 1
                cand.score += table[cand.index][deal]
                cand.wins += 1
                spent[0] += 1
        return cands

    cands = [_scored(i, True) for i in range(len(table))]
    return race(evaluate_on, None, cands, list(range(len(table[0]))), deadline, exhaustive), spent[0]


def test_a_race_tells_a_clear_leader_apart_on_few_deals():
    """On the same deals a good deal is good for every choice: the leader gains 1 on
    each, the others' luck swings by 30. The paired differences separate it after the
    first deals, where each choice's own interval never would."""
    luck = [30 * ((d * 7919) % 11) for d in range(200)]
    table = [[v + 1 for v in luck], luck, [v - 2 for v in luck]]
    found, spent = _race(table)
    assert found.separated and found.order[0].index == 0
    assert spent <= 3 * 8  # ruled out after the first 8 deals, not 200 each
    assert [c.index for c in found.order] == [0, 1, 2]


def test_a_race_between_choices_as_good_as_each_other_names_none():
    """Choices that do as well as each other, one better on some deals and the other on
    others, are never told apart: every deal is played, and the race says so."""
    luck = [(d * 13) % 7 for d in range(40)]
    found, spent = _race([[v + d % 2 for d, v in enumerate(luck)], [v + (d + 1) % 2 for d, v in enumerate(luck)]])
    assert not found.separated and found.deals == 40 and spent == 80


def test_a_choice_alike_on_every_deal_is_as_good_as_the_leader():
    """Two choices that end alike on every deal (two monsters fought in either order) are
    one choice in effect: after SAME_AFTER deals the race takes them for the same, and the
    leader is told apart from the rest with the other named as good as it."""
    from dungeon_cli.kit.sampling import SAME_AFTER

    luck = [(d * 13) % 7 for d in range(40)]
    found, spent = _race([luck, list(luck)])
    assert found.separated and found.deals == SAME_AFTER and spent == 2 * SAME_AFTER
    assert [c.index for c in found.alike] == [1]


def test_a_race_cut_short_names_none():
    """Past its deadline at once: one playout, nothing separated."""
    found, spent = _race([[1] * 50, [0] * 50], deadline=0.0)
    assert not found.separated and spent == 1


def test_an_exhaustive_race_plays_every_deal_and_separates_by_the_figures():
    found, spent = _race([[1, 0, 1], [0, 0, 1]], exhaustive=True)
    assert found.separated and found.order[0].index == 0 and spent == 6
    tied, _ = _race([[1, 0], [0, 1]], exhaustive=True)
    assert not tied.separated
