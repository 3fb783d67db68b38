# One virtualenv in .venv; every target installs what it needs into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED ?=

.PHONY: play lint test test-compiled compiled-wheel bench fuzz clean

# Playing needs dungeon alone; the tests add their tools (and Dask: the --cluster test
# starts a local cluster; OpenSpiel and Gymnasium: the adaptors' tests). Each target
# installs what it needs, once. What pip and the build backend say (setuptools warns
# of every editable install) goes to .venv/install.log, shown only if the install
# fails: the last lines on the screen before the game are the ones a newcomer needs.
QUIETLY = sh -c '"$$@" >$(VENV)/install.log 2>&1 || { cat $(VENV)/install.log >&2; exit 1; }' quietly

$(VENV)/.play: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	@echo "installing dungeon in $(VENV) (what pip says: $(VENV)/install.log)"
	@$(QUIETLY) $(BIN)/pip install --quiet --upgrade pip
	@$(QUIETLY) $(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.play
	@echo "installing the test tools in $(VENV)"
	@$(QUIETLY) $(BIN)/pip install --quiet -e '.[test,cluster,openspiel,gym,lsp,pygments]'
	$(BIN)/python -m compileall -q dungeon_cli notation >/dev/null
	touch $@

# The record goes to the current directory (ignored by git at the top of this tree).
play: $(VENV)/.play
	@echo "dungeon is installed in $(VENV)/bin: '. $(VENV)/bin/activate' puts it on PATH (or install it for good: pipx install .)"
	$(BIN)/dungeon play scoundrel $(if $(SEED),--seed $(SEED))

$(VENV)/.lint: $(VENV)/.test
	@echo "installing the lint tools in $(VENV)"
	@$(QUIETLY) $(BIN)/pip install --quiet -e '.[test,lint,cluster,openspiel,gym,lsp,pygments]'
	touch $@

# The code's own checks: ruff (lint and format), mypy (strict), the import contracts
# (pyproject.toml) that keep the layers apart, and the same walls at run time: every
# module of every game imported in a fresh interpreter loads nothing above the games.
lint: $(VENV)/.lint
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/games/test_game_imports.py

# The suite on two processes (pytest-xdist; tests/README.md says what keeps it safe to
# split): both cores of the machine CI runs on. Two, not `auto`: every worker starts its own
# language server, Dask cluster and pseudo-terminals, so more workers than cores only
# queue; a bigger machine asks for more (PYTEST_JOBS=auto), PYTEST_JOBS=0 is one process.
# loadgroup keeps the tests marked xdist_group (the ones that share one build or one
# cluster on purpose) on one worker.
PYTEST_JOBS ?= 2
test: lint
	$(BIN)/python -m pytest -n $(PYTEST_JOBS) --dist loadgroup

# The compiled build (issue 37, setup.py): the wheel mypyc makes of the hot modules,
# built with this tree's mypy (no download: --no-isolation), installed with the test tools
# in a virtualenv of its own, and the suite run on that install. The tree stays off the
# suite's import path (PYTHONSAFEPATH; a .pth puts it after the installed packages, for
# bench/ and fuzz/, which the tests import), and tests/project/test_compiled.py fails
# the run unless the compiled modules are the ones loaded.
COMPILED_VENV := .venv-compiled
COMPILED_JOBS ?= 2
COMPILED_DIST := dist/compiled
compiled-wheel: $(VENV)/.lint
	rm -rf $(COMPILED_DIST)
	@echo "building the compiled wheel (mypyc, then the C compiler: minutes; what it says: build/compiled.log)"
	@mkdir -p build
	@DUNGEON_MYPYC=required nice -n 5 $(BIN)/python -m build --no-isolation --wheel --outdir $(COMPILED_DIST) . >build/compiled.log 2>&1 || { tail -40 build/compiled.log >&2; exit 1; }
	ls $(COMPILED_DIST)/*.whl

$(COMPILED_VENV)/.test: compiled-wheel
	rm -rf $(COMPILED_VENV)
	$(PYTHON) -m venv $(COMPILED_VENV)
	@$(QUIETLY) $(COMPILED_VENV)/bin/pip install --quiet "$$(ls $(COMPILED_DIST)/*.whl)[test,cluster,openspiel,gym,lsp,pygments]"
	$(COMPILED_VENV)/bin/python -c "import site, sys; open(site.getsitepackages()[0] + '/dungeon-tree.pth', 'w').write(sys.argv[1] + '\n')" "$(CURDIR)"
	touch $@

test-compiled: $(COMPILED_VENV)/.test
	$(COMPILED_VENV)/bin/dungeon --version | grep -q "compiled: yes"
	PYTHONSAFEPATH=1 DUNGEON_EXPECT_COMPILED=1 $(COMPILED_VENV)/bin/python -m pytest -n $(COMPILED_JOBS) -p no:cacheprovider

# The anchor first (issue 37, bench/compiled.py): verify against python-chess in the
# compiled wheel installed in a fresh virtualenv, the pure install beside it. The corpus
# of every game's records is written once, for the three (bench/corpus.py).
BENCH_CORPUS := bench/out/corpus
bench: $(VENV)/.test compiled-wheel
	@$(QUIETLY) $(BIN)/pip install --quiet -e '.[test,bench]'
	rm -rf $(BENCH_CORPUS)
	$(BIN)/python -m bench.corpus $(BENCH_CORPUS)
	DUNGEON_BENCH_CORPUS=$(BENCH_CORPUS) $(BIN)/python -m bench.compiled
	DUNGEON_BENCH_CORPUS=$(BENCH_CORPUS) $(BIN)/python -m bench
	DUNGEON_BENCH_CORPUS=$(BENCH_CORPUS) $(BIN)/python -m bench.tree_verify

# Outside CI: FUZZ_KILL_GAMES games of `dungeon play` killed at random moments (make test
# kills 100), then the reader, referee, fmt and CLI under hypothesis for FUZZ_SECONDS,
# every way a file gets in with the hostile inputs and every output with the hostile
# outputs (its own input or a symlink to it, odd stale temporary files, a full disk, a
# read-only directory: a tmpfs mounted read-only when run as root).
# Findings go to fuzz/crashes/, the summary to fuzz/out/latest.json.
# FUZZ_CLOCK=cpu counts FUZZ_SECONDS in CPU time (a CPU-hour on a busy machine).
FUZZ_SECONDS ?= 600
FUZZ_CLOCK ?= wall
FUZZ_KILL_GAMES ?= 1000
fuzz: $(VENV)/.test
	DUNGEON_KILL_GAMES=$(FUZZ_KILL_GAMES) $(BIN)/python -m pytest -q tests/hardening/test_faults_kill.py
	$(BIN)/python -m fuzz --seconds $(FUZZ_SECONDS) --clock $(FUZZ_CLOCK)

clean:
	rm -rf $(VENV) $(COMPILED_VENV) .pytest_cache .hypothesis build dist
