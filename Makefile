# railbird: the two commands a newcomer needs are `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train

.PHONY: demo test lint typecheck unit bench pg pg-stop browser-deps screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# the test suite includes a tiny end-to-end training run, so it needs the train extra (torch, ultralytics)
$(TRAIN_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,train]'
	touch $(TRAIN_STAMP)

## demo: set up, render the demo hand (once), serve the floor dashboard on http://127.0.0.1:8000 with
## the demo camera playing in real time, alerts printed as they arrive (Ctrl-C stops)
demo: $(STAMP)
	$(BIN)/railbird demo

## test: set up, lint, type-check and run every test
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check vision rules service datasets tests
	$(BIN)/ruff format --check vision rules service datasets tests

typecheck: $(STAMP)
	$(BIN)/mypy

# the floor service tests run on SQLite and on PostgreSQL: `pg` starts a throwaway server (unless
# RAILBIRD_TEST_PG_URL names one) and pytest gets its URL
unit: $(TRAIN_STAMP) pg browser-deps
	RAILBIRD_TEST_PG_URL="$${RAILBIRD_TEST_PG_URL:-$$(scripts/pg_test_server.sh)}" $(BIN)/python -m pytest

## pg: a throwaway PostgreSQL server for the tests (/tmp/railbird-pg-<user>, unix socket, port 54329)
pg:
	@if [ -n "$$RAILBIRD_TEST_PG_URL" ]; then exit 0; fi; \
	if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing postgresql (apt-get) for the floor service tests"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
		else \
			echo "PostgreSQL is not installed: sudo apt-get install -y postgresql (or set RAILBIRD_TEST_PG_URL)" >&2; \
			exit 1; \
		fi; \
	fi; \
	scripts/pg_test_server.sh >/dev/null

pg-stop:
	scripts/pg_test_server.sh stop

## browser-deps: the headless browser the page tests drive (Debian chromium + chromedriver)
browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "installing chromium and chromium-driver (apt-get) for the page tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			chromium chromium-driver >/dev/null; \
	else \
		echo "chromium is not installed: sudo apt-get install -y chromium chromium-driver (page tests skip)" >&2; \
	fi

## screenshots: refresh docs/dashboard.png, docs/console.png, docs/review.png
screenshots: $(STAMP)
	RAILBIRD_SCREENSHOTS=docs $(BIN)/python -m pytest -m browser tests/service/browser

## bench: rulings per second on a replay of many hands
bench: $(STAMP)
	$(BIN)/railbird rules bench --hands 2000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
