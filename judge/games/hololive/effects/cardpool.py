"""Terms the texts of the whole card pool need (issue 18), as module functions with their
declarations (docs/architecture.md: rules areas as modules of functions, not mixins)."""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.terms import Bool, Either, Enum, Int, ListOf
from . import payment, prohibit, verbs
from .select import card_matches, holomems
from ..terms import CARD_FILTER, N, N1, PER, PER_KEYS, SELECTOR, STEPS, WHO, ability_kind, key, mapping, verb_function

# 12.2.1: an oshi stage skill is an ability of the oshi holomem; none is encoded yet, so the kind
# exists only to say so (as `gift` does for an unencoded gift).
ability_kind("oshi_stage_skill", "12.2.1", doc="an oshi stage skill not encoded yet (`unsupported:`)",
             at_least_one=("unsupported",))


# ---------------------------------------------------------------- archiving the top of the deck
@verb_function("archive_deck_top", "5.12.1", "4.11.3", "1.3.2", doc="archive the top N cards of your deck (as "
               "many as it has, if fewer: 1.3.2)", group="rule5",
               arg=mapping(key("count", "how many", N, required=True),
                           key("per_die", "`count` for each pip of the die this effect rolled ('出た目の数1につき')",
                               Bool(), "5.24.1"),
                           key("zone", "the deck, or the cheer deck ('archive the top card of your cheer deck'); "
                               "as a cost, payable only with that many cards there (10.4.2.2)",
                               Enum("deck", "cheer_deck"), "4.11", "4.12", default="deck"),
                           key("who", "whose deck: yours, or both players' ('お互いのエールデッキの上から1枚', yours "
                               "first); a later `per: {what: archived_colors}` counts the colours archived",
                               Enum("own", "both"), "1.3.4", default="own"),

                           key("may", "optional: its player is asked first", Bool()),
                           key("then", "'if the archived card is X, ...' ('アーカイブしたカードがサポートカードなら'): each "
                               "entry's steps are carried out when a card this step archived matches its filter",
                               ListOf(mapping(key("filter", "the archived card it looks for", CARD_FILTER, "2.15"),
                                              key("steps", "what is done then", STEPS, required=True))), "5.12.1"),
                           key("min", "'the top `min`～`count` cards' (1.3.5.2): its player declares how many first, "
                               "then they are archived, not one at a time (Q516, Q523); `per: {what: paid}` counts "
                               "the cards archived", N1, "1.3.5.2")))
def archive_deck_top(game, arg, step, ctx, source):
    """5.12.1: the top cards of the deck go to the archive, top first; an instruction that cannot be
    carried out in full is carried out as far as it can be (1.3.2). With `min`, the number is declared
    before any card moves (1.3.5.2; Q516, Q523: not one at a time, stopping at will)."""
    p = ctx["player"]
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.12.1",), "archive the top of the deck?")):
        return
    n = int(arg["count"]) * (int(ctx.get("die") or 0) if arg.get("per_die") else 1)
    deck = game.zone(p, arg.get("zone", "deck"))
    if "min" in arg:                                    # 1.3.5.2: 'N～M': the number is chosen first
        high = min(n, len(deck.items))                  # no more than the deck holds (1.3.2)
        low = min(int(arg["min"]), high)
        opts = [Option(str(k), k) for k in range(low, high + 1)]
        n = yield Decision(p, "choose_number", "how many cards to archive from the top", ("1.3.5.2", "5.12.1"),
                           opts, source=source)
    done = []
    for who in ([p, game.other(p)] if arg.get("who") == "both" else [p]):   # yours first (1.3.4)
        deck = game.zone(who, arg.get("zone", "deck"))
        for _ in range(n):
            if not deck.items:
                game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
                break
            done.append(deck.items[0])
            game.archive(deck.items[0], ("5.12.1", "4.11.3") + (("1.3.4",) if who != p else ()), source)
    ctx.setdefault("archived", []).extend(done)         # 'for each colour archived' (what: archived_colors)
    ctx["paid"] = len(done)                             # 'for each card archived' (per: {what: paid})
    for branch in arg.get("then") or ():         # 'if the card archived is X': looked at where it went (4.1.4.1)
        if any(card_matches(c.defn, branch.get("filter") or {}) for c in done):
            yield from game.run_steps(branch["steps"], ctx, source)


