"""Selectors and conditions of the effect language: which holomems, which cards, whether it holds.

A holomem selector is a word or a mapping:
  this | center | collab | back | stage | opponent_center | opponent_collab | opponent_back | opponent_stage
  | moved (the holomems an earlier step of this effect put onto the stage, followed there: 4.1.4.1)
  {where: back, who: own, name: AZKi, color: green, bloom_level: [1st, 2nd], other_than_this: true,
   has_cheer: true, rested: false, bloomed_this_turn: true}
A card filter: {type: holomem, sub_type: tool, bloom_level: [1st, 2nd], buzz: false, limited: true,
                name: [ときのそら, AZKi], color: green}
"""
from __future__ import annotations

from ....core.errors import NotRunnable

WHERE = ("this", "center", "collab", "back", "stage", "attached_to", "moved")


def holomems(game, spec, ctx) -> list:
    """The holomems a selector names now, in stage order."""
    if isinstance(spec, str):
        who = "opponent" if spec.startswith("opponent_") else "own"
        spec = {"where": spec.replace("opponent_", ""), "who": who}
    spec = dict(spec)
    p = ctx["player"] if spec.get("who", "own") == "own" else game.other(ctx["player"])
    where = spec.get("where", "stage")
    if where in ("this", "attached_to"):
        found = [ctx["holomem"]] if ctx.get("holomem") is not None else []
    elif where == "center":
        found = [game.center(p)]
    elif where == "collab":
        found = [game.collab_holomem(p)]
    elif where == "back":
        found = game.back(p)
    elif where == "stage":
        found = game.stage(p)
    elif where == "moved":
        # 4.1.4.1: a card that moved to the stage is a new card there (4.1.4), but an effect that
        # clearly refers to the moved card itself in its new zone refers to it as that card: the
        # holomem each card put out by an earlier step of this effect now is, wherever it went.
        found = [c.holder for c in ctx.get("moved_cards") or () if c.holder is not None and c in c.holder.cards]
        found = [s for s in found if s.zone is not None]
        cited = ctx.setdefault("followed", set())        # cited once per holomem in the effect
        for s in found:
            if id(s) not in cited:
                cited.add(id(s))
                game.emit("refer_moved", ("4.1.4.1", "4.1.4"), ctx.get("moved_source"), holomem=game.snap(s),
                          number=s.top.number)
    else:
        raise NotRunnable(f"holomem selector '{where}' is not in the effect language")
    found = [s for s in found if s is not None and s.zone is not None]
    return [s for s in found if holomem_matches(game, s, spec, ctx)]


def holomem_matches(game, s, spec, ctx) -> bool:
    if "name" in spec:
        wanted = set(_list(spec["name"]))
        if not wanted & game.names(s):
            return False
        if game.top_def(s).name not in wanted:      # matched through an "also treated as" name
            ctx.setdefault("cited", set()).add("2.11.2.3")
    if "tag" in spec and not set(_list(spec["tag"])) & set(game.top_def(s).tags):   # 2.6.2
        return False
    if "color" in spec and _list(spec["color"]) == ["all"]:
        if not game.colors(s):          # 2.4.2.3: 'all colours' excludes colourless
            return False
    elif "color" in spec and not set(_list(spec["color"])) & game.colors(s):
        return False
    if "bloom_level" in spec and game.bloom_level(s) not in _list(spec["bloom_level"]):
        return False
    if spec.get("other_than_this") and s is ctx.get("holomem"):
        return False
    if "has_cheer" in spec and bool(game.cheers(s)) != spec["has_cheer"]:
        return False
    if "rested" in spec and bool(s.flags.get("rested")) != spec["rested"]:      # 4.3.2
        return False
    if "bloomed_this_turn" in spec and (s.flags.get("bloomed_turn") == game.turn_number) != spec["bloomed_this_turn"]:
        return False                                                            # 8.3.2, 5.28.1
    return True


