"""Gherkin per game: each game has its own step library (the neutral steps and its own), chosen by
the feature's @game tag (or the only game, or the features folder's game under pytest); two
games' step texts may overlap without reading each other's steps.

The game `fake` is made here: a ruleset with versions and step modules and nothing else (the
bdd layer asks no more of a game to build its scenarios), registered through JUDGE_GAMES."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from judge.bdd.load import build_feature
from judge.bdd.registry import NEUTRAL_MODULES, load_library, match_step
from judge.core.errors import InputError

ROOT = Path(__file__).resolve().parents[1]

FAKE_INIT = '''
class FakeRuleset:
    name = "fake"
    versions = ("0.1", "0.2")
    step_modules = ("judge_game_fake.steps",)


RULESET = FakeRuleset()
'''

# Its card numbers have `!` and `＋` (hololive's do not), and it shares a step text with hololive.
FAKE_STEPS = '''
from judge.bdd.registry import StepVocabulary, given, then
from judge.bdd.types import ParamType, card_pattern, unquote

SECTION = "The fake game"
CARD = card_pattern(r"[A-Z]+!?-[a-z0-9]+-[0-9]+-[A-Z]+＋?")
STEP_VOCABULARY = StepVocabulary(
    types=(ParamType("card", CARD, unquote, "a card", ("PL!-sd1-001-SD",)),
           ParamType("zone", r"(?i:hand|pile)", str.lower, "a zone", ("hand",))),
    card_list_keys=("colors",))


@given("{player}'s {zone} is empty", ja="{player}の{zone}は空", doc="an empty zone")
def zone_empty(ctx, player, zone):
    ctx.b.set_given((player, zone), [])


@then("the fake board is shown", ja="偽の盤面を見せる", doc="fails, showing what the steps built")
def shown(ctx):
    raise ctx.b.error(f"fake board: {ctx.b.given}")
'''


@pytest.fixture
def fake(tmp_path, monkeypatch):
    folder = tmp_path / "fakegame"
    folder.mkdir()
    (folder / "__init__.py").write_text(FAKE_INIT, encoding="utf-8")
    (folder / "steps.py").write_text(FAKE_STEPS, encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAMES", f"fake={folder}")
    return folder


def write(tmp_path, text, name="x.feature"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def keys(game):
    return {sd.key for sd in load_library(game)}


def test_a_game_library_is_the_neutral_steps_and_its_own(fake):
    neutral = {k for k in keys("hololive") if k.startswith(tuple(m + "." for m in NEUTRAL_MODULES))}
    assert neutral and neutral < keys("fake") and neutral < keys("hololive")
    assert keys("fake") - neutral == {"judge_game_fake.steps.zone_empty", "judge_game_fake.steps.shown"}
    assert all(k.startswith("judge.games.hololive.bdd.") for k in keys("hololive") - neutral)


def test_overlapping_step_texts_read_each_games_own_step(fake):
    [mine] = match_step("fake", "given", "A's hand is empty")
    [theirs] = match_step("hololive", "given", "A's hand is empty")
    assert mine.step.key == "judge_game_fake.steps.zone_empty" and mine.params == {"player": "A", "zone": "hand"}
    assert theirs.step.key == "judge.games.hololive.bdd.steps_board.zone_empty"
    assert match_step("fake", "given", "A's archive is empty") == []


def test_a_games_card_numbers_in_a_neutral_step(fake, tmp_path):
    text = """\
        @game:{game}
        Feature: f
          @rule:1
          Scenario: s
            Given the card PL!-sd1-001-SD is defined as:
              | name   | Honoka |
              | colors | red    |
            Then A wins the game
        """
    [b] = build_feature(write(tmp_path, text.format(game="fake")))
    assert b.cards == {"PL!-sd1-001-SD": {"name": "Honoka", "colors": ["red"]}}
    data, lines = b.data()
    assert (data["game"], data["rules"], lines[("game",)]) == ("fake", "0.2", 1)
    with pytest.raises(InputError) as e:
        build_feature(write(tmp_path, text.format(game="hololive")))
    assert e.value.line == 5 and "no given step reads" in e.value.message


def test_an_unknown_game_is_reported_at_its_tag(tmp_path):
    with pytest.raises(InputError) as e:
        build_feature(write(tmp_path, """\
            Feature: f
              @rule:8.3.1 @game:hololve
              Scenario: s
                Then A wins the game
            """))
    assert e.value.line == 2 and "unknown game 'hololve'" in e.value.message
    assert "hololive" in e.value.suggestions


def test_an_untagged_feature_is_the_built_in_games_when_others_are_registered(fake, tmp_path):
    """A game registered through JUDGE_GAMES is named with @game; an untagged feature stays the one
    game of judge/games (judge.games.default_game)."""
    [b] = build_feature(write(tmp_path, """\
        Feature: f
          @rule:8.3.1
          Scenario: s
            Given A's centre holomem is hSD01-008
            Then A wins the game
        """))
    assert b.game == "hololive"


def test_several_games_need_a_tag(fake, tmp_path, monkeypatch):
    import judge.games
    monkeypatch.setattr(judge.games, "built_in", lambda: ("fake", "hololive"))   # two games of judge/games
    monkeypatch.delenv("JUDGE_GAME", raising=False)          # no standing game (tests/conftest.py)
    text = """\
        Feature: f
          @rule:8.3.1{tag}
          Scenario: s
            Given A's centre holomem is hSD01-008
            Then A wins the game
        """
    with pytest.raises(InputError) as e:
        build_feature(write(tmp_path, text.format(tag="")))
    assert e.value.line == 3 and "@game:NAME" in e.value.message and "hololive" in e.value.expected
    [b] = build_feature(write(tmp_path, text.format(tag=" @game:hololive")))
    assert b.given["A"]["center"] == {"card": "hSD01-008"}


# ------------------------------------------------------------------ pytest
HOLOLIVE_TAGGED_FAKE = """\
@game:fake
Feature: in hololive's folder
  @rule:1
  Scenario: A fake feature among hololive's
    Given A's hand is empty
    Then the fake board is shown
