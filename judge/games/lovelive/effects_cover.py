"""Verbs, conditions and reading helpers for the rules of chapters 1, 4, 5 and 8 that the first effect
modules left without a card (issue 16): the names and groups of a card named with '&' (2.3.2.1, 2.4.2.1),
areas next to and facing a member (4.5.2.2, 4.5.2.3, 4.5.7.1), the exclusion zone (4.13), 'look at up
to' (5.7.2), 'swap' (5.8), 'put energy beneath a member' (5.10), 'cannot live' (8.3.4.1), one effect
applied to both players (1.3.4.1, 1.3.4.2) and effects that win or lose the game (1.2.4, 1.2.2).

Each verb is declared once with its rules (terms.py) beside the function that carries it out, as in
effects.py; every state change is an event citing its rules."""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from judge.core.decisions import Option

from .effects import card_matches, choose, counted, filter_rules, holds, members, run_step
from .state import AREAS
from .terms import CARD_FILTER, COUNT, GROUPS, N1, STEPS, VOCAB, Bool, Enum, condition, key, mapping, verb_function

AMPERSANDS = ("&", "＆")


# ------------------------------------------------------------------ names and groups of '&' cards
def name_parts(name: str) -> tuple:
    """2.3.2.1: a member card whose name holds '&' has each name the '&' separates (FAQ Q62)."""
    for amp in AMPERSANDS[1:]:
        name = name.replace(amp, AMPERSANDS[0])
    return tuple(p.strip() for p in name.split(AMPERSANDS[0]) if p.strip())


def is_multi_named(d) -> bool:
    return d.kind == "member" and any(a in d.name for a in AMPERSANDS)


