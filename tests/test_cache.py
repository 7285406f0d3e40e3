"""judge.core.cache: what passed a check is kept by its digest, with its parsed data; an edit to the
input or to what the check depends on makes it new again."""
from judge.core.cache import Validated


def test_the_parsed_data_of_an_input_that_passed_is_kept_by_its_exact_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    schema = tmp_path / "schema.json"
    schema.write_text("{}")
    text = b"cards: {X-1: {name: a}}"
    v = Validated("cards", [schema])
    assert not v.holds(text) and v.parsed(text) is None
    v.add(text)
    v.keep(text, {"cards": {"X-1": {"name": "a"}}})
    v.save()
    again = Validated("cards", [schema])
    assert again.holds(text) and again.parsed(text) == {"cards": {"X-1": {"name": "a"}}}
    assert again.parsed(text + b" ") is None                      # another text: nothing kept
    schema.write_text('{"type": "object"}')                        # the check changed: nothing holds
    changed = Validated("cards", [schema])
    assert not changed.holds(text) and changed.parsed(text) is None


def test_a_value_marshal_cannot_keep_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE", str(tmp_path / "cache"))
    schema = tmp_path / "schema.json"
    schema.write_text("{}")
    v = Validated("cards", [schema])
    v.keep(b"x", {"when": object()})
    assert v.parsed(b"x") is None
