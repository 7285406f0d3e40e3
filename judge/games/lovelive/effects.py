"""The effects of abilities: card filters, member selectors, conditions and verbs, each declared once
(terms.py) beside the function that carries it out. A verb is `(game, arg, step, ctx)`, a generator
(it may ask decisions); every state change is an event of the game citing its rules."""
from __future__ import annotations

from collections import Counter

from judge.core.decisions import Option
from judge.core.errors import NotRunnable

from . import continuous
from .cards import COLORS
from .state import AREAS
from .terms import STEPS as STEPS_T
from .terms import (CARD_FILTER, COLOR, CONDITIONS, COUNT, GROUPS, MEMBERS, N, N1, NAMES, VOCAB, Bool, Enum, ListOf,
                    Ref, Text, condition, key, mapping, verb_function, verb_of)

# ------------------------------------------------------------------ card filters
FILTER = VOCAB.record("card_filter", "A card filter: every key must match (2.2-2.11 read through 9.9).", [
    key("type", "of this card type", Enum("member", "live", "energy"), "2.2.2"),
    key("group", "of this group (as card text prints it: μ's, Aqours, 虹ヶ咲, Liella!, 蓮ノ空)",
        Enum(*GROUPS), "2.4"),
    key("unit", "of this unit (as it is now: 9.3.4.1)", Text("UNIT"), "2.5"),
    key("name", "whose name contains this (one of these); spaces are not compared", NAMES, "2.3", "2.12.3"),
    key("not_name", "whose name contains none of these", NAMES, "2.3"),
    key("cost_max", "cost at most this (as it is now, 9.9)", N, "2.6"),
    key("cost_min", "cost at least this", N, "2.6"),
    key("printed_cost", "of this printed cost (9.9.1.1)", N, "2.6", "9.9.1.1"),
    key("in_area", "a member in this area (4.5.2.1)", Enum("left", "center", "right"), "4.5.2.1"),
    key("has_ability", "with an automatic ability of this trigger (2.12)", Enum("enter", "live_start", "live_success"),
        "2.12"),
    key("has_all_heart", "a member that has an ALL heart (true) or none (false) (2.1.1.3)", Bool(), "2.1.1.3"),
    key("group_not_on_stage", "of a group none of the members of your stage is of (2.4)", Bool(), "2.4"),
    key("blade_min", "blades at least this (as they are now, 9.9)", N, "2.8"),
    key("printed_blade_max", "printed (original) blades at most this (9.9.1.1)", N, "2.8", "9.9.1.1"),
    key("score_max", "a live card of score at most this (as it is now, 9.9)", N, "2.10"),
    key("score_min", "a live card of score at least this (as it is now, 9.9)", N, "2.10"),
    key("heart", "with a heart of this colour", COLOR, "2.9"),
    key("blade_heart", "with this blade heart", Enum("draw", "score", *COLORS, "all"), "2.7"),
    key("other", "not the card the ability is on", Bool()),
    key("moved_this_turn", "a member that moved between areas this turn (11.10)", Bool(), "11.10.1"),
    key("wait", "a member in the wait state (true) or active (false) (4.3.2)", Bool(), "4.3.2"),
    key("name_of_revealed", "whose name contains the whole name of a card the cost revealed (2.12.3)", Bool(), "2.12.3"),
    key("group_of_discarded", "of the group of a card the cost put from the hand in the waiting room (2.4)", Bool(),
        "2.4"),
    key("printed_blade_below_waited", "printed blades at least this many fewer than the printed blades of the "
        "member the cost made wait (9.9.1.1)", N, "2.8", "9.9.1.1"),
    key("arrived_this_turn", "a member that entered the stage or moved between areas this turn", Bool(),
        "9.6.2.1.2.1", "11.10.1")])


