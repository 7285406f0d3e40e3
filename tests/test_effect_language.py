"""The effect language is declared once (judge/games/hololive/terms.py), and everything comes from the
declarations: the engine's dispatch, the card schema, the tables of docs/cards.md, what `judge cards
check` knows. These tests prove each side against the others, reading the engine itself (its methods,
its source) rather than a hand-kept list."""
from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
import yaml

from judge.core.errors import NotRunnable
from judge.games.hololive import cardtext, terms
from judge.games.hololive.effects import continuous, select, verbs
from judge.games.hololive.engine import HololiveGame
from judge.games.hololive.versions import GAME_CLASSES

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "judge" / "games" / "hololive"
SCHEMA = json.loads((GAME / "schemas" / "card.schema.json").read_text(encoding="utf-8"))
VOCAB = terms.declared()


def _card_records():
    """Every card record: the set files and every scenario's inline `cards:`."""
    paths = sorted((GAME / "cards").glob("*.yaml")) + sorted((ROOT / "scenarios" / "hololive").rglob("*.yaml"))
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("cards"), dict):
            for number, raw in data["cards"].items():
                yield path.relative_to(ROOT), number, raw


# ------------------------------------------------------------------ drift: the generated files
def test_the_card_schema_and_the_tables_of_cards_md_are_made_from_the_declarations():
    stale = terms.stale_files()
    assert not stale, f"run `judge cards terms --write`: {sorted(str(p) for p in stale)} differ from the declarations"


def test_the_schema_of_the_effect_language_is_generated_not_written():
    for name in ("step", "steps", "condition", "card_filter", "holomem_selector", "ability", "oshi_skill",
                 "continuous_effect", "usable", "replaces", "moved"):
        assert SCHEMA["definitions"][name].get("$comment") == terms.GENERATED, name
    step = SCHEMA["definitions"]["step"]
    assert set(step["properties"]) == set(VOCAB.names("step")) | set(verbs.STEP_KEYS)
    assert [b["required"][0] for b in step["oneOf"]] == list(VOCAB.names("step"))
    assert step["additionalProperties"] is False


def test_the_docs_list_every_verb_once():
    doc = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for term in VOCAB.named("step").public():
        row = "| `" + term.written().replace("|", "\\|") + "` |"
        assert doc.count(row) == 1, row


# ------------------------------------------------------------------ verbs: dispatch both ways
def _verb_methods(cls) -> set:
    return {n for n in dir(cls) if n.startswith("_verb_")}


@pytest.mark.parametrize("version", sorted(GAME_CLASSES))
def test_every_verb_method_is_declared_and_every_declared_verb_runs(version):
    cls = GAME_CLASSES[version]
    declared = {t.name: t.impl for t in VOCAB.named("step").terms.values()}
    assert len(declared) == 85
    methods = {impl for impl in declared.values() if isinstance(impl, str)}
    assert methods == _verb_methods(cls), "a _verb_ method without a declaration, or the reverse"
    for name, impl in declared.items():
        if isinstance(impl, str):             # a method of the game, by name
            assert impl == "_verb_" + name and callable(getattr(cls, impl)), name
        else:                                 # a function of the game in a module that is no mixin
            assert callable(impl) and impl.__name__ == name and not hasattr(cls, "_verb_" + name), name
    assert verbs.VERBS == declared            # what run_step dispatches through


def test_an_undeclared_verb_cannot_run():
    game = HololiveGame.__new__(HololiveGame)
    with pytest.raises(NotRunnable, match="'jump' is not in the effect language"):
        next(game.run_step({"jump": 1}, {"player": "A"}, "test"))


def test_known_verbs_are_the_declared_ones():
    assert cardtext.known_verbs() == set(VOCAB.names("step"))
    assert {"continuous", "timed_trigger", "choose_abilities", "adjust", "archive_this", "prohibit",
            "require"} <= cardtext.known_verbs()
    assert "_art_again" not in cardtext.known_verbs()        # the engine's own step, never on a card


# ------------------------------------------------------------------ conditions, selectors, filters
def test_every_condition_is_tested_by_the_function_that_declares_it():
    fam = VOCAB.named("condition")
    assert set(fam.impls) == set(fam.terms) == set(select.CONDITION_TESTS)
    for name, test in fam.impls.items():
        assert inspect.getmodule(test) is select and callable(test), name


def test_an_undeclared_condition_cannot_hold():
    with pytest.raises(NotRunnable, match="'moon_is'"):
        select.holds(None, {"moon_is": "full"}, {"player": "A"})


