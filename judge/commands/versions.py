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

import click

from ..core.errors import InputError

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
        f = re.sub(r"^\S+:(\d+|\?): ", "", f)
        if version != target:
            f = NUMBER.sub(lambda mt: rmap.translate(mt.group(0), version, target)
                           if mt.group(0) in index else mt.group(0), f)
        out.append(f)
    return out


def compare(scenarios, rs, old, new):
    """Run every scenario holding for either version under both; the report as a dict."""
    from ..scenario.model import versions_of
    from ..scenario.runner import run_scenario
    rmap = rs.rule_map(old, new)
    indexes = {v: rs.rule_index(v) for v in (old, new)}
    report = {"rules": old, "against": new, "scenarios": 0, "changed": [], "over_pinned": [],
              "changed_rules": []}
    by_rule: dict = {}
    game_class = rs.game_class(old) if hasattr(rs, "game_class") else None
    cite_map = getattr(game_class, "cite_map", None) or {}

    def cite_old(r):
        """A citation of the newer engine as the older version's engine makes it."""
        return cite_map.get(r, rmap.translate(r, new, old))

    for sc in scenarios:
        holds = [v for v in versions_of(sc) if v in (old, new)]
        if not holds:
            continue
        report["scenarios"] += 1
        home = holds[-1]
        results = {}
        for v in (old, new):
            run = sc if v in holds else translate_scenario(sc, rmap, home, v)
            results[v] = run_scenario(run, v)
        outcome = {v: (r.status, _normalize(r.failures, v, indexes[v], rmap, new)) for v, r in results.items()}
        pinned = len(holds) == 1
        if outcome[old] == outcome[new]:
            if pinned and results[old].ok and results[new].ok:
                other = new if home == old else old
                report["over_pinned"].append({"file": sc.file, "scenario": sc.title, "rules": home,
                                              "also_passes": other})
            continue
        refs = [str(r) for r in sc.refs]
        # refs in each numbering (a scenario holding for both versions uses one numbering for both)
        pairs = [tuple(r if v in holds else rmap.translate(r, home, v) for v in (old, new)) for r in refs]
        # the citations compared in the older numbering, as the older version's engine cites them
        cited = {v: results[v].cited for v in (old, new)}
        as_old = {r: cite_old(r) for r in cited[new]}
        only_new = sorted((r for r in cited[new] if as_old[r] not in cited[old]), key=_key)
        only_old = sorted(set(cited[old]) - set(as_old.values()), key=_key)
        involved = set(pairs) | {(rmap.translate(r, new, old), r) for r in only_new} | \
            {(r, rmap.translate(r, old, new)) for r in only_old}
        changed = []
        for o, n in sorted(involved, key=lambda p: _key(p[1])):
            note = rmap.note(n, new) if n in indexes[new] else rmap.note(o, old) if o in indexes[old] else None
            if note:
                changed.append({old: o if o in indexes[old] else None, new: n if n in indexes[new] else None,
                                "note": note})
                entry = by_rule.setdefault((o, n), {old: changed[-1][old], new: changed[-1][new],
                                                    "note": note, "scenarios": []})
                entry["scenarios"].append(sc.file)
        report["changed"].append({
            "file": sc.file, "scenario": sc.title, "rules": home if pinned else holds,
            "outcome": {v: {"status": results[v].status, "failures": results[v].failures} for v in (old, new)},
            "refs": {old: [p[0] for p in pairs], new: [p[1] for p in pairs]},
            "cited_only": {old: only_old, new: only_new},
            "changed_rules": changed})
    report["changed_rules"] = sorted(by_rule.values(), key=lambda e: _key(e[new] or e[old] or "0"))
    report["summary"] = {"scenarios": report["scenarios"], "changed": len(report["changed"]),
                         "over_pinned": len(report["over_pinned"]),
                         "changed_rules": len(report["changed_rules"])}
    return report


def _key(n):
    parts = str(n).split(" ")[0].split(".")
    return tuple(int(p) if p.isdigit() else 0 for p in parts)


@click.command("diff")
@click.argument("paths", nargs=-1)
@click.option("--game", help="The game (default: the only game with an engine).")
@click.option("--rules", "old", required=True, help="One rules version.")
@click.option("--against", "new", required=True, help="The version to compare it with.")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON (`changed`, `changed_rules`, ...).")
def diff(paths, game, old, new, as_json):
    """Run every scenario under two rules versions; list the ones whose outcome differs."""
    from ..cli import load_all
    from ..games import default_game, ruleset
    try:
        game = default_game(game, fits=lambda g: {old, new} <= set(ruleset(g).versions),
                            what=f"rules {old} and {new}")
        rs = ruleset(game)
        for v in (old, new):
            if v not in rs.versions or not rs.supports(v):
                raise InputError(f"{game} has no runnable rules version '{v}'",
                                 expected="one of: " + ", ".join(x for x in rs.versions if rs.supports(x)))
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
    if as_json:
        print(json.dumps({"game": game, **report}, ensure_ascii=False, indent=1))
        return
    s = report["summary"]
    click.echo(f"{game} {old} vs {new}: {s['scenarios']} scenarios, {s['changed']} with a different outcome, "
               f"{s['over_pinned']} possibly over-pinned")
    for c in report["changed"]:
        click.echo(f"\n{c['file']} — {c['scenario']} (written for {c['rules']})")
        for v in (old, new):
            o = c["outcome"][v]
            click.echo(f"  {v}: {o['status']}")
            for f in o["failures"][:3]:
                click.echo(f"      {f}")
        click.echo(f"  refs: {', '.join(c['refs'][old]) or '-'} ({old}) / {', '.join(c['refs'][new]) or '-'} ({new})")
        for v in (old, new):
            if c["cited_only"][v]:
                click.echo(f"  cited only under {v}: {', '.join(c['cited_only'][v])}")
        for r in c["changed_rules"]:
            click.echo(f"  changed: {r[old] or '-'} -> {r[new] or '-'}: {r['note']}")
    if report["over_pinned"]:
        click.echo(f"\npossibly over-pinned (written for one version, passing under both): {s['over_pinned']}")
        for o in report["over_pinned"]:
            click.echo(f"  {o['file']} (rules: {o['rules']}; also passes under {o['also_passes']})")
    if report["changed_rules"]:
        click.echo(f"\nchanged rules involved ({s['changed_rules']}):")
        for r in report["changed_rules"]:
            click.echo(f"  {r[old] or '-':>12} -> {r[new] or '-':<15} {r['note']}  [{len(r['scenarios'])} scenario(s)]")
