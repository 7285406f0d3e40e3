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
      "5.28": "a term added"

A map may say `unlisted: same`: every rule it does not list keeps its number and its text. Only
what changed is written down, and an empty map (`map: {}`) is valid exactly when the two versions
have the same numbers and the same texts. `completed` adds those rules from the two indexes, and
`problems` refuses an unlisted rule whose text differs (a change nobody described).
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


def only_in_parts(text: str) -> tuple[str, str] | None:
    """(number, version) of a marker made by `only_in`; None for anything else."""
    number, sep, rest = str(text).partition(" (")
    return (number, rest[:-len(" only)")]) if sep and rest.endswith(" only)") else None


@dataclass(frozen=True)
class Entry:
    old: str
    new: str
    changed: str | None = None     # the note, when the text changed in substance

    @property
    def renumbered(self) -> bool:
        return self.old != self.new


class RuleMap:
    def __init__(self, old: str, new: str, entries, removed: dict, added: dict, source: str | None = None,
                 unlisted: str | None = None, implicit: frozenset = frozenset()):
        if unlisted not in (None, "same"):
            raise ValueError(f"{source}: unlisted: {unlisted!r} (only 'same' is known)")
        self.old, self.new = old, new
        self.unlisted = unlisted
        self.implicit = implicit      # the entries `completed` added: unlisted, same number
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
                   {str(k): v for k, v in (data.get("added") or {}).items()}, source=str(path),
                   unlisted=data.get("unlisted"))

    def completed(self, old_index, new_index) -> "RuleMap":
        """With `unlisted: same`, the map with every rule it does not list mapped to the same number
        (when the newer version has it); otherwise the map itself."""
        if self.unlisted != "same":
            return self
        targets = {e.new for e in self.entries.values()}
        implicit = [r.number for r in old_index
                    if r.number not in self.entries and r.number not in self.removed
                    and r.number in new_index and r.number not in targets and r.number not in self.added]
        entries = [*self.entries.values(), *(Entry(n, n) for n in implicit)]
        return RuleMap(self.old, self.new, entries, self.removed, self.added, source=self.source,
                       unlisted=self.unlisted, implicit=frozenset(implicit))

    def problems(self, old_index, new_index) -> list[str]:
        """What is wrong with the map between these two indexes (complete it first): numbers that
        do not exist, rules of either version it does not account for, notes missing, and rules
        left unlisted whose text changed."""
        out = []
        out += [f"{n}: not a rule of {self.old}" for n in [*self.entries, *self.removed] if n not in old_index]
        out += [f"{e.old} -> {e.new}: not a rule of {self.new}" for e in self.entries.values()
                if e.new not in new_index]
        out += [f"{n}: added, but not a rule of {self.new}" for n in self.added if n not in new_index]
        out += [f"{n}: both mapped and removed" for n in set(self.entries) & set(self.removed)]
        targets = {e.new for e in self.entries.values()}
        out += [f"{n}: both a target and added" for n in targets & set(self.added)]
        out += [f"{r.number}: a {self.old} rule neither mapped nor removed" for r in old_index
                if r.number not in self.entries and r.number not in self.removed]
        out += [f"{r.number}: a {self.new} rule neither a target nor added" for r in new_index
                if r.number not in targets and r.number not in self.added]
        out += [f"{e.old}: changed without a note" for e in self.entries.values()
                if e.changed is not None and not str(e.changed).strip()]
        out += [f"{n}: added or removed without a note" for n, v in [*self.added.items(), *self.removed.items()]
                if not (isinstance(v, str) and v.strip())]
        out += [f"{n}: unlisted, but its text changed (list it, with changed: when in substance)"
                for n in sorted(self.implicit, key=old_index.position)
                if n in new_index and old_index.get(n).text != new_index.get(n).text]
        return out

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

    def counterparts(self, number: str, frm: str, to: str) -> list[str]:
        """Every rule of `to` that a rule of `frm` became or came from: one going forward, all the
        rules a merge joined going back (`translate` keeps the first). Empty when it has none."""
        number = str(number)
        if frm == to:
            return [number]
        if (frm, to) == (self.old, self.new):
            return [self.forward(number)] if self.forward(number) is not None else []
        return [e.old for e in self.entries.values() if e.new == number]

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


class Renumbering:
    """How a game running version `frm` cites, read in the numbering of version `to` (judge diff
    runs a scenario written in `to` numbers under `frm` and compares its checks through this).

    `self(rule)`: the numbers in `to` of a rule the game cited: through the map (every rule a
    merge joined), a marker of a rule only `to` has ("5.14.3 (1.9.0 only)") as that rule, and,
    when `to` is the newer version (the engine's own numbering, `Game.cite_map`'s keys), the
    engine citations the game's cite map turned into this rule (a rule the older version carried
    without a number of its own). `has(rule)`: whether a `to` rule has a counterpart `frm` could
    cite; a check naming one that has none compares the rest of what it says."""

    def __init__(self, rmap: RuleMap, frm: str, to: str, cite_map: dict | None = None):
        self.rmap, self.frm, self.to = rmap, frm, to
        self.inverse: dict[str, set] = {}
        if to == rmap.new:
            for engine, here in (cite_map or {}).items():
                self.inverse.setdefault(str(here), set()).add(str(engine))
        # engine rules the older version carries under a number of its own (not as a marker)
        self.carried = {n for here, names in self.inverse.items() if not only_in_parts(here) for n in names}

    def __call__(self, rule: str) -> set:
        marker = only_in_parts(rule)
        if marker:
            return {marker[0]} if marker[1] == self.to else {str(rule)}
        return set(self.rmap.counterparts(rule, self.frm, self.to)) | self.inverse.get(str(rule), set()) \
            or {str(rule)}

    def has(self, rule: str) -> bool:
        return bool(self.rmap.counterparts(rule, self.to, self.frm)) or str(rule) in self.carried

