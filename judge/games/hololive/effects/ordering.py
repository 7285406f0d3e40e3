"""Several cards put into an ordered zone at once (4.1.5, 4.1.5.1).

    - return_to_deck: {from: archive, filter: {type: holomem}, count: 3, up_to: true, to: deck, at: bottom}
    - return_to_deck: {from: archive, filter: {type: holomem}, min: 1, count: 3}     # '1 to 3 holomems'

`from`: the player's zone the cards come from (archive, the default; hand; holopower). `count`: N or
`all`; `up_to: true` lets the player choose 0 to N. `to`: deck (the default) or cheer_deck; `at`:
bottom (the default) or top. When several cards go at once, the player the deck belongs to decides
their order (4.1.5). When the cards come from a public zone into a hidden one, the other player sees
which cards went (they were public) but cannot know the order (4.1.5.1): the order decision and the
place each card takes are named in the trace to the deciding player alone.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ....core.terms import Bool, Either, Enum
from ..terms import CARD_FILTER, N1, SELECTOR, key, mapping, verb_function
from .select import card_matches, holomems
from . import verbs

FROM_ZONES = ("archive", "hand", "holopower")
TO_ZONES = ("deck", "cheer_deck")


def put_in_order(game, cards, to, rules, source, *, bottom=False, chooser=None):
    """4.1.5: several cards put into an ordered zone at once take the order its player decides
    (`chooser`: the text names another, '好きな順で': 4.1.5's 'unless specified').
    4.1.5.1: from a public zone into a hidden one, that order is known to that player alone."""
    cards = list(cards)
    if not cards:
        return
    chooser = chooser or to.owner
    hidden = not to.public
    from_public = [c for c in cards if c.zone is not None and c.zone.public]
    why = tuple(rules) + ("4.1.5",)
    if len(cards) > 1 and to.ordered:
        if hidden and from_public:
            why += ("4.1.5.1",)
            # Which cards go is public (they were in a public zone); their order is not.
            game.emit("put_together", why, source, player=chooser, cards=sorted(c.number for c in cards),
                      to_label=to.label, bottom=bottom)
        opts = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in cards]
        where = "bottom" if bottom else "top"
        order = yield Decision(chooser, "order", f"the order of the cards put on the {where} of "
                               f"{to.label}, top first", why, opts, many=True, min_pick=len(cards),
                               max_pick=len(cards), ordered=True, source=source,
                               private=chooser if hidden else None)
    else:
        order = cards
    # `order` is top first: onto the bottom they go in that order, onto the top in reverse.
    for card in (order if bottom else list(reversed(order))):
        game.move(card, to, why, source, bottom=bottom, face_down=hidden,
                  ordered_by=chooser if hidden and len(cards) > 1 else None)


@verb_function("return_to_deck", "5.5.1", "4.1.5", "4.1.5.1", doc="put cards of a zone into the deck (or cheer deck); "
               "several at once go in the order the deck's player chooses (an `order` decision, top first); from a "
               "public zone into the hidden deck, the other player sees which cards went but not their order",
               arg=mapping(
                   key("from", "the player's zone", Enum(*FROM_ZONES), default="archive"),
                   key("filter", "only cards matching it", CARD_FILTER),
                   key("count", "how many (`all`: every matching card)", Either(N1, Enum("all")), default=1),
                   key("up_to", "the player may choose 0 to `count` (1.3.5.1); with `count: all`, any number of the "
                       "matching cards ('好きな枚数選んで')", Bool()),
                   key("min", "the player chooses at least this many, as many as there are if fewer ('1 to 3 "
                       "cards': `min: 1, count: 3`; 10.7.2.3.1, 10.7.2.3.3)", N1),
                   key("to", "the deck or the cheer deck", Enum(*TO_ZONES), default="deck"),
                   key("at", "its bottom or its top", Enum("bottom", "top"), default="bottom"),
                   key("may", "optional: its player is asked first ('N枚を…戻せる')", Bool())))
def return_to_deck(game, arg, step, ctx, source):
    """5.5.1: put cards of a zone into the deck (or cheer deck), on its bottom or top; several at
    once in the order the deck's player chooses (4.1.5, 4.1.5.1)."""
    p = ctx["player"]
    arg = dict(arg or {})
    frm, to_name, at = arg.get("from", "archive"), arg.get("to", "deck"), arg.get("at", "bottom")
    if frm not in FROM_ZONES or to_name not in TO_ZONES or at not in ("bottom", "top"):
        raise NotRunnable(f"{source}: return_to_deck from {frm} to the {at} of {to_name} is not in the "
                          "effect language")
    zone = game.zone(p, frm)
    cited = ctx.setdefault("cited", set())
    pool = [c for c in zone.items if c is not ctx.get("card")
            and card_matches(c.defn, arg.get("filter") or {}, cited)]
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why=f"no matching card in the {frm}")
        return
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.5.1",), f"put cards into the {to_name}?")):
        return
    count = arg.get("count", 1)
    if count == "all" and arg.get("up_to"):          # 'as many as you like' (1.3.5.1): 0 to all of them
        picked = yield from verbs.choose_cards(game, p, pool, ctx, source, ("5.5.1", "1.3.5.1"),
                                               prompt=f"cards to put into the {to_name}", min_pick=0,
                                               max_pick=len(pool))
    elif count == "all":
        picked = pool                # nothing to choose: every one of them goes
    else:
        n = int(count)
        # 'N to M cards' (`min`): at least N must be chosen when there are that many (10.7.2.3.1),
        # as many as there are when fewer (10.7.2.3.3); the choice chooses any number between.
        least = int(arg["min"]) if "min" in arg else (0 if arg.get("up_to") else n)
        why = ("5.5.1", "10.7.2.3.1") if "min" in arg else ("5.5.1",)
        picked = yield from verbs.choose_cards(game, p, pool, ctx, source, why, prompt=f"cards to put into "
                                              f"the {to_name}", min_pick=min(least, n), max_pick=n)
    ctx["returned"] = len(picked)           # 'if you returned N' (condition returned_min)
    ctx["paid"] = len(picked)                       # 'for each card returned' (per: {what: paid})
    yield from put_in_order(game, picked, game.zone(p, to_name), ("5.5.1",), source, bottom=at == "bottom")


