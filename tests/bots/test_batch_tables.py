"""The batch playouts' step tables (dungeon_cli/games/scoundrel/batch_playouts.py) hold
what the rules' own functions say, for every position, card and strike: the playouts are
held to the core over thousands of games, but a position those games never reach would
go unchecked there."""

from __future__ import annotations

import pytest

from dungeon_cli.games.scoundrel import batch_playouts as bp
from dungeon_cli.games.scoundrel.rules import FRESH, MAX_HP, drink, fight, may_strike
from dungeon_cli.games.scoundrel.tables import IDS, MONSTER, POTION, WEAPON


def _where(hp: int, weapon: int, cap: int, drank: int) -> int:
    return bp._positions(hp, weapon, cap, drank)


@pytest.mark.parametrize("strict", [False, True], ids=["base", "strict-weapon"])
def test_every_step_is_the_rules_step(strict):
    t = bp._Tables(strict)
    checked = 0
    for hp in range(bp._LOW, MAX_HP + 1):
        for weapon in range(bp._WEAPONS):
            for cap in range(bp._CAPS):
                for drank in (0, 1):
                    here = _where(hp, weapon, cap, drank)
                    assert (t.hp[here], t.weapon[here], t.cap[here], bool(t.dead[here])) == (hp, weapon, cap, hp <= 0)
                    for card in IDS:
                        step = here * bp._STEP + card * 2
                        got = [(int(t.after[step + k]), int(t.slain[step + k]), int(t.drunk[step + k])) for k in (0, 1)]
                        m, w, p = MONSTER[card], WEAPON[card], POTION[card]
                        if hp <= 0:  # dead: stays
                            want = [(here, 0, 0), (here, 0, 0)]
                        elif m:
                            strike = (
                                (_where(fight(hp, m, weapon), weapon, m, drank), m, 0)
                                if weapon and may_strike(m, cap, strict)
                                else (bp.INVALID, 0, 0)
                            )
                            want = [(_where(fight(hp, m), weapon, cap, drank), m, 0), strike]
                        elif w:
                            want = [(_where(hp, w, FRESH, drank), 0, 0), (bp.INVALID, 0, 0)]
                        else:
                            healed = hp if drank else drink(hp, p)
                            want = [(_where(healed, weapon, cap, 1), 0, 0 if drank else p), (bp.INVALID, 0, 0)]
                        assert got == want, (hp, weapon, cap, drank, card)
                        if hp > 0:
                            left = float(t.carried[here * len(IDS) + card])
                            if m:
                                cost = -fight(0, m, weapon) if weapon and may_strike(m, cap, strict) else m
                            else:
                                cost = -(drink(hp, p) - hp) / 2 if p else 0.0
                            assert left == cost, (hp, weapon, cap, card)
                        checked += 1
    assert checked == bp._POSITIONS * len(IDS)
    invalid = bp.INVALID * bp._STEP
    assert set(t.after[invalid : invalid + bp._STEP].tolist()) == {bp.INVALID}
