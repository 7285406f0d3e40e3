"""The few exception classes of judge.

InputError is every kind of bad input (scenario, card, deck, CLI argument):
its message names the file, the line, the path inside the document, what was
expected and the closest valid spellings. The CLI prints it and exits 2.
"""
from __future__ import annotations

import difflib
from typing import Iterable, Sequence


def closest(word: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The closest valid spellings of `word` among `candidates`."""
    cands = [str(c) for c in candidates]
    found = difflib.get_close_matches(str(word), cands, n=n, cutoff=0.5)
    if not found:
        low = {c.lower(): c for c in cands}
        found = [low[m] for m in difflib.get_close_matches(str(word).lower(), list(low), n=n, cutoff=0.4)]
    return found


def format_path(path: Sequence) -> str:
    """A document path as a judge reads it: given.A.back[0].card."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class JudgeError(Exception):
    """Base class of every error judge raises on purpose."""


class InputError(JudgeError):
    """Bad input: where it is, what was expected, and the closest valid spellings."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 path: Sequence = (), expected: str | None = None,
                 suggestions: Sequence[str] = ()):
        self.message = message
        self.file = file
        self.line = line
        self.path = tuple(path)
        self.expected = expected
        self.suggestions = list(suggestions)
        super().__init__(str(self))

    def located(self, *, file: str | None = None, line: int | None = None,
                path: Sequence | None = None) -> "InputError":
        """The same error with its location filled in where it was missing."""
        return InputError(self.message, file=self.file or file,
                          line=self.line if self.line is not None else line,
                          path=self.path or tuple(path or ()), expected=self.expected,
                          suggestions=self.suggestions)

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        text = f"{where}: "
        if self.path:
            text += f"at {format_path(self.path)}: "
        text += self.message
        if self.expected:
            text += f"\n  expected: {self.expected}"
        if self.suggestions:
            text += "\n  did you mean: " + ", ".join(self.suggestions) + "?"
        return text


class IllegalAction(JudgeError):
    """An action the rules forbid; `rules` are the numbers of the rules it violates."""

    def __init__(self, action: str, rules: Sequence[str], reason: str = ""):
        self.action = action
        self.rules = tuple(rules)
        self.reason = reason
        super().__init__(f"{action} is illegal ({', '.join(self.rules)})" + (f": {reason}" if reason else ""))


class NotRunnable(JudgeError):
    """A scenario that needs something the engine declares unsupported."""


class NotInVersion(NotRunnable):
    """A scenario that uses a term the running rules version does not have (a later version added
    it). Under a version the scenario names it fails; under one it holds for only through `"*"`, or
    one it does not name (`judge diff`), it is *not applicable* there, with this reason.

    `rule` and `since` say which rule defines the term and in which version (`judge diff` groups the
    scenarios by them); `term` is the word of the scenario or card that uses it, when there is one."""

    def __init__(self, message: str, *, rule: str | None = None, since: str | None = None,
                 term: str | None = None):
        self.rule, self.since, self.term = rule, since, term
        super().__init__(message)

    def needs(self) -> dict:
        return {"rule": self.rule, "since": self.since, "term": self.term}


class InvariantViolation(JudgeError):
    """The state broke a rule that must always hold (card conservation, zone limits, privacy)."""
