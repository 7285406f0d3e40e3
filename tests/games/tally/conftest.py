"""Registers Tally for this test session (JUDGE_GAMES: judge.games), before its scenarios are
collected. Nothing outside this folder names the game."""
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
_entry = f"tally={HERE}"
if _entry not in os.environ.get("JUDGE_GAMES", "").split(os.pathsep):
    os.environ["JUDGE_GAMES"] = os.pathsep.join(filter(None, [os.environ.get("JUDGE_GAMES"), _entry]))
