"""The kernel's hooks a game fills in (judge/core/game.py): the order of waiting automatic abilities, and
event handlers (an `_apply_<kind>` method or a function of EVENT_HANDLERS, never both)."""
from __future__ import annotations

import pytest

from judge.core.decisions import Decision, Option
from judge.core.game import Game


class Waits(Game):
    """Two abilities wait, one each; resolving one emits it."""

    def __init__(self):
        super().__init__()
        self.waiting = {"A": ["a1"], "B": ["b1"]}
        self.turn_player = "B"

    def resolve_waiting(self, player):
        self.emit("resolved", (), ability=self.waiting[player].pop(0))
        return
        yield  # pragma: no cover

    def run(self):
        yield from self.check_timing_loop()


class TurnPlayerChooses(Waits):
    """A game whose turn player orders every waiting ability, both players' (as OSICA's text says)."""

    def resolve_next_waiting(self):
        options = [Option(a, p) for p in self.PLAYERS for a in self.waiting[p]]
        player = yield Decision(self.turn_player, "order", "which ability resolves next", (), options)
        yield from self.resolve_waiting(player)


def resolved(game):
    return [e.data["ability"] for e in game.trace if e.kind == "resolved"]


def test_by_default_the_turn_players_abilities_resolve_first():
    game = Waits()
    game.start(game.run())
    assert resolved(game) == ["b1", "a1"] and game.pending is None


def test_a_game_may_let_the_turn_player_order_both_players_abilities():
    game = TurnPlayerChooses()
    game.start(game.run())
    assert game.pending is not None and game.pending.player == "B" and game.pending.kind == "order"
    game.answer("a1")                       # the other player's ability first
    assert resolved(game) == ["a1", "b1"] and game.pending is None


def _moved(game, event):
    game.moved = True


class TwoHandlers(Game):
    """A rules-area function and a method both claim the event 'move'."""
    EVENT_HANDLERS = {"move": _moved}

    def _apply_move(self, event):
        self.moved = True


class OneHandlerEach(Game):
    EVENT_HANDLERS = {"move": _moved}

    def _apply_draw(self, event):
        self.drew = True


def test_an_event_with_both_a_method_and_a_function_handler_is_refused():
    with pytest.raises(TypeError, match="two handlers for the event 'move'"):
        TwoHandlers()


def test_function_and_method_handlers_of_different_events_both_apply():
    game = OneHandlerEach()
    game.emit("move", ())
    game.emit("draw", ())
    assert game.moved and game.drew
