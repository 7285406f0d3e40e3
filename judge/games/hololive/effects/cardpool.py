"""Terms the texts of the whole card pool need (issue 18), as module functions with their
declarations (docs/architecture.md: rules areas as modules of functions, not mixins)."""
from __future__ import annotations

from ....core.terms import Bool
from . import payment, verbs
from ..terms import N, STEPS, ability_kind, key, mapping, verb_function

# 12.2.1: an oshi stage skill is an ability of the oshi holomem; none is encoded yet, so the kind
# exists only to say so (as `gift` does for an unencoded gift).
ability_kind("oshi_stage_skill", "12.2.1", doc="an oshi stage skill not encoded yet (`unsupported:`)",
             at_least_one=("unsupported",))


# ---------------------------------------------------------------- archiving the top of the deck
@verb_function("archive_deck_top", "5.12.1", "4.11.3", "1.3.2", doc="archive the top N cards of your deck (as "
               "many as it has, if fewer: 1.3.2)", group="rule5",
               arg=mapping(key("count", "how many", N, required=True),
                           key("may", "optional: its player is asked first", Bool())))
def archive_deck_top(game, arg, step, ctx, source):
    """5.12.1: the top cards of the deck go to the archive, top first; an instruction that cannot be
    carried out in full is carried out as far as it can be (1.3.2)."""
    p = ctx["player"]
    if arg.get("may") and not (yield from verbs.may(game, p, source, ("5.12.1",), "archive the top of the deck?")):
        return
    deck = game.zone(p, "deck")
    for _ in range(int(arg["count"])):
        if not deck.items:
            break
        game.archive(deck.items[0], ("5.12.1", "4.11.3"), source)


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

