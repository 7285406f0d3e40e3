"""judge/bdd/load.py: .feature files load into Scenarios without pytest, through the same step
library; every mistake is an InputError at the feature file's line."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from judge.bdd import load_feature
from judge.bdd.feature import parse_feature
from judge.bdd.load import build_feature
from judge.bdd.registry import example_text, load_library, match_step
from judge.bdd.run import ScenarioFailed, run_checked
from judge.core.errors import InputError
from judge.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
FEATURES = sorted((ROOT / "features").rglob("*.feature"))

ADVANTAGE = """\
Feature: Arts damage

  Rule: 12.3.4.3 The advantage icon adds its value when the target has that colour

    @rule:12.3.4.1 @rule:12.3.4.5 @wip
    Scenario: The advantage icon adds its value when the target has that colour
      Source: Official rulebook 1.03, performance step 4

      Given the card TEST-BLUE is defined as:
        | type        | holomem   |
        | name        | Test Blue |
        | bloom_level | debut     |
        | colors      | blue      |
        | hp          | 150       |
        | baton_pass  | any       |
      And it is A's performance step of turn 4
      And A's oshi is hSD01-002
      And A's centre holomem is hSD01-011 with cheer green
      And B's centre holomem is TEST-BLUE
      When A uses the art "SorAZ Gravity" of A.center on B.center
      Then B's centre holomem has 110 damage
      And the log shows:
        | event  | target   | amount | rule     |
        | damage | B.center | 110    | 12.3.4.5 |
