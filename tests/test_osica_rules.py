"""The OSICA rule index: every statement of the page has an identifier, the identifiers hold from
one build to the next, and nothing of the page is dropped without a recorded reason."""
from __future__ import annotations

import json
import re

import pytest

from judge.core.ruleindex import RuleIndex
from judge.games.osica.rules import LATEST, build, rule_index
from judge.report.rules_view import render_rule

SEEDS = build.DEFAULT_SEEDS
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"rule documents not found in {SEEDS}")
IDENTIFIER = re.compile(r"(kw\.)?[a-z]+(-[a-z]+)*\.\d+")


@pytest.fixture(scope="module")
def index() -> RuleIndex:
    return rule_index()


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads((build.HERE / f"{LATEST}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def source() -> list[str]:
    if not SEEDS.is_dir():
        pytest.skip(f"rule documents not found in {SEEDS}")
    return (SEEDS / build.SOURCE).read_text(encoding="utf-8").splitlines()


def statements(index):
    return [r for r in index if not r.title]


def test_counts(index, data):
    assert (index.game, index.version, index.language) == ("osica", "2024-10-07", "ja")
    assert len(statements(index)) == 221
    assert sum(r.title for r in index) == 46            # 45 topics and the keyword part, kw
    assert len(index) == 267
    assert len(data["aliases"]) == 6 and data["retired"] == {}
    assert len(data["left_out"]) == 20


def test_identifiers_and_hierarchy(index):
    for rule in index:
        if rule.title:
            assert not rule.number[-1].isdigit(), rule.number
        else:
            assert IDENTIFIER.fullmatch(rule.number), rule.number
        if rule.parent is not None:
            assert rule.parent in index and index.get(rule.parent).title, rule.number
            assert rule.number.rpartition(".")[0] == rule.parent, rule.number
        else:
            assert rule.title and "." not in rule.number, rule.number
    assert [r.number for r in index.children("kw")][:3] == ["kw.unity-name", "kw.unity-tag", "kw.design"]


def test_every_heading_has_its_slug(index):
    """The slug table and the page agree: each heading once, in the index unless left out."""
    headings = {r.text: r.number.rpartition(".")[2] for r in index if r.title and r.number != "kw"}
    kept = {h: s for h, s in build.TOPICS.items() if s not in build.LEFT_OUT_TOPICS}
    assert headings == kept
    # Slugs are unique but for the appeal phase (appeal) and the keyword 【アピール:X】 (kw.appeal).
    slugs = list(build.TOPICS.values())
    assert {s for s in slugs if slugs.count(s) > 1} == {"appeal"}


def test_each_statement_is_its_lines_verbatim(index, data, source):
    """The text of a statement is what its lines say (the bullet aside); a statement printed
    twice is on two lines, both saying it."""
    alias_lines = {}
    for rule in statements(index):
        texts = [source[n - 1].strip() for n in rule.lines]
        first = texts[0].removeprefix("・")
        if len(texts) > 1 and all(t.removeprefix("・") == first for t in texts):
            alias_lines[rule.number] = rule.lines[1:]
            assert rule.text == first, rule.number
        else:
            assert rule.text == " ".join(t.removeprefix("・") for t in texts), rule.number
    # The alias of each duplicate is one of its lines, and the alias sits in that line's topic.
    assert sorted(data["aliases"].values()) == sorted(n for n, ls in alias_lines.items() for _ in ls)


def test_nothing_of_the_page_is_dropped_silently(index, data, source):
    """Every line after the page's introduction is a heading, the toggle, a statement's, or left
    out with a reason."""
    accounted = {n for r in index for n in r.lines}
    accounted |= {n for e in data["left_out"] for n in e["lines"]}
    assert all(e["why"] for e in data["left_out"])
    first = source.index("ゲームの目的") + 1
    rest = {n for n, line in enumerate(source, start=1) if n >= first and line.strip()
            and line.strip() not in build.PARTS and line.strip() != build.DETAIL}
    assert rest - accounted == set()


def test_left_out(data):
    why = {n: e["why"] for e in data["left_out"] for n in e["lines"]}
    assert all(why[n].startswith("sleeves") for n in [39, 41, 42, 43, 44, 45, *range(50, 58)])
    assert all(why[n].startswith("marker cards") for n in (59, 61, 62, 63))
    assert all(why[n].startswith("navigation") for n in (207, 452, 453))
    # The ban on marker cards in a deck is a rule of deck construction: kept.
    assert rule_index().get("build.8").text.startswith("「リミットカード」「先手カード」「後手カード」")


def test_duplicates_are_one_statement(index, data):
    assert data["aliases"] == {"main.2": "chara.3", "main.3": "oshi.2", "main.4": "oshi.4",
                               "kw.keep.5": "oshi.7", "kw.keep.6": "oshi.9", "kw.keep.7": "oshi.10"}
    assert index.get("oshi.2").lines == (81, 200)
    assert index.resolve("main.3") == "oshi.2" and "main.3" not in index
    # The same words under several keywords are several statements (each about its own X).
    notes = [r.number for r in statements(index) if r.text == "※支払わないことも選べます。"]
    assert notes == ["kw.annihilate.2", "kw.decode.2", "kw.perform.2"]
    for text in build.DISTINCT:
        assert sum(r.text == text for r in statements(index)) >= 2, text


def test_kinds_and_details(index, data):
    kinds = {r.number: r for r in statements(index)}
    kind = {r["number"]: r.get("kind") for r in data["rules"]}
    detail = {r["number"]: r.get("detail") for r in data["rules"]}
    assert kind["win.1"] == "bullet" and not detail["win.1"] and detail["win.3"]
    assert kind["build.3"] == "note" and kind["kw.appeal.1"] == "paragraph"
    assert kind["partial.3"] == kind["partial.4"] == "example"
    assert kind["kw.keep.8"] == "note" and kinds["kw.keep.8"].text == "※手札に移す効果は強制です。"


def test_pinned_identifiers(index):
    """The identifiers scenarios will cite: each names the same words in every build."""
    starts = {
        "win.1": "相手のハートが0枚の状態で、さらにハートを奪うことができれば",
        "win.2": "相手のデッキが0枚になったら、あなたの勝利です。",
        "deck.3": "デッキのカードの順番を変えてはいけません。",
        "stage.3": "ステージエリアにいるキャラのレベルの合計がリミットを超えてはいけません。",
        "start.1": "スタートフェイズの手順は「カードを1枚引く」「リミットを+2する」",
        "appeal.8": "アピールしているキャラが限界突破しているなら、奪うハートの枚数に+1します。",
        "end.4": "厳密なルールは「エンドフェイズに手札の枚数が手札上限より多いなら",
        "kw.appeal.2": "使用しないことも選べます。使用しないなら、Xコストは支払いません。",
        "kw.yell-symbol.1": "エールシンボル+Xされたカードは、がX個増えます。",
        "partial.3": "■例)「キャラを1枚選び、起こす。",
    }
    for identifier, start in starts.items():
        assert index.get(identifier).text.startswith(start), identifier


def test_notes_on_the_gaps(index):
    noted = [r for r in statements(index) if set(r.notes) & set(build.NOTES.values())]
    assert len(noted) == len(build.NOTES)              # each note found its statement
    assert any("メインエリア" in n for n in index.get("start.3").notes)
    assert any("icon is lost" in n for n in index.get("kw.yell-symbol.1").notes)
    assert any("printed again at line 200" in n for n in index.get("oshi.2").notes)


def test_rules_show(index):
    out = render_rule(index, "main.3")
    assert out.startswith("main.3 is oshi.2") and "lines 81, 200" in out
    assert "kw.appeal.2 使用しないことも選べます" in render_rule(index, "kw.appeal")
    assert index.closest("kw.apeal.2")[0] == "kw.appeal.2"


# --- stable identifiers -------------------------------------------------------------------------

@needs_seeds
def test_builder_output_is_on_disk(data):
    """Nobody hand-edits the JSON: it is what the builder makes of the page with itself as the
    ledger, and a first build (no ledger) gives the same identifiers."""
    assert build.build(SEEDS, data) == data
    assert build.build(SEEDS, None) == build.build(SEEDS, None) == data
    assert build.main(["--check"]) == 0


def _page_changed(tmp_path, source: list[str], edits: dict[int, str | None], insert: dict[int, str]):
    """The page with lines replaced (None: removed) and lines inserted before a line number."""
    out = []
    for n, line in enumerate(source, start=1):
        out += insert.get(n, [])
        if edits.get(n, line) is not None:
            out.append(edits.get(n, line))
    (tmp_path / build.SOURCE).write_text("\n".join(out), encoding="utf-8")
    return tmp_path


@needs_seeds
def test_a_new_page_keeps_every_identifier_it_can(tmp_path, data, source):
    page = _page_changed(tmp_path, source,
                         edits={10: None,                                     # win.2 removed
                                71: "・デッキのカードの順番を入れ替えてはいけません。",      # deck.3 reworded
                                200: None},                                   # one copy of oshi.2 (main.3)
                         insert={99: ["・ステージエリアに新しいルールがあります。"],      # before stage.3
                                 15: ["・相手のデッキが0枚になったら、あなたの勝利です。"]})  # win.2 moved
    new = build.build(page, data, version="next")
    old = {r["number"]: r["text"] for r in data["rules"]}
    now = {r["number"]: r["text"] for r in new["rules"]}
    # Every identifier still in use names the same words; the moved statement kept its own.
    assert all(old[i] == t for i, t in now.items() if i in old and i != "deck.3")
    assert now["win.2"] == old["win.2"] and now["stage.3"] == old["stage.3"]
    # New words get numbers their topic never used; the old ones retire and are never reused.
    assert now["stage.13"] == "ステージエリアに新しいルールがあります。"
    assert now["deck.5"] == "デッキのカードの順番を入れ替えてはいけません。" and "deck.3" not in now
    assert new["retired"] == {"deck.3": old["deck.3"], "main.3": "(an alias of oshi.2)"}
    # A second change: the retired numbers stay taken, and the old words bring theirs back.
    (tmp_path / "again").mkdir()
    page = _page_changed(tmp_path / "again", source, edits={}, insert={72: ["・デッキの上に新しいルール。"]})
    again = build.build(page, new, version="next2")
    now = {r["number"]: r["text"] for r in again["rules"]}
    assert now["deck.3"] == old["deck.3"]                       # the original words are back
    assert now["deck.6"] == "デッキの上に新しいルール。"            # deck.5 was given once
    assert "deck.5" in again["retired"] and again["aliases"]["main.3"] == "oshi.2"


@needs_seeds
def test_an_unknown_heading_stops_the_build(tmp_path, source):
    page = _page_changed(tmp_path, source, edits={}, insert={95: ["新しいエリア", ""]})
    with pytest.raises(ValueError, match="TOPICS does not know"):
        build.build(page, None)
