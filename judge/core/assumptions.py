"""Assumptions: the rules a game's engine needs that its rule documents do not give.

A rule document may leave things unstated (how many cards a player starts with, what a tie
means). An engine that fills such a gap silently would present a guess as a ruling; here each gap
is an **assumption**, declared as data in the game's folder: an identifier, the value chosen, why,
the public source that states it (when there is one), the other values it could have, and what an
official clarification would settle. The engine cites an assumption's identifier in the events
that rest on it, beside the rules it cites, so a trace shows where a ruling rests on a choice; a
scenario may set an assumption's value (`assume: {ID: VALUE}`) to see the other ruling.

Nothing here names a game's words: the declarations are the game's (a YAML file, `load`).
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError, closest


class Assumption:
    """One unstated rule and the value the engine takes for it."""

    __slots__ = ("id", "value", "reason", "source", "alternatives", "settles", "near")

    def __init__(self, id: str, value, reason: str, *, source: str = "", alternatives=(), settles: str = "",
                 near=()):
        self.id, self.value, self.reason, self.source = id, value, reason, source
        self.alternatives = tuple(alternatives)     # the other values the engine can run
        self.settles = settles                      # what an official clarification would settle
        self.near = tuple(near)                     # the rules of the document that come closest

    @property
    def values(self) -> tuple:
        return (self.value, *self.alternatives)

    def as_json(self) -> dict:
        return {"id": self.id, "value": self.value, "alternatives": list(self.alternatives),
                "reason": self.reason, "source": self.source, "settles": self.settles, "near": list(self.near)}


class Assumptions:
    """A game's assumptions by identifier, in the order declared."""

    KEYS = ("value", "reason", "source", "alternatives", "settles", "near")

    def __init__(self, items):
        self.items = {a.id: a for a in items}

    @classmethod
    def load(cls, path: Path) -> "Assumptions":
        """The declarations of a YAML file: `assumptions: {ID: {value, reason, alternatives, ...}}`."""
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        out = []
        for ident, spec in (data.get("assumptions") or {}).items():
            unknown = [k for k in spec if k not in cls.KEYS]
            if unknown or "value" not in spec or "reason" not in spec:
                raise InputError(f"assumption {ident}: " + (f"unknown key '{unknown[0]}'" if unknown else
                                                            "needs `value` and `reason`"),
                                 file=str(path), path=("assumptions", ident),
                                 expected=", ".join(cls.KEYS),
                                 suggestions=closest(unknown[0], cls.KEYS) if unknown else ())
            out.append(Assumption(str(ident), spec["value"], spec["reason"], source=spec.get("source", ""),
                                  alternatives=spec.get("alternatives") or (), settles=spec.get("settles", ""),
                                  near=spec.get("near") or ()))
        return cls(out)

    def __contains__(self, ident) -> bool:
        return ident in self.items

    def __iter__(self):
        return iter(self.items.values())

    def __len__(self):
        return len(self.items)

    def get(self, ident: str) -> Assumption:
        return self.items[ident]

    def settings(self, overrides: dict | None = None, *, path=("assume",)) -> dict:
        """Every assumption's value, with a scenario's `assume:` laid over: an unknown identifier or a
        value the engine cannot run is an InputError naming the closest identifier or the values."""
        out = {a.id: a.value for a in self}
        for ident, value in (overrides or {}).items():
            if ident not in self.items:
                raise InputError(f"unknown assumption '{ident}'", path=(*path, ident),
                                 expected="an assumption of the game (`judge rules assumptions`)",
                                 suggestions=closest(str(ident), self.items))
            a = self.items[ident]
            if value not in a.values:
                raise InputError(f"assumption {ident} cannot be {value!r}", path=(*path, ident),
                                 expected="one of: " + ", ".join(map(repr, a.values)))
            out[ident] = value
        return out

    def cited(self, rules) -> list:
        """The assumptions among cited rules, in declaration order."""
        rules = set(rules)
        return [a for a in self if a.id in rules]


def of(ruleset) -> Assumptions | None:
    """A ruleset's assumptions (a game whose documents leave nothing unstated has none)."""
    return getattr(ruleset, "assumptions", None)
