"""Issue 14: outside judge/games (and a game's own schema fragment), judge names no game's terms: the
kernel, the scenario language and runner, Gherkin, reports and commands are the same for every game."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOLOLIVE = re.compile(r"holomem|cheer|oshi|collab|bloom|holopower|hSD01|hBP01|hololive|\bcent(?:er|re)\b", re.I)
NEUTRAL = [*(ROOT / "judge").glob("*.py"), *(ROOT / "judge").glob("core/*.py"), *(ROOT / "judge").glob("scenario/*.py"),
           *(ROOT / "judge").glob("bdd/*.py"), *(ROOT / "judge").glob("report/*.py"),
           *(ROOT / "judge").glob("commands/*.py"), ROOT / "schemas" / "scenario.schema.json"]


def test_the_neutral_layers_name_no_game_term():
    found = {str(p.relative_to(ROOT)): sorted(set(m.lower() for m in HOLOLIVE.findall(p.read_text(encoding="utf-8"))))
             for p in NEUTRAL}
    assert {p: words for p, words in found.items() if words} == {}


def test_hololive_is_a_ruleset_of_the_protocol():
    from judge.core.ruleset import CardTools, Ruleset, SelfPlay
    from judge.games import ruleset
    rs = ruleset("hololive")
    assert isinstance(rs, Ruleset) and isinstance(rs.selfplay, SelfPlay) and isinstance(rs.cards, CardTools)
