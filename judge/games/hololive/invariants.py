"""Invariants checked after every event when the game runs in debug mode (self-play turns it on)."""
from __future__ import annotations

from collections import Counter

from ...core.errors import InvariantViolation
from ...core.state import Card, Stack
from .game import STAGE_LIMIT


def check(game, event) -> None:
    # The board only changes through an event's handler: after one without, it is as it was when
    # last checked.
    if game.state_version != game.checked_version:
        check_board(game, event)
        game.checked_version = game.state_version
    check_privacy(game, event)


def _where(event) -> str:
    return f"after event {event.seq} {event.kind} {event.rules}"


def check_board(game, event) -> None:
    """Every card in exactly one place, pointing at it; each player's cards counted; the stage's
    limits (4.6.2.1, 4.7.3, 4.8.3); no negative life damage."""
    found = []              # every card found, once for each place it is in
    for zone in [*game.zones.values(), game.resolution]:
        for item in zone.items:
            if type(item) is Stack:
                found += item.cards
                found += item.attached
                if not all(card.holder is item and card.zone is zone for card in item.cards):
                    raise InvariantViolation(f"{_where(event)}: a card in a holomem of {zone.label} says it is "
                                             "elsewhere")
                if not all(card.holder is item for card in item.attached):
                    raise InvariantViolation(f"{_where(event)}: an attached card does not point at its holomem")
                if not item.cards or item.top.defn.type != "holomem":
                    raise InvariantViolation(f"{_where(event)}: a holomem in {zone.label} has no holomem card on top")
            else:
                found.append(item)
                if item.zone is not zone or item.holder is not None:
                    raise InvariantViolation(f"{_where(event)}: {item} in {zone.label} says it is elsewhere")
    if len(found) != len(game.cards) or len(set(map(id, found))) != len(found):
        _explain_places(game, event)
    owners = Counter(c.owner for c in game.cards.values())
    for p in game.PLAYERS:
        owned = owners[p]
        if owned != game.card_counts[p]:
            raise InvariantViolation(f"{_where(event)}: {p} owns {owned} cards, started with {game.card_counts[p]}")
        stage = game.stage(p)
        if len(stage) > STAGE_LIMIT:
            raise InvariantViolation(f"{_where(event)}: {p} has {len(stage)} holomems on stage (4.6.2.1)")
        for name in ("center", "collab"):
            if sum(1 for i in game.zone(p, name).items if type(i) is Stack) > 1:
                raise InvariantViolation(f"{_where(event)}: {p}.{name} holds more than one holomem (4.7.3, 4.8.3)")
        if game.life_damage[p] < 0:
            raise InvariantViolation(f"{_where(event)}: {p} has negative life damage")


def _explain_places(game, event) -> None:
    """A card found twice, or not at all: which, and where."""
    seen: dict = {}
    for zone in [*game.zones.values(), game.resolution]:
        for item in zone.items:
            held = [(c, "") for c in item.cards] + [(c, " (attached)") for c in item.attached] \
                if type(item) is Stack else [(item, "")]
            for card, how in held:
                if card.id in seen:
                    raise InvariantViolation(f"{_where(event)}: card {card} is in two places: {seen[card.id]} "
                                             f"and {zone.label}{how}")
                seen[card.id] = zone.label + how
    lost = [c for cid, c in game.cards.items() if cid not in seen]
    raise InvariantViolation(f"{_where(event)}: cards in no place: {lost[:5]}")


def check_privacy(game, event) -> None:
    """No hidden card or hidden order named to a player who may not know it (4.1.2, 4.1.5.1)."""
    # Privacy: a card moving between hidden zones is named only to the player allowed to see it.
    if event.kind in ("move", "draw") and event.private is None:
        to = event.data.get("to")
        frm_public = event.data.get("frm", "").split(".")[-1] in ("archive", "center", "collab", "back", "oshi",
                                                                 "resolution")
        if to is not None and not to.public and not frm_public:
            raise InvariantViolation(f"{_where(event)}: hidden card {event.data.get('number')} named to both players")
    # 4.1.5.1: the order a player decides for cards put into a hidden zone at once is theirs alone.
    if event.kind == "decision" and event.data.get("kind") == "order" and event.private is None:
        raise InvariantViolation(f"{_where(event)}: an order of cards put into a hidden zone named to both players")
    if event.kind == "move" and event.data.get("ordered_by") and event.private != event.data["ordered_by"]:
        raise InvariantViolation(f"{_where(event)}: where {event.data.get('number')} went in an order "
                                 f"{event.data['ordered_by']} chose is named to {event.private or 'both players'}")