def card_matches(game, card, flt, ctx) -> bool:
    """Whether a card (in play, or a card definition) matches a filter."""
    if not flt:
        return True
    d = getattr(card, "defn", card)
    if "type" in flt and d.kind != flt["type"]:
        return False
    if "group" in flt and not group_matches(d, flt["group"]):                   # 2.4.2.1: '&' cards
        return False
    if "unit" in flt and not any(same_unit(flt["unit"], u) for u in (
            continuous.units(game, card) if hasattr(card, "defn") else {d.unit})):
        return False
    if "name" in flt and not any(_named(d, n) for n in _list(flt["name"])):
        return False
    if "not_name" in flt and any(_named(d, n) for n in _list(flt["not_name"])):
        return False
    if "cost_max" in flt or "cost_min" in flt:
        cost = continuous.cost(game, card) if hasattr(card, "defn") else d.cost
        if cost is None or cost > flt.get("cost_max", cost) or cost < flt.get("cost_min", cost):
            return False
    if "printed_cost" in flt and d.cost != flt["printed_cost"]:
        return False
    if "in_area" in flt and (getattr(card, "zone", None) is None or card.zone.name != flt["in_area"]
                             or getattr(card, "beneath", False)):
        return False
    if "has_ability" in flt and not any(ab.kind == "auto" and flt["has_ability"] in ab.triggers
                                        for ab in getattr(d, "ability_list", ())):
        return False
    if "has_all_heart" in flt and (continuous.hearts(game, card).get("all", 0) > 0 if hasattr(card, "defn")
                                   else False) != flt["has_all_heart"]:
        return False
    if flt.get("group_not_on_stage"):
        owner = ctx.player if ctx is not None else getattr(card, "owner", None)
        on_stage = {m.defn.group for m in game.table.players[owner].members()} if owner else set()
        if not d.group or d.group in on_stage:
            return False
    if "blade_min" in flt and continuous.blade(game, card) < flt["blade_min"]:
        return False
    if "printed_blade_max" in flt and (d.blade or 0) > flt["printed_blade_max"]:
        return False
    if "score_max" in flt or "score_min" in flt:
        if d.kind != "live":
            return False
        score = continuous.score(game, card) if hasattr(card, "defn") else d.score
        if score is None or score > flt.get("score_max", score) or score < flt.get("score_min", score):
            return False
    if "heart" in flt and not any(c == flt["heart"] and n for c, n in d.hearts):
        return False
    if "blade_heart" in flt and flt["blade_heart"] not in d.blade_hearts:
        return False
    if flt.get("other") and ctx is not None and card is ctx.card:
        return False
    if "moved_this_turn" in flt and (getattr(card, "id", None) in game.ab.moved) != flt["moved_this_turn"]:
        return False
    if "wait" in flt and bool(getattr(card, "wait", False)) != flt["wait"]:
        return False
    if flt.get("group_of_discarded") and not (ctx is not None and d.group and any(
            r.defn.group == d.group for r in ctx.discarded)):
        return False
    if "printed_blade_below_waited" in flt:
        if ctx is None or not ctx.waited or (d.blade or 0) > (ctx.waited[0].defn.blade or 0) - flt["printed_blade_below_waited"]:
            return False
    if flt.get("name_of_revealed") and not (ctx is not None and any(
            _named(d, r.defn.name) for r in ctx.revealed if r is not card)):
        return False
    if "arrived_this_turn" in flt:
        arrived = (getattr(card, "id", None) in game.ab.moved
                   or getattr(card, "entered_turn", None) == game.table.turn.number)
        if arrived != flt["arrived_this_turn"]:
            return False
    return True


def _named(d, name) -> bool:
    """2.12.3: a card whose name contains the name (Q90), spaces aside."""
    bare = name.replace(" ", "").replace("\u3000", "")
    return bare in d.name.replace(" ", "").replace("\u3000", "") or name in d.name_en


def _list(x):
    return x if isinstance(x, list) else [x]


# ------------------------------------------------------------------ members
SELECTOR = VOCAB.record("member_selector", "Which members of a stage (4.4.1): `whose` stage, those that match "
                        "`filter`; `this` alone is the member the ability is on.", [
    key("this", "the member the ability is on", Bool()),
    key("trigger_member", "the member the trigger happened to", Bool()),
    key("targets", "the members chosen when the ability was played (9.6.2.2)", Bool(), "9.6.2.2"),
    key("cost_members", "the members the ability's cost made wait (still on the stage)", Bool(), "9.4.2"),
    key("whose", "whose stage", Enum("own", "opponent"), default="own"),
    key("filter", "only members that match", CARD_FILTER),
    key("other", "not the member the ability is on", Bool()),
    key("beside", "the members in the areas left of, right of, or next to (`either`) this member's, of its "
        "master's stage (4.5.2.2, 4.5.2.3)", Enum("left", "right", "either"), "4.5.2.2", "4.5.2.3"),
    key("facing", "the opponent's member in the area facing this member's (4.5.7.1)", Bool(), "4.5.7",
        "4.5.7.1")])


def members(game, sel, ctx) -> list:
    """The members a selector names, left to right."""
    sel = sel or {"this": True}
    if sel.get("this"):
        c = ctx.card
        return [c] if c is not None and c.zone is not None and c.zone.name in AREAS else []
    if sel.get("targets"):
        return [c for c in ctx.targets if c.zone is not None and c.zone.name in AREAS]
    if sel.get("cost_members"):
        return [c for c in ctx.waited if c.zone is not None and c.zone.name in AREAS]
    if sel.get("trigger_member"):
        c = game.cards.get(ctx.event.get("member"))
        return [c] if c is not None and c.zone is not None and c.zone.name in AREAS else []
    if "beside" in sel:                                                 # 4.5.2.2 / 4.5.2.3
        return beside_members(game, ctx, sel["beside"], sel.get("filter"))
    if sel.get("facing"):                                               # 4.5.7.1
        m = facing_member(game, ctx)
        return [m] if m is not None and card_matches(game, m, sel.get("filter"), ctx) else []
    p = ctx.player if sel.get("whose", "own") == "own" else game.other(ctx.player)
    out = [m for m in game.table.players[p].members() if card_matches(game, m, sel.get("filter"), ctx)]
    if sel.get("other"):
        out = [m for m in out if m is not ctx.card]
    return out


