"""`then` checks: every check is evaluated, every failure reported as expected vs actual."""
from __future__ import annotations

from ..core.errors import InputError
from ..core.events import Snapshot

RESERVED = ("winner", "turn", "legal", "illegal", "because", "log", "pending")


def expect_items(expect: dict) -> list[dict]:
    """The checks of an `expect:` mapping, one item each as in `then`; `because` goes with `illegal`."""
    return [{k: v, **({"because": expect["because"]} if k == "illegal" and "because" in expect else {})}
            for k, v in expect.items() if k != "because"]


class Checker:
    def __init__(self, sc, rs, game):
        self.sc, self.rs, self.game = sc, rs, game

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
            d = self.game.pending
            actual = {"player": d.player, "decision": d.kind} if d else None
            ok = d is not None and all(actual.get(k) == v for k, v in value.items())
            return None if ok else f"pending: expected {value}, actual {actual}"
        return self._path(key, value, path)

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
            player, action, _ = self.rs.translate(self.game, kind, params, sub)
            why = self.game.why_not(player, action)
            self.game.cited.update(why)       # the engine gave these rules as the reason
            text = self.game.describe_action(action)
            if key == "legal" and why:
                return f"legal: expected {text} to be legal, but it violates {', '.join(why)}"
            if key == "illegal":
                if not why:
                    return f"illegal: expected {text} to be illegal, but it is legal"
                wanted = [str(b) for b in _as_list(because)] if because is not None else []
                if wanted and not set(wanted) & set(why):
                    return (f"illegal: {text} is illegal, but because of {', '.join(why)}, "
                            f"not {', '.join(wanted)}")
        return None

    # ------------------------------------------------------------------ log
    def _log(self, wanted):
        trace = self.game.trace
        pos = 0
        for n, w in enumerate(wanted):
            for j in range(pos, len(trace)):
                if self._event_matches(trace[j], w):
                    pos = j + 1
                    break
            else:
                near = [e.kind for e in trace if e.kind == w.get("event")]
                return (f"log: item {n + 1} {w} not found in order in the trace"
                        + (f" ({len(near)} '{w.get('event')}' events exist, none matching)" if near else ""))
        return None

    def _event_matches(self, ev, w) -> bool:
        if "event" in w and ev.kind != w["event"]:
            return False
        if "rule" in w and str(w["rule"]) not in ev.rules:
            return False
        for k, v in w.items():
            if k in ("event", "rule"):
                continue
            if k == "private":            # the one player the event names its hidden facts to
                if str(ev.private if ev.private is not None else "none") != str(v):
                    return False
                continue
            actual = ev.data.get(k, ev.source if k == "source" else None)
            if actual is None:
                return False
            if isinstance(actual, Snapshot):
                if not actual.matches(str(v), self.rs.norm):
                    return False
            elif isinstance(actual, str) and isinstance(v, str):
                if self.rs.norm(actual) != self.rs.norm(v):
                    return False
            elif actual != v:
                return False
        return True


def _as_list(x):
    return x if isinstance(x, list) else [x]
