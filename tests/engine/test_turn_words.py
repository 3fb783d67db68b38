"""Each finished turn in words (issue 25: "RPG solitaire hides the fight"): the prompt of
``play`` says it after the turn, ``replay`` and its web page beside the move, in every
game and from one source (``Notation.tell``, gathered by ``engine.Told``). And Cassette
Dungeons! at the prompt: choices that differ only in their aim say so, going on past
the dice is one completion, and the page's map shows which way a path goes."""

from __future__ import annotations

import io
import re

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.services.session import Session
from dungeon_cli.share.page import page
from dungeon_cli.shell.candidates import candidates, choices
from dungeon_cli.shell.interactive import PlayShell
from dungeon_cli.shell.line import apply_line
from dungeon_cli.shell.sample import sample_game
from notation import parse


def typed(session: Session, lines: list[str]) -> str:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines))
        pipe.close()
        PlayShell(session, None, out, input=pipe, output=DummyOutput()).run()
    return out.getvalue()


def test_the_rpg_fight_is_said_at_the_prompt():
    """The issue's game: the board jumps from treasure 0 to 9; the words say why."""
    out = typed(Session(Setup("rpg-solitaire", seed=5)), ["@n/ne", "keep"])
    told = re.search(r"^turn 1: (.*?)\n\n", out, re.S | re.M)
    assert told is not None, out
    words = " ".join(told.group(1).split())
    assert "placed Ks to the north" in words and "kept 9s" in words
    assert "fought the monster 8s/9h/5c (armor/health/attack): you slew it" in words
    assert "treasure +9" in words
    assert out.index("turn 1: ") < out.index("turn 2 of 96")  # said before the next board


@pytest.mark.parametrize("name", registry.names())
def test_every_game_says_every_finished_turn_at_the_prompt(name):
    module = registry.get(name)
    played, lines = sample_game(module, 3)
    lines = lines[:6]
    out = typed(Session(Setup(name, seed=3)), lines)
    said = re.findall(r"^turn (\d+): \S", out, re.M)
    assert said == [str(n) for n in range(1, len(lines) + 1)], out


def test_replay_and_its_page_show_the_same_words(run, tmp_path):
    played, _ = sample_game(registry.get("rpg-solitaire"), 5)
    text = played.text()
    shown = run(["replay", "-"], input=text).stdout
    assert re.search(r"^turn 1: ", shown, re.M)
    html = page(parse(text), "game.dgn")
    told = re.findall(r'<p class="told">(.*?)</p>', html)
    moves = len([line for line in text.splitlines() if line[:1].isdigit()])
    assert len(told) == moves and told[0].startswith("turn 1: ")
    assert " ".join(re.search(r"^turn 1: .*?(?=\n\S)", shown, re.M | re.S).group(0).split()) == told[0]


def cassette_after_the_roll() -> Session:
    session = Session(Setup("cassette-dungeons", seed=5))
    for line in ("@rogue", ">3", "*wxyz"):
        apply_line(session, line)
    return session


def test_cassette_choices_that_differ_in_their_aim_say_it():
    session = cassette_after_the_roll()
    notation = registry.get("cassette-dungeons").notation
    options = choices(notation, session.state)
    metas = [meta for _, meta, _ in options]
    assert len(set(metas)) == len(metas), metas
    assert ("w>rogue.1/x", "die w (3) into rogue's slot 1: bump 2 on die x") in [(t, m) for t, m, _ in options]


def test_going_on_past_the_dice_is_one_completion_and_named_on_the_board():
    session = cassette_after_the_roll()
    module = registry.get("cassette-dungeons")
    offered = {c.text: c.meta for c in candidates(module.notation, session.state, "~")}
    assert offered["~imp.1 ~imp.2"].startswith("this turn's step: imp's empty slot 1: hurt 2; imp's empty slot 2")
    assert "or go on (~imp.1 ~imp.2)" in module.render(session.state)
    # typed as offered, it plays the whole step; and completion follows it
    assert candidates(module.notation, session.state, "~imp.1 ~imp.2 ") is not None
    apply_line(session, "~imp.1 ~imp.2")
    assert session.state.step != "suffer"


def test_the_cassette_map_on_the_page_has_an_arrowhead_for_every_path():
    played, _ = sample_game(registry.get("cassette-dungeons"), 2)
    html = page(parse(played.text()), "game.dgn")
    first = re.search(r'<svg class="map cm".*?</svg>', html, re.S).group(0)
    assert first.count("<line ") == first.count("<polygon ") > 0


@pytest.mark.parametrize("has", [True, False], ids=["strong", "none"])
@pytest.mark.parametrize("name", registry.names())
def test_hint_is_offered_only_where_a_strong_player_answers(name, has, monkeypatch):
    """Every game has a strong player now (its own, or the search): the banner and help
    follow the capability, so a game without one (faked here) offers no hint."""
    from dungeon_cli import bots

    real = bots.has_strong
    assert real(name)
    monkeypatch.setattr(bots, "has_strong", lambda game: has and real(game))
    out = typed(Session(Setup(name, seed=1)), ["help"])
    banner = out.splitlines()[1]
    listed = re.search(r"^commands:\n((?:  .*\n)+)", out, re.M).group(1)
    assert ("'hint'" in banner) == has, banner
    assert ("  hint " in listed) == has, listed