def counted(game, spec, ctx) -> int:
    """A `count`: a number, or counted now."""
    if isinstance(spec, int):
        return spec
    per = spec["per"]
    p = ctx.player
    t = game.table
    if per == "success_cards":
        n = len(t.zone(p, "success").items)
    elif per == "energy":
        n = len(t.zone(p, "energy").items)
    elif per == "members":
        n = len([m for m in t.players[p].members() if card_matches(game, m, spec.get("filter"), ctx)])
    elif per == "cost_cards":
        n = ctx.cost_cards
    elif per == "drawn":
        n = ctx.drawn
    elif per == "hand":                     # 4.11: the cards of your hand, counted when the step is carried out
        n = len(t.zone(p, "hand").items)
    elif per == "hand_others":              # 4.11: the cards of your hand other than this card
        n = len([c for c in t.zone(p, "hand").items if c is not ctx.card])
    elif per == "opponent_members":         # 4.4.1: the members of the opponent's stage that match
        n = len([m for m in t.players[game.other(p)].members() if card_matches(game, m, spec.get("filter"), ctx)])
    else:                                   # yell_lives: the live cards among this player's yell cards
        n = len([c for c in t.resolution.items if c.id in game.yell_ids.get(p, ()) and c.defn.kind == "live"])
    n = (n // spec.get("every", 1)) * spec.get("times", 1)
    return min(n, spec["max"]) if "max" in spec else n


# ------------------------------------------------------------------ choosing (9.6.3)
def choose(game, player, cards, count, ctx, rules, prompt, *, up_to=False, private=None):
    """9.6.3: choose `count` targets among `cards` — as many as possible (9.6.3.1), from 0 when `up_to`
    (9.6.3.1.1); none to choose: none chosen (9.6.3.1.3)."""
    cards = list(cards)
    if not cards or count <= 0:
        if count > 0:
            game.emit("no_target", ("9.6.3.1", "9.6.3.1.3") + tuple(rules), ctx.source, player=player, what=prompt)
        return []
    most = min(count, len(cards))
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in cards]
    rules = tuple(rules) + (("9.6.3", "9.6.3.1.1") if up_to else ("9.6.3", "9.6.3.1"))
    picked = yield from game.ask(player, "choose", prompt, rules, options, many=True, min_pick=0 if up_to else most,
                                 max_pick=most, private=private, source=ctx.source)
    return [game.cards[i] for i in picked]


# ------------------------------------------------------------------ conditions
def holds(game, cond, ctx) -> bool:
    """Whether every key of a condition holds (9.3.3)."""
    for name, arg in (cond or {}).items():
        fn = CONDITIONS.impls.get(name)
        if fn is None:
            raise NotRunnable(f"{ctx.source}: condition '{name}' is not in the effect language")
        if not fn(game, arg, ctx):
            return False
    return True


@condition("success_min", "4.10", doc="your success live card zone holds at least this many cards", arg=N1)
def _success_min(game, n, ctx):
    return len(game.table.zone(ctx.player, "success").items) >= n


@condition("success_has", "4.10", doc="your success live card zone holds a card that matches", arg=CARD_FILTER)
def _success_has(game, flt, ctx):
    return any(card_matches(game, c, flt, ctx) for c in game.table.zone(ctx.player, "success").items)


@condition("hand_max", "4.11", doc="your hand holds at most this many cards", arg=N)
def _hand_max(game, n, ctx):
    return len(game.table.zone(ctx.player, "hand").items) <= n


@condition("energy_min", "4.7", doc="your energy zone holds at least this many energy cards", arg=N1)
def _energy_min(game, n, ctx):
    return len(game.table.zone(ctx.player, "energy").items) >= n


@condition("stage_has", "4.4.1", doc="your stage has a member that matches (at least `count` of them)",
           arg=mapping(key("filter", "the member", CARD_FILTER), key("count", "at least this many", N1, default=1)))
def _stage_has(game, arg, ctx):
    found = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, arg.get("filter"), ctx)]
    return len(found) >= arg.get("count", 1)


@condition("stage_all", "4.4.1", doc="every member of your stage matches (and there is one)", arg=CARD_FILTER)
def _stage_all(game, flt, ctx):
    ms = game.table.players[ctx.player].members()
    return bool(ms) and all(card_matches(game, m, flt, ctx) for m in ms)


@condition("waiting_room_has", "4.12", doc="your waiting room holds at least `count` cards that match",
           arg=mapping(key("filter", "the cards", CARD_FILTER), key("count", "at least this many", N1, default=1)))
def _waiting_room_has(game, arg, ctx):
    found = [c for c in game.table.zone(ctx.player, "waiting_room").items if card_matches(game, c, arg.get("filter"), ctx)]
    return len(found) >= arg.get("count", 1)


@condition("stage_blades_min", "2.8", "9.9", doc="the blades of the members of your stage total at least this",
           arg=N1)
def _stage_blades_min(game, n, ctx):
    return sum(continuous.blade(game, m) for m in game.table.players[ctx.player].members()) >= n


@condition("baton_from", "9.6.2.3.2.1", "9.11.1", doc="this member entered the stage by a baton touch with a member "
           "that matches (as it was last on the stage: 9.11.1)", arg=CARD_FILTER)
