"""7.6.6 and 7.7.6: when the closing check timing of the performance step (7.6.6) or of the end step's
end-of-turn triggers (7.7.4) resolves something, the engine goes back (7.6.5 / the whole end step).

No card of the database triggers at those points yet, so a game subclass stands in for one: the first
time the trigger happens, a back holomem takes damage up to its HP, and the check timing downs it."""
from __future__ import annotations

from judge.games.hololive.board import BoardBuilder
from judge.games.hololive.cards import builtin
from judge.games.hololive.engine import HololiveGame


class OneShotTrigger(HololiveGame):
    """'When <trigger> happens, deal 100 special damage to one of your back holomems', once."""

    trigger_name = ""

    def trigger_step(self, name, rules):
        super().trigger_step(name, rules)
        if name == self.trigger_name and not getattr(self, "_fired", False):
            self._fired = True
            stack = self.back(self.turn_player)[0]
            self.emit("damage", ("5.22.1",), stack=stack, target=self.snap(stack), amount=100, kind="special")


def play(trigger: str, step: str):
    db = builtin()
    game = type("G", (OneShotTrigger,), {"trigger_name": trigger})(db, keep_shuffles=True, strict_chance=True)
    BoardBuilder(game, db).build({
        "turn": {"player": "A", "number": 5, "step": step},
        "A": {"center": "TEST-WHITE-DEBUT", "back": ["TEST-RED-DEBUT", "TEST-GREEN-DEBUT"]},
    })
    game.start(game.run_from(step, at_play_timing=True))
    if step == "performance":
        game.answer("pass")
    while game.pending is not None and game.pending.kind != "play_timing":
        game.answer(game.pending.options[0])       # the life cheer goes to the centre
    return game


def events(game, kind):
    return [e for e in game.trace if e.kind == kind]


def test_end_step_runs_again_when_its_last_check_timing_resolved_a_down():
    game = play("turn_end", "end")
    ends = [e for e in events(game, "step") if e.data["step"] == "end"]
    assert len(ends) == 2
    assert "7.7.6" in ends[1].rules and "7.7.6" not in ends[0].rules
    assert len(events(game, "down")) == 1
    assert (game.turn_player, game.turn_number, game.step) == ("B", 6, "main")


def test_end_step_runs_once_when_nothing_was_resolved():
    game = play("nothing", "end")
    assert len([e for e in events(game, "step") if e.data["step"] == "end"]) == 1


def test_performance_end_triggers_again_when_the_check_timing_resolved_a_down():
    game = play("performance_end", "performance")
    ends = [e for e in events(game, "step_trigger") if e.data["trigger"] == "performance_end"]
    assert len(ends) == 2
    assert "7.6.6" in ends[1].rules and "7.6.5" in ends[1].rules
    assert len(events(game, "down")) == 1
    assert (game.turn_player, game.turn_number, game.step) == ("B", 6, "main")
