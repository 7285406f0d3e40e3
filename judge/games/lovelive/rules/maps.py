"""Rule maps between versions of the Love Live! OCG comprehensive rules: map-<older>-<newer>.yaml
here, written with `unlisted: same` (only what changed is listed; docs/versions.md)."""
from __future__ import annotations

from judge.core.rulemap import RuleMap

from . import DOCUMENTS


def rule_map(a: str, b: str) -> RuleMap:
    """The map between two versions, whichever order they are given in (it translates both ways)."""
    return DOCUMENTS.rule_map(a, b)
