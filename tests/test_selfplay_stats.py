"""Issue 20: per-card statistics, deck pairings with intervals, the heuristic policy and the report page."""
from __future__ import annotations

import base64
import json
import math
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.games import ruleset
from judge.games.hololive.cards import builtin
from judge.games.hololive.selfplay import play_game, starter_decks
from judge.report.selfplay_stats import GameFacts, card_summary, count_game, rate

ROOT = Path(__file__).resolve().parents[1]
DESIGNER = ROOT / "examples" / "designer-cards.yaml"


def selfplay(*args):
    r = CliRunner().invoke(main, ["selfplay", *args])
    return r.exit_code, r.output


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_every_card_of_the_decks_has_a_row_and_the_counts_add_up():
    code, out = selfplay("--games", "40", "--seed", "7", "--jobs", "1", "--json")
    assert code == 0, out
    stats = last_json(out)
    decks = starter_decks()
    numbers = {n for d in decks for n in [d["oshi"], *d["deck"], *d["cheer_deck"]]}
    assert set(stats["card_stats"]) == numbers
    for number, c in stats["card_stats"].items():
        assert 0 <= c["played"] <= c["deck_games"] and c["drawn"] <= c["deck_games"]
        won = (c["win_rate_played"] or {"wins": 0})["wins"] + (c["win_rate_not_played"] or {"wins": 0})["wins"]
        assert won <= c["deck_games"]
    # both decks hold hSD01-008 (a Debut): each game counts it once per side
    assert stats["card_stats"]["hSD01-008"]["deck_games"] == 80
    facts = stats["card_stats"]["hSD01-008"]["facts"]
    assert facts["placed"]["games"] > 0 and facts["art: You Did Great, Good Job!"]["games"] > 0
    assert facts["damage"]["total"] >= 20 * facts["art: You Did Great, Good Job!"]["total"]   # 20 printed
    assert stats["card_stats"]["hSD01-001"]["facts"]["skill: Replacement"]["games"] > 0    # an oshi skill


def test_totals_and_statistics_do_not_depend_on_jobs():
    runs = [last_json(selfplay("--games", "12", "--seed", "3", "--jobs", jobs, "--json")[1]) for jobs in ("1", "2")]
    for key in ("winners", "actions", "turns", "card_stats", "pairings"):
        assert runs[0][key] == runs[1][key], key


def test_a_designer_card_inline_in_a_scenario_shows_its_own_row(tmp_path):
    scenario = tmp_path / "new-card.yaml"
    scenario.write_text(yaml.safe_dump({
        "scenario": "a new Debut", "game": "hololive", "rules": "1.9.0", "refs": ["8.2.1"],
        "cards": {"NEW-001": {"type": "holomem", "name": "New Face", "bloom_level": "debut", "colors": ["white"],
                              "hp": 100, "baton_pass": ["any"],
                              "arts": [{"name": "Hello", "cost": ["any"], "damage": 30}]}},
        "given": {}, "then": []}), encoding="utf-8")
    sora = yaml.safe_load((ROOT / "judge/games/hololive/decks/hSD01-sora.yaml").read_text(encoding="utf-8"))
    sora["deck"]["hSD01-003"] = 0          # four New Face in place of four hSD01-003
    sora["deck"] = {n: k for n, k in sora["deck"].items() if k} | {"NEW-001": 4}
    deck = tmp_path / "with-new.yaml"
    deck.write_text(yaml.safe_dump(sora), encoding="utf-8")
    code, out = selfplay("--cards", str(scenario), "--decks", f"{deck},hSD01-azki", "--games", "30", "--seed", "1",
                         "--jobs", "1", "--json")
    assert code == 0, out
    row = last_json(out)["card_stats"]["NEW-001"]
    assert row["deck_games"] == 30 and row["facts"]["placed"]["games"] > 0 and row["facts"]["art: Hello"]["games"] > 0
    assert "hSD01-003" in last_json(out)["card_stats"]          # still in the other deck


