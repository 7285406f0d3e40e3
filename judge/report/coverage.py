"""Rule coverage: for every numbered rule, one status.

* covered       — a passing scenario declares it in `refs` and the engine cited it running that scenario
* declared_only — declared by a passing scenario, never cited (the scenario or the engine is wrong)
* failing       — declared by a failing scenario and covered by none
* waived        — listed with a reason in the ruleset's waiver file
* uncovered     — none of the above

A heading (a rule that is only a title, like "10.6 チェックタイミングとプレイタイミング") has
no behaviour of its own: it counts as covered when one of the rules below it is.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import yaml

STATUSES = ("covered", "declared_only", "failing", "uncovered", "waived")


def load_waivers(rs, version: str) -> dict:
    """Rules with no testable behaviour, with a reason each: in the game's folder, waivers/<version>.yaml
    and waivers/<version>/*.yaml (one file per section keeps edits apart)."""
    base = Path(rs.folder) / "waivers"
    files = [base / f"{version}.yaml", *sorted((base / version).glob("*.yaml"))]
    out = {}
    for path in files:
        if path.exists():
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            out.update({str(k): v for k, v in (data.get("waivers") or {}).items()})
    return out


def compute(index, results, waivers: dict) -> dict:
    declared_pass, cited_pass, declared_fail = defaultdict(list), set(), defaultdict(list)
    for r in results:
        for ref in r.scenario.refs:
            ref = str(ref)
            if r.ok:
                declared_pass[ref].append(r.scenario.file)
                if ref in r.cited:
                    cited_pass.add((ref, r.scenario.file))
            elif r.status == "failed":
                declared_fail[ref].append(r.scenario.file)
    rules = {}
    for rule in index:
        n = rule.number
        files = declared_pass.get(n, [])
        citing = [f for f in files if (n, f) in cited_pass]
        if citing:
            status = "covered"
        elif files:
            status = "declared_only"
        elif declared_fail.get(n):
            status = "failing"
        elif n in waivers:
            status = "waived"
        else:
            status = "uncovered"
        rules[n] = {"status": status, "scenarios": citing or files or declared_fail.get(n, []),
                    "title": rule.title, "text": rule.text}
    # Headings take their status from the rules below them.
    for rule in sorted(index, key=lambda r: -r.number.count(".")):
        entry = rules[rule.number]
        if rule.title and entry["status"] in ("uncovered", "waived", "declared_only"):
            below = [rules[c.number]["status"] for c in index.children(rule.number)]
            if "covered" in below:
                entry["status"] = "covered"
            elif below and all(s == "waived" for s in below):
                entry["status"] = "waived"
    stale = sorted(n for n in waivers if n in rules and rules[n]["status"] == "covered"
                   and not rules[n]["title"])
    unknown = sorted(n for n in waivers if n not in rules)
    summary = {s: sum(1 for e in rules.values() if e["status"] == s) for s in STATUSES}
    summary["total"] = len(rules)
    summary["stale_waivers"] = stale
    summary["unknown_waivers"] = unknown
    for n, e in rules.items():
        if e["status"] == "waived":
            e["reason"] = waivers.get(n, "all rules below it are waived")
    return {"summary": summary, "rules": rules}


def by_section(index, data) -> list[tuple]:
    """(section number, title, counts per status) in document order."""
    rows = []
    for top in index.children(None):
        counts = defaultdict(int)
        for r in [top, *index.descendants(top.number)]:
            counts[data["rules"][r.number]["status"]] += 1
        rows.append((top.number, top.text, counts))
    return rows
