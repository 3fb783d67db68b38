# One virtualenv in .venv; every target installs what it needs into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED ?=

.PHONY: play test bench fuzz clean

$(BIN)/dungeon: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,cluster]'  # cluster: the --cluster test starts a local Dask cluster
	$(BIN)/python -m compileall -q dungeon_cli notation >/dev/null
	touch $@

play: $(BIN)/dungeon
	$(BIN)/dungeon play scoundrel $(if $(SEED),--seed $(SEED))

test: $(BIN)/dungeon
	$(BIN)/python -m pytest

bench: $(BIN)/dungeon
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench

# The reader, referee, fmt and CLI under hypothesis for FUZZ_SECONDS (outside CI): findings
# go to fuzz/crashes/, the summary to fuzz/out/latest.json.
FUZZ_SECONDS ?= 600
fuzz: $(BIN)/dungeon
	$(BIN)/python -m fuzz --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
