"""Oshi skills (12.1) other than those of down processing (downs.py) and 'usable when' ones
(usable.py), and dice rolled for abilities (5.24) with what may replace their result.

    oshi_skill: {holopower: N | X, limit: once_per_turn, timing: activated | die_roll | when_downed,
                 condition: {..}, effect: [STEPS]}
"""
from __future__ import annotations

from .payment import substitute
from .select import holds


class OshiMixin:
    # The rules by which a die's result is set to another number after it is rolled (5.24.1): by the
    # number an oshi skill declared when it replaced the roll (12.1.5.1), or by a replacement of
    # the roll's result (10.2.1.3.3); a rules version names its own (versions/).
    DIE_SET_RULES = {"declared": ("12.1.5.1", "5.24.4"), "replaced": ("5.24.4", "10.2.1.3.3")}

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

    def roll_for_ability(self, p, source, ctx):
        """5.24.1: roll a die for an ability, after what replaces the roll (10.11: an oshi skill used
        'when rolling a die for your holomem's ability' declares the result, 12.1.5.1, 5.24.4); the
        die is still rolled (Q32). Then effects that set the player's results for a period apply,
        the last to arise deciding (10.10.1.6)."""
        proposal = {"player": p, "holomem": ctx.get("holomem"), "result": None}
        proposal = yield from self.replace_event("die_roll", proposal, source)
        value = self.roll_die(("5.24.1",), source, player=p)      # Q32: the die is still rolled
        if proposal is not None and proposal.get("result") is not None:
            by = proposal.get("declared_by")
            rules = self.DIE_SET_RULES["declared" if by else "replaced"]
            self.emit("die_set", rules, by or source, player=p, result=proposal["result"], was=value)
            value = proposal["result"]
        fixed = self.player_effects(p, "die_result")
        if fixed:
            stamp, result, label, from_ability = fixed[-1]
            rules = ("5.24.4", "10.2.1.2", "10.10.1")
            if len(fixed) > 1:          # several: applied in the order they arose, the last one decides
                rules += ("10.10.1.6",) + tuple(sorted({"10.10.1.6.1" if f[3] else "10.10.1.6.2" for f in fixed}))
            self.emit("die_set", rules, label, player=p, result=result, was=value)
            value = result
        return value
