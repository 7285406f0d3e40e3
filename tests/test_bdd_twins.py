"""One model: a Gherkin scenario and its YAML twin (`@twin:PATH`) build the same scenario
and give the same result and the same trace."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.bdd.load import build_feature
from judge.scenario.model import load_scenario
from judge.scenario.runner import PASSED, run_scenario, runnable_versions

ROOT = Path(__file__).resolve().parents[1]
FEATURES = sorted((ROOT / "features").rglob("*.feature"))


def _twins():
    out = []
    for path in FEATURES:
        for b in build_feature(path):
            if b.meta.twin:
                rel = path.relative_to(ROOT)
                out.append(pytest.param(path, b.info.line, b.meta.twin[0], id=f"{rel}:{b.info.line}"))
    return out


TWINS = _twins()


def _scenario(path, line):
    return next(b for b in build_feature(path) if b.info.line == line).scenario()


def trace_key(result):
    return [(e.kind, tuple(e.rules), e.source, sorted((k, str(v)) for k, v in e.data.items()))
            for e in result.trace]


def _holomem(h):
    return {"card": h} if isinstance(h, str) else h


def normal_given(given):
    """`center: X` and `center: {card: X}` say the same; compare them alike."""
    out = {}
    for key, spec in given.items():
        if key in ("A", "B"):
            spec = dict(spec)
            for pos in ("center", "collab"):
                if spec.get(pos) is not None:
                    spec[pos] = _holomem(spec[pos])
            if "back" in spec:
                spec["back"] = [_holomem(h) for h in spec["back"]]
        out[key] = spec
    return out


def canonical_when(sc):
    """Arts named in Japanese or English are the same art: compare by the English name."""
    from judge.core.text import norm
    db = sc.ruleset.card_db(sc.cards)
    out = []
    for item in sc.when:
        item = dict(item)
        art = item.get("art")
        if isinstance(art, dict) and str(art.get("holomem", "")).count(".") == 1:
            p, pos = art["holomem"].split(".")
            h = _holomem(sc.given[p][pos])
            defn = db.lookup(h["card"])
            for a in defn.arts:
                if norm(art["art"]) in a.keys:
                    item["art"] = {**art, "art": a.name_en or a.name}
        out.append(item)
    return out


def test_the_spec_examples_have_twins_in_both_languages():
    spec = {"scenarios/hololive/12-performance/advantage-icon.yaml",
            "scenarios/hololive/08-main-step/no-bloom-first-turn.yaml",
            "scenarios/hololive/11-rule-processing/empty-stage-loses.yaml"}
    langs = {}
    for p in TWINS:
        path, _, twin = p.values
        langs.setdefault(twin, set()).add(build_feature(path)[0].lang)
    for twin in spec:
        assert langs.get(twin) == {"en", "ja"}, f"{twin}: twins in {langs.get(twin)}"


@pytest.mark.parametrize("path, line, twin", TWINS)
def test_twin_builds_the_same_model(path, line, twin):
    sc = _scenario(path, line)
    yaml = load_scenario(ROOT / twin)
    assert sc.game == yaml.game
    assert sc.rules == yaml.rules
    assert sorted(sc.refs) == sorted(yaml.refs)
    assert sc.cards == yaml.cards
    assert normal_given(sc.given) == normal_given(yaml.given)
    assert canonical_when(sc) == canonical_when(yaml)
    assert sc.then == yaml.then


@pytest.mark.parametrize("path, line, twin", TWINS)
def test_twin_gives_the_same_result_and_trace(path, line, twin):
    sc = _scenario(path, line)
    yaml = load_scenario(ROOT / twin)
    versions = runnable_versions(yaml)
    assert versions and runnable_versions(sc) == versions
    for v in versions:
        a, b = run_scenario(sc, v), run_scenario(yaml, v)
        assert a.status == b.status == PASSED, (a.failures, b.failures)
        assert a.game.result == b.game.result
        assert a.cited == b.cited
        assert trace_key(a) == trace_key(b)