"""

HOLOLIVE_UNTAGGED = """\
Feature: hololive's, with two games registered
  @rule:8.3.1
  Scenario: The folder's game is the default
    Given it is B's main step of turn 2
    And B's centre holomem is hSD01-008
    And B's hand is hSD01-010
    Then B may not bloom B.center with hSD01-010 because of rule 8.3.1
"""

FAKE_FEATURE = """\
Feature: the fake game
  @rule:1
  Scenario: Its own step, though hololive has the same text
    Given A's hand is empty
    Then the fake board is shown

  @rule:1
  Scenario: A step only hololive has
    Given A's centre holomem is hSD01-008
    Then the fake board is shown
"""


def test_each_features_folder_reads_its_games_steps(fake, tmp_path):
    """features/ is hololive's; features/fake/ inside it installs the fake game's steps (its
    conftest only calls install: the hooks come from the outer one)."""
    d = tmp_path / "project"
    (d / "features" / "fake").mkdir(parents=True)
    (d / "features" / "conftest.py").write_text((ROOT / "features" / "conftest.py").read_text())
    (d / "features" / "fake" / "conftest.py").write_text(
        "from judge.bdd.pytest_glue import install\n\ninstall(game=\"fake\")\n")
    (d / "features" / "tagged.feature").write_text(HOLOLIVE_TAGGED_FAKE)
    (d / "features" / "untagged.feature").write_text(HOLOLIVE_UNTAGGED)
    (d / "features" / "fake" / "fake.feature").write_text(FAKE_FEATURE)
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "features"],
                       cwd=d, capture_output=True, text=True, timeout=120, env=dict(os.environ))
    out = r.stdout + r.stderr
    assert "3 failed, 1 passed" in out, out
    assert "features/fake/fake.feature:5: fake board: {'A': {'hand': []}}" in out
    assert "features/fake/fake.feature:9: no given step reads \"A's centre holomem is hSD01-008\"" in out
    assert "features/tagged.feature:1: this is a feature of fake (@game:fake), but this folder's" in out


def test_a_missing_step_module_is_reported_at_the_game_tag(tmp_path, monkeypatch):
    folder = tmp_path / "brokengame"
    folder.mkdir()
    (folder / "__init__.py").write_text(FAKE_INIT.replace('"fake"', '"broken"').replace(
        "judge_game_fake.steps", "judge_game_broken.stpes"), encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAMES", f"broken={folder}")
    with pytest.raises(InputError) as e:
        build_feature(write(tmp_path, """\
            @game:broken
            Feature: f
              @rule:1
              Scenario: s
                Then A wins the game
            """))
    assert e.value.line == 1 and "step module judge_game_broken.stpes of broken does not exist" in e.value.message
