"""hololive's step parameters: holomems and positions, zones, cheer, the steps of its turn, and
the paths, values and answers that name them. They add to and replace the neutral types of
judge/bdd/types.py in hololive's step library (vocabulary.py).

A holomem is written as a judge says it (``A's centre holomem``, ``Aのセンターホロメン``) or as a
reference (``A.center``, ``A.back.2``, ``$azki2``, ``A:hSD01-009``); ``centre`` and ``center`` both
work everywhere (a spelling of this vocabulary).
"""
from __future__ import annotations

import re

# hololive's card numbers are of the neutral form (hSD01-011, hY02-001, TEST-BLUE, FILLER).
from ....bdd.types import (CARD, CARD_NUMBER, INT, NAME, PLAYER, QUOTED, VALUE, ParamType, answer as plain_answer,
                           answer_types, cards_of, list_of, nfkc, scalar as plain_scalar, string, unquote,
                           value_reader)
from ....core.errors import InputError

COLOURS = {
    "white": "white", "green": "green", "red": "red", "blue": "blue", "purple": "purple",
    "yellow": "yellow", "白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple",
    "黄": "yellow",
}
COLOUR = r"(?:(?i:white|green|red|blue|purple|yellow)|白|緑|赤|青|紫|黄)"
CHEER = rf"(?:{COLOUR}|{CARD})"


# ---------------------------------------------------------------- references
_EN_POS = r"(?i:centre|center|collab)"
HOLOMEM_PHRASE = (
    rf"{PLAYER}['’]s\s+{_EN_POS}\s+(?i:holomem)"
    rf"|{PLAYER}['’]s\s+(?i:back\s+holomem)\s+{INT}"
    rf"|{PLAYER}の(?:センター|コラボ)(?:ホロメン)?"
    rf"|{PLAYER}のバック(?:ホロメン)?\s*{INT}(?:番目)?"
    rf"|{PLAYER}の{INT}番目のバックホロメン"
)
HOLOMEM_REF = (rf"{PLAYER}\.(?:centre|center|collab|back\.{INT})"
               rf"|\$[\w-]+|{PLAYER}:(?:{CARD_NUMBER})")
HOLOMEM = rf"(?:{HOLOMEM_PHRASE}|{HOLOMEM_REF})"

ZONE = r"(?:(?i:cheer[ _]deck|deck|hand|life|archive|holo ?power)|エールデッキ|デッキ|手札|ライフ|アーカイブ|ホロパワー)"
ZONE_REF = rf"{PLAYER}\.(?:hand|deck|cheer_deck|life|archive|holopower|oshi)"
ZONE_PHRASE = (rf"{PLAYER}['’]s\s+(?i:cheer deck|deck|hand|life|archive|holo ?power|oshi|back)"
               rf"|{PLAYER}の(?:エールデッキ|デッキ|手札|ライフ|アーカイブ|ホロパワー|推しホロメン|バック)")
POSITION_PHRASE = (rf"{PLAYER}['’]s\s+{_EN_POS}\s+(?i:position)|{PLAYER}['’]s\s+(?i:back\s+position)\s+{INT}"
                   rf"|{PLAYER}の(?:センター|コラボ)ポジション|{PLAYER}のバックポジション\s*{INT}(?:番目)?")
_ATTR = r"(?:\.[\w-]+)+"
PATH = (rf"(?:{PLAYER}\.(?:centre|center|collab|back\.{INT}|hand|deck|cheer_deck|life|archive|holopower|oshi|stage)"
        rf"|\$[\w-]+|{PLAYER}:(?:{CARD_NUMBER})){_ATTR}"
        rf"|{PLAYER}\.(?:collabed|limited_played|oshi_skill_used|sp_oshi_skill_used|baton_passed"
        rf"|life_damage|redraws)")
THING = rf"(?:{PATH}|{HOLOMEM}|{ZONE_PHRASE}|{ZONE_REF}|{POSITION_PHRASE}|{PLAYER}\.back)"

_ZONE_WORD = {"hand": "hand", "deck": "deck", "cheer deck": "cheer_deck", "cheer_deck": "cheer_deck",
              "life": "life", "archive": "archive", "holo power": "holopower", "holopower": "holopower",
              "oshi": "oshi", "back": "back", "バック": "back", "手札": "hand", "デッキ": "deck", "エールデッキ": "cheer_deck",
              "ライフ": "life", "アーカイブ": "archive", "ホロパワー": "holopower", "推しホロメン": "oshi"}


