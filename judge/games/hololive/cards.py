"""The hololive card database: printed facts (rule 2) loaded from one YAML file per set.

Card data stays separate from the engine (Fireplace style); a scenario's inline
`cards:` overlay the database for that scenario only.
"""
from __future__ import annotations

import functools
from pathlib import Path

import yaml

from ...core.errors import InputError, closest
from ...core.text import norm

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)     # our own files, once checked: the fast safe loader

CARD_DIR = Path(__file__).parent / "cards"
COLORS = ("white", "green", "red", "blue", "purple", "yellow")   # 2.4
BLOOM_LEVELS = ("debut", "1st", "2nd", "spot")                    # 2.3


class ArtDef:
    """One art (12.3): cost in cheer icons, base damage, advantage icon, text."""

    __slots__ = ("index", "name", "name_en", "cost", "damage", "advantage", "effect",
                 "unsupported", "keys", "raw")

    def __init__(self, index: int, raw: dict):
        self.index = index
        self.raw = raw
        self.name = raw["name"]
        self.name_en = raw.get("name_en")
        self.cost = tuple(raw.get("cost", ()))
        self.damage = int(raw.get("damage", 0))
        self.advantage = dict(raw.get("advantage") or {})
        self.effect = raw.get("effect")
        self.unsupported = raw.get("unsupported")
        self.keys = {norm(self.name)} | ({norm(self.name_en)} if self.name_en else set())

    def __repr__(self):
        return f"<art {self.name_en or self.name}>"


class CardDef:
    """The printed facts of one card number."""

    __slots__ = ("number", "type", "sub_type", "name", "name_en", "bloom_level", "buzz",
                 "colors", "hp", "life", "baton_pass", "tags", "limited", "arts", "extra",
                 "abilities", "oshi_skill", "sp_oshi_skill", "names", "keys", "raw", "inline")

    def __init__(self, number: str, raw: dict, inline: bool = False):
        self.number = number
        self.raw = raw
        self.inline = inline
        self.type = raw["type"]                       # oshi | holomem | support | cheer (2.2)
        self.sub_type = raw.get("sub_type")           # staff item event tool mascot fan (2.2.3)
        self.name = raw["name"]                       # 2.1
        self.name_en = raw.get("name_en")
        self.bloom_level = raw.get("bloom_level")     # 2.3
        self.buzz = bool(raw.get("buzz", False))      # 2.5
        self.colors = frozenset(raw.get("colors", ()))  # 2.4
        self.hp = raw.get("hp")                       # 2.9
        self.life = raw.get("life")                   # 2.8
        self.baton_pass = tuple(raw.get("baton_pass", ()))  # 2.10
        self.tags = tuple(raw.get("tags", ())) + tuple(raw.get("tags_en", ()))  # 2.6
        self.limited = bool(raw.get("limited", False))  # 2.12
        self.arts = tuple(ArtDef(i, a) for i, a in enumerate(raw.get("arts", ())))
        self.extra = dict(raw.get("extra") or {})     # 2.11
        self.abilities = tuple(raw.get("abilities", ()))
        self.oshi_skill = raw.get("oshi_skill")
        self.sp_oshi_skill = raw.get("sp_oshi_skill")
        # 2.11.2.3: "also treated as <name>" gives extra card names.
        self.names = frozenset([self.name, *self.extra.get("also_named", ())])
        self.keys = {norm(number), norm(self.name)} | ({norm(self.name_en)} if self.name_en else set())

    @property
    def is_holomem(self) -> bool:
        return self.type == "holomem"

    @property
    def is_cheer(self) -> bool:
        return self.type == "cheer"

    @property
    def label(self) -> str:
        return f"{self.number} {self.name_en or self.name}"

    def unsupported(self) -> list[str]:
        """Every part of this card's text the engine cannot run, as 'what: why'."""
        out = []
        for art in self.arts:
            if art.unsupported:
                out.append(f"art '{art.name_en or art.name}': {art.unsupported}")
        for ab in self.abilities:
            if ab.get("unsupported"):
                out.append(f"{ab.get('kind', 'ability')} '{ab.get('name_en') or ab.get('name') or ''}': "
                           f"{ab['unsupported']}")
        for key in ("oshi_skill", "sp_oshi_skill"):
            skill = getattr(self, key)
            if skill and skill.get("unsupported"):
                out.append(f"{key} '{skill.get('name_en') or skill.get('name')}': {skill['unsupported']}")
        if self.extra.get("unsupported"):
            out.append(f"extra: {self.extra['unsupported']}")
        return out

    def __repr__(self):
        return f"<card {self.number}>"


