"""Costs the booster cards of the official FAQ need (issue 16), declared like those of costs.py (which imports this
module at its end): each with the function that pays it and the test of whether it can be paid (9.4.2.3)."""
from __future__ import annotations

from .costs import _can
from .effects import card_matches, choose, filter_rules
from .terms import CARD_FILTER, N1, Bool, cost_function, key, mapping


@_can("mill")
def _can_mill(game, n, ctx):
    """9.4.2.3: the cost is paid in full or not at all: the main deck must hold the cards (FAQ Q234)."""
    return len(game.table.zone(ctx.player, "main_deck").items) >= n


@cost_function("mill", "9.4.2", "5.4.1", doc="put the top this many cards of your main deck in your waiting room "
               "(payable only while the main deck holds that many: 9.4.2.3)", arg=N1)
def pay_mill(game, n, ctx):
    deck = game.table.zone(ctx.player, "main_deck")
    for c in list(deck.items[:n]):
        game.move(c, ctx.player, "waiting_room", ("9.4.2", "9.4.2.3", "5.4.1"), source=ctx.source)
    return
    yield


@_can("reveal_to_deck_bottom")
def _can_reveal_to_bottom(game, flt, ctx):
    return any(card_matches(game, c, flt, ctx) for c in game.table.zone(ctx.player, "hand").items)


@cost_function("reveal_to_deck_bottom", "9.4.2", "5.4.1", "4.8.2", doc="reveal a card of your hand that matches and "
               "put it at the bottom of your main deck", arg=CARD_FILTER)
def pay_reveal_to_bottom(game, flt, ctx):
    fits = [c for c in game.table.zone(ctx.player, "hand").items if card_matches(game, c, flt, ctx)]
    picked = yield from choose(game, ctx.player, fits, 1, ctx, ("9.4.2",) + filter_rules(flt),
                               "a card of your hand to reveal and put at the bottom of the main deck", private=ctx.player)
    for c in picked:
        game.emit("show", ("9.4.2",), ctx.source, card=c.id, number=c.number, player=ctx.player)   # shown to both
        game.move(c, ctx.player, "main_deck", ("9.4.2", "5.4.1", "4.8.2"), source=ctx.source, bottom=True)


@_can("this_from_hand")
def _can_this_from_hand(game, arg, ctx):
    return ctx.card is not None and ctx.card.zone is game.table.zone(ctx.player, "hand")


@cost_function("this_from_hand", "9.4.2", "5.4.1", doc="put this card from your hand in your waiting room (an "
               "ability played from the hand: 9.3.4.1)", arg=Bool())
def pay_this_from_hand(game, arg, ctx):
    game.move(ctx.card, ctx.player, "waiting_room", ("9.4.2", "5.4.1"), source=ctx.source)
    ctx.cost_cards += 1
    return
    yield


def _units_in_hand(game, ctx) -> dict:
    """The cards of the hand by unit (2.5, as they are now: 9.3.4.1); a card with no unit is in none, a group name
    is no unit (FAQ Q175)."""
    from . import continuous
    by: dict = {}
    for c in game.table.zone(ctx.player, "hand").items:
        for u in continuous.units(game, c):
            if u:
                by.setdefault(u, []).append(c)
    return by


@_can("discard_same_unit")
def _can_discard_same_unit(game, n, ctx):
    return any(len(cs) >= n for cs in _units_in_hand(game, ctx).values())


@cost_function("discard_same_unit", "9.4.2", "2.5", doc="put this many cards of your hand that have one unit name "
               "in common in your waiting room (any unit, not only this member's: FAQ Q175)", arg=N1)
