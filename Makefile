# Roost: the two commands of the quick start.
#   make run   - create .venv, install, and start the server (open the printed URL)
#   make play  - play Eggo in the terminal against three bots
#   make test  - create/update .venv with the dev tools and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -n 2

.PHONY: run play serve-lan test lint typecheck unit chromium bench bench-server playthroughs clean

run: $(VENV)/.installed
	$(BIN)/roost serve

play: $(VENV)/.installed
	$(BIN)/roost play eggo --players 4

serve-lan: $(VENV)/.installed
	$(BIN)/roost serve --host 0.0.0.0

bench-server: $(VENV)/.installed-dev
	$(BIN)/python scripts/bench_server.py

test: $(VENV)/.installed-dev chromium lint typecheck unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# The browser tests (tests/e2e/) drive Debian's chromium through Playwright; no browser is ever
# downloaded. Installed with apt when missing and run as root; otherwise those tests are skipped.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			apt-get update -q && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium; \
		else \
			echo "note: /usr/bin/chromium is missing: the browser tests will be skipped" >&2; \
		fi; \
	fi

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

# The ray extra too, so the lab's test that Ray and the local pool agree runs in CI (about 20 s
# more to install; without Ray that test is skipped).
$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e ".[dev,ray]"
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
