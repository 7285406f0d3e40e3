"""Gherkin scenarios for judges, in English and Japanese (pytest-bdd).

A `.feature` file builds the same scenario model as a YAML file
(judge/bdd/builder.py) through its game's step library — the neutral steps of
judge/bdd/steps_*.py and the game's own, named by its ruleset's `step_modules`
(judge/bdd/registry.py) — and runs on the same engine. `load_feature(path)`
does it without pytest; judge/bdd/pytest_glue.py does it under pytest-bdd.
See docs/gherkin.md.
"""
from __future__ import annotations


def load_feature(path):
    """Every scenario of a .feature file as judge.scenario.model.Scenario objects."""
    from .load import load_feature as load
    return load(path)
