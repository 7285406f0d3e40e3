"""Conditions and verbs the booster cards of the official FAQ need (issue 16): declared once here, beside the
function that carries each out, like those of effects.py (which imports this module at its end). Each cites
the rules of 1.06 it reads; none names a card."""
from __future__ import annotations

from . import continuous
from .cards import COLORS as COLOURS
from .effects import card_matches, choose
from .terms import (CARD_FILTER, COLOR, CONDITION, MEMBERS, N1, STEPS, VOCAB, Bool, Enum, ListOf, condition, key,
                    mapping, verb_function)


def _live_cards(game, p) -> list:
    """The cards 'in live' (ライブ中のカード, FAQ Q38): the live cards face up in the live card zone (4.6)."""
    return [c for c in game.table.zone(p, "live").items if c.defn.kind == "live"]


def _yell_cards(game, p) -> list:
    """The cards revealed by a player's yell (8.3.11) that are still in the resolution zone (4.14)."""
    return [c for c in game.table.resolution.items if c.id in game.yell_ids.get(p, ())]


def _hand(game, p) -> list:
    return game.table.zone(p, "hand").items


# ------------------------------------------------------------------ conditions
@condition("live_has", "4.6", "8.3.4", doc="your live card zone holds at least `count` live cards (cards 'in live', "
           "FAQ Q38) that match", arg=mapping(key("filter", "the live cards", CARD_FILTER),
                                              key("count", "at least this many", N1, default=1)))
def _live_has(game, arg, ctx):
    found = [c for c in _live_cards(game, ctx.player) if card_matches(game, c, arg.get("filter"), ctx)]
    return len(found) >= arg.get("count", 1)


@condition("yell_has", "8.3.11", doc="the cards your yell revealed (still in the resolution zone) hold at least "
           "`count` cards that match", arg=mapping(key("filter", "the cards", CARD_FILTER),
                                                   key("count", "at least this many", N1, default=1)))
def _yell_has(game, arg, ctx):
    found = [c for c in _yell_cards(game, ctx.player) if card_matches(game, c, arg.get("filter"), ctx)]
    return len(found) >= arg.get("count", 1)


@condition("hand_more_than_opponent", "4.11", doc="your hand holds more cards than your opponent's", arg=Bool())
def _hand_more(game, want, ctx):
    return (len(_hand(game, ctx.player)) > len(_hand(game, game.other(ctx.player)))) == want


@condition("energy_all_active", "4.7", "5.2.1", doc="every energy card of your energy zone is active",
           arg=Bool())
def _energy_all_active(game, want, ctx):
    return all(not c.wait for c in game.table.zone(ctx.player, "energy").items) == want


def distinct_names(game, cards) -> int:
    """How many cards of different names there are (2.3): a card of several names ('A&B', 2.3.2.2) counts as one
    card, of whichever of its names makes the most cards different (FAQ Q74, Q81, Q207, Q208)."""
    names = [frozenset(_names(c)) for c in cards]
    best = 0

    def walk(i, used, n):
        nonlocal best
        best = max(best, n)
        if i == len(names) or n + len(names) - i <= best:
            return
        for nm in names[i]:
            if nm not in used:
                walk(i + 1, used | {nm}, n + 1)
        walk(i + 1, used, n)
    walk(0, frozenset(), 0)
    return best


def _names(card) -> list:
    """2.3.2.2: a card name joined by '&' is each of its names."""
    d = getattr(card, "defn", card)
    return [n.replace(" ", "").replace("\u3000", "") for n in d.name.replace("＆", "&").split("&") if n.strip()]


@condition("stage_distinct_names", "2.3", "2.3.2.2", "4.4.1", doc="your stage has at least `count` members of "
           "different names that match", arg=mapping(key("filter", "the members", CARD_FILTER),
                                                      key("count", "at least this many", N1, required=True)))
def _stage_distinct_names(game, arg, ctx):
    found = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, arg.get("filter"), ctx)]
    return distinct_names(game, found) >= arg["count"]


# ------------------------------------------------------------------ verbs
@verb_function("opponent_waits_member", "5.2.1", "9.6.3", doc="your opponent makes one of their active members "
               "that match wait, of their choice (they choose: 9.6.3)",
               arg=mapping(key("filter", "which of their members", CARD_FILTER)))
