"""Costs and their payment (9.4): each kind of cost declared once (terms.py) with the function that pays it
and the test of whether it can be paid. A cost is paid from its player's own resources (9.4.2.1), its
actions in the order written (9.4.2.2), and all of it or none (9.4.2.3)."""
from __future__ import annotations

from .effects import card_matches, choose, filter_rules
from .members import active_energy
from .state import AREAS
from .terms import CARD_FILTER, N1, Bool, Either, cost_function, key, mapping

CAN: dict = {}          # cost name -> (game, arg, ctx) -> whether it can be paid now


def _can(name):
    def declare(fn):
        CAN[name] = fn
        return fn
    return declare


def can_pay(game, costs, ctx) -> bool:
    """9.4.2.3: a cost any part of which cannot be paid cannot be paid at all."""
    return all(CAN[k](game, v, ctx) for c in costs or () for k, v in c.items())


def pay(game, costs, ctx):
    """9.4.2 / 9.4.2.2: do each action of the cost, in the order written."""
    from .terms import VOCAB
    impls = VOCAB.named("cost").impls
    for c in costs or ():
        for k, v in c.items():
            yield from impls[k](game, v, ctx)


def _spec(arg) -> dict:
    return arg if isinstance(arg, dict) else {"count": arg}


_DISCARD = mapping(key("count", "how many", N1, default=1), key("filter", "which cards", CARD_FILTER),
                   key("up_to", "any number from 1 up to `count`", Bool(), default=False),
                   key("any_number", "any number of them, none included ('好きな枚数': FAQ Q217)", Bool(), default=False))
_WAIT = mapping(key("count", "how many", N1, default=1), key("filter", "which members", CARD_FILTER),
                key("up_to", "any number from 1 up to `count`", Bool(), default=False))


@_can("energy")
def _can_energy(game, n, ctx):
    return len(active_energy(game, ctx.player)) >= n


@cost_function("energy", "9.4.3", "5.9.1", "5.9.1.1", doc="pay this many energy icons: that many active energy "
               "of yours to wait", arg=N1)
def pay_energy(game, n, ctx):
    for e in active_energy(game, ctx.player)[:n]:
        game.emit("wait", ("9.4.2", "9.4.3", "5.9.1", "5.9.1.1"), ctx.source, card=e.id, number=e.number,
                  player=ctx.player)
    return
    yield


def _hand(game, ctx, flt):
    return [c for c in game.table.zone(ctx.player, "hand").items if card_matches(game, c, flt, ctx)
            and c not in ctx.revealed]


@_can("discard")
def _can_discard(game, arg, ctx):
    s = _spec(arg)
    if s.get("any_number"):
        return True                             # any number, none included (FAQ Q217)
    return len(_hand(game, ctx, s.get("filter"))) >= (1 if s.get("up_to") else s.get("count", 1))


@cost_function("discard", "9.4.2", doc="put this many cards of your hand (that match `filter`) in your waiting "
               "room", arg=Either(N1, _DISCARD))
def pay_discard(game, arg, ctx):
    s = _spec(arg)
    fits = _hand(game, ctx, s.get("filter"))
    n = len(fits) if s.get("any_number") else s.get("count", 1)
    picked = yield from _pick(game, ctx, fits, n, s.get("up_to") or s.get("any_number"), "cards of your hand to pay the cost",
                              private=ctx.player, rules=filter_rules(s.get("filter")), none_too=s.get("any_number"))
    from .effects_cover import multi_name_rules
    with game.moving_together():                # the cards of the cost are put there at once
        for c in picked:
            # 4.1.6: 'the waiting room' of a cost's text, no player named, is its master's
            game.move(c, ctx.player, "waiting_room", ("9.4.2", "5.4.1", "4.1.6") + multi_name_rules([c], s.get("filter")),
                      source=ctx.source)
    ctx.cost_cards += len(picked)
    ctx.discarded += picked


def _pick(game, ctx, fits, n, up_to, prompt, private=None, rules=(), none_too=False):
    from judge.core.decisions import Option
    if not up_to:
        return (yield from choose(game, ctx.player, fits, n, ctx, ("9.4.2",) + tuple(rules), prompt, private=private))
    if not fits:
        return []
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in fits]
    picked = yield from game.ask(ctx.player, "cost", prompt, ("9.4.2",) + tuple(rules), options, many=True,
                                 min_pick=0 if none_too else 1,
                                 max_pick=min(n, len(fits)), private=private, source=ctx.source)
    return [game.cards[i] for i in picked]


@_can("reveal")
def _can_reveal(game, flt, ctx):
    return bool(_hand(game, ctx, flt))


@cost_function("reveal", "9.4.2", doc="reveal (show both players) a card of your hand that matches", arg=CARD_FILTER)
def pay_reveal(game, flt, ctx):
    picked = yield from choose(game, ctx.player, _hand(game, ctx, flt), 1, ctx, ("9.4.2",), "a card to reveal",
                               private=ctx.player)
    for c in picked:
        game.emit("show", ("9.4.2",), ctx.source, card=c.id, number=c.number, player=ctx.player)   # shown to both
    ctx.revealed += picked


def _on_stage(card) -> bool:
    return card is not None and card.zone is not None and card.zone.name in AREAS


@_can("this_to_waiting_room")
def _can_self_out(game, arg, ctx):
    return _on_stage(ctx.card)


@cost_function("this_to_waiting_room", "9.4.2", doc="put this member from the stage in your waiting room", arg=Bool())
def pay_self_out(game, arg, ctx):
    game.move(ctx.card, ctx.card.owner, "waiting_room", ("9.4.2", "5.4.1"), source=ctx.source)
    # the effect may refer to the card in the zone it was put in (4.1.4.1); read the zone, not the card's place
    # now (a refresh may already have moved it on, 10.2.1)
    ctx.followed = game.table.zone(ctx.card.owner, "waiting_room")
    return
    yield


@_can("this_wait")
def _can_self_wait(game, arg, ctx):
    return _on_stage(ctx.card) and not ctx.card.wait


@cost_function("this_wait", "9.4.2", "5.2.1", doc="make this member wait", arg=Bool())
def pay_self_wait(game, arg, ctx):
    game.emit("wait", ("9.4.2", "5.2.1"), ctx.source, card=ctx.card.id, number=ctx.card.number, player=ctx.player)
    return
    yield


def _active_members(game, ctx, flt):
    return [m for m in game.table.players[ctx.player].members() if not m.wait and card_matches(game, m, flt, ctx)]


@_can("wait_members")
def _can_wait_members(game, arg, ctx):
    s = _spec(arg)
    return len(_active_members(game, ctx, s.get("filter"))) >= (1 if s.get("up_to") else s.get("count", 1))


@cost_function("wait_members", "9.4.2", "5.2.1", doc="make this many active members of yours (that match) wait",
               arg=_WAIT)
def pay_wait_members(game, arg, ctx):
    s = _spec(arg)
    picked = yield from _pick(game, ctx, _active_members(game, ctx, s.get("filter")), s.get("count", 1),
                              s.get("up_to"), "members to make wait to pay the cost")
    for m in picked:
        game.emit("wait", ("9.4.2", "5.2.1"), ctx.source, card=m.id, number=m.number, player=ctx.player)
    ctx.cost_cards += len(picked)
    ctx.waited += picked


from . import costs_boosters  # noqa: E402,F401  (the costs of booster cards: issue 16)
