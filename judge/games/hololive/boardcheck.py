"""Boards the rules cannot produce: checked on a scenario's `given` before anything is built.

A scenario's board is a state some legal game could reach. Each check below is an impossibility
the rules prove, not a habit of play:

* Counts (docs/scenario-language.md, "Bounds"). A player's cards are the game deck they began with
  (3.1.1): one oshi (6.1.2), a cheer deck of exactly 20 cheer cards (6.1.3.1, 6.1.3.2) and a deck of
  exactly 50 cards that are neither oshi nor cheer (6.1.4.1, 6.1.4.2). Wherever they are now (deck,
  hand, stage, archive, life, holo power), a player holds at most 50 cards other than cheer and the
  oshi, and at most 20 cheer; the life, dealt from the cheer deck (6.2.1.11), is counted with the
  cheer. A board that starts at set-up presents its game deck (6.2.1.1), which may break 6.1 on
  purpose (the trace records each violation); it is bounded at twice the legal size, room for any
  such ruling. The counts are added up before any card is made, so `deck: 1000000000` costs nothing.
* The stage holds at most STAGE_LIMIT holomems (4.6.2.1).
* A holomem is a stack of holomem cards (4.4.2) with support and cheer cards attached (4.4.3).
* Bloom order: only a 1st or 2nd card blooms a holomem, a 1st only a Debut or 1st, a 2nd only a 1st
  or 2nd, and a Spot never blooms (8.3.2, 8.3.3); the bloom card goes on top (5.14.1) and the
  stacked cards keep their order (4.4.2.3). An effect may archive a stacked card from the middle
  (official Q&A Q87), so what the rules guarantee is that each card sits on one it could have
  reached by blooms: a Debut on top of a 1st, or anything on a Spot, never happens.

Not checked, because the rules can produce it: more tools or mascots on one holomem than 5.17.3.1-2
allow (a continuous effect may have raised the limit, 5.17.3.3, and ended: the next rule process
archives the extra cards, 11.4.2; official Q&A Q413, Q464); card names along a stack (an effect can
give a holomem another name, so it may bloom with a card of that name); damage at or over the HP
(a down still due, 11.3).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ...core.errors import closest
from .actions import BLOOM_FROM
from .board import DEFAULT_DECK, DEFAULT_HOLOMEM, DEFAULT_OSHI
from .cards import COLORS
from .game import STAGE_LIMIT

DECK_SIZE = 50            # 6.1.4.2
CHEER_DECK_SIZE = 20      # 6.1.3.2
PRESENTED_FACTOR = 2      # a deck presented at set-up may break 6.1, up to twice the legal size
STAGE_KEYS = ("center", "collab")
ZONE_KEYS = ("deck", "cheer_deck", "life", "hand", "archive", "holopower")
CHEER_COUNTS = ("cheer_deck", "life")          # a number there is a number of white cheer
LEVEL_WORDS = {"debut": "Debut", "1st": "1st", "2nd": "2nd", "spot": "Spot"}


@dataclass(frozen=True)
class Violation:
    """A board the rules cannot produce: where in `given`, what is wrong (with its rule)."""
    path: tuple
    message: str
    expected: str | None = None


def board_violations(given: dict, db) -> list[Violation]:
    """Every impossibility of the board `given` (already schema-valid, its cards known to `db`)."""
    setup = (given.get("turn") or {}).get("step") == "setup"
    out: list[Violation] = []
    for p in ("A", "B"):
        spec = given.get(p) or {}
        base = ("given", p)
        out += _oshi_violations(spec, base, db)
        out += _count_violations(spec, base, db, setup)
        if setup:
            continue
        out += _stage_violations(spec, base)
        for sub, h in _holomems(spec):
            out += _holomem_violations(h, base + sub, db)
    return out


def _oshi_violations(spec, base, db) -> list[Violation]:
    """6.1.2: the game's oshi is a card of card type oshi."""
    oshi = _oshi(spec, db)
    if oshi is None or oshi.type == "oshi":
        return []
    return [Violation(base + ("oshi",), f"{oshi.number} is a {oshi.type} card; the oshi is a card of card type "
                                        "oshi (6.1.2)", "an oshi card number")]


