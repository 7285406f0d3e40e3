"""hololive's part of a scenario being built from steps: the holomems stated on each stage, their
names ($name) and the check that who acts fits the holomem (a Builder part, judge/bdd/builder.py)."""
from __future__ import annotations

import copy
import re

HOLOMEM_ACTIONS = ("bloom", "collab", "baton_pass", "art")
TURN_PLAYER_ACTIONS = ("place", "support", "oshi_skill", "sp_oshi_skill")
# After these the turn player may be another: who acts can no longer be told from the text.
TURN_CHANGING = ("pass", "advance", "concede", "first_player", "mulligan", "placement")
_POSITION = re.compile(r"([AB])\.(center|collab|back\.(\d+))")


def stage(ctx) -> "Stage":
    """The stages of the scenario a step is building."""
    return ctx.b.part(Stage)


class Stage:
    """The holomems stated so far (under `given`), and the names given to them."""

    def __init__(self, b):
        self.b = b
        self.aliases: dict[str, tuple] = {}

    def holomem_path(self, ref: str) -> tuple:
        """The path (under given) of a holomem stated earlier: A.center, A.back.2, $name, A:CARD."""
        b = self.b
        if ref.startswith("$"):
            name = ref[1:]
            if name not in self.aliases:
                raise b.error(f"no holomem is called {ref} yet",
                              expected="a name given earlier with \"... is called NAME\"")
            return self.aliases[name]
        m = re.fullmatch(r"([AB]):(.+)", ref)
        if m:
            p, number = m.groups()
            found = [path for path, spec in self._stage(p) if _card_of(spec).lower() == number.lower()]
            if len(found) != 1:
                raise b.error(f"{ref}: {'no' if not found else len(found)} holomem(s) {number} "
                              f"stated on {p}'s stage")
            return found[0]
        m = _POSITION.fullmatch(ref)
        if not m:
            raise b.error(f"{ref} is not a holomem position")
        p = m.group(1)
        spec = b.given.get(p) or {}
        if m.group(3):
            i = int(m.group(3))
            back = spec.get("back") or []
            if not 1 <= i <= len(back):
                raise b.error(f"{p}'s back holomem {i} has not been stated"
                              f" ({p} has {len(back)} back holomem(s) so far)")
            return (p, "back", i - 1)
        if spec.get(m.group(2)) is None:
            raise b.error(f"{p}'s {m.group(2)} holomem has not been stated: "
                          f"state it first (\"{p}'s {m.group(2)} holomem is CARD\")")
        return (p, m.group(2))

    def _stage(self, p):
        spec = self.b.given.get(p) or {}
        out = [((p, k), spec[k]) for k in ("center", "collab") if spec.get(k) is not None]
        out += [((p, "back", i), h) for i, h in enumerate(spec.get("back") or [])]
        return out

    def new_holomem(self, ref: str, spec: dict):
        """Put a holomem at a position (A.center, A.collab, A.back.N)."""
        b = self.b
        m = _POSITION.fullmatch(ref)
        if not m:
            raise b.error(f"{ref} is not a position: a holomem is stated at A's centre, collab "
                          "or back holomem N", expected="A's centre holomem, A.collab, A's back holomem 1")
        p = m.group(1)
        if m.group(3):
            self._new_back(p, int(m.group(3)), spec)
            return
        key = m.group(2)
        if b.player(p).get(key, ...) is None:
            raise b.error(f"{p}'s {key} position was stated empty at line {b.stated((p, key))}")
        b.set_given((p, key), spec)
        self._alias(spec, (p, key))

    def _new_back(self, p: str, i: int, spec: dict):
        """Back holomems are stated in order: back holomem i comes after 1 .. i-1."""
        b = self.b
        back = b.player(p).get("back") or []
        if i <= len(back):
            raise b.error(f"{p}'s back holomem {i} is already stated at line {b.stated((p, 'back', i - 1))}")
        if i != len(back) + 1:
            raise b.error(f"{p}'s back holomems are stated in order: state back holomem {len(back) + 1} before {i}")
        if "back" not in b.player(p):
            b.set_given((p, "back"), [])
        b.player(p)["back"].append(copy.deepcopy(spec))
        b.mark(("given", p, "back", i - 1), spec, b.line)
        self._alias(spec, (p, "back", i - 1))

    def _alias(self, spec, path):
        if spec.get("as"):
            self.name_holomem(path, spec["as"])

    def name_holomem(self, path, name):
        name = name.lstrip("$")
        if name in self.aliases:
            raise self.b.error(f"the name ${name} is already given to {_ref_of(self.aliases[name])}")
        self.aliases[name] = path

    def holomem_attr(self, ref: str, key: str, value):
        """State one thing of a holomem stated before (its cheer, damage, name, ...)."""
        b = self.b
        path = self.holomem_path(ref)
        spec = b.given_at(path)
        if isinstance(spec, str):                    # a bare card number: make it a mapping
            spec = {"card": spec}
            b.given_at(path[:-1])[path[-1]] = spec
        if key in spec:
            raise b.error(f"{_ref_of(path)} {key} is already stated at line {b.stated(path + (key,))}")
        spec[key] = copy.deepcopy(value)
        b.mark(("given",) + path + (key,), value, b.line)
        if key == "as":
            self.name_holomem(path, value)

    def owner_of(self, ref: str) -> str | None:
        """The player a reference belongs to, when it can be told from the text."""
        if ref.startswith("$"):
            path = self.aliases.get(ref[1:])
            return path[0] if path else None
        return ref[0] if ref[:1] in ("A", "B") else None


def _ref_of(path) -> str:
    return f"{path[0]}.back.{path[2] + 1}" if path[1] == "back" else f"{path[0]}.{path[1]}"


def _card_of(spec) -> str:
    return spec if isinstance(spec, str) else str(spec.get("card", ""))


def check_acting_player(b):
    """What the text says that the model cannot carry: who acts must fit the holomem (the holomem's
    player), and the turn player's actions must name the turn player (8.1.1)."""
    turn = b.given.get("turn") or {}
    known = turn.get("player", "A") if turn.get("step") != "setup" else None
    owner_of = b.part(Stage).owner_of
    for entry in b.seq:
        p, (kind, params) = entry.get("player"), _acted(entry)
        if kind is None:
            continue
        if entry["kind"] == "action" and kind in TURN_CHANGING:
            known = None
            continue
        if not p:
            continue
        if kind in HOLOMEM_ACTIONS:
            owner = owner_of(params.get("holomem", ""))
            if owner and owner != p:
                raise b.error(f"{p} cannot act with {params['holomem']}: it is {owner}'s holomem "
                              f"(the holomem's player is the one who acts)", line=entry["line"])
        elif kind in TURN_PLAYER_ACTIONS and known and p != known:
            what = kind.replace("_", " ").replace("support", "play a support card")
            raise b.error(f"it is {known}'s turn here: {what} is an action of the turn player, "
                          f"so the step must name {known}, not {p} (rule 8.1.1)", line=entry["line"])


def _acted(entry) -> tuple:
    """(kind, parameters) of the action an entry does or checks the legality of; (None, None) for
    other checks."""
    item = entry["item"]
    if entry["kind"] == "check":
        spec = item.get("legal") or item.get("illegal")
        if not isinstance(spec, dict) or not entry.get("player"):
            return None, None
        kind = next(k for k in spec if k != "because")
        return kind, spec[kind]
    kind = next(iter(item))
    return kind, item[kind]
