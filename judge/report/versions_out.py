"""`judge diff` as a maintainer reads it: the summary first, then each class of change (terminal
text, or Markdown to attach to a release note, or that Markdown as an HTML page).

The report is the dict of `judge.commands.versions.compare`; every renderer shows the same classes
in the same order (SECTIONS), each section only when it was asked for (`--only`).
"""
from __future__ import annotations

import re
from collections import defaultdict

# (report key, heading, what it means): the order of the summary and of the sections.
SECTIONS = (
    ("rulings", "rulings that change",
     "a check's outcome differs, every citation mapped through the rule map"),
    ("citations", "citations only",
     "the same checks pass once rule numbers are mapped: renumbered, or citing a rule one version lacks"),
    ("not_runnable", "not runnable in one version",
     "it uses a term or rule one version does not have"),
    ("uncovered", "changed rules no scenario covers",
     "changed in substance, added or removed; no passing scenario covers them in either version"),
    ("over_pinned", "possibly over-pinned",
     "written for one version, passing under both"),
)
# The sections shown when --only does not choose: over-pinned scenarios are no change, only a hint.
DEFAULT = ("rulings", "citations", "not_runnable", "uncovered")
SHOWN = 3           # failures shown per version in text


def summary_rows(report) -> list[tuple[str, int, str]]:
    s = report["summary"]
    return [(title, s[key], meaning) for key, title, meaning in SECTIONS]


def headline(report, game) -> str:
    s = report["summary"]
    return (f"{game} {report['rules']} vs {report['against']}: {s['scenarios']} scenarios run under both, "
            f"{s['changed']} with a different outcome")


def citation_reason(failure: str) -> str:
    """One line saying which numbers differ (a failure that the rule map explains)."""
    m = re.match(r"engine cited rules that are not in the (\S+) index: \[(.*)\]$", failure)
    if m:
        cited = ", ".join(x.strip(" '\"") for x in m.group(2).split(","))
        return f"the engine cites rules {m.group(1)} does not have: {cited}"
    return failure if len(failure) <= 140 else failure[:139] + "…"


def citation_lines(entry, versions) -> list[str]:
    return [f"under {v}: {citation_reason(f)}" for v in versions for f in entry["citations"][v]]


def needs_label(needs, reason) -> str:
    """What a not-runnable scenario needs: the rule, its term, since when, and the map's note."""
    if not needs or not needs.get("rule"):
        return reason
    label = f"{needs['since']} {needs['rule']}" + (f" ({needs['term']})" if needs.get("term") else "")
    if needs.get("note"):
        label += f": {needs['note']}"
    elif needs.get("text"):
        label += f": {needs['text'][:80]}"
    return label


def needs_groups(report) -> list[tuple[str, str, list]]:
    """The not-runnable scenarios by what they need: (need, where it is not runnable, entries)."""
    groups: dict = defaultdict(list)
    for e in report["not_runnable"]:
        needs = e.get("needs") or {}
        key = (needs.get("since"), needs.get("rule")) if needs.get("rule") else (None, e["reason"])
        groups[key].append(e)
    out = []
    for entries in groups.values():
        terms = sorted({(e.get("needs") or {}).get("term") or "" for e in entries} - {""})
        needs = dict(entries[0].get("needs") or {}, term=", ".join(terms) or None)
        where = sorted({f"{e['status']} under {e['version']}" for e in entries})
        out.append((needs_label(needs, entries[0]["reason"]), "; ".join(where), entries))
    return sorted(out, key=lambda g: -len(g[2]))


def _pair(rule, old, new) -> str:
    return f"{rule[old] or '-'} -> {rule[new] or '-'}"


# ---------------------------------------------------------------------------------- text
def text_lines(report, game, only=DEFAULT) -> list[str]:
    old, new = report["rules"], report["against"]
    lines = [headline(report, game)]
    width = max(len(t) for _, t, _ in SECTIONS)
    for title, count, meaning in summary_rows(report):
        lines.append(f"  {title:<{width}} {count:4d}  {meaning}")
    for key, title, _ in SECTIONS:
        if key not in only or not report[key]:
            continue
        lines += ["", f"{title} ({len(report[key])})"]
        lines += globals()[f"_text_{key}"](report, old, new)
    return lines


def _text_rulings(report, old, new):
    out = []
    for e in report["rulings"]:
        out.append(f"  {e['file']}  [written for {_written(e)}]")
        out.append(f"    {e['scenario']}")
        for v in (old, new):
            checks = e["checks"][v]
            out.append(f"    {v}: {e['outcome'][v]['status']}" + (f": {checks[0]}" if checks else ""))
            out += [f"      {c}" for c in checks[1:SHOWN]]
            if len(checks) > SHOWN:
                out.append(f"      … {len(checks) - SHOWN} more")
        out.append(f"    refs: {', '.join(e['refs'][old]) or '-'} ({old}) / {', '.join(e['refs'][new]) or '-'} ({new})")
        declared, cited = changed_rules_split(e, old, new)
        out += [f"    changed: {_pair(r, old, new)}: {r['note']}" for r in declared]
        if cited:
            out.append("    also cited, changed: " + ", ".join(_pair(r, old, new) for r in cited))
    return out


