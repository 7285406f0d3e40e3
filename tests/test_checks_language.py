"""The checks added for transcribing official rulings: set-up answers as legal/illegal, the options
of a pending decision, `advance` that meets the end of the game, `log` items that must not match,
and the `fields:` of a log item."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from judge.core.events import Event
from judge.games.hololive.ruleset import RULESET
from judge.scenario.checks import Checker
from judge.scenario.model import scenario_from_text
from judge.scenario.runner import FAILED, PASSED, run_scenario


def run(text, version="1.9.0"):
    return run_scenario(scenario_from_text(text), version)


SETUP = """
scenario: set-up checks
game: hololive
rules: "1.9.0"
refs: ["6.2.1.10.1"]
given:
  turn: {step: setup}
  A:
    deck: [TEST-SPOT, TEST-WHITE-DEBUT, TEST-WHITE-1ST, FILLER, FILLER, FILLER, FILLER, FILLER]
    cheer_deck: 5
  B:
    deck: [TEST-RED-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER]
    cheer_deck: 5
when:
  - first_player: A
  - mulligan: {player: A, redraw: false}
  - mulligan: {player: B, redraw: false}
then:
"""


@pytest.mark.parametrize("check, ok", [
    ('- illegal: {placement: {player: A, center: TEST-SPOT}, because: "6.2.1.10.1"}', True),
    ('- illegal: {placement: {player: A, center: TEST-SPOT}, because: "6.2.1.10.3"}', False),
    ("- legal: {placement: {player: A, center: TEST-SPOT}}", False),
    ("- legal: {placement: {player: A, center: TEST-WHITE-DEBUT, back: [TEST-SPOT]}}", True),
    ('- illegal: {placement: {player: A, center: TEST-WHITE-DEBUT, back: [TEST-WHITE-1ST]}, because: "6.2.1.10.3"}',
     True),
    ("- illegal: {placement: {player: A, center: TEST-WHITE-DEBUT, back: [TEST-SPOT]}}", False),
    ("- legal: {placement: {player: B, center: TEST-RED-DEBUT}}", False),     # not B's decision yet
    ("- pending: {player: A, decision: center, options: {contains: [TEST-WHITE-DEBUT], not: [TEST-SPOT]}}", True),
    ("- pending: {player: A, decision: center, options: [TEST-WHITE-DEBUT, none]}", True),
    ("- pending: {player: A, decision: center, options: [TEST-WHITE-DEBUT]}", False),
    ("- pending: {player: A, decision: center, options: {count: 2}}", True),
    ("- pending: {player: A, decision: center, options: {contains: [TEST-SPOT]}}", False),
    ("- pending: {player: B, decision: center}", False),
])
def test_set_up_answers_and_pending_options(check, ok):
    r = run(SETUP + "  " + check + "\n")
    assert (r.status == PASSED) is ok, r.failures


def test_a_set_up_check_in_expect_looks_at_that_point_and_changes_nothing():
    text = SETUP.replace("then:\n", """  - expect:
      illegal: {placement: {player: A, center: TEST-SPOT}, because: "6.2.1.10.1"}
  - placement: {player: A, center: TEST-WHITE-DEBUT, back: [TEST-SPOT]}
  - expect:
      legal: {placement: {player: B, center: TEST-RED-DEBUT}}
  - placement: {player: B, center: TEST-RED-DEBUT}
then:
  - A.center.card: TEST-WHITE-DEBUT
  - A.back.1.card: TEST-SPOT
  - B.center.card: TEST-RED-DEBUT
""")
    r = run(text)
    assert r.status == PASSED, r.failures
    assert "6.2.1.10.1" in r.cited


def test_back_holomems_nobody_asks_for_fail():
    text = SETUP.replace("TEST-SPOT, TEST-WHITE-DEBUT", "FILLER, TEST-WHITE-DEBUT").replace("then:\n", """  - placement: {player: A, center: TEST-WHITE-DEBUT, back: [TEST-WHITE-1ST]}
then:
  - A.center.card: TEST-WHITE-DEBUT
""")
    r = run(text)
    assert r.status == FAILED and "`back` given" in r.failures[0] and "6.2.1.10.3" in r.failures[0]


ENDS = """
scenario: advance meets the end of the game
game: hololive
rules: "1.9.0"
refs: ["7.3.2.1"]
given:
  turn: {player: A, number: 3, step: main}
  A: {center: TEST-WHITE-DEBUT}
  B: {center: TEST-RED-DEBUT, deck: 0}
