"""Card abilities as data, run by the engine (10): triggers, continuous effects, supports, oshi skills.

Ability records (in card files and inline `cards:`):

    abilities:
      - {kind: collab_effect, name: ..., effect: [STEPS]}         # 13.2
      - {kind: bloom_effect, name: ..., effect: [STEPS]}          # 13.3
      - {kind: support, condition: {...}, cost: [STEPS], requires: {...}, effect: [STEPS]}   # 10.1.2
      - {kind: continuous, condition: {...}, modifier: {arts: 20}}  # 10.1.1.3, on the holomem it is attached to
      - {kind: auto, trigger: arts_used|damaged|restored, by: own, condition: {...}, limit: once_per_turn,
         effect: [STEPS]}                                         # 10.8 (triggers.py)
      - {kind: when_downed, condition: {...}, effect: [STEPS]}    # 10.1.1.2.3 / 11.3.1.1 (downs.py)
      - {kind: attach_rule, only_to: {name: AZKi}, no_limit: true} # 11.4.3, 5.17.3.3
    oshi_skill: {holopower: 1, limit: once_per_turn, timing: activated|die_roll|when_downed, effect: [STEPS]}
    arts: [{..., target_only: opponent_center}]                   # 12.3.3.2 narrowed by the art's text

A "◆ additional ability if attached to X" (5.19.1) is an ability of the attached card with the
condition `attached_to: X`.
"""
from __future__ import annotations

from ....core.errors import NotRunnable
from ..processes import ProcessesMixin
from .downs import DownsMixin
from .oshi import OshiMixin
from .select import holds, holomem_matches, holomems
from .triggers import Pending, TriggersMixin  # noqa: F401  (Pending: part of the package's API)
from .verbs import VerbsMixin


class EffectsMixin(TriggersMixin, DownsMixin, OshiMixin, VerbsMixin, ProcessesMixin):

    def _init_effects(self):
        # continuous effects created by effects (10.2.1.2): on a holomem (`stack`) or on a player
        self.modifiers: list = []
        self.uses: dict = {}             # (card id, ability key, period) -> times used

    # ---------------------------------------------------------------- arts
    def run_art_text(self, ctx):
        art = ctx["art"]
        ctx["card"] = ctx["holomem"].top
        yield from self.run_steps(art.effect, ctx, f"{ctx['holomem'].top.number} {art.name_en or art.name}")

    def art_modifiers(self, stack, art, target) -> int:
        """12.3.4.4: arts +N from continuous effects on this holomem (not special damage: Q3, Q105)."""
        for card, amount in self._attached_modifiers(stack, "arts"):
            # 10.3.4.2: an attached tool, mascot or fan works while on the stage; 10.10.1.4: it changes a number
            self.emit("continuous_applies", ("10.3.4.2", "10.10.1.4"), card.number, holomem=self.snap(stack),
                      attribute="arts", amount=amount)
        return self.modified(stack, "arts", 0)

    def art_target_violations(self, stack, art, target) -> list[str]:
        """12.3.3.2 narrowed by the art's own text ('this art can only target the opponent's centre')."""
        only = art.raw.get("target_only")
        if only and target not in holomems(self, only, {"player": stack.owner, "holomem": stack}):
            return ["12.3.3.2"]
        return []

    # ---------------------------------------------------------- continuous
    def modified(self, stack, attribute, neutral):
        if attribute == "names" or (not self.modifiers and not stack.attached):
            return neutral
        total = sum(m["amount"] for m in self.modifiers if m["stack"] is stack and m["attribute"] == attribute)
        return total + sum(amount for _, amount in self._attached_modifiers(stack, attribute))

    def _attached_modifiers(self, stack, attribute):
        """10.3.4.2: tools, mascots and fans work on the stage: (card, amount) of their modifiers."""
        for card in stack.attached:
            for ab in card.defn.abilities:
                if ab.get("kind") == "continuous" and attribute in (ab.get("modifier") or {}):
                    if holds(self, ab.get("condition") or {}, {"player": stack.owner, "holomem": stack, "card": card}):
                        yield card, int(ab["modifier"][attribute])

    def _apply_continuous(self, ev):
        self.modifiers.append({"stack": ev.data.get("stack"), "player": ev.data.get("player"),
                               "attribute": ev.data["attribute"], "amount": ev.data["amount"],
                               "until": ev.data["until"], "source": ev.source})

    def _apply_restore(self, ev):
        ev.data["stack"].damage -= ev.data["amount"]

    def _apply_effects_expire(self, ev):
        """7.7.4: effects lasting 'this turn' end."""
        self.modifiers = [m for m in self.modifiers if m["until"] != "end_of_turn"]

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
