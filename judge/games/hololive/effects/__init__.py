"""Card abilities as data, run by the engine (10): triggers, continuous effects, supports, oshi skills.

Ability records (in card files and inline `cards:`):

    abilities:
      - {kind: collab_effect, name: ..., effect: [STEPS]}         # 13.2
      - {kind: bloom_effect, name: ..., effect: [STEPS]}          # 13.3
      - {kind: support, condition: {...}, cost: [STEPS], effect: [STEPS]}   # 10.1.2
      - {kind: continuous, condition: {...}, modifier: {arts: 20}}  # 10.1.1.3, on the holomem it is attached to
      - {kind: auto, trigger: arts_used|damaged|restored, by: own, condition: {...}, limit: once_per_turn,
         effect: [STEPS]}                                         # 10.8 (triggers.py)
      - {kind: when_downed, condition: {...}, effect: [STEPS]}    # 10.1.1.2.3 / 11.3.1.1 (downs.py)
      - {kind: attach_rule, only_to: {name: AZKi}, no_limit: true} # 11.4.3, 5.17.3.3
    oshi_skill: {holopower: 1, limit: once_per_turn, timing: activated|die_roll|when_downed, effect: [STEPS]}
    arts: [{..., target_only: opponent_center}]                   # 12.3.3.2 narrowed by the art's text

The machinery of section 10 lives in its own modules: validity (10.3), continuous (10.10),
replacement (10.11), zones (10.8.4, 10.12), timed (10.8.5, 10.8.6), play (10.7.2), payment (10.4),
targets (10.7.2.3), usable (12.1.5, 12.3.5); triggers (10.8), downs (11.3.1.1), oshi (12.1).

A "◆ additional ability if attached to X" (5.19.1) is an ability of the attached card with the
condition `attached_to: X`.
"""
from __future__ import annotations

from .triggers import Pending  # noqa: F401  (part of the package's API; first: the modules import each other)
from ....core.errors import NotRunnable
from ..events import on_event
from ..terms import CONDITION, LIMIT, STEPS, ability_kind, key
from .changes import why_unchanged
from .dice import die_settings
from .select import holds, holomem_matches, holomems
from .usable import usable_replacements
# Every rules area of the card abilities is a module of functions of the game (issue 15);
# importing it registers its verbs, with their declarations, and its event handlers.
from . import (activated, arts, attach, blooms, card_terms, change, continuous, damage, dice, downs, holomem_terms,  # noqa: F401
               keywords, loops, ordering, oshi, payment, play, players, prohibit, replacement, targets, timed,
               triggers, turns, validity, verbs, zones)
from . import cardpool  # noqa: F401  (the terms the whole card pool needs, issue 18)

ability_kind(
    "support", "10.1.2", "10.7.2", "10.7.2.3.7", doc="the text of a support card. A support that, resolved now, would "
    "change nothing but its own archiving cannot be played (10.7.2.3.7): the engine reads this from its steps "
    "(effects/changes.py: a draw needs a card in the deck, a cheer sent needs a cheer and a holomem, a holomem put out "
    "needs room on the stage, a shuffle alone is no change, Q100). A tool, mascot or fan that sets a cost to use it has "
    "only `cost` (it is attached when played, 10.7.2.5.1.2; attached by an ability, it pays none: Q480)", keys=[
        key("condition", "the card may be played only if this holds", CONDITION, "10.7.2.4.1"),
        key("cost", "steps paid first, in the order written, all or none", STEPS, "10.7.2.4", "10.4.2"),
        key("name_limit", "'your 〈this card's name〉 can be used only once per turn': a use limit counted over every "
            "card of its name its player plays", LIMIT, "10.7.2.1.1", "10.1.2"),
        key("effect", "what it does", STEPS, "10.7.2.5.1.1")],
    at_least_one=("effect", "unsupported", "cost"))


