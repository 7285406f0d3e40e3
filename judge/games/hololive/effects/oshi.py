"""Oshi skills (12.1) other than those of down processing (downs.py), 'usable when' ones
(usable.py) and the ones used on a die (dice.py).

    oshi_skill: {holopower: N | X, limit: once_per_turn, timing: activated | die_roll | when_downed | when_downs,
                 condition: {..}, effect: [STEPS]}
"""
from __future__ import annotations

from ....core.terms import Either, Enum, Int, Nothing, Ref, Term, Text
from ..terms import CONDITION, LIMIT, STEPS, VOCAB, key
from .payment import substitute
from .select import holds
from . import payment, play

VOCAB.family("skill_timing", "timing", "When an oshi skill is used.", terms=[
    Term("activated", ("12.1.5.4",), "as a main-step action"),
    Term("die_roll", ("12.1.5.1", "5.24.4"), "when a die is rolled for one of your holomem's abilities: you declare "
         "the result"),
    Term("reroll", ("5.24.3",), "after a die is rolled for one of your holomem's abilities (if `condition:` holds, "
         "the limit allows and the holo power is there): roll it again"),
    Term("when_downed", ("12.1.5.2", "11.3.1.1"), "when your holomem is downed: offered inside its down processing "
         "(optional, 'can be used'), if `condition:` holds, the limit allows and the holo power is there; `this` is "
         "the downed holomem"),
    Term("when_downs", ("12.1.5.2", "11.3.1.1"), "when your holomem downs an opponent's holomem (the one whose damage "
         "it took last, by an art or an ability of it: '自分のホロメンが相手のホロメンをダウンさせた時に使える'): offered "
         "inside that holomem's down processing (optional), if `condition:` holds, the limit allows and the holo power "
         "is there; `this` is your holomem that downed it, the condition `downed:` names the downed one")])
VOCAB.record("oshi_skill", "An oshi skill or SP oshi skill (12.1): its name, holo power cost and limit, and "
             "`unsupported` or its encoded effect.", [
    key("name", "printed (Japanese) name; scenarios may name the skill by it", Text("NAME"), required=True),
    key("name_en", "English name; scenarios may name the skill by it", Text("NAME")),
    key("holopower", "the holo power cost (12.1.3); `X`: its player chooses X, at least `x_min` (12.1.3.1), and X "
        "is written in the text where the number goes; `null` while no reliable source gives it",
        Either(Int(minimum=0), Enum("X"), Nothing()), "12.1.3", "12.1.3.1", required=True),
    key("x_min", "with `holopower: X`: the smallest X (1 by default)", Int(minimum=0), "12.1.3.1"),
    key("x_max", "with `holopower: X`: `event`: X is at most the number of the event a 'usable when' skill replaces "
        "(the cards about to be archived: 'アーカイブする手札1枚につき'), as its text specifies (12.1.3.1)",
        Enum("event"), "12.1.3.1"),
    key("limit", "its use limit, printed [once per turn] / [once per game]", LIMIT, "12.1.4"),
    key("timing", "when it is used", Ref("skill_timing", "TIMING"), "12.1.5", default="activated"),
    key("usable", "'usable when' an event is about to happen (`before`, 12.1.5.1) or has happened (`after`, "
        "12.1.5.3)", Ref("usable", "{event: .., timing: .., ..}"), "12.1.5.1", "12.1.5.3"),
    key("condition", "the skill is usable only while this holds", CONDITION, "10.1.1.1.1"),
    key("unsupported", "the skill is not encoded yet (why)", Text("WHY")),
    key("effect", "what it does", STEPS)])


def skill_play_violations(game, p, oshi, skill, key) -> list[str]:
    """Why an oshi skill cannot be played as a main-step action now, beyond 8.5.1.x."""
    if skill.get("usable"):
        return ["12.1.5"]        # 12.1.5.1, 12.1.5.3: used when its event happens, not at will
    if skill.get("condition"):
        ctx = {"player": p, "card": oshi, "holomem": None}
        if not holds(game, skill["condition"], ctx):
            return ["10.1.1.1.1"]    # the [condition] of an activated ability
    if skill.get("holopower") == "X" and len(game.zone(p, "holopower")) < max(1, int(skill.get("x_min", 1))):
        return ["12.1.3.1", "10.4.2.2"]      # X is at least 1 (or the least X its text allows)
    return []


def pay_holopower(game, p, oshi, skill):
    """12.1.3: the cost is paid from the holo power area; X is chosen first (12.1.3.1)."""
    n = skill.get("holopower") or 0
    if n == "X":
        n = yield from payment.choose_x(game, p, skill, oshi.number)
        game.skill_x = n
    hp = game.zone(p, "holopower")
    for _ in range(n):
        game.archive(hp.items[-1], ("12.1.3", "10.4.1", "10.4.2") + (("12.1.3.1",) if skill.get("holopower") == "X"
                                                                      else ()), source=oshi.number)


def run_skill(game, p, oshi, skill, key):
    """12.1.5.4: an activated oshi skill (an activated ability, 10.1.1.1) resolves its text; an SP
    oshi skill is resolved as an oshi skill is (12.1.2)."""
    ctx = {"player": p, "card": oshi, "holomem": None}
    label = f"{oshi.number} {skill.get('name_en') or skill.get('name')}"
    steps = skill.get("effect")
    x, game.skill_x = game.skill_x, None
    if x is not None:                                   # 12.1.3.1: the X chosen for its cost
        steps = substitute(steps, "X", x)
    steps = yield from play.choose_modes(game, steps, ctx, label)
    rules = ("12.1.1", "12.1.5.4", "10.1.1", "10.1.1.1", "10.7.1", "10.7.2.5.2") + \
        (("12.1.2",) if key == "sp_oshi_skill" else ()) + \
        (("10.1.1.1.1",) if skill.get("condition") else ())     # played because its condition held
    yield from play.resolve_effect(game, steps, ctx, label, rules, what="oshi skill")