@verb_function("holopower_from_deck", "5.5.1", "4.15.1", "4.11.3", "1.3.2", doc="put the top N cards of your deck into your "
               "holo power, face down ('デッキの上から1枚をホロパワーにする'; as many as it has, if fewer: 1.3.2)",
               group="rule5", arg=mapping(key("count", "how many", N, required=True)))
def holopower_from_deck(game, arg, step, ctx, source):
    """4.15.1: the cards of the holo power area are the player's holo power; the deck's top card goes
    there unseen (4.15.2), as in a collab (8.4.3); an empty deck puts nothing (1.3.2)."""
    p = ctx["player"]
    deck = game.zone(p, "deck")
    for _ in range(int(arg["count"])):
        if not deck.items:
            game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
            break
        game.move(deck.items[0], game.zone(p, "holopower"), ("5.5.1", "4.15.1", "4.11.3"), source, face_down=True)
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- archiving attached cards
def _pick_attached(game, arg, ctx, source, rule: str, what: str):
    """The support cards attached to the holomems `from` names (5.17.1) matching `filter` that the
    effect's player picks: `count` of them, or from `min` (1.3.5.2); none if `may` is declined."""
    p = ctx["player"]
    spec = arg.get("filter") or {}
    pool = [c for s in holomems(game, arg.get("from", "this"), ctx) for c in s.attached
            if c.defn.type == "support" and card_matches(c.defn, spec)]
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why="no such card attached")
        return []
    if arg.get("may") and not (yield from verbs.may(game, p, source, (rule,), f"{what} an attached card?")):
        return []
    n = int(arg.get("count", 1))
    low = min(int(arg.get("min", n)), n, len(pool))      # '(min)～(count)' (1.3.5.2)
    return (yield from verbs.choose_cards(game, p, pool, ctx, source, (rule, "5.17.1")
                                          + (("1.3.5.2",) if "min" in arg else ()),
                                          prompt=f"an attached card to {what}", min_pick=low, max_pick=n))


@verb_function("archive_attached", "5.12.1", "5.17.1", doc="archive support cards (tools, mascots, fans) attached to "
               "holomems ('相手の[センターホロメンかコラボホロメン]に付いているツール1枚をアーカイブできる'); the "
               "effect's player chooses them", group="rule5",
               arg=mapping(key("from", "the holomems whose attached cards", SELECTOR, default="this"),
                           key("filter", "only attached cards matching it", CARD_FILTER),
                           key("count", "how many", N, default=1),
                           key("min", "'(min)～(count)' (1.3.5.2): the player chooses how many, at least this many; "
                               "as a cost, payable with this many attached; a later `per: {what: paid}` counts the "
                               "cards archived", N1, "1.3.5.2", "10.4.2.2"),
                           key("may", "optional: its player is asked first", Bool())))
def archive_attached(game, arg, step, ctx, source):
    """5.12.1: a card attached to a holomem (5.17.1) goes to its owner's archive; cheer are not support
    cards and are archived by `archive_cheer`."""
    picked = yield from _pick_attached(game, arg, ctx, source, "5.12.1", "archive")
    for card in picked:
        game.archive(card, ("5.12.1",), source)
    ctx["paid"] = len(picked)                            # 'for each card archived' (per: {what: paid})


@verb_function("return_attached", "5.5.1", "5.17.1", doc="return support cards (tools, mascots, fans) attached to "
               "holomems to their owner's hand ('そのホロメンに付いているファン1枚を手札に戻す'); the effect's player "
               "chooses them", group="rule5",
               arg=mapping(key("from", "the holomems whose attached cards (in a 'when downed' ability, `this`: the "
                               "holomem being downed, before it is archived)", SELECTOR, default="this"),
                           key("filter", "only attached cards matching it", CARD_FILTER),
                           key("count", "how many", N, default=1),
                           key("may", "optional: its player is asked first", Bool())))
def return_attached(game, arg, step, ctx, source):
    """5.5.1: a support card attached to a holomem (5.17.1) goes to its owner's hand."""
    picked = yield from _pick_attached(game, arg, ctx, source, "5.5.1", "return to the hand")
    for card in picked:
        game.move(card, game.zone(card.owner, "hand"), ("5.5.1",), source)


# ---------------------------------------------------------------- holo power archived; this card returned
@verb_function("archive_holopower", "5.12.1", "4.15", doc="archive N cards of your holo power, the newest first as a "
               "holo power cost is paid (12.1.3); as a cost, payable only with N there ('自分のホロパワー1枚をアーカイブ"
               "できる:')", group="rule5", arg=N)
