"""Prohibitions (1.3.3) and requirements that compete (1.3.2.3): continuous effects that forbid an
action, or that require a choice to fall on a holomem.

A prohibition forbids an action; when an effect instructs a player to carry it out while the
prohibition applies, the prohibition wins and the action is not carried out (1.3.3). Printed as a
continuous ability (10.1.1.3), or made for a period by a played ability (10.2.1.2):

    - {kind: continuous, prohibit: {action: draw, who: opponent}}          # "your opponent cannot draw"
    - {kind: continuous, prohibit: {action: restore_hp, target: this}}     # "this holomem's HP is not restored"
    - prohibit: {action: send_cheer, target: opponent_center, until: end_of_turn}

`action` (one or a list) is what an effect's verb would carry out: `draw` (draw, draw_up_to, draw_from_bottom),
`send_cheer` (to the holomem), `restore_hp`, `bloom` (the holomem blooming), `collab` (the holomem
moving), `attach` (to the holomem), `put_out`. `who` (own | opponent | any, from the effect's
player) is whose instructions it forbids; `target` (a holomem selector) the holomems the action is
done to: a holomem action on another holomem is not forbidden. A played prohibition fixes its
holomems when it resolves (10.10.2). 'This holomem cannot bloom' (2.11.2.4) is such a prohibition.
Where the verb chooses where the action goes, the holomems it is forbidden on are not offered
(the instruction is not carried out on them, 1.3.3); with none left, it is not carried out at all.

A requirement makes a choice of one holomem fall on a holomem the selector `include` names, when
it can (a "must be chosen if able" effect):

    - {kind: continuous, require: {choice: art_target, who: opponent, include: this}}
    - require: {choice: effect_choice, who: opponent, include: center, until: end_of_turn}

`choice`: `art_target` (the target of an art, 12.3.3.2) or `effect_choice` (one holomem an effect
chooses, the choice not optional); `who`: whose choices it binds. When several requirements bind
one choice and no option meets them all, the option chosen must meet as many of them as possible
(1.3.2.3); when no option meets any, nothing is required (1.3.2).
"""
from __future__ import annotations

from ....core.terms import Enum, OneOrList
from ..terms import SELECTOR, VOCAB, WHOSE, key, mapping, verb_function
from ..events import on_event
from .select import holds, holomems
from . import validity

PROHIBITABLE = ("draw", "send_cheer", "restore_hp", "bloom", "collab", "attach", "put_out", "hp_change",
                "reset_rest", "reset_active", "reset_rest_after_move", "life_loss")
CHOICES = ("art_target", "effect_choice")
WHO = key("who", "whose instructions (choices) it is about, from the effect's player", WHOSE, default="any")
PROHIBIT = VOCAB.record("prohibit", "A prohibition (1.3.3): while it applies, an effect's instruction to carry "
                        "out this action is not carried out.", [
    key("action", "what it forbids (one or a list): `draw` (draw, draw_up_to, draw_from_bottom), `send_cheer` (to the holomem), "
        "`restore_hp`, `bloom` (the holomem blooming), `collab` (the holomem moving), `attach` (to the holomem), "
        "`put_out`, `hp_change` (its remaining HP set, 4.4.5.4), `reset_rest` (the holomem resting in its player's "
        "reset step, 7.2.3: a collab holomem is then neither moved to the back nor rested, Q497; resting by an "
        "effect is not forbidden, Q498), `reset_active` (the holomem becoming active in its player's reset step, "
        "7.2.2: 'リセットステップでアクティブにならない'), `reset_rest_after_move` (only the resting of 7.2.3: the collab holomem "
        "still moves to the back, and stays active: 'バックポジションに移動してもお休みしない'), `life_loss` (the prohibition's own player's life reduced by an ability's "
        "'ライフ-N': '自分のライフは相手の能力で減らない'; the life damage of a down itself, 11.3.1.2, is the rules', "
        "not an ability's, Q311)", OneOrList(Enum(*PROHIBITABLE)), required=True),
    WHO,
    key("target", "only the action done to these holomems", SELECTOR)])
REQUIRE = VOCAB.record("require", "A requirement (1.3.2.3): a choice of one holomem must fall on a holomem "
                       "`include` names, when one can.", [
    key("choice", "`art_target`: an art's target (12.3.3.2); `effect_choice`: one holomem an effect must choose",
        Enum(*CHOICES), required=True),
    WHO,
    key("include", "the holomems the choice must fall on", SELECTOR, required=True)])
