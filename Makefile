# The README's two commands: `make run` (main job) and `make test` (every check CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SRC := src tests benchmarks

.PHONY: run test lint typecheck pytest bench bench-server clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.dev: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
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

bench-server: $(VENV)/.dev
	$(BIN)/python benchmarks/server.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