def archive_holopower(game, n, step, ctx, source):
    """5.12.1: cards of the holo power area (4.15) go to the archive; the order of that hidden area is
    not managed (4.15.2), so they go the newest first, as a holo power cost does (12.1.3)."""
    zone = game.zone(ctx["player"], "holopower")
    for _ in range(int(n)):
        if not zone.items:
            game.emit("nothing", ("1.3.2",), source, why="no holo power left")
            break
        game.archive(zone.items[-1], ("5.12.1", "4.15"), source)
    return
    yield  # pragma: no cover


@verb_function("holopower_to_hand", "5.5.1", "4.15", doc="the top N cards of a holo power go to the hand of its "
               "player ('相手は、自身のホロパワーの上から1枚を手札に加える'): the newest first, as a holo power cost is paid "
               "(12.1.3; the order of that hidden area is not managed, 4.15.2); as many as there are, if fewer (1.3.2)",
               group="rule5", arg=mapping(
                   key("count", "how many", N, default=1),
                   key("who", "whose holo power (to whose hand): the effect's player's or the opponent's", WHO,
                       default="own")))
def holopower_to_hand(game, arg, step, ctx, source):
    """5.5.1: cards of a holo power area (4.15) go to its player's hand, the newest first (12.1.3, 4.15.2)."""
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    zone = game.zone(p, "holopower")
    for _ in range(int(arg.get("count", 1))):
        if not zone.items:
            game.emit("nothing", ("1.3.2",), source, why="no holo power left")
            break
        game.move(zone.items[-1], game.zone(p, "hand"), ("5.5.1", "4.15", "4.15.2"), source)
    return
    yield  # pragma: no cover


@verb_function("return_this", "5.5.1", doc="return the card whose ability this is to its owner's hand (a tool, mascot "
               "or fan: 'このマスコットを手札に戻す'), or to the bottom or the top of the deck ('〈X〉1枚をデッキの下に戻す', "
               "'デッキの上に戻せる'); nothing if it has left its zone", group="rule5", arg=mapping(
                   key("to", "its owner's hand, or the bottom of the deck ('〈X〉1枚をデッキの下に戻す'), or its top",
                       Enum("hand", "deck_bottom", "deck_top"), "4.1.5", "4.11", default="hand")))
def return_this(game, arg, step, ctx, source):
    """5.5.1: the card whose ability this is goes to its owner's hand; inside a down processing it is
    still attached, so it returns before the downed holomem's cards are archived (11.3.1.1; Q354)."""
    card = ctx.get("card")
    if card is None or card.zone is None:
        game.emit("nothing", ("1.3.2",), source, why="the card is not there")
        return
    to = (arg or {}).get("to", "hand")
    game.move(card, game.zone(card.owner, "hand" if to == "hand" else "deck"), ("5.5.1",), source,
              bottom=to == "deck_bottom")              # deck_top: a card put into the deck goes on its top (4.1.3.2)
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- an optional cost inside a text
@verb_function("may_pay", "10.4.1", "10.4.2", "10.4.2.2", doc="'you may X: Y' inside an art or ability: its player "
               "may pay the cost X (in the order written, all of it or none: 10.4.2.1, 10.4.2.2); only if it is "
               "paid, Y is carried out", group="machinery",
               arg=mapping(key("cost", "what is paid: steps whose payment the engine can check (`put`, "
                               "`archive_cheer`)", STEPS, required=True),
                           key("effect", "what paying it does", STEPS, required=True)))
def may_pay(game, arg, step, ctx, source):
    """10.4.1: the action before the colon is a cost; 10.4.2.2: one that cannot be paid in full is not
    paid at all, and what it buys is not carried out."""
    p = ctx["player"]
    if not payment.cost_payable(game, arg["cost"], ctx):
        game.emit("not_played", ("10.4.1", "10.4.2.2"), source, player=p, why="its cost cannot be paid in full")
        return
    if not (yield from verbs.may(game, p, source, ("10.4.1",), "pay the cost?")):
        return
    yield from payment.pay_cost(game, arg["cost"], ctx, source, ("10.4.1",))
    yield from game.run_steps(arg["effect"], ctx, source)



