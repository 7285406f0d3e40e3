"""Timed triggers (10.8.5) and state triggers (10.8.6).

    - timed_trigger: {trigger: step, step: turn_end, effect: [STEPS]}           # 'at the end of this turn'
    - timed_trigger: {trigger: damaged, holomem: this, until: end_of_turn, effect: [STEPS]}
    - {kind: auto, state: CONDITION, limit: once_per_turn, effect: [STEPS]}     # 'when you have ...'

A timed trigger is created by an effect: an automatic ability that triggers at a later moment
(10.8.5), once unless a period is given (`until: end_of_turn`: each time until then, 10.8.5.1).
Its source is the card whose ability created it (10.13.2). `trigger` and `step` are those of
`kind: auto`; `holomem` (for damaged / arts_used / restored) selects the holomems, fixed when it is
created.

A state trigger waits when its condition holds, once (10.8.6, 10.8.6.1); after it resolves it
waits again if the condition still holds. Conditions are looked at when a check timing has no
rule process left to do, before automatic abilities are played (10.6.3).
"""
from __future__ import annotations

from ....core.terms import Either, Enum, Int, ListOf, Ref, Text
from ..terms import SELECTOR, STEPS, UNTIL, key, mapping, verb_function
from .select import holds, holomems
from . import validity
from . import triggers

EVENT_TRIGGERS = {"art": "arts_used", "damage": "damaged", "restore": "restored"}
TIMED_EVENT_KINDS = frozenset(EVENT_TRIGGERS) | {"step_trigger"}     # what queue_timed looks at


class Timed:
    """A timed trigger created by an effect (10.8.5): the ability it makes, its source card."""

    __slots__ = ("ability", "card", "player", "holomems", "until", "seq")

    def __init__(self, ability, card, player, holomems, until, seq):
        self.ability, self.card, self.player = ability, card, player
        self.holomems, self.until, self.seq = holomems, until, seq
from ..events import on_event


def _init_timed(game):
    game.timed: list = []


@verb_function("timed_trigger", "10.8.5", "10.8.5.1", doc="an automatic ability that triggers later: once, or each time "
               "until `until`", group="machinery", arg=mapping(
                   key("trigger", "what it waits for (as `kind: auto`'s `trigger`)", Ref("trigger", "TRIGGER"),
                       required=True),
                   key("step", "with `trigger: step`: which step start or end", Ref("step_name", "STEP")),
                   key("holomem", "for damaged, arts_used, restored: the holomems, fixed when it is made", SELECTOR,
                       default="this"),
                   key("until", "its period: each time until then; without it, once (10.8.5.1)", UNTIL),
                   key("effect", "what it does", STEPS, required=True),
                   key("name", "a name for the trace", Text("NAME")),
                   key("name_en", "an English name for the trace", Text("NAME"))))
def timed_trigger(game, arg, step, ctx, source):
    """10.8.5: create an automatic ability that triggers at a later moment."""
    arg = dict(arg)
    chosen = None
    if arg.get("trigger") != "step":
        chosen = holomems(game, arg.get("holomem", "this"), ctx)
    ability = {"kind": "auto", "name": arg.get("name") or "(timed trigger)", **arg}
    game.emit("timed_trigger", ("10.8.5",) + (("10.8.5.1",) if not arg.get("until") else ()), source,
              player=ctx["player"], timed=Timed(ability, ctx.get("card"), ctx["player"], chosen,
                                                arg.get("until"), None))
    return
    yield  # pragma: no cover


@on_event("timed_trigger")
def apply_timed_trigger(game, ev):
    t = ev.data["timed"]
    t.seq = ev.seq
    game.timed.append(t)


@on_event("timed_done")
def apply_timed_done(game, ev):
    game.timed = [t for t in game.timed if t is not ev.data["timed"]]


def _expire_timed(game):
    """7.7.4: timed triggers lasting 'this turn' end with it."""
    game.timed = [t for t in game.timed if t.until != "end_of_turn"]


def queue_timed(game, ev):
    """A timed trigger's moment came: it waits like any automatic ability (10.8.5)."""
    if not game.timed:
        return
    for t in list(game.timed):
        ab = t.ability
        stack = None
        if ev.kind == "step_trigger":
            if ab.get("trigger") != "step" or ab.get("step") != ev.data.get("trigger"):
                continue
        elif EVENT_TRIGGERS.get(ev.kind) == ab.get("trigger"):
            stack = ev.data.get("stack")
            if ev.kind == "restore" and not ev.data.get("amount"):
                continue
            if stack not in (t.holomems or ()):
                continue
        else:
            continue
        once = not t.until
        triggers._queue(game, ab, t.card, stack, t.player,
                    ("10.8.2", "10.8.5", "10.13.2") + (("10.8.5.1",) if once else ()),
                    extra={"source_card": t.card})
        if once:                 # 10.8.5.1: with no period, it triggers once only
            game.emit("timed_done", ("10.8.5.1",), t.card.number if t.card else None, timed=t)

