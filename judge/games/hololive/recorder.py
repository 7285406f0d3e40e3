"""Play a game while recording it as scenario items, so any point can become a scenario."""
from __future__ import annotations

from ...core.decisions import Option
from .dump import action_item, given_of


class Recorder:
    """Answers a game with a policy and records each play-timing action with the choices and dice
    that followed it, plus the board before it."""

    def __init__(self, game):
        self.game = game
        self.items: list[dict] = []        # the `when` items so far
        self.boards: list[dict] = []       # the board before each item
        self._dice_seen = 0

    def answer(self, answer):
        # a policy answers with an Option (or a list of them): the game takes it as it is, the
        # items and labels name its value
        g = self.game
        d = g.pending
        value = answer
        if isinstance(value, Option):
            value = value.value
        elif d.many:
            value = [v.value if isinstance(v, Option) else v for v in value]
        if d.kind == "play_timing":
            self.boards.append(given_of(g))
            self.items.append(action_item(g, d.player, value))
        elif self.items:
            label = _label(d, value)
            self.items[-1].setdefault("choices", []).append(label)
        before = len(g.trace)
        g.answer(answer)
        dice = [e.data["result"] for e in g.trace[before:] if e.kind == "die"]
        if dice and self.items:
            self.items[-1].setdefault("dice", []).extend(dice)


def _label(decision, value):
    if decision.many:
        return [next(o.label for o in decision.options if o.value is v or o.value == v) for v in value]
    for o in decision.options:
        if o.value is value or o.value == value:
            return o.label
    return str(value)
