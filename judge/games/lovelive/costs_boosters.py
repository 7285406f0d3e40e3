"""Costs the booster cards of the official FAQ need (issue 16), declared like those of costs.py (which imports this
module at its end): each with the function that pays it and the test of whether it can be paid (9.4.2.3)."""
from __future__ import annotations

from .costs import _can
from .terms import N1, cost_function


@_can("mill")
def _can_mill(game, n, ctx):
    """9.4.2.3: the cost is paid in full or not at all: the main deck must hold the cards (FAQ Q234)."""
    return len(game.table.zone(ctx.player, "main_deck").items) >= n


@cost_function("mill", "9.4.2", "5.4.1", doc="put the top this many cards of your main deck in your waiting room "
               "(payable only while the main deck holds that many: 9.4.2.3)", arg=N1)
def pay_mill(game, n, ctx):
    deck = game.table.zone(ctx.player, "main_deck")
    for c in list(deck.items[:n]):
        game.move(c, ctx.player, "waiting_room", ("9.4.2", "9.4.2.3", "5.4.1"), source=ctx.source)
    return
    yield
