"""Specific terms (5) that act on cards in zones: turn face up or down (5.3), draw up to N (5.7.3),
look at a zone (5.8), reveal from a zone other than a deck (5.11.1), put out onto the stage (5.13).

    - flip: {zone: life, count: 1, face: up}        # 5.3.1: the top N cards of one of your zones
    - draw_up_to: 3                                 # 5.7.3
    - draw_until_hand: 4                            # 5.7.1, 5.7.2: until the hand holds 4
    - look: {zone: hand, who: opponent}             # 5.8.1: every card of a hidden zone
    - reveal: {from: hand, count: 1, filter: {..}}  # 5.11.1
    - put_out: {from: deck, filter: {bloom_level: debut}, to: back}   # 5.13.1
"""
from __future__ import annotations

from ....core.errors import NotRunnable
from ....core.terms import Bool, Either, Enum, Int
from .. import boardrules
from ..terms import CARD_FILTER, N, N1, PLAYER_ZONES, WHO, key, mapping, verb_function
from ..game import STAGE_LIMIT
from ..events import on_event
from . import prohibit
from .select import card_matches
from . import verbs
from . import zones


def _zone_of(game, arg, ctx, key="zone"):
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    return game.zone(p, arg.get(key, "deck"))

# ------------------------------------------------------------------ 5.3
@verb_function("flip", "5.3.1", doc="turn the top cards of a zone face up (everyone sees them) or face down (nobody "
               "does); they stay where they are", group="rule5", arg=mapping(
                   key("zone", "the zone", Enum(*PLAYER_ZONES), default="deck"),
                   key("count", "how many from the top", N1, default=1),
                   key("face", "up or down", Enum("up", "down"), default="up"),
                   key("who", "whose zone", WHO, default="own")))
def flip(game, arg, step, ctx, source):
    """5.3.1: turn the top N cards of a zone face up (everyone sees them) or face down (nobody
    does). The card stays where it is; moving it later gives it its new zone's face (4.1.2.1)."""
    zone = _zone_of(game, arg, ctx)
    up = arg.get("face", "up") == "up"
    cards = zone.items[:int(arg.get("count", 1))] if zone.ordered else list(zone.items)
    for card in cards:
        game.emit("flip", ("5.3.1",), source, private=None if up else boardrules.NOBODY, card=card,
                  number=card.number if up else "", where=zone.label, face_up=up)
    return
    yield  # pragma: no cover


@on_event("flip")
def _apply_flip(game, ev):
    ev.data["card"].face_up = ev.data["face_up"]

# ---------------------------------------------------------------- 5.7.1 from the bottom
@verb_function("draw_from_bottom", "5.7.1", "5.7.2", "1.3.1", doc="draw N cards from the bottom of the deck, one at a "
               "time, the bottom card first ('デッキを下から2枚引く', Q588: the card text prevails over 5.7.1's top card, "
               "1.3.1); an empty deck draws nothing", arg=N, group="rule5")
def draw_from_bottom(game, n, step, ctx, source):
    """5.7.2 with 1.3.1: N draws, each of the deck's bottom card (Q588: the bottom card is drawn first)."""
    for _ in range(int(n)):
        if prohibit.prohibited(game, "draw", ctx["player"], source):        # 1.3.3: the prohibition wins
            break
        if not game.draw(ctx["player"], ("5.7.2", "5.7.1", "1.3.1"), source, bottom=True):
            game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
            break
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- 5.7.3
@verb_function("draw_up_to", "5.7.3", doc="draw up to N cards, one at a time, the player may stop before each; "
               "N ≤ 0 draws nothing", arg=Int(variable="X"), group="rule5")
def draw_up_to(game, n, step, ctx, source):
    """5.7.3: draw up to N cards, one at a time, the player may stop before each."""
    p, n = ctx["player"], int(n)
    if n <= 0:                                            # 5.7.3.1
        game.emit("nothing", ("5.7.3", "5.7.3.1"), source, why=f"up to {n} cards")
        return
    drawn = 0
    while True:
        if prohibit.prohibited(game, "draw", p, source):               # 1.3.3: the prohibition wins
            return
        go = yield from verbs.may(game, p, source, ("5.7.3", "5.7.3.2"), f"draw a card ({drawn} of up to {n})?")
        if not go:                                        # 5.7.3.2: the player ends it
            game.emit("nothing", ("5.7.3.2",), source, player=p, why=f"stopped after {drawn}")
            return
        if not game.draw(p, ("5.7.3.3", "5.7.1"), source):  # 1.3.2: an empty deck draws nothing
            game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
            return
        drawn += 1
        if drawn >= n:                                    # 5.7.3.4
            game.emit("nothing", ("5.7.3.4",), source, player=p, why=f"drew {drawn}, the most allowed")
            return


# 'draw until your hand has N cards': draw_until_hand (effects/cardpool.py: N may be counted, 'per')

# 'put the top card of your deck into holo power': holopower_from_deck (effects/cardpool.py)

# ------------------------------------------------------------------ 5.8
def look_at(game, player, cards, zone, rules, source):
    """The player learns each card (5.8.1, 5.9): one private event per card, so the trace says
    who knows which card (4.2.3)."""
    for card in cards:
        game.emit("look", rules, source, private=player, player=player, card=card, number=card.number,
                  where=zone.label)


@verb_function("look", "5.8.1", doc="the player sees every card of a hidden zone (the trace names each card to that "
               "player only)", group="rule5", arg=mapping(
                   key("zone", "the hidden zone", Enum("hand", "deck", "cheer_deck", "life", "holopower"), default="deck"),
                   key("who", "whose zone", WHO, default="own")))
