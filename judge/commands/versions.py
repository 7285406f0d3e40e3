"""Rules versions side by side.

    judge rules diff 1.3.0 1.9.0 [--json]       the rule map: renumbered, changed, added, removed
    judge diff --rules 1.3.0 --against 1.9.0     every scenario under both versions; what differs

`judge diff` runs each scenario that holds for either version under both. A scenario written for
one version only runs under the other with its rule numbers (`refs`, `because:`, log `rule:`)
translated through the rule map; a rule with no counterpart becomes "N (V only)", which no index
has. It lists the scenarios whose outcome differs (status or failures) with the rules involved and
the changed rules among them, and the scenarios pinned to one version that pass under the other
too (possibly over-pinned).
"""
from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import click

from ..core.errors import InputError, closest
from ..core.rulemap import Renumbering

NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?![\d.])")


def _fail(e: InputError):
    click.echo(f"error: {e}", err=True)
    sys.exit(2)


# ------------------------------------------------------------------ judge rules diff
@click.command("diff")
@click.argument("old")
@click.argument("new")
@click.option("--game", help="The game (default: the only game with an engine).")
@click.option("--json", "as_json", is_flag=True, help="The map as JSON.")
def rules_diff(old, new, game, as_json):
    """How the rules changed between two versions: renumbered, changed, added, removed."""
    from ..games import default_game, games_with_rules, rule_documents, ruleset
    try:
        game = default_game(game, among=games_with_rules(),
                            fits=lambda g: {old, new} <= set(rule_documents(g).versions), what=f"rules {old} and {new}")
        rs = ruleset(game)
        m = rs.rule_map(old, new)
        indexes = {m.old: rs.rule_index(m.old), m.new: rs.rule_index(m.new)}
    except InputError as e:
        _fail(e)
    if as_json:
        print(json.dumps({"game": game, **m.as_json()}, ensure_ascii=False, indent=1))
        return
    s = m.summary()
    click.echo(f"{game} rules {m.old} -> {m.new}: {s['rules_' + m.old]} rules -> {s['rules_' + m.new]} rules; "
               f"{s['renumbered']} renumbered, {s['changed']} changed, {s['added']} added, {s['removed']} removed")

    def text(version, number, width=60):
        t = indexes[version].get(number).text
        return t if len(t) <= width else t[:width - 1] + "…"

    click.echo(f"\nchanged ({s['changed']}): {m.old} -> {m.new}: what changed")
    for e in m.changed:
        click.echo(f"  {e.old:>12} -> {e.new:<15} {e.changed}")
    click.echo(f"\nadded in {m.new} ({s['added']})")
    for n, note in m.added.items():
        click.echo(f"  {n:>12}  {note}")
    click.echo(f"\nremoved since {m.old} ({s['removed']})")
    for n, note in m.removed.items():
        click.echo(f"  {n:>12}  {note}")
    click.echo(f"\nrenumbered ({s['renumbered']}): {m.old} -> {m.new}")
    for e in m.renumbered:
        click.echo(f"  {e.old:>12} -> {e.new:<15} {text(m.old, e.old)}")


# ----------------------------------------------------------------------- judge diff
def translate_scenario(sc, rmap, frm, to):
    """The scenario with its rule numbers in the numbering of `to` (refs, `because:`, log `rule:`)."""
    def tr(n):
        return rmap.translate(str(n), frm, to)

    def walk(x):
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, dict):
            out = {}
            for k, v in x.items():
                if k == "because" and v is not None:
                    out[k] = [tr(b) for b in v] if isinstance(v, list) else tr(v)
                elif k == "rule" and isinstance(v, (str, int, float)):
                    out[k] = tr(v)
                else:
                    out[k] = walk(v)
            return out
        return x

    return dataclasses.replace(sc, refs=[tr(r) for r in sc.refs], when=walk(sc.when), then=walk(sc.then))


def _normalize(failures, version, index, rmap, target):
    """Failure texts comparable across versions: rule numbers in one numbering, no file:line."""
    out = []
    for f in failures:
        f = _unlocated(f)
        if version != target:
            f = NUMBER.sub(lambda mt: rmap.translate(mt.group(0), version, target)
                           if mt.group(0) in index else mt.group(0), f)
        out.append(f)
    return out


def _unlocated(failure: str) -> str:
    return re.sub(r"^\S+:(\d+|\?): ", "", failure)