class CardDB:
    """Cards by number and by name; `overlay` adds a scenario's inline cards."""

    def __init__(self, cards: dict[str, CardDef]):
        self.cards = cards
        self._by_key: dict[str, list[CardDef]] = {}
        for card in cards.values():
            for key in card.keys:
                self._by_key.setdefault(key, []).append(card)

    def __contains__(self, number) -> bool:
        return number in self.cards

    def get(self, number: str) -> CardDef:
        return self.cards[number]

    def find(self, text: str) -> list[CardDef]:
        """Cards whose number or name (Japanese or English) matches, as people type them."""
        return list(self._by_key.get(norm(text), ()))

    def lookup(self, text: str, *, path=(), what="card") -> CardDef:
        """The one card `text` names; an InputError listing the closest numbers otherwise."""
        if text in self.cards:
            return self.cards[text]
        found = self.find(text)
        numbers = sorted({c.number for c in found})
        if len(numbers) == 1:
            return found[0]
        if len(numbers) > 1:
            raise InputError(f"'{text}' names several cards: {', '.join(numbers)}", path=path,
                             expected=f"one {what} number")
        raise InputError(f"unknown {what} '{text}'", path=path, expected=f"a {what} number or name",
                         suggestions=closest(text, self.cards))

    def overlay(self, inline: dict) -> "CardDB":
        if not inline:
            return self
        cards = dict(self.cards)
        for number, raw in inline.items():
            cards[number] = CardDef(number, raw, inline=True)
        return CardDB(cards)


def card_file_records(path) -> dict:
    """The card records of a designer's file: a card file (its schemas/card.schema.json) or a scenario's
    inline `cards:`, loaded safely and validated (InputError with file, line and path otherwise)."""
    from ...scenario.yamlload import load_yaml_file
    doc = load_yaml_file(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    check_document(doc, "scenario" if "scenario" in data else "hololive/card")
    return dict(data.get("cards") or {})


def check_document(doc, schema: str = "hololive/card") -> None:
    """Validate a card file (or a scenario, for its inline cards) in full: the card schema made from the
    declarations of the effect language (terms.py), then what a schema cannot say. The first problem
    is an InputError with the file, line and path."""
    from ...scenario.schema import validate
    from .terms import records_problems
    validate(doc, schema)
    data = doc.data if isinstance(doc.data, dict) else {}
    for path, message, expected in records_problems(data.get("cards")):
        raise doc.error(message, ("cards",) + path, expected=expected)


@functools.lru_cache(maxsize=1)
def builtin() -> CardDB:
    """Every card file shipped in the package, loaded once and validated in full when loaded: a card
    that no scenario plays is checked like the others (an unknown verb in it is bad input). A file
    whose exact text passed the exact checks of now before (judge.core.cache: its digest with the
    card schema's and the checking code's) is read without checking it again."""
    from ...core.cache import Validated
    from ...scenario.yamlload import load_yaml_file
    checks = [Path(__file__).parent / "schemas" / "card.schema.json", Path(__file__).parent / "terms.py",
              Path(__file__)]
    validated = Validated("hololive-cards", checks)
    cards: dict[str, CardDef] = {}
    for path in sorted(CARD_DIR.glob("*.yaml")):
        text = path.read_bytes()
        if validated.holds(text):
            data = validated.parsed(text)
            if data is None:
                data = yaml.load(text, Loader=_Loader)
                validated.keep(text, data)
        else:
            doc = load_yaml_file(path)
            check_document(doc)
            data = doc.data
            validated.add(text)
        for number, raw in (data.get("cards") or {}).items():
            cards[number] = CardDef(number, raw)
    validated.save()
    return CardDB(cards)
