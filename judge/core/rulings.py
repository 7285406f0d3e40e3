"""A game's official rulings (its publisher's numbered Q&A or FAQ) as a test suite.

A game that has such a file gives its ruleset a `rulings` member (default: none), an
`OfficialRulings`: the key a scenario cites them under (`source: {qa: [Q194]}`), the publisher's file
(read at run time, for display only: no question or answer is kept in the project) and a facts file
built from it and kept in the game's folder: each ruling's number, date and the cards it names. The
facts are enough to check a scenario's citations and to tell which rulings are not written yet and
which cards block them; the question and answer are shown from the publisher's file when it is here.

    python -m judge.core.rulings GAME [--check]     # (re)build the game's facts file

Nothing here names a game's own terms.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable

from .errors import InputError, closest

# The keys of a structured `source:` that cite official rulings, one per kind a game may call its own
# (schemas/scenario.schema.json lists the same keys).
RULING_KEYS = ("qa", "faq")


@dataclass(frozen=True)
class Ruling:
    """One official ruling: its number as the publisher prints it, its date (of the latest revision),
    the card numbers it names; its question and answer ({language: text}) only when read from the
    publisher's file."""
    number: str
    date: str = ""
    cards: tuple[str, ...] = ()
    question: dict = field(default_factory=dict)
    answer: dict = field(default_factory=dict)


def _order(number: str):
    digits = re.findall(r"\d+", number)
    return (int(digits[0]) if digits else 0, number)


class OfficialRulings:
    """A game's official rulings file: `key` (how a scenario cites them), `title` (for people),
    `reference` (the publisher's file, absent on a machine without it), `facts` (the file of numbers,
    dates and cards built from it, in the game's folder) and `read(path)` (the publisher's file as
    `Ruling`s with their texts)."""

    def __init__(self, *, key: str, title: str, reference: Path, facts: Path,
                 read: Callable[[Path], Iterable[Ruling]], waivers: Path | None = None):
        if key not in RULING_KEYS:
            raise ValueError(f"a rulings key is one of {RULING_KEYS}, not {key!r}")
        self.key, self.title, self.reference, self.facts, self._read = key, title, reference, facts, read
        self.waivers = waivers

    @cached_property
    def waived(self) -> dict[str, str]:
        """Rulings with no behaviour a scenario can check (table conduct, the physical order of cards
        the rules never read), each with its reason: the game's waivers file, `NUMBER: reason`."""
        if self.waivers is None or not self.waivers.is_file():
            return {}
        import yaml
        data = yaml.safe_load(self.waivers.read_text(encoding="utf-8")) or {}
        for number, reason in data.items():
            if number not in self or not isinstance(reason, str) or not reason.strip():
                raise InputError(f"{self.title} waiver {number}: " + ("no such ruling" if number not in self
                                                                     else "give the reason"),
                                 file=str(self.waivers), expected="NUMBER: the reason no scenario can check it",
                                 suggestions=self.closest(str(number)) if number not in self else ())
        return dict(data)

    # ----------------------------------------------------------------- the facts
    @cached_property
    def _table(self) -> dict[str, Ruling]:
        data = json.loads(self.facts.read_text(encoding="utf-8"))["rulings"]
        return {n: Ruling(n, r.get("date", ""), tuple(r.get("cards") or ())) for n, r in data.items()}

    def numbers(self) -> list[str]:
        """Every ruling's number, in the publisher's order."""
        return sorted(self._table, key=_order)

    def __contains__(self, number) -> bool:
        return number in self._table

    def __len__(self) -> int:
        return len(self._table)

    def get(self, number: str) -> Ruling:
        """The facts of one ruling (no text); an InputError naming the closest numbers otherwise."""
        if number not in self._table:
            raise self.unknown(number)
        return self._table[number]

    def unknown(self, number: str) -> InputError:
        return InputError(f"{self.title} {number} is not in the game's rulings file ({self.reference.name})",
                          expected=f"a number of the {len(self)} {self.title} rulings, e.g. "
                                   + ", ".join(self.numbers()[:3]),
                          suggestions=self.closest(str(number)))

    def closest(self, number: str) -> list[str]:
        """The numbers nearest to `number`: the numerically nearest on each side, else the look-alikes."""
        numbers = self.numbers()
        digits = re.findall(r"\d+", number)
        if not digits:
            return closest(number, numbers)
        want = int(digits[0])
        below = [n for n in numbers if _order(n)[0] <= want]
        above = [n for n in numbers if _order(n)[0] >= want]
        return list(dict.fromkeys(([below[-1]] if below else []) + ([above[0]] if above else [])))

    # ------------------------------------------------- the publisher's file
    def text(self, number: str) -> Ruling:
        """One ruling with its question and answer, read from the publisher's file (display only)."""
        self.get(number)
        if not self.reference.is_file():
            raise InputError(f"the {self.title} file is not on this machine, so the question and answer of "
                             f"{number} cannot be shown", file=str(self.reference),
                             expected="the shared reference data beside the checkout (../shared)")
        for ruling in self._read(self.reference):
            if ruling.number == number:
                return ruling
        raise self.unknown(number)

    def build(self) -> str:
        """The facts file's text, from the publisher's file: numbers, dates, cards (no text)."""
        rulings = sorted(self._read(self.reference), key=lambda r: _order(r.number))
        lines = [f"  {json.dumps(r.number)}: {json.dumps({'date': r.date, 'cards': list(r.cards)}, ensure_ascii=False)}"
                 for r in rulings]
        head = ('{\n "source": ' + json.dumps(f"facts of {self.reference.name} (numbers, dates, cards named; no "
                                              f"question or answer text), built by python -m judge.core.rulings")
                + ',\n "rulings": {\n')
        return head + ",\n".join(lines) + "\n }\n}\n"


def cited(source) -> list[tuple[str, str]]:
    """(key, number) for each official ruling a scenario's `source` cites (none for free text)."""
    if not isinstance(source, dict):
        return []
    return [(key, str(n)) for key in RULING_KEYS for n in source.get(key) or ()]


def source_text(source) -> str:
    """A `source` as one line for people: free text as it is; the structured form as its citations
    and its text."""
    if not isinstance(source, dict):
        return source or ""
    parts = [f"{key} " + ", ".join(map(str, source[key])) for key in RULING_KEYS if source.get(key)]
    if source.get("text"):
        parts.append(str(source["text"]))
    return "; ".join(parts)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("-")]
    from ..games import games, ruleset
    for game in names or games():
        rulings = getattr(ruleset(game), "rulings", None)
        if rulings is None:
            continue
        text = rulings.build()
        if check:
            if not rulings.facts.is_file() or rulings.facts.read_text(encoding="utf-8") != text:
                print(f"{rulings.facts} is not current: python -m judge.core.rulings {game}")
                return 1
        else:
            rulings.facts.parent.mkdir(parents=True, exist_ok=True)
            rulings.facts.write_text(text, encoding="utf-8")
            print(f"wrote {rulings.facts} ({len(text.splitlines()) - 5} rulings)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
