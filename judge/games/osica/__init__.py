"""OSICA (issue 17): its detailed rules as a rule index whose statement identifiers the project
assigns (rules/, docs/osica-rules.md), the rules the page leaves unstated as cited assumptions
(assumptions.yaml, docs/osica.md), and the engine on the game-neutral ruleset protocol."""
from .ruleset import RULESET

__all__ = ["RULESET"]
