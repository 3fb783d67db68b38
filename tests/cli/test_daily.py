"""The daily deal: a fixed date gives a fixed seed (the rule of docs/seeded-dealing.md,
pinned: changing it would deal every past day differently), ``play --daily`` writes a
record with that Date and Seed which verifies with --seed-check, and ``dungeon daily``
says what this machine holds of the day's game."""

from __future__ import annotations

import datetime as _dt

import pytest

from dungeon_cli import registry
from dungeon_cli.services import daily_seed as daily
from dungeon_cli.shell.sample import sample_game

DAY = _dt.date(2026, 12, 1)


@pytest.mark.parametrize(
    "game, seed",
    [
        ("scoundrel", 2644681474),
        ("clear-the-dungeon", 1094358927),
        ("rpg-solitaire", 4005781656),
        ("cassette-dungeons", 3311705597),
    ],
)
def test_a_fixed_date_gives_a_fixed_seed(game, seed):
    assert daily.seed_for(game, DAY) == seed


def test_the_rule_is_the_documented_hash():
    import hashlib

    digest = hashlib.sha256(b"dungeon daily scoundrel 2026-12-01").hexdigest()
    assert daily.seed_for("scoundrel", DAY) == int(digest[:8], 16)
    assert daily.seed_for("scoundrel", DAY + _dt.timedelta(days=1)) != daily.seed_for("scoundrel", DAY)


def test_today_is_the_utc_date(monkeypatch):
    class Clock(_dt.datetime):
        @classmethod
        def now(cls, tz=None):
            # 23:30 on 30 November in UTC-5 is already 1 December in UTC
            return _dt.datetime(2026, 12, 1, 4, 30, tzinfo=_dt.UTC).astimezone(tz)

    monkeypatch.setattr(daily._dt, "datetime", Clock)
    assert daily.today() == DAY


@pytest.fixture
def on_day(monkeypatch, tmp_path):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.mark.parametrize("game, moves", [("scoundrel", "run\n"), ("clear-the-dungeon", "-\n")])
def test_play_daily_writes_date_and_seed_and_the_record_verifies_against_its_seed(run, on_day, game, moves):
    result = run(["play", game, "--daily"], input=moves)
    assert result.exit_code == 0, result.output
    seed = daily.seed_for(game, DAY)
    assert f'[Seed "{seed}"]\n[Date "2026-12-01"]\n' in result.stdout
    assert "\n1. " in result.stdout
    path = on_day / "daily.dgn"
    path.write_text(result.stdout)
    check = run(["verify", "--seed-check", str(path)])
    assert check.exit_code == 0, check.output


def test_play_daily_takes_no_seed_of_its_own(run):
    result = run(["play", "scoundrel", "--daily", "--seed", "3"])
    assert result.exit_code == 2
    assert "--daily deals today's seed: it cannot take --seed, --table or --resume" in result.output


def test_daily_prints_the_seed_and_what_this_machine_holds(run, on_day):
    seed = daily.seed_for("scoundrel", DAY)
    result = run(["daily", "scoundrel"])
    assert result.exit_code == 0
    assert result.stdout == (
        f"scoundrel 2026-12-01 (UTC): seed {seed}\nrecord: none on this machine\nplay it: dungeon play scoundrel --daily\n"
    )
    path = daily.record_path("scoundrel", DAY)
    path.parent.mkdir(parents=True)
    played = run(["play", "scoundrel", "--daily"], input="run\n").stdout
    path.write_text(played)
    assert run(["daily", "scoundrel"]).stdout.splitlines()[1:] == [
        f"record: {path}: in progress",
        "go on with it: dungeon play scoundrel --daily",
    ]
    finished, _ = sample_game(registry.get("scoundrel"), seed)
    path.write_text(finished.text())
    result = finished.state.result()
    assert run(["daily", "scoundrel"]).stdout.splitlines()[1:] == [f"record: {path}: {result}"]  # nothing more to play
    path.write_text(played.replace("1. ", "1. 2s "))
    assert "(not legal: dungeon verify --seed-check" in run(["daily", "scoundrel"]).stdout


def test_the_documented_example(run):
    """docs/seeded-dealing.md: `dungeon daily scoundrel --date 2026-12-01`."""
    result = run(["daily", "scoundrel", "--date", "2026-12-01"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "scoundrel 2026-12-01 (UTC): seed 2644681474"


@pytest.mark.parametrize("value", ["2026-1-1", "20261201", "2026-02-30", "tomorrow"])
def test_a_bad_date_is_one_line_and_exit_2(run, value):
    result = run(["daily", "scoundrel", "--date", value])
    assert result.exit_code == 2
    assert f"'{value}' is not a date: YYYY-MM-DD" in result.output


def _at_a_terminal(cwd, data, keys: bytes) -> str:
    """``dungeon play scoundrel --daily`` at a real terminal: ``keys`` typed once the
    prompt is up (if it comes up); what the screen showed."""
    from pty_terminal import PROMPTING, Terminal, terminal_env

    env = terminal_env(XDG_DATA_HOME=str(data))
    with Terminal(["play", "scoundrel", "--daily"], cwd, env) as term:
        term.wait_for(lambda: PROMPTING in term.output or term.proc.poll() is not None)
        if PROMPTING in term.output:
            term.type(keys.decode())
        term.finish()
        return bytes(term.output).decode(errors="replace")


def test_at_a_terminal_the_days_game_is_kept_where_daily_finds_it(run, tmp_path, monkeypatch):
    """A real terminal: the record goes to the data directory, named by game and day;
    the same command goes on with it after a quit, and once it is over says how it went."""
    data = tmp_path / "data"
    shown = _at_a_terminal(tmp_path, data, b"quit\r")
    day = daily.today()
    path = data / "dungeon" / "daily" / f"scoundrel-{day:%Y-%m-%d}.dgn"
    assert path.exists(), shown[-2000:]
    assert "go on with: dungeon play scoundrel --daily" in shown
    text = path.read_text()
    assert f'[Seed "{daily.seed_for("scoundrel", day)}"]\n[Date "{day:%Y-%m-%d}"]\n' in text
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setattr(daily, "today", lambda: day)
    assert run(["daily", "scoundrel"]).stdout.splitlines()[1] == f"record: {path}: in progress"
    # the same command again: today's game where it was left (before: "exists already", 1)
    again = _at_a_terminal(tmp_path, data, b"run\rquit\r")
    assert f"today's scoundrel deal ({day:%Y-%m-%d}), where you left it: {path}" in again, again[-2000:]
    assert "exists already" not in again
    assert "\n1. " in path.read_text() and path.read_text().startswith(text.split("\n\n")[0])
    # over: the same command says how it went, and plays nothing
    finished, _ = sample_game(registry.get("scoundrel"), daily.seed_for("scoundrel", day))
    path.write_text(finished.text())
    over = _at_a_terminal(tmp_path, data, b"")
    assert f"today's scoundrel deal ({day:%Y-%m-%d}) is played: {path}: {finished.state.result()}" in over, over