def opponent_waits_member(game, arg, step, ctx):
    from .replacements import replace
    opp = game.other(ctx.player)
    fits = [m for m in game.table.players[opp].members() if not m.wait and
            card_matches(game, m, arg.get("filter"), None)]
    picked = yield from choose(game, opp, fits, 1, ctx, ("5.2.1",), "your active member to make wait")
    for m in picked:
        if (yield from replace(game, "wait", m.owner, m, ctx)):                 # 9.10.1
            continue
        game.emit("wait", ("5.2.1", "9.8.1"), ctx.source, card=m.id, number=m.number, player=m.owner)



@verb_function("may_discard", "5.4.1", "9.6.3", doc="you may put this many cards of your hand in your waiting room, "
               "of your choice; `did` says whether you did ('if you do')", arg=N1)
def may_discard(game, arg, step, ctx):
    from .effects import _yes_no
    hand = _hand(game, ctx.player)
    ctx.did = False
    if len(hand) < arg:                     # 1.3.2: what cannot be done in full is not offered
        return
    if not (yield from _yes_no(game, ctx, f"put {arg} card(s) of your hand in the waiting room?", ("5.4.1",))):
        return
    picked = yield from choose(game, ctx.player, list(hand), arg, ctx, ("5.4.1",),
                               "cards of your hand for the waiting room", private=ctx.player)
    for c in picked:
        game.move(c, ctx.player, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.did = len(picked) == arg



@verb_function("play_this", "9.6.2.4.2.1", "9.6.2.1.2.1", doc="you put this card (from where it is: the waiting "
               "room, the hand) onto your stage without paying its cost, in an area of your choice whose member did not "
               "enter the stage this turn; a member there goes to the waiting room (10.4.1, FAQ Q76)", arg=Bool())
def play_this(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .members import blocked_area
    from .state import AREAS
    p, card = ctx.player, ctx.card
    if card is None or card.zone is None or card.zone.name in AREAS or card.defn.kind != "member":
        return
    areas = [a for a in AREAS if not blocked_area(game, p, a)]       # 9.6.2.1.2.1
    if not areas:
        game.emit("no_target", ("9.6.3.1.3", "9.6.2.1.2.1"), ctx.source, player=p, what="an area for this member")
        return
    area = yield from game.ask(p, "area", "the area", ("9.6.2.1.2", "9.6.2.1.2.1", "9.6.2.4.2.1"),
                               [Option(a, a, keys=(a,)) for a in areas], source=ctx.source)
    game.move(card, p, area, ("9.6.2.4.2.1", "9.6.2.1.2", "9.6.2.1.2.1", "5.4.1"), source=ctx.source)



def stage_hearts(game, p) -> int:
    """The hearts the members of a player's stage have (2.9, 4.5.6), colours ignored: their printed hearts and
    those abilities gave them (9.9); the blade hearts of the yell are no member's (FAQ Q149, Q172)."""
    return sum(sum(continuous.hearts(game, m).values()) for m in game.table.players[p].members())


@condition("hearts_more_than_opponent", "2.9", "4.5.6", "9.9", doc="the members of your stage have more hearts in "
           "all (colours ignored; the yell's blade hearts not counted) than those of your opponent's", arg=Bool())
def _hearts_more(game, want, ctx):
    return (stage_hearts(game, ctx.player) > stage_hearts(game, game.other(ctx.player))) == want


@condition("this_is", doc="the card the ability is on matches (as it is now: 9.9)", arg=CARD_FILTER)
def _this_is(game, flt, ctx):
    return ctx.card is not None and card_matches(game, ctx.card, flt, ctx)



@condition("entries_min", "11.4.1", doc="members entered your stage at least this many times this turn (each entry "
           "counts, whether or not the member is still there: FAQ Q160)", arg=N1)
def _entries_min(game, n, ctx):
    return game.ab.entries.get(ctx.player, 0) >= n


@verb_function("draw_to", "5.6.1", "5.6.2", doc="you draw cards one at a time until your hand holds this many (none "
               "when it holds that many already)", arg=N1)
def draw_to(game, arg, step, ctx):
    from .effects import draw
    need = arg - len(_hand(game, ctx.player))
    if need > 0:
        yield from draw(game, need, step, ctx)



@verb_function("arrange_top_either", "5.7.1", "4.1.7", doc="you choose yourself or your opponent, look at the top this "
               "many cards of that player's main deck, put any number of them back on top in any order and the rest "
               "in that player's waiting room", arg=N1)
def arrange_top_either(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .effects import arrange_top
    opp = game.other(ctx.player)
    whose = yield from game.ask(ctx.player, "player", "whose main deck to look at", ("5.7.1",),
                                [Option("yourself", ctx.player, keys=("yourself", "self", ctx.player)),
                                 Option("opponent", opp, keys=("opponent", opp))], source=ctx.source)
    if whose == ctx.player:
        yield from arrange_top(game, arg, step, ctx)
        return
    deck = game.table.zone(whose, "main_deck")
    seen = list(deck.items[:arg])
    game.emit("look", ("5.7.1",), ctx.source, private=ctx.player, player=ctx.player, cards=[c.number for c in seen])
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en)) for c in seen]
    keep = []
    if options:
        keep = yield from game.ask(ctx.player, "arrange", "the cards to keep on top, top first", ("5.7.1",), options,
                                   many=True, min_pick=0, max_pick=len(options), ordered=True, private=ctx.player,
                                   source=ctx.source)
    kept = [game.cards[i] for i in keep]
    for c in seen:
        if c not in kept:                   # 4.1.7: to its owner's waiting room
            game.move(c, whose, "waiting_room", ("5.4.1", "9.8.1", "4.1.7"), source=ctx.source)
    for c in reversed(kept):
        game.move(c, whose, "main_deck", ("5.4.1", "4.8.2"), source=ctx.source)


