"""Arts terms: 'use this art once more' (5.25) and using another holomem's arts (5.27).

    arts:
      - {name: .., effect: [{roll_die: {}, odd: [{use_art_again: {}}]}]}     # 5.25.1
    effect:
      - use_arts_of: {target: center, of: {where: back, name: X}, until: end_of_turn}   # 5.27.1
    abilities:
      - {kind: continuous, use_arts_of: {where: stage, name: X}, condition: {..}}      # 5.27.1

'Once more' creates a timed automatic ability (10.8.5) whose condition is that no rule process
or other automatic ability is left to resolve; it triggers once (10.8.5.1) and, when played,
plays the art again from the same holomem at the same target (12.3.3-12.3.4), if it still can.
"""
from __future__ import annotations

from ....core.decisions import Action
from ....core.errors import NotRunnable
from ..cards import ArtDef
from ..costs import covers
from ....core.terms import Bool, Either, Enum, ListOf
from ..cards import COLORS
from ..terms import HOLOMEM_FILTER, N1, SELECTOR, UNTIL, key, mapping, verb_function
from . import targets as target_rules
from .select import holds, holomems
from ..events import on_event
from . import verbs
from . import validity
from . import triggers
from .. import processes


COST_ICON = Enum(*COLORS, "any")       # a cheer icon of a cost: a colour, or `any` (colourless, 2.4.2.1)


# ----------------------------------------------------------------- 12.3.3.1
def art_cost(game, stack, art) -> tuple:
    """12.3.3.1: the cheer the holomem must have attached to use the art: its printed icons, less
    what the art's own text takes off ('this art needs 1 fewer yellow', `cost_less`): the first
    alternative whose condition holds applies ('instead, 3 fewer' written before the 1 fewer it
    replaces), each icon it names removed once, where the cost has it (1.3.2: what cannot be
    removed is not); then what continuous abilities take off (continuous.art_cost_fewer)."""
    alts = art.raw.get("cost_less")
    period = [m["amount"] for m in game.modifiers if m["stack"] is stack and m["attribute"] == "cost_less"] \
        if game.modifiers else ()
    if not alts and not period:
        return game.art_cost_fewer(stack, art.cost)
    cost = list(art.cost)
    ctx = {"player": stack.owner, "holomem": stack, "card": stack.top}
    taken = next((alt["icons"] for alt in alts or () if holds(game, alt.get("condition") or {}, ctx)), [])
    # then the effects of played abilities for a period ('this turn, its arts need 1 fewer'), in
    # the order they arose (10.10.1.6)
    for icon in [*taken, *(i for icons in period for i in icons)]:
        if icon in cost:
            cost.remove(icon)
    return game.art_cost_fewer(stack, tuple(cost))


def art_cost_rules(game, stack, art) -> tuple:
    """The rules behind a cost its text changed: a continuous change of a number of the card's
    information (10.10.1.4), under the conditions it states."""
    return ("10.10.1.4",) if art_cost(game, stack, art) != art.cost else ()


@verb_function("art_cost_less", "10.2.1.2", "10.10.1.4", "12.3.3.1", doc="a continuous effect of a played ability: "
               "the arts of the holomems chosen now need these cheer icons fewer, for its period ('this turn, the arts of "
               "all your 〈X〉 need 1 fewer colourless'); a holomem that comes onto the stage later is not one of them "
               "(10.10.2)", group="machinery", arg=mapping(
                   key("target", "the holomems", SELECTOR, default="this"),
                   key("count", "how many of them (`all`: every one)", Either(N1, Enum("all")), default="all"),
                   key("icons", "the cheer icons taken off each art's cost, one entry per icon", ListOf(COST_ICON),
                       required=True),
                   key("until", "its period", UNTIL, default="end_of_turn")))
def art_cost_less(game, arg, step, ctx, source):
    """10.2.1.2: for its period, the arts of the chosen holomems need fewer cheer (12.3.3.1); the
    number of the cost's icons is information a continuous effect changes (10.10.1.4)."""
    targets = yield from target_rules.choose_targets(game, arg.get("target", "this"), ctx, source, ("10.2.1.2",),
                                                     count=arg.get("count", "all"))
    if not targets:
        game.emit("nothing", ("1.3.2",), source, why="no holomem")
    for s in targets:
        game.emit("continuous", ("10.2.1.2", "10.10.1.4", "12.3.3.1"), source, stack=s, holomem=game.snap(s),
                  player=ctx["player"], attribute="cost_less", amount=list(arg["icons"]),
                  until=arg.get("until", "end_of_turn"))


