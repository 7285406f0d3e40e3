"""References to things on the board (`A.center`, `A.back.1`, `$name`, `A:hSD01-009`) and
the readable paths of `then` checks (`B.center.damage`, `A.hand.count`)."""
from __future__ import annotations

import re

from ...core.errors import InputError, closest
from ...core.state import Card, Stack, plain  # noqa: F401  (plain: part of this module's API)
from ...core.text import norm

ZONE_NAMES = ("hand", "deck", "cheer_deck", "life", "archive", "holopower", "oshi")
POSITIONS = ("center", "collab", "back")
PLAYER_FACTS = ("collabed", "limited_played", "oshi_skill_used", "baton_passed")
HOLOMEM_ATTRS = ("card", "name", "damage", "hp", "max_hp", "rested", "cheer", "stack", "under", "attached",
                 "position", "bloom_level", "colors", "bloomed_this_turn", "placed_this_turn", "count",
                 "known_to")
_NUMBERED = re.compile(r"^(A|B):(.+)$")


class RefError(InputError):
    pass


def resolve_holomem(game, ref: str, path=()) -> Stack:
    """The holomem a reference names now; RefError with the closest valid references."""
    thing = resolve_thing(game, str(ref), path)
    if type(thing) is not Stack:
        raise RefError(f"'{ref}' is not a holomem on the stage now", path=path,
                       expected="a holomem reference such as A.center, A.back.1, $name, A:hSD01-009",
                       suggestions=closest(str(ref), known_refs(game)))
    return thing


def known_refs(game) -> list[str]:
    out = []
    for p in game.PLAYERS:
        out += [game.position(s) for s in game.stage(p)]
        out += [f"{p}.{z}" for z in ZONE_NAMES]
    out += ["$" + a for a in game.aliases]
    return out


def resolve_thing(game, ref: str, path=()):
    """A holomem (Stack), a card, a zone, or None for an empty position."""
    if ref.startswith("$"):
        name = ref[1:]
        if name not in game.aliases:
            raise RefError(f"unknown name '{ref}'", path=path, expected="a name given with `as:`",
                           suggestions=["$" + s for s in closest(name, game.aliases)])
        return game.aliases[name]
    m = _NUMBERED.match(ref)
    if m and "." not in m.group(2):
        p, number = m.groups()
        found = [s for s in game.stage(p) if norm(number) in s.top.defn.keys]
        if len(found) == 1:
            return found[0]
        if not found:
            raise RefError(f"no holomem {number} on {p}'s stage", path=path,
                           suggestions=closest(ref, known_refs(game)))
        raise RefError(f"'{ref}' is ambiguous: {len(found)} holomems of that number on {p}'s stage "
                       f"({', '.join(game.position(s) for s in found)})", path=path,
                       expected="a position such as A.back.1 or a `$name`")
    parts = ref.split(".")
    if parts[0] not in game.PLAYERS:
        raise RefError(f"unknown reference '{ref}'", path=path,
                       expected="A.… or B.…, $name, or A:CARD-NUMBER",
                       suggestions=closest(ref, known_refs(game)))
    p = parts[0]
    if len(parts) == 2 and parts[1] in ("center", "collab"):
        return game.holomem_at(p, parts[1])
    if len(parts) == 3 and parts[1] == "back" and parts[2].isdigit():
        back = game.back(p)
        i = int(parts[2])
        if not 1 <= i <= len(back):
            raise RefError(f"{p} has {len(back)} back holomems; there is no {ref}", path=path,
                           suggestions=closest(ref, known_refs(game)))
        return back[i - 1]
    if len(parts) == 2 and (parts[1] in ZONE_NAMES or parts[1] == "back"):
        return game.zone(p, parts[1])
    if len(parts) == 2 and parts[1] == "resolution":
        return game.resolution            # 4.16.1: one zone both players share (A.resolution is B.resolution)
    raise RefError(f"unknown reference '{ref}'", path=path, expected="a position, a zone or a name",
                   suggestions=closest(ref, known_refs(game)))


# ----------------------------------------------------------------- paths
def read_path(game, path: str, where=()):
    """The value of a `then` path now."""
    parts = path.split(".")
    # Longest prefix that is a reference: "A.back.1.damage" -> ("A.back.1", ["damage"])
    for cut in range(min(3, len(parts)), 0, -1):
        head = ".".join(parts[:cut])
        if head in ("A", "B") and cut == 1:
            return _player_attr(game, head, parts[1:], path, where)
        try:
            thing = resolve_thing(game, head, where)
        except RefError:
            if cut == 1:
                raise
            continue
        return _attr(game, thing, parts[cut:], path, where)
    raise RefError(f"unknown path '{path}'", path=where)


