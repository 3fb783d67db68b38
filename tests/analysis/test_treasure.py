"""RPG solitaire is judged by its treasure (issue 39): the game declares its objective
(``core.Objective.SCORE``), its strong player plays for the expected treasure carried
out, and ``analyse`` and ``hint`` speak of a choice's expected treasure with its
interval, where the other games keep the chance of winning."""

from __future__ import annotations

import json
import re

from conftest import ROOT

from dungeon_cli import bots, registry
from dungeon_cli.analysis import analyse, comment
from dungeon_cli.analysis.hint import hint
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Objective
from dungeon_cli.services.move_classes import read_comment
from dungeon_cli.services.session import Session
from notation import parse

RPG = registry.get("rpg-solitaire")
ESCAPE = ROOT / "fixtures" / "rpg-solitaire" / "legal" / "seeded-escape.dgn"


def test_rpg_declares_its_treasure_and_the_others_the_win():
    for game in registry.names():
        rules = registry.get(game).game
        assert rules.objective is (Objective.SCORE if game == "rpg-solitaire" else Objective.WINS), game
    assert RPG.game.score_word == "treasure"


def test_the_strong_player_of_rpg_plays_for_the_treasure_and_never_weighs_resigning():
    strong = bots.strong("rpg-solitaire")
    strong.begin(RPG, None, {}, RPG.game.start(None, {}, None))
    session = Session(Setup("rpg-solitaire", seed=7))
    session.deal()
    state = session.state
    legal = state.legal_actions()
    assert any(type(a).__name__ == "Resign" for a in legal)
    cands = strong.candidates(state)
    assert cands and all(c.by_score for c in cands)
    assert len(cands) == len(legal) - 1  # resign: a loss scoring 0, never better than playing on
    cassette = bots.strong("cassette-dungeons")
    module = registry.get("cassette-dungeons")
    cassette.begin(module, None, {}, module.game.start(None, {}, None))
    assert not cassette.by_score


def test_analyse_of_an_rpg_record_speaks_in_treasure():
    record = parse(ESCAPE.read_text())[0]
    found = analyse(record, samples=6)
    judged = [j for j in found.judgements if j.best is not None]
    assert judged
    for j in judged:
        assert j.best.word == j.played.word == "treasure"
        low, high = j.best.interval
        assert low <= j.best.mean_score <= high  # an interval around the expected treasure, not a rate's
        assert j.best.rate == 1.0 or j.best.mean_score == 0  # a share of the best choice's treasure
        data = j.as_json()["fair"]["before"]
        assert data["judged_by"] == "treasure"
        text = comment(j)
        assert re.search(r"fair treasure \d+\.\d -> \d+\.\d", text), text
        assert read_comment(text) and read_comment(text)[0].before == 100


def test_analyse_table_of_an_rpg_record(run):
    shown = run(["analyse", "--samples", "4", "--wide", str(ESCAPE)])
    assert shown.exit_code == 0, shown.output
    assert "fair before: treasure (95%) win" in shown.output
    assert "fair before: win" not in shown.output
    # each row: the expected treasure, its interval, and the chance of escaping alive
    rows = [line for line in shown.output.splitlines() if re.match(r"^\d+ ", line)]
    assert rows and all(re.search(r"\d+\.\d \(-?\d+\.\d--?\d+\.\d\) \d+%", row) for row in rows), shown.output
    data = json.loads(run(["analyse", "--samples", "4", "--format", "json", str(ESCAPE)]).output)
    fair = [d["fair"] for d in data["records"][0]["decisions"] if d["fair"]]
    assert fair and all(f["before"]["judged_by"] == "treasure" for f in fair)


def test_a_scoundrel_record_keeps_the_chance_of_winning(run):
    record = ROOT / "fixtures" / "scoundrel" / "legal" / "win-seeded.dgn"
    shown = run(["analyse", "--samples", "4", "--wide", str(record)])
    assert "fair before: win (95%) score" in shown.output, shown.output


def test_the_hint_of_rpg_speaks_in_treasure():
    session = Session(Setup("rpg-solitaire", seed=7))
    session.deal()
    found = hint(RPG, None, {}, session.all_events, samples=12, seconds=None)
    assert found is not None and found.fair.word == "treasure"
    assert all(f.word == "treasure" for f in found.leading)
    assert found.action in session.state.legal_actions()
