"""Activated abilities of holomems and of the cards attached to them, played in the main step (10.1.1.1).

    - {kind: activated, keyword: gift, name: .., limit: once_per_turn, condition: CONDITION,
       cost: [STEPS], effect: [STEPS]}

An activated ability is played by the player given a play timing, who pays its cost (10.1.1.1); on the
card it reads '[(condition)] (cost): (effect)' (10.1.1.1.1). The ones the cards print are used '自分のメイン
ステップで' (a gift of a holomem, hSD13-013; an ability a mascot gives its holomem, hBP02-092): the turn
player's main-step play timing (10.6.4.2), where they are one more action to take. It works only where its
card's abilities are valid (10.3.4: the top card of a holomem on the stage, an attached tool, mascot or fan,
or the zone its text names, 10.3.4.3), not while it is made invalid (10.3.2); a use limit counts each card
(10.7.2.1.1). Played: chosen (10.7.2.1), its choices made (10.7.2.2), its cost paid in full or not at all
(10.7.2.4, 10.4.2.2), its effect carried out (10.7.2.5.2); its player is its controller (3.1.2.2).
'This holomem' is the holomem its card is (or is attached to).
"""
from __future__ import annotations

from ....core.decisions import Action
from ....core.errors import NotRunnable
from ..terms import CONDITION, LIMIT, STEPS, ability_kind, key
from .select import holds
from . import continuous, payment, play, triggers, validity

ability_kind(
    "activated", "10.1.1.1", "10.1.1.1.1", doc="an activated ability ('[ターンに1回]自分のメインステップで、(cost)"
    "できる:(effect)'): its player plays it at will as an action of their main step, while its card's abilities "
    "are valid (10.3.4), its condition holds, its limit allows and its whole cost can be paid (10.4.2.2); "
    "'this holomem' is the holomem its card is or is attached to", keys=[
        key("condition", "it may be played only while this holds (the [condition] of 10.1.1.1.1)", CONDITION,
            "10.1.1.1.1"),
        key("limit", "its use limit, per card", LIMIT, "10.7.2.1.1"),
        key("cost", "steps paid when it is played, in the order written, all or none (what is written before the "
            "colon)", STEPS, "10.4.1", "10.4.2", "10.7.2.4"),
        key("effect", "what it does", STEPS, "10.7.2.5.2")],
    at_least_one=("effect", "unsupported"))

PLAY_RULES = ("10.1.1", "10.1.1.1", "10.7.1", "10.7.2", "3.1.2.2")


def candidates(game, p) -> list[Action]:
    """The activated abilities `p`'s valid cards have (why_not() decides which may be played now)."""
    if not game.in_game("activated"):
        return []
    out = []
    for card, stack in validity.ability_holders(game, p):
        for i, ab in enumerate(card.defn.abilities):
            if ab.get("kind") == "activated" and not ab.get("unsupported"):
                out.append(_action(card, stack, i))
    return out


def _action(card, stack, index) -> Action:
    return Action("ability", card=card.id, ability=index) if stack is None else \
        Action("ability", card=card.id, ability=index, holomem=stack.id)


def _found(game, p, a):
    """(card, holomem, ability) the action names, if its card holds it for `p` now (10.3.4)."""
    card = game.cards.get(a.get("card"))
    if card is None or card.owner != p:
        return None
    abilities = card.defn.abilities
    i = a.get("ability")
    if not isinstance(i, int) or not 0 <= i < len(abilities) or abilities[i].get("kind") != "activated":
        return None
    for c, stack in validity.ability_holders(game, p):
        if c is card and (stack.id if stack is not None else None) == a.get("holomem"):
            return card, stack, abilities[i]
    return None


def why_not_ability(game, p, a) -> list[str]:
    found = _found(game, p, a)
    if found is None:
        return ["10.1.1.1", "10.3.4"]           # no such ability where its card's abilities work
    card, stack, ab = found
    if not validity.valid_where(game, card, ab, stack):
        return ["10.3.4"] + list(validity.validity_rules(card, ab)[1:])
    if continuous.invalidated(game, card, ab, stack):
        return ["10.3.2"]                       # it exists but cannot be played for an effect
    if ab.get("unsupported"):
        return []                               # performing it says it cannot be run (NotRunnable)
    if not triggers._within_limit(game, card, ab):
        return ["10.7.2.1.1"]
    ctx = _ctx(p, card, stack)
    if ab.get("condition") and not holds(game, ab["condition"], ctx):
        return ["10.1.1.1.1"]
    if ab.get("cost") and not payment.cost_payable(game, ab["cost"], ctx):
        return ["10.1.1.1", "10.7.2.4", "10.4.2.2"]     # all of its cost, or none of it
    return []


def _ctx(p, card, stack) -> dict:
    return {"player": p, "card": card, "holomem": stack}


def label(card, ab) -> str:
    return f"{card.number} {ab.get('name_en') or ab.get('name') or 'activated ability'}"


def do_ability(game, p, a):
    """10.7.2: chosen (10.7.2.1; its use counted, 10.7.2.1.1), its choices (10.7.2.2), its cost
    (10.7.2.4), its effect (10.7.2.5.2)."""
    card, stack, ab = _found(game, p, a)
    source = label(card, ab)
    if ab.get("unsupported"):
        raise NotRunnable(f"card {card.number} activated ability '{ab.get('name_en') or ab.get('name')}' "
                          f"unsupported: {ab['unsupported']}")
    ctx = _ctx(p, card, stack)
    game.emit("play_activated", ("10.7.2.1",) + PLAY_RULES + validity.validity_rules(card, ab), source, player=p,
              card=card.number, ability=ab.get("name_en") or ab.get("name"))
    triggers._count_use(game, card, ab)
    steps = yield from play.choose_modes(game, ab.get("effect"), ctx, source)
    if ab.get("cost"):
        yield from payment.pay_cost(game, ab["cost"], ctx, source, ("10.1.1.1.1",))
    rules = ("10.7.2.5.2", "10.1.1.1") + (("10.1.1.1.1",) if ab.get("condition") else ())
    yield from play.resolve_effect(game, steps, ctx, source, rules, what="ability")


def find(game, p, stack, name=None, number=None) -> list[Action]:
    """The activated abilities of `p` a scenario names: of the cards of `stack` (its top card and the cards
    attached to it; any holder when None), by ability name and card number when given."""
    from ....core.text import norm
    out = []
    for card, s in validity.ability_holders(game, p):
        if stack is not None and s is not stack:
            continue
        if number is not None and norm(number) not in card.defn.keys:
            continue
        for i, ab in enumerate(card.defn.abilities):
            if ab.get("kind") != "activated":
                continue
            if name is not None and norm(name) not in {norm(n) for n in validity.ability_name(ab)}:
                continue
            out.append(_action(card, s, i))
    return out
