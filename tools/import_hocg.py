#!/usr/bin/env python3
"""Import hololive card facts from the public hocg dataset into judge's card files.

    python tools/import_hocg.py [--source PATH/cards.json] [--out DIR]

Reads ``shared/reference/hocg/cards.json`` (``{"source": ..., "cards": {number: record}}``)
and writes one YAML file per set into ``judge/games/hololive/cards/``:

* ``hSD01.yaml`` -- every card numbered ``hSD01-*``
* ``hBP01.yaml`` -- every card numbered ``hBP01-*``
* ``cheer.yaml`` -- every cheer card (``supportCheer``, numbers ``hY..``), set ``hY``
* ``<set>.yaml`` -- every other set of the official list (``hSD02``.. ``hSD19``, ``hBP02``.. ``hBP08``,
  ``hBD24``, ``hPR``, ``hYS01``): the facts of a card cards.json lacks come from
  ``cards-official-ja.json`` (``official_record``), with English names from ``cards-full.json``

``test.yaml`` (set ``TEST``) is hand-written and never touched.

Only facts are imported: numbers, names, type, bloom level, Buzz, LIMITED, colours, HP,
life, baton-pass cost, tags, arts (name, cost, base damage, "+", advantage), keyword
ability kinds and names, oshi skill names, limits and holo power costs, and the extra
abilities of rule 2.11.2 encoded as data. The printed sentences (effect texts) are the
publisher's and are never written: every ability, and every art that has text, is
declared ``unsupported: "effect not yet encoded"`` until someone encodes it by hand.

Merging. When a set file already exists it is read first, and hand-written work is kept:

* an art, ability, oshi skill or ``extra`` whose existing entry has no ``unsupported``
  key *and* holds something besides the imported facts (an ``effect``/``steps`` payload
  or any other encoding key) is a hand encoding: its encoding keys are kept as they are
  and only its fact keys (name, cost, damage, ...) are refreshed from the source;
* a ``holopower`` the source cannot establish (``null`` here) never overwrites a value
  written by hand;
* an entry whose ``unsupported`` reason was written by hand (not the importer's own) keeps
  that reason and its encoding keys;
* a support card whose text is encoded by hand as several abilities (continuous, auto, ...)
  loses the importer's single ``support`` placeholder;
* card-level keys the importer does not produce, abilities added by hand (no
  ``unsupported``, no counterpart in the source) and whole cards that the source does
  not have are kept.

The output is deterministic (cards sorted by number), so running the importer over its
own output changes nothing.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "hocg" / "cards.json"
# The official Japanese card list (every card number to mid-2026) and the fan dataset with English
# names: the facts of the cards cards.json lacks come from them (official_record).
OFFICIAL = ROOT.parent / "shared" / "reference" / "hocg" / "cards-official-ja.json"
FULL = ROOT.parent / "shared" / "reference" / "hocg" / "cards-full.json"
DEFAULT_OUT = ROOT / "judge" / "games" / "hololive" / "cards"

UNSUPPORTED = "effect not yet encoded"

# set id -> (file name, display name, predicate on (number, record))
SETS: dict[str, tuple[str, str, Any]] = {
    "hSD01": ("hSD01.yaml", "Start deck: Tokino Sora & AZKi",
              lambda n, r: n.startswith("hSD01-")),
    "hBP01": ("hBP01.yaml", "Booster pack: Blooming Radiance",
              lambda n, r: n.startswith("hBP01-")),
    "hY": ("cheer.yaml", "Cheer cards",
           lambda n, r: r.get("card_type") == "supportCheer"),
}

COLORS = ("white", "green", "red", "blue", "purple", "yellow")
BLOOM = {"debut": "debut", "first": "1st", "second": "2nd", "spot": "spot"}
SUPPORT_TYPES = {
    "supportStaff": ("staff", False), "supportStaffLimited": ("staff", True),
    "supportItem": ("item", False), "supportItemLimited": ("item", True),
    "supportEvent": ("event", False), "supportEventLimited": ("event", True),
    "supportTool": ("tool", False), "supportToolLimited": ("tool", True),
    "supportMascot": ("mascot", False), "supportMascotLimited": ("mascot", True),
    "supportFan": ("fan", False), "supportFanLimited": ("fan", True),
}
KEYWORD_KINDS = {"collab_effect", "bloom_effect", "gift"}
LIMITS = {"once_per_turn": "once_per_turn", "once_per_game": "once_per_game"}

# Holo power costs of oshi skills. cards.json does not carry them; each entry below is
# established by the official Q&A or the rulebook (see the comment). Anything not listed
# is written as `holopower: null` (unknown) -- never guessed.
HOLOPOWER: dict[tuple[str, str], int] = {
    # Official Q&A Q232 (2024-10-30): using Takanashi Kiara's oshi skill
    # "Phoenix Tail" archives 2 holo power as its cost.
    ("hBP01-006", "oshi_skill"): 2,
}

# Facts missing from cards.json, with the ruling that establishes them.
# Official Q&A Q56 (2024-09-21) quotes the extra ability "when this holomem is downed,
# your life -2" printed on hBP01-027 Vestia Zeta (a Buzz holomem); Q159 and Q228
# (2024-10-23) rule on that same extra as the one Buzz holomems carry. cards.json gives
# it only for hSD01-006, so the other Buzz holomems of hBP01 get it here.
EXTRA_FIXES: dict[str, dict[str, Any]] = {
    "hBP01-027": {"down_life": 2},  # Q56 names this card explicitly
    "hBP01-051": {"down_life": 2},  # Buzz holomem (Q159, Q228)
    "hBP01-071": {"down_life": 2},  # Buzz holomem (Q159, Q228)
    "hBP01-091": {"down_life": 2},  # Buzz holomem (Q159, Q228)
}

# Fact keys the importer owns, per kind of entry. Everything else is an encoding.
ART_FACTS = {"name", "name_en", "cost", "damage", "damage_plus", "advantage"}
ABILITY_FACTS = {"kind", "name", "name_en"}
SKILL_FACTS = {"name", "name_en", "holopower", "limit"}
EXTRA_FACTS = {"also_named", "also_named_en", "down_life", "cannot_bloom", "unlimited_copies"}
CARD_FACTS = {"type", "sub_type", "limited", "name", "name_en", "bloom_level", "buzz",
              "colors", "hp", "life", "baton_pass", "tags", "tags_en"}
CARD_MERGED = {"arts", "abilities", "extra", "oshi_skill", "sp_oshi_skill"}


class ImportError_(Exception):
    """A record of cards.json that the importer cannot map."""


# --------------------------------------------------------------------------- facts

# Tags whose words the official list splits at the space (docs/rulings.md, data corrections): the
# texts name the tag whole ('#FLOW GLOWを持つホロメン').
SPLIT_TAGS = (("FLOW", "GLOW"),)


def _joined_tags(tags: list) -> list:
    out = list(tags)
    for words in SPLIT_TAGS:
        n = len(words)
        for i in range(len(out) - n + 1):
            if tuple(out[i:i + n]) == words:
                out[i:i + n] = [" ".join(words)]
                break
    return out


def _color(code: str, number: str) -> str | None:
    if code == "null":
        return None
    if code not in COLORS:
        raise ImportError_(f"{number}: unknown colour {code!r}")
    return code


def _cost_icon(code: str, number: str) -> str:
    return _color(code, number) or "any"


def _colors(rec: dict, number: str) -> list[str]:
    out = []
    for code in rec.get("facts", {}).get("color_codes") or []:
        c = _color(code, number)
        if c and c not in out:
            out.append(c)
    return out


def _nfkc(s: str) -> str:
    return unicodedata.normalize("NFKC", s or "")


def parse_extra(number: str, ja: str | None, en: str | None) -> dict | None:
    """The extra ability of rule 2.11.2 as data (never the printed sentence)."""
    if not ja and not en:
        return None
    j, e = _nfkc(ja), _nfkc(en)
    if "としても扱う" in j:  # 2.11.2.3 also treated as <name>
        names = re.findall(r"〈([^〉]+)〉", j)
        names_en = re.findall(r"〈([^〉]+)〉", e)
        if names:
            out: dict[str, Any] = {"also_named": names}
            if names_en and len(names_en) == len(names):
                out["also_named_en"] = names_en
            return out
    m = re.search(r"ダウンした時.*ライフ\s*[-−‐ー]\s*(\d+)", j)
    if m:  # 2.11.2.2 life damage replaced
        return {"down_life": int(m.group(1))}
    if re.search(r"Bloom\s*できない", j):  # 2.11.2.4
        return {"cannot_bloom": True}
    if "何枚でも" in j:  # 2.11.2.1
        return {"unlimited_copies": True}
    return {"unsupported": "extra ability not recognised by the importer"}


def art_entry(number: str, fact: dict, ja: dict, en: dict) -> dict:
    out: dict[str, Any] = {"name": ja.get("name")}
    if en.get("name"):
        out["name_en"] = en["name"]
    out["cost"] = [_cost_icon(c, number) for c in fact.get("cost_types") or []]
    dmg = fact.get("damage")
    out["damage"] = int(dmg) if dmg is not None else 0  # no printed base damage -> 0
    if fact.get("is_plus"):
        out["damage_plus"] = True
    targets = fact.get("special_targets") or []
    values = fact.get("special_values") or []
    if targets:
        if len(targets) != len(values):
            raise ImportError_(f"{number}: advantage targets/values differ in length")
        out["advantage"] = {_color(t, number): int(v) for t, v in zip(targets, values)}
    if ja.get("effect") or en.get("effect"):
        out["unsupported"] = UNSUPPORTED
    return out


def oshi_skill_entry(number: str, key: str, rec: dict) -> dict | None:
    ja = rec.get("ja", {}).get(key)
    en = rec.get("en", {}).get(key) or {}
    fact = rec.get("facts", {}).get(key) or {}
    if not ja and not fact:
        return None
    ja = ja or {}
    out: dict[str, Any] = {"name": ja.get("name")}
    if en.get("name"):
        out["name_en"] = en["name"]
    out["holopower"] = HOLOPOWER.get((number, key), fact.get("holopower"))   # the official list prints it
    code = fact.get("timing_code")
    if code:
        if code not in LIMITS:
            raise ImportError_(f"{number}: unknown oshi skill limit {code!r}")
        out["limit"] = LIMITS[code]
    out["unsupported"] = UNSUPPORTED
    return out


def card_entry(number: str, rec: dict) -> dict:
    ctype = rec.get("card_type")
    ja, en, facts = rec.get("ja") or {}, rec.get("en") or {}, rec.get("facts") or {}
    out: dict[str, Any] = {}
    if ctype == "oshiCharacter":
        out["type"] = "oshi"
    elif ctype in ("character", "buzzCharacter"):
        out["type"] = "holomem"
    elif ctype == "supportCheer":
        out["type"] = "cheer"
    elif ctype in SUPPORT_TYPES:
        out["type"] = "support"
        sub, limited = SUPPORT_TYPES[ctype]
        out["sub_type"] = sub
        if limited:
            out["limited"] = True
    else:
        raise ImportError_(f"{number}: unknown card_type {ctype!r}")
    out["name"] = ja.get("name")
    if en.get("name"):
        out["name_en"] = en["name"]

    if out["type"] == "holomem":
        bl = rec.get("bloom_level")
        if bl not in BLOOM:
            raise ImportError_(f"{number}: unknown bloom_level {bl!r}")
        out["bloom_level"] = BLOOM[bl]
        if ctype == "buzzCharacter":
            out["buzz"] = True
        out["colors"] = _colors(rec, number)
        out["hp"] = int(rec["hp"])
        bp = rec.get("baton_pass") or {}
        # no icons printed (count null) -> baton pass costs nothing
        out["baton_pass"] = [_cost_icon(t, number) for t in bp.get("types") or []]
        if ja.get("tags"):
            out["tags"] = list(ja["tags"])
        if en.get("tags"):
            out["tags_en"] = list(en["tags"])
        arts = []
        for i, fact in enumerate(facts.get("arts") or []):
            ja_art = (ja.get("arts") or [])[i] if i < len(ja.get("arts") or []) else {}
            en_art = (en.get("arts") or [])[i] if i < len(en.get("arts") or []) else {}
            arts.append(art_entry(number, fact, ja_art, en_art))
        if arts:
            out["arts"] = arts
    elif out["type"] == "oshi":
        out["colors"] = _colors(rec, number)
        out["life"] = int(rec["life"])
    elif out["type"] == "cheer":
        out["colors"] = _colors(rec, number)
    elif out["type"] == "support" and ja.get("tags"):
        out["tags"] = list(ja["tags"])              # 2.6: a support may have tags too ('#magic')
        if en.get("tags"):
            out["tags_en"] = list(en["tags"])

    extra = EXTRA_FIXES.get(number) or parse_extra(number, ja.get("extra"), en.get("extra"))
    if extra:
        out["extra"] = extra

    abilities = []
    kw = facts.get("keyword")
    if kw:
        kind = kw.get("type_code")
        if kind not in KEYWORD_KINDS:
            raise ImportError_(f"{number}: unknown keyword {kind!r}")
        ab: dict[str, Any] = {"kind": kind, "name": (ja.get("keyword") or {}).get("name")}
        if (en.get("keyword") or {}).get("name"):
            ab["name_en"] = en["keyword"]["name"]
        ab["unsupported"] = UNSUPPORTED
        abilities.append(ab)
    # Support cards: the card text is their support ability. The text on a cheer card
    # restates rules 4.4.7 and 8.7.2 (cheer is archived with its holomem / as the baton
    # pass cost), which the engine applies as rules: cheer gets no abilities.
    if out["type"] == "support" and (ja.get("ability_text") or en.get("ability_text")):
        abilities.append({"kind": "support", "unsupported": UNSUPPORTED})
    for stage in ja.get("stage_skills") or []:     # 12.2.1: an oshi stage skill
        abilities.append({"kind": "oshi_stage_skill", **({"name": stage["name"]} if stage.get("name") else {}),
                          "unsupported": UNSUPPORTED})
    if abilities:
        out["abilities"] = abilities

    if out["type"] == "oshi":
        for key in ("oshi_skill", "sp_oshi_skill"):
            sk = oshi_skill_entry(number, key, rec)
            if sk:
                out[key] = sk
    return out


# --------------------------------------------------------------------------- the official list

# cards-official-ja.json's words for the facts cards.json codes (2.2, 2.3, 2.4)
OFFICIAL_TYPES = {"推しホロメン": "oshiCharacter", "ホロメン": "character", "Buzzホロメン": "buzzCharacter",
                  "エール": "supportCheer"}
OFFICIAL_SUPPORTS = {"スタッフ": "Staff", "アイテム": "Item", "イベント": "Event", "ツール": "Tool",
                     "マスコット": "Mascot", "ファン": "Fan"}
OFFICIAL_BLOOM = {"Debut": "debut", "1st": "first", "2nd": "second", "Spot": "spot"}
OFFICIAL_COLORS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
OFFICIAL_KEYWORDS = {"コラボエフェクト": "collab_effect", "ブルームエフェクト": "bloom_effect", "ギフト": "gift"}
OSHI_HEADER = re.compile(r"\[ホロパワー:-(\d+|X)\](.*?)\[(ターンに1回|ゲームに1回)\]")


def _official_type(number: str, ctype: str) -> str:
    if ctype in OFFICIAL_TYPES:
        return OFFICIAL_TYPES[ctype]
    parts = ctype.split("・")
    if parts[0] == "サポート" and len(parts) >= 2 and parts[1] in OFFICIAL_SUPPORTS:
        return "support" + OFFICIAL_SUPPORTS[parts[1]] + ("Limited" if parts[-1] == "LIMITED" else "")
    raise ImportError_(f"{number}: unknown card_type {ctype!r}")


def _official_colors(number: str, color: str | None) -> list[str]:
    if not color or color == "無色":
        return []
    if any(ch not in OFFICIAL_COLORS for ch in color):
        raise ImportError_(f"{number}: unknown colour {color!r}")
    return [OFFICIAL_COLORS[ch] for ch in color]       # '青赤': a card of two colours (2.4)


def _official_art(number: str, skill: dict) -> tuple[dict, dict]:
    """(the facts of one art, its ja entry: a name and whether it has text)"""
    dmg = str(skill.get("dmg") or "0")
    m = re.fullmatch(r"(\d+)(\+?)", dmg)
    if not m:
        raise ImportError_(f"{number}: art damage {dmg!r}")
    fact: dict[str, Any] = {"cost_types": [c if c != "any" else "null" for c in skill["icons"].get("main", [])],
                            "damage": int(m.group(1))}
    if m.group(2):
        fact["is_plus"] = True
    for adv in skill["icons"].get("tokkou") or []:     # 'colour+N': the advantage of 12.3.4.3
        a = re.fullmatch(r"(.)\+(\d+)", adv)
        if not a or a.group(1) not in OFFICIAL_COLORS:
            raise ImportError_(f"{number}: advantage {adv!r}")
        fact.setdefault("special_targets", []).append(OFFICIAL_COLORS[a.group(1)])
        fact.setdefault("special_values", []).append(int(a.group(2)))
    return fact, {"name": skill.get("name"), "effect": bool(skill.get("description"))}



# The scraped list splits a tag that has a space in it: '#FLOW GLOW' (the tag of the FLOW GLOW unit,
# read by '#FLOW GLOWを持つ' texts) arrives as 'FLOW', 'GLOW'. 2.6: a tag is one piece of information.
SPLIT_TAGS = {("FLOW", "GLOW"): "FLOW GLOW"}


def _joined_tags(tags: list) -> list:
    out, i = [], 0
    while i < len(tags):
        pair = tuple(tags[i:i + 2])
        if pair in SPLIT_TAGS:
            out.append(SPLIT_TAGS[pair])
            i += 2
        else:
            out.append(tags[i])
            i += 1
    return out

def official_record(number: str, off: dict, full: dict | None = None) -> dict:
    """A card of cards-official-ja.json in the shape of a cards.json record, facts only: a text is
    kept only as whether there is one (True), never as the sentence. English names from cards-full."""
    ctype = _official_type(number, off["card_type"])
    full = full or {}
    ja: dict[str, Any] = {"name": off["name"]}
    en: dict[str, Any] = {}
    if (full.get("name") or {}).get("en"):
        en["name"] = full["name"]["en"]
    facts: dict[str, Any] = {"color_codes": _official_colors(number, off.get("color"))}
    rec: dict[str, Any] = {"card_type": ctype, "ja": ja, "en": en, "facts": facts,
                           "life": off.get("life"), "hp": off.get("hp")}
    if off.get("bloom_level"):
        rec["bloom_level"] = OFFICIAL_BLOOM[off["bloom_level"]]
    if "baton_touch" in off or ctype in ("character", "buzzCharacter"):
        rec["baton_pass"] = {"types": ["null" for _ in off.get("baton_touch") or []]}
    if off.get("tags"):
        ja["tags"] = ["#" + t for t in _joined_tags(off["tags"])]
    full_arts = full.get("arts") or []
    for skill in off.get("skills", []):
        kind = skill["type"]
        if kind == "アーツ":
            fact, art = _official_art(number, skill)
            i = len(ja.get("arts", []))
            facts.setdefault("arts", []).append(fact)
            ja.setdefault("arts", []).append(art)
            name_en = (full_arts[i].get("name") or {}).get("en") if i < len(full_arts) else None
            en.setdefault("arts", []).append({"name": name_en} if name_en else {})
        elif kind == "キーワード":
            facts["keyword"] = {"type_code": OFFICIAL_KEYWORDS[skill["subtype"]]}
            ja["keyword"] = {"name": skill.get("name"), "effect": True}
            kw_en = [k for k in full.get("keywords") or [] if (k.get("name") or {}).get("jp") == skill.get("name")]
            if kw_en and kw_en[0]["name"].get("en"):
                en["keyword"] = {"name": kw_en[0]["name"]["en"]}
        elif kind == "エクストラ":
            ja["extra"] = skill.get("text")             # read by parse_extra into facts, never written
        elif kind == "サポート効果":
            ja["ability_text"] = True
        elif kind in ("推しスキル", "SP推しスキル"):
            key = "oshi_skill" if kind == "推しスキル" else "sp_oshi_skill"
            m = OSHI_HEADER.match(unicodedata.normalize("NFKC", skill.get("text") or ""))
            if not m:
                raise ImportError_(f"{number}: {kind} without its cost and limit")
            ja[key] = {"name": m.group(2)}
            facts[key] = {"timing_code": "once_per_turn" if m.group(3) == "ターンに1回" else "once_per_game",
                          "holopower": None if m.group(1) == "X" else int(m.group(1))}
            skills_en = [k for k in full.get("oshi_skills") or [] if bool(k.get("special")) == (key != "oshi_skill")]
            if skills_en and (skills_en[0].get("name") or {}).get("en"):
                en[key] = {"name": skills_en[0]["name"]["en"]}
        elif kind == "推しステージスキル":
            m = re.match(r"(.*?)(?:\[ターンに1回\]|自分の|相手の)", unicodedata.normalize("NFKC", skill.get("text") or ""))
            ja.setdefault("stage_skills", []).append({"name": (m.group(1) if m else "").strip() or None})
        else:
            raise ImportError_(f"{number}: unknown skill type {kind!r}")
    return rec


def load_sources(source: Path, official: Path | None = OFFICIAL, full: Path | None = FULL) -> dict:
    """cards.json's records, and for every number it lacks the official list's (with cards-full's
    English names): cards.json's facts stay as they were for the cards it has. Only the numbers of the
    official list are imported."""
    cards = json.loads(Path(source).read_text(encoding="utf-8"))["cards"]
    if official is None or not Path(official).is_file():
        return cards
    off = json.loads(Path(official).read_text(encoding="utf-8"))["cards"]
    fan = json.loads(Path(full).read_text(encoding="utf-8"))["cards"] if full and Path(full).is_file() else {}
    out = {n: official_record(n, r, fan.get(n)) for n, r in off.items()}
    for n, rec in cards.items():
        if n not in out:
            # The official list is the authority on which cards exist: a record only cards.json has
            # (hSYN-001, a test card with placeholder art texts) is no card a player can meet.
            continue
        # 12.1.3: the holo power costs cards.json lacks are printed in the official list
        if n in out and rec.get("card_type") == "oshiCharacter":
            for key in ("oshi_skill", "sp_oshi_skill"):
                cost = ((out[n].get("facts") or {}).get(key) or {}).get("holopower")
                if cost is not None and (rec.get("facts") or {}).get(key) is not None:
                    rec = {**rec, "facts": {**rec["facts"], key: {**rec["facts"][key], "holopower": cost}}}
        out[n] = rec
    return out


SET_KINDS = {"hSD": "Start deck", "hBP": "Booster pack", "hBD": "Birthday cards", "hPR": "Promotion cards",
             "hYS": "Start cheer set"}


def official_sets(cards: dict) -> dict[str, tuple[str, str, Any]]:
    """A set file for every set of the official list besides hSD01, hBP01 and the cheer (hY)."""
    sets = dict(SETS)
    for number, rec in cards.items():
        set_id = number.split("-")[0]
        if set_id in sets or rec.get("card_type") == "supportCheer":
            continue
        kind = next((v for k, v in SET_KINDS.items() if set_id.startswith(k)), "Cards")
        sets[set_id] = (f"{set_id}.yaml", f"{kind} {set_id}", lambda n, r, p=set_id + "-": n.startswith(p)
                        and r.get("card_type") != "supportCheer")
    return sets


# --------------------------------------------------------------------------- merge

def merge_entry(fresh: dict, old: dict | None, facts: set[str]) -> dict:
    """Fresh facts, plus the hand encoding of `old` when it has one."""
    if not isinstance(old, dict):
        return fresh
    out = dict(fresh)
    if "holopower" in facts and out.get("holopower") is None and old.get("holopower") is not None:
        out["holopower"] = old["holopower"]
    encoding = [k for k in old if k not in facts and k != "unsupported"]
    if old.get("unsupported") not in (None, UNSUPPORTED):
        # A hand-written reason (e.g. a printed fact no source gives) stays, with the encoding beside it.
        out["unsupported"] = old["unsupported"]
        out.update((k, old[k]) for k in encoding)
        return out
    if "unsupported" in old or not encoding:
        return out
    out.pop("unsupported", None)
    for k in encoding:
        out[k] = old[k]
    return out


def _match(fresh_list: list[dict], old_list: Any, key) -> tuple[list[dict | None], list[dict]]:
    """For each fresh entry, the old entry it corresponds to (same key, else same position
    and kind); and the old entries left over."""
    olds = [o for o in (old_list or []) if isinstance(o, dict)]
    used: set[int] = set()
    matched: list[dict | None] = []
    for i, f in enumerate(fresh_list):
        hit = next((j for j, o in enumerate(olds) if j not in used and key(o) == key(f)), None)
        if hit is None and i < len(olds) and i not in used and olds[i].get("kind") == f.get("kind"):
            hit = i
        if hit is not None:
            used.add(hit)
        matched.append(olds[hit] if hit is not None else None)
    return matched, [o for j, o in enumerate(olds) if j not in used]


def _hand_reason(reason) -> bool:
    """An `unsupported` reason written by hand: neither the importer's placeholder nor the card-text
    compiler's 'cannot parse' (cardcompiler)."""
    return reason != UNSUPPORTED and not str(reason).startswith("cannot parse")


