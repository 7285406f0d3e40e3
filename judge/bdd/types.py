"""Typed parameters of the step library: each has a regular expression and a converter.

A step template such as ``{player}'s oshi is {card}`` names its parameters; the
parameter's type (its name, or ``{name:type}``) gives the pattern that the
text must match and the converter that turns the matched text into the value
the scenario model holds (``"A"``, ``"hSD01-011"``, ``"A.center"``, ``110``,
``["green", "green"]`` ...). pytest-bdd gets the same regular expressions and
converters (``parsers.re`` + ``converters=``), so both ways of running a
feature read a step identically.

Quoting convention (both languages): names — of arts, skills, cards named by
name — go in double quotes (``"SorAZ Gravity"``; in Japanese also 「…」);
references (``A.center``, ``$azki2``), card numbers (``hSD01-011``), colours,
numbers and players are written bare. A single-word name may be written bare.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

from ..core.errors import InputError


@dataclass(frozen=True)
class ParamType:
    """One kind of step parameter."""

    name: str
    pattern: str                  # a regular expression without capturing groups
    convert: Callable[[str], object]
    doc: str                      # what a judge writes, for the step reference
    examples: tuple = ()          # examples, English then Japanese


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


# ------------------------------------------------------------------ pieces
QUOTED = r'"[^"]+"|“[^”]+”|「[^」]+」|『[^』]+』'
_QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』"}


def unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] == _QUOTES[text[0]]:
        return text[1:-1].strip()
    return text


PLAYER = r"[ABＡＢ]"
INT = r"[0-9０-９]+"
# A card number: letters and digits with at least one hyphen (hSD01-011, TEST-BLUE,
# hY02-001), or an upper-case word (FILLER). Anything else is a name, in quotes.
CARD_NUMBER = r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[A-Z][A-Z0-9_]+"
CARD = rf"(?:{QUOTED}|{CARD_NUMBER})"
# A bare word: no spaces, quotes, list punctuation or hiragana (so that Japanese particles and
# endings are never part of it), and not ending with a full stop.
BARE = r"[^\s\"“”「」『』、，,。\u3040-\u309F]*[^\s\"“”「」『』、，,。.\u3040-\u309F]"
NAME = rf"(?:{QUOTED}|{BARE})"

COLOURS = {
    "white": "white", "green": "green", "red": "red", "blue": "blue", "purple": "purple",
    "yellow": "yellow", "白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple",
    "黄": "yellow",
}
COLOUR = r"(?:(?i:white|green|red|blue|purple|yellow)|白|緑|赤|青|紫|黄)"
CHEER = rf"(?:{COLOUR}|{CARD})"

# Lists: "a, b and c" / "a、b" / "aとb".
SEP = r"(?:\s*[,，、]\s*(?:and\s+)?|\s+and\s+|\s*と\s*)"


def list_of(item: str) -> str:
    return rf"(?:{item})(?:{SEP}(?:{item}))*"


def split_items(text: str, item: str) -> list[str]:
    """The items of a list matched by list_of(item), in order."""
    out, pos, rx = [], 0, re.compile(item)
    sep = re.compile(SEP)
    while pos < len(text):
        m = rx.match(text, pos)
        if not m or m.end() == pos:
            raise InputError(f"cannot read the list {text!r}")
        out.append(m.group())
        pos = m.end()
        s = sep.match(text, pos)
        if s:
            pos = s.end()
    return out


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


def player(text: str) -> str:
    return nfkc(text).upper()


def integer(text: str) -> int:
    return int(nfkc(text))


def card(text: str) -> str:
    return unquote(text)


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


VALUE_SEP = r"(?:\s*[,，、]\s*(?:and\s+)?|\s+and\s+)"


def value(text: str):
    """A value a path must have: a number, true/false, a card number, a colour, a reference,
    a quoted name, or a list of these."""
    t = text.strip()
    if re.fullmatch(QUOTED, t):
        return unquote(t)
    items = re.split(VALUE_SEP, t)
    if len(items) > 1:
        return [scalar(x) for x in items]
    return scalar(t)


def scalar(text: str):
    """One value: quoted text stays text; numbers, booleans, colours and references are read."""
    if re.fullmatch(QUOTED, text.strip()):
        return unquote(text)
    t = nfkc(text)
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    low = t.lower()
    if low in ("true", "yes", "はい"):
        return True
    if low in ("false", "no", "いいえ"):
        return False
    if low in COLOURS or t in COLOURS:
        return COLOURS.get(low, COLOURS.get(t))
    if re.fullmatch(HOLOMEM, t):
        return holomem(t)
    return t


VALUE = rf"(?!(?:not\s+)?empty\s*$)(?!空)(?:{QUOTED}|{BARE})(?:{VALUE_SEP}(?:{QUOTED}|{BARE}))*"


def answer(text: str):
    """One answer to a decision, matched by meaning: a holomem (as a reference), a card
    number, a name, an option label (yes, no, first, second, keep, redraw), a number."""
    t = text.strip()
    if re.fullmatch(QUOTED, t):
        return unquote(t)
    t = nfkc(t)
    if re.fullmatch(HOLOMEM, t):
        return holomem(t)
    if re.fullmatch(r"\d+", t):
        return int(t)
    return {"はい": "yes", "いいえ": "no", "先攻": "first", "後攻": "second"}.get(t, t)


_LABEL_JA = r"はい|いいえ|先攻|後攻"
ANSWER = rf"(?:{HOLOMEM_PHRASE}|{QUOTED}|{_LABEL_JA}|{BARE})"
ANSWER_ITEM = rf"(?:{QUOTED}|{_LABEL_JA}|{BARE})"
ANSWER_SEP = r"(?:\s*[,，、]\s*(?:then\s+)?|\s+then\s+)"


def answers(text: str, joiners=("then",)) -> list:
    """The answers of a list, in order (separators and the joining words left out)."""
    tokens = re.findall(rf"{QUOTED}|{_LABEL_JA}|{BARE}", text)
    return [answer(t) for t in tokens if t.lower() not in joiners]


RULE = r"\d+(?:\.\d+)*"
RULES = rf"{RULE}(?:\s*(?:,|、|\s+or\s+|または|か)\s*{RULE})*"


def rules(text: str) -> list[str]:
    return re.findall(RULE, nfkc(text))


def dice(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d", nfkc(text))]


DIE = r"[1-6１-６]"
DICE = rf"{DIE}(?:{SEP}{DIE})*"


def alias(text: str) -> str:
    return nfkc(text).lstrip("$")


def decision(text: str) -> str:
    return nfkc(text)


def order(text: str) -> str:
    return {"先攻": "first", "後攻": "second"}.get(text, text.lower())


def position(text: str) -> str:
    t = nfkc(text).lower()
    return {"centre": "center", "center": "center", "collab": "collab", "センター": "center",
            "コラボ": "collab"}[t]


def string(text: str) -> str:
    return nfkc(text)


def names(text: str) -> list[str]:
    return [unquote(x) for x in split_items(text.strip(), NAME)]


TYPES: dict[str, ParamType] = {t.name: t for t in (
    ParamType("player", PLAYER, player, "a player: A or B", ("A", "B")),
    ParamType("number", INT, integer, "a whole number", ("4", "110")),
    ParamType("step", STEP, step,
              "a step of the turn: set-up, reset, draw, cheer, main, performance, end "
              "(ゲーム前, リセット, 手札, エール, メイン, パフォーマンス, エンド)", ("performance", "メイン")),
    ParamType("card", CARD, card,
              "a card: its number bare, or its name in double quotes", ("hSD01-011", '"AZKi"', "「ときのそら」")),
    ParamType("cards", list_of(CARD), lambda t: [card(x) for x in split_items(t, CARD)],
              "one or more cards, separated by commas or \"and\" (、 or と)",
              ("hSD01-003, hSD01-004", "hSD01-003とhSD01-004")),
    ParamType("cheers", list_of(CHEER), lambda t: [cheer(x) for x in split_items(t, CHEER)],
              "one or more cheer: a colour (white, green, red, blue, purple, yellow; 白 緑 赤 青 紫 黄) "
              "or a card number; also any card number where a zone mixes cards and cheer",
              ("green, green", "緑、白")),
    ParamType("name", NAME, lambda t: unquote(t),
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
    ParamType("value", VALUE, value,
              "a value: a number, true/false, a card number, a colour, a reference, a quoted name, "
              "or a list of these", ("110", "true", "green, green")),
    ParamType("answer", ANSWER, answer,
              "one answer to a decision, by meaning: a holomem or reference, a card number, a name, "
              "an option label (yes, no, first, second), a number", ("B.center", "yes", "hSD01-003")),
    ParamType("answers", rf"{ANSWER_ITEM}(?:{ANSWER_SEP}{ANSWER_ITEM})+", answers,
              "several answers in order, separated by commas or \"then\" (、)", ("yes, then B.center",)),
    ParamType("picks", rf"{ANSWER_ITEM}(?:{ANSWER_SEP}{ANSWER_ITEM}|\s+and\s+{ANSWER_ITEM})*",
              lambda t: answers(t, ("then", "and")),
              "the things one decision picks, in order, separated by commas or \"and\" (、)",
              ("hSD01-013, hSD01-003",)),
    ParamType("where", rf"(?:{POSITION_PHRASE}|{HOLOMEM_REF}|{HOLOMEM_PHRASE})", holomem,
              "a position: A's collab position, A's back position 2, A.collab, A.back.2 "
              "(Aのコラボポジション, Aのバックポジション2)", ("A's collab position", "Aのコラボポジション")),
    ParamType("rules", RULES, rules,
              "a rule number, or several separated by \"or\" / commas (any of them)",
              ("8.3.1", "8.3.1 or 8.3.2")),
    ParamType("dice", DICE, dice, "die results 1 to 6, in order", ("5", "5, 3")),
    ParamType("die", DIE, integer, "a die result, 1 to 6", ("5",)),
    ParamType("alias", r"\$?[\w-]+", alias, "a name to refer to a holomem later as $name "
              "(letters, digits, _ and -)", ("azki2",)),
    ParamType("decision", r"[a-z_]+", decision, "the kind of a decision (cheer_target, may_roll, ...)",
              ("cheer_target",)),
    ParamType("order", r"(?:(?i:first|second)|先攻|後攻)", order, "first or second (先攻, 後攻)", ("second",)),
    ParamType("position", r"(?:(?i:centre|center|collab)|センター|コラボ)", position,
              "centre (center) or collab (センター, コラボ)", ("collab",)),
    ParamType("text", r".+", string, "free text", ("Official Q&A Q17",)),
    ParamType("names", list_of(NAME), names, "one or more names", ('"a", "b"',)),
)}


def type_named(name: str) -> ParamType:
    try:
        return TYPES[name]
    except KeyError:
        raise KeyError(f"no step parameter type '{name}'; known: {', '.join(TYPES)}") from None
