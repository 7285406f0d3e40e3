"""The Love Live! Series Official Card Game (issue 16): its comprehensive rules 1.06 as a rule index
(rules/), and the game on the game-neutral protocol (ruleset.py; docs/architecture.md)."""
from .ruleset import RULESET  # noqa: F401
