"""Which abilities are valid, and where (10.3), and abilities named by name (10.1.3).

A card's abilities work only where its card type says (10.3.4):

* a holomem card: on the stage, as the top card of its holomem (10.3.4.1) — not in the hand,
  not stacked under a bloomed card;
* a tool, mascot or fan: attached on the stage (10.3.4.2);
* an oshi holomem card: in its oshi position (10.3.4.3, 12.2.1: its oshi stage skills);
* an ability that says where it works (`zone: hand`, `zone: archive`): only there (10.3.4.3).

An ability that is valid can still be made invalid by a continuous effect (`invalidate`,
continuous.py): it still exists but produces no effect and asks no choice (10.3.2). An
invalidation naming an ability (`{name: X}`) covers every ability of that name (10.1.3.1).
"""
from __future__ import annotations

ATTACHABLE = ("tool", "mascot", "fan")
# Hidden or public zones in which a card may hold an ability that says it works there (10.3.4.3).
OTHER_ZONES = ("hand", "archive")


def ability_name(ab) -> set:
    """10.1.3: the names an ability is known by (Japanese and English)."""
    return {n for n in (ab.get("name"), ab.get("name_en")) if n}


_OFF_STAGE: dict = {}


def _works_off_stage(defn) -> bool:
    """Whether some ability of the card says it works in the hand or the archive (memoised per card)."""
    key = id(defn)
    hit = _OFF_STAGE.get(key)
    if hit is None or hit[0] is not defn:
        hit = _OFF_STAGE[key] = (defn, any(ab.get("zone") for ab in defn.abilities))
    return hit[1]


_KEYS: dict = {}


def ability_keys(defn) -> frozenset:
    """What kinds of ability a card has, as index keys (memoised per card): each ability's kind,
    for an automatic ability what it waits for (`auto.moved`, `auto.used`, `auto.state`,
    `auto.<trigger>`: 10.8.2, 10.8.4, 10.8.6, 10.7.2.5.4), and for a continuous ability each key it
    has (`continuous.prohibit`, `continuous.require`: 1.3.3, 1.3.2.3)."""
    key = id(defn)
    hit = _KEYS.get(key)
    if hit is None or hit[0] is not defn:
        keys = set()
        for ab in defn.abilities:
            kind = ab.get("kind")
            keys.add(kind)
            if kind == "auto":
                keys.update("auto." + k for k in ("moved", "used", "state", "holomem") if ab.get(k))
                if ab.get("trigger"):
                    keys.add("auto." + ab["trigger"])
            elif kind == "continuous":
                keys.update("continuous." + k for k in ab)
        hit = _KEYS[key] = (defn, frozenset(keys))
    return hit[1]


def names_match(ab, spec) -> bool:
    """10.1.3.1: a reference to an ability by name refers to every ability with that name."""
    wanted = spec if isinstance(spec, (list, tuple)) else [spec]
    return bool(ability_name(ab) & set(wanted))




def in_game(game, key) -> bool:
    """Whether some card in this game has an ability of this kind (`ability_keys`). Cards only
    join the game at set-up, so the answer is kept per card count: a scan for abilities that
    no card of the game has is skipped whole."""
    index = game._ability_index
    if index[0] != len(game.cards):
        keys = set()
        for defn in {id(c.defn): c.defn for c in game.cards.values()}.values():
            keys |= ability_keys(defn)
        index = game._ability_index = (len(game.cards), keys)
    return key in index[1]