def _baton_from(game, flt, ctx):
    partner = game.ab.baton_from.get(ctx.card.id) if ctx.card is not None else None
    return partner is not None and card_matches(game, partner, flt, ctx)


@condition("opponent_succeeded", "8.4.4", doc="your opponent's live succeeded this turn too", arg=Bool())
def _opponent_succeeded(game, want, ctx):
    return (game.other(ctx.player) in game.ab.succeeded) == want


@condition("moved_this_turn", "11.10.1", doc="this member moved between areas this turn", arg=Bool())
def _moved_this_turn(game, want, ctx):
    return (ctx.card is not None and ctx.card.id in game.ab.moved) == want


@condition("those_any", doc="one of the cards the last step moved matches", arg=CARD_FILTER)
def _those_any(game, flt, ctx):
    return any(card_matches(game, c, flt, ctx) for c in ctx.those)


@condition("those_all", doc="the last step moved cards, and every one of them matches", arg=CARD_FILTER)
def _those_all(game, flt, ctx):
    return bool(ctx.those) and all(card_matches(game, c, flt, ctx) for c in ctx.those)


@condition("added_any", doc="one of the cards the steps added to the hand matches", arg=CARD_FILTER)
def _added_any(game, flt, ctx):
    return any(card_matches(game, c, flt, ctx) for c in ctx.added)


@condition("did", doc="the cost was paid (or the last optional step was done): 'if you do'", arg=Bool())
def _did(game, want, ctx):
    return ctx.did == want


# ------------------------------------------------------------------ running steps
def run_steps(game, steps, ctx):
    """An effect: its steps in order (9.8.1)."""
    for step in steps or ():
        yield from run_step(game, step, ctx)


def run_step(game, step, ctx):
    if "if" in step:
        ok = holds(game, step["if"], ctx)
        cited = tuple(r for k in step["if"] for r in CONDITIONS.terms[k].rules) + tuple(
            r for arg in step["if"].values() if isinstance(arg, dict)
            for r in filter_rules(arg.get("filter")) + filter_rules(arg))
        game.emit("condition", ("9.3.3",) + cited, ctx.source, player=ctx.player, holds=ok,
                  condition=sorted(step["if"]))
        if not ok:
            return
    verb = verb_of(step)
    impl = VOCAB.named("step").impls.get(verb)
    if impl is None:
        raise NotRunnable(f"{ctx.source}: effect verb '{verb}' is not in the effect language")
    yield from impl(game, step[verb], step, ctx)


def _zone_items(game, p, zone):
    return game.table.zone(p, zone).items


# ------------------------------------------------------------------ verbs: cards
@verb_function("draw", "5.6.1", "5.6.2", doc="you draw this many cards (5.6.2)", arg=COUNT)
def draw(game, arg, step, ctx):
    from .replacements import replace
    n = counted(game, arg, ctx)
    for _ in range(n):
        if (yield from replace(game, "draw", ctx.player, None, ctx)):          # 9.10.1
            continue
        if not game.draw(ctx.player, ("5.6.2", "9.8.1")):
            break           # 1.3.2: no card is left to draw even after a refresh: the rest cannot be done either
        ctx.drawn += 1


@verb_function("may_draw", "5.6.3", doc="you may draw up to this many cards (5.6.3); `did` says whether you drew",
               arg=COUNT)
def may_draw(game, arg, step, ctx):
    drawn = 0
    arg = counted(game, arg, ctx)
    if arg <= 0:                                                                # 5.6.3.1: up to 0: it ends
        game.emit("not_done", ("5.6.3", "5.6.3.1", "1.3.2.2"), ctx.source, player=ctx.player, what="draw up to 0")
        ctx.did = False
        return
    while drawn < arg:                                                          # 5.6.3.2 - 5.6.3.4
        yes = yield from _yes_no(game, ctx, "draw a card?", ("5.6.3", "5.6.3.2"))
        if not yes:
            break
        drawn += 1
        # 5.6.3.3 one card; 5.6.3.4: the instruction ends when it has drawn the number, else back to 5.6.3.2
        game.draw(ctx.player, ("5.6.3", "5.6.3.3") + (("5.6.3.4",) if drawn == arg else ()))
    ctx.did, ctx.drawn = drawn > 0, ctx.drawn + drawn


def _yes_no(game, ctx, prompt, rules):
    return (yield from game.ask(ctx.player, "may", prompt, rules,
                                [Option("yes", True, keys=("yes", "true")), Option("no", False, keys=("no", "false"))],
                                source=ctx.source))


@verb_function("discard", "5.4.1", doc="you put this many cards of your hand to your waiting room, of your choice",
               arg=COUNT)
def discard(game, arg, step, ctx):
    n = counted(game, arg, ctx)
    hand = _zone_items(game, ctx.player, "hand")
    picked = yield from choose(game, ctx.player, hand, n, ctx, ("5.4.1",), "cards of your hand for the waiting room",
                               private=ctx.player)
    with game.moving_together():                # put there at once
        for c in picked:
            game.move(c, ctx.player, "waiting_room", ("5.4.1", "9.8.1", "4.1.6"), source=ctx.source)


