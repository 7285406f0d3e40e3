"""Dice rolled for abilities (5.24): the roll, its re-rolls and what sets its result.

One die, in the order of 5.24.3 and 5.24.4 (`roll_for_ability`):

1. An oshi skill 'usable when a die is rolled for your holomem's ability' replaces the instruction
   to roll (12.1.5.1): its player declares a number before anyone sees the die. The die is still
   rolled (5.24.1; Q32).
2. Re-rolls (5.24.3): a replacement (10.2.1.3.3) of applying the die's result — the current value is
   not used; the roll is done again from the start and its new value applies:

       abilities:   # on the holomem that rolls, or a card attached to it
         - {kind: reroll, archive_self: true, limit: once_per_turn, condition: {..}}
       oshi_skill: {holopower: 1, limit: once_per_turn, timing: reroll, condition: {center_is: {..}}}

   Each such ability not yet applied to this die (10.11.2.3) is offered to the holomem's player;
   `archive_self` archives the card as the cost.
3. Only then is the result set (5.24.4): every effect that sets or changes a die's result is a
   replacement effect (10.2.1.3.3, 5.24.4), whatever made it — a number declared in step 1, a
   played effect for a period (`treat_die_as`, e.g. "this turn your die results are 6"), or a
   printed replacement ability:

       - {kind: replacement, replaces: {event: die_roll, holomem: this}, effect: [{adjust: {set: 6}}]}
       - {kind: replacement, replaces: {event: die_roll, player: own}, effect: [{adjust: {add: -1}}]}

   They go through the replacement machinery (replacement.py) as the event `die_roll` with the
   rolled value: several are ordered by the controller of the ability the die is rolled for
   (10.11.2, 10.11.2.1), each applies once (10.11.2.3), and the last applied decides a `set`.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.terms import Bool
from ..terms import CONDITION, LIMIT, ability_kind, key
from .replacement import Replacement
from .select import holds

ability_kind(
    "reroll", "5.24.3", doc="when the holomem it is on (or this holomem) rolls a die for an ability, its player may "
    "re-roll it", keys=[key("archive_self", "archiving this card is the cost of the re-roll", Bool()),
                        key("condition", "only while this holds", CONDITION),
                        key("limit", "its use limit", LIMIT, "10.7.2.1.1")])


class DieSetting(Replacement):
    """An effect that sets the result of every die its player rolls for an ability (5.24.4): a
    number declared by an oshi skill (12.1.5.1), or a played effect for a period (`treat_die_as`).
    A replacement of applying the result (10.2.1.3.3), like the printed ones."""

    def __init__(self, key, label, player, value, rules, *, declared=False, at_once=None, times=None, names=()):
        adjust = {"times": times} if times else {"set": value}
        super().__init__(key, "die_roll", label, player, effect=[{"adjust": adjust}], rules=rules)
        self.declared = declared
        self.at_once = at_once
        self.names = frozenset(names or ())

    def matches(self, game, proposal) -> bool:
        if self.at_once is not None:   # 'dice your holomem's ability rolls N at once' only (Q378, Q420)
            card = proposal.get("card")
            if proposal.get("at_once") != self.at_once or card is None or card.defn.type != "holomem":
                return False
        if self.names:                  # only dice rolled for an ability of a card of these names
            h, card = proposal.get("holomem"), proposal.get("card")
            names = game.names(h) if h is not None and h.cards else card.defn.names if card is not None else set()
            if not self.names & set(names):
                return False
        return proposal.get("player") == self.player


def die_settings(game, event, proposal):
    """Replacement source (replacement.py): the numbers declared for this die (12.1.5.1), then the
    player's period effects on die results (5.24.4), oldest first."""
    if event != "die_roll":
        return []
    p = proposal["player"]
    out = [DieSetting(("declared", i), label, p, n, game.DIE_SET_RULES["declared"], declared=True)
           for i, (label, n) in enumerate(proposal.get("declared") or ())]
    return out + game.period_die_settings(p)
from ..events import on_event
from . import validity
from . import triggers
from . import usable
from . import replacement


# The rules by which a die's result is set to another number after it is rolled (5.24.4): by the
# number an oshi skill declared when it replaced the roll (12.1.5.1), or by another replacement
# of the result (10.2.1.3.3); a rules version names its own (versions/).
DIE_SET_RULES = {"declared": ("12.1.5.1", "5.24.4"), "replaced": ("5.24.4", "10.2.1.3.3")}


def roll_for_ability(game, p, source, ctx, declared: list):
    """5.24.1: roll a die for an ability, after what replaces the instruction to roll (12.1.5.1: an
    oshi skill used 'when rolling a die for your holomem's ability' declares the result, kept in
    `declared` for 5.24.4); the die is still rolled (Q32)."""
    about = {"player": p, "holomem": ctx.get("holomem"), "declared": declared}
    yield from replacement.replace_event(game, "roll", about, source)
    h = ctx.get("holomem")
    if h is not None and h.cards:       # whose ability it was ('自分の〈X〉の能力でサイコロを振っていた')
        game.emit("die_for", ("5.24.1",), source, player=p, holomem=game.snap(h), names=sorted(game.names(h)))
    return game.roll_die(("5.24.1",), source, player=p)