def changed_rules_split(entry, old, new) -> tuple[list, list]:
    """The changed rules a ruling involves: those its refs declare (shown with their notes), and
    those only cited on the way (the notes are in the JSON, and under each rule in `judge rules diff`)."""
    refs = set(zip(entry["refs"][old], entry["refs"][new]))
    declared = [r for r in entry["changed_rules"] if (r[old], r[new]) in refs or r[old] in entry["refs"][old]
                or r[new] in entry["refs"][new]]
    return declared, [r for r in entry["changed_rules"] if r not in declared]


def _text_citations(report, old, new):
    out = []
    for e in report["citations"]:
        reasons = citation_lines(e, (old, new))
        out.append(f"  {e['file']}  [written for {_written(e)}]: {reasons[0] if reasons else '-'}")
        out += [f"      {r}" for r in reasons[1:]]
    return out


def _text_not_runnable(report, old, new):
    out = []
    for label, where, entries in needs_groups(report):
        out.append(f"  needs {label} — {where}: {len(entries)}")
        out += [f"      {e['file']}" for e in entries]
    return out


def _text_uncovered(report, old, new):
    return [f"  {e['kind']:8s} {_pair(e, old, new):<28} {e['note']}" for e in report["uncovered"]]


def _text_over_pinned(report, old, new):
    return [f"  {o['file']} (rules: {o['rules']}; also passes under {o['also_passes']})"
            for o in report["over_pinned"]]


def _written(e) -> str:
    return e["rules"] if isinstance(e["rules"], str) else " and ".join(e["rules"])


# ------------------------------------------------------------------------------ Markdown
def markdown(report, game, only=DEFAULT) -> str:
    """The report as Markdown (GitHub tables), for a release note."""
    from tabulate import tabulate
    old, new = report["rules"], report["against"]
    out = [f"# Rules {old} → {new}: what changes for the scenarios ({game})", "", headline(report, game) + ".", "",
           tabulate([(t, c, m) for t, c, m in summary_rows(report)], headers=["class", "scenarios", "meaning"],
                    tablefmt="github"), ""]

    def md(text) -> str:          # a cell: no pipes or line breaks
        return str(text).replace("|", "\\|").replace("\n", " ")

    for key, title, meaning in SECTIONS:
        if key not in only or not report[key]:
            continue
        out += [f"## {title[0].upper() + title[1:]} ({len(report[key])})", "", f"*{meaning}.*", ""]
        if key == "rulings":
            for e in report[key]:
                out += [f"### {md(e['scenario'])}", "", f"`{e['file']}`, written for {_written(e)}", ""]
                for v in (old, new):
                    checks = e["checks"][v]
                    out.append(f"* **{v}**: {e['outcome'][v]['status']}" + "".join(f"\n  * {md(c)}" for c in checks))
                out.append(f"* rules: {', '.join(e['refs'][old]) or '-'} ({old}) / {', '.join(e['refs'][new]) or '-'} ({new})")
                declared, cited = changed_rules_split(e, old, new)
                out += [f"* changed: {_pair(r, old, new)}: {md(r['note'])}" for r in declared]
                if cited:
                    out.append("* also cited, changed: " + ", ".join(_pair(r, old, new) for r in cited))
                out.append("")
        elif key == "citations":
            rows = [(f"`{e['file']}`", _written(e), "; ".join(md(r) for r in citation_lines(e, (old, new))))
                    for e in report[key]]
            out += [tabulate(rows, headers=["scenario", "written for", "what differs"], tablefmt="github"), ""]
        elif key == "not_runnable":
            rows = [(md(label), where, len(entries), ", ".join(f"`{e['file']}`" for e in entries))
                    for label, where, entries in needs_groups(report)]
            out += [tabulate(rows, headers=["needs", "where", "scenarios", "files"], tablefmt="github"), ""]
        elif key == "uncovered":
            rows = [(e["kind"], e[old] or "-", e[new] or "-", md(e["note"])) for e in report[key]]
            out += [tabulate(rows, headers=["", old, new, "note"], tablefmt="github"), ""]
        else:
            rows = [(f"`{o['file']}`", o["rules"], o["also_passes"]) for o in report[key]]
            out += [tabulate(rows, headers=["scenario", "written for", "also passes under"], tablefmt="github"), ""]
    return "\n".join(out)


def html(report, game, only=DEFAULT) -> str:
    """The Markdown report as one HTML page (markdown-it, which rich already brings)."""
    from html import escape

    from markdown_it import MarkdownIt
    # raw HTML off: a failure message or a note that looks like a tag is shown as text
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown(report, game, only))
    title = escape(f"Rules {report['rules']} → {report['against']} ({game})")
    return (f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>\n<style>"
            "body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}"
            "table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;"
            "vertical-align:top;text-align:left}code{font-size:.85rem}</style></head>\n<body>\n"
            f"{body}</body></html>\n")
