"""Abilities 'usable when' something happens: oshi skills (12.1.5.1, 12.1.5.3) and arts that are
permanent abilities with an optional replacement effect (12.3.2, 12.3.5).

    oshi_skill: {holopower: 1, limit: once_per_turn, timing: die_roll, effect: []}           # 12.1.5.1
    oshi_skill: {holopower: 1, usable: {event: damage, timing: before, holomem: stage}, effect: [..]}
    oshi_skill: {holopower: 1, usable: {event: arts_used, timing: after, holomem: stage}, effect: [..]}
    arts:
      - {name: .., cost: [red], damage: 0,
         effect: {usable: {event: damage, timing: before}, limit: once_per_turn, steps: [STEPS]}}

`timing: before` — "usable when (X) is about to happen": an optional replacement of X (12.1.5.1);
for an art, its text is carried out and then X (12.3.5.1). `timing: after` — "usable when (X)
happened": for an oshi skill, an automatic ability that may be used, and is not counted when it is
not (12.1.5.3); for an art, X and then its text (12.3.5.2). An art of this kind is not played in
the performance step (12.3.2); it needs its cheer attached and its limit not reached (12.3.5.1).
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ..costs import covers
from .replacement import NUMBER, SKILL_NUMBER, Replacement
from ....core.terms import Bool, Enum, Int, Ref
from ..terms import DAMAGE_KIND, LIMIT, SELECTOR, STEPS, VOCAB, key
from .select import holds, holomems, sp_skill_used_up
from . import payment, play
from . import triggers

VOCAB.record("usable", "'Usable when' an event is about to happen or has happened (12.1.5.1, 12.1.5.3, 12.3.5).", [
    key("event", "`damage`: about to be taken by the holomem; `die_roll`; `arts_used`; `damaged`; `dealt`: "
        "(`timing: after`) a holomem of yours (`holomem`, the one whose art or ability dealt it) dealt damage to a "
        "holomem `target` names ('自分の青ホロメンが相手のバックホロメンにダメージを与えた時'); in the skill's text the "
        "selector `damaged` is that holomem and `per: {what: dealt}` counts the damage dealt ('それと同じ数値'); "
        "`cheer_archived`: (`timing: after`) an ability of a holomem of yours (`holomem`) archived cheer "
        "('自分の青ホロメンの能力でエールをアーカイブした時', 5.12.1); `archive_hand`: (`timing: before`) an ability of a "
        "holomem of yours (`holomem`) is about to archive cards from your hand ('自分の赤ホロメンの能力で手札をアーカイブ"
        "する時', 5.12.1): in the skill's text `spare_hand_cards` keeps some of them",
        Enum("damage", "die_roll", "arts_used", "damaged", "dealt", "cheer_archived", "archive_hand"), required=True),
    key("timing", "`before`: an optional replacement of the event (12.1.5.1, 12.3.5.1); `after`: the event, then "
        "the text (12.1.5.3, 12.3.5.2)", Enum("before", "after"), default="before"),
    key("holomem", "whose event (`stage` for an oshi skill, `this` for an art)", SELECTOR),
    key("kind", "damage of this kind only", DAMAGE_KIND),
    key("min", "damage of at least this much only", Int(minimum=1)),
    key("from", "damage: `opponent`: only damage the opponent deals ('相手からダメージを受ける時')", Enum("opponent")),
    key("stage", "damage taken or dealt", Enum("take", "deal"), "10.11.2.4", default="take"),
    key("target", "`dealt`: the holomems the damage must have been dealt to, from the skill's player", SELECTOR),
    key("by_oshi", "`dealt`: the oshi's own abilities dealing it count too ('この推しホロメンか自分の青ホロメンが')",
        Bool(), "10.13.3")])
VOCAB.record("art_usable", "An art 'usable when ...' (12.3.2, 12.3.5): a permanent ability declared for the event, "
             "not played in the performance step; it needs its cheer attached.", [
    key("usable", "when it may be declared (`holomem` is `this`)", Ref("usable", "{event: .., timing: .., ..}"),
        "12.3.5", required=True),
    key("limit", "how often", LIMIT, "12.3.5.1"),
    key("steps", "the art's text, before or after the event", STEPS, "12.3.5.1", "12.3.5.2", required=True)])

SKILL_KEYS = ("oshi_skill", "sp_oshi_skill")


def art_usable(art):
    """The `usable` spec of a replacement-style art (12.3.2), or None for an activated art."""
    eff = art.effect
    return eff.get("usable") if isinstance(eff, dict) else None


class ArtReplacement(Replacement):
    """12.3.5: 'this art is usable when ...': declare it instead; its text before or after."""

    def __init__(self, stack, art, spec):
        self.art, self.art_spec = art, art.effect
        before = spec.get("timing", "before") == "before"
        self.rule = "12.3.5.1" if before else "12.3.5.2"
        super().__init__(("art", stack.top.id, art.index), spec.get("event", "damage"),
                         f"{stack.top.number} {art.name_en or art.name}", stack.owner,
                         spec={"holomem": "this", **{k: v for k, v in spec.items() if k in ("kind", "min", "from")}},
                         optional=True, card=stack.top, holder=stack, keep=True,
                         rules=("12.3.1", "12.3.2", "12.3.5", self.rule))

    def matches(self, game, proposal) -> bool:
        s = self.holder
        return (super().matches(game, proposal) and covers(game.art_cost(s, self.art), game.art_cheers(s))   # 12.3.5.1
                and triggers._within_limit(game, s.top, self.art_spec))

    def texts(self) -> list:
        return self.art_spec.get("steps") or []

    def ask(self, game, proposal, source):
        yes = Option("yes", True, keys=("true", "use", "declare"))
        no = Option("no", False, keys=("false", "skip"))
        return (yield Decision(self.player, "declare_art", f"declare {self.label} instead?",
                               ("12.3.5", self.rule), [yes, no], source=self.label))

    def apply(self, game, proposal, source):
        s = self.holder
        game.emit("art_declared", ("12.3.5", self.rule, "10.5.1", "10.5.2"), self.label, player=self.player,
                  holomem=game.snap(s), art=self.art.name_en or self.art.name)
        triggers._count_use(game, s.top, self.art_spec)
        ctx = {"player": self.player, "holomem": s, "card": s.top, "replacing": proposal}
        steps = self.art_spec.get("steps") or []
        if self.rule == "12.3.5.1":               # its text, then the event it was declared for
            yield from play.resolve_effect(game, steps, ctx, self.label, (self.rule,), what="art")
        else:                                     # the event, then its text
            proposal.setdefault("after", []).append(
                lambda: play.resolve_effect(game, steps, ctx, self.label, (self.rule,), what="art"))
        return proposal


class SkillReplacement(Replacement):
    """12.1.5.1: an oshi skill 'usable when (X) is about to happen' is an optional replacement of X."""

    def __init__(self, game, p, oshi, skill, key, spec):
        self.skill, self.skill_key, self.oshi = skill, key, oshi
        label = f"{oshi.number} {skill.get('name_en') or skill.get('name')}"
        super().__init__(("skill", oshi.id, key), spec.get("event", "roll"), label, p,
                         spec={"holomem": spec.get("holomem", "stage"),
                               **{k: v for k, v in spec.items() if k in ("kind", "min", "stage", "from")}},
                         optional=True, card=oshi, effect=skill.get("effect"), rules=("12.1.5", "12.1.5.1"))

    def ctx(self, proposal) -> dict:
        """In its text, `this` is the holomem the replaced damage is about to be dealt to ('そのホロメン'),
        as `this` is the downed holomem for a skill used when a holomem is downed (12.1.5.2)."""
        ctx = super().ctx(proposal)
        if self.event == "damage" and proposal and proposal.get("target") is not None:
            ctx["holomem"] = proposal["target"]                  # 12.1.5.1
        return ctx

    def matches(self, game, proposal) -> bool:
        return super().matches(game, proposal) and skill_usable(game, self.player, self.oshi, self.skill,
                                                                        self.skill_key, proposal.get("holomem"))

    def ask(self, game, proposal, source):
        if self.event == "roll":
            # 12.1.5.1: used when the die is about to be rolled, the number declared before anyone sees it
            opts = [Option("no", None, keys=("skip", "false"))] + [Option(str(n), n) for n in range(1, 7)]
            declared = yield Decision(self.player, "oshi_skill_die", f"use {self.label} before rolling: "
                                      "declare a result, or no", ("12.1.5.1", "10.11.3", "1.3.5", "1.3.5.2"),
                                      opts, source=source)
            self.declared = declared
            return declared is not None
        yes = Option("yes", True, keys=("true", "use"))
        no = Option("no", False, keys=("false", "skip"))
        return (yield Decision(self.player, "oshi_skill", f"use {self.label} instead?", ("12.1.5.1", "10.11.3"),
                               [yes, no], source=source))

    def apply(self, game, proposal, source):
        x = None
        if self.skill.get("holopower") == "X":          # 12.1.3.1: chosen, at most what the text allows
            most = proposal.get({**NUMBER, **SKILL_NUMBER}.get(self.event, "")) if self.skill.get("x_max") == "event" else None
            x = yield from payment.choose_x(game, self.player, self.skill, self.label, most)
        pay_skill(game, self.player, self.oshi, self.skill, self.skill_key, ("12.1.5.1",), x=x)
        if self.event == "roll":          # the number sets the result after the roll (5.24.4, dice.py)
            proposal["declared"].append((self.label, self.declared))
            return proposal
        if x is None:
            return (yield from super().apply(game, proposal, source))
        ctx = self.ctx(proposal)
        steps = payment.substitute(self.effect, "X", x)
        yield from play.resolve_effect(game, steps, ctx, self.label, ("10.11.1", "12.1.3.1"), what="replacement")
        return proposal if proposal.get("adjusted") else None


def usable_replacements(game, event, proposal):
    """Replacement sources (replacement.py): 'usable when' arts of holomems and oshi skills."""
    out = []
    for p in game.PLAYERS:
        for s in game.stage(p):
            for art in game.arts_of(s):
                spec = art_usable(art)
                if spec and spec.get("event", "damage") == event:
                    out.append(ArtReplacement(s, art, spec))
        oshi = game.oshi(p)
        if oshi is None:
            continue
        for key in SKILL_KEYS:
            skill = getattr(oshi.defn, key)
            if not skill:
                continue
            spec = skill.get("usable")
            if skill.get("timing") == "die_roll":
                spec = {"event": "roll", "timing": "before", "holomem": "stage"}
            if spec and spec.get("timing", "before") == "before" and spec.get("event") == event:
                out.append(SkillReplacement(game, p, oshi, skill, key, spec))
    return out


def skill_usable(game, p, oshi, skill, key, holomem=None) -> bool:
    """An oshi skill can be used now: 8.5.1.1 / 8.5.1.2, its limit (12.1.4), its condition and the
    holo power to pay (12.1.3)."""
    if key == "oshi_skill" and game.facts[p]["oshi_skill_used"] and not triggers.limit_raised(game, oshi, skill):
        return False
    if sp_skill_used_up(game, p, key):
        return False
    ctx = {"player": p, "holomem": holomem, "card": oshi}
    if not holds(game, skill.get("condition") or {}, ctx) or not triggers._within_limit(game, oshi, skill):
        return False
    cost = skill.get("holopower") or 0
    return len(game.zone(p, "holopower")) >= (1 if cost == "X" else cost)


def pay_skill(game, p, oshi, skill, key, rules, x=None):
    """12.1.3: its holo power to the archive (X: the number chosen, 12.1.3.1); it counts as used (8.5.1.1,
    8.5.1.2, 12.1.4)."""
    if skill.get("holopower") == "X" and x is None:
        raise NotRunnable(f"card {oshi.number} {key}: holo power X (12.1.3.1) is chosen only for an "
                          "activated skill or one replacing an event")
    hp = game.zone(p, "holopower")
    for _ in range(x if x is not None else (skill.get("holopower") or 0)):
        game.archive(hp.items[-1], ("12.1.3",) + (("12.1.3.1",) if x is not None else ()), oshi.number)
    triggers._count_use(game, oshi, skill)
    if key == "oshi_skill":
        game.emit("set_fact", ("8.5.1.1", "12.1.4") + tuple(rules), player=p, fact="oshi_skill_used",
                  value=True)
    else:
        game.emit("sp_used", ("8.5.1.2", "12.1.2", "12.1.4") + tuple(rules), player=p)


def art_play_violations(game, stack, art) -> list:
    """12.3.2: an art 'usable when ...' is a permanent ability, not played as an action; an art whose
    text says when it cannot be used (`condition:`) is forbidden otherwise (1.3.3)."""
    if art_usable(art):
        return ["12.3.2", "12.3.1"]
    cond = art.raw.get("condition")
    if cond and not holds(game, cond, {"player": stack.owner, "holomem": stack}):
        return ["1.3.3"]
    return []

# ---------------------------------------------- 12.1.5.3: after an event
def _waiting_skills(oshi, event):
    """12.1.5.3: the oshi's skills 'usable when (event) happened' (their `usable` with `timing: after`),
    as (key, skill, usable)."""
    for key in SKILL_KEYS:
        skill = getattr(oshi.defn, key)
        spec = (skill or {}).get("usable")
        if spec and spec.get("timing") == "after" and spec.get("event") == event:
            yield key, skill, spec


def queue_skill_triggers(game, event, stack, extra=None):
    """12.1.5.3: an oshi skill 'usable when (X) happened' waits like an automatic ability (`extra`: what its
    text may count of the event)."""
    p = stack.owner
    oshi = game.oshi(p)
    if oshi is None:
        return
    for key, skill, spec in _waiting_skills(oshi, event):
        if stack not in holomems(game, spec.get("holomem", "stage"), {"player": p, "holomem": None,
                                                                       "card": oshi}):
            continue
        if skill_usable(game, p, oshi, skill, key, stack):
            triggers._queue(game, skill, oshi, stack, p, ("10.8.2", "12.1.5", "12.1.5.3"),
                            extra={"skill_key": key, **(extra or {})})


def cheer_archived_by_ability(game, ctx, cards):
    """12.1.5.3: an ability of a holomem (its art, its text, a cost of it) archived cheer: the oshi
    skills 'usable when your (X) holomem's ability archived cheer' of its player wait."""
    s = ctx.get("holomem")
    if cards and s is not None and s.zone is not None and s.owner == ctx.get("player"):
        queue_skill_triggers(game, "cheer_archived", s, {"event_count": len(cards)})   # for 'each cheer archived'


