"""Continuous abilities (9.1.1.3) and continuous effects with a duration (9.2.1.2): a card's information as it
is now (9.9.1) — blades, hearts, cost, score, required hearts, the total live score — read through them.

A card's printed information is the base (9.9.1.1); effects that set a number apply before those that
add to it (9.9.1.4, 9.9.1.5), each kind in the order the effects began (9.9.1.7: a continuous ability
from when its card was put where it is, 9.9.1.7.1; another from when it was played, 9.9.1.7.2)."""
from __future__ import annotations

from collections import Counter

from .cards import COLORS
from .context import Effect
from .state import AREAS
from .terms import COLOR, COUNT, VOCAB, Bool, Int, ListOf, Ref, Text, key, mapping

for _term in (
        key("blade", "this many more blades (9.9.1.5.1)", COUNT, "2.8", "9.9.1.5.1"),
        key("hearts", "these hearts more (9.9.1.5.1)", Ref("heart_counts", "{colour: N}"), "2.9", "9.9.1.5.1"),
        key("chosen_hearts", "this many hearts of the colour a `choose_color` step chose", Int(minimum=1), "2.9"),
        key("counted_hearts", "hearts of one colour, as many as `count` counts when the effect begins",
            mapping(key("color", "the colour", COLOR, required=True), key("count", "how many", COUNT, required=True)),
            "2.9"),
        key("live_score", "the ability '+this much to your live's total score' (8.4.2)", Int(minimum=1), "8.4.2"),
        key("cost", "its cost changes by this much, not below 0 (9.9.1.5)", Int(), "2.6", "9.9.1.5"),
        key("no_success", "it cannot be put in the success live card zone, wherever it is (9.3.4.1)", Bool(),
            "4.10"),
        key("units", "it is also of these units, wherever it is (9.3.4.1)",
            ListOf(Text("UNIT")), "2.5"),
        key("cost_less", "its cost is this much less, counted as it is now, not below 0 (9.9.1.5)", COUNT, "2.6",
            "9.9.1.5"),
        key("hand_cost_less", "(a continuous ability of a member) the member cards of your hand that match cost "
            "`less` less to play (9.9.1.5)", mapping(key("filter", "which cards (by printed facts)", Ref("card_filter",
                                                                                                      "FILTER")),
                                                     key("less", "how much less", Int(minimum=1), required=True)),
            "2.6", "9.9.1.5"),
        key("printed_blade", "its original blades become this number, before blades are added (9.9.1.4, "
            "FAQ Q195)", Int(minimum=0), "2.8", "9.9.1.4"),
        key("no_member_triggers", "(a continuous ability) the automatic abilities of your members with these "
            "triggers do not trigger (9.7.2)", ListOf(Text("TRIGGER")), "9.7.2"),
        key("all_hearts", "this many ALL hearts more: each a heart of any one colour (2.1.1.3)", Int(minimum=1),
            "2.1.1.3", "9.9.1.5.1"),
        key("no_baton_out", "this member cannot be put in the waiting room by a baton touch (9.6.2.3.2)", Bool(),
            "9.6.2.3.2"),
        key("opponent_required_any", "(a continuous ability of a member) the live cards in the opponent's live card "
            "zone need this many more colourless hearts (9.9.1.5)", Int(minimum=1), "2.11", "9.9.1.5")):
    VOCAB.add("modifier", _term)
del _term


# ------------------------------------------------------------------ effects with a duration
def resolve(game, modify: dict, ctx) -> dict:
    """A modifier as the effect keeps it: counts counted and the chosen colour read when it begins."""
    from .effects import counted
    out = {}
    for k, v in modify.items():
        if k == "blade":
            out["blade"] = counted(game, v, ctx)
        elif k == "chosen_hearts":
            if ctx.color is not None:
                out["hearts"] = {ctx.color: v}
        elif k == "discarded_colours":          # one heart of each colour among the discarded cards' hearts
            colours = {c for card in ctx.discarded for c, n in card.defn.hearts if n and c in COLORS}
            if colours:
                out["hearts"] = {c: v for c in sorted(colours)}
        elif k == "counted_hearts":
            n = counted(game, v["count"], ctx)
            if n:
                out["hearts"] = {v["color"]: n}
        else:
            out[k] = v
    return out


def add_effect(game, target, modify: dict, ctx, rules) -> None:
    """A continuous effect begins; its source is the card of the ability that made it (9.12.1, 9.12.2)."""
    game.emit("effect", tuple(rules) + ("9.12.1", "9.12.2"), ctx.source, player=ctx.player, target=target,
              number=game.cards[target].number if target in game.cards else None, modify=modify, until="live_end")


