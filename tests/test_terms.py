"""The declaration model of judge/core/terms.py, on a small made-up vocabulary: what the schema, the
documentation tables and the walk over an encoding make of the declarations."""
from __future__ import annotations

import pytest
from jsonschema import Draft7Validator

from judge.core.terms import (NO_DEFAULT, Bool, DeclarationError, Either, Enum, Int, ListOf, OneOrList, Ref,
                              Shorthand, Term, Text, Vocabulary, mapping)


@pytest.fixture()
def vocab():
    v = Vocabulary("toy")
    v.family("step", "verb", "one step", shape="step",
             extra=[Term("if", (), "a condition", Ref("cond"))], needs={"odd": ("roll",)})
    v.record("cond", "a condition", [Term("turn", ("7.1.1",), "whose turn", Enum("own", "opponent"))])
    v.define("steps", ListOf(Ref("step"), min_items=0), "steps")
    v.family("kind_of", "ability", "an ability", shape="tagged", tag="kind",
             common=[Term("name", (), "its name", Text())])
    v.add("kind_of", Term("auto", ("10.8",), "automatic", mapping(
        Term("effect", (), "what it does", Ref("steps")), at_least_one=("effect",))))
    return v


def _validator(v, name):
    return Draft7Validator({"$ref": f"#/definitions/{name}", "definitions": v.schema_definitions("made")})


def _messages(v, name, value):
    return sorted(e.message for e in _validator(v, name).iter_errors(value))


def test_a_verb_declared_by_a_decorator_is_found_by_its_method_name(vocab):
    class Engine:
        @vocab.implements("step", "draw", "5.7.1", doc="draw N cards", arg=Int(minimum=0))
        def _verb_draw(self, n):
            return n
    term = vocab.get("step", "draw")
    assert term.impl == "_verb_draw" and term.rules == ("5.7.1",)
    assert vocab.named("step").impls == {"draw": "_verb_draw"}
    assert getattr(Engine(), term.impl)(3) == 3


def test_a_term_declared_twice_is_a_mistake_found_at_once(vocab):
    vocab.add("step", Term("draw", (), "draw", Int()))
    with pytest.raises(DeclarationError, match="'draw' is declared twice"):
        vocab.add("step", Term("draw", (), "draw again", Int()))
    with pytest.raises(DeclarationError, match="declared twice"):
        vocab.family("step", "verb", "again")


def test_a_step_has_exactly_one_verb_its_keys_and_its_dependencies(vocab):
    vocab.add("step", Term("draw", (), "draw", Int(minimum=0)))
    vocab.add("step", Term("roll", (), "roll a die", mapping()))
    step = vocab.schema_definitions("made")["step"]
    assert step["$comment"] == "made" and step["additionalProperties"] is False
    assert step["oneOf"] == [{"required": ["draw"]}, {"required": ["roll"]}]
    assert _messages(vocab, "step", {"draw": 1}) == []
    assert _messages(vocab, "step", {"draw": 1, "roll": {}})          # two verbs
    assert _messages(vocab, "step", {"drawe": 1})                     # unknown verb
    assert _messages(vocab, "step", {"draw": -1})                     # below its minimum
    assert _messages(vocab, "step", {"draw": 1, "if": {"turn": "nobody"}})


def test_a_tagged_record_allows_only_the_keys_of_its_kind(vocab):
    assert _messages(vocab, "kind_of", {"kind": "auto", "name": "A", "effect": []}) == []
    assert _messages(vocab, "kind_of", {"kind": "auto", "trigger": "x", "effect": []})     # not a key of auto
    assert _messages(vocab, "kind_of", {"kind": "autoo", "effect": []})                    # unknown kind
    assert _messages(vocab, "kind_of", {"kind": "auto", "name": "A"})                      # no effect
    assert vocab.schema_definitions("made")["kind_of_kind"]["enum"] == ["auto"]


