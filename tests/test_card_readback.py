"""Every compiled entry read back (`judge cards show`, cardtext.card_lines) against its printed text:
each number (above 1), card name 〈..〉, tag #.., colour and bloom level the printed text states must be
said by the read-back of that ability. A compiled step that drops or changes one of them fails here;
so does a renderer that does not say it (a designer could not check the encoding by reading it).
The printed text is read from ../shared at test time; nothing of it is kept in the project."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from judge.games.hololive.cardcompiler.compile import compile_card, skill_text
from judge.games.hololive.cards import CardDef
from judge.games.hololive.cardtext import card_lines

ROOT = Path(__file__).resolve().parents[1]
OFFICIAL = ROOT.parent / "shared" / "reference" / "hocg" / "cards-official-ja.json"
COLORS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
BLOOMS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
MEMBER = {"type": "holomem", "name": "x", "bloom_level": "debut", "colors": [], "hp": 50, "baton_pass": []}
OSHI = {"type": "oshi", "name": "x", "colors": [], "life": 5}
# what a printed text says that the encoding says otherwise: limits ([once per turn]) and a die rolled
# once are words in the read-back; the LIMITED note and the rules' own attach limit are not encoded; a
# support's 'your 〈its own name〉 only once per turn' reads back as 'supports of this name' (the compiler
# checks the name is the card's own, and the read-back of an entry alone has no card name)
UNSAID = re.compile(r"\[(ターン|ゲーム)に1回\]|サイコロを1回|LIMITED:ターンに1枚しか使えない。|自分の〈[^〉]+〉はターンに1回しか使えない。"
                    r"|(ツール|マスコット)は、自分のホロメン1人につき1枚だけ付けられる。|1人につき何枚でも")

official = pytest.mark.skipif(not OFFICIAL.is_file(), reason="../shared/reference/hocg not present")


def facts(text: str) -> set[str]:
    """The words of a printed text a read-back must say: numbers above 1, names, tags, colours, levels."""
    t = UNSAID.sub("", unicodedata.normalize("NFKC", text))
    names = re.findall(r"〈([^〉]+)〉", t)
    t = re.sub(r"〈[^〉]+〉", "", t)
    found = {f"name:{n}" for n in names}
    found |= {f"tag:{m}" for m in re.findall(r"#[^を、。\[\]]+?(?=を持つ|を持たない|\]|、|。|か#|$)", t)}
    t = re.sub(r"#[^を、。\[\]]+", "", t)
    found |= {f"number:{n}" for n in re.findall(r"\d+", re.sub(r"\d+(st|nd)", "", t)) if int(n) > 1}
    found |= {f"color:{COLORS[c]}" for c in re.findall(r"([白緑赤青紫黄])(?=エール|ホロメン|センター|コラボ|バック)", t)}
    found |= {f"bloom:{BLOOMS[b]}" for b in re.findall(r"(Debut|1st|2nd|Spot)(?=ホロメン|以上|の〈)", t)}
    return found


def said(fact: str, readback: str) -> bool:
    kind, value = fact.split(":", 1)
    if kind == "number":
        return re.search(rf"(?<![0-9]){value}(?![0-9])", readback) is not None
    return value.lower() in readback.lower()


def readback(where: str, entry: dict, ja: dict) -> str:
    """The read-back of one compiled entry alone, without the card's facts (its HP, its art's damage)."""
    if where == "arts":
        record = {**MEMBER, "arts": [{"name": "a", "cost": [], "damage": 0, **entry}]}
    elif where == "abilities":
        record = {**MEMBER, "abilities": entry.get("abilities", [entry])}
    elif where == "extra":
        record = {**MEMBER, **entry}
    else:
        record = {**OSHI, where: {"name": "s", **entry}}
    lines = card_lines(CardDef("X", record))[2:]
    return "\n".join(line for line in lines if not line.startswith("  art 'a'"))


@pytest.fixture(scope="module")
def cards():
    return json.loads(OFFICIAL.read_text(encoding="utf-8"))["cards"]


@official
def test_every_compiled_entry_reads_back_what_its_printed_text_says(cards):
    checked, missing = 0, []
    for number, card in cards.items():
        for where, ja, entry in compile_card(card):
            if "unsupported" in entry or where == "extra":
                continue
            text = readback(where, entry, ja)
            lost = sorted(f for f in facts(skill_text(ja)) if not said(f, text))
            if lost:
                missing.append(f"{number} {where} {ja.get('name') or ''}: {', '.join(lost)}\n    {text}")
            checked += 1
    assert checked > 400
    assert not missing, f"{len(missing)} read-backs leave out what the card says:\n" + "\n".join(missing[:30])


def test_the_facts_of_a_text():
    assert facts("[ターンに1回]自分の#歌を持つ白ホロメン2人のアーツ+20。") == {
        "tag:#歌", "color:white", "number:2", "number:20"}
    assert facts("自分のデッキから、1stホロメンの〈AZKi〉1枚を公開し、手札に加える。") == {"name:AZKi", "bloom:1st"}
    assert not said("number:2", "draw 20") and said("number:20", "draw 20")
