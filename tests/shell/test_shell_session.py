"""The interactive session, driven through prompt-toolkit's pipe input and a dummy
output, as a terminal would drive it; and the Session's undo, rewind and rebuilding."""

from __future__ import annotations

import io
import re
import threading
import time

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dungeon_cli import registry
from dungeon_cli.engine import Setup
from dungeon_cli.kit.core import Draw
from dungeon_cli.services.session import Session
from dungeon_cli.shell.candidates import candidates
from dungeon_cli.shell.interactive import COMMANDS, PlayShell
from dungeon_cli.shell.line import LineError, apply_line
from dungeon_cli.shell.recordfile import RecordFile
from dungeon_cli.shell.sample import sample_game
from notation import parse

SCOUNDREL = registry.get("scoundrel")


class KeptRecord(RecordFile):
    """A record file that also remembers every text it wrote."""

    def __init__(self, path):
        super().__init__(str(path))
        self.saved: list[str] = []

    def save(self, text):
        written = super().save(text)
        if written:
            self.saved.append(text)
        return written


def drive(session, keys, record=None, history=None, later=()):
    """Type ``keys`` into a shell on ``session``; ``later`` are more keys typed after,
    a Tab once the menu of completion while typing is up: that completion runs in the
    background, one at a time, and a Tab typed before it has finished is lost. The
    test waits for that event (the buffer's completion state), never for a number of
    seconds; other keys go at once, prompt-toolkit taking them in order."""
    out = io.StringIO()
    stuck: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        shell = PlayShell(session, record, out, input=pipe, output=DummyOutput(), history=history)

        def type_later():
            for chunk in later:
                end = time.monotonic() + 60
                while chunk.startswith("\t") and shell.prompt.default_buffer.complete_state is None:
                    if time.monotonic() > end:
                        stuck.append(f"no completion menu came before {chunk!r}")
                        break
                    time.sleep(0.01)
                pipe.send_text(chunk)
            pipe.close()  # the end of input then reads as Ctrl-D

        typist = threading.Thread(target=type_later)
        typist.start()
        status = shell.run()
        typist.join()
    assert not stuck, stuck
    return status, out.getvalue()


def actions(session):
    return [action for _, action in session.all_events]


def after_lines(lines, seed=7):
    session = Session(Setup(SCOUNDREL.game.name, seed=seed))
    for line in lines:
        apply_line(session, line)
    return session


def test_a_whole_game_typed_at_the_prompt_is_recorded_turn_by_turn(tmp_path):
    sampled, lines = sample_game(SCOUNDREL, 7)
    record = KeptRecord(tmp_path / "game.dgn")
    status, out = drive(Session(Setup(SCOUNDREL.game.name, seed=7)), "".join(line + "\r" for line in lines), record)
    assert status == 0
    assert (tmp_path / "game.dgn").read_text() == sampled.text()
    # after every finished turn the file held the record so far, and only then
    assert record.saved == [after_lines(lines[:k]).text() for k in range(len(lines) + 1)]
    assert f"game over: {sampled.state.result()}" in out
    assert f"record saved in {record.path}" in out


@pytest.mark.parametrize("name", registry.names())
def test_the_end_of_a_game_says_how_the_score_was_made_and_what_to_run_next(tmp_path, name):
    """Issue 40, polish: the end of a game at the prompt said the result and where the
    record went, not what the score counts nor how to look at the game again."""
    module = registry.get(name)
    sampled, lines = sample_game(module, 7)
    record = KeptRecord(tmp_path / "game.dgn")
    _, out = drive(Session(Setup(name, seed=7)), "".join(line + "\r" for line in lines), record)
    result = sampled.state.result()
    how = module.notation.score_words(sampled.state)
    assert how and f"{result}: {how}" in out
    assert f"dungeon replay {record.path}" in out and f"dungeon analyse {record.path}" in out


def test_scoundrels_score_words_add_up():
    """A loss: health less the monsters not resolved; a win at full health: 20 and the
    last potion."""
    notation = SCOUNDREL.notation
    sampled, _ = sample_game(SCOUNDREL, 7)
    state = sampled.state
    words = notation.score_words(state)
    numbers = [int(n) for n in re.findall(r"-?\d+", words)]
    if state.result().won:
        assert words == "the health left" or sum(numbers) == state.result().score
    else:
        assert numbers[0] - numbers[1] == state.result().score


def test_an_illegal_line_is_refused_with_the_verify_message_and_changes_nothing():
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    session.deal()
    probe = Session(Setup(SCOUNDREL.game.name, seed=7))
    with pytest.raises(LineError) as refused:
        apply_line(probe, "xKs")
    status, out = drive(session, "xKs\rquit\r")
    assert f"illegal: {refused.value.message}" in out
    assert len(session.all_events) == len(probe.all_events)


def test_undo_takes_back_one_decision_and_rewrites_the_record(tmp_path):
    _, lines = sample_game(SCOUNDREL, 7)
    last_word = lines[0].split()[-1]
    record = KeptRecord(tmp_path / "g.dgn")
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    status, out = drive(session, f"{lines[0]}\rundo\rquit\r", record)
    assert f"took back {last_word}" in out
    assert record.saved[-1] == Session(Setup(SCOUNDREL.game.name, seed=7)).text()  # turn 1 is unfinished again
    assert (tmp_path / "g.dgn").read_text() == record.saved[-1]
    kept = " ".join(lines[0].split()[:-1])
    assert f"the turn in progress ({kept}) is not recorded" in out
    expected = after_lines([kept])
    assert actions(session) == actions(expected)