def _bare(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace(" ", "").replace("\u3000", "")


@lru_cache(maxsize=None)
def _group_of_name() -> dict:
    """The group of each member name of the card list: the group its cards with that one name print."""
    from .cards import builtin
    out: dict = {}
    for d in builtin().values():
        if d.kind == "member" and d.group and not is_multi_named(d):
            out.setdefault(_bare(d.name), set()).add(d.group)
    return out


def groups_of(d) -> frozenset:
    """2.4.2.1: a member card named with '&' has the group of each of its names (a name's group is the one
    its other cards print); any other card, the group it prints."""
    if not is_multi_named(d):
        return frozenset({d.group}) if d.group else frozenset()
    table = _group_of_name()
    out = {d.group} if d.group else set()
    for part in name_parts(d.name):
        out |= table.get(_bare(part), set())
    return frozenset(out)


def multi_name_rules(cards, flt) -> tuple:
    """The rules a filter reads an '&' card by, when one of `cards` is one: 2.3.2.1 its names, 2.4.2.1 its
    groups (FAQ Q62)."""
    flt = flt or {}
    if not any(is_multi_named(getattr(c, "defn", c)) for c in cards):
        return ()
    return (("2.3.2", "2.3.2.1") if "name" in flt else ()) + (("2.4.2.1",) if "group" in flt else ())


def group_matches(d, group_word: str) -> bool:
    return GROUPS[group_word] in groups_of(d)


def same_unit(a: str, b: str) -> bool:
    """2.5.1: a unit name as printed; full- and half-width spellings of one name are one unit."""
    return _bare(a) == _bare(b)


# ------------------------------------------------------------------ areas: left, right, next to, facing (4.5)
FACING = {"left": "right", "center": "center", "right": "left"}          # 4.5.7.1


def area_of(card):
    return card.zone.name if card is not None and card.zone is not None and card.zone.name in AREAS else None


def beside_areas(area: str, side: str) -> list:
    """4.5.2.2: left side < center < right side; 4.5.2.3: left-center and center-right are next to each other."""
    i = AREAS.index(area)
    left = [AREAS[i - 1]] if i > 0 else []
    right = [AREAS[i + 1]] if i + 1 < len(AREAS) else []
    return {"left": left, "right": right, "either": left + right}[side]


def beside_members(game, ctx, side: str, flt=None) -> list:
    here = area_of(ctx.card)
    if here is None:
        return []
    ps = game.table.players[ctx.card.owner]
    out = [ps.member(a) for a in beside_areas(here, side)]
    return [m for m in out if m is not None and card_matches(game, m, flt, ctx)]


def facing_member(game, ctx):
    """4.5.7 / 4.5.7.1: the member of the other player in the area facing this member's."""
    here = area_of(ctx.card)
    if here is None:
        return None
    return game.table.players[game.other(ctx.card.owner)].member(FACING[here])


def selector_rules(sel) -> tuple:
    sel = sel or {}
    if "beside" in sel:
        return ("4.5.2.2",) if sel["beside"] in ("left", "right") else ("4.5.2.2", "4.5.2.3")
    if sel.get("facing"):
        return ("4.5.7", "4.5.7.1")
    return ()


@condition("facing_member", "4.5.7", "4.5.7.1", doc="the opponent has a member in the area facing this member's, "
           "and it matches `filter` (`costlier`: its cost is higher than this member's)",
           arg=mapping(key("filter", "the member", CARD_FILTER),
                       key("costlier", "its cost (now, 9.9) is higher than this member's", Bool(), default=False)))
def _facing_member(game, arg, ctx):
    from . import continuous
    m = facing_member(game, ctx)
    if m is None or not card_matches(game, m, arg.get("filter"), ctx):
        return False
    return not arg.get("costlier") or continuous.cost(game, m) > continuous.cost(game, ctx.card)


@condition("stage_names_min", "2.3", doc="your stage has at least this many members whose names all differ", arg=N1)
def _stage_names_min(game, n, ctx):
    return len({_bare(m.defn.name) for m in game.table.players[ctx.player].members()}) >= n


@verb_function("move_to_facing", "11.10.1", "11.10.2", "4.5.7", "4.5.7.1",
               doc="you choose a member of your opponent's stage (`filter`) and it moves to the area facing this "
                   "member's (a position change: 11.10); a member there moves to the area it left",
               arg=mapping(key("filter", "which of the opponent's members", CARD_FILTER)))
def move_to_facing(game, arg, step, ctx):
    from .effects import relocate
    here = area_of(ctx.card)
    if here is None:
        return
    to = FACING[here]
    opp = game.other(ctx.player)
    ps = game.table.players[opp]
    fits = [m for m in ps.members() if area_of(m) != to and card_matches(game, m, arg.get("filter"), ctx)]
    picked = yield from choose(game, ctx.player, fits, 1, ctx, ("11.10.1", "4.5.7.1"),
                               "an opponent's member for the area facing this member")
    if not picked:
        return
    m = picked[0]
    frm = area_of(m)
    other = ps.member(to)
    moves = [(m, to, ("11.10.1", "4.5.7", "4.5.7.1"))] + ([(other, frm, ("11.10.2",))] if other is not None else [])
    relocate(game, moves, ctx.source)


# ------------------------------------------------------------------ 6.1.2: deck-building abilities
VOCAB.add("modifier", key("deck_copies", "a deck-building ability: a deck may hold this many copies of this card "
                          "(6.1.2: it replaces 6.1.1.2 for the card; once the game has begun it does nothing, 9.3.2)",
                          N1, "6.1.2", "6.1.1.2"))


def deck_copies(d, default: int) -> int:
    """How many copies of card `d` a deck may hold: 6.1.1.2's number, or its own deck-building ability's (6.1.2).
    Read from the card's printed abilities before the game (the ability works on the deck's building, not in a
    zone of the game)."""
    for ab in getattr(d, "continuous_list", ()):
        n = (ab.raw.get("modify") or {}).get("deck_copies")
        if n is not None:
            return n
    return default


# ------------------------------------------------------------------ 4.1.5: several cards at once, in an order
@verb_function("waiting_room_to_deck", "4.1.5", "4.1.5.1", "5.4.1",
               doc="you put this many cards that match from your waiting room on the top or bottom of your main "
                   "deck at once, in the order you choose (4.1.5), which your opponent does not learn (4.1.5.1)",
               arg=mapping(key("count", "how many (as many as there are, up to it: 9.6.3.1)", N1, required=True),
                           key("filter", "which cards", CARD_FILTER),
                           key("where", "top or bottom", Enum("top", "bottom"), required=True)))
def waiting_room_to_deck(game, arg, step, ctx):
    p = ctx.player
    fits = [c for c in game.table.zone(p, "waiting_room").items if card_matches(game, c, arg.get("filter"), ctx)]
    n = min(arg["count"], len(fits))
    if n == 0:
        game.emit("no_target", ("9.6.3.1", "9.6.3.1.3"), ctx.source, player=p, what="cards of the waiting room")
        return
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in fits]
    rules = ("4.1.5", "4.1.5.1", "9.6.3", "9.6.3.1") + filter_rules(arg.get("filter"))
    # the cards are chosen in public (the waiting room is public, 4.12.2); their order, top first, is the
    # master's alone to know (4.1.5.1): the answer is private
    picked = yield from game.ask(p, "arrange", f"{n} cards of your waiting room for the {arg['where']} of the main "
                                 "deck, in order (top first)", rules, options, many=True, min_pick=n, max_pick=n,
                                 ordered=True, private=p, source=ctx.source)
    cards = [game.cards[i] for i in picked]
    top = arg["where"] == "top"
    for c in (reversed(cards) if top else cards):
        game.move(c, p, "main_deck", ("5.4.1", "4.1.5", "4.1.5.1", "4.1.6", "4.8.2", "9.8.1"), source=ctx.source,
                  bottom=not top)
    ctx.those = cards


