"""Rewrite the free-text `source:` lines of YAML scenarios that cite official rulings by number
("Official Q&A Q62 (2024-09-21)", "FAQ Q75 (2025.02.07) and Q199") into the structured form
`source: {qa: [Q62]}` / `{faq: [Q75, Q199], text: ...}` that `judge qa status` counts.

    python tools/qa_sources.py [--write] [PATHS...]      # default: scenarios/; without --write, a dry run

Idempotent: a structured source is left alone, and so is a free-text line whose numbers the game's
rulings file does not have (it is printed, to be looked at) or that cites a ruling only as "closest".
Run it after merging scenarios written with free-text citations; check `git diff` by eye.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# "Official Q&A Q62 (2024-09-21), Q160 (2025-12-22)", "FAQ Q75 (2025.02.07) and Q199 (2025.12.17)"
CITATION = re.compile(r"(?:[Oo]fficial )?(?:Q&A|FAQ) ((?:Q\d+(?: \([^)]*\))?(?:, | and )?)+)")
NOT_HELD = ("closest official ruling",)


def convert(line: str, rulings) -> tuple[str | None, str | None]:
    """(the structured line, None), (None, why not) or (None, None) when the line cites nothing."""
    m = re.match(r'^source: "(.*)"$', line)
    if not m or any(s in m.group(1) for s in NOT_HELD):
        return None, None
    text = m.group(1)
    c = CITATION.search(text)
    if not c:
        return None, None
    numbers = re.findall(r"Q\d+", c.group(1))
    if rulings is None:
        return None, "the game has no official rulings file"
    missing = [n for n in numbers if n not in rulings]
    if missing:
        return None, f"not in the rulings file: {', '.join(missing)}"
    rest = (text[:c.start()] + text[c.end():]).strip()
    rest = re.sub(r"^[;:,]\s*|\s*[;,]$", "", rest).strip()
    rest = re.sub(r";\s*:\s*", ": ", rest)
    rest = re.sub(r"^:\s*", "", rest)
    new = f"source: {{{rulings.key}: [{', '.join(numbers)}]"
    if rest:
        new += f", text: {json.dumps(rest, ensure_ascii=False)}"
    return new + "}", None


def main(argv: list[str]) -> int:
    from judge.games import ruleset
    write = "--write" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")] or [ROOT / "scenarios"]
    files = sorted(f for p in paths for f in ([p] if p.is_file() else p.rglob("*.yaml")))
    changed = 0
    for f in files:
        lines = f.read_text(encoding="utf-8").split("\n")
        game = next((ln.split(":", 1)[1].strip() for ln in lines if ln.startswith("game:")), None)
        try:
            rulings = getattr(ruleset(game), "rulings", None) if game else None
        except Exception:                      # an unknown game: `judge run` reports it
            continue
        touched = False
        for i, line in enumerate(lines):
            new, why = convert(line, rulings)
            if why:
                print(f"{f}:{i + 1}: left as text ({why}): {line}")
            if new:
                print(f"{f}:{i + 1}:\n  - {line}\n  + {new}")
                lines[i], touched = new, True
        if touched:
            changed += 1
            if write:
                f.write_text("\n".join(lines), encoding="utf-8")
    print(f"{changed} file(s) {'rewritten' if write else 'to rewrite (dry run: --write to rewrite)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
