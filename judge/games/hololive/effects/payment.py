"""Costs (10.4): what is written before the colon of an ability (10.4.1), paid by doing it
(10.4.2), in the order written (10.4.2.1), all of it or none of it (10.4.2.2).

    - {kind: support, cost: [STEPS], effect: [STEPS]}          # 10.7.2.4
    - {kind: auto, trigger: .., cost: [STEPS], effect: [STEPS]} # 10.1.1.2.2: may be paid (or not)
    oshi_skill: {holopower: X, effect: [{draw: X}]}            # 12.1.3.1: X is chosen, 1 or more

Cost steps the engine can tell are payable before paying them: `archive_cheer` (5.12.1; an
applicable replacement may pay it instead, 10.11.4), `put` (cards from the hand), `archive_this`
(the card whose ability it is, while it is in a zone), `move_cheer` (5.17.4) and `return_holomem`
(a holomem of the stage returned).
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from .select import card_matches, holomems
from ....core.terms import ListOf
from ..terms import STEPS, verb_function, verb_of
from . import verbs
from . import replacement
from . import usable


def cost_payable(game, cost, ctx) -> bool:
    """10.4.2.2: every part of the cost can be paid (or no part of it is)."""
    for step in cost or ():
        verb = verb_of(step)
        check = PAYABLE.get(verb)
        if check is None:
            raise NotRunnable(f"cost '{verb}': the engine cannot tell whether it can be paid")
        if not check(game, step[verb], ctx):
            return False
    return True


def pay_cost(game, cost, ctx, source, rules=()):
    """10.4.2, 10.4.2.1: pay the cost by doing what it says, first written first."""
    order = ("10.4.2.1",) if len(cost) > 1 else ()
    via = ("10.11.4",) if ctx.pop("cost_by_replacement", False) else ()
    game.emit("pay_cost", ("10.7.2.4", "10.4.1", "10.4.2") + order + via + tuple(rules), source,
              player=ctx["player"], steps=[verb_of(s) for s in cost])
    for step in cost:
        verb = verb_of(step)
        pay = PAY.get(verb)
        if pay is not None:
            yield from pay(game, step[verb], ctx, source)
        else:
            yield from game.run_steps([step], ctx, source)

# ---------------------------------------------------------- archive cheer
def _cheer_pool(game, arg, ctx):
    colors = set(arg.get("colors") or ())              # only cheer of these colours
    return [c for s in holomems(game, arg.get("from", "stage"), ctx) for c in game.cheers(s)
            if not colors or colors & c.defn.colors]


def _least(game, arg, ctx) -> int:
    """How many cheer the cost archives at least: `count`; `count: any`: its `min` (1.3.5.1); `count: all`:
    every matching one (at least 1)."""
    if arg.get("count") == "all":
        return max(1, len(_cheer_pool(game, arg, ctx)))
    return int(arg.get("min", 1)) if arg.get("count") == "any" else int(arg.get("count", 1))


def _cheer_proposal(game, arg, ctx) -> dict:
    return {"player": ctx["player"], "by": ctx.get("holomem"), "count": _least(game, arg, ctx),
            "card": ctx.get("card"), "colors": arg.get("colors")}


def _payable_archive_cheer(game, arg, ctx) -> bool:
    if len(_cheer_pool(game, arg, ctx)) >= _least(game, arg, ctx):
        return True
    # 10.11.4: it cannot be done as written, but a replacement of it can be carried out
    if replacement.replacement_possible(game, "archive_cheer", _cheer_proposal(game, arg, ctx)):
        ctx["cost_by_replacement"] = True
        return True
    return False


def _pay_archive_cheer(game, arg, ctx, source):
    proposal = yield from replacement.replace_event(game, "archive_cheer", _cheer_proposal(game, arg, ctx), source)
    if proposal is None:
        return                                   # 10.11.1.1: the archiving did not happen
    n = proposal["count"]
    pool = _cheer_pool(game, arg, ctx)
    most = len(pool) if arg.get("count") == "any" else n        # 'any number' (1.3.5.1): at least n
    picked = yield from verbs.choose_cards(game, ctx["player"], pool, ctx, source, ("5.12.1",),
                                          prompt="cheer to archive", min_pick=n, max_pick=most)
    for card in picked:
        game.archive(card, ("5.12.1",), source)
    ctx["paid"] = len(picked)                    # 'for each cheer archived' (per: {what: paid})
    usable.cheer_archived_by_ability(game, ctx, picked)         # 12.1.5.3

# ------------------------------------------------------- cards from hand
def _payable_put(game, arg, ctx) -> bool:
    hand = [c for c in game.zone(ctx["player"], "hand").items if c is not ctx.get("card")
            and (not arg.get("filter") or card_matches(c.defn, arg["filter"]))]
    # '1～3枚' (1.3.5.2): payable with the least the player may choose
    if arg.get("same_tag"):                  # 2.6: as many cards sharing one tag
        return any(verbs.same_tag_set([c], hand, int(arg.get("count", 1))) for c in hand)
    if arg.get("count") == "any":            # 'any number' (1.3.5): 0 or more, or at least `min`
        return len(hand) >= int(arg.get("min", 0))
    return len(hand) >= int(arg.get("min", arg.get("count", 1)))

# ------------------------------------------------------- re-attach cheer
def _payable_move_cheer(game, arg, ctx) -> bool:
    """5.17.4 as a cost ('...付け替えられる:'): the cheer are there, and a holomem other than theirs to
    receive each one (one_each: as many different holomems as cheer)."""
    n = int(arg.get("count", 1)) if arg.get("count") not in ("all", "any") else 1
    frm = holomems(game, arg.get("from", "stage"), ctx)
    pool = [c for s in frm for c in game.cheers(s)]
    if arg.get("colors"):
        pool = [c for c in pool if set(arg["colors"]) & c.defn.colors]
    receivers = [s for s in holomems(game, arg.get("to", "stage"), ctx) if s not in frm or len(frm) > 1]
    return len(pool) >= n and len(receivers) >= (n if arg.get("one_each") else 1)


def _pay_move_cheer(game, arg, ctx, source):
    yield from game.run_steps([{"move_cheer": {k: v for k, v in arg.items() if k != "may"}}], ctx, source)

# A cost's verbs: whether each can be paid (10.4.2.2), and those paid otherwise than by running the
# step (archiving cheer offers the replacements of 10.11.4).
def _payable_archive_this(game, arg, ctx) -> bool:
    """5.12.1: the card whose ability this is can be archived while it is still in a zone (a mascot
    archived to reduce damage, hBP01-117)."""
    card = ctx.get("card")
    return card is not None and card.zone is not None



# ------------------------------------------------------- a holomem returned
def _payable_return_holomem(game, arg, ctx) -> bool:
    """'Return one of your X holomems to the deck: ...': there is such a holomem to return (10.4.2.2)."""
    sel = arg.get("target", "this") if isinstance(arg, dict) and "target" in arg else (arg or "this")
    return bool(holomems(game, sel, ctx))


def _payable_restore_hp(game, arg, ctx) -> bool:
    """5.23.1 as a cost ('HP50回復できる:'): a holomem it names has damage to restore (restoring one with
    none is not restoring it, Q111)."""
    return any(s.damage > 0 for s in holomems(game, arg.get("target", "this"), ctx))


def _payable_archive_stacked(game, arg, ctx) -> bool:
    """4.4.8: as many matching holomem cards are stacked under this holomem (or those `from` names)."""
    from .holomem_terms import stacked_pool
    return len(stacked_pool(game, arg, ctx)) >= int((arg or {}).get("count", 1))


def _payable_deck_top(game, arg, ctx) -> bool:
    """Archiving the top N cards of the deck (or cheer deck) as a cost: N cards must be there (10.4.2.2)."""
    need = int(arg.get("min", arg.get("count", 1)))     # 'N～M': N of them at least (1.3.5.2)
    return len(game.zone(ctx["player"], arg.get("zone", "deck")).items) >= need


def _payable_return_cheer(game, arg, ctx) -> bool:
    """Returning N cheer of the stage to the cheer deck as a cost: N cheer must be there (10.4.2.2)."""
    return sum(len(game.cheers(s)) for s in holomems(game, arg.get("from", "stage"), ctx)) >= int(arg.get("count", 1))


def _payable_holopower(game, n, ctx) -> bool:
    """Archiving N holo power as a cost: N cards must be there (10.4.2.2)."""
    return len(game.zone(ctx["player"], "holopower").items) >= int(n)


def _payable_take(game, arg, ctx) -> bool:
    """'Return 1 (X) of your archive to the hand:' as a cost: the zone holds as many matching cards
    (10.4.2.2)."""
    zone = game.zone(ctx["player"], arg.get("from", "deck"))
    flt = arg.get("filter") or {}
    need = int(arg.get("min", arg.get("count", 1)))
    return sum(1 for c in zone.items if card_matches(c.defn, flt)) >= need


def _payable_archive_attached(game, arg, ctx) -> bool:
    """Archiving attached support cards as a cost: `min` (or `count`) of them must be there (10.4.2.2)."""
    need = int(arg.get("min", arg.get("count", 1)))
    have = sum(1 for s in holomems(game, arg.get("from", "this"), ctx) for c in s.attached
               if c.defn.type == "support" and card_matches(c.defn, arg.get("filter") or {}))
    return have >= need


def _payable_return_to_deck(game, arg, ctx) -> bool:
    """Returning cards of a zone to the deck as a cost: as many matching cards must be there (10.4.2.2)."""
    from .select import card_matches
    zone = game.zone(ctx["player"], arg.get("from", "archive"))
    n = sum(1 for c in zone.items if card_matches(c.defn, arg.get("filter") or {}))
    need = int(arg.get("min", 1)) if arg.get("count") == "all" or arg.get("up_to") else int(arg.get("count", 1))
    return n >= need


@verb_function("one_of", "10.4.2", "10.4.2.2", doc="'A or B' ('自分の手札1枚か自分のステージの〈石の斧〉1枚をアーカイブ'): "
               "its player carries out one of these groups of steps, chosen among those that can be paid; as a cost, "
               "payable when one of them is", group="machinery", arg=ListOf(STEPS, min_items=2))
def one_of(game, arg, step, ctx, source):
    """10.4.2, 10.4.2.2: a cost of alternatives: one of them is paid in full; one that cannot be
    paid is not chosen."""
    alts = [(i, alt) for i, alt in enumerate(arg)
            if all(verb_of(s) not in PAYABLE for s in alt) or cost_payable(game, alt, ctx)]
    if not alts:
        game.emit("nothing", ("10.4.2.2",), source, why="none of the alternatives can be carried out")
        return
    opts = [Option(" + ".join(verb_of(s) for s in alt), i, keys=(str(i + 1),)) for i, alt in alts]
    pick = (yield Decision(ctx["player"], "one_of", "which one to carry out", ("10.4.2", "10.4.2.2"), opts,
                           source=source)) if len(opts) > 1 else opts[0].value
    for part in arg[pick]:                         # paid as a cost's steps are (10.4.2.1)
        pay = PAY.get(verb_of(part))
        if pay is not None:
            yield from pay(game, part[verb_of(part)], ctx, source)
        else:
            yield from game.run_steps([part], ctx, source)


def _payable_one_of(game, arg, ctx) -> bool:
    return any(cost_payable(game, alt, ctx) for alt in arg)


PAYABLE = {"one_of": _payable_one_of, "take": _payable_take, "archive_attached": _payable_archive_attached, "return_to_deck": _payable_return_to_deck, "return_this": _payable_archive_this, "archive_cheer": _payable_archive_cheer, "put": _payable_put, "archive_this": _payable_archive_this,
           "move_cheer": _payable_move_cheer, "return_holomem": _payable_return_holomem,
           "archive_stacked": _payable_archive_stacked, "archive_deck_top": _payable_deck_top,
           "archive_holopower": _payable_holopower, "return_cheer": _payable_return_cheer,
           "restore_hp": _payable_restore_hp}
PAY = {"archive_cheer": _pay_archive_cheer, "move_cheer": _pay_move_cheer}


# --------------------------------------------------------- holo power X
def choose_x(game, p, skill, source, most=None):
    """12.1.3.1: a holo power cost of X: the player chooses X, 1 or more (up to what they have, and up to `most`
    when the skill's text bounds it)."""
    have = len(game.zone(p, "holopower")) if most is None else min(most, len(game.zone(p, "holopower")))
    low = int(skill.get("x_min", 1))
    opts = [Option(str(n), n) for n in range(low, have + 1)]
    x = yield Decision(p, "choose_x", "holo power X to pay", ("12.1.3", "12.1.3.1"), opts, source=source)
    return x
def substitute(steps, name, value):
    """The effect with each `name` argument (X) replaced by its chosen value."""
    if isinstance(steps, list):
        return [substitute(s, name, value) for s in steps]
    if isinstance(steps, dict):
        return {k: substitute(v, name, value) for k, v in steps.items()}
    return value if steps == name else steps
