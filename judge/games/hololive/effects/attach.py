"""Attaching cards by an effect (5.17.2) and the limits of what a holomem may have attached (5.17.3).

    - attach: {from: deck, filter: {name: 石の斧}, count: 1, to: {where: stage, color: green}}
    - attach: {card: this, to: center}        # the card whose text this is (a support in the resolution zone)

The cards are chosen, then one holomem to attach them to. A card that would take the holomem
over its limit is not attached and stays where it is (5.17.3.4); of several attached at once, as
many as the limit allows are (5.17.3.4.1), the player choosing which; a card left in the
resolution zone is archived (5.17.3.4.2). Limits: one tool (5.17.3.1), one mascot (5.17.3.2), and
those a card's continuous ability sets (5.17.3.3): `attach_rule: {no_limit: true}` (any number) or
`attach_rule: {max: N}` (at most N of this card number on one holomem; for cards without a
sub-type limit).
"""
from __future__ import annotations

from ....core.terms import Bool, Either, Enum, Int
from ..game import PER_HOLOMEM_LIMIT
from ..terms import CARD_FILTER, HOLOMEM_FILTER, N1, SELECTOR, ability_kind, key, mapping, verb_function

ability_kind(
    "attach_rule", "11.4.3", "5.17.3.3", doc="what this card may be attached to, and how many", keys=[
        key("only_to", "the card may only be attached to a matching holomem: checked when played and kept checked",
            HOLOMEM_FILTER, "11.4.3"),
        key("no_limit", "any number of these may be attached to one holomem", Bool(), "5.17.3.3"),
        key("max", "at most N of this card number on one holomem, for cards with no sub-type limit (read by "
            "`attach`)", Int(minimum=1), "5.17.3.3")],
    at_least_one=("only_to", "no_limit", "max", "unsupported"))
from .select import card_matches, holomem_matches, holomems
from . import verbs


def _limit_of(game, card):
    """(limit, rules, key) for this card on one holomem; limit None: no limit."""
    for ab in card.defn.abilities:
        if ab.get("kind") == "attach_rule" and ab.get("no_limit"):
            return None, ("5.17.3", "5.17.3.3"), None
        if ab.get("kind") == "attach_rule" and ab.get("max") is not None:
            return int(ab["max"]), ("5.17.3", "5.17.3.3"), ("number", card.number)
    sub = card.defn.sub_type
    if sub in PER_HOLOMEM_LIMIT:
        return 1, ("5.17.3", PER_HOLOMEM_LIMIT[sub]), ("sub_type", sub)
    return None, (), None


def holomem_limit(game, stack, sub):
    """5.17.3.3: the holomem's own limit for a sub-type, set by a continuous ability of it (`attach_limit`):
    (max, distinct_names), or None when 5.17.3.1-5.17.3.2 apply."""
    if stack is None or stack.zone is None or not stack.cards:
        return None
    from . import validity
    from .select import holds
    for ab in validity.valid_abilities(game, stack.top, stack, ("continuous",)):
        lim = ab.get("attach_limit")
        if lim and lim.get("sub_type") == sub and holds(game, ab.get("condition") or {},
                                                         {"player": stack.owner, "holomem": stack, "card": stack.top}):
            return int(lim["max"]), bool(lim.get("distinct_names"))
    return None


def fits_holomem_limit(game, stack, cards, lim) -> list:
    """The cards (in order) that may join those of their sub-type on the holomem within its own limit."""
    n, distinct = lim
    sub = cards[0].defn.sub_type if cards else None
    have = [c for c in game.supports(stack) if c.defn.sub_type == sub and game.attach_limit_applies(c)]
    names = {c.defn.name for c in have}
    out = []
    for c in cards:
        if len(have) + len(out) >= n or (distinct and c.defn.name in names):
            continue
        out.append(c)
        names.add(c.defn.name)
    return out


def _counts_against(game, card, key) -> bool:
    kind, value = key
    if kind == "number":
        return card.number == value
    return card.defn.sub_type == value and _limit_of(game, card)[0] is not None


@verb_function("attach", "5.17.2", "5.17.3.1", "5.17.3.4", "5.17.3.4.1", "5.17.3.4.2", doc="attach cards to one holomem, "
               "within its limits: a card over a limit stays where it is; of several at once, the player picks as many as "
               "fit; one left in the resolution zone is archived", group="rule5", arg=mapping(
                   key("from", "the zone the cards come from", Enum("deck", "hand", "archive", "cheer_deck", "holopower"),
                       default="deck"),
                   key("filter", "only cards matching it", CARD_FILTER),
                   key("count", "how many; `any`: any number of the matching cards, 0 too ('好きな枚数選び…付ける')",
                       Either(N1, Enum("any")), "1.3.5.1", default=1),
                   key("card", "`this`: the card whose text this is (a support in the resolution zone), not `from`",
                       Enum("this")),
                   key("to", "the holomems it may be attached to", SELECTOR, default="stage"),
                   key("distribute", "each card to a holomem chosen for it ('割り振って付ける')", Bool()),
                   key("may", "optional ('付けられる'): its player is asked first", Bool())))
