"""Build a rule index (the JSON that `RuleIndex.load` reads) from a numbered rule document.

The documents are text converted from PDF or Markdown, so the parser is line based and
forgiving about formatting: a line whose first word is a rule number starts a rule, whatever
list/heading/bold markers surround it; a line without a number continues the rule before it (a
page break split the rule, an example, a bulleted condition). Tables of contents, picture
captions, translator notes and appendices are not rules and are dropped by each seed's `skip`
and `stop` patterns.

Each game's rules/build.py declares its documents as `Seed`s and calls `main`; the corrections
a seed needs are data on the seed, never edits of the document:

* `renumber`: a misprinted rule number, corrected (the text is kept);
* `errata`: a conversion error in the text of one line, corrected to what the official document
  says, and recorded in the JSON (top-level `errata`, and a note on the rule) so that a judge
  reading the rule sees that it was corrected and why.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

# "10.6.3.2 text", "1.2 title", "13 title", "1.1. title"; the number must be followed by a space
# or end the line, so "1: Cost" (a caption) and "1.5倍" are not rule numbers.
NUMBER = re.compile(r"(\d+(?:\.\d+)*)\.?(?:\s+(.*)|$)")


@dataclass(frozen=True)
class Erratum:
    """The file's text of one line differs from the official document's (a conversion error)."""
    line: int    # 1-based line of the seed file
    rule: str    # the rule the line belongs to (checked: a wrong guess is a build error)
    said: str    # what the file says: replaced at every occurrence in that line
    reads: str   # what the official document says
    why: str     # one line for the judge who reads the rule


@dataclass(frozen=True)
class Seed:
    version: str
    language: str
    file: str
    skip: str   # regex of lines that are not rule text (TOC, captions, notes)
    stop: str   # regex of the line where the rules end (a changelog, the appendices)
    # Misprinted rule numbers, corrected: {start of the cleaned line: right number}.
    # Only numbers are corrected, never the text.
    renumber: tuple[tuple[str, str], ...] = ()
    errata: tuple[Erratum, ...] = ()
    # Record each rule's source lines ("lines": [...]) and notes ("notes": [...]) in the JSON.
    lines: bool = False
    # Notes on rules that are no erratum (the document's own gaps, read from context):
    # {rule number: note}.
    notes: tuple[tuple[str, str], ...] = ()


def clean(line: str) -> str:
    """One line without Markdown decoration, whitespace collapsed."""
    line = re.sub(r"\[([^\]]*)\]\(#\)", r"\1", line)  # "([6.2.1](#))" -> "(6.2.1)"
    line = line.replace("**", "")                       # bold (and change marks)
    line = re.sub(r"^[-#\s]+", "", line.strip())       # list and heading markers
    line = line.strip("*")                              # italic ("Example: ...*")
    return re.sub(r"\s+", " ", line).strip()


def is_title(number: str, text: str) -> bool:
    """Headings are the one- and two-level numbers that name a section rather than state a rule.

    Two-level numbers normally are headings ("10.6 チェックタイミングとプレイタイミング"), but
    an English translation numbers some sentences at that level ("12.1 Skills ... are ...
    abilities."): a heading does not end like a sentence.
    """
    return number.count(".") <= 1 and not text.endswith(("。", "."))


def join(before: str, after: str, language: str) -> str:
    """Append a continuation line: Japanese has no spaces, so a line split by a page
    break rejoins without one, but a new sentence or example after a full stop gets one."""
    if language == "ja" and not before.endswith(("。", ":", "：", ")", "）")):
        return before + after
    return f"{before} {after}"


def correct(lines: list[str], seed: Seed) -> list[str]:
    """The lines with the seed's errata applied. An erratum whose text is no longer on its line
    means the document changed: the build stops rather than guess where the correction goes."""
    lines = list(lines)
    for e in seed.errata:
        raw = lines[e.line - 1]
        if e.said not in raw:
            raise ValueError(f"{seed.file}:{e.line}: erratum for {e.rule} expects {e.said!r} in {raw!r}")
        lines[e.line - 1] = raw.replace(e.said, e.reads)
    return lines


def parse(text: str, seed: Seed) -> list[dict]:
    """The numbered rules of one document, in document order, each with the lines it came from."""
    rules: dict[str, dict] = {}
    current: dict | None = None
    last_top = 0
    for at, raw in enumerate(correct(text.splitlines(), seed), start=1):
        if re.match(seed.stop, raw.strip()):
            break
        line = clean(raw)
        # The skip patterns are tried on the raw line too: the TOC's tabs are its mark.
        if not line or re.match(seed.skip, raw.strip()) or re.match(seed.skip, line):
            continue
        m = NUMBER.fullmatch(line)
        number, body = (m.group(1), m.group(2) or "") if m else (None, line)
        for start, right in seed.renumber:
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
                # that cannot be placed is a misprint to add to the seed's renumber.
                raise ValueError(f"{seed.file}: rule {number} has no parent {parent}: {raw.strip()!r}")
        if number is None:
            if current is not None:  # text before the first rule is the preamble
                current["text"] = join(current["text"], line, seed.language)
                current["lines"].append(at)
            continue
        if number in rules:
            raise ValueError(f"{seed.file}: rule {number} appears twice")
        if "." not in number:
            last_top = int(number)
        current = {"number": number, "text": body, "parent": parent or None, "lines": [at]}
        rules[number] = current
    out = []
    for rule in rules.values():
        out.append({"number": rule["number"], "text": rule["text"], "parent": rule["parent"],
                    "title": is_title(rule["number"], rule["text"]), "lines": rule["lines"]})
    return out


def erratum_note(e: Erratum) -> str:
    return f"erratum (line {e.line}): the file says 「{e.said}」, the official PDF 「{e.reads}」: {e.why}"


def build(game: str, seed: Seed, seeds_dir: Path) -> dict:
    """The JSON document of one version."""
    text = (seeds_dir / seed.file).read_text(encoding="utf-8")
    rules = parse(text, seed)
    doc = {"game": game, "version": seed.version, "language": seed.language, "source": seed.file}
    if seed.errata:
        by_number = {r["number"]: r for r in rules}
        for e in seed.errata:
            # The line must have landed in the rule the erratum names: otherwise the parser
            # placed the text elsewhere than the erratum assumes.
            rule = by_number.get(e.rule)
            if rule is None or e.line not in rule["lines"]:
                raise ValueError(f"{seed.file}:{e.line}: erratum for {e.rule}, but the line is not in that rule")
            rule.setdefault("notes", []).append(erratum_note(e))
        doc["errata"] = [{"line": e.line, "rule": e.rule, "file": e.said, "pdf": e.reads, "why": e.why}
                         for e in seed.errata]
    if seed.notes:
        by_number = {r["number"]: r for r in rules}
        for number, note in seed.notes:
            by_number[number].setdefault("notes", []).append(note)
    if not seed.lines:
        for rule in rules:
            del rule["lines"]
    doc["rules"] = rules
    return doc


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def write_or_check(docs: list[tuple[Path, dict]], check: bool, what: str = "rules") -> int:
    """Write each JSON document, or (check) report whether the file on disk is what the builder
    makes; 1 when one is stale."""
    stale = 0
    for out, data in docs:
        text = dump(data)
        if check:
            same = out.exists() and out.read_text(encoding="utf-8") == text
            stale += not same
            print(f"{out}: {'up to date' if same else 'STALE'}")
        else:
            out.write_text(text, encoding="utf-8")
            print(f"{out}: {len(data['rules'])} {what} from {data['source']}")
    return 1 if stale else 0


def arguments(description: str, here: Path, default_seeds: Path, argv: list[str] | None = None):
    """The command line every rules/build.py takes: --seeds, --out, --check."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--seeds", type=Path, default=default_seeds, help="directory of the rule documents")
    ap.add_argument("--out", type=Path, default=here, help="directory to write <version>.json to")
    ap.add_argument("--check", action="store_true", help="only report whether the JSON files are up to date")
    return ap.parse_args(argv)


def main(game: str, seeds: tuple[Seed, ...], here: Path, default_seeds: Path, description: str,
         argv: list[str] | None = None) -> int:
    """The command line of a numbered document's rules/build.py: every seed into <version>.json."""
    args = arguments(description, here, default_seeds, argv)
    docs = [(args.out / f"{seed.version}.json", build(game, seed, args.seeds)) for seed in seeds]
    return write_or_check(docs, args.check)


if __name__ == "__main__":  # pragma: no cover - a library module
    sys.exit("run a game's rules build module: python -m judge.games.<game>.rules.build")