def _support_name_key(game, p, card, ab):
    """`name_limit` of a support: one count per player and card name in the period (10.7.2.1.1)."""
    limit = ab.get("name_limit")
    period = ("turn", game.turn_number) if limit == "once_per_turn" else ("game",) if limit == "once_per_game" else None
    return None if period is None else ("name_limit", p, "support", card.defn.name, period)


def _init_effects(game):
    game.uses: dict = {}             # (card id, ability key, period) -> times used
    # what each area keeps on the game, declared here rather than made on first use
    game.loop_memo = loops.LoopMemo()             # 14.1.1
    turns._init_turns(game)                       # 5.26
    game.arts_again: list = []                    # 5.25.1: timed arts waiting to trigger
    game.skill_x = None                           # 12.1.3.1: the X chosen for an oshi skill's cost
    game.steps_fired: set = set()                 # 10.8: step triggers that fired (triggers.py)
    game.holders_cache: dict = {}                 # 10.3.4: the cards holding abilities, per state version
    game.off_stage_cards = None                   # 10.3.4.3: the cards whose abilities work off the stage
    game.rule_fx_cache: dict = {}                 # 1.3.2.3, 1.3.3: prohibitions/requirements, per state version
    game._ability_index = (-1, frozenset())       # 10.3: (card count, the ability keys in the game): in_game() makes it
    game._clean_at = -1                           # 11.1: the state version at which no rule process was due
    game.board_dirty = True                       # 11.2-11.4: an event since the last look could have made one due
    continuous._init_continuous(game)
    replacement._init_replacement(game)
    game.replacement_sources += [usable_replacements, die_settings]
    zones._init_zones(game)
    timed._init_timed(game)
    play._init_play(game)

# ---------------------------------------------------------------- arts
def run_art_text(game, ctx):
    """12.3.4.2: an activated art's text, resolved as its effect; its card is its source (10.13.3)."""
    art = ctx["art"]
    ctx["card"] = ctx["holomem"].top
    label = f"{ctx['holomem'].top.number} {art.name_en or art.name}"
    steps = yield from play.choose_modes(game, art.effect, ctx, label)
    game.emit("resolve", ("12.3.4.2",), label, player=ctx["player"], what="art")
    game.resolving.append(ctx)
    try:
        yield from game.run_steps(steps, ctx, label)
    finally:
        game.resolving.pop()


def wider_art_targets(game, stack, art) -> list:
    """12.3.3.2 widened by the art's own text (1.3.1: the card's text prevails): 'this art may also
    target the opponent's back holomems' (`target_also: opponent_back`)."""
    also = art.raw.get("target_also")
    if not also:
        return []
    return holomems(game, also, {"player": stack.owner, "holomem": stack})


def art_target_violations(game, stack, art, target) -> list[str]:
    """12.3.3.2 narrowed by the art's own text ('this art can only target the opponent's centre');
    then by the requirements on an art's target (prohibit.py): the target must meet as many of
    them as any target can (1.3.2.3)."""
    only = art.raw.get("target_only")
    ctx = {"player": stack.owner, "holomem": stack}
    if only and target not in holomems(game, only, ctx):
        return ["12.3.3.2"]
    if prohibit._requirements(game, "art_target", stack.owner):
        q = game.other(stack.owner)
        pool = [t for t in arts.art_targets(game, stack) if t is not None
                and (not only or t in holomems(game, only, ctx))]
        keep, reqs, best = prohibit.rank_by_requirements(game, "art_target", stack.owner, pool)
        if best and target not in keep:
            return list(prohibit.requirement_rules(game, reqs, best))
    return []


@on_event("restore")
def apply_restore(game, ev):
    ev.data["stack"].damage -= ev.data["amount"]
    ev.data["stack"].version += 1


@on_event("effects_expire")
def apply_effects_expire(game, ev):
    """7.7.4: effects lasting 'this turn' end (continuous effects and timed triggers)."""
    continuous.expire_continuous(game, ev)
    timed._expire_timed(game)

