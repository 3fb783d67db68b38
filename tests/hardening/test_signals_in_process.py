"""A signal to a program that runs the command in-process (a test run calling click's
command, an embedding program) is that program's: the command cleans up (its temporary
file, its game's record), puts the program's handlers back, and hands the signal back.
Before, the command's handler turned a SIGTERM to a test run into the exit status of
the command it was in, and the run went on (issue 38: twenty minutes after a SIGTERM).

Each host is a fresh interpreter that calls the command in-process and sends itself
the signal from inside the command, at a point no outside signal can be timed into."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from conftest import EXAMPLES

HOST = """
import os, signal, sys
from click.testing import CliRunner
from dungeon_cli.cli import cli
{patch}
result = CliRunner().invoke(cli, {args!r}, input={input!r})
print("went on", result.exit_code, signal.getsignal(signal.SIGTERM) is {handler})
"""


def _host(tmp_path: Path, args: list[str], patch: str, input: str = "", handler: str = "signal.SIG_DFL"):
    code = HOST.format(patch=patch, args=args, input=input, handler=handler)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=tmp_path, timeout=120)


def test_a_sigterm_to_a_host_during_fmt_ends_the_host_and_leaves_no_temporary_file(tmp_path):
    record = tmp_path / "game.dgn"
    text = (EXAMPLES / "scoundrel-win.dgn").read_text().replace("\n1. ", "\n1.  ", 1)  # not canonical: fmt writes
    record.write_text(text)
    patch = (
        "import dungeon_cli.services.formatting as fmt\n"
        "real = fmt.format_stream\n"
        "def killed(*a, **k):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    return real(*a, **k)\n"
        "fmt.format_stream = killed\n"
    )
    done = _host(tmp_path, ["fmt", str(record)], patch)
    assert done.returncode == -signal.SIGTERM, done  # before: "went on 143", the host unharmed
    assert b"went on" not in done.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.dgn"] and record.read_text() == text


def test_a_sigterm_to_a_host_during_a_scripted_game_reaches_the_hosts_handler_after_the_record(tmp_path):
    lines = "run\n"
    patch = (
        "got = []\n"
        "def mine(signum, frame):\n"
        "    got.append(signum)\n"
        "    os.write(1, f'host got {signum} {os.path.exists(\"game.dgn\")}\\n'.encode())\n"
        "signal.signal(signal.SIGTERM, mine)\n"
        "import dungeon_cli.shell.scripted as scripted\n"
        "real = scripted.apply_line\n"
        "def killed(*a, **k):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    return real(*a, **k)\n"
        "scripted.apply_line = killed\n"
    )
    done = _host(tmp_path, ["play", "scoundrel", "--seed", "7", "-o", "game.dgn"], patch, input=lines, handler="mine")
    assert done.returncode == 0, done
    # the record written first, then the host's own handler, once, and it is still in place
    assert done.stdout.decode().splitlines() == ["host got 15 True", "went on 143 True"], done
    assert (tmp_path / "game.dgn").read_text().startswith('[Game "scoundrel"]')
