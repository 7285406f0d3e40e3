"""Specific terms (5) that act on holomems on the stage: rest and make active (5.2), down (5.4),
collab (5.16), return to a Debut holomem (5.15), return to the hand (leaving the stage, 5.5.1),
and 'cannot move' (5.29). A holomem argument is a selector, or a mapping with `target:` and the
verb's options (`may`, `until`, `to`, `count`).

    - rest: opponent_back               # 5.2.1
    - unrest: this                      # 5.2.1 'make not resting'
    - make_active: {where: back, rested: true}     # 5.2.2
    - down: {where: back, who: opponent}           # 5.4.1, 4.4.9
    - collab: {target: back, may: true}            # 5.16.1
    - return_to_debut: opponent_back               # 5.15.1
    - return_holomem: {target: back, to: hand}     # to the owner's hand (5.5.1)
    - cannot_move: {target: opponent_center, until: end_of_turn}   # 5.29.1
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ....core.terms import Bool, Enum, Shorthand
from ..terms import CARD_FILTER, N1, SELECTOR, UNTIL, WHO, key, mapping, verb_function
from . import prohibit
from .select import card_matches, holomems

# The options a holomem verb may take beside its `target` (the verb declares which it takes).
TARGET = key("target", "the holomems", SELECTOR, default="this")
COUNT = key("count", "how many of them", N1, default=1)


def holomems_arg(*options, target=TARGET):
    """A selector, or a mapping with `target:` and these options (`_selector` tells them apart the same way)."""
    return Shorthand(SELECTOR, mapping(target, *options))


def _selector(arg, default="this"):
    """A verb's argument: a selector, or a mapping with `target:` and options."""
    if isinstance(arg, dict) and any(k in arg for k in ("target", "may", "until", "to", "count", "value", "top_only")):
        return arg.get("target", default), arg
    return (arg if arg is not None else default), {}
from ..events import on_event
from . import verbs


def _targets(game, arg, ctx, source, rules, what):
    """The holomems the verb acts on (10.7.2.3); none: nothing happens (1.3.2)."""
    sel, opts = _selector(arg)
    picked = yield from verbs.choose_holomems(game, sel, ctx, source, rules, prompt=f"a holomem to {what}",
                                             count=opts.get("count", 1))
    if not picked:
        game.emit("nothing", ("1.3.2",), source, why=f"no holomem to {what}")
    return picked

# ------------------------------------------------------------------ 5.2
@verb_function("rest", "5.2.1", doc="rest the holomem", arg=holomems_arg(
    COUNT, key("may", "optional ('お休みさせることができる'): its player is asked first", Bool())), group="rule5")
def rest(game, arg, step, ctx, source):
    """5.2.1: 'rest' turns the holomem to the resting state (a resting one stays so)."""
    if isinstance(arg, dict) and arg.get("may") and \
            not (yield from verbs.may(game, ctx["player"], source, ("5.2.1",), "rest the holomem?")):
        return
    for s in (yield from _targets(game, arg, ctx, source, ("5.2.1",), "rest")):
        game.emit("rest", ("5.2.1",), source, stack=s, holomem=game.snap(s))


@verb_function("unrest", "5.2.1", doc="make it not resting", arg=holomems_arg(COUNT), group="rule5")
def unrest(game, arg, step, ctx, source):
    """5.2.1: 'make not resting'."""
    for s in (yield from _targets(game, arg, ctx, source, ("5.2.1",), "make not resting")):
        game.emit("unrest", ("5.2.1",), source, stack=s, holomem=game.snap(s))


@verb_function("make_active", "5.2.2", doc="make it active (not resting)", arg=holomems_arg(COUNT), group="rule5")
def make_active(game, arg, step, ctx, source):
    """5.2.2: 'make active' means making it not resting (5.2.1)."""
    # the oshi skills resolving now: 'made active by your oshi skill X this turn' (condition made_active_by_skill)
    skills = tuple(n for c in game.resolving if c.get("player") == ctx["player"]
                   for n in ((c.get("skill") or {}).get("name"), (c.get("skill") or {}).get("name_en")) if n)
    for s in (yield from _targets(game, arg, ctx, source, ("5.2.2",), "make active")):
        by = {"by_skill": (game.turn_number, skills)} if skills and s.flags.get("rested") else {}
        game.emit("unrest", ("5.2.2", "5.2.1"), source, stack=s, holomem=game.snap(s), **by)