# ---------------------------------------------------------- 10.8.6
def before_waiting(game):
    """10.8.6, 10.8.6.1: a state trigger whose condition holds starts waiting (once)."""
    if not game.in_game("auto.state"):
        return
    for p in (game.turn_player, game.other(game.turn_player)):
        waiting = {w.key for w in game.waiting[p]}
        for card, stack in list(validity.ability_holders(game, p)):
            for ab in validity.valid_abilities(game, card, stack, ("auto",)):
                cond = ab.get("state")
                if cond is None or (card.id, id(ab)) in waiting or not triggers._within_limit(game, card, ab):
                    continue
                ctx = {"player": p, "holomem": stack, "card": card}
                if holds(game, cond, ctx) and triggers.holds_condition(game, ab, ctx):
                    triggers._queue(game, ab, card, stack, p, ("10.8.2", "10.8.6", "10.8.6.1") +
                                validity.validity_rules(card, ab))


# ---------------------------------------------------------- 10.2.1.2: abilities for a period
GRANTABLE = ("replacement", "when_downs")      # the kinds the engine reads from a `grant` (below)


@verb_function("grant", "10.2.1.2", "10.10.2", doc="a played ability's effect, for its period, on the holomems chosen "
               "now, written as abilities they have meanwhile ('このターンの間、選んだホロメンが与える特殊ダメージ+100し、"
               "選んだホロメンが相手のホロメンをダウンさせた時、…'): a `replacement` (`holomem: this` is the holomem) or a "
               "`when_downs`; it stays with the holomem while it stays on the stage, through a bloom (10.10.2, Q412); "
               "its player is the effect's", group="machinery", arg=mapping(
                   key("target", "the holomems (`chosen`: those an earlier `choose_holomem` chose)", SELECTOR,
                       default="this"),
                   key("count", "how many of them (`all`: every one there now, '自分の#Xを持つホロメンが'; one put "
                       "onto the stage later is not, 10.10.2)", Either(Int(minimum=1), Enum("all")), default=1),
                   key("until", "its period", UNTIL, default="end_of_turn"),
                   key("abilities", "what the effect does, as abilities of the holomem: kinds `replacement`, "
                       "`when_downs`", ListOf(Ref("ability", "ABILITY")), required=True)))
def grant(game, arg, step, ctx, source):
    """10.2.1.2: an effect for a period on holomems fixed when it is played (10.10.2)."""
    from .verbs import choose_holomems
    bad = [ab.get("kind") for ab in arg["abilities"] if ab.get("kind") not in GRANTABLE]
    if bad:
        from ....core.errors import NotRunnable
        raise NotRunnable(f"grant: abilities of kind {bad} are not read from a grant (only {GRANTABLE})")
    targets = yield from choose_holomems(game, arg.get("target", "this"), ctx, source, ("10.2.1.2",),
                                         count=arg.get("count", 1))
    for s in targets:
        game.emit("granted", ("10.2.1.2", "10.10.2"), source, stack=s, holomem=game.snap(s), player=ctx["player"],
                  card=ctx.get("card"), abilities=list(arg["abilities"]), until=arg.get("until", "end_of_turn"))


@on_event("granted")
def apply_granted(game, ev):
    d = ev.data
    game.modifiers.append({"stack": d["stack"], "player": d["player"], "attribute": "granted", "amount": 0,
                           "until": d["until"], "source": ev.source, "seq": (ev.seq, 0), "card": d["card"],
                           "abilities": d["abilities"], "turn": game.turn_number})


def granted(game, stack, kind) -> list:
    """(ability, card, player, label, key) of each ability of this kind an effect gave the holomem for now."""
    if not game.modifiers or stack is None or stack.zone is None:
        return []
    return [(ab, m["card"], m["player"], m["source"], ("granted", m["seq"], i))
            for m in game.modifiers if m["attribute"] == "granted" and m["stack"] is stack
            for i, ab in enumerate(m["abilities"]) if ab.get("kind") == kind]