# ----------------------------------------------------------------- 12.3.3.2 widened
def art_targets(game, stack) -> list:
    """12.3.3.2: an art targets the opponent's centre or collab holomem; a card's text may widen it
    (1.3.1): `art_target_back` lets this holomem's arts target the opponent's back holomems too."""
    q = game.other(stack.owner)
    out = [s for s in (game.center(q), game.collab_holomem(q)) if s is not None]
    widened = [m for m in game.modifiers if m["stack"] is stack and m["attribute"] == "art_target_back"]
    if widened:
        from .select import holomem_matches
        ctx = {"player": stack.owner, "holomem": stack}
        # `only`: the back holomems it names ('相手のHPが減っているバックホロメンも'), as they are now
        out += [s for s in game.back(q) if any(holomem_matches(game, s, m.get("only") or {}, ctx) for m in widened)]
    if game.in_game("continuous.target_also"):
        # a continuous ability of the holomem's cards widening it while its condition holds (1.3.1)
        for ab, ctx in validity.continuous_holding(game, stack, "target_also"):
            out += [t for t in holomems(game, ab["target_also"], ctx) if t not in out]
    return out


@verb_function("art_target_back", "12.3.3.2", "1.3.1", "10.2.1.2", doc="a continuous effect: the arts of the holomem "
               "may also target the opponent's back holomems, for its period ('選んだホロメンのアーツは、相手のバック"
               "ホロメンも対象にできる')", group="rule5",
               arg=mapping(key("target", "the holomem (fixed when it resolves, 10.10.2)", SELECTOR, default="this"),
                           key("only", "only the opponent's back holomems matching this, as they are when the art is "
                               "used ('相手のHPが減っているバックホロメンも対象にできる': `{damaged: true}`)",
                               HOLOMEM_FILTER),
                           key("until", "its period", UNTIL, default="end_of_turn")))
def art_target_back(game, arg, step, ctx, source):
    """1.3.1: the card's text widens 12.3.3.2 for the chosen holomem, for the period (10.2.1.2)."""
    picked = yield from verbs.choose_holomems(game, arg.get("target", "this"), ctx, source, ("12.3.3.2",),
                                              prompt="a holomem whose arts may target back holomems")
    for s in picked:
        game.emit("art_target_back", ("12.3.3.2", "1.3.1", "10.2.1.2"), source, stack=s, holomem=game.snap(s),
                  only=arg.get("only"))


@on_event("art_target_back")
def apply_art_target_back(game, ev):
    game.modifiers.append({"stack": ev.data["stack"], "player": None, "attribute": "art_target_back", "amount": 0,
                           "until": "end_of_turn", "source": ev.source, "top": ev.data["stack"].top,
                           "only": ev.data.get("only")})


# ----------------------------------------------------------------- 5.25
@verb_function("use_art_again", "5.25.1", "10.8.5", doc="(in an art's text) a timed automatic ability: when no rule "
               "process or other automatic ability is left, the art is played again from the same holomem at the same "
               "target, if it still can", group="rule5", arg=mapping())
def use_art_again(game, arg, step, ctx, source):
    """5.25.1: 'use this art once more' creates a timed automatic ability (10.8.5)."""
    if ctx.get("art") is None:
        raise NotRunnable(f"{source}: use_art_again belongs to an art's text")
    game.emit("art_again_created", ("5.25.1", "10.8.5"), source, player=ctx["player"], stack=ctx["holomem"],
              holomem=game.snap(ctx["holomem"]), art=ctx["art"].name_en or ctx["art"].name,
              art_def=ctx["art"], target_stack=ctx.get("target"), card=ctx["holomem"].top)
    return
    yield  # pragma: no cover


@on_event("art_again_created")
def apply_art_again_created(game, ev):
    game.arts_again.append(dict(ev.data, source=ev.source))


@on_event("art_again_triggered")
def apply_art_again_triggered(game, ev):
    game.arts_again.pop(0)                         # 10.8.5.1: it triggers once


def nothing_due(game) -> bool:
    # a timed art (5.25.1) triggers at a check timing with nothing else to resolve
    return processes.no_process_due(game) and not (game.arts_again and not any(game.waiting.values()))


def rule_processes(game):
    """The check timing (10.6.3): rule processes first. A timed ability of 5.25.1 triggers when
    nothing else is left to resolve: no rule process is due and no automatic ability waits; it
    then waits and is played like any automatic ability (10.6.3.2-10.6.3.3)."""
    if (yield from processes.carry_out_processes(game)):
        return True
    timed = game.arts_again
    if not timed or any(game.waiting.values()):
        return False
    t = timed[0]
    game.emit("art_again_triggered", ("10.8.5.1",), t["source"], holomem=t["holomem"], art=t["art"])
    ability = {"kind": "timed", "name_en": f"use {t['art']} once more",
               "effect": [{"_art_again": t}]}
    triggers._queue(game, ability, t["card"], t["stack"], t["player"], ("5.25.1", "10.8.5", "10.8.2"))
    return True