def card_matches(defn, spec: dict, cited: set | None = None) -> bool:
    """A card filter (2.15: 'a <information> card' is a card whose information has that content).
    `cited` collects 2.11.2.3 when a name matched only through an "also treated as" name."""
    if not spec:
        return True
    if "name" in spec and cited is not None and defn.name not in _list(spec["name"]) \
            and set(_list(spec["name"])) & defn.names:
        cited.add("2.11.2.3")
    if "type" in spec and defn.type not in _list(spec["type"]):
        return False
    if "sub_type" in spec and defn.sub_type not in _list(spec["sub_type"]):
        return False
    if "bloom_level" in spec and defn.bloom_level not in _list(spec["bloom_level"]):
        return False
    if "buzz" in spec and defn.buzz != spec["buzz"]:
        return False
    if "limited" in spec and defn.limited != spec["limited"]:
        return False
    if "name" in spec and not set(_list(spec["name"])) & defn.names:
        return False
    if "tag" in spec and not set(_list(spec["tag"])) & set(defn.tags):            # 2.6.2
        return False
    if "color" in spec and _list(spec["color"]) == ["all"]:
        if not defn.colors:             # 2.4.2.3: 'all colours' excludes colourless
            return False
    elif "color" in spec and not set(_list(spec["color"])) & defn.colors:
        return False
    return True


def holds(game, cond: dict, ctx) -> bool:
    """A condition: every key must hold."""
    p = ctx["player"]
    for key, arg in cond.items():
        if key == "stage_has":          # 2.1.2: 〈name〉 means a card with that card name
            if not holomems(game, {"where": "stage", **arg}, ctx):
                return False
        elif key == "center_is":        # "when collabing with 〈name〉": the centre holomem
            if not holomems(game, {"where": "center", **arg}, ctx):
                return False
        elif key == "attached_to":      # 5.19.1: ◆ an ability added while attached to such a holomem
            s = ctx.get("holomem")
            if s is None or not holomem_matches(game, s, arg, ctx):
                return False
        elif key == "position":         # 4.7.4, 4.8.4, 4.9.3: this holomem is at that position now
            s = ctx.get("holomem")
            if s is None or s.zone is None or s.zone.name not in _list(arg):
                return False
        elif key == "hand_other_min":   # "only if you have N or more other cards in hand"
            if _hand_others(game, p, ctx) < int(arg):
                return False
        elif key == "hand_other_max":
            if _hand_others(game, p, ctx) > int(arg):
                return False
        elif key == "zone_has":         # {zone: archive, filter: {type: cheer}}
            zone = game.zone(p, arg["zone"])
            if not any(card_matches(c.defn, arg.get("filter") or {}) for c in zone.items):
                return False
        elif key == "turn":             # 7.1.1: own | opponent (whose turn it is, for this ability's player)
            mine = game.turn_player == p
            if (arg == "own") != mine:
                return False
        elif key == "stage_cheer":      # at least N cheer on your stage
            if sum(len(game.cheers(s)) for s in game.stage(p)) < int(arg):
                return False
        elif key == "oshi_is":          # your oshi holomem has that name (2.1.2)
            oshi = game.oshi(p)
            if oshi is None or not set(_list(arg.get("name"))) & oshi.defn.names:
                return False
        else:
            raise NotRunnable(f"condition '{key}' is not in the effect language")
    return True


CONDITIONS = ("stage_has", "center_is", "attached_to", "position", "hand_other_min", "hand_other_max",
              "zone_has", "turn", "stage_cheer", "oshi_is")
POSITION_RULES = {"center": "4.7.4", "collab": "4.8.4", "back": "4.9.3"}


def condition_rules(cond) -> tuple:
    """The rules a condition applies, cited when an ability that has it triggers or is used."""
    out = []
    for key, arg in (cond or {}).items():
        if key == "attached_to":        # 5.17.1: attached = in its zone and associated with it
            out += ["5.19.1", "5.17.1"]
        elif key == "turn":
            out.append("7.1.1")
        elif key == "position":
            out += [POSITION_RULES[w] for w in _list(arg) if w in POSITION_RULES]
        if isinstance(arg, dict) and "name" in arg:   # 2.1.2: 〈name〉 means a card with that card name
            out.append("2.1.2")
        if isinstance(arg, dict) and "tag" in arg:    # 2.6.1-2.6.2: tags mean nothing but what text reads
            out += ["2.6.1", "2.6.2"]
        if isinstance(arg, dict) and _list(arg.get("color", [])) == ["all"]:
            out.append("2.4.2.3")
    return tuple(out)


def _hand_others(game, p, ctx) -> int:
    """Cards in hand not counting the card being played."""
    hand = game.zone(p, "hand").items
    return len(hand) - (1 if ctx.get("card") in hand else 0)


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]