def on_effect(game, ev) -> None:
    ab = game.ab
    ab.seq += 1
    ab.effects.append(Effect(ev.data["target"], ev.data["modify"], ev.data["until"], ab.seq, ev.source))


def on_effects_end(game, ev) -> None:
    """8.4.11: effects 'until the live ends' and 'this turn' end."""
    game.ab.effects = [e for e in game.ab.effects if e.until not in ("live_end", "turn")]


def on_effect_lost(game, ev) -> None:
    """9.9.2: an effect of a played ability no longer applies to a card that left the member areas."""
    game.ab.effects = [e for e in game.ab.effects if e.target != ev.data["card"]]


def left_stage(game, card, frm: str, to: str) -> None:
    if frm in AREAS and to not in AREAS and any(e.target == card.id for e in game.ab.effects):
        game.emit("effect_lost", ("9.9.2",), "rules", card=card.id, number=card.number)


# ------------------------------------------------------------------ reading information (9.9.1)
def _own_mods(game, card, zone_kind: str, want: str | None = None):
    """The modifiers of the card's own continuous abilities that work now (9.3.4, 11.7-11.9, 9.3.3); with `want`,
    only those that change that information (an ability that changes no cost is not read for the cost, so its
    condition may read costs: 9.9.1.6)."""
    if not card.defn.continuous_list:
        return ()
    return _working_mods(game, card, want)


def _working_mods(game, card, want=None):
    from .abilities import works
    from .context import Ctx
    from .effects import holds
    for ab in card.defn.continuous_list:
        if "modify" not in ab.raw or (want is not None and want not in ab.raw["modify"]) or not works(game, card, ab):
            continue
        ctx = Ctx(card.owner, card, ab)
        if ab.raw.get("while") and not holds(game, ab.raw["while"], ctx):
            continue
        if ab.raw.get("invalid_if") and holds(game, ab.raw["invalid_if"], ctx):
            continue                                                   # 9.3.2
        yield ab.raw["modify"], ctx


def abilities_of(card):
    return getattr(card.defn, "ability_list", ())


def _effect_mods(game, card):
    for e in game.ab.effects:
        if e.target == card.id:
            yield e.modify


_READING: set = set()     # members whose blades are being read now (a computation guard, not game state)


def blade(game, m) -> int:
    """A member's blades now. A continuous ability that counts other members' blades depends on the effects
    that change them (9.9.1.6): reading those blades first applies them first. A cycle of such abilities
    (each counting the other) is read without the abilities on the cycle's way back (9.9.1.7: no order
    between them is given by dependency)."""
    from .effects import counted
    n = m.defn.blade or 0                                           # 9.9.1.1
    for mod in _effect_mods(game, m):                               # 9.9.1.4: 'its original blades become N'
        if "printed_blade" in mod:
            n = mod["printed_blade"]
    if m.id not in _READING:
        _READING.add(m.id)
        try:
            for mod, ctx in _own_mods(game, m, "member"):
                if "blade" in mod:
                    n += counted(game, mod["blade"], ctx)          # 9.9.1.5.1
        finally:
            _READING.discard(m.id)
    for mod in _effect_mods(game, m):
        n += mod.get("blade", 0)
    return max(0, n)


def _depends(mod) -> bool:
    """A modifier whose amount counts members by their blades as they are now (9.9.1.6)."""
    count = mod.get("blade")
    return isinstance(count, dict) and "blade_min" in (count.get("filter") or {})


def hearts(game, m) -> Counter:
    total: Counter = Counter()
    for colour, n in m.defn.hearts:                                 # 9.9.1.1
        total[colour] += n
    for mod, _ in _own_mods(game, m, "member"):
        for colour, n in (mod.get("hearts") or {}).items():
            total[colour] += n
    for mod in _effect_mods(game, m):
        for colour, n in (mod.get("hearts") or {}).items():
            total[colour] += n
    for mod in [mod for mod, _ in _own_mods(game, m, "member")] + list(_effect_mods(game, m)):
        if mod.get("all_hearts"):                                   # 2.1.1.3: ALL hearts
            total["all"] += mod["all_hearts"]
    return total


def cost(game, card) -> int | None:
    base = card.defn.cost
    if base is None:
        return None
    for mod, _ in _own_mods(game, card, "hand", "cost"):
        base += mod.get("cost", 0)
    for mod, ctx in _own_mods(game, card, "hand", "cost_less"):     # 'N less for each ...', counted now (9.9)
        from .effects import counted
        base -= counted(game, mod["cost_less"], ctx)
    if card.zone is not None and card.zone.name == "hand" and card.defn.kind == "member":
        # a continuous ability of a member of its player's stage: member cards of the hand that match cost less
        from .effects import card_matches
        for m in game.table.players[card.owner].members():
            for mod, ctx in _own_mods(game, m, "member", "hand_cost_less"):
                spec = mod.get("hand_cost_less")
                if spec and card_matches(game, card, spec.get("filter"), ctx):
                    base -= spec["less"]
    return max(0, base)


