# Roost: the two commands of the quick start.
#   make run   - create .venv, install, and start the server (open the printed URL)
#   make play  - play Eggo in the terminal against three bots
#   make test  - create/update .venv with the dev tools (and the rl extra its tests need) and
#                run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -n 2

.PHONY: run play serve-lan test lint typecheck unit bench bench-server playthroughs clean

run: $(VENV)/.installed
	$(BIN)/roost serve

play: $(VENV)/.installed
	$(BIN)/roost play eggo --players 4

serve-lan: $(VENV)/.installed
	$(BIN)/roost serve --host 0.0.0.0

bench-server: $(VENV)/.installed-dev
	$(BIN)/python scripts/bench_server.py

test: $(VENV)/.installed-dev lint typecheck unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

unit: $(VENV)/.installed-dev
	$(BIN)/pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed
	$(BIN)/roost bench

playthroughs: $(VENV)/.installed
	$(BIN)/python scripts/regen_playthroughs.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e ".[dev,rl]"
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
