"""Property (issue 13): mutating the project's own card encodings — a key renamed, a value of the wrong
type, a number made huge — never makes judge crash or run away. A mutated encoding is bad input
(InputError: exit 2, with file and line) or a card the engine runs; a scenario with it ends with a
result (pass or fail, exit 0 or 1), never an engine error; each within 10 s.

Every mutation is drawn by hypothesis, derandomized: the same examples each run."""
from __future__ import annotations

import copy
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings, strategies as st

from judge.core.errors import InputError, InvariantViolation, NotRunnable
from judge.games.hololive.cards import CARD_DIR, builtin, card_file_records
from judge.games.hololive.selfplay import play_game, random_decks
from judge.scenario.model import scenario_from_text, versions_of
from judge.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
LIMIT_S = 10.0
WRONG = ["two", 2, -1, 10**12, True, None, [], {}, [1], {"x": 1}, "X", 0, 1.5]
HUGE = [10**9, 10**12, 10**18, -10**12]


def _with_cards(paths):
    out = []
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("cards"), dict) and data["cards"]:
            out.append((path, data))
    return out


SCENARIOS = _with_cards(sorted((ROOT / "scenarios").rglob("*.yaml")))
ENCODED = [(number, raw) for _, data in _with_cards(sorted(CARD_DIR.glob("*.yaml")))
           for number, raw in data["cards"].items()
           if any(isinstance(ab, dict) and not ab.get("unsupported") for ab in raw.get("abilities") or ())
           or any(isinstance(a, dict) and a.get("effect") for a in raw.get("arts") or ())]


def _places(x, path=()):
    """Every place inside a card record: (path, value)."""
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _places(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _places(v, path + (i,))


def _at(x, path):
    for p in path:
        x = x[p]
    return x


@st.composite
def mutated(draw, record):
    """The record with one mutation: a key renamed, a value of the wrong type, or a number made huge."""
    record = copy.deepcopy(record)
    places = [p for p, _ in _places(record) if p]
    kind = draw(st.sampled_from(["rename", "wrong", "huge"]))
    if kind == "huge":
        numbers = [p for p, v in _places(record) if p and isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            path = draw(st.sampled_from(numbers))
            _at(record, path[:-1])[path[-1]] = draw(st.sampled_from(HUGE))
            return record
        kind = "wrong"
    if kind == "rename":
        keys = [p for p in places if isinstance(p[-1], str)]
        if keys:
            path = draw(st.sampled_from(keys))
            parent, key = _at(record, path[:-1]), path[-1]
            new = draw(st.sampled_from([key + "s", key[:-1] or "k", key[::-1], key.upper(), "unknown"]))
            if new not in parent:
                parent[new] = parent.pop(key)
            return record
    path = draw(st.sampled_from(places))
    _at(record, path[:-1])[path[-1]] = copy.deepcopy(draw(st.sampled_from(WRONG)))
    return record


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_inline_card_is_bad_input_or_runs_to_a_result(data):
    path, scenario = data.draw(st.sampled_from(SCENARIOS))
    scenario = copy.deepcopy(scenario)
    number = data.draw(st.sampled_from(sorted(scenario["cards"])))
    scenario["cards"][number] = data.draw(mutated(scenario["cards"][number]))
    text = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)
    start = time.perf_counter()
    try:
        sc = scenario_from_text(text, str(path))
    except InputError as e:
        assert e.file == str(path) and e.line is not None            # exit 2, located
        event("bad input")
        return
    event("ran")
    for version in versions_of(sc):
        result = run_scenario(sc, version)                             # no exception escapes
        crashes = [f for f in result.failures if f.startswith("engine error")]
        assert not crashes, crashes
        assert time.perf_counter() - start < LIMIT_S


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_mutated_set_card_is_bad_input_or_plays_a_game(tmp_path_factory, data):
    number, raw = data.draw(st.sampled_from(ENCODED))
    record = data.draw(mutated(raw))
    folder = tmp_path_factory.mktemp("mutated")
    file = folder / "set.yaml"
    file.write_text(yaml.safe_dump({"set": "MUT", "name": "mutated", "cards": {"MUT-1": record}},
                                   allow_unicode=True, sort_keys=False), encoding="utf-8")
    start = time.perf_counter()
    try:
        cards = card_file_records(file)
    except InputError as e:
        assert e.file == str(file) and e.line is not None
        event("bad input")
        return
    db = builtin().overlay(cards)
    if db.get("MUT-1").unsupported():
        return
    try:
        decks = random_decks(1, db, ["MUT-1"])
    except InputError:
        return                                                         # a card no legal deck can hold
    event("played")
    try:
        play_game(decks, 1, db=db, debug=True)
    except NotRunnable:
        pass
    except InvariantViolation as e:                                    # a finding, not a crash
        pytest.fail(f"{number} mutated: {e}")
    assert time.perf_counter() - start < LIMIT_S
