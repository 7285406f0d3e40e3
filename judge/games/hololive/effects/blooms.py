"""Blooming by an effect (5.14) and 'may bloom once more' (5.28).

    - bloom: {target: {where: back, bloom_level: debut}, filter: {bloom_level: 1st}, may: true}
    - bloom_again: {target: center}      # this turn, once: it may bloom again (8.3.2 waived)
"""
from __future__ import annotations

from ....core.terms import Bool, Enum, Shorthand
from ....core.errors import NotRunnable
from ..actions import BLOOM_FROM
from ..terms import CARD_FILTER, SELECTOR, key, mapping, verb_function
from . import prohibit
from .select import card_matches, holomems
from ..events import on_event
from . import verbs
from . import triggers


# ----------------------------------------------------------------- 5.14
def _bloom_cards(game, s, p, spec, frm="hand", ctx=None, only=None):
    """Cards of the zone (the hand, or the archive for 'bloom using a holomem of your archive', or
    the holomem cards stacked under the holomem whose ability this is, 4.4.8) that could bloom this
    holomem (8.3.3: a shared name, the next level, more HP than its damage); `only`: that card alone
    ('このホロメンを使って'). Whether a prohibition forbids it (2.11.2.4, 1.3.3) is asked apart."""
    if frm == "stacked":                # 4.4.8: the cards under its top card, never the top card itself (Q601)
        this = (ctx or {}).get("holomem")
        cards = list(this.cards[:-1]) if this is not None and this.zone is not None else []
    else:
        cards = game.zone(p, frm).items
    return [c for c in cards
            if c.defn.type == "holomem" and card_matches(c.defn, spec) and (only is None or c is only)
            and c.defn.names & game.names(s)
            and game.bloom_level(s) in BLOOM_FROM.get(c.defn.bloom_level, ())
            and (c.defn.hp or 0) > s.damage]


@verb_function("bloom", "5.14.1", "5.14.2", "5.14.3", doc="bloom a holomem with a card from the hand that could bloom it "
               "(8.3.3: a shared name, the next level, more HP than its damage)", group="rule5", arg=mapping(
                   key("target", "the holomems that may bloom", SELECTOR, default="stage"),
                   key("filter", "only cards matching it", CARD_FILTER),
                   key("from", "the zone of the card it blooms with: the hand, or the archive ('using a holomem "
                       "of your archive'), or `stacked`: the holomem cards stacked under this holomem, not its top card "
                       "('このホロメンに重なっているホロメンを使ってBloomできる', 4.4.8; Q601)",
                       Enum("hand", "archive", "stacked"), default="hand"),
                   key("may", "optional: its player is asked first", Bool()),
                   key("self", "only the card whose ability this is ('アーカイブのこのホロメンを使ってBloomできる': "
                       "an ability that works in the archive, 10.3.4.3)", Bool(), "10.3.4.3"),
                   key("again", "'may bloom once more': the text itself lets a holomem that bloomed this turn bloom "
                       "again now (5.28.1 for this bloom)", Bool(), "5.28.1"),
                   key("placed", "the text itself names a holomem put onto the stage this turn ('このターンに出した"
                       "Debutホロメンを…Bloomできる'): 8.3.2's 'not put out this turn' is set aside for this bloom, the "
                       "text prevailing (1.3.1)", Bool(), "8.3.2", "1.3.1")))
def bloom(game, arg, step, ctx, source):
    """5.14.1: an effect blooms a holomem with a holomem card from the hand (or the archive).
    As with the bloom action (8.3.2), a holomem put onto the stage this turn or that has bloomed this
    turn is not bloomed by an effect (official Q&A Q244, Q281, Q282; docs/rulings.md) unless it may
    bloom once more (5.28.1)."""
    p = ctx["player"]
    arg = dict(arg or {})
    spec = arg.get("filter") or {}
    frm = arg.get("from", "hand")
    only = ctx.get("card") if arg.get("self") else None         # 'using this holomem'
    if arg.get("self") and only is None:
        raise NotRunnable(f"{source}: bloom self: needs the card whose ability it is")
    pool = [s for s in holomems(game, arg.get("target", "stage"), ctx) if _bloom_cards(game, s, p, spec, frm, ctx, only)]
    fresh = [s for s in pool if not _may_bloom_now(game, s)
             and not (arg.get("again") and s.flags.get("bloomed_turn") == game.turn_number)
             and not (arg.get("placed") and s.flags.get("placed_turn") == game.turn_number
                      and s.flags.get("bloomed_turn") != game.turn_number)]
    if fresh:
        game.emit("nothing", ("8.3.2",), source, holomems=[game.snap(s) for s in fresh],
                  why="put onto the stage or bloomed this turn")
        pool = [s for s in pool if s not in fresh]
    # 1.3.3: a holomem that cannot bloom (2.11.2.4, or a prohibition) is not bloomed by the effect
    pool = prohibit.unprohibited(game, "bloom", p, pool, source)
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why=f"no holomem a card in the {frm} can bloom"
                  if frm != "stacked" else "no holomem a card stacked under this holomem can bloom")
        return
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.14.1",), "bloom?")):
        return
    (s,) = yield from verbs._pick_one(game, pool, p, source, ("5.14.1", "8.3.3"), "a holomem to bloom")
    (card,) = yield from verbs.choose_cards(game, p, _bloom_cards(game, s, p, spec, frm, ctx, only), ctx, source,
                                           ("5.14.1", "8.3.3"), prompt="a holomem card to bloom it with",
                                           min_pick=1, max_pick=1)
    before = game.snap(s)
    # 5.14.1.1: the new card is the top card; 5.14.2: still the same holomem, with its damage and
    # effects; 5.14.3: the old top card's text is lost, the new card's gained.
    waived = ("8.3.2", "1.3.1") if arg.get("placed") and s.flags.get("placed_turn") == game.turn_number else ()
    game.emit("bloom", ("5.14.1", "5.14.1.1", "5.14.2", "5.14.3") + waived + game.bloom_rules(s, card), source,
              player=p, stack=s, card=card, number=card.number, holomem=before, frm=s.top.number)