@verb_function("_art_again", "5.25.1", doc="the art played once more (made by use_art_again)", internal=True)
def _art_again(game, t, step, ctx, source):
    """5.25.1: play the art once more (12.3.3), if the holomem can: still at the centre or collab
    position with the cheer for it (12.3.3.1), and its target still a target (12.3.3.2)."""
    s, art, target, p = t["stack"], t["art_def"], t["target_stack"], t["player"]
    q = game.other(p)
    index = next((a.index for a in game.arts_of(s) if a.raw is art.raw), None)
    if s.zone is None or s.zone.name not in ("center", "collab") or index is None:
        game.emit("nothing", ("5.25.1", "1.3.2"), source, why="the holomem can no longer use the art")
        return
    if not covers(art_cost(game, s, art), art_cheers(game, s)):
        game.emit("nothing", ("5.25.1", "12.3.3.1"), source, why="the cheer for the art is gone")
        return
    if target is None or target not in art_targets(game, s):
        game.emit("nothing", ("5.25.1", "12.3.3.2"), source, why="the target is no longer there")
        return
    if t.get("may") and not (yield from verbs.may(game, p, source, ("5.25.1",), "use the art once more?")):
        return
    game.emit("art_again", ("5.25.1",), source, holomem=game.snap(s), art=t["art"], target=game.snap(target))
    yield from game._do_art(p, Action("art", holomem=s.id, art=index, target=target.id, again=True))

# 'this turn, after it uses an art, it uses the same art once more' (a played ability's effect, 10.2.1.2)
@verb_function("arts_twice", "5.25.1", "10.2.1.2", doc="a continuous effect of a played ability: for its period, after "
               "the holomem (chosen now) uses an art, it uses the same art once more (as `use_art_again`: when nothing "
               "else is left to resolve, at the same target, if it still can); that second use makes no third",
               group="rule5",
               arg=mapping(key("target", "the holomem", SELECTOR, default="this"),
                           key("until", "its period", UNTIL, default="end_of_turn"),
                           key("may", "'もう1回使える': each second use is optional, its player is asked when it "
                               "would be played (Q579, Q590: still before anything else is done)", Bool())))
def arts_twice(game, arg, step, ctx, source):
    arg = dict(arg or {})
    chosen = yield from verbs.choose_holomems(game, arg.get("target", "this"), ctx, source, ("5.25.1", "10.2.1.2"),
                                              prompt="the holomem that uses each art twice")
    for s in chosen:
        game.emit("arts_twice", ("5.25.1", "10.2.1.2"), source, stack=s, holomem=game.snap(s),
                  until=arg.get("until", "end_of_turn"), may=bool(arg.get("may")))


@on_event("arts_twice")
def apply_arts_twice(game, ev):
    game.modifiers.append({"stack": ev.data["stack"], "player": None, "attribute": "arts_twice",
                           "amount": 0, "until": ev.data["until"], "source": ev.source, "may": ev.data.get("may")})


def after_art(game, p, s, art, t, again) -> None:
    """5.25.1 for `arts_twice`: the art the holomem has just used is used once more (a timed automatic
    ability, 10.8.5); the art used once more is not followed by another."""
    if again:
        return
    for m in game.modifiers:
        if m["stack"] is s and m["attribute"] == "arts_twice":
            game.emit("art_again_created", ("5.25.1", "10.8.5"), m["source"], player=p, stack=s,
                      holomem=game.snap(s), art=art.name_en or art.name, art_def=art, target_stack=t, card=s.top,
                      **({"may": True} if m.get("may") else {}))
            return


# ----------------------------------------------------------------- 5.27
@verb_function("use_arts_of", "5.27.1", doc="a continuous effect: the target may use the arts of the holomems `of` names "
               "now, as if it had them (with its own cheer; one art per performance step in all)", group="rule5",
               arg=mapping(key("target", "the holomem that may use them", SELECTOR, default="this"),
                           key("of", "the holomems whose arts", SELECTOR, required=True),
                           key("until", "its period", UNTIL, default="end_of_turn")))
