"""Love Live! (issue 16) through the neutral layers: its scenarios, self-play with the start decks,
the heart arithmetic of 2.11.3 / 8.3.15, the victory of 1.2.1 and the card facts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from judge.games import ruleset
from judge.games.lovelive import hearts, processes
from judge.games.lovelive.cards import REFERENCE, build, FACTS

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "JUDGE_PURE": os.environ.get("JUDGE_PURE", "")}


def judge(*args):
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args], capture_output=True, text=True, env=ENV,
                          cwd=ROOT, timeout=300)
    return done.returncode, done.stdout + done.stderr


def test_every_scenario_passes_and_cites_what_it_declares():
    code, out = judge("run", "--strict", "scenarios/lovelive")
    assert code == 0, out
    assert " 0 failed" in out


def test_selfplay_ends_every_game_with_the_invariant_checks_on():
    code, out = judge("selfplay", "--game", "lovelive", "--games", "40", "--seed", "7", "--jobs", "1", "--json")
    stats = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and stats["crashes"] == 0 and stats["violations"] == 0, out
    assert sum(stats["winners"].values()) == 40


def test_a_start_deck_with_incomplete_facts_is_refused_by_name():
    code, out = judge("selfplay", "--game", "lovelive", "--decks", "muse,nijigasaki", "--games", "1")
    assert code == 2 and "PL!-sd1-008-SD" in out and "blade" in out, out


@pytest.mark.parametrize("owned, required, ok", [
    ({"pink": 2}, {"pink": 2}, True),
    ({"pink": 1}, {"pink": 2}, False),
    ({"pink": 1, "all": 1}, {"pink": 2}, True),                      # 8.3.15.1.1
    ({"yellow": 1, "green": 1, "blue": 1}, {"any": 3}, True),        # 2.1.1.2
    ({"yellow": 1, "green": 1}, {"any": 3}, False),                  # 2.11.3 the total
    ({"pink": 1, "all": 1}, {"pink": 1, "red": 1, "any": 1}, False),  # the ALL heart is used once
    ({"pink": 2, "red": 1}, {"pink": 1, "any": 2}, True),
])
def test_required_hearts_are_met_as_2_11_3_says(owned, required, ok):
    assert hearts.meets(Counter(owned), Counter(required)) is ok


def _game_with_success(a: int, b: int):
    rs = ruleset("lovelive")
    from judge.games.lovelive.engine import LoveLiveGame
    db = rs.card_db({"L": {"type": "live", "score": 1, "required": {"any": 1}}})
    game = LoveLiveGame(db)
    for p, n in (("A", a), ("B", b)):
        for _ in range(n):
            game.new_card(db.get("L"), p, "success")
    return game


@pytest.mark.parametrize("a, b, winner", [(3, 2, "A"), (1, 3, "B"), (3, 3, "draw")])
def test_three_success_lives_win_and_both_at_once_draw(a, b, winner):
    game = _game_with_success(a, b)
    game.start(game.check_timing(("8.4.9",)))
    assert game.result["winner"] == winner
    assert ("1.2.1.2" if winner == "draw" else "1.2.1.1") in game.result["rules"]


def test_two_success_lives_are_not_a_win():
    game = _game_with_success(2, 2)
    assert processes.winners(game) == []


def test_the_card_facts_are_built_from_the_reference():
    if not REFERENCE.is_file():
        pytest.skip("the reference card list is not next to the project")
    assert FACTS.read_text(encoding="utf-8") == build(REFERENCE)


def test_the_facts_hold_no_card_text():
    data = json.loads(FACTS.read_text(encoding="utf-8"))["cards"]
    assert all(not ({"text", "text_jp", "text_en"} & set(r)) for r in data.values())


def test_a_scenario_with_a_card_whose_abilities_are_not_run_is_not_runnable(tmp_path):
    src = (ROOT / "scenarios/lovelive/09-play/a-member-is-played-by-paying-its-cost-in-energy.yaml").read_text()
    path = tmp_path / "ability.yaml"
    path.write_text(src.replace("PL!N-bp3-016-N", "PL!N-bp1-001-R"))     # abilities, no encoding
    code, out = judge("run", str(path))
    assert "not runnable" in out and "PL!N-bp1-001-R" in out, out


def test_a_wrong_area_is_bad_input(tmp_path):
    src = (ROOT / "scenarios/lovelive/09-play/a-member-is-played-by-paying-its-cost-in-energy.yaml").read_text()
    path = tmp_path / "bad.yaml"
    path.write_text(src.replace("area: center}", "area: centre}"))
    code, out = judge("run", str(path))
    assert code == 2 and "centre" in out, out


def test_lovelive_is_a_ruleset_of_the_protocol():
    from judge.core.ruleset import CardTools, Ruleset, SelfPlay
    rs = ruleset("lovelive")
    assert isinstance(rs, Ruleset) and isinstance(rs.selfplay, SelfPlay) and isinstance(rs.cards, CardTools)


def test_the_game_is_composed_not_a_mixin_tower():
    from judge.core.game import Game
    from judge.games.lovelive.engine import LoveLiveGame
    assert LoveLiveGame.__mro__[1] is Game and len(LoveLiveGame.__mro__) == 3