def pay_discard_same_unit(game, n, ctx):
    from judge.core.decisions import Option
    pools = {u: cs for u, cs in _units_in_hand(game, ctx).items() if len(cs) >= n}
    unit = yield from game.ask(ctx.player, "unit", "the unit the cards share", ("9.4.2", "2.5.1"),
                               [Option(u, u, keys=(u,)) for u in sorted(pools)], private=ctx.player, source=ctx.source)
    picked = yield from choose(game, ctx.player, pools[unit], n, ctx, ("9.4.2", "2.5.1"),
                               f"{n} cards of {unit} to pay the cost", private=ctx.player)
    for c in picked:
        game.move(c, ctx.player, "waiting_room", ("9.4.2", "5.4.1"), source=ctx.source)
    ctx.cost_cards += len(picked)
    ctx.discarded += picked



@_can("waiting_room_to_deck_bottom")
def _can_room_to_bottom(game, arg, ctx):
    room = game.table.zone(ctx.player, "waiting_room").items
    return sum(1 for c in room if card_matches(game, c, arg.get("filter"), ctx)) >= arg["count"]


@cost_function("waiting_room_to_deck_bottom", "9.4.2", "5.5.1", "4.8.2", doc="shuffle this many cards of your "
               "waiting room that match and put them at the bottom of your main deck",
               arg=mapping(key("count", "how many", N1, required=True), key("filter", "which cards", CARD_FILTER),
                           key("ordered", "in the order you choose, not shuffled ('好きな順番で')", Bool(),
                               default=False)))
def pay_room_to_bottom(game, arg, ctx):
    room = game.table.zone(ctx.player, "waiting_room")
    fits = [c for c in room.items if card_matches(game, c, arg.get("filter"), ctx)]
    picked = yield from choose(game, ctx.player, fits, arg["count"], ctx, ("9.4.2",) + filter_rules(arg.get("filter")),
                               "cards of your waiting room for the bottom of the main deck (the first named first)")
    order = list(picked) if arg.get("ordered") else game.shuffle_order(list(picked), zone=room)   # 5.5.1
    for c in order:
        game.move(c, ctx.player, "main_deck", ("9.4.2", "4.8.2") + (() if arg.get("ordered") else ("5.5.1",)),
                  source=ctx.source, bottom=True)
    ctx.cost_cards += len(picked)
    ctx.those = list(picked)


@_can("member_to_waiting_room")
def _can_member_out(game, flt, ctx):
    return any(card_matches(game, m, flt, ctx) for m in game.table.players[ctx.player].members())


@cost_function("member_to_waiting_room", "9.4.2", "5.4.1", doc="put a member of your stage that matches in your "
               "waiting room (the area it left is remembered)", arg=CARD_FILTER)
def pay_member_out(game, flt, ctx):
    fits = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, flt, ctx)]
    picked = yield from choose(game, ctx.player, fits, 1, ctx, ("9.4.2",) + filter_rules(flt),
                               "a member of your stage for the waiting room")
    for m in picked:
        ctx.left_area[m.id] = (m.zone.name, None)
        game.move(m, ctx.player, "waiting_room", ("9.4.2", "5.4.1"), source=ctx.source)
        ctx.discarded.append(m)



@_can("reveal_any")
def _can_reveal_any(game, flt, ctx):
    return True                             # any number, none included


@cost_function("reveal_any", "9.4.2", doc="reveal any number of cards of your hand that match (none included)",
               arg=CARD_FILTER)
def pay_reveal_any(game, flt, ctx):
    from judge.core.decisions import Option
    fits = [c for c in game.table.zone(ctx.player, "hand").items if card_matches(game, c, flt, ctx)]
    picked = []
    if fits:
        options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in fits]
        ids = yield from game.ask(ctx.player, "cost", "cards of your hand to reveal (any number)", ("9.4.2",),
                                  options, many=True, min_pick=0, max_pick=len(fits), private=ctx.player,
                                  source=ctx.source)
        picked = [game.cards[i] for i in ids]
    for c in picked:
        game.emit("show", ("9.4.2",), ctx.source, card=c.id, number=c.number, player=ctx.player)   # shown to both
    ctx.revealed += picked