"""


def write(tmp_path, text, name="x.feature"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def line_of(path, needle):
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


# ---------------------------------------------------------------- building
def test_a_feature_builds_the_scenario_a_yaml_file_would(tmp_path):
    p = write(tmp_path, ADVANTAGE)
    [sc] = load_feature(p)
    assert sc.file == str(p)
    assert sc.title == "The advantage icon adds its value when the target has that colour"
    assert (sc.game, sc.rules) == ("hololive", ["1.9.0"])
    assert sc.refs == ["12.3.4.3", "12.3.4.1", "12.3.4.5"]
    assert sc.source == "Official rulebook 1.03, performance step 4"
    assert sc.tags == ["wip"]
    assert sc.cards == {"TEST-BLUE": {"type": "holomem", "name": "Test Blue", "bloom_level": "debut",
                                      "colors": ["blue"], "hp": 150, "baton_pass": ["any"]}}
    assert sc.given == {"turn": {"player": "A", "step": "performance", "number": 4},
                        "A": {"oshi": "hSD01-002", "center": {"card": "hSD01-011", "cheer": ["green"]}},
                        "B": {"center": {"card": "TEST-BLUE"}}}
    assert sc.when == [{"art": {"holomem": "A.center", "art": "SorAZ Gravity", "target": "B.center"}}]
    assert sc.then == [{"B.center.damage": 110},
                       {"log": [{"event": "damage", "target": "B.center", "amount": 110, "rule": "12.3.4.5"}]}]
    assert run_scenario(sc).ok


def test_every_path_points_at_its_line(tmp_path):
    p = write(tmp_path, ADVANTAGE)
    [sc] = load_feature(p)
    assert sc.line(("scenario",)) == line_of(p, "Scenario:")
    assert sc.line(("refs", 0)) == line_of(p, "Rule:")
    assert sc.line(("refs", 1)) == line_of(p, "@rule:12.3.4.1")
    assert sc.line(("source",)) == line_of(p, "Source:")
    assert sc.line(("cards", "TEST-BLUE", "hp")) == line_of(p, "| hp ")
    assert sc.line(("given", "A", "center", "cheer", 0)) == line_of(p, "A's centre holomem is")
    assert sc.line(("when", 0)) == line_of(p, "When A uses")
    assert sc.line(("then", 0)) == line_of(p, "Then B's centre")
    assert sc.line(("then", 1, "log", 0)) == line_of(p, "| damage |")


def test_a_failed_check_names_the_feature_line(tmp_path):
    p = write(tmp_path, ADVANTAGE.replace("has 110 damage", "has 100 damage"))
    [sc] = load_feature(p)
    with pytest.raises(ScenarioFailed) as e:
        run_checked(sc)
    message = str(e.value)
    assert message.startswith(f"{p}:{line_of(p, 'Scenario:')}: ")
    assert f"{p}:{line_of(p, 'has 100 damage')}: B.center.damage: expected 100, actual 110" in message


def test_checks_between_actions_are_expects(tmp_path):
    p = write(tmp_path, """\
        Feature: f
          @rule:9.2.1.4
          Scenario: centre then collab
            Given it is A's performance step of turn 4
            And A's centre holomem is hSD01-008 with cheer green
            And A's collab holomem is hSD01-009 with cheer white
            When A uses the art "You Did Great, Good Job!" of A.center on B.center
            Then B's centre holomem has 20 damage
            When A uses the art "And then, and then" of A.collab on B.center
            And the answer is yes
            Then B's centre holomem has 30 damage
        """)
    [sc] = load_feature(p)
    assert [next(iter(w)) for w in sc.when] == ["art", "expect", "art"]
    assert sc.when[1] == {"expect": {"B.center.damage": 20}}
    assert sc.when[2]["choices"] == ["yes"]
    assert sc.then == [{"B.center.damage": 30}]
    assert sc.line(("when", 1)) == line_of(p, "has 20 damage")
    assert sc.line(("when", 2, "choices", 0)) == line_of(p, "the answer is yes")


def test_answers_dice_and_an_outline(tmp_path):
    p = write(tmp_path, """\
        Feature: f
          Rule: 12.3.4.2 text
            Scenario Outline: roll <die>
              Given it is A's performance step of turn 6
              And A's centre holomem is hSD01-011 with cheer green, green, white
              And B's centre holomem is TEST-RED-2ND
              When A uses the art "Destiny Song" of A.center on B.center
              And the answer is yes
              And the die shows <die>
              Then B's centre holomem has <damage> damage

              Examples:
                | die | damage |
                | 2   | 100    |
                | 3   | 150    |
        """)
    scs = load_feature(p)
    assert [sc.title for sc in scs] == ["roll 2", "roll 3"]
    assert scs[1].when[0]["dice"] == [3] and scs[1].when[0]["choices"] == ["yes"]
    assert all(run_scenario(sc).ok for sc in scs)


def test_japanese(tmp_path):
    p = write(tmp_path, """\
        # language: ja
        機能: f
          ルール: 8.3.1 最初のターンには Bloom できない
            @rules:*
            シナリオ: 後攻の最初のターン
              前提 ターン2のBのメインステップ
              かつ Bのセンターホロメンは hSD01-008
              かつ Bの手札は hSD01-010
              ならば Bはルール8.3.1により Bのセンターホロメンを hSD01-010 でBloomさせることができない
        """)
    [sc] = load_feature(p)
    assert sc.rules == ["*"] and sc.refs == ["8.3.1"]
    assert sc.given == {"turn": {"player": "B", "step": "main", "number": 2},
                        "B": {"center": {"card": "hSD01-008"}, "hand": ["hSD01-010"]}}
    assert sc.then == [{"illegal": {"bloom": {"holomem": "B.center", "with": "hSD01-010"}, "because": "8.3.1"}}]


def test_stage_table_and_names(tmp_path):
    p = write(tmp_path, """\
        Feature: f
          @rule:8.4
          Scenario: s
            Given it is A's main step
            And A's stage is:
              | position | card      | cheer        | damage | rested | as    |
              | centre   | hSD01-008 | green, white | 10     |        |       |
              | back     | hSD01-009 |              |        | yes    | azki2 |
              | back     | hSD01-003 |              |        |        | sora  |
            When A collabs with $sora
            Then $sora is at A's collab position
            And $azki2 is rested
        """)
    [sc] = load_feature(p)
    assert sc.given["A"] == {"center": {"card": "hSD01-008", "cheer": ["green", "white"], "damage": 10},
                             "back": [{"card": "hSD01-009", "rested": True, "as": "azki2"},
                                      {"card": "hSD01-003", "as": "sora"}]}
    assert sc.then == [{"$sora.position": "A.collab"}, {"$azki2.rested": True}]
    assert run_scenario(sc).ok


# ------------------------------------------------------------------ errors
def err(tmp_path, text) -> InputError:
    p = write(tmp_path, text)
    with pytest.raises(InputError) as e:
        load_feature(p)
    return e.value


def test_unknown_step_names_the_line_and_the_closest_step(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given A's centre holomem are hSD01-008
            Then A wins the game
        """)
    assert e.line == 4 and "no given step reads" in e.message
    assert "{holomem} is {card}" in e.suggestions


def test_a_check_written_as_given_says_so(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given A wins the game
        """)
    assert e.line == 4 and "it is a then step" in e.message


def test_stating_a_thing_twice(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given A's hand is hSD01-008
            And A's hand is hSD01-009
            Then A wins the game
        """)
    assert e.line == 5 and "already stated at line 4" in e.message


