"""Deck files (6.1): an oshi, a 50-card deck and a 20-card cheer deck, by card number."""
from __future__ import annotations

from pathlib import Path

from ...core.errors import InputError, closest
from ...scenario.schema import validate
from ...scenario.yamlload import load_yaml_file

DECK_DIR = Path(__file__).parent / "decks"


def deck_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.yaml"))


def load_deck(name_or_path: str, db) -> dict:
    """A deck as {name, oshi, deck: [numbers], cheer_deck: [numbers]}, checked against 6.1."""
    path = Path(name_or_path)
    if not path.exists():
        path = DECK_DIR / f"{name_or_path}.yaml"
    if not path.exists():
        raise InputError(f"unknown deck '{name_or_path}'", expected="a deck file or one of: " + ", ".join(deck_names()),
                         suggestions=closest(name_or_path, deck_names()))
    doc = load_yaml_file(path)
    validate(doc, "hololive/deck")
    data = doc.data
    deck = [n for n, k in data["deck"].items() for _ in range(k)]
    cheer = [n for n, k in data["cheer_deck"].items() for _ in range(k)]
    for key, numbers in (("oshi", [data["oshi"]]), ("deck", deck), ("cheer_deck", cheer)):
        for n in numbers:
            if n not in db:
                raise doc.error(f"unknown card '{n}'", (key,), suggestions=closest(n, db.cards))
    problems = deck_violations(db, data["oshi"], deck, cheer)
    if problems:
        raise doc.error("; ".join(problems), ())
    return {"name": data.get("name", path.stem), "oshi": data["oshi"], "deck": deck, "cheer_deck": cheer}


def deck_violations(db, oshi, deck, cheer) -> list[str]:
    """6.1.2-6.1.4: one oshi, 20 cheer, 50 cards, at most 4 of a number (unless 2.11.2.1)."""
    out = []
    if db.get(oshi).type != "oshi":
        out.append(f"{oshi} is not an oshi (6.1.2)")
    if len(cheer) != 20 or any(db.get(n).type != "cheer" for n in cheer):
        out.append("the cheer deck must be exactly 20 cheer cards (6.1.3.1, 6.1.3.2)")
    if len(deck) != 50 or any(db.get(n).type in ("oshi", "cheer") for n in deck):
        out.append("the deck must be exactly 50 cards, none of them oshi or cheer (6.1.4.1, 6.1.4.2)")
    for n in set(deck):
        if deck.count(n) > 4 and not db.get(n).extra.get("unlimited_copies"):
            out.append(f"{deck.count(n)} copies of {n}; at most 4 (6.1.4.3)")
    return out
