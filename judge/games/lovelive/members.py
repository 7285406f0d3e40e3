"""Playing a member from hand (7.7.2.2, 9.6.2): paying its cost in energy (9.6.2.3.1, 5.9) or by
baton touch (9.6.2.3.2). The legality of a play and the procedure that plays it."""
from __future__ import annotations

from judge.core.decisions import Action, Option

from . import continuous
from .state import AREAS

KIND = "play_member"


def active_energy(game, player: str) -> list:
    return [c for c in game.table.zone(player, "energy").items if not c.wait]


def blocked_area(game, player: str, area: str) -> bool:
    """9.6.2.1.2.1: an area holding a member card that moved onto the stage from elsewhere this turn."""
    return any(c.entered_turn == game.table.turn.number for c in game.table.zone(player, area).items)


def baton_partner(game, player: str, area: str):
    """The member a play in this area may baton touch (9.6.2.3.2), or None (none there, or one whose continuous
    ability says it cannot be put in the waiting room by a baton touch)."""
    m = game.table.players[player].member(area)
    return None if m is not None and continuous.no_baton_out(game, m) else m


def cost_with(game, card, partner) -> int:
    """9.6.2.3.2: a baton touch lowers the energy to pay by the partner's cost (not below nothing:
    1.3.2.2, an action of no units is not performed). Costs as they are now (9.9)."""
    return max(0, continuous.cost(game, card) - (continuous.cost(game, partner) if partner is not None else 0))


def why_not(game, player: str, a: Action) -> list[str]:
    """The rules a play would break now (empty: legal)."""
    t = game.table
    if t.turn.step != "main" or t.turn.player != player:
        return ["7.7.2"]
    card = game.cards.get(a.get("card"))
    if card is None or card.zone is not t.zone(player, "hand"):
        return ["7.7.2.2"]
    if card.defn.kind != "member":
        return ["7.7.2.2", "2.2.1", "2.2.2", "2.2.2.2"]           # only a member card is played to the stage
    area = a.get("area")
    if area not in AREAS:
        return ["9.6.2.1.2"]
    if blocked_area(game, player, area):
        return ["9.6.2.1.2.1"]
    energy = len(active_energy(game, player))
    partner = baton_partner(game, player, area)
    cost = continuous.cost(game, card)
    if energy >= cost:                                           # 9.6.2.3.1
        return []
    if partner is not None and cost >= 1 and energy >= cost_with(game, card, partner):
        return []                                                # 9.6.2.3.2
    # 2.6.1: the cost in energy; 4.7.4: only the energy zone's cards are energy (not those beneath
    # a member, Q184)
    return ["9.6.2.3.1", "9.4.2.3", "2.6.1", "4.7.4"]


def legal(game, player: str) -> list[Action]:
    """Every play of a member of the hand in an area, one per card number (copies are alike)."""
    out, seen = [], set()
    for card in game.table.zone(player, "hand").items:
        if card.defn.kind != "member" or card.number in seen:
            continue
        seen.add(card.number)
        for area in AREAS:
            a = Action(KIND, card=card.id, area=area, card_number=card.number)
            if not why_not(game, player, a):
                out.append(a)
    return out


def describe(a: Action) -> str:
    return f"play {a.get('card_number')} to {a.get('area')}"


def play(game, player: str, a: Action):
    """9.6.2: the member to the resolution zone, its area, its cost paid (energy or baton touch),
    then the member placed in the area (a procedure)."""
    card, area = game.cards[a["card"]], a["area"]
    cost = continuous.cost(game, card)         # 9.3.4.1.1: a cost ability of the hand works for its play
    partner = baton_partner(game, player, area)
    with_baton = cost_with(game, card, partner)
    game.in_resolution.add(card.id)
    game.move(card, None, "resolution", ("9.6.2.1", "9.6.2.1.1"), face_up=True)          # 9.6.2.1.1
    game.emit("designate_area", ("9.6.2.1.2", "9.6.2.1.2.1"), card.number, player=player, area=area)
    energy = len(active_energy(game, player))
    baton = False
    if partner is not None and cost >= 1 and energy >= with_baton:
        if energy < cost:
            baton = True              # the only way to pay (the play was legal: why_not)
        else:
            baton = (yield from game.ask(player, "baton_touch", f"baton touch {partner.number} in {area}?",
                                         ("9.6.2.3.2",), [Option("yes", True, keys=("yes", "true")),
                                                          Option("no", False, keys=("no", "false"))]))
    to_pay = cost
    if baton:
        # 9.6.2.3.2 / 9.6.2.3.2.1: the partner to the waiting room instead of that much energy
        # 4.5.5.4: only the member card leaves; cards beneath it stay in the area
        game.move(partner, player, "waiting_room", ("9.6.2.3", "9.6.2.3.2", "9.6.2.3.2.1")
                  + (("4.5.5.4",) if game.table.players[player].beneath(area) else ()), source=card.number)
        game.emit("baton_touch", ("9.6.2.3.2.1",), card.number, player=player, area=area, partner=partner.number,
                  card=card.id, partner_id=partner.id)
        to_pay = with_baton
    paying = active_energy(game, player)[:to_pay]
    # 5.9.1.1: that many active energy to wait (energy cards have no abilities: any of them will do)
    for e in paying:
        game.emit("wait", ("9.6.2.3", "9.6.2.3.1", "5.9.1", "5.9.1.1", "9.4.3"), card.number, card=e.id,
                  number=e.number, player=player)
    game.move(card, player, area, ("9.6.2.4", "9.6.2.4.1", "4.3.2.3"))                   # 9.6.2.4.1
    game.in_resolution.discard(card.id)
    changed = ("9.9.3", "9.3.4.1", "9.3.4.1.1", "9.9.1.5") if cost != card.defn.cost else ()   # a cost ability of the hand
    # 1.3.2.2: a cost lowered to nothing pays no energy at all
    game.emit("member_played", ("7.7.2", "7.7.2.2", "9.6.2", "9.5.4.2", "2.6.1", "2.2.2.3") + changed
              + (("1.3.2.2",) if not paying and cost else ()), card.number, player=player, area=area, card=card.number,
              paid=len(paying), baton_touch=baton)
