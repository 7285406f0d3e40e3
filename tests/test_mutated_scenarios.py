"""Property (issue 13): the project's own scenarios, mutated the way people get them wrong (keys
renamed, values of the wrong type, numbers made huge, items dropped; Gherkin lines cut, colons
lost), never make `judge run` show a traceback or an engine error, exit with anything but 0, 1 or
2, or take 10 s.

Inline `cards:` are left alone here: their encodings are validated in full elsewhere (the effect
language's declarations); this test is about the scenario language. Seeded (derandomize) and
bounded so it stays fast in CI."""
from __future__ import annotations

import copy
import functools
import re
import time
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from judge.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
FEATURES = sorted((ROOT / "features").rglob("*.feature"))
SECONDS = 10
WRONG_TYPES = (0, -1, 2.5, True, None, "", "text", "A.back.9", [], ["x"], {}, {"x": 1})
HUGE = (10 ** 9, 10 ** 18, 2 ** 64, -(10 ** 9), 10 ** 100)
SETTINGS = settings(max_examples=200, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@functools.lru_cache(maxsize=None)
def _data(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _nodes(value, path=()):
    """(path, value) of every node under the document's root, inline cards left out."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            if path or k != "cards":
                yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _renamed(key) -> list:
    key = str(key)
    return [key + "s", key[:-1] or "x", key.upper(), key.replace("_", ""), "refz"]


@st.composite
def mutated_scenario(draw):
    """A scenario file's data with one to three mutations, each at a node drawn from the file."""
    file = draw(st.sampled_from(SCENARIOS))
    data = copy.deepcopy(_data(file))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("rename", "retype", "huge", "drop")))
        nodes = list(_nodes(data))
        numbers = [(p, v) for p, v in nodes if type(v) is int]
        if kind == "huge" and numbers:          # a number made huge, most often
            nodes = numbers
        if not nodes:
            break
        path, value = draw(st.sampled_from(nodes))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        if kind == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(_renamed(key)))] = parent.pop(key)
        elif kind == "drop":
            del parent[key]
        elif kind == "huge":
            parent[key] = draw(st.sampled_from(HUGE))
        else:
            # a copy: a later mutation may change the list or mapping put here
            wrong = [w for w in WRONG_TYPES if type(w) is not type(value)]
            parent[key] = copy.deepcopy(draw(st.sampled_from(wrong)))
    return file, data


@st.composite
def mutated_feature(draw):
    """A feature file's text with one to three lines cut, doubled, moved, stripped of a colon or
    given a huge number."""
    file = draw(st.sampled_from(FEATURES))
    lines = file.read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(("cut", "double", "move", "colon", "huge")))
        if kind == "cut":
            del lines[i]
        elif kind == "double":
            lines.insert(i, lines[i])
        elif kind == "move":
            lines.insert(draw(st.integers(0, len(lines) - 1)), lines.pop(i))
        elif kind == "colon":
            lines[i] = lines[i].replace(":", "", 1)
        else:
            lines[i] = re.sub(r"\d+", str(draw(st.sampled_from(HUGE))), lines[i], count=1)
        if not lines:
            lines = ["Feature: empty"]
    return file, "\n".join(lines) + "\n"


def _judge_run(path: Path):
    start = time.perf_counter()
    result = CliRunner().invoke(main, ["run", str(path)])
    return result, time.perf_counter() - start


def _assert_judged(result, seconds, source):
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{source}: {type(result.exception).__name__}: {result.exception}"
    assert result.exit_code in (0, 1, 2), (source, result.exit_code, result.output)
    assert "Traceback" not in result.output and "engine error" not in result.output, (source, result.output)
    assert seconds < SECONDS, (source, seconds)


@SETTINGS
@given(mutated_scenario())
def test_mutated_scenarios_are_judged_not_crashed(tmp_path_factory, case):
    file, data = case
    path = tmp_path_factory.mktemp("mutated") / file.name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _assert_judged(*_judge_run(path), file.relative_to(ROOT))


@settings(SETTINGS, max_examples=80)
@given(mutated_feature())
def test_mutated_features_are_judged_not_crashed(tmp_path_factory, case):
    file, text = case
    path = tmp_path_factory.mktemp("mutated") / file.name
    path.write_text(text, encoding="utf-8")
    _assert_judged(*_judge_run(path), file.relative_to(ROOT))