def test_analyse_of_a_game_it_cannot_judge_says_so_once_and_fails(run, tmp_path, monkeypatch):
    """From the capability: a game with neither a strong player nor a solver (today RPG
    solitaire; for a game that gains either, the same check lets it through)."""
    import dungeon_cli.bots as bots
    import dungeon_cli.solver as solver

    has_strong = bots.has_strong
    monkeypatch.setattr(bots, "has_strong", lambda game: game != "scoundrel" and has_strong(game))
    monkeypatch.setattr(solver, "solvable", lambda: [])
    played, _ = sample_game(registry.get("scoundrel"), 1)
    path = tmp_path / "two.dgn"
    path.write_text(played.text() + "\n" + played.text())
    result = run(["analyse", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("cannot judge") == 1 and "scoundrel has neither" in result.stderr
    monkeypatch.undo()
    assert run(["analyse", "--samples", "2", "--limit", "1", str(path)]).exit_code == 0


def test_going_on_offers_this_turns_penalties_only():
    """Issue 40: seed 7, the mage, room 3: going on past the dice offered the zombie's and
    the kobold's penalties of this turn and then the zombie's of the next, two turns of
    damage (11 at 11 health) in one completion. Only this turn's step is offered."""
    session = Session(Setup("cassette-dungeons", seed=7))
    for line in ("@mage", ">3"):
        apply_line(session, line)
    module = registry.get("cassette-dungeons")
    turn = session.state.turn
    runs = [c for c in choices(module.notation, session.state) if c[1].startswith("this turn's step: ")]
    assert [text for text, _, _ in runs] == ["~zombie.1 ~zombie.2 ~zombie.3 ~kobold.1 ~kobold.2"]
    assert "or go on (~zombie.1 ~zombie.2 ~zombie.3 ~kobold.1 ~kobold.2)\n" in module.render(session.state) + "\n"
    apply_line(session, runs[0][0])
    assert session.state.turn == turn + 1 and session.state.phase.name != "OVER"


def test_the_rpg_words_name_every_draw_that_changes_a_stat(run):
    """Issue 40: seed 7, ``@e/s keep``: the board went from armor Ts and attack 9c to 5s
    and 2c after the fight, and the words named neither: the new gear is said, at the
    prompt, in ``replay`` and on its page."""
    out = typed(Session(Setup("rpg-solitaire", seed=7)), ["@e/s", "keep"])
    told = re.search(r"^turn 1: (.*?)\n\n", out, re.S | re.M)
    assert told is not None, out
    words = " ".join(told.group(1).split())
    assert "kept Ts as armor (was 5s)" in words
    assert words.endswith("you slew it; treasure +10; new armor 5s (was Ts); new attack 2c (was 9c)"), words
    session = Session(Setup("rpg-solitaire", seed=7))
    apply_line(session, "@e/s keep")
    text = session.text()
    shown = " ".join(run(["replay", "-"], input=text).stdout.split())
    assert "new armor 5s (was Ts); new attack 2c (was 9c)" in shown
    html = page(parse(text), "game.dgn")
    assert "new armor 5s (was Ts); new attack 2c (was 9c)" in html


def _stats(state):
    return {"armor": state.armor, "health": state.health, "attack": state.attack}


@pytest.mark.parametrize("seed", range(6))
def test_every_rpg_stat_change_of_a_turn_is_in_its_words(seed):
    """Over whole games: whatever card armor, health or attack holds at a turn's end that
    it did not hold at its start is named in the turn's words, and an armor lost is said."""
    module = registry.get("rpg-solitaire")
    played, lines = sample_game(module, seed)
    session = Session(Setup("rpg-solitaire", seed=seed))
    checked = 0
    for line in lines:
        session.deal()  # the starting stats are the deal's, before the first turn
        before = _stats(session.state)
        apply_line(session, line)
        state = session.state
        words = "; ".join(state.told)
        for stat, card in _stats(state).items():
            if card == before[stat]:
                continue
            checked += 1
            if card is None:
                assert f"your {stat} {before[stat]} broke" in words, (line, words)
            else:
                assert re.search(rf"\b{stat} {card}\b|\b{card} as {stat}\b", words), (stat, card, line, words)
    assert checked


def _first_turn_words(name: str, seed: int, upto: int = 1) -> str:
    """The words of turns 1 to ``upto`` of the sample game of ``name``, as replay says them."""
    from dungeon_cli.shell.replay_frames import Replay

    played, _ = sample_game(registry.get(name), seed)
    frames = Replay(parse(played.text())[0]).frames
    return " | ".join(frame.told for frame in frames if 1 <= frame.number <= upto)


def test_the_draws_of_a_turn_are_said_as_a_sentence_with_its_verb():
    """Issue 40, polish: "a card of the room, from the dungeon: T♥ 4♣ 3♥" for three cards,
    "from the power pile", "a monster from the monster deck: zombie kobold": each game's
    draws are a sentence with the verb that fits them (dealt, drew, turned up,
    revealed, rolled), whatever their number."""
    scoundrel = _first_turn_words("scoundrel", 7, 2)
    assert re.match(r"turn 1: dealt (\S+ ){3}\S+ into the room; ", scoundrel), scoundrel
    assert re.search(r"\| turn 2: dealt (\S+ ){2}\S+ into the room; ", scoundrel), scoundrel
    assert "a card of the room" not in scoundrel
    clear = _first_turn_words("clear-the-dungeon", 7, 3)
    assert re.match(r"turn 1: drew (\S+ ){2}\S+ from the power deck; ", clear), clear
    assert "power pile" not in clear
    cassette = _first_turn_words("cassette-dungeons", 7, 3)
    assert "from the monster deck" not in cassette and "from the dice pile" not in cassette
    assert re.search(r"rolled [w-z]=\d", cassette), cassette
    assert re.search(r"revealed the (monster|trap|treasure|boss)s? ", cassette), cassette