def test_back_holomems_in_order(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given A's back holomem 2 is hSD01-008
            Then A wins the game
        """)
    assert e.line == 4 and "before 2" in e.message


def test_the_acting_player_must_fit_the_holomem(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given it is A's main step
            And A's centre holomem is hSD01-008
            Then B may not bloom A.center with hSD01-010
        """)
    assert e.line == 6 and "A's holomem" in e.message


def test_no_rule_number(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          Scenario: s
            Given it is A's main step
            Then A wins the game
        """)
    assert e.line == 2 and "no rule number" in e.message


def test_unknown_rule_number_at_the_rule_line(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          Rule: 8.3.99 no such rule
            Scenario: s
              Then the game goes on
        """)
    assert e.line == 2 and "8.3.99" in e.message


def test_unknown_card_at_its_step(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given it is A's main step
            And A's centre holomem is hSD01-0088
            Then the game goes on
        """)
    assert e.line == 5 and "hSD01-0088" in str(e)


def test_a_mistake_inside_a_card_docstring_points_at_its_line(tmp_path):
    e = err(tmp_path, '''\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given the card TEST-X is defined as:
              """yaml
              type: holomem
              name: X
              bloom_level: debut
              hp: lots
              """
            Then the game goes on
        ''')
    assert e.line == 9, str(e)


def test_bad_gherkin(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          Scenario: s
            Given it is A's main step
          Examples without outline
            | a |
        """)
    assert e.line == 4 and "looks like a `Examples:` line without its colon" in e.message
    e = err(tmp_path, """\
        Feature: f
          Scenario: s
            Given it is A's main step
          just some text
        """)
    assert e.line == 4 and "invalid Gherkin" in e.message


def test_duplicate_scenario_names(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Then the game goes on
          @rule:8.3.1
          Scenario: s
            Then the game goes on
        """)
    assert e.line == 6 and "two scenarios" in e.message


def test_an_answer_needs_an_action(tmp_path):
    e = err(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given it is A's main step
            When the answer is yes
            Then the game goes on
        """)
    assert e.line == 5 and "needs an action" in e.message


# ------------------------------------------------------------- the library
@pytest.mark.parametrize("path", FEATURES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_step_of_every_feature_reads_one_way(path):
    """pytest-bdd would pick one of two matching steps silently: no step may match two."""
    game = path.relative_to(ROOT / "features").parts[0]        # features/<game>/... (its step library)
    for sc in parse_feature(path).scenarios:
        for step in sc.steps:
            text = re.sub(r"<[^<>]+>", "1", step.text)
            found = match_step(game, step.type, text)
            assert len(found) == 1, (step.line, step.text, [m.template.text for m in found])


@pytest.mark.parametrize("path", FEATURES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_feature_loads(path):
    assert build_feature(path)


def test_parameter_examples_match_their_patterns():
    for t in load_library("hololive").types.values():
        for example in t.examples:
            assert re.fullmatch(t.pattern, example), (t.name, example)


def test_every_step_has_english_and_japanese():
    for sd in load_library("hololive"):
        langs = {t.lang for t in sd.templates}
        assert langs == {"en", "ja"}, (sd.key, langs)
        assert sd.doc, sd.key


def test_centre_and_center(tmp_path):
    for word in ("centre", "center", "Centre"):
        [m] = match_step("hololive", "given", f"A's {word} holomem is hSD01-008")
        assert m.params == {"holomem": "A.center", "card": "hSD01-008"}
    [m] = match_step("hololive", "then", "A.centre.damage is 10")
    assert m.params == {"path": "A.center.damage", "value": 10}


def test_each_template_example_reads_as_that_step_only():
    """Every template, its parameters filled with examples, matches its own step and no other."""
    for sd in load_library("hololive"):
        for t in sd.templates:
            text = example_text(t)
            assert [m.step.key for m in match_step("hololive", sd.type, text)] == [sd.key], (t.text, text)


def test_shuffles_seed_and_dice(tmp_path):
    p = write(tmp_path, """\
        Feature: f
          @rule:5.6.1
          Scenario: s
            Given the game is at set-up
            And the random seed is 7
            And the dice will show 5, 3
            And the next shuffle of A's deck gives hSD01-006, hSD01-005
            And the next shuffle of B's cheer deck keeps its order
            Then the game goes on
        """)
    b = build_feature(p)[0]
    data, lines = b.data()
    assert data["seed"] == 7 and data["dice"] == [5, 3]
    assert data["shuffles"] == [{"player": "A", "zone": "deck", "order": ["hSD01-006", "hSD01-005"]},
                                {"player": "B", "zone": "cheer_deck", "order": "keep"}]
    assert lines[("shuffles", 1)] == 8 and lines[("seed",)] == 5
