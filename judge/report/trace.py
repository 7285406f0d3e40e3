"""The trace as a judge reads it: one line per event, with its rule numbers and source."""
from __future__ import annotations

from ..core.events import Snapshot

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


HIDDEN_FIELDS = {"stack", "card", "to", "zone", "order", "stacks", "target_stack"}


def event_text(ev) -> str:
    fields = ", ".join(f"{k}={_value(v)}" for k, v in ev.data.items() if k not in HIDDEN_FIELDS)
    src = f" — source: {ev.source}" if ev.source else ""
    return f"{ev.kind}({fields}){src}"


def trace_lines(trace, verbose=False) -> list[str]:
    out = []
    for ev in trace:
        if not verbose and ev.kind in QUIET:
            continue
        out.append(f"{ev.seq:4d}  [{', '.join(ev.rules)}]  {event_text(ev)}")
    return out


def trace_json(trace) -> list[dict]:
    out = []
    for ev in trace:
        d = {"seq": ev.seq, "event": ev.kind, "rules": list(ev.rules)}
        if ev.source:
            d["source"] = ev.source
        for k, v in ev.data.items():
            if k not in HIDDEN_FIELDS:
                val = _value(v)
                d[k] = val if isinstance(val, (int, float, str, bool, type(None))) else str(val)
        out.append(d)
    return out
