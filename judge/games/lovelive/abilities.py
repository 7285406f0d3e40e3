"""Abilities (9.1) and their play and resolution (9.6): which abilities work where (9.3.4) and where their
keywords allow (11.2, 11.3, 11.7-11.9); activated abilities as actions of a play timing (7.7.2.1); the
play of an ability — as a pseudo card of the resolution zone (9.6.2.1.3), its choices, its cost
(9.6.2.3, 9.4), its effect (9.6.2.4.2); waiting automatic abilities played at a check timing, the active
player's first (9.5.3.2, 9.5.3.3, 9.7.3)."""
from __future__ import annotations

from judge.core.decisions import Action, Option

from . import costs, effects, effects_cover  # noqa: F401  (effects_cover: its verbs join the language)
from .context import Ctx
from .state import AREAS
from .terms import ABILITY  # noqa: F401  (the ability kinds are declared in terms.py)

KIND = "activate"
KEYWORD_AREA = {"center": ("center", "11.7"), "left": ("left", "11.8"), "right": ("right", "11.9")}
KEYWORD_TRIGGERS = {"enter", "live_start", "live_success"}          # 11.4-11.6
LIMITS = {"once_per_turn": (1, "11.2.2", "11.2.1"), "twice_per_turn": (2, "11.3.2", "11.3.1")}


class Ability:
    """One ability of a card's encoding (read-only)."""

    __slots__ = ("number", "index", "kind", "raw", "triggers", "limit", "position", "zone", "cost", "effect")

    def __init__(self, number: str, index: int, raw: dict):
        self.number, self.index, self.raw, self.kind = number, index, raw, raw["kind"]
        trig = raw.get("trigger") or ()
        self.triggers = tuple(trig if isinstance(trig, list) else [trig])
        self.limit, self.position, self.zone = raw.get("limit"), raw.get("position"), raw.get("zone")
        self.cost, self.effect = raw.get("cost") or (), raw.get("effect") or ()

    def __repr__(self):
        return f"<{self.number} #{self.index + 1} {self.kind}>"


def works(game, card, ab, *, zone: str | None = None) -> bool:
    """9.3.4: where an ability works — as its text says (9.3.4.1), a member's in a member area (9.3.4.2),
    a live card's in the live card zone (9.3.4.3); a position keyword: only in that area (11.7-11.9)."""
    where = zone or (card.zone.name if card.zone is not None else None)
    if ab.zone == "anywhere":
        ok = True
    elif ab.zone in ("hand", "waiting_room"):      # 9.3.4.1: 'only while this card is in ...'
        ok = where == ab.zone
    elif card.defn.kind == "member":
        ok = where in AREAS
    else:
        ok = where == "live"
    if ok and ab.position:
        ok = where == KEYWORD_AREA[ab.position][0]
    return ok


def out_of_position(game, card, ab, *, zone: str | None = None) -> bool:
    """The ability would work but for its position keyword: its member is in another area (11.7-11.9)."""
    where = zone or (card.zone.name if card.zone is not None else None)
    return bool(ab.position) and card.defn.kind == "member" and ab.zone is None and where in AREAS \
        and where != KEYWORD_AREA[ab.position][0]


def works_rules(card, ab) -> tuple:
    rules = ("9.3.4",) + ({"member": ("9.3.4.2",), "live": ("9.3.4.3",)}.get(card.defn.kind, ())
                          if ab.zone is None else ("9.3.4.1",))
    if ab.position:
        area, section = KEYWORD_AREA[ab.position]
        rules += (f"{section}.1", f"{section}.{ {'activated': 2, 'auto': 3, 'continuous': 4}[ab.kind]}")
    return rules


def uses_left(game, card, ab) -> bool:
    """11.2.2 / 11.3.2: an ability with a turn limit that was played that often this turn cannot be played."""
    if not ab.limit:
        return True
    turn, n = game.ab.uses.get((card.id, ab.index), (None, 0))
    return turn != game.table.turn.number or n < LIMITS[ab.limit][0]


def limit_rules(ab) -> tuple:
    if not ab.limit:
        return ()
    _, play, title = LIMITS[ab.limit]
    return (title, play) + (("11.2.3", "11.1.3") if ab.limit == "once_per_turn" and len(ab.triggers) > 1 else ())


def on_used(game, ev) -> None:
    k = (ev.data["card"], ev.data["index"])
    turn, n = game.ab.uses.get(k, (None, 0))
    game.ab.uses[k] = (ev.data["turn"], (n if turn == ev.data["turn"] else 0) + 1)