# ------------------------------------------------------------------- counts
def _count_violations(spec, base, db, setup) -> list[Violation]:
    """6.1.3.2, 6.1.4.2: at most 50 cards besides cheer and the oshi, at most 20 cheer; the biggest
    part of the excess is where the message points."""
    factor = PRESENTED_FACTOR if setup else 1
    out = []
    for counts, limit, what, rule in zip(_tally(spec, db, setup), (DECK_SIZE, CHEER_DECK_SIZE),
                                         ("cards other than cheer and the oshi", "cheer cards"),
                                         ("6.1.4.2", "6.1.3.2")):
        total = sum(counts.values())
        if total > limit * factor:
            where = max(counts, key=counts.get)
            expected = (f"at most {limit * factor} in the presented deck (a legal one has {limit})" if setup
                        else f"at most {limit} in all of the player's zones together")
            out.append(Violation(base + where, _count_message(base[-1], total, limit, what, rule, setup, where),
                                 expected))
    return out


def _tally(spec, db, setup) -> tuple[Counter, Counter]:
    """(cards other than cheer, cheer cards) by where `given` puts them (a path below the player),
    from the numbers as written: nothing is built."""
    other, cheer = Counter(), Counter()
    oshi = _oshi(spec, db)
    for key in ("deck", "cheer_deck") if setup else ZONE_KEYS:
        where = ("oshi",) if key == "life" and key not in spec else (key,)    # an unstated life: the oshi's
        value = spec.get(key, _default(key, oshi))
        if isinstance(value, int):
            (cheer if key in CHEER_COUNTS else other)[where] += value
            continue
        for text in value:
            (cheer if _is_cheer(text, db, key) else other)[where] += 1
    if not setup:
        for sub, h in _holomems(spec):
            h = _as_mapping(h)
            other[sub] += 1 + len(h.get("stack") or ()) + len(h.get("attached") or ())
            cheer[sub] += len(h.get("cheer") or ())
    return other, cheer


def _count_message(p, total, limit, what, rule, setup, where) -> str:
    if setup:
        return (f"the game deck {p} presents holds {total} {what}; a legal game deck has {limit} ({rule}); "
                f"a deck presented at set-up may break that (the trace records it), but by no more than "
                f"{limit} more")
    default = " (an unstated life is the oshi's life, 6.2.1.11)" if where == ("oshi",) else ""
    return (f"{p}'s board holds {total} {what}{default}; a player's cards are the game deck they began with "
            f"(3.1.1), which has {limit} ({rule})")


def _default(key, oshi):
    if key == "deck":
        return DEFAULT_DECK
    if key == "life":
        return (oshi.life or 0) if oshi is not None else 0
    return []


def _oshi(spec, db):
    number = spec.get("oshi", DEFAULT_OSHI)
    return db.cards.get(number) or next(iter(db.find(number)), None)


def _is_cheer(text, db, key) -> bool:
    if text in COLORS and key in ("cheer_deck", "life", "archive"):
        return True
    defn = _card(text, db)
    return defn is not None and defn.type == "cheer"


def _card(text, db):
    found = db.cards.get(text)
    if found is not None:
        return found
    found = db.find(text)
    return found[0] if len(found) == 1 else None


# -------------------------------------------------------------------- stage
def _holomems(spec):
    """(path below the player, holomem spec) of each holomem on the stage, as the board builder
    places them (a stage nobody mentioned gets one default holomem)."""
    if not any(k in spec for k in ("center", "collab", "back")):
        return [(("center",), DEFAULT_HOLOMEM)]
    out = [((k,), spec[k]) for k in STAGE_KEYS if spec.get(k) is not None]
    return out + [(("back", i), h) for i, h in enumerate(spec.get("back") or [])]


