"""The runs behind docs/simulation.md's "A fair ceiling for Scoundrel" (bench/ceiling.py,
bench/endgame.py): the commands the page shows run here on a few seeds, and what makes
the ceiling a bound is held where it can be checked whole (the endgame's exactness:
tests/games/scoundrel/test_endgame.py)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import ceiling  # noqa: E402


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_ceilings_command_runs_and_sums_up():
    out = _run("bench.ceiling", "0", "2", "2")
    assert "seeds 0-1 (base game), 2 orders a way: first room fair, then the deal known" in out
    assert out.count("\nseed ") + out.startswith("seed ") == 2


def test_the_relaxed_player_sees_only_the_first_room_before_it_decides():
    """The ceiling's first decision is taken on the player's view: the same candidates
    and the same orders whatever the unseen cards' real order (a bound, not a cheat)."""
    real, view = ceiling.first_room(3)
    assert not view.dungeon.known and sum(view.dungeon.hidden.values()) == 40
    assert list(view.room) == list(real.room)


def test_the_endgames_command_runs():
    out = _run("bench.endgame", "2", "1", "3")
    assert "seeds 2-2, exact from 3 cards left: sampling alone won" in out