@verb_function("return_cheer", "5.5.1", "4.1.5", "4.1.5.1", doc="put cheer attached to holomems (the player's or "
               "the opponent's) on the bottom (or top) of its owner's cheer deck, in the order the effect's player "
               "chooses ('エールデッキの下に戻す', '好きな順で': 4.1.5's 'unless specified'); payable as a cost with that "
               "many cheer there ('自分のステージのエール1枚をエールデッキの下に戻せる:')", group="rule5", arg=mapping(
                   key("from", "the holomems whose cheer goes", SELECTOR, default="stage"),
                   key("count", "how many (in all, or from each with `each`)", N1, default=1),
                   key("each", "`count` from each of the holomems ('2枚ずつ')", Bool()),
                   key("at", "the cheer deck's bottom or its top", Enum("bottom", "top"), default="bottom")))
def return_cheer(game, arg, step, ctx, source):
    """5.5.1: the cheer go back into the cheer deck, at its bottom (or top); several at once in the order
    the effect's player chooses (the text specifies it, 4.1.5), known to that player alone (4.1.5.1)."""
    p = ctx["player"]
    frm = holomems(game, arg.get("from", "stage"), ctx)
    n = int(arg.get("count", 1))
    picked = []
    for group in ([[s] for s in frm] if arg.get("each") else [frm]):
        pool = [c for s in group for c in game.cheers(s)]
        if not pool:
            continue
        picked += yield from verbs.choose_cards(game, p, pool, ctx, source, ("5.5.1",),
                                                prompt="cheer to return to the cheer deck",
                                                min_pick=min(n, len(pool)), max_pick=n)
    if not picked:
        game.emit("nothing", ("1.3.2",), source, why="no cheer to return")
        return
    for owner in dict.fromkeys(c.owner for c in picked):
        yield from put_in_order(game, [c for c in picked if c.owner == owner], game.zone(owner, "cheer_deck"),
                                ("5.5.1",), source, bottom=arg.get("at", "bottom") == "bottom", chooser=p)