@verb_function("reveal_deck_top", "5.11.2", "5.11.1", "5.12.1", "5.5.1", "1.3.2", doc="reveal the top card, or the "
               "top `count` cards, of your deck ('自分のデッキの上から1枚を公開する'; as many as it has, if fewer: 1.3.2; "
               "Q527, Q528); if one of them matches `filter`, carry out `then`; then they go where `to` says "
               "('そして公開したカードをアーカイブする'); later steps count them (`what: revealed`) and test them "
               "(`revealed_has`)", group="rule5", arg=mapping(
                   key("count", "how many cards, from the top", N1, default=1),
                   key("filter", "'if the revealed card is (X)': `then` only if a revealed card matches", CARD_FILTER),
                   key("then", "what is done if one matches (once, before the cards go where `to` says)", STEPS),
                   key("to", "where the revealed cards go afterwards: they stay on the `top`, go to the `bottom` of "
                       "the deck, the `hand`, or the `archive` ('そして公開したカードをアーカイブする')",
                       Enum("top", "bottom", "hand", "archive"), default="top"),
                   key("unmatched_to", "where a card goes instead when it does not match `filter` ('サポートカード"
                       "以外なら、そのカードをデッキの上に戻す')", Enum("top", "bottom", "hand", "archive")),
                   key("may", "optional ('公開できる'): its player is asked first", Bool())))
def reveal_deck_top(game, arg, step, ctx, source):
    """5.11.2: the top cards of the deck are revealed: every player sees them; a condition on them is
    read from their information, and they stay known to the rest of the text ('公開したホロメン1枚につき',
    'その中にイベントがあるなら'). Afterwards each goes back to the top (it never left), to the bottom
    (5.5.1), to the hand, or to the archive (5.12.1); an instruction that cannot be carried out in
    full is carried out as far as it can be (1.3.2)."""
    p = ctx["player"]
    deck = game.zone(p, "deck")
    n = int(arg.get("count", 1))
    if not deck.items:
        game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
        return
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.11.2",),
                                                    "reveal the top of your deck?")):
        return
    cards = list(deck.items[:n])
    if len(cards) < n:
        game.emit("nothing", ("1.3.2",), source, why=f"the deck holds {len(cards)} card(s)")
    for card in cards:
        game.emit("reveal", ("5.11.2",), source, player=p, card=card, cards=[card.number])
    ctx["revealed"] = [c.defn for c in cards]
    flt = arg.get("filter") or {}
    matched = [card_matches(c.defn, flt) for c in cards]
    if arg.get("then") and any(matched):
        yield from game.run_steps(arg["then"], ctx, source)
    for card, match in zip(cards, matched):
        to = arg.get("to", "top") if match or not arg.get("unmatched_to") else arg["unmatched_to"]
        if card.zone is not deck:
            continue                             # it has left the deck meanwhile
        if to == "hand":
            game.move(card, game.zone(p, "hand"), ("5.11.2",), source)
        elif to == "bottom":
            game.move(card, deck, ("5.5.1",), source, bottom=True)
        elif to == "archive":
            game.archive(card, ("5.12.1", "4.11.3"), source)