def _compared(func, var) -> set:
    """The string constants `var` is compared with (==, in) inside `func` of effects/select.py."""
    fn = _function(func)
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == var:
            for op, comp in zip(node.ops, node.comparators):
                if isinstance(op, ast.Eq) and isinstance(comp, ast.Constant):
                    out.add(comp.value)
                elif isinstance(op, ast.In) and isinstance(comp, (ast.Tuple, ast.List)):
                    out |= {e.value for e in comp.elts if isinstance(e, ast.Constant)}
    return out


def _function(name):
    tree = ast.parse((GAME / "effects" / "select.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _keys_tested(func, var) -> set:
    """The keys `func` looks for in the mapping `var`: `"k" in var`, `var.get("k")`, `var["k"]`."""
    out = set()
    for node in ast.walk(_function(func)):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and \
                isinstance(node.comparators[0], ast.Name) and node.comparators[0].id == var:
            out.add(node.left.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == var \
                and isinstance(node.args[0], ast.Constant):
            out.add(node.args[0].value)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == var \
                and isinstance(node.slice, ast.Constant):
            out.add(node.slice.value)
    return out


def test_selector_positions_are_those_the_engine_resolves():
    assert _compared("holomems", "where") == set(select.WHERE) == set(VOCAB.names("holomem_place"))
    words = set(VOCAB.names("selector_word"))
    assert words == set(select.WHERE) | {"opponent_" + w for w in ("center", "collab", "back", "stage")}


def test_selector_keys_are_those_the_engine_matches():
    read = _keys_tested("holomem_matches", "spec") | _keys_tested("holomems", "spec")
    assert read == set(VOCAB.names("holomem_filter"))


def test_card_filter_keys_are_those_the_engine_matches():
    assert _keys_tested("card_matches", "spec") == set(VOCAB.names("card_filter"))


def test_the_continuous_effect_keys_are_the_engines():
    assert set(continuous.EFFECT_KEYS) == {"target"} | set(continuous.LAYER)


# ------------------------------------------------------------------ keys of abilities and oshi skills
ABILITY_VARS = ("ab", "ability")          # an ability record (or an oshi skill waiting like one)
SKILL_VARS = ("skill",)                   # an oshi skill record
ENGINE_FILES = [p for p in sorted(GAME.rglob("*.py")) if p.name not in ("cardtext.py", "terms.py")]


def _keys_read(names, files=ENGINE_FILES) -> dict:
    """key -> where: every `X.get("key")` and `X["key"]` with X one of `names`, in the engine's code."""
    out = {}
    for path in files:
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


def _ability_keys() -> set:
    fam = VOCAB.named("ability")
    return {t.name for t in fam.common} | {"kind"} | {k for kind in fam.terms.values() for k in kind.arg.terms}


def test_the_keys_the_engine_reads_from_abilities_are_declared_and_each_declared_key_is_read():
    read = _keys_read(ABILITY_VARS)
    skill = set(VOCAB.names("oshi_skill"))
    assert {"moved", "state", "used", "source", "cost", "zone", "replaces", "may", "choice"} <= set(read)
    missing = {k: where for k, where in read.items() if k not in _ability_keys() | skill}
    assert not missing, f"keys the engine reads from abilities that no declaration names: {missing}"
    # keys read where the ability is already in hand by another name (a record of its kind), or named
    # to a helper that reads them (`self._rule_effects("prohibit")`), count too
    elsewhere = set(_keys_read(ABILITY_VARS + ("spec", "eff", "mod", "a", "arg", "named", "raw"))) | _named_to_calls()
    unread = _ability_keys() - set(read) - elsewhere - {"name_en", "keyword"}
    assert not unread, f"declared ability keys the engine never reads: {unread}"


def _named_to_calls() -> set:
    """String constants the engine hands to a method (`self._rule_effects("prohibit")`)."""
    out = set()
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                out |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return out


def test_the_keys_the_engine_reads_from_oshi_skills_are_declared():
    read = _keys_read(SKILL_VARS)
    assert {"usable", "x_min"} <= set(read)
    missing = {k: where for k, where in read.items() if k not in VOCAB.names("oshi_skill")}
    assert not missing, f"keys read from oshi skills that no declaration names: {missing}"


@pytest.mark.parametrize("definition", ["step", "condition", "card_filter", "holomem_filter", "oshi_skill",
                                        "continuous_effect", "usable", "replaces", "moved"])
def test_the_effect_language_mappings_are_closed(definition):
    assert SCHEMA["definitions"][definition]["additionalProperties"] is False


def test_what_can_change_the_game_is_declared_for_verbs_that_exist():
    """10.7.2.3.7 (effects/changes.py): each verb declared there is a declared verb the engine runs."""
    from judge.games.hololive.effects.changes import CHANGES
    assert set(CHANGES) <= set(VOCAB.names("step")), sorted(set(CHANGES) - set(VOCAB.names("step")))


def test_each_ability_kind_has_its_own_closed_keys():
    for branch in SCHEMA["definitions"]["ability"]["allOf"]:
        then = branch["then"]
        assert then["additionalProperties"] is False
        kind = VOCAB.get("ability", branch["if"]["properties"]["kind"]["const"])
        common = {t.name for t in VOCAB.named("ability").common}
        assert set(then["properties"]) == {"kind"} | common | set(kind.arg.terms)


# ------------------------------------------------------------------ verbs read what they declare
def _functions() -> dict:
    """name -> every definition of a function or method of that name in the engine's source (read from
    the files, so the engine may run compiled)."""
    out: dict = {}
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                out.setdefault(node.name, []).append(node)
    return out


FUNCTIONS = _functions()


def _reads(tree) -> set:
    """String keys looked up anywhere in a function: `.get("k")`, `["k"]`, `"k" in x`, `("k", ..)` tuples
    of keys, and the keys handed to a helper that looks them up (`_zone_of(game, arg, ctx, "from")`, a
    method or a function, or by default `key="zone"`)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)):
            out |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        elif isinstance(node, ast.arguments):
            out |= {d.value for d in node.defaults if isinstance(d, ast.Constant) and isinstance(d.value, str)}
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant):
            out.add(node.args[0].value)
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            out.add(node.slice.value)
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant):
            out.add(node.left.value)
        elif isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
            out |= {e.value for e in node.elts}
    return out


def _helpers(tree) -> set:
    """The methods (`self.x(..)`) and module functions (`f(..)`) a function calls."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
                out.add(f.attr)
            elif isinstance(f, ast.Name):
                out.add(f.id)
    return out


def _read_by(name, depth=2) -> set:
    """The keys a verb's method reads, with the helpers it calls (to `depth`)."""
    out = set()
    for tree in FUNCTIONS.get(name, ()):
        out |= _reads(tree)
        if depth:
            for helper in _helpers(tree):
                if helper.startswith("_") and helper in FUNCTIONS:
                    out |= _read_by(helper, depth - 1)
    return out


def _declared_keys(type_) -> set:
    from judge.core.terms import Either, Family
    if isinstance(type_, Family) and type_.shape == "mapping" and not type_.name:
        return set(type_.terms)
    if isinstance(type_, Either):
        return set().union(*(_declared_keys(o) for o in type_.options))
    return set()


@pytest.mark.parametrize("verb", [t.name for t in VOCAB.named("step").public()])
def test_each_declared_key_of_a_verb_is_read_by_its_implementation(verb):
    term = VOCAB.get("step", verb)
    keys = _declared_keys(term.arg)
    impl = term.impl if isinstance(term.impl, str) else term.impl.__name__     # a method's name, or a function's
    unread = keys - _read_by(impl)
    # a verb that passes its whole argument on keeps every key of it (timed_trigger's ability)
    # (a continuous effect's changes are read by their table, continuous.LAYER)
    passed_on = {"timed_trigger": {"step", "effect", "name_en"}, "prohibit": {"action", "who", "target"},
                 "require": {"choice", "who", "include"},
                 "continuous": set(continuous.LAYER)}
    assert not unread - passed_on.get(verb, set()), f"{verb}: declared keys its implementation never reads"


# ------------------------------------------------------------------ the project's own cards
def test_every_card_and_inline_card_follows_the_declarations():
    from jsonschema import Draft7Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7
    registry = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA, default_specification=DRAFT7))
    validator = Draft7Validator({"$ref": SCHEMA["$id"] + "#/definitions/card"}, registry=registry)
    problems = [f"{path}: {number}: {e.message[:200]}" for path, number, raw in _card_records()
                for e in validator.iter_errors(raw)]
    problems += [f"{path}: {number}: {m}" for path, number, raw in _card_records()
                 for _, m, _ in terms.card_problems(raw)]
    assert not problems, "\n".join(problems)


def test_lint_finds_names_no_card_has_and_moved_without_put_out():
    raw = {"type": "support", "sub_type": "tool", "name": "X", "abilities": [
        {"kind": "support", "effect": [{"send_cheer": {"to": "moved"}},
                                       {"take": {"filter": {"name": "Nobody"}}},
                                       {"if": {"oshi_is": {"name": "No Oshi"}}, "draw": 1},
                                       {"continuous": {"target": "stage", "invalidate": {"name": "An Ability"}}}]},
        {"kind": "attach_rule", "max": 2}]}
    out = "\n".join(cardtext.lint_card("X", raw, {"X"}))
    assert "abilities[0].effect[1].take.filter: no card is named 'Nobody'" in out
    assert "abilities[0].effect[2].if.oshi_is: no card is named 'No Oshi'" in out
    assert "'moved' refers to the holomems an earlier put_out" in out
    assert "`max` is for cards without a sub-type limit" in out
    assert "An Ability" not in out              # an ability's name, not a card's