def attach(game, arg, step, ctx, source):
    """5.17.2: attach cards to a holomem, within the limits of 5.17.3; `may`: its player may decline."""
    p = ctx["player"]
    arg = dict(arg or {})
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.17.2",), "attach a card?")):
        return
    if arg.get("card") == "this":
        cards = [ctx["card"]]
    else:
        zone = game.zone(p, arg.get("from", "deck"))
        pool = [c for c in zone.items if card_matches(c.defn, arg.get("filter") or {},
                                                      ctx.setdefault("cited", set()))]
        anyn = arg.get("count", 1) == "any"                  # 'any number of them' (0 included, 1.3.5.1)
        if arg.get("distribute") and zone.public:
            # 5.17.3.4 with Q466: a card that no holomem could take now is not even tried
            to = holomems(game, arg.get("to", "stage"), ctx)
            fit = [c for c in pool if any(fits_one(game, c, s, p, ctx) for s in to)]
            for c in pool:
                if c not in fit:
                    game.emit("nothing", ("5.17.3.4",) + tuple(_limit_of(game, c)[1] or ()), source, number=c.number,
                              why=f"no holomem could take {c.number} now: it is not offered (Q466)")
            pool = fit
        n = len(pool) if anyn else int(arg.get("count", 1))
        hidden = not zone.public and zone.name != "hand"      # 10.7.2.3.5: chosen unseen
        cards = yield from verbs.choose_cards(game, p, pool, ctx, source,
                                             ("5.17.2", "10.7.2.3.5" if hidden else "10.7.2.3.1"),
                                             prompt="cards to attach", min_pick=0 if hidden or anyn else n,
                                             max_pick=n)
        for card in cards:
            if zone.name in ("deck", "cheer_deck"):
                game.emit("reveal", ("5.11.2",), source, player=p, card=card, cards=[card.number])
    if not cards:
        return
    from . import attach_condition_violations
    # 11.4.3 (Q298): a card is attached only to a holomem it may be attached to
    fits = [s for s in holomems(game, arg.get("to", "stage"), ctx)
            if any(not attach_condition_violations(game, c, s) for c in cards)]
    why = ("5.17.2", "11.4.3") if any(ab.get("kind") == "attach_rule" and ab.get("only_to")
                                       for c in cards for ab in c.defn.abilities) else ("5.17.2",)
    if arg.get("distribute"):               # '割り振って付ける': a holomem chosen for each card
        for card in cards:
            # Q466: not tried on a holomem where it would go over a limit (5.17.3.4)
            pool = [s for s in fits if not attach_condition_violations(game, card, s)
                    and fits_one(game, card, s, p, ctx)]
            (s,) = (yield from verbs.choose_holomems(game, arg.get("to", "stage"), ctx, source, why,
                                                     prompt=f"a holomem for {card.number}", action="attach",
                                                     pool=pool)) or (None,)
            kept = (yield from _within_limits(game, [card], s, p, ctx, source)) if s is not None else []
            if card in kept:
                game.emit("attach", ("5.17.2",), source, player=p, card=card, number=card.number, stack=s,
                          holomem=game.snap(s))
            elif card.zone is game.resolution:            # 5.17.3.4.2
                game.archive(card, ("5.17.3.4.2",), source)
        return
    targets = yield from verbs.choose_holomems(game, arg.get("to", "stage"), ctx, source, why,
                                              prompt="a holomem to attach to", action="attach", pool=fits)
    if not targets:
        game.emit("nothing", ("1.3.2",), source, why="no holomem to attach to")
        return
    s = targets[0]
    kept = yield from _within_limits(game, cards, s, p, ctx, source)
    ctx["attached_count"] = ctx.get("attached_count", 0) + len(kept)    # 'if you attached N or more'
    for card in cards:
        if card in kept:
            game.emit("attach", ("5.17.2",), source, player=p, card=card, number=card.number, stack=s,
                      holomem=game.snap(s))
        elif card.zone is game.resolution:            # 5.17.3.4.2
            game.archive(card, ("5.17.3.4.2",), source)


def fits_one(game, card, s, p, ctx) -> bool:
    """Whether this one card could be attached to the holomem now without going over a limit (5.17.3.1-
    5.17.3.3) and to a holomem it may be attached to (11.4.3): the holomems a 'distribute' offers it
    (Q466: a holomem that already has its mascot is not even tried)."""
    only = [ab["only_to"] for ab in card.defn.abilities if ab.get("kind") == "attach_rule" and ab.get("only_to")]
    if only and not all(holomem_matches(game, s, spec, {**ctx, "player": p}) for spec in only):
        return False
    limit, _, key = _limit_of(game, card)
    if limit is None:
        return True
    own = holomem_limit(game, s, key[1]) if key[0] == "sub_type" else None
    if own is not None:
        return card in fits_holomem_limit(game, s, [card], own)
    return sum(1 for c in game.supports(s) if _counts_against(game, c, key)) < limit