def _may_bloom_now(game, s) -> bool:
    """8.3.2 (applied to an effect's bloom by Q244, Q281, Q282): not a holomem put onto the stage this
    turn, nor one that bloomed this turn, unless an effect lets it bloom once more (5.28.1)."""
    if s.flags.get("bloomed_turn") == game.turn_number:
        return may_bloom_again(game, s)
    return s.flags.get("placed_turn") != game.turn_number


def bloom_rules(game, stack, card) -> tuple:
    """Rules a bloom applies beyond 5.14.1 (the hook of actions._do_bloom): 5.28.1 when the
    holomem blooms once more this turn; 5.14.3.1-5.14.3.1.1 when the new card has an ability
    identical to a limited ability the old top card used in the current period."""
    out = ()
    if stack.flags.get("bloomed_turn") == game.turn_number:
        out += ("5.28.1",)
    if game.bloom_level(stack) not in BLOOM_FROM.get(card.defn.bloom_level, ()) and \
            bloom_level_ignored(game, stack, card.defn):
        out += ("8.3.3", "1.3.1")                  # a text set the bloom levels aside
    old = stack.top
    for ab in old.defn.abilities:
        period = triggers._period(game, ab)
        if period and game.uses.get((old.id, id(ab), period)) and ab in card.defn.abilities:
            out += ("5.14.3.1", "5.14.3.1.1")      # a different ability: its count starts at 0
            break
    return out

# ----------------------------------------------------------------- 5.28
@verb_function("bloom_again", "5.28.1", doc="a holomem that bloomed this turn may bloom once more this turn (8.3.2 "
               "waived, once)", group="rule5", arg=Shorthand(SELECTOR, mapping(
                   key("target", "the holomem", SELECTOR, default="this"))))
def bloom_again(game, arg, step, ctx, source):
    """5.28.1: a holomem that bloomed this turn may bloom once more this turn (a continuous
    effect, 10.2.1.2); it lapses when it is used, i.e. when the holomem's top card changes."""
    # a mapping with `target:` names the holomem by it; any other argument is the selector itself
    sel = arg.get("target", "this") if isinstance(arg, dict) and "target" in arg else (arg or "this")
    pool = [s for s in holomems(game, sel, ctx) if s.flags.get("bloomed_turn") == game.turn_number]
    if not pool:
        game.emit("nothing", ("5.28.1",), source, why="no holomem that bloomed this turn")
        return
    (s,) = yield from verbs._pick_one(game, pool, ctx["player"], source, ("5.28.1",), "a holomem to bloom again")
    game.emit("bloom_again", ("5.28.1", "10.2.1.2"), source, stack=s, holomem=game.snap(s))


@on_event("bloom_again")
def apply_bloom_again(game, ev):
    s = ev.data["stack"]
    game.modifiers.append({"stack": s, "player": None, "attribute": "bloom_again", "amount": 0,
                           "until": "end_of_turn", "source": ev.source, "top": s.top})


def may_bloom_again(game, stack, card=None) -> bool:
    """5.28.1: the permission holds once: until the holomem blooms (its top card changes). A
    continuous ability of its top card may give it too, while its condition holds, with a card its
    filter names (`bloom_again: CARD-FILTER`; Q484: at any time, not only right after the bloom);
    blooming changes the top card, so it too is used once."""
    if any(m["stack"] is stack and m["attribute"] == "bloom_again" and m.get("top") is stack.top
           for m in game.modifiers):
        return True
    from . import validity
    from .select import holds
    ctx = {"player": stack.owner, "holomem": stack, "card": stack.top}
    for ab in validity.valid_abilities(game, stack.top, stack, ("continuous",)):      # 10.3.4, 10.3.2
        if "bloom_again" in ab and holds(game, ab.get("condition") or {}, ctx) and (
                card is None or card_matches(card.defn, ab["bloom_again"])):
            return True
    return False


def bloom_level_ignored(game, stack, defn) -> bool:
    """A continuous ability 'this holomem may bloom with (card) whatever the bloom levels'
    (`bloom_ignoring_level`): the level part of 8.3.3 is set aside for a card matching it, the text
    prevailing over the rules (1.3.1); the shared name and the HP parts still apply."""
    if not game.in_game("continuous.bloom_ignoring_level"):
        return False
    from . import validity
    return any(card_matches(defn, ab["bloom_ignoring_level"])
               for ab, _ctx in validity.continuous_holding(game, stack, "bloom_ignoring_level"))
