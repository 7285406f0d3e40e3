"""hololive OFFICIAL CARD GAME: the ruleset (comprehensive rules 1.9.0)."""
from .ruleset import RULESET  # noqa: F401
