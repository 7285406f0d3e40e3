"""hololive's Gherkin step library: its parameter types (types.py), board steps, actions and
set-up answers, and checks; the neutral steps of judge/bdd come first (judge/bdd/registry.py).
The ruleset names these modules in `step_modules`."""
