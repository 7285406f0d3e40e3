"""The Love Live! OCG rule index (1.06): complete, well-formed, the errata applied and recorded,
in sync with the document, and the rule-map convention for the versions to come."""
from __future__ import annotations

import dataclasses
import json
import re

import pytest
import yaml

from judge.core.ruleindex import RuleIndex, sort_key
from judge.core.rulemap import RuleMap
from judge.games.lovelive.rules import DOCUMENTS, VERSIONS, build, rule_index
from judge.report.rules_view import render_rule

SEEDS = build.DEFAULT_SEEDS
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"rule documents not found in {SEEDS}")

# Entries (headings and rules) per section, counted from the document: 518 in 12 sections.
PER_SECTION = {"1": 24, "2": 66, "3": 9, "4": 84, "5": 37, "6": 16, "7": 34, "8": 56, "9": 119,
               "10": 24, "11": 43, "12": 6}


@pytest.fixture(scope="module")
def index() -> RuleIndex:
    return rule_index("1.06")


def test_metadata(index):
    assert (index.game, index.version, index.language) == ("lovelive", "1.06", "ja")
    assert index.source == "lovelive-ocg-comprehensive-rules-1.06-ja.txt"


def test_entries_per_section(index):
    assert len(index) == 518 == sum(PER_SECTION.values())
    counts = {top.number: 1 + len(index.descendants(top.number)) for top in index.children(None)}
    assert counts == PER_SECTION
    assert sum(r.title for r in index) == 98     # 12 sections and 86 headings under them


def test_every_parent_exists_and_numbers_follow_the_document(index):
    numbers = [r.number for r in index]
    assert numbers == sorted(numbers, key=sort_key)
    for rule in index:
        if rule.parent is None:
            assert "." not in rule.number and rule.title
        else:
            assert rule.parent in index and rule.number.rpartition(".")[0] == rule.parent, rule.number
        kids = [sort_key(c.number)[-1] for c in index.children(rule.number)]
        assert kids == list(range(1, len(kids) + 1)), rule.number


def test_headings_are_the_one_and_two_level_numbers(index):
    for rule in index:
        assert rule.title == (rule.number.count(".") <= 1), rule.number


def test_no_table_of_contents_or_appendix(index):
    assert [r.number for r in index.children(None)] == [str(n) for n in range(1, 13)]
    assert index.get("1").text == "ゲームの概要" and index.get("12").text == "その他"
    assert not any("\t" in r.text or "Aqours" in r.text or "©" in r.text or "初版作成" in r.text for r in index)
    assert index.get("12.1.1.3").text.endswith("ゲームは引き分けで終了します。")


def test_text_is_clean(index):
    for rule in index:
        assert "**" not in rule.text, rule.number              # the change marks are stripped
        assert rule.text == rule.text.strip() and "  " not in rule.text, rule.number
        assert not rule.text.startswith(("-", "#")), rule.number
        # A rule number right after a full stop: two rules run together.
        assert not re.search(r"。 ?\d+(\.\d+)+\. ", rule.text), rule.number
    assert index.get("4.5.5.4.1").text.startswith("重ねられていたメンバーカードは")
    assert index.get("4.5.7").text.startswith("プレイヤーが持つメンバーエリアは")


def test_split_paragraphs_are_joined(index):
    assert "存在することは保証されません。" in index.get("4.1.2.3").text
    assert index.get("4.1.2.3").lines == (217, 219)
    assert "アクティブ状態のエネルギー 1 枚" in index.get("5.9.1").text
    assert index.get("10.6.1").text.startswith("解決領域に現在プレイ中") and "が存在する場合" in index.get("10.6.1").text
    # The bulleted conditions of 2.11.3 belong to it.
    assert index.get("2.11.3").text.count("◆") == 2 and index.get("2.11.3").lines == (156, 158, 159)


# --- the errata (../shared/seeds/lovelive-errata.md) -----------------------------------------