def merge_card(fresh: dict, old: dict | None) -> dict:
    if not isinstance(old, dict):
        return fresh
    out = dict(fresh)
    if "arts" in fresh:
        matched, _ = _match(fresh["arts"], old.get("arts"), key=lambda a: a.get("name"))
        out["arts"] = [merge_entry(f, o, ART_FACTS) for f, o in zip(fresh["arts"], matched)]
    fresh_abs = fresh.get("abilities", [])
    # a gift encoded is written as the kind of ability it is, with `keyword: gift` (13.4.1)
    matched, left = _match(fresh_abs, old.get("abilities"),
                           key=lambda a: ("gift" if a.get("keyword") == "gift" else a.get("kind"), a.get("name")))
    abilities = [merge_entry(f, o, ABILITY_FACTS) for f, o in zip(fresh_abs, matched)]
    abilities = [{**a, "kind": o["kind"]} if o and o.get("keyword") == "gift" and "unsupported" not in a else a
                 for a, o in zip(abilities, matched)]
    # added by hand: encoded, or a part the language cannot say yet with a reason written by hand
    # (a support card's text encoded as its parts, one of them still unsupported)
    by_hand = [o for o in left if "unsupported" not in o or _hand_reason(o["unsupported"])]
    if by_hand and fresh.get("type") == "support":
        # A support card's text (10.1.2) encoded by hand as its parts (continuous, auto, attach
        # rule ...) replaces the importer's one placeholder for it.
        abilities = [a for a in abilities if not (a.get("kind") == "support" and "unsupported" in a)]
    abilities += by_hand
    if abilities:
        out["abilities"] = abilities
    for key in ("oshi_skill", "sp_oshi_skill"):
        if key in fresh:
            out[key] = merge_entry(fresh[key], old.get(key), SKILL_FACTS)
    if "extra" in fresh:
        out["extra"] = merge_entry(fresh["extra"], old.get("extra"), EXTRA_FACTS)
    elif isinstance(old.get("extra"), dict) and "unsupported" not in old["extra"]:
        out["extra"] = old["extra"]
    for k, v in old.items():  # card-level keys the importer does not own
        if k not in CARD_FACTS and k not in CARD_MERGED and k not in out:
            out[k] = v
    return out


