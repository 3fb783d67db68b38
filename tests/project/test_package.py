"""A package ready to publish (issue 25): a LICENSE the metadata names, authors, the
project's addresses, classifiers with the Python versions the suite runs on; a page for
the package index whose links and picture are absolute; and the release built as a
release is (`python -m build`), checked as the index checks it (`twine check`), with an
sdist that carries what its own tests need, and whose tests run."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT

from dungeon_cli import registry

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
SOURCE = PROJECT["urls"]["Source"]
LINK = re.compile(r"\]\(([^)\s]+)\)")
# What a working tree holds that is no part of the source: made by runs, or the machine's.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "artifacts", "out", "crashes"
)


def test_the_metadata_a_package_index_shows():
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n") and "WITHOUT WARRANTY OF ANY KIND" in licence
    assert PROJECT["authors"] and all(a["name"] for a in PROJECT["authors"])
    assert {"Source", "Documentation", "Issues"} <= set(PROJECT["urls"])
    assert all(url.startswith(SOURCE) for url in PROJECT["urls"].values())
    # the versions claimed are the ones the suite runs on, and the one it runs on now
    versions = {
        c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"] if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in versions
    assert PROJECT["requires-python"] == f">={min(versions, key=lambda v: tuple(map(int, v.split('.'))))}"
    assert "License :: OSI Approved :: MIT License" not in PROJECT["classifiers"]  # said once, by `license`


def test_the_index_page_links_and_pictures_are_absolute_and_name_files_that_are_there():
    """Relative links break on the package index's page: its description's every link
    and picture is an address under the project's Source, naming a file of this tree."""
    page = ROOT / PROJECT["readme"]
    text = page.read_text(encoding="utf-8")
    targets = LINK.findall(text)
    assert any(t.endswith(".png") for t in targets)  # the picture
    for target in targets:
        assert target.startswith(SOURCE + "/"), f"{page.name}: not an address under {SOURCE}: {target}"
        tail = target[len(SOURCE) + 1 :].split("#")[0]
        kind, branch, path = tail.split("/", 2)
        assert (kind, branch) in (("blob", "main"), ("raw", "main")), target
        assert (ROOT / path).is_file(), f"{page.name} links to a file that is not in the tree: {path}"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The sdist and the wheel, built from a copy of the tree (nothing is written into
    the working tree), without an isolated environment: offline, with the setuptools of
    the test extra."""
    where = tmp_path_factory.mktemp("release")
    source = where / "src"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    for stray in source.glob("*.dgn"):  # a player's records at the top (make play)
        stray.unlink()
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(where / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return where / "dist"


@pytest.mark.xdist_group("release")  # one build for both (`make test` runs --dist loadgroup)
def test_twine_checks_what_is_built_as_the_index_would(built):
    (sdist,) = built.glob("*.tar.gz")
    (wheel,) = built.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")  # the default build is pure: no compiler (docs/compiled.md)
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "notation/SPEC.md" in names
    for game in registry.names():  # each game's rules pages: `dungeon rules GAME --full`
        module = registry.get(game)
        package = type(module.game).__module__.rpartition(".")[0].replace(".", "/")
        if package.startswith("dungeon_cli/"):
            assert module.pages and all(f"{package}/{page}" in names for page in module.pages), game
    assert not any(n.startswith(("tests/", "fixtures/")) for n in names)


@pytest.mark.xdist_group("release")  # one build for both (`make test` runs --dist loadgroup)
def test_the_sdist_carries_what_its_tests_need_and_they_run(built, tmp_path):
    """Issue 25: the sdist shipped tests/ without fixtures/, the snapshots or the toy
    game. Unpacked, its tests run against its own code."""
    (sdist,) = built.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path, filter="data")
    (top,) = {n.split("/", 1)[0] for n in names}
    tree = tmp_path / top
    for needed in (
        "LICENSE",
        "fixtures/scoundrel/legal/runs.dgn",
        "fixtures/examples/scoundrel-win.dgn",
        "tests/games/scoundrel/__snapshots__/test_scoundrel_fixtures",
        "tests/support/toy_game/__init__.py",
        "tests/conftest.py",
        "docs/package-index.md",
    ):
        assert (tree / needed).exists(), f"the sdist lacks {needed}"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or "/tests/artifacts" in n]
    python = _fresh_python(tmp_path / "venv", next(built.glob("*.whl")))
    # its conftest registers its own toy game; and a pytest that finds pytest-xdist's
    # PYTEST_XDIST_WORKER set takes itself for a worker of this run and prints no summary
    # (this test failed under `make test`'s -n 2 for want of " passed")
    env = {k: v for k, v in os.environ.items() if k != "DUNGEON_GAMES" and not k.startswith("PYTEST_")}
    where = subprocess.run(
        [python, "-c", "import dungeon_cli; print(dungeon_cli.__file__)"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert not Path(where.stdout.strip()).is_relative_to(ROOT), where.stdout + where.stderr  # not this tree's code
    done = subprocess.run(
        [
            python,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "tests/games/test_fixtures.py",
            "tests/games/test_toy_game.py",
            "tests/games/scoundrel/test_scoundrel_fixtures.py",
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


def _fresh_python(venv: Path, wheel: Path) -> str:
    """A virtualenv holding the built wheel, and reaching the test tools of this one
    through a path file (offline: nothing is downloaded), without this tree's editable
    install, whose path file is not read from there."""
    import site
    import venv as venvs

    venvs.EnvBuilder(with_pip=False).create(venv)
    python = str(venv / "bin" / "python")
    packages = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True, check=True
    ).stdout.strip()
    (Path(packages) / "tools.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    # --ignore-installed: the test tools' site-packages may hold dungeon_cli itself (make
    # test-compiled's install of the compiled wheel), which pip took for this wheel installed
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--ignore-installed",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return python
