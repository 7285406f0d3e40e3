"""Compiled engine modules (judge/compiled.py): used only while they match their sources, and they
play exactly the games the Python sources play."""
import importlib
import json
import os
import subprocess
import sys

import pytest

from judge import compiled
from judge.compiled import CompiledFinder, compiled_path, module_sources, source_hash

BUILT = compiled._read_manifest()


def test_the_engine_modules_are_compiled_and_the_data_readers_are_not():
    names = module_sources()
    assert {"judge.core.game", "judge.games.hololive.turn", "judge.games.hololive.effects.loops"} <= set(names)
    # these find files next to their source, or are packages: they stay Python
    assert not {"judge.games.hololive.cards", "judge.games.hololive.decks", "judge.core"} & set(names)


def test_an_edited_source_is_imported_as_python():
    finder = CompiledFinder({"judge.games.hololive.turn": "0" * 64})     # compiled from other text
    assert finder.find_spec("judge.games.hololive.turn") is None
    assert finder.stale == ["judge.games.hololive.turn"] and finder.loaded == []


def test_a_module_without_a_compiled_file_is_imported_as_python(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "COMPILED_DIR", tmp_path)                # nothing built there
    name = "judge.games.hololive.turn"
    finder = CompiledFinder({name: source_hash(module_sources()[name])})
    assert finder.find_spec(name) is None and finder.stale == [name]


def test_modules_outside_the_manifest_are_left_to_python():
    assert CompiledFinder({}).find_spec("judge.cli") is None


def test_a_build_of_another_python_is_ignored(tmp_path, monkeypatch):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"python": "cpython-20", "modules": {"judge.core.game": "x"}}))
    monkeypatch.setattr(compiled, "MANIFEST", manifest)
    assert compiled._read_manifest() == {}


FRESH = [name for name, path in module_sources().items()
         if BUILT.get(name) == source_hash(path) and compiled_path(name).is_file()]


NOT_BUILT = "no engine module is compiled from its present source (`make fast` compiles them)"


@pytest.mark.skipif(not FRESH, reason=NOT_BUILT)
def test_an_unchanged_source_loads_its_compiled_module():
    name = FRESH[0]
    finder = CompiledFinder({name: BUILT[name]})
    spec = finder.find_spec(name)
    assert spec is not None and spec.origin == str(compiled_path(name))
    if not os.environ.get("JUDGE_PURE"):
        module = importlib.import_module(name)
        assert module.__file__ == str(compiled_path(name))       # this very process runs it compiled


SELFPLAY = ("from judge.games.hololive.selfplay import play_game, starter_decks; d = starter_decks(); "
            "print(sum(play_game(d, s)[1] for s in range(7, 27)))")


@pytest.mark.skipif(not FRESH, reason=NOT_BUILT)
def test_compiled_and_python_engines_play_the_same_games():
    runs = {}
    for pure in ("", "1"):
        env = {**os.environ, "JUDGE_PURE": pure}
        out = subprocess.run([sys.executable, "-c", SELFPLAY], env=env, capture_output=True, text=True, check=True)
        runs[pure] = int(out.stdout.split()[-1])
    assert runs[""] == runs["1"] > 0