def no_baton_out(game, member) -> bool:
    """A continuous ability of the member: it cannot be put in the waiting room by a baton touch."""
    return any(mod.get("no_baton_out") for mod, _ in _own_mods(game, member, "member", "no_baton_out"))


def live_score(game, p: str) -> int:
    """The '+N to the live's total score' abilities members of `p` gained (8.4.2)."""
    return sum(mod.get("live_score", 0) for m in game.table.players[p].members() for mod in _effect_mods(game, m))


def score(game, live) -> int:
    return (live.defn.score or 0) + sum(mod.get("score", 0) for mod in _effect_mods(game, live))


def required(game, live) -> list:
    """A live card's required hearts now: a `set` first (9.9.1.4), then fewer colourless (9.9.1.5)."""
    req = Counter(dict(live.defn.required))
    mods = list(_effect_mods(game, live))
    for mod in mods:
        if "required_set" in mod:
            req = Counter(mod["required_set"])
    # 9.9.1.5: a continuous ability of an opponent's member making the live cards of its opponent need more
    # colourless hearts (after a `set`: FAQ Q127)
    more = sum(mod.get("opponent_required_any", 0) for m in game.table.players[game.other(live.owner)].members()
               for mod, _ in _own_mods(game, m, "member"))
    if more:
        req["any"] = req.get("any", 0) + more
    for mod in mods:
        if "required_less_any" in mod:
            req["any"] = max(0, req.get("any", 0) - mod["required_less_any"])
    return [(c, n) for c, n in req.items() if n]


def yell_less(game, p: str) -> int:
    """Effects 'your yell reveals N fewer cards' until the live ends (9.2.1.2), on the player."""
    return sum(e.modify.get("yell_less", 0) for e in game.ab.effects if e.target == f"player:{p}")


def units(game, card) -> set:
    out = {card.defn.unit} if card.defn.unit else set()
    for ab in abilities_of(card):
        if ab.kind == "continuous" and ab.raw.get("zone") == "anywhere":
            out.update((ab.raw.get("modify") or {}).get("units") or ())
    return out


def works_rules(card, ab):
    from .abilities import works_rules as rules
    return rules(card, ab)


def barred_from_success(game, card) -> bool:
    """A card whose continuous ability says it cannot be put in the success live card zone (it works anywhere)."""
    return any(ab.kind == "continuous" and ab.raw.get("zone") == "anywhere" and (ab.raw.get("modify") or {}).get(
        "no_success") for ab in abilities_of(card))


def applied(game, p: str) -> tuple:
    """The rules of 9.9 that reading `p`'s members and live cards goes through now (for the event that reads them)."""
    t = game.table
    cards = [*t.players[p].members(), *t.zone(p, "live").items]
    own = any(True for c in cards for _ in _own_mods(game, c, "member"))
    invalid = any(ab.kind == "continuous" and ab.raw.get("invalid_if") for c in cards for ab in abilities_of(c))
    timed = [e for e in game.ab.effects if any(e.target == c.id for c in cards)]
    if not own and not timed:
        return ("9.3.1", "9.3.2") if invalid else ()
    rules = ("9.9.1", "9.9.1.1", "9.9.1.5", "9.9.1.5.1", "9.9.1.7") + (("9.3.1", "9.3.2") if invalid else ())
    if own:
        rules += ("9.1.1.3", "9.1.1.3.1", "9.6.1", "9.9.1.7.1", "9.3.4.2", "3.1.2", "3.1.2.1")   # 3.1.2.1: its master's
        if any(ab.raw.get("while") for c in cards for ab in abilities_of(c) if ab.kind == "continuous"):
            rules += ("9.3.1", "9.3.3")
        if any(ab.position for c in cards for ab in abilities_of(c) if ab.kind == "continuous"):
            rules += tuple(r for c in cards for ab in abilities_of(c) if ab.kind == "continuous" and ab.position
                           for r in works_rules(c, ab))
    if any(_depends(mod) for c in cards for mod, _ in _own_mods(game, c, "member")):
        rules += ("9.9.1.6",)
    if any("live_score" in e.modify for e in timed):
        rules += ("9.9.1.2",)                     # an ability was gained (8.4.2: '+N to the total score')
    if timed:
        rules += ("9.2.1.2", "9.9.1.7.2")
    if any("required_set" in e.modify for e in timed):
        rules += ("9.9.1.4", "9.9.1.4.1")
    return rules


__all__ = ["blade", "hearts", "cost", "score", "required", "live_score", "units", "applied", "COLORS"]
