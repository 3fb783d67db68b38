"""Nothing a user wrote is lost: outputs that exist are refused (or, with --force,
replaced atomically), a scripted game's finished turns survive signals, bad input and a
standard output that cannot take them, a file is rewritten behind its symlink with its
mode and owner and never when it is not a plain file or changed meanwhile, and a full
disk leaves no empty record behind. Real processes, real signals, real symlinks, FIFOs
and hard links, and a full disk through RLIMIT_FSIZE, as tests/hardening/test_faults_disk.py does.
"""

from __future__ import annotations

import fcntl
import os
import resource
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES
from test_faults_disk import SEED, game, script, stray, text_after

EXE = str(Path(sys.executable).with_name("dungeon"))
MESSY = (EXAMPLES / "scoundrel-win.dgn").read_text().replace("1. Td Ac 9h Kc : Td xAc 9h", "1.  Td Ac 9h Kc :  Td xAc 9h")
CANONICAL = (EXAMPLES / "scoundrel-win.dgn").read_text()


def small_files(limit: int):
    def preexec():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


def dungeon(args, cwd, input=None, limit=None, stdout=subprocess.PIPE):
    return subprocess.run(
        [EXE, *args],
        input=input,
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=cwd,
        timeout=120,
        preexec_fn=small_files(limit) if limit else None,
    )


# -- solve -o ---------------------------------------------------------------------------


def test_solve_refuses_to_write_over_its_own_record(tmp_path):
    record = tmp_path / "won.dgn"
    record.write_text(CANONICAL + "# my notes\n")
    for force in ([], ["--force"]):  # an output is never an input of the same run, forced or not
        done = dungeon(["solve", str(record), "-o", str(record), *force], tmp_path)
        assert done.returncode == 2
        assert "is an input of this run" in done.stderr.decode()
        assert "Traceback" not in done.stderr.decode()
        assert record.read_text() == CANONICAL + "# my notes\n"


def test_solve_force_replaces_atomically_and_a_full_disk_leaves_the_old_file(tmp_path):
    best = tmp_path / "best.dgn"
    best.write_text("# notes I keep\n" * 3)
    best.chmod(0o640)
    done = dungeon(["solve", "--seed", "7", "scoundrel", "-o", str(best), "--force"], tmp_path, limit=200)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err, err  # 2: trouble (1 is a finding)
    assert err.strip().splitlines()[-1] == f"dungeon solve: error: cannot write {best}: File too large; nothing was written"
    assert best.read_text() == "# notes I keep\n" * 3 and stray(tmp_path) == []
    done = dungeon(["solve", "--seed", "7", "scoundrel", "-o", str(best), "--force"], tmp_path)
    assert done.returncode == 0
    assert '[Seed "7"]' in best.read_text() and best.stat().st_mode & 0o777 == 0o640


def test_dash_is_standard_output_not_a_file_named_dash(tmp_path):
    done = dungeon(["solve", "--seed", "7", "scoundrel", "-o", "-"], tmp_path)
    assert done.returncode == 0 and b'[Seed "7"]' in done.stdout
    done = dungeon(["play", "scoundrel", "--seed", "7", "-o", "-"], tmp_path, input=b"2c 3c 7h\n")
    assert done.returncode == 0 and b"1. 9c 7h 2c 3c : 2c 3c 7h" in done.stdout
    assert not (tmp_path / "-").exists()


# -- scripted play: the finished turns survive ------------------------------------------


READ = {"x86_64": 0, "aarch64": 63, "riscv64": 63}.get(os.uname().machine)  # the read system call's number


def _reading_standard_input(pid: int) -> bool:
    """Whether ``pid``'s main thread sleeps in read(0, ...): the kernel says so in
    /proc/PID/syscall (its parent may look); where it cannot, a sleep in a pipe's read."""
    try:
        call = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        call = []
    if READ is not None and len(call) > 1 and call[0] != "running":
        return call[:2] == [str(READ), "0x0"]
    try:
        return "pipe_read" in Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False


