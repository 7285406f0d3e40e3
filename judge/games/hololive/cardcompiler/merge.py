"""Write compiled entries into a set file's records: a hand encoding overrides the compiler.

An entry the compiler may write is the importer's placeholder (`unsupported: effect not yet
encoded`), an earlier compiler entry (listed in compiled.json, the manifest this module keeps), or a
missing one; any other entry with an encoding, or with a reason written by hand, is a hand encoding
and stays as it is."""
from __future__ import annotations

import json
from pathlib import Path

from .compile import compile_card

MANIFEST = Path(__file__).with_name("compiled.json")
PLACEHOLDER = "effect not yet encoded"      # tools/import_hocg.py's UNSUPPORTED


def load_manifest(path: Path = MANIFEST) -> dict[str, list[str]]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _writable(entry: dict | None, key: str, owned: set[str]) -> bool:
    if entry is None:
        return False
    return key in owned or entry.get("unsupported") == PLACEHOLDER


def _key(where: str, entry: dict) -> str:
    return f"{where}/{entry.get('kind', '')}/{entry.get('name', '')}".rstrip("/")


def merge_card(record: dict, card: dict, owned: set[str]) -> tuple[dict, set[str]]:
    """The record with the compiled entries of `card` (cards-official-ja.json) written where the
    compiler may write; and the keys of the entries it wrote."""
    written: set[str] = set()
    for where, ja, compiled in compile_card(card):
        if where == "extra":
            # 2.11.2: a printed fact; the importer's source lacks some (the unlimited copies of many
            # Debut holomems, 'cannot bloom'): written only where the record has no extra at all
            if "unsupported" not in compiled and ("extra" not in record or "extra" in owned):
                record["extra"] = compiled["extra"]
                written.add("extra")
            continue
        if where in ("oshi_skill", "sp_oshi_skill"):
            entry, key = record.get(where), where
            if not _writable(entry, key, owned):
                continue
            new = {k: v for k, v in compiled.items() if k not in ("name",)}
            if entry.get("holopower") is not None:
                new.pop("holopower", None)      # a cost written by hand stays
            record[where] = {k: v for k, v in entry.items() if k not in ("unsupported", "effect", "timing")} | new
            written.add(key)
            continue
        if where == "arts":
            arts = record.get("arts") or []
            entry = next((a for a in arts if a.get("name") == ja.get("name")), None)
            printed = [s for s in card.get("skills", []) if s["type"] == "アーツ"]
            if entry is None and len(printed) == len(arts):
                # the two sources spell the art's name differently: the art at the same place
                entry = arts[printed.index(ja)]
            key = f"arts/{ja.get('name')}"
            if not _writable(entry, key, owned):
                continue
            facts = {k: v for k, v in entry.items() if k not in ("unsupported", "effect")}
            arts[arts.index(entry)] = facts | compiled
            written.add(key)
            continue
        abilities = record.get("abilities") or []
        if "abilities" in compiled:
            # a tool, mascot or fan: its one text is all of its abilities (5.17, 5.19.1); the compiler
            # writes the whole list where the importer left its one placeholder or it wrote before
            key = "abilities/attached"
            placeholder = [a for a in abilities if a.get("unsupported") == PLACEHOLDER]
            if key in owned or (len(abilities) == 1 and placeholder):
                record["abilities"] = compiled["abilities"]
                written.add(key)
            continue
        if "unsupported" in compiled and ja.get("type") == "サポート効果" and "abilities/attached" in owned:
            abilities = record["abilities"] = [{"kind": "support"}]
            written.add("abilities/attached")
            abilities[0].update(compiled)
            continue
        kind = compiled.get("kind", "support")
        # a gift is written as the kind it is (13.4.1): its entry is found by its name whatever kind
        kinds = {"gift", "auto", "when_downed", "continuous"} if ja.get("subtype") == "ギフト" else {kind}
        entry = next((a for a in abilities if a.get("kind") in kinds
                      and (kind == "support" or a.get("name") == ja.get("name"))), None)
        key_kind = "gift" if ja.get("subtype") == "ギフト" else kind
        key = f"abilities/{key_kind}/{ja.get('name', '') if kind != 'support' else ''}".rstrip("/")
        if not _writable(entry, key, owned):
            continue
        facts = {k: v for k, v in entry.items() if k in ("name", "name_en")}
        facts = {"kind": compiled.get("kind", entry.get("kind")), **facts}
        abilities[abilities.index(entry)] = facts | {k: v for k, v in compiled.items() if k not in facts}
        written.add(key)
    return record, written
