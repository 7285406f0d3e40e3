"""The suite's standing game: the tests written before a second built-in game existed run commands
and untagged features without naming a game, which means hololive (JUDGE_GAME, judge/games). A
test of another game names it (--game, `game:`, @game:, its features folder)."""
import os

os.environ.setdefault("JUDGE_GAME", "hololive")