# ------------------------------------------------------------------ activated abilities (7.7.2.1)
def _activated(game, p):
    for area in AREAS:
        m = game.table.players[p].member(area)
        if m is None:
            continue
        for ab in getattr(m.defn, "ability_list", ()):
            if ab.kind == "activated" and ab.zone in (None, "anywhere"):
                yield m, ab
    # 9.3.4.1: an activated ability whose text says it is played from the hand or the waiting room
    for zone in ("hand", "waiting_room"):
        for c in game.table.zone(p, zone).items:
            for ab in getattr(c.defn, "ability_list", ()):
                if ab.kind == "activated" and ab.zone == zone:
                    yield c, ab


def why_not(game, p: str, a: Action) -> list[str]:
    t = game.table
    if t.turn.step != "main" or t.turn.player != p:
        return ["7.7.2"]
    card = game.cards.get(a.get("card"))
    abs_ = getattr(card.defn, "ability_list", ()) if card is not None else ()
    i = a.get("ability", 0)
    if card is None or card.owner != p or i >= len(abs_) or abs_[i].kind != "activated":
        return ["7.7.2.1", "9.1.1.1"]
    ab = abs_[i]
    if not works(game, card, ab):
        return list(works_rules(card, ab))
    if not uses_left(game, card, ab):
        return list(limit_rules(ab))
    if not costs.can_pay(game, ab.cost, Ctx(p, card, ab)):
        return ["9.4.2.3"]
    if not targets_available(game, Ctx(p, card, ab)):
        return ["9.6.3.1.2", "9.6.2.2"]
    return []


def targets_available(game, ctx) -> bool:
    """9.6.3.1.2: an ability whose targets, chosen when it is played, cannot all be chosen cannot be played."""
    spec = ctx.ability.raw.get("targets")
    return not spec or len(effects.members(game, spec["members"], ctx)) >= spec.get("count", 1)


def invalid(game, ctx) -> bool:
    """9.3.2: an ability stated to be invalid while a condition holds, or made invalid by an effect."""
    from .effects_boosters import invalidated
    if ctx.card is not None and invalidated(game, ctx.card, ctx.ability):
        return True
    cond = ctx.ability.raw.get("invalid_if")
    return bool(cond) and effects.holds(game, cond, ctx)


def legal(game, p: str) -> list[Action]:
    out = []
    for m, ab in _activated(game, p):
        a = Action(KIND, card=m.id, ability=ab.index, card_number=m.number)
        if not why_not(game, p, a):
            out.append(a)
    return out


def describe(a: Action) -> str:
    return f"activate {a.get('card_number')} ability {a.get('ability', 0) + 1}"


def play_activated(game, p: str, a: Action):
    """7.7.2.1 / 9.6.2: play an activated ability."""
    card = game.cards[a["card"]]
    ab = card.defn.ability_list[a.get("ability", 0)]
    ctx = Ctx(p, card, ab)
    yield from _play(game, ctx, ("7.7.2.1", "9.1.1.1", "9.1.1.1.1", "9.5.4.2"))


