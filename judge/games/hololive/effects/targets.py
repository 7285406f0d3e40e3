"""Choosing targets (10.7.2.3) and the 'used' event (10.7.2.5.4).

A step that says "choose" picks its targets when it is carried out (10.7.2.3):

* `count: N` — exactly N if possible; none may be left unchosen while one can be (10.7.2.3.1);
  fewer when fewer can be chosen, and the effect applies to those (10.7.2.3.3);
* `up_to: true` — any number from 0 to N (10.7.2.3.2);
* none can be chosen (or none was): the effects involving the target are ignored (10.7.2.3.4).

A card or ability that has targets is 'used' only when at least one target was properly chosen
(10.7.2.5.4): `used` is emitted after it resolves, and `kind: auto, used: {..}` abilities wait for it.
"""
from __future__ import annotations

from ....core.decisions import Decision
from ....core.terms import Bool, Int, ListOf
from ..terms import SELECTOR, key, mapping, verb_function
from . import prohibit
from .select import holomems
from .. import turn


def choose_targets(game, spec, ctx, source, rules, *, count=1, up_to=False, chooser=None,
                   prompt="a holomem", exclude=()):
    """10.7.2.3: the holomems the step's `target` names, chosen now. Returns the chosen ones."""
    pool = [s for s in holomems(game, spec, ctx) if s not in exclude]
    if count == "all":                 # 'every ...': nothing is chosen
        return pool
    n = int(count)
    who = chooser or ctx["player"]
    ctx["targeting"] = True            # this card or ability has targets (10.7.2.5.4)
    if not pool:
        game.emit("no_target", tuple(rules) + ("10.7.2.3", "10.7.2.3.4"), source, player=who, count=n,
                  why="nothing can be chosen: the effects on the target are ignored")
        return []
    if n == 1 and not up_to:           # one holomem: it meets the requirements on it (1.3.2.3)
        pool = prohibit.required_pool(game, "effect_choice", who, pool, source)
    if up_to:
        how, low = ("10.7.2.3.2",), 0
    else:
        how, low = ("10.7.2.3.1",) + (("10.7.2.3.3",) if len(pool) < n else ()), min(n, len(pool))
    opts = [turn.holomem_option(game, s) for s in pool]
    picked = yield Decision(who, "choose_holomem", prompt, tuple(rules) + ("10.7.2.3",) + how, opts,
                            many=True, min_pick=low, max_pick=min(n, len(pool)), source=source)
    if not picked:
        game.emit("no_target", tuple(rules) + ("10.7.2.3.2", "10.7.2.3.4"), source, player=who, count=0,
                  why="none was chosen: the effects on the target are ignored")
    ctx.setdefault("targets", []).extend(picked)
    return picked


@verb_function("choose_holomem", "10.7.2.3", "10.7.2.3.1", doc="'choose one of your (X)': choose one holomem now; "
               "the later steps of the same effect name it with the selector `chosen` ('the chosen holomem')",
               group="machinery", arg=mapping(
                   key("target", "the holomems to choose from", SELECTOR),
                   key("each", "'choose one of each of your [〈X〉 and 〈Y〉]' ('1人ずつを選ぶ'): one holomem for each "
                       "selector, in order, each another holomem (Q535: one holomem with both names is chosen once); "
                       "`chosen` names them all", ListOf(SELECTOR), "10.7.2.3.1"),
                   key("count", "with target: how many holomems, chosen one at a time ('2人を選ぶ'); fewer when "
                       "fewer can be (10.7.2.3.1)", Int(minimum=1), "10.7.2.3.1", default=1),
                   key("distinct_colors", "with count: each chosen holomem shares no colour with one chosen before "
                       "('異なる色のホロメン2人')", Bool(), "2.4"),
                   at_least_one=("target", "each")))
def choose_holomem(game, arg, step, ctx, source):
    """10.7.2.3: a step that only chooses (自分の(X)1人を選ぶ): the holomem chosen is the target of the
    later steps that say 'the chosen holomem' (selector `chosen`); none can be chosen, the effects
    on it are ignored (10.7.2.3.4)."""
    picked = []
    specs = arg.get("each") or [arg["target"]] * int(arg.get("count", 1))
    for spec in specs:
        exclude = tuple(picked)
        if arg.get("distinct_colors") and picked:       # 2.4: of a colour none chosen before has
            seen = set().union(*(game.colors(s) for s in picked))
            exclude += tuple(s for s in holomems(game, spec, ctx) if game.colors(s) & seen)
        picked += (yield from choose_targets(game, spec, ctx, source, ("10.7.2.3.1",) + (
            ("2.4",) if arg.get("distinct_colors") else ()), count=1, prompt="a holomem to choose", exclude=exclude))
    ctx["chosen"] = list(picked)


def emit_used(game, ctx, source, what):
    """10.7.2.5.4: a played card or ability with targets is 'used' only if one was properly
    chosen; one without targets is used by being played (10.7.2.5)."""
    if ctx.get("targeting") and not ctx.get("targets"):
        game.emit("not_used", ("10.7.2.5.4",), source, player=ctx["player"], what=what,
                  why="no target was chosen")
        return
    rules = ("10.7.2.5.4",) if ctx.get("targeting") else ("10.7.2.5",)
    card = ctx.get("card")
    game.emit("used", rules, source, player=ctx["player"], what=what, card=card,
              number=card.number if card is not None else None,
              targets=[game.snap(s) for s in ctx.get("targets") or ()])