@verb_function("opponent_may_discard", "5.4.1", "9.6.3", doc="your opponent may put a card of their hand that matches "
               "in their waiting room (their choice); `did` says whether they did", arg=CARD_FILTER)
def opponent_may_discard(game, flt, step, ctx):
    from judge.core.decisions import Option
    opp = game.other(ctx.player)
    fits = [c for c in _hand(game, opp) if card_matches(game, c, flt, ctx)]
    ctx.did = False
    if not fits:
        return
    options = [Option("none", None, keys=("none", "no"))] + [
        Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in fits]
    cid = yield from game.ask(opp, "may_discard", "a card of your hand to put in the waiting room, or none",
                              ("5.4.1", "9.6.3"), options, private=opp, source=ctx.source)
    if cid is None:
        return
    game.move(game.cards[cid], opp, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.did = True


@verb_function("opponent_picks_of_two", "5.4.1", "9.6.3", doc="you choose two cards of different names that match "
               "in your waiting room; if you do, your opponent chooses one of them and you add it to your hand (with "
               "fewer than two to choose, nothing happens: FAQ Q118)", arg=CARD_FILTER)
def opponent_picks_of_two(game, flt, step, ctx):
    room = [c for c in game.table.zone(ctx.player, "waiting_room").items if card_matches(game, c, flt, ctx)]
    if len({frozenset(_names(c)) for c in room}) < 2 or distinct_names(game, room) < 2:
        game.emit("not_done", ("1.3.2", "9.6.3.1"), ctx.source, player=ctx.player,
                  what="two cards of different names")
        ctx.did = False
        return
    while True:
        two = yield from choose(game, ctx.player, room, 2, ctx, ("9.6.3",), "two cards of different names")
        if distinct_names(game, two) == 2:
            break
    ctx.did = True
    picked = yield from choose(game, game.other(ctx.player), two, 1, ctx, ("9.6.3",), "the card your opponent adds")
    for c in picked:
        game.move(c, ctx.player, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.added += picked



@condition("discarded_any", "9.4.2", doc="one of the cards the cost put from the hand in the waiting room matches",
           arg=CARD_FILTER)
def _discarded_any(game, flt, ctx):
    return any(card_matches(game, c, flt, ctx) for c in ctx.discarded)


@condition("discarded_none", "9.4.2", doc="the cost put cards from the hand in the waiting room and none of them "
           "matches", arg=CARD_FILTER)
def _discarded_none(game, flt, ctx):
    return bool(ctx.discarded) and not any(card_matches(game, c, flt, ctx) for c in ctx.discarded)


@condition("success_either_min", "4.10", doc="your success live card zone or your opponent's holds at least this many "
           "cards", arg=N1)
def _success_either_min(game, n, ctx):
    return any(len(game.table.zone(p, "success").items) >= n for p in game.PLAYERS)


@condition("waiting_room_distinct_names", "4.12", "2.3", doc="your waiting room holds at least `count` cards of "
           "different names that match", arg=mapping(key("filter", "the cards", CARD_FILTER),
                                                      key("count", "at least this many", N1, required=True)))
def _waiting_room_distinct_names(game, arg, ctx):
    found = [c for c in game.table.zone(ctx.player, "waiting_room").items if card_matches(game, c, arg.get("filter"), ctx)]
    return distinct_names(game, found) >= arg["count"]


@condition("stage_heart_colours", "2.9", "4.5.6", doc="the members of your stage have, together, a heart of each of "
           "these colours (one member need not have them all: FAQ Q216)", arg=ListOf(COLOR))
def _stage_heart_colours(game, colours, ctx):
    have = set()
    for m in game.table.players[ctx.player].members():
        have |= {c for c, n in continuous.hearts(game, m).items() if n > 0}
    return set(colours) <= have



@condition("yell_fewer_than_opponent", "8.3.11", doc="your yell revealed fewer cards this turn than your opponent's "
           "(an opponent with no live revealed none: FAQ Q153)", arg=Bool())
def _yell_fewer(game, want, ctx):
    mine, theirs = game.ab.yelled.get(ctx.player, 0), game.ab.yelled.get(game.other(ctx.player), 0)
    return (mine < theirs) == want


@condition("stage_same_name", "2.3", "2.3.2.2", "4.4.1", doc="your stage has at least `count` members that match and "
           "share a name (a card named 'A&B' has each name: FAQ Q204)",
           arg=mapping(key("filter", "the members", CARD_FILTER), key("count", "at least this many", N1, default=2)))
def _stage_same_name(game, arg, ctx):
    found = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, arg.get("filter"), ctx)]
    names = {n for m in found for n in _names(m)}
    return any(sum(1 for m in found if n in _names(m)) >= arg.get("count", 2) for n in names)



