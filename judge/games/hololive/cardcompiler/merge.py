"""Write compiled entries into a set file's records: a hand encoding overrides the compiler.

An entry the compiler may write is the importer's placeholder (`unsupported: effect not yet
encoded`) or an entry it wrote before and nobody changed since: compiled.json, the manifest this
module keeps, gives each entry the compiler wrote with a digest of what it wrote. An entry edited by
hand no longer matches its digest and from then on is a hand encoding, as is any other entry with an
encoding or a reason written by hand: it stays as it is."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .compile import compile_card

MANIFEST = Path(__file__).with_name("compiled.json")
PLACEHOLDER = "effect not yet encoded"      # tools/import_hocg.py's UNSUPPORTED


def load_manifest(path: Path = MANIFEST) -> dict[str, dict[str, str]]:
    """card number -> {entry key: digest of the entry as the compiler wrote it}."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def digest(entry) -> str:
    """A short digest of an entry's content (key order does not matter)."""
    text = json.dumps(entry, ensure_ascii=False, sort_keys=True)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def _owns(owned: dict[str, str], key: str, entry) -> bool:
    """The compiler wrote this entry and it is still what it wrote."""
    return key in owned and owned[key] == digest(entry)


def _writable(entry: dict | None, key: str, owned: dict[str, str]) -> bool:
    if entry is None:
        return False
    return _owns(owned, key, entry) or entry.get("unsupported") == PLACEHOLDER


def _key(where: str, entry: dict) -> str:
    return f"{where}/{entry.get('kind', '')}/{entry.get('name', '')}".rstrip("/")


def merge_card(record: dict, card: dict, owned: dict[str, str]) -> tuple[dict, dict[str, str]]:
    """The record with the compiled entries of `card` (cards-official-ja.json) written where the
    compiler may write; and the keys of the entries it wrote, each with the digest of what it wrote."""
    written: dict[str, str] = {}
    for where, ja, compiled in compile_card(card):
        if where == "extra":
            # 2.11.2: a printed fact; the importer's source lacks some (the unlimited copies of many
            # Debut holomems, 'cannot bloom'): written only where the record has no extra at all
            if "unsupported" not in compiled and ("extra" not in record or _owns(owned, "extra", record["extra"])):
                record["extra"] = compiled["extra"]
                written["extra"] = digest(record["extra"])
            continue
        if where in ("oshi_skill", "sp_oshi_skill"):
            entry, key = record.get(where), where
            if not _writable(entry, key, owned):
                continue
            new = {k: v for k, v in compiled.items() if k not in ("name",)}
            if entry.get("holopower") is not None:
                new.pop("holopower", None)      # a cost written by hand stays
            record[where] = {k: v for k, v in entry.items() if k not in ("unsupported", "effect", "timing")} | new
            written[key] = digest(record[where])
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
            facts = {k: v for k, v in entry.items() if k not in ("unsupported", "effect", "downs")}
            i = arts.index(entry)
            arts[i] = facts | compiled
            written[key] = digest(arts[i])
            continue
        abilities = record.get("abilities") or []
        if "abilities" in compiled:
            # a tool, mascot or fan: its one text is all of its abilities (5.17, 5.19.1); the compiler
            # writes the whole list where the importer left its one placeholder or it wrote before
            key = "abilities/attached"
            placeholder = [a for a in abilities if a.get("unsupported") == PLACEHOLDER]
            if _owns(owned, key, abilities) or (len(abilities) == 1 and placeholder):
                record["abilities"] = compiled["abilities"]
                written[key] = digest(record["abilities"])
            continue
        if "unsupported" in compiled and ja.get("type") == "サポート効果" \
                and _owns(owned, "abilities/attached", abilities):
            abilities = record["abilities"] = [{"kind": "support"}]
            abilities[0].update(compiled)
            written["abilities/attached"] = digest(abilities)
            continue
        kind = compiled.get("kind", "support")
        # a gift is written as the kind it is (13.4.1): its entry is found by its name whatever kind
        kinds = {"gift", "auto", "when_downed", "when_downs", "continuous"} if ja.get("subtype") == "ギフト" else {kind}
        entry = next((a for a in abilities if a.get("kind") in kinds
                      and (kind == "support" or a.get("name") == ja.get("name"))), None)
        key_kind = "gift" if ja.get("subtype") == "ギフト" else kind
        key = f"abilities/{key_kind}/{ja.get('name', '') if kind != 'support' else ''}".rstrip("/")
        if not _writable(entry, key, owned):
            continue
        facts = {k: v for k, v in entry.items() if k in ("name", "name_en")}
        facts = {"kind": compiled.get("kind", entry.get("kind")), **facts}
        i = abilities.index(entry)
        abilities[i] = facts | {k: v for k, v in compiled.items() if k not in facts}
        written[key] = digest(abilities[i])
    return record, written
