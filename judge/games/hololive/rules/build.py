"""Build the hololive rule indexes (1.9.0.json, 1.3.0.json) from the rule documents.

    python -m judge.games.hololive.rules.build [--seeds DIR] [--check]

The documents are text converted from PDF (Japanese 1.9.0) or Markdown (the
unofficial English translation of 1.3.0), so the parser is line based and
forgiving about formatting: a line whose first word is a rule number starts a
rule, whatever list/heading/bold markers surround it; a line without a number
continues the rule before it (a page break split the rule, an example, a
bulleted condition). Tables of contents, picture captions, translator notes
and the changelog are not rules and are dropped.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SEEDS = (HERE.parents[3] / ".." / "shared" / "seeds").resolve()

# "10.6.3.2 text", "1.2 title", "13 title"; the number must be followed by a space
# or end the line, so "1: Cost" (a caption) and "1.5倍" are not rule numbers.
NUMBER = re.compile(r"(\d+(?:\.\d+)*)\.?(?:\s+(.*)|$)")


@dataclass(frozen=True)
class Seed:
    version: str
    language: str
    file: str
    skip: str   # regex of lines that are not rule text (TOC, captions, notes)
    stop: str   # regex of the line where the rules end (the changelog)
    # Misprinted rule numbers, corrected: {start of the cleaned line: right number}.
    # Only numbers are corrected, never the text.
    errata: tuple[tuple[str, str], ...] = ()


SEEDS = (
    Seed("1.9.0", "ja", "hololive-ocg-comprehensive-rules-1.9.0-ja.txt",
         # TOC "1\tゲームの概要\t1"; picture captions "① カード名"
         skip=r"\d+\t.*\t\d+|[①-⑳]",
         stop=r"更新項目$"),
    Seed("1.3.0", "en", "hololive-ocg-comprehensive-rules-1.3.0-en.txt",
         # TOC "[1 Game Overview](#)"; captions "1: Cost, 2: Art name";
         # translator's notes "(translation again may be wonky ...)"
         skip=r"\[[^\]]*\]\(#\)$|\d+: |\(.*\)$",
         stop=r"Changelog$",
         # Listed under 4.13 Hand, between 4.13.3 and the 4.14 heading, and it is
         # about the hand: the translation misprints 4.13.4 (1.9.0 has 4.13.4 with
         # the same text).
         errata=(("4.14.4 There is no limit to the number of cards", "4.13.4"),)),
)


def clean(line: str) -> str:
    """One line without Markdown decoration, whitespace collapsed."""
    line = re.sub(r"\[([^\]]*)\]\(#\)", r"\1", line)  # "([6.2.1](#))" -> "(6.2.1)"
    line = line.replace("**", "")                       # bold
    line = re.sub(r"^[-#\s]+", "", line.strip())       # list and heading markers
    line = line.strip("*")                              # italic ("Example: ...*")
    return re.sub(r"\s+", " ", line).strip()


def is_title(number: str, text: str) -> bool:
    """Headings are the one- and two-level numbers that name a section rather than state a rule.

    Two-level numbers normally are headings ("10.6 チェックタイミングとプレイタイミング"), but
    the English 1.3.0 translation numbers some sentences at that level ("12.1 Oshi
    Skills ... are ... abilities."): a heading does not end like a sentence.
    """
    return number.count(".") <= 1 and not text.endswith(("。", "."))


def join(before: str, after: str, language: str) -> str:
    """Append a continuation line: Japanese has no spaces, so a line split by a page
    break rejoins without one, but a new sentence or example after a full stop gets one."""
    if language == "ja" and not before.endswith(("。", ":", "：", ")", "）")):
        return before + after
    return f"{before} {after}"


def parse(text: str, seed: Seed) -> list[dict]:
    """The numbered rules of one document, in document order."""
    rules: dict[str, dict] = {}
    current: dict | None = None
    last_top = 0
    for raw in text.splitlines():
        if re.match(seed.stop, raw.strip()):
            break
        line = clean(raw)
        # The skip patterns are tried on the raw line too: the TOC's tabs are its mark.
        if not line or re.match(seed.skip, raw.strip()) or re.match(seed.skip, line):
            continue
        m = NUMBER.fullmatch(line)
        number, body = (m.group(1), m.group(2) or "") if m else (None, line)
        for start, right in seed.errata:
            if line.startswith(start):
                number = right
        if number is not None:
            parent, _, _ = number.rpartition(".")
            if not parent and int(number) != last_top + 1:
                # A bare integer that does not follow the previous section is text
                # ("5 枚..." continuing a rule after a page break), not a section.
                number = None
            elif parent and parent not in rules:
                # A dotted number is never continuation text in these documents: one
                # that cannot be placed is a misprint to add to the seed's errata.
                raise ValueError(f"{seed.file}: rule {number} has no parent {parent}: {raw.strip()!r}")
        if number is None:
            if current is not None:  # text before the first rule is the preamble
                current["text"] = join(current["text"], line, seed.language)
            continue
        if number in rules:
            raise ValueError(f"{seed.file}: rule {number} appears twice")
        if "." not in number:
            last_top = int(number)
        current = {"number": number, "text": body, "parent": parent or None}
        rules[number] = current
    for rule in rules.values():
        rule["title"] = is_title(rule["number"], rule["text"])
    return list(rules.values())


def build(seed: Seed, seeds_dir: Path) -> dict:
    """The JSON document of one version."""
    text = (seeds_dir / seed.file).read_text(encoding="utf-8")
    return {"game": "hololive", "version": seed.version, "language": seed.language,
            "source": seed.file, "rules": parse(text, seed)}


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="directory of the rule documents")
    ap.add_argument("--out", type=Path, default=HERE, help="directory to write <version>.json to")
    ap.add_argument("--check", action="store_true", help="only report whether the JSON files are up to date")
    args = ap.parse_args(argv)
    stale = 0
    for seed in SEEDS:
        out = args.out / f"{seed.version}.json"
        data = build(seed, args.seeds)
        text = dump(data)
        if args.check:
            same = out.exists() and out.read_text(encoding="utf-8") == text
            stale += not same
            print(f"{out}: {'up to date' if same else 'STALE'}")
        else:
            out.write_text(text, encoding="utf-8")
            print(f"{out}: {len(data['rules'])} rules from {seed.file}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
