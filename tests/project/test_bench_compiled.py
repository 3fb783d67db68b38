"""``make bench``'s anchor, compiled against pure (bench/compiled.py, issue 37), in pieces
cheap enough for the suite: the corpus of every game by the random, greedy and strong
players, written once and read back as made; each measurement a venv's process runs; and
the targets judged from both the min and the median figure. The whole run (``python -m
bench.compiled --quick``) installs three virtualenvs and is run by hand."""

from __future__ import annotations

import sys

import pytest
from conftest import ROOT

from dungeon_cli.services import simulate

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench import compiled, corpus  # noqa: E402


def test_the_corpus_is_every_game_by_random_greedy_and_a_share_of_strong():
    rows = {(game, bot): games for game, bot, games in corpus.SIM_CORPUS}
    assert set(rows) == {(g, b) for g in compiled.GAMES for b in ("random", "greedy", "strong")}
    for game in compiled.GAMES:
        assert 0 < rows[game, "strong"] <= rows[game, "greedy"] // 20, game  # a small share: the strong player is slow
    quick = compiled.Settings(quick=True).corpus
    assert {(g, b) for g, b, _ in quick} == set(rows)


def test_the_corpus_written_once_reads_back_as_sim_writes_it(tmp_path):
    spec = (("clear-the-dungeon", "random", 3), ("clear-the-dungeon", "strong", 2), ("scoundrel", "greedy", 2))
    corpus.write_sim_corpus(tmp_path, spec=spec)
    found = corpus.sim_corpus(tmp_path)
    assert list(found) == ["clear-the-dungeon", "scoundrel"]
    assert len(found["clear-the-dungeon"]) == 5 and len(found["scoundrel"]) == 2

    def played(game: str, bot: str, seeds: range) -> list[str]:
        return [o.record.rstrip("\n") for o in simulate.play_many(simulate.Spec(game, bot, None, records=True), seeds)]

    def read(records: list[str]) -> list[str]:
        return [r.rstrip("\n") for r in records]

    assert read(found["scoundrel"]) == played("scoundrel", "greedy", range(2))
    assert read(found["clear-the-dungeon"]) == played("clear-the-dungeon", "random", range(3)) + played(
        "clear-the-dungeon", "strong", range(2)
    )
    assert found["clear-the-dungeon"][3] != found["clear-the-dungeon"][0]  # seed 0 again, by another player


def test_make_bench_writes_the_corpus_once_for_every_bench(tmp_path, monkeypatch, capsys):
    """``python -m bench.corpus DIR`` writes it, never over a directory that is there;
    ``$DUNGEON_BENCH_CORPUS`` names it to every bench after (throughput, tree_verify,
    the full run of bench.compiled)."""
    spec = (("scoundrel", "random", 2),)
    monkeypatch.setattr(corpus, "SIM_CORPUS", spec)
    where = tmp_path / "corpus"
    assert corpus.main([str(where)]) == 0
    assert corpus.main([str(where)]) == 2 and "there already" in capsys.readouterr().err
    monkeypatch.setenv(corpus.SHARED, str(where))
    assert corpus.sim_corpus() == corpus.sim_corpus(where)
    assert [len(records) for records in corpus.sim_corpus().values()] == [2]
    settings = compiled.Settings()
    assert settings.corpus_dir == where.resolve() and settings.corpus == (("scoundrel", "random", 2),)
    assert compiled.Settings(quick=True).corpus_dir is None  # --quick makes its own small corpus


def test_the_pieces_a_venv_runs_give_their_figures():
    sim = compiled.piece("sim", {"games": ["clear-the-dungeon"], "sim_games": {"random": 5, "greedy": 3}})
    assert set(sim) == {"clear-the-dungeon random", "clear-the-dungeon greedy"} and all(v > 0 for v in sim.values())
    found = compiled.piece("decisions", {"decisions": 2, "games": ["clear-the-dungeon"]})
    assert len(found["clear-the-dungeon"]) == 2 and all(t >= 0 for t in found["clear-the-dungeon"])
    pytest.importorskip("pygls", reason="dungeon lsp needs the lsp extra")
    lsp = compiled.piece("lsp", {"changes": 2})
    assert len(lsp["ms"]) == 2 and all(t > 0 for t in lsp["ms"])


def _out(mix: tuple[float, float], lsp_ms: float) -> dict:
    """A run's figures: every target met but the compiled mix's (given) and the server's."""
    figure = {"ratio_min": 6.0, "ratio_median": 6.0}
    throughput = {f"vs python-chess: {name}": dict(figure) for name in compiled.NAMES}
    throughput["vs python-chess: mix"] = {"ratio_min": mix[0], "ratio_median": mix[1]}
    throughput["vs the floor checker: scoundrel"] = {"slower_min": 2.0, "slower_median": 2.4}
    throughput["dungeon verify CLI, mix (s)"] = 1.5
    baseline = {"min_ms": 50.0, "median_ms": 51.0, "ratio_min": 1.0, "ratio_median": 1.0}
    startup = {"python -c import click": baseline}
    startup.update({compiled.SMALL_CASE.format(s): {**baseline, "ratio_min": 1.1, "ratio_median": 1.2} for s in compiled.SIDES})
    decisions = {g: {"decisions": 3, "median_ms": 5.0, "mean_ms": 6.0} for g in compiled.GAMES}
    sim = {"scoundrel random": {"n": 3, "best": 100.0, "median": 90.0}}
    out = {
        "wheel": "w.whl",
        "quick": True,
        "seconds": 1,
        "corpus": [["scoundrel", "random", 3]],
        "throughput compiled": throughput,
        "throughput pure": throughput,
        "startup": startup,
        "lsp": {s: {"changes": 3, "median_ms": lsp_ms, "p90_ms": lsp_ms + 5} for s in compiled.SIDES},
        "decisions": {s: decisions for s in compiled.SIDES},
        "sim": {s: sim for s in compiled.SIDES},
    }
    out["targets"] = compiled.targets(out)
    return out


def test_a_target_is_met_only_when_its_min_and_median_figures_both_meet_it():
    out = _out(mix=(5.2, 4.9), lsp_ms=31.0)
    verdicts = {t["what"]: t["met"] for t in out["targets"]}
    assert not verdicts["compiled verify vs python-chess, mix"]  # the median falls short
    assert not verdicts["compiled lsp diagnostics, median ms"]
    assert sum(verdicts.values()) == len(verdicts) - 2
    lines = compiled.table(out).splitlines()
    assert [line.split()[-2:] for line in lines if "NOT MET" in line] == [["NOT", "MET"]] * 2
    assert sum(line.endswith(" met") for line in lines) == len(verdicts) - 2
    assert all(t["met"] for t in _out(mix=(5.0, 5.1), lsp_ms=30.0)["targets"])


def test_sim_quotes_the_best_round_as_the_most_games_a_second():
    rounds = [{"scoundrel random": rate, "compiled": "compiled: no"} for rate in (300.0, 100.0, 200.0)]
    assert compiled.sim_figures(rounds) == {"scoundrel random": {"n": 3, "best": 300.0, "median": 200.0}}
