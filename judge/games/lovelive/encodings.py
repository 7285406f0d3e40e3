"""Card encodings: the abilities of cards, in YAML set files (sets/*.yaml) checked against
schemas/card.schema.json (made from the effect language's declarations, terms.py). An encoding gives a
card's abilities; its printed facts stay those of the card list (data/card-facts.json). A reprint says
`same_as: NUMBER`. Strict: an unknown or misspelt key is an error naming the file, line, path and the
closest spelling (exit 2), never a default."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from judge.core.errors import InputError

HERE = Path(__file__).resolve().parent
SET_DIR = HERE / "sets"


def load_set(path: Path) -> dict:
    """One set file, validated: {number: encoding}."""
    from judge.scenario.schema import validate
    from judge.scenario.yamlload import load_yaml_file
    doc = load_yaml_file(path)
    validate(doc, "lovelive/card")
    return doc, dict(doc.data.get("cards") or {})


@lru_cache(maxsize=1)
def encodings() -> dict:
    """{card number: its abilities (raw records)} of every set file; reprints resolved."""
    from .cards import FACTS
    import json
    facts = json.loads(FACTS.read_text(encoding="utf-8"))["cards"]
    raw, docs = {}, {}
    for path in sorted(SET_DIR.glob("*.yaml")):
        doc, cards = load_set(path)
        for number, enc in cards.items():
            if number not in facts:
                from judge.core.errors import closest
                raise doc.error(f"unknown card '{number}': not in the card list", ("cards", number),
                                expected="a card number of data/card-facts.json",
                                suggestions=closest(number, facts))
            raw[number], docs[number] = enc, doc
    out = {}
    for number, enc in raw.items():
        if "same_as" in enc:
            base = raw.get(enc["same_as"])
            if base is None or "abilities" not in base:
                raise docs[number].error(f"{number}: same_as '{enc['same_as']}' is no encoded card with abilities",
                                         ("cards", number, "same_as"), expected="an encoded card number")
            out[number] = list(base["abilities"])
        else:
            out[number] = list(enc["abilities"])
    return out


def encoded_numbers() -> set:
    return set(encodings())


def faq_of() -> dict:
    """{card number: the FAQ numbers its encoding lists}."""
    out = {}
    for path in sorted(SET_DIR.glob("*.yaml")):
        _, cards = load_set(path)
        for number, enc in cards.items():
            if enc.get("faq"):
                out[number] = list(enc["faq"])
    return out


__all__ = ["encodings", "load_set", "InputError"]