@verb_function("reveal_until", "4.14.1", "4.2.2", "10.2.1", doc="you reveal the top card of your main deck, one at a "
               "time, until one that matches `filter` (or the filter you choose of `choose`) is revealed, the revealed "
               "cards waiting in the resolution zone; that card goes to your hand, the others to your waiting room. An "
               "empty deck is refreshed without the revealed cards and revealing goes on; once the new deck is "
               "revealed too it stops (FAQ Q73, Q102)",
               arg=mapping(key("filter", "the card looked for", CARD_FILTER),
                           key("choose", "filters to choose one of first", ListOf(CARD_FILTER, min_items=2)),
                           at_least_one=("filter", "choose")))
def reveal_until(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .processes import refresh
    p = ctx.player
    flt = arg.get("filter")
    if flt is None:
        options = [Option(", ".join(f"{k}: {v}" for k, v in f.items()), i, keys=(str(i + 1),))
                   for i, f in enumerate(arg["choose"])]
        i = yield from game.ask(p, "kind", "the kind of card to reveal until", ("9.6.3",), options, source=ctx.source)
        flt = arg["choose"][i]
    deck, room = game.table.zone(p, "main_deck"), game.table.zone(p, "waiting_room")
    revealed, found, refreshed = [], None, False
    while found is None:
        if not deck.items:
            if refreshed or not room.items:
                break                       # the new deck is revealed too: the revealing ends (FAQ Q102)
            game.emit("refresh_due", ("10.2.1", "10.2.2.1"), ctx.source, player=p, wanted=1, have=0)
            refresh(game, p)                # 10.2.1: the revealed cards are not in the waiting room (FAQ Q73)
            refreshed = True
            continue
        card = deck.items[0]
        game.in_resolution.add(card.id)
        game.move(card, None, "resolution", ("4.14.1", "4.2.2", "4.8.3"), face_up=True, source=ctx.source)
        revealed.append(card)
        if card_matches(game, card, flt, ctx):
            found = card
    if found is None:                       # 1.3.2: done as far as it can be
        game.emit("not_done", ("1.3.2",), ctx.source, player=p, what="no card revealed matches")
    else:
        game.in_resolution.discard(found.id)
        game.move(found, p, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
        ctx.added.append(found)
    with game.moving_together():            # 'all the other revealed cards' go at once
        for c in revealed:
            if c is not found:
                game.in_resolution.discard(c.id)
                game.move(c, p, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    ctx.those = revealed



@condition("any_of", "9.3.3", doc="at least one of these conditions holds ('A, or B, or C')",
           arg=ListOf(CONDITION, min_items=2))
def _any_of(game, conds, ctx):
    from .effects import holds
    return any(holds(game, c, ctx) for c in conds)


@condition("stage_heart_colour_count", "2.9", "4.5.6", doc="the members of your stage have, together, hearts of at "
           "least this many of the six colours", arg=N1)
def _stage_heart_colour_count(game, n, ctx):
    have = set()
    for m in game.table.players[ctx.player].members():
        have |= {c for c, k in continuous.hearts(game, m).items() if k > 0 and c in COLOURS}
    return len(have) >= n


@condition("stage_has_costlier", "2.6", "4.4.1", doc="your stage has a member that matches `than` and a member "
           "that matches `filter` whose cost is greater than that one's", arg=mapping(
               key("filter", "the costlier member", CARD_FILTER, required=True),
               key("than", "the member it is compared with", CARD_FILTER, required=True)))
def _stage_has_costlier(game, arg, ctx):
    ms = game.table.players[ctx.player].members()
    low = [continuous.cost(game, m) for m in ms if card_matches(game, m, arg["than"], ctx)]
    return any(continuous.cost(game, m) > c for m in ms if card_matches(game, m, arg["filter"], ctx)
               for c in low if c is not None)


@verb_function("may_repeat", "9.8.1", doc="up to `times` times, you may carry out these steps (asked before each); "
               "each time `did` says whether the first step was done", arg=mapping(
                   key("times", "at most this many times", N1, required=True),
                   key("steps", "the steps of one time", STEPS, required=True)))
def may_repeat(game, arg, step, ctx):
    from .effects import _yes_no, run_steps
    for i in range(arg["times"]):
        if not (yield from _yes_no(game, ctx, f"carry it out ({i + 1} of at most {arg['times']})?", ("9.8.1",))):
            return
        yield from run_steps(game, arg["steps"], ctx)



@verb_function("play_back", "9.6.2.4.2.1", "9.6.2.1.2", doc="the member card the cost put from the stage in the "
               "waiting room is put back on the stage, in the area it left, without paying its cost: that card only, "
               "as a new card (FAQ Q95)", arg=Bool())
def play_back(game, arg, step, ctx):
    room = game.table.zone(ctx.player, "waiting_room")
    for c in ctx.discarded:
        area, _ = ctx.left_area.get(c.id, (None, None))
        if area is None or c.zone is not room:
            continue
        game.move(c, ctx.player, area, ("9.6.2.4.2.1", "9.6.2.1.2", "5.4.1"), source=ctx.source)
    return
    yield


@verb_function("stage_to_waiting_room", "5.4.1", doc="you put a member of your stage that matches in your waiting "
               "room (your choice); `did` says whether you did", arg=CARD_FILTER)
def stage_to_waiting_room(game, flt, step, ctx):
    fits = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, flt, ctx)]
    picked = yield from choose(game, ctx.player, fits, 1, ctx, ("5.4.1",), "a member of your stage for the waiting room")
    ctx.did = bool(picked)
    ctx.those = list(picked)
    for m in picked:
        ctx.left_area[m.id] = (m.zone.name, continuous.cost(game, m))      # as it was last on the stage (9.11.1)
        game.move(m, ctx.player, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)


@verb_function("play_costlier_there", "9.6.2.4.2.1", "2.6", doc="you put a member card of your waiting room that "
               "matches and whose cost is that of the member the last step put in the waiting room plus `plus` on "
               "the stage, in the area that member left, without paying its cost (none such: nothing, FAQ Q154)",
               arg=mapping(key("filter", "which cards", CARD_FILTER), key("plus", "how much more its cost is", N1,
                                                                          required=True)))
def play_costlier_there(game, arg, step, ctx):
    for gone in ctx.those:
        area, cost = ctx.left_area[gone.id]
        want = (cost or 0) + arg["plus"]                    # its cost as it was last on the stage (9.11.1)
        fits = [c for c in game.table.zone(ctx.player, "waiting_room").items if c.defn.kind == "member"
                and card_matches(game, c, arg.get("filter"), ctx) and c.defn.cost == want]
        picked = yield from choose(game, ctx.player, fits, 1, ctx, ("9.6.2.4.2.1",), f"a member of cost {want}")
        for c in picked:
            game.move(c, ctx.player, area, ("9.6.2.4.2.1", "9.6.2.1.2", "5.4.1"), source=ctx.source)



@condition("revealed_cost_sum_in", "2.6", "9.4.2", doc="the costs of the cards the cost revealed add up to one of "
           "these numbers", arg=ListOf(N1, min_items=1))
def _revealed_cost_sum_in(game, sums, ctx):
    return sum(c.defn.cost or 0 for c in ctx.revealed) in sums


@verb_function("opponent_picks_from_hand", "9.6.3", "4.2.2", doc="your opponent chooses a card of your hand without "
               "seeing it and it is revealed (`those_any` reads it)", arg=Bool())
def opponent_picks_from_hand(game, arg, step, ctx):
    hand = list(_hand(game, ctx.player))
    if not hand:
        game.emit("no_target", ("9.6.3.1.3",), ctx.source, player=ctx.player, what="a card of the hand")
        ctx.those = []
        return
    from judge.core.decisions import Option
    # the opponent sees the cards' positions only, not their faces
    options = [Option(f"card {i + 1}", c.id, keys=(str(i + 1), f"card {i + 1}")) for i, c in enumerate(hand)]
    cid = yield from game.ask(game.other(ctx.player), "blind", "a card of the opponent's hand, unseen", ("9.6.3",),
                              options, source=ctx.source)
    card = game.cards[cid]
    game.emit("show", ("4.2.2",), ctx.source, card=card.id, number=card.number, player=ctx.player)
    ctx.those = [card]


@verb_function("pay_score_to_add", "9.4.3", "5.4.1", doc="you choose a card of your waiting room that matches and "
               "may pay as many energy as its score (a score of 0: none, FAQ Q214); if you do, it goes to your hand",
               arg=CARD_FILTER)
def pay_score_to_add(game, flt, step, ctx):
    from .effects import _yes_no
    from .members import active_energy
    room = [c for c in game.table.zone(ctx.player, "waiting_room").items if card_matches(game, c, flt, ctx)]
    picked = yield from choose(game, ctx.player, room, 1, ctx, ("9.6.3",), "a card of your waiting room")
    ctx.did = False
    for c in picked:
        n = max(continuous.score(game, c), 0)
        if len(active_energy(game, ctx.player)) < n:
            return
        if not (yield from _yes_no(game, ctx, f"pay {n} energy to add {c.number}?", ("9.4.3",))):
            return
        for e in active_energy(game, ctx.player)[:n]:
            game.emit("wait", ("9.4.3", "5.9.1"), ctx.source, card=e.id, number=e.number, player=ctx.player)
        game.move(c, ctx.player, "hand", ("5.4.1", "9.8.1"), source=ctx.source)
        ctx.added.append(c)
        ctx.did = True



@condition("those_min", doc="the last step moved (or changed) at least this many cards", arg=N1)
def _those_min(game, n, ctx):
    return len(ctx.those) >= n


@verb_function("activate_all", "5.2.1", doc="you make every member that matches active; `those` are the members that "
               "were in the wait state", arg=MEMBERS)
def activate_all(game, sel, step, ctx):
    from .effects import members
    waiting = [m for m in members(game, sel, ctx) if m.wait]
    for m in waiting:
        game.emit("activate", ("5.2.1", "9.8.1"), ctx.source, card=m.id, number=m.number, player=m.owner)
    ctx.those = waiting
    return
    yield


@verb_function("waiting_room_members_to_bottom", "5.5.1", "4.8.2", "1.3.4.1", doc="you (`both`: you and your "
               "opponent, each their own) shuffle every member card of your waiting room and put them at the bottom of "
               "your main deck; `those` are all those cards", arg=mapping(key("both", "both players", Bool(),
                                                                                 default=False)))
def waiting_room_members_to_bottom(game, arg, step, ctx):
    first = game.table.turn.player
    players = (first, game.other(first)) if arg.get("both") else (ctx.player,)
    moved = []
    for p in players:                       # 1.3.4.1: no choice in it: done for both
        room = game.table.zone(p, "waiting_room")
        cards = [c for c in room.items if c.defn.kind == "member"]
        with game.moving_together():
            for c in game.shuffle_order(cards, zone=room):
                game.move(c, p, "main_deck", ("5.5.1", "4.8.2", "9.8.1"), source=ctx.source, bottom=True)
        moved += cards
    ctx.those = moved
    return
    yield


@verb_function("center_position_change", "11.10.1", "11.10.2", doc="the member in your centre area moves to another "
               "area of your choice; a member there moves to the centre (11.10.2)", arg=Bool())
def center_position_change(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .effects import relocate
    from .state import AREAS
    ps = game.table.players[ctx.player]
    m = ps.member("center")
    if m is None:
        game.emit("no_target", ("9.6.3.1.3",), ctx.source, player=ctx.player, what="a member in the centre area")
        return
    to = yield from game.ask(ctx.player, "position_change", f"move {m.number} from center to", ("11.10.1",),
                             [Option(a, a, keys=(a,)) for a in AREAS if a != "center"], source=ctx.source)
    other = ps.member(to)
    relocate(game, [(m, to, ("11.10.1",))] + ([(other, "center", ("11.10.2",))] if other is not None else []),
             ctx.source)



VOCAB.add("modifier", key("invalid_triggers", "its automatic abilities with these triggers are invalid: there, but "
                          "making no effect (9.3.2)", ListOf(Enum("enter", "live_start", "live_success")), "9.3.2"))


def invalidated(game, card, ab) -> bool:
    """9.3.2: an automatic ability a continuous effect made invalid (`invalid_triggers`)."""
    if ab.kind != "auto":
        return False
    for e in game.ab.effects:
        if e.target == card.id and set(e.modify.get("invalid_triggers") or ()) & set(ab.triggers):
            return True
    return False


@verb_function("invalidate", "9.3.2", "9.2.1.2", doc="until the live ends, every automatic ability with trigger "
               "`trigger` of one member that matches (your choice; `optional`: you may choose none) is invalid; `did` "
               "says whether an ability became invalid by it (one already invalid does not: FAQ Q106)",
               arg=mapping(key("members", "among which", MEMBERS, required=True),
                           key("trigger", "which automatic abilities", Enum("enter", "live_start", "live_success"),
                               required=True),
                           key("optional", "'may'", Bool(), default=False)))
def invalidate(game, arg, step, ctx):
    from .effects import members
    picked = yield from choose(game, ctx.player, members(game, arg["members"], ctx), 1, ctx, ("9.3.2",),
                               "a member whose abilities become invalid", up_to=arg.get("optional", False))
    ctx.did = False
    for m in picked:
        abs_ = [ab for ab in m.defn.ability_list if ab.kind == "auto" and arg["trigger"] in ab.triggers]
        ctx.did = any(not invalidated(game, m, ab) for ab in abs_)
        if ctx.did:
            continuous.add_effect(game, m.id, {"invalid_triggers": [arg["trigger"]]}, ctx, ("9.3.2", "9.2.1.2"))
        else:
            game.emit("not_done", ("9.3.2",), ctx.source, player=ctx.player,
                      what=f"{m.number} has no valid ability of that trigger to make invalid")



@verb_function("choose_one", "9.6.3", doc="you choose one of these (each a list of steps) and carry it out",
               arg=ListOf(STEPS, min_items=2))
def choose_one(game, options, step, ctx):
    from judge.core.decisions import Option

    from .effects import run_steps, verb_of
    labels = [", ".join(verb_of(st) for st in steps) for steps in options]
    i = yield from game.ask(ctx.player, "mode", "one of these", ("9.6.3",),
                            [Option(f"{n + 1}: {label}", n, keys=(str(n + 1), label)) for n, label in enumerate(labels)],
                            source=ctx.source)
    yield from run_steps(game, options[i], ctx)



VOCAB.add("modifier", key("yell_less", "(made by `yell_fewer`) the player's yell reveals this many fewer cards",
                          N1, "8.3.11"))


@verb_function("yell_fewer", "9.2.1.2", "8.3.11", doc="until the live ends, your yell reveals this many fewer cards "
               "than your blades (none when that is 0 or less); an effect on you, read when the yell is made "
               "(FAQ Q111)", arg=N1)
def yell_fewer(game, n, step, ctx):
    continuous.add_effect(game, f"player:{ctx.player}", {"yell_less": n}, ctx, ("9.2.1.2", "8.4.11"))
    return
    yield



@condition("stage_and_waiting_room_distinct_names", "2.3", "4.4.1", "4.12", doc="the members of your stage and the "
           "member cards of your waiting room that match include at least `count` of different names",
           arg=mapping(key("filter", "the members and cards", CARD_FILTER),
                       key("count", "at least this many", N1, required=True)))
def _stage_and_room_distinct(game, arg, ctx):
    flt = dict(arg.get("filter") or {}, type="member")
    found = [m for m in game.table.players[ctx.player].members() if card_matches(game, m, flt, ctx)]
    found += [c for c in game.table.zone(ctx.player, "waiting_room").items if card_matches(game, c, flt, ctx)]
    return distinct_names(game, found) >= arg["count"]



@verb_function("position_change_any", "11.10.1", "11.10.2", "3.1.2.4.1", doc="you choose a member of either stage; "
               "it moves to another area of its player's stage, of your choice, and a member there moves to the area "
               "it left (11.10.2). `optional`: 'may'", arg=mapping(key("optional", "'may'", Bool(), default=True)))
def position_change_any(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .effects import relocate
    from .state import AREAS
    every = [m for p in (ctx.player, game.other(ctx.player)) for m in game.table.players[p].members()]
    picked = yield from choose(game, ctx.player, every, 1, ctx, ("11.10.1",), "a member to change position",
                               up_to=arg.get("optional", True))
    for m in picked:
        here = m.zone.name
        to = yield from game.ask(ctx.player, "position_change", f"move {m.number} from {here} to", ("11.10.1",),
                                 [Option(a, a, keys=(a,)) for a in AREAS if a != here], source=ctx.source)
        other = game.table.players[m.owner].member(to)
        relocate(game, [(m, to, ("11.10.1", "3.1.2.4.1"))] + ([(other, here, ("11.10.2",))] if other else []),
                 ctx.source)



VOCAB.add("modifier", key("discarded_colours", "this many hearts of each colour among the hearts of the cards the cost "
                          "put from the hand in the waiting room (FAQ Q246)", N1, "2.9"))



@verb_function("activate_all_energy", "5.2.1", doc="you make every energy card of your energy zone active", arg=Bool())
def activate_all_energy(game, arg, step, ctx):
    for c in [c for c in game.table.zone(ctx.player, "energy").items if c.wait]:
        game.emit("activate", ("5.2.1", "9.8.1"), ctx.source, card=c.id, number=c.number, player=ctx.player)
    return
    yield



@condition("live_required_colours", "2.11", "9.9", doc="the required hearts of your live cards in the live card zone "
           "(as they are now), together, include each of these colours (FAQ Q205)", arg=ListOf(COLOR))
def _live_required_colours(game, colours, ctx):
    have = {c for live in _live_cards(game, ctx.player) for c, n in continuous.required(game, live) if n}
    return set(colours) <= have


@condition("stage_distinct_groups", "2.4", "4.4.1", doc="the members of your stage are of at least this many "
           "different groups (each member counted once: FAQ Q225)", arg=N1)
def _stage_distinct_groups(game, n, ctx):
    groups = [m.defn.group for m in game.table.players[ctx.player].members() if m.defn.group]
    return len(set(groups)) >= n



@condition("those_cost_sum_in", "2.6", doc="the printed costs of the cards the cost (or the last step) moved add up to "
           "one of these numbers", arg=ListOf(N1, min_items=1))
def _those_cost_sum_in(game, sums, ctx):
    return bool(ctx.those) and sum(c.defn.cost or 0 for c in ctx.those) in sums



@verb_function("discard_any_then_draw", "5.4.1", "5.6.2", doc="you put any number of cards of your hand that match "
               "in your waiting room (none included), then draw that many cards plus `plus`",
               arg=mapping(key("filter", "which cards", CARD_FILTER), key("plus", "how many more to draw", N1,
                                                                          default=1)))
def discard_any_then_draw(game, arg, step, ctx):
    from judge.core.decisions import Option

    from .effects import draw
    fits = [c for c in _hand(game, ctx.player) if card_matches(game, c, arg.get("filter"), ctx)]
    picked = []
    if fits:
        options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en, str(c.id))) for c in fits]
        ids = yield from game.ask(ctx.player, "choose", "cards of your hand for the waiting room (any number)",
                                  ("5.4.1", "9.6.3.1.1"), options, many=True, min_pick=0, max_pick=len(fits),
                                  private=ctx.player, source=ctx.source)
        picked = [game.cards[i] for i in ids]
    with game.moving_together():
        for c in picked:
            game.move(c, ctx.player, "waiting_room", ("5.4.1", "9.8.1"), source=ctx.source)
    yield from draw(game, len(picked) + arg.get("plus", 1), step, ctx)



