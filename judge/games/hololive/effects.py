"""The effect language: card text as data, run by verbs that cite the rules defining them.

An effect is a list of steps. A step is a mapping with one verb and optionally
`if:` (a condition; the step is skipped when it does not hold). Verbs and
conditions live here, in the engine; cards only name them (Fireplace style).

    effect:
      - if: {stage_has: {name: ときのそら}}
        send_cheer: {from: cheer_deck, to: own}
      - roll_die: {may: true}
        odd: [{art_bonus: 50}]
        "1": [{art_bonus: 50}]
"""
from __future__ import annotations

from ...core.decisions import Decision, Option
from ...core.errors import NotRunnable
from .processes import ProcessesMixin

VERBS = ("draw", "send_cheer", "art_bonus", "roll_die", "if")
CONDITIONS = ("stage_has",)
BRANCH_KEYS = ("odd", "even", "1", "2", "3", "4", "5", "6", "<=2", "<=3", "<=4", "<=5", ">=4", ">=5")


def verb_of(step: dict) -> str:
    keys = [k for k in step if k not in ("if",) + BRANCH_KEYS]
    return keys[0] if keys else "if"


class EffectsMixin(ProcessesMixin):

    def run_art_text(self, ctx):
        """12.3.4.2: the art's text resolves as an effect; it may modify the damage to be dealt."""
        yield from self.run_steps(ctx["art"].effect, ctx, source=self._art_source(ctx))

    def _art_source(self, ctx):
        art = ctx["art"]
        return f"{ctx['holomem'].top.number} {art.name_en or art.name}"

    def run_steps(self, steps, ctx, source):
        for step in steps or ():
            if "if" in step and not self.holds(step["if"], ctx):
                self.emit("condition_false", ("10.3.3",), source, condition=str(step["if"]))
                continue
            verb = verb_of(step)
            if verb == "if":
                yield from self.run_steps(step.get("then", ()), ctx, source)
                continue
            handler = getattr(self, "_verb_" + verb, None)
            if handler is None:
                raise NotRunnable(f"{source}: effect verb '{verb}' is not in the effect language")
            yield from handler(step[verb], step, ctx, source)

    # ---------------------------------------------------------- conditions
    def holds(self, cond: dict, ctx) -> bool:
        p = ctx["player"]
        for key, arg in cond.items():
            if key == "stage_has":
                # 2.1.2: a name in 〈〉 refers to cards with that card name ("also treated as" included)
                name = arg.get("name")
                if not any(name in self.names(s) for s in self.stage(p)):
                    return False
            else:
                raise NotRunnable(f"condition '{key}' is not in the effect language")
        return True

    # --------------------------------------------------------------- verbs
    def _verb_draw(self, n, step, ctx, source):
        """5.7.2: draw N = draw one card N times."""
        for _ in range(int(n)):
            if not self.draw(ctx["player"], ("5.7.2", "5.7.1"), source):
                self.emit("nothing", ("1.3.2",), source, why="the deck is empty")
        return
        yield  # pragma: no cover

    def _verb_art_bonus(self, n, step, ctx, source):
        """12.3.4.2: a modifier to the art changes the damage to be dealt."""
        ctx["damage"] += int(n)
        self.emit("art_bonus", ("12.3.4.2",), source, amount=int(n), damage=ctx["damage"])
        return
        yield  # pragma: no cover

    def _verb_send_cheer(self, arg, step, ctx, source):
        """5.21: send cheer from the cheer deck (5.21.2) or the archive (5.21.1) to a holomem."""
        p = ctx["player"]
        arg = arg or {}
        where = arg.get("to", "own")
        targets = {"own": self.stage(p), "this": [ctx["holomem"]], "center": [self.center(p)],
                   "back": self.back(p)}.get(where)
        if targets is None:
            raise NotRunnable(f"{source}: send_cheer to '{where}' is not in the effect language")
        targets = [t for t in targets if t is not None and t.zone is not None]
        for _ in range(int(arg.get("count", 1))):
            if arg.get("from", "cheer_deck") == "cheer_deck":
                yield from self.send_cheer_from_deck(p, ("5.21.2",), targets, source)
            else:
                raise NotRunnable(f"{source}: send_cheer from '{arg.get('from')}' is not supported yet")

    def _verb_roll_die(self, arg, step, ctx, source):
        """5.24.1: roll one six-sided die; 5.24.2: 'may roll' asks first; branches by result."""
        p = ctx["player"]
        arg = arg or {}
        if arg.get("may"):
            yes = Option("roll", True, keys=("yes", "true"))
            no = Option("do not roll", False, keys=("no", "false"))
            roll = yield Decision(p, "may_roll", "roll the die?", ("5.24.2",), [yes, no], source=source)
            if not roll:
                return
        value = self.roll_die(("5.24.1",), source, player=p)
        ctx["die"] = value
        for key in BRANCH_KEYS:
            if key in step and _die_matches(key, value):
                yield from self.run_steps(step[key], ctx, source)


def _die_matches(key: str, value: int) -> bool:
    if key == "odd":
        return value % 2 == 1
    if key == "even":
        return value % 2 == 0
    if key.startswith("<="):
        return value <= int(key[2:])
    if key.startswith(">="):
        return value >= int(key[2:])
    return value == int(key)