def queue_dealt_skill_triggers(game, ev):
    """12.1.5.3: an oshi skill 'usable when your (holomem) dealt damage to (target)': it waits like an
    automatic ability of the dealer's player. The damage's dealer is the holomem whose art or ability
    dealt it; its source the card whose ability dealt it (10.13.3), for `by_oshi` the oshi itself."""
    target = ev.data["stack"]
    dealer = ev.data.get("dealer_stack")
    src = (game._damage_source or (None, ()))[0]
    for p in (game.turn_player, game.other(game.turn_player)):
        oshi = game.oshi(p)
        if oshi is None:
            continue
        for key, skill, spec in _waiting_skills(oshi, "dealt"):
            ctx = {"player": p, "holomem": None, "card": oshi}
            by_holomem = dealer is not None and dealer.owner == p and \
                dealer in holomems(game, spec.get("holomem", "stage"), ctx)
            by_oshi = bool(spec.get("by_oshi")) and src is oshi
            if not (by_holomem or by_oshi):
                continue
            if spec.get("target") is not None and target not in holomems(game, spec["target"], ctx):
                continue
            if "kind" in spec and ev.data.get("kind") != spec["kind"]:
                continue
            if skill_usable(game, p, oshi, skill, key, None):
                triggers._queue(game, skill, oshi, None, p, ("10.8.2", "12.1.5", "12.1.5.3", "10.13.3"),
                                extra={"skill_key": key, "event_holomem": target, "event_amount": ev.data["amount"]})


