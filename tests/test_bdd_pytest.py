"""Features under pytest-bdd: collected per .feature file, failures at the feature's line,
rule markers for selection, bad files reported as bad input (run in a subprocess)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PASSING = """\
Feature: Blooming
  Rule: 8.3.1 No bloom on a player's first turn
    @slow
    Scenario: No bloom on the second player's first turn
      Given it is B's main step of turn 2
      And B's centre holomem is hSD01-008
      And B's hand is hSD01-010
      Then B may not bloom B.center with hSD01-010 because of rule 8.3.1
"""

FAILING = """\
Feature: Arts
  @rule:12.3.4.5
  Scenario: Wrong damage
    Given it is A's performance step of turn 4
    And A's centre holomem is hSD01-011 with cheer green
    And B's centre holomem is TEST-RED-DEBUT
    When A uses the art "SorAZ Gravity" of A.center on B.center
    Then B's centre holomem has 70 damage
    And A's archive is empty
    And B's centre holomem has 1 HP left
"""

BAD_STEP = """\
Feature: Typos
  @rule:4.4
  Scenario: A typo
    Given it is B's main step of turn 2
    And B's centre holomem iz hSD01-008
    Then the game goes on
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    d = tmp_path_factory.mktemp("bdd")
    (d / "features").mkdir()
    (d / "features" / "conftest.py").write_text((ROOT / "features" / "conftest.py").read_text())
    for name, text in (("passing", PASSING), ("failing", FAILING), ("bad", BAD_STEP)):
        (d / "features" / f"{name}.feature").write_text(text)
    return d


def pytest_run(project, *args):
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
                       cwd=project, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


@pytest.fixture(scope="module")
def full_run(project):
    return pytest_run(project, "features", "-vv")


def test_a_failing_scenario_names_the_feature_file_and_line(full_run):
    code, out = full_run
    assert code == 1, out
    assert "features/failing.feature:3: scenario failed: Wrong damage" in out
    assert "features/failing.feature:8: B.center.damage: expected 70, actual 60" in out
    assert "features/failing.feature:10: B.center.hp: expected 1, actual 40" in out
    assert "Traceback" not in out and "judge/bdd/" not in out


def test_a_passing_scenario_is_a_test_of_its_feature_file(full_run):
    code, out = full_run
    assert "features/passing.feature::test_no_bloom_on_the_second_players_first_turn PASSED" in out, out


def test_a_step_error_names_its_line(full_run):
    code, out = full_run
    assert "features/bad.feature:5: no given step reads \"B's centre holomem iz hSD01-008\"" in out, out
    assert "did you mean: {holomem} is {card}," in out


def test_select_by_rule(project):
    code, out = pytest_run(project, "features", "--rule", "8.3", "-m", "not rule(number='12.3.4.5')")
    assert code == 0 and "1 passed, 2 deselected" in out, out


def test_select_by_marker(project):
    code, out = pytest_run(project, "features", "-m", "rule(number='12.3.4.5') or slow",
                           "-W", "error::pytest.PytestUnknownMarkWarning")
    assert "1 failed, 1 passed, 1 deselected" in out, out
