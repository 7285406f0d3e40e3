"""Event handlers written as functions of the game in the modules of the rules areas:
`@on_event("kind")` on `def apply(game, event)`. HololiveGame hands them to the kernel
(Game.EVENT_HANDLERS), which calls each when its event is applied. A handler a variant changes is an
`_apply_<kind>` method of HololiveGame instead (engine.py), which the variant overrides."""
from __future__ import annotations

HANDLERS: dict = {}


def on_event(kind: str):
    def register(fn):
        if kind in HANDLERS:
            raise ValueError(f"two handlers for the event '{kind}'")
        HANDLERS[kind] = fn
        return fn
    return register