# ------------------------------------------------------------------ playing an ability (9.6.2)
def _play(game, ctx, rules, *, optional_cost=False):
    """9.6.2.1.3: the ability to the resolution zone as a pseudo card; 9.6.2.3 its cost; 9.6.2.4.2 its effect.
    Returns whether it was played."""
    card, ab = ctx.card, ctx.ability
    where = card.zone.name if card.zone is not None else None
    if ab.cost and optional_cost:
        if not costs.can_pay(game, ab.cost, ctx):
            # 9.4.2.3: the cost cannot be paid, so the master cannot choose to pay it: not played
            game.emit("not_played", ("9.4.2.3", "9.7.3.1.1", "9.7.3.2.1"), ctx.source, player=ctx.player,
                      index=ab.index, why="the cost cannot be paid")
            return False
        pay = yield from game.ask(ctx.player, "pay_cost", f"{card.number}: pay the cost and play the ability?",
                                  ("9.7.3.1.1",), [Option("yes", True, keys=("yes", "true")),
                                                   Option("no", False, keys=("no", "false"))], source=ctx.source)
        if not pay:
            game.emit("not_played", ("9.7.3.1.1", "9.7.3.2.1"), ctx.source, player=ctx.player, index=ab.index,
                      why="its master chose not to pay the cost")
            return False
    keyword = ("11.1.1", "11.1.2") if ab.cost and set(ab.triggers) & KEYWORD_TRIGGERS else ()
    # 3.1.2: ctx.player is the ability's master: who played an activated ability (3.1.2.2), the master of
    # the card of an automatic one (3.1.2.3)
    master = {"activated": ("3.1.2", "3.1.2.2"), "auto": ("3.1.2", "3.1.2.3")}.get(ab.kind, ())
    game.emit("ability_play", tuple(rules) + ("9.1.1", "9.6.1", "9.6.2", "9.6.2.1", "9.6.2.1.3", "4.14.1")
              # 2.12.1: an ability of the card's own text
              + works_rules(card, ab) + limit_rules(ab) + keyword + master + ("2.12.1",),
              ctx.source, player=ctx.player, card=card.id, number=card.number, index=ab.index,
              kind=ab.kind, turn=game.table.turn.number)
    if ab.raw.get("targets"):
        if not targets_available(game, ctx):
            game.emit("not_played", ("9.6.3.1.2", "9.6.2.2"), ctx.source, player=ctx.player, index=ab.index,
                      why="its targets cannot all be chosen")
            game.emit("ability_done", ("9.6.2.4.2",), ctx.source, player=ctx.player, index=ab.index)
            return False
        spec = ab.raw["targets"]
        ctx.targets = yield from effects.choose(game, ctx.player, effects.members(game, spec["members"], ctx),
                                                spec.get("count", 1), ctx, ("9.6.2.2",), "the targets")
    if ab.cost:
        game.emit("cost", ("9.6.2.3", "9.4.1", "9.4.2", "9.4.2.1") + (("9.4.2.2",) if _actions(ab.cost) > 1 else ()),
                  ctx.source, player=ctx.player, index=ab.index)
        yield from costs.pay(game, ab.cost, ctx)
    moved = card.zone is None or card.zone.name != where
    # 3.1.2.4 / 3.1.2.4.1: the effect's master is the ability's; its instructions naming no player are theirs
    game.emit("resolve", ("9.6.2.4", "9.6.2.4.2", "9.8.1", "9.2.1", "9.2.1.1", "3.1.2.4", "3.1.2.4.1")
              + (("9.6.2.4.2",) if moved else ()),
              ctx.source, player=ctx.player, index=ab.index, left_zone=moved)
    if invalid(game, ctx):
        # 9.3.2: the ability is there but makes no effect, and none of its choices is made
        game.emit("invalid", ("9.3.2", "9.3.1"), ctx.source, player=ctx.player, index=ab.index)
    else:
        yield from effects.run_steps(game, ab.effect, ctx)
    game.emit("ability_done", ("9.6.2.4.2",), ctx.source, player=ctx.player, index=ab.index,
              card=card.id if card is not None else None, resolved=True, area=where)
    return True


def _actions(cost) -> int:
    return sum(len(c) for c in cost)


def on_play(game, ev) -> None:
    game.ab.resolving.append((ev.data["card"], ev.data["index"]))
    on_used(game, ev)


def on_done(game, ev) -> None:
    if game.ab.resolving:
        game.ab.resolving.pop()


# ------------------------------------------------------------------ automatic abilities (9.7.3)
def next_waiting(game):
    """9.5.3.2 / 9.5.3.3: the active player's (7.2.1) waiting abilities first, then the other's."""
    ap = game.table.turn.player
    for p, rule in ((ap, "9.5.3.2"), (game.other(ap), "9.5.3.3")):
        if game.waiting[p]:
            return p, rule
    return None, None


def resolve_one(game):
    """One waiting automatic ability: its master picks which (9.7.3, 9.7.3.1) and plays it; then its waiting
    state is cancelled once (9.7.3). Returns whether one was waiting."""
    p, rule = next_waiting(game)
    if p is None:
        return False
    waiting = game.waiting[p]
    options = [Option(w.label(), w.seq, keys=(w.card.number, w.card.defn.name, w.card.defn.name_en, w.label()))
               for w in waiting]
    seq = yield from game.ask(p, "order", "which waiting automatic ability to play first", (rule, "9.7.3", "9.7.3.1"),
                              options)
    w = next(x for x in waiting if x.seq == seq)
    ab, card = w.ability, w.card
    # 9.7.7: its card changed zones since it triggered: it must still be played
    moved = ("9.7.7",) if card.zone is None or card.zone.name != w.data.get("zone") else ()
    game.emit("waiting_taken", (rule, "9.7.3", "9.5.3.1") + moved, w.card.number, player=p, seq=w.seq)
    ctx = Ctx(p, card, ab, w.data)
    if not uses_left(game, card, ab):
        # 11.2.2: played already this turn: it cannot be played, and its waiting state is cancelled once (9.7.3.2)
        game.emit("not_played", ("9.7.3.2",) + limit_rules(ab), ctx.source, player=p, index=ab.index,
                  why="played already this turn")
        return True
    rules = ("9.1.1.2", "9.7.3", "9.7.3.1", "9.7.1") + moved
    yield from _play(game, ctx, rules, optional_cost=bool(ab.cost))
    return True


def on_taken(game, ev) -> None:
    p = ev.data["player"]
    game.waiting[p] = [w for w in game.waiting[p] if w.seq != ev.data["seq"]]
