"""'Take another turn of your own' (5.26).

    - extra_turn: {}        # the effect's player takes a turn before the turn that would come next

Each instruction is kept until it is carried out. When a turn ends (7.7.6), the latest instruction
still waiting is carried out first (5.26.2); when none is left, the turn that would have come
after the turn that ended comes (5.26.1).
"""
from __future__ import annotations

from ..terms import mapping, verb_function
from ..events import on_event
from .. import turn


@verb_function("extra_turn", "5.26.1", "5.26.2", doc="the player takes a turn of their own before the turn that would "
               "come next; several: the latest first", group="rule5", arg=mapping())
def extra_turn(game, arg, step, ctx, source):
    """5.26.1: the player will take a turn of their own before the turn that would come next."""
    game.emit("extra_turn", ("5.26.1",), source, player=ctx["player"])
    return
    yield  # pragma: no cover


class ExtraTurns:
    """5.26: the players of the extra turns still to come (the latest last, 5.26.2), and the turn
    that would have come next when the first of them was taken (5.26.1)."""

    __slots__ = ("waiting", "normal_next")

    def __init__(self):
        self.waiting: list = []
        self.normal_next = None


def _init_turns(game):
    game.extra_turns = ExtraTurns()


@on_event("extra_turn")
def apply_extra_turn(game, ev):
    game.extra_turns.waiting.append(ev.data["player"])


@on_event("extra_turn_taken")
def apply_extra_turn_taken(game, ev):
    extra = game.extra_turns
    extra.waiting.pop()
    if extra.normal_next is None:
        extra.normal_next = ev.data["normal_next"]


@on_event("extra_turns_done")
def apply_extra_turns_done(game, ev):
    game.extra_turns.normal_next = None


def next_turn(game):
    """7.7.6 with 5.26: before the turn that would come next, the extra turns, latest first."""
    extra = game.extra_turns.waiting
    normal = game.extra_turns.normal_next
    if extra:
        player = extra[-1]
        rules = ("5.26.1", "7.1.1") + (("5.26.2",) if len(extra) > 1 or normal is not None else ())
        game.emit("extra_turn_taken", rules, player=player,
                  normal_next=normal or game.other(game.turn_player))
        game.emit("turn_start", rules, player=player, number=game.turn_number + 1, extra=True)
        return
    if normal is not None:
        # 5.26.2: every extra turn is done: the turn that would have come next comes now
        game.emit("extra_turns_done", ("5.26.2",), player=normal)
        if normal != game.other(game.turn_player):
            game.emit("turn_start", ("5.26.1", "5.26.2", "7.1.1"), player=normal, number=game.turn_number + 1)
            return
    turn.next_normal_turn(game)
