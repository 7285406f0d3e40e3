"""Self-play with a designer's new cards: random legal decks (6.1) that always hold them."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from judge.cli import main
from judge.games.hololive.cards import builtin, card_file_records
from judge.games.hololive.decks import deck_violations
from judge.games.hololive.replay import reproducer_yaml
from judge.games.hololive.selfplay import play_game, random_decks, runnable

ROOT = Path(__file__).resolve().parents[1]
DESIGNER = ROOT / "examples" / "designer-cards.yaml"


def test_random_decks_are_legal_and_drawn_from_the_seed():
    db = builtin()
    for seed in range(30):
        decks = random_decks(seed, db)
        assert decks == random_decks(seed, db)
        for d in decks:
            assert not deck_violations(db, d["oshi"], d["deck"], d["cheer_deck"])
            assert all(not db.get(n).unsupported() for n in d["deck"] + [d["oshi"]])
    assert random_decks(1, db) != random_decks(2, db)


def test_every_random_deck_holds_four_of_each_designer_card():
    cards = card_file_records(DESIGNER)
    db = builtin().overlay(cards)
    for seed in range(10):
        for d in random_decks(seed, db, sorted(cards)):
            counts = Counter(d["deck"])
            assert all(counts[n] == 4 for n in cards), counts
            assert not deck_violations(db, d["oshi"], d["deck"], d["cheer_deck"])


def test_designer_cards_are_played_in_self_play():
    cards = card_file_records(DESIGNER)
    db = builtin().overlay(cards)
    kinds = Counter()
    for seed in range(1, 9):
        game, _ = play_game(random_decks(seed, db, sorted(cards)), seed, record=True, db=db, debug=True)
        kinds.update(e.kind for e in game.trace)
    assert kinds["each_player"] and kinds["prohibited"]      # DESIGN-001 and DESIGN-003 acted


def test_the_pool_leaves_out_cards_the_engine_cannot_run():
    pool = runnable(builtin())
    everything = [n for kind in pool.values() for n in kind]
    assert everything and not any(builtin().get(n).unsupported() for n in everything)
    assert not any(n.startswith("TEST-") for n in everything)


def run(*args):
    return CliRunner().invoke(main, ["selfplay", *args])


def test_selfplay_with_designer_cards_reports_them():
    r = run("--random-decks", "--cards", str(DESIGNER), "--games", "3", "--seed", "4", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["decks"] == "random" and out["cards"] == ["DESIGN-001", "DESIGN-002", "DESIGN-003"]
    assert out["crashes"] == 0 and out["violations"] == 0


def test_a_bad_designer_file_is_a_located_error(tmp_path):
    bad = tmp_path / "cards.yaml"
    bad.write_text("set: X\nname: x\ncards:\n  X-1: {type: holomem, name: A, bloom_level: debutt, hp: 10}\n",
                   encoding="utf-8")
    r = run("--random-decks", "--cards", str(bad), "--games", "1")
    assert r.exit_code == 2
    assert "cards.yaml:4" in r.output and "Traceback" not in r.output


def test_a_designer_card_the_engine_cannot_run_is_refused(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("set: X\nname: x\ncards:\n  X-1:\n    type: support\n    sub_type: event\n    name: Odd\n"
                 "    abilities:\n      - {kind: support, unsupported: 'a verb judge lacks', effect: []}\n",
                 encoding="utf-8")
    r = run("--random-decks", "--cards", str(f), "--games", "1")
    assert r.exit_code == 2 and "X-1" in r.output and "cannot run" in r.output


def test_a_reproducer_carries_the_designer_cards_inline(tmp_path):
    from judge.scenario.model import load_scenario
    cards = card_file_records(DESIGNER)
    db = builtin().overlay(cards)
    text = reproducer_yaml(random_decks(2, db, sorted(cards)), 2, "example", cards)
    path = tmp_path / "repro.yaml"
    path.write_text(text, encoding="utf-8")
    sc = load_scenario(path)
    assert set(cards) <= set(sc.cards)
