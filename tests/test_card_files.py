"""The hololive card database files, deck files and their JSON Schemas.

* every set file validates against schemas/card.schema.json, every deck file against
  schemas/deck.schema.json (draft-07);
* decks follow the deck-building rules that need the card database (6.1.2-6.1.4);
* tools/import_hocg.py reproduces the set files exactly and keeps hand encodings;
* no printed effect sentence of cards.json is copied into the project;
* the inline example cards of the spec validate as one card record.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import re
import shutil
import unicodedata
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "judge" / "games" / "hololive" / "schemas"
HOLOLIVE = ROOT / "judge" / "games" / "hololive"
CARDS_DIR = HOLOLIVE / "cards"
DECKS_DIR = HOLOLIVE / "decks"
SHARED = ROOT.parent / "shared"
CARDS_JSON = SHARED / "reference" / "hocg" / "cards.json"
STARTER_DECKS = SHARED / "reference" / "hocg" / "starter-decks.json"
IMPORTER = ROOT / "tools" / "import_hocg.py"

SET_FILES = sorted(CARDS_DIR.glob("*.yaml"))
DECK_FILES = sorted(DECKS_DIR.glob("*.yaml"))
GENERATED = ["hSD01.yaml", "hBP01.yaml", "cheer.yaml"]

needs_source = pytest.mark.skipif(not CARDS_JSON.exists(), reason="shared/reference/hocg/cards.json not present")


def _load_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _load_yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def card_schema():
    return _load_json(SCHEMAS / "card.schema.json")


@pytest.fixture(scope="module")
def deck_schema():
    return _load_json(SCHEMAS / "deck.schema.json")


@pytest.fixture(scope="module")
def registry(card_schema, deck_schema):
    return Registry().with_resources(
        (s["$id"], Resource.from_contents(s, default_specification=DRAFT7))
        for s in (card_schema, deck_schema))


@pytest.fixture(scope="module")
def card_validator(card_schema, registry):
    ref = {"$ref": card_schema["$id"] + "#/definitions/card"}
    return Draft7Validator(ref, registry=registry)


@pytest.fixture(scope="module")
def all_cards():
    cards = {}
    for path in SET_FILES:
        for number, card in (_load_yaml(path).get("cards") or {}).items():
            assert number not in cards, f"{number} is defined twice ({path.name})"
            cards[number] = card
    return cards


@pytest.fixture(scope="module")
def importer():
    spec = importlib.util.spec_from_file_location("import_hocg", IMPORTER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _errors(validator, doc) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))]


# --------------------------------------------------------------------------- schemas

DRAFT7_ONLY_FORBIDDEN = {"$defs", "unevaluatedProperties", "unevaluatedItems", "dependentRequired",
                         "dependentSchemas", "prefixItems", "$dynamicRef", "$anchor"}


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, path + (i,))


@pytest.mark.parametrize("name", ["card.schema.json", "deck.schema.json"])
def test_schema_is_valid_draft7(name):
    schema = _load_json(SCHEMAS / name)
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == f"https://judge.invalid/schemas/hololive/{name}"
    for path, node in _walk(schema):
        bad = DRAFT7_ONLY_FORBIDDEN & set(node) if "properties" not in path[-1:] else set()
        assert not bad, f"{name}: non-draft-07 keyword {bad} at {path}"


@pytest.mark.parametrize("name", ["card.schema.json", "deck.schema.json"])
def test_every_property_has_a_description(name):
    schema = _load_json(SCHEMAS / name)
    missing = []
    for path, node in _walk(schema):
        if path and path[-1] == "properties" and isinstance(node, dict):
            missing += ["/".join(map(str, path + (k,))) for k, v in node.items()
                        if not (isinstance(v, dict) and v.get("description"))]
    assert not missing, f"{name}: properties without a description: {missing}"


# --------------------------------------------------------------------------- set files

def test_set_files_exist():
    names = {p.name for p in SET_FILES}
    assert set(GENERATED) | {"test.yaml"} <= names


@pytest.mark.parametrize("path", SET_FILES, ids=lambda p: p.name)
def test_set_file_validates(path, card_schema, registry):
    doc = _load_yaml(path)
    errors = _errors(Draft7Validator(card_schema, registry=registry), doc)
    assert not errors, f"{path.name}:\n" + "\n".join(errors[:20])


@pytest.mark.parametrize("path", SET_FILES, ids=lambda p: p.name)
def test_card_numbers_belong_to_their_set(path):
    doc = _load_yaml(path)
    for number, card in doc["cards"].items():
        if doc["set"] == "TEST":
            continue
        if doc["set"] == "hY":
            assert card["type"] == "cheer" and number.startswith("hY"), number
        else:
            assert number.startswith(doc["set"] + "-"), number


def test_test_cards(all_cards):
    assert all_cards["FILLER"] == {"type": "support", "sub_type": "event", "name": "(filler)"}
    assert all_cards["DEFAULT-OSHI"] == {"type": "oshi", "name": "(default oshi)", "colors": [], "life": 5}
    beats = {"white": "blue", "green": "white", "red": "green", "blue": "red"}
    for colour, beaten in beats.items():
        c = colour.upper()
        debut, first, second = (all_cards[f"TEST-{c}-{lvl}"] for lvl in ("DEBUT", "1ST", "2ND"))
        assert debut["name"] == first["name"] == second["name"] == f"Test {colour.capitalize()}"
        assert [x["bloom_level"] for x in (debut, first, second)] == ["debut", "1st", "2nd"]
        assert [x["hp"] for x in (debut, first, second)] == [100, 150, 200]
        assert debut["arts"] == [{"name": f"{colour.capitalize()} Hit", "cost": ["any"], "damage": 20}]
        assert first["arts"][0]["cost"] == [colour, "any"] and first["arts"][0]["damage"] == 50
        assert first["arts"][0]["advantage"] == {beaten: 20}
        for card in (debut, first, second):
            assert card["colors"] == [colour] and card["baton_pass"] == ["any"]
            assert "abilities" not in card and all("unsupported" not in a for a in card["arts"])
    spot = all_cards["TEST-SPOT"]
    assert spot["bloom_level"] == "spot" and spot["colors"] == [] and spot["hp"] == 50
    assert spot["arts"] == [{"name": "Spot Hit", "cost": ["any"], "damage": 10}]


@needs_source
def test_set_files_hold_every_source_card(all_cards):
    source = _load_json(CARDS_JSON)["cards"]
    wanted = {n for n, r in source.items()
              if n.startswith(("hSD01-", "hBP01-")) or r.get("card_type") == "supportCheer"}
    assert wanted <= set(all_cards)
    assert len([n for n in all_cards if n.startswith("hSD01-")]) == 21
    assert len([n for n in all_cards if n.startswith("hBP01-")]) == 126


@needs_source
def test_arts_with_text_are_marked(all_cards):
    """An art with printed text is never silently vanilla: its text is in the art, or it is an
    ability of the card that names the art ('このアーツで…した時': `art: NAME`, docs/cards.md)."""
    source = _load_json(CARDS_JSON)["cards"]
    for number, card in all_cards.items():
        rec = source.get(number)
        if not rec:
            continue
        named = {ab.get("art") for ab in card.get("abilities") or [] if ab.get("art")}
        for i, art in enumerate(card.get("arts") or []):
            has_text = bool(((rec.get("ja") or {}).get("arts") or [{}] * (i + 1))[i].get("effect"))
            # `cost_less`: the art's text lowers its own cost (12.3.3.1), its whole text
            encoded = any(k in art for k in ("unsupported", "effect", "steps", "target_only", "cost_less")) or \
                bool(named & {art.get("name"), art.get("name_en")})
            assert has_text == encoded, f"{number} art {art['name']}"


# --------------------------------------------------------------------------- decks

def test_starter_decks_exist():
    assert {p.name for p in DECK_FILES} >= {"hSD01-sora.yaml", "hSD01-azki.yaml"}


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_file_validates(path, deck_schema, registry):
    errors = _errors(Draft7Validator(deck_schema, registry=registry), _load_yaml(path))
    assert not errors, f"{path.name}:\n" + "\n".join(errors)


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_deck_building_rules(path, all_cards):
    deck = _load_yaml(path)
    unknown = [n for n in [deck["oshi"], *deck["deck"], *deck["cheer_deck"]] if n not in all_cards]
    assert not unknown, f"unknown card numbers {unknown}"
    assert all_cards[deck["oshi"]]["type"] == "oshi"  # 6.1.2
    assert sum(deck["deck"].values()) == 50  # 6.1.4.2
    assert sum(deck["cheer_deck"].values()) == 20  # 6.1.3.2
    for number, count in deck["deck"].items():
        card = all_cards[number]
        assert card["type"] in ("holomem", "support"), number  # 6.1.4.1
        if not (card.get("extra") or {}).get("unlimited_copies"):  # 2.11.2.1
            assert count <= 4, f"{number}: {count} copies (6.1.4.3)"
    for number in deck["cheer_deck"]:
        assert all_cards[number]["type"] == "cheer", number  # 6.1.3.1


@pytest.mark.skipif(not STARTER_DECKS.exists(), reason="starter-decks.json not present")
def test_starter_decks_match_the_reference():
    ref = _load_json(STARTER_DECKS)["decks"]
    for key, want in ref.items():
        got = _load_yaml(DECKS_DIR / f"{key}.yaml")
        assert (got["oshi"], got["deck"], got["cheer_deck"]) == (want["oshi"], want["deck"], want["cheer_deck"])


# --------------------------------------------------------------------------- generator

@needs_source
def test_generator_is_idempotent(importer, tmp_path):
    out = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, out)
    importer.run(CARDS_JSON, out, quiet=True)
    for name in GENERATED:
        assert (out / name).read_text(encoding="utf-8") == (CARDS_DIR / name).read_text(encoding="utf-8"), name


@needs_source
def test_generator_from_scratch_matches(importer, tmp_path):
    """With no existing files the importer writes the same files (nothing hand-written yet
    beyond facts). If hand encodings are added to the set files, this only checks the facts."""
    importer.run(CARDS_JSON, tmp_path, quiet=True)
    for name in GENERATED:
        fresh = _load_yaml(tmp_path / name)
        ours = _load_yaml(CARDS_DIR / name)
        assert set(fresh["cards"]) <= set(ours["cards"])
        for number, card in fresh["cards"].items():
            for key in importer.CARD_FACTS:
                assert card.get(key) == ours["cards"][number].get(key), (number, key)


@needs_source
def test_generator_keeps_hand_encodings(importer, tmp_path):
    out = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, out)
    doc = _load_yaml(out / "hSD01.yaml")
    azki = doc["cards"]["hSD01-011"]
    art = azki["arts"][0]
    art.pop("unsupported", None)
    art.pop("effect", None)
    # an entry still marked unsupported must stay marked (the fixture sets one up)
    azki["arts"][1].pop("effect", None)
    azki["arts"][1]["unsupported"] = "effect not yet encoded"
    art["steps"] = [{"send_cheer": {"from": "cheer_deck_top", "to": "own_holomem"}}]
    art["damage"] = 1  # a fact: refreshed from the source
    ability = doc["cards"]["hSD01-009"]["abilities"][0]
    ability.pop("unsupported", None)
    ability["effect"] = {"placeholder": True}
    sora = doc["cards"]["hSD01-001"]
    sora["oshi_skill"]["holopower"] = 1  # a cost established by hand survives a null import
    hand_ability = {"kind": "oshi_stage_skill", "name": "hand-added", "steps": []}
    sora["abilities"] = [hand_ability]
    (out / "hSD01.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")

    importer.run(CARDS_JSON, out, quiet=True)
    again = _load_yaml(out / "hSD01.yaml")["cards"]
    art2 = again["hSD01-011"]["arts"][0]
    assert art2["steps"] == art["steps"] and "unsupported" not in art2
    assert art2["damage"] == 60
    assert again["hSD01-011"]["arts"][1]["unsupported"]
    ab2 = again["hSD01-009"]["abilities"][0]
    assert ab2["effect"] == {"placeholder": True} and "unsupported" not in ab2
    assert ab2["kind"] == "collab_effect" and ab2["name"] == "広がる地図"
    assert again["hSD01-001"]["oshi_skill"]["holopower"] == 1
    assert again["hSD01-001"]["abilities"] == [hand_ability]
    # and the merged output is stable
    first = (out / "hSD01.yaml").read_text(encoding="utf-8")
    importer.run(CARDS_JSON, out, quiet=True)
    assert (out / "hSD01.yaml").read_text(encoding="utf-8") == first


# --------------------------------------------------------------------------- no copied text

def _printed_sentences(rec: dict):
    """Every effect / ability / extra text of a cards.json record (ja and en)."""
    for lang in ("ja", "en"):
        for path, node in _walk(rec.get(lang) or {}):
            for key in ("effect", "ability_text", "extra"):
                if isinstance(node.get(key), str):
                    yield node[key]


def _fragments(text: str):
    yield text
    for part in re.split(r"[\r\n]+|(?<=[。．！？])|(?<=[.!?])\s+|■|◆", text):
        yield part


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", s)).strip()


@needs_source
def test_no_printed_text_is_copied():
    source = _load_json(CARDS_JSON)["cards"]
    files = [*SET_FILES, *DECK_FILES, SCHEMAS / "card.schema.json", SCHEMAS / "deck.schema.json", IMPORTER]
    texts = {p: p.read_text(encoding="utf-8") for p in files}
    normed = {p: _norm(t) for p, t in texts.items()}
    sentences = set()
    for rec in source.values():
        for text in _printed_sentences(rec):
            for frag in _fragments(text):
                frag = frag.strip()
                if len(frag) > 15:
                    sentences.add(frag)
    assert len(sentences) > 500  # the check is looking at real texts
    found = []
    for s in sorted(sentences):
        ns = _norm(s)
        for p in files:
            if s in texts[p] or (len(ns) > 15 and ns in normed[p]):
                found.append(f"{p.name}: {s[:60]}")
    assert not found, "printed card text copied:\n" + "\n".join(found[:20])


# --------------------------------------------------------------------------- spec examples

SPEC_EXAMPLES = """
TEST-BLUE: {type: holomem, name: Test Blue, bloom_level: debut, colors: [blue], hp: 150, baton_pass: [any]}
T-FIRST:
  type: holomem
  name: Tester
  bloom_level: 1st
  colors: [white]
  hp: 150
  baton_pass: [any]
  tags: ["#JP", "#Song"]
  arts:
    - {name: Hit, cost: [white, any], damage: 50, advantage: {blue: 20}}
