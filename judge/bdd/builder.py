"""Gherkin builds the same model: steps fill a plain dict shaped exactly like a YAML
scenario's data, with the feature-file line of every path in it.

The finished dict and line map become a :class:`FeatureDocument` (a
:class:`judge.scenario.yamlload.Document`), which goes through the same
`scenario_from_document` (schema, rule numbers, cards, references) and the
same runner as a YAML file. Errors and failed checks therefore name the
feature file and line.

Scenario-level data comes from the Gherkin structure:

* ``scenario`` — the scenario's name;
* ``refs`` — the number at the start of the enclosing ``Rule:`` title
  (``Rule: 8.3.1 No bloom on a player's first turn``), then every
  ``@rule:N`` tag of the feature, the rule and the scenario;
* ``rules`` — ``@rules:1.9.0`` / ``@rules:*`` (several tags or commas make a
  list; the innermost level that has one wins), default ``"1.9.0"``;
* ``game`` — ``@game:NAME``, default ``hololive``;
* ``source`` — a description line ``Source: ...`` (``出典: ...``) under the
  scenario's title;
* ``tags`` — every other tag; ``@twin:PATH`` names the YAML twin (not a tag).
"""
from __future__ import annotations

import copy
import os
import re

from ..core.errors import InputError
from ..scenario.yamlload import Document
from .feature import ScenarioInfo

DEFAULT_GAME = "hololive"
DEFAULT_RULES = "1.9.0"
SPECIAL_TAGS = ("rule", "rules", "game", "twin")
_RULE_TITLE = re.compile(r"^\s*(\d+(?:\.\d+)*)(?=\s|$|[:：.、,])")
HOLOMEM_ACTIONS = ("bloom", "collab", "baton_pass", "art")
TURN_PLAYER_ACTIONS = ("place", "support", "oshi_skill", "sp_oshi_skill")


class FeatureDocument(Document):
    """A Document built from a Gherkin scenario; `twin` is the YAML twin it declares."""

    def __init__(self, data, file, lines, *, twin=None, scenario_line=None, language="en", markers=()):
        super().__init__(data, file, lines, {})
        self.twin = twin
        self.scenario_line = scenario_line
        self.language = language
        self.markers = list(markers)


def split_tag(name: str):
    """'rule:8.3.1' -> ('rule', ['8.3.1']); a free tag -> (None, name)."""
    if ":" in name:
        key, _, value = name.partition(":")
        if key in SPECIAL_TAGS:
            return key, [v for v in re.split(r"[,，]", value) if v]
    return None, name


class Meta:
    """Everything a scenario takes from the Gherkin structure (not from its steps)."""

    def __init__(self, info: ScenarioInfo, file: str):
        self.info, self.file = info, file
        self.refs: list[tuple[str, int]] = []
        self.rules: list[tuple[str, int]] = []
        self.game: tuple[str, int] | None = None
        self.twin: tuple[str, int] | None = None
        self.tags: list[tuple[str, int]] = []
        rule = info.rule
        if rule is not None:
            m = _RULE_TITLE.match(_nfkc(rule.name))
            if m:
                self.refs.append((m.group(1), rule.line))
        rules_level = {}
        for level, tag in info.all_tags():
            key, values = split_tag(tag.name)
            if key == "rule":
                for v in values:
                    v = _nfkc(v)
                    if v not in [r for r, _ in self.refs]:
                        self.refs.append((v, tag.line))
            elif key == "rules":
                rules_level.setdefault(level, []).extend((v, tag.line) for v in values)
            elif key == "game":
                self.game = (values[0] if values else "", tag.line)
            elif key == "twin":
                if level != "scenario":
                    raise InputError("@twin: names the YAML twin of one scenario: put it on the scenario",
                                     file=file, line=tag.line)
                self.twin = (values[0] if values else "", tag.line)
            else:
                self.tags.append((tag.name, tag.line))
        for level in ("scenario", "rule", "feature"):
            if level in rules_level:
                self.rules = rules_level[level]
                break

    def markers(self) -> list[str]:
        return [r for r, _ in self.refs]