# ------------------------------------------------------------------ 4.1.4.1: the effect follows its card
@verb_function("this_card_to_hand", "4.1.4.1", "5.4.1",
               doc="you add this card to your hand from the zone this ability's cost moved it to (4.1.4.1: the effect "
                   "refers to the moved card there); if it has left that zone since, it is a new card (4.1.4) and "
                   "nothing is done", arg=Bool())
def this_card_to_hand(game, arg, step, ctx):
    card = ctx.card
    if ctx.followed is None or card is None or card.zone is not ctx.followed:
        game.emit("not_done", ("4.1.4", "4.1.4.1", "1.3.2"), ctx.source, player=ctx.player,
                  what="this card is no longer where the ability moved it: a new card")
        return
    game.move(card, ctx.player, "hand", ("4.1.4.1", "5.4.1", "9.8.1"), source=ctx.source)
    return
    yield


# ------------------------------------------------------------------ 4.10: a card put in the success live card zone
@verb_function("to_success", "4.10.2", "5.4.1",
               doc="you put a card that matches from your waiting room in your success live card zone, on top "
                   "(4.10.2); a card that cannot be put there is not (1.3.3)",
               arg=mapping(key("filter", "which card", CARD_FILTER)))
def to_success(game, arg, step, ctx):
    from . import continuous
    p = ctx.player
    fits = [c for c in game.table.zone(p, "waiting_room").items if card_matches(game, c, arg.get("filter"), ctx)]
    picked = yield from choose(game, p, fits, 1, ctx, ("4.10.2",) + filter_rules(arg.get("filter")),
                               "a card of your waiting room for your success live card zone")
    for c in picked:
        if continuous.barred_from_success(game, c):
            game.emit("not_done", ("1.3.3", "1.3.2"), ctx.source, player=p,
                      what=f"{c.number} cannot be put in the success live card zone")
            continue
        game.move(c, p, "success", ("5.4.1", "4.10.2", "4.1.6", "9.8.1"), source=ctx.source)
    ctx.those = picked


# ------------------------------------------------------------------ 4.13: the exclusion zone
@verb_function("exclude", "4.13.1", "4.13.2", "5.4.1",
               doc="you remove this many cards that match from your `from` zone from the game: they go to your "
                   "exclusion zone, face up (4.13.2)",
               arg=mapping(key("from", "the zone", Enum("waiting_room", "hand"), required=True),
                           key("filter", "which cards", CARD_FILTER),
                           key("count", "how many", N1, default=1)))
def exclude(game, arg, step, ctx):
    p = ctx.player
    zone = game.table.zone(p, arg["from"])
    fits = [c for c in zone.items if card_matches(game, c, arg.get("filter"), ctx)]
    picked = yield from choose(game, p, fits, arg.get("count", 1), ctx, ("4.13.1", "4.1.6"),
                               f"cards of your {arg['from']} to remove from the game",
                               private=p if arg["from"] == "hand" else None)
    for c in picked:
        game.move(c, p, "exclusion", ("4.13.1", "4.13.2", "4.1.6", "9.8.1"), source=ctx.source)
    ctx.those = picked


