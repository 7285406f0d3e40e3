"""The `judge` command line. Exit codes: 0 all passed, 1 some failed, 2 bad input or usage."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import click
from rich.console import Console

from .core.errors import InputError, JudgeError, closest
from .scenario.model import find_scenarios, load_scenario, load_scenarios, versions_of
from .scenario.runner import (FAILED, NOT_APPLICABLE, NOT_RUNNABLE, PASSED, STATUSES, run_scenario,
                              run_versions)

DEFAULT_PATHS = ("scenarios", "features")
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail_input(e: InputError):
    err.print(f"[bold red]error:[/] {e}", markup=True)
    sys.exit(2)


def load_all(paths):
    """Load every scenario first: one bad file means nothing runs (exit 2)."""
    files = find_scenarios(paths or [p for p in DEFAULT_PATHS if Path(p).exists()])
    if not files:
        raise InputError("no scenario files found", file=" ".join(paths or DEFAULT_PATHS),
                         expected="YAML scenario files (*.yaml) or folders holding them")
    scenarios, errors = [], []
    for f in files:
        if not f.exists():
            errors.append(InputError("no such file or folder", file=str(f)))
            continue
        try:
            scenarios.extend(load_scenarios(f))
        except InputError as e:
            errors.append(e)
    return scenarios, errors


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="judge")
def main():
    """judge: rules-judge scenario tester for trading card games."""


@main.command()
@click.argument("paths", nargs=-1)
@click.option("--rules", "version", help="Run only under this rules version (default: every version each scenario holds for).")
@click.option("--json", "as_json", is_flag=True, help="One JSON document with every result.")
@click.option("--strict", is_flag=True,
              help="Fail a declared rule the engine never cited, and 'not runnable' scenarios.")
@click.option("-q", "--quiet", is_flag=True, help="Only failures, warnings and the summary.")
def run(paths, version, as_json, strict, quiet):
    """Run YAML scenarios and features (default: everything under scenarios/ and features/), each
    under every rules version it holds for."""
    scenarios, errors = load_all(paths)
    if errors:
        for e in errors:
            err.print(f"[bold red]error:[/] {e}", markup=True)
        err.print(f"{len(errors)} file(s) with errors; nothing was run.")
        sys.exit(2)
    if version is not None:
        check_version(version, scenarios)
    start = time.perf_counter()
    progress = out.is_terminal and not as_json and len(scenarios) > 20
    if progress:
        from rich.progress import track
        iterator = track(scenarios, description="running scenarios", console=err, transient=True)
    else:
        iterator = scenarios
    results = []
    for sc in iterator:
        try:
            results.extend(run_versions(sc, version))
        except InputError as e:
            fail_input(e)
    if strict:
        results = [r.strict() for r in results]
    seconds = time.perf_counter() - start
    counts = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    if as_json:
        print(json.dumps({"results": [r.as_json() for r in results],
                          "summary": {"passed": counts[PASSED], "failed": counts[FAILED],
                                      "not_runnable": counts[NOT_RUNNABLE],
                                      "not_applicable": counts[NOT_APPLICABLE], "seconds": round(seconds, 3)}},
                         ensure_ascii=False, indent=1))
    else:
        for r in results:
            print_result(r, quiet)
        out.print(f"{counts[PASSED]} passed, {counts[FAILED]} failed, {counts[NOT_RUNNABLE]} not runnable"
                  + (f", {counts[NOT_APPLICABLE]} not applicable" if counts[NOT_APPLICABLE] else "")
                  + f" in {seconds:.2f}s")
    sys.exit(1 if counts[FAILED] else 0)


def check_version(version, scenarios):
    """`--rules V`: V must be a version of a game the scenarios are for (exit 2 otherwise)."""
    known = sorted({v for sc in scenarios for v in sc.ruleset.versions})
    if version not in known:
        fail_input(InputError(f"unknown rules version '{version}'", file="--rules",
                              expected="one of: " + ", ".join(known), suggestions=closest(version, known)))


_MARKS = {PASSED: "[green]PASS[/]", FAILED: "[red]FAIL[/]", NOT_RUNNABLE: "[yellow]SKIP[/]",
          NOT_APPLICABLE: "[dim]N/A [/]"}


def print_result(r, quiet):
    """One result: its mark and version, its failures, and the declared rules never cited."""
    if r.status == PASSED and quiet and not r.uncited:
        return
    out.print(f"{_MARKS[r.status]} {r.scenario.file} — {r.scenario.title} [dim]({r.version})[/]", markup=True)
    for f in r.failures:
        out.print(f"     {f}", markup=False)
    if r.uncited and r.status != FAILED:
        out.print(f"     declared in refs but never cited by the engine: {', '.join(r.uncited)}", markup=False)
    if r.status == FAILED:
        sc = r.scenario
        line = f" --line {sc.line(())}" if sc.file.endswith(".feature") and sc.line(()) else ""
        out.print(f"     (see the trace with: judge explain {sc.file}{line} --rules {r.version})", markup=False)


@main.command()
@click.argument("file")
@click.option("--rules", "version", help="Rules version to run under.")
@click.option("-v", "--verbose", is_flag=True, help="Also show every check timing and trigger condition.")
@click.option("--json", "as_json", is_flag=True, help="The trace as JSON.")
@click.option("--line", type=int, help="For a .feature file: the scenario starting at (or containing) this line.")
@click.option("--as", "viewer", type=click.Choice(["A", "B"]),
              help="The trace as this player may read it: cards named to the other player only are '?'.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Write the ruling as one page to look at (offline): each step beside the board it left.")
def explain(file, version, verbose, as_json, line, viewer, html_path):
    """The ruling step by step: each event with its rule numbers and source, the board before and after."""
    from .report.trace import legality, legality_lines, trace_json, trace_lines
    try:
        sc = pick_scenario(load_scenarios(file), file, line)
        rs = sc.ruleset
        v = version or versions_of(sc)[-1]
        before_game, defaults = rs.new_game(sc, v, rs.card_db(sc.cards), seed=sc.seed)
        result = run_scenario(sc, v)
        checks = legality(result, rs.rule_index(v))
        if html_path:
            from .report.pages import ruling_html, write
            from .report.ruling import build
            write(Path(html_path), ruling_html(build(sc, v, viewer, verbose, result), game_title=rs.title))
    except InputError as e:
        fail_input(e)
    if html_path:
        err.print(f"wrote {html_path}")
        sys.exit(0 if result.ok else 1)
    if as_json:
        print(json.dumps({**result.as_json(), "defaults": defaults, "trace": trace_json(result.trace, viewer),
                          "legality": checks}, ensure_ascii=False, indent=1))
        sys.exit(0 if result.ok else 1)
    out.print(f"[bold]{sc.title}[/]  ({sc.game} {v})", markup=True)
    out.print(f"refs: {', '.join(sc.refs)}" + (f"   source: {sc.source_text}" if sc.source else ""))
    if defaults:
        out.print("defaults filled in:")
        for d in defaults:
            out.print(f"  - {d}", markup=False)
    out.print("\n[bold]board before[/]", markup=True)
    for line in rs.board_lines(before_game):
        out.print("  " + line, markup=False)
    out.print("\n[bold]what happened[/]", markup=True)
    if viewer:
        out.print(f"(as {viewer} may read it: cards named only to the other player are shown as '?')")
    for line in trace_lines(result.trace, verbose, viewer):
        out.print("  " + line, markup=False)
    if checks:
        out.print("\n[bold]legality checks[/]", markup=True)
        for line in legality_lines(checks):
            out.print("  " + line, markup=False)
    out.print("\n[bold]board after[/]", markup=True)
    for line in rs.board_lines(result.game):
        out.print("  " + line, markup=False)
    status = {PASSED: "[green]PASSED[/]", FAILED: "[red]FAILED[/]", NOT_RUNNABLE: "[yellow]NOT RUNNABLE[/]",
              NOT_APPLICABLE: "[dim]NOT APPLICABLE[/]"}
    out.print(f"\nverdict: {status[result.status]}", markup=True)
    for f in result.failures:
        out.print("  " + f, markup=False)
    if result.uncited:
        out.print(f"  warning: declared but never cited by the engine: {', '.join(result.uncited)}")
    from .core.assumptions import of
    declared = of(rs)
    rested = declared.cited(result.cited) if declared is not None else []
    if rested:
        out.print("\n[bold]assumptions this ruling rests on[/] (unstated by the rules: `judge rules assumptions`)",
                  markup=True)
        for a in rested:
            value = sc.assume.get(a.id, a.value)
            out.print(f"  {a.id} = {value!r}" + (" (set by the scenario)" if a.id in sc.assume else "")
                      + f": {a.reason}", markup=False)
    sys.exit(0 if result.ok else 1)


def pick_scenario(scenarios, file, line):
    """One scenario of a file; for a feature, the one at --line (or the only one)."""
    if line is None:
        if len(scenarios) == 1:
            return scenarios[0]
        listing = "; ".join(f"line {s.line(()) or '?'}: {s.title}" for s in scenarios)
        raise InputError(f"the file holds {len(scenarios)} scenarios: give --line", file=file,
                         expected="--line N, one of: " + listing)
    best = [s for s in scenarios if (s.line(()) or 0) <= line]
    if not best:
        raise InputError(f"no scenario starts at or before line {line}", file=file)
    return max(best, key=lambda s: s.line(()) or 0)


@main.group()
def rules():
    """The rule index of a game."""


@rules.command("show")
@click.argument("number", nargs=-1, required=True)
@click.option("--game", help="The game (default: the only game with an engine).")
@click.option("--rules", "version", help="Rules version (default: the game's newest).")
def rules_show(number, game, version):
    """Print a rule with its children and notes, e.g. `judge rules show 10.6.3`; given words instead
    of a rule identifier, the rules whose text has them (`judge rules search`)."""
    from .games import default_game, games_with_rules, rule_documents
    from .report.rules_view import looks_like_rule_id, render_rule
    text = " ".join(number)

    def has_it(g):
        try:
            index = rule_documents(g).index(version)
        except InputError:
            return False
        return text in index or text in index.aliases
    if len(number) == 1 and (looks_like_rule_id(text) or any(map(has_it, [game] if game else games_with_rules()))):
        try:
            index = rule_documents(default_game(game, among=games_with_rules(), fits=has_it,
                                                what=f"rule {text}")).index(version)
            out.print(render_rule(index, text), markup=False)
        except InputError as e:
            fail_input(e)
        return
    from .commands.search import search_rules         # words: the rules whose text has them
    search_rules(number, game, version)


@rules.command("assumptions")
@click.option("--game", help="The game (default: the only game that declares assumptions).")
@click.option("--json", "as_json", is_flag=True, help="Each assumption as JSON.")
def rules_assumptions(game, as_json):
    """The rules a game's engine needs that its documents do not state: each assumption's identifier
    (cited in traces like a rule), the value chosen, why, and the alternatives a scenario may set
    with `assume:`."""
    from .core.assumptions import of
    from .games import default_game, games, ruleset
    try:
        game = default_game(game, fits=lambda g: of(ruleset(g)) is not None, what="assumptions")
        declared = of(ruleset(game))
    except InputError as e:
        fail_input(e)
    if declared is None:
        fail_input(InputError(f"{game} declares no assumptions",
                              expected="--game with one of: " + ", ".join(g for g in games() if of(ruleset(g)))))
    if as_json:
        print(json.dumps({"game": game, "assumptions": [a.as_json() for a in declared]}, ensure_ascii=False,
                         indent=1))
        return
    for a in declared:
        out.print(f"{a.id} = {a.value!r}" + (f"   (alternatives: {', '.join(map(repr, a.alternatives))})"
                                             if a.alternatives else ""), markup=False)
        out.print(f"  why: {a.reason}", markup=False)
        if a.near:
            out.print(f"  closest statements: {', '.join(a.near)}", markup=False)
        if a.source:
            out.print(f"  source: {a.source}", markup=False)
        if a.settles:
            out.print(f"  a clarification would settle: {a.settles}", markup=False)


def loaded(paths) -> list:
    """Every scenario of the paths; a bad file is exit 2 (load_all)."""
    scenarios, errors = load_all(paths)
    if errors:
        for e in errors:
            err.print(f"error: {e}")
        sys.exit(2)
    return scenarios


def run_all(paths, version, game=None, scenarios=None):
    """Run every scenario that holds for `version` (for coverage and diff); `scenarios`: already
    loaded from the paths."""
    scenarios = loaded(paths) if scenarios is None else scenarios
    return [run_scenario(sc, version) for sc in scenarios
            if (game is None or sc.game == game) and version in versions_of(sc)]


@main.command()
@click.argument("paths", nargs=-1)
@click.option("--game", help="The game (default: each game in turn, for the summary and the table).")
@click.option("--rules", "version", help="Rules version (default: the game's newest).")
@click.option("--json", "as_json", is_flag=True, help="Every rule with its status, and a summary.")
@click.option("--summary", is_flag=True, help="Only the counts.")
@click.option("--markdown", "as_markdown", is_flag=True, help="A Markdown report.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), help="Write an HTML page to browse (rule text beside its scenarios).")
@click.option("--list", "list_status", type=click.Choice(["covered", "declared_only", "failing", "uncovered", "waived"]),
              help="List the rules with this status.")
def coverage(paths, game, version, as_json, summary, list_status, as_markdown, html_path):
    """Which numbered rules a passing scenario covers (declared in refs and cited by the engine).
    With no --game and several games, the summary of each game in turn."""
    from .games import DEFAULT_ENV, built_in
    if not game and not os.environ.get(DEFAULT_ENV) and len(built_in()) > 1 and not version \
            and not (as_json or as_markdown or html_path or list_status):
        scenarios = loaded(paths)                      # once, for every game
        for each in built_in():
            _coverage(paths, each, None, False, summary, None, False, None, scenarios)
        return
    _coverage(paths, game, version, as_json, summary, list_status, as_markdown, html_path)


def _coverage(paths, game, version, as_json, summary, list_status, as_markdown, html_path, scenarios=None):
    from rich.table import Table

    from .games import default_game, ruleset
    from .report.coverage import STATUSES, by_section, compute, load_waivers
    try:
        game = default_game(game)
        rs = ruleset(game)
        version = version or rs.versions[-1]
        index = rs.rule_index(version)
    except InputError as e:
        fail_input(e)
    results = run_all(paths, version, game, scenarios)
    data = compute(index, results, load_waivers(rs, version))
    s = data["summary"]
    from .core.assumptions import of
    declared = of(rs)
    if declared is not None:            # the passing scenarios whose trace cites each assumption
        data["assumptions"] = {a.id: sorted({r.scenario.file for r in results if r.ok and a.id in r.cited})
                               for a in declared}
        s["assumptions_cited"] = sum(bool(files) for files in data["assumptions"].values())
        s["assumptions"] = len(declared)
    if as_json:
        print(json.dumps({"game": game, "rules": version, "scenarios": len(results), **data},
                         ensure_ascii=False, indent=1))
        return
    if as_markdown or html_path:
        from .report import coverage_out
        if as_markdown:
            print(coverage_out.markdown(index, data, game, version, len(results)))
        if html_path:
            Path(html_path).write_text(coverage_out.html(index, data, game, version, len(results), Path(html_path)),
                                       encoding="utf-8")
            err.print(f"wrote {html_path}")
        return
    if list_status:
        for n, e in data["rules"].items():
            if e["status"] == list_status:
                out.print(f"{n:12s} {e['text'][:90]}", markup=False)
        return
    if not summary:
        table = Table(title=f"rule coverage: {game} {version} ({len(results)} scenarios)")
        table.add_column("section")
        table.add_column("title")
        for st in STATUSES:
            table.add_column(st.replace("_", " "), justify="right")
        for number, title, counts in by_section(index, data):
            table.add_row(number, title[:28], *[str(counts.get(st, 0)) for st in STATUSES])
        out.print(table)
    out.print(f"coverage {game} {version}: {s['covered']}/{s['total']} covered, {s['declared_only']} declared only, "
              f"{s['failing']} failing, {s['uncovered']} uncovered, {s['waived']} waived")
    if "assumptions" in s:
        out.print(f"assumptions cited by a passing scenario: {s['assumptions_cited']}/{s['assumptions']}")
    if s["stale_waivers"]:
        out.print(f"stale waivers (a scenario covers them): {', '.join(s['stale_waivers'])}")


from .commands.book import book  # noqa: E402
from .commands.cards import cards  # noqa: E402
from .commands.dump import dump  # noqa: E402
from .commands.play import bench, selfplay  # noqa: E402

main.add_command(selfplay)
main.add_command(bench)
main.add_command(dump)
main.add_command(cards)
main.add_command(book)
from .commands.versions import diff, rules_diff  # noqa: E402
main.add_command(diff), rules.add_command(rules_diff)
from .commands.search import rules_search  # noqa: E402
rules.add_command(rules_search)
from .commands.qa import qa  # noqa: E402
main.add_command(qa)


def entry():
    """Console entry point that turns any JudgeError into exit code 2 without a traceback."""
    try:
        main(standalone_mode=True)
    except JudgeError as e:
        err.print(f"error: {e}")
        sys.exit(2)


if __name__ == "__main__":
    entry()
