"""A rule map: how the numbered rules of one version of a rule document became those of another.

The map is data (a YAML file per pair of versions, maintained by hand). For every rule of the
older version it gives its number in the newer one and, when the text changed in substance, a
one-line note; it lists the rules removed since the older version and the rules the newer one
added. Several older rules may map to one newer rule (the newer document merged them); going
back, the first of them in document order stands for it.

    from: "1.3.0"
    to: "1.9.0"
    map:
      "5.13": {to: "5.14"}
      "6.2.1.8.1": {to: "6.2.1.9.1", changed: "loss after six counted redraws, not at one card"}
    removed:
      "1.3.2.2": "a duplicate of 1.3.2"
    added:
      "5.28": "bloom once more"
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .ruleindex import sort_key


def only_in(number: str, version: str) -> str:
    """What a rule with no counterpart becomes in the other numbering: not a rule number of any
    index, so a scenario or a trace that cites it fails instead of silently meaning another rule."""
    return f"{number} ({version} only)"


@dataclass(frozen=True)
class Entry:
    old: str
    new: str
    changed: str | None = None     # the note, when the text changed in substance

    @property
    def renumbered(self) -> bool:
        return self.old != self.new


class RuleMap:
    def __init__(self, old: str, new: str, entries, removed: dict, added: dict, source: str | None = None):
        self.old, self.new = old, new
        self.entries: dict[str, Entry] = {e.old: e for e in entries}
        self.removed = dict(removed)
        self.added = dict(added)
        self.source = source
        self._back: dict[str, str] = {}
        for e in self.entries.values():           # document order: the first source stands for a merge
            self._back.setdefault(e.new, e.old)

    @classmethod
    def load(cls, path) -> "RuleMap":
        path = Path(path)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries = [Entry(str(k), str(v["to"]), v.get("changed")) for k, v in (data.get("map") or {}).items()]
        return cls(str(data["from"]), str(data["to"]), entries,
                   {str(k): v for k, v in (data.get("removed") or {}).items()},
                   {str(k): v for k, v in (data.get("added") or {}).items()}, source=str(path))

    def __repr__(self) -> str:
        return f"<RuleMap {self.old} -> {self.new}: {len(self.entries)} rules>"

    # ------------------------------------------------------------ lookups
    def forward(self, number: str) -> str | None:
        """The newer number of an older rule (None: removed or unknown)."""
        e = self.entries.get(number)
        return e.new if e else None

    def backward(self, number: str) -> str | None:
        """The older number of a newer rule (None: added or unknown)."""
        return self._back.get(number)

    def translate(self, number: str, frm: str, to: str) -> str:
        """A rule number of version `frm` in the numbering of `to`; a rule with no counterpart
        becomes a marker that is no rule number (`5.28 (1.9.0 only)`)."""
        number = str(number)
        if frm == to:
            return number
        if (frm, to) == (self.old, self.new):
            found = self.forward(number)
        elif (frm, to) == (self.new, self.old):
            found = self.backward(number)
        else:
            raise ValueError(f"the {self.old}-{self.new} rule map does not translate {frm} to {to}")
        return found if found is not None else only_in(number, frm)

    def note(self, number: str, version: str) -> str | None:
        """Why a rule (numbered in `version`) differs between the two versions; None when it does not."""
        if version == self.old:
            if number in self.removed:
                return f"removed in {self.new}: {self.removed[number]}"
            e = self.entries.get(number)
            return e.changed if e else None
        if number in self.added:
            return f"added in {self.new}: {self.added[number]}"
        notes = [e.changed for e in self.entries.values() if e.new == number and e.changed]
        return "; ".join(notes) or None

    def cite_map(self) -> dict:
        """Newer number -> older number, for an engine written in the newer numbering that runs the
        older version (`Game.cite_map`). Rules the older version does not have map to a marker that
        is in no index, so a trace citing one fails the scenario (see `only_in`)."""
        out = {new: old for new, old in self._back.items() if new != old}
        out.update({n: only_in(n, self.new) for n in self.added})
        return out

    # --------------------------------------------------------------- views
    @property
    def renumbered(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.renumbered]

    @property
    def changed(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.changed]

    def summary(self) -> dict:
        return {"rules_" + self.old: len(self.entries) + len(self.removed),
                "rules_" + self.new: len(set(self._back)) + len(self.added),
                "renumbered": len(self.renumbered), "changed": len(self.changed),
                "added": len(self.added), "removed": len(self.removed)}

    def as_json(self) -> dict:
        return {"from": self.old, "to": self.new, "summary": self.summary(),
                "renumbered": [{"from": e.old, "to": e.new} for e in self.renumbered],
                "changed": [{"from": e.old, "to": e.new, "note": e.changed} for e in self.changed],
                "added": [{"rule": n, "note": v} for n, v in sorted(self.added.items(), key=lambda x: sort_key(x[0]))],
                "removed": [{"rule": n, "note": v} for n, v in sorted(self.removed.items(),
                                                                      key=lambda x: sort_key(x[0]))]}