def use_arts_of(game, arg, step, ctx, source):
    """5.27.1 as a continuous effect (10.2.1.2): the chosen holomem may use the arts of the
    holomems `of` names now, as if it had them."""
    arg = dict(arg or {})
    users = yield from verbs.choose_holomems(game, arg.get("target", "this"), ctx, source, ("5.27.1",),
                                            prompt="the holomem that may use the arts")
    for s in users:
        others = [o for o in holomems(game, arg["of"], {**ctx, "holomem": s}) if o is not s]
        game.emit("borrow_arts", ("5.27.1", "10.2.1.2"), source, stack=s, holomem=game.snap(s),
                  of=[game.snap(o) for o in others], stacks=tuple(others),
                  until=arg.get("until", "end_of_turn"))


@on_event("borrow_arts")
def apply_borrow_arts(game, ev):
    game.modifiers.append({"stack": ev.data["stack"], "player": None, "attribute": "use_arts_of",
                           "amount": 0, "until": ev.data["until"], "source": ev.source,
                           "of": ev.data["stacks"]})


def _lenders(game, stack) -> list:
    """The holomems whose arts this holomem may use now (5.27.1)."""
    out = []
    for m in game.modifiers:
        if m["stack"] is stack and m["attribute"] == "use_arts_of":
            out += [o for o in m["of"] if o.zone is not None]
    for ab, ctx in validity.continuous_holding(game, stack, "use_arts_of"):
        out += [o for o in holomems(game, ab["use_arts_of"], ctx) if o is not stack]
    return list(dict.fromkeys(out))


def arts_of(game, stack):
    """5.27.1: its own arts, then those it may use as if it had them (numbered after its own,
    as an action names an art by its place in this list)."""
    own = tuple(game.top_def(stack).arts)
    if not game.modifiers and not game.in_game("continuous.use_arts_of"):
        return own          # no effect of this game lends arts (a lending ability is continuous)
    raws = [art.raw for o in _lenders(game, stack) for art in game.top_def(o).arts]
    raws = [r for r in dict((id(r), r) for r in raws).values() if not any(r is a.raw for a in own)]
    return own + tuple(ArtDef(len(own) + i, raw) for i, raw in enumerate(raws))


def _borrowed(game, stack, art) -> bool:
    return not any(art.raw is a.raw for a in game.top_def(stack).arts)


def art_rules(game, stack, art) -> tuple:
    """The rules that let this holomem use this art (hook of actions._do_art): 5.27.1-5.27.1.1.1
    for another holomem's art, used by this one with its own cheer; 5.27.1.1.2 when the holomem
    that has the art could not use it now."""
    if not _borrowed(game, stack, art):
        return ()
    out = ("5.27.1", "5.27.1.1", "5.27.1.1.1")
    lender = next((o for o in _lenders(game, stack) if any(art.raw is a.raw for a in game.top_def(o).arts)),
                  None)
    if lender is not None and (lender.zone.name not in ("center", "collab") or lender.flags.get("rested")
                               or game.has_used_arts(lender) or not covers(art_cost(game, lender, art), art_cheers(game, lender))):
        # the holomem that has the art could not use it now
        out += ("5.27.1.1.2",)
    return out


def art_reasons(game, stack, art, why) -> list:
    """Why this holomem may not use this art (hook of actions._why_not_art): for another
    holomem's art, its cheer is this holomem's (5.27.1.1.1) and it still uses one art in the
    performance step in all (5.27.1.1.3)."""
    if why and _borrowed(game, stack, art):
        if "12.3.3.1" in why:
            why = why + ["5.27.1.1.1"]
        if "9.2.1.5" in why:
            why = why + ["5.27.1.1.3"]
    return why


class _AsCheer:
    """An attached card counted as a cheer of one colour for an art's cost (`as_cheer`, 12.3.3.1)."""

    __slots__ = ("card", "defn")

    class _Defn:
        __slots__ = ("colors", "type", "number")

        def __init__(self, color, number):
            self.colors, self.type, self.number = frozenset((color,)), "cheer", number

    def __init__(self, card, color):
        self.card, self.defn = card, _AsCheer._Defn(color, card.number)


def art_cheers(game, stack) -> list:
    """What pays an art of this holomem (12.3.3.1): its cheer, and the attached cards a continuous
    ability treats as cheer when it uses an art (`as_cheer`; Q114: for the art's cost only)."""
    cheers = game.cheers(stack)
    if not game.in_game("continuous.as_cheer"):
        return cheers
    extra = []
    for card in stack.attached:
        for ab in validity.valid_abilities(game, card, stack, ("continuous",)):       # 10.3.4.2, 10.3.2
            if ab.get("as_cheer") and holds(game, ab.get("condition") or {},
                                            {"player": stack.owner, "holomem": stack, "card": card}):
                extra.append(_AsCheer(card, ab["as_cheer"]))
    return list(cheers) + extra
