"""``dungeon stats --plot``'s picture (share/plot.py, trend_svg) in time linear in its rows."""

from __future__ import annotations

from dungeon_cli.share.plot import trend_svg


class Counted(dict):
    """A row that counts the look-ups made of it."""

    reads = 0

    def __getitem__(self, key):
        Counted.reads += 1
        return super().__getitem__(key)


def test_each_row_is_looked_at_a_few_times_whatever_the_players():
    """Each player's rows were found by a scan of every row: quadratic in the players
    (20,000 players: 337 s, against 38 s without the plot; issue 41, item 16)."""
    rows = [
        Counted(player=f"p{p}", month=f"2026-0{m}", games=4, wins=2, **{"win rate": 0.5, "ci low": 0.2, "ci high": 0.8})
        for p in range(400)
        for m in (1, 2)
    ]
    Counted.reads = 0
    svg = trend_svg("games over time", rows)
    assert svg.count("<polyline") == 400
    assert Counted.reads < 20 * len(rows), Counted.reads
