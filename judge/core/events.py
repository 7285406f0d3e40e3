"""Events: the only way state changes. Each carries the rules that cause it and its source.

Events are recorded as structured objects; text is made only when someone reads
the trace (report/trace.py), so recording stays cheap.
"""
from __future__ import annotations


# The keys of an event written as a mapping (trace JSON); an event field of the same name (the
# `event` a `replaced` event replaced) goes under "fields", as in a scenario's `log` items.
EVENT_KEYS = ("seq", "event", "rules", "source", "fields")


def put_field(out: dict, key: str, value) -> None:
    """An event field into its mapping, under "fields" when its name is one of EVENT_KEYS."""
    if key in EVENT_KEYS:
        out.setdefault("fields", {})[key] = value
    else:
        out[key] = value


class Event:
    """One state change, check timing, rule process, decision or chance outcome."""

    __slots__ = ("seq", "kind", "rules", "source", "data", "private")

    def __init__(self, seq: int, kind: str, rules: tuple, source, data: dict, private=None):
        self.seq = seq
        self.kind = kind
        self.rules = rules          # rule numbers that cause this event
        self.source = source        # card / ability / rule process that caused it (a string)
        self.data = data            # the event's own fields
        self.private = private      # the only player allowed to see hidden card facts in it

    def get(self, key, default=None):
        return self.data.get(key, default)

    def as_dict(self) -> dict:
        out = {"seq": self.seq, "event": self.kind, "rules": list(self.rules)}
        if self.source:
            out["source"] = self.source
        for key, value in self.data.items():
            put_field(out, key, value.as_json() if hasattr(value, "as_json") else value)
        return out

    def __repr__(self) -> str:
        return f"Event({self.seq}, {self.kind}, {self.rules}, {self.data})"


class Snapshot:
    """How a thing stood when an event happened: identity, position label, card number, aliases.

    A scenario's `log` check matches `target: A.<position>` against the position the
    thing had at that moment, and `$name` against its aliases.
    """

    __slots__ = ("ident", "position", "number", "aliases")

    def __init__(self, ident, position: str, number: str, aliases=()):
        self.ident = ident
        self.position = position
        self.number = number
        self.aliases = tuple(aliases)

    def as_json(self) -> str:
        return self.position or self.number

    def matches(self, ref: str, norm) -> bool:
        if ref.startswith("$"):
            return ref[1:] in self.aliases
        if ":" in ref:
            owner, number = ref.split(":", 1)
            return self.position.startswith(owner + ".") and norm(number) == norm(self.number)
        return ref == self.position or norm(ref) == norm(self.number)

    def __str__(self) -> str:
        return f"{self.position} ({self.number})" if self.position else self.number

    def __repr__(self) -> str:
        return f"Snapshot({self.position!r}, {self.number!r})"
