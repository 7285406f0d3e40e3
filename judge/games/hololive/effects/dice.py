"""Re-rolling a die (5.24.3): a replacement effect (10.2.1.3.3) on applying a die's result — the
current value is not used; the roll is done again from the start and its new value applies.

    abilities:   # on the holomem that rolls, or a card attached to it
      - {kind: reroll, archive_self: true, limit: once_per_turn, condition: {..}}
    oshi_skill: {holopower: 1, limit: once_per_turn, timing: reroll, condition: {center_is: {..}}}

After a die is rolled for a holomem's ability (verbs._verb_roll_die), each such ability not yet
applied to this die (10.11.2.3) is offered to the holomem's player; `archive_self` archives the
card as the cost. A die set to a value (5.24.4) is set again after the new roll.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from .select import holds


class DiceMixin:

    def _rerolls(self, p, holomem):
        """(label, card, ability, is_oshi_skill) of each re-roll the player may use now."""
        out = []
        if holomem is not None and holomem.zone is not None:
            for card in [holomem.top, *holomem.attached]:
                for ab in self.valid_abilities(card, holomem, ("reroll",)):     # 10.3.4, 10.3.2
                    if self._reroll_ok(card, ab, p, holomem):
                        out.append((f"{card.number} {ab.get('name_en') or ab.get('name') or 're-roll'}", card, ab,
                                    False))
        oshi = self.oshi(p)
        skill = oshi.defn.oshi_skill if oshi is not None else None
        if skill and skill.get("timing") == "reroll" and not self.facts[p]["oshi_skill_used"] \
                and len(self.zone(p, "holopower")) >= (skill.get("holopower") or 0) \
                and self._reroll_ok(oshi, skill, p, holomem):
            out.append((f"{oshi.number} {skill.get('name_en') or skill.get('name')}", oshi, skill, True))
        return out

    def _reroll_ok(self, card, ab, p, holomem) -> bool:
        ctx = {"player": p, "holomem": holomem, "card": card}
        return holds(self, ab.get("condition") or {}, ctx) and self._within_limit(card, ab)

    def reroll_die(self, p, source, ctx, value):
        """5.24.3: offer the re-rolls that apply; each used one rolls the die again from the start."""
        used = set()
        while True:
            offers = [o for o in self._rerolls(p, ctx.get("holomem")) if (o[1].id, id(o[2])) not in used]
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
                self.pay_skill(p, card, ab, "oshi_skill", ())
            else:
                if ab.get("archive_self"):                  # the cost printed on the card
                    self.archive(card, ("5.24.3", "10.7.2.4"), label)
                self._count_use(card, ab)
            self.emit("reroll", ("5.24.3", "10.2.1.3.3", "10.11.1", "10.11.1.1"), label, player=p, was=value)
            value = yield from self.roll_for_ability(p, source, ctx)
