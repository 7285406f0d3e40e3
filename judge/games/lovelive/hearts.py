"""Heart arithmetic: the live-owned hearts (8.3.14) and whether they meet required hearts (2.11.3,
8.3.15). Pure functions of counts; no state."""
from __future__ import annotations

from collections import Counter

from .cards import ALL, COLORLESS, COLORS


def owned_hearts(members, yell_cards, hearts_of=None) -> Counter:
    """8.3.14: the hearts of every member of the stage and the blade hearts (2.7) of the player's own
    yell cards in the resolution zone, by colour; `all` counts the hearts of 2.1.1.3. `hearts_of`: a
    member's hearts as they are now (9.9), else as printed."""
    total: Counter = Counter()
    for m in members:
        for colour, n in (hearts_of(m) if hearts_of else m.defn.hearts):
            total[colour] += n
    for card in yell_cards:
        for icon in card.defn.blade_hearts:
            if icon in COLORS or icon == ALL:          # 2.1.3: a blade heart is that heart
                total[icon] += 1
    return total


def icons(yell_cards, kind: str) -> int:
    """The blade hearts of one kind (`draw` 8.3.12.1, `score` 8.4.2.1) among the yell cards."""
    return sum(card.defn.blade_hearts.count(kind) for card in yell_cards)


def required_total(lives, required_of=None) -> Counter:
    """The required hearts of several live cards together (2.11.2.2: each must be met); `required_of`: as
    they are now (9.9), else as printed."""
    total: Counter = Counter()
    for live in lives:
        for colour, n in (required_of(live) if required_of else live.defn.required):
            total[colour] += n
    return total


def meets(owned: Counter, required: Counter) -> bool:
    """2.11.3 with 8.3.15.1.1: the owned hearts meet the required ones when each coloured
    requirement is met by hearts of its colour or by `all` hearts (each used once), and the hearts
    in all number at least the requirement's total (the colourless hearts of 2.1.1.2 take any)."""
    wild = owned.get(ALL, 0)
    for colour in COLORS:
        short = required.get(colour, 0) - owned.get(colour, 0)
        if short > 0:
            wild -= short
            if wild < 0:
                return False
    need = sum(required.get(c, 0) for c in COLORS) + required.get(COLORLESS, 0)
    # 2.1.1.2: an owned heart of no colour (a card gave it) is a heart, of no colour: it counts for the
    # colourless requirement only (docs/rulings.md)
    have = sum(owned.get(c, 0) for c in COLORS) + owned.get(ALL, 0) + owned.get(COLORLESS, 0)
    return have >= need


def describe(hearts: Counter) -> str:
    return ", ".join(f"{c} {n}" for c, n in sorted(hearts.items()) if n) or "none"
