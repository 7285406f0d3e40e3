"""Strict scenarios (issue 13): boards the rules cannot produce, scenarios that check nothing,
choice answers that can never match and broken Gherkin are bad input: exit 2 with the file, the
line and the path, before anything runs; never a traceback, never a runaway."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from examples import SPEC_FIRST_TURN
from judge.cli import main
from judge.games.hololive import boardcheck
from judge.games.hololive.ruleset import RULESET

ROOT = Path(__file__).resolve().parents[1]

HEAD = """\
scenario: t
game: hololive
rules: "1.9.0"
refs: ["8.3.1"]
"""


def run(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["run", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output, str(path)


def bad(tmp_path, text, *needles, name="s.yaml"):
    """The file is bad input: exit 2, its name and line, each needle in the message."""
    code, out, path = run(tmp_path, text, name)
    assert code == 2, out
    assert f"{path}:" in out and "Traceback" not in out
    for needle in needles:
        assert needle in out, out
    return out


def board(given: str, then="  - winner: none\n", when=""):
    return HEAD + "given:\n" + given + (("when:\n" + when) if when else "") + "then:\n" + then


# -------------------------------------------------------------------- counts
def _limited_run(path):
    """`judge run` in a process of its own, its memory capped at 1 GiB and its time at 10 s."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "judge.cli", "run", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=10, preexec_fn=cap, env={**os.environ, "COLUMNS": "200"})
    return proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - start


@pytest.mark.parametrize("zone, value, where, rule", [
    ("deck", "1000000000", "given.A.deck", "6.1.4.2"),
    ("life", "10000000", "given.A.life", "6.1.3.2"),
    ("holopower", "51", "given.A.holopower", "6.1.4.2"),
    ("cheer_deck", "21", "given.A.cheer_deck", "6.1.3.2"),
])
def test_counts_beyond_a_legal_game_deck_are_rejected_in_bounded_time_and_memory(tmp_path, zone, value, where,
                                                                                     rule):
    path = tmp_path / "s.yaml"
    path.write_text(board(f"  A:\n    {zone}: {value}\n"), encoding="utf-8")
    code, out, seconds = _limited_run(path)
    assert code == 2, out
    assert f"{path}:7: at {where}:" in out and rule in out and "Traceback" not in out
    assert seconds < 10


def test_counts_add_up_over_every_zone(tmp_path):
    cards = ", ".join(["hSD01-016"] * 11)
    # 40 + 11 + the default centre holomem; the message points at the biggest part
    bad(tmp_path, board(f"  A:\n    deck: 40\n    hand: [{cards}]\n"), "52 cards other than cheer", "6.1.4.2",
        "given.A.deck")
    # the default deck (20 filler cards) counts too; 29 in hand and the default centre make 50, still a legal board
    cards = ", ".join(["hSD01-016"] * 29)
    assert run(tmp_path, board(f"  A:\n    hand: [{cards}]\n"))[0] == 0


def test_the_default_life_is_the_oshis_life(tmp_path):
    # a printed life above 20 is a card no cheer deck can deal (the card schema: cards.T-OSHI.life); at
    # most 20, with a stated cheer deck, it still counts against the 20 cheer
    text = HEAD + "cards:\n  T-OSHI: {type: oshi, name: Big, life: 20, colors: [white]}\n" + \
        "given:\n  A:\n    oshi: T-OSHI\n    cheer_deck: 1\nthen:\n  - winner: none\n"
    bad(tmp_path, text, "given.A.oshi", "the oshi's life", "6.2.1.11", "6.1.3.2")
    text = HEAD + "cards:\n  T-OSHI: {type: oshi, name: Big, life: 10000000, colors: [white]}\n" + \
        "given:\n  A:\n    oshi: T-OSHI\nthen:\n  - winner: none\n"
    bad(tmp_path, text, "cards.T-OSHI.life", "expected at most 20", "6.2.1.11", "6.1.3.2")


def test_a_deck_presented_at_setup_may_break_6_1_but_is_bounded(tmp_path):
    setup = "  turn: {step: setup}\n  A:\n    deck: %d\n"
    bad(tmp_path, board(setup % 101), "given.A.deck", "6.1.4.2", "at most 100")
    # 51 cards: an illegal deck the trace reports (6.2.1.1), as deck-must-hold-exactly-fifty does
    assert run(tmp_path, board(setup % 51, then="  - turn: {step: setup}\n"))[0] in (0, 1)


