"""Prohibitions (1.3.3) and requirements (1.3.2.3) in the effect language: lint and rendering."""
from judge.games.hololive.cardtext import card_lines, known_verbs, lint_card
from judge.games.hololive.cards import CardDef


def _card(**abilities):
    return {"type": "holomem", "name": "T", "bloom_level": "debut", "colors": ["white"], "hp": 100,
            "baton_pass": ["any"], **abilities}


def test_prohibit_and_require_are_verbs():
    assert {"prohibit", "require"} <= known_verbs()


def test_lint_names_an_unknown_action_and_choice():
    raw = _card(abilities=[{"kind": "continuous", "prohibit": {"action": "nap", "who": "them"}},
                           {"kind": "continuous", "require": {"choice": "anything"}}],
                arts=[{"name": "A", "cost": [], "damage": 0, "effect": [{"prohibit": {"action": "drawe"}}]}])
    out = "\n".join(lint_card("T-1", raw, {"T"}))
    assert "unknown action 'nap'" in out and "unknown player 'them'" in out
    assert "unknown choice 'anything'" in out and "require needs `include`" in out
    assert "unknown action 'drawe'" in out


def test_clean_encoding_has_no_problems_and_reads_back():
    raw = _card(abilities=[{"kind": "continuous", "prohibit": {"action": ["draw", "bloom"], "who": "opponent"}},
                           {"kind": "continuous", "require": {"choice": "art_target", "who": "opponent",
                                                              "include": "this"}}])
    assert lint_card("T-1", raw, {"T"}) == []
    text = "\n".join(card_lines(CardDef("T-1", raw)))
    assert "your opponent cannot draw or bloom by an effect" in text
    assert "the target of your opponent's arts must be this holomem if it can" in text
