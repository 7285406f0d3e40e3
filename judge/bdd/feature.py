"""Read a .feature file with the official Gherkin parser (gherkin-official, the parser
pytest-bdd uses) into what the step library needs: every scenario with its tags,
its `Rule:`, its steps (backgrounds first) and the line of everything.

Nothing here runs a step; judge/bdd/load.py and judge/bdd/pytest_glue.py do.
"""
from __future__ import annotations

import functools
import os
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from gherkin.dialect import Dialect
from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser

from ..core.errors import InputError, closest
from ..scenario.yamlload import read_user_text

KEYWORD_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}


@dataclass
class Tag:
    name: str          # without the @
    line: int


@dataclass
class StepInfo:
    keyword: str
    type: str          # given, when, then (And/But/* take the type of the step before)
    text: str
    line: int
    docstring: str | None = None
    docstring_line: int | None = None      # line of the doc string's first content line
    table: list[list[str]] | None = None
    table_lines: list[int] | None = None


@dataclass
class RuleInfo:
    name: str
    line: int
    tags: list[Tag]


@dataclass
class Examples:
    header: list[str]
    rows: list[list[str]]
    row_lines: list[int]


@dataclass
class ScenarioInfo:
    feature: "FeatureInfo"
    name: str
    line: int
    keyword: str
    description: str
    tags: list[Tag]
    rule: RuleInfo | None
    steps: list[StepInfo]
    examples: list[Examples] = field(default_factory=list)
    source: str | None = None
    source_line: int | None = None
    rulings: dict = field(default_factory=dict)     # {qa|faq: ([numbers], line)}: `Q&A: Q194, Q160` lines

    @property
    def outline(self) -> bool:
        return bool(self.examples)

    def all_tags(self) -> list[tuple[str, Tag]]:
        """(level, tag) for the feature's, the rule's and the scenario's tags, outermost first."""
        out = [("feature", t) for t in self.feature.tags]
        if self.rule is not None:
            out += [("rule", t) for t in self.rule.tags]
        out += [("scenario", t) for t in self.tags]
        return out

    def step_at(self, line: int) -> StepInfo | None:
        for s in self.steps:
            if s.line == line:
                return s
        return None


@dataclass
class FeatureInfo:
    path: str
    name: str
    language: str
    tags: list[Tag]
    scenarios: list[ScenarioInfo] = field(default_factory=list)

    def scenario_at(self, line: int) -> ScenarioInfo | None:
        for s in self.scenarios:
            if s.line == line:
                return s
        return None


def read_text(path) -> str:
    """A feature file's text, read like any user file (bounded, located errors)."""
    return read_user_text(path, kind=".feature")


def parse_feature(path) -> FeatureInfo:
    """Parse a feature file (cached by path and modification time)."""
    p = Path(path)
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        stamp = None
    return _parse_cached(os.fspath(path), stamp)


@functools.lru_cache(maxsize=256)
def _parse_cached(name: str, stamp) -> FeatureInfo:
    return parse_feature_text(read_text(name), name)


def parse_feature_text(text: str, file: str = "<string>") -> FeatureInfo:
    lines = text.splitlines()
    try:
        doc = Parser().parse(text)
    except (CompositeParserException, ParserException) as e:
        first = e.errors[0] if isinstance(e, CompositeParserException) else e
        line = _error_line(first)
        raise _colon_missing(lines, line, file, _language(text)) or InputError(
            f"invalid Gherkin: {_gherkin_message(first)}", file=file, line=line) from None
    feat = doc.get("feature")
    if not feat:
        raise InputError("the file has no `Feature:` (機能:)", file=file, line=1)
    _check_descriptions(feat, lines, file)
    info = FeatureInfo(file, feat["name"], feat["language"], _tags(feat["tags"]))
    background: list[StepInfo] = []
    for child in feat["children"]:
        if "background" in child:
            background = _steps(child["background"]["steps"], file)
        elif "rule" in child:
            r = child["rule"]
            rule = RuleInfo(r["name"].strip(), r["location"]["line"], _tags(r["tags"]))
            rule_bg: list[StepInfo] = []
            for sub in r["children"]:
                if "background" in sub:
                    rule_bg = _steps(sub["background"]["steps"], file)
                elif "scenario" in sub:
                    info.scenarios.append(_scenario(info, sub["scenario"], rule, background + rule_bg, file,
                                                    lines))
        elif "scenario" in child:
            info.scenarios.append(_scenario(info, child["scenario"], None, background, file, lines))
    if not info.scenarios:
        raise InputError("the feature has no scenario: nothing would be checked", file=file,
                         line=feat["location"]["line"],
                         expected="at least one `Scenario:` (シナリオ:) with its steps")
    seen: dict[str, int] = {}
    for s in info.scenarios:
        if s.name in seen:
            raise InputError(f"two scenarios are named {s.name!r} (lines {seen[s.name]} and {s.line}); "
                             "pytest-bdd tells scenarios apart by name: give each its own",
                             file=file, line=s.line)
        seen[s.name] = s.line
    return info