# --------------------------------------------------------------------- stage
def test_more_holomems_than_the_stage_holds(tmp_path):
    given = ("  A:\n    center: hSD01-008\n    collab: hSD01-008\n"
             "    back: [hSD01-008, hSD01-008, hSD01-008, hSD01-008, hSD01-008]\n")
    bad(tmp_path, board(given), "given.A.back", "7 holomems", "4.6.2.1")


@pytest.mark.parametrize("stack, top, problem", [
    ("[hSD01-011, hSD01-010]", "hSD01-008", "a 1st card (hSD01-010) on a 2nd"),   # the Debut on 2nd, 1st
    ("[hSD01-010]", "hSD01-008", "a Debut card (hSD01-008) on a 1st"),
    ("[hSD01-008]", "hSD01-008", "a Debut card (hSD01-008) on a Debut"),
    ("[TEST-SPOT]", "TEST-WHITE-1ST", "8.3.2"),
    ("[hSD01-016]", "hSD01-010", "a holomem is a stack of holomem cards (4.4.2)"),
])
def test_stacks_out_of_bloom_order(tmp_path, stack, top, problem):
    bad(tmp_path, board(f"  A:\n    center: {{card: {top}, stack: {stack}}}\n"), problem, "given.A.center")


@pytest.mark.parametrize("stack, top", [
    ("[hSD01-008]", "hSD01-010"),                  # Debut -> 1st
    ("[hSD01-008, hSD01-010]", "hSD01-011"),       # Debut -> 1st -> 2nd
    ("[hSD01-010]", "hSD01-011"),                  # the Debut archived from under them (Q87)
    ("[hSD01-008]", "hSD01-011"),                  # the 1st archived from the middle (Q87)
    ("[hSD01-008, hSD01-010, hSD01-010]", "hSD01-011"),   # a 1st on a 1st (8.3.3)
])
def test_stacks_the_rules_can_produce(tmp_path, stack, top):
    code, out, _ = run(tmp_path, board(f"  A:\n    center: {{card: {top}, stack: {stack}}}\n"))
    assert code == 0, out


def test_reachable_levels_follow_the_bloom_table():
    assert boardcheck.REACHABLE["debut"] == {"1st", "2nd"}
    assert boardcheck.REACHABLE["1st"] == {"1st", "2nd"}
    assert boardcheck.REACHABLE["2nd"] == {"2nd"}
    assert "spot" not in boardcheck.REACHABLE


def test_attached_and_cheer_card_types(tmp_path):
    bad(tmp_path, board("  A:\n    center: {card: hSD01-008, attached: [hSD01-010]}\n"), "4.4.3",
        "given.A.center.attached[0]")
    bad(tmp_path, board("  A:\n    center: {card: hSD01-008, cheer: [hSD01-010]}\n"), "cheer cards attached",
        "given.A.center.cheer[0]")
    bad(tmp_path, board("  A:\n    oshi: hSD01-008\n"), "6.1.2", "given.A.oshi")


def test_two_tools_are_a_due_rule_process_not_an_impossible_board():
    """11.4.2 archives tools over the limit a lapsed continuous effect left (Q413, Q464)."""
    assert RULESET.board_violations({"A": {"center": {"card": "hSD01-008",
                                                      "attached": ["hBP01-114", "hBP01-114"]}}},
                                    RULESET.card_db()) == []


# ---------------------------------------------------------------- references
@pytest.mark.parametrize("text, where", [
    (board("  A:\n    center: hSD01-008\n", then="  - A.back.7.damage: 0\n"), "then[0].A.back.7.damage"),
    (board("  turn: {player: A, number: 3, step: main}\n  A:\n    center: hSD01-008\n    hand: [hSD01-010]\n",
           when="  - bloom: {holomem: A.back.9, with: hSD01-010}\n"), "when[0].bloom.holomem"),
    (board("  A:\n    center: hSD01-008\n", then="  - A.deck.0: FILLER\n"), "then[0].A.deck.0"),
])
def test_positions_that_can_never_exist(tmp_path, text, where):
    bad(tmp_path, text, where, "can never exist")


def test_reference_problem():
    assert boardcheck.reference_problem("A.back.6") is None
    assert "4.6.2.1" in boardcheck.reference_problem("B.back.7.damage")
    assert boardcheck.reference_problem("A.deck.10") is None
    assert "count from 1" in boardcheck.reference_problem("A.back.0")