# ------------------------------------------------------------------ 5.7.2: look at up to (number)
@verb_function("look_top_up_to", "5.7.2", doc="you look at the top cards of your main deck one at a time, up to "
               "this many, and may stop before each (5.7.2.3); the cards seen are `those` of the next steps",
               arg=COUNT)
def look_top_up_to(game, arg, step, ctx):
    p = ctx.player
    n = counted(game, arg, ctx)
    if n <= 0:                                                           # 5.7.2.1
        game.emit("not_done", ("5.7.2", "5.7.2.1", "1.3.2.2"), ctx.source, player=p, what="look at up to 0 cards")
        ctx.those, ctx.did = [], False
        return
    seen, k = [], 1                                                      # 5.7.2.2: the number is 1
    deck = game.table.zone(p, "main_deck")
    while True:
        go = yield from game.ask(p, "may", f"look at card {k} from the top?", ("5.7.2", "5.7.2.3"),
                                 [Option("yes", True, keys=("yes", "true")), Option("no", False, keys=("no", "false"))],
                                 source=ctx.source)
        if not go:                                                       # 5.7.2.3: the player ends it
            break
        if k > len(deck.items):
            game.emit("not_done", ("1.3.2", "5.7.2.4"), ctx.source, player=p, what="no card left to look at")
            break
        card = deck.items[k - 1]
        seen.append(card)
        game.emit("look", ("5.7.2", "5.7.2.4") + (("5.7.2.2",) if k == 1 else ()) + (("5.7.2.5",) if k >= n else ()),
                  ctx.source, private=p, player=p, cards=[card.number], position=k)
        if k >= n:                                                       # 5.7.2.5: done the number of times
            break
        k += 1                                                           # 5.7.2.5: one more, back to 5.7.2.3
    ctx.those, ctx.did = seen, bool(seen)


# ------------------------------------------------------------------ 5.8: swap
@verb_function("swap_with_hand", "5.8.1", "5.8.2", doc="this member and a card of your hand that matches swap "
               "places (5.8.1): the member goes to your hand and the card to the member's area, at once; when one "
               "of them cannot go to the other's zone, nothing is done (5.8.2)",
               arg=mapping(key("filter", "which card of the hand", CARD_FILTER),
                           key("optional", "'may'", Bool(), default=False)))
def swap_with_hand(game, arg, step, ctx):
    p = ctx.player
    m = ctx.card
    here = area_of(m)
    hand = [c for c in game.table.zone(p, "hand").items if card_matches(game, c, arg.get("filter"), ctx)]
    picked = yield from choose(game, p, hand, 1, ctx, ("5.8.1",), "a card of your hand to swap with this member",
                               up_to=arg.get("optional", False), private=p)
    if not picked:
        ctx.did = False
        return
    card = picked[0]
    # 5.8.2: a member that left the stage has no area to give; only a member card goes in a member area (4.5.1)
    if here is None or card.defn.kind != "member":
        game.emit("not_done", ("5.8.2", "1.3.2"), ctx.source, player=p,
                  what=f"swap {m.number} and {card.number}: one cannot go to the other's zone")
        ctx.did = False
        return
    # at once (5.8.1): the cards beneath the member stay in the area, beneath the card now there (4.5.5)
    game.move(m, p, "hand", ("5.8.1", "9.8.1"), source=ctx.source)
    game.move(card, p, here, ("5.8.1", "9.8.1", "5.4.1"), source=ctx.source)
    ctx.did, ctx.those = True, [m, card]


# ------------------------------------------------------------------ 5.10: energy beneath a member
@verb_function("energy_beneath", "5.10.1", doc="you may put one energy card of your energy zone beneath this member "
               "(5.10.1, 4.5.5); `did` says whether you did",
               arg=mapping(key("optional", "'may'", Bool(), default=True)))
