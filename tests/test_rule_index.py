"""The hololive rule indexes: complete, well-formed, and in sync with the rule documents."""
from __future__ import annotations

import re

import pytest

from judge.core.errors import InputError
from judge.core.ruleindex import RuleIndex, sort_key
from judge.games.hololive.rules import VERSIONS, build, rule_index
from judge.report.rules_view import render_rule

# Gaps in the child numbering that are really in the documents, {(version, parent): reason}.
# There are none: 1.9.0 and 1.3.0 number every level 1..n. (The one misprint found,
# 1.3.0 "4.14.4" printed under 4.13, is corrected to 4.13.4 by the builder's errata.)
ALLOWED_GAPS: dict[tuple[str, str | None], str] = {}

# Rules whose text starts with a rule number on purpose: a back reference, not a missed split.
NUMBER_FIRST = {
    ("1.9.0", "7.7.6"): "7.7.4",     # "7.7.4のチェックタイミングで..."
    ("1.9.0", "8.4.4"): "8.4.2",     # "8.4.2 で選んだホロメンをコラボします"
    ("1.9.0", "12.3.4.5"): "12.3.3.2",  # "12.3.3.2 で選んだ対象のホロメンに..."
}

# Sanity range of the number of entries (headings + rules) of each version.
COUNTS = {"1.9.0": (580, 680), "1.3.0": (530, 620)}

LEADING_NUMBER = re.compile(r"(\d+(?:\.\d+)+)")


@pytest.fixture(params=VERSIONS)
def index(request) -> RuleIndex:
    return rule_index(request.param)


def test_metadata(index):
    assert index.game == "hololive"
    assert index.version in VERSIONS
    assert index.language == {"1.9.0": "ja", "1.3.0": "en"}[index.version]


def test_count_in_sanity_range(index):
    low, high = COUNTS[index.version]
    assert low <= len(index) <= high


def test_numbers_unique_and_in_document_order(index):
    numbers = [r.number for r in index]
    assert len(numbers) == len(set(numbers))
    # Depth-first numbering: document order is numeric order (out-of-order numbers would show here).
    assert numbers == sorted(numbers, key=sort_key)


def test_every_parent_exists(index):
    for rule in index:
        if rule.parent is None:
            assert "." not in rule.number
        else:
            assert rule.parent in index, rule.number
            assert rule.number.rpartition(".")[0] == rule.parent


def test_children_numbered_without_gaps(index):
    parents = [None] + [r.number for r in index]
    for parent in parents:
        kids = [sort_key(r.number)[-1] for r in index.children(parent)]
        if kids and kids != list(range(1, len(kids) + 1)):
            assert (index.version, parent) in ALLOWED_GAPS, f"{parent}: children {kids}"


def test_no_missed_split(index):
    for rule in index:
        assert rule.text, rule.number
        m = LEADING_NUMBER.match(rule.text)
        if m:
            assert NUMBER_FIRST.get((index.version, rule.number)) == m.group(1), rule.number
            assert sort_key(m.group(1)) < sort_key(rule.number)  # a back reference
        # Two rules run together: "...ません。 4.14.4 There is..." (a rule number after a full stop).
        assert not re.search(r"[.。] \d+(\.\d+)+ ", rule.text), rule.number


def test_text_is_clean(index):
    for rule in index:
        assert "**" not in rule.text and "](#)" not in rule.text, rule.number
        assert rule.text == rule.text.strip() and "  " not in rule.text, rule.number
        assert not rule.text.startswith(("-", "#")), rule.number


def test_headings(index):
    for rule in index:
        if rule.parent is None:
            assert rule.title, rule.number
        if rule.number.count(".") >= 2:
            assert not rule.title, rule.number


def test_builder_output_is_on_disk():
    """Nobody hand-edits the JSON: it is exactly what the builder makes of the documents."""
    if not build.DEFAULT_SEEDS.is_dir():
        pytest.skip(f"rule documents not found in {build.DEFAULT_SEEDS}")
    for seed in build.SEEDS:
        on_disk = (build.HERE / f"{seed.version}.json").read_text(encoding="utf-8")
        assert on_disk == build.dump(build.build(seed, build.DEFAULT_SEEDS)), seed.version


# --- spot checks of the texts ---------------------------------------------------------------