def test_the_two_reversing_errata_are_applied(index):
    for number in ("9.1.1.1", "9.5.2"):
        text = index.get(number).text
        assert "能動的に" in text and "自動的に" not in text, number
        assert any("自動的に" in n and "能動的に" in n for n in index.get(number).notes), number
    # 9.1.1.2 says 自動的に on purpose (automatic abilities): no erratum there.
    assert "自動的にプレイされる" in index.get("9.1.1.2").text and not index.get("9.1.1.2").notes


def test_the_other_errata_are_applied(index):
    assert index.get("9.6.2.3.1").text.endswith("「そのカードのコストの値に等しい数の{エネルギー}を払う」です。")
    assert index.get("9.6.2.3.2").text.count("{エネルギー}") == 2 and "」" not in index.get("9.6.2.3.2").text
    assert index.get("10.5.4").text.startswith("いずれかのメンバーエリアに、上に重なっているメンバーの無いエネルギーカード")
    assert "数値" in index.get("2.8.2").text and "值" not in index.get("2.8.2").text
    assert "\U0001f5e1" not in index.get("2.8.2").text and "({ブレード})" in index.get("2.8.2").text
    for number in ("4.3.2", "4.3.3"):
        assert "持ったり" in index.get(number).text and "持つたり" not in index.get(number).text


def test_errata_are_recorded_with_their_lines():
    data = json.loads((build.HERE / "1.06.json").read_text(encoding="utf-8"))
    recorded = {(e["line"], e["rule"], e["file"], e["pdf"]) for e in data["errata"]}
    assert (529, "9.1.1.1", "自動的に", "能動的に") in recorded
    assert (569, "9.5.2", "自動的に", "能動的に") in recorded
    assert {e["line"] for e in data["errata"]} == {132, 249, 257, 529, 569, 592, 594, 727}
    index = rule_index()
    for e in data["errata"]:
        rule = index.get(e["rule"])
        # (10.5.4's erratum is on its number: what is left of the correction after it is empty.)
        assert e["line"] in rule.lines and re.sub(r"^[\d.]+\. ", "", e["pdf"]) in rule.text, e
        assert any(f"line {e['line']}" in n and e["file"] in n for n in rule.notes), e


def test_balanced_brackets(index):
    """The lost icons left stray closing brackets; none remains."""
    for rule in index:
        for a, b in ("「」", "『』", "()", "‘’"):
            assert rule.text.count(a) == rule.text.count(b), (rule.number, a + b)


def test_blank_icons_are_kept_and_noted(index):
    # The PDF's own text layer is blank there: the text stays as it is, a note reads the icon.
    assert index.get("8.3.12.1").text.startswith("アイコン 1 つにつき")
    assert any("draw" in n for n in index.get("8.3.12.1").notes)
    assert any("energy" in n for n in index.get("9.4.3").notes)


@needs_seeds
def test_an_erratum_that_no_longer_matches_stops_the_build(tmp_path):
    text = (SEEDS / build.SEED.file).read_text(encoding="utf-8").replace("コストを支払うことによって自動的に",
                                                                         "コストを支払うことによって能動的に")
    (tmp_path / build.SEED.file).write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="line 529|:529:"):
        build.build(build.SEED, tmp_path)


@needs_seeds
def test_an_erratum_on_the_wrong_rule_stops_the_build():
    wrong = dataclasses.replace(build.ERRATA[0], rule="9.1.1.2")
    with pytest.raises(ValueError, match="not in that rule"):
        build.build(dataclasses.replace(build.SEED, errata=(wrong,)), SEEDS)


# --- in sync with the document; stable --------------------------------------------------------

@needs_seeds
def test_builder_output_is_on_disk():
    """Nobody hand-edits the JSON: it is exactly what the builder makes of the document."""
    on_disk = (build.HERE / "1.06.json").read_text(encoding="utf-8")
    assert on_disk == build.rulebuild.dump(build.build()) == build.rulebuild.dump(build.build())
    assert build.main(["--check"]) == 0


