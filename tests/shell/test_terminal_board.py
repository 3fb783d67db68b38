"""The board as a terminal shows it: ``dungeon replay --move N`` run in a real
pseudo-terminal of 80x24 (tmux's default size) and read back as a screen through pyte,
a terminal emulator. The screens are snapshots: suit symbols, the health bar, each
game's layout; red hearts and diamonds are checked cell by cell. Under NO_COLOR, or
with an encoding that lacks the symbols, the cards keep their letters; in a pipe the
board is the plain text it always was. ``play`` draws the same picture."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pyte
import pytest
from conftest import FIXTURES
from pty_terminal import WAIT, terminal_env

COLS, ROWS = 80, 24

CASES = {
    "scoundrel": ("scoundrel/legal/win-seeded.dgn", 5),
    "clear-the-dungeon": ("clear-the-dungeon/legal/win-last-card.dgn", 5),
    "rpg-solitaire": ("rpg-solitaire/legal/secret-door.dgn", 4),
    "cassette-dungeons": ("cassette-dungeons/legal/seeded-win.dgn", 3),
}


def _screen(args: list[str], env: dict, cwd) -> pyte.Screen:
    """Run ``dungeon ARGS`` on an 80x24 pseudo-terminal to its end; the screen it leaves."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "dungeon_cli", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
    )
    os.close(slave)
    data = bytearray()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not select.select([master], [], [], 1.0)[0]:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        data.extend(chunk)
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=60)
    os.close(master)
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    stream.feed(bytes(data).replace(b"\n", b"\r\n").replace(b"\r\r\n", b"\r\n"))
    return screen


def _text(screen: pyte.Screen) -> str:
    lines = [line.rstrip() for line in screen.display]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def _replay(game: str, tmp_path, **env: str) -> pyte.Screen:
    path, move = CASES[game]
    # a path relative to the checkout: the screen is the same wherever it lies
    return _screen(["replay", f"fixtures/{path}", "--move", str(move)], terminal_env(**env), FIXTURES.parent)


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_board_on_an_80x24_terminal(game, tmp_path, snapshot_text):
    screen = _replay(game, tmp_path)
    text = _text(screen)
    assert text == snapshot_text
    assert all(len(line) <= COLS for line in text.splitlines())
    # every heart and diamond drawn in red, every spade and club in the default colour
    for y in range(ROWS):
        for x in range(COLS):
            cell = screen.buffer[y][x]
            if cell.data in "\u2665\u2666":
                assert cell.fg == "red", (y, x)
            if cell.data in "\u2660\u2663":
                assert cell.fg == "default", (y, x)


def test_health_is_a_bar(tmp_path):
    text = _text(_replay("scoundrel", tmp_path))
    assert (
        "health 12/20 \u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591  dungeon"
        in text
    )


@pytest.mark.parametrize("game", sorted(CASES))
def test_no_color_gives_ascii_suits_and_bar(game, tmp_path, snapshot_text):
    screen = _replay(game, tmp_path, NO_COLOR="1")
    text = _text(screen)
    assert text == snapshot_text
    assert not any(symbol in text for symbol in "\u2660\u2665\u2666\u2663\u2588")
    assert all(cell.fg == "default" for row in screen.buffer.values() for cell in row.values())


def test_an_encoding_without_the_symbols_gets_letters_in_colour(tmp_path):
    screen = _replay("scoundrel", tmp_path, PYTHONIOENCODING="ascii", LANG="C", LC_ALL="C")
    text = _text(screen)
    assert "room: Ks" in text and "[############........]" in text
    assert not any(symbol in text for symbol in "\u2660\u2665\u2666\u2663")
    assert any(cell.fg == "red" for row in screen.buffer.values() for cell in row.values())


def test_the_move_line_stays_dgn(tmp_path):
    text = _text(_replay("scoundrel", tmp_path))
    assert "5. (As) Td 7c Ks : x7c Td xAs" in text


def test_in_a_pipe_the_board_is_plain_text():
    path, move = CASES["scoundrel"]
    done = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "replay", str(FIXTURES / path), "--move", str(move)],
        capture_output=True,
        env=terminal_env(),
        timeout=60,
    )
    assert done.returncode == 0
    assert b"\x1b[" not in done.stdout and "\u2665".encode() not in done.stdout
    assert b"health 12/20  dungeon" in done.stdout


def test_play_draws_the_same_picture(tmp_path):
    """The first board of a seeded game at the prompt, as replay draws it."""
    from conftest import run_subprocess

    scripted = run_subprocess(["play", "scoundrel", "--seed", "7"], input=b"")
    first_room = scripted.stdout.decode()
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "dungeon_cli", "play", "scoundrel", "--seed", "7", "-o", str(tmp_path / "g.dgn")],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=tmp_path,
        env=terminal_env(),
    )
    os.close(slave)
    data = bytearray()
    try:
        end = time.monotonic() + WAIT  # a deadline for the event, generous: a loaded machine starts slowly
        while b"health 20/20" not in data or b"\x1b[?2004h" not in data:
            if time.monotonic() > end:
                raise AssertionError(bytes(data[-2000:]).decode(errors="replace"))
            data.extend(os.read(master, 65536))
    finally:
        proc.kill()
        proc.wait(timeout=30)
        os.close(master)
    shown = bytes(data).decode(errors="replace")
    full = "\x1b[32m" + "\u2588" * 20 + "\x1b[0m"
    assert "health 20/20 " + full in shown
    assert "room: 9\u2663 \x1b[31m7\u2665\x1b[0m 2\u2663 3\u2663" in shown
    assert first_room.startswith('[Game "scoundrel"]')