def test_spot_checks_1_9_0():
    rules = rule_index("1.9.0")
    assert "ターンプレイヤー" in rules.get("10.6.3.2").text
    assert rules.get("10.6").title and rules.get("10.6").text == "チェックタイミングとプレイタイミング"
    assert "11.3.2" in rules and "2.11.2.4" in rules
    assert rules.get("5.14").text == "Bloom する"
    # Continuation lines after page breaks were appended to the rule they continue.
    assert "相手のホロメンにダメージ" in rules.get("9.1.1").text
    assert "待機状態が1回取り消されます" in rules.get("10.8.3").text
    assert "ホロメンであるカードと" in rules.get("4.4.4").text
    assert rules.get("14.1.1.2").text.endswith("その際に行った行動を再び行うことはできません。")
    # Examples and bulleted conditions belong to the rule before them.
    assert "例:‘サポートカード’" in rules.get("2.15.1").text
    assert rules.get("8.3.2").text.count("◆") == 3
    # The body is right where the table of contents is stale.
    assert rules.get("13").text == "キーワードとキーワード能力"
    assert rules.get("14").text == "その他"
    assert [r.number for r in rules.children(None)] == [str(n) for n in range(1, 15)]
    # Picture captions are not rule text.
    assert not any("①" in r.text for r in rules)


def test_spot_checks_1_3_0():
    rules = rule_index("1.3.0")
    assert rules.get("5.13").text == "Bloom"
    assert "11.3.1.2" in rules and "11.3.2" not in rules  # several Downs at once: added after 1.3.0
    assert rules.get("4.13.4").text.startswith("There is no limit")  # printed as 4.14.4
    assert "shared by both players" in rules.get("4.16.1").text
    assert "Example: 'Support card'" in rules.get("2.15.1").text
    assert not rules.get("12.1").title  # a sentence numbered at heading level
    assert not any("additional note" in r.text or "wonky" in r.text for r in rules)
    assert [r.number for r in rules.children(None)] == [str(n) for n in range(1, 14)]


# --- the RuleIndex API ----------------------------------------------------------------------

def test_navigation():
    rules = rule_index("1.9.0")
    assert [r.number for r in rules.children("10.6.3")] == ["10.6.3.1", "10.6.3.2", "10.6.3.3", "10.6.3.4"]
    assert [r.number for r in rules.ancestors("10.6.3.2")] == ["10", "10.6", "10.6.3"]
    assert rules.ancestors("10") == []
    below = [r.number for r in rules.descendants("4.4.2")]
    assert below == ["4.4.2.1", "4.4.2.1.1", "4.4.2.2", "4.4.2.3"]
    assert len(rules.descendants("10")) == sum(1 for r in rules if rules.section(r.number) == "10") - 1
    assert rules.section("10.6.3.2") == "10"
    assert rules.get("10.6.3.2").parent == "10.6.3"
    with pytest.raises(KeyError):
        rules.get("10.6.33")
    with pytest.raises(KeyError):
        rules.section("99.1")
    assert "10.6.33" not in rules


def test_closest():
    rules = rule_index("1.9.0")
    assert rules.closest("10.6.33")[0] == "10.6.3"
    assert "10.6" in rules.closest("10.6.33")
    assert rules.closest("10.6.3") == ["10.6.3"]
    assert len(rules.closest("nonsense", n=2)) == 2


def test_sort_key():
    assert sort_key("10.2") < sort_key("10.10") and sort_key("2") < sort_key("10")


def test_rule_index_is_cached_and_checks_version():
    assert rule_index("1.9.0") is rule_index() is rule_index("1.9.0")
    with pytest.raises(InputError) as err:
        rule_index("1.9")
    assert "1.9.0" in err.value.suggestions


def test_render_rule():
    rules = rule_index("1.9.0")
    lines = render_rule(rules, "4.4.2").splitlines()
    assert lines[0] == "4 領域 > 4.4 ホロメン"
    assert lines[1].startswith("4.4.2 1人のホロメンは")
    assert lines[2].startswith("  4.4.2.1 ") and lines[3].startswith("    4.4.2.1.1 ")
    assert len(lines) == 2 + 4
    with pytest.raises(InputError) as err:
        render_rule(rules, "10.6.33")
    assert err.value.suggestions[0] == "10.6.3"