def _stage_violations(spec, base) -> list[Violation]:
    n = len(_holomems(spec))
    if n <= STAGE_LIMIT:
        return []
    return [Violation(base + ("back",), f"{n} holomems on the stage; the stage holds at most {STAGE_LIMIT} "
                                        f"(4.6.2.1)", f"at most {STAGE_LIMIT} holomems in center, collab "
                                                      "and back together")]


def _as_mapping(h) -> dict:
    """A holomem of `given`: a card number is short for {card: NUMBER}."""
    return {"card": h} if isinstance(h, str) else h


# The card type each part of a holomem holds, and why.
_PARTS = {"stack": ("holomem", "a holomem is a stack of holomem cards (4.4.2)"),
          "card": ("holomem", "a holomem is a stack of holomem cards (4.4.2)"),
          "cheer": ("cheer", "`cheer` lists the cheer cards attached to the holomem (4.4.3)"),
          "attached": ("support", "`attached` lists the support cards attached to the holomem (4.4.3)")}


def _holomem_violations(h, path, db) -> list[Violation]:
    h = _as_mapping(h)
    out = []
    for key, (wanted, why) in _PARTS.items():
        texts = [h["card"]] if key == "card" else h.get(key) or ()
        for i, text in enumerate(texts):
            defn = None if key == "cheer" and text in COLORS else _card(text, db)
            if defn is not None and defn.type != wanted:
                where = path + ((key,) if key == "card" else (key, i))
                out.append(Violation(where, f"{defn.number} is a {defn.type} card; {why}", f"a {wanted} card"))
    cards = [(path + ("stack", i), x) for i, x in enumerate(h.get("stack") or ())]
    cards.append((path + ("card",), h["card"]))
    return out or _bloom_order(cards, db)


def _bloom_order(cards, db) -> list[Violation]:
    """8.3.2, 8.3.3: each card on one it could have reached by blooms (see the module's notes)."""
    out = []
    for (_, below), (where, above) in zip(cards, cards[1:]):
        low, high = _card(below, db), _card(above, db)
        if low is None or high is None or high.bloom_level in REACHABLE.get(low.bloom_level, ()):
            continue
        if low.bloom_level == "spot":
            why = "a Spot holomem never blooms (8.3.2)"
        else:
            why = ("only a 1st or 2nd card blooms a holomem, a 1st only a Debut or 1st, a 2nd only a 1st or "
                   "2nd (8.3.3), and the stacked cards keep their order (4.4.2.3)")
        out.append(Violation(where, f"a {_level(high)} card ({high.number}) on a {_level(low)} card "
                                    f"({low.number}): {why}",
                             "the stack bottom first (`stack: [Debut, 1st]` under a 2nd `card`)"))
    return out


def _level(defn) -> str:
    return LEVEL_WORDS.get(defn.bloom_level, str(defn.bloom_level))


def _reachable(direct: dict) -> dict:
    """For each bloom level, the levels a card directly above it may have: the levels its holomem
    can bloom into, in one bloom or several (a stacked card in between may have been archived)."""
    into: dict[str, set] = {}
    for high, lows in direct.items():
        for low in lows:
            into.setdefault(low, set()).add(high)
    out = {}
    for level in into:
        seen, todo = set(), [level]
        while todo:
            for nxt in into.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        out[level] = frozenset(seen)
    return out


REACHABLE = _reachable(BLOOM_FROM)


# --------------------------------------------------------------- references
_BACK = re.compile(r"^(A|B)\.back\.(\d+)(?:\.|$)")
_INDEX = re.compile(r"\.0+(?:\.|$)")


REFERENCE = re.compile(r"^(\$[\w-]+|(A|B)(\.(center|collab|back(\.\d+)?|hand|deck|cheer_deck|life|archive|"
                       r"holopower|oshi))?|(A|B):[\w-]+)$")
