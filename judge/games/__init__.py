"""Rulesets: each game is a folder. `ruleset(name)` finds one by its name."""
from __future__ import annotations

import importlib

from ..core.errors import InputError, closest

GAMES = ("hololive",)


def ruleset(name: str):
    """The ruleset module of a game (it exposes `RULESET`)."""
    if name not in GAMES:
        raise InputError(f"unknown game '{name}'", expected="one of: " + ", ".join(GAMES),
                         suggestions=closest(name, GAMES))
    return importlib.import_module(f"{__name__}.{name}").RULESET
