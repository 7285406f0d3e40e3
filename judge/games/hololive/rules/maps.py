"""Rule maps between versions of the hololive comprehensive rules: map-<older>-<newer>.yaml here."""
from __future__ import annotations

from judge.core.rulemap import RuleMap

from . import DOCUMENTS


def rule_map(a: str, b: str) -> RuleMap:
    """The map between two versions, whichever order they are given in (it translates both ways)."""
    return DOCUMENTS.rule_map(a, b)