@verb_function("hand_to_deck", "5.4.1", doc="you put this many cards of your hand on top (in the order you choose) "
               "or at the bottom of your main deck",
               arg=mapping(key("count", "how many", N1, required=True),
                           key("where", "top or bottom", Enum("top", "bottom"), required=True)))
def hand_to_deck(game, arg, step, ctx):
    hand = _zone_items(game, ctx.player, "hand")
    picked = yield from choose(game, ctx.player, hand, arg["count"], ctx, ("5.4.1", "4.8.2"),
                               f"cards of your hand for the {arg['where']} of the main deck (the first named goes "
                               "first)", private=ctx.player)
    # 4.1.5: several cards put in the main deck at once: its player (their master) sets the order
    order = ("4.1.5", "4.1.6") if len(picked) > 1 and arg["where"] == "top" else ("4.1.6",)
    for c in (reversed(picked) if arg["where"] == "top" else picked):
        game.move(c, ctx.player, "main_deck", ("5.4.1", "4.8.2") + order, source=ctx.source,
                  bottom=arg["where"] == "bottom")


def filter_rules(flt) -> tuple:
    """The rules a filter reads cards by: a group or unit named in 『』 (2.12.2), a name in 「」 (2.12.3); a unit
    a continuous effect that changes no number may give (9.9.1, 9.9.1.3)."""
    flt = flt or {}
    # 2.4.1 / 2.4.3 / 2.4.3.1: a card's group, referred to in 『』; 2.5.1: its unit; 2.3.1 / 2.3.2 /
    # 2.3.2.2: its name, referred to in 「」 as part of the card's name
    return ((("2.12.2",) if "group" in flt or "unit" in flt else ()) + (("2.12.3",) if "name" in flt else ())
            + (("2.4.1", "2.4.3", "2.4.3.1") if "group" in flt else ()) + (("2.5.1",) if "unit" in flt else ())
            + (("2.3.1", "2.3.2", "2.3.2.2") if "name" in flt else ())
            + (("9.9.1", "9.9.1.3", "9.3.4.1") if "unit" in flt else ())
            + (("2.12.3",) if flt.get("name_of_revealed") else ()))


@verb_function("add_from_waiting_room", "5.4.1", "9.6.3.1", doc="you add this many cards that match from your "
               "waiting room to your hand (as many as there are, up to the number: 9.6.3.1)",
               arg=mapping(key("filter", "which cards", CARD_FILTER), key("count", "how many", N1, default=1)))
def add_from_waiting_room(game, arg, step, ctx):
    room = [c for c in _zone_items(game, ctx.player, "waiting_room") if card_matches(game, c, arg.get("filter"), ctx)]
    picked = yield from choose(game, ctx.player, room, arg.get("count", 1), ctx, ("5.4.1",) + filter_rules(arg.get("filter")),
                               "cards of your waiting room for your hand")
    for c in picked:
        game.move(c, ctx.player, "hand", ("5.4.1", "9.8.1", "4.1.6") + multi_name_rules([c], arg.get("filter")),
                  source=ctx.source)
    ctx.added += picked


@verb_function("add_from_success", "4.10", doc="you add this many cards from your success live card zone to your "
               "hand; `did` says whether you did", arg=N1)
