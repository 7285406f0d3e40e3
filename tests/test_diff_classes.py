"""Issue 21: `judge diff` by kind of change. Every scenario whose outcome differs between two rules
versions is in exactly one class: a ruling that changes (its checks differ with citations mapped
through the rule map), citations only, or not runnable in one version (with what it needs)."""
from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.core.rulemap import Renumbering
from judge.games import ruleset
from judge.scenario.model import load_scenarios, scenario_from_text

ROOT = Path(__file__).resolve().parents[1]
OLD, NEW = "1.3.0", "1.9.0"
CLASSES = ("rulings", "citations", "not_runnable")


def judge(*args):
    proc = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"})
    return proc.returncode, proc.stdout, proc.stderr


def compare(scenarios):
    from judge.commands.versions import compare
    return compare(scenarios, ruleset("hololive"), OLD, NEW)


@pytest.fixture(scope="module")
def everything():
    """The diff of every scenario and feature of the project."""
    from judge.cli import load_all
    scenarios, errors = load_all([])
    assert not errors
    return compare([sc for sc in scenarios if sc.game == "hololive"])


def names(report, key):
    return {Path(e["file"]).name for e in report[key]}


def test_every_changed_scenario_is_in_exactly_one_class(everything):
    s = everything["summary"]
    keys = [(e["file"], e["scenario"]) for k in CLASSES for e in everything[k]]
    assert len(keys) == len(set(keys)) == s["changed"] == sum(s[k] for k in CLASSES)
    assert all(s[k] for k in CLASSES)           # the project has scenarios of each class


def test_the_ruling_class_holds_only_checks_that_differ_once_mapped(everything):
    for e in everything["rulings"]:
        assert e["checks"][OLD] != e["checks"][NEW], e["file"]
    # the rulings the issue names as buried by the old report
    assert {"both-last-life-cards-at-once-is-a-draw.yaml", "second-mascot-1.9.0.yaml",
            "reset-skipped-on-second-players-first-turn.yaml",
            "damage-source-of-a-timed-trigger-is-the-card-that-made-it.yaml",
            "loses-when-redraw-count-reaches-six.yaml"} <= names(everything, "rulings")


def test_citations_only_say_which_numbers_differ(everything):
    for e in everything["citations"]:
        assert any(e["citations"][v] for v in (OLD, NEW)), e["file"]
    # 5.14.3 is a rule 1.3.0 does not have: the bloom is the same
    assert "bloom-by-an-effect.yaml" in names(everything, "citations")
    # the turn passes under both; only the 1.9.0 rule a log item names (7.7.6) is missing in 1.3.0
    assert "turn-passes-to-opponent.yaml" in names(everything, "citations")


def test_not_runnable_names_the_rule_it_needs_and_since_when(everything):
    by_file = {Path(e["file"]).name: e for e in everything["not_runnable"]}
    e = by_file["put-out-a-debut-from-the-deck-onto-the-stage.yaml"]
    assert e["version"] == OLD and e["needs"]["rule"] == "5.13" and e["needs"]["since"] == NEW
    assert e["needs"]["term"] == "put_out" and e["needs"]["note"].startswith("added in 1.9.0")
    assert all(x["needs"] and x["needs"]["rule"] for x in everything["not_runnable"])


def test_uncovered_changes_are_rules_the_map_changed(everything):
    rmap = ruleset("hololive").rule_map(OLD, NEW)
    known = {(e.old, e.new) for e in rmap.changed} | {(None, n) for n in rmap.added} | \
        {(o, None) for o in rmap.removed}
    assert everything["uncovered"]
    assert all((e[OLD], e[NEW]) in known for e in everything["uncovered"])


RESET = """
scenario: {title}
game: hololive
rules: {rules}
refs: ["7.3.2"]
given:
  turn: {{player: A, number: {number}, step: end}}
  B:
    center: {{card: TEST-RED-DEBUT, rested: true}}
    deck: [TEST-SPOT, FILLER]
then:
{then}
"""


def _sc(tmp_path, name, **kw):
    path = tmp_path / name
    path.write_text(RESET.format(**kw), encoding="utf-8")
    return load_scenarios(path)


