"""The cards of Love Live! as facts (2.2-2.11): type, name, group, unit, cost, blades, hearts, blade
hearts, score, required hearts, and whether the card has abilities (2.12). No card text is kept.

The facts are built from ../shared/reference/lovelive/cards.json into data/card-facts.json:

    python -m judge.games.lovelive.cards [--reference FILE] [--check]

A card whose abilities the engine does not run is `unsupported` (its vanilla facts still play in
self-play; a scenario that puts it in the game is not runnable). A card whose facts are incomplete
in the reference (a member with no blade value) has `gaps`: a game cannot use it at all.
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

from judge.core.errors import InputError, closest
from judge.core.text import norm

HERE = Path(__file__).resolve().parent
FACTS = HERE / "data" / "card-facts.json"
REFERENCE = (HERE.parents[2] / ".." / "shared" / "reference" / "lovelive" / "cards.json").resolve()

COLORS = ("pink", "red", "yellow", "green", "blue", "purple")       # 2.1.1.1
COLORLESS = "any"                                                   # 2.1.1.2: a required heart of no colour
ALL = "all"                                                         # 2.1.1.3: a heart of any one colour
DRAW, SCORE = "draw", "score"                                       # blade hearts of 8.3.12.1 / 8.4.2.1
KINDS = {"メンバー": "member", "ライブ": "live", "エネルギー": "energy"}   # 2.2.2
HEART_WORDS = {"any": COLORLESS, "gray": COLORLESS}                 # the reference's spellings of 2.1.1.2


class CardDef:
    """A card's printed facts (2.2-2.11). `hearts` and `required` are ((colour, count), ...);
    `blade_hearts` are the icons a yell reveals (2.7): colours, `all`, `draw`, `score`."""

    __slots__ = ("number", "name", "name_en", "kind", "group", "unit", "cost", "blade", "hearts",
                 "blade_hearts", "score", "required", "abilities", "gaps", "keys", "ability_list", "encoded",
                 "trigger_set", "continuous_list")

    def __init__(self, number, name, kind, *, name_en="", group="", unit="", cost=None, blade=None,
                 hearts=(), blade_hearts=(), score=None, required=(), abilities=False, gaps=()):
        self.number, self.name, self.name_en, self.kind = number, name, name_en or name, kind
        self.group, self.unit, self.cost, self.blade = group, unit, cost, blade
        self.hearts, self.blade_hearts = tuple(hearts), tuple(blade_hearts)
        self.score, self.required = score, tuple(required)
        self.abilities, self.gaps = abilities, tuple(gaps)
        self.keys = frozenset(norm(k) for k in (number, name, self.name_en) if k)
        self.ability_list: tuple = ()     # the abilities of its encoding (abilities.Ability), in printed order
        self.encoded = False              # whether an encoding gives its abilities (sets/*.yaml, or `cards:`)
        self.trigger_set = frozenset()    # the triggers of its automatic abilities (a fast look for triggers.py)
        self.continuous_list: tuple = ()  # its continuous abilities (a fast look for continuous.py)

    def encode(self, abilities: list) -> "CardDef":
        """The card with the abilities of its encoding (which override "has abilities it does not run")."""
        from .abilities import Ability
        self.ability_list = tuple(Ability(self.number, i, raw) for i, raw in enumerate(abilities))
        self.encoded = True
        self.trigger_set = frozenset(t for a in self.ability_list if a.kind == "auto" for t in a.triggers)
        self.continuous_list = tuple(a for a in self.ability_list if a.kind == "continuous")
        return self

    @property
    def names(self) -> set:
        """The names a card file may refer to (judge cards check)."""
        return {n for n in (self.name, self.name_en) if n}

    @property
    def unsupported_abilities(self) -> list:
        return [a.raw["unsupported"] for a in self.ability_list if a.raw.get("unsupported")]

    @property
    def supported(self) -> bool:
        """Whether the engine plays the card as printed (no abilities it does not run, no gaps)."""
        if self.gaps:
            return False
        return not self.unsupported_abilities if self.encoded else not self.abilities

    def as_record(self) -> dict:
        out = {"name": self.name, "name_en": self.name_en, "type": self.kind}
        for key in ("group", "unit", "cost", "blade", "score"):
            value = getattr(self, key)
            if value not in (None, ""):
                out[key] = value
        if self.hearts:
            out["hearts"] = dict(self.hearts)
        if self.blade_hearts:
            out["blade_hearts"] = list(self.blade_hearts)
        if self.required:
            out["required"] = dict(self.required)
        if self.abilities:
            out["abilities"] = True
        if self.gaps:
            out["gaps"] = list(self.gaps)
        return out

    @classmethod
    def from_record(cls, number: str, r: dict) -> "CardDef":
        if "abilities" in r and isinstance(r["abilities"], list):       # a scenario's card with an encoding
            return cls.from_record(number, {**r, "abilities": bool(r["abilities"])}).encode(r["abilities"])
        return cls(number, r.get("name", number), r["type"], name_en=r.get("name_en", ""),
                   group=r.get("group", ""), unit=r.get("unit", ""), cost=r.get("cost"), blade=r.get("blade"),
                   hearts=tuple((r.get("hearts") or {}).items()), blade_hearts=r.get("blade_hearts", ()),
                   score=r.get("score"), required=tuple((r.get("required") or {}).items()),
                   abilities=bool(r.get("abilities")), gaps=r.get("gaps", ()))

    def __repr__(self):
        return f"<{self.number} {self.kind}>"


def _hearts(items) -> dict:
    out: dict = {}
    for h in items or ():
        colour = HEART_WORDS.get(h["color"], h["color"])
        out[colour] = out.get(colour, 0) + h["count"]
    return out


def fact_record(c: dict) -> dict:
    """One printing of the reference as a facts record (no text)."""
    kind = KINDS[c["card_type"]]
    r = {"name": c["name"], "name_en": c.get("name_en", ""), "type": kind}
    if c.get("group"):
        r["group"] = c["group"]
    if c.get("subunit"):
        r["unit"] = c["subunit"]
    gaps = []
    if kind == "member":
        r["cost"] = c.get("cost")
        r["blade"] = c.get("blade")
        r["hearts"] = _hearts(c.get("hearts"))
        if c.get("blade") is None:
            gaps.append("the reference gives no blade value (2.8)")
    if kind == "live":
        r["score"] = c.get("score")
        r["required"] = _hearts(c.get("required_hearts"))
    icons = list(c.get("blade_hearts") or ())
    if c.get("special_heart") == "icon_draw.png":
        icons.append(DRAW)
    if c.get("special_heart") == "icon_score.png":
        icons.append(SCORE)
    if icons:
        r["blade_hearts"] = icons
    if c.get("text_jp") or c.get("text_en"):
        r["abilities"] = True
    if gaps:
        r["gaps"] = gaps
    return r


def build(reference: Path = REFERENCE) -> str:
    cards = json.loads(reference.read_text(encoding="utf-8"))["cards"]
    lines = [f"  {json.dumps(c['card_no'], ensure_ascii=False)}: {json.dumps(fact_record(c), ensure_ascii=False)}"
             for c in sorted(cards, key=lambda c: c["card_no"])]
    head = ('{\n "source": "facts of ../shared/reference/lovelive/cards.json, built by python -m '
            'judge.games.lovelive.cards (no card text)",\n "cards": {\n')
    return head + ",\n".join(lines) + "\n }\n}\n"


@lru_cache(maxsize=1)
def builtin() -> dict:
    """The facts of every card, with the abilities of the encoded ones (cards/*.yaml, encodings.py)."""
    from .encodings import encodings
    data = json.loads(FACTS.read_text(encoding="utf-8"))["cards"]
    out = {number: CardDef.from_record(number, r) for number, r in data.items()}
    for number, abilities in encodings().items():
        if number in out:
            out[number].encode(abilities)
    return out


class CardDB:
    """The card database: the built-in facts, with a scenario's inline cards laid over them."""

    def __init__(self, cards: dict):
        self.cards = cards
        self._by_key: dict | None = None

    def __contains__(self, number) -> bool:
        return number in self.cards

    def __getitem__(self, number):
        return self.cards[number]

    def get(self, number):
        return self.cards.get(number)

    def find(self, text) -> list:
        if text in self.cards:
            return [self.cards[text]]
        if self._by_key is None:
            self._by_key = {}
            for card in self.cards.values():
                for key in card.keys:
                    self._by_key.setdefault(key, []).append(card)
        return self._by_key.get(norm(text), [])

    def lookup(self, text, *, path=(), what="card"):
        found = self.find(str(text))
        if not found:
            raise InputError(f"unknown {what} '{text}'", path=path, expected="a card number of the card list "
                             "(e.g. PL!N-sd1-011-SD) or a card of `cards:`",
                             suggestions=closest(str(text), self.cards))
        return found[0]

    def overlay(self, records: dict) -> "CardDB":
        if not records:
            return self
        cards = dict(self.cards)
        for number, record in records.items():
            cards[number] = CardDef.from_record(number, record)
        return CardDB(cards)


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    reference = Path(args[args.index("--reference") + 1]) if "--reference" in args else REFERENCE
    if not reference.is_file():
        print(f"no reference card list at {reference}", file=sys.stderr)
        return 2
    text = build(reference)
    if "--check" in args:
        same = FACTS.is_file() and FACTS.read_text(encoding="utf-8") == text
        print("card facts are current" if same else f"{FACTS} differs from the reference: rebuild it")
        return 0 if same else 1
    FACTS.write_text(text, encoding="utf-8")
    print(f"wrote {FACTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
