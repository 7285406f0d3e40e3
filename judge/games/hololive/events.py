"""Event handlers written as functions of the game, for rules areas that are modules rather than
mixins: `@on_event("kind")` on `def apply(game, event)`. HololiveGame hands them to the kernel
(Game.EVENT_HANDLERS), which calls each when its event is applied, like an `_apply_<kind>` method."""
from __future__ import annotations

HANDLERS: dict = {}


def on_event(kind: str):
    def register(fn):
        if kind in HANDLERS:
            raise ValueError(f"two handlers for the event '{kind}'")
        HANDLERS[kind] = fn
        return fn
    return register
