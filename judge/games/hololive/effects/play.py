"""Playing and resolving a card or ability (10.7.2): the choices made when it is played (10.7.2.2,
'choose from the abilities below' 10.7.2.2.1), its cost (10.7.2.4, payment.py), its resolution
(10.7.2.5) as a one-shot effect carried out once (10.2.1.1, 10.9.1), the card it comes from while
it resolves (its source, 10.13), and whether it was 'used' (10.7.2.5.4, targets.py).

    - choose_abilities: {count: 1, from: [{name: A, effect: [STEPS]}, {name: B, effect: [STEPS]}]}

At the start of an effect, `choose_abilities` is decided when the card or ability is played,
before its cost; the paragraphs not chosen do not exist for the rest of its resolution.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.terms import Int, ListOf, Text
from ....core.terms import Enum
from ....core.errors import NotRunnable
from ..terms import CARD_FILTER, PLAYER_ZONES, STEPS, key, mapping, verb_function
from .select import card_matches
from . import targets
from ..terms import PER


def _init_play(game):
    game.resolving: list = []        # contexts of the abilities resolving now, innermost last


def source_card(game):
    """10.13.2: the card whose ability is resolving now (for a timed trigger, the card whose
    ability created it)."""
    for ctx in reversed(game.resolving):
        card = ctx.get("source_card") or ctx.get("card")
        if card is not None:
            return card
    return None

# ------------------------------------------------------------ 10.7.2.2
def choose_modes(game, steps, ctx, source):
    """10.7.2.2.1: the paragraphs chosen when it is played; the others do not exist."""
    out = []
    for step in steps or ():
        if isinstance(step, dict) and "choose_abilities" in step and "if" not in step:
            out += (yield from _pick_paragraphs(game, step["choose_abilities"], ctx, source))
        else:
            out.append(step)
    return out


def _pick_paragraphs(game, arg, ctx, source):
    paragraphs = list(arg.get("from") or ())
    n = min(int(arg.get("count", 1)), len(paragraphs))
    opts = [Option(p.get("name_en") or p.get("name") or str(i + 1), i,
                   keys=(str(i + 1), p.get("name"), p.get("name_en"))) for i, p in enumerate(paragraphs)]
    picked = yield Decision(ctx["player"], "choose_abilities", f"choose {n} of the abilities below",
                            ("10.7.2.2", "10.7.2.2.1"), opts, many=True, min_pick=n, max_pick=n, source=source)
    chosen = sorted(picked)
    game.emit("abilities_chosen", ("10.7.2.2", "10.7.2.2.1"), source, player=ctx["player"],
              chosen=[opts[i].label for i in chosen], dropped=[o.label for o in opts if o.value not in chosen])
    out = []
    for i in chosen:
        out += list(paragraphs[i].get("effect") or ())
    return out


@verb_function("choose_abilities", "10.7.2.2", "10.7.2.2.1", doc="'choose from the abilities below': chosen when the card "
               "or ability is played (before its cost) when it is the effect's first step, else when met",
               group="machinery", arg=mapping(
                   key("count", "how many to choose", Int(minimum=1), default=1),
                   key("from", "the abilities to choose from", ListOf(mapping(
                       key("name", "its name", Text("NAME")), key("name_en", "its English name", Text("NAME")),
                       key("effect", "what it does", STEPS, required=True))), required=True)))
def choose_abilities(game, arg, step, ctx, source):
    """10.7.2.2.1 met inside an effect (not at its start): chosen now."""
    steps = yield from _pick_paragraphs(game, arg, ctx, source)
    yield from game.run_steps(steps, ctx, source)


def run_unplayed(game, steps, ctx, source):
    """Carry out steps that are not a played ability (down processing, 10.1.1.2.3), their card
    still being the source of what they do (10.13.2)."""
    game.resolving.append(ctx)
    try:
        yield from game.run_steps(steps, ctx, source)
    finally:
        game.resolving.pop()

# ------------------------------------------------------------ 10.7.2.5
def resolve_effect(game, steps, ctx, source, rules=(), *, what="ability"):
    """10.7.2.5: carry out the effect; each step once, in order (10.9.1, 10.2.1.1)."""
    game.resolving.append(ctx)
    try:
        game.emit("resolve", ("10.7.2", "10.7.2.5", "10.2.1", "10.2.1.1", "10.9", "10.9.1") + tuple(rules),
                  source, player=ctx["player"], what=what)
        yield from game.run_steps(steps, ctx, source)
    finally:
        game.resolving.pop()
    targets.emit_used(game, ctx, source, what)


# ------------------------------------------------------------- LIMITED (8.6.2)
@verb_function("limited_per_turn", "8.6.2", "2.12.1", "10.2.1.2", doc="this turn, its player may play up to N "
               "LIMITED supports (8.6.2 allows one); the first player's first turn still allows none",
               arg=Int(minimum=1))
def limited_per_turn(game, n, step, ctx, source):
    """10.2.1.2: a continuous effect for the turn that raises how many LIMITED cards (2.12.1) its
    player may play this turn (8.6.2: one). It does not lift 8.6.2's first-turn ban."""
    game.emit("continuous", ("10.2.1.2", "8.6.2", "2.12.1"), source, stack=None, player=ctx["player"],
              attribute="limited_per_turn", amount=int(n), until="end_of_turn")
    return
    yield  # pragma: no cover


def limited_allowed(game, player) -> int:
    """8.6.2: how many LIMITED cards the player may play this turn: one, or more by an effect."""
    return max([1] + [m["amount"] for m in game.modifiers
                      if m["attribute"] == "limited_per_turn" and m.get("player") == player])


# ---------------------------------------------------------------- 'for each'
@verb_function("for_each", "10.9", doc="'for each <card> in your <zone>, do ...' (or, with `per`, 'for each <holomem> / "
               "cheer / card attached to them'): the steps are carried out once for each, counted when this step is "
               "reached; one of `zone` and `per`", arg=mapping(
                   key("zone", "the zone whose cards are counted", Enum(*PLAYER_ZONES)),
                   key("per", "instead of `zone`: holomems, the cheer or cards attached to them, or the holomem cards "
                       "stacked under them ('このホロメンに付いている〈35P〉1枚につき…自分のデッキを1枚引く')", PER),
                   key("filter", "only cards matching it", CARD_FILTER),
                   key("max", "count at most this many", Int(minimum=1)),
                   key("steps", "what is done for each", STEPS, required=True)))
def for_each(game, arg, step, ctx, source):
    """10.9: an effect is carried out in the order written; 'for each X, do Y' is Y carried out once
    per X, X counted as the effect reaches it (a card played is in the resolution zone, 4.16, not
    counted in the archive)."""
    n = count_of(game, arg, ctx)
    if n == 0:
        game.emit("nothing", ("1.3.2.2",), source, why=f"no matching card in the {arg['zone']}" if "zone" in arg
                  else "nothing of what it counts")
        return
    for _ in range(n):
        yield from game.run_steps(arg["steps"], ctx, source)


def count_of(game, arg, ctx) -> int:
    if "per" in arg:                      # holomems or the cards on them (4.4.3, 4.4.8, 4.6, 5.17.1)
        from .verbs import per_times
        n = per_times(game, arg["per"], ctx)
        return min(n, int(arg["max"])) if arg.get("max") else n
    if "zone" not in arg:
        raise NotRunnable("for_each needs `zone` or `per`")
    n = sum(1 for c in game.zone(ctx["player"], arg["zone"]).items if card_matches(c.defn, arg.get("filter") or {}))
    return min(n, int(arg["max"])) if arg.get("max") else n
