"""Reducing and preventing damage (5.22.3-5.22.4): replacement effects (10.2.1.3.3, 10.11) on the
damage a holomem is about to be dealt, and damage that 'cannot be reduced' (5.22.3.1).

Created by an effect (a continuous effect for a period, 10.2.1.2):
    - reduce_damage: {target: center, amount: 20, from: opponent, damage_kind: arts, until: end_of_turn, once: true}
    - prevent_damage: {target: center, from: opponent}          # 5.22.4: reduced by all of it
Printed as a continuous ability of a holomem or of a card attached to it:
    - {kind: continuous, reduce_damage: 10, from: opponent, condition: {..}}
    - {kind: continuous, prevent_damage: true, from: opponent, condition: {position: back}}
    - {kind: continuous, unreducible: [arts]}    # the arts damage this holomem deals cannot be reduced
and on special damage: `special_damage: {target: .., amount: 30, unreducible: true}`.
`from: opponent` keeps only damage dealt by the opponent's holomems or abilities; `damage_kind`
keeps only arts or special damage; `once` ends the effect after the first damage it reduces (Q371).
"""
from __future__ import annotations

from ....core.terms import Bool, Enum
from ..terms import DAMAGE_KIND, N, N1, SELECTOR, UNTIL, key, mapping, verb_function
from .select import holds, holomems

_DAMAGE_EFFECT = (key("target", "the holomems", SELECTOR, default="this"),
                  key("count", "how many of them", N1, default=1),
                  key("from", "only damage the opponent deals", Enum("opponent")),
                  key("damage_kind", "only that kind of damage", DAMAGE_KIND),
                  key("until", "its period", UNTIL, default="end_of_turn"),
                  key("once", "the next damage only (Q371)", Bool()))
from ..events import on_event
from . import verbs
from . import validity
from . import continuous
from .. import actions


def deal_reduced_damage(game, target, amount, rules, source, *, kind, dealer=None, by=None, unreducible=False,
                        dealt_by=None, art=None):
    """5.22.1 after the replacements of 5.22.3-5.22.4 (10.11.1: the reduced damage is dealt
    instead; what was replaced never happened). The replacement effects of replacement.py have
    been applied before, under the same 'cannot be reduced' (5.22.3.1); `dealt_by` (the holomem
    dealing it) and `art` (the art whose damage it is) go on to the damage (11.3.1.1)."""
    by = by if by is not None else (dealer.owner if dealer is not None else None)
    if amount > 0:
        amount = _replace_damage(game, target, amount, source, kind, dealer, by, unreducible)
    if amount > 0:
        continuous.note_hp_effects(game, target)     # the HP this damage counts against (10.10.1.4), for the trace
    yield from actions.deal_damage_now(game, target, amount, rules, source, kind=kind, dealer=dealer,
                                       dealt_by=dealt_by, art=art)


def _replace_damage(game, target, amount, source, kind, dealer, by, unreducible) -> int:
    reductions = _reductions(game, target, kind, by)
    if not reductions:
        return amount
    if damage_unreducible(game, dealer, kind, unreducible, target):
        game.emit("not_reduced", ("5.22.3.1",), source, target=game.snap(target), amount=amount,
                  why="this damage cannot be reduced")
        return amount
    for what, value, origin, rules, mod in reductions:     # 10.11.2.3: each once
        if amount <= 0:
            break
        cut = amount if what == "prevent" else min(int(value), amount)
        amount -= cut
        # `used_up`: the effect of a 'once' reduction ends now (its place among the effects)
        once = {"used_up": game.modifiers.index(mod)} if mod and mod.get("once") else {}
        game.emit("damage_reduced", rules + ("10.2.1.3.3", "10.11.1", "10.11.1.1"), origin,
                  target=game.snap(target), amount=cut, damage=amount, **once)
    return amount


@on_event("damage_reduced")
def apply_damage_reduced(game, ev):
    if ev.data.get("used_up") is not None:
        # Q371: an effect that reduces 'once' is used up by the first damage it reduces
        del game.modifiers[ev.data["used_up"]]


