# The README's two commands: `make run` (main job) and `make test` (every check CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SRC := src tests benchmarks examples

.PHONY: run watch test test-fast lint typecheck typecheck-js pytest screenshot bench bench-cards bench-rl bench-server bench-web clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.dev: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,rl,train,ray]'
	touch $@

# the game server with the web client on http://127.0.0.1:8000 (SQLite file westeros-server.sqlite3)
run: $(VENV)/.installed
	$(BIN)/westeros serve --host 127.0.0.1 --port 8000

# a whole 6-player game between bots in the terminal
watch: $(VENV)/.installed
	$(BIN)/westeros watch --players 6 --seed 1

test: lint typecheck typecheck-js pytest

# the fast lane while working: pytest without the tests marked slow (tests/conftest.py)
test-fast: $(VENV)/.dev
	$(BIN)/pytest -q -m "not slow"

lint: $(VENV)/.dev
	$(BIN)/ruff check $(SRC)
	$(BIN)/ruff format --check $(SRC)

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# the web client's // @ts-check modules checked by TypeScript (jsconfig.json; typescript, preact
# and htm pinned in package-lock.json, for the check only: users get the files as they are)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

typecheck-js: node_modules/.installed
	node_modules/.bin/tsc -p jsconfig.json

pytest: $(VENV)/.dev
	$(BIN)/pytest

# refreshes docs/screenshot.png and docs/screenshot-cards.png (shown in the README) from the
# browser tests' board and card table
screenshot: $(VENV)/.dev
	WESTEROS_SCREENSHOT=$(CURDIR)/docs/screenshot.png $(BIN)/pytest -q tests/web/test_browser.py -k person
	WESTEROS_SCREENSHOTS=$(CURDIR)/docs $(BIN)/pytest -q tests/web/test_table.py -k "fits or phone"
	WESTEROS_CARD_SCREENSHOT=$(CURDIR)/docs/screenshot-cards.png $(BIN)/pytest -q tests/web/test_cards_joust.py -k whole

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/boardgame.py

bench-cards: $(VENV)/.installed
	$(BIN)/python benchmarks/cardgame.py

bench-rl: $(VENV)/.dev
	$(BIN)/python benchmarks/rl.py

bench-server: $(VENV)/.dev
	$(BIN)/python benchmarks/server.py --games 100,500 --seconds 20

bench-web: $(VENV)/.dev
	$(BIN)/python benchmarks/web.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
