"""Card-set files: the default set, the checker's problems and positions, `dungeon cards check`."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT

from dungeon_cli.games.cassette_dungeons import loader
from dungeon_cli.games.cassette_dungeons.cardset import id_problem

DEFAULT = ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml"

TINY = """\
[set]
health = 5
hand = 2

[[monster]]
id = "rat"
slots = [{ min = 3, penalty = "hurt 1" }]
item = "heal 1"

[[map]]
[map.front]
id = "hall"
start = 1
boss = 2
rooms = [{ room = 1, exits = [2] }, { room = 2, reveal = ["boss"] }]
[map.back]
id = "yard"
start = 1
boss = 2
rooms = [{ room = 1, exits = [2] }, { room = 2, reveal = ["boss"] }]

[[boss]]
[boss.front]
id = "ogre"
slots = [{ min = 5, penalty = "hurt 3" }]
[boss.back]
id = "hag"
slots = [{ min = 2, penalty = "hurt 1" }]

[[hero]]
id = "monk"
slots = [{ min = 4, effect = "heal 1" }]
"""


def problems(text: str) -> list[str]:
    cards, found = loader.parse_text(text)
    assert (cards is None) == bool(found)
    return [f"{p.line}:{p.col}: {p.message}" for p in found]


def test_the_default_set_has_the_rulebook_counts():
    cards = loader.builtin("default")
    assert (len(cards.monsters), len(cards.treasures), len(cards.traps)) == (17, 8, 4)
    assert (len(cards.bosses), len(cards.maps), len(cards.heroes)) == (3, 3, 6)
    assert all(len(card) == 2 for card in cards.bosses + cards.maps)  # dual-sided
    assert (cards.health, cards.hand) == (11, 4)


def test_the_default_set_is_the_file_shipped_as_package_data():
    assert loader.builtin_text("default") == DEFAULT.read_text()
    assert "sets/*.toml" in (ROOT / "pyproject.toml").read_text()


def test_a_small_sound_set_builds():
    assert problems(TINY) == []


def test_every_problem_is_reported_with_the_line_and_column_of_its_key():
    text = (
        TINY.replace('min = 3, penalty = "hurt 1"', 'min = 7, penalty = "hurts 1"')
        .replace('id = "rat"', 'id = "kd"')
        .replace("exits = [2] }, { room = 2", "exits = [3] }, { room = 2", 1)
        .replace('effect = "heal 1"', 'effect = "monster"')
        .replace("hand = 2", "hand = 2\nhnad = 3")
    )
    assert problems(text) == [
        "4:1: set.hnad: unknown key 'hnad' (keys here: name, health, hand)",
        "7:1: monster[1].id: id 'kd' would be read as a playing card (Kd): choose another",
        "8:12: monster[1].slots[1].min: must be 1 to 6, not 7",
        "8:21: monster[1].slots[1].penalty: 'hurts 1' is not a penalty: write one of 'hurt N', 'monster', 'trap'",
        "16:31: map[1].front.rooms[1].exits[1]: exit to room 3, which is not on this map",
        "16:37: map[1].front.rooms[2]: room 2 cannot be reached from the start room 1",
        "33:21: hero[1].slots[1].effect: 'monster' is not a hero skill: write one of 'heal N', 'bump N', 'strike', 'slay', 'ward'",
    ]


def test_map_shapes_that_cannot_be_played_are_refused():
    looped = TINY.replace(
        'rooms = [{ room = 1, exits = [2] }, { room = 2, reveal = ["boss"] }]\n[map.back]',
        'rooms = [{ room = 1, exits = [3] }, { room = 3, reveal = ["monster"], exits = [1, 2] }, '
        '{ room = 2, reveal = ["boss"], exits = [1] }]\n[map.back]',
    )
    found = problems(looped)
    assert any("map[1].front.rooms[3].exits: the boss room has no exits" in p for p in found)
    assert any("map[1].front.rooms: the arrows form a loop" in p for p in found)
    no_boss = TINY.replace('{ room = 2, reveal = ["boss"] }]\n[map.back]', "{ room = 2 }]\n[map.back]")
    assert any("the boss room must reveal a boss" in p for p in problems(no_boss))


def test_a_set_must_supply_what_its_maps_call_for():
    text = TINY.replace("[[boss]]\n[boss.front]", "[[bos]]\n[bos.front]").replace("[boss.back]", "[bos.back]")
    found = problems(text)
    assert "1:1: map hall room 2 calls for a boss, and the set has no [[boss]]" in found
    assert any("unknown section 'bos'" in p for p in found)


def test_a_toml_syntax_error_is_reported_where_tomllib_found_it():
    assert problems("[set]\nhealth = = 3\n") == ["2:10: TOML syntax: Invalid value"]


def test_ids_must_not_read_as_cards_or_notation_words():
    assert id_problem("orc") is None
    assert "playing card" in id_problem("as")
    assert "playing card" in id_problem("xks")  # x then a card: a strike mark in Scoundrel
    assert "word of the notation" in id_problem("w")
    assert "word of the notation" in id_problem("out")
    assert "lower-case" in id_problem("Orc")


def test_a_name_or_text_with_a_control_character_is_a_problem_not_a_sound_set(run, tmp_path: Path):
    """Names reach a terminal (replay, play) and an editor's hover: an escape, a bell, a
    bidi override or a line end (which would close the hover's code fence) is refused."""
    for odd in ("\\u001b]0;owned\\u0007", "Rat\\u202e", "Rat\\n```\\n![x](http://example.com/x.png)", "Rat\\u0085"):
        text = TINY.replace('id = "rat"\n', f'id = "rat"\nname = "{odd}"\n')
        assert text != TINY
        (found,) = problems(text)
        assert found.startswith("7:1: monster[1].name: holds a control or format character (U+"), found
        path = tmp_path / "odd.toml"
        path.write_text(text)
        result = run(["cards", "check", str(path)])
        assert result.exit_code == 1 and "sound" not in result.stdout
        assert not any(ch in result.output for ch in ("\x1b", "\x07", "\u202e", "\x85")), result.output
    assert problems(TINY.replace("[set]\n", '[set]\nname = "two\\tcolumns"\n'))[0].startswith("2:1: set.name: ")


def test_cards_check_exit_status_and_output(run, tmp_path: Path):
    good = tmp_path / "good.toml"
    good.write_text(TINY)
    bad = tmp_path / "bad.toml"
    bad.write_text(TINY.replace("min = 3", "min = 0"))
    result = run(["cards", "check", str(good)])
    assert result.exit_code == 0
    assert result.stdout == (
        f"{good}: card set 'good' is sound: 1 monster, 0 treasures, 0 traps, 1 boss, 1 map, 1 hero, health 5\n"
    )
    result = run(["cards", "check", str(good), str(bad)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == f"{bad}:7:12: error: monster[1].slots[1].min: must be 1 to 6, not 0"
    result = run(["cards", "check", str(tmp_path / "missing.toml"), str(bad)])
    assert result.exit_code == 2
    assert "missing.toml: no such file" in result.stderr


def test_cards_check_accepts_the_default_set(run):
    result = run(["cards", "check", str(DEFAULT)])
    assert result.exit_code == 0
    assert "17 monsters, 8 treasures, 4 traps, 3 bosses, 3 maps, 6 heroes, health 11" in result.stdout


def test_a_record_names_its_set_relative_to_the_working_directory(run, tmp_path, monkeypatch):
    (tmp_path / "tiny.toml").write_text(TINY)
    record = '[Game "cassette-dungeons"]\n[Cards "tiny.toml"]\n\ndeal: hall\n1. : @monk >2 ^ogre\n'
    (tmp_path / "g.dgn").write_text(record)
    monkeypatch.chdir(tmp_path)
    assert run(["verify", "g.dgn"]).stdout == ""
    (tmp_path / "tiny.toml").write_text(TINY.replace("min = 3", "min = 9"))
    result = run(["verify", "g.dgn"])
    assert result.stdout == (
        "g.dgn:2:8: error: card set tiny.toml has problems: line 7: monster[1].slots[1].min: "
        "must be 1 to 6, not 9; see dungeon cards check tiny.toml\n"
    )


FIVE = ", ".join(['{ min = 2, penalty = "hurt 1" }'] * 5)


def test_cards_check_warns_of_an_enemy_with_more_slots_than_dice_that_only_items_can_beat(run, tmp_path: Path):
    unfair = tmp_path / "unfair.toml"
    text = TINY.replace('slots = [{ min = 5, penalty = "hurt 3" }]', f"slots = [{FIVE}]").replace(
        'item = "heal 1"', 'item = "strike"'
    )
    unfair.write_text(text)
    result = run(["cards", "check", str(unfair)])
    assert result.exit_code == 0  # sound and winnable, but unfair: a warning
    assert result.stdout.splitlines()[0] == (
        f"{unfair}:25:1: warning: boss[1].front.slots: boss ogre has 5 slots and there are 4 dice: "
        "dice alone can never defeat it, only items and skills that strike (unfair)"
    )
    assert "is sound" in result.stdout.splitlines()[1]


def test_cards_check_warns_of_a_boss_with_a_monster_penalty(run, tmp_path: Path):
    """Issue 25: the rulebook's Monster icon "is used on Monster-type enemies (not
    Bosses)", yet the built-in Lich and Hydra had one. A set may still do it (the game
    plays it): a warning, exit 0."""
    odd = tmp_path / "odd.toml"
    odd.write_text(TINY.replace('slots = [{ min = 5, penalty = "hurt 3" }]', 'slots = [{ min = 5, penalty = "monster" }]'))
    result = run(["cards", "check", str(odd)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == (
        f"{odd}:25:21: warning: boss[1].front.slots[1].penalty: boss ogre has a monster penalty: "
        "the rulebook's Monster icon is for Monster-type enemies, not bosses"
    )
    assert "is sound" in result.stdout.splitlines()[1]
    cards = loader.builtin("default")
    assert [
        (side.id, str(slot.effect)) for side in cards.boss_sides.values() for slot in side.slots if slot.effect.kind == "monster"
    ] == []


def test_cards_check_refuses_a_boss_and_a_map_that_no_sequence_can_beat(run, tmp_path: Path):
    hopeless = tmp_path / "hopeless.toml"
    text = TINY.replace('slots = [{ min = 5, penalty = "hurt 3" }]', f"slots = [{FIVE}]").replace(
        'slots = [{ min = 2, penalty = "hurt 1" }]', f"slots = [{FIVE}]"
    )
    hopeless.write_text(text)
    result = run(["cards", "check", str(hopeless)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (
        f"{hopeless}:11:1: error: map[1].front: map hall: every way to the boss room meets an enemy "
        "that can never be defeated: the map cannot be won"
    )
    assert any("boss ogre has 5 slots" in line and "it can never be defeated" in line for line in lines)
    assert any("boss hag has 5 slots" in line for line in lines)
    assert not any("is sound" in line for line in lines)


def test_the_default_set_is_fair_by_its_own_check(run):
    result = run(["cards", "check", str(DEFAULT)])
    assert "warning" not in result.stdout and "error" not in result.stdout
    cards = loader.builtin("default")
    assert all(len(side.slots) <= 4 for side in cards.boss_sides.values())
    assert all(len(m.slots) <= 4 for m in cards.monsters.values())


def test_cards_export_writes_the_built_in_set_and_never_overwrites(run, tmp_path: Path):
    target = tmp_path / "mine.toml"
    result = run(["cards", "export", str(target)])
    assert result.exit_code == 0
    assert target.read_text() == DEFAULT.read_text()
    assert run(["cards", "check", str(target)]).exit_code == 0
    again = run(["cards", "export", str(target)])
    assert again.exit_code == 2 and "exists already" in again.stderr
    assert run(["cards", "export"]).stdout == DEFAULT.read_text()
    assert run(["cards", "export", "--set", "nope"]).exit_code == 2


def test_play_and_sim_take_a_card_set_file_and_the_record_names_it(run, tmp_path: Path, monkeypatch):
    """A set the user names on the command line is read where it lies; the record names
    it so that its reader finds it: from the record's own directory when it lies there,
    else by its file name, with a note naming the --cards-path that finds it (a record
    never names a file outside the directories its reader allows)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sets").mkdir()
    (tmp_path / "games").mkdir()
    text = DEFAULT.read_text().replace('id = "knight"', 'id = "paladin"').replace("health = 11", "health = 5")
    (tmp_path / "sets" / "mine.toml").write_text(text)
    played = run(
        ["play", "cassette-dungeons", "--seed", "3", "--cards", "sets/mine.toml", "-o", "games/g.dgn"], input="@paladin >3\n"
    )
    assert played.exit_code == 0, played.output
    assert "note: the record names its card set 'mine.toml': verify it with --cards-path sets" in played.stderr
    record = (tmp_path / "games" / "g.dgn").read_text()
    assert '[Cards "mine.toml"]' in record
    assert run(["verify", "games/g.dgn"]).exit_code == 1  # not beside the record: not found
    assert run(["verify", "--cards-path", "sets", "games/g.dgn"]).exit_code == 0
    piped = run(["play", "cassette-dungeons", "--seed", "3", "--cards", "sets/mine.toml"], input="@paladin >3\n")
    assert '[Cards "sets/mine.toml"]' in piped.stdout  # under the directory a piped record is read from
    own = run(["sim", "cassette-dungeons", "--bot", "greedy", "--games", "40", "--cards", "sets/mine.toml", "--records", "out"])
    assert own.exit_code == 0, own.output
    built_in = run(["sim", "cassette-dungeons", "--bot", "greedy", "--games", "40"])
    assert own.stdout.splitlines()[2] != built_in.stdout.splitlines()[2]  # 5 health, not 11: other results
    assert '[Cards "mine.toml"]' in (tmp_path / "out" / "cassette-dungeons-0.dgn").read_text()
    assert run(["verify", "--cards-path", "sets", *map(str, (tmp_path / "out").glob("*.dgn"))]).exit_code == 0


def test_cards_is_refused_where_it_does_not_apply(run, tmp_path: Path):
    assert run(["play", "scoundrel", "--cards", str(DEFAULT)], input="").exit_code == 2
    assert run(["sim", "scoundrel", "--cards", str(DEFAULT), "--games", "1"]).exit_code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text(TINY.replace("min = 3", "min = 0"))
    result = run(["play", "cassette-dungeons", "--cards", str(bad)], input="")
    assert result.exit_code == 2 and "must be 1 to 6, not 0" in result.stderr


def test_cards_check_reads_standard_input_as_dash_and_as_dev_stdin(tmp_path: Path):
    """`-` is standard input, as everywhere; /dev/stdin, which a user types on purpose,
    is too (issue 25: "-: no such file" and /dev/stdin refused). Real processes: only
    there is /dev/stdin the process's own standard input."""
    from conftest import run_subprocess

    bad = TINY.replace("min = 3", "min = 0").encode()
    for name in ("-", "/dev/stdin"):
        done = run_subprocess(["cards", "check", name], input=TINY.encode())
        assert done.returncode == 0, done.stderr
        assert (
            done.stdout.decode()
            == "<stdin>: card set 'stdin' is sound: 1 monster, 0 treasures, 0 traps, 1 boss, 1 map, 1 hero, health 5\n"
        )
        done = run_subprocess(["cards", "check", name], input=bad)
        assert done.returncode == 1
        assert done.stdout.decode().splitlines()[-1] == "<stdin>:7:12: error: monster[1].slots[1].min: must be 1 to 6, not 0"
