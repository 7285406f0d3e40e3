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


HIDDEN_FIELDS = {"stack", "card", "to", "zone", "order", "stacks", "target_stack"}


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