# ------------------------------------------------------------------- choices
SUPPORT = ("  turn: {player: A, number: 3, step: main}\n  A:\n    center: hSD01-008\n"
           "    hand: [hSD01-016]\n")


@pytest.mark.parametrize("answer, needles", [
    ("hSD01-999", ["when[0].choices[0]", "no card has the number 'hSD01-999'", "did you mean"]),
    ("TEST-BLU-DEBUT", ["no card has the number", "TEST-BLUE-DEBUT"]),
    ("$nobody", ["unknown name '$nobody'"]),
    ("[A.back.9]", ["when[0].choices[0][0]", "can never exist"]),
    ("B:hSD01-999", ["names card 'hSD01-999'"]),
])
def test_choice_answers_that_can_never_match(tmp_path, answer, needles):
    text = board(SUPPORT, then="  - A.hand.count: 0\n",
                 when=f"  - support: {{card: hSD01-016}}\n    choices: [{answer}]\n")
    bad(tmp_path, text, *needles)


def test_choice_answers_that_may_match_are_left_to_the_run():
    db = RULESET.card_db({"T-AXE": {"type": "support", "sub_type": "tool", "name": "Axe"}})
    for answer in ("hSD01-003", "T-AXE", "yes", "Blue Cheer", "hBP01-114 restored", "Manager-chan", "2"):
        assert RULESET.unknown_card_answer(answer, db) is None, answer


# ------------------------------------------------------------ checks, expect
def test_a_scenario_must_check_something(tmp_path):
    bad(tmp_path, board("  A:\n    center: hSD01-008\n", then="  []\n"), "checks nothing", "at then")
    text = board("  A:\n    center: hSD01-008\n", then="  []\n", when="  - expect: {winner: none}\n")
    assert run(tmp_path, text)[0] == 0


def test_because_beside_illegal_in_expect(tmp_path):
    expect = "  - expect: {illegal: {bloom: {holomem: B.center, with: hSD01-010}}, because: \"%s\"}\n"
    given = "  turn: {player: B, number: 2, step: main}\n  B:\n    center: hSD01-008\n    hand: [hSD01-010]\n"
    then = "  - B.center.card: hSD01-008\n"
    assert run(tmp_path, board(given, then, expect % "8.3.1"))[0] == 0
    code, out, _ = run(tmp_path, board(given, then, expect % "8.3.2"))
    assert code == 1 and "because of 8.3.1, not 8.3.2" in out
    bad(tmp_path, board(given, then, expect % "8.3.99"), "when[0].expect.because", "8.3.99")


def test_the_spec_example_still_passes(tmp_path):
    assert run(tmp_path, SPEC_FIRST_TURN)[0] == 0


# ------------------------------------------------------------------- Gherkin
FEATURE = "Feature: f\n  @rule:8.3.1\n  Scenario: s\n    Given it is A's main step of turn 3\n" \
          "    Then A's hand has 0 cards\n"


@pytest.mark.parametrize("text, line, needle", [
    (FEATURE.replace("Scenario: s", "Scenario s"), 3, "without its colon"),
    (FEATURE.replace("Scenario: s", "Scenario : s"), 3, "without its colon"),
    ("# language: ja\n機能: f\n  シナリオ：全角\n    前提 なにか\n", 3, "without its colon"),
    ("Feature: f\n  Just a description.\n", 1, "no scenario"),
    (FEATURE.replace("    Then A's hand has 0 cards\n", ""), 3, "checks nothing"),
    (FEATURE.replace("Scenario: s", "Scenario Outline: s").replace("0 cards", "<n> cards")
     + "\n    Examples:\n      | m |\n      | 1 |\n", 5, "<n> is not a column"),
    (FEATURE.replace("Scenario: s", "Scenario Outline: s") + "\n    Examples:\n      | n |\n", 7, "without rows"),
])
def test_broken_features_exit_2_at_their_line(tmp_path, text, line, needle):
    out = bad(tmp_path, text, needle, name="f.feature")
    assert f"f.feature:{line}:" in out


def test_a_description_that_only_mentions_a_keyword_is_fine(tmp_path):
    text = FEATURE.replace("Feature: f\n", "Feature: f\n  Scenarios like these check the hand.\n"
                                           "  Example: the one below.\n")
    code, out, _ = run(tmp_path, text.replace("Example: the one below.", "Examples show it."), "f.feature")
    assert code == 0, out
