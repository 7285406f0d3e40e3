"""Issue 18, item 3: the official rulings (hololive's Q&A, Love Live's FAQ) as a test suite: the structured
`source: {qa: [...]}`, its checks, and `judge qa status / show`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.core.errors import InputError
from judge.core.rulings import main as build_main
from judge.games import ruleset
from judge.scenario.model import scenario_from_text

ROOT = Path(__file__).resolve().parents[1]
Q62 = (ROOT / "scenarios/hololive/07-turn/end-step-fills-empty-centre-from-active-back.yaml").read_text(encoding="utf-8")


def judge(*args, cwd=ROOT, env=None):
    proc = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200", **(env or {})})
    return proc.returncode, proc.stdout + proc.stderr


def test_the_example_cites_q62_in_the_structured_form():
    assert "source: {qa: [Q62]}" in Q62
    assert scenario_from_text(Q62).rulings == ["Q62"]


@pytest.mark.parametrize("game", ["hololive", "lovelive"])
def test_facts_files_are_current(game):
    rulings = ruleset(game).rulings
    if not rulings.reference.is_file():
        pytest.skip("../shared is not beside the checkout")
    assert build_main([game, "--check"]) == 0


def test_facts_keep_no_question_or_answer_text():
    text = ruleset("hololive").rulings.facts.read_text(encoding="utf-8")
    assert "question" not in json.loads(text)["rulings"]["Q194"] and "コラボ" not in text


def test_free_text_source_stays_valid():
    sc = scenario_from_text(Q62.replace("source: {qa: [Q62]}", 'source: "Official Q&A Q62 (2024-09-21)"'))
    assert sc.rulings == [] and sc.source_text == "Official Q&A Q62 (2024-09-21)"


def test_structured_source_with_text():
    sc = scenario_from_text(Q62.replace("source: {qa: [Q62]}", 'source: {qa: [Q62, Q194], text: "rulebook 1.03"}'))
    assert sc.rulings == ["Q62", "Q194"] and sc.source_text == "qa Q62, Q194; rulebook 1.03"


@pytest.mark.parametrize("source, message, hint", [
    ("{qa: [Q64]}", "official Q&A Q64 is not in the game's rulings file", "Q63, Q66"),
    ("{qa: [Q123]}", "official Q&A Q123 is not in the game's rulings file", "Q122, Q124"),
    ("{faq: [Q62]}", "hololive cites them as `qa:`", "`qa:` with the numbers"),
    ("{qaa: [Q62]}", "unknown source 'qaa'", "qa"),
    ("{qa: []}", "source.qa", "official ruling numbers"),
    ("{}", "source", ""),
])
def test_bad_structured_sources_are_located_errors(source, message, hint):
    with pytest.raises(InputError) as e:
        scenario_from_text(Q62.replace("{qa: [Q62]}", source), file="s.yaml")
    text = str(e.value)
    assert text.startswith("s.yaml:6:") and message in text and hint in text, text


def test_gherkin_qa_line_cites_rulings(tmp_path):
    from judge.scenario.model import load_scenarios
    text = (ROOT / "features/hololive/12-performance/advantage-icon.feature").read_text(encoding="utf-8")
    text = "@game:hololive\n" + text.replace("      Source: Official rulebook 1.03, performance step 4\n",
                                             "      Q&A: Q62, Q3\n      Source: a test\n", 1)
    feature = tmp_path / "advantage.feature"
    feature.write_text(text.replace("@twin:", "@tag:"), encoding="utf-8")
    sc = load_scenarios(feature)[0]
    assert sc.source == {"qa": ["Q62", "Q3"], "text": "a test"} and sc.rulings == ["Q62", "Q3"]
    feature.write_text(feature.read_text(encoding="utf-8").replace("Q62, Q3", "Q62, Q64"), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_scenarios(feature)
    assert ":9:" in str(e.value) and "source.qa[1]" in str(e.value) and "Q63, Q66" in str(e.value)


def test_status_of_a_folder_passing_failing_and_not_written(tmp_path):
    (tmp_path / "good.yaml").write_text(Q62, encoding="utf-8")
    bad = Q62.replace("{qa: [Q62]}", "{qa: [Q1]}").replace("$second_back.position: A.center",
                                                             "$first_back.position: A.center")
    (tmp_path / "bad.yaml").write_text(bad, encoding="utf-8")
    code, text = judge("qa", "status", "--game", "hololive", "--json", str(tmp_path))
    assert code == 1, text
    rep, = json.loads(text)
    by = {e["number"]: e for e in rep["entries"]}
    assert by["Q62"]["status"] == "passing" and by["Q1"]["status"] == "failing"
    assert by["Q62"]["scenarios"][0]["results"][0]["status"] == "passed"
    assert by["Q3"]["status"] == "not written" and by["Q3"]["blocked_by"]["kind"] == "no scenario yet"
    db = ruleset("hololive").card_db()
    # a ruling whose cards are encoded in part is blocked by those cards, each with the parts that block it
    blocked = [r for r in by.values() if r["status"] == "not written"
               and r["blocked_by"]["kind"] == "cards with unsupported parts"]
    assert blocked
    for r in blocked:
        for number, parts in r["blocked_by"]["cards"].items():
            assert number in r["cards"] and number in db and parts and all(isinstance(x, str) for x in parts)
    for r in by.values():            # a ruling naming a card the database lacks is blocked by that card
        missing = [c for c in r["cards"] if c not in db]
        if r["status"] == "not written" and missing:
            assert r["blocked_by"] == {"kind": "cards not encoded",
                                       "cards": {c: ["not in the card database"] for c in missing}}
    assert rep["summary"]["passing"] == 1 and rep["summary"]["failing"] == 1 and rep["total"] == 526
    s = rep["summary"]
    assert sum(s["not_written_by"].values()) == s["not written"]
    assert s["not written"] + s["waived"] + s["passing"] + s["failing"] + s["not runnable"] == 526
    assert by["Q161"]["status"] == "waived" and "tournament" in by["Q161"]["reason"]
    assert "hBP03-012" in by["Q307"]["cards"]                               # named only in its text


def test_a_waiver_of_no_ruling_is_bad_input(tmp_path):
    from judge.core.rulings import OfficialRulings
    real = ruleset("hololive").rulings
    waivers = tmp_path / "w.yaml"
    waivers.write_text("Q64: table conduct\n", encoding="utf-8")
    rulings = OfficialRulings(key="qa", title="official Q&A", reference=real.reference, facts=real.facts,
                              read=lambda p: (), waivers=waivers)
    with pytest.raises(InputError) as e:
        rulings.waived
    assert "Q64" in str(e.value) and "Q63, Q66" in str(e.value)


def test_show_prints_the_ruling_and_its_scenarios():
    code, text = judge("qa", "show", "Q194", "--game", "hololive")
    assert code == 0, text
    assert "collab-with-empty-deck.yaml" in text and "1.9.0 passed" in text and "status: passing" in text
    if ruleset("hololive").rulings.reference.is_file():
        assert "question (en):" in text and "answer (ja):" in text


def test_show_without_the_shared_file_says_so(tmp_path):
    from judge.commands import qa
    from click.testing import CliRunner
    rulings = ruleset("hololive").rulings
    old = rulings.reference
    rulings.reference = tmp_path / "qna.json"
    try:
        result = CliRunner().invoke(qa.qa, ["show", "Q194", "--game", "hololive"])
    finally:
        rulings.reference = old
    assert "the question and answer cannot be shown" in result.output and "status: passing" in result.output


def test_show_unknown_number_is_exit_2():
    code, text = judge("qa", "show", "Q64", "--game", "hololive")
    assert code == 2 and "Q63, Q66" in text and "Traceback" not in text


def test_the_project_has_no_failing_ruling():
    code, text = judge("qa", "status", "--json")
    reports = json.loads(text)
    assert code == 0 and all(r["summary"]["failing"] == 0 for r in reports), text[-2000:]
    assert all(not r["unknown"] for r in reports)


def test_verdict_of_the_results_holding_a_ruling():
    from types import SimpleNamespace as R
    from judge.commands.qa import verdict
    assert verdict([R(status="passed"), R(status="not applicable")]) == "passing"
    assert verdict([R(status="passed"), R(status="failed")]) == "failing"
    assert verdict([R(status="passed"), R(status="not runnable")]) == "not runnable"
    assert verdict([R(status="not applicable")]) == "not runnable"      # no version ran it

