"""Rulesets: each game is a folder. `ruleset(name)` finds one by its name.

A game's rule documents come before its ruleset: `rule_documents(name)` finds the rule indexes of
any game folder with a rules package (judge/games/<game>/rules exposing DOCUMENTS, a
`judge.core.ruleindex.RuleDocuments`), whether or not the game has an engine yet.
"""
from __future__ import annotations

import importlib
from pathlib import Path

from ..core.errors import InputError, closest

GAMES = ("hololive",)


def ruleset(name: str):
    """The ruleset module of a game (it exposes `RULESET`)."""
    if name not in GAMES:
        raise InputError(f"unknown game '{name}'", expected="one of: " + ", ".join(GAMES),
                         suggestions=closest(name, GAMES))
    return importlib.import_module(f"{__name__}.{name}").RULESET


def games_with_rules() -> tuple[str, ...]:
    """The game folders that have a rules package, by name."""
    here = Path(__file__).parent
    # Looked up on disk: importing every game's package to ask would load its engine.
    return tuple(sorted(p.parent.parent.name for p in here.glob("*/rules/__init__.py")))


def rule_documents(name: str):
    """The rule documents of a game: the rule index of each version, the maps between them."""
    known = games_with_rules()
    if name not in known:
        raise InputError(f"no rule index for game '{name}'", expected="one of: " + ", ".join(known),
                         suggestions=closest(name, known))
    return importlib.import_module(f"{__name__}.{name}.rules").DOCUMENTS
