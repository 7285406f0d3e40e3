"""Invariants checked after every event when the game runs in debug mode (self-play turns it on)."""
from __future__ import annotations

from ...core.errors import InvariantViolation
from ...core.state import Card, Stack
from .game import STAGE_LIMIT


def check(game, event) -> None:
    where = f"after event {event.seq} {event.kind} {event.rules}"
    seen: dict = {}

    def place(card, label):
        if card.id in seen:
            raise InvariantViolation(f"{where}: card {card} is in two places: {seen[card.id]} and {label}")
        seen[card.id] = label

    zones = list(game.zones.values()) + [game.resolution]
    for zone in zones:
        for item in zone.items:
            if type(item) is Stack:
                for card in item.cards:
                    place(card, zone.label)
                    if card.holder is not item or card.zone is not zone:
                        raise InvariantViolation(f"{where}: {card} in a holomem of {zone.label} says it is elsewhere")
                for card in item.attached:
                    place(card, zone.label + " (attached)")
                    if card.holder is not item:
                        raise InvariantViolation(f"{where}: attached {card} does not point at its holomem")
                if not item.cards or item.top.defn.type != "holomem":
                    raise InvariantViolation(f"{where}: a holomem in {zone.label} has no holomem card on top")
            else:
                place(item, zone.label)
                if item.zone is not zone or item.holder is not None:
                    raise InvariantViolation(f"{where}: {item} in {zone.label} says it is elsewhere")
    if len(seen) != len(game.cards):
        lost = [c for cid, c in game.cards.items() if cid not in seen]
        raise InvariantViolation(f"{where}: cards in no place: {lost[:5]}")
    for p in game.PLAYERS:
        owned = sum(1 for c in game.cards.values() if c.owner == p)
        if owned != game.card_counts[p]:
            raise InvariantViolation(f"{where}: {p} owns {owned} cards, started with {game.card_counts[p]}")
        stage = game.stage(p)
        if len(stage) > STAGE_LIMIT:
            raise InvariantViolation(f"{where}: {p} has {len(stage)} holomems on stage (4.6.2.1)")
        for name in ("center", "collab"):
            if sum(1 for i in game.zone(p, name).items if type(i) is Stack) > 1:
                raise InvariantViolation(f"{where}: {p}.{name} holds more than one holomem (4.7.3, 4.8.3)")
        if game.life_damage[p] < 0:
            raise InvariantViolation(f"{where}: {p} has negative life damage")
    # Privacy: a card moving between hidden zones is named only to the player allowed to see it.
    if event.kind in ("move", "draw") and event.private is None:
        to = event.data.get("to")
        frm_public = event.data.get("frm", "").split(".")[-1] in ("archive", "center", "collab", "back", "oshi",
                                                                 "resolution")
        if to is not None and not to.public and not frm_public:
            raise InvariantViolation(f"{where}: hidden card {event.data.get('number')} named to both players")
    # 4.1.5.1: the order a player decides for cards put into a hidden zone at once is theirs alone.
    if event.kind == "decision" and event.data.get("kind") == "order" and event.private is None:
        raise InvariantViolation(f"{where}: an order of cards put into a hidden zone named to both players")
    if event.kind == "move" and event.data.get("ordered_by") and event.private != event.data["ordered_by"]:
        raise InvariantViolation(f"{where}: where {event.data.get('number')} went in an order "
                                 f"{event.data['ordered_by']} chose is named to {event.private or 'both players'}")