def _language(text) -> str:
    m = re.match(r"\s*#\s*language\s*:\s*(\S+)", text)
    return m.group(1) if m else "en"


def _headers(dialect) -> list[str]:
    """The keywords of a dialect that need a colon, longest first."""
    return _longest_first(dialect.feature_keywords, dialect.rule_keywords, dialect.background_keywords,
                          dialect.scenario_keywords, dialect.scenario_outline_keywords, dialect.examples_keywords)


def _colon_missing(lines, line, file, language, swallowed=False) -> InputError | None:
    """The error for a line that starts with a keyword needing a colon but has none right after it."""
    dialect = Dialect.for_name(language) if line else None
    if dialect is None or not 1 <= line <= len(lines):
        return None
    text = lines[line - 1].strip()
    keyword, rest = _keyword(text, _headers(dialect))
    if keyword is None or not (rest[:1] in ("", "：") or rest[:1].isspace()):
        return None
    why = "; Gherkin reads it as description text and skips the steps after it" if swallowed else ""
    return InputError(f"'{text}' looks like a `{keyword}:` line without its colon{why}",
                      file=file, line=line, expected=f"`{keyword}: ...` (an ASCII colon right after the keyword)")


def _check_descriptions(feat, lines, file) -> None:
    """Gherkin reads any line it does not recognise as free description text, so `Scenario no colon`
    and the steps after it become the feature's description and the scenario is silently dropped.
    In a description, a line that starts with a keyword needing a colon (Feature, Rule, Background,
    Scenario, Scenario Outline, Examples, in the file's language) is an error at its line when its
    colon is misplaced (`Scenario : x`, a full-width `：`), or when steps follow it in the same
    description (what was swallowed); prose such as `Rule 8.3.1 says ...` stays prose."""
    dialect = Dialect.for_name(feat["language"])
    headers = _headers(dialect)
    steps = _longest_first(dialect.given_keywords, dialect.when_keywords, dialect.then_keywords,
                           dialect.and_keywords, dialect.but_keywords)
    for owner in _described(feat):
        described = _description_lines(owner, lines)
        for n, (line, text) in enumerate(described):
            keyword, rest = _keyword(text, headers)
            misplaced = keyword is not None and rest.lstrip()[:1] in (":", "：")
            swallowed = keyword is not None and any(_keyword(later, steps)[0] for _, later in described[n + 1:])
            error = (misplaced or swallowed) and _colon_missing(lines, line, file, feat["language"], swallowed)
            if error:
                raise error


def _longest_first(*groups) -> list[str]:
    return sorted({k for ks in groups for k in ks}, key=len, reverse=True)


def _description_lines(owner, lines) -> list[tuple[int, str]]:
    """(line number, stripped text) of each non-empty line of a node's description."""
    out, cursor = [], owner["location"]["line"]        # the description follows its keyword line
    for text in (owner.get("description") or "").splitlines():
        wanted = text.strip()
        if not wanted:
            continue
        while cursor < len(lines) and lines[cursor].strip() != wanted:
            cursor += 1
        out.append((cursor + 1, wanted))
    return out


def _keyword(text, keywords) -> tuple[str | None, str]:
    """The keyword `text` starts with (the longest), and the rest of the line."""
    for keyword in keywords:
        if text.startswith(keyword):
            return keyword.strip(), text[len(keyword):]
    return None, text


