"""Build the OSICA rule index (<version>.json) from the detailed rules, which number nothing.

    python -m judge.games.osica.rules.build [--seeds DIR] [--check]

The document (../shared/seeds/osica-detailed-rules-ja.txt: the publisher's page 「詳細なルールと
テキストの解説」 as text) is headings and statements: bullets (・), notes (※, or a sentence in
parentheses), and the paragraphs of the keyword explanations. The project gives every statement
an identifier, `<topic>.<n>`: the slug of its heading (TOPICS, below) and its place among the
statements under that heading, counted in document order through the detailed part that follows
「さらに詳細なルールを表示する」. Keyword explanations sit under `kw.` (`kw.appeal.1`).
docs/osica-rules.md explains the scheme; in short:

* The JSON is the ledger. A build reads the JSON already written for this version (or else the
  previous version's) and keeps every identifier whose statement it finds again, word for word;
  only a statement it has never seen gets a new number, the next one its topic has never used.
  An identifier whose statement is gone is retired (`retired` in the JSON), and never reused.
* A statement printed twice is one rule: the first place gives its identifier; the second place's
  identifier is an alias of it (`aliases`), and the rule lists both lines.
* Sleeve and tournament-etiquette statements, and lines that only point elsewhere on the page,
  are no rules: they are left out, with their lines and the reason (`left_out`).

A line is parsed by what starts it; a heading is any other line without a full stop, and it must
be in TOPICS or PARTS: a heading the tables do not know stops the build (a new heading in a new
version must get its slug by hand, never fall silently into the topic before it).
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from judge.core import rulebuild
from judge.games.osica.rules import VERSIONS

HERE = Path(__file__).resolve().parent
DEFAULT_SEEDS = (HERE.parents[3] / ".." / "shared" / "seeds").resolve()
SOURCE = "osica-detailed-rules-ja.txt"
VERSION = VERSIONS[-1]     # the version this module builds

# The page's first-level headings. A part with a slug prefixes the slugs of its topics and is a
# heading of the index itself (the keyword explanations: kw.appeal); the others only group topics.
PARTS = {
    "ゲームの目的": None,
    "ゲームの準備": None,
    "ゲームのエリア(領域)": None,
    "ゲームの進行": None,
    "テキスト解説": "kw",
    "特殊な状況": None,
}

# Every second-level heading and its slug: English, short, unique. Never change a slug that is
# in use: it is part of every identifier under it.
TOPICS = {
    # ゲームの目的
    "勝利条件": "win",
    # ゲームの準備
    "デッキ構築": "build",
    "カードスリーブ": "sleeve",
    "リミット、先手、後手カード": "markers",
    # ゲームのエリア(領域)
    "デッキ": "deck",
    "推しエリア/推しキャラ": "oshi",
    "ステージエリア": "stage",
    "アシストエリア": "assist",
    "キャラ/サポート": "chara",
    "ハートエリア/ハート": "heart",
    "コストエリア/コスト/コストを得る/コストを支払う": "cost",
    "ドロップエリア": "drop",
    # ゲームの進行
    "スタートフェイズ": "start",
    "メインフェイズ/【エントリー】": "main",
    "イベントフェイズ/【アクション】": "event",
    "エールフェイズ": "yell",
    "アピールフェイズ/アピール/ガード/限界突破/〔ダブル〕": "appeal",
    "ハートを奪う/〔チャージ〕/〔クリティカル〕/【カウンター】": "steal",
    "エンドフェイズ": "end",
    # テキスト解説 (kw.)
    "《結束X「●●●●」》": "unity-name",        # 結束: bond, by card name
    "《結束X<●●●●>》": "unity-tag",           # 結束: bond, by tag
    "《設計X》(2024/10/7更新)": "design",      # 設計
    "【エントリー:X】": "entry",
    "【アピール:X】": "appeal",
    "【アクション:X】": "action",
    "【プレイ:X】": "play",
    "【カウンター:X】": "counter",
    "〔チャージX〕": "charge",
    "〔スルー〕": "through",
    "〔クリティカル〕": "critical",
    "〔ストップ〕": "stop",
    "〔ダブル〕": "double",
    "〔パワーアップX〕": "power-up",
    "〔滅殺X〕": "annihilate",                  # 滅殺
    "〔応援X〕/応援したなら": "cheer",           # 応援 (not エール, which is yell)
    "〔調合X〕/調合したなら": "compound",        # 調合
    "〔解読X〕/解読したなら": "decode",          # 解読
    "〔演奏X〕/演奏したなら": "perform",         # 演奏
    "〔交信X〕/交信したなら(2024/10/7更新)": "commune",  # 交信
    "Xコストを得る": "gain-cost",
    "エールシンボル+X": "yell-symbol",
    "ランク": "rank",
    "光玉": "light-orb",                       # 光玉
    "キープ": "keep",
    "特別な意味を持つカッコの種類 「」、<>、()、[]": "brackets",
    # 特殊な状況
    "2つ以上の効果や処理が同時に発生した場合": "simultaneous",
    "効果の一部が解決できない場合": "partial",
}

# Topics that are no rules of play: how to sleeve cards and what tournaments may require, and
# marker cards whose use is only recommended. A judge has nothing to rule on; an engine nothing
# to do. (Deck construction's ban on putting marker cards in a deck, build, stays.)
LEFT_OUT_TOPICS = {
    "sleeve": "sleeves and loaders: physical play and tournament etiquette, no rule of the game",
    "markers": "marker cards for the limit and first/second player: their use is recommended, "
               "not required; the statements ask players to keep the limit visible (etiquette)",
}

# Lines that only point elsewhere on the page or introduce an excerpt: no statement of their own.
NAVIGATION = {
    "・エリアやリミットの制限の詳細は、本ページの「ステージエリア」「アシストエリア」の項目を確認して下さい。":
        "navigation: points to the stage and assist area topics (stage, assist)",
    "推しエリアに関するルールの詳細は、このページの「ゲームのエリア(領域)」→「推しエリア」を確認してください。":
        "navigation: points to the oshi area topic (oshi)",
    "以下に一部を抜粋します。": "navigation: introduces the excerpt of the oshi area rules that follows",
}

DETAIL = "さらに詳細なルールを表示する"   # the page's toggle: the statements after it are the details

# Words printed under two headings that are two statements, not one: each speaks of its own
# heading's keyword ("you may choose not to pay" is about 〔滅殺X〕's cost under 〔滅殺X〕 and about
# 〔解読X〕's under 〔解読X〕). Every other text printed twice is one statement.
DISTINCT = {
    "使用しないことも選べます。使用しないなら、Xコストは支払いません。": "kw.entry, kw.appeal: each keyword's own X",
    "※支払わないことも選べます。": "kw.annihilate, kw.decode, kw.perform: each keyword's own X",
}

# Statements whose text has a gap (the page lost something): a note for the judge, text untouched.
NOTES = {
    "エールシンボル+Xされたカードは、がX個増えます。":
        "an icon is lost after 「は、」: by the heading, the yell symbol (the card gets X more)",
    "・メインエリアにいる推しキャラをドロップエリアに移すなら、代わりに推しエリアに裏向きで移します。":
        "「メインエリア」 is defined nowhere on the page; oshi.6 says the same of the stage and assist areas",
    "ハートが奪われる際、ハートを上から見て、その後の処理を行って下さい。":
        "printed without a bullet after heart.5; a statement of its own (stealing hearts, not the set-up order)",
    "■例)「キャラを1枚選び、起こす。このターンの間、そのキャラにAP+4000する」という効果を、起きているキャラ"
    "(縦向きのキャラ)を選んで効果を解決するなら、「起こす」は解決せず、「このターンの間、そのキャラにAP+4000する」は解決できます。":
        "an example of partial.1 (what can be resolved is), printed after partial.2",
    "■例)「手札を2枚ドロップエリアに移す」という効果を、手札が1枚の状態で解決するなら、手札を1枚ドロップエリアに移します。":
        "an example of partial.1 (as much as possible), printed after partial.2",
}


@dataclass
class Statement:
    topic: str            # slug with its part's prefix: "oshi", "kw.appeal"
    kind: str             # bullet (・), note (※ or in parentheses), example (■例), paragraph
    detail: bool          # after the page's "more details" toggle
    text: str
    lines: list[int] = field(default_factory=list)


def norm(text: str) -> str:
    """The text a statement is recognised by: whitespace collapsed, nothing else."""
    return re.sub(r"\s+", " ", text).strip()


def parse(text: str):
    """(headings, statements, left_out) of the page, in document order.

    headings: {slug: (heading text, line, part)}; left_out: [{lines, text, why}].
    """
    headings: dict[str, tuple[str, int, str]] = {}
    statements: list[Statement] = []
    left_out: list[dict] = []
    part = topic = None
    detail = False
    last: Statement | dict | None = None      # what a continuation line continues
    for at, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line in PARTS:
            part, topic = line, None
            if PARTS[line]:
                headings[PARTS[line]] = (line, at, line)
            continue
        if line in TOPICS:
            prefix = PARTS[part] if part else None
            topic = f"{prefix}.{TOPICS[line]}" if prefix else TOPICS[line]
            if topic in headings:
                raise ValueError(f"{SOURCE}:{at}: heading {line!r} gives slug {topic} twice")
            detail, last = False, None
            if TOPICS[line] in LEFT_OUT_TOPICS:
                left_out.append({"lines": [at], "text": line, "why": LEFT_OUT_TOPICS[TOPICS[line]]})
            else:
                headings[topic] = (line, at, part)
            continue
        if line == DETAIL:
            detail, last = True, None
            continue
        if part is None:
            continue                          # the page's title and introduction
        if "。" not in line and not line.startswith(("・", "※")):
            raise ValueError(f"{SOURCE}:{at}: {line!r} reads as a heading that TOPICS does not know")
        if raw[:1].isspace() and last is not None:
            # A line indented under a bullet ("ただし、..."): part of the statement.
            if isinstance(last, Statement):
                last.text += " " + line
                last.lines.append(at)
            else:
                last["text"] += " " + line
                last["lines"].append(at)
            continue
        if line in NAVIGATION:
            left_out.append({"lines": [at], "text": line, "why": NAVIGATION[line]})
            last = None
            continue
        slug = topic.rpartition(".")[2]
        if slug in LEFT_OUT_TOPICS:
            last = {"lines": [at], "text": line, "why": LEFT_OUT_TOPICS[slug]}
            left_out.append(last)
            continue
        if line.startswith("・"):
            kind, body = "bullet", line[1:]
        elif line.startswith(("※", "(")):
            kind, body = "note", line
        elif line.startswith("■例)"):
            kind, body = "example", line      # a ruling of its own: cited apart from its rule
        else:
            kind, body = "paragraph", line
        last = Statement(topic, kind, detail, body, [at])
        statements.append(last)
    return headings, statements, left_out


def number_of(identifier: str) -> int:
    return int(identifier.rpartition(".")[2])


def key(topic: str, text: str) -> str:
    """What a statement is known by from one build to the next: its words; and its heading too
    for the words that DISTINCT says are several statements."""
    text = norm(text)
    return f"{topic}|{text}" if text in DISTINCT else text


ALIAS = "(an alias of "           # a retired alias's entry in `retired`: "(an alias of oshi.2)"


def assign(statements: list[Statement], ledger: dict | None):
    """Identifiers for the statements: {id: statement}, {alias: id}, {alias: its line},
    {retired id: text}.

    Without a ledger (the first version) a statement's identifier is its place in its topic; a
    statement printed before takes the first one's identifier and its own place becomes an alias.
    With a ledger (an earlier build), a statement keeps the identifier of the same words (a
    retired one comes back with its words), an alias its place, and a new statement gets the next
    number its topic has never used.
    """
    known: dict[str, str] = {}                      # key -> id
    known_alias: dict[tuple[str, str], str] = {}    # (topic, id) -> alias in that topic
    used: dict[str, int] = {}                       # topic -> highest number ever given
    retired: dict[str, str] = {}
    if ledger:
        retired = dict(ledger.get("retired") or {})
        known = {key(r["parent"], r["text"]): r["number"] for r in ledger["rules"] if not r["title"]}
        was_alias = {i: t[len(ALIAS):-1] for i, t in retired.items() if t.startswith(ALIAS)}
        known.update({key(i.rpartition(".")[0], t): i for i, t in retired.items() if i not in was_alias})
        # An alias is known by its place's topic and the rule it names, retired or not.
        for alias, target in [*was_alias.items(), *(ledger.get("aliases") or {}).items()]:
            known_alias[(alias.rpartition(".")[0], target)] = alias
        for identifier in [*known.values(), *known_alias.values(), *retired]:
            topic = identifier.rpartition(".")[0]
            used[topic] = max(used.get(topic, 0), number_of(identifier))

    def fresh(topic: str) -> str:
        used[topic] = used.get(topic, 0) + 1
        return f"{topic}.{used[topic]}"

    rules: dict[str, Statement] = {}
    by_key: dict[str, str] = {}
    aliases: dict[str, str] = {}
    alias_lines: dict[str, int] = {}
    for s in statements:
        k = key(s.topic, s.text)
        if k in by_key:                         # printed before: one rule, this place an alias
            target = by_key[k]
            rules[target].lines.extend(s.lines)
            alias = known_alias.get((s.topic, target)) or fresh(s.topic)
            retired.pop(alias, None)
            aliases[alias] = target
            alias_lines[alias] = s.lines[0]
            continue
        identifier = known.get(k) or fresh(s.topic)
        retired.pop(identifier, None)           # the words are back: so is their identifier
        rules[identifier] = s
        by_key[k] = identifier
    if ledger:
        current = set(rules) | set(aliases)
        retired.update({r["number"]: r["text"] for r in ledger["rules"]
                        if not r["title"] and r["number"] not in current})
        retired.update({a: f"{ALIAS}{t})" for a, t in (ledger.get("aliases") or {}).items()
                        if a not in current})
    return rules, aliases, alias_lines, retired


def build(seeds_dir: Path = DEFAULT_SEEDS, ledger: dict | None = None, version: str = VERSION) -> dict:
    """The JSON document of the page; `ledger`: an earlier build whose identifiers are kept."""
    text = (seeds_dir / SOURCE).read_text(encoding="utf-8")
    headings, statements, left_out = parse(text)
    rules, aliases, alias_lines, retired = assign(statements, ledger)
    entries = []
    for slug, (heading, line, part) in headings.items():
        parent = slug.rpartition(".")[0] or None
        entry = {"number": slug, "text": heading, "parent": parent, "title": True, "lines": [line]}
        if parent is None and part != heading:
            entry["part"] = part
        entries.append(entry)
        for identifier, s in rules.items():
            if identifier.rpartition(".")[0] == slug:
                entry = {"number": identifier, "text": s.text, "parent": slug, "title": False,
                         "lines": sorted(s.lines), "kind": s.kind, "detail": s.detail}
                notes = []
                if s.topic != slug:
                    notes.append(f"now printed under {s.topic}")
                notes += [f"printed again at line {alias_lines[a]}, where its place is {a}"
                          for a, t in aliases.items() if t == identifier]
                notes += [note for needle, note in NOTES.items() if norm(needle.lstrip("・")) == norm(s.text)]
                if notes:
                    entry["notes"] = notes
                entries.append(entry)
    missing = [i for i in rules if i.rpartition(".")[0] not in headings]
    if missing:
        raise ValueError(f"identifiers whose topic has no heading in this version: {missing}")
    return {"game": "osica", "version": version, "language": "ja", "source": SOURCE,
            "rules": entries, "aliases": aliases, "retired": retired, "left_out": left_out}


def ledger_for(version: str, out: Path = HERE) -> dict | None:
    """The build whose identifiers a build of `version` keeps: this version's JSON when it exists,
    else the newest JSON of a version before it; None for a first version."""
    for v in reversed(VERSIONS[:VERSIONS.index(version) + 1]):
        path = out / f"{v}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
    return None


def main(argv: list[str] | None = None) -> int:
    args = rulebuild.arguments(__doc__.splitlines()[0], HERE, DEFAULT_SEEDS, argv)
    data = build(args.seeds, ledger_for(VERSION, args.out))
    return rulebuild.write_or_check([(args.out / f"{VERSION}.json", data)], args.check, what="entries")


if __name__ == "__main__":
    sys.exit(main())
