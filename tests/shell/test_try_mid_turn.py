"""notation/SPEC.md section 9's choice that a try made in mid-turn is written as the
whole move it replaces (the decisions before the try, then the branch's): the spec's
command, run as it is written there, writes the spec's record."""

from __future__ import annotations

import re
import shlex

from conftest import ROOT

from notation import parse

SPEC = (ROOT / "notation" / "SPEC.md").read_text(encoding="utf-8")
CHOICE = SPEC[SPEC.index("**Choice: a try in mid-turn is written as the whole move.**") :]


def test_the_specs_mid_turn_try_writes_the_specs_record(run, tmp_path):
    command = re.search(r"`(printf '[^`]*' \| dungeon play [^`]*)`", CHOICE)
    assert command is not None
    typed, play = command.group(1).split(" | ")
    lines = shlex.split(typed)[1].encode().decode("unicode_escape")
    assert "\ntry\n" in lines and not lines.startswith("try")
    out = tmp_path / "mid.dgn"
    result = run([*shlex.split(play)[1:], "-o", str(out)], input=lines)
    assert result.exit_code == 0, result.stderr
    expected = re.search(r"```dgn\n(.*?)```", CHOICE, re.S)
    assert expected is not None
    assert out.read_text() == expected.group(1)
    (record,) = parse(out.read_text())
    main, (variation,) = record.moves[1], record.moves[1].variations
    before_try = lines.split("try\n")[0].splitlines()[1:]  # the decisions of move 2 typed before it
    assert [t.text for t in variation[0].split()[0]] == [t.text for t in main.split()[0]]  # the same DEALT
    assert [t.text for t in variation[0].split()[2]][: len(before_try)] == before_try  # the turn so far is in it
    assert run(["verify", "--seed-check", str(out)]).exit_code == 0