REFERENCE_KEYS = ("holomem", "target")        # the keys of an action whose value is a reference


def reference_problem(text: str, *, whole: bool = False):
    """Why a reference (`whole`) or a path can never name anything (None when it may): not written as
    a reference, a back position beyond the stage limit, or a position 0 (positions count from 1)."""
    if whole and not REFERENCE.match(text):
        return f"'{text}' is not a reference", "A.center, A.collab, A.back.N, $name or A:CARD-NUMBER"
    m = _BACK.match(text)
    if m and int(m.group(2)) > STAGE_LIMIT:
        return (f"'{m.group(0).rstrip('.')}' can never exist: the stage holds at most {STAGE_LIMIT} holomems "
                f"(4.6.2.1), so the back positions are {m.group(1)}.back.1 to {m.group(1)}.back.{STAGE_LIMIT}")
    if _INDEX.search(text):
        return f"'{text}' can never exist: positions count from 1 (A.back.1 is the first back holomem)"
    return None


def declared_names(given) -> set:
    """The `$names` a board gives its holomems with `as:`."""
    return {str(h["as"]).lstrip("$") for _, h in _holomem_specs(given) if isinstance(h, dict) and h.get("as")}


def given_cards(given):
    """(path in `given`, text) of each place of a board that names a card (a cheer colour word names
    a cheer card in the zones that hold cheer, and is left to the board builder)."""
    def named(value, path, cheer=False):
        if isinstance(value, str) and not (cheer and value in COLORS):
            yield path, value

    for p in ("A", "B"):
        spec = given.get(p) or {}
        if not isinstance(spec, dict):
            continue
        if "oshi" in spec:
            yield from named(spec["oshi"], (p, "oshi"))
        for key in ZONE_KEYS:
            if isinstance(spec.get(key), list):
                for i, v in enumerate(spec[key]):
                    yield from named(v, (p, key, i), cheer=key in ("cheer_deck", "life", "archive"))
    for path, h in _holomem_specs(given):
        if isinstance(h, str):
            yield from named(h, path)
            continue
        yield from named(h.get("card"), path + ("card",))
        for key in ("stack", "cheer", "attached"):
            for i, v in enumerate(h.get(key) or []):
                yield from named(v, path + (key, i), cheer=key == "cheer")


def _holomem_specs(given):
    """(path in `given`, spec) of each holomem of a board: centre, collab, back."""
    for p in ("A", "B"):
        spec = given.get(p) or {}
        if not isinstance(spec, dict):
            continue
        for key in STAGE_KEYS:
            if spec.get(key) is not None:
                yield (p, key), spec[key]
        for i, h in enumerate(spec.get("back") or []):
            yield (p, "back", i), h


# ------------------------------------------------------------------ answers
_PRINTED = re.compile(r"^[A-Za-z]+\d+-\d+$")             # hSD01-008, hBP01-114, hY02-001
_TEST_ID = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")   # TEST-WHITE-DEBUT, T-AXE


def unknown_card_answer(text: str, db) -> tuple[str, list[str]] | None:
    """(message, closest numbers) when a decision's answer is written as a card number that no card
    in the database or the scenario's `cards:` has; None for anything else (names, labels, ...)."""
    if not (_PRINTED.match(text) or _TEST_ID.match(text)) or text in db or db.find(text):
        return None
    if text in _other_names(db):
        return None
    return f"no card has the number '{text}' (in the card database or the scenario's `cards:`)", \
        closest(text, db.cards)


def _other_names(db) -> set:
    """Names an answer may also use: arts, abilities, oshi skills (a name may look like a number)."""
    out = set()
    for card in db.cards.values():
        out |= {a.name for a in card.arts} | {a.name_en for a in card.arts if a.name_en}
        for ab in (*card.abilities, card.oshi_skill or {}, card.sp_oshi_skill or {}):
            out |= {ab[k] for k in ("name", "name_en") if isinstance(ab.get(k), str)}
    return out
