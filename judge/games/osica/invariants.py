"""The invariants self-play checks after every event: card conservation, hidden zones, and at the
start of each phase the area and limit restrictions (stage.1, stage.3, assist.1)."""
from __future__ import annotations

from .state import ASSIST_MAX, STAGE

HIDDEN = ("deck", "heart", "hand", "cost")


def check(game, event) -> str | None:
    seen = 0
    for zone in game.table.all_zones():
        for card in zone.items:
            seen += 1
            if card.zone is not zone:
                return f"{card} is listed in {zone.label} but says it is in {card.zone}"
            if zone.owner != card.owner:
                return f"{card} of {card.owner} is in {zone.label}"
            if zone.name in HIDDEN and card.face_up:
                return f"{card} is face up in the hidden zone {zone.label}"
    if seen != len(game.cards):
        return f"{len(game.cards)} cards in the game, {seen} in its areas (card conservation)"
    if event.kind == "phase":
        for p, ps in game.table.players.items():
            for area in STAGE:
                if sum(c.over is None for c in ps.zones[area].items) > 1:
                    return f"two characters in {p}.{area} (stage.1)"
                if any(c.defn.kind != "character" for c in ps.zones[area].items):
                    return f"a card that is no character in {p}.{area} (stage.8)"
            if ps.level() > ps.limit:
                return f"{p}'s stage has level {ps.level()} over the limit {ps.limit} (stage.3)"
            if len(ps.assist()) > ASSIST_MAX:
                return f"{p}'s assist area holds {len(ps.assist())} cards (assist.1)"
            if any(c.defn.kind == "character" and c.ap <= 0 for c in ps.in_play()):
                return f"{p} has a character of AP 0 or less in play (chara.5)"
    return None
