"""Tally through every neutral layer with no code of its own outside this folder (issue 14): the
commands a judge uses (run, explain, coverage, selfplay, cards, rules), the scenario language and
its errors. The YAML scenarios here are also collected by judge's pytest plugin."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
ENV = {**os.environ, "JUDGE_GAMES": f"tally={HERE}", "JUDGE_PURE": os.environ.get("JUDGE_PURE", "")}


def judge(*args):
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args], capture_output=True, text=True, env=ENV,
                          cwd=ROOT, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_run_passes_every_scenario_and_cites_what_each_declares():
    code, out = judge("run", "--strict", str(HERE / "scenarios"))
    assert code == 0, out
    assert "5 passed, 0 failed" in out


def test_the_features_run_in_english_and_japanese_with_the_games_own_steps():
    code, out = judge("run", "--strict", str(HERE / "features"))
    assert code == 0 and "3 passed, 0 failed" in out, out


def test_explain_shows_the_board_and_the_rules_of_each_event():
    code, out = judge("explain", str(HERE / "scenarios" / "higher-card-scores.yaml"))
    assert code == 0, out
    assert "[5.4]  score(player=A)" in out and "A: 1 points" in out


def test_coverage_counts_the_games_own_rule_index():
    code, out = judge("coverage", "--game", "tally", "--json", str(HERE / "scenarios"))
    data = json.loads(out)
    assert code == 0 and data["game"] == "tally"
    assert data["summary"]["total"] == 23 and data["summary"]["covered"] >= 10
    assert data["summary"]["failing"] == 0


def test_selfplay_plays_whole_games_to_an_end():
    code, out = judge("selfplay", "--game", "tally", "--games", "50", "--seed", "3", "--jobs", "1", "--json")
    stats = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and stats["game"] == "tally" and stats["crashes"] == 0 and stats["violations"] == 0
    assert sum(stats["winners"].values()) == 50


def test_selfplay_counts_each_card_and_takes_a_policy_per_seat():
    """Issue 20: the per-card statistics and policies come from the game's SelfPlay (card_facts, played_facts,
    policies); "thrifty" (the lowest card that scores) beats random play."""
    code, out = judge("selfplay", "--game", "tally", "--games", "60", "--seed", "3", "--jobs", "1", "--json",
                      "--decks", "high,high", "--policy", "thrifty,random")
    stats = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and set(stats["card_stats"]) == {f"N{v}" for v in range(5, 10)}
    assert stats["card_stats"]["N9"]["facts"]["played"]["games"] > 0
    assert stats["pairings"][0]["win_rate"]["low"] > 0.5      # A goes first (5.1): random,random is about 55%
    code, out = judge("selfplay", "--game", "tally", "--games", "1", "--policy", "thrifty_")
    assert code == 2 and "thrifty" in out


def test_rules_and_cards_commands_take_the_game():
    code, out = judge("rules", "show", "--game", "tally", "5.3")
    assert code == 0 and "5.3.1" in out
    code, out = judge("cards", "show", "--game", "tally", "N7")
    assert code == 0 and "value 7" in out


def test_a_wrong_action_of_the_game_is_bad_input_with_the_closest_spelling(tmp_path):
    bad = (HERE / "scenarios" / "higher-card-scores.yaml").read_text().replace("- play:", "- plya:")
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    code, out = judge("run", str(path))
    assert code == 2 and "bad.yaml:10" in out and "plya" in out and "play" in out


def test_another_games_action_is_unknown_here(tmp_path):
    bad = (HERE / "scenarios" / "higher-card-scores.yaml").read_text().replace(
        "- play: {card: N7}", "- bloom: {holomem: A.center, with: N7}")
    path = tmp_path / "other.yaml"
    path.write_text(bad)
    code, out = judge("run", str(path))
    assert code == 2 and "bloom" in out


def test_nothing_outside_this_folder_names_the_game():
    """Only the registry may know a game, and this one is registered through JUDGE_GAMES: no code,
    schema, scenario or feature outside this folder names it (the docs may point at it)."""
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT).stdout.split()
    word = re.compile(r"(?<!\w)tally(?!\w)", re.I)
    code = (".py", ".json", ".yaml", ".yml", ".feature", ".toml", ".cfg", "Makefile")
    naming = [f for f in tracked if not f.startswith("tests/games/tally/") and f.endswith(code)
              and word.search((ROOT / f).read_text(encoding="utf-8", errors="ignore"))]
    assert naming == []


def test_tally_is_a_ruleset_of_the_protocol():
    from judge.core.ruleset import CardTools, Ruleset, SelfPlay
    from judge.games import ruleset
    rs = ruleset("tally")
    assert isinstance(rs, Ruleset) and isinstance(rs.selfplay, SelfPlay) and isinstance(rs.cards, CardTools)


def test_search_and_explain_legality_through_the_protocol():
    code, out = judge("rules", "search", "--game", "tally", "draw a card")
    assert code == 0 and out.startswith("1.0 1.3  A player who must draw a card"), out
    code, out = judge("cards", "find", "--game", "tally", "value 7")
    assert code == 0 and out.splitlines()[0].startswith("N7"), out
    code, out = judge("explain", str(HERE / "scenarios" / "one-card-a-turn.yaml"))
    assert code == 0 and "then[0]: play N4 — illegal (as expected)" in out, out
    assert "5.3.1  A card may be played only in the main step" in out


def test_a_ruling_page_of_a_game_with_no_layout_draws_its_board_lines(tmp_path):
    """The ruleset's `layout` is optional (judge.core.board.TextLayout): Tally gives none."""
    page = tmp_path / "ruling.html"
    code, out = judge("explain", str(HERE / "scenarios" / "higher-card-scores.yaml"), "--html", str(page))
    assert code == 0, out
    html = page.read_text(encoding="utf-8")
    assert '<pre class="text">' in html and "points; deck" in html and '<h3>when 1' in html
    assert 'href="#rule-' in html


def test_a_game_without_official_rulings_has_no_qa_status():
    """`rulings` is optional (default none): `judge qa` says so, exit 2."""
    code, out = judge("qa", "status", "--game", "tally")
    assert code == 2 and "tally has no official rulings file" in out and "Traceback" not in out


def test_citing_a_ruling_of_a_game_without_rulings_is_bad_input(tmp_path):
    text = (HERE / "scenarios" / "one-card-a-turn.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "cites.yaml"
    bad.write_text(text.replace("\nrefs:", "\nsource: {qa: [Q1]}\nrefs:", 1), encoding="utf-8")
    code, out = judge("run", str(bad))
    assert code == 2 and "tally has no official rulings file" in out and "source.qa" in out, out
