"""HololiveGame: the hololive OFFICIAL CARD GAME, comprehensive rules 1.9.0."""
from __future__ import annotations

from ...core.state import Stack
from . import invariants
from .effects import EffectsMixin
from .effects.events import HANDLERS


class HololiveGame(EffectsMixin):
    """The whole game: board (game.py), turn (turn.py), actions (actions.py), rule processes."""

    VERSION = "1.9.0"
    EVENT_HANDLERS = HANDLERS        # the handlers of the rules areas written as modules (effects/events.py)

    def __init__(self, db, *, version: str = "1.9.0", **kw):
        super().__init__(**kw)
        self.db = db
        self.version = version
        self.aliases: dict = {}
        self._init_board()
        self._init_effects()
        self.card_counts = None      # set at the first invariant check: cards each player owns

    def _apply_leave_stage(self, ev):
        stack = ev.data["stack"]
        top = stack.top
        super()._apply_leave_stage(ev)
        # A `$name` follows what it named: after leaving the stage, the top card (4.4.7).
        for name, thing in list(self.aliases.items()):
            if thing is stack:
                self.aliases[name] = top

    def check_invariants(self, event):
        if self.card_counts is None:
            self.card_counts = {p: self.total_cards(p) for p in self.PLAYERS}
        invariants.check(self, event)

    def total_cards(self, player: str) -> int:
        """Cards the player owns anywhere (card conservation)."""
        return sum(1 for c in self.cards.values() if c.owner == player)
