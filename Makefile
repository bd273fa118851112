# The README's two commands: `make run` (main job) and `make test` (every check CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SRC := src tests benchmarks examples

.PHONY: run test lint typecheck pytest bench bench-rl bench-server clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.dev: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,rl]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/westeros watch --players 6 --seed 1

test: lint typecheck pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check $(SRC)
	$(BIN)/ruff format --check $(SRC)

typecheck: $(VENV)/.dev
	$(BIN)/mypy

pytest: $(VENV)/.dev
	$(BIN)/pytest

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/boardgame.py

bench-rl: $(VENV)/.dev
	$(BIN)/python benchmarks/rl.py

bench-server: $(VENV)/.dev
	$(BIN)/python benchmarks/server.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