def _described(node):
    """A node of the Gherkin document and every part under it that has a description: rules,
    backgrounds, scenarios, examples."""
    yield node
    for child in node.get("children") or ():
        for part in child.values():
            yield from _described(part)
    yield from node.get("examples") or ()


def _gherkin_message(e) -> str:
    msg = str(e)
    return re.sub(r"^\(\d+:\d+\):\s*", "", msg)


def _error_line(e):
    loc = getattr(e, "location", None) or {}
    return loc.get("line") if isinstance(loc, dict) else None


def _tags(tags) -> list[Tag]:
    return [Tag(t["name"].lstrip("@"), t["location"]["line"]) for t in tags]


def _steps(steps, file) -> list[StepInfo]:
    out: list[StepInfo] = []
    current = None
    for s in steps:
        kind = KEYWORD_TYPES.get(s["keywordType"], current)
        if kind is None:
            raise InputError(f"the first step must start with Given, When or Then (前提, もし, ならば), "
                             f"not {s['keyword'].strip()!r}", file=file, line=s["location"]["line"])
        current = kind
        step = StepInfo(s["keyword"].strip(), kind, s["text"].strip(), s["location"]["line"])
        if s.get("docString"):
            ds = s["docString"]
            step.docstring = textwrap.dedent(ds["content"])
            step.docstring_line = ds["location"]["line"] + 1
        if s.get("dataTable"):
            rows = s["dataTable"]["rows"]
            step.table = [[c["value"] for c in r["cells"]] for r in rows]
            step.table_lines = [r["location"]["line"] for r in rows]
        out.append(step)
    return out


_SOURCE = re.compile(r"^\s*(?:source|出典)\s*[:：]\s*(.+?)\s*$", re.I)
# `Q&A: Q194, Q160` (or `FAQ: ...`): the official rulings the scenario holds, as `source: {qa: [...]}`
_RULINGS = re.compile(r"^\s*(Q&A|QA|FAQ)\s*[:：]\s*(.+?)\s*$", re.I)


def _scenario(info, s, rule, background, file, lines) -> ScenarioInfo:
    steps = _steps(s["steps"], file)
    sc = ScenarioInfo(info, s["name"].strip(), s["location"]["line"], s["keyword"],
                      textwrap.dedent(s.get("description") or "").strip(), _tags(s["tags"]), rule,
                      background + steps)
    first_step = steps[0].line if steps else len(lines) + 1
    for n in range(sc.line, min(first_step - 1, len(lines))):      # the description's lines
        m = _SOURCE.match(lines[n])
        if m and sc.source is None:
            sc.source, sc.source_line = m.group(1), n + 1
        m = _RULINGS.match(lines[n])
        if m:
            key = "faq" if m.group(1).lower() == "faq" else "qa"
            sc.rulings[key] = ([x for x in re.split(r"[\s,、，]+", m.group(2)) if x], n + 1)
    for ex in s.get("examples") or []:
        line = ex["location"]["line"]
        if not ex.get("tableHeader") or not ex.get("tableBody"):
            missing = "a table" if not ex.get("tableHeader") else "rows"
            raise InputError(f"`{ex['keyword'].strip()}:` without {missing}: the outline would run no scenario", file=file, line=line,
                             expected="a table: a header row of names, then one row per scenario")
        header = [c["value"] for c in ex["tableHeader"]["cells"]]
        body = ex["tableBody"]
        _check_placeholders(sc, header, file, line)
        sc.examples.append(Examples(header, [[c["value"] for c in r["cells"]] for r in body],
                                    [r["location"]["line"] for r in body]))
    return sc


PLACEHOLDER = re.compile(r"<([^<>]+)>")      # an outline's <name>, filled from Examples


def _check_placeholders(sc: ScenarioInfo, header, file, line) -> None:
    """Every `<name>` of an outline's steps is a column of each of its Examples tables."""
    for step in sc.steps:
        texts = [step.text, step.docstring or ""] + [c for row in step.table or () for c in row]
        for name in (m for t in texts for m in PLACEHOLDER.findall(t)):
            if name not in header:
                raise InputError(f"<{name}> is not a column of the Examples table at line {line}", file=file,
                                 line=step.line, expected="one of: " + ", ".join(f"<{h}>" for h in header),
                                 suggestions=[f"<{c}>" for c in closest(name, header)])
