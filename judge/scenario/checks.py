"""`then` checks: every check is evaluated, every failure reported as expected vs actual."""
from __future__ import annotations

from ..core.errors import InputError
from ..core.events import Snapshot

RESERVED = ("winner", "turn", "legal", "illegal", "because", "log", "pending")
# Answers to the decisions of the pre-game procedure (Ruleset.setup_actions): their legality is
# whether the decision waiting for them accepts them (the runner's `what_if`), not the legality of a
# play-timing action.


def reads_pending(check, rs) -> bool:
    """The check is about the decision waiting now (`pending:`, or a set-up answer's legality), so a
    scenario ending with it leaves that decision unanswered on purpose."""
    if not isinstance(check, dict):
        return False
    if "pending" in check:
        return True
    specs = [check.get(k) for k in ("legal", "illegal")]
    specs = [x for s in specs for x in (s if isinstance(s, list) else [s]) if isinstance(x, dict)]
    return any(k in rs.setup_actions for spec in specs for k in spec)


def _no_what_if(kind, params):
    return [], "set-up answers cannot be checked here"


def expect_items(expect: dict) -> list[dict]:
    """The checks of an `expect:` mapping, one item each as in `then`; `because` goes with `illegal`."""
    return [{k: v, **({"because": expect["because"]} if k == "illegal" and "because" in expect else {})}
            for k, v in expect.items() if k != "because"]


