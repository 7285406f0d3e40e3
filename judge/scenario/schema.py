"""JSON Schema validation with messages a judge can act on.

jsonschema says "Additional properties are not allowed ('refz' was
unexpected)" or "... is not valid under any of the given schemas"; a judge
needs "unknown key 'refz'", the allowed keys and "did you mean refs?", at
the right line. This module turns jsonschema's errors into such InputErrors,
using the `description` of the schema where the error happened (every
description in our schemas is written to read well after "expected:") and a
one-word `title` as the name of a mapping's keys ("unknown action 'blom'").
"""
from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from pathlib import Path

import jsonschema
from jsonschema import Draft7Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

from judge.core.errors import InputError, closest
from judge.scenario.yamlload import Document

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"
if not SCHEMA_DIR.is_dir():                       # an installed copy, if one is shipped
    SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"

_STANDARD_ONE_OF = Draft7Validator.VALIDATORS["oneOf"]


def _one_of(validator, one_of, instance, schema):
    """`oneOf`, as the standard says; "exactly one of these keys" (every branch `{required: [k]}`, the
    verb of a step, the kind of an action) looked up directly instead of trying each branch (a step
    offers some fifty verbs)."""
    if not (_key_choice(one_of) and validator.is_type(instance, "object")):
        yield from _STANDARD_ONE_OF(validator, one_of, instance, schema)
        return
    present = [b for b in one_of if b["required"][0] in instance]
    if not present:
        yield ValidationError(f"{instance!r} is not valid under any of the given schemas")
    elif len(present) > 1:
        yield ValidationError(f"{instance!r} is valid under each of {', '.join(map(repr, present))}")


# YAML gives whole numbers as int; 3.0 must not pass for one (jsonschema's default
# accepts it), since the engine counts with these values.
_Validator = jsonschema.validators.extend(
    Draft7Validator,
    validators={"oneOf": _one_of},
    type_checker=Draft7Validator.TYPE_CHECKER.redefine(
        "integer", lambda checker, x: isinstance(x, int) and not isinstance(x, bool)))

_TYPE_WORDS = {"string": "a string", "integer": "a whole number", "number": "a number",
               "boolean": "true or false", "array": "a list", "object": "a mapping",
               "null": "nothing (null)"}


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict:
    """The schema `name`, parsed once: "scenario" (the part every game shares), "GAME/scenario" (the
    game's own: the shared part with the game's fragment laid in, `combine`), "GAME/card" and the like
    (a file of the game's schemas folder). Do not modify it."""
    game, _, base = name.rpartition("/")
    if not game:
        return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
    if base == "scenario":
        return combine(load_schema("scenario"), _fragment(game), game)
    return json.loads((_game_schemas(game) / f"{base}.schema.json").read_text(encoding="utf-8"))


def _game_schemas(game: str) -> Path:
    from ..games import game_folder
    return game_folder(game) / "schemas"


def _fragment(game: str) -> dict:
    return json.loads((_game_schemas(game) / "scenario.fragment.json").read_text(encoding="utf-8"))


def combine(shared: dict, fragment: dict, game: str) -> dict:
    """A game's scenario schema: the shared schema with the game's fragment laid in. The fragment gives
    the schema its $id and title, replaces shared properties (`cards`, `rules`) and definitions
    (`given`, `step`, `card`, `ref`, ...) and adds its own, and lists its `actions` and
    `setup_actions`: each definition of the shared schema marked `x-judge-actions` (an item of
    `when`, an action to check) takes them as its keys, exactly one of them and the shared ones it
    lists per item."""
    out = copy.deepcopy(shared)
    for key in ("$id", "title", "description"):
        if key in fragment:
            out[key] = fragment[key]
    out["properties"]["game"] = {"description": f"the game the scenario is about: {game}", "type": "string",
                                 "enum": [game]}
    out["properties"].update(copy.deepcopy(fragment.get("properties") or {}))
    definitions = out["definitions"]
    definitions.update(copy.deepcopy(fragment.get("definitions") or {}))
    actions = {**(fragment.get("actions") or {}), **(fragment.get("setup_actions") or {})}
    for definition in definitions.values():
        shared_keys = definition.pop("x-judge-actions", None)
        if shared_keys is None:
            continue
        definition["properties"] = {**copy.deepcopy(actions), **definition["properties"]}
        definition["oneOf"] = [{"required": [k]} for k in [*actions, *shared_keys]]
        definition["additionalProperties"] = False
    return out