def energy_beneath(game, arg, step, ctx):
    p = ctx.player
    here = area_of(ctx.card)
    energy = list(game.table.zone(p, "energy").items)
    if here is None or not energy:
        game.emit("not_done", ("1.3.2", "5.10.1"), ctx.source, player=p, what="no energy or no member")
        ctx.did = False
        return
    picked = yield from choose(game, p, energy, 1, ctx, ("5.10.1",), "an energy card to put beneath this member",
                               up_to=arg.get("optional", True))
    if not picked:
        ctx.did = False
        return
    game.move(picked[0], p, here, ("5.10.1", "4.5.5", "4.5.5.1", "9.8.1"), source=ctx.source, beneath=True)
    ctx.did = True


# ------------------------------------------------------------------ 8.3.4.1: cannot live
@verb_function("cannot_live", "8.3.4.1", "9.2.1.2", "8.4.11",
               doc="until the live ends, you cannot live: your live cards, turned face up, all go to your "
                   "waiting room (8.3.4.1)", arg=Bool())
def cannot_live(game, arg, step, ctx):
    game.emit("effect", ("9.2.1.2", "8.4.11", "8.3.4.1", "9.12.1", "9.12.2"), ctx.source, player=ctx.player,
              target=ctx.player, number=None, modify={"cannot_live": bool(arg)}, until="live_end")
    return
    yield


def cannot_live_now(game, p: str) -> bool:
    """Whether a continuous effect says player `p` cannot live (8.3.4.1)."""
    return any(e.target == p and e.modify.get("cannot_live") for e in game.ab.effects)


# ------------------------------------------------------------------ 1.3.4: one effect, both players
HIDDEN_CHOICE = {"discard"}        # steps whose choice is of cards of a hidden zone (the hand, 4.11.2)


@verb_function("each_player", "1.3.4", "1.3.4.1", "1.3.4.2",
               doc="you and your opponent each carry out these steps, step by step: a step with no choice at "
                   "once for both, a step with a choice the active player first (1.3.4.1); cards of a hidden zone "
                   "are chosen by both, the active player first, before any is shown or moved (1.3.4.2)",
               arg=STEPS)
def each_player(game, arg, step, ctx):
    from .context import Ctx
    from .terms import verb_of
    active = game.table.turn.player                                     # 7.2: the active player
    order = (active, game.other(active))
    ctxs = {p: Ctx(p, ctx.card, ctx.ability, ctx.event) for p in order}
    for p in order:
        ctxs[p].source = ctx.source
    for s in arg:
        verb = verb_of(s)
        if "if" in s and not holds(game, s["if"], ctx):
            continue
        if verb in HIDDEN_CHOICE:
            # 1.3.4.2: each chooses without showing, the active player first; the cards move after both chose
            picks = {}
            for p in order:
                hand = game.table.zone(p, "hand").items
                n = counted(game, s[verb], ctxs[p])
                picks[p] = yield from choose(game, p, hand, n, ctxs[p], ("5.4.1", "1.3.4", "1.3.4.2"),
                                             "cards of your hand for the waiting room", private=p)
            for p in order:
                for c in picks[p]:
                    game.move(c, p, "waiting_room", ("5.4.1", "1.3.4.2", "9.8.1"), source=ctx.source)
            continue
        game.emit("each_player", ("1.3.4", "1.3.4.1"), ctx.source, player=ctx.player, verb=verb, order=list(order))
        for p in order:                                                  # 1.3.4.1
            yield from run_step(game, {k: v for k, v in s.items() if k != "if"}, ctxs[p])


# ------------------------------------------------------------------ 1.2.4: effects that win or lose
@verb_function("lose_game", "1.2.4", "1.2.1", doc="this player loses the game at once, without waiting for a check "
               "timing (1.2.4): `you`, `opponent`, or `both` (then the game is a draw, 1.2.2)",
               arg=Enum("you", "opponent", "both"))
def lose_game(game, arg, step, ctx):
    p = ctx.player
    if arg == "both":
        game.end_game(None, ("1.2.4", "1.2.2", "1.2.1"), "both players lose at once: a draw", source=ctx.source)
    loser = p if arg == "you" else game.other(p)
    game.end_game(game.other(loser), ("1.2.4", "1.2.1"), f"{loser} loses by an effect", source=ctx.source)
    return
    yield


__all__ = ["groups_of", "group_matches", "multi_name_rules", "same_unit", "selector_rules", "beside_members",
           "facing_member", "cannot_live_now", "VOCAB"]
