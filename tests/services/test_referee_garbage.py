"""A verdict leaves no garbage in cycles: the referee's walk lets go of its visitors, so a
record is freed when its verdict is. Before, each record's objects waited for the cycle
collector, which spent 8% of a verify of many records walking them (issue 26)."""

from __future__ import annotations

import gc
import io

import pytest

from dungeon_cli.services import simulate
from dungeon_cli.services.referee import Referee
from notation import read


@pytest.mark.parametrize("game", ["scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons"])
def test_checking_records_leaves_nothing_for_the_cycle_collector(game):
    spec = simulate.Spec(game, "random", None, records=True)
    text = "\n".join(o.record for o in simulate.play_many(spec, range(20)))
    text += '\n[Game "' + game + '"]\n\n1. : zz\n'  # and a record that faults
    referee = Referee()
    for record in read(io.BytesIO(text.encode())):  # the first of each: caches filled
        referee.check(record)
    gc.collect()
    gc.disable()
    try:
        verdicts = [referee.check(record) for record in read(io.BytesIO(text.encode()))]
        assert [v.legal for v in verdicts] == [True] * 20 + [False]
        assert verdicts[0].walk.setup.game == game  # the verdict keeps its walk
        del verdicts
        assert gc.collect() == 0
    finally:
        gc.enable()
