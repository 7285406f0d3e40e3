"""The command line: verdicts, exit codes, and bad input that never shows a traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from examples import SPEC_FIRST_TURN

ROOT = Path(__file__).resolve().parents[1]
GOOD = SPEC_FIRST_TURN.replace('rules: "*"', 'rules: "1.9.0"')   # the spec's example, pinned to 1.9.0


def judge(*args, cwd=ROOT):
    proc = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=cwd, capture_output=True,
                          text=True, env={**os.environ, "COLUMNS": "200"})
    return proc.returncode, proc.stdout + proc.stderr


def write(tmp_path, text, name="s.yaml", mode="w"):
    p = tmp_path / name
    if mode == "wb":
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_passing_scenario_exits_0(tmp_path):
    code, text = judge("run", str(write(tmp_path, GOOD)))
    assert code == 0, text
    assert "1 passed, 0 failed" in text


def test_failing_scenario_exits_1_with_expected_and_actual(tmp_path):
    bad = GOOD.replace('because: "8.3.1"', 'because: "8.3.2"')
    code, text = judge("run", str(write(tmp_path, bad)))
    assert code == 1, text
    assert "8.3.1" in text and "not 8.3.2" in text


def test_json_output(tmp_path):
    code, text = judge("run", "--json", str(write(tmp_path, GOOD)))
    data = json.loads(text)
    assert data["summary"]["passed"] == 1
    assert data["results"][0]["cited"] and data["results"][0]["declared_not_cited"] == []


BAD_INPUTS = {
    "yaml syntax": (GOOD.replace("refs: [\"8.3.1\"]", "refs: [\"8.3.1\""), "s.yaml:"),
    "misspelled key": (GOOD.replace("refs:", "refz:"), "refs"),
    "unknown card": (GOOD.replace("hand: [hSD01-010]", "hand: [hSD01-0100]"), "hSD01-010"),
    "unknown rule": (GOOD.replace('refs: ["8.3.1"]', 'refs: ["8.3.19"]'), "8.3.1"),
    "wrong type": (GOOD.replace("number: 2", "number: two"), "number"),
    "python tag": (GOOD + "seed: !!python/object/apply:os.system ['echo hi']\n", "tag"),
    "unknown reference": (GOOD.replace("holomem: B.center", "holomem: B.centre"), "B.centre"),
    "unknown name": (GOOD.replace("holomem: B.center", "holomem: $sora"), "$sora"),
    "unknown action": (GOOD.replace("- illegal: {bloom:", "- illegal: {blom:"), "bloom"),
    "unknown version": (GOOD.replace('rules: "1.9.0"', 'rules: "1.9.1"'), "1.9.0"),
    "empty": ("", "empty"),
    "alias bomb": ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                   "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                   "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n", "alias"),
    "deep nesting": ("x: " + "[" * 200 + "]" * 200 + "\n", "nest"),
}


@pytest.mark.parametrize("kind", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_location(tmp_path, kind):
    text, hint = BAD_INPUTS[kind]
    path = write(tmp_path, text)
    code, out = judge("run", str(path))
    assert code == 2, out
    assert "Traceback" not in out
    assert "s.yaml" in out
    assert hint.lower() in out.lower(), out
    assert path.read_text(encoding="utf-8") == text      # never lose a user's file


def test_binary_file_exits_2(tmp_path):
    path = write(tmp_path, b"\x00\x01\x02scenario\xff", mode="wb")
    code, out = judge("run", str(path))
    assert code == 2 and "Traceback" not in out and "s.yaml" in out


def test_error_names_the_line(tmp_path):
    path = write(tmp_path, GOOD.replace("hand: [hSD01-010]", "hand: [hSD01-0100]"))
    code, out = judge("run", str(path))
    assert "s.yaml:9" in out, out


def test_rules_show_and_unknown_rule():
    code, out = judge("rules", "show", "10.6.3")
    assert code == 0 and "10.6.3.2" in out
    code, out = judge("rules", "show", "10.6.33")
    assert code == 2 and "10.6.3" in out and "Traceback" not in out


def test_explain_prints_rules_and_board(tmp_path):
    code, out = judge("explain", str(write(tmp_path, GOOD)))
    assert code == 0
    assert "board before" in out and "8.3.1" in out


def test_explain_as_a_player_hides_what_only_the_other_may_know():
    """4.1.5.1: B's reading of the trace shows which archive cards went into A's deck, not their order."""
    file = "scenarios/hololive/04-zones/order-of-archive-cards-put-under-the-deck-is-hidden.yaml"
    code, judge_view = judge("explain", file)
    assert code == 0 and "choice=[TEST-RED-DEBUT, TEST-BLUE-DEBUT, TEST-GREEN-DEBUT]" in judge_view
    code, b_view = judge("explain", file, "--as", "B")
    assert code == 0
    assert "choice=[TEST-RED-DEBUT" not in b_view and "choice=?" in b_view
    assert "move(number=?, frm=A.archive" in b_view and "move(number=TEST-RED-DEBUT" not in b_view
    assert "put_together(player=A, cards=[TEST-BLUE-DEBUT, TEST-GREEN-DEBUT, TEST-RED-DEBUT]" in b_view
    code, a_view = judge("explain", file, "--as", "A")
    assert code == 0 and "choice=[TEST-RED-DEBUT, TEST-BLUE-DEBUT, TEST-GREEN-DEBUT]" in a_view
