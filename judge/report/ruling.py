"""A ruling as a judge shows it: the board as given, then each `when` item with the events it made
and the board it left, then each `then` check with its verdict. The scenario is run once for its
verdict (the runner) and replayed item by item for the boards (the run is deterministic); a
failure of the run is placed at the item whose line it names.

The boards come from the game's layout (judge.core.board), as the viewer may see them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from ..core.board import Board, layout_of
from ..core.errors import JudgeError
from ..scenario.runner import Script, new_game, run_scenario
from .trace import QUIET, event_text, legality, seen_by

@dataclass
class Step:
    title: str                     # what the item is
    source: str = ""               # the item as written (YAML flow text)
    line: int | None = None
    events: list = field(default_factory=list)      # {seq, kind, rules, text}
    board: Board | None = None     # the board after it
    failures: list = field(default_factory=list)   # failures of the run placed here


@dataclass
class Check:
    text: str
    line: int | None
    failures: list = field(default_factory=list)


@dataclass
class Ruling:
    scenario: object
    version: str
    viewer: str | None
    status: str
    steps: list
    checks: list
    legality: list
    failures: list                 # failures of the run placed at no item
    defaults: list
    uncited: list
    rules: list = field(default_factory=list)      # every rule the page names, in document order

    @property
    def ok(self) -> bool:
        return self.status == "passed"


def flow(value) -> str:
    """A `when` or `then` item as one line of YAML."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False,
                          width=10_000).strip().removesuffix("...").strip()


def _events(events, viewer, verbose) -> list[dict]:
    return [{"seq": ev.seq, "kind": ev.kind, "rules": list(ev.rules), "text": event_text(seen_by(ev, viewer))}
            for ev in events if verbose or ev.kind not in QUIET]


def build(sc, version: str, viewer: str | None = None, verbose: bool = False, result=None) -> Ruling:
    """The ruling page's content for one scenario under one rules version (`result`: its run, when
    already made)."""
    rs = sc.ruleset
    layout = layout_of(rs)
    result = result or run_scenario(sc, version)
    game, _ = new_game(sc, version)
    given = Step("the board as given", line=sc.line(("given",)), board=layout.board(game, viewer),
                 events=_events(game.trace, viewer, verbose))
    steps, seen = [given], len(game.trace)

    def close(step):
        nonlocal seen
        step.events = _events(game.trace[seen:], viewer, verbose)
        seen = len(game.trace)
        step.board = layout.board(game, viewer)
        steps.append(step)

    replay = Script(sc, rs, game, version, checks=False)
    stopped = None
    try:
        rs.start(game)
    except JudgeError as e:           # not runnable, or a set-up the engine refuses: the run says so
        stopped = str(e)
    except Exception as e:            # an engine error: the run has it as its failure
        stopped = f"{type(e).__name__}: {e}"
    if len(game.trace) > seen:
        close(Step("the game runs to its first decision"))
    for i, item in enumerate([] if stopped else sc.when):
        step = Step(f"when {i + 1}", flow(item), sc.line(("when", i)))
        try:
            replay.step(item, ("when", i))
        except JudgeError as e:       # the run stopped here too: its failure says why (placed below)
            stopped = str(e)
        except Exception as e:
            stopped = f"{type(e).__name__}: {e}"
        close(step)
        if stopped:
            break
    checks = [Check(flow(item), sc.line(("then", i))) for i, item in enumerate(sc.then)]
    placed = _place(sc, result.failures, steps, checks)
    index = rs.rule_index(version)
    ruling = Ruling(sc, version, viewer, result.status, steps, checks, legality(result, index), placed,
                    result.defaults, result.uncited)
    ruling.rules = _named_rules(ruling, index)
    return ruling


def _place(sc, failures, steps, checks) -> list[str]:
    """Each failure of the run at the item whose line it names (`file:line: ...`); the rest returned."""
    at = {}
    for holder in [*steps[1:], *checks]:
        if holder.line:
            at[f"{sc.file}:{holder.line}:"] = holder
    rest = []
    for f in failures:
        for prefix, holder in at.items():
            if f.startswith(prefix):
                holder.failures.append(f)
                break
        else:
            rest.append(f)
    return rest


def _named_rules(ruling, index) -> list[str]:
    """Every rule number the page shows (events, refs, legality), in the index's order."""
    named = {str(r) for r in ruling.scenario.refs}
    for step in ruling.steps:
        for ev in step.events:
            named.update(ev["rules"])
    for entry in ruling.legality:
        named.update(r["rule"] for r in entry["forbidden_by"])
        named.update(str(b) for b in entry["because"] or ())
        named.update(r["rule"] for r in entry.get("taking_it", {}).get("rules", ()))
    known = [n for n in named if n in index]
    return sorted(known, key=index.position)


def rule_texts(rs, version: str, numbers) -> dict:
    """{number: [(version, language, number there, text), ...]}: each rule in the page's version,
    then its counterpart in each other version of the game (the rule map), where it has one."""
    index = rs.rule_index(version)
    others = []
    for v in rs.versions:
        if v == version:
            continue
        try:
            rmap = rs.rule_map(*sorted((v, version), key=rs.versions.index))
            others.append((v, rs.rule_index(v), rmap))
        except JudgeError:
            continue
    out = {}
    for n in numbers:
        rows = [(version, index.language, n, index.get(n).text)]
        for v, other, rmap in others:
            for m in rmap.counterparts(n, version, v):
                if m in other:
                    rows.append((v, other.language, m, other.get(m).text))
        out[n] = rows
    return out