def _player_attr(game, p, rest, path, where):
    if not rest:
        raise RefError(f"'{path}' names a player, not a value", path=where)
    key = rest[0]
    if key == "life_damage":
        return game.life_damage[p]
    if key in PLAYER_FACTS:
        return game.facts[p][key]
    if key == "sp_oshi_skill_used":
        return game.game_facts[p]["sp_oshi_skill_used"]
    if key == "stage":
        return _attr(game, game.stage(p), rest[1:], path, where)
    if key == "redraws":
        return game.redraws[p]
    raise RefError(f"unknown path '{path}'", path=where,
                   expected="a position, zone or fact of the player",
                   suggestions=closest(key, POSITIONS + ZONE_NAMES + PLAYER_FACTS +
                                       ("life_damage", "stage", "sp_oshi_skill_used", "redraws")))


def _attr(game, thing, rest, path, where):
    if not rest:
        return thing
    key, more = rest[0], rest[1:]
    if key == "count":
        if thing is None:
            return 0
        if type(thing) is Stack:
            return 1
        return len(list(_items(thing)))
    if key == "known_to":                 # A.hand.known_to.B: the cards B may know (4.1.2, 4.2)
        if not more or more[0] not in game.PLAYERS:
            raise RefError(f"'{path}': known_to needs a player, e.g. A.hand.known_to.B", path=where)
        seen = [c for c in _cards(thing) if known(game, c, more[0])]
        return _attr(game, seen, more[1:], path, where)
    if key.isdigit() and type(thing) is not Stack and thing is not None:
        # A.life.1: the top card of an ordered zone (A.center.stack.1: the bottom card of a holomem),
        # as a one-card list so that a check matches it by number, name or cheer colour.
        items = list(_items(thing))
        if not 1 <= int(key) <= len(items):
            raise RefError(f"'{path}': there is no item {key} (it holds {len(items)})", path=where)
        return _attr(game, items[int(key) - 1:int(key)], more, path, where)
    if type(thing) is Stack:
        value = _holomem_attr(game, thing, key, path, where)
        return _attr(game, value, more, path, where)
    if isinstance(thing, Card):
        if key == "card":
            return thing.number
        if key == "zone":
            return thing.zone.label if thing.zone else None
        if key == "name":
            return thing.defn.name
    if thing is None:
        return None
    raise RefError(f"unknown path '{path}': '{key}' cannot be read here", path=where,
                   suggestions=closest(key, HOLOMEM_ATTRS))


def _cards(thing) -> list:
    """Every card in a zone, a holomem or a list (a holomem's own cards and its attached cards)."""
    out = []
    if thing is None:             # an empty position holds no card
        return out
    for item in ([thing] if type(thing) is Stack or isinstance(thing, Card) else _items(thing)):
        out += item.all_cards() if type(item) is Stack else [item]
    return out


def known(game, card, player) -> bool:
    """Whether `player` may know which card this is. A face-up card in a public zone is known to
    all (4.1.2.1, 4.2.2); otherwise the trace decides: the last event that carried the card names
    it only to the player it is private to (4.2.3), and a shuffle of its zone hides it from all."""
    zone = card.zone
    if card.face_up and (zone is None or zone.public):
        return True
    if zone is not None and not zone.public and player in game.viewers(zone):   # 4.13.2: own hand
        return True
    trace = game.trace
    for i in range(len(trace) - 1, -1, -1):
        ev = trace[i]
        if ev.kind == "shuffle" and ev.data.get("zone") is zone:
            return False
        if ev.data.get("card") is card:
            if ev.private is None or ev.private == player:
                return True
            prev = trace[i - 1] if i else None          # revealed to all just before it moved (5.11)
            return (prev is not None and prev.kind == "reveal" and prev.private is None
                    and card.number in (prev.data.get("cards") or ()))
    return player in game.viewers(zone)


def _items(thing):
    if hasattr(thing, "items") and not isinstance(thing, (list, dict)):
        return thing.items
    return thing


def _holomem_attr(game, s, key, path, where):
    if key == "card":
        return s.top.number
    if key == "name":
        return s.top.defn.name
    if key == "damage":
        return s.damage
    if key == "hp":
        return game.hp(s)
    if key == "max_hp":
        return game.max_hp(s)
    if key == "rested":
        return bool(s.flags.get("rested"))
    if key == "cheer":
        return game.cheers(s)
    if key == "stack":
        return list(s.cards)
    if key == "under":                    # 4.4.8: its stacked holomems, the cards under the top one
        return list(s.cards[:-1])
    if key == "attached":
        return game.supports(s)
    if key == "position":
        return game.position(s)
    if key == "bloom_level":
        return game.bloom_level(s)
    if key == "colors":
        return sorted(game.colors(s))
    if key == "bloomed_this_turn":
        return s.flags.get("bloomed_turn") == game.turn_number
    if key == "placed_this_turn":
        return s.flags.get("placed_turn") == game.turn_number
    raise RefError(f"unknown holomem attribute '{key}' in '{path}'", path=where,
                   expected="one of " + ", ".join(HOLOMEM_ATTRS), suggestions=closest(key, HOLOMEM_ATTRS))


def card_matches(card, expected) -> bool:
    """A card matches a card number, a name, or (for cheer) a colour."""
    e = norm(expected)
    if e in card.defn.keys:
        return True
    return card.defn.type == "cheer" and str(expected) in card.defn.colors


