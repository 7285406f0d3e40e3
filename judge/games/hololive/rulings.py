"""hololive's official Q&A (reference/hocg/qna.json of ../shared) as the game's rulings file
(judge.core.rulings): a scenario cites a Q&A as `source: {qa: [Q194]}`; `judge qa status` and
`judge qa show` read it. The file holds each Q&A once, at its latest revision (its `date`; a revised
answer says so in its text), so the latest revision is the one cited. Only the facts (number, date,
cards named) are kept in data/qa-facts.json; the question and answer are read from ../shared when shown.
"""
from __future__ import annotations

import json
from pathlib import Path

from ...core.rulings import OfficialRulings, Ruling

HERE = Path(__file__).resolve().parent
REFERENCE = (HERE.parents[2] / ".." / "shared" / "reference" / "hocg" / "qna.json").resolve()


def read(path: Path):
    for number, r in json.loads(path.read_text(encoding="utf-8")).items():
        yield Ruling(r.get("qna_number") or number, r.get("date") or "", tuple(r.get("referenced_cards") or ()),
                     {"ja": r["question"].get("jp", ""), "en": r["question"].get("en", "")},
                     {"ja": r["answer"].get("jp", ""), "en": r["answer"].get("en", "")})


RULINGS = OfficialRulings(key="qa", title="official Q&A", reference=REFERENCE,
                          facts=HERE / "data" / "qa-facts.json", read=read)