when:
  - advance: {to: {player: B, step: main}}
then:
  - winner: A
"""


def test_advance_stops_where_the_game_ends():
    assert run(ENDS).status == PASSED
    r = run(ENDS.replace("then:", "  - pass: B\nthen:"))       # a later action: the game is over
    assert r.status == FAILED and "the game is already over" in r.failures[0]
    assert run(ENDS.replace("winner: A", "winner: none")).status == FAILED


# ------------------------------------------------------------------ log
def _log_check(kinds, wanted):
    trace = [Event(i, k, ("1.1",), None, {"n": i}) for i, k in enumerate(kinds)]
    checker = Checker(None, RULESET, SimpleNamespace(trace=trace))
    return checker._log(wanted)


@pytest.mark.parametrize("kinds, wanted, ok", [
    ("a b c", [{"not": {"event": "x"}}], True),
    ("a x c", [{"not": {"event": "x"}}], False),
    ("a x b", [{"event": "a"}, {"not": {"event": "x"}}, {"event": "b"}], False),
    ("a b x", [{"event": "a"}, {"not": {"event": "x"}}, {"event": "b"}], True),
    # the first `a` has an `x` after it, the second does not: the match that keeps the gap clear counts
    ("a x a b", [{"event": "a"}, {"not": {"event": "x"}}, {"event": "b"}], True),
    ("a b x b", [{"event": "a"}, {"not": {"event": "x"}}, {"event": "b"}], True),
    ("x a b", [{"not": {"event": "x"}}, {"event": "a"}], False),
    ("a x b", [{"event": "a"}, {"not": {"event": "x"}}], False),
    ("a b a", [{"event": "b"}, {"not": {"event": "a"}}], False),
    ("a x b c", [{"event": "a"}, {"event": "b"}, {"not": {"event": "x"}}, {"event": "c"}], True),
    ("a b", [{"event": "a"}, {"not": {"event": "b", "n": 2}}, {"event": "b"}], True),
    ("a b", [{"event": "a"}, {"not": {"event": "a"}}, {"event": "b"}], True),   # the gap excludes the ends
    ("a b", [{"event": "b"}, {"event": "a"}], False),
])
def test_log_not_items(kinds, wanted, ok):
    assert (_log_check(kinds.split(), wanted) is None) is ok


def test_a_log_item_matches_a_field_named_event():
    text = """
scenario: a replaced event names what it replaced in its field `event`
game: hololive
rules: "1.9.0"
refs: ["10.2.1.3.3"]
cards:
  T-PAD:
    type: support
    sub_type: tool
    name: Pad
    abilities:
      - {kind: replacement, name: Pad, replaces: {event: damage}, effect: [{adjust: {add: -10}}]}
given:
  turn: {player: A, number: 4, step: performance}
  A: {center: {card: TEST-RED-DEBUT, cheer: [red]}}
  B: {center: {card: TEST-WHITE-DEBUT, attached: [T-PAD]}}
when:
  - art: {holomem: A.center, art: Red Hit, target: B.center}
then:
  - log:
      - {event: replaced, fields: {event: FIELD}}
"""
    assert run(text.replace("FIELD", "damage")).status == PASSED
    r = run(text.replace("FIELD", "die_roll"))
    assert r.status == FAILED and "not found" in r.failures[0]


# --------------------------------------------------------------- Gherkin
FEATURE = """\
Feature: the new checks in Gherkin

  Rule: 10.2.1.3.3 A change of the damage is a replacement

    Scenario: a replaced damage event
      Given it is A's performance step of turn 4
      And the card T-PAD is defined as:
        \"\"\"
        type: support
        sub_type: tool
        name: Pad
        abilities:
          - {kind: replacement, name: Pad, replaces: {event: damage}, effect: [{adjust: {add: -10}}]}
        \"\"\"
      And A's centre holomem is TEST-RED-DEBUT with cheer red
      And B's centre holomem is TEST-WHITE-DEBUT
      And B's centre holomem has T-PAD attached
      When A uses the art "Red Hit" of A.center on B.center
      Then the log shows:
        | event    | fields.event | amount | not |
        | replaced | damage       |        |     |
        | damage   |              | 20     | x   |
        | damage   |              | 10     |     |
      And the log does not show:
        | event    | fields.event |
        | replaced | die_roll     |