# ------------------------------------------------------------- supports
def _support_ability(game, card):
    for ab in card.defn.abilities:
        if ab.get("kind") == "support":
            return ab
    return None


def support_play_violations(game, p, card) -> list[str]:
    ab = _support_ability(game, card)
    if ab is None or ab.get("unsupported"):
        return []
    ctx = {"player": p, "card": card, "holomem": None}
    used = _support_name_key(game, p, card, ab)
    if used is not None and game.uses.get(used, 0) >= 1:
        return ["10.7.2.1.1", "10.1.2"]  # its support ability's use limit is reached
    if ab.get("condition") and not holds(game, ab["condition"], ctx):
        return ["10.7.2.4.1"]           # "can only be used if ..." is an additional condition/cost
    if ab.get("cost") and not payment.cost_payable(game, ab["cost"], ctx):
        return ["10.7.2.4.1", "10.4.2.2", "10.7.2.4"]     # all of the cost, or none of it
    nothing = why_unchanged(game, ab.get("effect"), ctx)
    if nothing is not None:              # nothing but its archiving would happen (Q100, Q343, Q344)
        return ["10.7.2.3.7", *nothing]
    return []


def run_support_text(game, p, card):
    """10.7.2.2 its choices, 10.7.2.4 its cost, 10.7.2.5.1.1 its text (the support ability, 10.1.2)."""
    ab = _support_ability(game, card)
    if ab is None:
        return
    if ab.get("unsupported"):
        raise NotRunnable(f"card {card.number}: support ability unsupported: {ab['unsupported']}")
    ctx = {"player": p, "card": card, "holomem": None}
    source = f"{card.number} {card.defn.name_en or card.defn.name}"
    used = _support_name_key(game, p, card, ab)
    if used is not None:                # 10.7.2.1.1: played once more in the period
        game.emit("ability_used", ("10.7.2.1.1",), source, key=used)
    steps = yield from play.choose_modes(game, ab.get("effect"), ctx, source)
    if ab.get("cost"):
        yield from payment.pay_cost(game, ab["cost"], ctx, source)
    yield from play.resolve_effect(game, steps, ctx, source, ("10.7.2.5.1", "10.7.2.5.1.1", "10.1.1", "10.1.2"),
                                   what="support")


def support_cost_violations(game, p, card) -> list[str]:
    """10.7.2.4.1, 10.4.2.2: a support card attached when played cannot be played while its cost cannot be
    paid in full."""
    ab = _support_ability(game, card)
    if ab is None or ab.get("unsupported") or not ab.get("cost"):
        return []
    if not payment.cost_payable(game, ab["cost"], {"player": p, "card": card, "holomem": None}):
        return ["10.7.2.4.1", "10.4.2.2", "10.7.2.4"]
    return []


def pay_support_cost(game, p, card):
    """10.7.2.4: a support card attached when played (a tool, mascot or fan, 10.7.2.5.1.2) pays the cost
    its text sets ('このカードは、…をアーカイブしなければ使えない') before it is attached; attached by an
    ability instead, it is not used and pays nothing (Q480)."""
    ab = _support_ability(game, card)
    if ab is None or not ab.get("cost"):
        return
    if ab.get("unsupported"):
        raise NotRunnable(f"card {card.number}: support ability unsupported: {ab['unsupported']}")
    ctx = {"player": p, "card": card, "holomem": None}
    yield from payment.pay_cost(game, ab["cost"], ctx, f"{card.number} {card.defn.name_en or card.defn.name}")


def attach_condition_violations(game, card, stack) -> list[str]:
    for ab in card.defn.abilities:
        if ab.get("kind") == "attach_rule" and ab.get("only_to"):
            if not holomem_matches(game, stack, ab["only_to"], {"player": stack.owner, "holomem": stack}):
                return ["11.4.3"]
    return []


def attach_limit_applies(game, card) -> bool:
    return not any(ab.get("kind") == "attach_rule" and ab.get("no_limit") for ab in card.defn.abilities)
