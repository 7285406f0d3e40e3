"""Rule maps between versions of the hololive comprehensive rules: map-<older>-<newer>.yaml here."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from judge.core.errors import InputError
from judge.core.rulemap import RuleMap

from . import VERSIONS

HERE = Path(__file__).resolve().parent


def rule_map(a: str, b: str) -> RuleMap:
    """The map between two versions, whichever order they are given in (it translates both ways)."""
    for v in (a, b):
        if v not in VERSIONS:
            raise InputError(f"unknown hololive rules version '{v}'", expected="one of: " + ", ".join(VERSIONS))
    old, new = sorted((a, b), key=VERSIONS.index)
    return _load(old, new)


@lru_cache(maxsize=None)
def _load(old: str, new: str) -> RuleMap:
    path = HERE / f"map-{old}-{new}.yaml"
    if not path.exists():
        raise InputError(f"no rule map between hololive {old} and {new}", file=str(path))
    return RuleMap.load(path)