# ------------------------------------------------------------------ 5.4
@verb_function("down", "5.4.1", "4.4.9", doc="put the holomem in the down state; down processing follows at the next "
               "check timing", arg=holomems_arg(COUNT, key(
                   "no_life_loss", "'ダウンしても相手のライフは減らない': its down costs its player no life (the text "
                   "prevails over 11.3.1.2, 1.3.1)", Bool(), "11.3.1.2", "1.3.1")), group="rule5")
def down(game, arg, step, ctx, source):
    """5.4.1: the holomem is put into the down state (4.4.9); down processing (11.3) follows at
    the next check timing, as for a holomem whose damage reached its HP."""
    for s in (yield from _targets(game, arg, ctx, source, ("5.4.1",), "down")):
        game.emit("put_down", ("5.4.1", "4.4.9"), source, stack=s, holomem=game.snap(s))
        if isinstance(arg, dict) and arg.get("no_life_loss"):
            game.emit("no_life_loss", ("11.3.1.2", "1.3.1"), source, stack=s, holomem=game.snap(s))


@on_event("put_down")
def apply_put_down(game, ev):
    ev.data["stack"].flags["down"] = True             # 4.4.9: the down state
    ev.data["stack"].version += 1

# ----------------------------------------------------------------- 5.16
@verb_function("collab", "5.16.1", "13.2.2", doc="move a back holomem to the empty collab position; collab effects "
               "trigger; not the collab action (no holo power, 8.4.1 unused)", group="rule5",
               arg=holomems_arg(key("may", "optional: its player is asked first", Bool()),
                                target=key("target", "the back holomems that may collab", SELECTOR, default="back")))
def collab(game, arg, step, ctx, source):
    """5.16.1: an effect's 'collab' moves a back holomem to the collab position. It is not the
    collab action of 8.4: no card goes to holo power (8.4.3) and the turn's collab (8.4.1) is not
    used; collab effects trigger (13.2.2)."""
    sel, opts = _selector(arg, "back")
    p = ctx["player"]
    if game.collab_holomem(p) is not None:              # 4.8.3: it holds one holomem
        game.emit("nothing", ("5.16.1", "4.8.3"), source, why="the collab position is taken")
        return
    pool = [s for s in holomems(game, sel, ctx) if s.zone.name == "back" and not game.cannot_move(s)]
    pool = prohibit.unprohibited(game, "collab", p, pool, source)        # 1.3.3: the prohibition wins
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why="no back holomem that can move to collab")
        return
    if opts.get("may") and not (yield from verbs.may(game, p, source, ("5.16.1",), "collab?")):
        return
    (s,) = yield from verbs._pick_one(game, pool, p, source, ("5.16.1",), "a back holomem to collab")
    game.emit("move_holomem", ("5.16.1", "4.1.4", "4.4.4"), source, stack=s, frm=game.position(s),
              to=game.zone(p, "collab"), holomem=game.snap(s), collab=True)

@verb_function("move_to_collab", "4.8.1", "4.4.4", doc="a player moves one of their back holomems to their empty collab "
               "position; the move is not a collab: no collab effect triggers (13.2.2), no holo power, the turn's "
               "collab (8.4.1) unused; a holomem that cannot move stays (5.29.1)", group="rule5",
               arg=mapping(key("who", "whose holomem: the effect's player's (`own`) or the opponent's, who then "
                               "chooses it (Q369)", WHO, default="own"),
                           key("target", "the back holomems that may move (from that player's side)", SELECTOR,
                               default="back")))
def move_to_collab(game, arg, step, ctx, source):
    """4.8.1: the collab position holds the holomem that collabs with the centre; an effect that moves
    a holomem there without calling it a collab ('移動はコラボとしては扱わない') is not 5.16.1's collab,
    so 13.2.2 does not trigger. With `who: opponent` the opponent carries it out and chooses (Q369)."""
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    sub = dict(ctx, player=p)
    if game.collab_holomem(p) is not None:              # 4.8.3: it holds one holomem
        game.emit("nothing", ("4.8.3",), source, why="the collab position is taken")
        return
    pool = [s for s in holomems(game, arg.get("target", "back"), sub)
            if s.zone.name == "back" and not game.cannot_move(s)]          # 5.29.1
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why="no back holomem that can move to the collab position")
        return
    (s,) = yield from verbs._pick_one(game, pool, p, source, ("4.8.1",), "a back holomem to move to collab")
    game.emit("move_holomem", ("4.8.1", "4.1.4", "4.4.4"), source, stack=s, frm=game.position(s),
              to=game.zone(p, "collab"), holomem=game.snap(s))