def compare(scenarios, rs, old, new):
    """Run every scenario holding for either version under both, and sort the ones whose outcome
    differs into one class each (docs/versions.md, `judge diff`):

    * not_runnable: under one version it needs a term or rule that version does not have;
    * rulings: a check's outcome still differs once the scenario runs under the other version in
      its own numbering, every citation mapped through the rule map (`run_scenario(cites=)`);
    * citations: it differs only in rule numbers: renumbered, or citing a rule one version lacks.

    Also: the scenarios pinned to one version that pass under both (over_pinned), the changed rules
    the differing scenarios involve, and the rules the map says changed that no scenario covers."""
    from ..scenario.model import versions_of
    from ..scenario.runner import NOT_APPLICABLE, NOT_RUNNABLE, PASSED, run_scenario, uncited
    rmap = rs.rule_map(old, new)
    indexes = {v: rs.rule_index(v) for v in (old, new)}
    report = {"rules": old, "against": new, "scenarios": 0, "rulings": [], "citations": [],
              "not_runnable": [], "over_pinned": []}
    by_rule: dict = {}
    covered = {old: set(), new: set()}

    for sc in scenarios:
        holds = [v for v in versions_of(sc) if v in (old, new)]
        if not holds:
            continue
        report["scenarios"] += 1
        home = holds[-1]
        results = {}
        for v in (old, new):
            run = sc if v in holds else translate_scenario(sc, rmap, home, v)
            results[v] = r = run_scenario(run, v)
            if r.status == PASSED:
                covered[v] |= {str(n) for n in run.refs if str(n) not in r.uncited}
        outcome = {v: (r.status, _normalize(r.failures, v, indexes[v], rmap, new)) for v, r in results.items()}
        pinned = len(holds) == 1
        if outcome[old] == outcome[new]:
            if pinned and results[old].ok and results[new].ok:
                other = new if home == old else old
                report["over_pinned"].append({"file": sc.file, "scenario": sc.title, "rules": home,
                                              "also_passes": other})
            continue
        entry = {"file": sc.file, "scenario": sc.title, "rules": home if pinned else holds,
                 "outcome": {v: {"status": results[v].status, "failures": results[v].failures}
                             for v in (old, new)}}
        gap = [v for v in (old, new) if results[v].status in (NOT_APPLICABLE, NOT_RUNNABLE)]
        if gap:
            v = gap[0]
            entry.update(version=v, status=results[v].status, reason=_unlocated(results[v].failures[0]),
                         needs=_needs(results[v].needs, rs, rmap))
            report["not_runnable"].append(entry)
            continue
        # Run it again in its own numbering under the other version, citations mapped to that numbering.
        mapped = dict(results)
        cite_maps = {}
        for v in (old, new):
            if v != home:
                cite_maps[v] = results[v].game.cite_map if results[v].game is not None else {}
                mapped[v] = run_scenario(sc, v, cites=Renumbering(rmap, v, home, cite_maps[v]))
        checks = {v: _normalize(mapped[v].failures, v, indexes[v], rmap, new) for v in (old, new)}
        pairs = [tuple(str(r) if v in holds else rmap.translate(str(r), home, v) for v in (old, new))
                 for r in sc.refs]
        entry["refs"] = {old: [p[0] for p in pairs], new: [p[1] for p in pairs]}
        if (mapped[old].status, checks[old]) == (mapped[new].status, checks[new]):
            entry["citations"] = {v: [_unlocated(f) for f in results[v].failures
                                      if _normalize([f], v, indexes[v], rmap, new)[0] not in checks[v]]
                                  for v in (old, new)}
            report["citations"].append(entry)
            continue
        entry["checks"] = {v: [_unlocated(f) for f in mapped[v].failures] for v in (old, new)}
        # the citations in the newer numbering: which rules one version's engine cited and the other's not
        as_new = Renumbering(rmap, old, new, results[old].game.cite_map if results[old].game is not None else {})
        cited_old = {n for r in results[old].cited for n in as_new(r)}
        only_new = sorted((r for r in results[new].cited if r not in cited_old), key=_key)
        only_old = sorted((r for r in results[old].cited if not as_new(r) & results[new].cited), key=_key)
        entry["cited_only"] = {old: only_old, new: only_new}
        involved = set(pairs) | {(rmap.translate(r, new, old), r) for r in only_new} | \
            {(r, rmap.translate(r, old, new)) for r in only_old}
        entry["changed_rules"] = []
        for o, n in sorted(involved, key=lambda p: _key(p[1])):
            note = rmap.note(n, new) if n in indexes[new] else rmap.note(o, old) if o in indexes[old] else None
            if note:
                rule = {old: o if o in indexes[old] else None, new: n if n in indexes[new] else None, "note": note}
                entry["changed_rules"].append(rule)
                by_rule.setdefault((o, n), {**rule, "scenarios": []})["scenarios"].append(sc.file)
        report["rulings"].append(entry)
    report["changed_rules"] = sorted(by_rule.values(), key=lambda e: _key(e[new] or e[old] or "0"))
    report["uncovered"] = _uncovered(rmap, indexes, covered, rs, old, new)
    report["summary"] = {"scenarios": report["scenarios"],
                         "changed": sum(len(report[k]) for k in CLASSES),
                         **{k: len(report[k]) for k in (*CLASSES, "uncovered", "over_pinned", "changed_rules")}}
    return report