def test_pinned_numbers(index):
    """Rule numbers are the document's: each names the same text in every build."""
    starts = {
        "1.2.1.1": "いずれかのプレイヤーの成功ライブカード置き場のカードが 3 枚以上あり",
        "6.2.1.5": "各プレイヤーは自身のメインデッキ置き場の上から 6 枚のカードを",
        "8.3.11": "手番プレイヤーは、自身のメインデッキの一番上のカードを解決領域に移動する処理を",
        "9.6.2.3.2.1": "これによりコストを減らす処理を「バトンタッチ」と呼び",
        "10.3.1": "いずれかのプレイヤーの勝利ライブカード置き場にカードが3枚以上ある場合",
        "11.11.2": "この効果で 1 つのエリアに 2 人以上のメンバーを移動させることはできない。",
    }
    for number, start in starts.items():
        assert index.get(number).text.startswith(start), number


def test_rules_show_prints_the_erratum(index):
    out = render_rule(index, "9.1.1")
    assert "9.1.1.1 起動能力とは" in out and "note: erratum (line 529)" in out
    assert "source: lovelive-ocg-comprehensive-rules-1.06-ja.txt, line 528" in out


# --- the rule map convention (docs/versions.md) -------------------------------------------------

def test_every_pair_of_consecutive_versions_has_a_complete_map():
    """Empty today (one version); the day 1.07 is added, its map must account for every rule."""
    for old, new in zip(VERSIONS, VERSIONS[1:]):
        m = DOCUMENTS.rule_map(old, new)
        assert m.problems(rule_index(old), rule_index(new)) == [], (old, new)


def _edited(index: RuleIndex, version: str, **changes) -> RuleIndex:
    """A copy of `index` as another version: {number: new text, or None to drop it}."""
    rules = [dataclasses.replace(r, text=changes.get(r.number, r.text)) for r in index
             if changes.get(r.number, "") is not None]
    return RuleIndex(index.game, version, index.language, rules)


def _map(tmp_path, text: str) -> RuleMap:
    path = tmp_path / "map-1.06-1.07.yaml"
    path.write_text(text, encoding="utf-8")
    return RuleMap.load(path)


def test_an_empty_map_is_valid_between_identical_versions(tmp_path, index):
    m = _map(tmp_path, 'from: "1.06"\nto: "1.07"\nunlisted: same\nmap: {}\nremoved: {}\nadded: {}\n')
    m = m.completed(index, _edited(index, "1.07"))
    assert m.problems(index, _edited(index, "1.07")) == []
    assert m.forward("9.1.1.1") == "9.1.1.1" and m.cite_map() == {}


def test_an_empty_map_refuses_a_change_nobody_described(tmp_path, index):
    new = _edited(index, "1.07", **{"6.2.1.5": "各プレイヤーは自身のメインデッキ置き場の上から 7 枚のカードを手札に移動します。",
                                    "12.1.1.3": None})
    empty = _map(tmp_path, 'from: "1.06"\nto: "1.07"\nunlisted: same\n')
    problems = empty.completed(index, new).problems(index, new)
    assert any(p.startswith("6.2.1.5: unlisted, but its text changed") for p in problems)
    assert any(p.startswith("12.1.1.3: a 1.06 rule neither mapped nor removed") for p in problems)
    described = _map(tmp_path, yaml.safe_dump({
        "from": "1.06", "to": "1.07", "unlisted": "same",
        "map": {"6.2.1.5": {"to": "6.2.1.5", "changed": "a 7-card opening hand"}},
        "removed": {"12.1.1.3": "no draw by endless loop"}}, allow_unicode=True))
    assert described.completed(index, new).problems(index, new) == []


def test_a_map_without_unlisted_same_lists_every_rule(tmp_path, index):
    """hololive's convention: nothing is implicit, so an empty map accounts for nothing."""
    m = _map(tmp_path, 'from: "1.06"\nto: "1.07"\n')
    assert m.completed(index, index) is m
    assert len(m.problems(index, _edited(index, "1.07"))) == 2 * len(index)