"""


def test_log_tables_make_not_items_and_fields(tmp_path):
    from judge.bdd import load_feature
    from judge.scenario.runner import run_versions
    p = tmp_path / "x.feature"
    p.write_text(FEATURE, encoding="utf-8")
    [sc] = load_feature(p)
    assert sc.then[0]["log"] == [{"event": "replaced", "fields": {"event": "damage"}},
                                 {"not": {"event": "damage", "amount": 20}},
                                 {"event": "damage", "amount": 10}]
    assert sc.then[1]["log"] == [{"not": {"event": "replaced", "fields": {"event": "die_roll"}}}]
    [r] = run_versions(sc)
    assert r.status == PASSED, r.failures


def test_set_up_legality_steps_build_placement_checks(tmp_path):
    from judge.bdd import load_feature
    p = tmp_path / "x.feature"
    p.write_text("""\
Feature: set-up
  Rule: 6.2.1.10.1 centre
    Scenario: checks
      Given the game is at set-up
      And A's deck is TEST-SPOT, TEST-WHITE-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER
      And B's deck is TEST-RED-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER
      When A goes first
      And A keeps the hand
      And B keeps the hand
      Then A may not place TEST-SPOT face down in the centre because of rule 6.2.1.10.1
      And A has to decide center with the options TEST-WHITE-DEBUT, none
""", encoding="utf-8")
    [sc] = load_feature(p)
    assert sc.then == [{"illegal": {"placement": {"player": "A", "center": "TEST-SPOT"}, "because": "6.2.1.10.1"}},
                       {"pending": {"player": "A", "decision": "center", "options": ["TEST-WHITE-DEBUT", "none"]}}]


def test_the_documented_orders_of_holopower_stack_and_under():
    """docs/scenario-language.md: a holo power cost archives the newest card (the last given);
    `stack` in `given` is what `.under` reads; `.stack` ends with the top card."""
    text = """
scenario: orders
game: hololive
rules: "1.9.0"
refs: ["12.1.3"]
cards:
  T-OSHI:
    type: oshi
    name: Test Oshi
    life: 5
    oshi_skill: {name: Pay, holopower: 1, limit: once_per_turn, timing: activated, effect: [{draw: 1}]}
given:
  turn: {player: A, number: 3, step: main}
  A:
    oshi: T-OSHI
    center: {card: TEST-WHITE-2ND, stack: [TEST-WHITE-DEBUT, TEST-WHITE-1ST]}
    holopower: [hSD01-003, hSD01-004]
when:
  - oshi_skill: {skill: Pay}
then:
  - A.archive: [hSD01-004]
  - A.holopower.1: hSD01-003
  - A.center.under: [TEST-WHITE-DEBUT, TEST-WHITE-1ST]
  - A.center.stack: [TEST-WHITE-DEBUT, TEST-WHITE-1ST, TEST-WHITE-2ND]
  - A.center.stack.1: TEST-WHITE-DEBUT
  - A.redraws: 0
"""
    r = run(text)
    assert r.status == PASSED, r.failures


@pytest.mark.parametrize("options, ok", [
    ("{contains: [pass, bloom A.center with hSD01-010], count: 2}", True),
    ("[pass, bloom A.center with hSD01-010]", True),
    ("{not: [collab A.back.1]}", True),
    ("{contains: [collab A.back.1]}", False),
    ("[pass]", False),
])
def test_the_options_of_a_play_timing_are_its_legal_actions(options, ok):
    text = f"""
scenario: play timing options
game: hololive
rules: "1.9.0"
refs: ["8.3.1"]
given:
  turn: {{player: A, number: 3, step: main}}
  A:
    center: hSD01-008
    hand: [hSD01-010]
then:
  - pending: {{player: A, decision: play_timing, options: {options}}}
"""
    assert (run(text).status == PASSED) is ok


def test_trace_json_keeps_the_event_kind_and_puts_a_field_named_event_under_fields():
    import json

    from test_cli import judge
    code, text = judge("explain", "--json", "scenarios/hololive/10-abilities/damage-change-is-a-replacement.yaml")
    assert code == 0, text
    (replaced,) = [e for e in json.loads(text)["trace"] if e["event"] == "replaced"]
    assert replaced["fields"] == {"event": "damage"}