# ----------------------------------------------------------------- 5.15
@verb_function("return_to_debut", "5.15.1", doc="its damage becomes 0; one Debut card stays, the other holomem cards "
               "and every attached card but cheer go to its owner's hand; nothing at all if it is a Debut holomem or "
               "its bottom card is not a Debut", arg=holomems_arg(COUNT), group="rule5")
def return_to_debut(game, arg, step, ctx, source):
    """5.15.1: return a holomem to a Debut holomem."""
    for s in (yield from _targets(game, arg, ctx, source, ("5.15.1",), "return to Debut")):
        yield from _return_to_debut(game, s, ctx, source)


def _return_to_debut(game, s, ctx, source):
    bottom, top = s.cards[0].defn, s.top.defn
    if bottom.bloom_level != "debut" or top.bloom_level == "debut":
        # 5.15.1.1: not a bloomed Debut holomem: nothing at all happens (its damage stays too)
        game.emit("nothing", ("5.15.1", "5.15.1.1"), source, holomem=game.snap(s),
                  why="its bottom card is not a Debut holomem card" if bottom.bloom_level != "debut"
                  else "it is a Debut holomem already")
        return
    game.emit("set_damage", ("5.15.1", "5.15.1.2"), source, stack=s, holomem=game.snap(s), amount=0)
    debuts = [c for c in s.cards if c.defn.type == "holomem" and c.defn.bloom_level == "debut"]
    keep = debuts[0]
    if len(debuts) > 1:
        keep = (yield from verbs.choose_cards(game, ctx["player"], debuts, ctx, source, ("5.15.1.3",),
                                             prompt="the Debut holomem card to keep", min_pick=1,
                                             max_pick=1))[0]
    hand = game.zone(s.owner, "hand")                  # its owner's hand (3.1.1)
    for card in [c for c in reversed(s.cards) if c is not keep] + \
            [c for c in s.attached if c.defn.type != "cheer"]:
        game.move(card, hand, ("5.15.1.3",), source)


@on_event("set_damage")
def apply_set_damage(game, ev):
    ev.data["stack"].damage = ev.data["amount"]        # 5.15.1.2
    ev.data["stack"].version += 1

# ------------------------------------------------------- leaving the stage
@verb_function("return_holomem", "5.5.1", "5.29.2", doc="the holomem leaves the stage: its holomem cards to its owner's "
               "hand (or the bottom of the deck, in the order its owner chooses: 4.1.5, 4.1.5.1), its cheer archived, "
               "other attached cards left for 11.4.1; also one that cannot move (5.29.2)",
               arg=holomems_arg(COUNT, key("to", "where its cards go", Enum("hand", "deck_bottom"), default="hand"),
                                key("top_only", "only its top card goes to the hand ('このホロメンをアーカイブするかわりに"
                                    "手札に戻す', Q604): the holomem cards under it stay, and a down processing archives "
                                    "them", Bool(), "4.4.8"),
                                key("may", "optional ('手札に戻せる'): its player is asked first", Bool())),
               group="rule5")
def return_holomem(game, arg, step, ctx, source):
    """5.5.1: return a holomem on the stage to its owner's hand or the bottom of the deck: its
    holomem cards go there; attached cards stay behind for 11.4.1 (4.4.7), cheer archived by its
    own text (2.7.2.1). 5.29.2: a holomem that cannot move may still leave the stage."""
    sel, opts = _selector(arg)
    to = opts.get("to", "hand")
    if opts.get("may") and not (yield from verbs.may(game, ctx["player"], source, ("5.5.1",), "return the holomem?")):
        return
    if to not in ("hand", "deck_bottom"):
        raise NotRunnable(f"{source}: return_holomem to '{to}' is not in the effect language")
    for s in (yield from _targets(game, sel, ctx, source, ("5.5.1",), "return")):
        if opts.get("top_only") and to == "hand" and len(s.cards) > 1:
            # Q604: the top card alone returns; the holomem cards stacked under it (4.4.8) stay
            game.move(s.top, game.zone(s.owner, "hand"), ("5.5.1", "4.4.8"), source)
            continue
        rules = ("5.5.1", "4.4.7") + (("5.29.2",) if game.cannot_move(s) else ())
        cheers = game.cheers(s)
        extra = {}
        if to == "deck_bottom":
            # 4.1.5: several cards put into the deck at once go in the order its owner chooses;
            # 4.1.5.1: from the public stage into the hidden deck, that order is theirs alone to know.
            order = list(reversed(s.cards))
            if len(order) > 1:
                opts_ = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in order]
                order = yield Decision(s.owner, "order", "the order of the holomem's cards on the bottom of the "
                                       "deck, top first", ("4.1.5", "4.1.5.1"), opts_, many=True,
                                       min_pick=len(order), max_pick=len(order), ordered=True, source=source,
                                       private=s.owner)
                rules += ("4.1.5", "4.1.5.1")
            extra = {"order": list(order), "bottom": True}
        game.emit("leave_stage", rules, source, stack=s, holomem=game.snap(s),
                  cards=[c.number for c in s.cards],
                  to=game.zone(s.owner, "deck" if to == "deck_bottom" else "hand"), by_player=ctx["player"], **extra)
        game.cheer_leaves_with_holomem(cheers)

