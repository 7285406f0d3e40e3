"""Tally: a deliberately small game (rules/tally-rules-1.0-en.txt) that is a folder behind the ruleset
protocol (judge/core/ruleset.py, docs/architecture.md) and nothing else. It is registered through
JUDGE_GAMES (tests/games/tally/conftest.py), and judge runs it as it runs hololive: `judge run`,
`explain`, `coverage`, `selfplay`, YAML and Gherkin."""
from .ruleset import RULESET  # noqa: F401
