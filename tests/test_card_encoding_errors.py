"""Issue 13's card-encoding cases, through the command line: each is bad input, found before anything
runs — exit 2, the file and the line, what was expected and the closest names, no traceback."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from judge.core.errors import InputError
from judge.games.hololive import cards

ROOT = Path(__file__).resolve().parents[1]

SCENARIO = """\
scenario: A designer's new card
game: hololive
rules: "*"
refs: ["8.3.1"]
cards:
  T-NEW:
    type: support
    sub_type: event
    name: Test New
    abilities:
{ability}
given:
  turn: {{player: A, number: 3, step: main}}
  A:
    center: TEST-WHITE-DEBUT
    hand: [{hand}]
{when}then:
  - A.hand: []
"""


def judge(*args, cwd=ROOT):
    p = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=cwd, capture_output=True, text=True,
                       timeout=60)
    return p.returncode, p.stdout + p.stderr


def scenario(tmp_path, ability, *, played=False, name="case.yaml"):
    text = SCENARIO.format(ability=textwrap.indent(textwrap.dedent(ability).strip("\n"), "      "),
                           hand="T-NEW" if played else "", when="when:\n  - support: {card: T-NEW}\n" if played else "")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def bad_input(path, *expected):
    code, out = judge("run", str(path))
    assert code == 2, out
    assert "Traceback" not in out
    for text in expected:
        assert text.format(file=path) in out, out
    return out


# ------------------------------------------------------------------ the cases of the issue
def test_a_misspelt_ability_kind(tmp_path):
    path = scenario(tmp_path, """
        - kind: suport
          effect: [{draw: 1}]""")
    bad_input(path, "{file}:11: at cards.T-NEW.abilities[0].kind: unknown value 'suport'",
              "expected: one of: activated, attach_rule, auto,", "did you mean: support?")


def test_a_misspelt_argument_of_a_verb(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect: [{send_cheer: {form: cheer_deck, to: stage}}]""")
    bad_input(path, "{file}:12: at cards.T-NEW.abilities[0].effect[0].send_cheer.form: unknown key 'form'",
              # the verb's declared keys, in their declared order (the list grows as the verb gains keys)
              "expected: one of: from, to, count, colors,", "did you mean: from?")


def test_a_misspelt_filter_key(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - take: {from: deck, filter: {bloom_lvl: debut}}""")
    bad_input(path, "{file}:13: at cards.T-NEW.abilities[0].effect[0].take.filter.bloom_lvl: unknown key 'bloom_lvl'",
              "did you mean: bloom_level?")


@pytest.mark.parametrize("played", [False, True], ids=["never played", "played"])
def test_an_unknown_verb_whether_the_card_is_played_or_not(tmp_path, played):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - draw: 1
            - shuffel: deck""", played=played)
    bad_input(path, "{file}:14: at cards.T-NEW.abilities[0].effect[1].shuffel: unknown verb 'shuffel'",
              "did you mean: shuffle?")


def test_a_count_that_is_not_a_number(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - take: {from: deck, count: two}""", played=True)
    bad_input(path, "{file}:13: at cards.T-NEW.abilities[0].effect[0].take.count: expected a whole number or 'X', "
                    "got a string ('two')")


# ------------------------------------------------------------------ and their like
def test_a_missing_required_key(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - special_damage: {target: opponent_center}""")
    bad_input(path, "{file}:13: at cards.T-NEW.abilities[0].effect[0].special_damage: missing required key 'amount'")