def play_skill_trigger(game, pending):
    """12.1.5.3: 'when (X), you may (effect); if you do not, it is not counted as used'."""
    p, oshi, skill, key = pending.player, pending.card, pending.ability, pending.extra["skill_key"]
    if not skill_usable(game, p, oshi, skill, key, pending.stack):
        game.emit("cancel_ability", ("10.8.3.2", "12.1.4"), pending.label, player=p, pending=pending)
        return
    game.emit("play_ability", ("10.8.3", "12.1.5.3", "10.6.1", "10.6.1.1", "10.8.1"), pending.label, player=p,
              pending=pending)
    yes = Option("yes", True, keys=("true", "use"))
    no = Option("no", False, keys=("false", "skip"))
    use = yield Decision(p, "oshi_skill", f"use {pending.label}?", ("12.1.5.3",), [yes, no], source=pending.label)
    if not use:
        game.emit("skill_not_used", ("12.1.5.3",), pending.label, player=p, why="not used: it does not count")
        return
    pay_skill(game, p, oshi, skill, key, ("12.1.5.3",))
    ctx = {"player": p, "holomem": pending.stack, "card": oshi}
    if "event_holomem" in pending.extra:          # 'dealt': that holomem, that damage
        ctx["event_holomem"], ctx["event_amount"] = pending.extra["event_holomem"], pending.extra["event_amount"]
    if "event_count" in pending.extra:            # 'cheer_archived': how many were archived
        ctx["event_count"] = pending.extra["event_count"]
    yield from play.resolve_effect(game, skill.get("effect"), ctx, pending.label, ("12.1.5.3", "12.1.1"),
                                   what="oshi skill")