def ability_holders(game, player):
    """(card, holomem) whose abilities may be valid now, on `player`'s side: the top card of each
    holomem and the tools, mascots and fans attached to it (10.3.4.1, 10.3.4.2), the oshi
    (10.3.4.3, 12.2.1; holomem None), and cards whose abilities say they work in the hand or
    the archive (10.3.4.3). The list only changes with the state, so it is kept per state version."""
    cache = game.holders_cache
    hit = cache.get(player)
    if hit is not None and hit[0] == game.state_version:
        return hit[1]
    out = []
    for stack in game.stage(player):
        out.append((stack.top, stack))
        for card in stack.attached:
            if card.defn.type == "support" and card.defn.sub_type in ATTACHABLE:
                out.append((card, stack))
    oshi = game.oshi(player)
    if oshi is not None:
        out.append((oshi, None))
    off_stage = game.off_stage_cards
    if off_stage is None or off_stage[0] != len(game.cards):   # cards only join at set-up
        off_stage = game.off_stage_cards = (len(game.cards),
                                             [c for c in game.cards.values() if _works_off_stage(c.defn)])
    zones = [game.zone(player, z) for z in OTHER_ZONES]
    for card in off_stage[1]:
        if card.zone in zones:
            out.append((card, None))
    cache[player] = (game.state_version, out)
    return out


def valid_abilities(game, card, stack=None, kinds=None, wanted=None):
    """The abilities of `card` that work where it is now (10.3.4) and are not made invalid (10.3.2).
    `wanted(ab)`: the abilities looked for; one of them that is invalid is noted in the trace: it
    exists, but does nothing and asks nothing (10.3.2)."""
    for ab in card.defn.abilities:
        if kinds is not None and ab.get("kind") not in kinds:
            continue
        if wanted is not None and not wanted(ab):
            continue
        if not valid_where(game, card, ab, stack):
            continue
        why = continuous.invalidated(game, card, ab, stack)
        if why:
            if wanted is not None:
                game.emit("ability_invalid", ("10.3.1", "10.3.2", "10.10.1.2") + tuple(why[1:]), why[0],
                          card=card.number, ability=ab.get("name_en") or ab.get("name") or ab.get("kind"))
            continue
        yield ab


def valid_where(game, card, ab, stack) -> bool:
    """10.3.4: the zone an ability works in, by its card type or by its own text (10.3.4.3)."""
    zone = card.zone
    if zone is None:
        return False
    named = ab.get("zone")
    if named is not None:
        where = "stage" if zone.name in ("center", "collab", "back") else zone.name
        return where in (named if isinstance(named, (list, tuple)) else [named])
    kind = card.defn.type
    if kind == "holomem":                                   # 10.3.4.1
        return stack is not None and stack.zone is not None and card is stack.top
    if kind == "support":                                   # 10.3.4.2
        return stack is not None and stack.zone is not None and card in stack.attached
    if kind == "oshi":                                      # 10.3.4.3, 12.2.1
        return zone.name == "oshi"
    return False


def validity_rules(card, ab) -> tuple:
    """The rules that made an ability valid where it acted, cited with what it does."""
    if ab.get("zone") is not None:
        return ("10.3.4", "10.3.4.3")
    kind = card.defn.type
    if kind == "holomem":
        return ("10.3.4", "10.3.4.1")
    if kind == "support":
        return ("10.3.4", "10.3.4.2")
    if kind == "oshi":
        return ("10.3.4", "10.3.4.3", "12.2.1")
    return ()


def continuous_holding(game, stack, keys):
    """The continuous abilities carrying `keys` (a key, or a tuple: any of them) of a holomem's
    cards (its top card and the cards attached to it, valid there: 10.3.4, 10.3.2) whose condition
    holds now (1.3.1), as (ability, context) pairs."""
    from .select import holds                   # (select reads this module)
    keys = (keys,) if isinstance(keys, str) else keys
    for card in [stack.top, *stack.attached]:
        for ab in valid_abilities(game, card, stack, ("continuous",)):
            if any(ab.get(k) is not None for k in keys):
                ctx = {"player": stack.owner, "holomem": stack, "card": card}
                if holds(game, ab.get("condition") or {}, ctx):
                    yield ab, ctx


from . import continuous  # noqa: E402  (last: continuous reads this module's functions at import)
