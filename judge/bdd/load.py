"""Load a .feature file into Scenarios without pytest (for `judge run`, `judge explain`).

The file is parsed by the official Gherkin parser (gherkin-official, the one
pytest-bdd uses); every step is matched against the step library of the
scenario's game (its `@game:` tag, or the only registered game) exactly as
pytest-bdd matches it (the same regular expressions and converters) and run
against a Builder; the result goes through `scenario_from_document`, like a
YAML file. A Scenario Outline gives one Scenario per row of its Examples.
"""
from __future__ import annotations

import os

from ..core.errors import InputError
from ..scenario.model import Scenario
from .builder import Builder
from .context import execute
from .feature import PLACEHOLDER, ScenarioInfo, StepInfo, parse_feature


def load_feature(path) -> list[Scenario]:
    """Every scenario of a feature file, built and checked (InputError on bad input)."""
    return [b.scenario() for b in build_feature(path)]


def build_feature(path) -> list[Builder]:
    """The builders of every scenario (outline rows included), steps already run."""
    info = parse_feature(path)
    out = []
    for sc in info.scenarios:
        for title, steps in instances(sc):
            out.append(build_scenario(sc, title, steps, os.fspath(path)))
    return out


def instances(sc: ScenarioInfo):
    """(title, steps) for a scenario, or for each Examples row of an outline."""
    if not sc.examples:
        yield sc.name, sc.steps
        return
    for ex in sc.examples:
        for row in ex.rows:
            values = dict(zip(ex.header, row))
            yield _render(sc.name, values), [_render_step(s, values) for s in sc.steps]


def _render(text, values):
    if text is None:
        return None
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _render_step(s: StepInfo, values) -> StepInfo:
    return StepInfo(s.keyword, s.type, _render(s.text, values), s.line, _render(s.docstring, values),
                    s.docstring_line,
                    [[_render(c, values) for c in row] for row in s.table] if s.table is not None else None,
                    s.table_lines)


def build_scenario(sc: ScenarioInfo, title: str, steps, file: str) -> Builder:
    b = Builder(sc, title=title, file=file)         # knows the game, so its steps, before any match
    for step in steps:
        try:
            match = b.library.find(step.type, step.text, file=file, line=step.line)
            execute(b, match.step, match.params, step, line=step.line, text=step.text,
                    docstring=step.docstring, table=step.table)
        except InputError as e:
            raise e.located(file=file, line=step.line) from None
    return b