def test_designer_cards_of_random_decks_have_rows():
    code, out = selfplay("--random-decks", "--cards", str(DESIGNER), "--games", "6", "--seed", "4", "--jobs", "1",
                         "--json")
    stats = last_json(out)
    assert code == 0 and {"DESIGN-001", "DESIGN-002", "DESIGN-003"} <= set(stats["card_stats"])
    assert stats["card_stats"]["DESIGN-001"]["deck_games"] == 12        # four in every deck, both sides


def test_wilson_interval_is_scipys():
    r = rate(54, 100)
    z = 1.959963984540054            # an independent check of the library's answer (Wilson, 1927)
    p, n = 0.54, 100
    centre, half = (p + z * z / (2 * n)), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert r["low"] == pytest.approx((centre - half) / (1 + z * z / n), abs=1e-4)
    assert r["high"] == pytest.approx((centre + half) / (1 + z * z / n), abs=1e-4)
    assert rate(0, 0) is None


class _Card:
    def __init__(self, number, owner):
        self.number, self.owner = number, owner


class _Game:
    def __init__(self, cards):
        self.cards = dict(enumerate(cards))


def test_played_and_not_played_are_counted_per_side():
    cards = {}
    game = _Game([_Card("X", "A"), _Card("X", "A"), _Card("Y", "B"), _Card("X", "B")])
    count_game(cards, game, {("A", "X", "placed"): 2, ("A", "X", "damage"): 30, ("B", "Y", "drawn"): 1},
               "A", frozenset({"placed"}))
    count_game(cards, game, {}, "B", frozenset({"placed"}))
    assert cards["X"]["decks"] == 4 and cards["X"]["played"] == 1 and cards["X"]["played_wins"] == 1
    assert cards["X"]["wins"] == 2 and cards["Y"]["played"] == 0
    assert cards["X"]["facts"]["damage"] == {"games": 1, "total": 30}
    summary = card_summary(cards)["X"]
    assert summary["win_rate_played"]["games"] == 1 and summary["win_rate_not_played"]["games"] == 3
    assert summary["win_rate_not_played"]["wins"] == 1 and summary["p_value"] is not None


def test_watching_a_game_does_not_change_it():
    sp = ruleset("hololive").selfplay
    facts = GameFacts(sp.card_facts)
    watched, n1 = play_game(starter_decks(), 11, record=True, watch=facts.see)
    plain, n2 = play_game(starter_decks(), 11, record=True)
    assert n1 == n2 and [e.kind for e in watched.trace] == [e.kind for e in plain.trace] and facts.facts
    fast = GameFacts(sp.card_facts)          # unrecorded, unchecked: the events it skips are built for a watcher
    unwatched, n3 = play_game(starter_decks(), 11)
    quick, n4 = play_game(starter_decks(), 11, watch=fast.see)
    assert n3 == n4 == n1 and quick.result == unwatched.result == plain.result and fast.facts == facts.facts


def test_card_statistics_are_the_same_with_checks_on_and_off():
    """A support's use and an oshi skill are events an unchecked game skips unless watched."""
    on, off = (last_json(selfplay("--games", "10", "--seed", "1", "--jobs", "1", "--json", check)[1])["card_stats"]
               for check in ("--check", "--no-check"))
    assert on == off and on["hSD01-016"]["facts"]["used"]["games"] > 0
    assert any(f.startswith("skill: ") for f in on["hSD01-001"]["facts"])


def test_pairings_round_robin_and_against():
    code, out = selfplay("--decks", "hSD01-sora", "--against", "hSD01-azki,hSD01-sora", "--games", "8", "--jobs", "1",
                         "--json", "--no-card-stats")
    stats = last_json(out)
    assert code == 0 and [p["decks"] for p in stats["pairings"]] == [["hSD01-sora", "hSD01-azki"],
                                                                     ["hSD01-sora", "hSD01-sora"]]
    assert stats["games"] == 16 and sum(stats["winners"].values()) == 16 and "card_stats" not in stats
    for p in stats["pairings"]:
        assert p["first"]["games"] + p["second"]["games"] == 8
        assert p["average_turns"] > 0 and sum(p["lengths"].values()) == 8
    code, out = selfplay("--decks", "hSD01-sora,hSD01-azki,hSD01-sora", "--games", "2", "--jobs", "1", "--json",
                         "--no-card-stats")
    assert len(last_json(out)["pairings"]) == 3


