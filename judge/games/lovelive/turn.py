"""The progress of the game (7): turns of the first player's normal phase, the second player's
normal phase and the live phase (7.1.2); a normal phase's active, energy, draw and main phases
(7.3.3)."""
from __future__ import annotations

from judge.core.decisions import Option

from . import live, loops, members
from .state import AREAS, NORMAL_STEPS


def normal_phase(game, p: str, start: str = "active"):
    """7.3: the normal phase of player `p` from step `start`."""
    t = game.table
    for step in NORMAL_STEPS[NORMAL_STEPS.index(start):]:
        if not (t.turn.step == step and t.turn.player == p):
            game.set_step(step, p, ("7.1.2", "7.3.1", "7.3.2", "7.3.2.1", "7.3.3", "7.2.1", "7.2.1.1", "7.2.2"))
        yield from STEPS[step](game, p)


def active_phase(game, p):
    """7.4: the turn player's waiting energy and members become active."""
    t = game.table
    # 4.5.5.2: a card beneath a member has no orientation: only members and energy turn
    cards = [c for zone in ("energy", *AREAS) for c in t.zone(p, zone).items if not c.beneath]
    waiting = [c for c in cards if c.wait]
    for c in waiting:
        game.emit("activate", ("7.4.1", "5.2.1", "4.3.2", "4.5.4", "4.7.3"), "rules", card=c.id, number=c.number,
                  player=p)
    beneath = any(c.beneath for area in AREAS for c in t.zone(p, area).items)
    # 1.3.2.1: a card already active is not made active again
    game.emit("activated", ("7.4.1",) + (("1.3.2.1",) if len(waiting) < len(cards) else ())
              + (("4.5.5", "4.5.5.2") if beneath else ()), "rules", player=p, count=len(waiting))
    first_turn = t.turn.number == 1 and p == t.turn.first
    game.trigger_point(("7.4.2",), "turn start, active phase start" + (", game start" if first_turn else ""))
    yield from game.check_timing(("7.4.3",))


def energy_phase(game, p):
    """7.5: one energy from the top of the energy deck to the energy zone."""
    game.trigger_point(("7.5.1",), "energy phase start")
    yield from game.check_timing(("7.5.1",))
    game.energy_from_deck(p, ("7.5.2",))
    yield from game.check_timing(("7.5.3",))


def draw_phase(game, p):
    """7.6: the turn player draws a card."""
    game.trigger_point(("7.6.1",), "draw phase start")
    yield from game.check_timing(("7.6.1",))
    game.draw(p, ("7.6.2",))
    yield from game.check_timing(("7.6.3",))


def main_phase(game, p):
    """7.7: a play timing (9.5.4) for the turn player until they do nothing."""
    game.trigger_point(("7.7.1",), "main phase start")
    yield from game.check_timing(("7.7.1",))
    while True:
        yield from game.check_timing(("9.5.2", "9.5.4.1"))                       # 9.5.4.1
        options = [Option(game.describe_action(a), a, keys=(a.get("card_number"),)) for a in game.legal_actions(p)]
        options.append(Option("pass", "pass", keys=("pass",)))
        answer = yield from game.ask(p, "play_timing", "play a member or pass", ("7.7.2", "9.5.4.2"), options,
                                     ask_always=True)
        if answer == "pass":                                                     # 9.5.4.3
            game.emit("pass", ("9.5.4", "9.5.4.3", "7.7.2", "7.7.3"), "rules", player=p)
            return
        yield from game.perform(p, answer)                              # 7.7.2.1 / 7.7.2.2, then 9.5.4.2 again


STEPS = {"active": active_phase, "energy": energy_phase, "draw": draw_phase, "main": main_phase}


def live_phase(game, start: str = "live_set"):
    """7.8 / 8.1.2: the live card set phase, each player's performance phase, the judgment."""
    t = game.table
    first = t.turn.first
    if start == "live_set":
        game.emit("live_phase", ("7.8.1", "8.1.1"), "rules", number=t.turn.number)
        game.set_step("live_set", first, ("7.8.1", "8.1.2", "8.2", "7.2.1", "7.2.1.2", "7.2.2"))
        yield from live.live_set(game)
        start = "performance"
    if start == "performance":
        for p in (first, game.other(first)):                                      # 8.3.2.1
            yield from live.performance(game, p)
    yield from live.judgment(game)


def play_turns(game, start: str):
    """7.1: turns until the game ends; the first turn from step `start` of the turn player's phase."""
    t = game.table
    while True:
        first, second = t.turn.first, game.other(t.turn.first)
        if start in NORMAL_STEPS:
            if t.turn.player == first:
                yield from normal_phase(game, first, start)
                start = "active"
            yield from normal_phase(game, second, start)                         # 7.1.2
            start = "live_set"
        yield from live_phase(game, start)
        game.emit("turn_end", ("8.4.14",), "rules", number=t.turn.number)
        loops.at_turn_end(game)                                                  # 12.1.1.3
        game.emit("turn", ("7.1.1", "7.1.2"), "rules", number=t.turn.number + 1, first=t.turn.first)
        start = "active"
        game.set_step("active", t.turn.first, ("7.1.2", "7.3.2.1"))
