#!/usr/bin/env python3
"""Compile the Japanese card texts of the official card list into the set files.

    python tools/compile_cards.py [--source PATH] [--report] [--check]

Reads ../shared/reference/hocg/cards-official-ja.json, compiles each ability's text with
judge/games/hololive/cardcompiler (phrases.lark), and writes the compiled entries into the set
files that exist (judge/games/hololive/cards/*.yaml): a hand encoding is kept, a phrase the grammar
cannot derive makes the ability `unsupported: "cannot parse: <phrase>"`. Every written file is
validated as `judge cards check` validates it first (exit 2 on a problem, nothing written).
`--report`: abilities compiled / with text, per set over every card of the list, and the most
frequent blocking phrases. `--check`: exit 1 if a set file is not what compiling gives.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from judge.games.hololive.cardcompiler.compile import CANNOT, blocking_phrases, report, validate  # noqa: E402
from judge.games.hololive.cardcompiler.merge import MANIFEST, load_manifest, merge_card  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "hocg" / "cards-official-ja.json"
CARD_DIR = ROOT / "judge" / "games" / "hololive" / "cards"


def _importer():
    spec = importlib.util.spec_from_file_location("import_hocg", ROOT / "tools" / "import_hocg.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def compile_sets(cards: dict) -> tuple[dict[Path, str], dict]:
    """The new text of each set file, and the new manifest."""
    importer = _importer()
    manifest = load_manifest()
    new_manifest: dict[str, dict[str, str]] = {}
    out: dict[Path, str] = {}
    for path in sorted(CARD_DIR.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        records = doc.get("cards") or {}
        touched = False
        for number, record in records.items():
            if number in cards:
                _, written = merge_card(record, cards[number], manifest.get(number, {}))
                if written:
                    new_manifest[number] = dict(sorted(written.items()))
                    touched = True
        if not touched:
            continue                            # a file with no compiled entry is left as it is
        problems = validate(records)
        if problems:
            raise SystemExit("compile_cards: compiled entries break the effect language:\n  "
                             + "\n  ".join(problems))
        out[path] = importer.dump(doc, importer.HEADER)
    return out, new_manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    ap.add_argument("--report", action="store_true", help="compiled / total abilities per set")
    ap.add_argument("--check", action="store_true", help="exit 1 if a set file is not up to date")
    args = ap.parse_args(argv)
    try:
        cards = json.loads(args.source.read_text(encoding="utf-8"))["cards"]
    except (OSError, ValueError, KeyError) as e:
        print(f"compile_cards: cannot read {args.source}: {e}", file=sys.stderr)
        return 2
    if args.report:
        rows = report(cards)
        for s, r in sorted(rows.items()):
            print(f"{s:6s} abilities {r['parsed']:4d}/{r['abilities']:<4d} cards complete {r['complete']:4d}/{r['cards']}")
        parsed, total = sum(r['parsed'] for r in rows.values()), sum(r['abilities'] for r in rows.values())
        print(f"all    abilities {parsed}/{total}"
              f" cards complete {sum(r['complete'] for r in rows.values())}/{sum(r['cards'] for r in rows.values())}")
        # the compiler's share: of every ability with text, those it encodes with no hand help
        print(f"compiler share: {parsed}/{total} abilities ({100 * parsed / max(total, 1):.1f}%)")
        families = Counter(reason.split(" (")[-1].rstrip(")") if reason.endswith(")") else "no rule"
                           for reason, n in blocking_phrases(cards).items() for _ in range(n))
        print("blocked by:", ", ".join(f"{k}: {n}" for k, n in families.most_common(12)))
        return 0
    files, manifest = compile_sets(cards)
    stale = [p for p, text in files.items() if p.read_text(encoding="utf-8") != text]
    manifest_text = json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if not MANIFEST.is_file() or MANIFEST.read_text(encoding="utf-8") != manifest_text:
        stale.append(MANIFEST)
    if args.check:
        for p in stale:
            print(f"not up to date: {p}")
        return 1 if stale else 0
    for p, text in files.items():
        if p in stale:
            p.write_text(text, encoding="utf-8")
            print(f"wrote {p}")
    MANIFEST.write_text(manifest_text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
