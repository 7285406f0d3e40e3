"""The invariants self-play checks after every event (judge selfplay; the game's debug mode): card
conservation, zone legality, hidden information, and the heart and score arithmetic of the live
(recomputed here another way than hearts.py does it)."""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from .cards import ALL, COLORS, SCORE
from .state import AREAS, NORMAL_STEPS

HIDDEN = ("main_deck", "energy_deck", "hand", "aside")
ONLY = {"energy": "energy", "success": "live"}       # 10.5.2 / 4.10.1 (after rule processing)


def met_by_search(owned: Counter, required: Counter) -> bool:
    """2.11.3 with 8.3.15.1.1, by search: some choice of a colour for each `all` heart (2.1.1.3)
    gives at least the required count of every colour, and the hearts in all number at least the
    whole requirement (a colourless required heart, 2.1.1.2, takes a heart of any colour)."""
    if sum(owned.get(c, 0) for c in COLORS) + owned.get(ALL, 0) < sum(required.values()):
        return False
    for choice in combinations_with_replacement(COLORS, owned.get(ALL, 0)):
        have = Counter({c: owned.get(c, 0) for c in COLORS}) + Counter(choice)
        if all(have[c] >= required.get(c, 0) for c in COLORS):
            return True
    return False


def _live_arithmetic(game, event) -> str | None:
    """The heart check of 8.3.15 (its verdict against a search over the hearts it counted, so it
    holds whatever gave the hearts) and the score icons of 8.4.2.1 (the player's own yell cards only,
    counted here by owner in the resolution zone)."""
    p = event.data.get("player")
    if event.kind == "heart_check":
        counts = event.data["counts"]
        owned, required = Counter(counts["owned"]), Counter(counts["required"])
        if met_by_search(owned, required) != event.data["met"]:
            return f"heart check of {p}: owned {dict(owned)}, required {dict(required)}, engine said {event.data['met']}"
    if event.kind == "live_score":
        icons = sum(c.defn.blade_hearts.count(SCORE) for c in game.table.resolution.items if c.owner == p)
        if icons != event.data["icons"]:
            return f"score icons of {p}: {icons} among their yell cards (8.4.2.1), the engine counted {event.data['icons']}"
    return None


def check(game, event) -> str | None:
    if event.kind in ("heart_check", "live_score"):
        problem = _live_arithmetic(game, event)
        if problem:
            return problem
    t = game.table
    seen = 0
    for zone in t.all_zones():
        for card in zone.items:
            seen += 1
            if card.zone is not zone:
                return f"{card} is listed in {zone.label} but says it is in {card.zone}"
            if zone.owner is not None and zone.name not in AREAS and zone.name != "live" and zone.owner != card.owner:
                return f"{card} of {card.owner} is in {zone.label} (4.1.7: a card goes to its owner's zone)"
            if zone.name in HIDDEN and card.face_up:
                return f"{card} is face up in the hidden zone {zone.label} (4.1.2.1)"
            if card.beneath and (card.wait or zone.name not in AREAS):
                return f"{card} lies beneath a member but is {'in the wait state' if card.wait else 'in ' + zone.label}" \
                       " (4.5.5, 4.5.5.2)"
    if seen != len(game.cards):
        return f"{len(game.cards)} cards in the game, {seen} in its zones (card conservation)"
    if event.kind == "step":            # a step starts after a check timing: the zones are legal
        for p, ps in t.players.items():
            for name, kind in ONLY.items():
                bad = [c for c in ps.zones[name].items if c.defn.kind != kind]
                if bad:
                    return f"{bad} in {p}.{name}, which holds only {kind} cards"
            for area in AREAS:
                if sum(c.defn.kind == "member" for c in ps.zones[area].items) > 1:
                    return f"two members in {p}.{area} (10.4.1)"
            if event.data["step"] in NORMAL_STEPS and ps.zones["live"].items:
                return f"{p}.live holds cards in a normal phase (8.4.8 empties it)"
        if event.data["step"] in NORMAL_STEPS and t.resolution.items:
            return f"the resolution zone holds {t.resolution.items} in a normal phase (8.4.8, 10.6.1)"
    return None