def set_die_result(game, p, source, ctx, value, declared, die=0):
    """5.24.4: after the die and its re-rolls, what sets or changes its result applies as
    replacements of applying it (10.2.1.3.3, 10.11); the result to apply. `die`: which of the dice
    rolled at once it is."""
    proposal = {"player": p, "holomem": ctx.get("holomem"), "result": value, "declared": declared,
                "card": ctx.get("card"), "at_once": ctx.get("at_once", 1), "die": die}
    proposal = yield from replacement.replace_event(game, "die_roll", proposal, source)
    if proposal is None or not proposal.get("adjusted"):
        return value
    last = proposal["applied"][-1]                     # the last applied decides (10.11.2)
    by = last.label if getattr(last, "declared", False) else None
    game.emit("die_set", game.DIE_SET_RULES["declared" if by else "replaced"], by or source, player=p,
              result=proposal["result"], was=value)
    return proposal["result"]


def period_die_settings(game, p) -> list:
    """The played effects that set the player's die results for a period (`treat_die_as`),
    in the order they were played."""
    return [DieSetting(("period", m["seq"]), m["source"], p, m["amount"], ("5.24.4", "10.2.1.3.3"),
                       at_once=m.get("at_once"), times=m.get("times"), names=m.get("names") or ())
            for m in game.modifiers if m["attribute"] == "die_result" and m.get("player") == p]


@on_event("die_setting")
def apply_die_setting(game, ev):
    d = ev.data
    game.modifiers.append({"stack": None, "player": d["player"], "attribute": "die_result",
                           "amount": d["value"], "until": d["until"], "source": ev.source,
                           "seq": (ev.seq, 0), "at_once": d.get("at_once"), "times": d.get("times"),
                           "names": d.get("names") or ()})


@on_event("dice_rolled")
def note_dice_rolled(game, ev):
    """5.24.1: the dice its player rolled for abilities this turn (`per: {what: dice_this_turn}`); a
    re-roll (5.24.3) rolls the same die again, so it is counted once (Q394, Q419)."""
    facts = game.facts[ev.data["player"]]
    turn, n = facts.get("dice_rolled") or (None, 0)
    facts["dice_rolled"] = (game.turn_number, (n if turn == game.turn_number else 0) + ev.data["count"])


def _rerolls(game, p, holomem):
    """(label, card, ability, is_oshi_skill) of each re-roll the player may use now."""
    out = []
    if holomem is not None and holomem.zone is not None:
        for card in [holomem.top, *holomem.attached]:
            for ab in validity.valid_abilities(game, card, holomem, ("reroll",)):     # 10.3.4, 10.3.2
                if _reroll_ok(game, card, ab, p, holomem):
                    out.append((f"{card.number} {ab.get('name_en') or ab.get('name') or 're-roll'}", card, ab,
                                False))
    oshi = game.oshi(p)
    skill = oshi.defn.oshi_skill if oshi is not None else None
    if skill and skill.get("timing") == "reroll" \
            and (not game.facts[p]["oshi_skill_used"] or triggers.limit_raised(game, oshi, skill)) \
            and len(game.zone(p, "holopower")) >= (skill.get("holopower") or 0) \
            and _reroll_ok(game, oshi, skill, p, holomem):
        out.append((f"{oshi.number} {skill.get('name_en') or skill.get('name')}", oshi, skill, True))
    return out


def _reroll_ok(game, card, ab, p, holomem) -> bool:
    ctx = {"player": p, "holomem": holomem, "card": card}
    return holds(game, ab.get("condition") or {}, ctx) and triggers._within_limit(game, card, ab)


def reroll_die(game, p, source, ctx, value, declared, again=None):
    """5.24.3: offer the re-rolls that apply; each used one rolls the die again from the start
    (`again`: how the roll is made again, for several dice rolled as one: all of them, Q229)."""
    used = set()
    while True:
        offers = [o for o in _rerolls(game, p, ctx.get("holomem")) if (o[1].id, id(o[2])) not in used]
        if not offers:
            return value
        opts = [Option(o[0], o, keys=(o[1].number, o[2].get("name"), o[2].get("name_en"))) for o in offers]
        opts.append(Option("no", None, keys=("skip", "false", "keep")))
        pick = yield Decision(p, "reroll", f"the die shows {value}: re-roll it?", ("5.24.3", "10.11.2"),
                              opts, source=source)
        if pick is None:
            return value
        label, card, ab, is_skill = pick
        used.add((card.id, id(ab)))
        if is_skill:                                   # 12.1.3, 12.1.4: the oshi skill's cost and limit
            usable.pay_skill(game, p, card, ab, "oshi_skill", ())
        else:
            if ab.get("archive_self"):                  # the cost printed on the card
                game.archive(card, ("5.24.3", "10.7.2.4"), label)
            triggers._count_use(game, card, ab)
        game.emit("reroll", ("5.24.3", "10.2.1.3.3", "10.11.1", "10.11.1.1"), label, player=p, was=value)
        value = yield from (again() if again is not None else roll_for_ability(game, p, source, ctx, declared))