@condition("trigger_member_is", "9.7.2", doc="the member the trigger happened to matches (as it is now)",
           arg=CARD_FILTER)
def _trigger_member_is(game, flt, ctx):
    m = game.cards.get(ctx.event.get("member"))
    return m is not None and card_matches(game, m, flt, ctx)



@verb_function("position_change_member", "11.10.1", "11.10.2", doc="the member `members` names (one, of your choice) "
               "moves to another area of its stage of your choice; a member there moves to the area it left (11.10.2)",
               arg=MEMBERS)
def position_change_member(game, sel, step, ctx):
    from judge.core.decisions import Option

    from .effects import members, relocate
    from .state import AREAS
    picked = yield from choose(game, ctx.player, members(game, sel, ctx), 1, ctx, ("11.10.1",), "a member")
    for m in picked:
        here = m.zone.name
        to = yield from game.ask(ctx.player, "position_change", f"move {m.number} from {here} to", ("11.10.1",),
                                 [Option(a, a, keys=(a,)) for a in AREAS if a != here], source=ctx.source)
        other = game.table.players[m.owner].member(to)
        relocate(game, [(m, to, ("11.10.1",))] + ([(other, here, ("11.10.2",))] if other else []), ctx.source)


__all__ = ["distinct_names", "stage_hearts", "invalidated"]
