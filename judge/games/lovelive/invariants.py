"""The invariants self-play checks after every event (judge selfplay; the game's debug mode): card
conservation, zone legality and hidden information."""
from __future__ import annotations

from .state import AREAS, NORMAL_STEPS

HIDDEN = ("main_deck", "energy_deck", "hand", "aside")
ONLY = {"energy": "energy", "success": "live"}       # 10.5.2 / 4.10.1 (after rule processing)


def check(game, event) -> str | None:
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