def _blocked_reading(proc: subprocess.Popen, pipe_fd: int) -> None:
    """Wait until the child has taken everything from its input pipe and sleeps in a
    read of it, waiting for more, so the lines written before are played: the event, not
    a number of quiet moments (before, five looks 0.1 s apart at a sleeping process)."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        pending = fcntl.ioctl(pipe_fd, termios.FIONREAD, b"\0\0\0\0")
        if int.from_bytes(pending, sys.byteorder) == 0 and _reading_standard_input(proc.pid):
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError("the game never waited for input")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_in_a_scripted_game_writes_the_finished_turns(tmp_path, signum):
    _, lines = game()
    played = lines[:3]
    proc = subprocess.Popen(
        [EXE, "play", "scoundrel", "--seed", str(SEED)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    proc.stdin.write(script(played).encode())
    proc.stdin.flush()
    _blocked_reading(proc, proc.stdin.fileno())
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum, err
    assert out.decode() == text_after(played)
    assert b"Traceback" not in err


def test_a_bad_byte_in_a_later_line_keeps_the_finished_turns(tmp_path):
    _, lines = game()
    done = dungeon(["play", "scoundrel", "--seed", str(SEED)], tmp_path, input=script(lines[:2]).encode() + b"run\xff\n")
    assert done.returncode == 1
    assert done.stderr.decode() == "<stdin>:3:4: error: not UTF-8 text\n"
    assert done.stdout.decode() == text_after(lines[:2])


def test_a_standard_output_that_cannot_take_the_record_leaves_it_in_a_file(tmp_path):
    _, lines = game()
    with open("/dev/full", "wb") as full:
        done = dungeon(["play", "scoundrel", "--seed", str(SEED)], tmp_path, input=script(lines[:2]).encode(), stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err, err
    (saved,) = tmp_path.glob("scoundrel-*.dgn")
    assert f"standard output cannot take the record (No space left on device): it is saved in {saved.name}" in err
    assert saved.read_text() == text_after(lines[:2])


def test_quit_in_a_script_stops_with_the_finished_turns(tmp_path):
    _, lines = game()
    done = dungeon(["play", "scoundrel", "--seed", str(SEED)], tmp_path, input=script([*lines[:2], "quit", lines[2]]).encode())
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == text_after(lines[:2])


# -- the file behind the name -------------------------------------------------------------


def test_fmt_formats_the_target_of_a_symlink_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.dgn"
    target.write_text(MESSY)
    link = tmp_path / "link.dgn"
    link.symlink_to(target)
    done = dungeon(["fmt", str(link)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and target.read_text() == CANONICAL
    assert stray(tmp_path) == []


def test_fmt_never_replaces_a_fifo(tmp_path):
    fifo = tmp_path / "pipe.dgn"
    os.mkfifo(fifo)
    done = dungeon(["fmt", str(fifo)], tmp_path)
    assert done.returncode == 2
    assert (
        done.stderr.decode().splitlines()[0]
        == f"dungeon fmt: error: {fifo}: not a regular file (a FIFO, a device or a directory): it is never replaced"
    )
    assert fifo.is_fifo()


def test_fmt_of_dev_stdin_on_a_pipe_replaces_nothing(tmp_path):
    """/dev/stdin is a symlink to /proc/self/fd/0; one made here, so that a fmt that
    replaces names (as it once did, as root) damages nothing outside the test."""
    stdin = tmp_path / "stdin"
    stdin.symlink_to("/proc/self/fd/0")
    done = dungeon(["fmt", str(stdin)], tmp_path, input=MESSY.encode())
    assert done.returncode == 2 and "never replaced" in done.stderr.decode()
    assert stdin.is_symlink()


def test_fmt_keeps_the_owner_and_mode_of_another_users_file(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    path = tmp_path / "theirs.dgn"
    path.write_text(MESSY)
    os.chown(path, 1234, 1234)
    path.chmod(0o640)
    done = dungeon(["fmt", str(path)], tmp_path)
    assert done.returncode == 0, done.stderr
    st = path.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o7777) == (1234, 1234, 0o640)
    assert path.read_text() == CANONICAL


def test_fmt_leaves_a_read_only_file_alone(tmp_path):
    path = tmp_path / "frozen.dgn"
    path.write_text(MESSY)
    path.chmod(0o444)
    done = dungeon(["fmt", str(path)], tmp_path)
    assert done.returncode == 2 and "read-only" in done.stderr.decode()
    assert path.read_text() == MESSY


def test_fmt_does_not_split_hard_links(tmp_path):
    path = tmp_path / "a.dgn"
    path.write_text(MESSY)
    os.link(path, tmp_path / "b.dgn")
    done = dungeon(["fmt", str(path)], tmp_path)
    assert done.returncode == 2 and "hard links" in done.stderr.decode()
    assert os.path.samefile(path, tmp_path / "b.dgn") and path.read_text() == MESSY


def test_fmt_refuses_a_file_appended_to_while_it_ran(run, tmp_path, monkeypatch):
    from dungeon_cli.services import formatting as fmt_module  # where fmt's file loop reads a file

    path = tmp_path / "grows.dgn"
    path.write_text(MESSY)
    original = fmt_module.format_stream

    def meanwhile(*args, **kwargs):
        result = original(*args, **kwargs)
        with open(path, "a") as other_writer:  # after fmt read the file, before it writes
            other_writer.write("\n" + CANONICAL)
        return result

    monkeypatch.setattr(fmt_module, "format_stream", meanwhile)
    result = run(["fmt", str(path)])
    assert result.exit_code == 2
    assert "changed since it was read" in result.stderr
    assert path.read_text() == MESSY + "\n" + CANONICAL


def test_resume_into_a_symlink_writes_its_target_with_its_owner(run, tmp_path):
    full, lines = game()
    target = tmp_path / "real.dgn"
    target.write_text(text_after(lines[:1]))
    target.chmod(0o600)
    if os.geteuid() == 0:
        os.chown(target, 1234, 1234)
    link = tmp_path / "link.dgn"
    link.symlink_to(target)
    result = run(["play", "--resume", str(link), "-o", str(link)], input=script(lines[1:]))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and target.read_text() == full
    assert target.stat().st_mode & 0o777 == 0o600
    if os.geteuid() == 0:
        assert target.stat().st_uid == 1234


# -- sim --records on a full disk -------------------------------------------------------------


def test_sim_records_on_a_full_disk_leave_no_empty_record(tmp_path):
    out = tmp_path / "out"
    done = dungeon(["sim", "clear-the-dungeon", "--games", "5", "--records", str(out)], tmp_path, limit=100)
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err and "File too large" in err, err
    assert [p for p in out.iterdir()] == []
    again = dungeon(["sim", "clear-the-dungeon", "--games", "5", "--records", str(out)], tmp_path)
    assert again.returncode == 0, again.stderr
    assert len(list(out.iterdir())) == 5


def test_a_crash_in_a_later_line_still_writes_the_finished_turns(tmp_path, monkeypatch):
    """A bug that raises in the middle of a scripted game: the finished turns are on
    standard output before the traceback."""
    import io

    from test_faults_disk import SCOUNDREL, Session, Setup

    from dungeon_cli.shell import scripted

    _, lines = game()
    real = scripted.apply_line

    def breaks_on_the_third(session, line, lineno=1):
        if lineno == 3:
            raise RuntimeError("a bug")
        return real(session, line, lineno)

    monkeypatch.setattr(scripted, "apply_line", breaks_on_the_third)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(RuntimeError):
        scripted.run_scripted(Session(Setup(SCOUNDREL.game.name, seed=SEED)), io.StringIO(script(lines)), out, err)
    assert out.getvalue() == text_after(lines[:2])


@pytest.mark.parametrize("kind", ["read-only", "hard-linked"])
def test_resume_never_writes_over_what_fmt_would_not(run, tmp_path, kind):
    """--resume L -o L follows fmt's rules: a read-only or hard-linked record is not
    replaced; the game goes on and its record comes out on standard output."""
    full, lines = game()
    path = tmp_path / "g.dgn"
    start = text_after(lines[:1])
    path.write_text(start)
    if kind == "read-only":
        path.chmod(0o444)
    else:
        os.link(path, tmp_path / "other.dgn")
    result = run(["play", "--resume", str(path), "-o", str(path)], input=script(lines[1:]))
    assert result.exit_code == 1
    assert "the game goes on" in result.stderr and "Traceback" not in result.output
    assert result.stdout == full
    assert path.read_text() == start


def test_an_output_that_is_a_device_or_fifo_is_written_into(tmp_path):
    """-o /dev/null is the docs' own example: a stream holds nothing to lose."""
    done = dungeon(["solve", "--seed", "0", "clear-the-dungeon", "-o", "/dev/null"], tmp_path)
    assert done.returncode == 0 and done.stdout == b""
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()
