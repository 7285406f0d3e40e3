"""The trace as a judge reads it: one line per event, with its rule numbers and source."""
from __future__ import annotations

from ..core.events import Snapshot, put_field

QUIET = {"check_timing", "step_trigger"}     # shown only with verbose


def _value(v):
    if isinstance(v, Snapshot):
        return str(v)
    if hasattr(v, "label") and hasattr(v, "items"):
        return v.label
    if hasattr(v, "number") and hasattr(v, "defn"):
        return v.number
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(str(_value(x)) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value(x)}" for k, x in v.items()) + "}"
    return v


HIDDEN_FIELDS = {"stack", "card", "to", "zone", "order", "stacks", "target_stack", "dealer_stack"}


def event_text(ev) -> str:
    fields = ", ".join(f"{k}={_value(v)}" for k, v in ev.data.items() if k not in HIDDEN_FIELDS)
    src = f" — source: {ev.source}" if ev.source else ""
    return f"{ev.kind}({fields}){src}"


# The fields that name hidden cards (which card, which cards chosen, in which order).
SECRET_FIELDS = ("number", "choice", "cards", "card")


def seen_by(ev, viewer):
    """The event as `viewer` may read it: an event that names its hidden facts to another player
    only (`private`, 4.2.3; e.g. the order of cards put into a deck, 4.1.5.1) keeps its kind, rules
    and public fields, and its card names become '?'."""
    if viewer is None or ev.private is None or ev.private == viewer:
        return ev
    from ..core.events import Event
    data = {k: ("?" if k in SECRET_FIELDS else v) for k, v in ev.data.items()}
    return Event(ev.seq, ev.kind, ev.rules, ev.source, data, ev.private)


def trace_lines(trace, verbose=False, viewer=None) -> list[str]:
    out = []
    for ev in trace:
        if not verbose and ev.kind in QUIET:
            continue
        out.append(f"{ev.seq:4d}  [{', '.join(ev.rules)}]  {event_text(seen_by(ev, viewer))}")
    return out


def trace_json(trace, viewer=None) -> list[dict]:
    out = []
    for ev in trace:
        ev = seen_by(ev, viewer)
        d = {"seq": ev.seq, "event": ev.kind, "rules": list(ev.rules)}
        if ev.source:
            d["source"] = ev.source
        for k, v in ev.data.items():
            if k not in HIDDEN_FIELDS:
                val = _value(v)
                put_field(d, k, val if isinstance(val, (int, float, str, bool, type(None))) else str(val))
        out.append(d)
    return out


def legality(result, index) -> list[dict]:
    """Each `legal`/`illegal` check of the run (`then`, and `expect:` in `when`) with the rules that
    forbid the action now, each with its text; for an action that is legal, the event that taking it
    makes (a replay to that point) and its rules: what allows it."""
    from ..core.errors import format_path
    from ..scenario.runner import taking
    sc = result.scenario

    def rule(n):
        return {"rule": n, "text": index.get(n).text if n in index else f"(not a rule of {index.version})"}

    out = []
    for item in result.legality:
        path = item["path"]
        entry = {"check": format_path(path[:2]), "expected": item["check"], "action": item["action"],
                 "legal": not item["rules"], "forbidden_by": [rule(n) for n in item["rules"]],
                 "because": item["because"]}
        if not item["rules"]:
            at = len(sc.when) if path[0] == "then" else path[1]
            ev = taking(sc, result.version, at, item["kind"], item["params"])
            if ev is not None:
                entry["taking_it"] = {"event": event_text(ev), "rules": [rule(n) for n in ev.rules]}
        out.append(entry)
    return out


def legality_lines(entries) -> list[str]:
    """`legality` as a judge reads it: the verdict on each action, then each rule with its text."""
    out = []
    for e in entries:
        verdict = "legal" if e["legal"] else "illegal"
        as_expected = "as expected" if verdict == e["expected"] else f"expected {e['expected']}"
        out.append(f"{e['check']}: {e['action']} — {verdict} ({as_expected})")
        if e["forbidden_by"]:
            out.append("    forbidden by:" + (f" (the scenario says because {', '.join(e['because'])})"
                                              if e["because"] else ""))
            out += [f"      {r['rule']}  {r['text']}" for r in e["forbidden_by"]]
        elif "taking_it" in e:
            out.append(f"    no rule forbids it now; taking it: {e['taking_it']['event']}")
            out += [f"      {r['rule']}  {r['text']}" for r in e["taking_it"]["rules"]]
        else:
            out.append("    no rule forbids it now")
    return out