_PERIOD = key("until", "its period; without it, the rest of the game; `end_of_next_opponent_turn`: through the end "
              "of the next turn of its player's opponent ('次の相手のリセットステップで…')",
              Enum("end_of_turn", "end_of_next_opponent_turn"), "10.2.1.2", "7.7.4")


class RuleEffect:
    """One prohibition or requirement: its spec, whose effect it is, where it came from."""

    __slots__ = ("spec", "player", "label", "rules", "ctx", "fixed")

    def __init__(self, spec, player, label, rules, *, ctx=None, fixed=None):
        self.spec, self.player, self.label, self.rules = spec, player, label, rules
        self.ctx, self.fixed = ctx, fixed

    def binds(self, game, player) -> bool:
        """`who`: whose actions or choices it is about, from the effect's player."""
        who = self.spec.get("who", "any")
        return who == "any" or (player == self.player) == (who == "own")

    def names(self, game, key) -> list:
        """The holomems `target` (or `include`) names: fixed when played (10.10.2), read now when a
        continuous ability (10.1.1.3)."""
        if self.fixed is not None:
            return [s for s in self.fixed if s.zone is not None and s.cards]
        return holomems(game, self.spec[key], self.ctx)


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]


def _has(defn, key) -> bool:
    return any(key in ab for ab in defn.abilities)


def _rule_effects(game, key) -> list:
    """Every `prohibit` or `require` effect now: played ones (oldest first), then continuous
    abilities of valid cards (10.3) whose condition holds. Kept per state version."""
    cache = game.rule_fx_cache
    hit = cache.get(key)
    if hit is not None and hit[0] == game.state_version:
        return hit[1]
    out = [RuleEffect(m["amount"], m["player"], m["source"], ("10.2.1.2",), fixed=m.get("stacks"))
           for m in game.modifiers if m["attribute"] == key]
    for p in game.PLAYERS if game.in_game("continuous." + key) else ():
        for card, stack in validity.ability_holders(game, p):
            if not _has(card.defn, key):
                continue
            for ab in validity.valid_abilities(game, card, stack, ("continuous",)):       # 10.3.4, 10.3.2
                ctx = {"player": p, "holomem": stack, "card": card}
                if ab.get(key) and holds(game, ab.get("condition") or {}, ctx):
                    name = ab.get("name_en") or ab.get("name")
                    out.append(RuleEffect(ab[key], p, f"{card.number} {name}" if name else card.number,
                                          ("10.1.1.3",) + validity.validity_rules(card, ab), ctx=ctx))
    cache[key] = (game.state_version, out)
    return out

# ------------------------------------------------------------ 1.3.3
def prohibition(game, action, player, holomem=None, life_of=None):
    """The effect that forbids `player` to carry out `action` (on `holomem`; `life_loss`: on the life of
    `life_of`, which a prohibition protects only for its own player: '自分のライフは…減らない'), or None."""
    if action == "bloom" and holomem is not None and game.top_def(holomem).extra.get("cannot_bloom"):
        # 2.11.2.4: 'this holomem cannot bloom' is a continuous ability forbidding it
        return RuleEffect({"action": "bloom"}, holomem.owner, holomem.top.number, ("2.11.2.4",))
    for eff in _rule_effects(game, "prohibit"):
        if action not in _list(eff.spec.get("action")) or not eff.binds(game, player):
            continue
        if life_of is not None and eff.player != life_of:
            continue
        if "target" in eff.spec or eff.fixed is not None:
            if holomem is None or holomem not in eff.names(game, "target"):
                continue
        return eff
    return None


def prohibited(game, action, player, source, holomem=None, life_of=None) -> bool:
    """1.3.3: an effect instructs `player` to carry out `action`; if a prohibition applies, it
    wins and the action is not carried out (the trace says which effect forbade it)."""
    eff = prohibition(game, action, player, holomem, life_of)
    if eff is None:
        return False
    extra = {"holomem": game.snap(holomem)} if holomem is not None else {}
    if life_of is not None:
        extra["life_of"] = life_of
    game.emit("prohibited", ("1.3.3",) + eff.rules, eff.label, player=player, action=action,
              instructed_by=source, **extra)
    return True