def game_of(data) -> str | None:
    """The game a scenario names, when it names one a schema can be made for."""
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


@lru_cache(maxsize=None)
def _registry() -> Registry:
    """Every schema file of SCHEMA_DIR and of each game's schemas folder under its $id, so cross-file
    $refs resolve locally (a Registry without `retrieve` never touches the network)."""
    from ..games import game_folder, games
    folders = [SCHEMA_DIR, *(game_folder(g) / "schemas" for g in games())]
    resources = []
    for folder in folders:
        for file in sorted(folder.glob("*.schema.json")):
            schema = json.loads(file.read_text(encoding="utf-8"))
            if "$id" in schema:
                resources.append((schema["$id"], Resource.from_contents(schema, default_specification=DRAFT7)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def _validator(name: str):
    return _Validator(load_schema(name), registry=_registry())


def validate(doc: Document, schema_name: str, *, data=None, base_path: tuple = ()) -> None:
    """Check `data` (default: the whole document), found at `base_path` in `doc`,
    against a schema; raise an InputError for the first error in the file."""
    found = errors(doc, schema_name, data=data, base_path=base_path)
    if found:
        raise found[0]


def errors(doc: Document, schema_name: str, *, data=None, base_path: tuple = ()) -> list[InputError]:
    """Every error of `data` against a schema, one per place, in the order of the file."""
    data = doc.data if data is None else data
    if schema_name == "scenario":
        # the game's own schema when the scenario names a game that has one (it holds the shared
        # part); else the shared part, and the model says what is wrong with the game
        game = game_of(data)
        if game is not None and _has_schema(game):
            schema_name = f"{game}/scenario"
    validator = _validator(schema_name)
    found = [_explain(doc, tuple(base_path), validator, error)
             for error in validator.iter_errors(data)]
    # A missing key or action in a mapping that also has an unknown key: the unknown key is most
    # likely the misspelling, so that is the message to read.
    unknown = {path for kind, path, _ in found if kind == "unknown"}
    found = [f for f in found if not (f[0] in ("choice", "missing") and f[1] in unknown)] or found
    found.sort(key=lambda f: (f[2].line or 0, -len(f[2].path)))
    out, seen = [], set()
    for _, path, error in found:
        if path not in seen:                  # one message per place: the first is the one to read
            seen.add(path)
            out.append(error)
    return out


def _has_schema(game: str) -> bool:
    from ..games import games
    return game in games() and (_game_schemas(game) / "scenario.fragment.json").is_file()


def _explain(doc, base, validator, error) -> tuple[str, tuple, InputError]:
    """(kind, path of the instance, the InputError) for one jsonschema error."""
    error, allowed, types, outer = _leaf(validator, error)
    path = base + tuple(error.absolute_path)
    inst, kind, value = error.instance, error.validator, error.validator_value
    if "propertyNames" in error.absolute_schema_path:    # a bad key: point at the key itself
        path = path + (inst,)
    schema = error.schema if isinstance(error.schema, dict) else {}
    expected = schema.get("description") or outer        # a branch of a oneOf: what the whole expects
    got, shown = _describe(doc, path, inst), _show(doc, path, inst)

    def fail(message, at=path, expected=expected, suggestions=(), kind=kind):
        return kind, path, doc.error(message, at, expected=expected, suggestions=suggestions)

    if kind == "additionalProperties" and isinstance(inst, dict):
        known = list(schema.get("properties", {}))
        patterns = schema.get("patternProperties", {})
        extra = [k for k in inst if k not in known and not any(re.search(p, k) for p in patterns)]
        if extra:
            key = min(extra, key=lambda k: doc.line_of(path + (k,)) or 0)   # the first in the file
            listed = "one of: " + ", ".join(known)
            for sub in patterns.values():
                listed += f"; or {sub.get('description', 'a matching key')}"
            return fail(f"unknown {_noun(schema, inst)} '{key}'", path + (key,), listed,
                        closest(key, known), "unknown")
    if kind == "required":
        missing = [k for k in value if k not in inst]
        if len(value) > 1:
            expected = "the required keys " + ", ".join(value)
        return fail("missing required key " + ", ".join(f"'{k}'" for k in missing),
                    expected=expected, kind="missing")
    if kind in ("oneOf", "anyOf") and _key_choice(value) and not isinstance(inst, dict):
        # the choice of keys only applies to a mapping (jsonschema reports it for any value)
        return fail(f"expected {_TYPE_WORDS['object']}, got {got}", kind="type")
    if kind in ("oneOf", "anyOf") and _key_choice(value):
        what = _noun(schema, {})
        keys = [branch["required"][0] for branch in value]
        present = [k for k in keys if k in inst]
        if not present:
            return fail(f"missing {what}: expected one of {', '.join(keys)}", kind="choice")
        return fail(f"several {what}s in one item ({', '.join(present)}): "
                    f"write each {what} as its own list item", kind="choice")
    if kind in ("oneOf", "anyOf") and any(e.validator == "type" for e in _alternatives(error)):
        # no branch even had the right type; a branch of fixed words is named by its words
        words = []
        for e in _alternatives(error):
            if e.validator != "type" or len(e.absolute_path) != len(error.absolute_path):
                continue
            fixed = e.schema.get("enum", [e.schema["const"]] if "const" in e.schema else None) \
                if isinstance(e.schema, dict) else None
            types = [e.validator_value] if isinstance(e.validator_value, str) else e.validator_value
            words += [repr(v) for v in fixed] if fixed else [_TYPE_WORDS.get(t, t) for t in types]
        return fail(f"expected {_or(dict.fromkeys(words))}, got {got}")
    if kind == "type":
        types = [value] if isinstance(value, str) else list(value)
        message = f"expected {_or(_TYPE_WORDS[t] for t in types)}, got {got}"
        if "string" in types and isinstance(inst, (int, float)):   # bools are ints too
            spelled = doc.source_text(path) or str(inst)
            message += f'; put it in quotes: "{spelled}"'
        return fail(message)
    if kind in ("enum", "const"):
        values = allowed or (list(value) if kind == "enum" else [value])
        names = [str(v) for v in values]
        if types and len(names) > 2:     # a word of a vocabulary, or a value of another type
            other = "a list of them" if types == ["array"] else _or(_TYPE_WORDS.get(t, t) for t in types)
            return fail(f"unknown value {shown}", expected="one of: " + ", ".join(names) + f" (or {other})",
                        suggestions=closest(str(inst), names))
        if types:                        # 'count: two' where a number or `all` is expected
            words = [_TYPE_WORDS.get(t, t) for t in types] + [repr(n) for n in names]
            return fail(f"expected {_or(words)}, got {got}", expected=expected,
                        suggestions=closest(str(inst), names))
        return fail(f"unknown value {shown}", expected="one of: " + ", ".join(names),
                    suggestions=closest(str(inst), names))
    if kind == "pattern":
        return fail(f"{shown} is not of the expected form")
    if kind in ("minimum", "exclusiveMinimum"):
        return fail(f"expected at least {value}{'' if kind == 'minimum' else ' (excluded)'}, got {inst}")
    if kind in ("maximum", "exclusiveMaximum"):
        return fail(f"expected at most {value}{'' if kind == 'maximum' else ' (excluded)'}, got {inst}")
    if kind == "minItems":
        return fail(f"expected at least {value} item(s), got {len(inst)}")
    if kind == "maxItems":
        return fail(f"expected at most {value} item(s), got {len(inst)}")
    if kind == "minLength":
        return fail("must not be empty" if value == 1 else f"expected at least {value} characters")
    if kind == "minProperties":
        return fail("expected at least one key, got an empty mapping" if not inst
                    else f"expected at least {value} keys, got {len(inst)}")
    if kind == "maxProperties":
        return fail(f"expected at most {value} key(s) here, got {len(inst)}: {', '.join(map(str, inst))}")
    if kind == "dependencies":
        for key, needs in value.items():
            if key in inst and isinstance(needs, list):
                missing = [n for n in needs if n not in inst]
                if missing:
                    return fail(f"'{key}' goes with '{missing[0]}', which is missing")
    if kind == "uniqueItems":
        return fail("the items must all be different")
    return fail(error.message)


def _leaf(validator, error):
    """The error to report; for enum/const, the values every branch allows; and the types of the
    branches that wanted another type of value.

    Inside oneOf/anyOf, follow the branch that got furthest: the deepest error,
    preferring branches whose type matched the value. When no branch matched
    the value's type, the oneOf itself is reported (as "expected X or Y")."""
    allowed, types, described = None, [], None
    while error.validator in ("oneOf", "anyOf") and error.context and not _key_choice(error.validator_value):
        if isinstance(error.schema, dict) and error.schema.get("description"):
            described = error.schema["description"]       # what the innermost alternative at hand expects
        depth = len(error.absolute_path)
        best = max(error.context, key=lambda e: (len(e.absolute_path), _type_ok(validator, e),
                                                 e.validator not in ("oneOf", "anyOf")))
        if len(best.absolute_path) == depth and not _type_ok(validator, best):
            break
        if len(best.absolute_path) == depth and best.validator in ("enum", "const"):
            # every alternative at this place, nested anyOf/oneOf flattened ('a number or all')
            leaves = [e for e in _alternatives(error) if len(e.absolute_path) == depth]
            allowed = [v for e in leaves if _type_ok(validator, e)
                       for v in (e.validator_value if e.validator == "enum"
                                 else [e.validator_value] if e.validator == "const" else [])]
            types = [t for e in leaves if e.validator == "type"
                     for t in ([e.validator_value] if isinstance(e.validator_value, str) else e.validator_value)]
        if len(best.absolute_path) > depth:
            described = None                  # deeper than the alternatives: their description is not its
        error = best
    return error, allowed, list(dict.fromkeys(types)), described


def _alternatives(error):
    """The leaf errors of an anyOf/oneOf, through nested ones."""
    for e in error.context:
        if e.validator in ("oneOf", "anyOf") and e.context:
            yield from _alternatives(e)
        else:
            yield e


def _type_ok(validator, error) -> bool:
    """Whether the value has the type the failing (sub)schema asks for."""
    if error.validator == "type":
        return False
    types = error.schema.get("type") if isinstance(error.schema, dict) else None
    types = [types] if isinstance(types, str) else types or []
    return not types or any(validator.is_type(error.instance, t) for t in types)


def _noun(schema, inst) -> str:
    """What an unknown key of this mapping is called: the schema's title when it is
    one word ("action", "check"; a longer title names a document, not its keys),
    unless the mapping already has its one key of that kind (the action of an
    action item): then the stray key is just a key."""
    title = schema.get("title", "")
    chosen = any(_key_choice(schema.get(k)) and any(b["required"][0] in inst for b in schema[k])
                 for k in ("oneOf", "anyOf"))
    return title if re.fullmatch(r"[a-z_]+", title) and not chosen else "key"


def _key_choice(branches) -> bool:
    """oneOf [{required: [a]}, {required: [b]}, ...]: "exactly one of these keys"."""
    return isinstance(branches, list) and bool(branches) and all(
        isinstance(b, dict) and list(b) == ["required"] and len(b["required"]) == 1 for b in branches)


def _describe(doc, path, value) -> str:
    """The value as a judge wrote it: a string ('8.3.1'), a number (8.10), ..."""
    spelled = doc.source_text(path)
    if isinstance(value, bool):
        return f"a boolean ({spelled or str(value).lower()})"
    if isinstance(value, (int, float)):
        return f"a number ({spelled or value})"
    if isinstance(value, str):
        return f"a string ({value!r})"
    if value is None:
        return "nothing (null)"
    return "a list" if isinstance(value, list) else "a mapping"


def _show(doc, path, value) -> str:
    """Just the value, as written: 'C', 8.10, yes."""
    if isinstance(value, str):
        return repr(value)
    return doc.source_text(path) or json.dumps(value, ensure_ascii=False)


def _or(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def game_schema_text(game: str) -> str:
    """The game's scenario schema as the file its scenarios' editor modeline names
    (<game folder>/schemas/scenario.schema.json): made from the shared schema and the game's fragment."""
    return json.dumps(load_schema(f"{game}/scenario"), indent=2, ensure_ascii=False) + "\n"


def main(argv=None) -> int:
    """`python -m judge.scenario.schema [--check]`: write (or check) every game's scenario schema."""
    import sys

    from ..games import games
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    stale = []
    for game in games():
        if not _has_schema(game):
            continue
        path = _game_schemas(game) / "scenario.schema.json"
        text = game_schema_text(game)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if check:
            stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    for path in stale:
        print(f"{path} is not what its game's fragment makes: python -m judge.scenario.schema")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