def test_a_number_may_be_written_as_its_variable_and_the_walk_finds_it(vocab):
    vocab.add("step", Term("draw", (), "draw", Int(minimum=0, variable="X")))
    vocab.add("step", Term("take", (), "take", mapping(Term("count", (), "how many", Either(Int(), Enum("all"))),
                                                     Term("n", (), "n", Int(variable="X")))))
    assert _messages(vocab, "step", {"draw": "X"}) == []
    assert _messages(vocab, "step", {"draw": "Y"})
    steps = [{"draw": "X"}, {"take": {"count": "all", "n": "X"}}, {"draw": 2}]
    assert Ref("steps").variables(steps, vocab, ("effect",)) == [(("effect", 0, "draw"), "X"),
                                                                 (("effect", 1, "take", "n"), "X")]


def test_a_shorthand_is_read_as_the_form_it_has_the_keys_of(vocab):
    vocab.add("step", Term("rest", (), "rest", Shorthand(Enum("this", "center"), mapping(
        Term("target", (), "the holomems", Enum("this", "center")), Term("count", (), "how many", Int())))))
    assert _messages(vocab, "step", {"rest": "center"}) == []
    assert _messages(vocab, "step", {"rest": {"target": "center", "count": 2}}) == []
    errors = _validator(vocab, "step").iter_errors({"rest": {"target": "center", "cont": 2}})
    assert [e.validator for e in errors] == ["additionalProperties"]     # against the mapping it meant


def test_one_or_a_list_and_defaults_and_required_keys(vocab):
    vocab.record("filter", "a filter", [
        Term("color", ("2.4",), "colour", OneOrList(Enum("red", "blue"))),
        Term("zone", (), "zone", Enum("deck", "hand"), default="deck"),
        Term("what", (), "what", Text(), required=True)])
    schema = vocab.schema_definitions("made")["filter"]
    assert schema["required"] == ["what"] and schema["properties"]["zone"]["default"] == "deck"
    assert "(default deck)" in schema["properties"]["zone"]["description"]
    assert "[2.4]" in schema["properties"]["color"]["description"]
    assert _messages(vocab, "filter", {"what": "x", "color": ["red", "blue"]}) == []
    assert _messages(vocab, "filter", {"what": "x", "color": "green"})
    assert _messages(vocab, "filter", {"color": "red"})                  # `what` is required


def test_a_reference_to_nothing_is_a_mistake_in_the_declarations(vocab):
    vocab.add("step", Term("jump", (), "jump", Ref("nowhere")))
    with pytest.raises(DeclarationError, match="'nowhere'"):
        vocab.schema_definitions("made")


def test_the_documentation_table_of_a_family(vocab):
    vocab.add("step", Term("draw", ("5.7.1", "5.7.2"), "draw N | cards", Int(minimum=0), group="core"))
    vocab.add("step", Term("send", ("5.21",), "send cheer", mapping(
        Term("from", (), "where from", Enum("deck", "archive"), default="deck"),
        Term("may", (), "optional", Bool())), group="core"))
    vocab.add("step", Term("other", (), "another group", mapping(), group="rule5"))
    table = vocab.markdown("step", group="core").splitlines()
    assert table[0] == "| verb | meaning | rule |"
    assert table[2] == "| `draw: N` | draw N \\| cards | 5.7.1, 5.7.2 |"
    assert table[3] == ("| `send: {from: deck\\|archive, may: true}` | send cheer. `from`: where from (default `deck`); "
                        "`may`: optional | 5.21 |")
    assert len(table) == 4                                              # not the other group's verb
    kinds = vocab.markdown("kind_of").splitlines()
    assert kinds[2] == "| `auto` | automatic. Keys: `effect: STEPS` | 10.8 |"


def test_a_term_without_default_says_none():
    t = Term("x", (), "x", Int())
    assert t.default is NO_DEFAULT and "default" not in t.schema(Vocabulary("toy"))
