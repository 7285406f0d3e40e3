"""Oshi skills (12.1) other than those of down processing (downs.py), and dice rolled for
abilities (5.24) with what may replace their result.

    oshi_skill: {holopower: N, limit: once_per_turn, timing: activated | die_roll | when_downed, effect: [STEPS]}
"""
from __future__ import annotations

from ....core.decisions import Decision, Option


class OshiMixin:

    def run_skill(self, p, oshi, skill, key):
        """12.1.5.4: an activated oshi skill resolves its text."""
        ctx = {"player": p, "card": oshi, "holomem": None}
        label = f"{oshi.number} {skill.get('name_en') or skill.get('name')}"
        yield from self.run_steps(skill.get("effect"), ctx, label)

    def roll_for_ability(self, p, source, ctx):
        """5.24.1: roll a die for an ability. 12.1.5.1: an oshi skill used 'when rolling a die for your
        holomem's ability' replaces the result with a declared number (5.24.4). Then effects that set
        the player's results for a period apply (5.24.4, treat_die_as); the die is still rolled (Q32)."""
        oshi = self.oshi(p)
        skill = oshi.defn.oshi_skill if oshi is not None else None
        declared = None
        if (skill and skill.get("timing") == "die_roll" and ctx.get("holomem") is not None
                and not self.facts[p]["oshi_skill_used"]
                and len(self.zone(p, "holopower")) >= (skill.get("holopower") or 0)):
            # 12.1.5.1: an optional replacement of the roll itself, so it is used (and the number
            # declared) when the die is about to be rolled, before anyone sees the result.
            opts = [Option("no", None, keys=("skip", "false"))] + [Option(str(n), n) for n in range(1, 7)]
            declared = yield Decision(p, "oshi_skill_die", f"use {skill.get('name_en') or skill.get('name')} "
                                      "before rolling: declare a result, or no", ("12.1.5.1", "10.11.3"), opts,
                                      source=source)
            if declared is not None:
                hp = self.zone(p, "holopower")
                for _ in range(skill.get("holopower") or 0):
                    self.archive(hp.items[-1], ("12.1.3",), oshi.number)
                self.emit("set_fact", ("8.5.1.1", "12.1.4"), player=p, fact="oshi_skill_used", value=True)
        value = self.roll_die(("5.24.1",), source, player=p)      # Q32: the die is still rolled
        if declared is not None:
            self.emit("die_set", ("12.1.5.1", "5.24.4"), oshi.number, player=p, result=declared, was=value)
            value = declared
        fixed = [m for m in self.modifiers if m["stack"] is None and m["player"] == p
                 and m["attribute"] == "die_result"]
        if fixed:
            # 10.10.1.6: several such effects apply in the order they arose, so the latest decides.
            self.emit("die_set", ("5.24.4", "10.2.1.2"), fixed[-1]["source"], player=p,
                      result=fixed[-1]["amount"], was=value)
            value = fixed[-1]["amount"]
        return value