def _reductions(game, target, kind, by) -> list:
    """(prevent|reduce, amount, source, rules, modifier) of every effect on this damage, in the
    order they arose (10.10.1.6): effects of effects first, then printed abilities."""
    out = []
    for m in game.modifiers:
        if m["stack"] is target and m["attribute"] in ("reduce_damage", "prevent_damage") \
                and _damage_fits(game, m.get("spec") or {}, target, kind, by):
            out.append(_reduction(m["attribute"], m["amount"], m["source"], m))
    printed = ("reduce_damage", "prevent_damage")
    for ab, ctx in validity.continuous_holding(game, target, printed):
        if "protects" not in ab and _damage_fits(game, ab, target, kind, by):
            out.append(_printed_reduction(ab, ctx["card"]))
    # 10.10: a continuous ability of another holomem of the same player (or of its card) on the holomems
    # its `protects` names ('自分のバックポジションの…ホロメン全員は…受けない'), this one among them
    for other in game.stage(target.owner) if game.in_game("continuous.protects") else ():
        for ab, ctx in validity.continuous_holding(game, other, printed):
            if "protects" in ab and _damage_fits(game, ab, target, kind, by) \
                    and target in holomems(game, ab["protects"], ctx):
                out.append(_printed_reduction(ab, ctx["card"]))
    return out


def _printed_reduction(ab, card):
    """A continuous ability's 'takes no damage' or 'damage -N' (5.22.4, 5.22.3)."""
    what = "prevent_damage" if ab.get("prevent_damage") else "reduce_damage"
    return _reduction(what, ab.get("reduce_damage", 0), card.number, None)


def _reduction(what, value, origin, mod):
    if what == "prevent_damage":       # 5.22.4: 'takes no damage' = reduced by the whole amount
        return ("prevent", 0, origin, ("5.22.4", "5.22.3"), mod)
    return ("reduce", value, origin, ("5.22.3",), mod)


def _damage_fits(game, spec, target, kind, by) -> bool:
    if spec.get("from") == "opponent" and by != game.other(target.owner):
        return False
    return spec.get("damage_kind") in (None, kind)


def damage_unreducible(game, dealer, kind, said=False, target=None) -> bool:
    """5.22.3.1: this damage cannot be reduced: the effect dealing it says so (`said`), or an
    ability of the holomem dealing it does."""
    return bool(said) or _deals_unreducible(game, dealer, kind, target)


def _deals_unreducible(game, dealer, kind, target=None) -> bool:
    """A continuous ability of the dealing holomem (or a card attached to it): its damage of
    that kind cannot be reduced (5.22.3.1). Its condition may name the holomem the damage is dealt
    to: for arts damage that is the art's target (12.3.3.2, 'このホロメンのアーツの対象が…なら')."""
    if dealer is None or dealer.zone is None:
        return False
    for card in [dealer.top, *dealer.attached]:
        for ab in validity.valid_abilities(game, card, dealer, ("continuous",)):      # 10.3.4, 10.3.2
            kinds = ab.get("unreducible")
            if kinds and kind in (kinds if isinstance(kinds, list) else [kinds]):
                if holds(game, ab.get("condition") or {}, {"player": dealer.owner, "holomem": dealer,
                                                          "card": card, "target": target}):
                    return True
    return False

# ------------------------------------------------------------ the verbs
@verb_function("reduce_damage", "5.22.3", "10.2.1.2", doc="a continuous effect: damage the holomem takes is reduced by "
               "`amount`", group="rule5", arg=mapping(key("amount", "by how much", N, required=True), *_DAMAGE_EFFECT))
def reduce_damage(game, arg, step, ctx, source):
    """5.22.3 as a continuous effect (10.2.1.2) on the holomems chosen now."""
    yield from _damage_effect(game, "reduce_damage", arg, ctx, source, ("5.22.3", "10.2.1.2"))


@verb_function("prevent_damage", "5.22.4", "10.2.1.2", doc="a continuous effect: the holomem does not take the damage",
               group="rule5", arg=mapping(*_DAMAGE_EFFECT))
def prevent_damage(game, arg, step, ctx, source):
    """5.22.4 as a continuous effect (10.2.1.2) on the holomems chosen now."""
    yield from _damage_effect(game, "prevent_damage", arg, ctx, source, ("5.22.4", "10.2.1.2"))


def _damage_effect(game, attribute, arg, ctx, source, rules):
    arg = dict(arg or {})
    targets = yield from verbs.choose_holomems(game, arg.get("target", "this"), ctx, source, rules,
                                              count=arg.get("count", 1))
    spec = {k: arg[k] for k in ("from", "damage_kind") if k in arg}
    for s in targets:
        game.emit("damage_effect", rules, source, stack=s, holomem=game.snap(s), attribute=attribute,
                  amount=int(arg.get("amount", 0)), until=arg.get("until", "end_of_turn"),
                  once=bool(arg.get("once")), spec=spec, player=ctx["player"])


@on_event("damage_effect")
def apply_damage_effect(game, ev):
    d = ev.data
    game.modifiers.append({"stack": d["stack"], "player": None, "attribute": d["attribute"],
                           "amount": d["amount"], "until": d["until"], "source": ev.source,
                           "once": d["once"], "spec": d["spec"]})