def look(game, arg, step, ctx, source):
    """5.8.1: a player looks at a hidden zone: they see every card in it."""
    zone = _zone_of(game, arg, ctx)
    if zone.public:
        raise NotRunnable(f"{source}: 'look' is for a hidden zone (5.8.1), {zone.label} is public")
    look_at(game, ctx["player"], list(zone.items), zone, ("5.8.1",), source)
    return
    yield  # pragma: no cover

# ----------------------------------------------------------------- 5.11
@verb_function("reveal", "5.11.1", doc="reveal cards of a zone other than a deck: both players see them; they stay "
               "there", group="rule5", arg=mapping(
                   key("from", "the zone", Enum("hand", "archive", "holopower", "life"), required=True),
                   key("count", "how many (`all`: every matching card)", Either(N1, Enum("all")), default=1),
                   key("filter", "only cards matching it", CARD_FILTER),
                   key("who", "whose zone", WHO, default="own")))
def reveal(game, arg, step, ctx, source):
    """5.11.1: reveal cards of a zone other than a deck: everyone may see them. They stay there."""
    p = ctx["player"]
    zone = _zone_of(game, arg, ctx, "from")
    if zone.name in ("deck", "cheer_deck"):
        raise NotRunnable(f"{source}: revealing from {zone.label} is 5.11.2 (the 'take' verb)")
    pool = [c for c in zone.items if card_matches(c.defn, arg.get("filter") or {}, ctx.setdefault("cited", set()))]
    count = arg.get("count", 1)
    n = len(pool) if count == "all" else int(count)
    picked = pool if count == "all" else (yield from verbs.choose_cards(game, 
        p, pool, ctx, source, ("5.11.1", "10.7.2.3.1"), prompt="cards to reveal", min_pick=n, max_pick=n))
    for card in picked:
        game.emit("reveal", ("5.11.1",), source, player=p, card=card, cards=[card.number])
    ctx["revealed"] = list(picked)

# ----------------------------------------------------------------- 5.13
@verb_function("put_out", "5.13.1", "4.6.3", "4.6.2.1", "4.4.6.1", doc="put holomem cards out onto the stage as new "
               "holomems (placed this turn, 8.3.2); from a deck they are revealed and may not be found; more than "
               "the stage has room for: its player chooses which move, the rest stay where they were; a later step "
               "refers to them with the selector `moved` (4.1.4.1)", group="rule5", arg=mapping(
                   key("from", "the zone", Enum(*PLAYER_ZONES), default="deck"),
                   key("filter", "only cards matching it (`type: holomem` is implied)", CARD_FILTER),
                   key("count", "how many", N1, default=1),
                   key("to", "`stage`: no position named, the back position (4.6.3, docs/rulings.md); `back`",
                       Enum("stage", "back"), default="stage"),
                   key("may", "optional ('ステージに出せる'): its player may put none out (10.7.2.3.2)", Bool(),
                       "10.7.2.3.2")))
def put_out(game, arg, step, ctx, source):
    """5.13.1: put holomem cards out onto the stage: each becomes a new holomem (4.4.1), as one
    placed this turn (8.3.2). `to: stage` (the default: the card says only "the stage") puts it
    in the back position (4.6.3, as the official rulebook plays it: docs/rulings.md); `to: back`
    names the back position. From a deck the cards are revealed (5.11.2) and a matching card may
    not be found (10.7.2.3.5). More than the stage has room for (4.6.2.1): its player chooses
    which move, the rest stay where they are (4.4.6.1). The cards put out are what a later step
    of the same effect refers to with the selector `moved` (4.1.4.1)."""
    p = ctx["player"]
    if prohibit.prohibited(game, "put_out", p, source):                    # 1.3.3: the prohibition wins
        return
    zone = _zone_of(game, arg, ctx, "from")
    to = arg.get("to", "stage")
    if to not in ("stage", "back"):
        raise NotRunnable(f"{source}: put_out to '{to}' is not in the effect language")
    # 4.6.3: told to put a holomem on 'the stage' with no position given, it goes to the back
    # position (the 1.9.0 text reads 'is not placed'; see docs/rulings.md).
    where = ("5.13.1", "4.6.3") if to == "stage" else ("5.13.1",)
    spec = {"type": "holomem", **(arg.get("filter") or {})}
    pool = [c for c in zone.items if card_matches(c.defn, spec, ctx.setdefault("cited", set()))]
    hidden = not zone.public and zone.name != "hand"      # 10.7.2.3.5: chosen unseen
    n = int(arg.get("count", 1))
    picked = yield from verbs.choose_cards(game, p, pool, ctx, source,
                                          ("5.13.1", "10.7.2.3.5" if hidden else "10.7.2.3.1"),
                                          prompt="holomem cards to put onto the stage",
                                          min_pick=0 if hidden or arg.get("may") else n, max_pick=n)
    if zone.name in ("deck", "cheer_deck"):
        for card in picked:
            game.emit("reveal", ("5.11.2",), source, player=p, card=card, cards=[card.number])
    # 4.6.2.1 / 4.4.6.1: the stage holds six holomems; its player chooses which of these fit.
    moving = yield from zones.fit_limit(game, p, picked, STAGE_LIMIT - len(game.stage(p)), source,
                                       ("5.13.1", "4.6.2", "4.6.2.1"), where=f"{p}'s stage")
    for card in moving:
        game.emit("enter_stage", where, source, player=p, card=card, number=card.number,
                  to=game.zone(p, "back"))
    ctx["moved_cards"] = list(moving)        # 4.1.4.1: 'that holomem' in a later step of this effect
    ctx["moved_source"] = source