# ---------------------------------------------------------------- 'this art +N for each ...'
def _count(game, arg, ctx) -> int:
    """What an art counts: cheer on the holomems, cards attached to them (matching a filter), holomem
    cards stacked under them, or the holomems themselves (with different card names, 2.1)."""
    if arg.get("what") == "paid":                          # 'for each card archived' by the cost (10.4.1)
        return int(ctx.get("paid", 0))
    if arg.get("what") == "used":                          # 'for each event you used this turn' (10.7.2.5.4)
        turn, uses = game.facts[ctx["player"]].get("used_list") or (None, ())
        flt = arg.get("filter") or {}
        return sum(1 for n in (uses if turn == game.turn_number else ()) if card_matches(game.db.get(n), flt))
    if arg.get("what") == "life_lost":                     # 'each life lost from your initial life' (Q326):
        oshi = game.oshi(ctx["player"])                    # the life printed on the oshi (2.8)
        life = (oshi.defn.life or 0) if oshi is not None else 0
        return max(0, life - len(game.zone(ctx["player"], "life").items))
    if arg.get("what") == "archived_colors":               # 'for each colour archived' (2.4)
        return len({c for card in ctx.get("archived") or () for c in card.defn.colors})
    if arg.get("what") == "overkill":                      # beyond the downed holomem's remaining HP (4.4.5.4)
        downed = ctx.get("downed")
        return int(downed.flags.get("overkill", 0)) if downed is not None else 0
    if arg.get("what") == "returned":                      # 'for each card returned by this ability'
        return int(ctx.get("returned", 0))
    if arg.get("what") == "cards":                         # the cards of a zone (4.1; a hand, 4.13)
        p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
        flt = arg.get("filter") or {}
        alts = arg.get("any_filter")                       # '[X and Y]': cards matching one of them
        return sum(1 for c in game.zone(p, arg["zone"]).items
                   if (any(card_matches(c.defn, f) for f in alts) if alts else card_matches(c.defn, flt)))
    if arg.get("what") == "cheer_lead":                    # 'for each cheer more than your opponent' (4.4.3)
        from .select import stage_cheer_lead
        return max(0, stage_cheer_lead(game, ctx["player"]))
    if arg.get("what") == "restored":                      # the HP an earlier restore_hp of this text restored (5.23.1)
        return int(ctx.get("restored", 0))
    if arg.get("what") == "revealed":                      # the cards an earlier reveal_deck_top revealed (5.11.1)
        flt = arg.get("filter") or {}
        return sum(1 for d in ctx.get("revealed") or () if card_matches(d, flt))
    if arg.get("what") == "used_supports":                 # played from the hand this turn (8.6.1; Q557, Q558)
        flt = arg.get("filter") or {}
        played = game.facts[ctx["player"]].get("supports_played", ())
        defs = {c.number: c.defn for c in game.cards.values() if c.number in played}
        return sum(1 for n in played if card_matches(defs[n], flt))
    on = holomems(game, arg.get("on", "this"), ctx)
    if arg.get("what") == "baton_cost":                    # the icons their baton passes need now (2.10.1)
        return sum(len(game.baton_cost(s)) for s in on)
    if arg.get("what") == "cheer":                         # cheer attached to them (4.4.7), of a filter's colours
        flt = arg.get("filter") or {}
        return sum(1 for s in on for c in game.cheers(s) if card_matches(c.defn, flt))
    if arg.get("what") == "cheer_colors":                  # 'for each colour of cheer' (2.4): each colour once
        return len({col for s in on for c in game.cheers(s) for col in (c.defn.colors or ())})
    if arg.get("what") == "attached":                      # cards attached to them (5.17.1)
        flt = arg.get("filter") or {}
        return sum(1 for s in on for c in s.attached if card_matches(c.defn, flt))
    if arg.get("what") == "stacked":                       # holomem cards under the top card (4.4.2)
        return sum(len(s.cards) - 1 for s in on)
    if arg.get("what") == "die":                           # the pips rolled by this text (5.24.1)
        return int(ctx.get("die") or 0)
    if arg.get("what") == "dice":                          # the dice rolled by this text, of a result (5.24.1)
        from .verbs import _die_matches
        return sum(1 for v in ctx.get("dice") or () if "result" not in arg or _die_matches(str(arg["result"]), v))
    if arg.get("what") == "dice_this_turn":                # the dice its player rolled for abilities this turn
        turn, n = game.facts[ctx["player"]].get("dice_rolled") or (None, 0)
        return n if turn == game.turn_number else 0
    if arg.get("what") == "dealt":                         # the damage a 'dealt damage' skill answers (12.1.5.3)
        return int(ctx.get("event_amount") or 0)
    if arg.get("what") == "event_cheer":                   # the cheer a 'cheer archived' skill answers (12.1.5.3)
        return int(ctx.get("event_count") or 0)
    if arg.get("what") == "damage":                        # the damage they have taken, added up (4.4.5)
        return sum(s.damage for s in on)
    if arg.get("distinct_names"):                          # 'of different card names' (2.1)
        return len({game.top_def(s).name for s in on})
    return len(on)                                         # the holomems themselves


# What each kind of count reads: cheer attached to holomems (4.4.3), cards attached (5.17.1), holomem
# cards stacked under the top card (4.4.8), the holomems of the stage (4.6)
COUNT_RULES = {"cheer": ("4.4.3",), "cheer_colors": ("4.4.3", "2.4"), "attached": ("5.17.1",), "stacked": ("4.4.8",),
               "holomems": ("4.6",), "damage": ("4.4.5",), "dealt": ("12.1.5.3",), "die": ("5.24.1",),
               "dice": ("5.24.1",), "dice_this_turn": ("5.24.1", "5.24.3"),
               "life_lost": ("2.8.1", "4.10"), "paid": ("10.4.1", "10.4.2"), "baton_cost": ("2.10.1", "10.10.1.4"),
               "cards": ("4.1",), "returned": ("4.4.8", "5.5.1"), "used": ("10.7.2.5.4",), "cheer_lead": ("4.4.3", "4.6"),
               "used_supports": ("8.6.1", "10.7.2.5"), "revealed": ("5.11.1",), "restored": ("5.23.1",),
               "overkill": ("4.4.5.4", "11.3.1.1"), "archived_colors": ("2.4", "5.12.1"),
               "event_cheer": ("12.1.5.3", "5.12.1")}


