"""The Love Live! OCG's official FAQ (reference/lovelive/faq.json of ../shared) as the game's rulings
file (judge.core.rulings): a scenario cites an FAQ entry as `source: {faq: [Q75]}`. Only the facts
(number, date, cards named) are kept in data/faq-facts.json; the question and answer are read from
../shared when shown.
"""
from __future__ import annotations

import json
from pathlib import Path

from ...core.rulings import OfficialRulings, Ruling

HERE = Path(__file__).resolve().parent
REFERENCE = (HERE.parents[2] / ".." / "shared" / "reference" / "lovelive" / "faq.json").resolve()


def read(path: Path):
    for r in json.loads(path.read_text(encoding="utf-8"))["faq"]:
        yield Ruling(r["q"], (r.get("date") or "").replace(".", "-"), tuple(r.get("cards") or ()),
                     {"ja": r.get("question", "")}, {"ja": r.get("answer", "")})


RULINGS = OfficialRulings(key="faq", title="official FAQ", reference=REFERENCE,
                          facts=HERE / "data" / "faq-facts.json", read=read)
