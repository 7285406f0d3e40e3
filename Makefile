# `make run` and `make test` each create .venv when it is missing, install the project and run it as
# plain Python. `make fast` also compiles the engine modules with Cython (about 1.25x the speed of
# self-play, measured side by side in docs/performance.md; the compile takes a minute or two): a
# compiled module is used only while its source is the one it was compiled from.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
FAST_STAMP := $(VENV)/.installed-fast
ENGINE_SOURCES := $(wildcard judge/core/*.py judge/games/*/*.py judge/games/*/effects/*.py)
COMPILED := judge/_compiled/manifest.json

.PHONY: run test install fast clean screenshot

# The [ray] extra of pyproject.toml (judge selfplay --backend ray), installed on its own after the rest, so
# that a platform without a Ray wheel still gets everything else. It adds 5-20 s to a fresh install
# (docs/selfplay.md). Not --no-compile: it halves that, but where bytecode is not written
# (PYTHONDONTWRITEBYTECODE) every Ray process would then compile Ray again, 10-20 s more per ray.init.
export RAY_EXTRA := import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["ray"])

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,stats]'
	$(BIN)/python -m pip install --quiet $$($(BIN)/python -c "$$RAY_EXTRA") \
	  || echo "Ray could not be installed here: judge selfplay --backend ray and its tests are unavailable (they say so)"
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/judge run -q
	$(BIN)/judge coverage --summary

test: $(STAMP)
	$(BIN)/python -m pytest

# Opt-in: the Cython build of the engine modules (only the modules whose source changed are
# compiled again; build/compiled keeps the rest), then the tests of the compiled engine.
$(FAST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,stats,fast]'
	touch $(FAST_STAMP)

$(COMPILED): $(FAST_STAMP) $(ENGINE_SOURCES) tools/compile_engine.py
	$(BIN)/python tools/compile_engine.py

fast: $(COMPILED)
	$(BIN)/python -m pytest -q tests/test_compiled.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info judge/_compiled

# The README's picture of a ruling page (docs/images/ruling-page.png), taken by the system's Chromium
# (judge.report.browser installs chromium and a Japanese font with apt-get when they are missing).
SHOT_SCENARIO := scenarios/hololive/cards-hBP01/hBP01-114-q105-arts-plus-20-not-added-to-special-damage-of-art-text.yaml

screenshot: $(STAMP)
	mkdir -p build docs/images
	$(BIN)/judge explain $(SHOT_SCENARIO) --html build/ruling-page.html
	$(BIN)/python -m judge.report.browser build/ruling-page.html docs/images/ruling-page.png --selector '#step-2'