def _key(n):
    parts = str(n).split(" ")[0].split(".")
    return tuple(int(p) if p.isdigit() else 0 for p in parts)


# The classes of a scenario whose outcome differs: each such scenario is in exactly one.
CLASSES = ("rulings", "citations", "not_runnable")


def _needs(needs, rs, rmap):
    """What a not-runnable scenario needs: the rule (its text, the map's note), since which version."""
    if not needs or not needs.get("rule") or needs.get("since") not in rs.versions:
        return needs
    index = rs.rule_index(needs["since"])
    rule = needs["rule"]
    return {**needs, "text": index.get(rule).text if rule in index else None,
            "note": rmap.note(rule, needs["since"])}


def _uncovered(rmap, indexes, covered, rs, old, new):
    """The rules the map says changed in substance, were added or were removed, that no passing
    scenario covers (declares and has cited) under either version; waived rules are left out."""
    from ..report.coverage import load_waivers
    waived = {v: load_waivers(rs, v) for v in (old, new)}

    def is_covered(v, n):
        if n is None or n not in indexes[v]:
            return False
        rule = indexes[v].get(n)
        return n in covered[v] or n in waived[v] or (
            rule.title and any(d.number in covered[v] for d in indexes[v].descendants(n)))

    out = []
    for e in rmap.changed:
        if not is_covered(old, e.old) and not is_covered(new, e.new):
            out.append({"kind": "changed", old: e.old, new: e.new, "note": e.changed})
    for n, note in rmap.added.items():
        if not is_covered(new, n):
            out.append({"kind": "added", old: None, new: n, "note": note})
    for n, note in rmap.removed.items():
        if not is_covered(old, n):
            out.append({"kind": "removed", old: n, new: None, "note": note})
    for e in out:
        e["text"] = {v: indexes[v].get(e[v]).text if e[v] else None for v in (old, new)}
    return sorted(out, key=lambda e: _key(e[new] or e[old]))


ONLY = {"rulings": "rulings", "citations": "citations", "not-runnable": "not_runnable",
        "uncovered": "uncovered", "over-pinned": "over_pinned"}


@click.command("diff")
@click.argument("paths", nargs=-1)
@click.option("--game", help="The game (default: the only game with an engine).")
@click.option("--rules", "old", required=True, help="One rules version.")
@click.option("--against", "new", required=True, help="The version to compare it with.")
@click.option("--only", "only", multiple=True, type=click.Choice(list(ONLY)),
              help="Only this class (repeatable): rulings, citations, not-runnable, uncovered, over-pinned.")
@click.option("--json", "as_json", is_flag=True,
              help="The report as JSON: summary, rulings, citations, not_runnable, uncovered, over_pinned, changed_rules.")
@click.option("--markdown", "as_markdown", is_flag=True, help="The report as Markdown (for a release note).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), help="Write the report as an HTML page.")
def diff(paths, game, old, new, only, as_json, as_markdown, html_path):
    """Run every scenario under two rules versions; sort the ones whose outcome differs into rulings
    that change, citations only and not runnable in one version, and list the changed rules no
    scenario covers. The summary comes first."""
    from ..cli import load_all
    from ..games import default_game, ruleset
    from ..report import versions_out
    try:
        game = default_game(game, fits=lambda g: {old, new} <= set(ruleset(g).versions),
                            what=f"rules {old} and {new}")
        rs = ruleset(game)
        for v in (old, new):
            if v not in rs.versions or not rs.supports(v):
                raise InputError(f"{game} has no runnable rules version '{v}'", file="--rules" if v == old else "--against",
                                 expected="one of: " + ", ".join(x for x in rs.versions if rs.supports(x)),
                                 suggestions=closest(v, rs.versions))
        rs.rule_map(old, new)
    except InputError as e:
        _fail(e)
    scenarios, errors = load_all(paths)
    if errors:
        for e in errors:
            click.echo(f"error: {e}", err=True)
        sys.exit(2)
    try:
        report = compare([sc for sc in scenarios if sc.game == game], rs, old, new)
    except InputError as e:
        _fail(e)
    shown = tuple(ONLY[o] for o in only) or versions_out.DEFAULT
    if as_json:
        keys = tuple(ONLY[o] for o in only) or (*ONLY.values(), "changed_rules")
        print(json.dumps({"game": game, "rules": old, "against": new, "summary": report["summary"],
                          **{k: report[k] for k in keys}}, ensure_ascii=False, indent=1))
        return
    if as_markdown or html_path:
        if as_markdown:
            print(versions_out.markdown(report, game, shown))
        if html_path:
            Path(html_path).write_text(versions_out.html(report, game, shown), encoding="utf-8")
            click.echo(f"wrote {html_path}", err=True)
        return
    click.echo("\n".join(versions_out.text_lines(report, game, shown)))