T-OSHI: {type: oshi, name: Tester, colors: [white], life: 5}
T-TOOL: {type: support, sub_type: tool, name: Test Tool, limited: false}
"""


@pytest.mark.parametrize("number", ["TEST-BLUE", "T-FIRST", "T-OSHI", "T-TOOL"])
def test_spec_example_cards_validate(number, card_validator):
    card = yaml.safe_load(SPEC_EXAMPLES)[number]
    assert not _errors(card_validator, card)


@pytest.mark.parametrize("bad, why", [
    ({"type": "holomem", "name": "X", "hp": 100}, "holomem without bloom_level"),
    ({"type": "holomem", "name": "X", "bloom_level": "debut"}, "holomem without hp"),
    ({"type": "oshi", "name": "X"}, "oshi without life"),
    ({"type": "support", "name": "X"}, "support without sub_type"),
    ({"type": "cheer"}, "no name"),
    ({"type": "holomem", "name": "X", "bloom_level": "first", "hp": 1}, "bloom level spelling"),
    ({"type": "cheer", "name": "X", "colors": ["null"]}, "colourless is []"),
    ({"type": "cheer", "name": "X", "colour": ["white"]}, "unknown key"),
    ({"type": "holomem", "name": "X", "bloom_level": "debut", "hp": 1,
      "arts": [{"name": "A", "cost": ["null"], "damage": 1}]}, "colourless icon is any"),
    ({"type": "holomem", "name": "X", "bloom_level": "debut", "hp": 1,
      "abilities": [{"kind": "collab_effect"}]}, "ability with neither unsupported nor payload"),
])
def test_invalid_cards_are_rejected(bad, why, card_validator):
    assert _errors(card_validator, copy.deepcopy(bad)), why


def test_a_shipped_card_file_edited_since_it_was_checked_is_checked_again(tmp_path, monkeypatch):
    """judge.core.cache: a digest covers the file's bytes and the checks' own files, so an edited card
    is validated again (and a bad one refused) even when its old text passed before."""
    from judge.core.cache import Validated
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path))
    schema = tmp_path / "schema.json"
    schema.write_text("{}")
    v = Validated("t", [schema])
    v.add(b"card: ok")
    v.save()
    again = Validated("t", [schema])
    assert again.holds(b"card: ok") and not again.holds(b"card: edited")
    schema.write_text('{"type": "object"}')                     # the check itself changed
    assert not Validated("t", [schema]).holds(b"card: ok")