# ----------------------------------------------------------------- 5.29
@verb_function("cannot_move", "5.29.1", doc="a continuous effect: the holomem cannot move to another zone of the stage "
               "(collab, baton pass, switches: a switch with it does not happen, 5.10.2)",
               arg=holomems_arg(COUNT, key("until", "its period", UNTIL, default="end_of_turn"),
                                key("during", "`next_opponent_turn`: only during the next turn of the effect's "
                                    "player's opponent ('次の相手のターンの間'), not before it; it ends with that turn",
                                    Enum("next_opponent_turn"), "10.2.1.2")), group="rule5")
def cannot_move(game, arg, step, ctx, source):
    """5.29.1 as a continuous effect (10.2.1.2) on the holomems chosen now; `during:
    next_opponent_turn` applies it in the opponent's next turn only (hBP01-005)."""
    sel, opts = _selector(arg)
    until = opts.get("during") or opts.get("until", "end_of_turn")
    if opts.get("during"):
        # 10.10.3: an effect on the holomems of positions applies to whichever holomem is there while
        # it lasts; 10.10.2: not to one that came onto the stage after it was made
        spec = {"where": sel} if isinstance(sel, str) else dict(sel)
        spec.setdefault("where", "stage")
        who = ctx["player"] if spec.get("who", "own") == "own" else game.other(ctx["player"])
        where = spec["where"] if isinstance(spec["where"], list) else [spec["where"]]
        game.emit("continuous", ("10.2.1.2", "5.29.1", "10.10.3", "10.10.2"), source, stack=None, holomem=None,
                  attribute="cannot_move", amount=1, until=until, player=ctx["player"], turn=game.turn_number,
                  positions=where, who=who, members=list(game.stage(who)))
        return
    for s in (yield from _targets(game, arg, ctx, source, ("5.29.1",), "keep from moving")):
        game.emit("continuous", ("10.2.1.2", "5.29.1"), source, stack=s, holomem=game.snap(s),
                  attribute="cannot_move", amount=1, until=until, player=ctx["player"], turn=game.turn_number)


def _in_period(game, m) -> bool:
    """'During the next opponent's turn' (10.2.1.2): not yet in the turn it was made, only in a later
    turn of the other player."""
    if m["until"] != "next_opponent_turn":
        return True
    return game.turn_number > m.get("turn", 0) and game.turn_player != m.get("player")


def _held_by(m, stack) -> bool:
    if m.get("positions") is None:
        return m["stack"] is stack
    return (stack.owner == m["who"] and stack.zone is not None and stack.zone.name in m["positions"]
            and any(x is stack for x in m["members"]))


def held_in_place(game, stack) -> bool:
    """5.29.1: it cannot move to another zone of the stage."""
    if any(m["attribute"] == "cannot_move" and _held_by(m, stack) and _in_period(game, m) for m in game.modifiers):
        return True
    return False


# ----------------------------------------------------------------- 4.4.8
def stacked_pool(game, arg, ctx) -> list:
    """4.4.8: the holomem cards stacked under the holomems `from` names (this holomem by default)."""
    arg = arg or {}
    if arg.get("from", "this") == "this":
        return stacked_cards(game, ctx.get("holomem"), arg.get("filter"))
    return [c for s in holomems(game, arg["from"], ctx) for c in stacked_cards(game, s, arg.get("filter"))]


@verb_function("archive_stacked", "4.4.8", "5.12.1", doc="archive holomem cards stacked under this holomem (the "
               "holomem cards below its top card; 'このホロメンに重なっている(X)をアーカイブ'); fewer if fewer are there",
               arg=mapping(key("filter", "only cards matching it", CARD_FILTER),
                           key("count", "how many", N1, default=1),
                           key("from", "the holomems whose stacked cards may be archived, one pool ('自分の〈X〉に"
                               "重なっているホロメン1枚': `{name: X}`)", SELECTOR, default="this")), group="rule5")
