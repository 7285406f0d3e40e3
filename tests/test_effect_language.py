"""The effect language is the engine's own: `judge cards check` knows exactly the verbs, conditions and
selectors the engine runs, and the card schema names every key the engine reads from an ability.
Nothing here is a hand-kept list: each side is read from the engine (its methods, its source)."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
import yaml

from judge.games.hololive import cardtext
from judge.games.hololive.effects import continuous, select
from judge.games.hololive.engine import HololiveGame

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "judge" / "games" / "hololive"
SCHEMA = json.loads((ROOT / "schemas" / "card.schema.json").read_text(encoding="utf-8"))

# Lint problems about the shape of the language (not "no card has this name", which may be meant).
SHAPE = ("unknown verb", "unknown condition", "unknown kind", "unknown trigger", "unknown keyword",
         "unknown continuous effect", "a step must be a mapping", "a step needs exactly one verb",
         "unknown selector", "unknown position", "must be a mapping", "effect is a mapping")


def _card_records():
    """Every card record: the set files and every scenario's inline `cards:`."""
    paths = sorted((GAME / "cards").glob("*.yaml")) + sorted((ROOT / "scenarios").rglob("*.yaml"))
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("cards"), dict):
            for number, raw in data["cards"].items():
                yield path.relative_to(ROOT), number, raw


# ----------------------------------------------------------------------------------- verbs
def test_known_verbs_are_the_engines_verb_methods():
    engine = {n[len("_verb_"):] for n in dir(HololiveGame) if n.startswith("_verb_") and not n.startswith("_verb__")}
    assert cardtext.known_verbs() == engine
    # verbs of the section-10 machinery, defined outside VerbsMixin, that the old list missed
    assert {"continuous", "timed_trigger", "choose_abilities", "adjust", "archive_this"} <= engine


def test_every_card_and_inline_card_is_in_the_language():
    problems = [f"{path}: {p}" for path, number, raw in _card_records()
                for p in cardtext.lint_card(number, raw, set()) if any(s in p for s in SHAPE)]
    assert not problems, "\n".join(problems)


def test_lint_reads_nested_steps_and_continuous_effects():
    raw = {"type": "support", "sub_type": "tool", "name": "X", "abilities": [
        {"kind": "continuous", "effect": {"target": "stage", "hp": 10, "hpp": 5}},
        {"kind": "auto", "trigger": "damaged", "effect": {"hp": 10}},
        {"kind": "support", "effect": [{"timed_trigger": {"trigger": "damaged", "effect": [{"drawe": 1}]}},
                                       {"choose_abilities": {"from": [{"name": "A", "effect": [{"jump": 1}]}]}}]},
        {"kind": "replacement", "replaces": {"event": "damage", "holomem": "nowhere"}, "may": True,
         "choice": [{"archive_chear": {}}], "effect": []},
        {"kind": "auto", "state": {"moon_is": "full"}, "effect": [{"draw": 1}]},
    ]}
    out = "\n".join(cardtext.lint_card("X", raw, set()))
    assert "unknown continuous effect 'hpp'" in out
    assert "only a continuous ability's effect is a mapping" in out
    assert "unknown verb 'drawe'" in out and "unknown verb 'jump'" in out and "unknown verb 'archive_chear'" in out
    assert "unknown selector 'nowhere'" in out
    assert "unknown condition 'moon_is'" in out


# --------------------------------------------------------------- conditions and selectors
def _compared(func, var) -> set:
    """The string constants `var` is compared with (==, in) inside `func` of effects/select.py."""
    tree = ast.parse((GAME / "effects" / "select.py").read_text(encoding="utf-8"))
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == func)
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == var:
            for op, comp in zip(node.ops, node.comparators):
                if isinstance(op, ast.Eq) and isinstance(comp, ast.Constant):
                    out.add(comp.value)
                elif isinstance(op, ast.In) and isinstance(comp, (ast.Tuple, ast.List)):
                    out |= {e.value for e in comp.elts if isinstance(e, ast.Constant)}
    return out


def test_lint_conditions_are_those_the_engine_evaluates():
    assert _compared("holds", "key") == set(select.CONDITIONS)


def test_lint_selectors_are_those_the_engine_resolves():
    assert _compared("holomems", "where") == set(select.WHERE)


# ------------------------------------------------------------------------------ the schema
ABILITY_VARS = ("ab", "ability")          # an ability record (or an oshi skill waiting like one)
SKILL_VARS = ("skill",)                   # an oshi skill record


def _keys_read(names) -> dict:
    """key -> where: every `X.get("key")` and `X["key"]` with X one of `names`, in the game's code."""
    out = {}
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            key = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in names \
                    and node.args and isinstance(node.args[0], ast.Constant):
                key = node.args[0].value
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in names \
                    and isinstance(node.slice, ast.Constant):
                key = node.slice.value
            if isinstance(key, str):
                out.setdefault(key, f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def _props(definition) -> set:
    return set(SCHEMA["definitions"][definition]["properties"])


def test_the_keys_the_engine_reads_from_abilities_are_in_the_schema():
    read = _keys_read(ABILITY_VARS)
    assert {"moved", "state", "used", "source", "cost", "zone", "replaces", "may", "choice"} <= set(read)
    missing = {k: where for k, where in read.items() if k not in _props("ability") | _props("oshi_skill")}
    assert not missing, f"keys read from abilities that schemas/card.schema.json does not name: {missing}"


def test_the_keys_the_engine_reads_from_oshi_skills_are_in_the_schema():
    read = _keys_read(SKILL_VARS)
    assert {"usable", "x_min"} <= set(read)
    missing = {k: where for k, where in read.items() if k not in _props("oshi_skill")}
    assert not missing, f"keys read from oshi skills that schemas/card.schema.json does not name: {missing}"


def test_the_continuous_effect_mapping_is_the_engines():
    assert _props("continuous_effect") == set(continuous.EFFECT_KEYS)


@pytest.mark.parametrize("definition", ["ability", "oshi_skill", "continuous_effect", "usable"])
def test_the_effect_language_mappings_are_closed(definition):
    assert SCHEMA["definitions"][definition]["additionalProperties"] is False


def test_what_can_change_the_game_is_declared_for_verbs_that_exist():
    """10.7.2.3.7 (effects/changes.py): each verb declared there is a verb the engine runs."""
    from judge.games.hololive.effects.changes import CHANGES
    verbs = {name[len("_verb_"):] for name in dir(HololiveGame) if name.startswith("_verb_")}
    assert set(CHANGES) <= verbs, sorted(set(CHANGES) - verbs)