# --------------------------------------------------------------------------- output

class _Flow(dict):
    pass


class _FlowList(list):
    pass


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow=False, indentless=False):  # indent lists under their key
        return super().increase_indent(flow, False)


_Dumper.add_representer(_Flow, lambda d, v: d.represent_mapping(
    "tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(_FlowList, lambda d, v: d.represent_sequence(
    "tag:yaml.org,2002:seq", v, flow_style=True))


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _flat(v: Any) -> bool:
    if _scalar(v):
        return True
    if isinstance(v, list):
        return all(_scalar(x) for x in v)
    if isinstance(v, dict):
        return all(_scalar(x) for x in v.values())
    return False


def _style(v: Any, role: str = "") -> Any:
    """Flow style for lists of scalars and for short flat entries (abilities, skills)."""
    if isinstance(v, list):
        if all(_scalar(x) for x in v):
            return _FlowList(v)
        return [_style(x, role + "[]") for x in v]
    if isinstance(v, dict):
        styled = {k: _style(x, k) for k, x in v.items()}
        flowable = role in ("abilities[]", "oshi_skill", "sp_oshi_skill", "extra", "advantage")
        if flowable and all(_flat(x) for x in v.values()):
            return _Flow(styled)
        return styled
    return v


def dump(doc: dict, header: str) -> str:
    body = yaml.dump(_style(doc), Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=4096)
    return header + body


