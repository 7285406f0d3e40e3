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

from ....core.terms import Ref, Text
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
