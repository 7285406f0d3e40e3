"""The numbered rules of one version of a game's rule document.

A RuleIndex is data: a list of rules ("10.6.3.2" and its text) built once from
the rule document by a game-specific builder and stored as JSON. It answers
the questions the engine, the coverage report and the CLI ask about rule
numbers: does this number exist, what does it say, what is under it, and
which valid number did the user mean when it does not exist.

A rule's number is its identifier: the document's own ("10.6.3.2") or, for a
document without numbers, one the project assigns ("kw.appeal.2"); either way
its parent is the identifier without its last part. A rule may carry the lines
of the document it came from and notes for the judge who reads it (an erratum
applied to its text, a gap of the document); an alias is a second identifier of
a rule (the same statement printed twice in the document).
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator


def sort_key(number: str) -> tuple[int, ...]:
    """Numeric order of a rule number: "10.2" < "10.10" (string order gets this wrong).
    Numbered documents only; an index keeps every document's own order (`RuleIndex.position`)."""
    return tuple(int(part) for part in number.split("."))


def parent_of(number: str) -> str | None:
    """"10.6.3" for "10.6.3.2"; None for a top-level section."""
    head, dot, _ = number.rpartition(".")
    return head if dot else None


@dataclass(frozen=True)
class Rule:
    number: str          # "10.6.3.2"
    text: str            # full text (for headings: the title)
    parent: str | None   # "10.6.3"; None for top-level sections
    title: bool          # True for section headings ("10.6 <title>"), False for rules
    lines: tuple[int, ...] = ()   # lines of the source document holding its text, when recorded
    notes: tuple[str, ...] = ()   # for the judge: errata applied to the text, gaps of the document

    @property
    def depth(self) -> int:
        """1 for "10", 4 for "10.6.3.2"."""
        return self.number.count(".") + 1


