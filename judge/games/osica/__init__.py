"""OSICA (issue 17). So far: its detailed rules as a rule index whose statement identifiers the
project assigns (rules/, docs/osica-rules.md); the ruleset comes on the game-neutral protocol."""
