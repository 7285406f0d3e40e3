# `make run` and `make test` each create .venv when it is missing and install the project, then
# compile the engine modules (docs/performance.md: compiled modules are used only while they
# match their sources). JUDGE_PURE=1 make ... skips the compile and runs plain Python.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ENGINE_SOURCES := $(wildcard judge/core/*.py judge/games/*/*.py judge/games/*/effects/*.py)
COMPILED := judge/_compiled/manifest.json
ifeq ($(JUDGE_PURE),)
ENGINE := $(COMPILED)
endif

.PHONY: run test install compile clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,fast]'
	touch $(STAMP)

install: $(STAMP)

# Only the modules whose source changed are compiled again (build/compiled keeps the rest).
$(COMPILED): $(STAMP) $(ENGINE_SOURCES) tools/compile_engine.py
	$(BIN)/python tools/compile_engine.py

compile: $(COMPILED)

run: $(STAMP) $(ENGINE)
	$(BIN)/judge run -q
	$(BIN)/judge coverage --game hololive --rules 1.9.0 --summary

test: $(STAMP) $(ENGINE)
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info judge/_compiled