def test_undo_with_nothing_to_take_back_says_so():
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    status, out = drive(session, "undo\r")
    assert "nothing to undo" in out
    assert session.all_events and all(isinstance(a, Draw) for _, a in session.all_events)  # the deal stays


def test_help_lists_the_moves_and_rules_prints_the_summary():
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    session.deal()
    state = session.state
    status, out = drive(session, "help\rrules\r")  # the end of input quits, as Ctrl-D does
    for action in state.legal_actions():
        text = SCOUNDREL.notation.action_text(state, action)
        assert f"  {text}" in out and SCOUNDREL.notation.describe(state, action) in out
    assert SCOUNDREL.rules_text.strip().splitlines()[0] in out
    assert status == 0


def test_tab_completes_in_the_prompt():
    session = Session(Setup(SCOUNDREL.game.name, seed=7))
    session.deal()
    state = session.state
    texts = [SCOUNDREL.notation.action_text(state, a) for a in state.legal_actions()]
    unique = next(t for t in texts if len(candidates(SCOUNDREL.notation, state, t[0], COMMANDS)) == 1)
    drive(session, unique[0], later=["\t", "\r", "quit\r"])
    done = [SCOUNDREL.notation.action_text(b, a) for b, a in session.all_events if not isinstance(a, Draw)]
    assert done == [unique]


def test_the_table_prompt_asks_for_cards_then_decisions(tmp_path):
    session = Session(Setup(SCOUNDREL.game.name))
    status, out = drive(session, "9c 7h 2c 3c\r9c 7h 2c\rQh\rquit\r", KeptRecord(tmp_path / "t.dgn"))
    assert "type a card of the room, from the dungeon (44 possible)" in out
    assert "illegal: Qh: not in a Scoundrel deck" in out
    assert (tmp_path / "t.dgn").read_text().endswith("1. 9c 7h 2c 3c : 9c 7h 2c\n")


def test_history_goes_to_the_file_it_is_given(tmp_path):
    history = tmp_path / "history"
    drive(Session(Setup(SCOUNDREL.game.name, seed=7)), "help\rrun\rquit\r", history=str(history))
    text = history.read_text()
    assert "+help" in text and "+run" in text


# -- the Session additions the shell stands on ----------------------------------------


def test_undo_in_a_seeded_game_skips_the_dealt_cards():
    sampled, lines = sample_game(SCOUNDREL, 9)
    session = after_lines(lines, seed=9)
    assert session.text() == sampled.text()
    decisions = [e for e in session.all_events if not isinstance(e[1], Draw)]
    for expected in reversed(decisions):
        assert session.undo() == expected
    assert session.undo() is None
    assert session.state is session.history[-1]
    assert session.text() == Session(Setup(SCOUNDREL.game.name, seed=9)).text()


def test_rewind_then_replaying_gives_the_same_record():
    sampled, lines = sample_game(SCOUNDREL, 4)
    events = sampled.all_events
    for cut in (0, 1, len(events) // 2, len(events) - 1, len(events)):
        session = after_lines(lines, seed=4)
        session.rewind(cut)
        assert actions(session) == [a for _, a in events[:cut]]
        for _, action in events[cut:]:
            session.apply(action)
        assert session.text() == sampled.text()


@pytest.mark.parametrize("seeded", [True, False])
def test_a_session_rebuilt_from_its_record_goes_on_alike(seeded):
    sampled, lines = sample_game(SCOUNDREL, 12)
    half = after_lines(lines[: len(lines) // 2], seed=12)
    rebuilt = Session.from_record(parse(half.text())[0], seeded=seeded)
    assert rebuilt.text() == half.text()
    assert rebuilt.seeded is seeded
    if seeded:
        for line in lines[len(lines) // 2 :]:
            apply_line(rebuilt, line)
        assert rebuilt.text() == sampled.text()


def test_undo_at_the_table_takes_back_one_typed_card_or_decision():
    session = Session(Setup(SCOUNDREL.game.name))
    apply_line(session, "9c 7h 2c 3c 9c")
    typed = actions(session)
    assert len(typed) == 5
    for expected in reversed(typed):
        assert session.undo()[1] == expected
        assert actions(session) == typed[: typed.index(expected)]
    assert session.undo() is None


def test_the_completion_menu_and_help_spell_cards_alike():
    """Issue 40, polish: at a terminal that shows suit symbols, help described a move as
    "fight 9♣ bare-handed" and the completion menu as "fight 9c bare-handed". Both now
    spell a card as the board does; the move itself stays what is typed."""
    from prompt_toolkit.document import Document

    from dungeon_cli.shell.colour import Paint

    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("help\rquit\r")
        pipe.close()
        shell = PlayShell(
            Session(Setup(SCOUNDREL.game.name, seed=7)),
            None,
            out,
            input=pipe,
            output=DummyOutput(),
            paint=Paint(True, picture=True, symbols=True),
        )
        shell.run()
        menu = {c.text: c.display_meta_text for c in shell.prompt.completer.get_completions(Document(""), None)}
    helped = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())
    assert menu["9c"] == "fight 9\u2663 bare-handed: 9 damage"
    for move, meta in menu.items():
        assert re.search(rf"^  {re.escape(move)} +{re.escape(meta)}$", helped, re.M), (move, meta, helped)
