"""Oshi skills (12.1) other than those of down processing (downs.py), 'usable when' ones
(usable.py) and the ones used on a die (dice.py).

    oshi_skill: {holopower: N | X, limit: once_per_turn, timing: activated | die_roll | when_downed,
                 condition: {..}, effect: [STEPS]}
"""
from __future__ import annotations

from .payment import substitute
from .select import holds


class OshiMixin:
    def skill_play_violations(self, p, oshi, skill, key) -> list[str]:
        """Why an oshi skill cannot be played as a main-step action now, beyond 8.5.1.x."""
        if skill.get("usable"):
            return ["12.1.5"]        # 12.1.5.1, 12.1.5.3: used when its event happens, not at will
        if skill.get("condition"):
            ctx = {"player": p, "card": oshi, "holomem": None}
            if not holds(self, skill["condition"], ctx):
                return ["10.1.1.1.1"]    # the [condition] of an activated ability
        if skill.get("holopower") == "X" and not self.zone(p, "holopower").items:
            return ["12.1.3.1", "10.4.2.2"]      # X is at least 1
        return []

    def pay_holopower(self, p, oshi, skill):
        """12.1.3: the cost is paid from the holo power area; X is chosen first (12.1.3.1)."""
        n = skill.get("holopower") or 0
        if n == "X":
            n = yield from self.choose_x(p, skill, oshi.number)
            self._skill_x = n
        hp = self.zone(p, "holopower")
        for _ in range(n):
            self.archive(hp.items[-1], ("12.1.3", "10.4.1", "10.4.2") + (("12.1.3.1",) if skill.get("holopower") == "X"
                                                                          else ()), source=oshi.number)

    def run_skill(self, p, oshi, skill, key):
        """12.1.5.4: an activated oshi skill (an activated ability, 10.1.1.1) resolves its text; an SP
        oshi skill is resolved as an oshi skill is (12.1.2)."""
        ctx = {"player": p, "card": oshi, "holomem": None}
        label = f"{oshi.number} {skill.get('name_en') or skill.get('name')}"
        steps = skill.get("effect")
        x = self.__dict__.pop("_skill_x", None)
        if x is not None:                                   # 12.1.3.1: the X chosen for its cost
            steps = substitute(steps, "X", x)
        steps = yield from self.choose_modes(steps, ctx, label)
        rules = ("12.1.1", "12.1.5.4", "10.1.1", "10.1.1.1", "10.7.1", "10.7.2.5.2") + \
            (("12.1.2",) if key == "sp_oshi_skill" else ()) + \
            (("10.1.1.1.1",) if skill.get("condition") else ())     # played because its condition held
        yield from self.resolve_effect(steps, ctx, label, rules, what="oshi skill")