def cheer(text: str) -> str:
    text = unquote(text)
    return COLOURS.get(text.lower() if text.isascii() else text, text)


def holomem(text: str) -> str:
    """A holomem phrase or reference -> the reference the model uses (A.center, A.back.2, $x)."""
    t = nfkc(text).replace("’", "'")
    if t.startswith("$"):
        return t
    m = re.fullmatch(r"([AB]):(.+)", t)
    if m:
        return t
    m = re.fullmatch(r"([AB])\.(centre|center|collab|back\.(\d+))", t)
    if m:
        return f"{m.group(1)}.back.{int(m.group(3))}" if m.group(3) else f"{m.group(1)}.{_pos(m.group(2))}"
    m = re.fullmatch(r"([AB])'s\s+(centre|center|collab)\s+(?:holomem|position)", t, re.I)
    if m:
        return f"{m.group(1)}.{_pos(m.group(2).lower())}"
    m = re.fullmatch(r"([AB])'s\s+back\s+(?:holomem|position)\s+(\d+)", t, re.I)
    if m:
        return f"{m.group(1)}.back.{int(m.group(2))}"
    m = re.fullmatch(r"([AB])の(センター|コラボ)(?:ホロメン|ポジション)?", t)
    if m:
        return f"{m.group(1)}.{'center' if m.group(2) == 'センター' else 'collab'}"
    m = re.fullmatch(r"([AB])のバック(?:ホロメン|ポジション)?\s*(\d+)(?:番目)?", t) or \
        re.fullmatch(r"([AB])の(\d+)番目のバックホロメン", t)
    if m:
        return f"{m.group(1)}.back.{int(m.group(2))}"
    raise InputError(f"cannot read the holomem {text!r}")


def _pos(word: str) -> str:
    return "center" if word in ("centre", "center") else word


def thing(text: str) -> str:
    """Anything a check can read: a holomem, a position, a zone, or a path."""
    t = nfkc(text).replace("’", "'")
    m = re.fullmatch(r"([AB])'s\s+(cheer deck|deck|hand|life|archive|holo ?power|oshi|back)", t, re.I)
    if m:
        return f"{m.group(1)}.{_zone_word(m.group(2))}"
    m = re.fullmatch(r"([AB])の(エールデッキ|デッキ|手札|ライフ|アーカイブ|ホロパワー|推しホロメン|バック)", t)
    if m:
        return f"{m.group(1)}.{_ZONE_WORD[m.group(2)]}"
    if re.fullmatch(HOLOMEM, t) or re.fullmatch(POSITION_PHRASE, t):
        return holomem(t)
    return path(t)


def path(text: str) -> str:
    """A readable path: the `centre` spelling is accepted and written `center`."""
    t = nfkc(text)
    parts = t.split(".")
    if len(parts) > 1 and parts[1] == "centre":
        parts[1] = "center"
    return ".".join(parts)


def _zone_word(word: str) -> str:
    w = nfkc(word)
    if w.isascii():
        w = w.lower().replace("_", " ")
        w = "holopower" if w.replace(" ", "") == "holopower" else w
    return _ZONE_WORD[w]


def zone(text: str) -> str:
    return _zone_word(text)


STEPS = {"setup": "setup", "set-up": "setup", "reset": "reset", "draw": "draw", "cheer": "cheer",
         "main": "main", "performance": "performance", "end": "end", "ゲーム前": "setup",
         "セットアップ": "setup", "リセット": "reset", "手札": "draw", "ドロー": "draw", "エール": "cheer",
         "メイン": "main", "パフォーマンス": "performance", "エンド": "end"}
STEP = (r"(?:(?i:set-up|setup|reset|draw|cheer|main|performance|end)"
        r"|ゲーム前|セットアップ|リセット|手札|ドロー|エール|メイン|パフォーマンス|エンド)")




def step(text: str) -> str:
    t = nfkc(text)
    return STEPS[t.lower() if t.isascii() else t]


def scalar(text: str):
    """One value: a colour or a holomem is read as hololive writes it; anything else as anywhere."""
    if not re.fullmatch(QUOTED, text.strip()):
        t = nfkc(text)
        low = t.lower()
        if low in COLOURS or t in COLOURS:
            return COLOURS.get(low, COLOURS.get(t))
        if re.fullmatch(HOLOMEM, t):
            return holomem(t)
    return plain_scalar(text)


