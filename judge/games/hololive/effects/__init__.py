"""Card abilities as data, run by the engine (10): triggers, continuous effects, supports, oshi skills.

Ability records (in card files and inline `cards:`):

    abilities:
      - {kind: collab_effect, name: ..., effect: [STEPS]}         # 13.2
      - {kind: bloom_effect, name: ..., effect: [STEPS]}          # 13.3
      - {kind: support, condition: {...}, cost: [STEPS], requires: {...}, effect: [STEPS]}   # 10.1.2
      - {kind: continuous, condition: {...}, modifier: {arts: 20}}  # 10.1.1.3, on the holomem it is attached to
      - {kind: auto, trigger: arts_used|damaged, condition: {...}, limit: once_per_turn, effect: [STEPS]}
      - {kind: when_downed, condition: {...}, effect: [STEPS]}    # 10.1.1.2.3 / 11.3.1.1
      - {kind: attach_rule, only_to: {name: AZKi}, no_limit: true} # 11.4.3
    oshi_skill: {holopower: 1, limit: once_per_turn, timing: activated|die_roll, effect: [STEPS]}
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ..processes import ProcessesMixin
from .select import holds, holomem_matches
from .verbs import VerbsMixin

TRIGGER_KINDS = {"collab_effect": ("13.2.2", "10.8.2"), "bloom_effect": ("13.3.2", "10.8.2"),
                 "auto": ("10.8.2",)}


class Pending:
    """An automatic ability waiting to be played (10.8.2)."""

    __slots__ = ("ability", "card", "stack", "player", "label")

    def __init__(self, ability, card, stack, player):
        self.ability, self.card, self.stack, self.player = ability, card, stack, player
        self.label = f"{card.number} {ability.get('name_en') or ability.get('name') or ability.get('kind')}"


class EffectsMixin(VerbsMixin, ProcessesMixin):

    def _init_effects(self):
        self.modifiers: list = []        # continuous effects created by effects (10.2.1.2)
        self.uses: dict = {}             # (card id, ability key, period) -> times used

    # ---------------------------------------------------------------- arts
    def run_art_text(self, ctx):
        art = ctx["art"]
        ctx["card"] = ctx["holomem"].top
        yield from self.run_steps(art.effect, ctx, f"{ctx['holomem'].top.number} {art.name_en or art.name}")

    def art_modifiers(self, stack, art, target) -> int:
        """12.3.4.4: arts +N from continuous effects on this holomem (not special damage: Q3, Q105)."""
        return self.modified(stack, "arts", 0)

    def modified(self, stack, attribute, neutral):
        if attribute == "names" or (not self.modifiers and not stack.attached):
            return neutral
        total = sum(m["amount"] for m in self.modifiers if m["stack"] is stack and m["attribute"] == attribute)
        for card in stack.attached:           # 10.3.4.2: tools, mascots and fans work on the stage
            for ab in card.defn.abilities:
                if ab.get("kind") == "continuous" and attribute in (ab.get("modifier") or {}):
                    if holds(self, ab.get("condition") or {}, {"player": stack.owner, "holomem": stack, "card": card}):
                        total += int(ab["modifier"][attribute])
        return total

    def _apply_continuous(self, ev):
        self.modifiers.append({"stack": ev.data["stack"], "attribute": ev.data["attribute"],
                               "amount": ev.data["amount"], "until": ev.data["until"]})

    def _apply_restore(self, ev):
        ev.data["stack"].damage -= ev.data["amount"]

    def _apply_effects_expire(self, ev):
        """7.7.4: effects lasting 'this turn' end."""
        self.modifiers = [m for m in self.modifiers if m["until"] != "end_of_turn"]

    # ------------------------------------------------------------ triggers
    def after_event(self, ev):
        kind = ev.kind
        if kind == "move_holomem" and ev.data.get("collab"):
            s = ev.data["stack"]
            self._queue_from(s.top, s, "collab_effect")
        elif kind == "bloom":
            self._queue_from(ev.data["card"], ev.data["stack"], "bloom_effect")
        elif kind == "art":
            self._queue_attached(ev.data["stack"], "arts_used")
        elif kind == "damage":
            self._queue_attached(ev.data["stack"], "damaged")

    def _queue_from(self, card, stack, kind):
        for ab in card.defn.abilities:
            if ab.get("kind") == kind:
                self._queue(ab, card, stack, stack.owner, TRIGGER_KINDS[kind])

    def _queue_attached(self, stack, trigger):
        for card in [stack.top, *stack.attached]:
            for ab in card.defn.abilities:
                if ab.get("kind") == "auto" and ab.get("trigger") == trigger:
                    ctx = {"player": stack.owner, "holomem": stack, "card": card}
                    if holds(self, ab.get("condition") or {}, ctx) and self._within_limit(card, ab):
                        self._queue(ab, card, stack, stack.owner, ("10.8.2",))

    def _queue(self, ab, card, stack, player, rules):
        if ab.get("unsupported"):
            raise NotRunnable(f"card {card.number} {ab.get('kind')} '{ab.get('name_en') or ab.get('name') or ''}' "
                              f"unsupported: {ab['unsupported']}")
        pending = Pending(ab, card, stack, player)
        self.emit("triggered", rules, pending.label, player=player, ability=pending.label, pending=pending)

    def _apply_triggered(self, ev):
        self.waiting[ev.data["player"]].append(ev.data["pending"])

    def resolve_waiting(self, player):
        """10.6.3.2-10.6.3.3, 10.8.3: the player picks one waiting ability and plays it."""
        waiting = self.waiting[player]
        pending = waiting[0]
        if len(waiting) > 1:
            opts = [Option(w.label, w, keys=(w.card.number, w.ability.get("name"), w.ability.get("name_en")))
                    for w in waiting]
            pending = yield Decision(player, "auto_order", "which waiting ability to play first",
                                     ("10.8.3", "10.8.3.1"), opts)
        self.emit("play_ability", ("10.8.3", "10.8.7"), pending.label, player=player, pending=pending)
        ctx = {"player": player, "holomem": pending.stack, "card": pending.card}
        self._count_use(pending.card, pending.ability)
        yield from self.run_steps(pending.ability.get("effect"), ctx, pending.label)

    def _apply_play_ability(self, ev):
        self.waiting[ev.data["player"]].remove(ev.data["pending"])

    # --------------------------------------------------------------- limits
    def _period(self, ab):
        limit = ab.get("limit")
        return ("turn", self.turn_number) if limit == "once_per_turn" else ("game",) if limit == "once_per_game" else None

    def _within_limit(self, card, ab) -> bool:
        period = self._period(ab)
        return period is None or self.uses.get((card.id, id(ab), period), 0) < 1

    def _count_use(self, card, ab):
        period = self._period(ab)
        if period is not None:
            self.emit("ability_used", ("10.7.2.1.1",), card.number, key=(card.id, id(ab), period))

    def _apply_ability_used(self, ev):
        self.uses[ev.data["key"]] = self.uses.get(ev.data["key"], 0) + 1

    # ------------------------------------------------------------- supports
    def _support_ability(self, card):
        for ab in card.defn.abilities:
            if ab.get("kind") == "support":
                return ab
        return None

    def support_play_violations(self, p, card) -> list[str]:
        ab = self._support_ability(card)
        if ab is None or ab.get("unsupported"):
            return []
        ctx = {"player": p, "card": card, "holomem": None}
        if ab.get("condition") and not holds(self, ab["condition"], ctx):
            return ["10.7.2.4.1"]           # "can only be used if ..." is an additional condition/cost
        for cost in ab.get("cost") or ():
            if "archive_cheer" in cost and not holds(self, {"stage_cheer": cost["archive_cheer"].get("count", 1)}, ctx):
                return ["10.7.2.4.1", "10.4.2.2"]
        if ab.get("requires") and not holds(self, ab["requires"], ctx):
            return ["10.7.2.3.7"]
        return []

    def run_support_text(self, p, card):
        ab = self._support_ability(card)
        if ab is None:
            return
        if ab.get("unsupported"):
            raise NotRunnable(f"card {card.number}: support ability unsupported: {ab['unsupported']}")
        ctx = {"player": p, "card": card, "holomem": None}
        source = f"{card.number} {card.defn.name_en or card.defn.name}"
        if ab.get("cost"):
            yield from self.run_steps(ab["cost"], ctx, source)     # 10.7.2.4
        yield from self.run_steps(ab.get("effect"), ctx, source)   # 10.7.2.5

    def attach_condition_violations(self, card, stack) -> list[str]:
        for ab in card.defn.abilities:
            if ab.get("kind") == "attach_rule" and ab.get("only_to"):
                if not holomem_matches(self, stack, ab["only_to"], {"player": stack.owner, "holomem": stack}):
                    return ["11.4.3"]
        return []

    def attach_limit_applies(self, card) -> bool:
        return not any(ab.get("kind") == "attach_rule" and ab.get("no_limit") for ab in card.defn.abilities)

    # ------------------------------------------------------------ oshi skills
    def run_skill(self, p, oshi, skill, key):
        """12.1.5.4: an activated oshi skill resolves its text."""
        ctx = {"player": p, "card": oshi, "holomem": None}
        yield from self.run_steps(skill.get("effect"), ctx, f"{oshi.number} {skill.get('name_en') or skill.get('name')}")

    def roll_for_ability(self, p, source, ctx):
        """5.24.1 with 12.1.5.1: an oshi skill used 'when rolling a die for your holomem's ability'
        replaces the result with a declared number (5.24.4)."""
        value = self.roll_die(("5.24.1",), source, player=p)
        oshi = self.oshi(p)
        skill = oshi.defn.oshi_skill if oshi is not None else None
        if (skill and skill.get("timing") == "die_roll" and ctx.get("holomem") is not None
                and not self.facts[p]["oshi_skill_used"]
                and len(self.zone(p, "holopower")) >= (skill.get("holopower") or 0)):
            opts = [Option("no", None, keys=("skip", "false"))] + [Option(str(n), n) for n in range(1, 7)]
            declared = yield Decision(p, "oshi_skill_die", f"use {skill.get('name_en') or skill.get('name')}: "
                                      "declare a result, or no", ("12.1.5.1", "5.24.4"), opts, source=source)
            if declared is not None:
                hp = self.zone(p, "holopower")
                for _ in range(skill.get("holopower") or 0):
                    self.archive(hp.items[-1], ("12.1.3",), oshi.number)
                self.emit("set_fact", ("8.5.1.1", "12.1.4"), player=p, fact="oshi_skill_used", value=True)
                self.emit("die_set", ("12.1.5.1", "5.24.4"), oshi.number, player=p, result=declared, was=value)
                value = declared
        return value

    # ------------------------------------------------------------ downs
    def when_downed(self, stack):
        """11.3.1.1: 'when downed' abilities run inside down processing, the turn player's first."""
        found = []
        for card in [stack.top, *stack.attached]:
            for ab in card.defn.abilities:
                if ab.get("kind") == "when_downed":
                    ctx = {"player": stack.owner, "holomem": stack, "card": card}
                    if holds(self, ab.get("condition") or {}, ctx):
                        found.append((ab, card, ctx))
        for ab, card, ctx in found:
            label = f"{card.number} {ab.get('name_en') or ab.get('name') or 'when downed'}"
            self.emit("when_downed", ("11.3.1.1", "10.1.1.2.3"), label, holomem=self.snap(stack))
            yield from self.run_steps(ab.get("effect"), ctx, label)
