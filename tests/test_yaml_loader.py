"""Safe YAML loading: every kind of bad input is an InputError naming the file,
the line and the path; good input comes back as plain data with a line for
every path."""
from __future__ import annotations

import json
import math

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from judge.core.errors import InputError
from judge.scenario.schema import validate
from judge.scenario.yamlload import (MAX_ALIASES, MAX_BYTES, MAX_DEPTH, Document,
                                     load_yaml_file, load_yaml_text)

from examples import SPEC_FIRST_TURN as SCENARIO  # noqa: E402


def file_error(tmp_path, content, name="bad.yaml") -> tuple[InputError, str]:
    """Write `content` to a file, load it, return the InputError and the file name."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_yaml_file(path)
    assert "Traceback" not in str(caught.value)
    assert str(path) in str(caught.value)          # every message names the file
    return caught.value, str(path)


# --- one test per kind of bad input ------------------------------------------

def test_syntax_error_names_line_and_what_pyyaml_said(tmp_path):
    err, _ = file_error(tmp_path, 'scenario: x\nrefs: ["8.3.1"\ngiven: {}\n')
    assert err.message.startswith("invalid YAML at column 1: ")
    assert "expected ',' or ']'" in err.message                   # PyYAML's words
    assert "flow sequence that starts at line 2" in err.message
    assert err.line == 3


def test_tab_indentation_gets_a_hint(tmp_path):
    err, _ = file_error(tmp_path, "given:\n\tturn: {}\n")
    assert err.line == 2 and "tabs" in err.message


def test_misspelled_key_suggests_the_right_one(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.replace("refs:", "refz:"), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        validate(load_yaml_file(path), "scenario")
    err = caught.value
    assert err.message == "unknown key 'refz'"
    assert (err.line, err.path) == (4, ("refz",))
    assert err.suggestions == ["refs"]
    assert str(path) in str(err) and "did you mean: refs?" in str(err)


def test_wrong_type_says_expected_and_got(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.replace('refs: ["8.3.1"]', 'refs: "8.3.1"'), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        validate(load_yaml_file(path), "scenario")
    err = caught.value
    assert err.message == "expected a list, got a string ('8.3.1')"
    assert (err.line, err.path) == (4, ("refs",))
    assert f"{path}:4: at refs: " in str(err)


def test_alias_bomb_is_stopped(tmp_path):
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    err, _ = file_error(tmp_path, "\n".join(lines) + "\n")
    assert "alias" in err.message and "10000" in err.message
    assert err.line == 4 and err.path[0] == "d"     # 10 * 111 * 10 passes 10,000 within d


def test_too_many_aliases(tmp_path):
    text = "a: &a x\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    err, _ = file_error(tmp_path, text)
    assert "too many aliases" in err.message
    assert err.line == 2 and err.path == ("b", MAX_ALIASES)


def test_recursive_alias(tmp_path):
    err, _ = file_error(tmp_path, "a:\n  b: &x\n    - *x\n")
    assert "recursive" in err.message and err.line == 3 and err.path == ("a", "b", 0)


def test_python_object_tag_is_refused(tmp_path):
    err, _ = file_error(tmp_path, "scenario: x\nseed: !!python/object/apply:os.system ['echo hi']\n")
    assert "tags are not allowed" in err.message and "!!python/object/apply:os.system" in err.message
    assert (err.line, err.path) == (2, ("seed",))


def test_custom_tag_is_refused(tmp_path):
    err, _ = file_error(tmp_path, "given:\n  A:\n    oshi: !card hSD01-001\n")
    assert "tags are not allowed (!card)" in err.message
    assert (err.line, err.path) == (3, ("given", "A", "oshi"))


@pytest.mark.parametrize("content", ["", "\n\n", "# just a comment\n# and another\n", "---\n"])
def test_empty_file(tmp_path, content):
    err, _ = file_error(tmp_path, content)
    assert err.message.startswith("the file is empty")


def test_binary_file(tmp_path):
    err, _ = file_error(tmp_path, b"scenario: x\n\x89PNG\x00\x00\x01")
    assert "binary" in err.message and err.line == 2


def test_utf16_file_is_binary(tmp_path):
    err, _ = file_error(tmp_path, "scenario: x\n".encode("utf-16"))
    assert "UTF-16" in err.message


def test_non_utf8_file(tmp_path):
    err, _ = file_error(tmp_path, "scenario: x\nsource: caf\xe9\n".encode("latin-1"))
    assert "not UTF-8" in err.message and "0xe9" in err.message and err.line == 2


def test_control_character(tmp_path):
    err, _ = file_error(tmp_path, "scenario: x\nsource: a\x07b\n")
    assert "U+0007" in err.message and err.line == 2


def test_deep_nesting(tmp_path):
    err, _ = file_error(tmp_path, "scenario: x\ngiven: " + "[" * 60 + "]" * 60 + "\n")
    assert f"deeper than {MAX_DEPTH}" in err.message
    assert err.line == 2 and err.path[:2] == ("given", 0) and len(err.path) == MAX_DEPTH


def test_deep_nesting_through_aliases(tmp_path):
    deep = "[" * 48 + "]" * 48                 # fine where anchored, too deep under b.c.d
    err, _ = file_error(tmp_path, f"a: &a {deep}\nb:\n  c: {{d: [*a]}}\n")
    assert f"deeper than {MAX_DEPTH}" in err.message and err.line == 3


def test_duplicate_key_names_both_lines(tmp_path):
    err, _ = file_error(tmp_path, "given:\n  turn: {player: A}\n  A: {}\n  turn: {player: B}\n")
    assert err.message.startswith("duplicate key 'turn' (lines 2 and 4)")
    assert (err.line, err.path) == (4, ("given", "turn"))


def test_several_documents(tmp_path):
    err, _ = file_error(tmp_path, "scenario: one\n---\nscenario: two\n")
    assert "several YAML documents" in err.message and err.line == 2


def test_huge_file(tmp_path):
    err, name = file_error(tmp_path, "tags:\n" + "  - padding\n" * (MAX_BYTES // 12 + 10))
    assert "too large" in err.message and "1 MiB" in err.message


@pytest.mark.parametrize("key, kind", [("1", "an integer"), ("yes", "a boolean"), ("8.3", "a number")])
def test_non_string_key(tmp_path, key, kind):
    err, _ = file_error(tmp_path, f"refs:\n  ok: 1\n  {key}: x\n")
    assert f"reads as {kind}" in err.message and f'put it in quotes: "{key}"' in err.message
    assert (err.line, err.path) == (3, ("refs",))


def test_mapping_as_key(tmp_path):
    err, _ = file_error(tmp_path, "given:\n  ? [a, b]\n  : c\n")
    assert "mapping key must be a plain string" in err.message and err.line == 2


def test_merge_key_is_refused(tmp_path):
    err, _ = file_error(tmp_path, "base: &b {card: x}\ncenter:\n  <<: *b\n")
    assert "merge keys" in err.message and (err.line, err.path) == (3, ("center",))


def test_unknown_alias(tmp_path):
    err, _ = file_error(tmp_path, "a: &board {}\nb: *bord\n")
    assert "unknown alias *bord" in err.message and err.suggestions == ["*board"] and err.line == 2


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_yaml_file(tmp_path / "nope.yaml")
    with pytest.raises(InputError, match="directory"):
        load_yaml_file(tmp_path)


# --- what good input gives -----------------------------------------------------

def test_lines_paths_and_spellings():
    doc = load_yaml_text("a: 1\nb:\n  - x\n  - {c: 8.10, d: yes}\nsource: 2024-09-21\n", "t.yaml")
    assert doc.data == {"a": 1, "b": ["x", {"c": 8.1, "d": True}], "source": "2024-09-21"}
    assert doc.file == "t.yaml"
    assert [doc.line_of(p) for p in [(), ("a",), ("b",), ("b", 0), ("b", 1), ("b", 1, "d")]] == [1, 1, 2, 3, 4, 4]
    assert doc.line_of(("b", 1, "missing")) == 4      # nearest ancestor
    assert doc.line_of(("nothing", "here")) == 1
    assert doc.source_text(("b", 1, "c")) == "8.10" and doc.source_text(("b", 0)) is None
    err = doc.error("bad", ("b", 0), expected="y", suggestions=["z"])
    assert (err.file, err.line, err.path, err.expected, err.suggestions) == ("t.yaml", 3, ("b", 0), "y", ["z"])


def test_aliases_expand_with_lines_of_the_anchor():
    doc = load_yaml_text("board: &b\n  center: x\n  hand: [y]\nother: *b\n")
    assert doc.data["other"] == doc.data["board"] and doc.data["other"] is not doc.data["board"]
    assert doc.line_of(("other",)) == 4 and doc.line_of(("other", "hand")) == 3


def test_bom_and_crlf():
    doc = load_yaml_text("\ufeffa: 1\r\nb: 2\r\n")
    assert doc.data == {"a": 1, "b": 2} and doc.line_of(("b",)) == 2


def test_the_file_is_only_read(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    before = path.stat()
    load_yaml_file(path)
    assert path.read_text(encoding="utf-8") == SCENARIO and path.stat().st_mtime_ns == before.st_mtime_ns


# --- properties ---------------------------------------------------------------

yamlish = st.text(alphabet=st.sampled_from(list("ab1:-[]{}&*!#'\"\n \t,?|>%@`~.<=\\x\x00\x85")), max_size=60)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.one_of(st.text(max_size=60), yamlish))
def test_any_text_loads_or_is_an_input_error(text):
    try:
        doc = load_yaml_text(text, "prop.yaml")
    except InputError as err:
        assert err.file == "prop.yaml"
    else:
        assert isinstance(doc, Document)


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(),
                         st.floats(allow_nan=False), st.text(max_size=10))
json_data = st.recursive(json_scalars,
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                         max_leaves=25)


def paths(value, prefix=()):
    yield prefix
    items = enumerate(value) if isinstance(value, list) else value.items() if isinstance(value, dict) else ()
    for key, child in items:
        yield from paths(child, prefix + (key,))


def strict(value):
    """JSON text that tells True from 1 and 1.0 from 1."""
    return json.dumps(value, sort_keys=True, default=str,
                      separators=(",", ":")) + "|" + "".join(type(v).__name__ for v in _leaves(value))


def _leaves(value):
    if isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, dict):
        for k in sorted(value):
            yield from _leaves(value[k])
    else:
        yield value


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.dictionaries(st.text(max_size=6), json_data, min_size=1, max_size=4))
def test_safe_dump_round_trips_with_a_line_for_every_path(data):
    text = yaml.safe_dump(data)
    doc = load_yaml_text(text)
    assert strict(doc.data) == strict(data)
    n_lines = text.count("\n") + 1
    for path in paths(data):
        line = doc.line_of(path)
        assert isinstance(line, int) and 1 <= line <= n_lines, (path, line)


def test_infinities_round_trip():
    doc = load_yaml_text(yaml.safe_dump({"a": [math.inf, -math.inf]}))
    assert doc.data == {"a": [math.inf, -math.inf]}