def _nfkc(text: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKC", text)


def refs_of(info: ScenarioInfo) -> list[str]:
    """The rule numbers a scenario exercises (for pytest markers), without building it."""
    return Meta(info, info.feature.path).markers()


class Builder:
    """Accumulates one scenario's data from its steps, then makes the Scenario."""

    def __init__(self, info: ScenarioInfo, *, title: str | None = None, file: str | None = None):
        self.info = info
        self.file = file or display_path(info.feature.path)
        self.title = title if title is not None else info.name
        self.meta = Meta(info, self.file)
        self.lines: dict[tuple, int] = {}
        self.given: dict = {}
        self.cards: dict = {}
        self.card_lines: dict[tuple, int] = {}
        self.seed: tuple[int, int] | None = None
        self.dice: list[tuple[int, int]] = []
        self.shuffles: list[tuple[dict, int]] = []
        self.seq: list[dict] = []        # {"kind": "action"|"check", "item", "line", "lines", "player"}
        self.aliases: dict[str, tuple] = {}
        self.line: int | None = None
        self.lang = info.feature.language

    # ------------------------------------------------------------ errors
    def error(self, message, *, line=None, expected=None, suggestions=()) -> InputError:
        return InputError(message, file=self.file, line=line or self.line, expected=expected,
                          suggestions=suggestions)

    # ------------------------------------------------------------- given
    def _stated(self, path) -> int | None:
        return self.lines.get(("given",) + tuple(path))

    def set_given(self, path: tuple, value, *, line=None):
        """given[path] = value; stating the same thing twice is an error naming both lines."""
        line = line or self.line
        node = self.given
        for i, key in enumerate(path[:-1]):
            nxt = node.get(key)
            if nxt is None:
                nxt = node[key] = {}
                self.lines.setdefault(("given",) + tuple(path[:i + 1]), line)
            node = nxt
        key = path[-1]
        if key in node:
            before = self._stated(path)
            raise self.error(f"{'.'.join(map(str, path))} is already stated"
                             + (f" at line {before}" if before else ""))
        node[key] = copy.deepcopy(value)
        self.mark(("given",) + tuple(path), value, line)

    def mark(self, path: tuple, value, line):
        """The line of a path and of everything inside its value."""
        self.lines[path] = line
        if isinstance(value, dict):
            for k, v in value.items():
                self.mark(path + (k,), v, line)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.mark(path + (i,), v, line)

    def player(self, p: str) -> dict:
        if p not in self.given:
            self.given[p] = {}
            self.lines[("given", p)] = self.line
        return self.given[p]

    def holomem_path(self, ref: str) -> tuple:
        """The path (under given) of a holomem stated earlier: A.center, A.back.2, $name, A:CARD."""
        if ref.startswith("$"):
            name = ref[1:]
            if name not in self.aliases:
                raise self.error(f"no holomem is called {ref} yet",
                                 expected="a name given earlier with \"... is called NAME\"")
            return self.aliases[name]
        m = re.fullmatch(r"([AB]):(.+)", ref)
        if m:
            p, number = m.groups()
            found = [path for path, spec in self._stage(p) if _card_of(spec).lower() == number.lower()]
            if len(found) != 1:
                raise self.error(f"{ref}: {'no' if not found else len(found)} holomem(s) {number} "
                                 f"stated on {p}'s stage")
            return found[0]
        m = re.fullmatch(r"([AB])\.(center|collab|back\.(\d+))", ref)
        if not m:
            raise self.error(f"{ref} is not a holomem position")
        p = m.group(1)
        spec = self.given.get(p) or {}
        if m.group(3):
            i = int(m.group(3))
            back = spec.get("back") or []
            if not 1 <= i <= len(back):
                raise self.error(f"{p}'s back holomem {i} has not been stated"
                                 f" ({p} has {len(back)} back holomem(s) so far)")
            return (p, "back", i - 1)
        if spec.get(m.group(2)) is None:
            raise self.error(f"{p}'s {m.group(2)} holomem has not been stated: "
                             f"state it first (\"{p}'s {m.group(2)} holomem is CARD\")")
        return (p, m.group(2))

    def _stage(self, p):
        spec = self.given.get(p) or {}
        out = [((p, k), spec[k]) for k in ("center", "collab") if spec.get(k) is not None]
        out += [((p, "back", i), h) for i, h in enumerate(spec.get("back") or [])]
        return out

    def _get(self, path):
        node = self.given
        for k in path:
            node = node[k]
        return node

    def new_holomem(self, ref: str, spec: dict):
        """Put a holomem at a position (A.center, A.collab, A.back.N)."""
        m = re.fullmatch(r"([AB])\.(center|collab|back\.(\d+))", ref)
        if not m:
            raise self.error(f"{ref} is not a position: a holomem is stated at A's centre, collab "
                             "or back holomem N", expected="A's centre holomem, A.collab, A's back holomem 1")
        p = m.group(1)
        if m.group(3):
            i = int(m.group(3))
            back = self.player(p).get("back")
            if back is None:
                back = []
            if i <= len(back):
                raise self.error(f"{p}'s back holomem {i} is already stated at line "
                                 f"{self._stated((p, 'back', i - 1))}")
            if i != len(back) + 1:
                raise self.error(f"{p}'s back holomems are stated in order: "
                                 f"state back holomem {len(back) + 1} before {i}")
            if "back" not in self.player(p):
                self.set_given((p, "back"), [])
            self.player(p)["back"].append(copy.deepcopy(spec))
            self.mark(("given", p, "back", i - 1), spec, self.line)
            self._alias(spec, (p, "back", i - 1))
            return
        key = m.group(2)
        if self.player(p).get(key, ...) is None:
            raise self.error(f"{p}'s {key} position was stated empty at line {self._stated((p, key))}")
        self.set_given((p, key), spec)
        self._alias(spec, (p, key))

    def _alias(self, spec, path):
        if spec.get("as"):
            self.name_holomem(path, spec["as"])

    def name_holomem(self, path, name):
        name = name.lstrip("$")
        if name in self.aliases:
            raise self.error(f"the name ${name} is already given to {self._ref_of(self.aliases[name])}")
        self.aliases[name] = path

    def _ref_of(self, path):
        return f"{path[0]}.back.{path[2] + 1}" if path[1] == "back" else f"{path[0]}.{path[1]}"

    def holomem_attr(self, ref: str, key: str, value):
        path = self.holomem_path(ref)
        spec = self._get(path)
        if isinstance(spec, str):                    # a bare card number: make it a mapping
            spec = {"card": spec}
            self._get(path[:-1])[path[-1]] = spec
        if key in spec:
            raise self.error(f"{self._ref_of(path)} {key} is already stated at line "
                             f"{self._stated(path + (key,))}")
        spec[key] = copy.deepcopy(value)
        self.mark(("given",) + path + (key,), value, self.line)
        if key == "as":
            self.name_holomem(path, value)

    def owner_of(self, ref: str) -> str | None:
        """The player a reference belongs to, when it can be told from the text."""
        if ref.startswith("$"):
            path = self.aliases.get(ref[1:])
            return path[0] if path else None
        return ref[0] if ref[:1] in ("A", "B") else None

    # ----------------------------------------------------------- cards
    def add_card(self, number: str, record, lines: dict):
        """An inline card; `lines` maps paths inside the record to feature lines."""
        if number in self.cards:
            raise self.error(f"the card {number} is already defined at line {self.card_lines[(number,)]}")
        self.cards[number] = record
        self.card_lines[(number,)] = self.line
        self.mark(("cards", number), record, self.line)
        for sub, line in lines.items():
            self.lines[("cards", number) + tuple(sub)] = line
            self.card_lines[(number,) + tuple(sub)] = line

    # ---------------------------------------------------- seed and dice
    def set_seed(self, n: int):
        if self.seed is not None:
            raise self.error(f"the seed is already stated at line {self.seed[1]}")
        self.seed = (n, self.line)

    def add_dice(self, values):
        self.dice += [(v, self.line) for v in values]

    def add_shuffle(self, item: dict):
        self.shuffles.append((item, self.line))

    # ------------------------------------------------------ when / then
    def action(self, kind: str, params, *, player: str | None = None):
        self.seq.append({"kind": "action", "item": {kind: params}, "line": self.line, "lines": {},
                         "player": player})

    def last_action(self, what: str) -> dict:
        for entry in reversed(self.seq):
            if entry["kind"] == "action":
                if entry is not self.seq[-1] and self.seq[-1]["kind"] == "check":
                    raise self.error(f"{what} follows a check: write it right after the action it belongs to")
                return entry
        raise self.error(f"{what} needs an action before it (When A uses the art ...)")

    def add_choice(self, answer):
        entry = self.last_action("an answer")
        choices = entry["item"].setdefault("choices", [])
        entry["lines"][("choices", len(choices))] = self.line
        entry["lines"].setdefault(("choices",), self.line)
        choices.append(answer)

    def add_action_dice(self, values):
        entry = self.last_action("a die result")
        dice = entry["item"].setdefault("dice", [])
        entry["lines"].setdefault(("dice",), self.line)
        for v in values:
            entry["lines"][("dice", len(dice))] = self.line
            dice.append(v)

    def check(self, item: dict, *, lines: dict | None = None, player: str | None = None):
        self.seq.append({"kind": "check", "item": item, "line": self.line, "lines": dict(lines or {}),
                         "player": player})

    # ------------------------------------------------------------ finish
    def data(self) -> tuple[dict, dict]:
        """The scenario's data (as a YAML file would hold it) and its line map."""
        info, meta = self.info, self.meta
        lines = {(): info.line, ("scenario",): info.line}
        d: dict = {"scenario": self.title}
        game, game_line = meta.game or (DEFAULT_GAME, info.line)
        d["game"] = game
        lines[("game",)] = game_line
        if meta.rules:
            versions = [v for v, _ in meta.rules]
            d["rules"] = versions[0] if len(versions) == 1 else versions
            lines[("rules",)] = meta.rules[0][1]
            for i, (_, line) in enumerate(meta.rules):
                if len(versions) > 1:
                    lines[("rules", i)] = line
        else:
            d["rules"] = DEFAULT_RULES
            lines[("rules",)] = info.line
        if not meta.refs:
            raise InputError("no rule number for this scenario: put it under `Rule: N title` "
                             "(ルール: N ...) or tag it @rule:N", file=self.file, line=info.line,
                             expected="e.g. `Rule: 8.3.1 No bloom on a player's first turn` or `@rule:8.3.1`")
        d["refs"] = [r for r, _ in meta.refs]
        lines[("refs",)] = meta.refs[0][1]
        for i, (_, line) in enumerate(meta.refs):
            lines[("refs", i)] = line
        if info.source:
            d["source"] = info.source
            lines[("source",)] = info.source_line
        if meta.tags:
            d["tags"] = [t for t, _ in meta.tags]
            for i, (_, line) in enumerate(meta.tags):
                lines[("tags", i)] = line
        if self.cards:
            d["cards"] = copy.deepcopy(self.cards)
            lines[("cards",)] = min(self.card_lines.values())
            for path, line in self.card_lines.items():
                lines[("cards",) + path] = line
        if self.seed is not None:
            d["seed"] = self.seed[0]
            lines[("seed",)] = self.seed[1]
        if self.dice:
            d["dice"] = [v for v, _ in self.dice]
            lines[("dice",)] = self.dice[0][1]
            for i, (_, line) in enumerate(self.dice):
                lines[("dice", i)] = line
        if self.shuffles:
            d["shuffles"] = [copy.deepcopy(item) for item, _ in self.shuffles]
            lines[("shuffles",)] = self.shuffles[0][1]
            for i, (item, line) in enumerate(self.shuffles):
                for path, l in _paths(("shuffles", i), item, line):
                    lines[path] = l
        d["given"] = copy.deepcopy(self.given)
        lines[("given",)] = min([l for p, l in self.lines.items() if p[:1] == ("given",)] or [info.line])
        lines.update({p: l for p, l in self.lines.items() if p[:1] == ("given",)})
        self._static_checks()
        last = max((i for i, e in enumerate(self.seq) if e["kind"] == "action"), default=-1)
        when, then = [], []
        for i, entry in enumerate(self.seq):
            item = copy.deepcopy(entry["item"])
            if entry["kind"] == "action":
                base = ("when", len(when))
                when.append(item)
                lines[base] = entry["line"]
                lines[base + (next(iter(item)),)] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + sub] = line
            elif i < last:                       # a check between actions
                base = ("when", len(when))
                when.append({"expect": item})
                lines[base] = lines[base + ("expect",)] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + ("expect",) + sub] = line
            else:
                base = ("then", len(then))
                then.append(item)
                lines[base] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + sub] = line
        if when:
            d["when"] = when
            lines[("when",)] = lines[("when", 0)]
        d["then"] = then
        if then:
            lines[("then",)] = lines[("then", 0)]
        return d, lines

    def _static_checks(self):
        """What the text says that the model cannot carry: who acts must fit the holomem."""
        turn = self.given.get("turn") or {}
        known = turn.get("player", "A") if turn.get("step") != "setup" else None
        for entry in self.seq:
            p = entry.get("player")
            item = entry["item"]
            if entry["kind"] == "check":
                spec = item.get("legal") or item.get("illegal")
                if not isinstance(spec, dict) or not p:
                    continue
                kind = next(k for k in spec if k != "because")
                params = spec[kind]
            else:
                kind = next(iter(item))
                params = item[kind]
                if kind in ("pass", "advance", "concede", "first_player", "mulligan", "placement"):
                    known = None            # the turn player may change from here on
                    continue
            if not p:
                continue
            if kind in HOLOMEM_ACTIONS:
                owner = self.owner_of(params.get("holomem", ""))
                if owner and owner != p:
                    raise self.error(f"{p} cannot act with {params['holomem']}: it is {owner}'s holomem "
                                     f"(the holomem's player is the one who acts)", line=entry["line"])
            elif kind in TURN_PLAYER_ACTIONS and known and p != known:
                what = kind.replace("_", " ").replace("support", "play a support card")
                raise self.error(f"it is {known}'s turn here: {what} is an action of the turn player, "
                                 f"so the step must name {known}, not {p} (rule 8.1.1)", line=entry["line"])

    def document(self) -> FeatureDocument:
        data, lines = self.data()
        twin = self.meta.twin[0] if self.meta.twin else None
        return FeatureDocument(data, self.file, lines, twin=twin, scenario_line=self.info.line,
                               language=self.lang, markers=self.meta.markers())

    def scenario(self):
        from ..scenario.model import scenario_from_document
        return scenario_from_document(self.document())


def _paths(base, value, line):
    yield base, line
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(base + (k,), v, line)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(base + (i,), v, line)


def _card_of(spec) -> str:
    return spec if isinstance(spec, str) else str(spec.get("card", ""))


def display_path(path) -> str:
    """A path as a judge reads it: relative to the working directory when inside it."""
    p = os.fspath(path)
    try:
        rel = os.path.relpath(p)
    except ValueError:
        return p
    return p if rel.startswith("..") else rel
