# railbird: the two commands a newcomer needs are `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train

.PHONY: demo test lint typecheck unit bench clean

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

## demo: set up and run the rules engine on the shipped example hands, printing each ruling and alert
demo: $(STAMP)
	$(BIN)/railbird rules judge rules/examples/demo_feature_table.yaml
	$(BIN)/railbird rules judge rules/examples/demo_feature_table.yaml --profile blasters

## test: set up, lint, type-check and run every test
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check vision rules service datasets tests
	$(BIN)/ruff format --check vision rules service datasets tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(TRAIN_STAMP)
	$(BIN)/python -m pytest

## bench: rulings per second on a replay of many hands
bench: $(STAMP)
	$(BIN)/railbird rules bench --hands 2000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
