"""OSICA's cards: no public card list exists, so the cards are a set of test cards written in the
declarative encoding of terms.py (cards/*.yaml, each checked against schemas/card.schema.json: a
misspelt key is an error naming the closest spelling), and a scenario's own `cards:`."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from judge.core.errors import InputError, closest
from judge.core.text import norm

HERE = Path(__file__).resolve().parent
SETS = HERE / "cards"
SCHEMA = HERE / "schemas" / "card.schema.json"
SCHEMA_ID = "https://judge.invalid/schemas/osica/card.schema.json"


class CardDef:
    """A card's printed facts and texts, as encoded."""

    __slots__ = ("number", "name", "kind", "work", "code", "level", "ap", "yell", "tags", "kw", "abilities",
                 "keys", "record")

    def __init__(self, number: str, record: dict):
        self.number, self.record = number, record
        self.name, self.kind, self.work = record["name"], record["type"], record["work"]
        self.code = record.get("code")
        self.level, self.ap, self.yell = record.get("level", 0), record.get("ap", 0), record.get("yell", 0)
        self.tags = tuple(record.get("tags") or ())
        self.kw = dict(record.get("keywords") or {})
        self.abilities = tuple(record.get("abilities") or ())
        self.keys = frozenset({norm(number), norm(self.name)})

    @property
    def names(self) -> tuple:
        return (self.name,)

    @property
    def identity(self) -> str:
        """build.6: the same card is the same card number (its final letters ignored) or code."""
        return self.code or re.sub(r"[A-Za-z]+$", "", self.number)

    def texts(self, timing: str) -> list:
        return [(i, a) for i, a in enumerate(self.abilities) if a["timing"] == timing]

    def charge(self) -> int:
        """kw.charge.2 / steal.1: of several 〔チャージX〕, only the highest X counts."""
        return max(self.kw.get("charge") or [0])

    @property
    def supported(self) -> bool:
        return True


class CardDB:
    def __init__(self, cards: dict):
        self.cards = cards

    def __contains__(self, number):
        return number in self.cards

    def get(self, number):
        return self.cards.get(number)

    def values(self):
        return self.cards.values()

    def find(self, text) -> list:
        text = str(text)
        if text in self.cards:
            return [self.cards[text]]
        return [c for c in self.cards.values() if norm(text) in c.keys]

    def lookup(self, text, *, path=(), what="card"):
        found = self.find(text)
        if not found:
            raise InputError(f"unknown {what} '{text}'", path=path,
                             expected="a card of the test set (judge cards find --game osica) or of `cards:`",
                             suggestions=closest(str(text), self.cards))
        return found[0]

    def overlay(self, records: dict) -> "CardDB":
        if not records:
            return self
        return CardDB({**self.cards, **{str(n): CardDef(str(n), r) for n, r in records.items()}})


def card_schema() -> dict:
    """The schema of a card set file, from the declarations (terms.py)."""
    from .terms import VOCAB
    from . import effects  # noqa: F401  (declares the verbs)
    definitions = VOCAB.schema_definitions("generated from judge/games/osica/terms.py and effects.py")
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID,
            "title": "OSICA card set (judge's test cards)",
            "description": "a set of OSICA cards: `set`, `title` and `cards` keyed by card number",
            "type": "object", "additionalProperties": False, "required": ["set", "cards"],
            "properties": {"set": {"type": "string", "description": "the set's code"},
                           "title": {"type": "string", "description": "what the set is for"},
                           "cards": {"type": "object", "description": "the cards, keyed by card number",
                                     "additionalProperties": {"$ref": "#/definitions/card"}}},
            "definitions": definitions}


def schema_text() -> str:
    return json.dumps(card_schema(), ensure_ascii=False, indent=1) + "\n"


def load_set(path: Path) -> dict:
    """A set file's cards: {number: CardDef}. Checked against the card schema (exit 2 on a misspelt
    key, with the closest spelling)."""
    from judge.scenario.schema import validate
    from judge.scenario.yamlload import load_yaml_file
    doc = load_yaml_file(path)
    validate(doc, "osica/card")
    return {str(n): CardDef(str(n), r) for n, r in doc.data["cards"].items()}


@lru_cache(maxsize=1)
def builtin() -> CardDB:
    cards = {}
    for path in sorted(SETS.glob("*.yaml")):
        cards.update(load_set(path))
    return CardDB(cards)