def test_a_key_of_another_kind_of_ability(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          trigger: damaged
          effect: [{draw: 1}]""")
    bad_input(path, "{file}:12: at cards.T-NEW.abilities[0].trigger: unknown key 'trigger'",
              "expected: one of: kind, name, name_en, unsupported, keyword, zone, name_limit, condition, cost, effect")


def test_an_unknown_condition_and_selector(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - if: {stage_hass: {name: AZKi}}
              draw: 1""")
    bad_input(path, "{file}:13: at cards.T-NEW.abilities[0].effect[0].if.stage_hass: unknown condition 'stage_hass'",
              "did you mean: stage_has")
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - restore_hp: {target: opponent_centre, amount: 10}""", name="selector.yaml")
    bad_input(path, "{file}:13: at cards.T-NEW.abilities[0].effect[0].restore_hp.target: unknown value 'opponent_centre'",
              "did you mean: opponent_center")


def test_x_outside_an_oshi_skill_whose_cost_is_x(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect: [{draw: X}]""")
    bad_input(path, "{file}:12: at cards.T-NEW.abilities[0].effect[0].draw: 'X' stands for the holo power X")


def test_a_die_result_a_die_cannot_show(tmp_path):
    path = scenario(tmp_path, """
        - kind: support
          effect:
            - roll_die: {}
              '7': [{draw: 1}]""")
    bad_input(path, "{file}:14: at cards.T-NEW.abilities[0].effect[0].7: unknown key '7'")


# ------------------------------------------------------------------ other places a card is written
def test_a_gherkin_card_definition(tmp_path):
    path = tmp_path / "new.feature"
    path.write_text(textwrap.dedent('''\
        Feature: A designer's card

          @rule:8.3.1
          Scenario: Its kind is misspelt
            Given the card T-NEW is defined as:
              """yaml
              type: support
              sub_type: event
              name: Test New
              abilities:
                - kind: suport
                  effect: [{draw: 1}]
              """
            And it is A's main step of turn 3
            And A's centre holomem is TEST-WHITE-DEBUT
            Then A's hand is empty
        '''), encoding="utf-8")
    bad_input(path, "{file}:11: at cards.T-NEW.abilities[0].kind: unknown value 'suport'", "did you mean: support?")


def _broken_set_file(folder: Path) -> Path:
    text = (cards.CARD_DIR / "hSD01.yaml").read_text(encoding="utf-8")
    assert text.count("draw: 1") >= 1
    broken = text.replace("draw: 1", "drawe: 1", 1)
    line = next(i for i, ln in enumerate(broken.splitlines(), 1) if "drawe: 1" in ln)
    path = folder / "hSD01.yaml"
    path.write_text(broken, encoding="utf-8")
    return path, line


def test_a_set_file_is_checked_in_full(tmp_path):
    path, line = _broken_set_file(tmp_path)
    code, out = judge("cards", "check", str(path))
    assert code == 2 and "Traceback" not in out
    assert f"{path}:{line}: at cards." in out and "unknown verb 'drawe'" in out and "did you mean: draw" in out


def test_the_shipped_card_database_is_checked_when_loaded(tmp_path, monkeypatch):
    """A card of the database that no scenario plays is checked all the same: at load."""
    path, line = _broken_set_file(tmp_path)
    monkeypatch.setattr(cards, "CARD_DIR", tmp_path)
    cards.builtin.cache_clear()
    try:
        with pytest.raises(InputError) as e:
            cards.builtin()
    finally:
        cards.builtin.cache_clear()
    assert e.value.file == str(path) and e.value.line == line and "unknown verb 'drawe'" in str(e.value)


def test_a_designers_card_file_for_self_play(tmp_path):
    path = tmp_path / "designer.yaml"
    path.write_text(textwrap.dedent("""\
        set: NEW
        name: New cards
        cards:
          NEW-001:
            type: support
            sub_type: item
            name: New Item
            abilities:
              - kind: support
                effect: [{draw: {count: 2}}]
        """), encoding="utf-8")
    code, out = judge("selfplay", "--random-decks", "--cards", str(path), "--games", "1", "--jobs", "1")
    assert code == 2 and "Traceback" not in out
    assert f"{path}:10: at cards.NEW-001.abilities[0].effect[0].draw: expected a whole number or 'X', got a mapping" in out
