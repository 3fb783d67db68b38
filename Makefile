# One virtualenv in .venv; every target installs what it needs into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED ?=

.PHONY: play lint test bench fuzz clean

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

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.test
	@$(QUIETLY) $(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench
	$(BIN)/python -m bench.tree_verify

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
	rm -rf $(VENV) .pytest_cache .hypothesis