def unprohibited(game, action, player, pool, source) -> list:
    """The holomems of `pool` the action may be carried out on; on the others it is forbidden
    (1.3.3) and not carried out."""
    return [s for s in pool if not prohibited(game, action, player, source, s)]


@verb_function("prohibit", "1.3.3", "10.2.1.2", doc="a played ability's prohibition, for its period; its `target` "
               "holomems are fixed when it resolves (10.10.2)", group="prohibit",
               arg=mapping(*PROHIBIT.terms.values(), _PERIOD))
def prohibit(game, arg, step, ctx, source):
    """A played ability's prohibition (10.2.1.2), for its period (`until`, default the rest of the
    game); with `target`, on the holomems chosen now (10.10.2)."""
    yield from _rule_effect(game, "prohibit", "target", arg, ctx, source)

# ------------------------------------------------------------ 1.3.2.3
def _requirements(game, choice, chooser) -> list:
    return [r for r in _rule_effects(game, "require") if r.spec.get("choice") == choice
            and r.binds(game, chooser)]


def rank_by_requirements(game, choice, chooser, pool):
    """(the options meeting the most requirements, the requirements, how many those meet)."""
    reqs = _requirements(game, choice, chooser) if pool else []
    if not reqs:
        return pool, reqs, 0
    named = [r.names(game, "include") for r in reqs]
    met = [sum(1 for holos in named if s in holos) for s in pool]
    best = max(met)
    return [s for s, n in zip(pool, met) if n == best], reqs, best


def requirement_rules(game, reqs, best) -> tuple:
    """1.3.2.3 when the requirements cannot all be met, else the requirements' own rules."""
    if best < len(reqs):
        return ("1.3.2.3",)
    return tuple(dict.fromkeys(r for req in reqs for r in req.rules))


def required_pool(game, choice, chooser, pool, source) -> list:
    """A choice of one holomem bound by requirements: only the options that meet as many of them as
    possible remain (1.3.2.3; all of them when one option can, the requirements themselves)."""
    keep, reqs, best = rank_by_requirements(game, choice, chooser, pool)
    if best == 0 or len(keep) == len(pool):
        return pool
    game.emit("required_choice", requirement_rules(game, reqs, best), source, player=chooser, choice=choice,
              requirements=[r.label for r in reqs], met=best, options=[game.snap(s) for s in keep],
              excluded=[game.snap(s) for s in pool if s not in keep])
    return keep


@verb_function("require", "1.3.2.3", "10.2.1.2", doc="a played ability's requirement, for its period; its `include` "
               "holomems are fixed when it resolves (10.10.2)", group="prohibit",
               arg=mapping(*REQUIRE.terms.values(), _PERIOD))
def require(game, arg, step, ctx, source):
    """A played ability's requirement (10.2.1.2) for its period; the holomems `include` names are
    fixed now (10.10.2)."""
    yield from _rule_effect(game, "require", "include", arg, ctx, source)

# ------------------------------------------------------------ played
def _rule_effect(game, key, sel_key, arg, ctx, source):
    arg = dict(arg or {})
    spec = {k: v for k, v in arg.items() if k not in ("until", sel_key)}
    stacks = None
    if sel_key in arg:
        stacks = holomems(game, arg[sel_key], ctx)
        if not stacks:
            game.emit("nothing", ("1.3.2",), source, why=f"no holomem for {key}")
            return
    extra = {"holomems": [game.snap(s) for s in stacks]} if stacks is not None else {}
    until = arg.get("until", "game")
    until = "next_opponent_turn" if until == "end_of_next_opponent_turn" else until    # (expire_continuous)
    game.emit("rule_effect", ("10.2.1.2",), source, player=ctx["player"], attribute=key, amount=spec,
              stacks=stacks, until=until, **extra)
    return
    yield  # pragma: no cover


@on_event("rule_effect")
def _apply_rule_effect(game, ev):
    d = ev.data
    game.modifiers.append({"stack": None, "player": d["player"], "attribute": d["attribute"],
                           "amount": d["amount"], "until": d["until"], "source": ev.source,
                           "stacks": d["stacks"], "seq": (ev.seq, 0), "turn": game.turn_number})