def add_from_success(game, arg, step, ctx):
    zone = _zone_items(game, ctx.player, "success")
    picked = yield from choose(game, ctx.player, zone, arg, ctx, ("5.4.1",), "cards of your success live card zone")
    for c in picked:
        game.move(c, ctx.player, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.added += picked
    ctx.did = bool(picked)


@verb_function("revealed_to", "5.4.1", doc="the cards the cost revealed go to this zone: `success`, or the main deck "
               "(`deck`: its top or bottom, as you choose)", arg=Enum("success", "deck"))
def revealed_to(game, arg, step, ctx):
    for c in ctx.revealed:
        if c.zone is not game.table.zone(ctx.player, "hand"):
            continue
        if arg == "success":
            if continuous.barred_from_success(game, c):                  # FAQ Q125
                # 1.3.3: the effect says put it there, a continuous effect forbids it: the prohibition wins
                game.emit("not_done", ("1.3.3", "1.3.2", "9.1.1.3"), ctx.source, player=ctx.player,
                          what=f"{c.number} cannot be put in the success live card zone")
                continue
            game.move(c, ctx.player, "success", ("5.4.1", "4.10.2"), source=ctx.source)
            continue
        where = yield from game.ask(ctx.player, "top_or_bottom", f"{c.number}: top or bottom of the main deck?",
                                    ("5.4.1",), [Option("top", "top", keys=("top",)),
                                                 Option("bottom", "bottom", keys=("bottom",))], source=ctx.source)
        game.move(c, ctx.player, "main_deck", ("5.4.1", "4.8.2"), source=ctx.source, bottom=where == "bottom")


def _top(game, p, n, rules, ctx):
    """The top `n` cards of the main deck (10.2.2.2: a refresh first when it holds fewer)."""
    deck = game.table.zone(p, "main_deck")
    if len(deck.items) < n and game.table.zone(p, "waiting_room").items:
        from .processes import refresh
        game.emit("refresh_due", ("10.2.2.2",), ctx.source, player=p, wanted=n, have=len(deck.items))
        refresh(game, p)
    return list(deck.items[:n])


@verb_function("look_top", "5.7.1", doc="you look at the top `count` cards of your main deck, add `take` of them "
               "that match `filter` to your hand (`up_to`: any number up to it), and put the rest in the waiting room",
               arg=mapping(key("count", "how many to look at", N1, required=True),
                           key("take", "how many to add to the hand", N1, default=1),
                           key("filter", "which may be added", CARD_FILTER),
                           key("up_to", "any number up to `take`, none included ('may')", Bool(), default=False)))
def look_top(game, arg, step, ctx):
    p = ctx.player
    seen = _top(game, p, arg["count"], ("5.7.1",), ctx)
    game.emit("look", ("5.7.1",), ctx.source, private=p, player=p, cards=[c.number for c in seen])
    fits = [c for c in seen if card_matches(game, c, arg.get("filter"), ctx)]
    # 9.6.3.1.4: the looked-at cards are not public: a player may choose none even when one fits
    up_to = arg.get("up_to", False) or "filter" in arg
    # 9.6.3.1.4 / 4.1.2.3: a card of a hidden zone that fits is not guaranteed to be there: the player
    # may treat it as absent
    picked = yield from choose(game, p, fits, arg.get("take", 1), ctx, ("5.7.1",) + filter_rules(arg.get("filter"))
                               + (("9.6.3.1.4", "4.1.2.3") if "filter" in arg else ()),
                               "cards to add to your hand", up_to=up_to, private=p)
    for c in picked:
        if "filter" in arg:
            game.emit("show", ("5.7.1",), ctx.source, card=c.id, number=c.number, player=p)   # shown to both
        game.move(c, p, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.added += picked
    for c in seen:
        if c not in picked:
            game.move(c, p, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.those = seen


@verb_function("arrange_top", "5.7.1", doc="you look at the top `count` cards of your main deck, put any number of "
               "them back on top in any order, and the rest in the waiting room", arg=N1)
def arrange_top(game, arg, step, ctx):
    p = ctx.player
    seen = _top(game, p, arg, ("5.7.1",), ctx)
    game.emit("look", ("5.7.1",), ctx.source, private=p, player=p, cards=[c.number for c in seen])
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en)) for c in seen]
    keep = []
    if options:
        keep = yield from game.ask(p, "arrange", "the cards to keep on top, top first", ("5.7.1",), options, many=True,
                                   min_pick=0, max_pick=len(options), ordered=True, private=p, source=ctx.source)
    kept = [game.cards[i] for i in keep]
    for c in seen:
        if c not in kept:
            game.move(c, p, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    for c in reversed(kept):
        game.move(c, p, "main_deck", ("5.4.1", "4.8.2"), source=ctx.source)


@verb_function("mill", "5.4.1", doc="you put the top this many cards of your main deck in your waiting room",
               arg=N1)
def mill(game, arg, step, ctx):
    p = ctx.player
    cards = _top(game, p, arg, ("5.4.1",), ctx)
    for c in cards:
        game.move(c, p, "waiting_room", ("5.4.1", "9.8.1", "4.1.6"), source=ctx.source)
    ctx.those = cards
    return
    yield


@verb_function("yell_to_hand", "8.3.11", doc="you add a card that matches from your yell cards (of the resolution "
               "zone) to your hand", arg=CARD_FILTER)
def yell_to_hand(game, arg, step, ctx):
    p = ctx.player
    yell = [c for c in game.table.resolution.items if c.id in game.yell_ids.get(p, ()) and
            card_matches(game, c, arg, ctx)]
    picked = yield from choose(game, p, yell, 1, ctx, ("8.3.11",), "a yell card for your hand")
    for c in picked:
        game.yell_ids[p].discard(c.id)
        game.in_resolution.discard(c.id)
        game.move(c, p, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.added += picked


# ------------------------------------------------------------------ verbs: energy
@verb_function("activate_energy", "5.2.1", doc="you make this many of your waiting energy active", arg=N1)
def activate_energy(game, arg, step, ctx):
    waiting = [c for c in _zone_items(game, ctx.player, "energy") if c.wait][:arg]
    for c in waiting:
        game.emit("activate", ("5.2.1", "9.8.1"), ctx.source, card=c.id, number=c.number, player=ctx.player)
    return
    yield


@verb_function("energy_from_deck", "4.9", "5.4.1", doc="you put this many energy cards from your energy deck in your "
               "energy zone, waiting", arg=N1)
def energy_from_deck(game, arg, step, ctx):
    for _ in range(arg):
        deck = _zone_items(game, ctx.player, "energy_deck")
        if not deck:
            game.emit("not_done", ("1.3.2",), ctx.source, player=ctx.player, what="energy: no card")
            return
        card = deck[0]
        game.move(card, ctx.player, "energy", ("5.4.1", "4.9.2"), source=ctx.source)
        game.emit("wait", ("5.2.1", "9.8.1"), ctx.source, card=card.id, number=card.number, player=ctx.player)
    return
    yield


# ------------------------------------------------------------------ verbs: members
@verb_function("wait_member", "5.2.1", doc="you make this many members that match wait (of your choice)",
               arg=mapping(key("members", "which", MEMBERS, required=True), key("count", "how many", N1, default=1),
                           key("up_to", "'up to' the count: any number of them, none included (9.6.3.1.1)", Bool(),
                               "9.6.3.1.1", default=False)))
def wait_member(game, arg, step, ctx):
    fits = [m for m in members(game, arg["members"], ctx) if not m.wait]
    picked = yield from choose(game, ctx.player, fits, arg.get("count", 1), ctx, ("5.2.1",), "members to make wait",
                               up_to=arg.get("up_to", False))
    from .replacements import replace
    for m in picked:
        if (yield from replace(game, "wait", m.owner, m, ctx)):                 # 9.10.1
            continue
        game.emit("wait", ("5.2.1", "9.8.1") + selector_rules(arg["members"]), ctx.source, card=m.id,
                  number=m.number, player=m.owner)


@verb_function("activate_member", "5.2.1", doc="you make this many members that match active (of your choice)",
               arg=mapping(key("members", "which", MEMBERS, required=True), key("count", "how many", N1, default=1)))
def activate_member(game, arg, step, ctx):
    fits = [m for m in members(game, arg["members"], ctx) if m.wait]
    picked = yield from choose(game, ctx.player, fits, arg.get("count", 1), ctx, ("5.2.1",), "members to make active")
    for m in picked:
        game.emit("activate", ("5.2.1", "9.8.1"), ctx.source, card=m.id, number=m.number, player=m.owner)


@verb_function("position_change", "11.10.1", "11.10.2", doc="you may move this member to another area; a member "
               "there moves to the area it left (11.10.2)", arg=mapping(
                   key("optional", "'may': you choose whether to", Bool(), default=True)))
def position_change(game, arg, step, ctx):
    m = ctx.card
    if m is None or m.zone is None or m.zone.name not in AREAS:
        return
    here = m.zone.name
    options = [Option(a, a, keys=(a,)) for a in AREAS if a != here]
    if arg.get("optional", True):
        options.append(Option("stay", None, keys=("stay", "no")))
    to = yield from game.ask(ctx.player, "position_change", f"move {m.number} from {here} to", ("11.10.1",), options,
                             source=ctx.source)
    if to is None:
        ctx.did = False
        return
    other = game.table.players[m.owner].member(to)
    moves = [(m, to, ("11.10.1",))] + ([(other, here, ("11.10.2",))] if other is not None else [])
    relocate(game, moves, ctx.source)


def relocate(game, moves, source):
    """Members move between member areas at once (11.10, 11.11), each with the cards beneath it (4.5.5.3);
    each keeps its orientation and stays the same card (it does not enter the stage)."""
    below = {m.id: [c for c in m.zone.items if c is not m] for m, _, _ in moves}
    for m, to, rules in moves:
        game.move(m, m.owner, to, tuple(rules), source=source)
        for c in below[m.id]:
            game.move(c, m.owner, to, ("4.5.5.3",), source=source)


@verb_function("formation_change", "11.11.1", "11.11.2", doc="you may move each member of your stage to an area of "
               "your choice, no two to one area", arg=mapping(
                   key("optional", "'may': you choose whether to", Bool(), default=True)))
def formation_change(game, arg, step, ctx):
    import itertools
    ps = game.table.players[ctx.player]
    now = {a: ps.member(a) for a in AREAS if ps.member(a) is not None}
    if not now:
        return
    layouts = []
    for perm in itertools.permutations(AREAS, len(now)):          # 11.11.2: one member per area
        layout = dict(zip(now, perm))
        layouts.append(layout)
    options = [Option(", ".join(f"{now[a].number}: {a}->{to}" for a, to in lay.items()), i,
                      keys=(" ".join(lay[a] for a in now),)) for i, lay in enumerate(layouts)]
    i = yield from game.ask(ctx.player, "formation_change", "where each member goes (areas in the order "
                            + ", ".join(now) + ")", ("11.11.1", "11.11.2"), options, source=ctx.source)
    layout = layouts[i]
    moving = {a: to for a, to in layout.items() if a != to}
    if not moving:
        return
    relocate(game, [(now[a], to, ("11.11.1",)) for a, to in moving.items()], ctx.source)   # at once


@verb_function("play_member", "9.6.2.4.2.1", doc="you put a member card that matches from `from` onto your stage, "
               "without paying its cost (Q63); `area: empty` only in an area with no member",
               arg=mapping(key("from", "where the card is", Enum("hand", "waiting_room"), required=True),
                           key("filter", "which cards", CARD_FILTER),
                           key("area", "which areas", Enum("empty", "any"), default="any"),
                           key("optional", "'may'", Bool(), default=False)))
def play_member(game, arg, step, ctx):
    from .members import blocked_area
    p = ctx.player
    fits = [c for c in _zone_items(game, p, arg["from"]) if c.defn.kind == "member" and
            card_matches(game, c, arg.get("filter"), ctx)]
    # 9.6.2.4.2.1 / 9.6.2.1.2.1: not an area whose member entered the stage this turn
    areas = [a for a in AREAS if not blocked_area(game, p, a) and
             (arg.get("area", "any") == "any" or game.table.players[p].member(a) is None)]
    if not fits or not areas:
        game.emit("no_target", ("9.6.3.1.3", "9.6.2.1.2.1"), ctx.source, player=p, what="a member to put on the stage")
        return
    picked = yield from choose(game, p, fits, 1, ctx, ("9.6.2.4.2.1",), "a member for the stage",
                               up_to=arg.get("optional", False))
    if not picked:
        return
    area = yield from game.ask(p, "area", "the area", ("9.6.2.1.2", "9.6.2.1.2.1", "9.6.2.4.2.1"),
                               [Option(a, a, keys=(a,)) for a in areas], source=ctx.source)
    game.move(picked[0], p, area, ("9.6.2.4.2.1", "9.6.2.1.2", "9.6.2.1.2.1", "5.4.1"), source=ctx.source)


# ------------------------------------------------------------------ verbs: continuous effects (9.2.1.2)
@verb_function("choose_color", "2.1.1.1", doc="you choose one of these heart colours (all six when empty); `gain` "
               "with `modify: {chosen_hearts: N}` gives hearts of it", arg=Ref("colors", "[COLOUR, ..]"))
def choose_color(game, arg, step, ctx):
    colors = arg or list(COLORS)
    ctx.color = yield from game.ask(ctx.player, "color", "a heart colour", ("2.1.1.1",),
                                    [Option(c, c, keys=(c,)) for c in colors], source=ctx.source)


VOCAB.define("colors", ListOf(COLOR, min_items=0),
             "Heart colours (2.1.1.1).")


@verb_function("gain", "9.2.1.2", "8.4.11", doc="until the live ends (8.4.11), the members `to` names each gain what "
               "`modify` says (`one: true`: one of them, of your choice)",
               arg=mapping(key("to", "which members (default this member)", MEMBERS),
                           key("one", "only one of them, of your choice", Bool(), default=False),
                           key("modify", "what they gain", Ref("modifier", "MODIFIER"), required=True)))
def gain(game, arg, step, ctx):
    targets = members(game, arg.get("to"), ctx)
    if arg.get("one"):
        targets = yield from choose(game, ctx.player, targets, 1, ctx, ("9.6.3",), "a member")
    modify = continuous.resolve(game, arg["modify"], ctx)
    for m in targets:
        continuous.add_effect(game, m.id, modify, ctx, ("9.2.1.2", "8.4.11") + selector_rules(arg.get("to")))


@verb_function("gain_score", "9.2.1.2", "8.4.2", doc="until the live ends, this live card's score is raised by this "
               "much (8.4.2)", arg=COUNT)
def gain_score(game, arg, step, ctx):
    n = counted(game, arg, ctx)
    continuous.add_effect(game, ctx.card.id, {"score": n}, ctx, ("9.2.1.2", "8.4.2", "2.10"))
    return
    yield


@verb_function("required", "9.2.1.2", "2.11", doc="until the live ends, this live card's required hearts: `less_any` "
               "fewer colourless hearts, or `set` to these (9.9.1.4)",
               arg=mapping(key("less_any", "this many fewer colourless hearts", COUNT),
                           key("set", "these required hearts instead", Ref("heart_counts", "{colour: N}")),
                           at_least_one=("less_any", "set")))
def required(game, arg, step, ctx):
    mod = {}
    if "less_any" in arg:
        mod["required_less_any"] = counted(game, arg["less_any"], ctx)
    if "set" in arg:
        mod["required_set"] = dict(arg["set"])
    continuous.add_effect(game, ctx.card.id, mod, ctx, ("9.2.1.2", "2.11", "9.9.1.4" if "set" in arg else "9.9.1.5"))
    return
    yield


VOCAB.define("heart_counts", mapping(*(key(c, f"{c} hearts", N) for c in (*COLORS, "any"))),
             "Hearts by colour; `any`: colourless (2.1.1.2).")

__all__ = ["card_matches", "members", "counted", "choose", "holds", "run_steps", "Counter"]


@verb_function("at_turn_end", "9.7.5", doc="makes a timed trigger: at the end of this turn (8.4.10) these steps are "
               "played as an automatic ability, once (9.7.5.1), its source this ability's card (9.12.2)", arg=STEPS_T)
def at_turn_end(game, arg, step, ctx):
    game.emit("timed", ("9.7.5", "9.12.2"), ctx.source, player=ctx.player, card=ctx.card.id, number=ctx.card.number,
              index=ctx.ability.index, effect=arg)
    return
    yield


from . import effects_boosters  # noqa: E402,F401  (the conditions and verbs of booster cards: issue 16)
from .effects_cover import (beside_members, facing_member, group_matches, multi_name_rules,  # noqa: E402
                            same_unit, selector_rules)
