"""Prohibitions (1.3.3) and requirements (1.3.2.3) in the effect language: lint and rendering."""
import yaml

from judge.games.hololive.cardtext import card_lines, known_verbs, lint_card
from judge.games.hololive.cards import CardDef
from judge.scenario.schema import errors
from judge.scenario.yamlload import load_yaml_text


def _card(**abilities):
    return {"type": "holomem", "name": "T", "bloom_level": "debut", "colors": ["white"], "hp": 100,
            "baton_pass": ["any"], **abilities}


def test_prohibit_and_require_are_verbs():
    assert {"prohibit", "require"} <= known_verbs()


def _errors(raw) -> str:
    """Every error of a card file holding this one card (the card schema made from the declarations)."""
    doc = load_yaml_text(yaml.safe_dump({"set": "T", "name": "t", "cards": {"T-1": raw}}, allow_unicode=True), "t.yaml")
    return "\n".join(str(e) for e in errors(doc, "hololive/card"))


def test_an_unknown_action_choice_or_player_and_a_missing_include_are_errors():
    raw = _card(abilities=[{"kind": "continuous", "prohibit": {"action": "nap", "who": "them"}},
                           {"kind": "continuous", "require": {"choice": "anything"}}],
                arts=[{"name": "A", "cost": [], "damage": 0, "effect": [{"prohibit": {"action": "drawe"}}]}])
    out = _errors(raw)
    assert "at cards.T-1.abilities[0].prohibit.action: unknown value 'nap'" in out
    assert "at cards.T-1.abilities[0].prohibit.who: unknown value 'them'" in out
    assert "at cards.T-1.abilities[1].require: missing required key 'include'" in out
    assert "at cards.T-1.abilities[1].require.choice: unknown value 'anything'" in out
    assert "at cards.T-1.arts[0].effect[0].prohibit.action: unknown value 'drawe'" in out and "did you mean: draw?" in out


def test_clean_encoding_has_no_problems_and_reads_back():
    raw = _card(abilities=[{"kind": "continuous", "prohibit": {"action": ["draw", "bloom"], "who": "opponent"}},
                           {"kind": "continuous", "require": {"choice": "art_target", "who": "opponent",
                                                              "include": "this"}}])
    assert lint_card("T-1", raw, {"T"}) == [] and _errors(raw) == ""
    text = "\n".join(card_lines(CardDef("T-1", raw)))
    assert "your opponent cannot draw or bloom by an effect" in text
    assert "the target of your opponent's arts must be this holomem if it can" in text
