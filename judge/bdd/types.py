"""Typed parameters of the step library: each has a regular expression and a converter.

A step template such as ``{player} wins the game`` names its parameters; the
parameter's type (its name, or ``{name:type}``) gives the pattern that the
text must match and the converter that turns the matched text into the value
the scenario model holds (``"A"``, ``"ABC-001"``, ``110``, ``["yes", 2]`` ...).
pytest-bdd gets the same regular expressions and converters (``parsers.re`` +
``converters=``), so both ways of running a feature read a step identically.

These are the game-neutral types. A game's step library adds its own and may
replace these (its card numbers, the names of its steps, the references of
its board): see `StepVocabulary` in judge/bdd/registry.py. The pieces below
(quoting, lists, answers, values) are what a game builds its own types from.

Quoting convention (both languages): names — of cards named by name, of
abilities — go in double quotes (``"Big Hit"``; in Japanese also 「…」);
references (``A.hand``, ``$name``), card numbers, numbers and players are
written bare. A single-word name may be written bare.
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
# A card number when the game gives no pattern of its own: letters and digits with at least one
# hyphen (ABC-001, TEST-BLUE), or an upper-case word (FILLER, N1). Anything else is a name, in quotes.
CARD_NUMBER = r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[A-Z][A-Z0-9_]+"


def card_pattern(number: str) -> str:
    """A card: its number (the game's pattern) bare, or its name quoted."""
    return rf"(?:{QUOTED}|{number})"


CARD = card_pattern(CARD_NUMBER)
# A bare word: no spaces, quotes, list punctuation or hiragana (so that Japanese particles and
# endings are never part of it), and not ending with a full stop.
BARE = r"[^\s\"“”「」『』、，,。\u3040-\u309F]*[^\s\"“”「」『』、，,。.\u3040-\u309F]"
NAME = rf"(?:{QUOTED}|{BARE})"

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


def player(text: str) -> str:
    return nfkc(text).upper()


def integer(text: str) -> int:
    return int(nfkc(text))


def card(text: str) -> str:
    return unquote(text)


def cards_of(item: str, convert: Callable[[str], object] = card) -> Callable[[str], list]:
    """The converter of a list of `item`s."""
    return lambda text: [convert(x) for x in split_items(text, item)]


def string(text: str) -> str:
    return nfkc(text)


def names(text: str) -> list[str]:
    return [unquote(x) for x in split_items(text.strip(), NAME)]


# --------------------------------------------------------------- the turn
# A step of the turn when the game gives no names of its own: one word, read in lower case.
STEP = r"[A-Za-z][\w-]*"


def step(text: str) -> str:
    return nfkc(text).lower()


# ------------------------------------------------------------ paths, values
PATH = r"(?:[ABＡＢ]|\$[\w-]+)(?:\.[\w-]+)+"
VALUE_SEP = r"(?:\s*[,，、]\s*(?:and\s+)?|\s+and\s+)"
# `empty` is not a value: "X is empty" is a step of its own wherever a game has one.
VALUE = rf"(?!(?:not\s+)?empty\s*$)(?!空)(?:{QUOTED}|{BARE})(?:{VALUE_SEP}(?:{QUOTED}|{BARE}))*"


def scalar(text: str):
    """One value: quoted text stays text; numbers and booleans are read."""
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
    return t


def value_reader(one: Callable[[str], object] = scalar) -> Callable[[str], object]:
    """A value a path must have: one scalar (read by `one`), a quoted name, or a list of them."""
    def value(text: str):
        t = text.strip()
        if re.fullmatch(QUOTED, t):
            return unquote(t)
        items = re.split(VALUE_SEP, t)
        if len(items) > 1:
            return [one(x) for x in items]
        return one(t)
    return value


# ----------------------------------------------------------------- answers
LABELS_JA = {"はい": "yes", "いいえ": "no", "先攻": "first", "後攻": "second"}
_LABEL_JA = "|".join(LABELS_JA)
ANSWER_ITEM = rf"(?:{QUOTED}|{_LABEL_JA}|{BARE})"
ANSWER_SEP = r"(?:\s*[,，、]\s*(?:then\s+)?|\s+then\s+)"


def answer(text: str):
    """One answer to a decision, matched by meaning: a card number, a name, an option label
    (yes, no, first, second, ...), a number."""
    t = text.strip()
    if re.fullmatch(QUOTED, t):
        return unquote(t)
    t = nfkc(t)
    if re.fullmatch(r"\d+", t):
        return int(t)
    return LABELS_JA.get(t, t)


def answer_types(one: Callable[[str], object] = answer, phrase: str = "", *, doc: str = "",
                 examples=(("yes", "ABC-001", "2"), ("yes, then 2",), ("ABC-001, ABC-002",))
                 ) -> tuple[ParamType, ...]:
    """The answer, answers and picks types: an answer read by `one`; `phrase` is a pattern of
    several words that is also one answer (a game's way of saying a reference); examples of each."""
    def several(joiners):
        def read(text: str) -> list:
            tokens = re.findall(rf"{QUOTED}|{_LABEL_JA}|{BARE}", text)
            return [one(t) for t in tokens if t.lower() not in joiners]
        return read
    single = rf"(?:{phrase}|{ANSWER_ITEM})" if phrase else ANSWER_ITEM
    return (
        ParamType("answer", single, one,
                  doc or "one answer to a decision, by meaning: a card number, a name, an option label "
                         "(yes, no, first, second), a number", examples[0]),
        ParamType("answers", rf"{ANSWER_ITEM}(?:{ANSWER_SEP}{ANSWER_ITEM})+", several(("then",)),
                  "several answers in order, separated by commas or \"then\" (、)", examples[1]),
        ParamType("picks", rf"{ANSWER_ITEM}(?:{ANSWER_SEP}{ANSWER_ITEM}|\s+and\s+{ANSWER_ITEM})*",
                  several(("then", "and")),
                  "the things one decision picks, in order, separated by commas or \"and\" (、)", examples[2]),
    )


# ------------------------------------------------------------ rules, dice
RULE = r"\d+(?:\.\d+)*"
RULES = rf"{RULE}(?:\s*(?:,|、|\s+or\s+|または|か)\s*{RULE})*"


def rules(text: str) -> list[str]:
    return re.findall(RULE, nfkc(text))


def dice(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d", nfkc(text))]


DIE = r"[1-6１-６]"
DICE = rf"{DIE}(?:{SEP}{DIE})*"


def decision(text: str) -> str:
    return nfkc(text)


def table(*types: ParamType) -> dict[str, ParamType]:
    return {t.name: t for t in types}


TYPES: dict[str, ParamType] = table(
    ParamType("player", PLAYER, player, "a player: A or B", ("A", "B")),
    ParamType("number", INT, integer, "a whole number", ("4", "110")),
    ParamType("step", STEP, step, "a step of the turn, as the game names it", ("main",)),
    ParamType("card", CARD, card, "a card: its number bare, or its name in double quotes",
              ("ABC-001", '"Big Hit"', "「大技」")),
    ParamType("cards", list_of(CARD), cards_of(CARD),
              "one or more cards, separated by commas or \"and\" (、 or と)", ("ABC-001, ABC-002", "ABC-001とABC-002")),
    ParamType("name", NAME, unquote, "a name (of an ability, a card): in double quotes (or 「」) when it has spaces",
              ('"Big Hit"', "「大技」")),
    ParamType("names", list_of(NAME), names, "one or more names", ('"a", "b"',)),
    ParamType("path", PATH, string,
              "a readable path: a player or $name followed by what to read (A.hand.count, $name.value)",
              ("A.hand.count",)),
    ParamType("value", VALUE, value_reader(),
              "a value: a number, true/false, a card number, a reference, a quoted name, or a list of these",
              ("110", "true", "ABC-001, ABC-002")),
    *answer_types(),
    ParamType("rules", RULES, rules, "a rule number, or several separated by \"or\" / commas (any of them)",
              ("8.3.1", "8.3.1 or 8.3.2")),
    ParamType("dice", DICE, dice, "die results 1 to 6, in order", ("5", "5, 3")),
    ParamType("die", DIE, integer, "a die result, 1 to 6", ("5",)),
    ParamType("decision", r"[a-z_]+", decision, "the kind of a decision, as the game names it", ("target",)),
    ParamType("text", r".+", string, "free text", ("Official Q&A Q17",)),
)