def answer(text: str):
    """One answer to a decision: a holomem (as a reference), or what any game's answer is."""
    t = nfkc(text.strip())
    return holomem(t) if re.fullmatch(HOLOMEM, t) else plain_answer(text)


def alias(text: str) -> str:
    return nfkc(text).lstrip("$")


def order(text: str) -> str:
    return {"先攻": "first", "後攻": "second"}.get(text, text.lower())


def position(text: str) -> str:
    t = nfkc(text).lower()
    return {"centre": "center", "center": "center", "collab": "collab", "センター": "center",
            "コラボ": "collab"}[t]


TYPES = (
    ParamType("step", STEP, step,
              "a step of the turn: set-up, reset, draw, cheer, main, performance, end "
              "(ゲーム前, リセット, 手札, エール, メイン, パフォーマンス, エンド)", ("performance", "メイン")),
    ParamType("card", CARD, unquote,
              "a card: its number bare, or its name in double quotes", ("hSD01-011", '"AZKi"', "「ときのそら」")),
    ParamType("cards", list_of(CARD), cards_of(CARD),
              "one or more cards, separated by commas or \"and\" (、 or と)",
              ("hSD01-003, hSD01-004", "hSD01-003とhSD01-004")),
    ParamType("cheers", list_of(CHEER), cards_of(CHEER, cheer),
              "one or more cheer: a colour (white, green, red, blue, purple, yellow; 白 緑 赤 青 紫 黄) "
              "or a card number; also any card number where a zone mixes cards and cheer",
              ("green, green", "緑、白")),
    ParamType("name", NAME, unquote,
              "a name (art, skill): in double quotes (or 「」) when it has spaces",
              ('"SorAZ Gravity"', "「SorAZ グラビティ」")),
    ParamType("holomem", HOLOMEM, holomem,
              "a holomem: A's centre holomem, A's collab holomem, A's back holomem 2, or a reference "
              "A.center, A.collab, A.back.2, $name, A:hSD01-009 (Aのセンターホロメン, Aのコラボホロメン, "
              "Aのバックホロメン2); \"centre\" and \"center\" both work",
              ("A's centre holomem", "B.center", "$azki2", "Aのセンターホロメン")),
    ParamType("thing", THING, thing,
              "something a check reads: a holomem, a position (A's collab position), a zone "
              "(A's hand, A.archive), or a path (B.center.damage, A.hand.count, $azki2.rested)",
              ("A's archive", "B.center.damage", "Aのアーカイブ")),
    ParamType("zone", ZONE, zone,
              "a zone: hand, deck, cheer deck, life, archive, holo power "
              "(手札, デッキ, エールデッキ, ライフ, アーカイブ, ホロパワー)", ("cheer deck", "アーカイブ")),
    ParamType("path", PATH, path,
              "a readable path: a reference followed by an attribute (B.center.damage, A.hand.count, "
              "$azki2.rested, A.collabed)", ("B.center.hp", "A.life.count")),
    ParamType("value", VALUE, value_reader(scalar),
              "a value: a number, true/false, a card number, a colour, a reference, a quoted name, "
              "or a list of these", ("110", "true", "green, green")),
    *answer_types(answer, HOLOMEM_PHRASE,
                  doc="one answer to a decision, by meaning: a holomem or reference, a card number, a name, "
                      "an option label (yes, no, first, second), a number",
                  examples=(("B.center", "yes", "hSD01-003"), ("yes, then B.center",), ("hSD01-013, hSD01-003",))),
    ParamType("where", rf"(?:{POSITION_PHRASE}|{HOLOMEM_REF}|{HOLOMEM_PHRASE})", holomem,
              "a position: A's collab position, A's back position 2, A.collab, A.back.2 "
              "(Aのコラボポジション, Aのバックポジション2)", ("A's collab position", "Aのコラボポジション")),
    ParamType("alias", r"\$?[\w-]+", alias, "a name to refer to a holomem later as $name "
              "(letters, digits, _ and -)", ("azki2",)),
    ParamType("decision", r"[a-z_]+", string, "the kind of a decision (cheer_target, may_roll, ...)",
              ("cheer_target",)),
    ParamType("order", r"(?:(?i:first|second)|先攻|後攻)", order, "first or second (先攻, 後攻)", ("second",)),
    ParamType("position", r"(?:(?i:centre|center|collab)|センター|コラボ)", position,
              "centre (center) or collab (センター, コラボ)", ("collab",)),
)