@verb_function("art_bonus_per", "12.3.4.2", doc="(inside an art) this art gets +N for each `every` of what it "
               "counts, counted as the art's text resolves", arg=mapping(
                   key("amount", "how much per count", N, required=True),
                   *PER_KEYS))
def art_bonus_per(game, arg, step, ctx, source):
    """12.3.4.2: a modifier of the art, its size read from the board when the text resolves."""
    counted = _count(game, arg, ctx)
    if "max" in arg:                                       # 'but count at most N'
        counted = min(counted, int(arg["max"]))
    n = counted // int(arg.get("every", 1))
    game.emit("counted", COUNT_RULES[arg.get("what", "holomems")], source, what=arg.get("what", "holomems"),
              count=counted)
    yield from verbs.art_bonus(game, int(arg["amount"]) * n, step, ctx, source)


# ---------------------------------------------------------------- 'make its remaining HP N'
@verb_function("set_remaining_hp", "4.4.5", "4.4.5.4", doc="make a holomem's remaining HP N: its damage becomes its HP "
               "less N (not below 0). Not damage (5.22: nothing reduces or prevents it, no 'when damaged') and not "
               "restoring (5.23: no 'when restored'), Q18-Q20", group="rule5",
               arg=mapping(key("target", "the holomem", SELECTOR, default="this"),
                           key("amount", "the remaining HP it gets", N, required=True)))
def set_remaining_hp(game, arg, step, ctx, source):
    """4.4.5.4: a holomem's HP is its HP less the damage it has taken, so making it N sets that
    damage to HP - N (its HP as it stands, every modifier counted: Q362). It may rise or fall (Q19);
    a damage at or above the HP downs it at the next check timing (4.4.5.3)."""
    targets = yield from verbs.choose_holomems(game, arg.get("target", "this"), ctx, source, ("4.4.5.4",),
                                               prompt="a holomem whose remaining HP is set", action="hp_change")
    for s in targets:
        new = max(game.max_hp(s) - int(arg["amount"]), 0)
        game.emit("set_damage", ("4.4.5", "4.4.5.4"), source, stack=s, holomem=game.snap(s), was=s.damage,
                  amount=new, hp=int(arg["amount"]))


# archive_stacked (4.4.8): effects/holomem_terms.py


@verb_function("draw_until_hand", "5.7.1", "5.7.2", doc="draw one card at a time until the hand holds N cards; a hand "
               "already holding N or more draws nothing (1.3.2.2), an empty deck stops it (1.3.2)",
               arg=Either(Int(minimum=0, variable="X"), mapping(
                   key("per", "N is what this counts, when it resolves ('自分のステージの〈座員〉の枚数と同じになるまで': "
                       "`{what: attached, on: stage, filter: {name: 座員}}`)", PER, required=True),
                   key("max", "at most this many cards are drawn ('ただし、引ける枚数はN枚まで')", Int(minimum=0)))),
               group="rule5")
def draw_until_hand(game, n, step, ctx, source):
    """'Draw until your hand has as many cards as N': 5.7.1 one card at a time, as many times as the
    hand is short of N (5.7.2 with that number); none when it is not short (1.3.2.2). N may be what
    a `per` counts now, and the draws may be capped (`max`)."""
    limit = None
    if isinstance(n, dict):
        limit = int(n["max"]) if "max" in n else None
        n = verbs.per_times(game, n["per"], ctx)
    p, n = ctx["player"], int(n)
    hand = game.zone(p, "hand")
    if len(hand.items) >= n:                                              # 1.3.2.2: 0 or fewer times
        game.emit("nothing", ("1.3.2.2",), source, player=p, why=f"the hand already holds {len(hand.items)}")
        return
    drawn = 0
    while len(hand.items) < n:
        if limit is not None and drawn >= limit:                          # 'at most N of them'
            return
        drawn += 1
        if prohibit.prohibited(game, "draw", p, source):                  # 1.3.3: the prohibition wins
            return
        if not game.draw(p, ("5.7.2", "5.7.1"), source):                # 1.3.2: an empty deck draws nothing
            game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
            return
    return
    yield  # pragma: no cover