def test_a_log_rule_renumbered_is_citations_only_and_a_rested_centre_a_ruling(tmp_path):
    # "*": the numbers are read alike in both versions, so 7.2.2 (1.9.0: unrest in the reset step)
    # is looked for under 1.3.0 too, where the unrest is 7.2.1: only the number differs.
    renumbered = _sc(tmp_path, "renumbered.yaml", title="unrest", rules='"*"', number=3,
                     then='  - B.center.rested: false\n  - log: [{event: unrest, rule: "7.2.2"}]')
    # B's first turn: 1.9.0 skips the reset step (7.2.1), 1.3.0 does not, so the centre is unrested
    ruling = _sc(tmp_path, "ruling.yaml", title="first turn", rules='"1.9.0"', number=1,
                 then="  - B.center.rested: true")
    report = compare(renumbered + ruling)
    assert names(report, "citations") == {"renumbered.yaml"}
    assert names(report, "rulings") == {"ruling.yaml"}
    [c] = report["citations"]
    assert c["outcome"][OLD]["status"] == "failed" and "7.2.2" in c["citations"][OLD][0]
    [r] = report["rulings"]
    assert r["checks"][OLD] == ["B.center.rested: expected True, actual False"] and r["checks"][NEW] == []


def test_renumbering_reads_the_older_versions_citations_in_the_newer_numbers():
    rs = ruleset("hololive")
    rmap = rs.rule_map(OLD, NEW)
    from judge.games.hololive.versions.v130 import Hololive130
    back = Renumbering(rmap, OLD, NEW, Hololive130.cite_map)
    assert back("5.13.1") == {"5.14.1"}                     # renumbered (Bloom)
    assert back("5.14.3 (1.9.0 only)") == {"5.14.3"}        # a rule 1.3.0 does not have, as the engine cites it
    assert "5.14.2" in back("5.13.1.1")                     # carried by a 1.3.0 rule (SAME_RULE_AS)
    assert back.has("5.14.1") and back.has("5.14.2") and not back.has("7.7.6")
    forth = Renumbering(rmap, NEW, OLD)
    # 1.9.0 5.19.1 merged 1.3.0 12.8.2 and 5.18.1: both are its counterparts going back
    assert {"12.8.2", "5.18.1"} <= set(rmap.counterparts("5.19.1", NEW, OLD)) <= forth("5.19.1")


PAIRS = str(ROOT / "scenarios" / "hololive" / "versions")


def test_text_starts_with_the_summary_and_only_filters():
    code, out, err = judge("diff", "--rules", OLD, "--against", NEW, PAIRS)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("hololive 1.3.0 vs 1.9.0:") and "rulings that change" in lines[1]
    assert "\nrulings that change (" in out and "possibly over-pinned (" not in out
    code, only, _ = judge("diff", "--rules", OLD, "--against", NEW, PAIRS, "--only", "over-pinned")
    assert "\npossibly over-pinned (1)" in only and "\nrulings that change (" not in only


def test_json_only_and_markdown_and_html(tmp_path):
    code, out, _ = judge("diff", "--rules", OLD, "--against", NEW, PAIRS, "--json", "--only", "rulings")
    data = json.loads(out)
    assert set(data) == {"game", "rules", "against", "summary", "rulings"}
    assert data["summary"]["rulings"] == len(data["rulings"]) > 0
    code, md, _ = judge("diff", "--rules", OLD, "--against", NEW, PAIRS, "--markdown")
    assert code == 0 and md.startswith("# Rules 1.3.0 → 1.9.0") and re.search(r"\| rulings that change +\| +\d+ \|", md)
    page = tmp_path / "diff.html"
    code, _, err = judge("diff", "--rules", OLD, "--against", NEW, PAIRS, "--html", str(page))
    assert code == 0 and "<table>" in page.read_text(encoding="utf-8") and "wrote" in err


def test_bad_version_or_class_is_exit_2_with_the_closest():
    code, _, err = judge("diff", "--rules", "1.3", "--against", NEW, PAIRS)
    assert code == 2 and "1.3.0" in err and "Traceback" not in err
    code, _, err = judge("diff", "--rules", OLD, "--against", NEW, "--only", "ruling")
    assert code == 2 and "rulings" in err