@pytest.mark.parametrize("args, words", [
    (["--decks", "hSD01-sora"], "--against"),
    (["--policy", "heuristik"], "heuristic"),
    (["--policy", "random,random,random"], "two"),
    (["--decks", "hSD01-sora", "--against", "hSD01-azk"], "hSD01-azki"),
])
def test_bad_input_is_exit_two_with_the_closest_spelling(args, words):
    code, out = selfplay(*args, "--games", "1", "--jobs", "1")
    assert code == 2 and words in out and "Traceback" not in out


def test_the_heuristic_policy_beats_random():
    """Against the random policy in both seats, the heuristic wins more than half (as A and as B)."""
    wins = {"heuristic,random": 0, "random,heuristic": 0}
    for policy in wins:
        code, out = selfplay("--policy", policy, "--games", "80", "--seed", "7", "--jobs", "1", "--json",
                             "--no-card-stats")
        p = last_json(out)["pairings"][0]
        wins[policy] = p["win_rate"]["rate"]
        assert code == 0
    assert wins["heuristic,random"] > 0.5 and wins["random,heuristic"] < 0.5


def test_the_heuristic_policy_keeps_the_invariants_and_its_seed():
    for seed in range(6):
        a, na = play_game(starter_decks(), seed, debug=True, policy="heuristic")   # raises on a violation
        b, nb = play_game(starter_decks(), seed, policy="heuristic")
        assert a.over and na == nb and a.result == b.result


def test_the_heuristic_policy_uses_more_arts_than_random():
    def arts(policy):
        code, out = selfplay("--policy", policy, "--games", "20", "--seed", "5", "--jobs", "1", "--json", "--no-check")
        cards = last_json(out)["card_stats"]
        return sum(v["total"] for c in cards.values() for f, v in c["facts"].items() if f.startswith("art: "))
    assert arts("heuristic") > arts("random")


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_a_reproducer_replays_the_policy(policy):
    """The recorder replays every action of the game (it once stopped at the first, given an Option)."""
    from judge.games.hololive.replay import record_game
    game, n = play_game(starter_decks(), 9, policy=policy)
    rec, err = record_game(starter_decks(), 9, builtin(), policy)
    assert err is None and rec.game.result == game.result and rec.game.turn_number == game.turn_number
    assert len(rec.items) > 50


# ------------------------------------------------------------------ the report page
def _report(tmp_path) -> Path:
    page = tmp_path / "report.html"
    code, out = selfplay("--decks", "hSD01-sora", "--against", "hSD01-azki", "--games", "10", "--seed", "2",
                         "--jobs", "1", "--report", str(page))
    assert code == 0, out
    return page


def test_the_report_is_one_self_contained_page(tmp_path):
    html = _report(tmp_path).read_text(encoding="utf-8")
    images = re.findall(r'<img alt="[^"]+" src="data:image/png;base64,([^"]+)"', html)
    assert len(images) == 3 and all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert not re.search(r'(src|href)="(https?:)?//', html)          # nothing fetched
    assert "hSD01-sora vs hSD01-azki" in html and 'id="c-hSD01-008"' in html


def test_a_browser_opens_the_report(tmp_path, open_page):
    page = open_page(_report(tmp_path))          # the shared browser fixture (tests/conftest.py)
    widths = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.complete && i.naturalWidth)")
    assert len(widths) == 3 and all(w > 100 for w in widths)     # every plot decoded by the browser
    assert page.locator("h1").inner_text().startswith("Self-play: hololive")
    assert all(u.startswith(("file:", "data:")) for u in page.requests)