class RuleIndex:
    """Every numbered rule of one rule document, in document order, with O(1) lookups."""

    def __init__(self, game: str, version: str, language: str, rules: Iterable[Rule],
                 source: str | None = None, aliases: dict[str, str] | None = None):
        self.game = game
        self.version = version
        self.language = language
        self.source = source
        # A dict keeps insertion (= document) order and gives O(1) membership and lookup.
        self._rules: dict[str, Rule] = {}
        self._children: dict[str | None, list[Rule]] = {}
        for rule in rules:
            if rule.number in self._rules:
                raise ValueError(f"duplicate rule number {rule.number}")
            self._rules[rule.number] = rule
            self._children.setdefault(rule.parent, []).append(rule)
        self._position = {number: i for i, number in enumerate(self._rules)}
        # An alias names a rule, never another alias, and is no rule itself: a statement the
        # document prints twice is one rule (coverage counts it once) with two identifiers.
        self.aliases: dict[str, str] = dict(aliases or {})
        for alias, number in self.aliases.items():
            if alias in self._rules or number not in self._rules:
                raise ValueError(f"alias {alias} -> {number}: an alias must be no rule and name one")

    @classmethod
    def load(cls, path) -> "RuleIndex":
        """Read the JSON written by a game's rule builder."""
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        rules = (Rule(r["number"], r["text"], r["parent"], bool(r["title"]),
                      tuple(r.get("lines", ())), tuple(r.get("notes", ()))) for r in data["rules"])
        return cls(data["game"], data["version"], data["language"], rules, source=data.get("source"),
                   aliases=data.get("aliases"))

    def __repr__(self) -> str:
        return f"<RuleIndex {self.game} {self.version} ({self.language}): {len(self)} rules>"

    def __contains__(self, number: object) -> bool:
        return number in self._rules

    def __len__(self) -> int:
        return len(self._rules)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def get(self, number: str) -> Rule:
        """The rule numbered `number`; KeyError when there is none."""
        return self._rules[number]

    def resolve(self, number: str) -> str:
        """The rule an identifier names: itself, or the rule an alias stands for."""
        return self.aliases.get(number, number)

    def position(self, number: str) -> int:
        """Where the rule is in the document (0 for the first)."""
        return self._position[number]

    def children(self, number: str | None) -> list[Rule]:
        """Direct children in document order; children(None) are the top-level sections."""
        if number is not None and number not in self._rules:
            raise KeyError(number)
        return list(self._children.get(number, ()))

    def descendants(self, number: str) -> list[Rule]:
        """Every rule below `number`, depth first, which is document order."""
        out: list[Rule] = []
        stack = list(reversed(self.children(number)))
        while stack:
            rule = stack.pop()
            out.append(rule)
            stack.extend(reversed(self._children.get(rule.number, ())))
        return out

    def ancestors(self, number: str) -> list[Rule]:
        """The rules above `number`, outermost first ("10", "10.6", "10.6.3" for "10.6.3.2")."""
        out: list[Rule] = []
        parent = self.get(number).parent
        while parent is not None:
            rule = self._rules[parent]
            out.append(rule)
            parent = rule.parent
        out.reverse()
        return out

    def section(self, number: str) -> str:
        """The top-level section of a rule: "10" for "10.6.3.2"."""
        if number not in self._rules:
            raise KeyError(number)
        return number.partition(".")[0]

    def closest(self, number: str, n: int = 3) -> list[str]:
        """The valid numbers a user most likely meant by `number` (for "did you mean").

        A typo is usually in the last component ("10.6.33" for "10.6.3"), so the
        siblings under the deepest valid ancestor of the typo are preferred, and
        that ancestor itself is always offered second: it is never wrong, only
        less precise.
        """
        number = str(number).strip().strip(".")
        if number in self._rules:
            return [number]
        parts = number.split(".")
        anchor = None  # deepest existing ancestor of the typo
        for k in range(len(parts) - 1, 0, -1):
            if ".".join(parts[:k]) in self._rules:
                anchor = ".".join(parts[:k])
                break
        last = _to_int(parts[-1])

        def rank(rule: Rule):
            score = difflib.SequenceMatcher(None, number, rule.number).ratio()
            sibling = rule.parent == anchor and rule.depth == len(parts)
            if sibling:
                score += 0.5
            # Among equally similar siblings, the numerically nearest wins ("10.6.33" -> .3, .4, ...).
            distance = abs(_to_int(rule.number.rsplit(".", 1)[-1]) - last) if sibling else 0
            # Document order breaks ties: it is numeric order in a numbered document, and it
            # also orders identifiers that are not numbers ("kw.appeal.2").
            return (-score, distance, self._position[rule.number])

        ranked = [r.number for r in sorted(self._rules.values(), key=rank)]
        out = ranked[:1]
        if anchor is not None and anchor not in out:
            out.append(anchor)
        out += [c for c in ranked if c not in out]
        return out[:n]


class RuleDocuments:
    """The versions of one game's rule document, in a folder: <version>.json (the rule index
    of each, loaded once) and map-<older>-<newer>.yaml (how the rules of one version became
    those of the next; see judge/core/rulemap.py)."""

    def __init__(self, game: str, folder: Path, versions: tuple[str, ...]):
        self.game, self.folder, self.versions = game, Path(folder), tuple(versions)
        self.latest = self.versions[-1]

    def _known(self, version: str) -> str:
        from .errors import InputError, closest
        if version not in self.versions:
            raise InputError(f"unknown {self.game} rules version '{version}'",
                             expected="one of: " + ", ".join(self.versions),
                             suggestions=closest(version, self.versions))
        return version

    def index(self, version: str | None = None) -> RuleIndex:
        """The rule index of a version (the newest when None)."""
        version = self._known(self.latest if version is None else str(version))
        return _load_index(self.folder / f"{version}.json")

    def rule_map(self, a: str, b: str):
        """The map between two versions, whichever order they are given in (it translates both ways)."""
        from .errors import InputError
        for v in (a, b):
            self._known(v)
        old, new = sorted((a, b), key=self.versions.index)
        path = self.folder / f"map-{old}-{new}.yaml"
        if not path.exists():
            raise InputError(f"no rule map between {self.game} {old} and {new}", file=str(path))
        return _load_map(path).completed(self.index(old), self.index(new))


@lru_cache(maxsize=None)
def _load_index(path: Path) -> RuleIndex:
    return RuleIndex.load(path)


@lru_cache(maxsize=None)
def _load_map(path: Path):
    from .rulemap import RuleMap
    return RuleMap.load(path)


def _to_int(text: str) -> int:
    """The number in a (possibly mistyped) rule number component; 0 when there is none."""
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0