def _within_limits(game, cards, s, p, ctx, source):
    """5.17.3.4-5.17.3.4.1: the cards that may be attached together without going over a limit."""
    kept = list(cards)
    groups: dict = {}
    for card in list(cards):
        # 5.17.3.3: a card that 'may only be attached to' a kind of holomem (11.4.3) has, by that continuous
        # ability, a limit of none on any other holomem: it is not attached and stays where it is (5.17.3.4; Q580).
        only = [ab["only_to"] for ab in card.defn.abilities if ab.get("kind") == "attach_rule" and ab.get("only_to")]
        if only and not all(holomem_matches(game, s, spec, {**ctx, "player": p}) for spec in only):
            kept.remove(card)
            game.emit("nothing", ("5.17.3.4", "5.17.3.3", "11.4.3"), source, number=card.number,
                      holomem=game.snap(s), why=f"{card.number} may not be attached to this holomem: it stays where it is")
            continue

        limit, rules, key = _limit_of(game, card)
        if limit is not None:
            groups.setdefault(key, (limit, rules, []))[2].append(card)
    for key, (limit, rules, group) in groups.items():
        own = holomem_limit(game, s, key[1]) if key[0] == "sub_type" else None
        if own is not None:                           # 5.17.3.3: the holomem's own limit
            fit = fits_holomem_limit(game, s, group, own)
            for card in group:
                if card not in fit:
                    kept.remove(card)
                    game.emit("nothing", ("5.17.3.4", "5.17.3.3"), source, number=card.number,
                              holomem=game.snap(s), why=f"over the holomem's own limit: {card.number} stays where it is")
            continue
        room = max(limit - sum(1 for c in game.supports(s) if _counts_against(game, c, key)), 0)
        if len(group) <= room:
            continue
        if len(group) == 1 or room == 0:
            keep = []
            why = "the holomem has as many as it may"
        else:                                         # 5.17.3.4.1: as many as possible, chosen
            keep = yield from verbs.choose_cards(game, p, group, ctx, source, ("5.17.3.4.1",) + rules,
                                                prompt=f"the {room} card(s) to attach", min_pick=room,
                                                max_pick=room)
            why = f"only {room} more may be attached"
        for card in group:
            if card not in keep:
                kept.remove(card)
                several = ("5.17.3.4.1",) if len(group) > 1 else ()
                game.emit("nothing", ("5.17.3.4",) + several + rules, source, number=card.number,
                          holomem=game.snap(s), why=why + f": {card.number} stays where it is")
    return kept


@verb_function("move_attached", "5.17.4", "5.17.4.1", "5.17.4.2", "5.17.3.4", doc="re-attach a support card (tool, mascot, "
               "fan) attached on the stage to another holomem ('自分のステージのマスコット1枚を、自分のホロメンに付け"
               "替えられる'), within the limits of 5.17.3: over a limit it stays where it is", group="rule5", arg=mapping(
                   key("from", "the holomems whose attached card moves", SELECTOR, default="stage"),
                   key("filter", "only attached cards matching it", CARD_FILTER),
                   key("to", "the holomems that may receive it", SELECTOR, default="stage"),
                   key("may", "optional ('付け替えられる'): its player is asked first", Bool())))
def move_attached(game, arg, step, ctx, source):
    """5.17.4: the card is disassociated from its holomem and attached to the other (5.17.4.2); to the
    same holomem, nothing (5.17.4.1); a card that would go over a limit stays (5.17.3.4)."""
    p = ctx["player"]
    arg = dict(arg or {})
    pool = [c for s in holomems(game, arg.get("from", "stage"), ctx) for c in game.supports(s)
            if card_matches(c.defn, arg.get("filter") or {}, ctx.setdefault("cited", set()))]
    receivers = holomems(game, arg.get("to", "stage"), ctx)
    if not pool or not any(s is not c.holder for c in pool for s in receivers):
        game.emit("nothing", ("1.3.2",), source, why="no attached card to move" if not pool else "no other holomem")
        return
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.17.4",), "re-attach a card?")):
        return
    (card,) = yield from verbs.choose_cards(game, p, pool, ctx, source, ("5.17.4",), prompt="an attached card to move",
                                            min_pick=1, max_pick=1)
    others = [s for s in receivers if s is not card.holder]
    (stack,) = (yield from verbs.choose_holomems(game, arg.get("to", "stage"), ctx, source, ("5.17.4",),
                                                 prompt=f"a holomem for {card.number}", pool=others,
                                                 action="attach")) or (None,)
    if stack is None:
        game.emit("nothing", ("5.17.4.1", "1.3.2.1"), source, why="no other holomem")
        return
    kept = yield from _within_limits(game, [card], stack, p, ctx, source)
    if card not in kept:
        return
    game.emit("attach", ("5.17.4", "5.17.4.2"), source, player=p, card=card, number=card.number, stack=stack,
              holomem=game.snap(stack), frm=game.position(card.holder))