class Checker:
    def __init__(self, sc, rs, game, what_if=_no_what_if, cites=None, legality=None):
        self.sc, self.rs, self.game = sc, rs, game
        self.what_if = what_if      # (kind, params) -> (rules of the refusing decision, problem or None)
        self.cites = cites          # a rulemap.Renumbering to the scenario's numbering (runner.run_scenario)
        self.legality = legality if legality is not None else []   # what each legality check found

    def _as_numbered(self, rules) -> set:
        """The rules the game cited, in the numbering the scenario is written in."""
        if self.cites is None:
            return set(map(str, rules))
        return {n for r in rules for n in self.cites(str(r))}

    def check_all(self, items, path) -> list[str]:
        failures = []
        for i, item in enumerate(items):
            where = path + (i,)
            line = self.sc.line(where)
            try:
                problem = self.check(item, where)
            except InputError as e:
                problem = e.message + (f" (did you mean: {', '.join(e.suggestions)}?)" if e.suggestions else "")
            if problem:
                failures.append(f"{self.sc.file}:{line or '?'}: {problem}")
        return failures

    def check(self, item: dict, path):
        keys = [k for k in item if k != "because"]
        key = keys[0]
        value = item[key]
        if key == "winner":
            actual = self.game.result["winner"] if self.game.over else "none"
            return None if str(value) == actual else f"winner: expected {value}, actual {actual}"
        if key == "turn":
            g = self.game
            actual = {"player": g.turn_player, "step": g.step, "number": g.turn_number}
            wrong = {k: v for k, v in value.items() if actual.get(k) != v}
            return None if not wrong else f"turn: expected {value}, actual {actual}"
        if key in ("legal", "illegal"):
            return self._legality(key, value, item.get("because"), path + (key,))
        if key == "log":
            return self._log(value)
        if key == "pending":
            return self._pending(value)
        return self._path(key, value, path)

    # -------------------------------------------------------------- pending
    def _pending(self, value):
        d = self.game.pending
        actual = {"player": d.player, "decision": d.kind} if d else None
        ok = d is not None and all(actual.get(k) == v for k, v in value.items() if k not in ("options", "pick"))
        if not ok:
            return f"pending: expected {_without(_without(value, 'options'), 'pick')}, actual {actual}"
        problems = [self._options(d, value["options"])] if "options" in value else []
        if "pick" in value:                     # how many a decision that picks several lets be picked
            lo, hi = (d.min_pick, d.max_pick) if d.many else (1, 1)
            want = value["pick"]
            if want.get("min", lo) != lo or want.get("max", hi) != hi:
                problems.append(f"pending pick: expected {want}, actual {{'min': {lo}, 'max': {hi}}}")
        return "; ".join(p for p in problems if p) or None

    def _options(self, d, expected):
        """The legal options of the pending decision, each named by meaning (a card number, a
        reference, a label such as `none` or `pass`, an action as the trace describes it)."""
        labels = [o.label for o in d.options]
        problems = []
        if isinstance(expected, list):          # exactly these, in any order
            missing, extra = _pair(d.options, expected)
            if missing or extra:
                problems.append(f"pending options: expected {expected}, actual {labels}")
            return "; ".join(problems) or None
        if "contains" in expected:
            missing, _ = _pair(d.options, expected["contains"])
            if missing:
                problems.append(f"pending options: expected to include {missing}; actual {labels}")
        if "not" in expected:
            present = [e for e in _as_list(expected["not"]) if any(o.means(e) for o in d.options)]
            if present:
                problems.append(f"pending options: expected not to include {present}; actual {labels}")
        if "count" in expected and len(labels) != expected["count"]:
            problems.append(f"pending options: expected count {expected['count']}, actual {len(labels)} ({labels})")
        return "; ".join(problems) or None

    # ---------------------------------------------------------------- paths
    def _path(self, key, expected, path):
        actual = self.rs.read(self.game, key, path)
        plain = self.rs.plain
        if expected == "empty" or (isinstance(expected, dict) and expected.get("empty") is True):
            ok = actual is None or (hasattr(actual, "__len__") and len(plain(actual)) == 0)
            return None if ok else f"{key}: expected empty, actual {plain(actual)}"
        if isinstance(expected, dict):
            problems = []
            items = self._items(actual)
            if "contains" in expected:
                missing = self._missing(items, expected["contains"])
                if missing:
                    problems.append(f"{key}: expected to contain {expected['contains']}, missing {missing}; "
                                    f"actual {plain(actual)}")
            if "not" in expected:
                present = [e for e in _as_list(expected["not"]) if not self._missing(items, [e])]
                if present:
                    problems.append(f"{key}: expected not to contain {present}; actual {plain(actual)}")
            if "count" in expected and len(items) != expected["count"]:
                problems.append(f"{key}: expected count {expected['count']}, actual {len(items)} "
                                f"({plain(actual)})")
            if expected.get("empty") is False and not items:
                problems.append(f"{key}: expected not empty")
            return "; ".join(problems) or None
        if isinstance(expected, list):
            items = self._items(actual)
            ok = len(items) == len(expected) and not self._missing(items, expected)
            return None if ok else f"{key}: expected {expected}, actual {plain(actual)}"
        value = plain(actual)
        if isinstance(value, list) and isinstance(expected, str):
            return None if len(value) == 1 and self._missing(self._items(actual), [expected]) == [] else \
                f"{key}: expected {expected}, actual {value}"
        if isinstance(expected, str) and isinstance(value, str):
            ok = self.rs.norm(expected) == self.rs.norm(value)
        else:
            ok = value == expected
        return None if ok else f"{key}: expected {expected}, actual {value}"

    def _items(self, actual) -> list:
        if actual is None:
            return []
        if hasattr(actual, "items") and not isinstance(actual, (list, dict)):
            return list(actual.items)
        if isinstance(actual, list):
            return actual
        return [actual]

    def _missing(self, items, expected) -> list:
        """Expected things not found, each matched to a distinct item."""
        pool = list(items)
        missing = []
        for e in _as_list(expected):
            for i, it in enumerate(pool):
                if self._match_item(it, e):
                    del pool[i]
                    break
            else:
                missing.append(e)
        return missing

    def _match_item(self, item, expected) -> bool:
        if hasattr(item, "defn"):
            return self.rs.matches(item, expected)
        if hasattr(item, "top"):
            return self.rs.matches(item.top, expected)
        return str(item) == str(expected)

    # ------------------------------------------------------------ legality
    def _legality(self, key, spec, because, path):
        specs = spec if isinstance(spec, list) else [spec]
        for i, one in enumerate(specs):
            one = dict(one)
            because = one.pop("because", because)
            kind, params = next(iter(one.items()))
            sub = path + ((i,) if isinstance(spec, list) else ()) + (kind,)
            if kind in self.rs.setup_actions:
                why, problem = self.what_if(kind, params)
                if problem and not why:
                    return f"{key}: {kind} {params}: {problem}"
                text = f"{kind} {params}"
            else:
                player, action, _ = self.rs.translate(self.game, kind, params, sub)
                why = self.game.why_not(player, action)
                text = self.game.describe_action(action)
            self.game.cited.update(why)       # the engine gave these rules as the reason
            wanted = [str(b) for b in _as_list(because)] if because is not None else []
            self.legality.append({"path": sub, "check": key, "kind": kind, "params": params, "action": text,
                                  "rules": list(why), "because": wanted})
            if key == "legal" and why:
                return f"legal: expected {text} to be legal, but it violates {', '.join(why)}"
            if key == "illegal":
                if not why:
                    return f"illegal: expected {text} to be illegal, but it is legal"
                if self.cites is not None:      # a reason the running version has no counterpart of is not compared
                    wanted = [w for w in wanted if self.cites.has(w)]
                if wanted and not set(wanted) & self._as_numbered(why):
                    return (f"illegal: {text} is illegal, but because of {', '.join(why)}, "
                            f"not {', '.join(wanted)}")
        return None

    # ------------------------------------------------------------------ log
    def _log(self, wanted):
        """An ordered subsequence of the trace. A `not:` item says no such event happened between
        the events its neighbours matched (the start and end of the trace at either end). Among the
        ways to match the items in order, one that leaves the `not:` gaps clear is looked for: each
        item is matched after the latest match of the one before it that keeps the gap clear."""
        trace = self.game.trace
        reach = [-1]                    # trace positions the items so far can end at (-1: the start)
        banned: list = []               # `not:` items since the last positive item
        for n, w in enumerate(wanted):
            if "not" in w:
                banned.append(w["not"])
                continue
            found = self._reach(trace, reach, banned, w)
            if not found:
                return self._log_failure(trace, reach, banned, n, w)
            reach, banned = found, []
        last = reach[-1]
        for j in range(last + 1, len(trace)):
            hit = next((b for b in banned if self._event_matches(trace[j], b)), None)
            if hit is not None:
                return f"log: an event matching {hit} happened: {_event_text(trace[j])}"
        return None

    def _reach(self, trace, reach, banned, w) -> list:
        """The positions where `w` can match after a position of `reach` with no banned event in
        between (scanning once: the latest clear predecessor is the best one)."""
        found, start, clear, k = [], reach[0], False, 0
        for j in range(start + 1, len(trace)):
            while k < len(reach) and reach[k] < j:          # a predecessor at reach[k] ends before j
                clear, k = True, k + 1
            if clear and self._event_matches(trace[j], w):
                found.append(j)
            if banned and any(self._event_matches(trace[j], b) for b in banned):
                clear = False
        return found

    def _log_failure(self, trace, reach, banned, n, w):
        if banned and self._reach(trace, reach, [], w):
            return (f"log: item {n + 1} {w} is found only after an event its `not:` item(s) {banned} "
                    "forbid before it")
        near = [e.kind for e in trace if e.kind == w.get("event")]
        return (f"log: item {n + 1} {w} not found in order in the trace"
                + (f" ({len(near)} '{w.get('event')}' events exist, none matching)" if near else ""))

    def _event_matches(self, ev, w) -> bool:
        if "event" in w and ev.kind != w["event"]:
            return False
        if "rule" in w:
            if self.cites is None:
                if str(w["rule"]) not in ev.rules:
                    return False
            elif self.cites.has(str(w["rule"])) and str(w["rule"]) not in self._as_numbered(ev.rules):
                return False            # (a rule the running version has no counterpart of is not compared)
        for k, v in w.items():
            if k in ("event", "rule"):
                continue
            if k == "private":            # the one player the event names its hidden facts to
                if str(ev.private if ev.private is not None else "none") != str(v):
                    return False
                continue
            if k == "fields":             # the event's own fields by name, even `event` or `rule`
                if not all(self._field_matches(ev, f, fv) for f, fv in v.items()):
                    return False
                continue
            if not self._field_matches(ev, k, v):
                return False
        return True

    def _field_matches(self, ev, k, v) -> bool:
        actual = ev.data.get(k, ev.source if k == "source" else None)
        if actual is None:
            return False
        if isinstance(actual, Snapshot):
            return actual.matches(str(v), self.rs.norm)
        if isinstance(actual, str) and isinstance(v, str):
            return self.rs.norm(actual) == self.rs.norm(v)
        return actual == v


def _event_text(ev) -> str:
    return f"#{ev.seq} {ev.kind} [rule {', '.join(ev.rules)}]"


def _pair(options, expected) -> tuple[list, list]:
    """Each expected name matched to a distinct option that means it: (names left, options left)."""
    pool, missing = list(options), []
    for e in _as_list(expected):
        i = next((i for i, o in enumerate(pool) if o.means(e)), None)
        if i is None:
            missing.append(e)
        else:
            del pool[i]
    return missing, [o.label for o in pool]


def _without(d: dict, key) -> dict:
    return {k: v for k, v in d.items() if k != key}


def _as_list(x):
    return x if isinstance(x, list) else [x]