def archive_stacked(game, arg, step, ctx, source):
    """4.4.8: the stacked holomems are the holomem cards under the top one; 5.12.1: archived."""
    pool = stacked_pool(game, arg, ctx)
    n = min(int((arg or {}).get("count", 1)), len(pool))
    if not n:
        game.emit("nothing", ("1.3.2",), source, why="no such holomem card stacked under this holomem")
        return
    picked = yield from verbs.choose_cards(game, ctx["player"], pool, ctx, source, ("4.4.8",),
                                           prompt="a stacked holomem card to archive", min_pick=n, max_pick=n)
    for card in picked:
        game.archive(card, ("5.12.1", "4.4.8"), source)


@verb_function("return_stacked", "4.4.8", "5.5.1", doc="return holomem cards stacked under a holomem to its owner's "
               "hand ('選んだホロメンに重なっているホロメン1～2枚を手札に戻す'): the cards under its top card, never the "
               "top card itself (Q577); a later `per: {what: returned}` counts them",
               arg=mapping(key("target", "the holomem (one; its player chooses among several)", SELECTOR,
                               default="this"),
                           key("filter", "only cards matching it", CARD_FILTER),
                           key("count", "how many", N1, default=1),
                           key("min", "'(min)～(count)': at least this many, as many as there are if fewer "
                               "(1.3.5.2, 10.7.2.3.1)", N1),
                           key("include_top", "the top card too: 'このホロメンを含め重なっているホロメンの中から1枚を"
                               "手札に戻す' (the text names the holomem itself with its stacked cards; in down "
                               "processing what is left is archived, 11.3.1.2)", Bool(), "4.4.1")), group="rule5")
def return_stacked(game, arg, step, ctx, source):
    """4.4.8: the stacked holomems are the holomem cards under the top one (Q577: not the top card);
    5.5.1: they go to their owner's hand. How many went is kept for 'for each card returned'.
    `include_top`: the text names the holomem's own card with them (4.4.1: a holomem is its cards)."""
    ctx["returned"] = 0
    targets = holomems(game, arg.get("target", "this"), ctx)
    if len(targets) > 1:
        targets = [(yield from verbs._pick_one(game, targets, ctx["player"], source, ("4.4.8",),
                                               "a holomem whose stacked cards return"))[0]]
    pool = stacked_cards(game, targets[0] if targets else None, arg.get("filter"))
    if arg.get("include_top") and targets and targets[0].cards and \
            card_matches(targets[0].top.defn, arg.get("filter") or {}):
        pool.append(targets[0].top)                              # 4.4.1: the holomem's own top card
    n = min(int(arg.get("count", 1)), len(pool))
    if not n:
        game.emit("nothing", ("4.4.8", "1.3.2"), source, why="no such holomem card stacked under the holomem")
        return
    low = min(int(arg.get("min", n)), len(pool))
    picked = yield from verbs.choose_cards(game, ctx["player"], pool, ctx, source, ("4.4.8",),
                                           prompt="stacked holomem cards to return to the hand", min_pick=low,
                                           max_pick=n)
    for card in picked:
        s = card.holder
        if s is not None and card is s.top and len(s.cards) == 1:
            # 4.4.1: its only holomem card returned, the holomem leaves the stage as return_holomem has it
            # (its cheer archived, 2.7.2.1; other attached cards left for 11.4.1), not an empty holomem left
            cheers = game.cheers(s)
            game.emit("leave_stage", ("5.5.1", "4.4.7", "4.4.1"), source, stack=s, holomem=game.snap(s),
                      cards=[card.number], to=game.zone(s.owner, "hand"), by_player=ctx["player"])
            game.cheer_leaves_with_holomem(cheers)
            continue
        top = ("4.4.1",) if s is not None and card is s.top else ()
        game.move(card, game.zone(card.owner, "hand"), ("5.5.1", "4.4.8") + top, source)
    ctx["returned"] = len(picked)


def stacked_cards(game, s, flt=None) -> list:
    """4.4.8: the holomem cards under the holomem's top card (matching the filter)."""
    if s is None or s.zone is None:
        return []
    return [c for c in s.cards[:-1] if c.defn.type == "holomem" and card_matches(c.defn, flt or {})]
