"""hololive's official Q&A (reference/hocg/qna.json of ../shared) as the game's rulings file
(judge.core.rulings): a scenario cites a Q&A as `source: {qa: [Q194]}`; `judge qa status` and
`judge qa show` read it. The file holds each Q&A once, at its latest revision (its `date`; a revised
answer says so in its text), so the latest revision is the one cited. Only the facts (number, date,
cards named) are kept in data/qa-facts.json; the question and answer are read from ../shared when shown.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ...core.rulings import OfficialRulings, Ruling

HERE = Path(__file__).resolve().parent
REFERENCE = (HERE.parents[2] / ".." / "shared" / "reference" / "hocg" / "qna.json").resolve()


# A card number as the Q&A prints it (hBP01-001, hSD01-013, hYS01-001); "hBP03-0012" (a misprint in
# Q307's Japanese question) is not one.
CARD_NUMBER = re.compile(r"\bh[A-Z]{1,3}\d{2}-\d{3}(?!\d)")


def cards_named(r: dict) -> tuple:
    """The cards a Q&A names: its `referenced_cards`, then those its texts name that the list misses
    (17 Q&As, e.g. Q307 names hBP03-012 only in its text)."""
    texts = [r["question"].get("jp", ""), r["question"].get("en", ""), r["answer"].get("jp", ""),
             r["answer"].get("en", "")]
    found = list(r.get("referenced_cards") or ())
    for text in texts:
        found += [c for c in CARD_NUMBER.findall(text) if c not in found]
    return tuple(found)


def read(path: Path):
    for number, r in json.loads(path.read_text(encoding="utf-8")).items():
        yield Ruling(r.get("qna_number") or number, r.get("date") or "", cards_named(r),
                     {"ja": r["question"].get("jp", ""), "en": r["question"].get("en", "")},
                     {"ja": r["answer"].get("jp", ""), "en": r["answer"].get("en", "")})


RULINGS = OfficialRulings(key="qa", title="official Q&A", reference=REFERENCE,
                          facts=HERE / "data" / "qa-facts.json", read=read, waivers=HERE / "data" / "qa-waivers.yaml")