def _number_key(n: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", n))


def build_set(set_id: str, cards: dict, old_doc: dict | None, sets: dict | None = None) -> dict:
    file_name, display, pred = (sets or SETS)[set_id]
    old_cards = (old_doc or {}).get("cards") or {}
    out_cards: dict[str, dict] = {}
    for number in sorted(cards, key=_number_key):
        rec = cards[number]
        if not pred(number, rec):
            continue
        out_cards[number] = merge_card(card_entry(number, rec), old_cards.get(number))
    for number, card in old_cards.items():  # cards the source does not have
        if number not in out_cards:
            out_cards[number] = card
    out_cards = {n: out_cards[n] for n in sorted(out_cards, key=_number_key)}
    return {"set": set_id, "name": (old_doc or {}).get("name") or display, "cards": out_cards}


HEADER = (
    "# Generated by tools/import_hocg.py from shared/reference/hocg/cards.json and cards-official-ja.json (facts only;\n"
    "# the printed texts are not copied). Re-running it refreshes the facts and keeps\n"
    "# hand-written encodings (entries without `unsupported`). Schema: judge/games/hololive/schemas/card.schema.json\n"
)


def run(source: Path, out_dir: Path, quiet: bool = False, official: Path | None = OFFICIAL,
        full: Path | None = FULL) -> dict[str, int]:
    cards = load_sources(source, official, full)
    sets = official_sets(cards)
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for set_id, (file_name, _display, _pred) in sets.items():
        path = out_dir / file_name
        old_doc = None
        if path.exists():
            old_doc = yaml.safe_load(path.read_text(encoding="utf-8")) or None
        doc = build_set(set_id, cards, old_doc, sets)
        text = dump(doc, HEADER)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        counts[set_id] = len(doc["cards"])
        if not quiet:
            print(f"{path}: {len(doc['cards'])} cards")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="cards.json of the hocg dataset")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="directory of the set files")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        run(args.source, args.out, args.quiet)
    except (ImportError_, OSError, KeyError, ValueError) as exc:
        print(f"import_hocg: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
