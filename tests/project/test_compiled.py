"""The opt-in compiled build (issue 37, setup.py, dungeon_compiled.py): `dungeon --version`
says whether the mypyc-compiled modules run; a compiled install whose extension modules
cannot load runs the pure sources with one warning, never a traceback; and the compiled
suite (`make test-compiled`) runs on the compiled modules, not on the tree's sources."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

import dungeon_compiled

COPY = shutil.ignore_patterns("__pycache__", "*.so")


def _broken_compiled_install(where: Path) -> Path:
    """The packages' sources beside extension modules that cannot load (not a shared
    object at all), as a compiled wheel for another platform or a lost runtime leaves them."""
    site = where / "site"
    site.mkdir()
    shutil.copy(ROOT / "dungeon_compiled.py", site)
    for package in ("notation", "dungeon_cli"):
        shutil.copytree(ROOT / package, site / package, ignore=COPY)
    suffix = EXTENSION_SUFFIXES[0]
    for stub in (f"{dungeon_compiled.RUNTIME}{suffix}", f"notation/reader{suffix}", f"dungeon_cli/engine/walk{suffix}"):
        (site / stub).write_bytes(b"not a shared object\n")
    return site


def _python(site: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("DUNGEON_PURE",)}
    full["PYTHONPATH"] = os.pathsep.join([str(site), full.get("PYTHONPATH", "")])
    full.update(env or {})
    return subprocess.run([sys.executable, "-P", *args], capture_output=True, text=True, cwd=site.parent, env=full, timeout=120)


def test_a_compiled_install_that_cannot_load_runs_pure_with_one_warning(tmp_path):
    site = _broken_compiled_install(tmp_path)
    done = _python(
        site, "-c", "import notation.reader, dungeon_cli.engine.walk as w; print(notation.reader.__file__); print(w.__file__)"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(site / "notation" / "reader.py"), str(site / "dungeon_cli" / "engine" / "walk.py")]
    assert done.stderr.count("dungeon: warning: the compiled modules did not load (ImportError: ") == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_version_says_why_it_runs_pure_and_a_record_still_verifies(tmp_path):
    site = _broken_compiled_install(tmp_path)
    version = _python(site, "-m", "dungeon_cli", "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("dungeon, version ") and "(compiled: no (ImportError: " in version.stdout
    verified = _python(site, "-m", "dungeon_cli", "verify", str(EXAMPLES / "scoundrel-win.dgn"))
    assert verified.returncode == 0, verified.stderr
    assert "Traceback" not in verified.stderr and verified.stderr.count("warning: the compiled modules did not load") == 1


def test_dungeon_pure_runs_the_sources_of_a_compiled_install_without_a_warning(tmp_path):
    site = _broken_compiled_install(tmp_path)
    done = _python(site, "-m", "dungeon_cli", "--version", env={"DUNGEON_PURE": "1"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.endswith("(compiled: no (DUNGEON_PURE=1))\n")


def test_a_pure_install_says_compiled_no_and_nothing_else(tmp_path):
    site = _broken_compiled_install(tmp_path)
    for stub in site.rglob("*.so"):
        stub.unlink()
    done = _python(site, "-m", "dungeon_cli", "--version")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith(" (compiled: no)\n")


@pytest.mark.skipif(
    os.environ.get("DUNGEON_EXPECT_COMPILED") != "1", reason="the compiled suite's own check (make test-compiled)"
)
def test_the_compiled_suite_runs_the_compiled_modules_of_the_installed_wheel():
    import dungeon_cli.engine.walk
    import notation.reader

    assert dungeon_compiled.check() is True
    for module in (notation.reader, dungeon_cli.engine.walk):
        assert module.__file__ is not None and module.__file__.endswith(tuple(EXTENSION_SUFFIXES)), module.__file__
        # The wheel's install (.venv-compiled may be inside the tree), not the tree's own packages.
        assert not Path(module.__file__).is_relative_to(ROOT / module.__name__.split(".")[0]), "the tree shadows the wheel"


def test_the_release_recipe_requires_the_compiled_build_and_tests_each_wheel_compiled():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheels = config["tool"]["cibuildwheel"]
    assert wheels["environment"]["DUNGEON_MYPYC"] == "required"  # a failed compile fails the release
    assert wheels["environment"]["DUNGEON_EXPECT_COMPILED"] == "1"
    assert "tests/project/test_compiled.py" in wheels["test-command"] and " -P " in wheels["test-command"]
    backend = config["build-system"]
    assert (backend["build-backend"], backend["backend-path"]) == ("dungeon_build", ["build_backend"])
    assert (ROOT / "docs" / "compiled.md").is_file()


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_make_test_compiled_builds_the_wheel_required_and_runs_the_suite_on_its_install():
    done = subprocess.run(["make", "-n", "-B", "test-compiled"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    plan = done.stdout
    assert "DUNGEON_MYPYC=required" in plan and "--no-isolation --wheel" in plan
    assert "-m venv .venv-compiled" in plan
    assert "PYTHONSAFEPATH=1 DUNGEON_EXPECT_COMPILED=1 .venv-compiled/bin/python -m pytest -n " in plan
    assert "pip install -e" not in plan.split("-m venv .venv-compiled", 1)[1]  # the wheel, not the tree
