"""A game added the way Python plug-ins are: the toy game of tests/support/toy_game built as a
package of its own, whose pyproject names it in the entry-point group ``dungeon.games``,
installed into a fresh virtualenv, and played, verified and simulated there by a
``dungeon`` that knows it from that entry point alone (no ``DUNGEON_GAMES``, nothing of
tests/ on the path).

No network: the fresh environment reaches this project and its dependencies through the
test environment's site-packages (added as a site directory, so this project's install
from the worktree counts, as ``--system-site-packages`` would give a system's), and pip
builds and installs the toy package with ``--no-deps --no-build-isolation --no-index``.
Its build backend is the few lines of ``BACKEND`` beside its pyproject (PEP 517's
in-tree backend): the setuptools a virtualenv comes with cannot build a wheel without
the ``wheel`` package, which is none of this project's dependencies.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest
from conftest import TESTS, run_subprocess

from dungeon_cli import registry
from dungeon_cli.shell.sample import sample_game

SEED = 3

PYPROJECT = """\
[build-system]
requires = []
build-backend = "backend"
backend-path = ["."]

[project]
name = "dungeon-toy-game"
version = "1.0"
description = "The test suite's toy game, installed as a dungeon plug-in"

[project.entry-points."dungeon.games"]
toy = "toy_game"
"""

# The package's build backend: a wheel of its modules, with the metadata and the entry
# points its pyproject names.
BACKEND = r"""
import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
    name, version = project["name"].replace("-", "_"), project["version"]
    info = f"{name}-{version}.dist-info"
    files = {path.as_posix(): path.read_bytes() for path in sorted(Path("toy_game").rglob("*.py"))}
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    points = ""
    for group, entries in project["entry-points"].items():
        points += f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in entries.items())
    files[f"{info}/entry_points.txt"] = points.encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}\n")
    files[f"{info}/RECORD"] = ("".join(record) + f"{info}/RECORD,,\n").encode()
    wheel = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtualenv with the toy game installed as a package; its python."""
    where = tmp_path_factory.mktemp("installed")
    source = where / "source"
    source.mkdir()
    (source / "pyproject.toml").write_text(PYPROJECT)
    (source / "backend.py").write_text(BACKEND)
    shutil.copytree(TESTS / "support" / "toy_game", source / "toy_game", ignore=shutil.ignore_patterns("__pycache__", "fixtures"))
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True, check=True
    ).stdout.strip()
    outer = sysconfig.get_paths()["purelib"]
    (Path(site) / "outer.pth").write_text(f"import site; site.addsitedir({outer!r})\n")
    done = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", str(source)],
        capture_output=True,
        text=True,
        env=_clean_env(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shutil.rmtree(source)  # what runs below is the installed copy
    return python


def _clean_env() -> dict[str, str]:
    """The environment without the suite's own registration of the toy game."""
    env = {k: v for k, v in os.environ.items() if k not in ("DUNGEON_GAMES", "PYTHONPATH")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def dungeon(python: Path, *args: str, input: bytes | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [python, "-m", "dungeon_cli", *args], input=input, capture_output=True, env=_clean_env(), cwd=cwd, timeout=120
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_the_installed_game_is_found_by_its_entry_point(installed, tmp_path):
    probe = textwrap.dedent(
        """\
        import sys
        from dungeon_cli import registry
        print(registry.known("scoundrel"), "toy_game" in sys.modules, "toy" in registry.GAMES)
        print(registry.known("toy"), registry.GAMES["toy"], registry.get("toy").game.title)
        print(registry.get("toy").game.__module__.startswith("toy_game"), sys.modules["toy_game"].__file__.startswith(sys.prefix))
        """
    )
    done = subprocess.run([installed, "-c", probe], capture_output=True, text=True, env=_clean_env(), cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    # A built-in game is known without asking the installed packages; the toy game is
    # found by asking them, and is the copy installed in the fresh environment.
    assert done.stdout.splitlines() == ["True False False", "True toy_game Toy Dungeon (the test suite's game)", "True True"]
    status, out, _ = dungeon(installed, "games", cwd=tmp_path)
    assert status == 0 and "toy: Toy Dungeon (the test suite's game)\n" in out


def test_the_installed_game_plays_verifies_and_simulates(installed, tmp_path):
    session, lines = sample_game(registry.get("toy"), SEED)
    typed = "".join(f"{line}\n" for line in lines).encode()
    status, out, err = dungeon(installed, "play", "toy", "--seed", str(SEED), input=typed, cwd=tmp_path)
    assert status == 0, err
    assert out == session.text()
    record = tmp_path / "toy.dgn"
    record.write_text(out)
    status, out, err = dungeon(installed, "verify", "-v", "--seed-check", str(record), cwd=tmp_path)
    assert (status, out) == (0, f"{record}:1: toy: legal, {session.state.result()}, {len(lines)} moves\n"), err
    records = tmp_path / "records"
    records.mkdir()
    sim = ("sim", "toy", "--bot", "greedy", "--games", "50")
    status, out, err = dungeon(installed, *sim, "--records", str(records), cwd=tmp_path)
    assert status == 0, err
    # The same figures as the toy game the suite registers through DUNGEON_GAMES gives
    # (all but the speed), and every game written is a record verify accepts.
    (tmp_path / "here").mkdir()
    here = run_subprocess([*sim, "--records", str(tmp_path / "here")]).stdout.decode()
    assert _without_speed(out) == _without_speed(here) and "toy     greedy" in out
    status, out, err = dungeon(installed, "verify", "--seed-check", *map(str, sorted(records.iterdir())), cwd=tmp_path)
    assert status == 0 and len(list(records.iterdir())) == 50, out + err


def _without_speed(table: str) -> list[str]:
    """The lines of sim's output without their last word (the speed; the records' folder)."""
    return [line.rsplit(None, 1)[0] for line in table.splitlines() if line.strip()]


def test_without_the_package_the_game_is_unknown(tmp_path):
    """The same ``dungeon`` without the toy package installed and without DUNGEON_GAMES
    does not know the game: what found it above was the entry point."""
    record = tmp_path / "toy.dgn"
    record.write_text('[Game "toy"]\n\n1. 5c 2 : take\n')
    status, out, err = dungeon(Path(sys.executable), "verify", str(record), cwd=tmp_path)
    assert status != 0 and "unknown game 'toy'" in out + err
